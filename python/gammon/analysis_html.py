"""The page ``gammon analyze --html`` writes for a match: one self-contained HTML file.

It holds the summary (each player's statistics, as :func:`gammon.analyze`'s table), a chart
of White's equity (money play) or match winning chance (a match) before every roll of the
match, drawn as inline SVG, and for each game its errors (decisions marked doubtful or
worse) with an SVG board of the position (the played play's arrows for a checker play), the
played and best plays or cube actions with their equities, and the gnubg ID and XGID of the
position. No scripts and nothing fetched: the page reads offline.

:func:`decision_dict` (a decision as JSON-ready values, with its IDs) and :func:`game_at` (a
recorded game as it stood before one of its decisions) serve the page and ``gammon analyze
--json``.
"""

from __future__ import annotations

import copy
import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Optional

from gammon._core import Color, Decision, MatchAnalysis, Variant
from gammon.errors import InvalidInputError
from gammon.game import Game
from gammon.matchfile import MatchRecord
from gammon.svg import board

__all__ = ["decision_dict", "equity_chart", "game_at", "page", "write_pages"]


def game_at(game: Game, step: int) -> Game:
    """A copy of ``game`` as it stood before action ``step`` of its history.

    The history holds the state before each action, so nothing is replayed or taken back.
    """
    g = copy.copy(game)
    g._stack = game._stack[:step]
    g._state = game._stack[step][1] if step < len(game._stack) else game._state
    return g


def decision_dict(d: Decision, game: Optional[Game] = None) -> dict[str, Any]:
    """A decision as JSON-ready values.

    With ``game`` (the game before the decision), its gnubg ID and XGID as well (not in Long
    Nardy, which has neither).
    """
    out: dict[str, Any] = {
        "game": d.game + 1,
        "move": d.move_number,
        "player": str(d.player),
        "kind": d.kind,
        "loss": d.loss,
        "cost": d.cost,
        "skill": d.skill,
        "position_id": d.position.id,
    }
    if d.kind == "play" and d.played is not None and d.best is not None:
        out["dice"] = list(d.dice) if d.dice else None
        out["played"] = str(d.played.play)
        out["played_equity"] = d.played.equity
        out["best"] = str(d.best.play)
        out["best_equity"] = d.best.equity
    else:
        out["right_action"] = d.right_action
        out["no_double"] = d.no_double
        out["double_take"] = d.double_take
        out["double_pass"] = d.double_pass
    if game is not None and game.position.variant != Variant.LONG_NARDY:
        out["gnubg_id"] = game.gnubg_id
        try:
            out["xgid"] = game.xgid
        except InvalidInputError:  # a pending beaver or raccoon has no XGID (XGID-3)
            out["xgid"] = None
    return out


_STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 70em; }
table.summary { border-collapse: collapse; margin: 1em 0; }
table.summary td, table.summary th { padding: 0.15em 0.8em; border-bottom: 1px solid #ddd; }
table.summary td.num { text-align: right; font-variant-numeric: tabular-nums; }
.decision { display: flex; gap: 1.2em; align-items: flex-start; margin: 1em 0;
  padding: 0.6em; border: 1px solid #ccc; border-radius: 6px; }
.decision .text { font-size: 0.95em; }
.skill-doubtful { border-left: 6px solid #e0c040; }
.skill-bad { border-left: 6px solid #e08020; }
.skill-very-bad { border-left: 6px solid #c02020; }
code { font-size: 0.9em; }
svg.chart text { font-size: 11px; font-family: sans-serif; }
"""


def _summary_table(a: MatchAnalysis) -> str:
    """The rows of the text summary (``str(a)``) as an HTML table."""
    white, black = (html.escape(n) for n in a.names)
    rows = [f"<tr><th></th><th>{white}</th><th>{black}</th></tr>"]
    for label, *values in a.summary_rows():
        cells = "".join(f'<td class="num">{html.escape(v)}</td>' for v in values)
        rows.append(f"<tr><td>{html.escape(label.strip())}</td>{cells}</tr>")
    return '<table class="summary">' + "".join(rows) + "</table>"


def equity_chart(a: MatchAnalysis, *, width: int = 900, height: int = 220) -> str:
    """An inline SVG chart of White's standing before every roll of the match.

    The standing is White's expected points per game (money play, the cube included) or
    match winning chance (a match); vertical lines separate the games.
    """
    points: list[float] = []
    starts: list[int] = []
    for g in a.games:
        starts.append(len(points))
        for r in g.rolls:
            s = r.standing
            if r.player != Color.WHITE:
                s = 1.0 - s if a.length else -s
            points.append(s)
    pad = 36
    if a.length:
        lo, hi = 0.0, 1.0
    else:
        m = max([1.0] + [abs(p) for p in points])
        lo, hi = -m, m
    n = max(1, len(points) - 1)

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / n

    def y(v: float) -> float:
        return height - pad / 2 - (height - pad) * (v - lo) / (hi - lo)

    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img">',
        f"<title>{'White match winning chance' if a.length else 'White equity'}</title>",
        f'<rect x="{pad}" y="{pad / 2}" width="{width - 2 * pad}" height="{height - pad}" '
        'fill="#fafafa" stroke="#999"/>',
    ]
    mid = 0.5 if a.length else 0.0
    parts.append(
        f'<line x1="{pad}" x2="{width - pad}" y1="{y(mid):.1f}" y2="{y(mid):.1f}" '
        'stroke="#bbb" stroke-dasharray="4 3"/>'
    )
    for label, v in ((hi, hi), (mid, mid), (lo, lo)):
        text = f"{100 * label:.0f}%" if a.length else f"{label:+.1f}"
        parts.append(f'<text x="2" y="{y(v) + 4:.1f}">{text}</text>')
    for k, s in enumerate(starts):
        parts.append(
            f'<line class="game" x1="{x(s):.1f}" x2="{x(s):.1f}" y1="{pad / 2}" '
            f'y2="{height - pad / 2}" stroke="#ccc"/>'
            f'<text x="{x(s) + 3:.1f}" y="{pad / 2 + 12}">game {k + 1}</text>'
        )
    if points:
        path = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(points))
        parts.append(
            f'<polyline class="standing" fill="none" stroke="#1f5fbf" stroke-width="1.5" '
            f'points="{path}"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _decision_html(d: dict[str, Any], svg: str) -> str:
    skill = d["skill"] or "none"
    head = (
        f"Game {d['game']}, move {d['move']}, {html.escape(d['player'])}: "
        f"<b>{html.escape(d['kind'])}</b>, {html.escape(d['skill'] or 'unmarked')} "
        f"(lost {d['loss']:.3f} EMG)"
    )
    if d["kind"] == "play":
        body = (
            f"Dice {d['dice'][0]}{d['dice'][1]}: played <b>{html.escape(d['played'])}</b> "
            f"({d['played_equity']:+.3f}), best <b>{html.escape(d['best'])}</b> "
            f"({d['best_equity']:+.3f})"
        )
    else:
        body = (
            f"Right action: <b>{html.escape(d['right_action'] or '')}</b>; no double "
            f"{d['no_double']:+.3f}, double/take {d['double_take']:+.3f}, double/pass "
            f"{d['double_pass']:+.3f}"
        )
    ids = ""
    if d.get("gnubg_id"):
        ids = f"<br>gnubg ID <code>{html.escape(d['gnubg_id'])}</code>"
        if d.get("xgid"):
            ids += f"<br><code>{html.escape(d['xgid'])}</code>"
    return (
        f'<div class="decision skill-{skill.replace(" ", "-")}">{svg}'
        f'<div class="text">{head}<br>{body}{ids}</div></div>'
    )


def page(title: str, record: MatchRecord, a: MatchAnalysis) -> str:
    """The HTML page of the analysis ``a`` of ``record``."""
    white, black = a.names
    what = f"{a.length}-point match" if a.length else "money session"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}: analysis</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(white)} vs {html.escape(black)}</h1>",
        f"<p>{html.escape(title)}: {what}, {len(a)} game(s), analysed at {a.plies} ply. "
        "Errors are marked as gnubg marks them: doubtful (more than 0.03 lost), bad (0.06), "
        "very bad (0.12), in normalised equity (EMG).</p>",
        "<h2>Summary</h2>",
        _summary_table(a),
        f"<h2>{'Match winning chance' if a.length else 'Equity'} of "
        f"{html.escape(white)} before each roll</h2>",
        equity_chart(a),
    ]
    for g, ga in enumerate(a.games):
        game = record.games[g].game
        score = f" (score {record.games[g].score[0]}-{record.games[g].score[1]})"
        result = ga.result
        parts.append(
            f"<h2>Game {g + 1}{score if a.length else ''}</h2><p>"
            + (html.escape(str(result)) if result is not None else "unfinished")
            + f"; {len(ga.decisions)} decisions, "
            + f"{sum(d.is_error for d in ga.decisions)} errors.</p>"
        )
        errors = [d for d in ga.decisions if d.is_error]
        for d in errors:
            state = game_at(game, d.step)
            if d.kind == "play" and d.played is not None:
                svg = board(d.played.play, size=360, perspective=d.player)
            else:
                svg = board(state, size=360, perspective=d.player)
            parts.append(_decision_html(decision_dict(d, state), svg))
    parts.append("</body></html>")
    return "\n".join(parts)


def write_pages(out: Path, items: Sequence[tuple[str, MatchRecord, MatchAnalysis]]) -> list[Path]:
    """Write the page of each ``(file name, record, analysis)``; returns the paths written.

    The page goes to ``out`` itself when there is one and ``out`` ends in ``.html``, else to
    ``out/<name>.html`` (the folder is created).
    """
    if len(items) == 1 and out.suffix.lower() in (".html", ".htm"):
        targets = [out]
    else:
        out.mkdir(parents=True, exist_ok=True)
        targets = [out / (Path(name).stem + ".html") for name, _, _ in items]
    for target, (name, record, a) in zip(targets, items):
        target.write_text(page(Path(name).name, record, a), encoding="utf-8")
    return targets
