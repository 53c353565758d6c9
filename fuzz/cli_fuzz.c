/* cli_fuzz.c — libFuzzer harness: the command line (cli/: main, the areas,
 * cli/opts.c and every subcommand's options, run in-process).
 *
 * The input is a command line, split at white space with '...' and "..."
 * grouping ("bwmpki sim config --set '-gpgpu_n_mem 8'"); it runs through
 * the real main (cli/main.c, included below under another name) and must
 * end with one of the documented exit codes 0, 1 or 2, having written
 * nothing when it fails (DESIGN.md: nothing partial is written).
 *
 * Nothing a command would do beyond parsing and checking leaves the
 * process: the build links this harness with ld's --wrap (fuzz/CMakeLists.txt)
 * so that bwm_output_commit (every -o, --out, --series and --write file,
 * and standard output) and mkdir (--out folders) land in the stubs below,
 * and bwm_gpu_init (under every simulation of the whole GPU) fails at once,
 * which keeps each input fast while the options, configuration, application
 * and workload files still load as they would.  "sim dram" runs its trace
 * on memory systems of a real GPU's size; the larger ones the options allow
 * (thousands of channels with a million-entry queue each take tens of
 * gigabytes) are refused like a machine without that memory would.
 * Standard input reads as empty, and command lines naming /dev, /proc or
 * /sys are skipped (an endless or blocking read is no finding), as are
 * "study" commands: a study forks worker processes and keeps what it has
 * written when a run fails (it resumes from there), neither of which belongs
 * in a fuzzing process. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz/fuzz_support.h"
#include "sim/gpu/gpu.h"
#include "sim/mc/memsys.h"
#include "util/buf.h"

#define main bwm_fuzz_cli_main
#include "cli/main.c"
#undef main

#define MAX_ARGS 64

/* Outputs the command being run has committed (counted by the stub). */
static int committed;

int __wrap_bwm_output_commit(const char *path, const bwm_buf *b, bwm_err *err);
int __wrap_mkdir(const char *path, mode_t mode);
int __wrap_bwm_gpu_init(bwm_gpu *g, const bwm_gpu_config *cfg, const bwm_gpu_params *p, bwm_err *err);
int __real_bwm_memsys_init(bwm_memsys *ms, const bwm_dram_config *cfg, const bwm_memsys_params *p, bwm_err *err);
int __wrap_bwm_memsys_init(bwm_memsys *ms, const bwm_dram_config *cfg, const bwm_memsys_params *p, bwm_err *err);

int __wrap_bwm_output_commit(const char *path, const bwm_buf *b, bwm_err *err)
{
    (void)path;
    (void)err;
    bwm_fuzz_require(bwm_buf_ok(b), "a command's output is incomplete");
    committed++;
    return BWM_OK;
}

int __wrap_mkdir(const char *path, mode_t mode)
{
    (void)path;
    (void)mode;
    return 0;
}

int __wrap_bwm_gpu_init(bwm_gpu *g, const bwm_gpu_config *cfg, const bwm_gpu_params *p, bwm_err *err)
{
    (void)g;
    (void)cfg;
    (void)p;
    return bwm_fail(err, BWM_EFAIL, "not simulated under the fuzzer");
}

int __wrap_bwm_memsys_init(bwm_memsys *ms, const bwm_dram_config *cfg, const bwm_memsys_params *p, bwm_err *err)
{
    int queue = p->queue_size >= 0 ? p->queue_size : cfg->queue_size;
    if (cfg->n_channels > 64 || cfg->n_banks > 64 || queue > 4096)
        return bwm_fail(err, BWM_EFAIL, "a memory system larger than the fuzzer builds");
    return __real_bwm_memsys_init(ms, cfg, p, err);
}

/* Splits text in place into at most MAX_ARGS words; returns the count. */
static int split_args(char *text, char **argv)
{
    int n = 0;
    char *r = text;
    while (n < MAX_ARGS) {
        while (*r == ' ' || *r == '\t' || *r == '\n' || *r == '\r')
            r++;
        if (!*r)
            break;
        char *w = r;
        argv[n++] = w;
        char quote = 0;
        for (; *r && (quote || !strchr(" \t\n\r", *r)); r++) {
            if (!quote && (*r == '\'' || *r == '"'))
                quote = *r;
            else if (quote && *r == quote)
                quote = 0;
            else
                *w++ = *r;
        }
        int more = *r != '\0';
        *w = '\0';
        if (!more)
            break;
        r++;
    }
    argv[n] = NULL;
    return n;
}

/* Command lines the harness does not run (see the header). */
static int skipped(char *const *argv, int argc)
{
    if (argc > 1 && strcmp(argv[1], "study") == 0)
        return 1;
    for (int i = 0; i < argc; i++)
        if (strstr(argv[i], "/dev") || strstr(argv[i], "/proc") || strstr(argv[i], "/sys"))
            return 1;
    return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    bwm_fuzz_require(freopen("/dev/null", "r", stdin) != NULL, "cannot read standard input from /dev/null");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = bwm_fuzz_text(data, size);
    char *argv[MAX_ARGS + 1];
    int argc = split_args(text, argv);
    if (argc > 0 && !skipped(argv, argc)) {
        committed = 0;
        int code = bwm_fuzz_cli_main(argc, argv);
        bwm_fuzz_require(code == 0 || code == 1 || code == 2, "exit code outside 0, 1, 2");
        bwm_fuzz_require(code == 0 || committed == 0, "a command that failed wrote output");
    }
    free(text);
    return 0;
}
