/*
 * Act's MOVE, UNDO and RESIGN, read from and written to a lean Game's wire
 * bytes in one call.
 *
 * MOVE and UNDO are most of a game's calls from a board UI (a tap per
 * checker, an undo now and then), and neither touches the log, the cube
 * or the score: the new Game is the old one with its `moves` and `version`
 * replaced and the board now added.  A resignation's offer adds one entry
 * to the log's digest (its SHA-256 chain included) and the offer itself.
 * The Python flow (gammond/engine/flow/actions.py) stays the reference;
 * this mirrors those actions exactly and answers K_FLOW_DECLINE for
 * everything else, or
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

enum {
    /* Game's field numbers (backgammon/v1/game.proto). */
    G_NUMBER = 3,
    G_SHEET = 4,
    G_SOURCE = 5,
    G_SEED = 6,
    G_PHASE = 7,
    G_BOARD = 8,
    G_TURN = 9,
    G_CUBE = 10,
    G_DICE = 11,
    G_MOVES = 12,
    G_WHITE_ROLLS = 13,
    G_BLACK_ROLLS = 14,
    G_RESIGNATION = 15,
    G_RESULT = 16,
    G_LOG = 17,
    G_BOARD_NOW = 18,
    G_SCORE_AFTER = 19,
    G_SEAL = 20,
    G_VERSION = 23,
    G_DIGEST = 24,
    G_LAST_FIELD = 25,
    K_CHAIN_BYTES = 16, /* the log's chain: SHA-256 cut to 16 bytes */
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

/* A run of top-level fields with one number (a repeated field's items are one run). */
typedef struct {
    uint32_t number;
    size_t start, end;
} krun;

/* What the flow reads from a Game, and where each of its fields sits in the bytes. */
typedef struct {
    uint64_t phase, turn, version;
    int die1, die2, has_board, has_dice, has_digest;
    int8_t white[K_SLOTS];
    kstep made[K_MAX_STEPS];
    int nmade;
    kbytes board; /* the Board field's body */
    kbytes cube;  /* the GameCube field's body */
    kbytes seed;  /* a seeded game's seed */
    uint64_t number, source, rolls[2];
    /* The digest: its counters, its chain and its entries' bodies as read. */
    uint64_t log_length, opening_ties, raises, resigned, resignations;
    int last_kind;
    kbytes chain, last, anchor;
    krun runs[G_LAST_FIELD];
    int nruns;
} kgame;

static int read_entry_kind(kbytes entry, int *kind)
{
    size_t at = 0;
    kfield e;
    *kind = 0;
    while (at < entry.n) {
        if (!next_field(entry.p, entry.n, &at, &e))
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
        if (!next_field(p, n, &at, &f) || f.number <= previous)
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
static int read_game(const uint8_t *p, size_t n, int black_code, kgame *g)
{
    size_t at = 0;
    kfield f;
    memset(g, 0, sizeof *g);
    while (at < n) {
        if (!next_field(p, n, &at, &f) || f.number > G_LAST_FIELD)
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
            if (f.type != WIRE_DELIMITED || !read_board(f.body, f.len, g->white))
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
        case G_CUBE:
            if (f.type != WIRE_DELIMITED)
                return 0;
            g->cube = (kbytes){f.body, f.len};
            break;
        case G_MOVES:
            if (f.type != WIRE_DELIMITED || g->nmade >= K_MAX_STEPS ||
                !read_move(f.body, f.len, &g->made[g->nmade]))
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
        g->made[i].from = (uint8_t)mover_point(g->made[i].from, black);
        g->made[i].to = (uint8_t)mover_point(g->made[i].to, black);
    }
    return 1;
}

typedef struct {
    uint64_t kind, player, resign;
    kstep steps[K_MAX_STEPS]; /* a MOVE's */
    int nsteps;
    kstep played[K_MAX_STEPS]; /* a PLAY's */
    int nplayed;
    int die1, die2; /* a ROLL's dice from the client */
} kaction;

/* The Action: kind, player and a MOVE's steps or move, or a RESIGN's kind; 0 for anything else. */
static int read_action(const uint8_t *p, size_t n, const kflow_consts *c, kaction *a)
{
    size_t at = 0;
    kfield f;
    uint64_t seen = 0;
    kstep move;
    memset(a, 0, sizeof *a);
    while (at < n) {
        if (!next_field(p, n, &at, &f) || f.number > 10)
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
            if (!read_move(f.body, f.len, &move))
                return 0;
        } else if (f.number == 5) {
            if (a->nsteps >= K_MAX_STEPS || !read_move(f.body, f.len, &a->steps[a->nsteps]))
                return 0;
            a->nsteps++;
        } else if (f.number == 3) {
            size_t inner = 0;
            uint64_t dice[3] = {0, 0, 0};
            kfield d;
            while (inner < f.len) {
                if (!next_field(f.body, f.len, &inner, &d) || d.type != WIRE_VARINT || d.number > 2)
                    return 0;
                dice[d.number] = d.value;
            }
            if (dice[1] < 1 || dice[1] > 6 || dice[2] < 1 || dice[2] > 6)
                return 0;
            a->die1 = (int)dice[1];
            a->die2 = (int)dice[2];
        } else if (f.number == 8) {
            if (a->nplayed >= K_MAX_STEPS || !read_move(f.body, f.len, &a->played[a->nplayed]))
                return 0;
            a->nplayed++;
        } else if (f.number != 6 && f.number != 7 && f.number != 9) {
            return 0; /* dice: checked by the general path */
        }
    }
    const uint64_t extra = seen & ~(1u << 1 | 1u << 2);
    if (a->kind == (uint64_t)c->kind_undo || a->kind == (uint64_t)c->kind_confirm ||
        a->kind == (uint64_t)c->kind_double || a->kind == (uint64_t)c->kind_take)
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

/* ---- SHA-256 (FIPS 180-4), for the log's chain --------------------------------- */

static const uint32_t SHA_K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, int n)
{
    return x >> n | x << (32 - n);
}

static void sha_block(uint32_t h[8], const uint8_t *block)
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 |
               (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ w[i - 15] >> 3;
        uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ w[i - 2] >> 10;
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + SHA_K[i] + w[i];
        uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        k = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

/* SHA-256 of a short message (under 120 bytes: the chain's label, chain and entry). */
static int sha256_short(const uint8_t *msg, size_t n, uint8_t out[32])
{
    uint8_t blocks[128] = {0};
    if (n > sizeof blocks - 9)
        return 0;
    memcpy(blocks, msg, n);
    blocks[n] = 0x80;
    size_t total = n + 9 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)n * 8;
    for (int i = 0; i < 8; i++)
        blocks[total - 1 - i] = (uint8_t)(bits >> (8 * i));
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    for (size_t at = 0; at < total; at += 64)
        sha_block(h, blocks + at);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            out[4 * i + j] = (uint8_t)(h[i] >> (24 - 8 * j));
    return 1;
}

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
                            int black, int compact)
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
    if (!compact || o->nsteps > 1) /* the compact view leaves out a one-hop move's steps */
        for (int s = 0; s < o->nsteps; s++)
            put_move(&a, 5, o->steps[s], black);
    put_packed(&a, 6, o->dice, o->nsteps);
    put_packed(&a, 7, lefts->left, lefts->nleft);
    put_delimited(b, 3, body, a.n);
}

/* The turn's plays (moves and notation, and their results in the full view) as
   ListActionsResponse.plays fields. */
static int put_plays(kbuf *b, const kresult *plays, int black, int full)
{
    if (!buf_room(b, k_wire_plays_bound(plays->count)))
        return K_NOMEM;
    size_t start = b->n;
    b->n += k_wire_plays(plays, black, full ? K_WIRE_PLAYS | K_WIRE_RESULT : K_WIRE_PLAYS, b->p + b->n);
    /* The kernel writes ListLegalPlaysResponse.plays (field 1): retag each as field 4. */
    for (size_t at = start; at < b->n;) {
        uint64_t len;
        b->p[at++] = 4 << 3 | WIRE_DELIMITED;
        if (!get_var(b->p, b->n, &at, &len))
            return K_NOMEM;
        at += (size_t)len;
    }
    return K_OK;
}

/* The turn's plays as PLAY Actions (the full view lists each play a second time so). */
static void put_play_actions(kbuf *b, const kflow_consts *c, uint64_t player, const kresult *plays, int black)
{
    for (size_t k = 0; k < plays->count; k++) {
        const kplay *p = kresult_play(plays, k);
        uint8_t body[160];
        kbuf a = {body, 0, sizeof body, 0, 1};
        put_uint(&a, 1, (uint64_t)c->kind_play);
        put_uint(&a, 2, player);
        for (int i = 0; i < p->used; i++)
            put_move(&a, 8, p->steps[i], black);
        char text[K_NOTATION_MAX];
        size_t len = k_format_play(p->steps, p->used, text);
        put_delimited(&a, 9, (const uint8_t *)text, len);
        b->failed |= a.failed;
        put_delimited(b, 3, body, a.n);
    }
}

/* ---- the log's digest ----------------------------------------------------------- */

/* The chain after one more entry: SHA-256 of the label, the chain so far and the entry's
   fixed encoding (gammond/engine/flow/log.py's entry_bytes), cut to 16 bytes. */
static int chain_next(const kgame *g, const kflow_consts *c, const uint8_t *entry, size_t n,
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
    if (!sha256_short(message, len, digest))
        return 0;
    memcpy(chain, digest, K_CHAIN_BYTES);
    return 1;
}

/* Game.digest one entry longer: `entry` (a LogEntry body) its last entry, `anchor` written
   out when it is another entry (none: the entry is its own anchor). */
static void put_digest(kbuf *b, const kgame *g, const uint8_t chain[K_CHAIN_BYTES], const kbuf *entry,
                       kbytes anchor, uint64_t resigned, uint64_t resignations)
{
    kbuf body = {0};
    put_uint(&body, 1, g->log_length + 1);
    put_delimited(&body, 2, chain, K_CHAIN_BYTES);
    put_uint(&body, 3, g->opening_ties);
    put_uint(&body, 4, g->raises);
    put_delimited(&body, 5, entry->p, entry->n);
    if (anchor.p)
        put_delimited(&body, 6, anchor.p, anchor.n);
    put_uint(&body, 7, resigned);
    put_uint(&body, 8, resignations);
    put_delimited(b, G_DIGEST, body.p, body.n);
    b->failed |= body.failed;
    kbuf_free(&body);
}

/* Frees the buffers; whether any of them failed. */
static int free_all(kbuf **all, size_t n)
{
    int failed = 0;
    for (size_t i = 0; i < n; i++) {
        failed |= all[i]->failed;
        kbuf_free(all[i]);
    }
    return failed;
}

/* ---- rewriting a Game --------------------------------------------------------- */

/* A field of the new Game that replaces the old one's field of that number (none: left out). */
typedef struct {
    uint32_t number;
    const kbuf *bytes;
} koverride;

/* The Game's bytes with the fields in `with` (in number order) put in place of its own. */
static void put_rewritten(kbuf *b, const uint8_t *game, const kgame *g, const koverride *with, int n)
{
    int next = 0;
    for (int r = 0; r < g->nruns; r++) {
        const krun *run = &g->runs[r];
        while (next < n && with[next].number < run->number) {
            put_bytes(b, with[next].bytes->p, with[next].bytes->n);
            next++;
        }
        if (next < n && with[next].number == run->number) {
            put_bytes(b, with[next].bytes->p, with[next].bytes->n);
            next++;
        } else {
            put_bytes(b, game + run->start, run->end - run->start);
        }
    }
    for (; next < n; next++)
        put_bytes(b, with[next].bytes->p, with[next].bytes->n);
}

/*
 * The answer: the new Game (with the board now when `now` holds it), the events and the
 * choices, and anything logged; `out->game` gets the new Game without its output-only fields.
 */
static int put_answer(const uint8_t *game, const kgame *g, const koverride *with, int n, const kbuf *now,
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
    put_rewritten(&out->game, game, g, with, n);
    put_rewritten(&out->whole, game, g, full, m);
    put_delimited(&out->answer, 1, out->whole.p, out->whole.n);
    put_bytes(&out->answer, events->p, events->n);
    put_delimited(&out->answer, 3, choices->p, choices->n);
    put_bytes(&out->answer, logged->p, logged->n);
    return out->whole.failed || out->answer.failed || out->game.failed ? K_NOMEM : K_OK;
}

/* ---- MOVE and UNDO ------------------------------------------------------------ */

/* ListActionsResponse while moving: the full view (each play also a PLAY action, with its
   result), the compact one, or the moves view (the compact one without the plays), with the
   board now or without it (an Act's Game carries it). */
static int put_moving_choices(kbuf *choices, const kgame *g, const kflow_consts *c, const int8_t *turn_board,
                              int die1, int die2, int nmade, const kturn *after, int may_resign, int full,
                              int board_now, int with_plays)
{
    const int black = g->turn == (uint64_t)c->color_black;
    const int side = black ? 1 : 0;
    kresult plays;
    kresult_init(&plays);
    int status = k_generate(turn_board, die1, die2, &plays);
    if (status == K_OK) {
        put_bytes(choices, c->head[side].p, c->head[side].n);
        for (int i = 0; i < after->noptions; i++)
            put_move_action(choices, c, g->turn, after, i, black, !full);
        if (nmade)
            put_bytes(choices, c->undo[side].p, c->undo[side].n);
        if (after->complete)
            put_bytes(choices, c->confirm[side].p, c->confirm[side].n);
        if (full)
            put_play_actions(choices, c, g->turn, &plays, black);
        if (may_resign)
            put_bytes(choices, c->resigns[side].p, c->resigns[side].n);
        if (with_plays)
            status = put_plays(choices, &plays, black, full);
        put_packed(choices, 5, after->left, after->nleft);
        if (board_now)
            put_board(choices, 6, after->board, black);
    }
    kresult_free(&plays);
    return status;
}

static int move_answer(const uint8_t *game, const kgame *g, const kflow_consts *c, const int8_t *turn_board,
                       const kstep *made, int nmade, const kturn *after, const kstep *steps, int nsteps,
                       int event_kind, unsigned allowed, kflow_out *out)
{
    const int black = g->turn == (uint64_t)c->color_black;
    kbuf moves = {0}, version = {0}, now = {0}, events = {0}, choices = {0}, logged = {0};
    for (int i = 0; i < nmade; i++)
        put_move(&moves, G_MOVES, made[i], black);
    put_uint(&version, G_VERSION, g->version + 1);
    if (nmade)
        put_board(&now, G_BOARD_NOW, after->board, black);
    for (int i = 0; i < nsteps; i++)
        put_step_event(&events, event_kind, g->turn, steps[i], black);

    int status = put_moving_choices(&choices, g, c, turn_board, g->die1, g->die2, nmade, after,
                                    g->last_kind != c->kind_reject, 0, 0, !(allowed & K_FLOW_MOVES_VIEW));

    const koverride with[] = {{G_MOVES, &moves}, {G_VERSION, &version}};
    if (status == K_OK)
        status = put_answer(game, g, with, 2, &now, &events, &choices, &logged, out);
    int failed = moves.failed || version.failed || now.failed || events.failed || choices.failed;
    kbuf_free(&moves);
    kbuf_free(&version);
    kbuf_free(&now);
    kbuf_free(&events);
    kbuf_free(&choices);
    if (status != K_OK || failed)
        return K_NOMEM;
    memcpy(out->moves, made, sizeof(kstep) * (size_t)nmade);
    out->nmoves = nmade;
    return K_OK;
}

static int move_step(const uint8_t *game, const kgame *g, const kflow_consts *c, const kaction *a,
                     unsigned allowed, kflow_out *out)
{
    if (g->phase != (uint64_t)c->phase_moving || !g->has_dice)
        return K_FLOW_DECLINE;
    const int black = g->turn == (uint64_t)c->color_black;
    int8_t turn_board[K_SLOTS];
    for (int i = 0; i < K_SLOTS; i++)
        turn_board[i] = black ? (int8_t)-g->white[K_BAR - i] : g->white[i];
    kstep made[K_MAX_STEPS], events[K_MAX_STEPS];
    int nmade = g->nmade, nevents, event_kind;
    memcpy(made, g->made, sizeof made);
    kturn *turn = malloc(sizeof *turn);
    if (!turn)
        return K_NOMEM;
    int status = K_FLOW_DECLINE;
    if (a->kind == (uint64_t)c->kind_undo) {
        if (!nmade)
            goto done;
        events[0] = made[--nmade];
        nevents = 1;
        event_kind = c->event_undone;
    } else {
        kstep steps[K_MAX_STEPS];
        for (int i = 0; i < a->nsteps; i++)
            steps[i] = (kstep){(uint8_t)mover_point(a->steps[i].from, black),
                               (uint8_t)mover_point(a->steps[i].to, black), 0};
        status = k_turn_options(turn_board, g->die1, g->die2, made, nmade, turn);
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
            int same = o->nsteps == a->nsteps;
            for (int s = 0; same && s < a->nsteps; s++)
                same = o->steps[s].from == steps[s].from && o->steps[s].to == steps[s].to;
            if (same)
                chosen = o;
        }
        for (int i = 0; i < turn->noptions && !chosen && a->nsteps == 1; i++) {
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
    status = k_turn_options(turn_board, g->die1, g->die2, made, nmade, turn);
    if (status == K_OK)
        status = move_answer(game, g, c, turn_board, made, nmade, turn, events, nevents, event_kind, allowed, out);
    else if (status == K_TURN_ASK)
        status = K_FLOW_DECLINE;
done:
    free(turn);
    return status;
}

/* ---- RESIGN (an offer) ---------------------------------------------------------- */

/* A LogEntry or Event body: kind, player, then the resignation's kind under `resign_field`. */
static void put_resign_body(kbuf *b, int kind, uint64_t player, uint64_t resign, int resign_field)
{
    put_uint(b, 1, (uint64_t)kind);
    put_uint(b, 2, player);
    put_uint(b, resign_field, resign);
}

static int resign_step(const uint8_t *game, const kgame *g, const kflow_consts *c, const kaction *a,
                       kflow_out *out)
{
    if ((g->phase != (uint64_t)c->phase_before_roll && g->phase != (uint64_t)c->phase_moving) ||
        g->last_kind == c->kind_reject || !g->log_length || !g->last.p)
        return K_FLOW_DECLINE;
    const int side = g->turn == (uint64_t)c->color_black ? 1 : 0;
    const uint8_t fixed[6] = {(uint8_t)c->log_kind_resign, (uint8_t)(side + 1), 0, 0, (uint8_t)a->resign, 0};
    uint8_t chain[K_CHAIN_BYTES];
    if (!chain_next(g, c, fixed, sizeof fixed, chain))
        return K_FLOW_DECLINE;

    kbuf phase = {0}, resignation = {0}, version = {0}, log = {0}, now = {0}, events = {0}, logged = {0};
    kbuf body = {0}, choices = {0}, entry_body = {0}, event = {0};
    put_uint(&phase, G_PHASE, (uint64_t)c->phase_resignation_offered);
    put_uint(&body, 1, g->turn);
    put_uint(&body, 2, a->resign);
    put_delimited(&resignation, G_RESIGNATION, body.p, body.n);
    put_uint(&version, G_VERSION, g->version + 1);
    /* The offer is the digest's last entry; the anchor (the last entry that is not a
       resignation or its rejection) stays, now written out. */
    put_resign_body(&entry_body, c->kind_resign, g->turn, a->resign, 5);
    put_digest(&log, g, chain, &entry_body, g->anchor.p ? g->anchor : g->last, a->resign, g->resignations + 1);
    /* Out of the moving phase, a lean Game with moves made shows the turn's starting board. */
    if (g->nmade)
        put_delimited(&now, G_BOARD_NOW, g->board.p, g->board.n);
    put_resign_body(&event, c->event_resigned, g->turn, a->resign, 8);
    put_delimited(&events, 2, event.p, event.n);
    put_delimited(&logged, 4, entry_body.p, entry_body.n);
    put_bytes(&choices, c->answers[side].p, c->answers[side].n);

    memcpy(out->chain, chain, K_CHAIN_BYTES);
    const koverride with[] = {
        {G_PHASE, &phase}, {G_RESIGNATION, &resignation}, {G_VERSION, &version}, {G_DIGEST, &log}};
    int status = put_answer(game, g, with, 4, &now, &events, &choices, &logged, out);
    kbuf *all[] = {&phase, &resignation, &version, &log, &now, &events, &logged, &body, &choices, &entry_body, &event};
    return free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
}

/* ---- CONFIRM and PLAY: the turn ends and passes ----------------------------------- */

/* The checker moves of a PLAY replayed from the turn's start, each only checked to be
   possible (gammond/engine/game.py's _replay): 0 when one is not. */
static int replay(int8_t *board, const kstep *steps, int n)
{
    for (int i = 0; i < n; i++) {
        int from = steps[i].from, to = steps[i].to;
        if (!(0 < from && from <= K_BAR && 0 <= to && to < from) || board[from] <= 0)
            return 0;
        if (to && board[to] < -1)
            return 0;
        kstep_make(board, (kstep){(uint8_t)from, (uint8_t)to, (uint8_t)(to > 0 && board[to] == -1)});
    }
    return 1;
}

/* The GameCube as the next turn starts: the doubled-this-turn mark (field 4) left out. */
static int put_next_cube(kbuf *b, kbytes cube)
{
    size_t at = 0;
    kfield f;
    kbuf body = {0};
    while (at < cube.n) {
        if (!next_field(cube.p, cube.n, &at, &f) || f.number == 3) {
            kbuf_free(&body);
            return 0; /* a cube offer pending: the turn cannot pass (the general path says so) */
        }
        if (f.number != 4)
            put_bytes(&body, cube.p + f.start, f.end - f.start);
    }
    put_delimited(b, G_CUBE, body.p, body.n);
    int ok = !body.failed;
    kbuf_free(&body);
    return ok;
}

static int end_turn_step(const uint8_t *game, const kgame *g, const kflow_consts *c, const kaction *a,
                         int may_double, kflow_out *out)
{
    if (g->phase != (uint64_t)c->phase_moving || !g->has_dice || !g->cube.p)
        return K_FLOW_DECLINE;
    const int black = g->turn == (uint64_t)c->color_black;
    const int side = black ? 1 : 0;
    int8_t start[K_SLOTS], result[32];
    for (int i = 0; i < K_SLOTS; i++)
        start[i] = black ? (int8_t)-g->white[K_BAR - i] : g->white[i];
    memcpy(result, start, K_SLOTS);
    if (a->kind == (uint64_t)c->kind_confirm) {
        /* The turn must be complete: the moves made are a whole legal play. */
        kturn *turn = malloc(sizeof *turn);
        if (!turn)
            return K_NOMEM;
        int status = g->nmade ? k_turn_options(start, g->die1, g->die2, g->made, g->nmade, turn) : K_TURN_ASK;
        int complete = status == K_OK && turn->complete;
        if (complete)
            memcpy(result, turn->board, K_SLOTS);
        free(turn);
        if (status == K_NOMEM)
            return K_NOMEM;
        if (!complete)
            return K_FLOW_DECLINE;
    } else {
        kstep steps[K_MAX_STEPS];
        for (int i = 0; i < a->nplayed; i++)
            steps[i] = (kstep){(uint8_t)mover_point(a->played[i].from, black),
                               (uint8_t)mover_point(a->played[i].to, black), 0};
        if (!replay(result, steps, a->nplayed))
            return K_FLOW_DECLINE;
    }
    /* The legal play with that result (plays are distinct by result): its moves are logged. */
    kresult plays;
    kresult_init(&plays);
    const kplay *play = NULL;
    int status = k_generate(start, g->die1, g->die2, &plays);
    for (size_t k = 0; status == K_OK && k < plays.count && !play; k++)
        if (!memcmp(kresult_play(&plays, k)->board.b, result, K_SLOTS))
            play = kresult_play(&plays, k);
    kstep moves[K_MAX_STEPS];
    int nmoves = play ? play->used : 0;
    if (play)
        memcpy(moves, play->steps, sizeof(kstep) * (size_t)nmoves);
    kresult_free(&plays);
    if (status != K_OK)
        return status;
    int on_board = 0;
    for (int i = 1; i <= K_BAR; i++)
        on_board += result[i] > 0 ? result[i] : 0;
    if (!play || !nmoves || !on_board)
        return K_FLOW_DECLINE; /* not a legal play, or the last checker off: the general path scores it */

    /* The entry's fixed encoding has the moves in the mover's numbering. */
    uint8_t fixed[6 + 2 * K_MAX_STEPS] = {(uint8_t)c->log_kind_play, (uint8_t)(side + 1), 0, 0, 0, (uint8_t)nmoves};
    for (int i = 0; i < nmoves; i++) {
        fixed[6 + 2 * i] = moves[i].from;
        fixed[7 + 2 * i] = moves[i].to;
    }
    uint8_t chain[K_CHAIN_BYTES];
    if (!chain_next(g, c, fixed, 6 + 2 * (size_t)nmoves, chain))
        return K_FLOW_DECLINE;

    const uint64_t next = black ? (uint64_t)c->color_white : (uint64_t)c->color_black;
    kbuf phase = {0}, board = {0}, turn = {0}, cube = {0}, none = {0}, version = {0}, log = {0};
    kbuf entry = {0}, events = {0}, event = {0}, logged = {0}, choices = {0};
    put_uint(&phase, G_PHASE, (uint64_t)c->phase_before_roll);
    put_board(&board, G_BOARD, result, black);
    put_uint(&turn, G_TURN, next);
    int cube_ok = put_next_cube(&cube, g->cube);
    put_uint(&version, G_VERSION, g->version + 1);
    put_uint(&entry, 1, (uint64_t)c->kind_play);
    put_uint(&entry, 2, g->turn);
    for (int i = 0; i < nmoves; i++)
        put_move(&entry, 4, moves[i], black);
    put_digest(&log, g, chain, &entry, (kbytes){NULL, 0}, g->resigned, g->resignations);
    if (a->kind == (uint64_t)c->kind_play)
        for (int i = 0; i < nmoves; i++)
            put_step_event(&events, c->event_moved, g->turn, moves[i], black);
    put_uint(&event, 1, (uint64_t)c->event_turn_ended);
    put_uint(&event, 2, g->turn);
    put_delimited(&events, 2, event.p, event.n);
    put_delimited(&logged, 4, entry.p, entry.n);
    const kbytes listed = c->rolls[2 * (1 - side) + (may_double ? 1 : 0)];
    put_bytes(&choices, listed.p, listed.n);

    const koverride with[] = {{G_PHASE, &phase},    {G_BOARD, &board}, {G_TURN, &turn},
                              {G_CUBE, &cube},      {G_DICE, &none},   {G_MOVES, &none},
                              {G_VERSION, &version}, {G_DIGEST, &log}};
    status = cube_ok ? put_answer(game, g, with, 8, &none, &events, &choices, &logged, out) : K_FLOW_DECLINE;
    memcpy(out->moves, moves, sizeof(kstep) * (size_t)nmoves);
    out->nmoves = nmoves;
    for (int i = 0; i < K_SLOTS; i++) /* the board after the play, from White's side */
        out->result[i] = black ? (int8_t)-result[K_BAR - i] : result[i];
    out->has_result = 1;
    memcpy(out->chain, chain, K_CHAIN_BYTES);
    kbuf *all[] = {&phase, &board, &turn, &cube, &none, &version, &log, &entry, &events, &event, &logged, &choices};
    return free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
}

/* ---- ROLL (not the opening roll) -------------------------------------------------- */

/* A seeded game's roll n of game `number` (gammond/engine/flow/rolls.py's seeded_roll): two dice
   from HMAC-SHA-256(seed, "gammond-dice:<number>:<n>:<block>"), bytes below 252, mod 6, plus 1. */
static int seeded_dice(kbytes seed, uint64_t number, uint64_t n, int *die1, int *die2)
{
    if (!seed.n || seed.n > 64)
        return 0;
    uint8_t key[64] = {0}, inner[128], outer[96], mac[32];
    memcpy(key, seed.p, seed.n);
    int dice[2], got = 0;
    for (int block = 0; got < 2 && block < 1000; block++) {
        char label[56];
        int len = snprintf(label, sizeof label, "gammond-dice:%llu:%llu:%d", (unsigned long long)number,
                           (unsigned long long)n, block);
        if (len < 0 || (size_t)len >= sizeof label)
            return 0;
        for (int i = 0; i < 64; i++) {
            inner[i] = key[i] ^ 0x36;
            outer[i] = key[i] ^ 0x5c;
        }
        memcpy(inner + 64, label, (size_t)len);
        if (!sha256_short(inner, 64 + (size_t)len, mac))
            return 0;
        memcpy(outer + 64, mac, sizeof mac);
        if (!sha256_short(outer, sizeof outer, mac))
            return 0;
        for (int i = 0; i < 32 && got < 2; i++)
            if (mac[i] < 252)
                dice[got++] = mac[i] % 6 + 1;
    }
    if (got < 2)
        return 0;
    *die1 = dice[0];
    *die2 = dice[1];
    return 1;
}

static void put_dice(kbuf *b, int number, int die1, int die2)
{
    uint8_t body[4] = {1 << 3, (uint8_t)die1, 2 << 3, (uint8_t)die2};
    put_delimited(b, number, body, sizeof body);
}

static int roll_step(const uint8_t *game, const kgame *g, const kflow_consts *c, const kaction *a,
                     unsigned allowed, kflow_out *out)
{
    if (g->phase != (uint64_t)c->phase_before_roll || g->has_dice || g->nmade || !g->number)
        return K_FLOW_DECLINE;
    int die1, die2;
    if (g->source == (uint64_t)c->source_client) {
        if (!a->die1)
            return K_FLOW_DECLINE; /* the general path asks for the dice */
        die1 = a->die1;
        die2 = a->die2;
    } else if (g->source == (uint64_t)c->source_seeded && !a->die1) {
        /* Every roll is in the log: the tied roll-offs, then each player's rolls. */
        uint64_t drawn = g->opening_ties + g->rolls[0] + g->rolls[1];
        if (!seeded_dice(g->seed, g->number, drawn, &die1, &die2))
            return K_FLOW_DECLINE;
    } else {
        return K_FLOW_DECLINE; /* the server's own dice, fair dice: the general path rolls */
    }
    const int black = g->turn == (uint64_t)c->color_black;
    const int side = black ? 1 : 0;
    const uint8_t fixed[6] = {(uint8_t)c->log_kind_roll, (uint8_t)(side + 1), (uint8_t)die1, (uint8_t)die2, 0, 0};
    uint8_t chain[K_CHAIN_BYTES];
    if (!chain_next(g, c, fixed, sizeof fixed, chain))
        return K_FLOW_DECLINE;
    int8_t turn_board[K_SLOTS];
    for (int i = 0; i < K_SLOTS; i++)
        turn_board[i] = black ? (int8_t)-g->white[K_BAR - i] : g->white[i];
    kturn *turn = malloc(sizeof *turn);
    if (!turn)
        return K_NOMEM;
    int status = k_turn_options(turn_board, die1, die2, NULL, 0, turn);
    if (status != K_OK || !turn->noptions) {
        free(turn); /* a roll that cannot be played passes the turn: the general path */
        return status == K_NOMEM ? K_NOMEM : K_FLOW_DECLINE;
    }
    kbuf phase = {0}, dice = {0}, rolls = {0}, version = {0}, log = {0}, entry = {0}, events = {0};
    kbuf event = {0}, logged = {0}, choices = {0}, none = {0};
    put_uint(&phase, G_PHASE, (uint64_t)c->phase_moving);
    put_dice(&dice, G_DICE, die1, die2);
    put_uint(&rolls, black ? G_BLACK_ROLLS : G_WHITE_ROLLS, g->rolls[side] + 1);
    put_uint(&version, G_VERSION, g->version + 1);
    put_uint(&entry, 1, (uint64_t)c->kind_roll);
    put_uint(&entry, 2, g->turn);
    put_dice(&entry, 3, die1, die2);
    put_digest(&log, g, chain, &entry, (kbytes){NULL, 0}, g->resigned, g->resignations);
    put_uint(&event, 1, (uint64_t)c->event_rolled);
    put_uint(&event, 2, g->turn);
    put_dice(&event, 3, die1, die2);
    put_delimited(&events, 2, event.p, event.n);
    put_delimited(&logged, 4, entry.p, entry.n);
    status = put_moving_choices(&choices, g, c, turn_board, die1, die2, 0, turn, 1, 0, 0,
                                !(allowed & K_FLOW_MOVES_VIEW));
    free(turn);
    const koverride with[] = {{G_PHASE, &phase},
                              {G_DICE, &dice},
                              {black ? G_BLACK_ROLLS : G_WHITE_ROLLS, &rolls},
                              {G_VERSION, &version},
                              {G_DIGEST, &log}};
    if (status == K_OK)
        status = put_answer(game, g, with, 5, &none, &events, &choices, &logged, out);
    out->die1 = die1;
    out->die2 = die2;
    memcpy(out->chain, chain, K_CHAIN_BYTES);
    kbuf *all[] = {&phase, &dice, &rolls, &version, &log, &entry, &events, &event, &logged, &choices, &none};
    return free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
}

/* ---- DOUBLE and TAKE ---------------------------------------------------------------- */

typedef struct {
    uint64_t value, owner, action, offered_by, doubled;
    int pending;
} kcube;

static int read_cube(kbytes body, kcube *cube)
{
    size_t at = 0;
    kfield f;
    memset(cube, 0, sizeof *cube);
    while (at < body.n) {
        if (!next_field(body.p, body.n, &at, &f))
            return 0;
        if (f.number == 3 && f.type == WIRE_DELIMITED) {
            size_t inner = 0;
            kfield o;
            cube->pending = 1;
            while (inner < f.len) {
                if (!next_field(f.body, f.len, &inner, &o) || o.type != WIRE_VARINT || o.number > 2)
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

static void put_cube(kbuf *b, const kcube *cube)
{
    uint8_t body[48], offer[16];
    kbuf m = {body, 0, sizeof body, 0, 1}, o = {offer, 0, sizeof offer, 0, 1};
    put_uint(&m, 1, cube->value);
    put_uint(&m, 2, cube->owner);
    if (cube->pending) {
        put_uint(&o, 1, cube->action);
        put_uint(&o, 2, cube->offered_by);
        put_delimited(&m, 3, offer, o.n);
    }
    put_uint(&m, 4, cube->doubled);
    b->failed |= m.failed || o.failed;
    put_delimited(b, G_CUBE, body, m.n);
}

static int cube_step(const uint8_t *game, const kgame *g, const kflow_consts *c, const kaction *a,
                     unsigned allowed, kflow_out *out)
{
    kcube cube;
    if (!g->cube.p || !read_cube(g->cube, &cube))
        return K_FLOW_DECLINE;
    const int doubling = a->kind == (uint64_t)c->kind_double;
    const uint64_t other = g->turn == (uint64_t)c->color_black ? (uint64_t)c->color_white : (uint64_t)c->color_black;
    if (doubling) {
        /* The player on turn, before rolling, where the cube's rules allow it (Python says). */
        if (g->phase != (uint64_t)c->phase_before_roll || a->player != g->turn || cube.pending ||
            !(allowed & K_FLOW_MAY_DOUBLE_NOW))
            return K_FLOW_DECLINE;
        cube.pending = 1;
        cube.action = (uint64_t)c->cube_double;
        cube.offered_by = g->turn;
        cube.doubled = 1;
    } else {
        /* A double taken by the player it was offered to; a beaver's or raccoon's take: Python. */
        if (g->phase != (uint64_t)c->phase_cube_offered || !cube.pending ||
            cube.action != (uint64_t)c->cube_double || cube.offered_by != g->turn || a->player != other ||
            cube.value > (UINT64_C(1) << 61))
            return K_FLOW_DECLINE;
        cube.value *= 2;
        cube.owner = other == (uint64_t)c->color_white ? (uint64_t)c->owner_white : (uint64_t)c->owner_black;
        cube.pending = 0;
        cube.action = cube.offered_by = 0;
    }
    const int side = a->player == (uint64_t)c->color_black ? 1 : 0;
    const uint8_t fixed[6] = {(uint8_t)(doubling ? c->log_kind_double : c->log_kind_take), (uint8_t)(side + 1), 0, 0, 0, 0};
    uint8_t chain[K_CHAIN_BYTES];
    if (!chain_next(g, c, fixed, sizeof fixed, chain))
        return K_FLOW_DECLINE;
    kbuf phase = {0}, cube_field = {0}, version = {0}, log = {0}, entry = {0}, events = {0}, event = {0};
    kbuf logged = {0}, choices = {0}, none = {0};
    put_uint(&phase, G_PHASE, (uint64_t)(doubling ? c->phase_cube_offered : c->phase_before_roll));
    put_cube(&cube_field, &cube);
    put_uint(&version, G_VERSION, g->version + 1);
    put_uint(&entry, 1, (uint64_t)a->kind);
    put_uint(&entry, 2, a->player);
    kgame raised = *g;
    raised.raises += !doubling; /* a take raises the stakes */
    put_digest(&log, &raised, chain, &entry, (kbytes){NULL, 0}, g->resigned, g->resignations);
    /* The event carries the stakes offered, or agreed. */
    put_uint(&event, 1, (uint64_t)(doubling ? c->event_doubled : c->event_took));
    put_uint(&event, 2, a->player);
    put_uint(&event, 7, doubling ? 2 * cube.value : cube.value);
    put_delimited(&events, 2, event.p, event.n);
    put_delimited(&logged, 4, entry.p, entry.n);
    /* Next: the other side answers the double, or the doubler rolls (no second double this turn). */
    const kbytes listed = doubling ? c->offers[2 * (1 - side) + ((allowed & K_FLOW_MAY_BEAVER) ? 1 : 0)]
                                   : c->rolls[2 * (1 - side)];
    put_bytes(&choices, listed.p, listed.n);
    const koverride with[] = {{G_PHASE, &phase}, {G_CUBE, &cube_field}, {G_VERSION, &version}, {G_DIGEST, &log}};
    int status = put_answer(game, g, with, 4, &none, &events, &choices, &logged, out);
    memcpy(out->chain, chain, K_CHAIN_BYTES);
    kbuf *all[] = {&phase, &cube_field, &version, &log, &entry, &events, &event, &logged, &choices, &none};
    return free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
}

int k_flow_step(const uint8_t *game, size_t ngame, const uint8_t *action, size_t naction,
                const kflow_consts *c, unsigned allowed, kflow_out *out)
{
    kgame g;
    kaction a;
    memset(out, 0, sizeof *out);
    if (!read_game(game, ngame, c->color_black, &g) ||
        (g.turn != (uint64_t)c->color_white && g.turn != (uint64_t)c->color_black) ||
        !read_action(action, naction, c, &a) || g.version >= c->max_version ||
        /* The player on turn acts, but for a take (checked with the cube). */
        (a.player != g.turn && a.kind != (uint64_t)c->kind_take) ||
        /* Near the log's end the listing leaves actions out: the general path's to say which. */
        g.log_length + 5 > (uint64_t)c->max_log)
        return K_FLOW_DECLINE;
    int status;
    if (a.kind == (uint64_t)c->kind_resign)
        status = resign_step(game, &g, c, &a, out);
    else if (a.kind == (uint64_t)c->kind_roll)
        status = roll_step(game, &g, c, &a, allowed, out);
    else if (a.kind == (uint64_t)c->kind_confirm || a.kind == (uint64_t)c->kind_play)
        status = end_turn_step(game, &g, c, &a, (allowed & K_FLOW_MAY_DOUBLE_NEXT) != 0, out);
    else if (a.kind == (uint64_t)c->kind_double || a.kind == (uint64_t)c->kind_take)
        status = cube_step(game, &g, c, &a, allowed, out);
    else
        status = move_step(game, &g, c, &a, allowed, out);
    if (status != K_OK) {
        kbuf_free(&out->answer);
        kbuf_free(&out->game);
        kbuf_free(&out->whole);
    }
    return status;
}

/* ListActions before the roll (roll, maybe double, resign) or answering a double (take, drop,
   maybe beaver): the same in every view, written ahead by the Python encoders. */
static int list_cube_phases(const kgame *g, const kflow_consts *c, unsigned allowed, kbuf *out)
{
    const int side = g->turn == (uint64_t)c->color_black ? 1 : 0;
    if (g->phase == (uint64_t)c->phase_before_roll) {
        if (g->last_kind == c->kind_reject)
            return K_FLOW_DECLINE; /* no resignation offered again at once: the general path */
        const kbytes listed = c->rolls[2 * side + ((allowed & K_FLOW_MAY_DOUBLE_NOW) ? 1 : 0)];
        put_bytes(out, listed.p, listed.n);
        return K_OK;
    }
    kcube cube;
    if (!g->cube.p || !read_cube(g->cube, &cube) || !cube.pending || cube.action != (uint64_t)c->cube_double ||
        cube.offered_by != g->turn)
        return K_FLOW_DECLINE; /* a beaver or raccoon to answer: the general path */
    const kbytes listed = c->offers[2 * (1 - side) + ((allowed & K_FLOW_MAY_BEAVER) ? 1 : 0)];
    put_bytes(out, listed.p, listed.n);
    return K_OK;
}

int k_flow_list(const uint8_t *game, size_t ngame, const kflow_consts *c, int full, unsigned allowed, kbuf *out)
{
    kgame g;
    memset(out, 0, sizeof *out);
    if (!read_game(game, ngame, c->color_black, &g) ||
        (g.turn != (uint64_t)c->color_white && g.turn != (uint64_t)c->color_black) ||
        g.log_length + 5 > (uint64_t)c->max_log)
        return K_FLOW_DECLINE;
    if (g.phase == (uint64_t)c->phase_before_roll || g.phase == (uint64_t)c->phase_cube_offered) {
        int listed = list_cube_phases(&g, c, allowed, out);
        if (listed == K_OK && out->failed)
            listed = K_NOMEM;
        if (listed != K_OK)
            kbuf_free(out);
        return listed;
    }
    if (g.phase != (uint64_t)c->phase_moving || !g.has_dice)
        return K_FLOW_DECLINE;
    const int black = g.turn == (uint64_t)c->color_black;
    int8_t turn_board[K_SLOTS];
    for (int i = 0; i < K_SLOTS; i++)
        turn_board[i] = black ? (int8_t)-g.white[K_BAR - i] : g.white[i];
    kturn *turn = malloc(sizeof *turn);
    if (!turn)
        return K_NOMEM;
    int status = k_turn_options(turn_board, g.die1, g.die2, g.made, g.nmade, turn);
    if (status == K_OK)
        status = put_moving_choices(out, &g, c, turn_board, g.die1, g.die2, g.nmade, turn,
                                    g.last_kind != c->kind_reject, full, 1, !(allowed & K_FLOW_MOVES_VIEW));
    else if (status == K_TURN_ASK)
        status = K_FLOW_DECLINE;
    free(turn);
    if (status == K_OK && out->failed)
        status = K_NOMEM;
    if (status != K_OK)
        kbuf_free(out);
    return status;
}

int k_strip_fields(const uint8_t *in, size_t n, uint64_t mask, kbytes insert, uint32_t number, kbuf *out,
                   int *dropped)
{
    size_t at = 0, kept = 0;
    kfield f;
    memset(out, 0, sizeof *out);
    *dropped = 0;
    int inserted = !insert.n;
    while (at < n) {
        if (!next_field(in, n, &at, &f))
            return K_FLOW_DECLINE;
        if (!inserted && f.number > number) { /* the field put in, before the first numbered above it */
            put_bytes(out, in + kept, f.start - kept);
            put_bytes(out, insert.p, insert.n);
            kept = f.start;
            inserted = *dropped = 1;
        }
        if (f.number < 64 && (mask >> f.number & 1)) {
            put_bytes(out, in + kept, f.start - kept);
            kept = f.end;
            *dropped = 1;
        }
    }
    if (!inserted) {
        put_bytes(out, in + kept, n - kept);
        put_bytes(out, insert.p, insert.n);
        kept = n;
        *dropped = 1;
    }
    if (*dropped) /* the rest after the last field left out */
        put_bytes(out, in + kept, n - kept);
    if (out->failed) {
        kbuf_free(out);
        return K_NOMEM;
    }
    return K_OK;
}
