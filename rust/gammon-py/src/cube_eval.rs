//! `gammon.CubeDecision` (the core's cube decision, frozen) and the cube decision and the
//! cubeful values of positions and plays at the score, by a net, for `gammon.cube_decision`,
//! `gammon.evaluate` and `gammon.hint` (`evaluation.rs` reads their arguments and builds the
//! result objects).

use gammon_core::{
    Backgammon, CubeDecision, CubeInfo, CubefulSearch, NetPolicy, Scoreboard, VariantPlay,
    VariantPosition,
};
use pyo3::prelude::*;

use crate::classes::{PyPlayList, PyPosition};
use crate::cube::PyCube;
use crate::errors::{guard, InvalidInputError};
use crate::match_score::PyMatchScore;
use crate::net::{nets_for, with_prune_arg, PyNet, MAX_PLIES};
use crate::types::PyColor;

/// A cube decision, as GNU Backgammon's cube hint gives it: the cubeful equities of no double,
/// double/take and double/pass for the player on roll, the proper action, and what they were
/// computed from. Made by ``gammon.cube_decision``; ``str()`` prints it as a hint.
///
/// Money equities are in points per unit of the current cube (double/pass is +1); match
/// equities are normalised (EMG: -1 a single game lost at the cube's value, +1 one won), with
/// the match winning chances in ``mwc``.
#[pyclass(name = "CubeDecision", module = "gammon", frozen)]
#[derive(Clone, Copy, Debug)]
pub struct PyCubeDecision {
    pub inner: CubeDecision,
}

#[pymethods]
impl PyCubeDecision {
    /// The equity of playing on without doubling.
    #[getter]
    fn no_double(&self) -> f64 {
        self.inner.no_double
    }

    /// The equity of doubling when the opponent takes (at the current cube's scale).
    #[getter]
    fn double_take(&self) -> f64 {
        self.inner.double_take
    }

    /// The equity of doubling when the opponent passes: +1.
    #[getter]
    fn double_pass(&self) -> f64 {
        self.inner.double_pass
    }

    /// The equity of the proper action.
    #[getter]
    fn equity(&self) -> f64 {
        self.inner.best()
    }

    /// Match play: the match winning chances of no double, double/take and double/pass;
    /// ``None`` in money play.
    #[getter]
    fn mwc(&self) -> Option<(f64, f64, f64)> {
        self.inner.mwc.map(|[a, b, c]| (a, b, c))
    }

    /// The proper action in GNU Backgammon's words: ``"No double, take"``, ``"Double, pass"``,
    /// ``"Too good to redouble, pass"``, ``"No double, beaver"``, ``"Never double, take (dead
    /// cube)"``, ...
    #[getter]
    fn action(&self) -> String {
        self.inner.action()
    }

    /// What the player on roll should do: ``"double"``, ``"no double"``, ``"too good"``,
    /// ``"dead cube"`` (match play: MATCH-3, MATCH-7) or ``"unavailable"`` (the opponent owns
    /// the cube, cube use is off, or it is at the cap).
    #[getter]
    fn doubler_action(&self) -> &'static str {
        self.inner.doubler.name()
    }

    /// What the opponent should answer to a double: ``"take"``, ``"pass"`` or ``"beaver"``.
    #[getter]
    fn taker_action(&self) -> &'static str {
        self.inner.taker.name()
    }

    /// True when doubling is right.
    #[getter]
    fn should_double(&self) -> bool {
        self.inner.should_double()
    }

    /// True when the opponent should take a double (or beaver it).
    #[getter]
    fn should_take(&self) -> bool {
        self.inner.should_take()
    }

    /// True when doubling and playing on are worth the same (an optional double).
    #[getter]
    fn optional(&self) -> bool {
        self.inner.optional
    }

    /// The taker's take point: the least cubeless winning chance with which a double is taken,
    /// by the cube model with this position's gammon rates and cube life.
    #[getter]
    fn take_point(&self) -> f64 {
        self.inner.take_point
    }

    /// The cube life (efficiency) of the position in the cube model: 0.68 with contact, 0.6
    /// to 0.7 in races, 0.6 in bear-offs.
    #[getter]
    fn cube_life(&self) -> f64 {
        self.inner.cube_life
    }

    /// The cubeless probabilities the equities come from, for the player on roll, searched as
    /// deep: ``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)``.
    #[getter]
    fn probabilities(&self) -> (f32, f32, f32, f32, f32) {
        let p = &self.inner.probabilities;
        (
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose_gammon,
            p.lose_backgammon,
        )
    }

    /// How many plies deep the equities were searched.
    #[getter]
    fn plies(&self) -> u32 {
        self.inner.plies
    }

    /// The player on roll, whose equities these are.
    #[getter]
    fn player(&self) -> PyColor {
        self.inner.info.player.into()
    }

    /// The cube's value.
    #[getter]
    fn cube_value(&self) -> u32 {
        self.inner.info.cube.value
    }

    /// The cube's owner, ``None`` when centred.
    #[getter]
    fn cube_owner(&self) -> Option<PyColor> {
        self.inner.info.cube.owner.map(PyColor::from)
    }

    /// True when decided as money play (a money game, or a match longer than the 25 points of
    /// the match equity table).
    #[getter]
    fn is_money(&self) -> bool {
        self.inner.info.is_money()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let d = &self.inner;
        format!(
            "CubeDecision(action={:?}, no_double={:+.4}, double_take={:+.4}, \
             double_pass={:+.4}, plies={})",
            d.action(),
            d.no_double,
            d.double_take,
            d.double_pass,
            d.plies
        )
    }
}

/// The position as a backgammon one, or a clear error (Long Nardy has no cube, LN-38).
fn backgammon(position: &PyPosition) -> PyResult<Backgammon> {
    match position.inner {
        VariantPosition::Backgammon(p) => Ok(p),
        VariantPosition::Nardy(_) => Err(InvalidInputError::new_err(
            "cube decisions and cubeful equities are backgammon's: Long Nardy has no cube \
             (LN-38)",
        )),
    }
}

fn check_plies(plies: u32) -> PyResult<()> {
    if plies > MAX_PLIES {
        return Err(InvalidInputError::new_err(format!(
            "plies must be 0 to {MAX_PLIES}, not {plies}"
        )));
    }
    Ok(())
}

/// The cube of `cube` (its value, owner and rules; a pending offer is the doubler's decision)
/// seen by `player`, in the match `board` (``None``: money play).
fn info(
    cube: &PyCube,
    player: gammon_core::Color,
    board: Option<PyMatchScore>,
) -> PyResult<CubeInfo> {
    let c = cube.inner;
    let scoreboard = match board {
        None => Scoreboard::Money,
        Some(m) if m.inner.is_over() => {
            return Err(InvalidInputError::new_err(format!(
                "the match is over ({}): no game is left to value (MATCH-1)",
                m.inner
            )))
        }
        Some(m) => Scoreboard::Match(m.inner),
    };
    Ok(CubeInfo::new(c.state(), player, scoreboard, c.rules))
}

/// The cube search of `policy`'s nets, pruned as the policy's own search is (the `prune` of
/// the Python calls set on it by [`with_prune_arg`]: nets of one's own never pruned).
fn cube_search(policy: &NetPolicy) -> PyResult<CubefulSearch<'_>> {
    CubefulSearch::new(policy.nets())
        .with_prune(policy.prune_keep())
        .map_err(|e| crate::errors::shipped_pruner_error(&e))
}

/// The cube decision of the player on roll in `position` with `cube` in the match `board`
/// (``None``: money play), searched `plies` deep by `net` (the shipped nets when ``None``),
/// pruned as [`cube_search`] says.
pub(crate) fn cube_decision_of(
    py: Python<'_>,
    position: PyPosition,
    cube: PyCube,
    board: Option<PyMatchScore>,
    plies: u32,
    net: Option<&PyNet>,
    prune: Option<u32>,
) -> PyResult<PyCubeDecision> {
    check_plies(plies)?;
    let pos = backgammon(&position)?;
    let policy = with_prune_arg(nets_for(net, position.inner.variant())?, prune)?;
    let info = info(&cube, position.inner.turn(), board)?;
    let mut search = cube_search(&policy)?;
    py.detach(|| {
        guard(|| {
            Ok(PyCubeDecision {
                inner: search.cube_decision(&pos, &info, plies),
            })
        })
    })
}

/// The cubeless probabilities (win, win gammon, win backgammon, lose gammon, lose backgammon,
/// draw).
type Probs = (f32, f32, f32, f32, f32, f32);

fn probs(p: &gammon_core::eval::Probabilities) -> Probs {
    (
        p.win,
        p.win_gammon,
        p.win_backgammon,
        p.lose_gammon,
        p.lose_backgammon,
        p.draw,
    )
}

/// The value of `position` for its player on roll, before the roll, with `cube` in the match
/// `board`, their own cube decision included, searched `plies` deep: ``(probabilities,
/// value, normalised)``, the value money points per unit of the cube or a match winning
/// chance, the normalised one money points or EMG; pruned as [`cube_search`] says.
pub(crate) fn cubeful_evaluate(
    py: Python<'_>,
    position: PyPosition,
    cube: PyCube,
    board: Option<PyMatchScore>,
    plies: u32,
    net: Option<&PyNet>,
    prune: Option<u32>,
) -> PyResult<(Probs, f64, f64)> {
    check_plies(plies)?;
    let pos = backgammon(&position)?;
    let policy = with_prune_arg(nets_for(net, position.inner.variant())?, prune)?;
    let info = info(&cube, position.inner.turn(), board)?;
    let mut search = cube_search(&policy)?;
    py.detach(|| {
        guard(|| {
            let (p, v) = search.value(&pos, &info, plies);
            Ok((probs(&p), v, info.normalised(v)))
        })
    })
}

/// Every play of `plays` valued for the player on roll with `cube` in the match `board`, the
/// position after it searched `plies` deep: ``[(probabilities, value, normalised), ...]`` in
/// the list's order (as `cubeful_evaluate`, for the player who makes the play).
pub(crate) fn cubeful_rank(
    py: Python<'_>,
    plays: &PyPlayList,
    cube: PyCube,
    board: Option<PyMatchScore>,
    plies: u32,
    net: Option<&PyNet>,
    prune: Option<u32>,
) -> PyResult<Vec<(Probs, f64, f64)>> {
    check_plies(plies)?;
    let before = PyPosition {
        inner: plays.before,
    };
    let pos = backgammon(&before)?;
    let policy = with_prune_arg(nets_for(net, plays.before.variant())?, prune)?;
    let info = info(&cube, plays.before.turn(), board)?;
    let list: Vec<_> = plays
        .plays
        .iter()
        .filter_map(|p| match p {
            VariantPlay::Backgammon(p) => Some(*p),
            VariantPlay::Nardy(_) => None,
        })
        .collect();
    let mut search = cube_search(&policy)?;
    py.detach(|| {
        guard(|| {
            let values = search.play_values(&pos, &list, &info, plies);
            Ok(values
                .iter()
                .map(|v| (probs(&v.probabilities), v.equity, v.normalised))
                .collect())
        })
    })
}
