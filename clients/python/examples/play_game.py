"""Play one money game, bot against bot, through a running gammond server.

python -m gammond.server --port 50051 &          # from the repository root
python clients/python/examples/play_game.py --target 127.0.0.1:50051 --seed 7
"""

from gammond_client.selfplay import main

raise SystemExit(main())
