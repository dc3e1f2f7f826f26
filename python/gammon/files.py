"""Reading and writing match files: :func:`read_match` and :func:`write_match`.

They choose the format, ``.mat`` (:mod:`gammon.mat`) or ``.sgf`` (:mod:`gammon.sgf`), by the
``fmt`` argument, the file's extension or its text, and hand the text to that module. The
records are :mod:`gammon.matchfile`'s; this module only opens files and dispatches.

    >>> import io
    >>> from gammon.game import Game
    >>> from gammon.match import Match
    >>> from gammon.matchfile import MatchRecord
    >>> game = Game(Match(5, crawford=False))
    >>> game.set_dice(3, 1); game.push("8/5 6/5")
    >>> buf = io.BytesIO()
    >>> write_match(MatchRecord.from_games([game], names=("Alice", "Bob")), buf, fmt="sgf")
    >>> rec = read_match(io.BytesIO(buf.getvalue()))
    >>> rec.names, rec.crawford, len(rec.games[0].actions)
    (('Alice', 'Bob'), False, 2)
"""

from __future__ import annotations

import io
import os
import re
from typing import IO, Optional, Union

from gammon.errors import InvalidInputError, MatchRecordError
from gammon.mat import dumps as _mat_dumps
from gammon.mat import loads as _mat_loads
from gammon.matchfile import MatchRecord
from gammon.sgf import dumps as _sgf_dumps
from gammon.sgf import loads as _sgf_loads

__all__ = ["FORMATS", "read_match", "write_match"]

FORMATS = ("mat", "sgf")
"""The match formats: Jellyfish/gnubg ``.mat`` text and gnubg's ``.sgf``."""

PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

_EXTENSIONS = {".mat": "mat", ".txt": "mat", ".gam": "mat", ".sgf": "sgf"}


def _format_of(path: str) -> str:
    fmt = _EXTENSIONS.get(os.path.splitext(path)[1].lower())
    if fmt is None:
        raise InvalidInputError(
            f"cannot tell the match format of {path!r}: use a .mat or .sgf extension or fmt="
        )
    return fmt


def _check_fmt(fmt: object, who: str) -> None:
    if fmt is not None and fmt not in FORMATS:
        raise InvalidInputError(f"{who}: fmt must be 'mat' or 'sgf', not {fmt!r}")


_SGF_START = re.compile(r"\ufeff?\s*\(\s*;")
"""How an SGF text starts; any other text is read as ``.mat``."""


def _read_text(source: object) -> tuple[str, Optional[str]]:
    """The text of ``source`` and the path it came from (``None`` for an open file)."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if not isinstance(path, str):
            raise InvalidInputError(f"read_match: a path is a str, not {type(path).__name__}")
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read(), path
    if isinstance(source, (bytes, bytearray, memoryview)):
        raise InvalidInputError(
            "read_match: source is a path or an open file, not bytes (wrap the content in "
            "io.BytesIO)"
        )
    read = getattr(source, "read", None)
    if not callable(read):
        raise InvalidInputError(
            f"read_match: source is a path or an open file, not {type(source).__name__}"
        )
    try:
        data = read()
    except UnicodeError as e:
        raise InvalidInputError(
            f"read_match: the file is not text in its encoding ({e}); open it in binary mode "
            "to read it as UTF-8 with the undecodable bytes replaced"
        ) from None
    name = getattr(source, "name", None)
    name = name if isinstance(name, str) else None
    if isinstance(data, (bytes, bytearray)):
        return bytes(data).decode("utf-8", errors="replace"), name
    if not isinstance(data, str):
        raise InvalidInputError(
            f"read_match: reading the file gave {type(data).__name__}, not text or bytes"
        )
    return data, name


def read_match(
    source: PathOrFile,
    *,
    fmt: Optional[str] = None,
    crawford: Optional[bool] = None,
    jacoby: Optional[bool] = None,
) -> MatchRecord:
    """Read a match or money session from a ``.mat`` or ``.sgf`` file.

    ``source`` is a path or a file open for reading, in text or binary mode (bytes are read
    as UTF-8). The format comes from ``fmt`` (``"mat"`` or ``"sgf"``), the extension, or the
    text (an SGF file starts with ``(``). Every game is replayed through the rules.

    ``crawford`` and ``jacoby`` override what the file says or implies about the Crawford
    rule of a match (MATCH-3) and the Jacoby rule of a money session (MONEY-2); by default a
    ``.mat`` match without a ``Crawford`` header line is read with the rule unless a cube
    action in the Crawford game shows it was off, and a money session's Jacoby rule is read
    from its score lines (see :mod:`gammon.mat`).

    Raises :class:`~gammon.MatchRecordError` (a :class:`~gammon.ParseError`) for a text that
    is not a record or a record the rules reject, naming the file, the line, the game and the
    move; :class:`~gammon.InvalidInputError` for a source that is neither a path nor an open
    file; and :class:`OSError` for a file that cannot be read.
    """
    _check_fmt(fmt, "read_match")
    for name, value in (("crawford", crawford), ("jacoby", jacoby)):
        if value is not None and not isinstance(value, bool):
            raise InvalidInputError(f"read_match: {name} is True, False or None, not {value!r}")
    text, path = _read_text(source)
    if fmt is None:
        fmt = "sgf" if _SGF_START.match(text) else "mat"
        if path is not None and fmt == "mat" and isinstance(source, (str, os.PathLike)):
            fmt = _format_of(path) if os.path.splitext(path)[1] else "mat"
    loads = _mat_loads if fmt == "mat" else _sgf_loads
    try:
        return loads(text, crawford=crawford, jacoby=jacoby)
    except MatchRecordError as e:
        if path is None:
            raise
        raise e.located(source=path) from None


def write_match(record: MatchRecord, target: PathOrFile, *, fmt: Optional[str] = None) -> None:
    """Write a record as ``.mat`` or ``.sgf`` text (chosen by ``fmt`` or the extension).

    ``target`` is a path or a file open for writing, in text or binary mode (UTF-8).

    Raises :class:`~gammon.InvalidInputError` for an unknown format, a record that is not a
    :class:`~gammon.MatchRecord` or a target that is neither a path nor an open file, the
    errors of the format's ``dumps``, and :class:`OSError` for a file that cannot be written.
    """
    _check_fmt(fmt, "write_match")
    if not isinstance(record, MatchRecord):
        raise InvalidInputError(
            f"write_match: record is a MatchRecord, not {type(record).__name__}"
        )
    if isinstance(target, (str, os.PathLike)):
        path = os.fspath(target)
        if not isinstance(path, str):
            raise InvalidInputError(f"write_match: a path is a str, not {type(path).__name__}")
        text = _dumps(record, fmt or _format_of(path))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return
    write = getattr(target, "write", None)
    if not callable(write):
        raise InvalidInputError(
            f"write_match: target is a path or an open file, not {type(target).__name__}"
        )
    text = _dumps(record, fmt or "mat")
    binary = isinstance(target, (io.RawIOBase, io.BufferedIOBase)) or "b" in str(
        getattr(target, "mode", "")
    )
    write(text.encode("utf-8") if binary else text)


def _dumps(record: MatchRecord, fmt: str) -> str:
    return _mat_dumps(record) if fmt == "mat" else _sgf_dumps(record)
