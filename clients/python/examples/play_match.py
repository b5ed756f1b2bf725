"""Play a whole 7-point match against the bot through a running gammond server.

python -m gammond.server --port 50051 &          # from the repository root
python clients/python/examples/play_match.py 127.0.0.1:50051
"""

import sys

from gammond_client import Game, GammondClient
from gammond_client.game import WHITE


def play_match(target: str, length: int = 7, choose=lambda actions: int(input(f"0..{len(actions) - 1}? "))):
    with GammondClient(target) as client:
        game = Game.start(client, match_length=length)
        while not game.match_over:
            if game.game_over:
                game.next_game()
            elif WHITE in game.to_act():  # you are White
                options = game.actions(WHITE)
                print(game.state.board_now, *(f"{i}: {a}" for i, a in enumerate(options)), sep="\n")
                game.act(options[choose(options)])
            else:
                game.bot()  # the bot plays Black
        return game


if __name__ == "__main__":
    print(play_match(sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1:50051").state.score_after)
