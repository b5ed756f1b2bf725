/*
 * The game flow's internals (flow.c, flowgame.c, pbwire.c, sha256.c): what a
 * Game's wire bytes hold, and the helpers that read and write them.  Not
 * part of the kernel's interface (kernel.h); nothing here touches Python.
 */
#ifndef GAMMOND_FLOW_H
#define GAMMOND_FLOW_H

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

typedef struct {
    uint32_t number;
    int type;
    uint64_t value;     /* a varint field's value */
    const uint8_t *body; /* a length-delimited field's body */
    size_t len;
    size_t start, end; /* the whole field, key included */
} kfield;

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

typedef struct {
    uint64_t kind, player, resign;
    kstep steps[K_MAX_STEPS]; /* a MOVE's */
    int nsteps;
    kstep played[K_MAX_STEPS]; /* a PLAY's */
    int nplayed;
    int die1, die2; /* a ROLL's dice from the client */
} kaction;

/* A field of the new Game that replaces the old one's field of that number (none: left out). */
typedef struct {
    uint32_t number;
    const kbuf *bytes;
} koverride;

typedef struct {
    uint64_t value, owner, action, offered_by, doubled;
    int pending;
} kcube;

/* pbwire.c: protobuf's wire format, bytes in and out; the small writers and readers here,
   inline, as they run for every field. */
int kf_buf_grow(kbuf *b, size_t more);

/* Whether `b` has room for `more` bytes, grown when it may be. */
static inline int kf_buf_room(kbuf *b, size_t more)
{
    if (!b->failed && b->n + more <= b->cap)
        return 1;
    return kf_buf_grow(b, more);
}

static inline void kf_put_bytes(kbuf *b, const uint8_t *p, size_t n)
{
    if (n && kf_buf_room(b, n)) {
        memcpy(b->p + b->n, p, n);
        b->n += n;
    }
}

static inline void kf_put_var(kbuf *b, uint64_t v)
{
    uint8_t tmp[10];
    size_t n = 0;
    while (v >= 0x80) {
        tmp[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    tmp[n++] = (uint8_t)v;
    kf_put_bytes(b, tmp, n);
}

/* A varint field, left out when zero (proto3). */
static inline void kf_put_uint(kbuf *b, int number, uint64_t v)
{
    if (v) {
        kf_put_var(b, (uint64_t)number << 3 | WIRE_VARINT);
        kf_put_var(b, v);
    }
}

/* A length-delimited field: its key, the length and the body. */
static inline void kf_put_delimited(kbuf *b, int number, const uint8_t *body, size_t n)
{
    kf_put_var(b, (uint64_t)number << 3 | WIRE_DELIMITED);
    kf_put_var(b, n);
    kf_put_bytes(b, body, n);
}

static inline int kf_get_var(const uint8_t *p, size_t n, size_t *at, uint64_t *v)
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

/* The field at *at (only varint and length-delimited ones; 0 for anything else). */
static inline int kf_next_field(const uint8_t *p, size_t n, size_t *at, kfield *f)
{
    *f = (kfield){0}; /* a field of the other type leaves these unset */
    uint64_t key, len;
    f->start = *at;
    if (!kf_get_var(p, n, at, &key) || key >> 3 == 0 || key >> 3 > 0x1FFFFFFF)
        return 0;
    f->number = (uint32_t)(key >> 3);
    f->type = (int)(key & 7);
    if (f->type == WIRE_VARINT) {
        if (!kf_get_var(p, n, at, &f->value))
            return 0;
    } else if (f->type == WIRE_DELIMITED) {
        if (!kf_get_var(p, n, at, &len) || len > n - *at)
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

/* flowgame.c: a Game's fields read and written. */
int kf_read_move(const uint8_t *p, size_t n, kstep *s);
int kf_mover_point(int point, int black);
int kf_read_board(const uint8_t *p, size_t n, int8_t white[K_SLOTS]);
int kf_read_game(const uint8_t *p, size_t n, int black_code, kgame *g);
int kf_read_action(const uint8_t *p, size_t n, const kflow_consts *c, kaction *a);
void kf_put_move(kbuf *b, int number, kstep s, int black);
void kf_put_board(kbuf *b, int number, const int8_t *mover, int black);
void kf_put_packed(kbuf *b, int number, const uint8_t *values, int n);
int kf_chain_next(const kgame *g, const kflow_consts *c, const uint8_t *entry, size_t n,
                  uint8_t chain[K_CHAIN_BYTES]);
void kf_put_digest(kbuf *b, const kgame *g, const uint8_t chain[K_CHAIN_BYTES], const kbuf *entry,
                   kbytes anchor, uint64_t resigned, uint64_t resignations);
int kf_free_all(kbuf **all, size_t n);
void kf_put_rewritten(kbuf *b, const uint8_t *game, const kgame *g, const koverride *with, int n);
int kf_put_answer(const uint8_t *game, const kgame *g, const koverride *with, int n, const kbuf *now,
                  const kbuf *events, const kbuf *choices, const kbuf *logged, kflow_out *out);
int kf_read_cube(kbytes body, kcube *cube);
void kf_put_cube(kbuf *b, const kcube *cube);
void kf_put_dice(kbuf *b, int number, int die1, int die2);

/* sha256.c: SHA-256 and the seeded dice (HMAC-SHA-256). */
int kf_sha256_short(const uint8_t *msg, size_t n, uint8_t out[32]);
int kf_seeded_dice(kbytes seed, uint64_t number, uint64_t n, int *die1, int *die2);

#endif
