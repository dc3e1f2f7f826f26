"""Checkpoint files of every run, read back and continued.

Every run function keeps its state in a file when given ``checkpoint=``: a rollout (cubeless
or cubeful), a comparison on common dice (:func:`~gammon.rollout_many`,
:func:`~gammon.rank_plays`), a cube decision rolled out (:func:`~gammon.rollout_cube`) and a
simulation (:func:`~gammon.simulate_match`,
:func:`~gammon.simulate_money`). Each file holds the merged statistics, the items done, the
run's setup, its format and a SHA-256 integrity check, and is written atomically.
:func:`read_checkpoint` reads any of them, validated completely, and the value it returns
continues the run (:meth:`Checkpoint.resume`). Files written by earlier versions read too.

Every run saves and resumes the same way::

    >>> import os, tempfile
    >>> import gammon
    >>> path = os.path.join(tempfile.mkdtemp(), "matches.json")
    >>> players = ("pubeval", "random")
    >>> part = gammon.simulate_match(3, players=players, matches=40, seed=1, checkpoint=path)
    >>> whole = gammon.read_checkpoint(path).resume(100)   # 60 more matches, the file kept
    >>> whole == gammon.simulate_match(3, players=players, matches=100, seed=1)
    True
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple, Optional, Union

import gammon._core as _core
from gammon._checks import int_arg
from gammon._core import CubeRolloutResult, ManyRolloutResult, MatchResult, MoneyResult
from gammon._run import RunOptions, drive, refuse_unknown
from gammon.compare import _many_run
from gammon.errors import InvalidInputError
from gammon.policies import Player, PlayerSpec, PolicySpec, _players_arg
from gammon.rollout import CubeSpec, _each, _one_cube, _one_policy, _run_of
from gammon.rollout_cube import _cube_run
from gammon.simulate import _simulation

__all__ = ["Checkpoint", "RolloutCheckpoint", "read_checkpoint"]


class Checkpoint(NamedTuple):
    """A checkpoint file read by :func:`read_checkpoint`: the items done and the run asked for."""

    result: Any
    """The items done so far, with the run's setup: a :class:`~gammon.RolloutResult`, a
    :class:`~gammon.CubefulRolloutResult`, a :class:`~gammon.CubeRolloutResult`, a
    :class:`~gammon.ManyRolloutResult`, a
    :class:`~gammon.MatchResult` or a :class:`~gammon.MoneyResult`."""
    first_game: int
    """The index of the run's first item (game or match)."""
    games: int
    """The items (games or matches) the run was asked for."""
    path: str = ""
    """The file read."""

    def resume(self, games: Optional[int] = None, **options: Any) -> Any:
        """Continue the run of this file and return the result of the whole run.

        Only the items the file does not hold are played, as the run function called again
        with the same arguments would. ``games``: the items the run asks for (default: the
        file's; more extends it). ``options``: the execution options
        (:class:`~gammon.RunOptions`' fields); the file is kept up to date unless
        ``checkpoint=`` names another. A run of Python policies needs
        their objects, given to :func:`read_checkpoint`. Raises
        :class:`~gammon.InvalidInputError` for bad options and :class:`~gammon.CheckpointError`
        when the file changed since it was read.
        """
        items = self.games if games is None else int_arg("games", games, 0)
        options.setdefault("checkpoint", self.path or None)
        run = RunOptions.take(None, options)
        refuse_unknown("resume", options, ("games",), RunOptions.fields())
        r = self.result
        if isinstance(r, ManyRolloutResult):
            setups = [x.setup for x in r.results]
            kind: Any = _many_run(setups, r.seed, r.common_dice, True)
        elif isinstance(r, (MatchResult, MoneyResult)):
            s = r.setup
            players = r.players if r.players is not None else _named_players(s)
            kind = _simulation(
                s.length, s.crawford, players, r.seed, s.cube_rules, s.variant, False
            )
        elif isinstance(r, CubeRolloutResult):
            kind = _cube_run(r.setup, r.score, True)
        else:
            kind = _run_of(r.setup, False, run, True)
        return drive(kind, self.first_game, items, run)


#: The name this value had when only rollouts were read back.
RolloutCheckpoint = Checkpoint


def _named_players(setup: Any) -> tuple[Player, Player]:
    """The players of built-in policies that a simulation's file names, at its depths."""
    names, plies, cube_plies, prune = setup.names, setup.plies, setup.cube_plies, setup.prune

    def player(i: int) -> Player:
        checker, _, cube = names[i].partition("+")
        return Player(checker, cube or None, plies[i], cube_plies[i], prune[i])

    try:
        return (player(0), player(1))
    except InvalidInputError:
        raise InvalidInputError(
            f"the simulation was played by {names[0]} and {names[1]}, which a checkpoint "
            "records by name only: pass them to read_checkpoint(path, players=...) to resume it"
        ) from None


def read_checkpoint(
    path: Union[str, os.PathLike[str]],
    *,
    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None,
    cube: Union[CubeSpec, tuple[CubeSpec, CubeSpec], None] = None,
    players: Optional[tuple[PlayerSpec, PlayerSpec]] = None,
) -> Checkpoint:
    """Read the checkpoint file of any run (``checkpoint=``), validated completely.

    The file's SHA-256 integrity check must match and the run in it is validated as the
    result's ``from_dict`` does. ``policy`` and ``cube``: the Python policy objects of a
    rollout or comparison they played, ``players``: the players of a simulation (checkpoints
    record Python policies by their class names only). :meth:`Checkpoint.resume` continues
    the run. Checkpoints written by earlier versions of gammon read too.

    Raises :class:`~gammon.CheckpointError` naming what is wrong (an unreadable file, not
    UTF-8 or not JSON, another format, a failed integrity check, items outside the run's
    range).
    """
    where = os.fspath(path)
    data = _core._read_checkpoint_file(where)
    kind = _core._checkpoint_kind(data)
    if kind in ("match", "money"):
        pair = None if players is None else _players_arg(players)
        result, first, items = _core._read_simulation_file(data, where, pair)
        return Checkpoint(result, first, items, where)
    pol, cub = _each(policy, _one_policy), _each(cube, _one_cube)
    if kind == "cube":
        cube_result, first, games = _core._read_cube_rollout_checkpoint(
            data, where, policy=pol, cube=cub
        )
        return Checkpoint(cube_result, first, games, where)
    if kind == "many":
        many = _core._read_many_file(data, where, policy=pol, cube=cub)
        return Checkpoint(many, 0, many.results[0].games_requested, where)
    result, first, games = _core._read_rollout_checkpoint(data, where, policy=pol, cube=cub)
    return Checkpoint(result, first, games, where)
