"""A board UI plays a whole lean game as JSON over the gateway, answers gzip-compressed.

Starts ``python -m deploy.serve`` (what ``scripts/serve`` runs after set-up)
on free loopback ports and plays as a phone would with nothing but an HTTP
client: NewGame (lean, MOVES view), then one Act per tap of White's (roll,
single-die moves, confirm, take, accept), the bot (Black) replying in the
same call. Nothing calls ListActions: every answer's ``choices`` lists what
may be done next. The bytes counted are the ones on the wire: the JSON
request bodies and the gzip-compressed answer bodies.
Skipped when no Envoy binary is installed (the dev and serve extras install one).
"""

from __future__ import annotations

import base64
import gzip
import http.client
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.gateway import GATEWAY_SKIP, serve_gateway

CALL_TIMEOUT_S = 30.0
pytestmark = GATEWAY_SKIP

PLAY = "/backgammon.v1.PlayService"
MOVES = "ACTIONS_VIEW_MOVES"
LEVEL = "BOT_LEVEL_BEGINNER"
WHITE, BLACK = "COLOR_WHITE", "COLOR_BLACK"
OVER = {"PHASE_GAME_OVER", "PHASE_MATCH_OVER"}
TAPS = ("ACTION_KIND_ROLL", "ACTION_KIND_TAKE", "ACTION_KIND_ACCEPT", "ACTION_KIND_CONFIRM")
OUTPUT_ONLY = ("board_now", "score_after", "boardNow", "scoreAfter")
MAX_CALLS, MAX_JSON_BYTES = 150, 300_000
# The budget is a typical game's, and the bot's replies are random: the median of three games meets
# it. One game stops here, whatever its dice, so a game that never ends fails rather than hangs.
RUNAWAY_CALLS = 500


@dataclass
class Answer:
    status: int
    encoding: str  # the Content-Encoding header: "gzip", or "" for none
    body: bytes  # as it came over the wire (compressed when encoding says so)

    @property
    def json(self) -> Any:
        return json.loads(gzip.decompress(self.body) if self.encoding == "gzip" else self.body)


@dataclass
class Gateway:
    """JSON calls on one kept-alive HTTP/1.1 connection, counting calls and wire bytes."""

    port: int
    calls: dict[str, int] = field(default_factory=dict)
    sent: int = 0  # request bodies as they went (gzipped, as a phone sends them)
    sent_plain: int = 0  # the same requests uncompressed
    received: int = 0  # answer bodies as they came (compressed)
    decoded: int = 0  # the same answers uncompressed
    connection: http.client.HTTPConnection = field(init=False)
    last_sent: int = 0  # the last request's body as sent, and uncompressed
    last_plain: int = 0

    def __post_init__(self) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=CALL_TIMEOUT_S)

    def post(
        self, method: str, request: dict[str, Any], accept_gzip: bool = True, zipped: bool = True
    ) -> Answer:
        """``request`` as JSON, gzipped unless told (``zipped``); the answer gzipped if accepted."""
        body = json.dumps(request, separators=(",", ":")).encode()
        self.last_plain = len(body)
        headers = {"content-type": "application/json"}
        if zipped:
            body = gzip.compress(body)
            headers["content-encoding"] = "gzip"
        if accept_gzip:
            headers["accept-encoding"] = "gzip"
        self.last_sent = len(body)
        self.connection.request("POST", f"{PLAY}/{method}", body=body, headers=headers)
        response = self.connection.getresponse()
        answer = Answer(response.status, response.getheader("content-encoding", ""), response.read())
        assert answer.status == 200, f"{method}: HTTP {answer.status} {answer.json}"
        return answer

    def call(self, method: str, request: dict[str, Any]) -> dict[str, Any]:
        """One call of the game, counted; the answer decoded."""
        answer = self.post(method, request)
        assert answer.encoding == "gzip", f"{method}: answer not compressed ({answer.encoding!r})"
        self.calls[method] = self.calls.get(method, 0) + 1
        self.sent += self.last_sent
        self.sent_plain += self.last_plain
        self.received += len(answer.body)
        decoded = answer.json
        self.decoded += len(gzip.decompress(answer.body))
        assert isinstance(decoded, dict)
        return decoded

    @property
    def total(self) -> int:
        return sum(self.calls.values())


def _input(game: dict[str, Any]) -> dict[str, Any]:
    """The Game to send back: the answer's, less its output-only fields."""
    return {name: value for name, value in game.items() if name not in OUTPUT_ONLY}


def _tap(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """What White's board UI taps: roll, take, accept, confirm when listed, else a single-die move."""
    mine = [a for a in actions if a.get("player") == WHITE]
    kinds = {a["kind"]: a for a in mine}
    for wanted in TAPS:
        if wanted in kinds:
            return kinds[wanted]
    singles = [a for a in mine if a["kind"] == "ACTION_KIND_MOVE" and len(a.get("dice_used", [])) == 1]
    assert singles, f"nothing a board UI would tap: {sorted(kinds)}"
    return rng.choice(singles)


def play_a_lean_game(gateway: Gateway, seed: bytes, rng: random.Random) -> list[dict[str, Any]]:
    """One whole game; the Act requests sent, in order."""
    new_game = {
        "rules": {},
        "form": "GAME_FORM_LEAN",
        "view": MOVES,
        "dice_source": "DICE_SOURCE_SEEDED",
        "seed": base64.b64encode(seed).decode("ascii"),
    }
    answer = gateway.call("NewGame", new_game)
    acts = []
    while answer["game"]["phase"] not in OVER:
        assert gateway.total < RUNAWAY_CALLS, f"the game did not end in {RUNAWAY_CALLS} calls"
        game, choices = _input(answer["game"]), answer["choices"]
        if WHITE in choices["to_act"]:
            request = {
                "game": game,
                "action": _tap(choices["actions"], rng),
                "view": MOVES,
                "bot_reply": LEVEL,
            }
            acts.append(request)
            answer = gateway.call("Act", request)
        else:  # only when the bot must act first: not in a game White's ROLL opens
            answer = gateway.call("BotAct", {"game": game, "level": LEVEL, "player": BLACK, "view": MOVES})
    assert answer["game"]["phase"] in OVER and answer["game"]["result"]
    return acts


def test_a_board_ui_plays_a_whole_lean_game_over_json_in_few_compressed_bytes(tmp_path: Path) -> None:
    with serve_gateway(tmp_path) as facts:
        played = []
        for n in (1, 2, 3):
            one = Gateway(facts["gateway_port"])
            try:
                acts = play_a_lean_game(one, b"gateway json %d" % n, random.Random(n))
            finally:
                one.connection.close()
            wire, plain = one.sent + one.received, one.sent_plain + one.decoded
            print(
                f"lean game over JSON: {one.total} calls {one.calls}, "
                f"{one.sent} B sent gzip ({one.sent_plain} B uncompressed), "
                f"{one.received} B received gzip ({one.decoded} B uncompressed); "
                f"{wire} B on the wire, {plain} B uncompressed ({wire / plain:.0%})"
            )
            assert "ListActions" not in one.calls
            played.append((one.total, wire, acts))
        calls, wire, acts = sorted(played, key=lambda game: game[0])[1]
        assert calls <= MAX_CALLS
        assert sorted(game[1] for game in played)[1] <= MAX_JSON_BYTES
        gateway = Gateway(facts["gateway_port"])
        try:
            # The same answer both ways: the largest Act request again, without the bot's (random)
            # reply so that the answer is a pure function of the request.
            request = {
                k: v for k, v in max(acts, key=lambda r: len(json.dumps(r))).items() if k != "bot_reply"
            }
            zipped = gateway.post("Act", request)
            identity = gateway.post("Act", request, accept_gzip=False, zipped=False)
            assert (zipped.encoding, identity.encoding) == ("gzip", "")
            print(f"one Act answer: {len(zipped.body)} B gzip, {len(identity.body)} B uncompressed")
            assert len(zipped.body) < len(identity.body)
            # The same answer whether the request came gzipped or plain.
            assert zipped.json == identity.json
        finally:
            gateway.connection.close()
