"""Training the bot's networks: self-play TD(lambda) (``python -m training.train``) and
supervised rounds on our own search labels (``training.supervise``).

Kept apart from the runtime package: the service loads the shipped weights
from ``gammond/engine/bot/weights/`` and never imports this package.  How to
reproduce each shipped network: ``training/README.md``.  Runs write their
logs, curves and checkpoints under ``training/<run>/``, which git ignores.
"""
