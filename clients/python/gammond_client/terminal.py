"""``gammond-play``: play a match against the bot in a terminal, through a gammond server.

The lean game flow (docs/api.md, "The lean game"): each of the user's
actions is one ``Act`` whose answer carries the bot's reply and what may be
done next. Plays are typed in the usual notation (``8/5 6/5``, ``13/7(2)``,
``bar/22*``); the server's notation parser (``GameService.ApplyPlay``)
resolves the text to the legal play it names, or says why it is none, so
the terminal parses nothing itself. Input ends the game cleanly at its end
(a pipe of moves, or Ctrl-D).

>>> print(HELP.splitlines()[0])
Commands (r, d, t, p, h, b, m, q will do, or any prefix naming one command):
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

import grpc

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2, rules_pb2
from gammond_client.client import GammondClient
from gammond_client.errors import GammondError
from gammond_client.game import BLACK, WHITE, Game, Level
from gammond_client.textboard import draw, narrate, roll_text, score_text

HELP = """\
Commands (r, d, t, p, h, b, m, q will do, or any prefix naming one command):
  8/5 6/5      play these moves (also 13/7(2), bar/22*, 6/off); "moves" lists the legal plays
  roll         roll the dice (Enter alone does it too)
  double       offer the bot the cube before rolling
  take, pass   answer the bot's double (beaver where the rules allow it)
  accept, reject  answer the bot's resignation
  resign [single|gammon|backgammon]  offer to resign (single unless said)
  hint         the bot's best plays with their equities, or its cube advice
  board        draw the board again
  help         this text
  quit         leave the game (so does the end of input)"""

LEVELS = {
    "beginner": bot_service_pb2.BOT_LEVEL_BEGINNER,
    "intermediate": bot_service_pb2.BOT_LEVEL_INTERMEDIATE,
    "advanced": bot_service_pb2.BOT_LEVEL_ADVANCED,
    "expert": bot_service_pb2.BOT_LEVEL_EXPERT,
    "world-class": bot_service_pb2.BOT_LEVEL_WORLD_CLASS,
}
_RESIGN = {
    "single": rules_pb2.RESULT_KIND_SINGLE,
    "gammon": rules_pb2.RESULT_KIND_GAMMON,
    "backgammon": rules_pb2.RESULT_KIND_BACKGAMMON,
}
# What each phase asks the user, and the words it takes (beside hint, board, help, quit).
_PROMPTS = {
    game_pb2.PHASE_BEFORE_ROLL: "roll or double",
    game_pb2.PHASE_MOVING: "your play",
    game_pb2.PHASE_CUBE_OFFERED: "take or pass",
    game_pb2.PHASE_RESIGNATION_OFFERED: "accept or reject",
}
_WORDS = {
    "roll": game_pb2.ACTION_KIND_ROLL,
    "double": game_pb2.ACTION_KIND_DOUBLE,
    "take": game_pb2.ACTION_KIND_TAKE,
    "pass": game_pb2.ACTION_KIND_DROP,
    "drop": game_pb2.ACTION_KIND_DROP,
    "beaver": game_pb2.ACTION_KIND_BEAVER,
    "accept": game_pb2.ACTION_KIND_ACCEPT,
    "reject": game_pb2.ACTION_KIND_REJECT,
}
_ADVICE = {
    bot_service_pb2.CUBE_ADVICE_NO_DOUBLE: "no double",
    bot_service_pb2.CUBE_ADVICE_DOUBLE_TAKE: "double (the bot would take)",
    bot_service_pb2.CUBE_ADVICE_DOUBLE_PASS: "double (the bot should pass)",
    bot_service_pb2.CUBE_ADVICE_TOO_GOOD: "too good to double: play on for the gammon",
}
_COMMANDS = (*_WORDS, "resign", "hint", "board", "moves", "help", "quit")


# The one-letter commands; longer prefixes name the one command they begin, if only one.
_LETTERS = {
    "r": "roll",
    "d": "double",
    "t": "take",
    "p": "pass",
    "h": "hint",
    "b": "board",
    "m": "moves",
    "q": "quit",
}


def command_of(word: str) -> str | None:
    """The command a typed word names: itself, its letter, or the one command it begins.

    >>> command_of("t"), command_of("d"), command_of("res"), command_of("re"), command_of("8/5")
    ('take', 'double', 'resign', None, None)
    """
    if word in _COMMANDS:
        return word
    if word in _LETTERS:
        return _LETTERS[word]
    matches = [c for c in _COMMANDS if word and c.startswith(word)]
    return matches[0] if len(matches) == 1 else None


class TerminalGame:
    """One match against the bot, read from ``stdin`` and told on ``stdout``."""

    def __init__(self, client: GammondClient, game: Game, stdin: TextIO, stdout: TextIO, echo: bool) -> None:
        self.client, self.game, self.stdin, self.out, self.echo = client, game, stdin, stdout, echo
        self.drawn: tuple[bytes, int] | None = None  # the game and version last drawn

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        """The next line typed, stripped and lowercased; None at the end of input."""
        self.out.write(f"{prompt}> ")
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.say("", "End of input: leaving the game.")
            return None
        if self.echo:
            self.say(line.rstrip("\n"))
        return line.strip().lower()

    def run(self) -> int:
        """Play until the match is over, the user quits or input ends; the exit status (0)."""
        self.say(
            f"You are X, the bot is O; {score_text(self.game.state.score, self.length)}. Type help for the commands."
        )
        while not self.game.match_over:
            if self.game.game_over:
                self.say(f"Game {self.game.state.game_number + 1}:")
                self.game.next_game()
            elif WHITE not in self.game.to_act():
                self.game.bot(self.level)  # only where no answer carried the bot's reply
                self.tell()
            elif not self.turn():
                return 0
        self.say(self.board(), f"Final score: {score_text(self.game.state.score_after, self.length)}.")
        return 0

    @property
    def length(self) -> int:
        return self.game.state.rules.match_length

    @property
    def level(self) -> Level:
        return self.game.bot_level or bot_service_pb2.BOT_LEVEL_ADVANCED

    def board(self) -> str:
        self.drawn = (self.game.state.game_id, self.game.state.version)
        return draw(self.game.state)

    def tell(self) -> None:
        self.say(*narrate(self.game.events, self.game.bot_actions, self.length))

    def act(self, action: game_pb2.Action, asked: bool = True) -> None:
        """Take ``action``; a refusal of what the user asked is told and asked again, any other raised."""
        try:
            self.game.act(action)
        except GammondError as error:
            if not asked:  # an action taken for the user: asking again would loop
                raise
            self.say(f"The server refused that: {error}")
            return
        self.tell()

    def listed(self, kind: game_pb2.ActionKind.ValueType) -> list[game_pb2.Action]:
        return [a for a in self.game.actions(WHITE) if a.kind == kind]

    def turn(self) -> bool:
        """Take one of the user's actions (asking for it unless only one makes sense); False to stop."""
        phase = self.game.phase
        if phase == game_pb2.PHASE_OPENING_ROLL or (
            phase == game_pb2.PHASE_BEFORE_ROLL and not self.listed(game_pb2.ACTION_KIND_DOUBLE)
        ):
            self.act(self.listed(game_pb2.ACTION_KIND_ROLL)[0], asked=False)
            return True
        plays = self.game.plays()
        if phase == game_pb2.PHASE_MOVING and len(plays) == 1:
            self.say(
                self.board(), f"Your only play with {roll_text(self.game.state.dice)}: {plays[0].notation}."
            )
            self.play(plays[0].moves, plays[0].notation, asked=False)
            return True
        if self.drawn != (self.game.state.game_id, self.game.state.version):
            self.say(self.board())
        prompt = _PROMPTS.get(phase, "?")
        if phase == game_pb2.PHASE_MOVING:
            prompt = f"{roll_text(self.game.state.dice)}: {prompt}"
        line = self.ask(prompt)
        if line is None:
            return False
        return self.obey(line, phase)

    def obey(self, line: str, phase: game_pb2.Phase.ValueType) -> bool:
        words = line.split()
        command = command_of(words[0]) if words else ("roll" if phase == game_pb2.PHASE_BEFORE_ROLL else None)
        if command == "quit":
            self.say("Leaving the game.")
            return False
        if command == "help":
            self.say(HELP)
        elif command == "board":
            self.say(self.board())
        elif command == "hint":
            self.hint()
        elif command == "moves":
            self.say("Legal plays: " + (", ".join(p.notation for p in self.game.plays()) or "none now"))
        elif command == "resign":
            self.resign(words[1:])
        elif command in _WORDS:
            listed = self.listed(_WORDS[command])
            if listed:
                self.act(listed[0])
            else:
                self.say(
                    f"You cannot {command} now ({_PROMPTS.get(phase, 'wait')}; help lists the commands)."
                )
        elif phase == game_pb2.PHASE_MOVING and words:
            self.typed_play(line)
        else:
            self.say(
                f"{line!r} is not a command here ({_PROMPTS.get(phase, 'wait')}; help lists the commands)."
            )
        return True

    def resign(self, words: Sequence[str]) -> None:
        named = [k for k in _RESIGN if words and k.startswith(words[0])] if words else ["single"]
        if len(named) != 1:
            self.say("Resign single, gammon or backgammon.")
            return
        offers = [a for a in self.listed(game_pb2.ACTION_KIND_RESIGN) if a.resign_kind == _RESIGN[named[0]]]
        if not offers:
            self.say(f"You cannot resign {named[0]} now.")
            return
        self.act(offers[0])

    def typed_play(self, text: str) -> None:
        """Play the legal play ``text`` names: as listed, else as the server's notation parser reads it."""
        for play in self.game.plays():
            if play.notation == text:
                self.play(play.moves, play.notation)
                return
        state = self.game.state
        position = board_pb2.Position(
            board=state.board_now if state.HasField("board_now") else state.board, turn=WHITE
        )
        try:
            named = self.client.apply_play(position, (state.dice.die1, state.dice.die2), text).play
        except GammondError as error:
            reason = error.message.removeprefix("request: ")
            self.say(f'Not a legal play: {reason} ("moves" lists them, "hint" ranks them).')
            return
        self.play(named.moves, named.notation)

    def play(self, moves: Sequence[board_pb2.CheckerMove], notation: str, asked: bool = True) -> None:
        self.say(f"You play {notation}.")
        self.act(game_pb2.Action(kind=game_pb2.ACTION_KIND_PLAY, player=WHITE, moves=moves), asked)

    def context(self, turn: board_pb2.Color.ValueType) -> rules_pb2.CubeContext:
        """The cube and score as the bot's advice takes them, ``turn`` on roll."""
        state = self.game.state
        return rules_pb2.CubeContext(
            cube=rules_pb2.CubeState(value=state.cube.value or 1, owner=state.cube.owner),
            turn=turn,
            has_rolled=state.phase == game_pb2.PHASE_MOVING,
            white_rolls=state.white_rolls,
            black_rolls=state.black_rolls,
            rules=state.rules,
            match=rules_pb2.MatchState(
                white_score=state.score.white_score,
                black_score=state.score.black_score,
                crawford=state.score.crawford,
            ),
        )

    def hint(self) -> None:
        state, phase = self.game.state, self.game.phase
        try:
            if phase == game_pb2.PHASE_MOVING:
                position = board_pb2.Position(board=state.board, turn=WHITE)
                ranked = self.client.hint(
                    position, (state.dice.die1, state.dice.die2), self.level, self.context(WHITE), 5
                )
                unit = "EMG" if self.length else "equity"
                self.say(
                    *(
                        f"  {i}. {r.play.notation:<24} {unit} {r.equity:+.3f}"
                        for i, r in enumerate(ranked.plays, 1)
                    )
                )
            elif phase in (game_pb2.PHASE_BEFORE_ROLL, game_pb2.PHASE_CUBE_OFFERED):
                doubler = WHITE if phase == game_pb2.PHASE_BEFORE_ROLL else BLACK
                advice = self.client.cube_decision(
                    board_pb2.Position(board=state.board, turn=doubler), self.context(doubler)
                )
                if doubler == WHITE:
                    self.say(f"  The bot's advice: {_ADVICE.get(advice.advice, 'no double')}.")
                else:
                    self.say(f"  The bot's advice: {'take' if advice.take else 'pass'}.")
                if self.length:  # match play: the chances of winning the match
                    figures = [f"{x:.1%}" for x in (advice.no_double, advice.double_take, advice.double_pass)]
                    scale = "match-winning chances"
                else:
                    figures = [
                        f"{x:+.3f}" for x in (advice.no_double, advice.double_take, advice.double_pass)
                    ]
                    scale = "equity per cube"
                self.say(
                    f"  ({scale}: no double {figures[0]}, double/take {figures[1]}, double/pass {figures[2]})"
                )
            else:
                self.say("No hint here.")
        except GammondError as error:
            self.say(f"No hint: {error.message}")


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """``gammond-play``: the command line's options, then the match."""
    parser = argparse.ArgumentParser(
        prog="gammond-play", description="Play a match against gammond's bot in a terminal."
    )
    parser.add_argument("--target", default="127.0.0.1:50051", help="the gammond server, host:port")
    parser.add_argument(
        "--match", type=int, default=3, metavar="N", help="match length in points, 0 for money play"
    )
    parser.add_argument("--seed", help="seeds the dice: the same seed and moves play the same game")
    parser.add_argument(
        "--wait", type=float, default=10.0, metavar="SECONDS", help="how long to wait for the server"
    )
    parser.add_argument("--level", choices=LEVELS, default="advanced", help="how hard the bot plays")
    args = parser.parse_args(argv)
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    if args.match < 0:
        parser.error("--match: a length in points, 0 for money play")
    dice = game_pb2.DICE_SOURCE_SEEDED if args.seed else game_pb2.DICE_SOURCE_SERVER
    with GammondClient(args.target, timeout=60) as client:
        try:
            client.wait_until_serving(timeout=args.wait)
            game = Game.start(
                client,
                match_length=args.match,
                dice_source=dice,
                seed=(args.seed or "").encode(),
                bot=LEVELS[args.level],
            )
        except grpc.FutureTimeoutError:
            print(
                f"gammond-play: no gammond server answered on {args.target} within {args.wait:g} s",
                file=sys.stderr,
            )
            return 2
        except GammondError as error:  # one line, not a traceback
            print(f"gammond-play: cannot start a game on {args.target}: {error}", file=sys.stderr)
            return 2
        try:
            return TerminalGame(client, game, stdin, stdout, echo=not stdin.isatty()).run()
        except GammondError as error:  # the server went away or failed: one line, not a traceback or a loop
            print(f"\ngammond-play: the server failed: {error}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print("\nInterrupted: leaving the game.", file=stdout)
            return 130


if __name__ == "__main__":
    sys.exit(main())
