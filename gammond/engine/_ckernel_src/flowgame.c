/*
 * A lean Game's wire bytes for the game flow (flow.h): its fields read into a
 * kgame (the board, the turn, the dice, the moves made, the log's digest, where
 * each field sits), an Action read, and the new Game written by putting
 * changed fields in place of the old ones, the log's digest one entry longer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow.h"

/* A CheckerMove's from, to and hit, each field at most once; 0 for anything else. */
int kf_read_move(const uint8_t *p, size_t n, kstep *s)
{
    size_t at = 0;
    kfield f;
    uint64_t seen = 0, v[4] = {0, 0, 0, 0};
    while (at < n) {
        if (!kf_next_field(p, n, &at, &f) || f.type != WIRE_VARINT || f.number > 3 ||
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
int kf_mover_point(int point, int black)
{
    return black ? K_BAR - point : point;
}

/* The Board message: 24 packed sint32 points and the bars, into White's 26 slots. */
int kf_read_board(const uint8_t *p, size_t n, int8_t white[K_SLOTS])
{
    size_t at = 0;
    kfield f;
    int points = 0;
    uint64_t bars[2] = {0, 0};
    while (at < n) {
        if (!kf_next_field(p, n, &at, &f))
            return 0;
        if (f.number == 1 && f.type == WIRE_DELIMITED && !points) {
            size_t inner = 0;
            while (inner < f.len) {
                uint64_t z;
                if (!kf_get_var(f.body, f.len, &inner, &z) || z > 30 || points >= 24)
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



static int read_entry_kind(kbytes entry, int *kind)
{
    size_t at = 0;
    kfield e;
    *kind = 0;
    while (at < entry.n) {
        if (!kf_next_field(entry.p, entry.n, &at, &e))
            return 0;
        if (e.number == 1 && e.type == WIRE_VARINT)
            *kind = (int)(e.value > 0xFFFF ? 0xFFFF : e.value);
    }
    return 1;
}

static int read_digest(const uint8_t *p, size_t n, kgame *g)
{
    size_t at = 0;
    kfield f;
    uint32_t previous = 0;
    while (at < n) {
        if (!kf_next_field(p, n, &at, &f) || f.number <= previous)
            return 0;
        previous = f.number;
        int varint = f.type == WIRE_VARINT;
        switch (f.number) {
        case 1:
            g->log_length = f.value;
            break;
        case 3:
            g->opening_ties = f.value;
            break;
        case 4:
            g->raises = f.value;
            break;
        case 7:
            g->resigned = f.value;
            break;
        case 8:
            g->resignations = f.value;
            break;
        case 2:
            g->chain = (kbytes){f.body, f.len};
            varint = !varint;
            break;
        case 5:
            g->last = (kbytes){f.body, f.len};
            varint = !varint && read_entry_kind(g->last, &g->last_kind);
            break;
        case 6:
            g->anchor = (kbytes){f.body, f.len};
            varint = !varint;
            break;
        default:
            return 0;
        }
        if (!varint)
            return 0;
    }
    return 1;
}

/* A lean Game in canonical form (fields in number order); 0 for anything else. */
int kf_read_game(const uint8_t *p, size_t n, int black_code, kgame *g)
{
    size_t at = 0;
    kfield f;
    memset(g, 0, sizeof *g);
    while (at < n) {
        if (!kf_next_field(p, n, &at, &f) || f.number > G_LAST_FIELD)
            return 0;
        krun *run = g->nruns ? &g->runs[g->nruns - 1] : NULL;
        if (run && f.number == run->number && (f.number == G_MOVES || f.number == G_SHEET)) {
            run->end = f.end; /* the next item of a repeated field */
        } else if (run && f.number <= run->number) {
            return 0; /* not in canonical order */
        } else {
            g->runs[g->nruns++] = (krun){f.number, f.start, f.end};
        }
        switch (f.number) {
        case G_PHASE:
            g->phase = f.value;
            break;
        case G_NUMBER:
            g->number = f.value;
            break;
        case G_SOURCE:
            g->source = f.value;
            break;
        case G_SEED:
            if (f.type != WIRE_DELIMITED)
                return 0;
            g->seed = (kbytes){f.body, f.len};
            break;
        case G_WHITE_ROLLS:
        case G_BLACK_ROLLS:
            g->rolls[f.number - G_WHITE_ROLLS] = f.value;
            break;
        case G_TURN:
            g->turn = f.value;
            break;
        case G_BOARD:
            if (f.type != WIRE_DELIMITED || !kf_read_board(f.body, f.len, g->white))
                return 0;
            g->board = (kbytes){f.body, f.len};
            g->has_board = 1;
            break;
        case G_DICE: {
            size_t inner = 0;
            uint64_t dice[3] = {0, 0, 0};
            kfield d;
            if (f.type != WIRE_DELIMITED)
                return 0;
            while (inner < f.len) {
                if (!kf_next_field(f.body, f.len, &inner, &d) || d.type != WIRE_VARINT || d.number > 2)
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
        case G_CUBE:
            if (f.type != WIRE_DELIMITED)
                return 0;
            g->cube = (kbytes){f.body, f.len};
            break;
        case G_MOVES:
            if (f.type != WIRE_DELIMITED || g->nmade >= K_MAX_STEPS ||
                !kf_read_move(f.body, f.len, &g->made[g->nmade]))
                return 0;
            g->nmade++;
            break;
        case G_VERSION:
            g->version = f.value;
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
    if (!g->has_board || !g->has_digest)
        return 0;
    /* Moves are kept in the mover's numbering; the wire has White's. */
    int black = g->turn == (uint64_t)black_code;
    for (int i = 0; i < g->nmade; i++) {
        g->made[i].from = (uint8_t)kf_mover_point(g->made[i].from, black);
        g->made[i].to = (uint8_t)kf_mover_point(g->made[i].to, black);
    }
    return 1;
}


/* The Action: kind, player and a MOVE's steps or move, or a RESIGN's kind; 0 for anything else. */
int kf_read_action(const uint8_t *p, size_t n, const kflow_consts *c, kaction *a)
{
    size_t at = 0;
    kfield f;
    uint64_t seen = 0;
    kstep move;
    memset(a, 0, sizeof *a);
    while (at < n) {
        if (!kf_next_field(p, n, &at, &f) || f.number > 10)
            return 0; /* plays, notation and unknown fields: the general path reads them */
        if ((f.number < 5 || f.number > 8) && (seen & (1u << f.number)))
            return 0; /* a repeated singular field: merged by protobuf, not read here */
        seen |= 1u << f.number;
        if ((f.number == 1 || f.number == 2 || f.number == 10) != (f.type == WIRE_VARINT))
            return 0;
        if (f.number == 3 && f.type != WIRE_DELIMITED)
            return 0;
        if (f.number == 1) {
            a->kind = f.value;
        } else if (f.number == 2) {
            a->player = f.value;
        } else if (f.number == 10) {
            a->resign = f.value;
        } else if (f.number == 4) {
            if (!kf_read_move(f.body, f.len, &move))
                return 0;
        } else if (f.number == 5) {
            if (a->nsteps >= K_MAX_STEPS || !kf_read_move(f.body, f.len, &a->steps[a->nsteps]))
                return 0;
            a->nsteps++;
        } else if (f.number == 3) {
            size_t inner = 0;
            uint64_t dice[3] = {0, 0, 0};
            kfield d;
            while (inner < f.len) {
                if (!kf_next_field(f.body, f.len, &inner, &d) || d.type != WIRE_VARINT || d.number > 2)
                    return 0;
                dice[d.number] = d.value;
            }
            if (dice[1] < 1 || dice[1] > 6 || dice[2] < 1 || dice[2] > 6)
                return 0;
            a->die1 = (int)dice[1];
            a->die2 = (int)dice[2];
        } else if (f.number == 8) {
            if (a->nplayed >= K_MAX_STEPS || !kf_read_move(f.body, f.len, &a->played[a->nplayed]))
                return 0;
            a->nplayed++;
        } else if (f.number != 6 && f.number != 7 && f.number != 9) {
            return 0; /* dice: checked by the general path */
        }
    }
    const uint64_t extra = seen & ~(1u << 1 | 1u << 2);
    if (a->kind == (uint64_t)c->kind_undo || a->kind == (uint64_t)c->kind_confirm ||
        a->kind == (uint64_t)c->kind_double || a->kind == (uint64_t)c->kind_take ||
        a->kind == (uint64_t)c->kind_drop)
        return !extra;
    if (a->kind == (uint64_t)c->kind_roll) /* the dice only where the client rolls */
        return !(extra & ~(1u << 3));
    if (a->kind == (uint64_t)c->kind_play) /* its moves and the notation listed with them */
        return !(extra & ~(1u << 8 | 1u << 9)) && a->nplayed > 0;
    if (a->kind == (uint64_t)c->kind_resign)
        return extra == (1u << 10) && a->resign >= 1 && a->resign <= 3;
    if (a->kind != (uint64_t)c->kind_move || (extra & ~(1u << 4 | 1u << 5 | 1u << 6 | 1u << 7)))
        return 0;
    if (!a->nsteps) {
        if (!(seen & (1u << 4)))
            return 0;
        a->steps[0] = move;
        a->nsteps = 1;
    }
    return 1;
}


void kf_put_move(kbuf *b, int number, kstep s, int black)
{
    uint8_t body[8];
    kbuf m = {body, 0, sizeof body, 0, 1};
    kf_put_uint(&m, 1, (uint64_t)kf_mover_point(s.from, black));
    kf_put_uint(&m, 2, (uint64_t)kf_mover_point(s.to, black));
    kf_put_uint(&m, 3, s.hit);
    kf_put_delimited(b, number, body, m.n);
}

/* Board{points, white_bar, black_bar, white_off, black_off} of the mover's board. */
void kf_put_board(kbuf *b, int number, const int8_t *mover, int black)
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
    kf_put_delimited(&m, 1, points, sizeof points);
    int white_bar = cells[K_BAR], black_bar = -cells[0];
    kf_put_uint(&m, 2, (uint64_t)white_bar);
    kf_put_uint(&m, 3, (uint64_t)black_bar);
    kf_put_uint(&m, 4, (uint64_t)(K_CHECKERS - white_bar - white));
    kf_put_uint(&m, 5, (uint64_t)(K_CHECKERS - black_bar - blacks));
    kf_put_delimited(b, number, body, m.n);
}

void kf_put_packed(kbuf *b, int number, const uint8_t *values, int n)
{
    if (n > 0)
        kf_put_delimited(b, number, values, (size_t)n); /* dice: one byte each */
}

/* ---- the log's digest ----------------------------------------------------------- */

/* The chain after one more entry: SHA-256 of the label, the chain so far and the entry's
   fixed encoding (gammond/engine/flow/log.py's entry_bytes), cut to 16 bytes. */
int kf_chain_next(const kgame *g, const kflow_consts *c, const uint8_t *entry, size_t n,
                  uint8_t chain[K_CHAIN_BYTES])
{
    uint8_t message[128], digest[32];
    size_t len = c->chain_label.n;
    if (g->chain.n != (g->log_length ? K_CHAIN_BYTES : 0) || len + g->chain.n + n > sizeof message)
        return 0;
    memcpy(message, c->chain_label.p, len);
    memcpy(message + len, g->chain.p, g->chain.n);
    len += g->chain.n;
    memcpy(message + len, entry, n);
    len += n;
    if (!kf_sha256_short(message, len, digest))
        return 0;
    memcpy(chain, digest, K_CHAIN_BYTES);
    return 1;
}

/* Game.digest one entry longer: `entry` (a LogEntry body) its last entry, `anchor` written
   out when it is another entry (none: the entry is its own anchor). */
void kf_put_digest(kbuf *b, const kgame *g, const uint8_t chain[K_CHAIN_BYTES], const kbuf *entry,
                   kbytes anchor, uint64_t resigned, uint64_t resignations)
{
    kbuf body = {0};
    kf_put_uint(&body, 1, g->log_length + 1);
    kf_put_delimited(&body, 2, chain, K_CHAIN_BYTES);
    kf_put_uint(&body, 3, g->opening_ties);
    kf_put_uint(&body, 4, g->raises);
    kf_put_delimited(&body, 5, entry->p, entry->n);
    if (anchor.p)
        kf_put_delimited(&body, 6, anchor.p, anchor.n);
    kf_put_uint(&body, 7, resigned);
    kf_put_uint(&body, 8, resignations);
    kf_put_delimited(b, G_DIGEST, body.p, body.n);
    b->failed |= body.failed;
    kbuf_free(&body);
}

/* Frees the buffers; whether any of them failed. */
int kf_free_all(kbuf **all, size_t n)
{
    int failed = 0;
    for (size_t i = 0; i < n; i++) {
        failed |= all[i]->failed;
        kbuf_free(all[i]);
    }
    return failed;
}

/* ---- rewriting a Game --------------------------------------------------------- */


/* The Game's bytes with the fields in `with` (in number order) put in place of its own. */
void kf_put_rewritten(kbuf *b, const uint8_t *game, const kgame *g, const koverride *with, int n)
{
    int next = 0;
    for (int r = 0; r < g->nruns; r++) {
        const krun *run = &g->runs[r];
        while (next < n && with[next].number < run->number) {
            kf_put_bytes(b, with[next].bytes->p, with[next].bytes->n);
            next++;
        }
        if (next < n && with[next].number == run->number) {
            kf_put_bytes(b, with[next].bytes->p, with[next].bytes->n);
            next++;
        } else {
            kf_put_bytes(b, game + run->start, run->end - run->start);
        }
    }
    for (; next < n; next++)
        kf_put_bytes(b, with[next].bytes->p, with[next].bytes->n);
}

/*
 * The answer: the new Game (with the output-only fields `now` holds, whole: the board now,
 * or the score after), the events and the choices, and anything logged; `out->game` gets the
 * new Game without its output-only fields.
 */
int kf_put_answer(const uint8_t *game, const kgame *g, const koverride *with, int n, const kbuf *now,
                  const kbuf *events, const kbuf *choices, const kbuf *logged, kflow_out *out)
{
    koverride full[12];
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (now->n && (m == i) && with[i].number > G_BOARD_NOW)
            full[m++] = (koverride){G_BOARD_NOW, now};
        full[m++] = with[i];
    }
    if (now->n && m == n)
        full[m++] = (koverride){G_BOARD_NOW, now};
    kf_put_rewritten(&out->game, game, g, with, n);
    kf_put_rewritten(&out->whole, game, g, full, m);
    kf_put_delimited(&out->answer, 1, out->whole.p, out->whole.n);
    kf_put_bytes(&out->answer, events->p, events->n);
    kf_put_delimited(&out->answer, 3, choices->p, choices->n);
    kf_put_bytes(&out->answer, logged->p, logged->n);
    return out->whole.failed || out->answer.failed || out->game.failed ? K_NOMEM : K_OK;
}

void kf_put_dice(kbuf *b, int number, int die1, int die2)
{
    uint8_t body[4] = {1 << 3, (uint8_t)die1, 2 << 3, (uint8_t)die2};
    kf_put_delimited(b, number, body, sizeof body);
}


int kf_read_cube(kbytes body, kcube *cube)
{
    size_t at = 0;
    kfield f;
    memset(cube, 0, sizeof *cube);
    while (at < body.n) {
        if (!kf_next_field(body.p, body.n, &at, &f))
            return 0;
        if (f.number == 3 && f.type == WIRE_DELIMITED) {
            size_t inner = 0;
            kfield o;
            cube->pending = 1;
            while (inner < f.len) {
                if (!kf_next_field(f.body, f.len, &inner, &o) || o.type != WIRE_VARINT || o.number > 2)
                    return 0;
                if (o.number == 1)
                    cube->action = o.value;
                else
                    cube->offered_by = o.value;
            }
        } else if (f.type == WIRE_VARINT && (f.number == 1 || f.number == 2 || f.number == 4)) {
            *(f.number == 1 ? &cube->value : f.number == 2 ? &cube->owner : &cube->doubled) = f.value;
        } else {
            return 0;
        }
    }
    return 1;
}

void kf_put_cube(kbuf *b, const kcube *cube)
{
    uint8_t body[48], offer[16];
    kbuf m = {body, 0, sizeof body, 0, 1}, o = {offer, 0, sizeof offer, 0, 1};
    kf_put_uint(&m, 1, cube->value);
    kf_put_uint(&m, 2, cube->owner);
    if (cube->pending) {
        kf_put_uint(&o, 1, cube->action);
        kf_put_uint(&o, 2, cube->offered_by);
        kf_put_delimited(&m, 3, offer, o.n);
    }
    kf_put_uint(&m, 4, cube->doubled);
    b->failed |= m.failed || o.failed;
    kf_put_delimited(b, G_CUBE, body, m.n);
}
