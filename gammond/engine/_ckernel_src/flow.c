/*
 * The game flow's common calls on a lean Game's wire bytes: Act's MOVE,
 * UNDO, CONFIRM, PLAY, RESIGN, ROLL (seeded games, the client's dice),
 * DOUBLE, TAKE and DROP (k_flow_step), and ListActions while moving, before the
 * roll or answering a double (k_flow_list), each read and answered in one
 * call (the Game's reading and writing: flowgame.c; the wire format:
 * pbwire.c; the log's chain and the seeded dice: sha256.c).
 *
 * A move or an undo changes the turn's moves and the version; the other
 * actions add an entry to the log's digest (its SHA-256 chain included) and
 * change what they change (the phase, the board and turn, the cube, the
 * dice, the roll counts, a resignation offered).  The Python flow
 * (gammond/engine/flow/actions.py) stays the reference; this mirrors those
 * actions exactly and answers K_FLOW_DECLINE for everything else, or
 * anything it is not sure of, so that the caller takes the general path,
 * which also names whatever is wrong.  The caller hands in only Games whose
 * bytes its server wrote itself or decoded and checked (see
 * gammond/server/wire/flow_bytes.py), so the board, the dice and the moves
 * made are known to be legal; the bytes are still read with every bound
 * checked.  What the cube's rules allow comes from the caller (the engine's
 * answer, K_FLOW_MAY_*), as do the enum codes and the answer's constant
 * fields (the choices' head, the UNDO, CONFIRM, RESIGN and ROLL actions),
 * written by the Python encoders, so the protocol's numbering lives in one
 * place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow.h"

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
    kf_put_uint(&e, 1, (uint64_t)kind);
    kf_put_uint(&e, 2, player);
    kf_put_move(&e, 4, s, black);
    kf_put_uint(&e, 5, s.from == K_BAR);
    kf_put_uint(&e, 6, s.to == 0);
    kf_put_delimited(b, 2, body, e.n);
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
    kf_put_uint(&a, 1, (uint64_t)c->kind_move);
    kf_put_uint(&a, 2, player);
    int hit = 0;
    for (int s = 0; s < o->nsteps; s++)
        hit |= o->steps[s].hit;
    kstep whole = {o->steps[0].from, o->steps[o->nsteps - 1].to, (uint8_t)hit};
    kf_put_move(&a, 4, whole, black);
    if (!compact || o->nsteps > 1) /* the compact view leaves out a one-hop move's steps */
        for (int s = 0; s < o->nsteps; s++)
            kf_put_move(&a, 5, o->steps[s], black);
    kf_put_packed(&a, 6, o->dice, o->nsteps);
    kf_put_packed(&a, 7, lefts->left, lefts->nleft);
    kf_put_delimited(b, 3, body, a.n);
}

/* The turn's plays (moves and notation, and their results in the full view) as
   ListActionsResponse.plays fields. */
static int put_plays(kbuf *b, const kresult *plays, int black, int full)
{
    if (!kf_buf_room(b, k_wire_plays_bound(plays->count)))
        return K_NOMEM;
    size_t start = b->n;
    b->n += k_wire_plays(plays, black, full ? K_WIRE_PLAYS | K_WIRE_RESULT : K_WIRE_PLAYS, b->p + b->n);
    /* The kernel writes ListLegalPlaysResponse.plays (field 1): retag each as field 4. */
    for (size_t at = start; at < b->n;) {
        uint64_t len;
        b->p[at++] = 4 << 3 | WIRE_DELIMITED;
        if (!kf_get_var(b->p, b->n, &at, &len))
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
        kf_put_uint(&a, 1, (uint64_t)c->kind_play);
        kf_put_uint(&a, 2, player);
        for (int i = 0; i < p->used; i++)
            kf_put_move(&a, 8, p->steps[i], black);
        char text[K_NOTATION_MAX];
        size_t len = k_format_play(p->steps, p->used, text);
        kf_put_delimited(&a, 9, (const uint8_t *)text, len);
        b->failed |= a.failed;
        kf_put_delimited(b, 3, body, a.n);
    }
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
        kf_put_bytes(choices, c->head[side].p, c->head[side].n);
        for (int i = 0; i < after->noptions; i++)
            put_move_action(choices, c, g->turn, after, i, black, !full);
        if (nmade)
            kf_put_bytes(choices, c->undo[side].p, c->undo[side].n);
        if (after->complete)
            kf_put_bytes(choices, c->confirm[side].p, c->confirm[side].n);
        if (full)
            put_play_actions(choices, c, g->turn, &plays, black);
        if (may_resign)
            kf_put_bytes(choices, c->resigns[side].p, c->resigns[side].n);
        if (with_plays)
            status = put_plays(choices, &plays, black, full);
        kf_put_packed(choices, 5, after->left, after->nleft);
        if (board_now)
            kf_put_board(choices, 6, after->board, black);
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
        kf_put_move(&moves, G_MOVES, made[i], black);
    kf_put_uint(&version, G_VERSION, g->version + 1);
    if (nmade)
        kf_put_board(&now, G_BOARD_NOW, after->board, black);
    for (int i = 0; i < nsteps; i++)
        put_step_event(&events, event_kind, g->turn, steps[i], black);

    int status = put_moving_choices(&choices, g, c, turn_board, g->die1, g->die2, nmade, after,
                                    g->last_kind != c->kind_reject, 0, 0, !(allowed & K_FLOW_MOVES_VIEW));

    const koverride with[] = {{G_MOVES, &moves}, {G_VERSION, &version}};
    if (status == K_OK)
        status = kf_put_answer(game, g, with, 2, &now, &events, &choices, &logged, out);
    int failed = moves.failed || version.failed || now.failed || events.failed || choices.failed;
    kbuf_free(&moves);
    kbuf_free(&version);
    kbuf_free(&now);
    kbuf_free(&events);
    kbuf_free(&choices);
    if (status != K_OK || failed)
        return K_NOMEM;
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
            steps[i] = (kstep){(uint8_t)kf_mover_point(a->steps[i].from, black),
                               (uint8_t)kf_mover_point(a->steps[i].to, black), 0};
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
    kf_put_uint(b, 1, (uint64_t)kind);
    kf_put_uint(b, 2, player);
    kf_put_uint(b, resign_field, resign);
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
    if (!kf_chain_next(g, c, fixed, sizeof fixed, chain))
        return K_FLOW_DECLINE;

    kbuf phase = {0}, resignation = {0}, version = {0}, log = {0}, now = {0}, events = {0}, logged = {0};
    kbuf body = {0}, choices = {0}, entry_body = {0}, event = {0};
    kf_put_uint(&phase, G_PHASE, (uint64_t)c->phase_resignation_offered);
    kf_put_uint(&body, 1, g->turn);
    kf_put_uint(&body, 2, a->resign);
    kf_put_delimited(&resignation, G_RESIGNATION, body.p, body.n);
    kf_put_uint(&version, G_VERSION, g->version + 1);
    /* The offer is the digest's last entry; the anchor (the last entry that is not a
       resignation or its rejection) stays, now written out. */
    put_resign_body(&entry_body, c->kind_resign, g->turn, a->resign, 5);
    kf_put_digest(&log, g, chain, &entry_body, g->anchor.p ? g->anchor : g->last, a->resign, g->resignations + 1);
    /* Out of the moving phase, a lean Game with moves made shows the turn's starting board. */
    if (g->nmade)
        kf_put_delimited(&now, G_BOARD_NOW, g->board.p, g->board.n);
    put_resign_body(&event, c->event_resigned, g->turn, a->resign, 8);
    kf_put_delimited(&events, 2, event.p, event.n);
    kf_put_delimited(&logged, 4, entry_body.p, entry_body.n);
    kf_put_bytes(&choices, c->answers[side].p, c->answers[side].n);

    const koverride with[] = {
        {G_PHASE, &phase}, {G_RESIGNATION, &resignation}, {G_VERSION, &version}, {G_DIGEST, &log}};
    int status = kf_put_answer(game, g, with, 4, &now, &events, &choices, &logged, out);
    kbuf *all[] = {&phase, &resignation, &version, &log, &now, &events, &logged, &body, &choices, &entry_body, &event};
    return kf_free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
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
        if (!kf_next_field(cube.p, cube.n, &at, &f) || f.number == 3) {
            kbuf_free(&body);
            return 0; /* a cube offer pending: the turn cannot pass (the general path says so) */
        }
        if (f.number != 4)
            kf_put_bytes(&body, cube.p + f.start, f.end - f.start);
    }
    kf_put_delimited(b, G_CUBE, body.p, body.n);
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
            steps[i] = (kstep){(uint8_t)kf_mover_point(a->played[i].from, black),
                               (uint8_t)kf_mover_point(a->played[i].to, black), 0};
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
    if (!kf_chain_next(g, c, fixed, 6 + 2 * (size_t)nmoves, chain))
        return K_FLOW_DECLINE;

    const uint64_t next = black ? (uint64_t)c->color_white : (uint64_t)c->color_black;
    kbuf phase = {0}, board = {0}, turn = {0}, cube = {0}, none = {0}, version = {0}, log = {0};
    kbuf entry = {0}, events = {0}, event = {0}, logged = {0}, choices = {0};
    kf_put_uint(&phase, G_PHASE, (uint64_t)c->phase_before_roll);
    kf_put_board(&board, G_BOARD, result, black);
    kf_put_uint(&turn, G_TURN, next);
    int cube_ok = put_next_cube(&cube, g->cube);
    kf_put_uint(&version, G_VERSION, g->version + 1);
    kf_put_uint(&entry, 1, (uint64_t)c->kind_play);
    kf_put_uint(&entry, 2, g->turn);
    for (int i = 0; i < nmoves; i++)
        kf_put_move(&entry, 4, moves[i], black);
    kf_put_digest(&log, g, chain, &entry, (kbytes){NULL, 0}, g->resigned, g->resignations);
    if (a->kind == (uint64_t)c->kind_play)
        for (int i = 0; i < nmoves; i++)
            put_step_event(&events, c->event_moved, g->turn, moves[i], black);
    kf_put_uint(&event, 1, (uint64_t)c->event_turn_ended);
    kf_put_uint(&event, 2, g->turn);
    kf_put_delimited(&events, 2, event.p, event.n);
    kf_put_delimited(&logged, 4, entry.p, entry.n);
    const kbytes listed = c->rolls[2 * (1 - side) + (may_double ? 1 : 0)];
    kf_put_bytes(&choices, listed.p, listed.n);

    const koverride with[] = {{G_PHASE, &phase},    {G_BOARD, &board}, {G_TURN, &turn},
                              {G_CUBE, &cube},      {G_DICE, &none},   {G_MOVES, &none},
                              {G_VERSION, &version}, {G_DIGEST, &log}};
    status = cube_ok ? kf_put_answer(game, g, with, 8, &none, &events, &choices, &logged, out) : K_FLOW_DECLINE;
    kbuf *all[] = {&phase, &board, &turn, &cube, &none, &version, &log, &entry, &events, &event, &logged, &choices};
    return kf_free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
}

/* ---- ROLL (not the opening roll) -------------------------------------------------- */

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
        if (!kf_seeded_dice(g->seed, g->number, drawn, &die1, &die2))
            return K_FLOW_DECLINE;
    } else {
        return K_FLOW_DECLINE; /* the server's own dice, fair dice: the general path rolls */
    }
    const int black = g->turn == (uint64_t)c->color_black;
    const int side = black ? 1 : 0;
    const uint8_t fixed[6] = {(uint8_t)c->log_kind_roll, (uint8_t)(side + 1), (uint8_t)die1, (uint8_t)die2, 0, 0};
    uint8_t chain[K_CHAIN_BYTES];
    if (!kf_chain_next(g, c, fixed, sizeof fixed, chain))
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
    kf_put_uint(&phase, G_PHASE, (uint64_t)c->phase_moving);
    kf_put_dice(&dice, G_DICE, die1, die2);
    kf_put_uint(&rolls, black ? G_BLACK_ROLLS : G_WHITE_ROLLS, g->rolls[side] + 1);
    kf_put_uint(&version, G_VERSION, g->version + 1);
    kf_put_uint(&entry, 1, (uint64_t)c->kind_roll);
    kf_put_uint(&entry, 2, g->turn);
    kf_put_dice(&entry, 3, die1, die2);
    kf_put_digest(&log, g, chain, &entry, (kbytes){NULL, 0}, g->resigned, g->resignations);
    kf_put_uint(&event, 1, (uint64_t)c->event_rolled);
    kf_put_uint(&event, 2, g->turn);
    kf_put_dice(&event, 3, die1, die2);
    kf_put_delimited(&events, 2, event.p, event.n);
    kf_put_delimited(&logged, 4, entry.p, entry.n);
    status = put_moving_choices(&choices, g, c, turn_board, die1, die2, 0, turn, 1, 0, 0,
                                !(allowed & K_FLOW_MOVES_VIEW));
    free(turn);
    const koverride with[] = {{G_PHASE, &phase},
                              {G_DICE, &dice},
                              {black ? G_BLACK_ROLLS : G_WHITE_ROLLS, &rolls},
                              {G_VERSION, &version},
                              {G_DIGEST, &log}};
    if (status == K_OK)
        status = kf_put_answer(game, g, with, 5, &none, &events, &choices, &logged, out);
    kbuf *all[] = {&phase, &dice, &rolls, &version, &log, &entry, &events, &event, &logged, &choices, &none};
    return kf_free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
}

/* ---- DOUBLE and TAKE ---------------------------------------------------------------- */
static int cube_step(const uint8_t *game, const kgame *g, const kflow_consts *c, const kaction *a,
                     unsigned allowed, kflow_out *out)
{
    kcube cube;
    if (!g->cube.p || !kf_read_cube(g->cube, &cube))
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
    if (!kf_chain_next(g, c, fixed, sizeof fixed, chain))
        return K_FLOW_DECLINE;
    kbuf phase = {0}, cube_field = {0}, version = {0}, log = {0}, entry = {0}, events = {0}, event = {0};
    kbuf logged = {0}, choices = {0}, none = {0};
    kf_put_uint(&phase, G_PHASE, (uint64_t)(doubling ? c->phase_cube_offered : c->phase_before_roll));
    kf_put_cube(&cube_field, &cube);
    kf_put_uint(&version, G_VERSION, g->version + 1);
    kf_put_uint(&entry, 1, (uint64_t)a->kind);
    kf_put_uint(&entry, 2, a->player);
    kgame raised = *g;
    raised.raises += !doubling; /* a take raises the stakes */
    kf_put_digest(&log, &raised, chain, &entry, (kbytes){NULL, 0}, g->resigned, g->resignations);
    /* The event carries the stakes offered, or agreed. */
    kf_put_uint(&event, 1, (uint64_t)(doubling ? c->event_doubled : c->event_took));
    kf_put_uint(&event, 2, a->player);
    kf_put_uint(&event, 7, doubling ? 2 * cube.value : cube.value);
    kf_put_delimited(&events, 2, event.p, event.n);
    kf_put_delimited(&logged, 4, entry.p, entry.n);
    /* Next: the other side answers the double, or the doubler rolls (no second double this turn). */
    const kbytes listed = doubling ? c->offers[2 * (1 - side) + ((allowed & K_FLOW_MAY_BEAVER) ? 1 : 0)]
                                   : c->rolls[2 * (1 - side)];
    kf_put_bytes(&choices, listed.p, listed.n);
    const koverride with[] = {{G_PHASE, &phase}, {G_CUBE, &cube_field}, {G_VERSION, &version}, {G_DIGEST, &log}};
    int status = kf_put_answer(game, g, with, 4, &none, &events, &choices, &logged, out);
    kbuf *all[] = {&phase, &cube_field, &version, &log, &entry, &events, &event, &logged, &choices, &none};
    return kf_free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
}

/* ---- DROP (the engine's answer for the Game's context: kdrop) ----------------------- */

/* `into` holds a copy of `part`: the answer's buffers are all freed alike. */
static void put_part(kbuf *into, kbytes part)
{
    kf_put_bytes(into, part.p, part.n);
}

static int drop_step(const uint8_t *game, const kgame *g, const kflow_consts *c, const kaction *a,
                     unsigned allowed, const kdrop *drop, kflow_out *out)
{
    kcube cube;
    const uint64_t other = g->turn == (uint64_t)c->color_black ? (uint64_t)c->color_white : (uint64_t)c->color_black;
    /* A double dropped by the player it was offered to; a beaver's or raccoon's drop: Python. */
    if (!drop || !g->cube.p || !kf_read_cube(g->cube, &cube) || g->phase != (uint64_t)c->phase_cube_offered ||
        !cube.pending || cube.action != (uint64_t)c->cube_double || cube.offered_by != g->turn ||
        a->player != other)
        return K_FLOW_DECLINE;
    const int side = a->player == (uint64_t)c->color_black ? 1 : 0;
    const uint8_t fixed[6] = {(uint8_t)c->log_kind_drop, (uint8_t)(side + 1), 0, 0, 0, 0};
    uint8_t chain[K_CHAIN_BYTES];
    if (!kf_chain_next(g, c, fixed, sizeof fixed, chain))
        return K_FLOW_DECLINE;
    kbuf phase = {0}, cube_field = {0}, result = {0}, version = {0}, log = {0}, entry = {0};
    kbuf events = {0}, logged = {0}, choices = {0}, after = {0};
    put_part(&phase, drop->phase);
    put_part(&cube_field, drop->cube);
    put_part(&result, drop->result);
    put_part(&after, drop->score_after);
    put_part(&events, drop->events);
    put_part(&choices, drop->choices[(allowed & K_FLOW_MOVES_VIEW) ? 1 : 0]);
    kf_put_uint(&version, G_VERSION, g->version + 1);
    kf_put_uint(&entry, 1, a->kind);
    kf_put_uint(&entry, 2, a->player);
    kf_put_digest(&log, g, chain, &entry, (kbytes){NULL, 0}, g->resigned, g->resignations);
    kf_put_delimited(&logged, 4, entry.p, entry.n);
    const koverride with[] = {
        {G_PHASE, &phase}, {G_CUBE, &cube_field}, {G_RESULT, &result}, {G_VERSION, &version}, {G_DIGEST, &log}};
    /* The score after the game: an output-only field, where the board now goes (a Game answering a
       double has no moves made, so no board now). */
    int status = kf_put_answer(game, g, with, 5, &after, &events, &choices, &logged, out);
    kbuf *all[] = {&phase, &cube_field, &result, &version, &log, &entry, &events, &logged, &choices, &after};
    return kf_free_all(all, sizeof all / sizeof *all) ? K_NOMEM : status;
}

int k_flow_step(const uint8_t *game, size_t ngame, const uint8_t *action, size_t naction,
                const kflow_consts *c, unsigned allowed, const kdrop *drop, kflow_out *out)
{
    kgame g;
    kaction a;
    memset(out, 0, sizeof *out);
    if (!kf_read_game(game, ngame, c->color_black, &g) ||
        (g.turn != (uint64_t)c->color_white && g.turn != (uint64_t)c->color_black) ||
        !kf_read_action(action, naction, c, &a) || g.version >= c->max_version ||
        /* The player on turn acts, but for a take or a drop (checked with the cube). */
        (a.player != g.turn && a.kind != (uint64_t)c->kind_take && a.kind != (uint64_t)c->kind_drop) ||
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
    else if (a.kind == (uint64_t)c->kind_drop)
        status = drop_step(game, &g, c, &a, allowed, drop, out);
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
        kf_put_bytes(out, listed.p, listed.n);
        return K_OK;
    }
    kcube cube;
    if (!g->cube.p || !kf_read_cube(g->cube, &cube) || !cube.pending || cube.action != (uint64_t)c->cube_double ||
        cube.offered_by != g->turn)
        return K_FLOW_DECLINE; /* a beaver or raccoon to answer: the general path */
    const kbytes listed = c->offers[2 * (1 - side) + ((allowed & K_FLOW_MAY_BEAVER) ? 1 : 0)];
    kf_put_bytes(out, listed.p, listed.n);
    return K_OK;
}

int k_flow_list(const uint8_t *game, size_t ngame, const kflow_consts *c, int full, unsigned allowed, kbuf *out)
{
    kgame g;
    memset(out, 0, sizeof *out);
    if (!kf_read_game(game, ngame, c->color_black, &g) ||
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
