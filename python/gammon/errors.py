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

    ``reason`` says what is wrong; the rest says where, each ``None`` when it does not apply:
    ``source`` the file, ``line`` the line of the file (1-based), ``game`` the game (1-based)
    and ``move`` the record's move number in it (1-based, or 0 for the game's header).
    """

    def __init__(
        self,
        reason: str,
        *,
        game: int | None = None,
        move: int | None = None,
        line: int | None = None,
        source: str | None = None,
    ) -> None:
        parts = [] if source is None else [source]
        if line is not None:
            parts.append(f"line {line}")
        if game is not None:
            parts.append(f"game {game}" + (f", move {move}" if move else ""))
        super().__init__((", ".join(parts) + ": " if parts else "") + reason)
        self.reason = reason
        self.game = game
        self.move = move
        self.line = line
        self.source = source

    def located(
        self,
        *,
        game: int | None = None,
        move: int | None = None,
        line: int | None = None,
        source: str | None = None,
    ) -> MatchRecordError:
        """Return the error with the places it does not know filled in (known ones are kept)."""
        return MatchRecordError(
            self.reason,
            game=self.game if self.game is not None else game,
            move=self.move if self.move is not None else move,
            line=self.line if self.line is not None else line,
            source=self.source if self.source is not None else source,
        )


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
