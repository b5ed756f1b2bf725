"""The game flow: one immutable :class:`Game`, the actions allowed now, acting, replaying.

The layer a frontend builds on: :func:`new_game` / :func:`next_game` start
a game, :func:`list_actions` says what each player may do now,
:func:`apply_action` does one action (returning the next game and the
events to animate), :func:`check_game` refuses any state no legal game
could reach, and :func:`replay` plays a game's log again.
"""

from gammond.engine.flow.actions import (
    Choices,
    add_client_seed,
    apply_action,
    cube_rights,
    fresh,
    list_actions,
    may_beaver_if_doubled,
    may_beaver_now,
    may_double_next,
    may_double_now,
    new_game,
    next_game,
    replay,
    seed_commitment,
)
from gammond.engine.flow.check import check_game
from gammond.engine.flow.log import CHAIN_LABEL, LogDigest, chain_step, entry_bytes
from gammond.engine.flow.rolls import (
    CHAIN_LENGTH,
    FAIR_SCHEME,
    chain_key,
    commitment,
    fair_chain_roll,
    fair_roll,
    seeded_roll,
)
from gammond.engine.flow.state import (
    MAX_CUBE,
    MAX_LOG,
    MAX_SCORE,
    MAX_SHEET,
    MAX_VERSION,
    Action,
    ActionKind,
    DiceSource,
    Event,
    EventKind,
    Game,
    LogEntry,
    Phase,
)

__all__ = [
    "CHAIN_LENGTH",
    "FAIR_SCHEME",
    "MAX_CUBE",
    "MAX_LOG",
    "MAX_SCORE",
    "MAX_SHEET",
    "MAX_VERSION",
    "Action",
    "ActionKind",
    "Choices",
    "DiceSource",
    "Event",
    "EventKind",
    "Game",
    "LogDigest",
    "LogEntry",
    "Phase",
    "add_client_seed",
    "apply_action",
    "cube_rights",
    "chain_key",
    "chain_step",
    "CHAIN_LABEL",
    "check_game",
    "commitment",
    "entry_bytes",
    "fair_chain_roll",
    "fair_roll",
    "fresh",
    "list_actions",
    "may_beaver_if_doubled",
    "may_beaver_now",
    "may_double_next",
    "may_double_now",
    "new_game",
    "next_game",
    "replay",
    "seed_commitment",
    "seeded_roll",
]
