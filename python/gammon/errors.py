"""The exceptions gammon raises.

Every error is a :class:`GammonError`. Bad input raises an :class:`InvalidInputError`, which is
also a :class:`ValueError`, so ``except ValueError`` catches it. A bug inside gammon raises
:class:`InternalError` (a :class:`RuntimeError`) instead of crashing the interpreter.
"""

from __future__ import annotations

__all__ = [
    "AmbiguousPlayError",
    "CheckpointError",
    "GammonError",
    "IllegalActionError",
    "IllegalCubeActionError",
    "IllegalPlayError",
    "InternalError",
    "InvalidDiceError",
    "InvalidInputError",
    "InvalidPositionError",
    "MatchRecordError",
    "NetFileError",
    "NotBearoffError",
    "ParseError",
]


class GammonError(Exception):
    """Base class of every error raised by gammon."""


class InvalidInputError(GammonError, ValueError):
    """An argument is not valid: the message names the value and the rule it breaks."""


class ParseError(InvalidInputError):
    """A text (position ID, match ID, XGID, play notation, dice) cannot be read."""


class MatchRecordError(ParseError):
    """A match record (``.mat``, ``.sgf``) that cannot be read or replayed through the rules.

    ``game`` (1-based) and ``move`` (the record's move number, 1-based, or 0 for the game's
    header) say where; ``reason`` says what is wrong. Both are ``None`` for a file-level error.
    """

    def __init__(self, reason: str, *, game: int | None = None, move: int | None = None) -> None:
        where = ""
        if game is not None:
            where = f"game {game}" + (f", move {move}" if move else "") + ": "
        super().__init__(where + reason)
        self.reason = reason
        self.game = game
        self.move = move


class NetFileError(ParseError):
    """A weights file of gammon's nets (``.gnet``) that cannot be read.

    The message names the first thing wrong: truncated, not a weights file, another format
    version, a checksum that does not match, a field out of range, nets that do not fit their
    game.
    """


class InvalidPositionError(InvalidInputError):
    """Checkers that no legal game can reach (wrong counts, a point held by both sides...)."""


class InvalidDiceError(InvalidInputError):
    """Dice outside 1-6, or not a pair."""


class IllegalActionError(InvalidInputError):
    """An action the game's state does not allow now; the message names the rule.

    For example a roll, a resignation or an answer out of turn. Illegal plays and cube actions
    are its subclasses.
    """


class IllegalPlayError(IllegalActionError):
    """A play that the rules do not allow for this position and roll."""


class AmbiguousPlayError(InvalidInputError):
    """A play text that fits more than one legal play."""


class IllegalCubeActionError(IllegalActionError):
    """A cube action (double, take, drop, beaver, raccoon) the rules do not allow now."""


class CheckpointError(InvalidInputError):
    """A rollout checkpoint cannot be used.

    It is unreadable, corrupt or edited, or was made by a rollout with other arguments (the
    message names the difference).
    """


class NotBearoffError(InvalidInputError):
    """A position the bear-off databases do not cover.

    A checker outside its home board, a finished game, or a variant without bear-off databases;
    the message says which.
    """


class InternalError(GammonError, RuntimeError):
    """A bug in gammon. Please report it with the message."""
