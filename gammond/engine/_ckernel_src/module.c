/*
 * gammond.engine._ckernel: the Python face of the compiled kernel.
 *
 * Each function validates and copies its arguments into C arrays, runs the
 * kernel (which touches no Python object), then builds its result.  Only the
 * network-input encoder, given big batches, releases the GIL while it runs;
 * one roll's search is too short to be worth the hand-over (see
 * generate_checked).  Errors are gammond.engine.errors classes, so a
 * caller sees the same exceptions as from the pure-Python engine.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "kernel.h"

static PyObject *InvalidPositionError, *InvalidDiceError, *NotationError, *IllegalPlayError;

/* ---- argument checking ---------------------------------------------------- */

/* Position._validate's checks, so no board can take the C code out of range. */
static int check_sides(const int8_t *b)
{
    int mine = 0, theirs = 0;
    for (int i = 1; i < K_SLOTS; i++)
        mine += b[i] > 0 ? b[i] : 0;
    for (int i = 0; i < K_BAR; i++)
        theirs += b[i] < 0 ? -b[i] : 0;
    if (b[K_BAR] < 0)
        PyErr_Format(InvalidPositionError, "bar of the player on roll is negative: %d", b[K_BAR]);
    else if (b[0] > 0)
        PyErr_Format(InvalidPositionError, "opponent's bar must be stored as <= 0, got %d", b[0]);
    else if (mine > K_CHECKERS)
        PyErr_Format(InvalidPositionError,
                     "player on roll has %d checkers in play, more than 15", mine);
    else if (theirs > K_CHECKERS)
        PyErr_Format(InvalidPositionError, "opponent has %d checkers in play, more than 15",
                     theirs);
    else
        return 0;
    return -1;
}

static int parse_board(PyObject *obj, int8_t out[K_SLOTS])
{
    PyObject *seq = PySequence_Fast(obj, "a board must be a sequence of 26 ints");
    if (!seq)
        return -1;
    int status = -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != K_SLOTS) {
        PyErr_Format(InvalidPositionError, "a board has 26 slots, got %zd", n);
        goto done;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int i = 0; i < K_SLOTS; i++) {
        if (!PyLong_Check(items[i])) {
            PyErr_Format(PyExc_TypeError, "board slot %d is %.100s, not an int", i,
                         Py_TYPE(items[i])->tp_name);
            goto done;
        }
        int overflow;
        long value = PyLong_AsLongAndOverflow(items[i], &overflow);
        if (value == -1 && PyErr_Occurred())
            goto done;
        if (overflow || value > K_CHECKERS || value < -K_CHECKERS) {
            PyErr_Format(InvalidPositionError, "board slot %d holds %R, outside -15..15", i,
                         items[i]);
            goto done;
        }
        out[i] = (int8_t)value;
    }
    status = check_sides(out);
done:
    Py_DECREF(seq);
    return status;
}

/* gammond.engine.play.check_dice's rule: an int (not a bool) from 1 to 6. */
static int parse_die(PyObject *obj)
{
    if (PyLong_Check(obj) && !PyBool_Check(obj)) {
        int overflow;
        long value = PyLong_AsLongAndOverflow(obj, &overflow);
        if (value == -1 && PyErr_Occurred())
            return -1;
        if (!overflow && value >= 1 && value <= 6)
            return (int)value;
    }
    PyErr_Format(InvalidDiceError, "die %R is not an integer from 1 to 6", obj);
    return -1;
}

static const char *const ARG_NAMES[] = {"board", "die1", "die2", "made"};

/* Positional or keyword arguments, in ARG_NAMES order, into `out` (borrowed). */
static int gather(const char *name, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                  Py_ssize_t want, PyObject **out)
{
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + nkw != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, want,
                     nargs + nkw);
        return -1;
    }
    for (Py_ssize_t i = 0; i < want; i++)
        out[i] = i < nargs ? args[i] : NULL;
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, k);
        Py_ssize_t at = nargs;
        while (at < want && PyUnicode_CompareWithASCIIString(key, ARG_NAMES[at]) != 0)
            at++;
        if (at == want || out[at]) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument %R", name, key);
            return -1;
        }
        out[at] = args[nargs + k];
    }
    return 0;
}

/* The (board, die1, die2, ...) arguments every search takes. */
static int parse_roll(const char *name, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames, Py_ssize_t want, PyObject **given,
                      int8_t board[K_SLOTS], int *die1, int *die2)
{
    if (gather(name, args, nargs, kwnames, want, given) < 0 || parse_board(given[0], board) < 0 ||
        (*die1 = parse_die(given[1])) < 0 || (*die2 = parse_die(given[2])) < 0)
        return -1;
    return 0;
}

/* Runs the search; Python errors are set on failure.
 *
 * It keeps the GIL.  One roll's search takes microseconds (the biggest
 * doubles a few hundred), and in a busy server letting go of the GIL for it
 * hands the interpreter to another thread and waits to get it back, which
 * costs the call more than the search (the difference is within
 * bench/rpc.py's noise, so this is the reasoning, not a measurement).
 * encode_features, whose batches are big, still releases it. */
static int generate_checked(const int8_t board[K_SLOTS], int die1, int die2, kresult *result)
{
    int status = k_generate(board, die1, die2, result);
    if (status != K_OK) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* ---- building results ----------------------------------------------------- */

static PyObject *step_tuple(kstep s)
{
    PyObject *from = PyLong_FromLong(s.from), *to = PyLong_FromLong(s.to);
    PyObject *step = from && to ? PyTuple_Pack(3, from, to, s.hit ? Py_True : Py_False) : NULL;
    Py_XDECREF(from);
    Py_XDECREF(to);
    return step;
}

/* A 14-character Position ID as a str, without a UTF-8 decoding pass. */
static PyObject *id_string(const int8_t *board)
{
    char text[15];
    k_encode_position_id(board, text);
    PyObject *id = PyUnicode_New(14, 127);
    if (id)
        memcpy(PyUnicode_1BYTE_DATA(id), text, 14);
    return id;
}

static PyObject *steps_tuple(const kstep *steps, int n)
{
    PyObject *tuple = PyTuple_New(n);
    for (int i = 0; tuple && i < n; i++) {
        PyObject *step = step_tuple(steps[i]);
        if (!step) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, i, step);
    }
    return tuple;
}

static PyObject *board_tuple(const int8_t *board)
{
    PyObject *tuple = PyTuple_New(K_SLOTS);
    for (int i = 0; tuple && i < K_SLOTS; i++) {
        PyObject *count = PyLong_FromLong(board[i]);
        if (!count) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, i, count);
    }
    return tuple;
}

/* One play as the reference returns it: (steps, resulting board). */
static PyObject *raw_play(const int8_t *board, const kstep *steps, int nsteps)
{
    PyObject *b = board_tuple(board), *s = b ? steps_tuple(steps, nsteps) : NULL;
    PyObject *pair = s ? PyTuple_Pack(2, s, b) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(b);
    return pair;
}

/* ---- the Plays type: a compact, immutable sequence of raw plays ----------- */

typedef struct {
    int8_t board[K_SLOTS];
    kstep steps[K_MAX_STEPS];
} kitem;

typedef struct {
    PyObject_VAR_HEAD
    int nsteps;
    kitem items[1];
} PlaysObject;

static PyTypeObject Plays_Type;

static PyObject *plays_from_result(const kresult *r)
{
    PlaysObject *self = PyObject_NewVar(PlaysObject, &Plays_Type, (Py_ssize_t)r->count);
    if (!self)
        return NULL;
    self->nsteps = r->most;
    for (size_t i = 0; i < r->count; i++) {
        const kplay *p = kresult_play(r, i);
        memcpy(self->items[i].board, p->board.b, K_SLOTS);
        memcpy(self->items[i].steps, p->steps, sizeof self->items[i].steps);
    }
    return (PyObject *)self;
}

static Py_ssize_t Plays_len(PyObject *self)
{
    return Py_SIZE(self);
}

static PyObject *Plays_item(PyObject *op, Py_ssize_t i)
{
    PlaysObject *self = (PlaysObject *)op;
    if (i < 0 || i >= Py_SIZE(self)) {
        PyErr_SetString(PyExc_IndexError, "play index out of range");
        return NULL;
    }
    return raw_play(self->items[i].board, self->items[i].steps, self->nsteps);
}

static PyObject *Plays_repr(PyObject *self)
{
    return PyUnicode_FromFormat("<gammond.engine._ckernel.Plays of %zd plays>", Py_SIZE(self));
}

static PySequenceMethods Plays_as_sequence = {
    .sq_length = Plays_len,
    .sq_item = Plays_item,
};

PyDoc_STRVAR(Plays_doc,
             "The legal plays of one roll, stored compactly; item i is the reference's\n"
             "(steps, resulting board) pair, built when asked for.");

static PyTypeObject Plays_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gammond.engine._ckernel.Plays",
    .tp_basicsize = offsetof(PlaysObject, items),
    .tp_itemsize = sizeof(kitem),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_SEQUENCE,
    .tp_doc = Plays_doc,
    .tp_repr = Plays_repr,
    .tp_as_sequence = &Plays_as_sequence,
};

/* ---- module functions ----------------------------------------------------- */

PyDoc_STRVAR(generate_doc,
             "generate($module, board, die1, die2)\n--\n\n"
             "Every distinct legal play, exactly as gammond.engine.movegen.generate returns it.");

static PyObject *generate(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    PyObject *given[3];
    int8_t board[K_SLOTS];
    int die1, die2;
    if (parse_roll("generate", args, nargs, kwnames, 3, given, board, &die1, &die2) < 0)
        return NULL;
    kresult result;
    kresult_init(&result);
    PyObject *list = NULL;
    if (generate_checked(board, die1, die2, &result) == 0)
        list = PyList_New((Py_ssize_t)result.count);
    for (size_t i = 0; list && i < result.count; i++) {
        const kplay *p = kresult_play(&result, i);
        PyObject *item = raw_play(p->board.b, p->steps, p->used);
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    kresult_free(&result);
    return list;
}

PyDoc_STRVAR(plays_doc,
             "plays($module, board, die1, die2)\n--\n\n"
             "The same plays as generate(), in a compact Plays sequence.");

static PyObject *plays(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    PyObject *given[3];
    int8_t board[K_SLOTS];
    int die1, die2;
    if (parse_roll("plays", args, nargs, kwnames, 3, given, board, &die1, &die2) < 0)
        return NULL;
    kresult result;
    kresult_init(&result);
    PyObject *out = NULL;
    if (generate_checked(board, die1, die2, &result) == 0)
        out = plays_from_result(&result);
    kresult_free(&result);
    return out;
}

PyDoc_STRVAR(result_ids_doc,
             "result_ids($module, board, die1, die2)\n--\n\n"
             "The Position IDs of the plays' results, in the order of generate().");

static PyObject *result_ids(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    PyObject *given[3];
    int8_t board[K_SLOTS];
    int die1, die2;
    if (parse_roll("result_ids", args, nargs, kwnames, 3, given, board, &die1, &die2) < 0)
        return NULL;
    kresult result;
    kresult_init(&result);
    PyObject *ids = NULL;
    if (generate_checked(board, die1, die2, &result) == 0)
        ids = PyTuple_New((Py_ssize_t)result.count);
    for (size_t i = 0; ids && i < result.count; i++) {
        PyObject *id = id_string(kresult_play(&result, i)->board.b);
        if (!id) {
            Py_CLEAR(ids);
            break;
        }
        PyTuple_SET_ITEM(ids, (Py_ssize_t)i, id);
    }
    kresult_free(&result);
    return ids;
}

PyDoc_STRVAR(plays_wire_doc,
             "plays_wire($module, board, die1, die2, black, parts, /)\n--\n\n"
             "The plays of generate() as the protobuf bytes of a ListLegalPlaysResponse,\n"
             "with the number of plays and of steps in each: (bytes, plays, steps).\n"
             "`parts` ORs PLAYS (1: moves and notation), RESULT (2: each play's result)\n"
             "and COUNT (4: play_count); `black` mirrors points for a Black mover.");

/* Answers this big are written on the stack; bigger ones (big doubles) on the heap. */
enum { WIRE_STACK = 16384 };

/* plays_wire's dice, side and parts (args[1] to args[4]). */
static int wire_args(PyObject *const *args, int *die1, int *die2, int *black, long *parts)
{
    if ((*die1 = parse_die(args[1])) < 0 || (*die2 = parse_die(args[2])) < 0)
        return -1;
    *black = PyObject_IsTrue(args[3]);
    *parts = PyLong_Check(args[4]) ? PyLong_AsLong(args[4]) : -1;
    if (*black < 0 || (*parts == -1 && PyErr_Occurred()))
        return -1;
    if (*parts < 0 || *parts > (K_WIRE_PLAYS | K_WIRE_RESULT | K_WIRE_COUNT)) {
        PyErr_Format(PyExc_ValueError, "parts must be a mask of PLAYS, RESULT and COUNT, got %R",
                     args[4]);
        return -1;
    }
    return 0;
}

/* The answer's bytes, with the number of plays and of steps in each. */
static PyObject *write_plays(const int8_t board[K_SLOTS], int die1, int die2, int black,
                             long parts)
{
    kresult result;
    kresult_init(&result);
    PyObject *out = NULL;
    if (generate_checked(board, die1, die2, &result) == 0) {
        uint8_t stack[WIRE_STACK];
        size_t bound = k_wire_plays_bound(result.count);
        uint8_t *buffer = bound <= sizeof stack ? stack : PyMem_Malloc(bound);
        if (!buffer) {
            PyErr_NoMemory();
        } else {
            size_t len = k_wire_plays(&result, black, (unsigned)parts, buffer);
            out = Py_BuildValue("(y#ni)", (const char *)buffer, (Py_ssize_t)len,
                                (Py_ssize_t)result.count, result.most);
            if (buffer != stack)
                PyMem_Free(buffer);
        }
    }
    kresult_free(&result);
    return out;
}

static PyObject *plays_wire(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_Format(PyExc_TypeError,
                     "plays_wire takes 5 arguments (board, die1, die2, black, parts), got %zd",
                     nargs);
        return NULL;
    }
    int8_t board[K_SLOTS];
    int die1, die2;
    long parts;
    int black;
    if (parse_board(args[0], board) < 0 || wire_args(args, &die1, &die2, &black, &parts) < 0)
        return NULL;
    return write_plays(board, die1, die2, black, parts);
}

/* The board of a Position ID when it decodes and the game on it is still on. */
static int board_of_game_on(const char text[14], int8_t board[K_SLOTS])
{
    int detail = 0;
    if (k_decode_position_id(text, board, &detail) != KID_OK)
        return 0;
    /* Position.is_game_over: a side with no checker left on the board. */
    int mine = 0, theirs = 0;
    for (int i = 0; i < K_SLOTS; i++) {
        mine += board[i] > 0;
        theirs += board[i] < 0;
    }
    return mine && theirs;
}

PyDoc_STRVAR(plays_wire_request_doc,
             "plays_wire_request($module, request, parts_by_view, /)\n--\n\n"
             "plays_wire for the bytes of a ListLegalPlaysRequest in its common form (a\n"
             "Position ID with its turn, the dice, maybe a view), `parts_by_view[view]`\n"
             "giving the parts. None for any other form, a value out of range, an ID\n"
             "that does not decode or a game that is over: the caller then decodes the\n"
             "message in full and names what is wrong.");

/* The listing call read and answered in one step, without a request message. */
static PyObject *plays_wire_request(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyBytes_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError,
                        "plays_wire_request takes (request: bytes, parts_by_view: tuple)");
        return NULL;
    }
    klisting request;
    if (!k_read_listing((const uint8_t *)PyBytes_AS_STRING(args[0]),
                        (size_t)PyBytes_GET_SIZE(args[0]), &request))
        Py_RETURN_NONE;
    /* Color: 1 White, 2 Black. */
    if ((request.turn != 1 && request.turn != 2) || request.die1 < 1 || request.die1 > 6 ||
        request.die2 < 1 || request.die2 > 6 || request.view >= PyTuple_GET_SIZE(args[1]))
        Py_RETURN_NONE;
    const long parts = PyLong_AsLong(PyTuple_GET_ITEM(args[1], request.view));
    if (parts == -1 && PyErr_Occurred())
        return NULL;
    if (parts < 0 || parts > (K_WIRE_PLAYS | K_WIRE_RESULT | K_WIRE_COUNT)) {
        PyErr_Format(PyExc_ValueError, "parts must be a mask of PLAYS, RESULT and COUNT, got %ld",
                     parts);
        return NULL;
    }
    int8_t board[K_SLOTS];
    if (!board_of_game_on(request.id, board))
        Py_RETURN_NONE;
    return write_plays(board, request.die1, request.die2, request.turn == 2, parts);
}

/* ---- in-turn actions on a lean Game's bytes (flow.c) --------------------------- */

PyDoc_STRVAR(flow_step_doc,
             "flow_step($module, game, action, consts, allowed, drop=None, /)\n--\n\n"
             "Act's MOVE, UNDO, CONFIRM, PLAY, RESIGN, ROLL, DOUBLE, TAKE or DROP on a lean Game, both as wire\n"
             "bytes (the Game without its output-only fields), answered in the compact view:\n"
             "(ActResponse bytes, the new Game's bytes without its output-only fields, the new\n"
             "Game as the answer holds it). None (the value) for any other action or form, for\n"
             "the caller's general path. `consts`: the protocol's codes and the answer's\n"
             "constant fields; `drop`: the engine's answer to a drop in this Game's context\n"
             "(see kernel.h's kdrop), or None.");

enum { FLOW_CODES = 36, FLOW_PARTS = 19 };

/* The `n` bytes items of `tuple` from `first` on, read in place into `parts` (the tuple keeps them):
   0, or -1 with a TypeError saying `message`. */
static int bytes_parts(PyObject *tuple, Py_ssize_t first, kbytes **parts, int n, const char *message)
{
    for (int i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(tuple, first + i);
        if (!PyBytes_Check(item)) {
            PyErr_SetString(PyExc_TypeError, message);
            return -1;
        }
        parts[i]->p = (const uint8_t *)PyBytes_AS_STRING(item);
        parts[i]->n = (size_t)PyBytes_GET_SIZE(item);
    }
    return 0;
}

static int flow_consts(PyObject *tuple, kflow_consts *c)
{
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != FLOW_CODES + FLOW_PARTS) {
        PyErr_SetString(PyExc_TypeError, "consts must be a tuple of 36 ints and 19 bytes");
        return -1;
    }
    long long codes[FLOW_CODES];
    for (int i = 0; i < FLOW_CODES; i++) {
        codes[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(tuple, i));
        if (codes[i] == -1 && PyErr_Occurred())
            return -1;
        if (codes[i] < 0 || (i < FLOW_CODES - 2 && codes[i] > 255)) {
            PyErr_SetString(PyExc_ValueError, "consts' codes must be 0..255, the bounds not negative");
            return -1;
        }
    }
    int *small[] = {
        &c->phase_moving,    &c->phase_before_roll, &c->phase_resignation_offered, &c->phase_cube_offered,
        &c->kind_move,       &c->kind_undo,         &c->kind_resign,               &c->kind_reject,
        &c->kind_confirm,    &c->kind_play,         &c->kind_roll,                 &c->kind_double,
        &c->kind_take,       &c->kind_drop,         &c->event_moved,       &c->event_undone,
        &c->event_resigned,
        &c->event_turn_ended, &c->event_rolled,     &c->event_doubled,             &c->event_took,
        &c->color_white,     &c->color_black,       &c->source_seeded,             &c->source_client,
        &c->owner_white,     &c->owner_black,       &c->cube_double,               &c->log_kind_resign,
        &c->log_kind_play,   &c->log_kind_roll,     &c->log_kind_double,           &c->log_kind_take,
        &c->log_kind_drop};
    _Static_assert(sizeof small / sizeof *small == FLOW_CODES - 2, "every code has its place");
    for (int i = 0; i < FLOW_CODES - 2; i++)
        *small[i] = (int)codes[i];
    c->max_version = (uint64_t)codes[FLOW_CODES - 2];
    c->max_log = (uint64_t)codes[FLOW_CODES - 1];
    kbytes *parts[] = {&c->chain_label, &c->head[0], &c->head[1], &c->undo[0], &c->undo[1],
                                 &c->confirm[0], &c->confirm[1], &c->resigns[0], &c->resigns[1],
                                 &c->answers[0], &c->answers[1], &c->rolls[0], &c->rolls[1],
                                 &c->rolls[2], &c->rolls[3], &c->offers[0], &c->offers[1],
                                 &c->offers[2], &c->offers[3]};
    _Static_assert(sizeof parts / sizeof *parts == FLOW_PARTS, "every part has its place");
    return bytes_parts(tuple, FLOW_CODES, parts, FLOW_PARTS, "consts' last 19 items must be bytes");
}

/* A drop's answer (kdrop) from a tuple of 7 bytes, or none from None: 1, 0, or -1 with an exception set. */
static int flow_drop(PyObject *obj, kdrop *drop)
{
    if (obj == Py_None)
        return 0;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 7) {
        PyErr_SetString(PyExc_TypeError, "drop must be None or a tuple of 7 bytes");
        return -1;
    }
    kbytes *parts[] = {&drop->phase, &drop->cube, &drop->result, &drop->score_after,
                       &drop->events, &drop->choices[0], &drop->choices[1]};
    return bytes_parts(obj, 0, parts, 7, "drop must be None or a tuple of 7 bytes") < 0 ? -1 : 1;
}

static PyObject *flow_step(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if ((nargs != 4 && nargs != 5) || !PyBytes_Check(args[0]) || !PyBytes_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError,
                        "flow_step takes (game: bytes, action: bytes, consts: tuple, allowed: int[, drop])");
        return NULL;
    }
    kdrop drop;
    const int has_drop = nargs == 5 ? flow_drop(args[4], &drop) : 0;
    if (has_drop < 0)
        return NULL;
    long allowed = PyLong_AsLong(args[3]);
    if (allowed == -1 && PyErr_Occurred())
        return NULL;
    kflow_consts consts;
    if (flow_consts(args[2], &consts) < 0)
        return NULL;
    kflow_out out;
    int status = k_flow_step((const uint8_t *)PyBytes_AS_STRING(args[0]),
                             (size_t)PyBytes_GET_SIZE(args[0]),
                             (const uint8_t *)PyBytes_AS_STRING(args[1]),
                             (size_t)PyBytes_GET_SIZE(args[1]), &consts, (unsigned)allowed,
                             has_drop ? &drop : NULL, &out);
    if (status == K_FLOW_DECLINE)
        Py_RETURN_NONE;
    if (status != K_OK)
        return PyErr_NoMemory();
    PyObject *result = Py_BuildValue("(y#y#y#)", (const char *)out.answer.p, (Py_ssize_t)out.answer.n,
                                     (const char *)out.game.p, (Py_ssize_t)out.game.n, (const char *)out.whole.p,
                                     (Py_ssize_t)out.whole.n);
    kbuf_free(&out.answer);
    kbuf_free(&out.game);
    kbuf_free(&out.whole);
    return result;
}


PyDoc_STRVAR(flow_list_doc,
             "flow_list($module, game, consts, full, allowed, /)\n--\n\n"
             "ListActions on a lean Game (its wire bytes without the output-only fields):\n"
             "moving, in the full view or the compact one; before the roll or answering a\n"
             "double, `allowed` saying what the cube's rules allow. The answer's bytes, or\n"
             "None (the value) for the caller's general path.");

static PyObject *flow_list(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4 || !PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError,
                        "flow_list takes (game: bytes, consts: tuple, full: bool, allowed: int)");
        return NULL;
    }
    kflow_consts consts;
    int full = PyObject_IsTrue(args[2]);
    long allowed = PyLong_AsLong(args[3]);
    if (full < 0 || (allowed == -1 && PyErr_Occurred()) || flow_consts(args[1], &consts) < 0)
        return NULL;
    kbuf out;
    int status = k_flow_list((const uint8_t *)PyBytes_AS_STRING(args[0]), (size_t)PyBytes_GET_SIZE(args[0]),
                             &consts, full, (unsigned)allowed, &out);
    if (status == K_FLOW_DECLINE)
        Py_RETURN_NONE;
    if (status != K_OK)
        return PyErr_NoMemory();
    PyObject *answer = PyBytes_FromStringAndSize((const char *)out.p, (Py_ssize_t)out.n);
    kbuf_free(&out);
    return answer;
}

PyDoc_STRVAR(strip_fields_doc,
             "strip_fields($module, data, mask, field=b'', number=0, /)\n--\n\n"
             "A message's bytes without the top-level fields whose numbers (below 64) are\n"
             "set in `mask`, and with `field` (a whole field numbered `number`) put in its\n"
             "place: `data` itself when nothing changes, None (the value) when the bytes\n"
             "are not a message of varint and length-delimited fields.");

static PyObject *strip_fields(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if ((nargs != 2 && nargs != 4) || !PyBytes_Check(args[0]) || (nargs == 4 && !PyBytes_Check(args[2]))) {
        PyErr_SetString(PyExc_TypeError,
                        "strip_fields takes (data: bytes, mask: int[, field: bytes, number: int])");
        return NULL;
    }
    unsigned long long mask = PyLong_AsUnsignedLongLong(args[1]);
    if (mask == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    kbytes insert = {NULL, 0};
    unsigned long number = 0;
    if (nargs == 4) {
        insert = (kbytes){(const uint8_t *)PyBytes_AS_STRING(args[2]), (size_t)PyBytes_GET_SIZE(args[2])};
        number = PyLong_AsUnsignedLong(args[3]);
        if (number == (unsigned long)-1 && PyErr_Occurred())
            return NULL;
    }
    kbuf out;
    int dropped;
    int status = k_strip_fields((const uint8_t *)PyBytes_AS_STRING(args[0]), (size_t)PyBytes_GET_SIZE(args[0]),
                                (uint64_t)mask, insert, (uint32_t)number, &out, &dropped);
    if (status == K_FLOW_DECLINE)
        Py_RETURN_NONE;
    if (status != K_OK)
        return PyErr_NoMemory();
    if (!dropped)
        return Py_NewRef(args[0]);
    PyObject *stripped = PyBytes_FromStringAndSize((const char *)out.p, (Py_ssize_t)out.n);
    kbuf_free(&out);
    return stripped;
}

PyDoc_STRVAR(pick_fields_doc,
             "pick_fields($module, data, keep, read, /)\n--\n\n"
             "A message's top-level fields whose numbers (below 64) are set in `keep`, whole\n"
             "and in their order, as bytes, and a tuple of the values of the varint fields\n"
             "set in `read` (by increasing number; 0 when absent): None (the value) when the\n"
             "bytes are not a message of varint and length-delimited fields or a field in\n"
             "`read` is not a varint.");

static PyObject *pick_fields(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "pick_fields takes (data: bytes, keep: int, read: int)");
        return NULL;
    }
    unsigned long long keep = PyLong_AsUnsignedLongLong(args[1]);
    if (keep == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    unsigned long long read = PyLong_AsUnsignedLongLong(args[2]);
    if (read == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    kbuf out;
    uint64_t values[64];
    int status = k_pick_fields((const uint8_t *)PyBytes_AS_STRING(args[0]), (size_t)PyBytes_GET_SIZE(args[0]),
                               (uint64_t)keep, (uint64_t)read, &out, values);
    if (status == K_FLOW_DECLINE)
        Py_RETURN_NONE;
    if (status != K_OK)
        return PyErr_NoMemory();
    int count = 0;
    for (int i = 0; i < 64; i++)
        count += (int)(read >> i & 1);
    PyObject *read_values = PyTuple_New(count);
    PyObject *kept = read_values ? PyBytes_FromStringAndSize(out.n ? (const char *)out.p : "", (Py_ssize_t)out.n)
                                 : NULL;
    kbuf_free(&out);
    for (int i = 0, at = 0; kept && i < 64; i++) {
        if (!(read >> i & 1))
            continue;
        PyObject *value = PyLong_FromUnsignedLongLong(values[i]);
        if (!value) {
            Py_CLEAR(kept);
            break;
        }
        PyTuple_SET_ITEM(read_values, at++, value);
    }
    if (!kept) {
        Py_XDECREF(read_values);
        return NULL;
    }
    PyObject *result = PyTuple_Pack(2, kept, read_values);
    Py_DECREF(kept);
    Py_DECREF(read_values);
    return result;
}

PyDoc_STRVAR(message_fields_doc,
             "message_fields($module, data, max_number, /)\n--\n\n"
             "A flat message's fields by number, a tuple of `max_number` + 1 items: None for a\n"
             "field absent (and item 0), an int for a varint, bytes for a length-delimited\n"
             "field's body. None (the value) for bytes that are not such a message: another\n"
             "wire type, a number above `max_number` (at most 32), or a number twice.");

enum { K_MESSAGE_FIELDS_MAX = 32 };

static PyObject *message_fields(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "message_fields takes (data: bytes, max_number: int)");
        return NULL;
    }
    long max_number = PyLong_AsLong(args[1]);
    if (max_number == -1 && PyErr_Occurred())
        return NULL;
    if (max_number < 1 || max_number > K_MESSAGE_FIELDS_MAX) {
        PyErr_SetString(PyExc_ValueError, "max_number must be 1..32");
        return NULL;
    }
    kbytes bodies[K_MESSAGE_FIELDS_MAX + 1];
    uint64_t values[K_MESSAGE_FIELDS_MAX + 1];
    int types[K_MESSAGE_FIELDS_MAX + 1];
    if (k_message_fields((const uint8_t *)PyBytes_AS_STRING(args[0]), (size_t)PyBytes_GET_SIZE(args[0]),
                         (uint32_t)max_number, bodies, values, types) != K_OK)
        Py_RETURN_NONE;
    PyObject *fields = PyTuple_New(max_number + 1);
    if (!fields)
        return NULL;
    for (long i = 0; i <= max_number; i++) {
        PyObject *item;
        if (types[i] == -1)
            item = Py_NewRef(Py_None);
        else if (types[i] == 0)
            item = PyLong_FromUnsignedLongLong(values[i]);
        else
            item = PyBytes_FromStringAndSize(bodies[i].n ? (const char *)bodies[i].p : "", (Py_ssize_t)bodies[i].n);
        if (!item) {
            Py_DECREF(fields);
            return NULL;
        }
        PyTuple_SET_ITEM(fields, i, item);
    }
    return fields;
}

/* ---- the field limits' quick check (limits.c) ------------------------------ */

PyDoc_STRVAR(fits_wire_doc,
             "fits_wire($module, request, plan, /)\n--\n\n"
             "Whether the request's bytes have every string and repeated field within its\n"
             "limit, by `plan` (native int32s; see k_fits in kernel.h): 1 yes, 0 not known\n"
             "(the caller's Python check then judges).");

static PyObject *fits_wire(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyBytes_Check(args[0]) || !PyBytes_Check(args[1]) ||
        PyBytes_GET_SIZE(args[1]) % (Py_ssize_t)sizeof(int32_t) != 0) {
        PyErr_SetString(PyExc_TypeError, "fits_wire takes (request: bytes, plan: bytes of int32s)");
        return NULL;
    }
    /* PyBytes storage is aligned for any type, so the plan reads in place. */
    const int32_t *plan = (const int32_t *)(const void *)PyBytes_AS_STRING(args[1]);
    const size_t plan_len = (size_t)PyBytes_GET_SIZE(args[1]) / sizeof(int32_t);
    return PyLong_FromLong(k_fits((const uint8_t *)PyBytes_AS_STRING(args[0]),
                                  (size_t)PyBytes_GET_SIZE(args[0]), plan, plan_len));
}

/* ---- interactive turns (turn.c) ------------------------------------------ */

/* The (from, to) of each move made, as read from tuples (Moves): 1, or 0 for
   anything else (a list, a non-int, too many moves), which the reference then
   judges; -1 with an exception set. */
static int parse_made(PyObject *obj, kstep made[K_MAX_STEPS], int *nmade)
{
    PyObject *seq = PySequence_Fast(obj, "the moves made must be a sequence of Moves");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int status = n <= K_MAX_STEPS;
    for (Py_ssize_t i = 0; status == 1 && i < n; i++) {
        PyObject *move = items[i];
        if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) < 2) {
            status = 0;
            break;
        }
        long point[2];
        for (int k = 0; k < 2 && status == 1; k++) {
            PyObject *value = PyTuple_GET_ITEM(move, k);
            int overflow = 0;
            point[k] = PyLong_Check(value) ? PyLong_AsLongAndOverflow(value, &overflow) : -1;
            if (point[k] == -1 && PyErr_Occurred())
                status = -1;
            else if (overflow || point[k] < 0 || point[k] > K_BAR)
                status = 0;
        }
        if (status == 1)
            made[i] = (kstep){(uint8_t)point[0], (uint8_t)point[1], 0};
    }
    *nmade = (int)n;
    Py_DECREF(seq);
    return status;
}

static PyObject *dice_tuple(const uint8_t *dice, int n)
{
    PyObject *tuple = PyTuple_New(n);
    for (int i = 0; tuple && i < n; i++) {
        PyObject *die = PyLong_FromLong(dice[i]);
        if (!die) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, i, die);
    }
    return tuple;
}

/* (steps, dice, dice left) of one option. */
static PyObject *option_tuple(const koption *o)
{
    PyObject *steps = steps_tuple(o->steps, o->nsteps);
    PyObject *dice = steps ? dice_tuple(o->dice, o->nsteps) : NULL;
    PyObject *left = dice ? dice_tuple(o->left, o->nleft) : NULL;
    PyObject *option = left ? PyTuple_Pack(3, steps, dice, left) : NULL;
    Py_XDECREF(steps);
    Py_XDECREF(dice);
    Py_XDECREF(left);
    return option;
}

static PyObject *turn_tuple(const kturn *t, int moved)
{
    PyObject *board = moved ? board_tuple(t->board) : Py_NewRef(Py_None);
    PyObject *left = board ? dice_tuple(t->left, t->nleft) : NULL;
    PyObject *options = left ? PyTuple_New(t->noptions) : NULL;
    for (int i = 0; options && i < t->noptions; i++) {
        PyObject *option = option_tuple(&t->options[i]);
        if (!option) {
            Py_CLEAR(options);
            break;
        }
        PyTuple_SET_ITEM(options, i, option);
    }
    PyObject *plays_left = options ? PyLong_FromSize_t(t->plays_left) : NULL;
    PyObject *out = plays_left ? PyTuple_Pack(5, board, left, options,
                                              t->complete ? Py_True : Py_False, plays_left)
                               : NULL;
    Py_XDECREF(board);
    Py_XDECREF(left);
    Py_XDECREF(options);
    Py_XDECREF(plays_left);
    return out;
}

PyDoc_STRVAR(turn_options_doc,
             "turn_options($module, board, die1, die2, made)\n--\n\n"
             "What gammond.engine.turn.turn_options needs: (board after the moves made,\n"
             "or None when none were made, dice left, options as (steps, dice, dice left)\n"
             "in the reference's order, complete, plays left). None where the reference\n"
             "must answer: `made` not the start of a legal play (it names the move),\n"
             "not tuples of ints, or a choice only Python's set order makes.");

static PyObject *turn_options(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    PyObject *given[4];
    int8_t board[K_SLOTS];
    int die1, die2, nmade;
    kstep made[K_MAX_STEPS];
    if (parse_roll("turn_options", args, nargs, kwnames, 4, given, board, &die1, &die2) < 0)
        return NULL;
    int readable = parse_made(given[3], made, &nmade);
    if (readable < 0)
        return NULL;
    if (!readable)
        Py_RETURN_NONE;
    kturn *turn = PyMem_Malloc(sizeof *turn);
    if (!turn)
        return PyErr_NoMemory();
    PyObject *out = NULL;
    int status = k_turn_options(board, die1, die2, made, nmade, turn);
    if (status == K_OK)
        out = turn_tuple(turn, nmade > 0);
    else if (status == K_TURN_ASK)
        out = Py_NewRef(Py_None);
    else
        PyErr_NoMemory();
    PyMem_Free(turn);
    return out;
}

PyDoc_STRVAR(format_play_doc,
             "format_play($module, steps, /)\n--\n\n"
             "gammond.engine.notation.format_moves of (from, to, hit) steps, as the\n"
             "kernel writes it into plays_wire's answers.");

static PyObject *format_play(PyObject *module, PyObject *arg)
{
    PyObject *seq = PySequence_Fast(arg, "steps must be a sequence of (from, to, hit)");
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    kstep steps[K_MAX_STEPS];
    PyObject *text = NULL;
    if (n > K_MAX_STEPS) {
        PyErr_Format(PyExc_ValueError, "a play has at most 4 steps, got %zd", n);
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int from, to, hit;
        PyObject *step = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyTuple_Check(step)) {
            PyErr_Format(PyExc_TypeError, "step %zd is %R, not a (from, to, hit) tuple", i, step);
            goto done;
        }
        if (!PyArg_ParseTuple(step, "iip;a step is (from, to, hit)", &from, &to, &hit))
            goto done;
        if (from < 0 || from > K_BAR || to < 0 || to > K_BAR) {
            PyErr_Format(PyExc_ValueError, "step %zd leaves the board: %d/%d", i, from, to);
            goto done;
        }
        steps[i] = (kstep){(uint8_t)from, (uint8_t)to, (uint8_t)hit};
    }
    char out[K_NOTATION_MAX];
    size_t len = k_format_play(steps, (int)n, out);
    text = PyUnicode_FromStringAndSize(out, (Py_ssize_t)len);
done:
    Py_DECREF(seq);
    return text;
}

PyDoc_STRVAR(encode_doc,
             "encode_position_id($module, board, /)\n--\n\n"
             "The Position ID of a board, as gammond.engine.ids.encode_position_id gives it.");

static PyObject *encode_position_id(PyObject *module, PyObject *arg)
{
    int8_t board[K_SLOTS];
    if (parse_board(arg, board) < 0)
        return NULL;
    return id_string(board);
}

PyDoc_STRVAR(decode_doc,
             "decode_position_id($module, position_id, /)\n--\n\n"
             "The board of a Position ID; NotationError for anything gammond.engine.ids rejects.");

static PyObject *decode_position_id(PyObject *module, PyObject *arg)
{
    if (!PyUnicode_Check(arg) || PyUnicode_GET_LENGTH(arg) != 14)
        return PyErr_Format(NotationError, "Position ID must be 14 characters, got %R", arg);
    const char *text = PyUnicode_IS_ASCII(arg) ? PyUnicode_AsUTF8(arg) : NULL;
    if (!text) {
        PyErr_Clear();
        return PyErr_Format(NotationError, "Position ID %R is not base64", arg);
    }
    int8_t board[K_SLOTS];
    int detail = 0;
    switch (k_decode_position_id(text, board, &detail)) {
    case KID_OK:
        return board_tuple(board);
    case KID_NOT_BASE64:
        return PyErr_Format(NotationError, "Position ID %R is not base64", arg);
    case KID_OUT_OF_BITS:
        return PyErr_Format(NotationError, "Position ID %R runs out of bits", arg);
    case KID_STRAY_BITS:
        return PyErr_Format(NotationError, "Position ID %R has stray bits after both sides", arg);
    case KID_TOO_MANY_THEIRS:
        return PyErr_Format(NotationError, "Position ID %R gives the opponent %d checkers", arg,
                            detail);
    case KID_TOO_MANY_MINE:
        return PyErr_Format(NotationError, "Position ID %R gives the player on roll %d checkers",
                            arg, detail);
    case KID_SHARED_POINT:
        return PyErr_Format(NotationError,
                            "Position ID %R: point %d holds checkers of both players", arg,
                            detail);
    }
    return PyErr_Format(PyExc_SystemError, "unknown Position ID status for %R", arg);
}

/* ---- network inputs --------------------------------------------------------- */

/* Whether a buffer's items are `kind` (a struct code), native size and order. */
static int buffer_of(const Py_buffer *view, const char *kinds)
{
    const char *format = view->format ? view->format : "B";
    if (format[0] == '@' || format[0] == '=' || (format[0] == '<' && PY_LITTLE_ENDIAN) ||
        (format[0] == '>' && !PY_LITTLE_ENDIAN))
        format++;
    return format[0] != '\0' && format[1] == '\0' && strchr(kinds, format[0]) != NULL;
}

static int get_boards(PyObject *obj, Py_buffer *view)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_RECORDS_RO) < 0) {
        PyErr_Format(PyExc_TypeError,
                     "boards must be a buffer of int8 (a numpy array, bytes), got %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (view->itemsize != 1 || !buffer_of(view, "bB"))
        PyErr_Format(PyExc_TypeError, "boards must hold int8 items, got format '%s' of %zd bytes",
                     view->format ? view->format : "B", view->itemsize);
    else if (!PyBuffer_IsContiguous(view, 'C'))
        PyErr_SetString(PyExc_ValueError, "boards must be C-contiguous");
    else if (view->len % K_SLOTS != 0)
        PyErr_Format(PyExc_ValueError,
                     "boards hold %zd bytes, not a whole number of 26-slot boards", view->len);
    else
        return 0;
    PyBuffer_Release(view);
    return -1;
}

static int get_inputs(PyObject *obj, Py_buffer *view, Py_ssize_t n)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_RECORDS) < 0) {
        PyErr_Format(PyExc_TypeError,
                     "out must be a writable buffer of float32, got a read-only or "
                     "non-buffer %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    const Py_ssize_t row = K_FEATURE_INPUTS * (Py_ssize_t)sizeof(float);
    if (view->itemsize != (Py_ssize_t)sizeof(float) || !buffer_of(view, "f"))
        PyErr_Format(PyExc_TypeError, "out must hold float32 items, got format '%s' of %zd bytes",
                     view->format ? view->format : "B", view->itemsize);
    else if (!PyBuffer_IsContiguous(view, 'C'))
        PyErr_SetString(PyExc_ValueError, "out must be C-contiguous");
    else if (view->len % row != 0 || view->len / row != n)
        PyErr_Format(PyExc_ValueError, "out holds %zd float32 values, %zd boards need %zd x %d",
                     view->len / (Py_ssize_t)sizeof(float), n, n, K_FEATURE_INPUTS);
    else
        return 0;
    PyBuffer_Release(view);
    return -1;
}

PyDoc_STRVAR(encode_features_doc,
             "encode_features($module, boards, out, /)\n--\n\n"
             "gammond.engine.bot.features.encode into `out`: `boards` a C-contiguous int8\n"
             "buffer of n * 26 slots, `out` a writable C-contiguous float32 buffer of\n"
             "n * INPUTS values.  Returns None.");

static PyObject *encode_features(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "encode_features takes 2 arguments (boards, out), got %zd",
                     nargs);
        return NULL;
    }
    Py_buffer boards, out;
    if (get_boards(args[0], &boards) < 0)
        return NULL;
    const Py_ssize_t n = boards.len / K_SLOTS;
    if (get_inputs(args[1], &out, n) < 0) {
        PyBuffer_Release(&boards);
        return NULL;
    }
    /* Writing a row must never change a board still to be read. */
    const char *in_lo = boards.buf, *out_lo = out.buf;
    const int overlap = n > 0 && in_lo < out_lo + out.len && out_lo < in_lo + boards.len;
    if (overlap) {
        PyErr_SetString(PyExc_ValueError, "boards and out share memory");
    } else {
        Py_BEGIN_ALLOW_THREADS
        k_encode_features(boards.buf, (size_t)n, out.buf);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&out);
    PyBuffer_Release(&boards);
    if (overlap)
        return NULL;
    Py_RETURN_NONE;
}


/* ---- the network ----------------------------------------------------------- */

/* A C-contiguous buffer of `count` items of `kind` ('f' float32, 'd' float64, 'q' int64); count -1: any. */
static int get_numbers(PyObject *obj, Py_buffer *view, const char *name, char kind, Py_ssize_t count,
                       int writable)
{
    const Py_ssize_t size = kind == 'f' ? (Py_ssize_t)sizeof(float) : 8;
    const char *type = kind == 'f' ? "float32" : kind == 'd' ? "float64" : "int64";
    /* numpy writes int64 as 'l' where long is 64 bits, 'q' elsewhere. */
    const char *kinds = kind == 'q' ? "lq" : kind == 'f' ? "f" : "d";
    if (PyObject_GetBuffer(obj, view, writable ? PyBUF_RECORDS : PyBUF_RECORDS_RO) < 0) {
        PyErr_Format(PyExc_TypeError, "%s must be a %sbuffer of %s, got %.100s", name,
                     writable ? "writable " : "", type, Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (view->itemsize != size || !buffer_of(view, kinds))
        PyErr_Format(PyExc_TypeError, "%s must hold %s items, got format '%s' of %zd bytes", name,
                     type, view->format ? view->format : "B", view->itemsize);
    else if (!PyBuffer_IsContiguous(view, 'C'))
        PyErr_Format(PyExc_ValueError, "%s must be C-contiguous", name);
    else if (count >= 0 && view->len / size != count)
        PyErr_Format(PyExc_ValueError, "%s holds %zd values, not %zd", name, view->len / size, count);
    else
        return 0;
    PyBuffer_Release(view);
    return -1;
}

static int overlaps(const Py_buffer *a, const Py_buffer *b)
{
    const char *a_lo = a->buf, *b_lo = b->buf;
    return a->len > 0 && b->len > 0 && a_lo < b_lo + b->len && b_lo < a_lo + a->len;
}

/* Hidden layers wider than this are not networks this engine trains. */
#define K_MAX_HIDDEN 4096

/*
 * The network's arrays from args[0..3] (w1, b1, w2, b2) into views in the order
 * b1, w1, w2, b2: b1 gives the hidden width the others are checked against.
 * `*held` counts the views taken, from the first.  The width, or -1.
 */
static Py_ssize_t get_network(PyObject *const *args, Py_buffer views[4], int *held)
{
    if (get_numbers(args[1], &views[0], "b1", 'f', -1, 0) < 0)
        return -1;
    *held = 1;
    const Py_ssize_t hidden = views[0].len / (Py_ssize_t)sizeof(float);
    if (hidden < 1 || hidden > K_MAX_HIDDEN) {
        PyErr_Format(PyExc_ValueError, "b1 holds %zd values, not 1 to %d", hidden, K_MAX_HIDDEN);
        return -1;
    }
    if (get_numbers(args[0], &views[1], "w1", 'f', K_FEATURE_INPUTS * hidden, 0) < 0)
        return -1;
    *held = 2;
    if (get_numbers(args[2], &views[2], "w2", 'f', hidden * 5, 0) < 0)
        return -1;
    *held = 3;
    if (get_numbers(args[3], &views[3], "b2", 'f', 5, 0) < 0)
        return -1;
    *held = 4;
    return hidden;
}

PyDoc_STRVAR(score_boards_doc,
             "score_boards($module, boards, w1, b1, w2, b2, rw1, rb1, rw2, rb2, bw1, bb1, bw2, bb2, out, /)\n--\n\n"
             "gammond.engine.bot.neural.score_boards into `out`: `boards` a C-contiguous int8\n"
             "buffer of n * 26 slots; w1 (INPUTS x H), b1 (H), w2 (H x 5), b2 (5) C-contiguous\n"
             "float32; rw1..rb2 the race network's arrays (the same shapes, its own width),\n"
             "which score the boards with no contact left, or four Nones; bw1..bb2 the bearing\n"
             "network's, which score the boards in contact where one side has every checker home\n"
             "or off, or four Nones; `out` a writable\n"
             "C-contiguous float64 buffer of n * 5 values.  Runs without the GIL.  Returns None.");

PyDoc_STRVAR(rolled_values_doc,
             "rolled_values($module, boards, w1, b1, w2, b2, pw1, pb1, pw2, pb2, rw1, rb1, rw2, rb2,\n"
             "              bw1, bb1, bw2, bb2, off, first, rank, out, /)\n--\n\n"
             "gammond.engine.bot.search.on_roll_values(boards, 1) with the shipped evaluator into\n"
             "`out`: the boards and networks as for score_boards; pw1..pb2 a pruning\n"
             "network's arrays (the same shapes, its own width), or four Nones; off and first the\n"
             "bear-off database's float64 tables (54264 x 32), rank its int64 rank table\n"
             "(6 x 16 x 17).  Runs without the GIL.  Returns None.");

enum { RUN_SCORE, RUN_ROLLED, RUN_PLAY_OUT };

/* The dice of play_out: n games' rows of two bytes per half-move, each 1..6. */
static int get_dice(PyObject *obj, Py_buffer *view, Py_ssize_t n, Py_ssize_t *half_moves)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_RECORDS_RO) < 0) {
        PyErr_Format(PyExc_TypeError, "dice must be a buffer of uint8, got %.100s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    const unsigned char *d = view->buf;
    if (view->itemsize != 1 || !buffer_of(view, "bB"))
        PyErr_Format(PyExc_TypeError, "dice must hold uint8 items, got format '%s' of %zd bytes",
                     view->format ? view->format : "B", view->itemsize);
    else if (!PyBuffer_IsContiguous(view, 'C'))
        PyErr_SetString(PyExc_ValueError, "dice must be C-contiguous");
    else if (n > 0 && view->len % (2 * n) != 0)
        PyErr_Format(PyExc_ValueError, "dice hold %zd bytes, not two a half-move for each of %zd games",
                     view->len, n);
    else {
        for (Py_ssize_t i = 0; i < view->len; i++)
            if (d[i] < 1 || d[i] > 6) {
                PyErr_Format(PyExc_ValueError, "dice must be 1..6, got %d at byte %zd", (int)d[i], i);
                PyBuffer_Release(view);
                return -1;
            }
        *half_moves = n > 0 ? view->len / (2 * n) : 0;
        return 0;
    }
    PyBuffer_Release(view);
    return -1;
}

PyDoc_STRVAR(play_out_doc,
             "play_out($module, boards, w1, b1, w2, b2, pw1, pb1, pw2, pb2, rw1, rb1, rw2, rb2, bw1,\n"
             "         bb1, bw2, bb2, off, first, rank, dice, out, /)\n--\n\n"
             "Rollout trials with the shipped evaluator into `out` (n * 5 float64): game r plays\n"
             "from board r with the dice of row r (a C-contiguous uint8 buffer of n * H * 2\n"
             "bytes, 1..6), each side's best 0-ply play, for at most H half-moves; the outcome\n"
             "for board r's player on roll, or the evaluator's view of where it stopped.  The\n"
             "other arguments as for rolled_values.  Runs without the GIL.  Returns None.");

/*
 * Four arrays of a second network at args[0..3], or four Nones: its width (0 for the
 * Nones), or -1.  `names` reads "pw1, pb1, pw2 and pb2" or the race or bearing network's.
 */
static Py_ssize_t get_optional_network(PyObject *const *args, Py_buffer views[4], int *held, const char *names)
{
    const int nones = (args[0] == Py_None) + (args[1] == Py_None) + (args[2] == Py_None) + (args[3] == Py_None);
    if (nones == 4)
        return 0;
    if (nones != 0) {
        PyErr_Format(PyExc_TypeError, "%s must all be arrays or all be None", names);
        return -1;
    }
    return get_network(args, views, held);
}

/* A knet over the views of get_network, its transposed w2 written to `w2t`. */
static knet knet_of(Py_buffer views[4], Py_ssize_t hidden, float *w2t)
{
    k_transpose_w2(views[2].buf, (int)hidden, w2t);
    return (knet){views[1].buf, views[0].buf, views[2].buf, views[3].buf, w2t, (int)hidden, NULL, NULL, NULL};
}

/*
 * score_boards (nargs 14), rolled_values (nargs 21) and play_out (nargs 22) share their
 * checks: boards, the network, [the pruning network or four Nones,] the race network
 * or four Nones, the bearing network or four Nones, [off, first, rank, [dice,]] out.
 */
static PyObject *run_network(PyObject *const *args, Py_ssize_t nargs, int mode)
{
    static const char *names[] = {"score_boards", "rolled_values", "play_out"};
    const Py_ssize_t want = mode == RUN_SCORE ? 14 : mode == RUN_ROLLED ? 21 : 22;
    const int search = mode != RUN_SCORE;
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments, got %zd", names[mode], want, nargs);
        return NULL;
    }
    Py_buffer boards, net[4], prune[4], race[4], bear[4], db[3], dice, out;
    int net_held = 0, prune_held = 0, race_held = 0, bear_held = 0, db_held = 0, dice_held = 0, out_held = 0;
    Py_ssize_t prune_hidden = 0, race_hidden = 0, bear_hidden = 0;
    Py_ssize_t half_moves = 0;
    PyObject *result = NULL;
    float *scratch = NULL;
    if (get_boards(args[0], &boards) < 0)
        return NULL;
    const Py_ssize_t n = boards.len / K_SLOTS;
    const Py_ssize_t hidden = get_network(args + 1, net, &net_held);
    if (hidden < 0)
        goto done;
    if (search) {
        prune_hidden = get_optional_network(args + 5, prune, &prune_held, "pw1, pb1, pw2 and pb2");
        if (prune_hidden < 0)
            goto done;
    }
    const Py_ssize_t race_at = search ? 9 : 5;
    race_hidden = get_optional_network(args + race_at, race, &race_held, "rw1, rb1, rw2 and rb2");
    if (race_hidden < 0)
        goto done;
    bear_hidden = get_optional_network(args + race_at + 4, bear, &bear_held, "bw1, bb1, bw2 and bb2");
    if (bear_hidden < 0)
        goto done;
    if (search) {
        const Py_ssize_t table = (Py_ssize_t)K_BEAROFF_POSITIONS * K_BEAROFF_ROLLS;
        if (get_numbers(args[17], &db[0], "off", 'd', table, 0) < 0)
            goto done;
        db_held = 1;
        if (get_numbers(args[18], &db[1], "first", 'd', table, 0) < 0)
            goto done;
        db_held = 2;
        if (get_numbers(args[19], &db[2], "rank", 'q', K_BEAROFF_RANKS, 0) < 0)
            goto done;
        db_held = 3;
    }
    if (mode == RUN_PLAY_OUT) {
        if (get_dice(args[20], &dice, n, &half_moves) < 0)
            goto done;
        dice_held = 1;
    }
    if (get_numbers(args[want - 1], &out, "out", 'd', n * 5, 1) < 0)
        goto done;
    out_held = 1;
    int shared = overlaps(&out, &boards);
    for (int i = 0; i < net_held; i++)
        shared |= overlaps(&out, &net[i]);
    for (int i = 0; i < prune_held; i++)
        shared |= overlaps(&out, &prune[i]);
    for (int i = 0; i < race_held; i++)
        shared |= overlaps(&out, &race[i]);
    for (int i = 0; i < bear_held; i++)
        shared |= overlaps(&out, &bear[i]);
    for (int i = 0; i < db_held; i++)
        shared |= overlaps(&out, &db[i]);
    if (dice_held)
        shared |= overlaps(&out, &dice);
    if (shared) {
        PyErr_SetString(PyExc_ValueError, "out shares memory with the boards or the weights");
        goto done;
    }
    /* The inputs, one hidden layer as wide as the widest network, and each network's w2t. */
    Py_ssize_t widest = hidden > prune_hidden ? hidden : prune_hidden;
    widest = widest > race_hidden ? widest : race_hidden;
    widest = widest > bear_hidden ? widest : bear_hidden;
    scratch = PyMem_Malloc(
        (size_t)(K_FEATURE_INPUTS + widest + 5 * (hidden + prune_hidden + race_hidden + bear_hidden)) *
        sizeof(float));
    if (!scratch) {
        PyErr_NoMemory();
        goto done;
    }
    float *w2t = scratch + K_FEATURE_INPUTS + widest;
    const knet racing = race_held ? knet_of(race, race_hidden, w2t) : (knet){0};
    const knet *race_net = race_held ? &racing : NULL;
    const knet bearing = bear_held ? knet_of(bear, bear_hidden, w2t + 5 * race_hidden) : (knet){0};
    const knet *bear_net = bear_held ? &bearing : NULL;
    float *rest = w2t + 5 * (race_hidden + bear_hidden);
    knet pruning = prune_held ? knet_of(prune, prune_hidden, rest) : (knet){0};
    /* A race is the race network's to score, and a bear-off in contact the bearing
       network's, whichever network ranks the plays. */
    pruning.race = race_net;
    pruning.bearing = bear_net;
    knet network = knet_of(net, hidden, rest + 5 * prune_hidden);
    network.prune = prune_held ? &pruning : NULL;
    network.race = race_net;
    network.bearing = bear_net;
    int status = K_OK;
    if (search) {
        /* The rank table holds small non-negative numbers: read as int64 whatever numpy called it. */
        const kbearoff bearoff = {db[0].buf, db[1].buf, db[2].buf};
        Py_BEGIN_ALLOW_THREADS
        if (mode == RUN_ROLLED)
            status = k_rolled_values(&network, &bearoff, boards.buf, (size_t)n, out.buf, scratch);
        else
            status = k_play_out(&network, &bearoff, boards.buf, (size_t)n, dice.buf, (size_t)half_moves,
                                out.buf, scratch);
        Py_END_ALLOW_THREADS
    } else {
        Py_BEGIN_ALLOW_THREADS
        k_score_boards(&network, boards.buf, (size_t)n, out.buf, scratch);
        Py_END_ALLOW_THREADS
    }
    if (status != K_OK)
        PyErr_NoMemory();
    else
        result = Py_NewRef(Py_None);
done:
    PyMem_Free(scratch);
    if (out_held)
        PyBuffer_Release(&out);
    if (dice_held)
        PyBuffer_Release(&dice);
    for (int i = 0; i < db_held; i++)
        PyBuffer_Release(&db[i]);
    for (int i = 0; i < bear_held; i++)
        PyBuffer_Release(&bear[i]);
    for (int i = 0; i < race_held; i++)
        PyBuffer_Release(&race[i]);
    for (int i = 0; i < prune_held; i++)
        PyBuffer_Release(&prune[i]);
    for (int i = 0; i < net_held; i++)
        PyBuffer_Release(&net[i]);
    PyBuffer_Release(&boards);
    return result;
}

static PyObject *score_boards(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return run_network(args, nargs, RUN_SCORE);
}

static PyObject *rolled_values(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return run_network(args, nargs, RUN_ROLLED);
}

static PyObject *play_out(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return run_network(args, nargs, RUN_PLAY_OUT);
}

#define FASTCALL(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL | METH_KEYWORDS

static PyMethodDef methods[] = {
    {"generate", FASTCALL(generate), generate_doc},
    {"plays", FASTCALL(plays), plays_doc},
    {"result_ids", FASTCALL(result_ids), result_ids_doc},
    {"encode_position_id", encode_position_id, METH_O, encode_doc},
    {"decode_position_id", decode_position_id, METH_O, decode_doc},
    {"encode_features", (PyCFunction)(void (*)(void))encode_features, METH_FASTCALL,
     encode_features_doc},
    {"score_boards", (PyCFunction)(void (*)(void))score_boards, METH_FASTCALL, score_boards_doc},
    {"rolled_values", (PyCFunction)(void (*)(void))rolled_values, METH_FASTCALL, rolled_values_doc},
    {"play_out", (PyCFunction)(void (*)(void))play_out, METH_FASTCALL, play_out_doc},
    {"plays_wire", (PyCFunction)(void (*)(void))plays_wire, METH_FASTCALL, plays_wire_doc},
    {"plays_wire_request", (PyCFunction)(void (*)(void))plays_wire_request, METH_FASTCALL,
     plays_wire_request_doc},
    {"format_play", format_play, METH_O, format_play_doc},
    {"fits_wire", (PyCFunction)(void (*)(void))fits_wire, METH_FASTCALL, fits_wire_doc},
    {"turn_options", FASTCALL(turn_options), turn_options_doc},
    {"flow_step", (PyCFunction)(void (*)(void))flow_step, METH_FASTCALL, flow_step_doc},
    {"flow_list", (PyCFunction)(void (*)(void))flow_list, METH_FASTCALL, flow_list_doc},
    {"strip_fields", (PyCFunction)(void (*)(void))strip_fields, METH_FASTCALL, strip_fields_doc},
    {"pick_fields", (PyCFunction)(void (*)(void))pick_fields, METH_FASTCALL, pick_fields_doc},
    {"message_fields", (PyCFunction)(void (*)(void))message_fields, METH_FASTCALL, message_fields_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "gammond.engine._ckernel",
    .m_doc = "gammond's compiled move generator; gammond/engine/movegen.py is its reference.",
    .m_size = -1,
    .m_methods = methods,
};

static int import_errors(void)
{
    PyObject *errors = PyImport_ImportModule("gammond.engine.errors");
    if (!errors)
        return -1;
    InvalidPositionError = PyObject_GetAttrString(errors, "InvalidPositionError");
    InvalidDiceError = PyObject_GetAttrString(errors, "InvalidDiceError");
    NotationError = PyObject_GetAttrString(errors, "NotationError");
    IllegalPlayError = PyObject_GetAttrString(errors, "IllegalPlayError");
    Py_DECREF(errors);
    return InvalidPositionError && InvalidDiceError && NotationError && IllegalPlayError ? 0 : -1;
}

PyMODINIT_FUNC PyInit__ckernel(void)
{
    if (import_errors() < 0 || PyType_Ready(&Plays_Type) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (!module)
        return NULL;
    if (PyModule_AddObjectRef(module, "Plays", (PyObject *)&Plays_Type) < 0 ||
        PyModule_AddIntConstant(module, "PLAYS", K_WIRE_PLAYS) < 0 ||
        PyModule_AddIntConstant(module, "RESULT", K_WIRE_RESULT) < 0 ||
        PyModule_AddIntConstant(module, "COUNT", K_WIRE_COUNT) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
