//! `gammon._core._net_*`: the shipped neural nets of the core for `gammon.evaluate` and
//! `gammon.hint` (which validate arguments and build the result objects).

use gammon_core::eval::net::{shipped, AfterState, NetEvaluator, NetPosition, SearchBuffers};
use gammon_core::eval::{Evaluator, Probabilities};
use gammon_core::{RulesFamily, VariantPlay, VariantPosition};
use pyo3::prelude::*;

use crate::classes::{PyPlayList, PyPosition};
use crate::errors::{guard, InternalError, InvalidInputError};

/// The most plies a search may look ahead (a 3-ply search of one play already evaluates
/// about ten million positions).
pub const MAX_PLIES: u32 = 3;

/// Five probabilities and the draw: `(win, win_gammon, win_backgammon, lose_gammon,
/// lose_backgammon, draw)`.
type Probs = (f32, f32, f32, f32, f32, f32);

fn tuple(p: &Probabilities) -> Probs {
    (
        p.win,
        p.win_gammon,
        p.win_backgammon,
        p.lose_gammon,
        p.lose_backgammon,
        p.draw,
    )
}

fn nets(family: RulesFamily) -> PyResult<&'static NetEvaluator> {
    shipped(family).map_err(|e| InternalError::new_err(format!("the shipped weights: {e}")))
}

fn check_plies(plies: u32) -> PyResult<()> {
    if plies > MAX_PLIES {
        return Err(InvalidInputError::new_err(format!(
            "plies must be 0 to {MAX_PLIES}, not {plies}"
        )));
    }
    Ok(())
}

/// How a position on roll is valued: `"final"` (the game is over), `"bearoff"` (the
/// bear-off databases, backgammon) or `"net"`.
fn source_on_roll<P: NetPosition>(nets: &NetEvaluator, pos: &P) -> &'static str
where
    NetEvaluator: AfterState<P>,
{
    if pos.is_game_over() {
        "final"
    } else if nets.exact_after(&pos.pass_turn()).is_some() {
        "bearoff"
    } else {
        "net"
    }
}

fn evaluate_on_roll<P: NetPosition>(
    nets: &NetEvaluator,
    pos: &P,
    plies: u32,
) -> (Probs, &'static str)
where
    NetEvaluator: AfterState<P> + Evaluator<P>,
{
    let source = source_on_roll(nets, pos);
    let p = if plies == 0 || source != "net" {
        nets.evaluate(pos)
    } else {
        nets.on_roll_plies(pos, plies, &mut SearchBuffers::default())
    };
    (tuple(&p), source)
}

/// The shipped net's value of `position` for its player on roll, before the roll, searched
/// `plies` plies deep: `((win, win_gammon, win_backgammon, lose_gammon, lose_backgammon,
/// draw), source)` with `source` `"net"`, `"bearoff"` (exact) or `"final"`.
#[pyfunction]
#[pyo3(signature = (position, plies=0))]
pub fn _net_evaluate(
    py: Python<'_>,
    position: PyPosition,
    plies: u32,
) -> PyResult<(Probs, &'static str)> {
    check_plies(plies)?;
    let family = position.inner.variant().family();
    let nets = nets(family)?;
    py.detach(|| {
        guard(|| {
            Ok(match position.inner {
                VariantPosition::Backgammon(pos) => evaluate_on_roll(nets, &pos, plies),
                VariantPosition::Nardy(pos) => evaluate_on_roll(nets, &pos, plies),
            })
        })
    })
}

fn rank<P: NetPosition>(
    nets: &NetEvaluator,
    plays: &[gammon_core::Play<P>],
    plies: u32,
) -> Vec<(Probs, bool)>
where
    NetEvaluator: AfterState<P>,
{
    let mut bufs = SearchBuffers::default();
    plays
        .iter()
        .map(|p| {
            let exact = nets.exact_after(p.after()).is_some();
            let v = nets.after_value_plies(p.after(), plies, &mut bufs);
            (tuple(&v), exact)
        })
        .collect()
}

/// The shipped net's value of every play of `plays` for the player who makes it, searched
/// `plies` plies deep, in the list's order: `[(probabilities, exact), ...]`.
#[pyfunction]
#[pyo3(signature = (plays, plies=0))]
pub fn _net_rank(py: Python<'_>, plays: &PyPlayList, plies: u32) -> PyResult<Vec<(Probs, bool)>> {
    check_plies(plies)?;
    let family = plays.before.variant().family();
    let nets = nets(family)?;
    let list = plays.plays.clone();
    py.detach(|| {
        guard(|| {
            Ok(match family {
                RulesFamily::Backgammon => {
                    let v: Vec<_> = list
                        .iter()
                        .filter_map(|p| match p {
                            VariantPlay::Backgammon(p) => Some(*p),
                            VariantPlay::Nardy(_) => None,
                        })
                        .collect();
                    rank(nets, &v, plies)
                }
                RulesFamily::LongNardy => {
                    let v: Vec<_> = list
                        .iter()
                        .filter_map(|p| match p {
                            VariantPlay::Nardy(p) => Some(*p),
                            VariantPlay::Backgammon(_) => None,
                        })
                        .collect();
                    rank(nets, &v, plies)
                }
            })
        })
    })
}
