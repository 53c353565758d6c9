/* opclass.c — the opcode tables of Accel-Sim's gpu-simulator/ISA_Def folder
 * (branch dev: kepler_opcode.h to ampere_opcode.h) and their lookup (see
 * opclass.h).  Each table is sorted by strcmp and searched by bsearch: it is
 * consulted once per distinct opcode of a kernel. */
#include "sim/sass/opclass.h"

#include <stdlib.h>
#include <string.h>

#include "sim/sass/opcodes.h"

typedef struct op_row {
    const char *name;
    uint8_t cls, spec_unit, flags;
} op_row;

/* The rest of a row after its name, by GPGPU-Sim category. */
#define A BWM_OP_ALU, 0, 0         /* ALU_OP */
#define I BWM_OP_INT, 0, 0         /* INTP_OP */
#define F BWM_OP_SP, 0, 0          /* SP_OP */
#define H BWM_OP_SP, 0, BWM_OP_FP16 /* SP_OP, half the initiation interval */
#define D BWM_OP_DP, 0, 0          /* DP_OP */
#define S BWM_OP_SFU, 0, 0         /* SFU_OP */
#define L BWM_OP_LOAD, 0, 0        /* LOAD_OP */
#define W BWM_OP_STORE, 0, 0       /* STORE_OP */
#define ATOM_ BWM_OP_LOAD, 0, BWM_OP_ATOMIC /* STORE_OP in the table, issued as LOAD_OP */
#define B BWM_OP_BRANCH, 0, 0      /* BRANCH_OP */
#define BAR_ BWM_OP_BARRIER, 0, 0  /* BARRIER_OP */
#define MB BWM_OP_MEMBAR, 0, 0     /* MEMORY_BARRIER_OP */
#define CALL_ BWM_OP_CALL, 0, 0    /* CALL_OPS */
#define RET_ BWM_OP_RET, 0, 0      /* RET_OPS */
#define EXIT_ BWM_OP_EXIT, 0, 0    /* EXIT_OPS */
#define U(n) BWM_OP_SPEC, n, 0     /* SPECIALIZED_UNIT_n_OP */

/* kepler_opcode.h (binary version 35); its LD and ST are OP_LDG and OP_STG. */
static const op_row KEPLER[] = {
    {"ATOM", ATOM_}, {"B2R", A}, {"BAR", BAR_}, {"BFE", I}, {"BFI", I}, {"BPT", B}, {"BRA", B}, {"BRK", RET_},
    {"BRX", B}, {"CAL", CALL_}, {"CCTL", A}, {"CCTLL", A}, {"CONT", RET_}, {"CSET", A}, {"CSETP", A}, {"DADD", D},
    {"DFMA", D}, {"DMNMX", D}, {"DMUL", D}, {"DSET", D}, {"DSETP", D}, {"EXIT", EXIT_}, {"F2F", A}, {"F2I", A},
    {"FADD", F}, {"FADD32I", F}, {"FCHK", F}, {"FCMP", F}, {"FFMA", F}, {"FFMA32I", F}, {"FLO", I}, {"FMNMX", F},
    {"FMUL", F}, {"FMUL32I", F}, {"FSET", F}, {"FSETP", F}, {"FSWZ", F}, {"I2F", A}, {"I2I", A}, {"IADD", I},
    {"IADD32I", I}, {"ICMP", I}, {"IMAD", I}, {"IMADSP", I}, {"IMNMX", I}, {"IMUL", I}, {"IMUL32I", I}, {"ISAD", I},
    {"ISCADD", I}, {"ISCADD32I", I}, {"ISET", I}, {"ISETP", I}, {"ISUB", I}, {"JCAL", CALL_}, {"JMP", B}, {"JMX", B},
    {"LD", L}, {"LDC", A}, {"LDG", L}, {"LDL", L}, {"LDS", L}, {"LDSLK", L}, {"LOP", I}, {"LOP32I", I},
    {"MEMBAR", MB}, {"MOV", A}, {"MOV32I", A}, {"MUFU", S}, {"NOP", A}, {"P2R", A}, {"PBK", RET_}, {"PCNT", RET_},
    {"POPC", I}, {"PRET", RET_}, {"PRMT", A}, {"PSET", A}, {"PSETP", A}, {"R2P", A}, {"RED", ATOM_}, {"RET", RET_},
    {"RRO", F}, {"S2R", A}, {"SEL", A}, {"SHF", I}, {"SHFL", A}, {"SHL", I}, {"SHR", I}, {"SSY", RET_}, {"ST", W},
    {"STL", W}, {"STS", W}, {"STSCUL", W}, {"SUBFM", L}, {"SUCLAMP", L}, {"SUEAU", L}, {"SULDGA", L}, {"SUSTGA", W},
    {"TEX", A}, {"TLD", A}, {"TLD4", A}, {"TXQ", A}, {"VOTE", A},
};

/* pascal_opcode.h (60, 61). */
static const op_row PASCAL[] = {
    {"ATOM", ATOM_}, {"ATOMG", ATOM_}, {"ATOMS", W}, {"B2R", A}, {"BAR", BAR_}, {"BFE", I}, {"BFI", I}, {"BMOV", B},
    {"BMSK", I}, {"BPT", B}, {"BRA", B}, {"BREAK", B}, {"BREV", I}, {"BRK", CALL_}, {"BRX", B}, {"BSSY", B},
    {"BSYNC", B}, {"CAL", CALL_}, {"CALL", CALL_}, {"CCTL", A}, {"CCTLL", A}, {"CCTLT", A}, {"CONT", CALL_},
    {"CS2R", A}, {"CSET", A}, {"CSETP", A}, {"CSMTEST", A}, {"DADD", D}, {"DEPBAR", A}, {"DFMA", D}, {"DMNMX", D},
    {"DMUL", D}, {"DSET", D}, {"DSETP", D}, {"ERRBAR", A}, {"EXIT", EXIT_}, {"F2F", A}, {"F2I", A}, {"FADD", F},
    {"FADD32I", F}, {"FCHK", F}, {"FCMP", F}, {"FFMA", F}, {"FFMA32I", F}, {"FLO", I}, {"FMNMX", F}, {"FMUL", F},
    {"FMUL32I", F}, {"FRND", A}, {"FSEL", F}, {"FSET", F}, {"FSETP", F}, {"FSWZADD", F}, {"GETLMEMBASE", A},
    {"HADD2", H}, {"HFMA2", H}, {"HMUL2", F}, {"HSET2", H}, {"HSETP2", H}, {"I2F", A}, {"I2I", A}, {"I2IP", A},
    {"IABS", I}, {"IADD", I}, {"IADD3", I}, {"IADD32I", I}, {"ICMP", I}, {"IDP", I}, {"IDP4A", I}, {"IMAD", I},
    {"IMADSP", I}, {"IMMA", I}, {"IMNMX", I}, {"IMUL", I}, {"IMUL32I", I}, {"ISCADD", I}, {"ISCADD32I", I},
    {"ISET", I}, {"ISETP", I}, {"JCAL", CALL_}, {"JMP", B}, {"JMX", B}, {"KILL", B}, {"LD", L}, {"LDC", A},
    {"LDG", L}, {"LDL", L}, {"LDS", L}, {"LEA", I}, {"LEPC", A}, {"LOP", I}, {"LOP3", I}, {"LOP32I", I}, {"MATCH", A},
    {"MEMBAR", MB}, {"MOV", A}, {"MOV32I", A}, {"MUFU", S}, {"NANOSLEEP", B}, {"NOP", A}, {"P2R", A}, {"PBK", CALL_},
    {"PCNT", CALL_}, {"PEXIT", CALL_}, {"PLOP3", A}, {"PMTRIG", A}, {"POPC", I}, {"PRET", CALL_}, {"PRMT", A},
    {"PSET", A}, {"PSETP", A}, {"QSPC", A}, {"R2B", A}, {"R2P", A}, {"RED", ATOM_}, {"RET", RET_}, {"RPCMOV", B},
    {"RRO", F}, {"RTT", RET_}, {"S2R", A}, {"SEL", A}, {"SETCTAID", A}, {"SETLMEMBASE", A}, {"SGXT", A}, {"SHF", I},
    {"SHFL", A}, {"SHL", I}, {"SHR", I}, {"SSY", B}, {"ST", W}, {"STG", W}, {"STL", W}, {"STS", W}, {"SYNC", B},
    {"TEX", A}, {"TEXS", A}, {"TLD", A}, {"TLD4", A}, {"TLD4S", A}, {"TLDS", A}, {"TMML", A}, {"TXD", A}, {"TXQ", A},
    {"VABSDIFF", I}, {"VABSDIFF4", I}, {"VADD", I}, {"VMNMX", I}, {"VOTE", A}, {"VOTE_VTG", A}, {"WARPSYNC", B},
    {"XMAD", I}, {"YIELD", B},
};

/* volta_opcode.h (70): branches go to unit 1, textures to unit 2, HMMA to unit 3. */
static const op_row VOLTA[] = {
    {"ATOM", ATOM_}, {"ATOMG", ATOM_}, {"ATOMS", W}, {"B2R", A}, {"BAR", BAR_}, {"BMOV", U(1)}, {"BMSK", I},
    {"BPT", U(1)}, {"BRA", U(1)}, {"BREAK", U(1)}, {"BREV", I}, {"BRX", U(1)}, {"BSSY", U(1)}, {"BSYNC", U(1)},
    {"CALL", U(1)}, {"CCTL", A}, {"CCTLL", A}, {"CCTLT", A}, {"CS2R", A}, {"CSMTEST", A}, {"DADD", D}, {"DEPBAR", A},
    {"DFMA", D}, {"DMUL", D}, {"DSETP", D}, {"ERRBAR", A}, {"EXIT", EXIT_}, {"F2F", A}, {"F2I", A}, {"FADD", F},
    {"FADD32I", F}, {"FCHK", F}, {"FFMA", F}, {"FFMA32I", F}, {"FLO", I}, {"FMNMX", F}, {"FMUL", F}, {"FMUL32I", F},
    {"FRND", A}, {"FSEL", F}, {"FSET", F}, {"FSETP", F}, {"FSWZADD", F}, {"GETLMEMBASE", A}, {"HADD2", H},
    {"HADD2_32I", H}, {"HFMA2", H}, {"HFMA2_32I", H}, {"HMMA", U(3)}, {"HMUL2", F}, {"HMUL2_32I", H}, {"HSET2", H},
    {"HSETP2", H}, {"I2F", A}, {"I2I", A}, {"I2IP", A}, {"IABS", I}, {"IADD", I}, {"IADD3", I}, {"IADD32I", I},
    {"IDP", I}, {"IDP4A", I}, {"IMAD", I}, {"IMMA", I}, {"IMNMX", I}, {"IMUL", I}, {"IMUL32I", I}, {"ISCADD", I},
    {"ISCADD32I", I}, {"ISETP", I}, {"JMP", U(1)}, {"JMX", U(1)}, {"KILL", U(1)}, {"LD", L}, {"LDC", A}, {"LDG", L},
    {"LDL", L}, {"LDS", L}, {"LEA", I}, {"LEPC", A}, {"LOP", I}, {"LOP3", I}, {"LOP32I", I}, {"MATCH", A},
    {"MEMBAR", MB}, {"MOV", A}, {"MOV32I", A}, {"MUFU", S}, {"NANOSLEEP", U(1)}, {"NOP", A}, {"P2R", A}, {"PLOP3", A},
    {"PMTRIG", A}, {"POPC", I}, {"PRMT", A}, {"PSETP", A}, {"QSPC", A}, {"R2B", A}, {"R2P", A}, {"RED", ATOM_},
    {"RET", U(1)}, {"RPCMOV", U(1)}, {"RTT", U(1)}, {"S2R", A}, {"SEL", A}, {"SETCTAID", A}, {"SETLMEMBASE", A},
    {"SGXT", A}, {"SHF", I}, {"SHFL", A}, {"SHR", I}, {"ST", W}, {"STG", W}, {"STL", W}, {"STS", W}, {"TEX", U(2)},
    {"TLD", U(2)}, {"TLD4", U(2)}, {"TMML", U(2)}, {"TXD", U(2)}, {"TXQ", U(2)}, {"VABSDIFF", I}, {"VABSDIFF4", I},
    {"VOTE", A}, {"VOTE_VTG", A}, {"WARPSYNC", U(1)}, {"YIELD", U(1)},
};

/* turing_opcode.h (75): the uniform datapath is unit 4. */
static const op_row TURING[] = {
    {"ATOM", ATOM_}, {"ATOMG", ATOM_}, {"ATOMS", W}, {"B2R", A}, {"BAR", BAR_}, {"BMMA", U(3)}, {"BMOV", U(1)},
    {"BMSK", I}, {"BPT", U(1)}, {"BRA", U(1)}, {"BREAK", U(1)}, {"BREV", I}, {"BRX", U(1)}, {"BRXU", U(1)},
    {"BSSY", U(1)}, {"BSYNC", U(1)}, {"CALL", U(1)}, {"CCTL", A}, {"CCTLL", A}, {"CCTLT", A}, {"CS2R", A},
    {"CSMTEST", A}, {"DADD", D}, {"DEPBAR", A}, {"DFMA", D}, {"DMUL", D}, {"DSETP", D}, {"ERRBAR", A},
    {"EXIT", EXIT_}, {"F2F", A}, {"F2FP", A}, {"F2I", A}, {"FADD", F}, {"FADD32I", F}, {"FCHK", F}, {"FFMA", F},
    {"FFMA32I", F}, {"FLO", I}, {"FMNMX", F}, {"FMUL", F}, {"FMUL32I", F}, {"FRND", A}, {"FSEL", F}, {"FSET", F},
    {"FSETP", F}, {"FSWZADD", F}, {"GETLMEMBASE", A}, {"HADD2", H}, {"HADD2_32I", H}, {"HFMA2", H}, {"HFMA2_32I", H},
    {"HMMA", U(3)}, {"HMUL2", F}, {"HMUL2_32I", H}, {"HSET2", H}, {"HSETP2", H}, {"I2F", A}, {"I2I", A}, {"I2IP", A},
    {"IABS", I}, {"IADD", I}, {"IADD3", I}, {"IADD32I", I}, {"IDP", I}, {"IDP4A", I}, {"IMAD", I}, {"IMMA", U(3)},
    {"IMNMX", I}, {"IMUL", I}, {"IMUL32I", I}, {"ISCADD", I}, {"ISCADD32I", I}, {"ISETP", I}, {"JMP", U(1)},
    {"JMX", U(1)}, {"JMXU", U(1)}, {"KILL", U(3)}, {"LD", L}, {"LDC", A}, {"LDG", L}, {"LDL", L}, {"LDS", L},
    {"LDSM", L}, {"LEA", I}, {"LEPC", A}, {"LOP", I}, {"LOP3", I}, {"LOP32I", I}, {"MATCH", A}, {"MEMBAR", MB},
    {"MOV", A}, {"MOV32I", A}, {"MOVM", A}, {"MUFU", S}, {"NANOSLEEP", U(1)}, {"NOP", A}, {"P2R", A}, {"PLOP3", A},
    {"PMTRIG", A}, {"POPC", I}, {"PRMT", A}, {"PSETP", A}, {"QSPC", A}, {"R2B", A}, {"R2P", A}, {"R2UR", U(4)},
    {"RED", ATOM_}, {"RET", U(1)}, {"RPCMOV", U(1)}, {"RTT", U(1)}, {"S2R", A}, {"S2UR", U(4)}, {"SEL", A},
    {"SETCTAID", A}, {"SETLMEMBASE", A}, {"SGXT", A}, {"SHF", I}, {"SHFL", A}, {"SHL", I}, {"SHR", I}, {"ST", W},
    {"STG", W}, {"STL", W}, {"STS", W}, {"SUATOM", A}, {"SULD", A}, {"SURED", A}, {"SUST", A}, {"TEX", U(2)},
    {"TLD", U(2)}, {"TLD4", U(2)}, {"TMML", U(2)}, {"TXD", U(2)}, {"TXQ", U(2)}, {"UBMSK", U(4)}, {"UBREV", U(4)},
    {"UCLEA", U(4)}, {"UFLO", U(4)}, {"UIADD3", U(4)}, {"UIMAD", U(4)}, {"UISETP", U(4)}, {"ULDC", U(4)},
    {"ULEA", U(4)}, {"ULOP", U(4)}, {"ULOP3", U(4)}, {"ULOP32I", U(4)}, {"UMOV", U(4)}, {"UP2UR", U(4)},
    {"UPLOP3", U(4)}, {"UPOPC", U(4)}, {"UPRMT", U(4)}, {"UPSETP", U(4)}, {"UR2UP", U(4)}, {"USEL", U(4)},
    {"USGXT", U(4)}, {"USHF", U(4)}, {"USHL", U(4)}, {"USHR", U(4)}, {"VABSDIFF", I}, {"VABSDIFF4", I}, {"VOTE", A},
    {"VOTEU", U(4)}, {"VOTE_VTG", A}, {"WARPSYNC", U(1)}, {"YIELD", U(1)},
};

/* ampere_opcode.h (80, 86); KILL goes to unit 3 there, as on Turing. */
static const op_row AMPERE[] = {
    {"ATOM", ATOM_}, {"ATOMG", ATOM_}, {"ATOMS", W}, {"B2R", A}, {"BAR", BAR_}, {"BMMA", U(3)}, {"BMOV", U(1)},
    {"BMSK", I}, {"BPT", U(1)}, {"BRA", U(1)}, {"BREAK", U(1)}, {"BREV", I}, {"BRX", U(1)}, {"BRXU", U(1)},
    {"BSSY", U(1)}, {"BSYNC", U(1)}, {"CALL", U(1)}, {"CCTL", A}, {"CCTLL", A}, {"CCTLT", A}, {"CS2R", A},
    {"CSMTEST", A}, {"DADD", D}, {"DEPBAR", A}, {"DFMA", D}, {"DMMA", U(3)}, {"DMUL", D}, {"DSETP", D}, {"ERRBAR", A},
    {"EXIT", EXIT_}, {"F2F", A}, {"F2FP", A}, {"F2I", A}, {"F2IP", A}, {"FADD", F}, {"FADD32I", F}, {"FCHK", F},
    {"FFMA", F}, {"FFMA32I", F}, {"FLO", I}, {"FMNMX", F}, {"FMUL", F}, {"FMUL32I", F}, {"FRND", A}, {"FSEL", F},
    {"FSET", F}, {"FSETP", F}, {"FSWZADD", F}, {"GETLMEMBASE", A}, {"HADD2", H}, {"HADD2_32I", H}, {"HFMA2", H},
    {"HFMA2_32I", H}, {"HMMA", U(3)}, {"HMNMX2", F}, {"HMUL2", F}, {"HMUL2_32I", H}, {"HSET2", H}, {"HSETP2", H},
    {"I2F", A}, {"I2FP", A}, {"I2I", A}, {"I2IP", A}, {"IABS", I}, {"IADD", I}, {"IADD3", I}, {"IADD32I", I},
    {"IDP", I}, {"IDP4A", I}, {"IMAD", I}, {"IMMA", U(3)}, {"IMNMX", I}, {"IMUL", I}, {"IMUL32I", I}, {"ISCADD", I},
    {"ISCADD32I", I}, {"ISETP", I}, {"JMP", U(1)}, {"JMX", U(1)}, {"JMXU", U(1)}, {"KILL", U(3)}, {"LD", L},
    {"LDC", A}, {"LDG", L}, {"LDGDEPBAR", A}, {"LDGSTS", L}, {"LDL", L}, {"LDS", L}, {"LDSM", L}, {"LEA", I},
    {"LEPC", A}, {"LOP", I}, {"LOP3", I}, {"LOP32I", I}, {"MATCH", A}, {"MEMBAR", MB}, {"MOV", A}, {"MOV32I", A},
    {"MOVM", A}, {"MUFU", S}, {"NANOSLEEP", U(1)}, {"NOP", A}, {"P2R", A}, {"PLOP3", A}, {"PMTRIG", A}, {"POPC", I},
    {"PRMT", A}, {"PSETP", A}, {"QSPC", A}, {"R2B", A}, {"R2P", A}, {"R2UR", U(4)}, {"RED", ATOM_}, {"REDUX", U(4)},
    {"RET", U(1)}, {"RPCMOV", U(1)}, {"RTT", U(1)}, {"S2R", A}, {"S2UR", U(4)}, {"SEL", A}, {"SETCTAID", A},
    {"SETLMEMBASE", A}, {"SGXT", A}, {"SHF", I}, {"SHFL", A}, {"SHL", I}, {"SHR", I}, {"ST", W}, {"STG", W},
    {"STL", W}, {"STS", W}, {"SUATOM", A}, {"SULD", A}, {"SUQUERY", A}, {"SURED", A}, {"SUST", A}, {"TEX", U(2)},
    {"TLD", U(2)}, {"TLD4", U(2)}, {"TMML", U(2)}, {"TXD", U(2)}, {"TXQ", U(2)}, {"UBMSK", U(4)}, {"UBREV", U(4)},
    {"UCLEA", U(4)}, {"UF2FP", U(4)}, {"UFLO", U(4)}, {"UIADD3", U(4)}, {"UIMAD", U(4)}, {"UISETP", U(4)},
    {"ULDC", U(4)}, {"ULEA", U(4)}, {"ULOP", U(4)}, {"ULOP3", U(4)}, {"ULOP32I", U(4)}, {"UMOV", U(4)},
    {"UP2UR", U(4)}, {"UPLOP3", U(4)}, {"UPOPC", U(4)}, {"UPRMT", U(4)}, {"UPSETP", U(4)}, {"UR2UP", U(4)},
    {"USEL", U(4)}, {"USGXT", U(4)}, {"USHF", U(4)}, {"USHL", U(4)}, {"USHR", U(4)}, {"VABSDIFF", I},
    {"VABSDIFF4", I}, {"VOTE", A}, {"VOTEU", U(4)}, {"VOTE_VTG", A}, {"WARPSYNC", U(1)}, {"YIELD", U(1)},
};

#undef A
#undef I
#undef F
#undef H
#undef D
#undef S
#undef L
#undef W
#undef ATOM_
#undef B
#undef BAR_
#undef MB
#undef CALL_
#undef RET_
#undef EXIT_
#undef U

typedef struct op_table {
    const op_row *rows;
    size_t n;
} op_table;

#define TABLE(t) {t, sizeof t / sizeof t[0]}
static const op_table tables[BWM_ISA_N_FAMILIES] = {
    [BWM_ISA_NONE] = {NULL, 0},          [BWM_ISA_KEPLER] = TABLE(KEPLER), [BWM_ISA_PASCAL] = TABLE(PASCAL),
    [BWM_ISA_VOLTA] = TABLE(VOLTA),      [BWM_ISA_TURING] = TABLE(TURING), [BWM_ISA_AMPERE] = TABLE(AMPERE),
};
#undef TABLE

bwm_isa_family bwm_sass_isa_family(unsigned binary_version)
{
    switch (binary_version) {
    case 35:
        return BWM_ISA_KEPLER;
    case 60:
    case 61:
        return BWM_ISA_PASCAL;
    case 70:
        return BWM_ISA_VOLTA;
    case 75:
        return BWM_ISA_TURING;
    case 80:
    case 86:
        return BWM_ISA_AMPERE;
    default:
        return BWM_ISA_NONE;
    }
}

int bwm_sass_table_space(int space, unsigned binary_version)
{
    return space == BWM_SASS_GENERIC && bwm_sass_isa_family(binary_version) == BWM_ISA_KEPLER ? BWM_SASS_GLOBAL
                                                                                              : space;
}

const char *bwm_isa_family_name(bwm_isa_family f)
{
    static const char *const names[BWM_ISA_N_FAMILIES] = {"unsupported", "Kepler", "Pascal",
                                                          "Volta",       "Turing", "Ampere"};
    return (unsigned)f < BWM_ISA_N_FAMILIES ? names[f] : "unsupported";
}

const char *bwm_sass_isa_name(unsigned binary_version)
{
    bwm_isa_family f = bwm_sass_isa_family(binary_version);
    return f == BWM_ISA_NONE ? NULL : bwm_isa_family_name(f);
}

const char *bwm_op_class_name(bwm_op_class c)
{
    static const char *const names[BWM_OP_N_CLASSES] = {
        "unknown", "int",     "sp",     "dp",   "sfu", "tensor", "spec", "load", "store",
        "branch",  "barrier", "membar", "call", "ret", "exit",   "nop",  "alu",
    };
    return (unsigned)c < BWM_OP_N_CLASSES ? names[c] : "unknown";
}

typedef struct key {
    const char *s;
    size_t n;
} key;

static int by_name(const void *k, const void *elem)
{
    const key *a = k;
    const char *b = ((const op_row *)elem)->name;
    int c = strncmp(a->s, b, a->n);
    if (c != 0)
        return c;
    return b[a->n] == '\0' ? 0 : -1; /* a is a proper prefix of b */
}

int bwm_sass_op_class(const char *base_opcode, size_t len, unsigned binary_version, bwm_op_info *out)
{
    *out = (bwm_op_info){BWM_OP_UNKNOWN, 0, 0};
    const char *dot = memchr(base_opcode, '.', len);
    key k = {base_opcode, dot ? (size_t)(dot - base_opcode) : len};
    if (k.n == 0 || memchr(k.s, '\0', k.n))
        return 0;
    const op_table *t = &tables[bwm_sass_isa_family(binary_version)];
    const op_row *r = t->n ? bsearch(&k, t->rows, t->n, sizeof *t->rows, by_name) : NULL;
    if (!r)
        return 0;
    *out = (bwm_op_info){r->cls, r->spec_unit, r->flags};
    return 1;
}

int bwm_sass_op_table_at(bwm_isa_family f, size_t i, const char **name, bwm_op_info *info)
{
    if ((unsigned)f >= BWM_ISA_N_FAMILIES || i >= tables[f].n)
        return 0;
    const op_row *r = &tables[f].rows[i];
    *name = r->name;
    *info = (bwm_op_info){r->cls, r->spec_unit, r->flags};
    return 1;
}
