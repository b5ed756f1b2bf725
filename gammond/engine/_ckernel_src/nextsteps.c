/*
 * The interactive next-move listing, mirroring gammond/engine/turn.py's next_moves.
 *
 * A step is offered when some legal full play can be made in an order that
 * starts with the steps already made and continues with it, each step legal
 * with one of the dice left when it is made.  "Legal full play" means a
 * result of k_generate reached with all the dice it uses, so the maximum-
 * dice and higher-die rules come from the same code as the play listing.
 */
#include <string.h>

#include "kernel.h"

/* Where a partial turn may stand: the board and the dice left, by value. */
typedef struct {
    kboard board;
    uint8_t rest[7];
} kstate;

/* After one made step there are at most two dice assignments; room to spare. */
enum { K_MAX_STATES = 8 };

static int dice_left(const uint8_t rest[7])
{
    return rest[1] + rest[2] + rest[3] + rest[4] + rest[5] + rest[6];
}

/*
 * Can the turn be completed from here to one of the legal results?  When
 * every die left shows the same number, taking sources in non-increasing
 * order reaches every result (as in the generator), which keeps doubles
 * cheap; the answer is the same as trying every order.
 */
static int reach(const kresult *targets, kboard *board, uint8_t rest[7], int used, int min_src)
{
    if (used == targets->most)
        return kresult_find(targets, board) != NULL;
    if (used > targets->most)
        return 0;
    for (int die = 1; die <= 6; die++) {
        if (!rest[die])
            continue;
        kstep steps[K_MAX_SINGLE];
        int n = k_single_steps(board->b, die, steps);
        rest[die]--;
        int same = rest[die] == dice_left(rest);
        int found = 0;
        for (int i = 0; i < n && !found; i++) {
            if (steps[i].from > min_src)
                continue;
            k_make(board->b, steps[i]);
            found = reach(targets, board, rest, used + 1, same ? steps[i].from : K_BAR);
            k_unmake(board->b, steps[i]);
        }
        rest[die]++;
        if (found)
            return 1;
    }
    return 0;
}

/* The state after `step` made with `die`, if the turn can still be completed. */
static int advance(const kresult *targets, const kstate *from, kstep step, int die, int used,
                   kstate *to)
{
    *to = *from;
    k_make(to->board.b, step);
    to->rest[die]--;
    return reach(targets, &to->board, to->rest, used + 1, K_BAR);
}

static int same_state(const kstate *a, const kstate *b)
{
    return memcmp(a->board.b, b->board.b, sizeof a->board.b) == 0 &&
           memcmp(a->rest, b->rest, sizeof a->rest) == 0;
}

static int add_state(kstate *states, int n, const kstate *s)
{
    for (int i = 0; i < n; i++)
        if (same_state(&states[i], s))
            return n;
    if (n < K_MAX_STATES)
        states[n++] = *s;
    return n;
}

/* Follows one made step from every state, trying each die it could stand for. */
static int follow(const kresult *targets, const kstate *states, int n, kstep made, int used,
                  kstate *out)
{
    int nout = 0;
    for (int i = 0; i < n; i++) {
        for (int die = 1; die <= 6; die++) {
            if (!states[i].rest[die])
                continue;
            kstep steps[K_MAX_SINGLE];
            int count = k_single_steps(states[i].board.b, die, steps);
            for (int j = 0; j < count; j++) {
                kstate next;
                if (steps[j].from == made.from && steps[j].to == made.to &&
                    advance(targets, &states[i], steps[j], die, used, &next))
                    nout = add_state(out, nout, &next);
            }
        }
    }
    return nout;
}

static int offer(const kresult *targets, const kstate *states, int n, int used, kstep *out)
{
    int nout = 0;
    for (int i = 0; i < n; i++) {
        for (int die = 1; die <= 6; die++) {
            if (!states[i].rest[die])
                continue;
            kstep steps[K_MAX_SINGLE];
            int count = k_single_steps(states[i].board.b, die, steps);
            for (int j = 0; j < count; j++) {
                kstate next;
                int known = 0;
                for (int k = 0; k < nout && !known; k++)
                    known = out[k].from == steps[j].from && out[k].to == steps[j].to &&
                            out[k].hit == steps[j].hit;
                if (!known && advance(targets, &states[i], steps[j], die, used, &next))
                    out[nout++] = steps[j];
            }
        }
    }
    return nout;
}

/* From the highest source down, then the highest destination: the play order. */
static void sort_steps(kstep *steps, int n)
{
    for (int i = 1; i < n; i++) {
        kstep s = steps[i];
        int j = i;
        for (; j > 0 && (steps[j - 1].from < s.from ||
                         (steps[j - 1].from == s.from && steps[j - 1].to < s.to));
             j--)
            steps[j] = steps[j - 1];
        steps[j] = s;
    }
}

int k_next_steps(const int8_t board[K_SLOTS], int die1, int die2, const kstep *made, int nmade,
                 kstep *out, int *nout, int *bad)
{
    kresult targets;
    kresult_init(&targets);
    *nout = 0;
    int status = k_generate(board, die1, die2, &targets);
    if (status != K_OK)
        goto done;
    kresult_reindex(&targets);
    if (targets.count == 0) {
        if (nmade > 0) {
            *bad = 0;
            status = K_ILLEGAL;
        }
        goto done;
    }
    kstate states[K_MAX_STATES];
    memset(states, 0, sizeof states);
    memcpy(states[0].board.b, board, K_SLOTS);
    if (die1 == die2) {
        states[0].rest[die1] = 4;
    } else {
        states[0].rest[die1] = 1;
        states[0].rest[die2] = 1;
    }
    int nstates = 1;
    for (int n = 0; n < nmade; n++) {
        kstate next[K_MAX_STATES];
        memset(next, 0, sizeof next);
        nstates = follow(&targets, states, nstates, made[n], n, next);
        if (nstates == 0) {
            *bad = n;
            status = K_ILLEGAL;
            goto done;
        }
        memcpy(states, next, sizeof states);
    }
    *nout = offer(&targets, states, nstates, nmade, out);
    sort_steps(out, *nout);
done:
    kresult_free(&targets);
    return status;
}
