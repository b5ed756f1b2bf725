/*
 * A checker moved or taken back in the middle of a turn (Act's MOVE and
 * UNDO), read from and written to a lean Game's wire bytes in one call.
 *
 * These two actions are most of a game's calls from a board UI (a tap per
 * checker, an undo now and then), and neither touches the log, the cube
 * or the score: the new Game is the old one with its `moves` and `version`
 * replaced and the board now added.  The Python flow
 * (gammond/engine/flow/actions.py) stays the reference; this mirrors its
 * MOVE and UNDO exactly and answers K_FLOW_DECLINE for everything else, or
 * anything it is not sure of, so that the caller takes the general path,
 * which also names whatever is wrong.  The caller hands in only Games whose
 * bytes its server wrote itself or decoded and checked (see
 * gammond/server/wire/flow_bytes.py), so the board, the dice and the moves
 * made are known to be legal; the bytes are still read with every bound
 * checked.
 *
 * Enum codes and the answer's constant fields (the choices' head, UNDO,
 * CONFIRM and RESIGN actions) come from the caller, written by the Python
 * encoders, so the protocol's numbering lives in one place.
 */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

enum {
    /* Game's field numbers (backgammon/v1/game.proto). */
    G_PHASE = 7,
    G_BOARD = 8,
    G_TURN = 9,
    G_DICE = 11,
    G_MOVES = 12,
    G_RESIGNATION = 15,
    G_RESULT = 16,
    G_LOG = 17,
    G_BOARD_NOW = 18,
    G_SCORE_AFTER = 19,
    G_SEAL = 20,
    G_VERSION = 23,
    G_DIGEST = 24,
    G_LAST_FIELD = 25,
    WIRE_VARINT = 0,
    WIRE_DELIMITED = 2,
};

/* ---- a growing output buffer ------------------------------------------------- */

static int buf_room(kbuf *b, size_t more)
{
    if (b->failed)
        return 0;
    if (b->n + more <= b->cap)
        return 1;
    if (b->fixed) { /* a buffer on the stack, sized for its message: never grown */
        b->failed = 1;
        return 0;
    }
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + more)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p) {
        b->failed = 1;
        return 0;
    }
    b->p = p;
    b->cap = cap;
    return 1;
}

static void put_bytes(kbuf *b, const uint8_t *p, size_t n)
{
    if (n && buf_room(b, n)) {
        memcpy(b->p + b->n, p, n);
        b->n += n;
    }
}

static void put_var(kbuf *b, uint64_t v)
{
    uint8_t tmp[10];
    size_t n = 0;
    while (v >= 0x80) {
        tmp[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    tmp[n++] = (uint8_t)v;
    put_bytes(b, tmp, n);
}

/* A varint field, left out when zero (proto3). */
static void put_uint(kbuf *b, int number, uint64_t v)
{
    if (v) {
        put_var(b, (uint64_t)number << 3 | WIRE_VARINT);
        put_var(b, v);
    }
}

/* A length-delimited field: its key, the length and the body. */
static void put_delimited(kbuf *b, int number, const uint8_t *body, size_t n)
{
    put_var(b, (uint64_t)number << 3 | WIRE_DELIMITED);
    put_var(b, n);
    put_bytes(b, body, n);
}

void kbuf_free(kbuf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

/* ---- reading ----------------------------------------------------------------- */

static int get_var(const uint8_t *p, size_t n, size_t *at, uint64_t *v)
{
    uint64_t r = 0;
    for (int shift = 0; *at < n && shift < 64; shift += 7) {
        uint8_t byte = p[(*at)++];
        r |= (uint64_t)(byte & 0x7F) << shift;
        if (!(byte & 0x80)) {
            *v = r;
            return 1;
        }
    }
    return 0;
}

typedef struct {
    uint32_t number;
    int type;
    uint64_t value;     /* a varint field's value */
    const uint8_t *body; /* a length-delimited field's body */
    size_t len;
    size_t start, end; /* the whole field, key included */
} kfield;

/* The field at *at (only varint and length-delimited ones; 0 for anything else). */
static int next_field(const uint8_t *p, size_t n, size_t *at, kfield *f)
{
    uint64_t key, len;
    f->start = *at;
    if (!get_var(p, n, at, &key) || key >> 3 == 0 || key >> 3 > 0x1FFFFFFF)
        return 0;
    f->number = (uint32_t)(key >> 3);
    f->type = (int)(key & 7);
    if (f->type == WIRE_VARINT) {
        if (!get_var(p, n, at, &f->value))
            return 0;
    } else if (f->type == WIRE_DELIMITED) {
        if (!get_var(p, n, at, &len) || len > n - *at)
            return 0;
        f->body = p + *at;
        f->len = (size_t)len;
        *at += (size_t)len;
    } else {
        return 0;
    }
    f->end = *at;
    return 1;
}

/* A CheckerMove's from, to and hit, each field at most once; 0 for anything else. */
static int read_move(const uint8_t *p, size_t n, kstep *s)
{
    size_t at = 0;
    kfield f;
    uint64_t seen = 0, v[4] = {0, 0, 0, 0};
    while (at < n) {
        if (!next_field(p, n, &at, &f) || f.type != WIRE_VARINT || f.number > 3 ||
            seen & (1u << f.number))
            return 0;
        seen |= 1u << f.number;
        v[f.number] = f.value;
    }
    if (v[1] > K_BAR || v[2] > K_BAR || v[3] > 1)
        return 0;
    *s = (kstep){(uint8_t)v[1], (uint8_t)v[2], (uint8_t)v[3]};
    return 1;
}

/* A point of the fixed numbering (White's) as the mover numbers it, and back. */
static int mover_point(int point, int black)
{
    return black ? K_BAR - point : point;
}

/* The Board message: 24 packed sint32 points and the bars, into White's 26 slots. */
static int read_board(const uint8_t *p, size_t n, int8_t white[K_SLOTS])
{
    size_t at = 0;
    kfield f;
    int points = 0;
    uint64_t bars[2] = {0, 0};
    while (at < n) {
        if (!next_field(p, n, &at, &f))
            return 0;
        if (f.number == 1 && f.type == WIRE_DELIMITED && !points) {
            size_t inner = 0;
            while (inner < f.len) {
                uint64_t z;
                if (!get_var(f.body, f.len, &inner, &z) || z > 30 || points >= 24)
                    return 0;
                int count = (int)(z & 1 ? -(int64_t)((z + 1) / 2) : (int64_t)(z / 2));
                white[++points] = (int8_t)count;
            }
        } else if ((f.number == 2 || f.number == 3) && f.type == WIRE_VARINT) {
            if (f.value > K_CHECKERS)
                return 0;
            bars[f.number - 2] = f.value;
        } else if (!((f.number == 4 || f.number == 5) && f.type == WIRE_VARINT)) {
            return 0;
        }
    }
    if (points != 24)
        return 0;
    white[K_BAR] = (int8_t)bars[0];
    white[0] = (int8_t)-bars[1];
    return 1;
}

/* What MOVE and UNDO read from a Game, and where its fields sit in the bytes. */
typedef struct {
    uint64_t phase, turn, version, log_length;
    int die1, die2, has_board, has_dice, has_digest, last_kind;
    int8_t white[K_SLOTS];
    kstep made[K_MAX_STEPS];
    int nmade;
    /* moves_at..moves_end: the `moves` fields (empty: where they would go); the same for
       `version`; now_at: where the board now goes (before the first field numbered above it). */
    size_t moves_at, moves_end, version_at, version_end, now_at;
} kgame;

static int read_digest(const uint8_t *p, size_t n, kgame *g)
{
    size_t at = 0;
    kfield f;
    while (at < n) {
        if (!next_field(p, n, &at, &f))
            return 0;
        if (f.number == 1 && f.type == WIRE_VARINT) {
            g->log_length = f.value;
        } else if (f.number == 5 && f.type == WIRE_DELIMITED) {
            /* The last entry: only its kind is read (a rejection stops a new resignation). */
            size_t inner = 0;
            kfield e;
            g->last_kind = 0;
            while (inner < f.len) {
                if (!next_field(f.body, f.len, &inner, &e))
                    return 0;
                if (e.number == 1 && e.type == WIRE_VARINT)
                    g->last_kind = (int)(e.value > 0xFFFF ? 0xFFFF : e.value);
            }
        }
    }
    return 1;
}

/* A lean Game in canonical form (fields in number order); 0 for anything else. */
static int read_game(const uint8_t *p, size_t n, int black_code, kgame *g)
{
    size_t at = 0;
    uint32_t previous = 0;
    int moves_seen = 0, version_seen = 0, now_seen = 0;
    kfield f;
    memset(g, 0, sizeof *g);
    g->moves_at = g->moves_end = g->version_at = g->version_end = g->now_at = n;
    while (at < n) {
        if (!next_field(p, n, &at, &f) || f.number > G_LAST_FIELD)
            return 0;
        /* Canonical order; only `moves` here may repeat (sheet and log do too, but a log is declined). */
        if (f.number < previous || (f.number == previous && f.number != G_MOVES && f.number != 4))
            return 0;
        previous = f.number;
        if (!moves_seen && f.number >= G_MOVES) {
            moves_seen = 1;
            g->moves_at = g->moves_end = f.start;
        }
        if (!now_seen && f.number > G_BOARD_NOW) {
            now_seen = 1;
            g->now_at = f.start;
        }
        if (!version_seen && f.number >= G_VERSION) {
            version_seen = 1;
            g->version_at = g->version_end = f.start;
        }
        switch (f.number) {
        case G_PHASE:
            g->phase = f.value;
            break;
        case G_TURN:
            g->turn = f.value;
            break;
        case G_BOARD:
            if (f.type != WIRE_DELIMITED || !read_board(f.body, f.len, g->white))
                return 0;
            g->has_board = 1;
            break;
        case G_DICE: {
            size_t inner = 0;
            uint64_t dice[3] = {0, 0, 0};
            kfield d;
            if (f.type != WIRE_DELIMITED)
                return 0;
            while (inner < f.len) {
                if (!next_field(f.body, f.len, &inner, &d) || d.type != WIRE_VARINT || d.number > 2)
                    return 0;
                dice[d.number] = d.value;
            }
            if (dice[1] < 1 || dice[1] > 6 || dice[2] < 1 || dice[2] > 6)
                return 0;
            g->die1 = (int)dice[1];
            g->die2 = (int)dice[2];
            g->has_dice = 1;
            break;
        }
        case G_MOVES:
            if (f.type != WIRE_DELIMITED || g->nmade >= K_MAX_STEPS ||
                !read_move(f.body, f.len, &g->made[g->nmade]))
                return 0;
            g->nmade++;
            g->moves_end = f.end;
            break;
        case G_VERSION:
            g->version = f.value;
            g->version_end = f.end;
            break;
        case G_DIGEST:
            if (f.type != WIRE_DELIMITED || !read_digest(f.body, f.len, g))
                return 0;
            g->has_digest = 1;
            break;
        case G_RESIGNATION:
        case G_RESULT:
        case G_LOG:
        case G_BOARD_NOW:
        case G_SCORE_AFTER:
        case G_SEAL:
            return 0; /* a full game, an offer pending, a result or a sealed Game: not here */
        default:
            break;
        }
    }
    if (!g->has_board || !g->has_dice || !g->has_digest)
        return 0;
    /* Moves are kept in the mover's numbering; the wire has White's. */
    int black = g->turn == (uint64_t)black_code;
    for (int i = 0; i < g->nmade; i++) {
        g->made[i].from = (uint8_t)mover_point(g->made[i].from, black);
        g->made[i].to = (uint8_t)mover_point(g->made[i].to, black);
    }
    return 1;
}

/* The Action: kind, player and (for MOVE) its steps or its move; 0 for anything else. */
static int read_action(const uint8_t *p, size_t n, const kflow_consts *c, uint64_t *kind,
                       uint64_t *player, kstep *steps, int *nsteps)
{
    size_t at = 0;
    kfield f;
    uint64_t seen = 0;
    kstep move;
    int has_move = 0;
    *kind = *player = 0;
    *nsteps = 0;
    while (at < n) {
        if (!next_field(p, n, &at, &f))
            return 0;
        if (f.number <= 4 && (seen & (1u << f.number)))
            return 0; /* a repeated singular field: merged by protobuf, not read here */
        if (f.number < 32)
            seen |= 1u << f.number;
        if (f.number == 1 && f.type == WIRE_VARINT) {
            *kind = f.value;
        } else if (f.number == 2 && f.type == WIRE_VARINT) {
            *player = f.value;
        } else if (f.number == 4 && f.type == WIRE_DELIMITED) {
            if (!read_move(f.body, f.len, &move))
                return 0;
            has_move = 1;
        } else if (f.number == 5 && f.type == WIRE_DELIMITED) {
            if (*nsteps >= K_MAX_STEPS || !read_move(f.body, f.len, &steps[*nsteps]))
                return 0;
            (*nsteps)++;
        } else if (!(f.number == 6 || f.number == 7)) {
            return 0; /* dice, resignations, plays: checked or read by the general path */
        }
    }
    if (*kind == (uint64_t)c->kind_undo)
        return !(seen & (1u << 4 | 1u << 5 | 1u << 6 | 1u << 7));
    if (*kind != (uint64_t)c->kind_move)
        return 0;
    if (!*nsteps) {
        if (!has_move)
            return 0;
        steps[0] = move;
        *nsteps = 1;
    }
    return 1;
}

/* ---- writing the answer ------------------------------------------------------ */

static void put_move(kbuf *b, int number, kstep s, int black)
{
    uint8_t body[8];
    kbuf m = {body, 0, sizeof body, 0, 1};
    put_uint(&m, 1, (uint64_t)mover_point(s.from, black));
    put_uint(&m, 2, (uint64_t)mover_point(s.to, black));
    put_uint(&m, 3, s.hit);
    put_delimited(b, number, body, m.n);
}

/* Board{points, white_bar, black_bar, white_off, black_off} of the mover's board. */
static void put_board(kbuf *b, int number, const int8_t *mover, int black)
{
    int8_t cells[K_SLOTS];
    for (int i = 0; i < K_SLOTS; i++)
        cells[i] = black ? (int8_t)-mover[K_BAR - i] : mover[i];
    uint8_t body[64];
    kbuf m = {body, 0, sizeof body, 0, 1};
    uint8_t points[24];
    int white = 0, blacks = 0;
    for (int i = 1; i <= 24; i++) {
        int count = cells[i];
        points[i - 1] = (uint8_t)(count >= 0 ? 2 * count : -2 * count - 1); /* zigzag */
        if (count > 0)
            white += count;
        else
            blacks -= count;
    }
    put_delimited(&m, 1, points, sizeof points);
    int white_bar = cells[K_BAR], black_bar = -cells[0];
    put_uint(&m, 2, (uint64_t)white_bar);
    put_uint(&m, 3, (uint64_t)black_bar);
    put_uint(&m, 4, (uint64_t)(K_CHECKERS - white_bar - white));
    put_uint(&m, 5, (uint64_t)(K_CHECKERS - black_bar - blacks));
    put_delimited(b, number, body, m.n);
}

static void put_packed(kbuf *b, int number, const uint8_t *values, int n)
{
    if (n > 0)
        put_delimited(b, number, values, (size_t)n); /* dice: one byte each */
}

static int same_steps(const koption *a, const koption *b)
{
    if (a->nsteps != b->nsteps)
        return 0;
    for (int i = 0; i < a->nsteps; i++)
        if (a->steps[i].from != b->steps[i].from || a->steps[i].to != b->steps[i].to ||
            a->steps[i].hit != b->steps[i].hit)
            return 0;
    return 1;
}

/* An Event (MOVED or UNDONE) for one step, as an ActResponse.events field. */
static void put_step_event(kbuf *b, int kind, uint64_t player, kstep s, int black)
{
    uint8_t body[32];
    kbuf e = {body, 0, sizeof body, 0, 1};
    put_uint(&e, 1, (uint64_t)kind);
    put_uint(&e, 2, player);
    put_move(&e, 4, s, black);
    put_uint(&e, 5, s.from == K_BAR);
    put_uint(&e, 6, s.to == 0);
    put_delimited(b, 2, body, e.n);
}

/* A MOVE Action as a ListActionsResponse.actions field, in the compact view. */
static void put_move_action(kbuf *b, const kflow_consts *c, uint64_t player, const kturn *t, int i,
                            int black)
{
    const koption *o = &t->options[i];
    /* The dice left are looked up by the option's steps, the last option with them winning
       (the reference's dict). */
    const koption *lefts = o;
    for (int j = t->noptions - 1; j >= 0; j--)
        if (same_steps(&t->options[j], o)) {
            lefts = &t->options[j];
            break;
        }
    uint8_t body[96];
    kbuf a = {body, 0, sizeof body, 0, 1};
    put_uint(&a, 1, (uint64_t)c->kind_move);
    put_uint(&a, 2, player);
    int hit = 0;
    for (int s = 0; s < o->nsteps; s++)
        hit |= o->steps[s].hit;
    kstep whole = {o->steps[0].from, o->steps[o->nsteps - 1].to, (uint8_t)hit};
    put_move(&a, 4, whole, black);
    if (o->nsteps > 1)
        for (int s = 0; s < o->nsteps; s++)
            put_move(&a, 5, o->steps[s], black);
    put_packed(&a, 6, o->dice, o->nsteps);
    put_packed(&a, 7, lefts->left, lefts->nleft);
    put_delimited(b, 3, body, a.n);
}

/* The plays of the turn (moves and notation) as ListActionsResponse.plays fields. */
static int put_plays(kbuf *b, const int8_t *board, int die1, int die2, int black)
{
    kresult plays;
    kresult_init(&plays);
    int status = k_generate(board, die1, die2, &plays);
    if (status == K_OK && buf_room(b, k_wire_plays_bound(plays.count))) {
        size_t start = b->n;
        b->n += k_wire_plays(&plays, black, K_WIRE_PLAYS, b->p + b->n);
        /* The kernel writes ListLegalPlaysResponse.plays (field 1): retag each as field 4. */
        for (size_t at = start; at < b->n;) {
            uint64_t len;
            b->p[at++] = 4 << 3 | WIRE_DELIMITED;
            if (!get_var(b->p, b->n, &at, &len)) {
                status = K_NOMEM;
                break;
            }
            at += (size_t)len;
        }
    } else if (status == K_OK) {
        status = K_NOMEM;
    }
    kresult_free(&plays);
    return status;
}

static int kflow_answer(const uint8_t *game, size_t ngame, const kgame *g, const kflow_consts *c,
                        const int8_t *turn_board, const kstep *made, int nmade, const kturn *after,
                        const kstep *events, int nevents, int event_kind, kflow_out *out)
{
    const int black = g->turn == (uint64_t)c->color_black;
    const int side = black ? 1 : 0;
    const uint64_t version = g->version + 1;
    /* The new Game without its output-only fields (what the caller keys it by), then with them. */
    kbuf moves = {0}, tail = {0}, now = {0}, choices = {0};
    for (int i = 0; i < nmade; i++)
        put_move(&moves, G_MOVES, made[i], black);
    put_uint(&tail, G_VERSION, version);
    if (nmade)
        put_board(&now, G_BOARD_NOW, after->board, black);
    kbuf *bare = &out->game;
    put_bytes(bare, game, g->moves_at);
    put_bytes(bare, moves.p, moves.n);
    put_bytes(bare, game + g->moves_end, g->version_at - g->moves_end);
    put_bytes(bare, tail.p, tail.n);
    put_bytes(bare, game + g->version_end, ngame - g->version_end);

    /* ListActionsResponse, compact view, without the board now (the Game carries it). */
    put_bytes(&choices, c->head[side].p, c->head[side].n);
    for (int i = 0; i < after->noptions; i++)
        put_move_action(&choices, c, g->turn, after, i, black);
    if (nmade)
        put_bytes(&choices, c->undo[side].p, c->undo[side].n);
    if (after->complete)
        put_bytes(&choices, c->confirm[side].p, c->confirm[side].n);
    if (g->last_kind != c->kind_reject)
        put_bytes(&choices, c->resigns[side].p, c->resigns[side].n);
    int status = put_plays(&choices, turn_board, g->die1, g->die2, black);
    put_packed(&choices, 5, after->left, after->nleft);

    /* ActResponse: the game, the events, the choices (nothing logged, no bot actions). */
    kbuf full = {0};
    put_bytes(&full, game, g->moves_at);
    put_bytes(&full, moves.p, moves.n);
    put_bytes(&full, game + g->moves_end, g->now_at - g->moves_end);
    put_bytes(&full, now.p, now.n);
    put_bytes(&full, game + g->now_at, g->version_at - g->now_at);
    put_bytes(&full, tail.p, tail.n);
    put_bytes(&full, game + g->version_end, ngame - g->version_end);
    kbuf *answer = &out->answer;
    put_delimited(answer, 1, full.p, full.n);
    for (int i = 0; i < nevents; i++)
        put_step_event(answer, event_kind, g->turn, events[i], black);
    put_delimited(answer, 3, choices.p, choices.n);

    int failed = moves.failed || tail.failed || now.failed || choices.failed || full.failed ||
                 answer->failed || bare->failed;
    kbuf_free(&moves);
    kbuf_free(&tail);
    kbuf_free(&now);
    kbuf_free(&choices);
    kbuf_free(&full);
    if (status != K_OK || failed)
        return K_NOMEM;
    memcpy(out->moves, made, sizeof(kstep) * (size_t)nmade);
    out->nmoves = nmade;
    return K_OK;
}

int k_flow_step(const uint8_t *game, size_t ngame, const uint8_t *action, size_t naction,
                const kflow_consts *c, kflow_out *out)
{
    kgame g;
    uint64_t kind, player;
    kstep steps[K_MAX_STEPS];
    int nsteps;
    memset(out, 0, sizeof *out);
    if (!read_game(game, ngame, c->color_black, &g) || g.phase != (uint64_t)c->phase_moving ||
        (g.turn != (uint64_t)c->color_white && g.turn != (uint64_t)c->color_black) ||
        !read_action(action, naction, c, &kind, &player, steps, &nsteps) || player != g.turn ||
        g.version >= c->max_version ||
        /* Near the log's end the listing leaves actions out: the general path's to say which. */
        g.log_length + 4 > (uint64_t)c->max_log)
        return K_FLOW_DECLINE;
    const int black = g.turn == (uint64_t)c->color_black;
    int8_t turn_board[K_SLOTS];
    for (int i = 0; i < K_SLOTS; i++)
        turn_board[i] = black ? (int8_t)-g.white[K_BAR - i] : g.white[i];
    kstep made[K_MAX_STEPS];
    int nmade = g.nmade;
    memcpy(made, g.made, sizeof made);
    kstep events[K_MAX_STEPS];
    int nevents, event_kind;
    kturn *turn = malloc(sizeof *turn);
    if (!turn)
        return K_NOMEM;
    int status = K_FLOW_DECLINE;
    if (kind == (uint64_t)c->kind_undo) {
        if (!nmade)
            goto done;
        events[0] = made[--nmade];
        nevents = 1;
        event_kind = c->event_undone;
    } else {
        for (int i = 0; i < nsteps; i++)
            steps[i] = (kstep){(uint8_t)mover_point(steps[i].from, black),
                               (uint8_t)mover_point(steps[i].to, black), 0};
        status = k_turn_options(turn_board, g.die1, g.die2, made, nmade, turn);
        if (status != K_OK) {
            if (status == K_TURN_ASK)
                status = K_FLOW_DECLINE;
            goto done;
        }
        status = K_FLOW_DECLINE;
        /* The option the steps name: its hops, else (one step given) its from and to. */
        const koption *chosen = NULL;
        for (int i = 0; i < turn->noptions && !chosen; i++) {
            const koption *o = &turn->options[i];
            int same = o->nsteps == nsteps;
            for (int s = 0; same && s < nsteps; s++)
                same = o->steps[s].from == steps[s].from && o->steps[s].to == steps[s].to;
            if (same)
                chosen = o;
        }
        for (int i = 0; i < turn->noptions && !chosen && nsteps == 1; i++) {
            const koption *o = &turn->options[i];
            if (o->steps[0].from == steps[0].from && o->steps[o->nsteps - 1].to == steps[0].to)
                chosen = o;
        }
        if (!chosen || nmade + chosen->nsteps > K_MAX_STEPS)
            goto done;
        for (int s = 0; s < chosen->nsteps; s++)
            events[s] = made[nmade++] = chosen->steps[s];
        nevents = chosen->nsteps;
        event_kind = c->event_moved;
    }
    status = k_turn_options(turn_board, g.die1, g.die2, made, nmade, turn);
    if (status == K_OK)
        status = kflow_answer(game, ngame, &g, c, turn_board, made, nmade, turn, events, nevents,
                              event_kind, out);
    else if (status == K_TURN_ASK)
        status = K_FLOW_DECLINE;
done:
    free(turn);
    if (status != K_OK) {
        kbuf_free(&out->answer);
        kbuf_free(&out->game);
    }
    return status;
}
