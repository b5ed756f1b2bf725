/*
 * The network's forward pass with the finished-game rules around it:
 * gammond/engine/bot/neural.py score_boards, one board at a time, by the
 * race network instead where the board's contact input is 0 and there is one, and by
 * the bearing network where one side is bearing off in contact and there is one.
 *
 * neural.py (numpy) is the reference and the test oracle.  The hidden layer
 * is summed over the inputs that are not zero only: about 46 of the 220 on a
 * real board, since most inputs are point-occupancy flags.  numpy's matrix
 * product adds in another order, so the two agree to float32 rounding (a
 * few parts in 10^7), not bit for bit.  Everything after the network
 * (clipping, the consistency of gammons with wins, exact outcomes of
 * finished games) is done in double, as the reference does.
 *
 * Any int8 board gives an answer without undefined behaviour, as for
 * k_encode_features.
 */
#include "kernel.h"

#include <math.h>

/* As network.sigmoid: clipped so expf never overflows, all in float. */
static float sigmoid(float x)
{
    if (x < -40.0f)
        x = -40.0f;
    else if (x > 40.0f)
        x = 40.0f;
    return 1.0f / (1.0f + expf(-x));
}

/*
 * Hidden units summed 32 at once, in GCC's (and clang's) portable vectors of
 * eight floats: the block's accumulators stay in registers (one a vector
 * with AVX2, two without).
 */
typedef float vfloat __attribute__((vector_size(32)));
enum { LANES = 8, VECTORS = 4, BLOCK = LANES * VECTORS };

/* An unaligned load (numpy only promises float alignment), as a macro: a function
   returning a 32-byte vector would change the ABI on machines without AVX. */
#define LOAD(dst, p) memcpy(&(dst), (p), sizeof(vfloat))

typedef int32_t vint __attribute__((vector_size(32)));

/*
 * sigmoid() on eight lanes at once.  The hidden layer's sigmoids, one expf
 * call per unit, took most of a wide network's forward pass; this keeps
 * them in vector registers.  exp(t) = 2^n * e^r with n = round(t / ln 2)
 * and |r| <= ln(2) / 2, ln 2 split in two so r is exact to float rounding,
 * and e^r by its Taylor polynomial to r^7 (truncation under 2e-8, within
 * float rounding).  It takes and gives floats in memory, not a vector by
 * value, for the reason LOAD is a macro; inlined into each target clone.
 */
static inline void vsigmoid(const float *in, float *out)
{
    vfloat x;
    LOAD(x, in);
    /* Clipped to [-40, 40] as sigmoid() is; a comparison gives -1 in the lanes where it holds. */
    const vint low = x < -40.0f, high = x > 40.0f;
    x = (vfloat)((~low & ~high & (vint)x) | (low & (vint)(x * 0.0f - 40.0f)) | (high & (vint)(x * 0.0f + 40.0f)));
    const vfloat t = -x;
    /* n = round(t / ln 2): add a half with t's sign, then truncate. */
    const vfloat scaled = t * 1.44269504088896341f;
    const vint half = (vint)(scaled * 0.0f + 0.5f) | ((vint)scaled & INT32_MIN);
    const vint n = __builtin_convertvector(scaled + (vfloat)half, vint);
    const vfloat nf = __builtin_convertvector(n, vfloat);
    const vfloat r = (t - nf * 0.693145751953125f) - nf * 1.428606765330187e-06f;
    vfloat e = r * (1.0f / 5040.0f) + 1.0f / 720.0f;
    e = e * r + 1.0f / 120.0f;
    e = e * r + 1.0f / 24.0f;
    e = e * r + 1.0f / 6.0f;
    e = e * r + 0.5f;
    e = e * r + 1.0f;
    e = e * r + 1.0f;
    /* 2^n, built in the exponent bits: |n| <= 58, inside a float's normal range. */
    const vfloat scale = (vfloat)((n + 127) << 23);
    const vfloat result = 1.0f / (1.0f + e * scale);
    memcpy(out, &result, sizeof result);
}

/*
 * One board's outputs from its inputs.  `hidden` holds net->hidden floats;
 * net->w2t is w2 transposed (5 rows of net->hidden), so each output is one
 * contiguous dot product.  Built twice with GCC on x86-64, for AVX2 and for
 * any x86-64, the loader picking one; both add lane by lane in the same
 * order (and ISO C mode fuses no multiply-add), so they give the same bits.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
static void forward(const knet *net, const float *inputs, float *hidden, double out[5])
{
    const float *w2t = net->w2t;
    const int width = net->hidden;
    /* The inputs that are not zero: most are point-occupancy flags. */
    int index[K_FEATURE_INPUTS];
    float value[K_FEATURE_INPUTS];
    int live = 0;
    for (int i = 0; i < K_FEATURE_INPUTS; i++) {
        if (inputs[i] != 0.0f) {
            index[live] = i;
            value[live++] = inputs[i];
        }
    }
    int j = 0;
    for (; j + BLOCK <= width; j += BLOCK) {
        vfloat acc[VECTORS];
        for (int v = 0; v < VECTORS; v++)
            LOAD(acc[v], net->b1 + j + v * LANES);
        for (int k = 0; k < live; k++) {
            const vfloat x = value[k] - (vfloat){0.0f}; /* every lane value[k] */
            const float *row = net->w1 + (size_t)index[k] * (size_t)width + j;
            for (int v = 0; v < VECTORS; v++) {
                vfloat w;
                LOAD(w, row + v * LANES);
                acc[v] += x * w;
            }
        }
        memcpy(hidden + j, acc, sizeof acc);
        for (int v = 0; v < VECTORS; v++)
            vsigmoid(hidden + j + v * LANES, hidden + j + v * LANES);
    }
    for (; j < width; j++) {
        float acc = net->b1[j];
        for (int k = 0; k < live; k++)
            acc += value[k] * net->w1[(size_t)index[k] * (size_t)width + j];
        hidden[j] = sigmoid(acc);
    }
    for (int k = 0; k < 5; k++) {
        const float *row = w2t + (size_t)k * (size_t)width;
        vfloat acc = {0.0f};
        int u = 0;
        for (; u + LANES <= width; u += LANES) {
            vfloat h, w;
            LOAD(h, hidden + u);
            LOAD(w, row + u);
            acc += h * w;
        }
        float sum = 0.0f;
        for (int lane = 0; lane < LANES; lane++)
            sum += acc[lane];
        for (; u < width; u++)
            sum += hidden[u] * row[u];
        out[k] = sigmoid(net->b2[k] + sum);
    }
}

static double clip01(double v)
{
    return v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
}

/* batch.consistent for one row. */
static void make_consistent(double p[5], int mine_off, int their_off)
{
    for (int k = 0; k < 5; k++)
        p[k] = clip01(p[k]);
    p[1] = fmin(p[1], p[0]);
    p[2] = fmin(p[2], p[1]);
    p[3] = fmin(p[3], 1.0 - p[0]);
    p[4] = fmin(p[4], p[3]);
    if (their_off > 0)
        p[1] = p[2] = 0.0;
    if (mine_off > 0)
        p[3] = p[4] = 0.0;
}

void k_transpose_w2(const float *w2, int hidden, float *w2t)
{
    for (int j = 0; j < hidden; j++)
        for (int k = 0; k < 5; k++)
            w2t[k * hidden + j] = w2[j * 5 + k];
}

void k_checkers_on(const int8_t *b, int *mine, int *theirs)
{
    *mine = *theirs = 0;
    for (int i = 1; i < K_SLOTS; i++)
        *mine += b[i] > 0 ? b[i] : 0;
    for (int i = 0; i < K_SLOTS - 1; i++)
        *theirs -= b[i] < 0 ? b[i] : 0;
}

void k_won_outcome(const int8_t *b, int their_off, double p[5])
{
    int stuck = b[0] < 0;
    for (int i = 1; i <= 6; i++)
        stuck |= b[i] < 0;
    p[0] = 1.0;
    p[1] = their_off == 0;
    p[2] = their_off == 0 && stuck;
    p[3] = p[4] = 0.0;
}

int k_is_bearing(const int8_t *b)
{
    /* The player on roll's checkers are positive on 1..25 (25 the bar), home 1..6; the
       other's negative on 0..24 (0 the bar), home 19..24. */
    int mine_out = 0, theirs_out = 0;
    for (int i = 7; i <= K_BAR; i++)
        mine_out |= b[i] > 0;
    for (int i = 0; i <= 18; i++)
        theirs_out |= b[i] < 0;
    return !mine_out || !theirs_out;
}

void k_score_one(const knet *net, const int8_t *b, double p[5], float *inputs, float *hidden)
{
    int mine_on, theirs_on;
    k_checkers_on(b, &mine_on, &theirs_on);
    const int mine_off = K_CHECKERS - mine_on, their_off = K_CHECKERS - theirs_on;
    if (their_off == K_CHECKERS) {
        /* Lost: a gammon when none of ours is off; a backgammon when, besides,
           one of ours is on the bar or in the winner's home (our 19..24). */
        int stuck = b[K_BAR] > 0;
        for (int i = 19; i <= 24; i++)
            stuck |= b[i] > 0;
        p[0] = p[1] = p[2] = 0.0;
        p[3] = mine_off == 0;
        p[4] = mine_off == 0 && stuck;
    } else if (mine_off == K_CHECKERS) {
        k_won_outcome(b, their_off, p);
    } else {
        k_encode_features(b, 1, inputs);
        /* The contact input is 0 in a race: the race network's, where there is one; a
           bear-off still in contact is the bearing network's, where there is one. */
        const knet *scorer = net;
        if (inputs[K_FEATURE_INPUTS - 2] == 0.0f) {
            if (net->race)
                scorer = net->race;
        } else if (net->bearing && k_is_bearing(b)) {
            scorer = net->bearing;
        }
        forward(scorer, inputs, hidden, p);
        make_consistent(p, mine_off, their_off);
    }
}

void k_score_boards(const knet *net, const int8_t *boards, size_t n, double *out, float *scratch)
{
    float *inputs = scratch, *hidden = scratch + K_FEATURE_INPUTS;
    for (size_t r = 0; r < n; r++)
        k_score_one(net, boards + r * K_SLOTS, out + r * 5, inputs, hidden);
}
