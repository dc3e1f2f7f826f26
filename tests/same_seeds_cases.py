"""Runs with fixed seeds whose results must not change when code moves (the cases).

Each case is (name, function of the gammon module returning a dict of plain numbers and
strings). ``tests/data/make_same_seeds.py`` records them with one version of the package;
``tests/test_same_seeds.py`` recomputes them with the current one.
"""

from __future__ import annotations

from typing import Any, Callable

RACE = ({6: 3, 5: 3, 3: 4, 8: 2, 9: 3}, {6: 4, 5: 4, 4: 3, 10: 2, 11: 2})
BEAROFF = ({6: 2, 5: 2, 4: 2}, {6: 2, 5: 1, 3: 2})


def _rollout(r: Any) -> dict[str, Any]:
    t = r.tally
    return {
        "games": r.games_completed,
        "equity": r.equity,
        "std_error": r.std_error,
        "win": r.win,
        "win_gammon": r.win_gammon,
        "lose_backgammon": r.lose_backgammon,
        "tally": [
            t.games,
            [list(s) for s in t.win],
            t.draw,
            t.points,
            t.points_sq,
            t.plies,
            t.settled,
            t.luck,
        ],
    }


def _cubeful(r: Any) -> dict[str, Any]:
    return {
        "games": r.games_completed,
        "equity": r.equity,
        "std_error": r.std_error,
        "win": r.win,
        "doubled": r.doubled,
        "mean_cube": r.mean_cube,
        "won_by_drop": r.won_by_drop,
    }


def cases(g: Any) -> list[tuple[str, Callable[[], dict[str, Any]]]]:
    position = g.Position
    race = position.from_checkers(*RACE)
    bear = position.from_checkers(*BEAROFF)
    out: list[tuple[str, Callable[[], dict[str, Any]]]] = []

    def ro(name: str, *args: Any, **kw: Any) -> None:
        out.append((name, lambda: _rollout(g.rollout(*args, **kw))))

    ro("pubeval opening", games=3000, policy="pubeval", seed=7)
    ro("pubeval opening 1 thread", games=3000, policy="pubeval", seed=7, threads=1, chunk_size=37)
    ro("random", games=3000, policy="random", seed=8)
    ro("heuristic", games=600, policy="heuristic", seed=9)
    ro("net", games=300, policy="net", seed=10)
    ro("net vs pubeval", games=300, policy=("net", "pubeval"), seed=11)
    ro("race bearoff policy", race, 2000, policy="bearoff", seed=12)
    ro("race truncate bearoff", race, 2000, policy="pubeval", seed=13, truncate="bearoff")
    ro(
        "race truncate one-sided",
        race,
        2000,
        policy="pubeval",
        seed=13,
        truncate="bearoff-one-sided",
    )
    ro("bearoff variance reduction", bear, 1296, policy="bearoff", seed=1, variance_reduction=True)
    ro(
        "net evaluator variance reduction",
        games=30,
        policy="pubeval",
        seed=14,
        variance_reduction=True,
        evaluator="net",
    )
    ro(
        "truncate after 6 by net",
        games=400,
        policy="pubeval",
        seed=15,
        truncate_after=6,
        evaluator="net",
    )
    ro("no quasi-random", games=2000, policy="pubeval", seed=16, quasi_random=False)
    ro("first game 1000", games=1000, policy="pubeval", seed=17, first_game=1000)
    ro("nackgammon", games=1500, policy="pubeval", seed=18, variant="nackgammon")
    ro("hypergammon-3", games=2000, policy="pubeval", seed=19, variant="hypergammon-3")
    ro("long nardy net", games=80, policy="net", seed=20, variant="long-nardy")
    ro("long nardy heuristic", games=150, policy="heuristic", seed=21, variant="long-nardy")
    ro(
        "long nardy random mars last roll",
        games=1500,
        policy="random",
        seed=22,
        variant="long-nardy",
        nardy=g.nardy.NardySettings(end_variant="mars", last_roll=True),
    )
    ro(
        "long nardy truncate",
        games=300,
        policy="heuristic",
        seed=23,
        variant="long-nardy",
        truncate="bearoff",
    )

    out.append(
        ("cubeful net", lambda: _cubeful(g.rollout(games=300, policy="net", cube="net", seed=24)))
    )
    out.append(
        (
            "cubeful race centred 2",
            lambda: _cubeful(
                g.rollout(race, 1500, policy="pubeval", cube="race", cube_value=2, seed=25)
            ),
        )
    )
    out.append(
        (
            "cubeful jacoby beaver",
            lambda: _cubeful(
                g.rollout(
                    games=200,
                    policy="net",
                    cube=("net", "race"),
                    seed=26,
                    cube_rules=g.CubeRules(jacoby=True, beavers=True),
                )
            ),
        )
    )

    def many() -> dict[str, Any]:
        plays = race.legal_plays((6, 4))
        m = g.rollout_many(
            [plays[0].after, plays[1].after, plays[2].after], games=1000, seed=27, policy="pubeval"
        )
        return {
            "results": [_rollout(r) for r in m.results],
            "cross": [list(map(int, row)) for row in m.cross],
            "differences": m.differences.tolist(),
            "difference_std_errors": m.difference_std_errors.tolist(),
        }

    def many_independent() -> dict[str, Any]:
        plays = race.legal_plays((5, 2))
        m = g.rollout_many(
            [plays[0].after, plays[1].after],
            games=800,
            seed=28,
            policy="pubeval",
            common_dice=False,
        )
        return {
            "results": [_rollout(r) for r in m.results],
            "cross": [list(map(int, row)) for row in m.cross],
        }

    def rank() -> dict[str, Any]:
        ranked = g.rank_plays(race, (6, 1), games=400, seed=29, policy="pubeval")
        return {
            "plays": [
                [str(r.play), r.equity, r.std_error, r.loss, r.loss_std_error] for r in ranked
            ]
        }

    def rank_vr() -> dict[str, Any]:
        ranked = g.rank_plays(
            bear, (4, 2), games=100, seed=30, policy="bearoff", variance_reduction=True
        )
        return {
            "plays": [
                [str(r.play), r.equity, r.std_error, r.loss, r.loss_std_error] for r in ranked
            ]
        }

    out += [
        ("rollout_many common", many),
        ("rollout_many independent", many_independent),
        ("rank_plays race", rank),
        ("rank_plays variance reduction", rank_vr),
    ]

    def match(players: Any, length: int, n: int, seed: int, **kw: Any) -> dict[str, Any]:
        r = g.simulate_match(length, players=players, matches=n, seed=seed, **kw)
        return {
            "matches": r.matches_completed,
            "win": r.win,
            "std_error": r.std_error,
            "games_per_match": r.games_per_match,
            "tally": repr(r.tally),
        }

    def money(players: Any, n: int, seed: int, **kw: Any) -> dict[str, Any]:
        r = g.simulate_money(n, players=players, seed=seed, **kw)
        return {
            "games": r.games_completed,
            "ppg": r.points_per_game,
            "std_error": r.std_error,
            "mean_cube": r.mean_cube,
            "tally": repr(r.tally),
        }

    strong = g.Player("pubeval", cube="race")
    out += [
        ("match 3 pubeval+race vs random", lambda: match((strong, "random"), 3, 300, 31)),
        (
            "match 5 net vs pubeval",
            lambda: match((g.Player("net", cube="net"), "pubeval"), 5, 60, 32),
        ),
        (
            "match 5 no crawford",
            lambda: match((strong, g.Player("random", cube="race")), 5, 200, 33, crawford=False),
        ),
        (
            "money net vs pubeval+race",
            lambda: money((g.Player("net", cube="net"), strong), 400, 34),
        ),
        (
            "money jacoby beavers",
            lambda: money(
                (g.Player("net", cube="net"), g.Player("heuristic", cube="net")),
                300,
                35,
                cube_rules=g.CubeRules(jacoby=True, beavers=True),
            ),
        ),
    ]
    return out
