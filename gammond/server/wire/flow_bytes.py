"""Act's common actions and a moving player's ListActions answered by the compiled kernel, bytes to bytes.

A board UI sends most of its calls while a turn is played: a tap per
checker, an undo now and then, the confirmation, the roll, and now and
then a double, its answer or a resignation.  The kernel (``kernel.flow_step`` and ``flow_list``,
``_ckernel_src/flow.c``) reads the lean Game's bytes, checks the action,
and writes the whole answer (the new Game, the events, what was logged,
the next actions) without a Python object in between.  It answers None
for anything else, or anything it is unsure of, and the caller takes the
general path, which stays the reference: the tests play whole games both
ways and compare every answer byte for byte.

The kernel only reads Games in the server's own encoding of a state this
worker wrote itself or decoded and checked (``GameCodec.read_flow``), or a
sealed state whose seal verifies, so its reading can trust what the checks
found.  The protocol's codes and the answer's constant fields are written
here by the Python encoders, once; what the cube's rules allow and what a
drop gives come from :mod:`~gammond.server.wire.flow_context`.
"""

from __future__ import annotations

from backgammon.v1 import game_pb2, play_service_pb2, rules_pb2
from gammond.engine import (
    CHAIN_LABEL,
    MAX_LOG,
    MAX_VERSION,
    Action,
    ActionKind,
    LogEntry,
    Player,
    ResultKind,
    entry_bytes,
    kernel,
)
from gammond.server.wire.board import encode_color
from gammond.server.wire.game import encode_flow_action

# What the kernel reads from an ActRequest besides the Game and the action.
KINDS = frozenset(
    (
        game_pb2.ACTION_KIND_MOVE,
        game_pb2.ACTION_KIND_UNDO,
        game_pb2.ACTION_KIND_CONFIRM,
        game_pb2.ACTION_KIND_PLAY,
        game_pb2.ACTION_KIND_RESIGN,
        game_pb2.ACTION_KIND_ROLL,
        game_pb2.ACTION_KIND_DOUBLE,
        game_pb2.ACTION_KIND_TAKE,
        game_pb2.ACTION_KIND_DROP,
    )
)
# What the cube's rules allow, as kernel.h's K_FLOW_MAY_* flags, and the moves view (no plays listed).
MAY_DOUBLE_NEXT, MAY_DOUBLE_NOW, MAY_BEAVER, MOVES_VIEW = 1, 2, 4, 8
# Those after which the same player acts again, so a bot asked to reply (bot_reply) has
# nothing to do: the kernel answers them then too.  (A roll that cannot be played, which
# passes the turn, the kernel leaves to the general path.)
BOT_WAITS = frozenset((game_pb2.ACTION_KIND_MOVE, game_pb2.ACTION_KIND_UNDO, game_pb2.ACTION_KIND_ROLL))
VIEWS = frozenset(
    (
        play_service_pb2.ACTIONS_VIEW_UNSPECIFIED,
        play_service_pb2.ACTIONS_VIEW_COMPACT,
        play_service_pb2.ACTIONS_VIEW_MOVES,
    )
)


def _choices(phase: int, player: Player | None, *actions: Action) -> bytes:
    """Constant parts of a ListActionsResponse, as the general path writes them (compact).

    With a ``phase``: the head (phase and ``player`` to act) and ``actions``;
    without (0): the ``actions`` fields alone, for the kernel to put in a list.
    """
    response = play_service_pb2.ListActionsResponse(
        phase=phase,  # type: ignore[arg-type]
        to_act=[] if player is None else [encode_color(player)],
        actions=[encode_flow_action(a, (), True) for a in actions],
    )
    return bytes(response.SerializeToString())


def _resigns(player: Player) -> tuple[Action, ...]:
    return tuple(Action(ActionKind.RESIGN, player, resign=k) for k in ResultKind)


def _rolls(player: Player, may_double: bool) -> bytes:
    """The choices of ``player`` about to roll once the other's turn ends: roll, maybe double, or resign."""
    kinds = (ActionKind.ROLL, ActionKind.DOUBLE) if may_double else (ActionKind.ROLL,)
    actions = (*(Action(kind, player) for kind in kinds), *_resigns(player))
    return _choices(game_pb2.PHASE_BEFORE_ROLL, player, *actions)


def _offers(player: Player, may_beaver: bool) -> bytes:
    """The choices of ``player`` answering a double: take, drop, maybe beaver."""
    kinds = (ActionKind.TAKE, ActionKind.DROP, ActionKind.BEAVER)[: 3 if may_beaver else 2]
    return _choices(game_pb2.PHASE_CUBE_OFFERED, player, *(Action(kind, player) for kind in kinds))


def _answers(player: Player) -> bytes:
    """The choices after ``player`` offers to resign: the other side accepts or rejects."""
    other = player.opponent
    answers = (Action(ActionKind.ACCEPT, other), Action(ActionKind.REJECT, other))
    return _choices(game_pb2.PHASE_RESIGNATION_OFFERED, other, *answers)


def _log_code(kind: ActionKind) -> int:
    """``kind``'s code in the log chain's fixed entry encoding."""
    return entry_bytes(LogEntry(kind))[0]


def _consts() -> tuple[int | bytes, ...]:
    """``flow_step``'s codes and constant fields (kernel.h's ``kflow_consts``), in module.c's order."""
    sides = (Player.WHITE, Player.BLACK)
    return (
        game_pb2.PHASE_MOVING,
        game_pb2.PHASE_BEFORE_ROLL,
        game_pb2.PHASE_RESIGNATION_OFFERED,
        game_pb2.PHASE_CUBE_OFFERED,
        game_pb2.ACTION_KIND_MOVE,
        game_pb2.ACTION_KIND_UNDO,
        game_pb2.ACTION_KIND_RESIGN,
        game_pb2.ACTION_KIND_REJECT,
        game_pb2.ACTION_KIND_CONFIRM,
        game_pb2.ACTION_KIND_PLAY,
        game_pb2.ACTION_KIND_ROLL,
        game_pb2.ACTION_KIND_DOUBLE,
        game_pb2.ACTION_KIND_TAKE,
        game_pb2.ACTION_KIND_DROP,
        game_pb2.EVENT_KIND_MOVED,
        game_pb2.EVENT_KIND_UNDONE,
        game_pb2.EVENT_KIND_RESIGNED,
        game_pb2.EVENT_KIND_TURN_ENDED,
        game_pb2.EVENT_KIND_ROLLED,
        game_pb2.EVENT_KIND_DOUBLED,
        game_pb2.EVENT_KIND_TOOK,
        encode_color(Player.WHITE),
        encode_color(Player.BLACK),
        game_pb2.DICE_SOURCE_SEEDED,
        game_pb2.DICE_SOURCE_CLIENT,
        rules_pb2.CUBE_OWNER_WHITE,
        rules_pb2.CUBE_OWNER_BLACK,
        rules_pb2.CUBE_ACTION_DOUBLE,
        *(_log_code(kind) for kind in (ActionKind.RESIGN, ActionKind.PLAY, ActionKind.ROLL)),
        *(_log_code(kind) for kind in (ActionKind.DOUBLE, ActionKind.TAKE, ActionKind.DROP)),
        MAX_VERSION,
        MAX_LOG,
        CHAIN_LABEL,
        *(_choices(game_pb2.PHASE_MOVING, p) for p in sides),
        *(_choices(0, None, Action(ActionKind.UNDO, p)) for p in sides),
        *(_choices(0, None, Action(ActionKind.CONFIRM, p)) for p in sides),
        *(_choices(0, None, *_resigns(p)) for p in sides),
        *(_answers(p) for p in sides),
        *(_rolls(p, may_double) for p in sides for may_double in (False, True)),
        *(_offers(p, may_beaver) for p in sides for may_beaver in (False, True)),
    )


CONSTS = _consts()


def step(
    key: bytes, action: bytes, allowed: int = 0, drop: tuple[bytes, ...] | None = None
) -> tuple[bytes, bytes, bytes] | None:
    """The kernel's Act of ``action`` (an Action's bytes) on the Game whose bytes are ``key``, or None.

    ``allowed``: the ``MAY_*`` flags, what the cube's rules allow; ``drop``:
    the engine's answer to a drop in this Game's context (both from
    :mod:`~gammond.server.wire.flow_context`).  The answer's bytes, the new
    Game's bytes without its output-only fields (its key), and the new Game
    as the answer holds it; None: the general path answers.
    """
    compiled = kernel.flow_step
    return None if compiled is None else compiled(key, action, CONSTS, allowed, drop)


def listing(key: bytes, full: bool, allowed: int = 0) -> bytes | None:
    """ListActions' answer for the Game whose bytes are ``key``, or None for the general path.

    ``full``: the full view while moving, else the compact one; ``allowed``:
    the ``MAY_*`` flags before the roll and answering a double.
    """
    compiled = kernel.flow_list
    return None if compiled is None else compiled(key, CONSTS, full, allowed)
