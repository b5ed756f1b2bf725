"""The game flow on the wire: Game, Action, LogEntry and Event messages.

Decoding checks each field it reads (naming it, ``game.cube.value``), then
hands the whole state to the engine's consistency check, whose field paths
are prefixed with ``game.``.  Cube values and points are 64-bit here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar, cast

from backgammon.v1 import board_pb2, game_pb2, play_service_pb2
from backgammon.v1 import rules_pb2 as rules_pb
from gammond.engine import (
    FAIR_SCHEME,
    Action,
    ActionKind,
    Choices,
    CubeAction,
    CubeState,
    DiceSource,
    Event,
    EventKind,
    Game,
    GameOutcome,
    InvalidGameError,
    LogDigest,
    LogEntry,
    MatchState,
    Move,
    Phase,
    Player,
    Position,
    Resignation,
    ResultKind,
    RuleOptions,
    ScoreSheetRow,
    chain_key,
    check_game,
    commitment,
    format_moves,
    moving_options,
    with_hits,
)
from gammond.server.errors import WireError
from gammond.server.limits import limit, most
from gammond.server.wire.board import (
    decode_board,
    decode_color,
    decode_dice,
    decode_moves,
    encode_board,
    encode_color,
    encode_dice,
    encode_move,
    encode_play,
    guarded,
)
from gammond.server.wire.rules import (
    _END_CODES,
    _ENDS,
    _OWNER_CODES,
    _OWNERS,
    _enum,
    decode_action,
    decode_kind,
    decode_rules,
    encode_action,
    encode_kind,
    encode_rules,
)

_PHASES = {
    game_pb2.PHASE_OPENING_ROLL: Phase.OPENING_ROLL,
    game_pb2.PHASE_BEFORE_ROLL: Phase.BEFORE_ROLL,
    game_pb2.PHASE_CUBE_OFFERED: Phase.CUBE_OFFERED,
    game_pb2.PHASE_MOVING: Phase.MOVING,
    game_pb2.PHASE_RESIGNATION_OFFERED: Phase.RESIGNATION_OFFERED,
    game_pb2.PHASE_GAME_OVER: Phase.GAME_OVER,
    game_pb2.PHASE_MATCH_OVER: Phase.MATCH_OVER,
}
_PHASE_CODES = {phase: code for code, phase in _PHASES.items()}
_SOURCES = {
    game_pb2.DICE_SOURCE_SERVER: DiceSource.SERVER,
    game_pb2.DICE_SOURCE_CLIENT: DiceSource.CLIENT,
    game_pb2.DICE_SOURCE_SEEDED: DiceSource.SEEDED,
    game_pb2.DICE_SOURCE_FAIR: DiceSource.FAIR,
}
_SOURCE_CODES = {source: code for code, source in _SOURCES.items()}
_KINDS = {
    game_pb2.ACTION_KIND_ROLL: ActionKind.ROLL,
    game_pb2.ACTION_KIND_DOUBLE: ActionKind.DOUBLE,
    game_pb2.ACTION_KIND_TAKE: ActionKind.TAKE,
    game_pb2.ACTION_KIND_DROP: ActionKind.DROP,
    game_pb2.ACTION_KIND_BEAVER: ActionKind.BEAVER,
    game_pb2.ACTION_KIND_RACCOON: ActionKind.RACCOON,
    game_pb2.ACTION_KIND_RESIGN: ActionKind.RESIGN,
    game_pb2.ACTION_KIND_ACCEPT: ActionKind.ACCEPT,
    game_pb2.ACTION_KIND_REJECT: ActionKind.REJECT,
    game_pb2.ACTION_KIND_MOVE: ActionKind.MOVE,
    game_pb2.ACTION_KIND_UNDO: ActionKind.UNDO,
    game_pb2.ACTION_KIND_CONFIRM: ActionKind.CONFIRM,
    game_pb2.ACTION_KIND_PLAY: ActionKind.PLAY,
    game_pb2.ACTION_KIND_TIME_OUT: ActionKind.TIME_OUT,
}
_KIND_CODES = {kind: code for code, kind in _KINDS.items()}
_PLAYERS = {board_pb2.COLOR_WHITE: Player.WHITE, board_pb2.COLOR_BLACK: Player.BLACK}
_EVENT_CODES = {
    EventKind.OPENING_TIE: game_pb2.EVENT_KIND_OPENING_TIE,
    EventKind.OPENING_ROLL: game_pb2.EVENT_KIND_OPENING_ROLL,
    EventKind.AUTOMATIC_DOUBLE: game_pb2.EVENT_KIND_AUTOMATIC_DOUBLE,
    EventKind.ROLLED: game_pb2.EVENT_KIND_ROLLED,
    EventKind.TURN_PASSED: game_pb2.EVENT_KIND_TURN_PASSED,
    EventKind.MOVED: game_pb2.EVENT_KIND_MOVED,
    EventKind.UNDONE: game_pb2.EVENT_KIND_UNDONE,
    EventKind.TURN_ENDED: game_pb2.EVENT_KIND_TURN_ENDED,
    EventKind.DOUBLED: game_pb2.EVENT_KIND_DOUBLED,
    EventKind.TOOK: game_pb2.EVENT_KIND_TOOK,
    EventKind.DROPPED: game_pb2.EVENT_KIND_DROPPED,
    EventKind.BEAVERED: game_pb2.EVENT_KIND_BEAVERED,
    EventKind.RACCOONED: game_pb2.EVENT_KIND_RACCOONED,
    EventKind.RESIGNED: game_pb2.EVENT_KIND_RESIGNED,
    EventKind.RESIGNATION_ACCEPTED: game_pb2.EVENT_KIND_RESIGNATION_ACCEPTED,
    EventKind.RESIGNATION_REJECTED: game_pb2.EVENT_KIND_RESIGNATION_REJECTED,
    EventKind.GAME_WON: game_pb2.EVENT_KIND_GAME_WON,
    EventKind.MATCH_WON: game_pb2.EVENT_KIND_MATCH_WON,
}


# Each field's limit, from gammond.server.limits.FIELD_LIMITS (where the
# engine's MAX_CUBE, MAX_LOG, MAX_SCORE, MAX_SHEET and MAX_VERSION come in).
_V1 = "backgammon.v1."
_MAX_CUBE = most(_V1 + "GameCube.value")
_MAX_OUTCOME_CUBE = most(_V1 + "GameOutcome.cube_value")
_MAX_POINTS = most(_V1 + "GameOutcome.points")
_MAX_SCORE = most(_V1 + "MatchScore.white_score")  # and black_score, GameRecord's scores
_MAX_SHEET = most(_V1 + "Game.sheet")
_MAX_LOG = most(_V1 + "Game.log")
_MAX_LENGTH = most(_V1 + "LogDigest.length")
_MAX_VERSION = most(_V1 + "Game.version")
GAME_ID_BYTES = limit(_V1 + "Game.game_id").high
CHAIN_BYTES = limit(_V1 + "LogDigest.chain").high
_DIE_LOW, _DIE_HIGH = limit(_V1 + "Dice.die1").low, limit(_V1 + "Dice.die1").high


def _optional_color(value: int, field: str) -> Player | None:
    return None if value == board_pb2.COLOR_UNSPECIFIED else decode_color(value, field)


def _count(value: int, field: str, limit: int) -> int:
    if value > limit:
        raise WireError(field, f"{value} is above {limit}, the largest accepted")
    return value


def _cube_value(value: int, field: str, ceiling: int = _MAX_CUBE) -> int:
    if value == 0 or value & (value - 1):
        raise WireError(field, f"{value} is not a power of two (1, 2, 4, ...)")
    return _count(value, field, ceiling)


def decode_dice_source(value: int, field: str, default: DiceSource | None = None) -> DiceSource:
    if value == game_pb2.DICE_SOURCE_UNSPECIFIED and default is not None:
        return default
    return _enum(_SOURCES, value, field, "SERVER, CLIENT, SEEDED, FAIR")


def decode_outcome(message: game_pb2.GameOutcome, field: str) -> GameOutcome:
    winner = decode_color(message.winner, f"{field}.winner")
    kind = decode_kind(message.kind, f"{field}.kind")
    ended = _enum(_ENDS, message.ended, f"{field}.ended", "PLAYED_OUT, DOUBLE_DROPPED, RESIGNED, TIMED_OUT")
    cube_value = _cube_value(message.cube_value, f"{field}.cube_value", _MAX_OUTCOME_CUBE)
    points = _count(message.points, f"{field}.points", _MAX_POINTS)
    return guarded(field, lambda: GameOutcome(winner, kind, cube_value, ended, points))


def encode_outcome(outcome: GameOutcome) -> game_pb2.GameOutcome:
    return game_pb2.GameOutcome(
        winner=encode_color(outcome.winner),
        kind=encode_kind(outcome.kind),
        cube_value=outcome.cube_value,
        ended=_END_CODES[outcome.ended],
        points=outcome.points,
    )


def _encode_score(state: MatchState) -> game_pb2.MatchScore:
    return game_pb2.MatchScore(
        white_score=state.scores[Player.WHITE],
        black_score=state.scores[Player.BLACK],
        crawford=state.crawford,
    )


def _decode_row(message: game_pb2.GameRecord, field: str) -> ScoreSheetRow:
    outcome = decode_outcome(message.outcome, f"{field}.outcome")
    scores = (
        _count(message.white_score, f"{field}.white_score", _MAX_SCORE),
        _count(message.black_score, f"{field}.black_score", _MAX_SCORE),
    )
    return ScoreSheetRow(
        message.game,
        outcome.winner,
        outcome.kind,
        outcome.cube_value,
        outcome.ended,
        outcome.points,
        scores,
        message.crawford,
    )


def _encode_row(row: ScoreSheetRow) -> game_pb2.GameRecord:
    outcome = GameOutcome(row.winner, row.kind, row.cube_value, row.ended, row.points)
    return game_pb2.GameRecord(
        game=row.game,
        outcome=encode_outcome(outcome),
        white_score=row.scores[Player.WHITE],
        black_score=row.scores[Player.BLACK],
        crawford=row.crawford,
    )


def _decode_cube(message: game_pb2.GameCube, field: str) -> CubeState:
    value = _cube_value(message.value, f"{field}.value")
    owner = _enum(_OWNERS, message.owner, f"{field}.owner", "CENTERED, WHITE, BLACK")
    pending: CubeAction | None = None
    offered_by: Player | None = None
    if message.HasField("pending"):
        pending = decode_action(message.pending.action, f"{field}.pending.action")
        offered_by = decode_color(message.pending.offered_by, f"{field}.pending.offered_by")
    return guarded(field, lambda: CubeState(value, owner, pending, offered_by, message.doubled_this_turn))


def _decode_game_cube(message: game_pb2.Game, field: str) -> CubeState:
    """A Game's cube, kept by its bytes (see :func:`_decoded`)."""
    cube = message.cube
    return _decoded(_CUBE, cube.SerializeToString(), b"", lambda: _decode_cube(cube, f"{field}.cube"))


def _encode_cube(cube: CubeState) -> game_pb2.GameCube:
    message = game_pb2.GameCube(
        value=cube.value, owner=_OWNER_CODES[cube.owner], doubled_this_turn=cube.doubled_this_turn
    )
    if cube.pending is not None and cube.offered_by is not None:
        message.pending.CopyFrom(
            rules_pb.CubeOffer(action=encode_action(cube.pending), offered_by=encode_color(cube.offered_by))
        )
    return message


def _player_moves(
    moves: Iterable[board_pb2.CheckerMove], player: Player | None, field: str, *, keep_hits: bool = False
) -> tuple[Move, ...]:
    listed = list(moves)
    if not listed:
        return ()
    if player is None:
        raise WireError(field, "checker moves need the player who makes them")
    return tuple(decode_moves(listed, player, field, keep_hits=keep_hits))


def _decode_entry(message: game_pb2.LogEntry, field: str) -> LogEntry:
    # The log is most of a Game: field paths are only spelt out on an error.
    kind = _KINDS.get(message.kind)
    if kind is None:
        raise WireError(f"{field}.kind", f"must be an ACTION_KIND_*, got {message.kind}")
    player = _PLAYERS.get(message.player)
    if player is None and message.player != board_pb2.COLOR_UNSPECIFIED:
        raise WireError(f"{field}.player", f"must be COLOR_WHITE or COLOR_BLACK, got {message.player}")
    dice = None
    if message.HasField("dice"):
        die1, die2 = message.dice.die1, message.dice.die2
        dice = (
            (die1, die2)
            if _DIE_LOW <= die1 <= _DIE_HIGH and _DIE_LOW <= die2 <= _DIE_HIGH
            else decode_dice(message.dice, f"{field}.dice")
        )
    resign = None
    if message.resign_kind != rules_pb.RESULT_KIND_UNSPECIFIED:
        resign = decode_kind(message.resign_kind, f"{field}.resign_kind")
    # A log entry's hit flags are kept as written: nothing is decided by them (the chain leaves
    # them out), and the server's own entries carry the engine's, so a Game it wrote reads
    # back to the same bytes.
    moves = _player_moves(message.moves, player, f"{field}.moves", keep_hits=True) if message.moves else ()
    return LogEntry(kind, player, dice, moves, resign)


# A game's log comes back with every call, one entry longer each time, and
# openings repeat across games: entries already decoded are looked up by
# their bytes (serialising one costs a tenth of decoding it).  Bounded; the
# oldest go first.
_DECODED: dict[bytes, LogEntry] = {}
_DECODED_MAX = 8192
_DECODED_LOCK = threading.Lock()


def _decoded_entry(message: game_pb2.LogEntry, field: str, index: int) -> LogEntry:
    key = message.SerializeToString(deterministic=True)
    entry = _DECODED.get(key)
    if entry is None:
        entry = _decode_entry(message, f"{field}.log[{index}]")
        with _DECODED_LOCK:  # evicting iterates the dict: one thread at a time
            if len(_DECODED) >= _DECODED_MAX:
                del _DECODED[next(iter(_DECODED))]
            _DECODED[key] = entry
    return entry


def _encode_entry(entry: LogEntry) -> game_pb2.LogEntry:
    message = game_pb2.LogEntry(kind=_KIND_CODES[entry.kind])
    if entry.player is not None:
        message.player = encode_color(entry.player)
        message.moves.extend(encode_move(m, entry.player) for m in entry.moves)
    if entry.dice is not None:
        message.dice.CopyFrom(encode_dice(entry.dice))
    if entry.resign is not None:
        message.resign_kind = encode_kind(entry.resign)
    return message


def _decode_digest(message: game_pb2.LogDigest, field: str) -> LogDigest:
    """A lean game's digest, each field within its bounds (the engine checks the whole)."""
    length = _count(message.length, f"{field}.length", _MAX_LENGTH)
    chain = bytes(message.chain)
    if len(chain) != (CHAIN_BYTES if length else 0):
        raise WireError(
            f"{field}.chain", f"has {len(chain)} bytes; a log's chain has {CHAIN_BYTES} (none when empty)"
        )
    resigned = None
    if message.resigned != rules_pb.RESULT_KIND_UNSPECIFIED:
        resigned = decode_kind(message.resigned, f"{field}.resigned")
    last = _decode_entry(message.last, f"{field}.last") if message.HasField("last") else None
    return LogDigest(
        length=length,
        chain=chain,
        opening_ties=_count(message.opening_ties, f"{field}.opening_ties", length),
        raises=_count(message.raises, f"{field}.raises", length),
        last=last,
        # Unset when it is the last entry (most of the time).
        anchor=_decode_entry(message.anchor, f"{field}.anchor") if message.HasField("anchor") else last,
        resigned=resigned,
        resignations=_count(message.resignations, f"{field}.resignations", length),
    )


def _encode_digest(digest: LogDigest) -> game_pb2.LogDigest:
    message = game_pb2.LogDigest(
        length=digest.length,
        chain=digest.chain,
        opening_ties=digest.opening_ties,
        raises=digest.raises,
        resignations=digest.resignations,
    )
    if digest.last is not None:
        message.last.CopyFrom(_encode_entry(digest.last))
    if digest.anchor is not None and digest.anchor != digest.last:
        message.anchor.CopyFrom(_encode_entry(digest.anchor))
    if digest.resigned is not None:
        message.resigned = encode_kind(digest.resigned)
    return message


def _log_and_base(message: game_pb2.Game, field: str) -> tuple[tuple[LogEntry, ...], LogDigest | None]:
    """The log and, for a lean game, the digest it stands for.

    A Game with both (a lean game sent back with the entries its client
    kept, for a record) is a full game once the log matches the digest.
    """
    log = tuple(_decoded_entry(entry, field, i) for i, entry in enumerate(message.log))
    if not message.HasField("digest"):
        return log, None
    digest = _decode_digest(message.digest, f"{field}.digest")
    if not log:
        return (), digest
    if LogDigest.of(log) != digest:
        raise WireError(
            f"{field}.log",
            f"does not match {field}.digest: {len(log)} entries given for a log of {digest.length}, "
            "or an entry differs from the one the server logged",
        )
    return log, None


FAIR_NEEDS_KEYS = "FAIR_DICE_NEED_STATE_KEYS"
FAIR_REQUIRED = "FAIR_DICE_REQUIRED"  # the server runs with --require-fair-dice


def _fair(
    message: game_pb2.Game, field: str, fair_seed: Callable[[bytes], bytes] | None
) -> tuple[bytes, tuple[bytes, bytes], bytes]:
    """A fair game's server seed (recomputed, never read from the client), players' seeds and nonce."""
    if fair_seed is None:
        # No server without keys made this game.
        raise WireError(f"{field}.dice_source", "fair dice need a server with state keys (docs/dice.md)")
    if message.seed:
        raise WireError(f"{field}.seed", "a fair game keeps its seed in `fair`")
    fair = message.fair
    if fair.scheme != FAIR_SCHEME:
        # Scheme 1 revealed the server's seed to any copy of the game ended early.
        raise WireError(
            f"{field}.fair.scheme",
            f"is {fair.scheme or 1}: this server plays fair dice of scheme {FAIR_SCHEME} only; start a new game",
        )
    nonce = bytes(fair.nonce)
    if not nonce:
        raise WireError(f"{field}.fair.nonce", "is required in a fair game")
    return fair_seed(nonce), (bytes(fair.white_seed), bytes(fair.black_seed)), nonce


def decode_seed_commitments(
    request: play_service_pb2.NewGameRequest, source: DiceSource
) -> tuple[bytes, bytes]:
    """The SHA-256 of each player's seed, committed to in NewGame (empty: none); fair dice only."""
    commitments = (bytes(request.white_seed_commitment), bytes(request.black_seed_commitment))
    for name, digest in zip(("white_seed_commitment", "black_seed_commitment"), commitments, strict=True):
        if digest and source is not DiceSource.FAIR:
            raise WireError(name, f"only a game with fair dice takes it, not dice from the {source.value}")
        if digest and len(digest) != _COMMITMENT_BYTES:
            raise WireError(
                name, f"has {len(digest)} bytes: it is the SHA-256 of the player's seed, 32 bytes"
            )
    return commitments


_COMMITMENT_BYTES = 32


def _server_dice(
    message: game_pb2.Game, field: str, fair_seed: Callable[[bytes], bytes] | None
) -> tuple[bytes, bytes]:
    """A server-dice game's secret (recomputed from ``dice_nonce`` by the keys) and nonce; none without a nonce."""
    nonce = bytes(message.dice_nonce)
    if not nonce:
        return b"", b""
    if fair_seed is None:
        raise WireError(f"{field}.dice_nonce", "only a server with state keys makes server dice with a nonce")
    return fair_seed(nonce), nonce


def _made(board: Position, turn: Player | None, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """The moves made this turn with the hits the board gives them (the engine's, never the client's)."""
    if turn is None or not moves:
        return moves
    return with_hits(board.flipped() if turn is Player.BLACK else board, moves)


def decode_game(
    message: game_pb2.Game, field: str = "game", fair_seed: Callable[[bytes], bytes] | None = None
) -> Game:
    """A Game, each field checked, then the whole checked for consistency.

    A fair game's server seed comes from ``fair_seed(nonce)`` (the server's
    keys); without it such a game is refused.
    """
    rules, score = _rules_and_score(message, field)
    if len(message.sheet) > _MAX_SHEET:
        raise WireError(
            f"{field}.sheet", f"holds {len(message.sheet)} games; more than {_MAX_SHEET} is refused"
        )
    if len(message.log) > _MAX_LOG:
        raise WireError(f"{field}.log", f"holds {len(message.log)} entries; more than {_MAX_LOG} is refused")
    if not message.HasField("board"):
        raise WireError(f"{field}.board", "is required")
    turn = _optional_color(message.turn, f"{field}.turn")
    resignation = None
    if message.HasField("resignation"):
        by = decode_color(message.resignation.by, f"{field}.resignation.by")
        kind = decode_kind(message.resignation.kind, f"{field}.resignation.kind")
        resignation = Resignation(by, kind)
    source = decode_dice_source(message.dice_source, f"{field}.dice_source")
    seed, client_seeds, nonce = bytes(message.seed), (b"", b""), b""
    commitments = (b"", b"")
    if source is DiceSource.FAIR:
        seed, client_seeds, nonce = _fair(message, field, fair_seed)
        commitments = (bytes(message.fair.white_seed_commitment), bytes(message.fair.black_seed_commitment))
    elif message.HasField("fair"):
        raise WireError(f"{field}.fair", "only a game with fair dice (DICE_SOURCE_FAIR) has it")
    if message.dice_nonce:
        if source is not DiceSource.SERVER:
            raise WireError(f"{field}.dice_nonce", "only a game with server dice (DICE_SOURCE_SERVER) has it")
        if message.seed:
            raise WireError(f"{field}.seed", "only a seeded game (DICE_SOURCE_SEEDED) has a seed")
        seed, nonce = _server_dice(message, field, fair_seed)
    game_id = bytes(message.game_id)
    if len(game_id) not in (0, GAME_ID_BYTES):
        raise WireError(f"{field}.game_id", f"has {len(game_id)} bytes; a game id has {GAME_ID_BYTES}")
    log, base = _log_and_base(message, field)
    board = decode_board(message.board, Player.WHITE, f"{field}.board")
    game = Game(
        rules=rules,
        score=score,
        number=message.game_number,
        sheet=tuple(_decode_row(row, f"{field}.sheet[{i}]") for i, row in enumerate(message.sheet)),
        dice_source=source,
        seed=seed,
        client_seeds=client_seeds,
        nonce=nonce,
        seed_commitments=commitments,
        phase=_enum(_PHASES, message.phase, f"{field}.phase", "a PHASE_*"),
        board=board,
        turn=turn,
        cube=_decode_game_cube(message, field),
        dice=decode_dice(message.dice, f"{field}.dice") if message.HasField("dice") else None,
        moves=_made(board, turn, _player_moves(message.moves, turn, f"{field}.moves")),
        rolls=(message.white_rolls, message.black_rolls),
        resignation=resignation,
        result=decode_outcome(message.result, f"{field}.result") if message.HasField("result") else None,
        log=log,
        game_id=game_id,
        version=_count(message.version, f"{field}.version", _MAX_VERSION),
        base=base,
    )
    try:
        return check_game(game)
    except InvalidGameError as exc:
        raise WireError(f"{field}.{exc.field}", exc.description) from None


_T = TypeVar("_T")
# What a Game's rules, score and cube decode to, by their bytes: a server sees the same few all day,
# and every Game it decodes carries them (values, so shared).  Bounded: cleared when full.
_VALUES: dict[tuple[int, bytes, bytes], Any] = {}
_VALUES_MAX = 4096
_RULES_AND_SCORE, _CUBE = 0, 1


def _decoded(kind: int, first: bytes, second: bytes, decode: Callable[[], _T]) -> _T:
    """``decode()``, kept by ``(kind, first, second)``, the bytes it reads (a refusal is not kept)."""
    key = (kind, first, second)
    found = _VALUES.get(key)
    if found is None:
        found = decode()
        if len(_VALUES) >= _VALUES_MAX:
            _VALUES.clear()
        _VALUES[key] = found
    return cast(_T, found)


def _rules_and_score(message: game_pb2.Game, field: str) -> tuple[RuleOptions, MatchState]:
    # The rules' bytes, or none when unset (an empty message is not quite unset: see decode_rules).
    rules = message.rules.SerializeToString() if message.HasField("rules") else b"\0"
    return _decoded(
        _RULES_AND_SCORE,
        rules,
        message.score.SerializeToString(),
        lambda: _read_rules_and_score(message, field),
    )


def _read_rules_and_score(message: game_pb2.Game, field: str) -> tuple[RuleOptions, MatchState]:
    rules = decode_rules(message.rules if message.HasField("rules") else None, f"{field}.rules")
    score_message = message.score
    scores = (
        _count(score_message.white_score, f"{field}.score.white_score", _MAX_SCORE),
        _count(score_message.black_score, f"{field}.score.black_score", _MAX_SCORE),
    )
    score = guarded(
        f"{field}.score",
        lambda: MatchState(rules.match_length, scores, score_message.crawford, rules.cubeless),
    )
    return rules, score


def decode_context(message: game_pb2.Game, rolls: tuple[int, int], field: str = "game") -> Game:
    """A lean Game of a state's cube context alone: its rules, score, phase, turn and cube, and ``rolls``.

    Everything else is left at its default.  What the engine's cube rules
    read (whether a player may double or beaver, what a dropped double
    ends the game with), for a state this server wrote or decoded and
    checked whole already (:mod:`gammond.server.wire.flow_context`): each
    field is decoded as :func:`decode_game` decodes it, nothing across
    fields is checked again.
    """
    rules, score = _rules_and_score(message, field)
    return Game(
        rules,
        score,
        phase=_enum(_PHASES, message.phase, f"{field}.phase", "a PHASE_*"),
        turn=_optional_color(message.turn, f"{field}.turn"),
        cube=_decode_game_cube(message, field),
        rolls=rolls,
        base=LogDigest(),
    )


def encode_game(game: Game, before: tuple[Game, game_pb2.Game | None] | None = None) -> game_pb2.Game:
    """The wire Game, with its output-only fields filled in.

    ``before`` is the game an action was applied to, with the message it
    came in: an action only appends to the log, so the log entries they
    share are copied from that message rather than encoded again.
    """
    shared = 0
    old_message = None if before is None else before[1]
    if before is not None and old_message is not None and not game.is_lean():
        old = before[0]
        count = len(old.log)
        if len(game.log) >= count and all(a is b for a, b in zip(game.log, old.log)):
            shared = count
    message = game_pb2.Game(
        rules=encode_rules(game.rules),
        score=_encode_score(game.score),
        game_number=game.number,
        sheet=[_encode_row(row) for row in game.sheet],
        dice_source=_SOURCE_CODES[game.dice_source],
        # Fair and keyed server dice: the seed is the server's secret, never shown.
        seed=game.seed if game.dice_source is not DiceSource.FAIR and not game.nonce else b"",
        phase=_PHASE_CODES[game.phase],
        board=encode_board(game.board, Player.WHITE),
        cube=_encode_cube(game.cube),
        white_rolls=game.rolls[0],
        black_rolls=game.rolls[1],
        game_id=game.game_id,
        version=game.version,
    )
    if game.is_lean():
        message.digest.CopyFrom(_encode_digest(game.digest()))
    else:
        if shared and old_message is not None:
            message.log.extend(old_message.log[:shared])
        message.log.extend(_encode_entry(entry) for entry in game.log[shared:])
    if game.turn is not None:
        message.turn = encode_color(game.turn)
        message.moves.extend(encode_move(m, game.turn) for m in game.moves)
    if game.dice is not None:
        message.dice.CopyFrom(encode_dice(game.dice))
    if game.resignation is not None:
        message.resignation.CopyFrom(
            rules_pb.Resignation(
                by=encode_color(game.resignation.by), kind=encode_kind(game.resignation.kind)
            )
        )
    if game.result is not None:
        message.result.CopyFrom(encode_outcome(game.result))
        after = game.score_after()
        if after is not None:
            message.score_after.CopyFrom(_encode_score(after))
    if game.moves or not game.is_lean():  # a lean Game leaves out what `board` already says
        message.board_now.CopyFrom(encode_board(_board_now(game), Player.WHITE))
    if game.dice_source is DiceSource.FAIR:
        # Revealed at the end: the chain key after the rolls made, never the seed (docs/dice.md).
        rolls = game.digest().opening_ties + game.rolls[0] + game.rolls[1] if game.over else 0
        message.fair.CopyFrom(
            game_pb2.FairDice(
                nonce=game.nonce,
                commitment=commitment(game.seed),
                white_seed=game.client_seeds[0],
                black_seed=game.client_seeds[1],
                white_seed_commitment=game.seed_commitments[0],
                black_seed_commitment=game.seed_commitments[1],
                chain_key=chain_key(game.seed, rolls) if game.over else b"",
                scheme=FAIR_SCHEME,
            )
        )
    elif game.nonce:
        message.dice_nonce = game.nonce
    return message


def _board_now(game: Game) -> Position:
    if game.moves and game.phase is Phase.MOVING and game.turn is not None:
        mover_view = moving_options(game).position
        return mover_view.flipped() if game.turn is Player.BLACK else mover_view
    return game.board


def decode_flow_action(message: game_pb2.Action, field: str = "action") -> Action:
    """An Action from a client; whether it is allowed now is the engine's to say."""
    kind = _enum(_KINDS, message.kind, f"{field}.kind", "an ACTION_KIND_*")
    player = _optional_color(message.player, f"{field}.player")
    dice = decode_dice(message.dice, f"{field}.dice") if message.HasField("dice") else None
    steps: tuple[Move, ...] = ()
    if kind is ActionKind.MOVE:
        if message.steps:
            steps = _player_moves(message.steps, player, f"{field}.steps")
        elif message.HasField("move"):
            steps = _player_moves([message.move], player, f"{field}.move")
        else:
            raise WireError(f"{field}.move", "a move needs its from and to points (or its steps)")
    elif kind is ActionKind.PLAY:
        steps = _player_moves(message.moves, player, f"{field}.moves")
    resign: ResultKind | None = None
    if kind is ActionKind.RESIGN:
        resign = decode_kind(message.resign_kind, f"{field}.resign_kind")
    return Action(kind, player, dice, steps, resign=resign)


def encode_flow_action(
    action: Action, dice_left: Sequence[int] = (), compact: bool = False
) -> game_pb2.Action:
    """An action as listed; ``compact`` (the views after FULL) leaves out a one-hop move's ``steps``."""
    message = game_pb2.Action(kind=_KIND_CODES[action.kind])
    player = action.player
    if player is not None:
        message.player = encode_color(player)
    if action.dice is not None:
        message.dice.CopyFrom(encode_dice(action.dice))
    if action.resign is not None:
        message.resign_kind = encode_kind(action.resign)
    if player is None or not action.steps:
        return message
    if action.kind is ActionKind.MOVE:
        first, last = action.steps[0], action.steps[-1]
        whole = Move(first.from_point, last.to_point, any(s.hit for s in action.steps))
        message.move.CopyFrom(encode_move(whole, player))
        if not compact or len(action.steps) > 1:
            message.steps.extend(encode_move(s, player) for s in action.steps)
        message.dice_used.extend(action.dice_used)
        message.dice_left.extend(dice_left)
    else:
        message.moves.extend(encode_move(m, player) for m in action.steps)
        message.notation = format_moves(action.steps)
    return message


def choices_head(game: Game, choices: Choices) -> play_service_pb2.ListActionsResponse:
    """ListActions' answer with its phase and the players to act, the fields before the actions."""
    response = play_service_pb2.ListActionsResponse(phase=_PHASE_CODES[game.phase])
    players = sorted({a.player for a in choices.actions if a.player is not None})
    response.to_act.extend(encode_color(p) for p in players)
    return response


def dice_lefts(choices: Choices) -> dict[tuple[Move, ...], tuple[int, ...]]:
    """The dice each listed MOVE would leave, by its steps (a ListActions action carries them)."""
    return {o.steps: o.dice_left for o in choices.turn.options} if choices.turn is not None else {}


# What each ActionsView lists while moving (outside moving every view lists every action).
VIEW_FULL = play_service_pb2.ACTIONS_VIEW_FULL
VIEW_COMPACT = play_service_pb2.ACTIONS_VIEW_COMPACT
VIEW_MOVES = play_service_pb2.ACTIONS_VIEW_MOVES
VIEW_PLAYS = play_service_pb2.ACTIONS_VIEW_PLAYS
VIEW_NONE = play_service_pb2.ACTIONS_VIEW_NONE
_VIEWS = {VIEW_FULL, VIEW_COMPACT, VIEW_MOVES, VIEW_PLAYS, VIEW_NONE}
_MOVE_KINDS = (ActionKind.MOVE, ActionKind.UNDO, ActionKind.CONFIRM)


def decode_form(value: int, field: str) -> bool | None:
    """A GameForm: True for LEAN, False for FULL, None when unset."""
    if value == game_pb2.GAME_FORM_UNSPECIFIED:
        return None
    if value not in (game_pb2.GAME_FORM_FULL, game_pb2.GAME_FORM_LEAN):
        raise WireError(field, f"must be GAME_FORM_FULL or GAME_FORM_LEAN, got {value}")
    return value == game_pb2.GAME_FORM_LEAN


def decode_view(value: int, field: str, default: int) -> int:
    """An ActionsView; unset is ``default``."""
    if value == play_service_pb2.ACTIONS_VIEW_UNSPECIFIED:
        return default
    if value not in _VIEWS:
        raise WireError(field, f"must be an ACTIONS_VIEW_* (FULL, COMPACT, MOVES, PLAYS, NONE), got {value}")
    return value


def listed_actions(choices: Choices, view: int) -> tuple[Action, ...]:
    """The actions ``view`` lists: FULL all; COMPACT and MOVES no PLAY; PLAYS no single moves or PLAY."""
    if view == VIEW_FULL:
        return choices.actions
    if view == VIEW_PLAYS:
        return tuple(
            a for a in choices.actions if a.kind not in _MOVE_KINDS and a.kind is not ActionKind.PLAY
        )
    return tuple(a for a in choices.actions if a.kind is not ActionKind.PLAY)


def encode_choices(
    game: Game, choices: Choices, view: int = VIEW_FULL, board_now: bool = True
) -> play_service_pb2.ListActionsResponse:
    """ListActions' answer in ``view`` (the reference for :func:`gammond.server.wire.choices.choices_wire`).

    ``board_now=False``: without the board now, for an answer whose Game carries it.
    """
    response = choices_head(game, choices)
    lefts = dice_lefts(choices)
    compact = view != VIEW_FULL
    response.actions.extend(
        encode_flow_action(a, lefts.get(a.steps, ()), compact) for a in listed_actions(choices, view)
    )
    if game.turn is not None and choices.turn is not None:
        if view != VIEW_MOVES:
            full = view == VIEW_FULL
            response.plays.extend(encode_play(p, game.turn, with_result=full) for p in choices.plays)
        response.dice_left.extend(choices.turn.dice_left)
    if board_now and choices.board_now is not None:
        response.board_now.CopyFrom(encode_board(choices.board_now, Player.WHITE))
    return response


def encode_entries(entries: Iterable[LogEntry]) -> list[game_pb2.LogEntry]:
    """Log entries for an answer's ``logged``."""
    return [_encode_entry(entry) for entry in entries]


def encode_event(event: Event) -> game_pb2.Event:
    message = game_pb2.Event(
        kind=_EVENT_CODES[event.kind],
        entered=event.entered,
        bore_off=event.bore_off,
        cube_value=event.cube_value,
    )
    if event.player is not None:
        message.player = encode_color(event.player)
        if event.move is not None:
            message.move.CopyFrom(encode_move(event.move, event.player))
    if event.dice is not None:
        message.dice.CopyFrom(encode_dice(event.dice))
    if event.resign is not None:
        message.resign_kind = encode_kind(event.resign)
    if event.outcome is not None:
        message.outcome.CopyFrom(encode_outcome(event.outcome))
    if event.scores is not None:
        message.score.CopyFrom(game_pb2.MatchScore(white_score=event.scores[0], black_score=event.scores[1]))
    return message
