"""Properties of legal plays through the Python API on random valid positions (hypothesis).

The Python twins of rust/gammon-core/tests/properties.rs: every play leads to a valid
position, checkers are conserved, pips fall by exactly the dice used, plays belong to their
list, and positions round-trip through their ID, repr and pickle.
"""

from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from support import KINDS, ROLLS, as_mapping, random_sides

byte_lists = st.lists(st.integers(0, 255), min_size=15, max_size=15)


@st.composite
def positions(draw: st.DrawFn) -> gammon.Position:
    """Random valid standard-backgammon positions: contact, bar-heavy, bear-off and race."""
    kind = draw(st.sampled_from(KINDS))
    me, opp = random_sides(kind, draw(byte_lists), draw(byte_lists))
    turn = draw(st.sampled_from(["white", "black"]))
    white, black = (me, opp) if turn == "white" else (opp, me)
    return gammon.Position.from_checkers(as_mapping(white), as_mapping(black), turn=turn)


dice = st.sampled_from(ROLLS)


def side_total(pos: gammon.Position, color: gammon.Color) -> int:
    return sum(pos.checkers(color))


@settings(max_examples=300, deadline=None)
@given(positions(), dice)
def test_every_play_leads_to_a_valid_position_with_every_checker(
    pos: gammon.Position, roll: tuple[int, int]
) -> None:
    # BG-6: the resulting position re-validates through its checkers; 15 checkers each.
    for play in pos.legal_plays(roll):
        after = play.after
        assert after.turn == pos.turn.other()
        rebuilt = gammon.Position.from_checkers(
            as_mapping(after.checkers("white")),
            as_mapping(after.checkers("black")),
            turn=after.turn,
        )
        assert rebuilt == after
        for color in (gammon.Color.WHITE, gammon.Color.BLACK):
            assert side_total(after, color) == 15


@settings(max_examples=300, deadline=None)
@given(positions(), dice)
def test_pips_fall_by_exactly_the_distances_moved(
    pos: gammon.Position, roll: tuple[int, int]
) -> None:
    # BG-8: the mover's pips fall by the sum of from - to (off = 0, bar = 25); each distance
    # is a die of the roll, or less for a bear-off (OFF-3); hits add to the opponent's pips.
    me = 0 if pos.turn == gammon.Color.WHITE else 1
    mover, opponent = pos.pip_count()[me], pos.pip_count()[1 - me]
    for play in pos.legal_plays(roll):
        moved = sum(m.from_point - m.to_point for m in play.moves)
        sent_back = sum(m.to_point for m in play.moves if m.hit)
        after = play.after.pip_count()  # (white, black), whoever is on roll
        mover_after, opponent_after = after[me], after[1 - me]
        assert mover_after == mover - moved
        assert opponent_after == opponent + sent_back
        for m in play.moves:
            distance = m.from_point - m.to_point
            assert distance in roll or (m.to_point == 0 and distance < max(roll))
        assert play.dice_used == len(play.moves) <= (4 if roll[0] == roll[1] else 2)


@settings(max_examples=200, deadline=None)
@given(positions(), dice)
def test_plays_belong_to_their_list_and_play_applies_them(
    pos: gammon.Position, roll: tuple[int, int]
) -> None:
    # MOVE-9: one play per resulting position; play() of a listed play gives its position.
    plays = pos.legal_plays(roll)
    afters = [p.after for p in plays]
    assert len(set(afters)) == len(plays)
    for i, play in enumerate(plays):
        assert play in plays
        assert plays.index(play) == i
        assert pos.play(play) == play.after
        assert play.before == pos
        assert play.dice == (max(roll), min(roll))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_position_round_trips_through_id_repr_and_pickle(pos: gammon.Position) -> None:
    # ID-2: the Position ID decodes to the same position (with its player on roll).
    assert gammon.Position.from_id(pos.id, turn=pos.turn) == pos
    assert eval(repr(pos), vars(gammon)) == pos
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert hash(pickle.loads(pickle.dumps(pos))) == hash(pos)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_pass_turn_is_an_involution(pos: gammon.Position) -> None:
    passed = pos.pass_turn()
    assert passed.pass_turn() == pos
    assert passed.turn == pos.turn.other()
    assert passed.pip_count() == pos.pip_count()  # (white, black) whoever is on roll
    assert passed.checkers_off() == pos.checkers_off()
    assert passed.id != pos.id or pos.checkers("white") == pos.checkers("black")


@settings(max_examples=100, deadline=None)
@given(positions())
def test_mirrored_position_has_the_same_plays(pos: gammon.Position) -> None:
    # The same board with the colors exchanged: same ID, same plays.
    mirror = gammon.Position.from_checkers(
        as_mapping(pos.checkers("black")), as_mapping(pos.checkers("white")), turn=pos.turn.other()
    )
    assert mirror.id == pos.id
    for roll in ROLLS:
        ids = sorted(p.after.id for p in pos.legal_plays(roll))
        assert sorted(p.after.id for p in mirror.legal_plays(roll)) == ids


def test_playlist_index_follows_the_sequence_protocol() -> None:
    # Sequence.index(value, start, stop): negative bounds count from the end; absent -> ValueError.
    plays = gammon.Position.start().legal_plays((3, 1))
    last = plays[-1]
    assert plays.index(last) == len(plays) - 1
    assert plays.index(last, -1) == len(plays) - 1
    assert plays.index(str(last), 0, len(plays)) == len(plays) - 1
    for bounds in [(0, len(plays) - 1), (0, -1), (len(plays), len(plays) + 5)]:
        try:
            plays.index(last, *bounds)
        except ValueError:
            continue
        raise AssertionError(f"found outside {bounds}")
