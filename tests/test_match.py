"""Match and money-session scoring: gammon.Match and gammon.MoneySession (MATCH-*, MONEY-*),
scenarios C25-C30 of spec §13.2 at the scoreboard level, and properties of whole matches."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import Color, GameResult, Match, MoneySession

WHITE, BLACK = Color.WHITE, Color.BLACK


def win(player: Color, points: int) -> GameResult:
    return GameResult(player, points)


def test_match1_a_match_starts_at_0_0_with_the_crawford_rule() -> None:
    m = Match(7)
    assert (m.length, m.score, m.crawford) == (7, (0, 0), True)
    assert not m.is_crawford_game and not m.is_post_crawford and not m.is_over
    assert m.winner is None
    assert (m.away(WHITE), m.away(BLACK)) == (7, 7)


@pytest.mark.parametrize("length", [0, -1, 1 << 15, 2.5, True, "7"])
def test_match1_length_is_1_to_32767(length: object) -> None:
    with pytest.raises(gammon.InvalidInputError, match="MATCH-1"):
        Match(length)  # type: ignore[arg-type]


@pytest.mark.parametrize("score", [(0,), (1, 2, 3), (-1, 0), (0, 1 << 15), "00", (1.0, 0)])
def test_scores_must_be_a_pair_of_ints_in_range(score: object) -> None:
    with pytest.raises(gammon.InvalidInputError):
        Match(7, score)  # type: ignore[arg-type]


def test_match3_the_crawford_flag_needs_exactly_one_player_at_length_minus_1() -> None:
    assert Match(5, (4, 1), crawford_game=True).is_crawford_game
    for score in [(3, 1), (4, 4), (5, 1)]:
        with pytest.raises(gammon.InvalidInputError, match="MATCH-3"):
            Match(5, score, crawford_game=True)
    with pytest.raises(gammon.InvalidInputError, match="MATCH-3"):
        Match(5, (4, 1), crawford=False, crawford_game=True)


def test_match4_a_set_up_score_at_length_minus_1_without_the_flag_is_post_crawford() -> None:
    # MATCH-4: the flag comes from the state, never from the score alone.
    assert Match(5, (4, 1)).is_post_crawford
    assert not Match(5, (4, 1), crawford=False).is_post_crawford
    assert not Match(5, (3, 1)).is_post_crawford
    with pytest.raises(gammon.InvalidInputError, match="MATCH-4"):
        Match(5, (3, 1), post_crawford=True)


def test_c25_match3_reaching_length_minus_1_makes_the_next_game_the_crawford_game() -> None:
    m = Match(5, (2, 1)).record(win(WHITE, 2))
    assert m.score == (4, 1)
    assert m.is_crawford_game and not m.is_post_crawford


def test_c26_match4_the_game_after_the_crawford_game_is_post_crawford() -> None:
    m = Match(5, (4, 1), crawford_game=True).record(win(BLACK, 1))
    assert m.score == (4, 2)
    assert not m.is_crawford_game and m.is_post_crawford


def test_c27_match4_no_second_crawford_game_at_double_match_point() -> None:
    m = Match(7, (6, 4), post_crawford=True).record(win(BLACK, 2))
    assert m.score == (6, 6)
    assert not m.is_crawford_game and m.is_post_crawford and not m.is_over


def test_c28_match1_a_gammon_at_5_3_with_cube_2_ends_the_match_at_9_3() -> None:
    m = Match(7, (5, 3)).record(GameResult(WHITE, 4, "gammon", cube=2))
    assert m.score == (9, 3)
    assert m.is_over and m.winner == WHITE
    assert m.away(WHITE) == 0


def test_c29_cube6_match4_a_drop_at_6_5_post_crawford_reaches_dmp_with_no_crawford() -> None:
    drop = GameResult(BLACK, 1, "single", gammon.Ending.DROPPED, cube=1)
    m = Match(7, (6, 5), post_crawford=True).record(drop)
    assert m.score == (6, 6)
    assert not m.is_crawford_game and m.is_post_crawford


def test_c30_match3_a_gammon_from_0_0_in_a_3_point_match_leads_to_the_crawford_game() -> None:
    m = Match(3).record(GameResult(WHITE, 2, "gammon"))
    assert m.score == (2, 0) and m.is_crawford_game


def test_match3_a_jump_past_length_minus_1_skips_the_crawford_game() -> None:
    m = Match(5, (2, 0)).record(win(WHITE, 4))
    assert m.is_over and not m.is_crawford_game and m.winner == WHITE


def test_match3_crawford_off_never_has_a_crawford_game() -> None:
    m = Match(5, crawford=False).record(win(WHITE, 4))
    assert m.score == (4, 0)
    assert not m.is_crawford_game and not m.is_post_crawford


def test_match5_a_1_point_match_has_no_crawford_game() -> None:
    m = Match(1)
    assert not m.is_crawford_game
    assert m.record(win(BLACK, 1)).winner == BLACK


def test_match1_no_game_is_recorded_after_the_match_is_over() -> None:
    m = Match(3, (2, 0), crawford_game=True).record(win(WHITE, 1))
    assert m.is_over
    with pytest.raises(gammon.InvalidInputError, match="MATCH-1"):
        m.record(win(BLACK, 1))


def test_matches_are_values() -> None:
    a = Match(7).record(win(WHITE, 2))
    b = Match(7).record(win(WHITE, 2))
    assert a == b and hash(a) == hash(b)
    assert a != Match(7, (2, 0))  # the history differs
    assert a.games == (win(WHITE, 2),)
    assert (
        repr(Match(5, (4, 1), crawford_game=True)) == "Match(5, score=(4, 1), crawford_game=True)"
    )
    assert str(Match(5, (4, 2))) == "5-point match, 4-2, post-Crawford"


def test_money1_a_session_adds_each_result_to_the_winner() -> None:
    s = MoneySession().record(win(WHITE, 2)).record(win(BLACK, 1)).record(win(WHITE, 4))
    assert s.score == (6, 1)
    assert s.net(WHITE) == 5 and s.net(BLACK) == -5
    assert s.points_per_game(WHITE) == pytest.approx(5 / 3)
    assert s.length == 0 and not s.is_over and not s.is_crawford_game
    with pytest.raises(gammon.InvalidInputError):
        MoneySession().points_per_game(WHITE)


def test_record_needs_a_game_result() -> None:
    with pytest.raises(gammon.InvalidInputError):
        Match(7).record((WHITE, 1))  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError):
        GameResult(WHITE, -1)


# -- properties of whole matches ----------------------------------------------------------

results = st.lists(
    st.tuples(st.booleans(), st.sampled_from([1, 2, 3]), st.sampled_from([1, 2, 4, 8])),
    min_size=1,
    max_size=80,
)


@settings(max_examples=400, deadline=None)
@given(length=st.integers(1, 25), games=results)
def test_property_crawford_exactly_once_at_the_right_score_and_no_score_beyond_reach(
    length: int, games: list[tuple[bool, int, int]]
) -> None:
    # MATCH-1, MATCH-3, MATCH-4. Results are played as the rules would allow them: the
    # Crawford game is played with the cube at 1.
    m = Match(length)
    crawford_games = 0
    reached = False  # a game has left a player at length - 1 with the match going on
    games_after_reaching = 0
    for white, level, cube in games:
        if m.is_over:
            break
        games_after_reaching += reached
        if m.is_crawford_game:
            crawford_games += 1
            cube = 1
            a, b = sorted(m.score)
            assert b == length - 1 and a < length - 1
        before = m.score
        winner = WHITE if white else BLACK
        m = m.record(GameResult(winner, level * cube))
        if not m.is_over and length - 1 in m.score and not reached:
            reached = True
            if m.score[0] != m.score[1]:
                assert m.is_crawford_game
        if m.is_over:
            # The match ends with the game that takes a player to the length, the loser
            # short of it, the winner no further than that game's points allow.
            assert m.winner == winner
            assert m.score_of(winner.other()) < length
            assert max(before) < length
            assert m.score_of(winner) - before[0 if white else 1] == level * cube
    assert crawford_games == (1 if reached and games_after_reaching else 0)


@settings(max_examples=200, deadline=None)
@given(length=st.integers(2, 15), games=results)
def test_property_after_the_crawford_game_every_game_is_post_crawford(
    length: int, games: list[tuple[bool, int, int]]
) -> None:
    m = Match(length)
    seen_crawford = False
    for white, level, _ in games:
        if m.is_over:
            break
        if seen_crawford:
            assert m.is_post_crawford and not m.is_crawford_game
        if m.is_crawford_game:
            seen_crawford = True
        m = m.record(GameResult(WHITE if white else BLACK, level))


def test_scoreboards_pickle_with_their_games() -> None:
    import pickle

    m = Match(7, crawford=False).record(GameResult(Color.WHITE, 2))
    s = MoneySession((1, 2)).record(GameResult(Color.BLACK, 4))
    for board in (m, s):
        back = pickle.loads(pickle.dumps(board))
        assert back == board and hash(back) == hash(board) and back.games == board.games
    assert s.score == (1, 6) and s.net(Color.BLACK) == 5 and s.points_per_game("white") == -5
    assert MoneySession().match_score is None and m.match_score.length == 7
