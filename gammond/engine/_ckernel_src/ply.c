/*
 * One ply of search in one call: gammond/engine/bot/search.py on_roll_values(boards, 1)
 * with the shipped evaluator (gammond/engine/bot/model.py GammondEvaluator).
 *
 * For each board of the player on roll: each of the 21 rolls is played every
 * legal way (k_generate), each result is scored from the opponent's side
 * (the exact bear-off odds where both sides are home, as GammondEvaluator
 * does, else k_score_one: the race network's in a race, the bearing network's
 * in a bear-off still in contact), the mover keeps
 * the play with the best money equity (the first of equals, in the
 * generator's order, as numpy's argmax), and the
 * 21 values are averaged by the rolls' weights.  search.py is the reference
 * and the test oracle; the two agree to float rounding.
 */
#include "kernel.h"

#include <stdlib.h>

static const int ROLL_WEIGHT_HIGH_LOW[21][3] = {
    {1, 1, 1}, {2, 1, 2}, {2, 2, 1}, {3, 1, 2}, {3, 2, 2}, {3, 3, 1}, {4, 1, 2},
    {4, 2, 2}, {4, 3, 2}, {4, 4, 1}, {5, 1, 2}, {5, 2, 2}, {5, 3, 2}, {5, 4, 2},
    {5, 5, 1}, {6, 1, 2}, {6, 2, 2}, {6, 3, 2}, {6, 4, 2}, {6, 5, 2}, {6, 6, 1},
};

/* bearoff.home_boards: every checker of both sides in play is in its own home board. */
static int both_home(const int8_t *b)
{
    for (int i = 7; i < K_SLOTS; i++)
        if (b[i] > 0)
            return 0;
    for (int i = 0; i < 19; i++)
        if (b[i] < 0)
            return 0;
    return 1;
}

/* bearoff.rank: the index of checker counts on points 1..6. */
static int64_t rank_of(const kbearoff *db, const int counts[K_BEAROFF_POINTS])
{
    int64_t index = 0;
    int left = K_CHECKERS;
    for (int i = 0; i < K_BEAROFF_POINTS; i++) {
        index += db->rank[(i * 16 + left) * 17 + counts[i]];
        left -= counts[i];
    }
    return index;
}

/* BearoffDatabase.probabilities for one board with both sides home. */
static void exact_odds(const kbearoff *db, const int8_t *b, double p[5])
{
    int mine[K_BEAROFF_POINTS], theirs[K_BEAROFF_POINTS];
    for (int i = 0; i < K_BEAROFF_POINTS; i++) {
        mine[i] = b[1 + i] > 0 ? b[1 + i] : 0;
        theirs[i] = b[24 - i] < 0 ? -b[24 - i] : 0;
    }
    const int64_t a = rank_of(db, mine) * K_BEAROFF_ROLLS, o = rank_of(db, theirs) * K_BEAROFF_ROLLS;
    const double *a_off = db->off + a, *a_first = db->first + a;
    const double *b_off = db->off + o, *b_first = db->first + o;
    /* Survival sums P(X >= k), built from the top as numpy's reversed cumsum. */
    double b_off_at_least[K_BEAROFF_ROLLS], b_first_at_least[K_BEAROFF_ROLLS],
        a_first_at_least[K_BEAROFF_ROLLS];
    double s1 = 0.0, s2 = 0.0, s3 = 0.0;
    for (int k = K_BEAROFF_ROLLS - 1; k >= 0; k--) {
        s1 += b_off[k];
        s2 += b_first[k];
        s3 += a_first[k];
        b_off_at_least[k] = s1;
        b_first_at_least[k] = s2;
        a_first_at_least[k] = s3;
    }
    double win = 0.0, gammon = 0.0, lose_gammon = 0.0;
    for (int k = 0; k < K_BEAROFF_ROLLS; k++) {
        win += a_off[k] * b_off_at_least[k];
        gammon += a_off[k] * b_first_at_least[k];
    }
    for (int k = 0; k < K_BEAROFF_ROLLS - 1; k++)
        lose_gammon += b_off[k] * a_first_at_least[k + 1];
    win = win < 0.0 ? 0.0 : win > 1.0 ? 1.0 : win;
    gammon = gammon < 0.0 ? 0.0 : gammon > 1.0 ? 1.0 : gammon;
    lose_gammon = lose_gammon < 0.0 ? 0.0 : lose_gammon > 1.0 ? 1.0 : lose_gammon;
    p[0] = win;
    p[1] = gammon < win ? gammon : win;
    p[2] = 0.0;
    p[3] = lose_gammon < 1.0 - win ? lose_gammon : 1.0 - win;
    p[4] = 0.0;
}

/*
 * GammondEvaluator.evaluate_boards for one board: the database's odds where both
 * sides are home (they replace every number the network would give, so the
 * network is not run), else the network's.
 */
static void evaluate(const knet *net, const kbearoff *db, const int8_t *b, double p[5], float *inputs,
                     float *hidden)
{
    if (both_home(b))
        exact_odds(db, b, p);
    else
        k_score_one(net, b, p, inputs, hidden);
}

/* batch.after_play for one result board (the mover's view): the mover's probabilities. */
static void after_play(const knet *net, const kbearoff *db, const int8_t *result, double p[5], float *inputs,
                       float *hidden)
{
    int mine_on, theirs_on;
    k_checkers_on(result, &mine_on, &theirs_on);
    if (mine_on == 0) {
        k_won_outcome(result, K_CHECKERS - theirs_on, p);
        return;
    }
    int8_t flipped[K_SLOTS];
    for (int i = 0; i < K_SLOTS; i++)
        flipped[i] = (int8_t)-result[K_SLOTS - 1 - i];
    double q[5];
    evaluate(net, db, flipped, q, inputs, hidden);
    p[0] = 1.0 - q[0];
    p[1] = q[3];
    p[2] = q[4];
    p[3] = q[1];
    p[4] = q[2];
}

static double equity(const double p[5])
{
    return 2.0 * p[0] + p[1] + p[2] - p[3] - p[4] - 1.0;
}

/* A call's scratch: the inputs, then a hidden layer as wide as the widest network's. */
typedef struct {
    float *inputs, *hidden;
} kscratch;

static kscratch scratch_of(float *scratch)
{
    return (kscratch){scratch, scratch + K_FEATURE_INPUTS};
}

/*
 * The places (in the generator's order) of the K_PRUNE_KEEP plays with the best
 * money equity by the pruning network, ascending; the first of equals ranks
 * higher, as a stable sort does.  Returns how many (all plays when that few).
 */
static size_t pruned(const knet *net, const kbearoff *db, const kscratch *s, const kresult *result,
                     size_t keep[K_PRUNE_KEEP])
{
    double kept[K_PRUNE_KEEP], value[5];
    size_t count = 0;
    for (size_t k = 0; k < result->count; k++) {
        after_play(net->prune, db, kresult_play(result, k)->board.b, value, s->inputs, s->hidden);
        const double e = equity(value);
        if (count == K_PRUNE_KEEP && !(e > kept[K_PRUNE_KEEP - 1]))
            continue;
        /* Insert by equity, after its equals: they came first. */
        size_t at = count < K_PRUNE_KEEP ? count++ : K_PRUNE_KEEP - 1;
        for (; at > 0 && e > kept[at - 1]; at--) {
            kept[at] = kept[at - 1];
            keep[at] = keep[at - 1];
        }
        kept[at] = e;
        keep[at] = k;
    }
    for (size_t i = 1; i < count; i++)
        for (size_t j = i; j > 0 && keep[j] < keep[j - 1]; j--) {
            const size_t t = keep[j];
            keep[j] = keep[j - 1];
            keep[j - 1] = t;
        }
    return count;
}

/*
 * The mover's best 0-ply play of (d1, d2) from `board`: the first of equal best
 * money equities in the generator's order, as numpy's argmax picks, among every
 * play or, with a pruning network and more plays than it keeps, among the ones it
 * keeps.  Its result board goes to `chosen` (the board itself when nothing can be
 * played) and its value, the mover's probabilities by the full network, to `best`.
 */
static int best_play(const knet *net, const kbearoff *db, const kscratch *s, const int8_t *board, int d1,
                     int d2, kresult *result, int8_t chosen[K_SLOTS], double best[5])
{
    kresult_init(result);
    if (k_generate(board, d1, d2, result) != K_OK) {
        kresult_free(result);
        return K_NOMEM;
    }
    const int8_t *pick = board;
    double value[5], best_equity = 0.0;
    if (result->count == 0)
        after_play(net, db, board, best, s->inputs, s->hidden);
    size_t keep[K_PRUNE_KEEP];
    const size_t count = net->prune && result->count > K_PRUNE_KEEP ? pruned(net, db, s, result, keep)
                                                                     : result->count;
    const int all = count == result->count;
    for (size_t i = 0; i < count; i++) {
        const int8_t *candidate = kresult_play(result, all ? i : keep[i])->board.b;
        after_play(net, db, candidate, value, s->inputs, s->hidden);
        const double e = equity(value);
        if (i == 0 || e > best_equity) {
            best_equity = e;
            pick = candidate;
            memcpy(best, value, sizeof value);
        }
    }
    memcpy(chosen, pick, K_SLOTS);
    kresult_free(result);
    return K_OK;
}

int k_rolled_values(const knet *net, const kbearoff *db, const int8_t *boards, size_t n, double *out,
                    float *scratch)
{
    const kscratch s = scratch_of(scratch);
    kresult *result = malloc(sizeof *result);
    if (!result)
        return K_NOMEM;
    int status = K_OK;
    for (size_t r = 0; r < n && status == K_OK; r++) {
        const int8_t *board = boards + r * K_SLOTS;
        double *sum = out + r * 5;
        int mine_on, theirs_on;
        k_checkers_on(board, &mine_on, &theirs_on);
        if (theirs_on == 0) {
            /* The previous mover has won: exact, nothing to roll. */
            k_score_one(net, board, sum, s.inputs, s.hidden);
            continue;
        }
        for (int k = 0; k < 5; k++)
            sum[k] = 0.0;
        for (int roll = 0; roll < 21 && status == K_OK; roll++) {
            int8_t chosen[K_SLOTS];
            double best[5];
            status = best_play(net, db, &s, board, ROLL_WEIGHT_HIGH_LOW[roll][0], ROLL_WEIGHT_HIGH_LOW[roll][1],
                               result, chosen, best);
            const double weight = ROLL_WEIGHT_HIGH_LOW[roll][2] / 36.0;
            for (int k = 0; k < 5 && status == K_OK; k++)
                sum[k] += weight * best[k];
        }
    }
    free(result);
    return status;
}

/* The mover's probabilities as the other side's. */
static void swap_sides(double p[5])
{
    const double q[5] = {p[0], p[1], p[2], p[3], p[4]};
    p[0] = 1.0 - q[0];
    p[1] = q[3];
    p[2] = q[4];
    p[3] = q[1];
    p[4] = q[2];
}

/*
 * One game from `start` with the given dice, each side playing its best 0-ply play
 * (as k_rolled_values picks it); the outcome for start's player on roll.  Out of
 * dice before the game ends, the position reached is scored by the evaluator: a
 * truncated rollout's trial.
 */
static int play_one(const knet *net, const kbearoff *db, const kscratch *s, const int8_t *start,
                    const uint8_t *dice, size_t half_moves, double p[5], kresult *result)
{
    int8_t board[K_SLOTS];
    memcpy(board, start, K_SLOTS);
    int ours = 1;
    for (size_t h = 0; h < half_moves; h++) {
        int mine_on, theirs_on;
        k_checkers_on(board, &mine_on, &theirs_on);
        if (theirs_on == 0) {
            /* The previous mover has already won (only a finished start can get here). */
            break;
        }
        int8_t next[K_SLOTS];
        double value[5];
        if (best_play(net, db, s, board, dice[2 * h], dice[2 * h + 1], result, next, value) != K_OK)
            return K_NOMEM;
        k_checkers_on(next, &mine_on, &theirs_on);
        if (mine_on == 0) {
            k_won_outcome(next, K_CHECKERS - theirs_on, p);
            if (!ours)
                swap_sides(p);
            return K_OK;
        }
        for (int i = 0; i < K_SLOTS; i++)
            board[i] = (int8_t)-next[K_SLOTS - 1 - i];
        ours = !ours;
    }
    int mine_on, theirs_on;
    k_checkers_on(board, &mine_on, &theirs_on);
    if (theirs_on == 0)
        k_score_one(net, board, p, s->inputs, s->hidden);
    else
        evaluate(net, db, board, p, s->inputs, s->hidden);
    if (!ours)
        swap_sides(p);
    return K_OK;
}

int k_play_out(const knet *net, const kbearoff *db, const int8_t *boards, size_t n, const uint8_t *dice,
               size_t half_moves, double *out, float *scratch)
{
    const kscratch s = scratch_of(scratch);
    kresult *result = malloc(sizeof *result);
    if (!result)
        return K_NOMEM;
    int status = K_OK;
    for (size_t r = 0; r < n && status == K_OK; r++)
        status = play_one(net, db, &s, boards + r * K_SLOTS, dice + r * half_moves * 2, half_moves, out + r * 5,
                          result);
    free(result);
    return status;
}
