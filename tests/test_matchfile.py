"""Match records in and out of ``.mat`` files, checked against the real GNU Backgammon.

The fixtures in ``tests/data/gnubg`` are gnubg's own self-play matches with its cube and noise
(``tests/data/gnubg/generate.py`` regenerates them); ``results.json`` keeps gnubg's scores.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import gammon
from gammon import Color, CubeRules, Game, Match, MatchRecord, MatchRecordError, Player
from gnubg_cli import final_score, gnubg_binary, run_gnubg

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
    """MATCH-1, CUBE-6, RESIGN-2: every game of gnubg's export replays to gnubg's result."""
    rec = gammon.read_match(DATA / f"{name}.{ext}")
    want = RESULTS[name]
    assert rec.length == want["length"]
    assert _points(rec) == want["points"]
    white, black = rec.names
    assert rec.final_score == (want["score"][white], want["score"][black])
    assert rec.winner is not None
    endings = {g.result.ending for g in rec.games if g.result is not None}
    assert endings  # drops and resignations occur across the fixtures (checked below)


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


@pytest.mark.parametrize("ext", ["mat", "sgf"])
def test_gnubg_loads_a_nackgammon_match_as_nackgammon(ext: str, tmp_path: Path) -> None:
    rec = _random_match("nackgammon", 5)
    path = tmp_path / f"nack.{ext}"
    gammon.write_match(rec, path)
    command = "import mat" if ext == "mat" else "load match"
    out = run_gnubg(gnubg_binary(), f"{command} {path}\nshow variation\nshow score\n", cwd=tmp_path)
    assert "You are playing: Nackgammon" in out
    assert final_score(out)[0] == {"Wendy": rec.final_score[0], "Bert": rec.final_score[1]}
