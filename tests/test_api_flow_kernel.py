"""Act's moves, plays and resignations answered by the compiled kernel: the general path's bytes, or it.

:mod:`gammond.server.wire.flow_bytes` hands a lean Game's bytes and the
action's to ``kernel.flow_step``; the Python flow is the reference.  These
tests play games through two servicers, one with the kernel's flow and one
without, and compare every answer byte for byte; they skip when the kernel
is not built (the pure-Python run has no kernel flow to compare).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import replace

import grpc
import pytest

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2, rules_pb2
from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import Game, RuleOptions, kernel, new_game
from gammond.engine.bot import HeuristicEvaluator
from gammond.server.errors import WireError, status_for
from gammond.server.limits import read_request
from gammond.server.sealing import Keyring, SealError, StateKey
from gammond.server.services import sealed
from gammond.server.services.play import PlayServicer
from gammond.server.wire import flow_bytes
from gammond.server.wire.flow_requests import FlowAct, FlowListing, read_act, read_listing
from gammond.server.wire.game import encode_game
from tests.support.compiled import compiled_kernel_in_use
from tests.support.games import game_states

# Every view (as tests/test_api_choices_wire.py has them: this module is copied alone
# into the sanitizer's run, scripts/sanitize.sh).
VIEWS = (
    pb.ACTIONS_VIEW_FULL,
    pb.ACTIONS_VIEW_COMPACT,
    pb.ACTIONS_VIEW_MOVES,
    pb.ACTIONS_VIEW_PLAYS,
    pb.ACTIONS_VIEW_NONE,
)
# An Act's answer in each view a lean game's client may ask for (unset: the compact one).
ANSWER_VIEWS = (*VIEWS, pb.ACTIONS_VIEW_UNSPECIFIED)
MOVE, UNDO = game_pb2.ACTION_KIND_MOVE, game_pb2.ACTION_KIND_UNDO
CONFIRM, PLAY, RESIGN = game_pb2.ACTION_KIND_CONFIRM, game_pb2.ACTION_KIND_PLAY, game_pb2.ACTION_KIND_RESIGN
ROLL, DOUBLE, TAKE = game_pb2.ACTION_KIND_ROLL, game_pb2.ACTION_KIND_DOUBLE, game_pb2.ACTION_KIND_TAKE
DROP = game_pb2.ACTION_KIND_DROP
KERNEL_KINDS = (MOVE, UNDO, CONFIRM, PLAY, RESIGN, ROLL, DOUBLE, TAKE, DROP)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The kernel's flow in use, its answers and refusals counted."""
    compiled_kernel_in_use("flow_step", "Act is answered by the Python flow")
    step = kernel.flow_step
    assert step is not None
    counts: Counter[str] = Counter()

    def counting(
        game: bytes,
        action: bytes,
        consts: tuple[int | bytes, ...],
        allowed: int,
        drop: tuple[bytes, ...] | None = None,
    ) -> tuple[bytes, bytes, bytes] | None:
        answer = step(game, action, consts, allowed, drop)
        counts["answered" if answer is not None else "declined"] += 1
        return answer

    monkeypatch.setattr(kernel, "flow_step", counting)
    return counts


class _Call:
    """What the bot's search asks of a call's context: no deadline, still wanted."""

    def time_remaining(self) -> float | None:
        return None

    def is_active(self) -> bool:
        return True


def _reference(
    servicer: PlayServicer,
    request: pb.ActRequest,
    monkeypatch: pytest.MonkeyPatch,
    context: _Call | None = None,
) -> bytes | str:
    """The general path's answer (or the error it names), with the kernel's flow out of the way."""
    with monkeypatch.context() as patch:
        patch.setattr(kernel, "flow_step", None)
        return _answer(servicer, request, context)


def _answer(servicer: PlayServicer, request: pb.ActRequest, context: _Call | None = None) -> bytes | str:
    """Act's answer to ``request`` read as the server reads it (``read_act``), or the error it names."""
    try:
        return servicer.act_wire(read_act(request.SerializeToString()), context)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - the error is the answer compared
        status = status_for(exc)
        assert status is not None, exc
        return f"{status.code.name}: {status.details}"


def _lean(game: Game) -> game_pb2.Game:
    return encode_game(game if game.is_lean() else replace(game, base=game.digest(), log=()))


def _tapped(action: game_pb2.Action, rng: random.Random) -> game_pb2.Action:
    """A listed MOVE as a board UI may send it: as listed, or only its from and to."""
    if action.kind != MOVE or rng.random() < 0.5:
        return action
    return game_pb2.Action(kind=MOVE, player=action.player, move=action.move)


def test_the_kernel_answers_with_the_general_paths_bytes_through_whole_games(
    counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(4)
    fast, slow = PlayServicer(HeuristicEvaluator(), 1.0), PlayServicer(HeuristicEvaluator(), 1.0)
    kinds: Counter[int] = Counter()
    eligible = 0
    for game in game_states(150, seed=21):
        wire = _lean(game)
        for _ in range(16):  # mostly what the kernel answers, and the rest in between
            view = pb.ACTIONS_VIEW_FULL if rng.random() < 0.3 else pb.ACTIONS_VIEW_COMPACT  # FULL lists PLAYs
            listed = slow.ListActions(pb.ListActionsRequest(game=wire, view=view), None).actions  # type: ignore[arg-type]
            if not listed:
                break
            ours = [a for a in listed if a.kind in KERNEL_KINDS and (a.kind != RESIGN or rng.random() < 0.2)]
            action = _tapped(rng.choice(ours if ours and rng.random() < 0.9 else list(listed)), rng)
            request = pb.ActRequest(game=wire, action=action, view=rng.choice(ANSWER_VIEWS))
            eligible += request.view in flow_bytes.VIEWS and action.kind in KERNEL_KINDS
            expected = _reference(slow, request, monkeypatch)
            assert _answer(fast, request) == expected, (game, action)
            assert isinstance(expected, bytes)
            kinds[action.kind] += 1
            wire = pb.ActResponse.FromString(expected).game
    assert kinds[MOVE] > 150 and kinds[UNDO] > 30 and kinds[CONFIRM] > 30 and kinds[PLAY] > 30
    assert kinds[RESIGN] > 10 and kinds[ROLL] > 50 and kinds[DOUBLE] > 20 and kinds[TAKE] > 10
    assert kinds[DROP] > 5, kinds[DROP]
    # The kernel answered nearly all it was asked in its views (it leaves a bear-off tie, a
    # winning play and a roll that cannot be played to Python; the full and plays views too).
    assert counted["answered"] > 0.85 * eligible


def test_a_bot_asked_to_reply_leaves_moves_and_rolls_to_the_kernel(
    counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(9)
    fast, slow = PlayServicer(HeuristicEvaluator(), 1.0), PlayServicer(HeuristicEvaluator(), 1.0)
    waited = 0
    for game in game_states(80, seed=31):
        wire = _lean(game)
        for _ in range(10):
            listed = slow.ListActions(pb.ListActionsRequest(game=wire), None).actions  # type: ignore[arg-type]
            ours = [a for a in listed if a.kind in (MOVE, UNDO, ROLL)]
            if not ours:
                break
            request = pb.ActRequest(
                game=wire, action=rng.choice(ours), bot_reply=bot_service_pb2.BOT_LEVEL_BEGINNER
            )
            expected = _reference(slow, request, monkeypatch, _Call())
            assert isinstance(expected, bytes)
            answer = pb.ActResponse.FromString(expected)
            if answer.bot_actions:  # a roll that passed the turn: the bot played, on the general path both
                played = _answer(fast, request, _Call())
                assert isinstance(played, bytes) and pb.ActResponse.FromString(played).bot_actions
            else:
                assert _answer(fast, request, _Call()) == expected
                waited += 1
            wire = answer.game
    assert waited > 200 and counted["answered"] > 0.9 * waited
    # A level that is not one is refused as the general path refuses it.
    servicer, moving = _moving_game()
    listed = servicer.ListActions(pb.ListActionsRequest(game=moving), None).actions  # type: ignore[arg-type]
    move = next(a for a in listed if a.kind == MOVE)
    request = pb.ActRequest(game=moving, action=move, bot_reply=99)  # type: ignore[arg-type]
    expected = _reference(servicer, request, monkeypatch)
    assert isinstance(expected, str) and expected.startswith("INVALID_ARGUMENT")
    assert _answer(servicer, request) == expected


def test_the_clients_dice_roll_through_the_kernel_as_through_the_general_path(
    counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(6)
    fast, slow = PlayServicer(HeuristicEvaluator(), 1.0), PlayServicer(HeuristicEvaluator(), 1.0)
    rolls = 0
    for _ in range(24):
        new = pb.NewGameRequest(form=game_pb2.GAME_FORM_LEAN, dice_source=game_pb2.DICE_SOURCE_CLIENT)
        wire = slow.NewGame(new, None).game  # type: ignore[arg-type]
        for _ in range(120):
            listed = slow.ListActions(pb.ListActionsRequest(game=wire), None).actions  # type: ignore[arg-type]
            if not listed:
                break
            action = game_pb2.Action()
            calm = [a for a in listed if a.kind not in (RESIGN, game_pb2.ACTION_KIND_DROP)]
            action.CopyFrom(rng.choice(calm or list(listed)))
            if action.kind == ROLL:
                action.dice.die1, action.dice.die2 = rng.randint(1, 6), rng.randint(1, 6)
                rolls += 1
            request = pb.ActRequest(game=wire, action=action)
            expected = _reference(slow, request, monkeypatch)
            assert _answer(fast, request) == expected, action
            assert isinstance(expected, bytes)
            wire = pb.ActResponse.FromString(expected).game
    assert rolls > 40 and counted["answered"] > 100


@pytest.mark.parametrize("dice", [game_pb2.DICE_SOURCE_FAIR, game_pb2.DICE_SOURCE_SERVER])
def test_a_server_with_state_keys_seals_the_kernels_games_as_its_own(
    dice: game_pb2.DiceSource.ValueType, counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    keyring = Keyring((StateKey("k1", os.urandom(32)),))
    fast = PlayServicer(HeuristicEvaluator(), 1.0, keyring=keyring)
    slow = PlayServicer(HeuristicEvaluator(), 1.0, keyring=keyring)
    rng = random.Random(dice)
    for _ in range(8):
        new = pb.NewGameRequest(form=game_pb2.GAME_FORM_LEAN, dice_source=dice)
        wire = slow.NewGame(new, None).game  # type: ignore[arg-type]
        for _ in range(80):
            listed = slow.ListActions(pb.ListActionsRequest(game=wire), None).actions  # type: ignore[arg-type]
            calm = [a for a in listed if a.kind not in (RESIGN, game_pb2.ACTION_KIND_DROP)]
            if not calm:
                break
            for view in (pb.ACTIONS_VIEW_FULL, pb.ACTIONS_VIEW_COMPACT):
                listing = pb.ListActionsRequest(game=wire, view=view)
                as_read = read_listing(listing.SerializeToString())
                assert fast.list_actions_wire(as_read, None) == slow.list_actions_wire(listing, None)  # type: ignore[arg-type]
            request = pb.ActRequest(game=wire, action=_tapped(rng.choice(calm), rng))
            expected = _reference(slow, request, monkeypatch)
            assert _answer(fast, request) == expected
            assert isinstance(expected, bytes)
            wire = pb.ActResponse.FromString(expected).game
            assert wire.HasField("seal") and not wire.HasField("digest")
    assert counted["answered"] > 200


def _refused_alike(
    servicer: PlayServicer, game: game_pb2.Game, wrong: list[game_pb2.Action], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of ``wrong`` on ``game`` is refused with a clear status, the same with the kernel's flow or without."""
    for action in wrong:
        request = pb.ActRequest(game=game, action=action)
        expected = _reference(servicer, request, monkeypatch)
        assert isinstance(expected, str) and expected.startswith(("INVALID_ARGUMENT", "FAILED_PRECONDITION"))
        assert _answer(servicer, request) == expected


def test_listactions_from_the_kernel_is_the_general_paths_answer_in_every_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled_kernel_in_use("flow_list", "ListActions is answered by the Python flow")
    listing = kernel.flow_list
    answered = Counter[bool]()

    def counting(game: bytes, consts: tuple[int | bytes, ...], full: bool, allowed: int) -> bytes | None:
        assert listing is not None
        answer = listing(game, consts, full, allowed)
        answered[answer is not None] += 1
        return answer

    servicer = PlayServicer(HeuristicEvaluator(), 1.0)
    phases: Counter[int] = Counter()
    for game in game_states(300, seed=12):
        wire = _lean(game)
        for view in (*VIEWS, pb.ACTIONS_VIEW_UNSPECIFIED):
            request = pb.ListActionsRequest(game=wire, view=view)
            with monkeypatch.context() as patch:
                patch.setattr(kernel, "flow_list", None)
                try:
                    expected: bytes | type[Exception] = servicer.list_actions_wire(request, None)  # type: ignore[arg-type]
                except WireError:
                    expected = WireError
            as_read = read_listing(request.SerializeToString())
            with monkeypatch.context() as patch:
                patch.setattr(kernel, "flow_list", counting)
                for form in (request, as_read):  # the message, and the request as the server reads it
                    if expected is WireError:
                        with pytest.raises(WireError):
                            servicer.list_actions_wire(form, None)  # type: ignore[arg-type]
                    else:
                        assert servicer.list_actions_wire(form, None) == expected, (game, view)  # type: ignore[arg-type]
        phases[wire.phase] += 1
    assert phases[game_pb2.PHASE_MOVING] > 100 and phases[game_pb2.PHASE_BEFORE_ROLL] > 50
    assert phases[game_pb2.PHASE_CUBE_OFFERED] > 5
    assert answered[True] > 800 and answered[True] > 3 * answered[False]


def _moving_game() -> tuple[PlayServicer, game_pb2.Game]:
    """A lean seeded game at its first move, as the server wrote it."""
    servicer = PlayServicer(HeuristicEvaluator(), 1.0)
    started = servicer.NewGame(
        pb.NewGameRequest(form=game_pb2.GAME_FORM_LEAN, dice_source=game_pb2.DICE_SOURCE_SEEDED, seed=b"k"),
        None,  # type: ignore[arg-type]
    )
    roll = next(a for a in started.choices.actions if a.kind == game_pb2.ACTION_KIND_ROLL)
    rolled = pb.ActResponse.FromString(servicer.act_wire(pb.ActRequest(game=started.game, action=roll), None))  # type: ignore[arg-type]
    assert rolled.game.phase == game_pb2.PHASE_MOVING
    return servicer, rolled.game


def test_moves_the_kernel_cannot_answer_get_the_general_paths_error(
    counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    servicer, game = _moving_game()
    mover = game.turn
    other = board_pb2.COLOR_WHITE if mover == board_pb2.COLOR_BLACK else board_pb2.COLOR_BLACK
    wrong = [
        game_pb2.Action(kind=MOVE, player=mover, move=board_pb2.CheckerMove(from_point=3, to_point=2)),
        game_pb2.Action(kind=MOVE, player=other, move=board_pb2.CheckerMove(from_point=24, to_point=23)),
        game_pb2.Action(kind=MOVE, player=mover),
        game_pb2.Action(kind=UNDO, player=mover),  # nothing moved yet
        game_pb2.Action(kind=MOVE, player=mover, move=board_pb2.CheckerMove(from_point=99, to_point=2)),
    ]
    _refused_alike(servicer, game, wrong, monkeypatch)
    assert counted["answered"] == 0


def test_plays_the_kernel_cannot_answer_get_the_general_paths_answer(
    counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    servicer, game = _moving_game()
    mover = game.turn
    listed = servicer.ListActions(pb.ListActionsRequest(game=game), None).actions  # type: ignore[arg-type]
    play = next(a for a in listed if a.kind == PLAY)
    other = board_pb2.COLOR_WHITE if mover == board_pb2.COLOR_BLACK else board_pb2.COLOR_BLACK
    wrong = [
        game_pb2.Action(kind=CONFIRM, player=mover),  # nothing moved yet
        game_pb2.Action(kind=PLAY, player=mover),  # no moves
        game_pb2.Action(kind=PLAY, player=other, moves=play.moves),
        game_pb2.Action(kind=PLAY, player=mover, moves=play.moves[:1]),  # half a play
        game_pb2.Action(kind=RESIGN, player=mover),  # no kind
        game_pb2.Action(kind=RESIGN, player=other, resign_kind=rules_pb2.RESULT_KIND_SINGLE),
        game_pb2.Action(kind=ROLL, player=mover),  # while moving
    ]
    _refused_alike(servicer, game, wrong, monkeypatch)
    assert counted["answered"] == 0


def test_rolls_the_kernel_cannot_answer_get_the_general_paths_error(
    counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    servicer, game = _moving_game()
    listed = servicer.ListActions(pb.ListActionsRequest(game=game), None).actions  # type: ignore[arg-type]
    play = pb.ActRequest(game=game, action=next(a for a in listed if a.kind == PLAY))
    before_roll = pb.ActResponse.FromString(servicer.act_wire(play, None)).game  # type: ignore[arg-type]
    assert before_roll.phase == game_pb2.PHASE_BEFORE_ROLL
    roller = before_roll.turn
    other = board_pb2.COLOR_WHITE if roller == board_pb2.COLOR_BLACK else board_pb2.COLOR_BLACK
    wrong = [
        game_pb2.Action(kind=ROLL, player=roller, dice=board_pb2.Dice(die1=3, die2=1)),  # seeded: no dice
        game_pb2.Action(kind=ROLL, player=other),
        game_pb2.Action(kind=MOVE, player=roller, move=board_pb2.CheckerMove(from_point=24, to_point=23)),
        game_pb2.Action(kind=DOUBLE, player=other),  # not on turn
        game_pb2.Action(kind=TAKE, player=other),  # nothing offered
    ]
    answered = counted["answered"]
    _refused_alike(servicer, before_roll, wrong, monkeypatch)
    assert counted["answered"] == answered


def test_a_stale_version_is_refused_before_the_kernel_moves(counted: Counter[str]) -> None:
    servicer, game = _moving_game()
    listed = servicer.ListActions(pb.ListActionsRequest(game=game), None).actions  # type: ignore[arg-type]
    move = next(a for a in listed if a.kind == MOVE)
    request = pb.ActRequest(game=game, action=move, expected_version=game.version - 1)
    with pytest.raises(Exception) as refused:
        servicer.act_wire(request, None)  # type: ignore[arg-type]
    status = status_for(refused.value)
    assert status is not None and status.code is grpc.StatusCode.FAILED_PRECONDITION
    assert counted["answered"] == 0
    request.expected_version = game.version
    answered = pb.ActResponse.FromString(servicer.act_wire(request, None))  # type: ignore[arg-type]
    assert answered.game.version == game.version + 1 and counted["answered"] == 1


def test_only_the_servers_own_encoding_of_a_lean_game_reaches_the_kernel(
    counted: Counter[str],
) -> None:
    servicer, game = _moving_game()
    assert servicer.games.read_flow(game)[2] is not None
    assert servicer.games.read_flow(encode_game(new_game(RuleOptions())))[2] is None  # a full game
    # A Game the server would write otherwise: a move's hit flag, which the engine finds itself.
    listed = servicer.ListActions(pb.ListActionsRequest(game=game), None).actions  # type: ignore[arg-type]
    moved = pb.ActResponse.FromString(
        servicer.act_wire(pb.ActRequest(game=game, action=next(a for a in listed if a.kind == MOVE)), None)  # type: ignore[arg-type]
    ).game
    odd = game_pb2.Game()
    odd.CopyFrom(moved)
    odd.moves[0].hit = not odd.moves[0].hit
    read, _, key = servicer.games.read_flow(odd)
    assert key is None and read == servicer.games.read(moved)
    # A server with state keys hands the kernel a sealed Game's state once its seal verifies.
    sealed = PlayServicer(HeuristicEvaluator(), 1.0, keyring=Keyring((StateKey("k1", os.urandom(32)),)))
    started = sealed.NewGame(pb.NewGameRequest(form=game_pb2.GAME_FORM_LEAN), None)  # type: ignore[arg-type]
    assert sealed.games.read_flow(started.game)[2] == started.game.seal.state
    forged = game_pb2.Game()
    forged.CopyFrom(started.game)
    forged.seal.state = forged.seal.state.replace(b"\x18\x01", b"\x18\x02", 1)
    with pytest.raises(SealError):
        sealed.games.read_flow(forged)


def test_the_kernel_refuses_bytes_that_are_not_a_moving_lean_game(counted: Counter[str]) -> None:
    servicer, game = _moving_game()
    key = servicer.games.read_flow(game)[2]
    assert key is not None
    listed = servicer.ListActions(pb.ListActionsRequest(game=game), None).actions  # type: ignore[arg-type]
    action = next(a for a in listed if a.kind == MOVE).SerializeToString()
    step = kernel.flow_step
    assert step is not None
    assert step(key, action, flow_bytes.CONSTS, 0) is not None
    rng = random.Random(8)
    for cut in range(len(key)):  # every truncation, and bytes changed at random
        assert step(key[:cut], action, flow_bytes.CONSTS, 0) is None or cut == len(key)
    for _ in range(300):
        noisy = bytearray(key)
        noisy[rng.randrange(len(noisy))] = rng.randrange(256)
        step(bytes(noisy), action, flow_bytes.CONSTS, 0)  # any answer or None, never a crash
    assert step(b"\xff" * 40, action, flow_bytes.CONSTS, 0) is None
    assert step(key, b"\x08\x63", flow_bytes.CONSTS, 0) is None


def test_the_flows_requests_are_read_without_messages_only_in_their_common_form() -> None:
    compiled_kernel_in_use("message_fields", "every request is read as its message")
    servicer, game = _moving_game()
    listed = servicer.ListActions(pb.ListActionsRequest(game=game), None).actions  # type: ignore[arg-type]
    move = next(a for a in listed if a.kind == MOVE)
    plain = pb.ActRequest(game=game, action=move, view=pb.ACTIONS_VIEW_MOVES, expected_version=game.version)
    read = read_act(plain.SerializeToString())
    assert isinstance(read, FlowAct) and read.game == game.SerializeToString()
    assert read.action == move.SerializeToString() and read.expected_version == game.version
    assert read.message() == plain
    # A bot to reply, or a field sent twice (protobuf merges it): the message.
    assert read_act(pb.ActRequest(game=game, action=move, bot_reply=1).SerializeToString()) == pb.ActRequest(
        game=game, action=move, bot_reply=1
    )
    twice = plain.SerializeToString() + pb.ActRequest(view=pb.ACTIONS_VIEW_FULL).SerializeToString()
    assert isinstance(read_act(twice), pb.ActRequest)
    listing = read_listing(pb.ListActionsRequest(game=game).SerializeToString())
    assert isinstance(listing, FlowListing) and listing.view == 0
    # A field over its limit: the message, whose check names it.
    over = pb.ListActionsRequest(game=game)
    for _ in range(70):  # at most 64
        over.game.moves.add(from_point=24, to_point=23)
    assert isinstance(read_listing(over.SerializeToString()), pb.ListActionsRequest)
    # Bytes that are not a message are refused as the request's fault, named so, whether the
    # reader kept them unparsed (a play's notation that is not UTF-8, on this worker's own Game)
    # or not (a Game whose body runs past its end).
    play = next(a for a in listed if a.kind == PLAY).SerializeToString() + b"\x4a\x02\xff\xfe"
    junk_action = pb.ActRequest(game=game).SerializeToString() + b"\x12" + bytes([len(play)]) + play
    assert isinstance(read_act(junk_action), FlowAct)
    junk_game = b"\x0a\x03\x0a\x05a"
    for raw_request, reader, answer in (
        (junk_action, read_act, servicer.act_wire),
        (junk_game, read_listing, servicer.list_actions_wire),
        (junk_game + b"\x12\x02\x08\x03", read_act, servicer.act_wire),
    ):
        with pytest.raises(WireError) as refused:
            answer(read_request(reader, raw_request), None)  # type: ignore[operator]
        assert refused.value.field == "request"
    # Answered alike either way, and the stale-state guard holds on the bytes too.
    assert servicer.act_wire(read, None) == _reference(servicer, plain, pytest.MonkeyPatch())  # type: ignore[arg-type]
    stale = read_act(
        pb.ActRequest(game=game, action=move, expected_version=game.version + 5).SerializeToString()
    )
    with pytest.raises(Exception) as refused:
        servicer.act_wire(stale, None)  # type: ignore[arg-type]
    status = status_for(refused.value)
    assert status is not None and status.code is grpc.StatusCode.FAILED_PRECONDITION


def test_a_sealed_game_another_worker_wrote_reaches_the_kernel_without_being_decoded(
    counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    keyring = Keyring((StateKey("k1", os.urandom(32)),))
    writer, reference = (PlayServicer(HeuristicEvaluator(), 1.0, keyring=keyring) for _ in range(2))
    started = writer.NewGame(
        pb.NewGameRequest(form=game_pb2.GAME_FORM_LEAN, dice_source=game_pb2.DICE_SOURCE_SEEDED, seed=b"w"),
        None,  # type: ignore[arg-type]
    )
    wire, rng, decoded = started.game, random.Random(3), Counter[str]()
    real_decode = sealed.decode_game

    def counting(*args: object, **kwargs: object) -> Game:
        decoded["decoded"] += 1
        return real_decode(*args, **kwargs)  # type: ignore[arg-type]

    answered = 0
    for _ in range(40):
        listed = reference.ListActions(pb.ListActionsRequest(game=wire), None).actions  # type: ignore[arg-type]
        calm = [a for a in listed if a.kind in (MOVE, UNDO, CONFIRM, PLAY, ROLL)]
        if not calm:
            break
        request = pb.ActRequest(game=wire, action=rng.choice(calm))
        expected = _reference(reference, request, monkeypatch)
        fresh = PlayServicer(HeuristicEvaluator(), 1.0, keyring=keyring)  # a worker that never saw it
        with monkeypatch.context() as patch:
            patch.setattr(sealed, "decode_game", counting)
            before = decoded["decoded"], counted["answered"]
            answer = _answer(fresh, request)
            if counted["answered"] > before[1]:  # the kernel answered: from the sealed bytes alone
                assert decoded["decoded"] == before[0]
                answered += 1
        assert answer == expected
        assert isinstance(expected, bytes)
        wire = pb.ActResponse.FromString(expected).game
    assert answered > 20
    # A full game's sealed state is decoded whole, as before.
    full = writer.NewGame(pb.NewGameRequest(form=game_pb2.GAME_FORM_FULL), None).game  # type: ignore[arg-type]
    fresh = PlayServicer(HeuristicEvaluator(), 1.0, keyring=keyring)
    read, _, key = fresh.games.read_flow(full)
    assert isinstance(read, Game) and key is None


def test_the_field_readers_take_any_bytes_without_a_crash() -> None:
    compiled_kernel_in_use("message_fields", "every request is read as its message")
    split, pick = kernel.message_fields, kernel.pick_fields
    assert split is not None and pick is not None
    servicer, game = _moving_game()
    listed = servicer.ListActions(pb.ListActionsRequest(game=game), None).actions  # type: ignore[arg-type]
    raw = pb.ActRequest(game=game, action=listed[0], expected_version=7).SerializeToString()
    fields = split(raw, 5)
    assert fields is not None and fields[1] == game.SerializeToString() and fields[4] == 7
    picked = pick(fields[1], (1 << 7) | (1 << 9), 1 << 13)  # phase and turn whole; White's rolls
    assert picked == (
        game_pb2.Game(phase=game.phase, turn=game.turn).SerializeToString(),
        (game.white_rolls,),
    )
    rng = random.Random(5)
    for data in (raw, fields[1]):
        for cut in range(len(data)):  # every truncation, and bytes changed at random: an answer or None
            split(data[:cut], 5)
            pick(data[:cut], (1 << 64) - 1, (1 << 7) | (1 << 13))
        for _ in range(300):
            noisy = bytearray(data)
            noisy[rng.randrange(len(noisy))] = rng.randrange(256)
            split(bytes(noisy), 5)
            pick(bytes(noisy), (1 << 64) - 1, 1 << 23)
    assert split(b"\x0a\x05ab", 5) is None and pick(b"\x0a\x05ab", 2, 0) is None  # a body past the end
    assert split(b"\x30\x01", 5) is None  # field 6 of 5
    assert pick(b"\x0a\x01a", 0, 1 << 1) is None  # a length-delimited field read as a varint
