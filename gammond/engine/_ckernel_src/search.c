/*
 * Legal-play generation, mirroring gammond/engine/movegen.py.
 *
 * The order of everything observable matters: which step list is kept for
 * a result depends on the order the depth-first search meets it, so the
 * search walks dice and sources exactly as the Python reference does.
 */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

/* ---- the result table ---------------------------------------------------- */

void kresult_init(kresult *r)
{
    r->plays = r->inline_plays;
    r->count = 0;
    r->cap = K_INLINE_PLAYS;
    r->index = r->inline_index;
    r->mask = 2 * K_INLINE_PLAYS - 1;
    r->sorted = r->inline_sorted;
    r->most = 0;
    memset(r->inline_index, 0xff, sizeof r->inline_index);
}

void kresult_free(kresult *r)
{
    if (r->plays != r->inline_plays)
        free(r->plays);
    if (r->index != r->inline_index)
        free(r->index);
    if (r->sorted != r->inline_sorted)
        free(r->sorted);
    r->plays = r->inline_plays;
    r->index = r->inline_index;
    r->sorted = r->inline_sorted;
    r->count = 0;
}

/* The index slot holding `board`, or the empty slot where it would go. */
static size_t probe(const kresult *r, const kboard *board)
{
    size_t slot = kboard_hash(board) & r->mask;
    while (r->index[slot] >= 0 && !kboard_equal(&r->plays[r->index[slot]].board, board))
        slot = (slot + 1) & r->mask;
    return slot;
}

const kplay *kresult_find(const kresult *r, const kboard *board)
{
    int32_t at = r->index[probe(r, board)];
    return at >= 0 ? &r->plays[at] : NULL;
}

void kresult_reindex(kresult *r)
{
    memset(r->index, 0xff, (r->mask + 1) * sizeof *r->index);
    for (size_t i = 0; i < r->count; i++)
        r->index[probe(r, &r->plays[i].board)] = (int32_t)i;
}

int ktable_grow(void **items, int32_t **index, size_t *cap, size_t count, size_t size,
                const void *inline_items, const int32_t *inline_index, size_t limit)
{
    size_t doubled = *cap * 2;
    if (doubled > limit)
        return K_NOMEM;
    void *grown = malloc(doubled * size);
    int32_t *slots = malloc(2 * doubled * sizeof *slots);
    if (!grown || !slots) {
        free(grown);
        free(slots);
        return K_NOMEM;
    }
    memcpy(grown, *items, count * size);
    if (*items != inline_items)
        free(*items);
    if (*index != inline_index)
        free(*index);
    *items = grown;
    *index = slots;
    *cap = doubled;
    return K_OK;
}

/* Double the table; keeps the load factor of the index at most one half. */
static int grow(kresult *r)
{
    void *plays = r->plays;
    int status = ktable_grow(&plays, &r->index, &r->cap, r->count, sizeof *r->plays, r->inline_plays,
                             r->inline_index, (size_t)1 << K_INDEX_BITS);
    if (status != K_OK)
        return status;
    r->plays = plays;
    r->mask = 2 * r->cap - 1;
    kresult_reindex(r);
    return K_OK;
}

/* ---- single steps and make/unmake (movegen.single_steps, _make, _unmake) -- */

/*
 * The search keeps a bit mask of the slots holding the mover's checkers, so
 * listing the steps of a die visits only those slots (from the highest down,
 * the reference's order) instead of scanning all 25.
 */
static int top_bit(uint32_t mask)
{
#if defined(__GNUC__)
    return 31 - __builtin_clz(mask);
#else
    int bit = 31;
    while (!(mask >> bit & 1u))
        bit--;
    return bit;
#endif
}

static uint32_t mine_mask(const int8_t *b)
{
    uint32_t mask = 0;
    for (int point = 1; point <= K_BAR; point++)
        mask |= (uint32_t)(b[point] > 0) << point;
    return mask;
}

/* The single steps of `die` from sources up to `limit` (K_BAR: all of them). */
static inline int steps_of(const int8_t *b, uint32_t mine, int die, int limit,
                           kstep out[K_MAX_SINGLE])
{
    int n = 0;
    if (b[K_BAR] > 0) {
        int to = K_BAR - die;
        if (b[to] >= -1 && limit >= K_BAR)
            out[n++] = (kstep){K_BAR, (uint8_t)to, b[to] == -1};
        return n;
    }
    if (!mine)
        return 0;
    int highest = top_bit(mine);
    for (uint32_t left = mine & ((2u << limit) - 1u); left; ) {
        int src = top_bit(left);
        left &= ~(1u << src);
        int to = src - die;
        if (to >= 1) {
            if (b[to] >= -1)
                out[n++] = (kstep){(uint8_t)src, (uint8_t)to, b[to] == -1};
        } else if (highest <= 6 && (to == 0 || src == highest)) {
            out[n++] = (kstep){(uint8_t)src, 0, 0};
        }
    }
    return n;
}

int k_single_steps(const int8_t *b, int die, kstep out[K_MAX_SINGLE])
{
    return steps_of(b, mine_mask(b), die, K_BAR, out);
}

static inline void unmake(int8_t *b, kstep s)
{
    b[s.from] += 1;
    if (s.to) {
        if (s.hit) {
            b[s.to] = -1;
            b[0] += 1;
        } else {
            b[s.to] -= 1;
        }
    }
}

/* kstep_make() that also keeps the mask of the mover's slots; returns the old mask. */
static inline uint32_t make_masked(int8_t *b, uint32_t *mine, kstep s)
{
    uint32_t old = *mine;
    kstep_make(b, s);
    if (!b[s.from])
        *mine &= ~(1u << s.from);
    if (s.to)
        *mine |= 1u << s.to;
    return old;
}

/* ---- the depth-first search (movegen._search and _record) ----------------- */

typedef struct {
    kboard work;
    uint32_t mine; /* mine_mask(work.b), kept up to date */
    kstep path[K_MAX_STEPS];
    int dice[K_MAX_STEPS];
    int ndice;
    kresult *r;
    int status;
} ksearch;

static void record(ksearch *s, int used)
{
    kresult *r = s->r;
    if (s->status != K_OK)
        return;
    size_t slot = probe(r, &s->work);
    kplay *play;
    if (r->index[slot] >= 0) {
        play = &r->plays[r->index[slot]];
        if (play->used >= used)
            return; /* the first step list found stays unless this one uses more dice */
    } else {
        if (r->count == r->cap) {
            if (grow(r) != K_OK) {
                s->status = K_NOMEM;
                return;
            }
            slot = probe(r, &s->work);
        }
        r->index[slot] = (int32_t)r->count;
        play = &r->plays[r->count++];
        play->board = s->work;
    }
    play->used = (uint8_t)used;
    memcpy(play->steps, s->path, (size_t)used * sizeof *s->path);
}

static void search(ksearch *s, int depth, int min_src)
{
    if (s->status != K_OK)
        return;
    if (depth == s->ndice) {
        record(s, depth);
        return;
    }
    kstep steps[K_MAX_SINGLE];
    int die = s->dice[depth];
    /* Doubles: taking sources in non-increasing order reaches every result once. */
    int n = steps_of(s->work.b, s->mine, die, min_src, steps);
    int again = depth + 1 < s->ndice && s->dice[depth + 1] == die;
    for (int i = 0; i < n; i++) {
        uint32_t mine = make_masked(s->work.b, &s->mine, steps[i]);
        s->path[depth] = steps[i];
        search(s, depth + 1, again ? steps[i].from : K_BAR);
        unmake(s->work.b, steps[i]);
        s->mine = mine;
    }
    if (n == 0)
        record(s, depth);
}

/* Doubles: the reference's search with the die four times. */
static void doubles(ksearch *s, int die)
{
    for (int i = 0; i < K_MAX_STEPS; i++)
        s->dice[i] = die;
    s->ndice = K_MAX_STEPS;
    search(s, 0, K_BAR);
}

/*
 * The pairs of steps the first pass of a non-double made: for the source of
 * each first step, the sources of the steps it was followed by.  Given the
 * die, a source fixes the step's destination.
 */
typedef struct {
    uint32_t then[K_SLOTS];
} kpairs;

/*
 * One pass of a non-double: `search` unrolled for two dice.  The second pass
 * (low die first) skips a leaf whose two steps the first pass made the other
 * way round: same steps, same result, already recorded with both dice, so
 * the reference's record() would leave it alone.  Skipping it changes no
 * output and saves most of that pass.
 */
static void two_dice(ksearch *s, int first, int second, kpairs *met, const kpairs *skip)
{
    kstep steps[K_MAX_SINGLE], next[K_MAX_SINGLE];
    int n = steps_of(s->work.b, s->mine, first, K_BAR, steps);
    if (n == 0)
        record(s, 0);
    for (int i = 0; i < n; i++) {
        kstep a = steps[i];
        uint32_t mine = make_masked(s->work.b, &s->mine, a);
        s->path[0] = a;
        int m = steps_of(s->work.b, s->mine, second, K_BAR, next);
        if (m == 0)
            record(s, 1);
        for (int j = 0; j < m; j++) {
            kstep b = next[j];
            if (met)
                met->then[a.from] |= 1u << b.from;
            if (skip && skip->then[b.from] >> a.from & 1u)
                continue;
            kstep_make(s->work.b, b);
            s->path[1] = b;
            record(s, 2);
            unmake(s->work.b, b);
        }
        unmake(s->work.b, a);
        s->mine = mine;
    }
}

/* ---- filtering, canonical order and sorting (the tail of generate) -------- */

/* Ascending on (-from, -to), the reference's sort key, as one small number. */
static unsigned step_key(kstep s)
{
    return (unsigned)(K_BAR - s.from) * 32u + (unsigned)(K_BAR - s.to);
}

static void canonicalise(kplay *p)
{
    /* Insertion sort: stable, like Python's sorted, for the equal steps of doubles. */
    for (int i = 1; i < p->used; i++) {
        kstep s = p->steps[i];
        int j = i;
        for (; j > 0 && step_key(p->steps[j - 1]) > step_key(s); j--)
            p->steps[j] = p->steps[j - 1];
        p->steps[j] = s;
    }
    uint64_t order = 0;
    for (int i = 0; i < K_MAX_STEPS; i++)
        order = order << 10 | (i < p->used ? step_key(p->steps[i]) : 0u);
    p->order = order;
}

static void shell_sort(uint64_t *keys, size_t n)
{
    static const size_t gaps[] = {40423, 17966, 7985, 3549, 1577, 701, 301, 132, 57, 23, 10, 4, 1};
    for (size_t g = 0; g < sizeof gaps / sizeof *gaps; g++) {
        size_t gap = gaps[g];
        for (size_t i = gap; i < n; i++) {
            uint64_t key = keys[i];
            size_t j = i;
            for (; j >= gap && keys[j - gap] > key; j -= gap)
                keys[j] = keys[j - gap];
            keys[j] = key;
        }
    }
}

/* Puts the plays in order of their canonical steps (distinct keys) in r->sorted. */
static int sort_plays(kresult *r)
{
    size_t n = r->count;
    if (n > K_INLINE_PLAYS && !(r->sorted = malloc(n * sizeof *r->sorted)))
        return K_NOMEM;
    uint64_t *keys = r->sorted;
    for (size_t i = 0; i < n; i++)
        keys[i] = r->plays[i].order << K_INDEX_BITS | i;
    if (n > 32) {
        shell_sort(keys, n);
        return K_OK;
    }
    for (size_t i = 1; i < n; i++) {
        uint64_t key = keys[i];
        size_t j = i;
        for (; j > 0 && keys[j - 1] > key; j--)
            keys[j] = keys[j - 1];
        keys[j] = key;
    }
    return K_OK;
}

/* The boards one step of `die` leads to, for the higher-die rule. */
static int single_results(const int8_t *board, int die, kboard out[K_MAX_SINGLE])
{
    kstep steps[K_MAX_SINGLE];
    int n = k_single_steps(board, die, steps);
    for (int i = 0; i < n; i++) {
        memset(&out[i], 0, sizeof out[i]);
        memcpy(out[i].b, board, K_SLOTS);
        kstep_make(out[i].b, steps[i]);
    }
    return n;
}

static int among(const kboard *board, const kboard *boards, int n)
{
    for (int i = 0; i < n; i++)
        if (kboard_equal(board, &boards[i]))
            return 1;
    return 0;
}

/* Keeps, in order, the plays using `most` dice and, if `high` is given, ending on one of its boards. */
static void keep_only(kresult *r, int most, const kboard *high, int nhigh)
{
    size_t kept = 0;
    for (size_t i = 0; i < r->count; i++) {
        kplay *p = &r->plays[i];
        if (p->used == most && (nhigh == 0 || among(&p->board, high, nhigh)))
            r->plays[kept++] = *p;
    }
    r->count = kept;
}

int k_generate(const int8_t board[K_SLOTS], int die1, int die2, kresult *out)
{
    ksearch s;
    memset(&s.work, 0, sizeof s.work);
    memcpy(s.work.b, board, K_SLOTS);
    s.mine = mine_mask(board);
    s.r = out;
    s.status = K_OK;
    int hi = die1 > die2 ? die1 : die2, lo = die1 > die2 ? die2 : die1;
    if (die1 == die2) {
        doubles(&s, die1);
    } else {
        kpairs met;
        memset(&met, 0, sizeof met);
        two_dice(&s, hi, lo, &met, NULL);
        two_dice(&s, lo, hi, NULL, &met);
    }
    if (s.status != K_OK)
        return s.status;
    int most = 0;
    for (size_t i = 0; i < out->count; i++)
        if (out->plays[i].used > most)
            most = out->plays[i].used;
    out->most = most;
    if (most == 0) {
        out->count = 0;
        return K_OK;
    }
    /* Either die alone: the larger one must be played if it can be. */
    kboard high[K_MAX_SINGLE];
    int nhigh = 0, use_high = 0;
    if (most == 1 && die1 != die2) {
        nhigh = single_results(board, hi, high);
        for (size_t i = 0; i < out->count && !use_high; i++)
            use_high = out->plays[i].used == 1 && among(&out->plays[i].board, high, nhigh);
    }
    keep_only(out, most, high, use_high ? nhigh : 0);
    for (size_t i = 0; i < out->count; i++)
        canonicalise(&out->plays[i]);
    return sort_plays(out);
}
