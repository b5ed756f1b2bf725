/*
 * Interactive turns, mirroring gammond/engine/turn.py's turn_options: after
 * the moves made so far, every move of one checker (over one die or several
 * in a row) that is still part of a legal play, with the dice it uses.
 *
 * The reference's _Explorer asks, for a board and the dice left, which legal
 * results (the boards of k_generate's plays) can still be reached.  Here a
 * table of the (board, dice left) nodes met keeps whether any can, and one
 * walk from the turn's states marks the results reached for plays_left.
 *
 * One case is left to the reference: a move made that either die could stand
 * for (a bear-off) leaves two states with the same board, and where both
 * offer the same move with the same dice left but other dice used, which
 * one the reference keeps depends on the order Python iterates a set in.
 * k_turn_options answers K_TURN_ASK for it, and the caller runs the
 * reference, which gives its own answer (and its exact error messages).
 */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

/* ---- dice left (the reference's `rest` tuples, highest die first) ---------- */

typedef struct {
    uint8_t n;
    uint8_t d[K_MAX_STEPS];
} krest;

static krest without(krest r, int i)
{
    for (int j = i; j + 1 < r.n; j++)
        r.d[j] = r.d[j + 1];
    r.n--;
    r.d[r.n] = 0;
    return r;
}

/* Python's tuple order on two rests: -1, 0 or 1. */
static int rest_cmp(const uint8_t *a, int na, const uint8_t *b, int nb)
{
    for (int i = 0; i < na && i < nb; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return na < nb ? -1 : na > nb;
}

/* ---- the explorer: which legal results a (board, dice left) node reaches -- */

enum { K_NODES_INLINE = 512 };

typedef struct {
    kboard key;   /* the board, then the dice left in bytes 26 .. 30 */
    int8_t alive; /* some legal result is reachable: 1, 0, or -1 not known yet */
    uint8_t seen; /* walked by count(), its results marked */
} knode;

typedef struct {
    kresult targets; /* the legal plays; their boards are the results */
    int most;        /* dice every legal play uses */
    int total;       /* dice in the roll: 2, or 4 for doubles */
    knode *nodes;
    int32_t *index; /* open addressing on the key: slot -> node, or -1 */
    size_t count, cap, mask;
    uint8_t *reached; /* per legal play: counted in plays_left */
    size_t nreached;
    int status;
    knode inline_nodes[K_NODES_INLINE];
    int32_t inline_index[2 * K_NODES_INLINE];
    uint8_t inline_reached[K_INLINE_PLAYS];
} kexplorer;

static size_t slot_of(const kexplorer *e, const kboard *key)
{
    size_t slot = kboard_hash(key) & e->mask;
    while (e->index[slot] >= 0 && !kboard_equal(&e->nodes[e->index[slot]].key, key))
        slot = (slot + 1) & e->mask;
    return slot;
}

/* Double the node table (load factor of the index at most one half). */
static int grow_nodes(kexplorer *e)
{
    void *nodes = e->nodes;
    int status = ktable_grow(&nodes, &e->index, &e->cap, e->count, sizeof *e->nodes, e->inline_nodes,
                             e->inline_index, (size_t)1 << 24);
    if (status != K_OK)
        return status;
    e->nodes = nodes;
    e->mask = 2 * e->cap - 1;
    memset(e->index, 0xff, 2 * e->cap * sizeof *e->index);
    for (size_t i = 0; i < e->count; i++)
        e->index[slot_of(e, &e->nodes[i].key)] = (int32_t)i;
    return K_OK;
}

/* The node of (board, rest), added when new; -1 when out of memory. */
static int32_t node_of(kexplorer *e, const int8_t *board, krest rest)
{
    kboard key;
    memset(&key, 0, sizeof key);
    memcpy(key.b, board, K_SLOTS);
    key.b[K_SLOTS] = (int8_t)rest.n;
    memcpy(&key.b[K_SLOTS + 1], rest.d, K_MAX_STEPS);
    size_t slot = slot_of(e, &key);
    if (e->index[slot] >= 0)
        return e->index[slot];
    if (e->count == e->cap) {
        if (grow_nodes(e) != K_OK) {
            e->status = K_NOMEM;
            return -1;
        }
        slot = slot_of(e, &key);
    }
    int32_t at = (int32_t)e->count++;
    e->nodes[at].key = key;
    e->nodes[at].alive = -1;
    e->nodes[at].seen = 0;
    e->index[slot] = at;
    return at;
}

/* The legal play whose result is `board`, as its place in targets.plays, or -1. */
static ptrdiff_t target_of(const kexplorer *e, const int8_t *board)
{
    kboard key;
    memset(&key, 0, sizeof key);
    memcpy(key.b, board, K_SLOTS);
    const kplay *p = kresult_find(&e->targets, &key);
    return p ? p - e->targets.plays : -1;
}

/*
 * _Explorer.reach(board, rest, used) is not empty: some legal result is
 * reached by playing the dice left (used = dice played, total - rest.n).
 */
static int alive(kexplorer *e, const int8_t *board, krest rest)
{
    int used = e->total - rest.n;
    if (used == e->most)
        return target_of(e, board) >= 0;
    if (used > e->most)
        return 0;
    int32_t at = node_of(e, board, rest);
    if (at < 0)
        return 0;
    if (e->nodes[at].alive >= 0)
        return e->nodes[at].alive;
    int found = 0;
    for (int i = 0; i < rest.n && !found; i++) {
        if (i && rest.d[i] == rest.d[i - 1])
            continue;
        kstep steps[K_MAX_SINGLE];
        int n = k_single_steps(board, rest.d[i], steps);
        krest next = without(rest, i);
        for (int k = 0; k < n && !found; k++) {
            int8_t child[K_SLOTS];
            memcpy(child, board, K_SLOTS);
            kstep_make(child, steps[k]);
            found = alive(e, child, next);
        }
    }
    e->nodes[at].alive = (int8_t)found;
    return found;
}

/* Marks every legal result reachable from (board, rest) in e->reached; returns alive(). */
static int count(kexplorer *e, const int8_t *board, krest rest)
{
    int used = e->total - rest.n;
    if (used == e->most) {
        ptrdiff_t t = target_of(e, board);
        if (t < 0)
            return 0;
        if (!e->reached[t]) {
            e->reached[t] = 1;
            e->nreached++;
        }
        return 1;
    }
    if (used > e->most)
        return 0;
    int32_t at = node_of(e, board, rest);
    if (at < 0)
        return 0;
    if (e->nodes[at].seen)
        return e->nodes[at].alive;
    e->nodes[at].seen = 1;
    int found = 0;
    for (int i = 0; i < rest.n; i++) {
        if (i && rest.d[i] == rest.d[i - 1])
            continue;
        kstep steps[K_MAX_SINGLE];
        int n = k_single_steps(board, rest.d[i], steps);
        krest next = without(rest, i);
        for (int k = 0; k < n; k++) {
            int8_t child[K_SLOTS];
            memcpy(child, board, K_SLOTS);
            kstep_make(child, steps[k]);
            found |= count(e, child, next);
        }
    }
    /* By index, not pointer: the calls above may have moved the table. */
    e->nodes[at].alive = (int8_t)found;
    return found;
}

static int explorer_init(kexplorer *e, const int8_t board[K_SLOTS], int die1, int die2)
{
    e->nodes = e->inline_nodes;
    e->index = e->inline_index;
    e->count = 0;
    e->cap = K_NODES_INLINE;
    e->mask = 2 * K_NODES_INLINE - 1;
    memset(e->inline_index, 0xff, sizeof e->inline_index);
    e->reached = e->inline_reached;
    e->nreached = 0;
    e->status = K_OK;
    e->total = die1 == die2 ? 4 : 2;
    kresult_init(&e->targets);
    int status = k_generate(board, die1, die2, &e->targets);
    if (status != K_OK)
        return status;
    kresult_reindex(&e->targets);
    e->most = e->targets.count ? e->targets.most : 0;
    size_t n = e->targets.count;
    if (n > K_INLINE_PLAYS && !(e->reached = calloc(n, 1)))
        return K_NOMEM;
    if (e->reached == e->inline_reached)
        memset(e->inline_reached, 0, sizeof e->inline_reached);
    return K_OK;
}

static void explorer_free(kexplorer *e)
{
    if (e->nodes != e->inline_nodes)
        free(e->nodes);
    if (e->index != e->inline_index)
        free(e->index);
    if (e->reached != e->inline_reached)
        free(e->reached);
    kresult_free(&e->targets);
}

/* ---- the turn: moves made, then every option (turn_options' extend) ------- */

enum { K_TURN_STATES = 8 };

typedef struct {
    kexplorer *e;
    kturn *out;
    int state; /* which of the states extend() is walking */
    int status;
} kwalk;

static int same_steps(const koption *o, const kstep *steps, int n)
{
    if (o->nsteps != n)
        return 0;
    for (int i = 0; i < n; i++)
        if (o->steps[i].from != steps[i].from || o->steps[i].to != steps[i].to ||
            o->steps[i].hit != steps[i].hit)
            return 0;
    return 1;
}

/* found[hops] = MoveOption(...) unless a known one has as many dice left. */
static void offer(kwalk *w, const kstep *hops, const uint8_t *via, int n, krest left)
{
    kturn *out = w->out;
    koption *o = NULL;
    for (int i = 0; i < out->noptions && !o; i++)
        if (same_steps(&out->options[i], hops, n))
            o = &out->options[i];
    if (o) {
        int order = rest_cmp(o->left, o->nleft, left.d, left.n);
        if (order > 0)
            return;
        if (order == 0) {
            /* The same dice left: the reference keeps the first found, which
               across states is the first in Python's set order. */
            if (o->state != w->state && memcmp(o->dice, via, (size_t)n) != 0)
                w->status = K_TURN_ASK;
            return;
        }
    } else {
        if (out->noptions == K_TURN_MAX_OPTIONS) {
            w->status = K_TURN_ASK;
            return;
        }
        o = &out->options[out->noptions++];
        memset(o, 0, sizeof *o);
        memcpy(o->steps, hops, (size_t)n * sizeof *hops);
        o->nsteps = (uint8_t)n;
    }
    memcpy(o->dice, via, (size_t)n);
    memcpy(o->left, left.d, K_MAX_STEPS);
    o->nleft = left.n;
    o->state = (uint8_t)w->state;
}

static void extend(kwalk *w, const int8_t *board, krest rest, kstep *hops, uint8_t *via, int n)
{
    if (n >= K_MAX_STEPS)
        return; /* every hop takes a die, so never; says so to the compiler */
    for (int i = 0; i < rest.n && w->status == K_OK; i++) {
        if (i && rest.d[i] == rest.d[i - 1])
            continue; /* highest die first, each value once */
        kstep steps[K_MAX_SINGLE];
        int count_steps = k_single_steps(board, rest.d[i], steps);
        krest remaining = without(rest, i);
        for (int k = 0; k < count_steps && w->status == K_OK; k++) {
            if (n && steps[k].from != hops[n - 1].to)
                continue;
            int8_t next[K_SLOTS];
            memcpy(next, board, K_SLOTS);
            kstep_make(next, steps[k]);
            if (!alive(w->e, next, remaining))
                continue;
            hops[n] = steps[k];
            via[n] = rest.d[i];
            offer(w, hops, via, n + 1, remaining);
            if (steps[k].to > 0)
                extend(w, next, remaining, hops, via, n + 1);
        }
    }
}

/* Python's sort key: (len(steps), -from, -to, steps). */
static int option_cmp(const koption *a, const koption *b)
{
    if (a->nsteps != b->nsteps)
        return a->nsteps < b->nsteps ? -1 : 1;
    int af = a->steps[0].from, bf = b->steps[0].from;
    if (af != bf)
        return af > bf ? -1 : 1;
    int at = a->steps[a->nsteps - 1].to, bt = b->steps[b->nsteps - 1].to;
    if (at != bt)
        return at > bt ? -1 : 1;
    for (int i = 0; i < a->nsteps; i++) {
        const kstep *x = &a->steps[i], *y = &b->steps[i];
        if (x->from != y->from)
            return x->from < y->from ? -1 : 1;
        if (x->to != y->to)
            return x->to < y->to ? -1 : 1;
        if (x->hit != y->hit)
            return x->hit < y->hit ? -1 : 1;
    }
    return 0;
}

static void sort_options(kturn *out)
{
    for (int i = 1; i < out->noptions; i++) {
        koption o = out->options[i];
        int j = i;
        for (; j > 0 && option_cmp(&out->options[j - 1], &o) > 0; j--)
            out->options[j] = out->options[j - 1];
        out->options[j] = o;
    }
}

/* _advance: the states after one more move made, each die it could stand for. */
static int advance(kexplorer *e, int8_t *board, krest *states, int *nstates, kstep move)
{
    krest next[K_TURN_STATES];
    int n = 0;
    int8_t moved[K_SLOTS] = {0};
    for (int s = 0; s < *nstates; s++) {
        krest rest = states[s];
        for (int i = 0; i < rest.n; i++) {
            if (i && rest.d[i] == rest.d[i - 1])
                continue;
            int die = rest.d[i];
            kstep steps[K_MAX_SINGLE];
            int count_steps = k_single_steps(board, die, steps);
            int k = 0;
            while (k < count_steps && (steps[k].from != move.from || steps[k].to != move.to))
                k++;
            if (k == count_steps)
                continue;
            int pips = steps[k].from - steps[k].to;
            if (pips != die && !(steps[k].to == 0 && pips < die))
                continue;
            /* Every state has the same board: a move's (from, to) fixes the result. */
            memcpy(moved, board, K_SLOTS);
            kstep_make(moved, steps[k]);
            krest left = without(rest, i);
            if (!alive(e, moved, left))
                continue;
            int known = 0;
            for (int j = 0; j < n; j++)
                known |= rest_cmp(next[j].d, next[j].n, left.d, left.n) == 0;
            if (known)
                continue;
            if (n == K_TURN_STATES)
                return K_TURN_ASK;
            next[n++] = left;
        }
    }
    if (e->status != K_OK)
        return e->status;
    if (n == 0)
        return K_TURN_ASK; /* not part of any legal play: the reference names it */
    memcpy(board, moved, K_SLOTS);
    memcpy(states, next, (size_t)n * sizeof *next);
    *nstates = n;
    return K_OK;
}

static int turn(kexplorer *e, const int8_t start[K_SLOTS], int die1, int die2, const kstep *made,
                int nmade, kturn *out)
{
    int status = explorer_init(e, start, die1, die2);
    if (status != K_OK)
        return status;
    memcpy(out->board, start, K_SLOTS);
    if (e->targets.count == 0)
        return nmade ? K_TURN_ASK : K_OK; /* no legal play: complete, nothing left */
    if (nmade > K_MAX_STEPS)
        return K_TURN_ASK;
    krest states[K_TURN_STATES];
    memset(states, 0, sizeof states);
    int hi = die1 > die2 ? die1 : die2, lo = die1 > die2 ? die2 : die1;
    states[0].n = (uint8_t)e->total;
    for (int i = 0; i < e->total; i++)
        states[0].d[i] = (uint8_t)(i ? lo : hi);
    int nstates = 1;
    for (int m = 0; m < nmade; m++)
        if ((status = advance(e, out->board, states, &nstates, made[m])) != K_OK)
            return status;
    kwalk w = {e, out, 0, K_OK};
    kstep hops[K_MAX_STEPS];
    uint8_t via[K_MAX_STEPS];
    for (int s = 0; s < nstates; s++) {
        count(e, out->board, states[s]);
        w.state = s;
        extend(&w, out->board, states[s], hops, via, 0);
        if (e->status != K_OK)
            return e->status;
        if (w.status != K_OK)
            return w.status;
    }
    /* The dice left: the largest rest of any state (the smaller die used, where either could be). */
    int best = 0;
    for (int s = 1; s < nstates; s++)
        if (rest_cmp(states[s].d, states[s].n, states[best].d, states[best].n) > 0)
            best = s;
    memcpy(out->left, states[best].d, K_MAX_STEPS);
    out->nleft = states[best].n;
    out->complete = nmade == e->most && target_of(e, out->board) >= 0;
    out->plays_left = e->nreached;
    sort_options(out);
    return K_OK;
}

int k_turn_options(const int8_t board[K_SLOTS], int die1, int die2, const kstep *made, int nmade,
                   kturn *out)
{
    memset(out, 0, offsetof(kturn, options));
    out->complete = 1;
    kexplorer *e = malloc(sizeof *e);
    if (!e)
        return K_NOMEM;
    int status = turn(e, board, die1, die2, made, nmade, out);
    explorer_free(e);
    free(e);
    return status;
}
