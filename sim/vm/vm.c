/* vm.c — pages placed in frames by a policy (see vm.h). */
#include "sim/vm/vm.h"

#include "sim/vm/sm_banks.h"

#include <stdlib.h>
#include <string.h>

static const char *const policy_names[] = {"identity", "first-touch", "color", "cocoa", "large-only", "temp"};
#define N_POLICIES (int)(sizeof policy_names / sizeof policy_names[0])
#define LARGE_BASE_PAGES ((uint64_t)1 << BWM_LARGE_PAGE_BITS)

int bwm_vm_policy_parse(const char *name, bwm_vm_policy *p)
{
    for (int i = 0; i < N_POLICIES; i++)
        if (strcmp(name, policy_names[i]) == 0) {
            *p = (bwm_vm_policy)i;
            return 0;
        }
    return -1;
}

const char *bwm_vm_policy_name(bwm_vm_policy p)
{
    return (unsigned)p < (unsigned)N_POLICIES ? policy_names[p] : "?";
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
        return bwm_fail(err, BWM_EINPUT, "%d page colours for %d applications: -bwm_vm color (or --colors) gives "
                        "each application colours of its own, at least one; run at most %d together, or place pages "
                        "another way (-bwm_vm)", total, n_apps, total);
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
        bwm_page_table_init(&vm->apps[a].regions);
    }
    vm->next_node = (uint64_t)n_apps << 40;
    int st = BWM_OK;
    if (policy == BWM_VM_COLOR) {
        st = bwm_colors_of_map(map, page_shift, &vm->colors, err);
        if (st == BWM_OK)
            st = split_colors(vm, colors_per_app, err);
        if (st == BWM_OK)
            st = bwm_frames_init(&vm->frames, memory_bytes(&vm->colors), page_shift, &vm->colors, err);
    } else if (policy == BWM_VM_TEMP) {
        st = bwm_colors_of_banks(map, page_shift, &vm->colors, err);
        if (st == BWM_OK)
            st = bwm_frames_init(&vm->frames, memory_bytes(&vm->colors), page_shift, &vm->colors, err);
    } else if (policy != BWM_VM_IDENTITY) {
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
        bwm_page_table_free(&vm->apps[a].regions);
        free(vm->apps[a].sm_turn);
    }
    free(vm->apps);
    vm->apps = NULL;
}

int bwm_vm_set_large_pages(bwm_vm *vm, int large_shift, bwm_err *err)
{
    if (large_shift != vm->page_shift + BWM_LARGE_PAGE_BITS)
        return bwm_fail(err, BWM_EINPUT, "a large page of 2^%d bytes is not %d base pages of 2^%d bytes", large_shift,
                        (int)LARGE_BASE_PAGES, vm->page_shift);
    if (vm->policy == BWM_VM_IDENTITY)
        return bwm_fail(err, BWM_EINPUT, "identity places no pages, so it forms no large pages");
    vm->large_shift = large_shift;
    return BWM_OK;
}

int bwm_vm_set_sms(bwm_vm *vm, int app, int n_sms, bwm_err *err)
{
    bwm_vm_app *x = &vm->apps[app];
    free(x->sm_turn);
    x->n_sms = n_sms;
    x->sm_turn = calloc((size_t)(n_sms > 0 ? n_sms : 1), sizeof *x->sm_turn);
    if (!x->sm_turn)
        return bwm_fail(err, BWM_EFAIL, "out of memory for application %d's SMs", app + 1);
    return BWM_OK;
}

void bwm_vm_allocate(bwm_vm *vm, int app, uint64_t va, uint64_t bytes)
{
    vm->apps[app].alloc_lo = va;
    vm->apps[app].alloc_hi = va + bytes;
}

/* Whether the policy gives large virtual pages frames of their own. */
static int by_large_frames(const bwm_vm *vm)
{
    return vm->policy == BWM_VM_COCOA || vm->policy == BWM_VM_LARGE_ONLY;
}

/* A region (a large virtual page's state): the frame its base page 0 has
 * or would have (the anchor), and how many of its base pages sit at their
 * own offset from it; REGION_BROKEN once one does not. */
#define REGION_COUNT_BITS 10
#define REGION_BROKEN UINT64_MAX

static uint64_t region(uint64_t anchor, uint64_t placed)
{
    return anchor << REGION_COUNT_BITS | placed;
}

static uint64_t region_anchor(uint64_t r)
{
    return r >> REGION_COUNT_BITS;
}

static int region_full(uint64_t r)
{
    return r != REGION_BROKEN && (r & ((1u << REGION_COUNT_BITS) - 1)) == LARGE_BASE_PAGES;
}

/* temp: the colour of the next page SM rank (-1: none known) places. */
static unsigned temp_color(bwm_vm *vm, bwm_vm_app *x, int rank)
{
    unsigned n_colors = 1u << vm->colors.color_bits;
    if (rank < 0 || rank >= x->n_sms) {
        unsigned c = x->turn;
        x->turn = (x->turn + 1) % n_colors;
        return c;
    }
    unsigned j = x->sm_turn[rank];
    x->sm_turn[rank] = (j + 1) % bwm_sm_bank_colors(n_colors, x->n_sms, rank);
    return bwm_sm_bank_color(n_colors, x->n_sms, rank, j);
}

/* A free frame for application app (placed from its SM of rank rank, -1:
 * unknown): the next of its colours in turn, of its SM's bank colours
 * (temp), the next of its large-page frame's (cocoa, large-only), or the
 * next in address order. */
static int take_frame(bwm_vm *vm, int app, int rank, uint64_t *frame, bwm_err *err)
{
    bwm_vm_app *x = &vm->apps[app];
    int64_t f;
    if (vm->policy == BWM_VM_TEMP) {
        unsigned color = temp_color(vm, x, rank);
        f = bwm_frames_take_color(&vm->frames, color);
        if (f < 0)
            return bwm_fail(err, BWM_EFAIL, "application %d: no free frame of bank colour %u left", app + 1, color);
    } else if (vm->policy == BWM_VM_COLOR) {
        unsigned color = x->first_color + x->turn;
        x->turn = (x->turn + 1) % x->n_colors;
        f = bwm_frames_take_color(&vm->frames, color);
        if (f < 0)
            return bwm_fail(err, BWM_EFAIL, "application %d: no free frame of colour %u left", app + 1, color);
    } else if (by_large_frames(vm)) {
        if (x->spare_next == x->spare_end) {
            f = bwm_frames_take_run(&vm->frames, LARGE_BASE_PAGES);
            if (f < 0)
                return bwm_fail(err, BWM_EFAIL, "no free large-page frame left");
            x->spare_next = (uint64_t)f;
            x->spare_end = (uint64_t)f + LARGE_BASE_PAGES;
        }
        f = (int64_t)x->spare_next++;
    } else {
        f = bwm_frames_take(&vm->frames);
        if (f < 0)
            return bwm_fail(err, BWM_EFAIL, "no free frame left");
    }
    *frame = (uint64_t)f;
    return BWM_OK;
}

/* Whether large virtual page `large` lies wholly inside application x's
 * allocation. */
static int allocated_whole(const bwm_vm *vm, const bwm_vm_app *x, uint64_t large)
{
    uint64_t lo = large << vm->large_shift, hi = (large + 1) << vm->large_shift;
    return x->alloc_lo <= lo && hi <= x->alloc_hi;
}

/* cocoa, large-only: the frame of vpage when its large virtual page has a
 * large-page frame (giving it one when the policy does): 1, else 0 (a base
 * page, placed as any other); -1 with err when memory is full. */
static int large_frame_of(bwm_vm *vm, bwm_vm_app *x, uint64_t vpage, uint64_t *frame, bwm_err *err)
{
    uint64_t large = vpage >> BWM_LARGE_PAGE_BITS, offset = vpage & (LARGE_BASE_PAGES - 1), r;
    if (bwm_page_table_find(&x->regions, large, &r)) {
        *frame = region_anchor(r) + offset;
        return 1;
    }
    if (vm->policy == BWM_VM_COCOA && !allocated_whole(vm, x, large))
        return 0;
    int64_t f = bwm_frames_take_run(&vm->frames, LARGE_BASE_PAGES);
    if (f < 0) {
        bwm_fail(err, BWM_EFAIL, "no free large-page frame left");
        return -1;
    }
    if (bwm_page_table_add(&x->regions, large, region((uint64_t)f, LARGE_BASE_PAGES)) != 0) {
        bwm_fail(err, BWM_EFAIL, "out of memory for a page table");
        return -1;
    }
    x->large_pages++;
    *frame = (uint64_t)f + offset;
    return 1;
}

/* first-touch, color: the lazy coalescer's check as base page vpage is
 * placed in frame: it counts towards its large virtual page while every
 * page so far sits at its own offset of one aligned large-page frame, and
 * the 512th such page makes it a large page.  -1 when out of memory. */
static int coalesce_check(bwm_vm_app *x, uint64_t vpage, uint64_t frame)
{
    uint64_t large = vpage >> BWM_LARGE_PAGE_BITS, offset = vpage & (LARGE_BASE_PAGES - 1);
    int aligned = frame >= offset && (frame - offset) % LARGE_BASE_PAGES == 0;
    uint64_t *r = bwm_page_table_value(&x->regions, large);
    if (!r)
        return bwm_page_table_add(&x->regions, large, aligned ? region(frame - offset, 1) : REGION_BROKEN);
    if (*r == REGION_BROKEN)
        return 0;
    if (!aligned || region_anchor(*r) != frame - offset) {
        *r = REGION_BROKEN;
        return 0;
    }
    (*r)++;
    x->large_pages += (uint64_t)region_full(*r);
    return 0;
}

/* bwm_vm_translate from the SM of rank rank (-1: none). */
static int translate_from(bwm_vm *vm, int app, int rank, uint64_t va, uint64_t *pa, bwm_err *err)
{
    if (vm->policy == BWM_VM_IDENTITY) {
        *pa = va;
        return BWM_OK;
    }
    bwm_vm_app *x = &vm->apps[app];
    uint64_t vpage = va >> vm->page_shift, offset = va & (((uint64_t)1 << vm->page_shift) - 1), frame;
    int in_large = vm->large_shift && by_large_frames(vm) ? large_frame_of(vm, x, vpage, &frame, err) : 0;
    if (in_large < 0)
        return BWM_EFAIL;
    if (!in_large && !bwm_page_table_find(&x->table, vpage, &frame)) {
        int st = take_frame(vm, app, rank, &frame, err);
        if (st != BWM_OK)
            return st;
        if (bwm_page_table_add(&x->table, vpage, frame) != 0 ||
            (vm->large_shift && !by_large_frames(vm) && coalesce_check(x, vpage, frame) != 0))
            return bwm_fail(err, BWM_EFAIL, "out of memory for application %d's page table", app + 1);
    }
    *pa = frame << vm->page_shift | offset;
    return BWM_OK;
}

int bwm_vm_translate(bwm_vm *vm, int app, uint64_t va, uint64_t *pa, bwm_err *err)
{
    return translate_from(vm, app, -1, va, pa, err);
}

int bwm_vm_page_kind(bwm_vm *vm, int app, uint64_t vpage, bwm_page_kind *kind, bwm_err *err)
{
    *kind = BWM_PAGE_BASE;
    if (!vm->large_shift)
        return BWM_OK;
    uint64_t pa, r;
    int st = bwm_vm_translate(vm, app, vpage << vm->page_shift, &pa, err);
    if (st == BWM_OK && bwm_page_table_find(&vm->apps[app].regions, vpage >> BWM_LARGE_PAGE_BITS, &r) &&
        region_full(r))
        *kind = vm->policy == BWM_VM_LARGE_ONLY ? BWM_PAGE_LARGE : BWM_PAGE_COALESCED;
    return st;
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
        int st = take_frame(vm, app, -1, &frame, err);
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

void bwm_vm_translate_lines(bwm_vm *vm, int app, int sm_rank, uint64_t *line, int n)
{
    uint64_t page_mask = ~(((uint64_t)1 << vm->page_shift) - 1), vpage = 1, base = 0; /* vpage 1: none yet */
    for (int i = 0; i < n; i++) {
        uint64_t va = line[i];
        if ((va & page_mask) != vpage) {
            bwm_err err;
            if (translate_from(vm, app, sm_rank, va & page_mask, &base, &err) != BWM_OK) {
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
