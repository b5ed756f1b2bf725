/*
 * The bot's network inputs (gammond/engine/bot/features.py encode), one board at a time.
 *
 * gammond/engine/bot/features.py is the reference: every input here is the number
 * it computes, in the same slot.  Where numpy divides in float64 before
 * storing into the float32 output, so does this file, so the results
 * round the same way; the one sum numpy does in float32 (the shot chance,
 * a BLAS dot product) may differ from this in its last bit or two.
 *
 * Any int8 board gives an answer without undefined behaviour (counts stay
 * small ints, masks fit in 64 bits), even one Position would refuse: the
 * reference does not check boards either.
 */
#include "kernel.h"

enum {
    F_POINTS = 24,
    F_COUNTS = 25, /* points 1..24 on the owner's numbering, then the bar */
};

/* A side's counts on its own numbering and what its features reuse. */
typedef struct {
    int counts[F_COUNTS];
    uint32_t made;   /* bit i: point i + 1 holds two or more */
    int prime;       /* longest run of made points */
    float pips;
} kside;

static int longest_run(uint32_t bits)
{
    int best = 0;
    for (; bits; bits &= bits >> 1)
        best++;
    return best;
}

static void side_init(kside *s)
{
    s->made = 0;
    for (int i = 0; i < F_POINTS; i++)
        if (s->counts[i] >= 2)
            s->made |= UINT32_C(1) << i;
    s->prime = longest_run(s->made);
    int pips = 0;
    for (int i = 0; i < F_COUNTS; i++)
        pips += s->counts[i] * (i + 1);
    s->pips = (float)pips; /* far below 2^24 even for junk boards: exact */
}

/* The distances each of the 21 rolls covers (bit d - 1), and its weight in 36ths. */
typedef struct {
    uint32_t reach[21];
    int weight[21];
} krolls;

/* Built per call rather than once in a static: callers run without the GIL, in parallel. */
static void rolls_init(krolls *rolls)
{
    int row = 0;
    for (int high = 1; high <= 6; high++) {
        for (int low = 1; low <= high; low++) {
            uint32_t reach = 0;
            if (high == low) {
                for (int k = 1; k <= 4; k++)
                    reach |= UINT32_C(1) << (high * k - 1);
            } else {
                reach = (UINT32_C(1) << (high - 1)) | (UINT32_C(1) << (low - 1)) |
                        (UINT32_C(1) << (high + low - 1));
            }
            rolls->reach[row] = reach;
            rolls->weight[row] = high == low ? 1 : 2;
            row++;
        }
    }
}

/*
 * Chance the other side's next roll covers one of `blots` (bit p: a blot on
 * our point p) from `shooters` (bit a: their checker on our point a, 0 their
 * bar), direct and combined, ignoring blocks, as _shot_chance.
 */
static float shot_chance(const krolls *rolls, uint64_t blots, uint64_t shooters)
{
    uint32_t dist = 0;
    for (int d = 1; d <= 24; d++)
        if (blots & (shooters << d))
            dist |= UINT32_C(1) << (d - 1);
    /* The reference sums float32 weights of 1/36 and 2/36 in a BLAS dot product,
       whose order (so its last bit) depends on the machine.  Here the weights
       are counted exactly and divided once: the correctly rounded chance. */
    int units = 0;
    for (int r = 0; r < 21; r++)
        if (rolls->reach[r] & dist)
            units += rolls->weight[r];
    return (float)(units / 36.0);
}

/* _side_inputs(own, other) with _side_extras: K_FEATURE_SIDE floats. */
static void side_inputs(const krolls *rolls, const kside *own, const kside *other, float *out)
{
    const int *points = own->counts;
    const int bar = own->counts[F_POINTS];
    int total = 0, blots = 0, home = 0, outside = 0, anchors = 0, back = bar;
    /* Bit 0 of shooters is their bar; rear is our rearmost point, 25 the bar. */
    uint64_t blot_mask = 0, shooters = other->counts[F_POINTS] > 0;
    int rear = bar > 0 ? 25 : 0;
    for (int i = 0; i < F_POINTS; i++) {
        const int n = points[i];
        out[4 * i] = n >= 1;
        out[4 * i + 1] = n >= 2;
        out[4 * i + 2] = n >= 3;
        out[4 * i + 3] = (float)((n > 3 ? n - 3 : 0) / 2.0);
        total += n;
        if (n == 1) {
            blots++;
            blot_mask |= UINT64_C(1) << (i + 1);
        }
        if (n >= 2 && i < 6)
            home++;
        if (n >= 2 && i >= 18)
            anchors++;
        if (n > 0 && i >= 6)
            outside++;
        if (n > 0 && rear < i + 1)
            rear = i + 1;
        if (i >= 18)
            back += n;
        /* Their point 24 - i is our point i + 1. */
        if (other->counts[F_POINTS - 1 - i] > 0)
            shooters |= UINT64_C(1) << (i + 1);
    }
    total += bar;
    /* Points the other side holds among our points rear - 6 .. rear - 1. */
    int lo = rear - 7 > 0 ? rear - 7 : 0;
    int hi = rear - 1 < 0 ? 0 : rear - 1 > 24 ? 24 : rear - 1;
    int blocked = 0;
    for (int p = lo + 1; p <= hi; p++)
        blocked += (other->made >> (F_POINTS - p)) & 1;
    const int trapped = other->prime >= 4 ? back : 0;

    out[96] = bar >= 1;
    out[97] = (float)(bar / 2.0);
    out[98] = (float)((15 - total) / 15.0);
    float *extra = out + 99;
    extra[0] = own->pips / 167.0f;
    extra[1] = (float)(blots / 5.0);
    extra[2] = shot_chance(rolls, blot_mask, shooters);
    extra[3] = (float)(home / 6.0);
    extra[4] = (float)(own->prime / 6.0);
    extra[5] = (float)(back / 5.0);
    extra[6] = (float)(anchors / 2.0);
    extra[7] = (float)(blocked / 6.0);
    extra[8] = (float)(trapped / 5.0);
    extra[9] = (float)(outside / 10.0);
}

/* contact(): the rearmost checker of the player on roll is behind the opponent's. */
static int has_contact(const int8_t *b)
{
    int my_back = 0, their_back = 25;
    for (int p = K_BAR; p >= 1; p--) {
        if (b[p] > 0) {
            my_back = p;
            break;
        }
    }
    for (int p = 0; p < K_BAR; p++) {
        if (b[p] < 0) {
            their_back = p;
            break;
        }
    }
    return my_back > their_back;
}

static void encode_one(const krolls *rolls, const int8_t *b, float *out)
{
    kside mine, theirs;
    for (int i = 0; i < F_POINTS; i++) {
        mine.counts[i] = b[i + 1] > 0 ? b[i + 1] : 0;
        /* Their point i + 1 stands on our point 24 - i. */
        theirs.counts[i] = b[24 - i] < 0 ? -b[24 - i] : 0;
    }
    mine.counts[F_POINTS] = b[K_BAR];
    theirs.counts[F_POINTS] = -b[0];
    side_init(&mine);
    side_init(&theirs);
    side_inputs(rolls, &mine, &theirs, out);
    side_inputs(rolls, &theirs, &mine, out + K_FEATURE_SIDE);
    out[K_FEATURE_INPUTS - 2] = has_contact(b);
    out[K_FEATURE_INPUTS - 1] = (theirs.pips - mine.pips) / 50.0f;
}

void k_encode_features(const int8_t *boards, size_t n, float *out)
{
    krolls rolls;
    rolls_init(&rolls);
    for (size_t i = 0; i < n; i++)
        encode_one(&rolls, boards + i * K_SLOTS, out + i * K_FEATURE_INPUTS);
}
