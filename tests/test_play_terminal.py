"""The terminal game (``gammond-play``) played from scripts of typed lines against a server on port 0."""

from __future__ import annotations

import io
import re
import runpy
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from gammond.server.app import Served, ServerOptions, create_server
from gammond_client.terminal import main

EXAMPLE = Path(__file__).resolve().parents[1] / "clients" / "python" / "examples" / "play_match.py"
MOST_LINES = 3000  # far more than a 3-point match needs: a player stuck in a loop fails, never hangs


class ScriptedPlayer(io.StringIO):
    """Standard input typed by a player who reads the transcript: what it types depends on the last prompt.

    At a play it asks for a ``hint`` (every other turn) or the ``moves`` and then
    types the hinted best play or the first legal one; it doubles at its third
    chance, passes the bot's first double and takes the next, and so on; it accepts resignations.
    """

    def __init__(self, transcript: io.StringIO) -> None:
        super().__init__()
        self.transcript = transcript
        self.lines = 0
        self.plays = self.chances = self.doubles = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.lines += 1
        assert self.lines < MOST_LINES, "the game asked for far too many lines"
        text = self.transcript.getvalue()
        prompt = text.rsplit("\n", 1)[-1]
        if prompt.endswith("your play> "):
            return self.play(text)
        if prompt.endswith("roll or double> "):
            self.chances += 1
            return "double\n" if self.chances == 3 else "\n"
        if prompt.endswith("take or pass> "):
            self.doubles += 1
            return "pass\n" if self.doubles % 2 else "take\n"
        if prompt.endswith("accept or reject> "):
            return "accept\n"
        raise AssertionError(f"an unexpected prompt: {prompt!r}")

    def play(self, text: str) -> str:
        answer = text.rsplit("> ", 2)[-2]  # what the last command printed
        if (hinted := re.search(r"^  1\. (\S.*?)\s+(EMG|equity) ", answer, re.M)) is not None:
            return hinted[1] + "\n"
        if (listed := re.search(r"^Legal plays: (.*?)(, |$)", answer, re.M)) is not None:
            return listed[1] + "\n"
        self.plays += 1
        return "hint\n" if self.plays % 2 else "moves\n"


def play(served: Served, stdin: Callable[[io.StringIO], io.StringIO], *options: str) -> tuple[int, str]:
    transcript = io.StringIO()
    status = main(["--target", f"127.0.0.1:{served.port}", *options], stdin(transcript), transcript)
    return status, transcript.getvalue()


def typed(text: str) -> Callable[[io.StringIO], io.StringIO]:
    return lambda _: io.StringIO(text)


def test_a_scripted_player_plays_a_whole_match_through_the_terminal_game(served: Served) -> None:
    status, transcript = play(served, ScriptedPlayer, "--seed", "7", "--match", "3")
    assert status == 0
    assert " 13 14 15 16 17 18        19 20 21 22 23 24" in transcript  # the board, from the player's side
    assert " 12 11 10  9  8  7         6  5  4  3  2  1" in transcript
    assert re.search(r"X  you   pips \d+  off \d+", transcript) and "cube " in transcript
    assert re.search(r"You rolled [1-6]-[1-6]\.", transcript) and re.search(
        r"The bot rolled [1-6]-[1-6]\.", transcript
    )
    assert re.search(r"The bot plays (bar|\d+)/(\d+|off)", transcript)  # the bot's moves in notation
    assert re.search(r"  1\. \S+.* EMG [+-]\d\.\d{3}", transcript)  # hints, with equities
    assert "You double to 2.\nThe bot takes: the cube is at 2." in transcript  # the cube, both ways
    assert "The bot doubles to 4." in transcript and "take or pass> pass\nYou pass." in transcript
    assert "Game 2:" in transcript and "match to 3: you 0, bot 2, Crawford game" in transcript
    assert re.search(r"^\|[ XO|]*  ([6-9]|1[0-5]) [ XO|]*\|", transcript, re.M)  # a stack over five, counted
    assert re.search(r"(You win|The bot wins) the match, [3-9]-[0-2]\.", transcript)
    assert re.search(r"Final score: match to 3: you \d+, bot \d+\.\n\Z", transcript)
    assert "Traceback" not in transcript and "refused" not in transcript


def test_the_end_of_input_in_the_middle_of_a_game_leaves_cleanly(served: Served) -> None:
    status, transcript = play(served, typed("hint\n"), "--seed", "7", "--match", "1")
    assert status == 0
    assert transcript.endswith("\nEnd of input: leaving the game.\n")


def test_a_play_in_any_order_or_with_counts_is_read_by_the_servers_notation_parser(served: Served) -> None:
    # Seed 7: the bot opens with 5-4 (24/20 13/8) and the player rolls 1-1.
    status, transcript = play(served, typed("6/5* 6/5 8/7 8/7\n"), "--seed", "7", "--match", "1")
    assert status == 0 and "You rolled 1-1." in transcript
    assert "You play 8/7(2) 6/5* 6/5." in transcript and "Not a legal play" not in transcript


def test_an_illegal_play_or_gibberish_gets_a_clear_message_and_the_same_prompt_again(served: Served) -> None:
    status, transcript = play(served, typed("8/3\nblah\ndouble\nquit\n"), "--seed", "7", "--match", "1")
    assert status == 0
    assert "Not a legal play: '8/3' is not a legal play of 1-1" in transcript
    assert "Not a legal play: 'blah' in play 'blah' is not a point" in transcript
    assert "You cannot double now (your play;" in transcript
    assert transcript.count("1-1: your play> ") == 4 and transcript.endswith("Leaving the game.\n")


def test_a_resignation_is_offered_answered_and_scored(served: Served) -> None:
    status, transcript = play(served, typed("resign gammon\n"), "--seed", "7", "--match", "3")
    assert status == 0 and "You offer to resign a gammon.\nThe bot accepts the resignation." in transcript
    assert "The bot wins a gammon, 2 points.\nScore: match to 3: you 0, bot 2.\nGame 2:" in transcript


def test_help_lists_the_commands_and_an_unknown_command_outside_a_play_is_named(served: Served) -> None:
    status, transcript = play(served, typed("help\nfoo\n"), "--seed", "7", "--match", "1")
    assert status == 0 and "resign [single|gammon|backgammon]" in transcript
    assert "Not a legal play: 'foo'" in transcript  # while moving, what is no command is read as a play


def test_a_server_that_goes_away_mid_game_is_told_never_a_traceback_or_a_loop() -> None:
    server = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2))
    server.warm_up()

    def stop_then_play(_: io.StringIO) -> io.StringIO:
        class Stdin(io.StringIO):
            def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
                server.stop(None)
                return super().readline()

        return Stdin("8/7(2) 6/5* 6/5\n")

    status, transcript = play(server, stop_then_play, "--seed", "7", "--match", "1")
    assert status == 0 and "You play 8/7(2) 6/5* 6/5.\nThe server refused that: UNAVAILABLE" in transcript
    assert transcript.endswith("End of input: leaving the game.\n") and "Traceback" not in transcript


def test_no_server_is_one_line_on_stderr_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--target", "127.0.0.1:1", "--wait", "0.5"], io.StringIO(""), io.StringIO()) == 2
    assert capsys.readouterr().err == "gammond-play: no gammond server answered on 127.0.0.1:1 within 0.5 s\n"


def test_the_example_is_the_same_terminal_game(
    served: Served, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["play_match.py", "--target", f"127.0.0.1:{served.port}", "--seed", "7"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    with pytest.raises(SystemExit) as exited:
        runpy.run_path(str(EXAMPLE), run_name="__main__")
    assert exited.value.code == 0 and "Leaving the game." in capsys.readouterr().out
