"""Match records in and out of ``.mat`` and ``.sgf`` files, checked against the real GNU
Backgammon.

The fixtures in ``tests/data/gnubg`` are gnubg's own self-play matches and sessions with its
cube and noise, some under the settings gnubg's formats leave out (automatic doubles, the
Jacoby rule, no Crawford rule, nackgammon) and one with a scripted player who resigns at every
level and beavers (``tests/data/gnubg/generate.py`` regenerates them); ``results.json`` keeps
gnubg's scores. The tests that run gnubg are marked ``oracle``; the fixtures read without it.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any, Optional

import pytest

import gammon
from gammon import Color, CubeRules, Game, Match, MatchRecord, MatchRecordError, Player
from gammon.matchfile import READ_CUBE_RULES
from gnubg_cli import final_score, gnubg_binary, run_gnubg, run_gnubg_python

DATA = Path(__file__).parent / "data" / "gnubg"
RESULTS = json.loads((DATA / "results.json").read_text())


def _points(rec: MatchRecord) -> list[list[object]]:
    names = {Color.WHITE: rec.names[0], Color.BLACK: rec.names[1]}
    out: list[list[object]] = []
    for g in rec.games:
        assert g.result is not None
        out.append([names[g.result.winner], g.result.points])
    return out


@pytest.mark.parametrize("ext", ["mat", "sgf"])
@pytest.mark.parametrize("name", sorted(RESULTS))
def test_gnubg_exported_matches_replay_with_gnubgs_results(name: str, ext: str) -> None:
    """MATCH-1, MONEY-1, CUBE-6, CUBE-20, RESIGN-2: every game of gnubg's export replays to
    gnubg's result, its cube after the automatic doubles and its ending; the record has
    gnubg's rules."""
    rec = gammon.read_match(DATA / f"{name}.{ext}")
    want = RESULTS[name]
    assert rec.length == want["length"]
    assert _points(rec) == want["points"]
    white, black = rec.names
    assert rec.final_score == (want["score"][white], want["score"][black])
    assert (rec.winner is not None) == (rec.length > 0)
    if "resigned" in want:
        resigned = [g.result is not None and g.result.ending.name == "RESIGNED" for g in rec.games]
        assert resigned == want["resigned"]
        assert [2**g.automatic_doubles for g in rec.games] == want["initial_cube"]
        assert rec.crawford == ("Crawford" in want["rules"])
        if ext == "sgf":  # a .mat has no Jacoby rule; its score lines show it only when it counts
            assert rec.cube_rules.jacoby == ("Jacoby" in want["rules"])
        assert str(rec.variant) == {"Standard": "backgammon"}.get(
            want["variation"], want["variation"].lower()
        )


def test_the_fixtures_hold_drops_resignations_takes_and_a_crawford_game() -> None:
    """CUBE-5, CUBE-6, RESIGN-2, MATCH-3 all occur in gnubg's matches."""
    seen: set[str] = set()
    for name in RESULTS:
        rec = gammon.read_match(DATA / f"{name}.mat")
        for g in rec.games:
            assert g.result is not None
            seen.add(g.result.ending.name)
            seen.update(type(a).__name__ for a in g.actions)
            if g.game.is_crawford_game:
                seen.add("crawford")
    assert {"DROPPED", "RESIGNED", "BORNE_OFF", "Take", "Double", "crawford"} <= seen


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_the_mat_and_sgf_exports_of_a_match_hold_the_same_actions(name: str) -> None:
    mat = gammon.read_match(DATA / f"{name}.mat")
    sgf = gammon.read_match(DATA / f"{name}.sgf")
    assert [g.actions for g in mat.games] == [g.actions for g in sgf.games]
    assert mat.names == sgf.names


@pytest.mark.parametrize("fmt", ["mat", "sgf"])
@pytest.mark.parametrize("name", sorted(RESULTS))
def test_writing_and_reading_a_record_gives_the_same_actions(name: str, fmt: str) -> None:
    rec = gammon.read_match(DATA / f"{name}.mat")
    module = gammon.mat if fmt == "mat" else gammon.sgf
    text = module.dumps(rec)
    again = module.loads(text)
    assert [g.actions for g in again.games] == [g.actions for g in rec.games]
    assert again.names == rec.names and again.final_score == rec.final_score
    assert module.dumps(again) == text


def test_read_match_reads_open_files_and_write_match_picks_the_format(tmp_path: Path) -> None:
    rec = gammon.read_match(DATA / "selfplay-5pt-seed42.mat")
    out = tmp_path / "copy.mat"
    gammon.write_match(rec, out)
    with open(out) as f:
        assert gammon.read_match(f).final_score == rec.final_score
    buf = io.StringIO()
    gammon.write_match(rec, buf, fmt="mat")
    assert buf.getvalue() == out.read_text()
    with pytest.raises(gammon.InvalidInputError, match="extension"):
        gammon.write_match(rec, tmp_path / "copy.xyz")


LENIENT = """\
\ufeff# written by hand
; [Event "Club night"]
; [EventDate "2001.02.03"]
; a free comment

 3 point match

 Game 1
 Alice, 1620.5 : 0                Bob : 0
  1)\t\t\t\t\t 31: 8/5 6/5
  2) 64: 24/18 13/9               Doubles => 2
  3)  Drops                       Wins 1 point

 Game 2
 Alice : 0                        Bob : 1
  1) 52: 13/8 13/11               63: 24/18 13/10
  2) 55: 8/3(2) 6/1(2)
      Wins 2 points
"""


def test_lenient_reading_of_hand_written_and_older_files() -> None:
    """Comments, a byte-order mark, tabs, ratings, bar/off words, (2) counts, 'Wins' lines."""
    rec = gammon.mat.loads(LENIENT)
    assert rec.names == ("Bob", "Alice")
    assert rec.info["event"] == "Club night" and rec.info["date"] == "2001.02.03"
    assert "a free comment" in rec.info["comment"]
    first = rec.games[0].game.result
    assert first is not None and first.winner == Color.WHITE and first.points == 1
    second = rec.games[1].game.result
    # Bob resigned a gammon on his turn at cube 1 (RESIGN-2).
    assert second is not None and second.winner == Color.BLACK and second.points == 2
    assert second.ending == gammon.Ending.RESIGNED
    assert rec.final_score == (1, 2)


def test_chained_moves_and_words_for_off_are_read() -> None:
    chained = LENIENT.replace("64: 24/18 13/9", "64: 24/18/14").replace(
        "31: 8/5 6/5", "31: 8/5 6/off"
    )
    with pytest.raises(MatchRecordError, match="6/off"):
        gammon.mat.loads(chained)  # bearing off from the start is illegal (OFF-1)
    rec = gammon.mat.loads(chained.replace("6/off", "6/5"))
    play = rec.games[0].actions[3]
    assert isinstance(play, gammon.Play) and str(play) == "24/14"


def test_a_play_wrapped_onto_the_next_line_is_read_whole() -> None:
    wrapped = LENIENT.replace("  2) 55: 8/3(2) 6/1(2)\n", "  2) 55: 8/3 8/3\n          6/1 6/1\n")
    assert wrapped != LENIENT
    rec = gammon.mat.loads(wrapped)
    assert [g.actions for g in rec.games] == [g.actions for g in gammon.mat.loads(LENIENT).games]


def test_an_illegal_record_names_the_game_the_move_and_the_reason() -> None:
    """MOVE-1: a play the dice do not allow is reported where it stands."""
    bad = LENIENT.replace("64: 24/18 13/9", "64: 24/18 13/8")
    with pytest.raises(MatchRecordError) as info:
        gammon.mat.loads(bad)
    assert info.value.game == 1 and info.value.move == 2
    assert "13/8" in str(info.value) and "game 1, move 2" in str(info.value)


def test_a_score_line_that_disagrees_with_the_games_is_reported() -> None:
    bad = LENIENT.replace(" Alice : 0                        Bob : 1", " Alice : 0   Bob : 2")
    with pytest.raises(MatchRecordError, match="game 2"):
        gammon.mat.loads(bad)


def test_a_text_without_a_match_is_a_parse_error() -> None:
    with pytest.raises(gammon.ParseError, match="point match"):
        gammon.mat.loads("hello\n")


def _simulated(length: int, seed: int) -> MatchRecord:
    return gammon.simulate.simulated_match_record(
        length,
        players=(Player("pubeval"), Player("random")),
        seed=seed,
        cube_rules=CubeRules(),
    )


def test_simulated_matches_export_as_records() -> None:
    rec = _simulated(5, 3)
    assert rec.winner is not None and max(rec.final_score) >= 5
    again = gammon.mat.loads(gammon.mat.dumps(rec))
    assert again.final_score == rec.final_score


def _gnubg_import_score(tmp_path: Path, path: Path) -> dict[str, int]:
    command = "import mat" if path.suffix == ".mat" else "load match"
    out = run_gnubg(gnubg_binary(), f"set jacoby off\n{command} {path}\nshow score\n", cwd=tmp_path)
    assert "Unrecognised" not in out and "illegal" not in out.lower(), out[-2000:]
    return final_score(out)[0]


@pytest.mark.oracle
@pytest.mark.parametrize("ext", ["mat", "sgf"])
@pytest.mark.parametrize("source", ["fixture", "simulated", "money"])
def test_gnubg_loads_gammons_files_with_the_same_final_score(
    source: str, ext: str, tmp_path: Path
) -> None:
    """gnubg's ``import mat`` / ``load match`` of gammon's file ends at gammon's score."""
    rec = (
        gammon.read_match(DATA / "selfplay-9pt-seed11.mat")
        if source == "fixture"
        else _simulated(7, 11)
        if source == "simulated"
        else _simulated(0, 5)
    )
    rec.names = ("Wendy", "Bert")
    path = tmp_path / f"out.{ext}"
    gammon.write_match(rec, path)
    score = _gnubg_import_score(tmp_path, path)
    if source == "money":
        assert rec.is_money and max(rec.final_score) > 0
    assert score == {"Wendy": rec.final_score[0], "Bert": rec.final_score[1]}


@pytest.mark.oracle
def test_gnubg_plays_a_short_match_live_and_gammon_replays_its_export(tmp_path: Path) -> None:
    """A fresh gnubg self-play match (cube on, noise) imports with gnubg's final score."""
    script = (DATA / "generate.py").read_text()
    start = script.index('SCRIPT = """\\\n') + len('SCRIPT = """\\\n')
    template = script[start : script.index('"""', start)]
    out = run_gnubg(
        gnubg_binary(),
        template.format(seed=99, noise=0.1, length=3, out=tmp_path / "live"),
        cwd=tmp_path,
    )
    score, _ = final_score(out)
    rec = gammon.read_match(tmp_path / "live.mat")
    assert rec.final_score == (score["root"], score["gnubg"])


def test_a_game_record_replays_into_a_fresh_game() -> None:
    rec = gammon.read_match(DATA / "selfplay-5pt-seed42.mat")
    g = rec.games[1].replay()
    assert g.result == rec.games[1].result
    assert isinstance(g.match, Match) and g.match.score == rec.games[1].score
    assert isinstance(g, Game)


def _beaver_session(raccoon: bool) -> MatchRecord:
    """A money game with a double, a beaver (CUBE-12), maybe a raccoon (CUBE-13), a drop."""
    rules = CubeRules(beavers=True, raccoons=True, gnubg_raccoon_owner=True)
    game = Game(session=gammon.MoneySession(), cube=rules, seed=4)
    game.set_dice(3, 1)
    game.push("8/5 6/5")
    game.double()
    game.beaver()
    if raccoon:
        game.raccoon()
    game.take()
    game.set_dice(6, 5)
    game.push("24/13")
    game.set_dice(4, 2)
    game.push("8/4 6/4")
    game.set_dice(2, 1)
    game.push("13/11 6/5")
    game.double()
    game.drop()
    return MatchRecord.from_games([game], names=("Wendy", "Bert"))


@pytest.mark.parametrize("raccoon", [False, True])
@pytest.mark.parametrize("fmt", ["mat", "sgf"])
def test_beavers_and_raccoons_round_trip(fmt: str, raccoon: bool) -> None:
    """CUBE-12, CUBE-13: a beaver chain survives writing and reading."""
    rec = _beaver_session(raccoon)
    result = rec.games[0].result
    assert result is not None and result.winner == Color.WHITE
    assert result.points == (8 if raccoon else 4)
    module = gammon.mat if fmt == "mat" else gammon.sgf
    again = module.loads(module.dumps(rec))
    assert again.games[0].actions == rec.games[0].actions
    assert again.final_score == rec.final_score


@pytest.mark.oracle
@pytest.mark.parametrize("ext", ["mat", "sgf"])
def test_gnubg_scores_a_beaver_as_gammon_does(ext: str, tmp_path: Path) -> None:
    """CUBE-12: a beavered cube loads into gnubg with the same points."""
    rec = _beaver_session(raccoon=False)
    path = tmp_path / f"beaver.{ext}"
    gammon.write_match(rec, path)
    score = _gnubg_import_score(tmp_path, path)
    assert score == {"Wendy": rec.final_score[0], "Bert": rec.final_score[1]}


def test_a_simulated_match_record_is_the_match_simulate_match_scored() -> None:
    """The record of match ``index`` has the final score and game count of the simulation."""
    players = (Player("pubeval", cube="race"), Player("random"))
    result = gammon.simulate_match(5, players=players, matches=4, seed=9, record_matches=True)
    assert result.records is not None
    for index in range(4):
        rec = gammon.simulate.simulated_match_record(5, players, seed=9, index=index)
        assert rec.final_score == tuple(int(x) for x in result.records.score[index])
        assert len(rec.games) == int(result.records.games[index])


@pytest.mark.parametrize(
    ("length", "rules"),
    [
        (5, CubeRules(max_cube=16)),
        (0, CubeRules(jacoby=True, beavers=True, raccoons=True, auto_doubles=3)),
    ],
)
def test_a_simulated_record_holds_the_history_game_push_gives(
    length: int, rules: CubeRules
) -> None:
    """The core replays the simulated games (tied opening throws too, BG-11, CUBE-20): pushing
    each game's actions through ``Game`` gives the same states."""
    players = (Player("pubeval", cube="race"), Player("random", cube="race"))
    ties = 0
    for index in range(12):
        rec = gammon.simulate.simulated_match_record(
            length, players, seed=4, index=index, cube_rules=rules
        )
        for g in rec.games:
            again = g.replay()
            assert again._stack == g.game._stack and again.state == g.game.state
            assert g.result is not None and again.result == g.result
            ties += g.automatic_doubles
    assert ties > 0 or length > 0  # tied opening throws turned the cube in money play


def _random_match(variant: str, seed: int) -> MatchRecord:
    """A 3-point match of random actions, with opening ties and the odd double."""
    rng = random.Random(seed)
    games = []
    game = Game(Match(3), variant=variant, seed=seed)
    while True:
        while game.result is None:
            acts = game.legal_actions(resignations=False)
            acts = [a for a in acts if not isinstance(a, gammon.Double) or rng.random() < 0.05]
            game.push(rng.choice(acts))
        games.append(game)
        if game.next_match().is_over:
            return MatchRecord.from_games(games, names=("Wendy", "Bert"))
        game = game.next_game()


def _without_opening_ties(actions: list[gammon.actions.Action]) -> list[object]:
    out: list[object] = []
    for a in actions:
        if isinstance(a, gammon.Roll) and not out and a.dice is not None and a.dice[0] == a.dice[1]:
            continue  # a tie of the opening roll (BG-11): the formats do not show it
        out.append(a)
    return out


@pytest.mark.parametrize("fmt", ["mat", "sgf"])
@pytest.mark.parametrize("variant", ["backgammon", "nackgammon"])
def test_random_matches_round_trip_with_their_dice_as_rolled(variant: str, fmt: str) -> None:
    rec = _random_match(variant, 5)
    module = gammon.mat if fmt == "mat" else gammon.sgf
    again = module.loads(module.dumps(rec))
    assert again.variant == rec.variant and again.final_score == rec.final_score
    for a, b in zip(rec.games, again.games):
        assert _without_opening_ties(a.actions) == b.actions


@pytest.mark.oracle
@pytest.mark.parametrize("ext", ["mat", "sgf"])
def test_gnubg_loads_a_nackgammon_match_as_nackgammon(ext: str, tmp_path: Path) -> None:
    rec = _random_match("nackgammon", 5)
    path = tmp_path / f"nack.{ext}"
    gammon.write_match(rec, path)
    command = "import mat" if ext == "mat" else "load match"
    out = run_gnubg(gnubg_binary(), f"{command} {path}\nshow variation\nshow score\n", cwd=tmp_path)
    assert "You are playing: Nackgammon" in out
    assert final_score(out)[0] == {"Wendy": rec.final_score[0], "Bert": rec.final_score[1]}


# -- what gnubg's other exports hold ----------------------------------------------------------


def _kinds(rec: MatchRecord) -> set[str]:
    seen: set[str] = set()
    for g in rec.games:
        seen.update(type(a).__name__ for a in g.actions)
        if g.result is not None and g.result.ending.name == "RESIGNED":
            seen.add(f"resigned {g.result.kind}")
        if g.automatic_doubles:
            seen.add("automatic double")
    return seen


def test_gnubgs_sessions_hold_what_the_readers_must_take() -> None:
    """CUBE-12, CUBE-13, CUBE-20, RESIGN-1, MATCH-3: the fixtures hold each case."""
    auto = gammon.read_match(DATA / "money-autodoubles-jacoby-seed4.sgf")
    assert [g.automatic_doubles for g in auto.games][:-1].count(1) >= 1  # not only the last
    resign = gammon.read_match(DATA / "money-resignations-seed7.sgf")
    seen = _kinds(resign)
    assert {
        "Beaver",
        "Raccoon",
        "resigned single",
        "resigned gammon",
        "resigned backgammon",
    } <= seen
    crawford = gammon.read_match(DATA / "crawford-off-5pt-seed2.sgf")
    # A double in the game after a player first reached 4 of 5: what would be the Crawford game.
    doubled = [
        g
        for g in crawford.games
        if 4 in g.score
        and max(g.score) < 5
        and any(isinstance(a, gammon.Double) for a in g.actions)
    ]
    assert doubled and crawford.games.index(doubled[0]) == 1
    nack = gammon.read_match(DATA / "nackgammon-3pt-seed1.mat")
    assert nack.variant == gammon.Variant.NACKGAMMON


def test_a_crawford_off_match_reads_as_such_from_gnubgs_mat() -> None:
    """MATCH-3: a double at 0-4 of a 5-point match shows that the Crawford rule was off."""
    rec = gammon.read_match(DATA / "crawford-off-5pt-seed2.mat")
    assert rec.crawford is False and not any(g.game.is_crawford_game for g in rec.games)
    assert gammon.read_match(DATA / "crawford-off-5pt-seed2.sgf").crawford is False
    with pytest.raises(MatchRecordError, match="MATCH-3") as info:
        gammon.read_match(DATA / "crawford-off-5pt-seed2.mat", crawford=True)
    assert info.value.game == 2 and info.value.line is not None
    assert info.value.source is not None and info.value.source.endswith("seed2.mat")
    # The Crawford rule of a match without such a double cannot be seen: on, as gnubg assumes.
    assert gammon.read_match(DATA / "selfplay-9pt-seed11.mat").crawford is True


def test_automatic_doubles_read_from_the_score_lines_of_gnubgs_mat() -> None:
    """CUBE-20: gnubg writes "Wins 4 points" for a gammon resigned at a 4-cube after an
    automatic double (its export counts the cube from 1); the next score line says 8."""
    text = (DATA / "money-autodoubles-jacoby-seed4.mat").read_text()
    assert "Wins 4 points" in text.split(" Game 2")[0]
    rec = gammon.mat.loads(text)
    first = rec.games[0]
    assert first.automatic_doubles == 1 and first.result is not None
    assert (first.result.points, first.result.kind, first.result.cube) == (8, "gammon", 4)
    # gammon writes the points won, and reads its own file back the same.
    again = gammon.mat.loads(gammon.mat.dumps(rec))
    assert [g.automatic_doubles for g in again.games] == [g.automatic_doubles for g in rec.games]
    assert again.final_score == rec.final_score


def test_the_scripted_resignations_read_with_the_opening_roll_gnubg_misplaces() -> None:
    """RESIGN-1, BG-10: gnubg writes the opening roll of a player who resigns at once in the
    left column, and leaves out the take of a raccoon before a resignation."""
    text = (DATA / "money-resignations-seed7.mat").read_text()
    assert "  1) 21:       Wins 1 point" in text
    rec = gammon.mat.loads(text)
    first = rec.games[0]
    assert first.actions[0] == gammon.Roll((2, 1))  # White (root) won the opening roll 2-1
    assert first.result is not None and first.result.winner == Color.BLACK
    last = rec.games[-1]
    assert [type(a).__name__ for a in last.actions][-5:] == [
        "Raccoon",
        "Raccoon",
        "Take",
        "Resign",
        "Accept",
    ]
    assert last.result is not None and last.result.points == 32
    assert (
        rec.games[0].actions
        == gammon.read_match(DATA / "money-resignations-seed7.sgf").games[0].actions
    )


# -- round trips of every setting ---------------------------------------------------------------


def _random_record(
    length: int,
    seed: int,
    *,
    rules: Optional[CubeRules] = None,
    crawford: bool = True,
    variant: str = "backgammon",
    doubles: float = 0.05,
    games: int = 3,
) -> MatchRecord:
    """Games of random actions (ties of the opening roll included), with the odd double."""
    rng = random.Random(seed)
    played = []
    board: Any = Match(length, crawford=crawford) if length else gammon.MoneySession()
    if length:
        game = Game(board, rules, variant=variant, seed=seed)
    else:
        game = Game(session=board, cube=rules, variant=variant, seed=seed)
    while True:
        while game.result is None:
            acts = game.legal_actions(resignations=False)
            acts = [a for a in acts if not isinstance(a, gammon.Double) or rng.random() < doubles]
            game.push(rng.choice(acts))
        played.append(game)
        if game.next_match().is_over or len(played) == games:
            return MatchRecord.from_games(played, names=("Wendy", "Bert"))
        game = game.next_game()


MONEY_RULES = [
    CubeRules(),
    CubeRules(jacoby=True, beavers=True, raccoons=True, max_beavers=2, max_cube=256),
    CubeRules(beavers=True, auto_doubles=1),
    CubeRules(auto_doubles=3, max_cube=4096, gnubg_raccoon_owner=True),
    CubeRules(enabled=False),
    CubeRules(max_beavers=5),  # beavers off: a setting that matters only with them, kept
    CubeRules(beavers=True),
    READ_CUBE_RULES,
]


@pytest.mark.parametrize("fmt", ["mat", "sgf"])
@pytest.mark.parametrize("index", range(len(MONEY_RULES)))
def test_money_sessions_round_trip_with_every_cube_setting(fmt: str, index: int) -> None:
    """MONEY-2, CUBE-10..CUBE-20: the cube rules of a session survive its file."""
    rules = MONEY_RULES[index]
    rec = _random_record(0, 40 + index, rules=rules, doubles=0.2, games=4)
    module = gammon.mat if fmt == "mat" else gammon.sgf
    again = module.loads(module.dumps(rec))
    assert again.cube_rules == rec.cube_rules and again.crawford is False
    assert again.final_score == rec.final_score
    assert [g.automatic_doubles for g in again.games] == [g.automatic_doubles for g in rec.games]
    for a, b in zip(rec.games, again.games):
        assert _without_opening_ties(a.actions) == _without_opening_ties(b.actions)


@pytest.mark.parametrize("fmt", ["mat", "sgf"])
@pytest.mark.parametrize("crawford", [True, False])
@pytest.mark.parametrize("doubles", [0.0, 0.3])
def test_matches_round_trip_with_their_crawford_rule(
    fmt: str, crawford: bool, doubles: float
) -> None:
    """MATCH-3: a match without the Crawford rule reads back without it, with or without a
    double in what would have been the Crawford game (gammon's own files used to lose it)."""
    rules = CubeRules(max_cube=32, refuse_dead_cube=True)
    rec = _random_record(3, 7, rules=rules, crawford=crawford, doubles=doubles, games=9)
    assert rec.winner is not None
    module = gammon.mat if fmt == "mat" else gammon.sgf
    text = module.dumps(rec)
    again = module.loads(text)
    assert again.crawford is crawford
    for attr in ("max_cube", "enabled", "refuse_dead_cube"):
        assert getattr(again.cube_rules, attr) == getattr(rec.cube_rules, attr)
    assert again.final_score == rec.final_score
    assert [g.actions for g in again.games] == [_without_opening_ties(g.actions) for g in rec.games]
    if fmt == "mat":
        assert f'; [Crawford "{"On" if crawford else "Off"}"]' in text


def test_gammons_crawford_off_match_with_a_double_at_match_point_minus_one_reads_back() -> None:
    """MATCH-3: gammon's .mat of gnubg's Crawford-off match says so and reads back."""
    rec = gammon.read_match(DATA / "crawford-off-5pt-seed2.sgf")
    text = gammon.mat.dumps(rec)
    assert '; [Crawford "Off"]' in text
    again = gammon.mat.loads(text)
    assert again.crawford is False
    assert [g.actions for g in again.games] == [g.actions for g in rec.games]


def _session_with_automatic_doubles() -> MatchRecord:
    """Three games with 1, 2 and 1 automatic doubles (CUBE-20), each doubled and dropped."""
    rules = CubeRules(auto_doubles=2)
    game = Game(session=gammon.MoneySession(), cube=rules)
    played = []
    for ties in ([(2, 2)], [(3, 3), (5, 5)], [(6, 6)]):
        for t in ties:
            game.set_dice(*t)
        game.set_dice(3, 1)
        game.push("8/5 6/5")
        game.double()
        game.drop()
        played.append(game)
        if len(played) < 3:
            game = game.next_game()
    return MatchRecord.from_games(played, names=("Wendy", "Bert"))


@pytest.mark.parametrize("fmt", ["mat", "sgf"])
def test_automatic_doubles_round_trip_to_the_last_game(fmt: str) -> None:
    """BG-11, CUBE-20: each game's automatic doubles come back (CV[] in .sgf; in .mat the
    score lines and, for the last game, its "Wins" line)."""
    rec = _session_with_automatic_doubles()
    assert [g.automatic_doubles for g in rec.games] == [1, 2, 1]
    assert rec.final_score == (0, 2 + 4 + 2)  # Black doubles, White drops
    module = gammon.mat if fmt == "mat" else gammon.sgf
    text = module.dumps(rec)
    if fmt == "sgf":
        assert text.count("CV[2]") == 2 and text.count("CV[4]") == 1
    again = module.loads(text)
    assert [g.automatic_doubles for g in again.games] == [1, 2, 1]
    assert again.final_score == rec.final_score
    assert again.cube_rules.auto_doubles == 2


def _jacoby_gammon_game(seed: int) -> Optional[Game]:
    """A money game under the Jacoby rule won by a gammon borne off with the cube centred."""
    rng = random.Random(seed)
    game = Game(session=gammon.MoneySession(), cube=CubeRules(jacoby=True), seed=seed)
    while game.result is None:
        acts = game.legal_actions(resignations=False)
        game.push(rng.choice([a for a in acts if not isinstance(a, gammon.Double)]))
    r = game.result
    return game if r.kind != "single" and r.ending.name == "BORNE_OFF" else None


def test_the_jacoby_rule_of_a_mat_session_is_read_from_its_score_lines() -> None:
    """MONEY-2: a gammon borne off with the cube centred scores 1 under the Jacoby rule; a
    .mat says so only by the next score line (gnubg writes "Wins 2 points")."""
    game = next(g for g in map(_jacoby_gammon_game, range(200)) if g is not None)
    assert game.result is not None and game.result.points == 1
    second = game.next_game()
    second.set_dice(3, 1)
    second.push("8/5 6/5")
    second.double()
    second.drop()
    rec = MatchRecord.from_games([game, second], names=("Wendy", "Bert"))
    text = gammon.mat.dumps(rec)
    assert '; [Jacoby "On"]' in text
    bare = "\n".join(ln for ln in text.splitlines() if not ln.startswith("; [")) + "\n"
    # gnubg's export writes the gammon's points before the Jacoby rule.
    unreduced = {"gammon": 2, "backgammon": 3}[game.result.kind]
    bare = bare.replace("Wins 1 point", f"Wins {unreduced} points", 1)
    again = gammon.mat.loads(bare)
    assert again.cube_rules.jacoby is True and again.final_score == rec.final_score
    with pytest.raises(MatchRecordError, match="score line") as info:
        gammon.mat.loads(bare, jacoby=False)
    assert info.value.game == 2 and info.value.line is not None


def test_a_resigned_gammon_under_the_jacoby_rule_is_where_gammon_and_gnubg_differ() -> None:
    """RESIGN-2, MONEY-2: gammon applies the Jacoby rule to an accepted resignation and gnubg
    does not, so gnubg's RE[B+2R] for a resigned gammon at a centred cube is refused, with
    the reason."""
    text = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[b]PB[w]RU[Jacoby]RE[B+2R]\n;B[31qtst])\n"
    with pytest.raises(MatchRecordError, match="RESIGN-2") as info:
        gammon.sgf.loads(text)
    assert (info.value.game, info.value.line) == (1, 1)
    rec = gammon.sgf.loads(text, jacoby=False)
    assert rec.final_score == (2, 0)


def test_money_records_have_no_crawford_rule() -> None:
    """MONEY-1: a money session has no Crawford rule, whatever its file or caller says."""
    assert MatchRecord(0).crawford is False
    text = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]RU[Crawford]\n;B[31qtst])\n"
    assert gammon.sgf.loads(text).crawford is False
    for name in ("money-autodoubles-jacoby-seed4", "money-resignations-seed7"):
        for ext in ("mat", "sgf"):
            assert gammon.read_match(DATA / f"{name}.{ext}").crawford is False


@pytest.mark.parametrize("variant", ["hypergammon", "nackgammon"])
def test_variants_round_trip_through_the_mat_variation_header(variant: str) -> None:
    rec = _random_record(3, 11, variant=variant, games=9)
    again = gammon.mat.loads(gammon.mat.dumps(rec))
    assert again.variant == rec.variant and again.final_score == rec.final_score


def test_a_variation_gammon_does_not_play_is_refused_with_its_line() -> None:
    text = LENIENT.replace("; a free comment", '; [Variation "Acey-Deucey"]')
    with pytest.raises(MatchRecordError, match="Acey-Deucey") as info:
        gammon.mat.loads(text)
    assert info.value.line == 4


# -- sources, and where errors point --------------------------------------------------------------


def test_read_match_takes_binary_files_and_refuses_what_is_not_a_file(tmp_path: Path) -> None:
    data = (DATA / "selfplay-5pt-seed42.sgf").read_bytes()
    assert gammon.read_match(io.BytesIO(data)).final_score == (7, 1)
    with open(DATA / "selfplay-5pt-seed42.mat", "rb") as f:
        assert gammon.read_match(f).final_score == (7, 1)
    for bad, words in [
        (None, "not NoneType"),
        (data, "not bytes"),
        (42, "not int"),
    ]:
        with pytest.raises(gammon.InvalidInputError, match=words):
            gammon.read_match(bad)  # type: ignore[arg-type]

    class Odd:
        def read(self) -> int:
            return 3

    with pytest.raises(gammon.InvalidInputError, match="gave int"):
        gammon.read_match(Odd())  # type: ignore[arg-type]
    latin = tmp_path / "latin.mat"
    latin.write_bytes(data.replace(b"gnubg", b"gn\xfcbg"))  # not UTF-8
    with (
        open(latin, encoding="utf-8") as f,
        pytest.raises(gammon.InvalidInputError, match="binary"),
    ):
        gammon.read_match(f, fmt="sgf")
    assert gammon.read_match(latin, fmt="sgf").names[1] == "gn\ufffdbg"
    with pytest.raises(gammon.InvalidInputError, match="fmt"):
        gammon.read_match(io.BytesIO(data), fmt="txt")
    rec = gammon.read_match(io.BytesIO(data))
    out = io.BytesIO()
    gammon.write_match(rec, out, fmt="sgf")
    assert gammon.read_match(io.BytesIO(out.getvalue())).final_score == (7, 1)
    with pytest.raises(gammon.InvalidInputError, match="not NoneType"):
        gammon.write_match(rec, None)  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError, match="MatchRecord"):
        gammon.write_match("x", tmp_path / "x.mat")  # type: ignore[arg-type]


@pytest.mark.parametrize("fmt", ["mat", "sgf"])
def test_an_impossible_move_names_the_file_line_game_and_move(fmt: str, tmp_path: Path) -> None:
    """MOVE-1: the error points at the line of the file."""
    text = (DATA / f"selfplay-3pt-seed2026.{fmt}").read_text()
    lines = text.splitlines()
    if fmt == "mat":
        at = next(i for i, ln in enumerate(lines) if ln.startswith("  3)"))
        lines[at] = lines[at].replace(":", ": 24/1 ", 1).replace(": 24/1  ", ": 24/1 ", 1)
    else:
        at = next(i for i, ln in enumerate(lines) if ln.startswith(";B[") and len(ln) > 8)
        lines[at] = lines[at][:5] + "axax" + lines[at][9:]
    bad = tmp_path / f"bad.{fmt}"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(MatchRecordError) as info:
        gammon.read_match(bad)
    e = info.value
    assert (e.source, e.line, e.game) == (str(bad), at + 1, 1)
    assert e.move is not None and e.move >= 1
    assert str(e).startswith(f"{bad}, line {at + 1}, game 1, move {e.move}: ")


def test_a_cut_sgf_and_a_game_without_an_end_are_refused_with_their_place() -> None:
    text = (DATA / "selfplay-5pt-seed42.sgf").read_text()
    with pytest.raises(MatchRecordError, match="not closed"):
        gammon.sgf.loads(text[: text.index("\n;", len(text) // 2)])
    with pytest.raises(MatchRecordError, match="without '\\]'") as cut:
        gammon.sgf.loads(text[: text.index("[", len(text) // 2) + 2])
    assert cut.value.line is not None and cut.value.line > 1
    # A resigned game whose RE[] is gone has no end, and another game follows it.
    text = (DATA / "money-resignations-seed7.sgf").read_text()
    assert text.count("RE[W+1R]") == 1
    with pytest.raises(MatchRecordError, match="no end") as info:
        gammon.sgf.loads(text.replace("RE[W+1R]", ""))
    assert (info.value.game, info.value.line) == (1, 1)


def test_sgf_values_of_properties_gammon_skips_may_hold_anything() -> None:
    """Comments and analysis are skipped without being kept: escapes and brackets in them."""
    text = (DATA / "selfplay-5pt-seed42.sgf").read_text()
    at = text.index("\n;", 10)
    odd = text[:at] + "C[a \\] b \\\\]ZZ[x][y]" + text[at:]
    assert gammon.sgf.loads(odd).final_score == gammon.sgf.loads(text).final_score
    with pytest.raises(MatchRecordError, match="without '\\]'") as info:
        gammon.sgf.loads(text[:at] + "C[never closed \\]")
    assert info.value.line == 1


# -- gnubg loads gammon's files -------------------------------------------------------------

_GNUBG_READS = """
import json
import gnubg
for command in COMMANDS:
    gnubg.command(command)
m = gnubg.match(analysis=0)
names = {"X": m["match-info"]["X"]["name"], "O": m["match-info"]["O"]["name"]}
print()
print("RESULT " + json.dumps([[names.get(g["info"]["winner"]), g["info"]["points-won"]]
                              for g in m["games"]]))
"""


def _gnubg_reads(tmp_path: Path, path: Path, rec: MatchRecord) -> tuple[list[Any], dict[str, int]]:
    """Each game's winner and points, and the final score, as gnubg reads ``path``."""
    command = ("import mat " if path.suffix == ".mat" else "load match ") + str(path)
    jacoby = "on" if rec.is_money and rec.cube_rules.jacoby else "off"  # .mat leaves it to gnubg
    commands = [f"set jacoby {jacoby}", command, "show score"]
    out = run_gnubg_python(
        gnubg_binary(), f"COMMANDS = {json.dumps(commands)}\n" + _GNUBG_READS, cwd=tmp_path
    )
    found = [ln for ln in out.splitlines() if ln.startswith("RESULT ")]
    assert found, out[-2000:]
    return json.loads(found[-1][len("RESULT ") :]), final_score(out)[0]


@pytest.mark.oracle
@pytest.mark.parametrize("ext", ["mat", "sgf"])
@pytest.mark.parametrize("name", sorted(n for n in RESULTS if "resigned" in RESULTS[n]))
def test_gnubg_reads_gammons_export_of_its_sessions_with_its_scores(
    name: str, ext: str, tmp_path: Path
) -> None:
    """gammon's export of every gnubg session loads into gnubg with gnubg's points for each
    game and its final score. gnubg's .mat importer knows no automatic doubles (CUBE-20): it
    takes each game's starting score from the score lines, so only the games that had some
    score otherwise."""
    rec = gammon.read_match(DATA / f"{name}.sgf")
    path = tmp_path / f"export.{ext}"
    gammon.write_match(rec, path)
    points, score = _gnubg_reads(tmp_path, path, rec)
    want = RESULTS[name]
    assert score == want["score"]
    for k, (got, expected) in enumerate(zip(points, want["points"])):
        if ext == "sgf" or want["initial_cube"][k] == 1:
            assert got == expected, (k, points)
    assert len(points) == len(want["points"])


def test_long_names_and_names_with_colons_keep_the_mat_columns_readable() -> None:
    """A score line reads "name : score": gammon's .mat writes a colon in a name as "_", and
    a long first name does not move the right-hand column (found by fuzzing)."""
    rec = _random_record(3, 5, doubles=0.2, games=9)
    rec.names = ("Bert: the second player", "Wendy, who plays Black : 4 points")
    again = gammon.mat.loads(gammon.mat.dumps(rec))
    assert again.names == ("Bert_ the second player", "Wendy, who plays Black _ 4 points")
    assert [g.actions for g in again.games] == [_without_opening_ties(g.actions) for g in rec.games]


@pytest.mark.parametrize(
    ("header", "words"),
    [('; [Jacoby "maybe"]', "Jacoby is On or Off"), ('; [CubeLimit "100"]', "CUBE-10")],
)
def test_a_setting_gammon_cannot_use_is_refused_with_its_line(header: str, words: str) -> None:
    text = LENIENT.replace("; a free comment", header)
    with pytest.raises(MatchRecordError, match=words) as info:
        gammon.mat.loads(text)
    assert info.value.line == 4
