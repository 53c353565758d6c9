/* vm.c — pages placed in frames by a policy (see vm.h). */
#include "sim/vm/vm.h"

#include <stdlib.h>
#include <string.h>

static const char *const policy_names[] = {"identity", "first-touch", "color"};

int bwm_vm_policy_parse(const char *name, bwm_vm_policy *p)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, policy_names[i]) == 0) {
            *p = (bwm_vm_policy)i;
            return 0;
        }
    return -1;
}

const char *bwm_vm_policy_name(bwm_vm_policy p)
{
    return (unsigned)p < 3 ? policy_names[p] : "?";
}

/* Bytes of physical memory: every address bit the colours read, at least 4 GB. */
static uint64_t memory_bytes(const bwm_colors *c)
{
    uint64_t read = 0;
    for (int j = 0; j < c->color_bits; j++)
        read |= c->func[j];
    int top = 63 - __builtin_clzll(read | 1);
    return (uint64_t)1 << (top + 1 > 32 ? top + 1 : 32);
}

int bwm_vm_color_shares(int total, int n_apps, const int *per_app, int *out, bwm_err *err)
{
    if (!per_app && total < n_apps)
        return bwm_fail(err, BWM_EINPUT, "%d colours for %d applications", total, n_apps);
    int sum = 0;
    for (int a = 0; a < n_apps; a++) {
        int n = per_app ? per_app[a] : total / n_apps + (a < total % n_apps);
        if (n < 1)
            return bwm_fail(err, BWM_EINPUT, "application %d gets %d colours (at least 1)", a + 1, n);
        if (sum + n > total)
            return bwm_fail(err, BWM_EINPUT, "the applications' colours add up to more than the %d there are",
                            total);
        out[a] = n;
        sum += n;
    }
    return BWM_OK; /* colours beyond the sum stay unused, as an alone run on its share leaves them */
}

static int split_colors(bwm_vm *vm, const int *per_app, bwm_err *err)
{
    int *share = calloc((size_t)vm->n_apps, sizeof *share);
    if (!share)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    int st = bwm_vm_color_shares(1 << vm->colors.color_bits, vm->n_apps, per_app, share, err);
    for (int a = 0, first = 0; st == BWM_OK && a < vm->n_apps; first += share[a++]) {
        vm->apps[a].first_color = (unsigned)first;
        vm->apps[a].n_colors = (unsigned)share[a];
    }
    free(share);
    return st;
}

int bwm_vm_init(bwm_vm *vm, bwm_vm_policy policy, int page_shift, const bwm_addrmap *map, int n_apps,
                const int *colors_per_app, bwm_err *err)
{
    memset(vm, 0, sizeof *vm);
    vm->policy = policy;
    vm->page_shift = page_shift;
    vm->n_apps = n_apps;
    if (n_apps < 1)
        return bwm_fail(err, BWM_EINPUT, "%d applications", n_apps);
    vm->apps = calloc((size_t)n_apps, sizeof *vm->apps);
    if (!vm->apps)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (int a = 0; a < n_apps; a++) {
        bwm_page_table_init(&vm->apps[a].table);
        bwm_page_table_init(&vm->apps[a].nodes);
    }
    vm->next_node = (uint64_t)n_apps << 40;
    int st = BWM_OK;
    if (policy == BWM_VM_COLOR) {
        st = bwm_colors_of_map(map, page_shift, &vm->colors, err);
        if (st == BWM_OK)
            st = split_colors(vm, colors_per_app, err);
        if (st == BWM_OK)
            st = bwm_frames_init(&vm->frames, memory_bytes(&vm->colors), page_shift, &vm->colors, err);
    } else if (policy == BWM_VM_FIRST_TOUCH) {
        st = bwm_frames_init(&vm->frames, (uint64_t)1 << 40, page_shift, NULL, err);
    }
    if (st != BWM_OK)
        bwm_vm_free(vm);
    return st;
}

void bwm_vm_free(bwm_vm *vm)
{
    for (int a = 0; vm->apps && a < vm->n_apps; a++) {
        bwm_page_table_free(&vm->apps[a].table);
        bwm_page_table_free(&vm->apps[a].nodes);
    }
    free(vm->apps);
    vm->apps = NULL;
}

/* A free frame for application app: the next of its colours in turn, or
 * the next in address order. */
static int take_frame(bwm_vm *vm, int app, uint64_t *frame, bwm_err *err)
{
    bwm_vm_app *x = &vm->apps[app];
    int64_t f;
    if (vm->policy == BWM_VM_COLOR) {
        unsigned color = x->first_color + x->turn;
        x->turn = (x->turn + 1) % x->n_colors;
        f = bwm_frames_take_color(&vm->frames, color);
        if (f < 0)
            return bwm_fail(err, BWM_EFAIL, "application %d: no free frame of colour %u left", app + 1, color);
    } else {
        f = bwm_frames_take(&vm->frames);
        if (f < 0)
            return bwm_fail(err, BWM_EFAIL, "no free frame left");
    }
    *frame = (uint64_t)f;
    return BWM_OK;
}

int bwm_vm_translate(bwm_vm *vm, int app, uint64_t va, uint64_t *pa, bwm_err *err)
{
    if (vm->policy == BWM_VM_IDENTITY) {
        *pa = va;
        return BWM_OK;
    }
    bwm_vm_app *x = &vm->apps[app];
    uint64_t vpage = va >> vm->page_shift, offset = va & (((uint64_t)1 << vm->page_shift) - 1), frame;
    if (!bwm_page_table_find(&x->table, vpage, &frame)) {
        int st = take_frame(vm, app, &frame, err);
        if (st != BWM_OK)
            return st;
        if (bwm_page_table_add(&x->table, vpage, frame) != 0)
            return bwm_fail(err, BWM_EFAIL, "out of memory for application %d's page table", app + 1);
    }
    *pa = frame << vm->page_shift | offset;
    return BWM_OK;
}

int bwm_vm_pte_addr(bwm_vm *vm, int app, uint64_t vpage, int level, int levels, uint64_t *pa, bwm_err *err)
{
    bwm_vm_app *x = &vm->apps[app];
    int below = BWM_PT_INDEX_BITS * (levels - level); /* index bits of the levels under this one */
    uint64_t index = vpage >> below & ((1u << BWM_PT_INDEX_BITS) - 1);
    uint64_t key = (uint64_t)level << 56 | (vpage >> below >> BWM_PT_INDEX_BITS), base;
    if (bwm_page_table_find(&x->nodes, key, &base)) {
        *pa = base + index * BWM_PT_ENTRY_BYTES;
        return BWM_OK;
    }
    if (vm->policy == BWM_VM_IDENTITY) {
        base = vm->next_node;
        vm->next_node += BWM_PT_NODE_BYTES;
    } else {
        uint64_t frame;
        int st = take_frame(vm, app, &frame, err);
        if (st != BWM_OK)
            return st;
        base = frame << vm->page_shift;
    }
    if (bwm_page_table_add(&x->nodes, key, base) != 0)
        return bwm_fail(err, BWM_EFAIL, "out of memory for application %d's page table", app + 1);
    vm->table_nodes++;
    *pa = base + index * BWM_PT_ENTRY_BYTES;
    return BWM_OK;
}

void bwm_vm_translate_lines(bwm_vm *vm, int app, uint64_t *line, int n)
{
    uint64_t page_mask = ~(((uint64_t)1 << vm->page_shift) - 1), vpage = 1, base = 0; /* vpage 1: none yet */
    for (int i = 0; i < n; i++) {
        uint64_t va = line[i];
        if ((va & page_mask) != vpage) {
            bwm_err err;
            if (bwm_vm_translate(vm, app, va & page_mask, &base, &err) != BWM_OK) {
                if (!vm->faulted)
                    vm->fault = err;
                vm->faulted = 1;
                return;
            }
            vpage = va & page_mask;
        }
        line[i] = base | (va & ~page_mask);
    }
}
