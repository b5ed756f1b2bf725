"""Training the bot's networks: self-play TD(lambda) (``python -m training.train``) and
supervised rounds on our own search labels (``training.supervise``).

Kept apart from the runtime package: the service loads the shipped weights
from ``gammond/engine/bot/weights/`` and never imports this package.  Run logs
and learning curves of each run live beside this code; checkpoints do not.
"""
