"""Match records: a match's games and score sheet, and the Jellyfish ``.mat`` text format.

:func:`record_of` builds a checked :class:`MatchRecord` from the game
flow's games; :func:`format_mat` writes it as GNU Backgammon's ``export
match mat`` does and :func:`parse_mat` reads such a file back (replaying
every game, so every position is reproduced and an illegal move is a
:class:`~gammond.engine.errors.RecordError` naming its line).
"""

from gammond.engine.records.mat import format_mat, format_play, parse_mat
from gammond.engine.records.model import MatchRecord, record_of

__all__ = ["MatchRecord", "format_mat", "format_play", "parse_mat", "record_of"]
