"""gammon: backgammon and Long Nardy by the book, fast.

A Rust core (legal plays, game play, rollouts) with a Python API in the manner of
python-chess::

    >>> import gammon
    >>> pos = gammon.Position.start()
    >>> pos.id
    '4HPwATDgc/ABMA'
    >>> len(pos.legal_plays((3, 1)))
    16
    >>> pos.pip_count()
    (167, 167)
"""

from __future__ import annotations

import collections.abc

from gammon import bearoff, fibs, files, mat, matchfile, nardy, net, sgf, svg
from gammon._core import (
    Color,
    Move,
    Outcome,
    Play,
    PlayList,
    Position,
    TurnState,
    Variant,
    __version__,
    find_variant,
)
from gammon._run import RunOptions
from gammon.actions import (
    Accept,
    Beaver,
    Decline,
    Double,
    Drop,
    EmptyPlay,
    Raccoon,
    Resign,
    Roll,
    Take,
)
from gammon.analysis import (
    AnalysisProgress,
    Candidate,
    Decision,
    GameAnalysis,
    MatchAnalysis,
    PlayerStats,
    RollLuck,
    analysis_arrays,
    analyze,
    analyze_many,
    decision_arrays,
)
from gammon.checkpoint import Checkpoint, read_checkpoint
from gammon.checkpoint import RolloutCheckpoint as RolloutCheckpoint  # the earlier name
from gammon.compare import ManyRolloutResult, RankedPlay, rank_plays, rollout_many
from gammon.cube import Cube, CubeOffer, CubeRules, Resignation, ResignLevel
from gammon.cubeful import CubefulRolloutResult
from gammon.equity import (
    OutcomeDistribution,
    cubeless_equity,
    match_winning_chance,
    money_equity,
)
from gammon.errors import (
    AmbiguousPlayError,
    CheckpointError,
    GammonError,
    IllegalActionError,
    IllegalCubeActionError,
    IllegalPlayError,
    InternalError,
    InvalidDiceError,
    InvalidInputError,
    InvalidPositionError,
    MatchRecordError,
    NetFileError,
    NotBearoffError,
    ParseError,
)
from gammon.files import read_match, write_match
from gammon.game import Game
from gammon.match import Match, MatchScore, MoneySession
from gammon.matchfile import GameRecord, MatchRecord
from gammon.matchid import MatchId
from gammon.met import MatchEquityTable, kazaross_xg2, load_met
from gammon.net import CubeDecision, Evaluation, Hint, Net, cube_decision, evaluate, hint
from gammon.policies import (
    CubePolicy,
    CubeView,
    FunctionPolicy,
    Player,
    Policy,
    default_cube_policy,
    default_policy,
)
from gammon.result import Ending, GameResult
from gammon.rollout import (
    DEFAULT_CHECKPOINT_EVERY,
    DEFAULT_GAMES_PER_TASK,
    GameOutcomes,
    RolloutProgress,
    RolloutResult,
    RolloutSettings,
    rollout,
)
from gammon.rollout_cube import CubeRolloutProgress, CubeRolloutResult, rollout_cube
from gammon.simulate import (
    MatchRecords,
    MatchResult,
    MoneyRecords,
    MoneyResult,
    SimulationProgress,
    SimulationSetup,
    simulate_match,
    simulate_money,
)
from gammon.xgid import Xgid

svg.install_notebook_hooks()

# The Rust class behaves as a Sequence (len, getitem, index, count, contains, iter); register
# it so that isinstance(plays, collections.abc.Sequence) holds.
collections.abc.Sequence.register(PlayList)

__all__ = [
    "DEFAULT_CHECKPOINT_EVERY",
    "DEFAULT_GAMES_PER_TASK",
    "Accept",
    "AmbiguousPlayError",
    "AnalysisProgress",
    "Beaver",
    "Candidate",
    "Checkpoint",
    "CheckpointError",
    "Color",
    "Cube",
    "CubeDecision",
    "CubeOffer",
    "CubePolicy",
    "CubeRolloutProgress",
    "CubeRolloutResult",
    "CubeRules",
    "CubeView",
    "CubefulRolloutResult",
    "Decision",
    "Decline",
    "Double",
    "Drop",
    "EmptyPlay",
    "Ending",
    "Evaluation",
    "FunctionPolicy",
    "Game",
    "GameAnalysis",
    "GameOutcomes",
    "GameRecord",
    "GameResult",
    "GammonError",
    "Hint",
    "IllegalActionError",
    "IllegalCubeActionError",
    "IllegalPlayError",
    "InternalError",
    "InvalidDiceError",
    "InvalidInputError",
    "InvalidPositionError",
    "ManyRolloutResult",
    "Match",
    "MatchAnalysis",
    "MatchEquityTable",
    "MatchId",
    "MatchRecord",
    "MatchRecordError",
    "MatchRecords",
    "MatchResult",
    "MatchScore",
    "MoneyRecords",
    "MoneyResult",
    "MoneySession",
    "Move",
    "Net",
    "NetFileError",
    "NotBearoffError",
    "Outcome",
    "OutcomeDistribution",
    "ParseError",
    "Play",
    "PlayList",
    "Player",
    "PlayerStats",
    "Policy",
    "Position",
    "Raccoon",
    "RankedPlay",
    "Resign",
    "ResignLevel",
    "Resignation",
    "Roll",
    "RollLuck",
    "RolloutProgress",
    "RolloutResult",
    "RolloutSettings",
    "RunOptions",
    "SimulationProgress",
    "SimulationSetup",
    "Take",
    "TurnState",
    "Variant",
    "Xgid",
    "__version__",
    "analysis_arrays",
    "analyze",
    "analyze_many",
    "bearoff",
    "cube_decision",
    "cubeless_equity",
    "decision_arrays",
    "default_cube_policy",
    "default_policy",
    "evaluate",
    "fibs",
    "files",
    "find_variant",
    "hint",
    "kazaross_xg2",
    "load_met",
    "mat",
    "match_winning_chance",
    "matchfile",
    "money_equity",
    "nardy",
    "net",
    "rank_plays",
    "read_checkpoint",
    "read_match",
    "rollout",
    "rollout_cube",
    "rollout_many",
    "sgf",
    "simulate_match",
    "simulate_money",
    "svg",
    "write_match",
]
