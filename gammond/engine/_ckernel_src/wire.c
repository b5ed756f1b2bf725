/*
 * The legal plays of a roll written straight into protobuf bytes.
 *
 * The listing RPC spends most of its time building a message object per
 * play; this writes the bytes of backgammon.v1.ListLegalPlaysResponse
 * (protos/backgammon/v1/game_service.proto and board.proto) instead, in the
 * order the Python message path serializes its fields, so both give the
 * same message (the server's tests compare them on thousands of positions).
 * It knows the wire format, not the rules: the plays come from k_generate,
 * the notation is gammond/engine/notation.py's format_moves.
 */
#include <string.h>

#include "kernel.h"

/* ---- notation (notation._chains, _format_chain and _format) ---------------- */

typedef struct {
    uint8_t point[K_MAX_STEPS + 1]; /* the start, then where each step lands */
    uint8_t hit[K_MAX_STEPS + 1];
    int n;                          /* points in the chain */
} kchain;

static size_t point_name(int point, char *out)
{
    if (point == K_BAR) {
        memcpy(out, "bar", 3);
        return 3;
    }
    if (point == 0) {
        memcpy(out, "off", 3);
        return 3;
    }
    if (point >= 10) {
        out[0] = (char)('0' + point / 10);
        out[1] = (char)('0' + point % 10);
        return 2;
    }
    out[0] = (char)('0' + point);
    return 1;
}

/* One chain as in "13/7*" + "/5": the start, each stop where it hits, and the end. */
static size_t format_chain(const kchain *c, char *out)
{
    size_t len = point_name(c->point[0], out);
    int last = c->n - 1;
    for (int i = 1; i < c->n; i++) {
        if (!c->hit[i] && i != last)
            continue;
        out[len++] = '/';
        len += point_name(c->point[i], out + len);
        if (c->hit[i])
            out[len++] = '*';
    }
    return len;
}

size_t k_format_play(const kstep *steps, int n, char out[K_NOTATION_MAX])
{
    if (n == 0) {
        memcpy(out, "(no play)", 9);
        return 9;
    }
    /* Join the moves of one checker: a step continues the first chain ending where it starts. */
    kchain chains[K_MAX_STEPS];
    int nchains = 0;
    for (int i = 0; i < n; i++) {
        int joined = 0;
        for (int c = 0; c < nchains && !joined; c++) {
            kchain *chain = &chains[c];
            if (chain->point[chain->n - 1] == steps[i].from) {
                chain->point[chain->n] = steps[i].to;
                chain->hit[chain->n] = steps[i].hit;
                chain->n++;
                joined = 1;
            }
        }
        if (!joined) {
            kchain *chain = &chains[nchains++];
            chain->point[0] = steps[i].from;
            chain->hit[0] = 0;
            chain->point[1] = steps[i].to;
            chain->hit[1] = steps[i].hit;
            chain->n = 2;
        }
    }
    /* Stable sort on (-start, -end), as Python's sorted does. */
    for (int i = 1; i < nchains; i++) {
        kchain c = chains[i];
        int j = i;
        for (; j > 0 && (chains[j - 1].point[0] < c.point[0] ||
                         (chains[j - 1].point[0] == c.point[0] &&
                          chains[j - 1].point[chains[j - 1].n - 1] < c.point[c.n - 1]));
             j--)
            chains[j] = chains[j - 1];
        chains[j] = c;
    }
    /* collections.Counter: distinct texts in order of first appearance, with their counts. */
    char text[K_MAX_STEPS][K_NOTATION_MAX];
    size_t tlen[K_MAX_STEPS];
    int count[K_MAX_STEPS], ntexts = 0;
    for (int c = 0; c < nchains; c++) {
        char t[K_NOTATION_MAX];
        size_t len = format_chain(&chains[c], t);
        int seen = -1;
        for (int k = 0; k < ntexts && seen < 0; k++)
            if (tlen[k] == len && memcmp(text[k], t, len) == 0)
                seen = k;
        if (seen >= 0) {
            count[seen]++;
        } else {
            memcpy(text[ntexts], t, len);
            tlen[ntexts] = len;
            count[ntexts++] = 1;
        }
    }
    size_t len = 0;
    for (int k = 0; k < ntexts; k++) {
        if (k)
            out[len++] = ' ';
        memcpy(out + len, text[k], tlen[k]);
        len += tlen[k];
        if (count[k] > 1) {
            out[len++] = '(';
            out[len++] = (char)('0' + count[k]);
            out[len++] = ')';
        }
    }
    return len;
}

/* ---- protobuf ------------------------------------------------------------- */

/* Field tags: (number << 3) | wire type (0 varint, 2 length-delimited). */
enum {
    TAG_PLAYS = 1 << 3 | 2,      /* ListLegalPlaysResponse.plays */
    TAG_PLAY_COUNT = 2 << 3 | 0, /* ListLegalPlaysResponse.play_count */
    TAG_MOVES = 1 << 3 | 2,      /* Play.moves */
    TAG_NOTATION = 2 << 3 | 2,   /* Play.notation */
    TAG_RESULT = 3 << 3 | 2,     /* Play.result */
    TAG_FROM = 1 << 3 | 0,       /* CheckerMove.from_point */
    TAG_TO = 2 << 3 | 0,         /* CheckerMove.to_point */
    TAG_HIT = 3 << 3 | 0,        /* CheckerMove.hit */
    TAG_BOARD = 1 << 3 | 2,      /* Position.board */
    TAG_TURN = 2 << 3 | 0,       /* Position.turn */
    TAG_POINTS = 1 << 3 | 2,     /* Board.points, packed */
    TAG_WHITE_BAR = 2 << 3 | 0,
    TAG_BLACK_BAR = 3 << 3 | 0,
    TAG_WHITE_OFF = 4 << 3 | 0,
    TAG_BLACK_OFF = 5 << 3 | 0,
    COLOR_WHITE = 1,
    COLOR_BLACK = 2,
};

static size_t put_varint(uint8_t *out, uint64_t value)
{
    size_t n = 0;
    while (value >= 0x80) {
        out[n++] = (uint8_t)(value | 0x80);
        value >>= 7;
    }
    out[n++] = (uint8_t)value;
    return n;
}

/* A varint field, left out when zero as proto3 does for scalars. */
static size_t put_uint_field(uint8_t *out, int tag, unsigned value)
{
    if (!value)
        return 0;
    out[0] = (uint8_t)tag;
    return 1 + put_varint(out + 1, value);
}

/* The point of the fixed numbering (from White's side) of a mover's point. */
static unsigned wire_point(int point, int black)
{
    return (unsigned)(black ? K_BAR - point : point);
}

static size_t put_move(uint8_t *out, kstep s, int black)
{
    uint8_t body[8];
    size_t len = put_uint_field(body, TAG_FROM, wire_point(s.from, black));
    len += put_uint_field(body + len, TAG_TO, wire_point(s.to, black));
    len += put_uint_field(body + len, TAG_HIT, s.hit);
    out[0] = TAG_MOVES;
    out[1] = (uint8_t)len;
    memcpy(out + 2, body, len);
    return 2 + len;
}

/*
 * Position{board, turn}: the result of a play seen from White (the wire
 * board), the mover's opponent on roll.  Boards hold at most 15 checkers a
 * side, so every varint here is one byte.
 */
static size_t put_position(uint8_t *out, const int8_t *b, int black)
{
    int8_t cells[K_SLOTS];
    for (int i = 0; i < K_SLOTS; i++)
        cells[i] = black ? (int8_t)-b[K_BAR - i] : b[i];
    uint8_t board[64];
    size_t len = 0;
    board[len++] = TAG_POINTS;
    board[len++] = 24;
    int white = 0, blacks = 0;
    for (int p = 1; p <= 24; p++) {
        int n = cells[p];
        board[len++] = (uint8_t)(n >= 0 ? 2 * n : -2 * n - 1); /* sint32: zigzag */
        if (n > 0)
            white += n;
        else
            blacks -= n;
    }
    int white_bar = cells[K_BAR], black_bar = -cells[0];
    len += put_uint_field(board + len, TAG_WHITE_BAR, (unsigned)white_bar);
    len += put_uint_field(board + len, TAG_BLACK_BAR, (unsigned)black_bar);
    len += put_uint_field(board + len, TAG_WHITE_OFF, (unsigned)(K_CHECKERS - white_bar - white));
    len += put_uint_field(board + len, TAG_BLACK_OFF, (unsigned)(K_CHECKERS - black_bar - blacks));
    size_t n = 0;
    out[n++] = TAG_BOARD;
    out[n++] = (uint8_t)len;
    memcpy(out + n, board, len);
    n += len;
    out[n++] = TAG_TURN;
    out[n++] = black ? COLOR_WHITE : COLOR_BLACK;
    return n;
}

/* One Play message (its body, without the tag and length in front). */
static size_t put_play(uint8_t *out, const int8_t *result, const kstep *steps, int nsteps,
                       int black, unsigned parts)
{
    size_t len = 0;
    for (int i = 0; i < nsteps; i++)
        len += put_move(out + len, steps[i], black);
    char text[K_NOTATION_MAX];
    size_t tlen = k_format_play(steps, nsteps, text);
    out[len++] = TAG_NOTATION;
    out[len++] = (uint8_t)tlen;
    memcpy(out + len, text, tlen);
    len += tlen;
    if (parts & K_WIRE_RESULT) {
        uint8_t position[K_WIRE_PLAY_MAX];
        size_t plen = put_position(position, result, black);
        out[len++] = TAG_RESULT;
        out[len++] = (uint8_t)plen;
        memcpy(out + len, position, plen);
        len += plen;
    }
    return len;
}

size_t k_wire_plays_bound(size_t count)
{
    /* Each play fits K_WIRE_PLAY_MAX with its tag and length; then the count field. */
    return count * K_WIRE_PLAY_MAX + 16;
}

size_t k_wire_plays(const kresult *r, int black, unsigned parts, uint8_t *out)
{
    size_t len = 0;
    if (parts & K_WIRE_PLAYS) {
        for (size_t k = 0; k < r->count; k++) {
            const kplay *p = kresult_play(r, k);
            uint8_t body[K_WIRE_PLAY_MAX];
            size_t blen = put_play(body, p->board.b, p->steps, p->used, black, parts);
            out[len++] = TAG_PLAYS;
            len += put_varint(out + len, blen);
            memcpy(out + len, body, blen);
            len += blen;
        }
    }
    if (parts & K_WIRE_COUNT)
        len += put_uint_field(out + len, TAG_PLAY_COUNT, (unsigned)r->count);
    return len;
}

/* ---- reading the common listing request ------------------------------------ */

/*
 * Only the few shapes an encoder writes for this request are accepted, so a
 * byte that is not one of the expected tags, or a length or number that
 * needs a second byte, ends the reading with 0: that is never a wrong
 * answer, only the full decoder's turn.
 */

/* A one-byte varint at *p (within end); -1 when there is none. */
static int read_byte_varint(const uint8_t **p, const uint8_t *end)
{
    if (*p >= end || **p >= 0x80)
        return -1;
    return *(*p)++;
}

/* PositionId: id (field 1, 14 bytes) and turn (field 2), each once. */
static int read_position_id(const uint8_t *p, const uint8_t *end, klisting *out)
{
    int seen = 0;
    while (p < end) {
        const uint8_t tag = *p++;
        if (tag == (1 << 3 | 2) && !(seen & 1)) {
            if (read_byte_varint(&p, end) != 14 || end - p < 14)
                return 0;
            memcpy(out->id, p, 14);
            p += 14;
            seen |= 1;
        } else if (tag == (2 << 3 | 0) && !(seen & 2)) {
            if ((out->turn = read_byte_varint(&p, end)) < 0)
                return 0;
            seen |= 2;
        } else {
            return 0;
        }
    }
    return seen == 3;
}

/* Dice: die1 (field 1) and die2 (field 2), each once. */
static int read_dice(const uint8_t *p, const uint8_t *end, klisting *out)
{
    int seen = 0;
    while (p < end) {
        const uint8_t tag = *p++;
        if (tag == (1 << 3 | 0) && !(seen & 1)) {
            if ((out->die1 = read_byte_varint(&p, end)) < 0)
                return 0;
            seen |= 1;
        } else if (tag == (2 << 3 | 0) && !(seen & 2)) {
            if ((out->die2 = read_byte_varint(&p, end)) < 0)
                return 0;
            seen |= 2;
        } else {
            return 0;
        }
    }
    return seen == 3;
}

/* A length-delimited field's body at *p: sets *body_end; 0 if it overruns. */
static int read_body(const uint8_t **p, const uint8_t *end, const uint8_t **body_end)
{
    const int len = read_byte_varint(p, end);
    if (len < 0 || end - *p < len)
        return 0;
    *body_end = *p + len;
    return 1;
}

int k_read_listing(const uint8_t *in, size_t n, klisting *out)
{
    const uint8_t *p = in, *end = in + n, *body_end;
    int seen = 0;
    out->view = 0;
    while (p < end) {
        const uint8_t tag = *p++;
        if (tag == (1 << 3 | 2) && !(seen & 1)) {
            /* PositionInput holding only its position_id (field 2). */
            const uint8_t *inner_end;
            if (!read_body(&p, end, &body_end) || p >= body_end || *p++ != (2 << 3 | 2) ||
                !read_body(&p, body_end, &inner_end) || inner_end != body_end ||
                !read_position_id(p, inner_end, out))
                return 0;
            seen |= 1;
        } else if (tag == (2 << 3 | 2) && !(seen & 2)) {
            if (!read_body(&p, end, &body_end) || !read_dice(p, body_end, out))
                return 0;
            seen |= 2;
        } else if (tag == (3 << 3 | 0) && !(seen & 4)) {
            if ((out->view = read_byte_varint(&p, end)) < 0)
                return 0;
            seen |= 4;
            continue;
        } else {
            return 0;
        }
        p = body_end;
    }
    return (seen & 3) == 3;
}
