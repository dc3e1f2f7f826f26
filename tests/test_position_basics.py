"""Basic contract of gammon.Position (foundation issue, item 3)."""

import pickle

import pytest

import gammon


def test_start_position_id_and_pips() -> None:
    # BG-7, BG-8, ID-3
    pos = gammon.Position.start()
    assert pos.id == "4HPwATDgc/ABMA"
    assert pos.pip_count() == (167, 167)
    assert pos.turn == gammon.Color.WHITE
    assert gammon.Position.from_id("4HPwATDgc/ABMA") == pos


def test_legal_plays_is_a_read_only_sequence() -> None:
    pos = gammon.Position.start()
    plays = pos.legal_plays((3, 1))
    assert len(plays) == 16
    assert plays[0] in plays
    assert plays[-1] == plays[len(plays) - 1]
    assert list(plays) == [plays[i] for i in range(len(plays))]
    with pytest.raises(IndexError):
        plays[16]


def test_play_passes_the_turn() -> None:
    pos = gammon.Position.start()
    play = pos.legal_plays((3, 1))[0]
    after = pos.play(play)
    assert after.turn == gammon.Color.BLACK
    assert after == play.after


def test_positions_and_plays_pickle_and_hash() -> None:
    pos = gammon.Position.start("nackgammon", turn="black")
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert hash(pickle.loads(pickle.dumps(pos))) == hash(pos)
    play = pos.legal_plays("64")[0]
    assert pickle.loads(pickle.dumps(play)) == play
    assert eval(repr(pos), vars(gammon)) == pos


@pytest.mark.parametrize("dice", [(0, 3), (3, 7), (1,), "x1", 31, (True, 2), None])
def test_bad_dice_raise_invalid_dice_error(dice: object) -> None:
    with pytest.raises(gammon.InvalidDiceError):
        gammon.Position.start().legal_plays(dice)  # type: ignore[arg-type]


def test_bad_ids_raise_value_errors_of_gammon() -> None:
    with pytest.raises(gammon.ParseError):
        gammon.Position.from_id("not-an-id")
    with pytest.raises(gammon.InvalidInputError):
        gammon.Position.from_id("4HPwATDgc/ABMA", variant="chess")


def test_colors_variants_and_outcomes_pickle() -> None:
    for value in [*gammon.Variant.all(), gammon.Color.WHITE, gammon.Color.BLACK]:
        assert pickle.loads(pickle.dumps(value)) is value


def test_boards_give_every_play_s_resulting_position_in_one_array() -> None:
    import numpy as np

    for variant, dice in [("backgammon", (6, 6)), ("nackgammon", (5, 2)), ("long-nardy", (3, 3))]:
        pos = gammon.Position.start(variant)
        plays = pos.legal_plays(dice)
        boards = plays.boards()
        assert boards.shape == (len(plays), 26)
        assert boards.dtype == np.int8
        for row, play in zip(boards, plays):
            # The row is the board after the play with the mover still on roll, i.e. the board
            # of the next position seen from the other side.
            assert row.tolist() == play.after.pass_turn().board().tolist()
        # Checkers are conserved: the mover's 15 (minus any borne off) and the opponent's.
        assert (boards.clip(min=0).sum(axis=1) == 15).all()
        assert (boards.clip(max=0).sum(axis=1) == -15).all()


def test_board_layout_is_the_mover_s_view() -> None:
    board = gammon.Position.start(turn="black").board().tolist()
    assert board[24] == 2 and board[13] == 5 and board[8] == 3 and board[6] == 5  # mover
    assert board[1] == -2 and board[12] == -5 and board[17] == -3 and board[19] == -5
    assert board[0] == 0 and board[25] == 0  # the bars
    closed = gammon.Position.from_checkers({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 3})
    assert closed.board().tolist()[25] == 1
    assert closed.legal_plays((6, 6)).boards().shape == (0, 26)  # BAR-4: no play
