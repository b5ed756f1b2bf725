/*
 * gammond's compiled move-generation kernel: the pure-C part.
 *
 * Nothing in this header or in search.c, posid.c and
 * features.c touches Python, so the search can run with the GIL released
 * and the sanitizer build can exercise it like any other C code.  module.c
 * is the only file that knows about Python objects.
 *
 * The board is the one of gammond/engine/position.py: 26 signed counts seen from
 * the player on roll, slot 25 their bar, slot 0 the opponent's bar
 * (stored <= 0).  A step is (from, to, hit) with 25 the bar and 0 off.
 * Boards must pass Position's checks (module.c makes sure), which keeps
 * every count within -15..15 and every point index in range.
 *
 * Every function here gives what gammond/engine/movegen.py (or gammond/engine/ids.py and
 * gammond/engine/turn.py) gives: the same results in the same order; see
 * docs/architecture.md for how that is kept so.
 */
#ifndef GAMMOND_KERNEL_H
#define GAMMOND_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum {
    K_SLOTS = 26,
    K_BAR = 25,
    K_CHECKERS = 15,
    K_MAX_STEPS = 4,
    /* One die gives at most one step from each occupied point: 15. */
    K_MAX_SINGLE = 16,
    /* Plays held without touching the heap; most rolls have far fewer. */
    K_INLINE_PLAYS = 128,
};

typedef struct {
    uint8_t from, to, hit;
} kstep;

/* One step made on a board (movegen._make): the checker moves, a blot hit goes to the bar. */
static inline void kstep_make(int8_t *b, kstep s)
{
    b[s.from] -= 1;
    if (s.to) {
        if (s.hit) {
            b[s.to] = 1;
            b[0] -= 1;
        } else {
            b[s.to] += 1;
        }
    }
}

/* A board padded to 32 bytes: it hashes and compares as four words. */
typedef union {
    int8_t b[32];
    uint64_t w[4];
} kboard;

/* The hash of a board for the open-addressing tables (search.c, turn.c). */
static inline size_t kboard_hash(const kboard *k)
{
    uint64_t h = k->w[0] * 0x9E3779B97F4A7C15ull;
    h ^= k->w[1] * 0xC2B2AE3D27D4EB4Full;
    h ^= k->w[2] * 0x165667B19E3779F9ull;
    h ^= k->w[3] * 0xD6E8FEB86659FD93ull;
    return (size_t)(h ^ (h >> 31));
}

static inline int kboard_equal(const kboard *a, const kboard *b)
{
    return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] && a->w[3] == b->w[3];
}

typedef struct {
    kboard board;
    kstep steps[K_MAX_STEPS];
    uint8_t used;     /* dice the recorded steps use */
    uint64_t order;   /* sort key of the canonical steps */
} kplay;

/* A play's place in `plays` fits in this many bits; no roll has more than a few thousand results. */
#define K_INDEX_BITS 22

/*
 * The plays of one roll: an insertion-ordered array plus an open-addressing
 * index on the resulting board, and once sorted, the final order as keys
 * (sort key << K_INDEX_BITS | place in `plays`).  Starts in the inline
 * buffers and moves to the heap only when a roll has many distinct results
 * (big doubles).
 */
typedef struct {
    kplay *plays;
    size_t count, cap;
    int32_t *index;   /* slot -> position in plays, or -1 */
    size_t mask;      /* index has mask + 1 slots, a power of two */
    uint64_t *sorted; /* count keys, in the final order */
    int most;         /* dice used by every kept play */
    kplay inline_plays[K_INLINE_PLAYS];
    int32_t inline_index[2 * K_INLINE_PLAYS];
    uint64_t inline_sorted[K_INLINE_PLAYS];
} kresult;

/* Status codes of the functions below. */
enum { K_OK = 0, K_NOMEM = -1 };

void kresult_init(kresult *r);
/* Frees what the table took from the heap; kresult_init before reusing it. */
void kresult_free(kresult *r);
/* The k-th play in the final order, after k_generate. */
static inline const kplay *kresult_play(const kresult *r, size_t k)
{
    return &r->plays[r->sorted[k] & ((UINT64_C(1) << K_INDEX_BITS) - 1)];
}

/* Rebuilds the index after k_generate has filtered the plays. */
void kresult_reindex(kresult *r);
/*
 * Double an open-addressing table of `count` items of `size` bytes: new
 * arrays of twice `*cap` items and an index of twice that (left for the
 * caller to fill), the old ones freed unless they are the inline ones.
 * K_NOMEM past `limit` items or when memory runs out (the table unchanged).
 */
int ktable_grow(void **items, int32_t **index, size_t *cap, size_t count, size_t size,
                const void *inline_items, const int32_t *inline_index, size_t limit);
/* The kept play whose result is `board`, or NULL (after kresult_reindex). */
const kplay *kresult_find(const kresult *r, const kboard *board);

/* Every single-checker move of `die` legal on its own, highest source first. */
int k_single_steps(const int8_t *board, int die, kstep out[K_MAX_SINGLE]);

/*
 * gammond.engine.movegen.generate: fills `out` (initialised by the caller) with the
 * distinct legal plays in their final order.  K_OK or K_NOMEM.  The index
 * is left stale; call kresult_reindex before kresult_find.
 */
int k_generate(const int8_t board[K_SLOTS], int die1, int die2, kresult *out);

/* Position IDs (gammond/engine/ids.py).  `text` gets 14 characters and a NUL. */
void k_encode_position_id(const int8_t board[K_SLOTS], char text[15]);

typedef enum {
    KID_OK = 0,
    KID_NOT_BASE64,      /* a character outside A-Z a-z 0-9 + / */
    KID_OUT_OF_BITS,     /* the 80 bits end before both sides do */
    KID_STRAY_BITS,      /* one-bits after both sides */
    KID_TOO_MANY_THEIRS, /* *detail = the opponent's checker count */
    KID_TOO_MANY_MINE,   /* *detail = the player on roll's count */
    KID_SHARED_POINT,    /* *detail = the point both players hold */
} kid_status;

kid_status k_decode_position_id(const char text[14], int8_t board[K_SLOTS], int *detail);

/* The bot's network inputs (gammond/engine/bot/features.py): sizes must match SIDE_INPUTS, INPUTS. */
enum {
    K_FEATURE_SIDE = 24 * 4 + 3 + 10,
    K_FEATURE_INPUTS = 2 * K_FEATURE_SIDE + 2,
};

/*
 * gammond.engine.bot.features.encode: `n` boards of K_SLOTS bytes each into `n` rows
 * of K_FEATURE_INPUTS floats.  Any byte values are safe; only boards Position
 * accepts have a meaning.
 */
void k_encode_features(const int8_t *boards, size_t n, float *out);

/*
 * The network's weights, row-major float32: w1 is K_FEATURE_INPUTS x hidden, w2 hidden x 5,
 * and w2t, w2 transposed (5 x hidden, from k_transpose_w2), which the forward pass reads.
 * `prune` (NULL for none) is a cheaper network the searches (ply.c) rank a roll's plays
 * with first: only its K_PRUNE_KEEP best are then scored by this one.  `race` (NULL for
 * none) is the network that scores a position with no contact left instead of this one;
 * `bearing` (NULL for none) the one that scores a position still in contact where one
 * side has every checker home or off (k_is_bearing).
 */
typedef struct knet {
    const float *w1, *b1, *w2, *b2, *w2t;
    int hidden;
    const struct knet *prune, *race, *bearing;
} knet;

/* gammond.engine.bot.features.bearing for a board still in contact: one side has every
   checker in its home board or off (none on the bar). */
int k_is_bearing(const int8_t *board);

/* Plays of a roll a pruning network passes on to the full one (search.PRUNE_KEEP). */
enum { K_PRUNE_KEEP = 2 };

/*
 * gammond.engine.bot.neural.score_boards (net.c), with the race network for races and the
 * bearing network for bear-offs in contact:
 * `n` boards into `n` rows of 5 doubles (win, win gammon, win backgammon, lose gammon,
 * lose backgammon).  `scratch` holds K_FEATURE_INPUTS + the widest hidden layer among net, net->prune, net->race and net->bearing floats.
 */
void k_score_boards(const knet *net, const int8_t *boards, size_t n, double *out, float *scratch);
/* w2 (hidden x 5) transposed into w2t (5 x hidden). */
void k_transpose_w2(const float *w2, int hidden, float *w2t);
/* batch.checkers_off as checkers still on the board: the player on roll's (positive, on
   1..25) and the other's (negative, on 0..24). */
void k_checkers_on(const int8_t *board, int *mine, int *theirs);
/* batch.won_outcomes for a board whose player on roll has borne all off. */
void k_won_outcome(const int8_t *board, int their_off, double p[5]);
/* The same as k_score_boards for one board; `inputs` and `hidden` scratch of
   K_FEATURE_INPUTS and the widest hidden layer among net, net->prune, net->race and net->bearing floats. */
void k_score_one(const knet *net, const int8_t *board, double p[5], float *inputs, float *hidden);

/* The exact one-sided bear-off database (gammond/engine/bot/bearoff.py), in numpy's layout. */
enum {
    K_BEAROFF_POINTS = 6,
    K_BEAROFF_POSITIONS = 54264,
    K_BEAROFF_ROLLS = 32,
    K_BEAROFF_RANKS = 6 * 16 * 17, /* _rank_table(): points x checkers left x count */
};
typedef struct {
    const double *off, *first; /* K_BEAROFF_POSITIONS x K_BEAROFF_ROLLS */
    const int64_t *rank;       /* K_BEAROFF_RANKS */
} kbearoff;

/*
 * search.on_roll_values(boards, plies=1) with the shipped evaluator (ply.c): for each
 * board of the player on roll, before rolling, the average over the 21 rolls of the
 * mover's probabilities after their best play by 0-ply money equity, the network's
 * (or, both sides home, the database's) view; with net->prune, the best of the
 * K_PRUNE_KEEP plays the pruning network ranks first; races scored by net->race
 * and bear-offs in contact by net->bearing where there are those.  `scratch` holds K_FEATURE_INPUTS + the widest hidden layer among net, net->prune, net->race and net->bearing floats.
 * K_OK or K_NOMEM.
 */
int k_rolled_values(const knet *net, const kbearoff *db, const int8_t *boards, size_t n, double *out,
                    float *scratch);

/*
 * Rollout trials in one call (ply.c): game r starts from board r (its player on roll,
 * before rolling) and uses dice[r][h] (two bytes, 1..6) on half-move h, each side
 * making its best 0-ply play as k_rolled_values ranks them (pruned as it prunes, with
 * net->prune; the rollouts of gammond/engine/bot/model.py pass none).  out[r] gets the outcome
 * for board r's player on roll: the game's result when it ends within `half_moves`,
 * else the evaluator's probabilities of the position reached (a truncated trial).
 * `scratch` as for k_rolled_values.  K_OK or K_NOMEM.
 */
int k_play_out(const knet *net, const kbearoff *db, const int8_t *boards, size_t n, const uint8_t *dice,
               size_t half_moves, double *out, float *scratch);

/*
 * The plays of a roll as protobuf bytes (wire.c): the fields of
 * backgammon.v1.ListLegalPlaysResponse named by `parts`.
 */
enum {
    K_WIRE_PLAYS = 1,  /* the plays: moves and notation */
    K_WIRE_RESULT = 2, /* each play's result (with K_WIRE_PLAYS) */
    K_WIRE_COUNT = 4,  /* play_count */
    /* Room for one play's text and one play's bytes, tag and length included. */
    K_NOTATION_MAX = 64,
    K_WIRE_PLAY_MAX = 160,
};

/* gammond.engine.notation.format_moves of a play's steps; returns the length (no NUL). */
size_t k_format_play(const kstep *steps, int n, char out[K_NOTATION_MAX]);
/* Bytes that k_wire_plays may write for `count` plays. */
size_t k_wire_plays_bound(size_t count);
/*
 * Writes the plays of `r` (after k_generate) into `out`, which has room for
 * k_wire_plays_bound(r->count) bytes, and returns the length.  `black`: the
 * mover is Black, so points are mirrored into the fixed numbering.
 */
size_t k_wire_plays(const kresult *r, int black, unsigned parts, uint8_t *out);

/* What k_read_listing reads from a ListLegalPlaysRequest. */
typedef struct {
    char id[14]; /* position.position_id.id: 14 bytes, not NUL-terminated */
    int turn;    /* position.position_id.turn (Color) */
    int die1, die2;
    int view; /* PlayView; 0 when absent */
} klisting;

/*
 * Reads a ListLegalPlaysRequest in its common form: the position as a
 * Position ID with its turn, the dice, and optionally the view, each field
 * once and every number in one byte, nothing else.  Returns 1 and fills
 * `out` when the `n` bytes at `in` are exactly that, 0 for anything else
 * (any other form, repeated or unknown fields, bytes that are not a
 * message): the caller then decodes the message in full.  Values are not
 * checked; the ID is 14 bytes, maybe not base64.
 */
int k_read_listing(const uint8_t *in, size_t n, klisting *out);

/*
 * gammond.engine.turn.turn_options (turn.c): the moves allowed after `made`
 * (nmade steps, of which only from and to are read) with the dice each uses.
 */
enum {
    /* Options of one turn: at most 15 sources a die, one option per source and
       hop count, in at most two states; far more than any turn has. */
    K_TURN_MAX_OPTIONS = 256,
    /* Leave the answer to the reference: `made` is not the start of a legal
       play, or the reference's choice depends on Python's set order (turn.c). */
    K_TURN_ASK = -2,
};

typedef struct {
    kstep steps[K_MAX_STEPS]; /* the hops, in order */
    uint8_t dice[K_MAX_STEPS]; /* the die of each hop */
    uint8_t left[K_MAX_STEPS]; /* the dice left after it, highest first */
    uint8_t nsteps, nleft;
    uint8_t state; /* turn.c's bookkeeping */
} koption;

typedef struct {
    int8_t board[K_SLOTS]; /* after the moves made */
    uint8_t left[K_MAX_STEPS];
    int nleft;
    int complete;
    size_t plays_left;
    int noptions;
    koption options[K_TURN_MAX_OPTIONS]; /* in the reference's order */
} kturn;

/* Fills `out`; K_OK, K_NOMEM or K_TURN_ASK (then `out` means nothing). */
int k_turn_options(const int8_t board[K_SLOTS], int die1, int die2, const kstep *made, int nmade,
                   kturn *out);

/* ---- the field limits' quick check (limits.c) ------------------------------ */

/* Whether the message in raw[0..n) has every string and repeated field
   within its limit, by `plan` (int32s, written by gammond/server/limits.py):
   plan[0] is the number of message types, plan[1 + t] where type t's table
   starts; a table is its field count F, its largest field number N, N + 1
   indexes into its entries by field number (-1: nothing to check), then F
   entries of (number, kind, items allowed, characters allowed, sub-type,
   width of a packed item: 0 varint, 4, 8, -1 never packed).  Type 0 is the
   message's own.  1: it fits, as the Python check would find; 0: not known
   to fit (see limits.c), for the Python check to judge. */
int k_fits(const uint8_t *raw, size_t n, const int32_t *plan, size_t plan_len);

/* ---- Act's moves and resignations on a lean Game's wire bytes (flow.c) -------- */

/* Bytes written by the flow: grown on the heap unless `fixed` (then a failure). */
typedef struct {
    uint8_t *p;
    size_t n, cap;
    int failed, fixed;
} kbuf;

void kbuf_free(kbuf *b);

typedef struct {
    const uint8_t *p;
    size_t n;
} kbytes;

/* The protocol's codes and the answer's constant fields, from the Python encoders. */
typedef struct {
    int phase_moving, phase_before_roll, phase_resignation_offered, phase_cube_offered;
    int kind_move, kind_undo, kind_resign, kind_reject, kind_confirm, kind_play, kind_roll;
    int kind_double, kind_take, kind_drop;
    int event_moved, event_undone, event_resigned, event_turn_ended, event_rolled, event_doubled;
    int event_took;
    int color_white, color_black, source_seeded, source_client, owner_white, owner_black;
    int cube_double; /* CubeAction DOUBLE */
    /* in the log chain's fixed entry encoding */
    int log_kind_resign, log_kind_play, log_kind_roll, log_kind_double, log_kind_take, log_kind_drop;
    uint64_t max_version, max_log;
    kbytes chain_label;
    /* By side (0 White, 1 Black): ListActionsResponse's phase and to_act while moving, and
       its UNDO, CONFIRM and three RESIGN actions as fields; and the whole answer to the
       side's resignation (the other side to accept or reject); and the whole choices of
       the side about to roll, without and with DOUBLE (rolls[2 * side + may double]), and of
       the side answering a double, without and with BEAVER (offers[2 * side + may beaver]). */
    kbytes head[2], undo[2], confirm[2], resigns[2], answers[2], rolls[4], offers[4];
} kflow_consts;

typedef struct {
    kbuf answer; /* the ActResponse */
    kbuf game;   /* the new Game without its output-only fields */
    kbuf whole;  /* the new Game as the answer holds it (for a caller that seals it) */
} kflow_out;

enum { K_FLOW_DECLINE = -3 };

/*
 * Act's MOVE, UNDO, CONFIRM, PLAY, RESIGN, ROLL, DOUBLE, TAKE or DROP (an Action's bytes) on a lean Game (its bytes without
 * the output-only fields, as the server wrote them), answered in the compact
 * view: K_OK and `out` filled (the caller frees its buffers with kbuf_free),
 * K_NOMEM, or K_FLOW_DECLINE for anything else, for the caller's general path.
 * `allowed`: K_FLOW_MAY_* flags, what the cube's rules (kept in Python) allow
 * for CONFIRM and PLAY (the next player's double) and DOUBLE (the double, a beaver);
 * `drop`: the engine's answer to a drop in this Game's context, or NULL (a drop declined).
 */
/* What the cube's rules (in Python) allow, for k_flow_step. */
enum {
    K_FLOW_MAY_DOUBLE_NEXT = 1, /* the next player may double once this turn ends */
    K_FLOW_MAY_DOUBLE_NOW = 2,  /* the player on turn may double now */
    K_FLOW_MAY_BEAVER = 4,      /* the other side may beaver the double offered now */
    K_FLOW_MOVES_VIEW = 8,      /* the answer's choices in ACTIONS_VIEW_MOVES: no plays */
};
/*
 * A drop's answer as the engine writes it for the Game's context (the cube's and the
 * score's rules stay in Python): the new Game's phase, cube and result and its score
 * after (whole fields), the events (ActResponse fields), and the choices
 * (ListActionsResponse bytes) in the compact view and the moves view.
 */
typedef struct {
    kbytes phase, cube, result, score_after, events, choices[2];
} kdrop;
int k_flow_step(const uint8_t *game, size_t ngame, const uint8_t *action, size_t naction,
                const kflow_consts *c, unsigned allowed, const kdrop *drop, kflow_out *out);
/*
 * ListActions on a lean Game: moving, in the full view (`full`) or the compact
 * one; before the roll or answering a double, in any view (`allowed`: what the
 * cube's rules allow, K_FLOW_MAY_DOUBLE_NOW and K_FLOW_MAY_BEAVER). The
 * ListActionsResponse's bytes in `out` (the caller frees it) and K_OK,
 * K_NOMEM, or K_FLOW_DECLINE for the caller's general path.
 */
int k_flow_list(const uint8_t *game, size_t ngame, const kflow_consts *c, int full, unsigned allowed,
                kbuf *out);
/*
 * A message's bytes without its top-level fields whose numbers (below 64) are
 * set in `mask`, and with `insert` (a whole field numbered `number`, or
 * nothing) put before the first field numbered above it: K_OK with the rest in
 * `out` and `*dropped` set when anything changed (else nothing is written),
 * K_NOMEM, or K_FLOW_DECLINE for bytes that are not a message of varint and
 * length-delimited fields.
 */
int k_strip_fields(const uint8_t *in, size_t n, uint64_t mask, kbytes insert, uint32_t number, kbuf *out,
                   int *dropped);
/*
 * A message's top-level fields whose numbers (below 64) are set in `keep`,
 * whole and in their order, in `out` (the caller frees it), and the value of
 * each varint field set in `read` in `values` (by number; 0 when absent):
 * K_OK, K_NOMEM, or K_FLOW_DECLINE for bytes that are not a message of varint
 * and length-delimited fields, or a field in `read` that is not a varint.
 */
int k_pick_fields(const uint8_t *in, size_t n, uint64_t keep, uint64_t read, kbuf *out, uint64_t values[64]);
/*
 * A flat message's fields, numbered 1..`max_number`, each once at most: by
 * number, its wire type in `types` (-1: absent), a varint's value in
 * `values`, a length-delimited field's body in `bodies` (the arrays hold
 * `max_number` + 1 items).  K_OK, or K_FLOW_DECLINE for bytes that are not
 * such a message (another wire type, a number above `max_number`, a number twice).
 */
int k_message_fields(const uint8_t *in, size_t n, uint32_t max_number, kbytes *bodies, uint64_t *values,
                     int *types);

#endif
