"""Match equity tables (METs): the chance of winning a match from a score.

A table gives, for a player who needs ``a`` more points against an opponent who needs ``b``,
the chance to win the match: before the Crawford game (and in it), from the *pre-Crawford*
table; after it, from the *post-Crawford* table (the trailer against a leader who needs one
point). gammon reads GNU Backgammon's MET XML format (``met.dtd``) with explicit tables and
ships one table:

- **Kazaross-XG2** (Neil Kazaross, 2011; XG rollouts to 9 points, GNU Backgammon rollouts to
  15, extended to 25), as distributed with GNU Backgammon (``met/Kazaross-XG2.xml``,
  transcribed by Michael Petch), copied verbatim with its notice into
  ``gammon/data/met/``. It is GNU Backgammon's default table. Load it with
  :func:`kazaross_xg2`; load another with :func:`load_met`.

    >>> met = kazaross_xg2()
    >>> met.name, met.length
    ('Kazaross XG2 25 point MET', 25)
    >>> met.mwc(1, 2)                      # 1-away (Crawford game) against 2-away
    0.67736
    >>> met.mwc(2, 1, post_crawford=True)  # trailer 2-away after the Crawford game
    0.48803
"""

from __future__ import annotations

import functools
import os
import xml.etree.ElementTree as ET
from importlib import resources
from typing import Union

from gammon._checks import brief
from gammon._core import MatchEquityTable
from gammon.errors import GammonError, ParseError

__all__ = ["MatchEquityTable", "kazaross_xg2", "load_met", "parse_met"]

_KAZAROSS_XG2 = "Kazaross-XG2.xml"


def parse_met(text: Union[str, bytes], source: str = "") -> MatchEquityTable:
    """Read a match equity table in GNU Backgammon's MET XML format.

    The tables must be explicit (``<pre-crawford-table type="explicit">`` rows of ``<me>`` values,
    and one ``<post-crawford-table>`` row). ``source`` is recorded as the table's origin.

    Raises :class:`~gammon.ParseError` for text that is not such XML, a table given by a
    formula (``type="zadeh"`` and others: gnubg computes them, gammon does not), or values
    that are not numbers; :class:`~gammon.InvalidInputError` for a table of the wrong shape.
    """
    if not isinstance(text, (str, bytes)):
        raise ParseError(
            f"MET {source or 'text'}: expected XML as str or bytes, not {type(text).__name__}"
        )
    try:
        return _parse_met(text, source)
    except GammonError:
        raise
    except (TypeError, ValueError, OverflowError) as e:
        # The XML parser and float() raise these for odd input.
        raise ParseError(f"MET {source or 'text'}: unreadable: {brief(str(e))}") from None


def _parse_met(text: Union[str, bytes], source: str) -> MatchEquityTable:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise ParseError(f"MET {source or 'text'}: not XML: {e}") from None
    if root.tag != "met":
        raise ParseError(f"MET {source or 'text'}: the root element is <{root.tag}>, not <met>")
    info = root.find("info")
    name = _text(info, "name") or source
    description = _text(info, "description")
    pre = _table(root, "pre-crawford-table", source)
    post = _table(root, "post-crawford-table", source)
    if len(post) != 1:
        raise ParseError(
            f"MET {source or name!r}: the post-Crawford table must be one row, not {len(post)}"
        )
    return MatchEquityTable(
        name=name,
        description=description,
        pre_crawford=tuple(tuple(row) for row in pre),
        post_crawford=tuple(post[0]),
        source=source,
    )


def load_met(path: Union[str, os.PathLike[str]]) -> MatchEquityTable:
    """Load a match equity table from a file in GNU Backgammon's MET XML format.

    See :func:`parse_met`.

    Raises :class:`OSError` when the file cannot be read, and the errors of
    :func:`parse_met`.
    """
    with open(path, "rb") as f:
        data = f.read()
    return parse_met(data, source=os.fspath(path))


@functools.cache
def kazaross_xg2() -> MatchEquityTable:
    """Return the Kazaross-XG2 table shipped with gammon (GNU Backgammon's default).

    See the module documentation for its source.

    The shipped file is read once and cached. Raises :class:`OSError` only when the package
    data is missing from the installation.
    """
    path = resources.files("gammon").joinpath("data").joinpath("met").joinpath(_KAZAROSS_XG2)
    source = f"gammon/data/met/{_KAZAROSS_XG2} (from GNU Backgammon)"
    return parse_met(path.read_bytes(), source=source)


def _text(parent: Union[ET.Element, None], tag: str) -> str:
    if parent is None:
        return ""
    el = parent.find(tag)
    return (el.text or "").strip() if el is not None else ""


def _table(root: ET.Element, tag: str, source: str) -> list[list[float]]:
    table = root.find(tag)
    if table is None:
        raise ParseError(f"MET {source or 'text'}: no <{tag}>")
    kind = table.get("type", "explicit")
    if kind != "explicit":
        raise ParseError(
            f"MET {source or 'text'}: <{tag} type={kind!r}> is given by a formula; only "
            "explicit tables are read"
        )
    rows: list[list[float]] = []
    for row in table.findall("row"):
        values: list[float] = []
        for me in row.findall("me"):
            try:
                values.append(float((me.text or "").strip()))
            except ValueError:
                raise ParseError(
                    f"MET {source or 'text'}: {me.text!r} in <{tag}> is not a number"
                ) from None
        rows.append(values)
    if not rows:
        raise ParseError(f"MET {source or 'text'}: <{tag}> has no rows")
    return rows
