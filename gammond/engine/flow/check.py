"""The consistency check: is this a state some legal game could have reached?

Every :class:`Game` a client sends back is checked as a whole before
anything is done with it.  Each refusal is an :class:`InvalidGameError`
naming the field that is wrong (``cube.pending``, ``rolls``, ...).  The
checks: the rules, the score and the score sheet agree; the board holds 15
checkers a side and is not finished unless the game is; the phase fits the
turn, dice, moves made, offers and result; a pending double is one the
rules allowed (cubeless, Crawford game, dead cube, Holland, owner), a
beaver or raccoon only where played and after the right offer; the cube's
value fits the automatic doubles, takes, beavers and raccoons in the log;
the roll counts and the last roll fit the log.

What is not re-derived is the board from the log's plays (that is a
replay, :func:`gammond.engine.flow.replay`, and would cost a move
generation per play on every call).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from gammond.engine.cube import CubeAction, CubeContext, check_cube, check_offer, opening_cube
from gammond.engine.errors import EngineError, InvalidGameError
from gammond.engine.flow.actions import moving_options
from gammond.engine.flow.log import CHAIN_BYTES, LogDigest
from gammond.engine.flow.rolls import FAIR_SEED_BYTES
from gammond.engine.flow.state import (
    MAX_CUBE,
    MAX_LOG,
    MAX_SCORE,
    MAX_SEED_BYTES,
    MAX_SHEET,
    MAX_VERSION,
    ActionKind,
    DiceSource,
    Game,
    LogEntry,
    Phase,
)
from gammond.engine.match import MatchState, ScoreSheet
from gammond.engine.play import check_dice
from gammond.engine.players import Player
from gammond.engine.position import CHECKERS, Position
from gammond.engine.result import ResultKind, at_stake, classify_win
from gammond.engine.scoring import GameEnd, GameOutcome

T = TypeVar("T")


def _at(field: str, build: Callable[[], T]) -> T:
    """Run an engine check, naming ``field`` when it fails."""
    try:
        return build()
    except InvalidGameError:
        raise
    except EngineError as exc:
        raise InvalidGameError(field, str(exc)) from None


def check_game(game: Game) -> Game:
    """``game`` itself if it is consistent; else :class:`InvalidGameError` naming the field.

    A full game's log is walked entry by entry; a lean game's digest
    (:class:`~gammond.engine.flow.log.LogDigest`) is checked in constant
    time against the rest of the state instead.
    """
    digest = game.digest()
    _check_match(game)
    if game.version > MAX_VERSION:
        raise InvalidGameError("version", f"{game.version} is above {MAX_VERSION}, the largest accepted")
    if game.is_whole_log():
        _check_log(game)
    else:
        _check_digest(game, digest)
    _check_raises(game, digest)
    _check_board(game)
    _check_cube(game, digest)
    _check_phase(game, digest)
    if game.is_whole_log():
        _check_turns(game)
    else:
        _check_last_turn(game, digest)
    return game


def _check_match(game: Game) -> None:
    rules, score = game.rules, game.score
    _at("score", lambda: score.check_options(rules))
    if max(score.scores) > MAX_SCORE:
        raise InvalidGameError("score", f"a score above {MAX_SCORE} is refused")
    if score.is_over():
        raise InvalidGameError("score", f"the match to {score.length} was already over before this game")
    if len(game.sheet) > MAX_SHEET:
        raise InvalidGameError("sheet", f"holds {len(game.sheet)} games; more than {MAX_SHEET} is refused")
    if game.number != len(game.sheet) + 1:
        raise InvalidGameError(
            "game_number", f"is {game.number}, but the sheet holds {len(game.sheet)} games"
        )
    if not game.sheet:
        if score != MatchState.start(rules):
            raise InvalidGameError("score", f"is {score.scores} with no games on the sheet; the first is 0-0")
    else:
        _check_sheet(game)
    if game.dice_source is DiceSource.SEEDED:
        if not 1 <= len(game.seed) <= MAX_SEED_BYTES:
            raise InvalidGameError("seed", f"a seeded game needs a seed of 1..{MAX_SEED_BYTES} bytes")
    elif game.dice_source is DiceSource.FAIR:
        _check_fair(game)
    elif game.dice_source is DiceSource.SERVER and game.nonce:
        # Server dice on a server with state keys: the secret comes from the nonce, as a fair seed does.
        if len(game.seed) != FAIR_SEED_BYTES:
            raise InvalidGameError(
                "dice_nonce", f"server dice need the server's secret of {FAIR_SEED_BYTES} bytes"
            )
    elif game.seed:
        raise InvalidGameError(
            "seed", f"only a seeded game has a seed (dice from the {game.dice_source.value})"
        )
    if game.dice_source is not DiceSource.FAIR and (any(game.client_seeds) or any(game.seed_commitments)):
        raise InvalidGameError(
            "fair", f"only a fair game has fair dice (dice from the {game.dice_source.value})"
        )
    if game.nonce and game.dice_source not in (DiceSource.FAIR, DiceSource.SERVER):
        raise InvalidGameError(
            "fair", f"only fair and server dice have a nonce (dice from the {game.dice_source.value})"
        )


def _check_fair(game: Game) -> None:
    if len(game.seed) != FAIR_SEED_BYTES:
        raise InvalidGameError("fair", f"a fair game needs the server's seed of {FAIR_SEED_BYTES} bytes")
    for name, seed, committed in zip(
        ("white_seed", "black_seed"), game.client_seeds, game.seed_commitments, strict=True
    ):
        if len(seed) > MAX_SEED_BYTES:
            raise InvalidGameError(f"fair.{name}", f"is longer than {MAX_SEED_BYTES} bytes")
        if committed and len(committed) != hashlib.sha256().digest_size:
            raise InvalidGameError(f"fair.{name}_commitment", "is a SHA-256: 32 bytes")
        if seed and hashlib.sha256(seed).digest() != committed:
            raise InvalidGameError(f"fair.{name}", "is not the seed committed to when the game was made")


def _check_sheet(game: Game) -> None:
    first = game.sheet[0]
    before = list(first.scores)
    before[first.winner] -= first.points
    if first.game != 1 or before != [0, 0] or first.crawford:
        raise InvalidGameError(
            "sheet[0]", "the first game starts at 0-0, numbered 1, and is not the Crawford game"
        )
    outcomes: list[GameOutcome] = []
    for i, row in enumerate(game.sheet):
        if row.cube_value > MAX_CUBE:
            raise InvalidGameError(f"sheet[{i}].cube_value", f"a cube above {MAX_CUBE} is refused")
        try:
            outcomes.append(GameOutcome(row.winner, row.kind, row.cube_value, row.ended, row.points))
        except EngineError as exc:
            raise InvalidGameError(f"sheet[{i}]", str(exc)) from None
    sheet = _at("sheet", lambda: ScoreSheet.replay(MatchState.start(game.rules), outcomes))
    for i, (row, expected) in enumerate(zip(game.sheet, sheet.rows)):
        if row != expected:
            raise InvalidGameError(
                f"sheet[{i}]", f"does not follow from the games before it: expected {expected}"
            )
    if sheet.state != game.score:
        raise InvalidGameError(
            "score", f"the sheet leads to {sheet.state.scores} (Crawford {sheet.state.crawford})"
        )


def _check_entry(entry: LogEntry, where: str) -> None:
    """One entry on its own: a roll's dice, a play's moves, a resignation's kind."""
    if entry.kind is ActionKind.ROLL:
        if entry.dice is None:
            raise InvalidGameError(f"{where}.dice", "a roll needs its dice")
        try:
            check_dice(entry.dice)
        except EngineError as exc:
            raise InvalidGameError(f"{where}.dice", str(exc)) from None
        if entry.moves or entry.resign is not None:
            raise InvalidGameError(f"{where}", "a roll has only its dice")
        return
    if entry.player is None:
        raise InvalidGameError(f"{where}.player", "is required")
    if (entry.kind is ActionKind.RESIGN) != (entry.resign is not None):
        raise InvalidGameError(f"{where}.resign", "only a resignation, and every one, has a kind")
    if entry.kind is ActionKind.PLAY and not entry.moves:
        raise InvalidGameError(f"{where}.moves", "a play in the log has its moves")
    if entry.kind is not ActionKind.PLAY and (entry.moves or entry.dice is not None):
        raise InvalidGameError(f"{where}", f"a {entry.kind.value} has no dice or moves")
    if entry.kind in (ActionKind.MOVE, ActionKind.UNDO, ActionKind.CONFIRM):
        raise InvalidGameError(f"{where}.kind", "single moves, undo and confirm are not logged")


def _check_digest(game: Game, digest: LogDigest) -> None:
    """A lean game's digest: within bounds, its entries well formed, its counts possible."""
    if digest.length > MAX_LOG:
        raise InvalidGameError("digest.length", f"is {digest.length}; more than {MAX_LOG} entries is refused")
    if len(digest.chain) != CHAIN_BYTES:
        raise InvalidGameError("digest.chain", f"a log's chain has {CHAIN_BYTES} bytes")
    if digest.last is None or digest.anchor is None:
        raise InvalidGameError("digest.last", "a log with entries has a last entry and an anchor")
    _check_entry(digest.last, "digest.last")
    _check_entry(digest.anchor, "digest.anchor")
    if digest.anchor.kind in (ActionKind.RESIGN, ActionKind.REJECT):
        raise InvalidGameError(
            "digest.anchor", "is the last entry that is not a resignation or its rejection"
        )
    if digest.last.kind not in (ActionKind.RESIGN, ActionKind.REJECT) and digest.last != digest.anchor:
        raise InvalidGameError(
            "digest.anchor", "is the last entry unless that is a resignation or its answer"
        )
    counted = digest.opening_ties + game.rolls[0] + game.rolls[1] + digest.raises + digest.resignations
    if counted > digest.length:
        raise InvalidGameError(
            "digest.length", f"is {digest.length}, fewer than the rolls, raises and resignations"
        )
    if (digest.resignations == 0) != (digest.resigned is None):
        raise InvalidGameError("digest.resigned", "is set exactly when a resignation was offered")
    if digest.last.kind is ActionKind.RESIGN and digest.last.resign is not digest.resigned:
        raise InvalidGameError("digest.resigned", "is the kind of the last resignation")
    if game.phase is not Phase.OPENING_ROLL and sum(game.rolls) < 1:
        raise InvalidGameError("rolls", "the opening roll was played, so someone has rolled")


def _check_raises(game: Game, digest: LogDigest) -> None:
    # The cube's value is the automatic doubles times one doubling per take, beaver and raccoon.
    expected = opening_cube(digest.opening_ties, game.rules).value << min(digest.raises, 64)
    if game.cube.value != expected and game.phase is not Phase.OPENING_ROLL:
        raise InvalidGameError("cube.value", f"is {game.cube.value}, but the log makes it {expected}")


def _check_log(game: Game) -> None:
    log = game.log
    if len(log) > MAX_LOG:
        raise InvalidGameError("log", f"holds {len(log)} entries; more than {MAX_LOG} is refused")
    rolls = [0, 0]
    opening_done = False
    for i, entry in enumerate(log):
        where = f"log[{i}]"
        _check_entry(entry, where)
        if entry.kind is ActionKind.TIME_OUT and i != len(log) - 1:
            raise InvalidGameError(f"{where}.kind", "a time out ends the game: it is the log's last entry")
        if entry.kind is ActionKind.ROLL:
            assert entry.dice is not None
            dice = entry.dice
            if entry.player is None:
                if opening_done:
                    raise InvalidGameError(f"{where}.player", "an opening roll-off after the opening roll")
                if dice[0] != dice[1]:
                    opening_done = True
                    rolls[Player.WHITE if dice[0] > dice[1] else Player.BLACK] += 1
                continue
            rolls[entry.player] += 1
        if not opening_done:
            raise InvalidGameError(
                f"{where}.kind", f"a {entry.kind.value} before the opening roll is decided"
            )
    if tuple(rolls) != game.rolls:
        raise InvalidGameError("rolls", f"are {game.rolls} (White, Black), but the log has {tuple(rolls)}")


def _check_board(game: Game) -> None:
    board = game.board
    finished = board.is_game_over()
    if board.off == CHECKERS and board.opponent_off == CHECKERS:
        raise InvalidGameError("board", "both players have borne off all 15 checkers")
    if finished and not (game.over and game.result is not None and game.result.ended is GameEnd.PLAYED_OUT):
        raise InvalidGameError("board", "a side has borne off all 15 checkers, but the game was not won so")
    if game.phase is Phase.OPENING_ROLL and board != Position.starting():
        raise InvalidGameError("board", "the opening roll is played from the starting position")


def _check_cube(game: Game, digest: LogDigest) -> None:
    cube = game.cube
    if cube.value > MAX_CUBE:
        raise InvalidGameError("cube.value", f"{cube.value} is above {MAX_CUBE}, the largest cube accepted")
    # The rules' part is the primitives' CubeContext check too (gammond.engine.cube).
    centred = opening_cube(digest.opening_ties, game.rules).value
    check_cube(cube, game.rules, game.score, centred_limit=centred, score_field="score")
    if cube.pending is not None and game.phase is not Phase.CUBE_OFFERED:
        raise InvalidGameError("cube.pending", f"an offer cannot wait for an answer at {game.phase.value}")
    if cube.doubled_this_turn and game.turn is None:
        raise InvalidGameError("cube.doubled_this_turn", "nobody is on turn")


def _check_phase(game: Game, digest: LogDigest) -> None:
    phase, turn = game.phase, game.turn
    last = digest.last
    if (phase is Phase.OPENING_ROLL) != (turn is None):
        raise InvalidGameError("turn", "is unset exactly while the opening roll is to be made")
    if (phase is Phase.RESIGNATION_OFFERED) != (game.resignation is not None):
        raise InvalidGameError(
            "resignation", f"is pending exactly while one is to be answered ({phase.value})"
        )
    if (phase is Phase.CUBE_OFFERED) != (game.cube.pending is not None):
        raise InvalidGameError(
            "cube.pending", f"an offer waits for an answer exactly at the cube ({phase.value})"
        )
    if game.over != (game.result is not None):
        raise InvalidGameError("result", f"is set exactly when the game is over ({phase.value})")
    moving = phase is Phase.MOVING or (phase is Phase.RESIGNATION_OFFERED and game.dice is not None)
    if game.dice is not None and not moving:
        raise InvalidGameError("dice", f"there are no dice to play at {phase.value}")
    if game.moves and not moving:
        raise InvalidGameError("moves", f"no checker moves are made at {phase.value}")
    if phase is Phase.OPENING_ROLL:
        if digest.opening_ties != digest.length:
            raise InvalidGameError("log", "at the opening roll the log holds only tied roll-offs")
        if game.cube != opening_cube(digest.length, game.rules):
            raise InvalidGameError(
                "cube", "at the opening roll the cube is centred, raised only by automatic doubles"
            )
        return
    assert turn is not None
    if moving:
        _check_moving(game, turn, digest.anchor)
    if phase is Phase.CUBE_OFFERED:
        _check_offer(game, turn, last)
    if phase is Phase.RESIGNATION_OFFERED:
        assert game.resignation is not None
        if game.resignation.by is not turn:
            raise InvalidGameError("resignation.by", "only the player on turn may have resigned")
        if last is None or last.kind is not ActionKind.RESIGN or last.player is not turn:
            raise InvalidGameError("log", "a pending resignation is the last entry of the log")
    if (
        phase is Phase.BEFORE_ROLL
        and last is not None
        and last.kind
        in (
            ActionKind.DOUBLE,
            ActionKind.BEAVER,
            ActionKind.RACCOON,
            ActionKind.RESIGN,
        )
    ):
        raise InvalidGameError("phase", f"the log's last {last.kind.value} still awaits an answer")
    if game.over:
        _check_result(game, turn, last, digest.resigned)
    elif last is not None and last.kind is ActionKind.TIME_OUT:
        raise InvalidGameError("phase", "the log ends with a time out, so the game is over")


def _check_moving(game: Game, turn: Player, last: LogEntry | None) -> None:
    """``last``: the roll being played, before any resignations offered and rejected since."""
    if game.dice is None:
        raise InvalidGameError("dice", "are required while moving")
    if game.rolls[turn] < 1:
        raise InvalidGameError("rolls", f"{turn.name} is moving but has not rolled")
    if last is None or last.kind is not ActionKind.ROLL or last.dice is None:
        raise InvalidGameError("dice", "the last entry of the log is not the roll being played")
    rolled = last.dice if last.player is not None else (max(last.dice), min(last.dice))
    mover = (
        last.player
        if last.player is not None
        else (Player.WHITE if last.dice[0] > last.dice[1] else Player.BLACK)
    )
    if mover is not turn or sorted(rolled) != sorted(game.dice):
        raise InvalidGameError(
            "dice", f"are not the last roll in the log ({mover.name} {rolled[0]}-{rolled[1]})"
        )
    _at("moves", lambda: moving_options(game))


def _check_offer(game: Game, turn: Player, last: LogEntry | None) -> None:
    cube = game.cube
    assert cube.pending is not None and cube.offered_by is not None
    expected_kind = {CubeAction.DOUBLE: ActionKind.DOUBLE, CubeAction.BEAVER: ActionKind.BEAVER}.get(
        cube.pending, ActionKind.RACCOON
    )
    if last is None or last.kind is not expected_kind or last.player is not cube.offered_by:
        raise InvalidGameError(
            "cube.pending", f"the log's last entry is not {cube.offered_by.name}'s {cube.pending.value}"
        )
    # Who offered, and whether they could: the primitives' CubeContext check too.
    context = _at("cube", lambda: CubeContext(cube, turn, False, game.rolls, game.rules, game.score))
    check_offer(context)


def _check_result(game: Game, turn: Player, last: LogEntry | None, resigned: ResultKind | None) -> None:
    result = game.result
    assert result is not None
    after = _at("result", lambda: game.score.record(result))
    if (game.phase is Phase.MATCH_OVER) != after.is_over():
        raise InvalidGameError(
            "phase", f"the match {'is' if after.is_over() else 'is not'} over after this game"
        )
    if result.cube_value != game.cube.value:
        raise InvalidGameError(
            "result.cube_value", f"is {result.cube_value}, but the cube is on {game.cube.value}"
        )
    if result.ended is GameEnd.PLAYED_OUT:
        winner_view = game.board.flipped() if result.winner is Player.BLACK else game.board
        if winner_view.off != CHECKERS:
            raise InvalidGameError("result", f"{result.winner.name} has not borne off all 15 checkers")
        if classify_win(winner_view) is not result.kind:
            raise InvalidGameError(
                "result.kind", f"the board shows a {classify_win(winner_view).name.lower()}"
            )
        expected = GameOutcome.played_out(
            result.winner, result.kind, game.cube.value, game.rules, cube_turned=game.cube.turned
        )
        if expected != result:
            raise InvalidGameError("result.points", f"the game scores {expected.points}")
        if last is None or last.kind is not ActionKind.PLAY or last.player is not result.winner:
            raise InvalidGameError("log", "a game won by bearing off ends with the winner's play")
    elif result.ended is GameEnd.DOUBLE_DROPPED:
        if last is None or last.kind is not ActionKind.DROP or last.player is not result.winner.opponent:
            raise InvalidGameError("log", "a dropped game ends with the loser's drop")
    elif result.ended is GameEnd.TIMED_OUT:
        if last is None or last.kind is not ActionKind.TIME_OUT or last.player is not result.winner.opponent:
            raise InvalidGameError("log", "a game lost on time ends with the loser's time out")
        winner_view = game.board.flipped() if result.winner is Player.BLACK else game.board
        expected = GameOutcome.timed_out(
            result.winner, at_stake(winner_view), game.cube.value, game.rules, cube_turned=game.cube.turned
        )
        if expected != result:
            raise InvalidGameError("result", f"the board and cube make the time out a {expected}")
    else:
        if last is None or last.kind is not ActionKind.ACCEPT or last.player is not result.winner:
            raise InvalidGameError("log", "a resigned game ends with the winner's acceptance")
        if resigned is not result.kind:
            raise InvalidGameError("result.kind", "is not the kind the loser resigned")
        expected = GameOutcome.resigned(
            result.winner, result.kind, game.cube.value, game.rules, cube_turned=game.cube.turned
        )
        if expected != result:
            raise InvalidGameError("result.points", f"the game scores {expected.points}")


def _check_turns(game: Game) -> None:
    """Whose turn it is, and who rolled, played, doubled or resigned, follow from the log.

    A roll that cannot be played passes the turn at once, with no play in the
    log, so a roll with nothing after it by the roller hands the turn over.
    """
    turn: Player | None = None
    rolled = False
    for i, entry in enumerate(game.log):
        player, kind = entry.player, entry.kind
        if kind is ActionKind.ROLL and player is None:
            if entry.dice is not None and entry.dice[0] != entry.dice[1]:
                turn, rolled = (Player.WHITE if entry.dice[0] > entry.dice[1] else Player.BLACK), True
            continue
        if turn is None or player is None or kind not in _TURN_KINDS:
            continue  # answers to offers; _check_log names malformed entries
        if rolled and (kind in (ActionKind.ROLL, ActionKind.DOUBLE) or player is turn.opponent):
            turn, rolled = turn.opponent, False  # the roll before could not be played
        if player is not turn or (kind is ActionKind.PLAY and not rolled):
            raise InvalidGameError(
                f"log[{i}].player", f"{player.name} cannot {kind.value} on {turn.name}'s turn"
            )
        if kind is ActionKind.ROLL:
            rolled = True
        elif kind is ActionKind.PLAY:
            turn, rolled = turn.opponent, False
    if turn is None or game.over:
        return
    if rolled and game.dice is None:
        turn = turn.opponent  # the last roll passed the turn
    if game.turn is not turn:
        named = "unset" if game.turn is None else game.turn.name
        raise InvalidGameError("turn", f"is {named}, but the log gives {turn.name}")


_TURN_KINDS = (ActionKind.ROLL, ActionKind.PLAY, ActionKind.DOUBLE, ActionKind.RESIGN)


def _check_last_turn(game: Game, digest: LogDigest) -> None:
    """A lean game's turn against its last turn-changing entry (the anchor), in constant time.

    The full check walks the log; without it, the anchor still says whose
    turn it is after a play, a roll or an offer (the phase checks have
    matched the roll being played and the offers to their entries).
    """
    anchor = digest.anchor
    if anchor is None or game.over or game.turn is None:
        return
    if anchor.kind is ActionKind.PLAY:
        expected = anchor.player.opponent if anchor.player is not None else None
    elif anchor.kind is ActionKind.ROLL and anchor.dice is not None:
        roller = anchor.player
        if roller is None:
            roller = Player.WHITE if anchor.dice[0] > anchor.dice[1] else Player.BLACK
        expected = roller if game.dice is not None else roller.opponent  # moving, or passed
    elif anchor.kind is ActionKind.DOUBLE:
        expected = anchor.player
    else:
        return  # answers to offers: _check_offer matched them
    if game.turn is not expected:
        raise InvalidGameError(
            "turn", f"is {game.turn.name}, but the log's last {anchor.kind.value} gives the other"
        )
