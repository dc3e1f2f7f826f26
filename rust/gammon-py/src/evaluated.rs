//! Games whose checker play is chosen by a Python evaluator that scores the encoded candidate
//! positions of many games at once (`gammon.batch.play_games`). Rust keeps up to `lockstep`
//! games advancing together: per step it rolls, generates and encodes every candidate of every
//! game with a choice (the GIL released), then makes ONE evaluator call for all of them.

use gammon_core::encode::Encoding;
use gammon_core::{Backgammon, Color, FirstRoll, GameDice, Nardy, PlayList, Position, Variant};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use crate::batch::Board26;
use crate::errors::{guard, InternalError, InvalidInputError};
use crate::types::variant_arg;

/// One game in flight.
struct Slot<P> {
    game: u64,
    pos: P,
    dice: GameDice<'static>,
    plies: u32,
}

/// The candidates of one step: their boards (owned by the mover), the position each leads to
/// (turn passed), and for each game with a choice its slot and row range. Reused from step to
/// step so that its memory is touched once.
struct Step<P> {
    boards: Vec<[i8; 26]>,
    next: Vec<P>,
    pending: Vec<(usize, usize, usize)>,
}

/// Game results: points from White's side and plies, indexed from `first`.
struct Results {
    points: Vec<i8>,
    plies: Vec<u32>,
}

const MAX_PLIES: u32 = 100_000;

fn new_slot<P: Position>(start: &P, seed: u64, game: u64, first: FirstRoll) -> Slot<P> {
    Slot {
        game,
        pos: *start,
        dice: GameDice::new(seed, game, first, None),
        plies: 0,
    }
}

/// Advances every slot to its next choice (forced plays and passes are made here), finishes
/// games, refills slots from `next_game`, and encodes the candidates of the choices.
#[allow(clippy::too_many_arguments)]
fn advance<P: Position + Board26>(
    slots: &mut Vec<Slot<P>>,
    start: &P,
    seed: u64,
    first: FirstRoll,
    next_game: &mut u64,
    end: u64,
    origin: u64,
    results: &mut Results,
    step: &mut Step<P>,
    list: &mut PlayList<P>,
) -> Result<(), String> {
    step.boards.clear();
    step.next.clear();
    step.pending.clear();
    let mut i = 0;
    while i < slots.len() {
        // Play forced turns until this game has a choice or ends.
        loop {
            let s = &mut slots[i];
            if let Some(o) = s.pos.outcome() {
                let k = (s.game - origin) as usize;
                let pts = o.points() as i8;
                results.points[k] = if o.winner == Color::White { pts } else { -pts };
                results.plies[k] = s.plies;
                if *next_game < end {
                    *s = new_slot(start, seed, *next_game, first);
                    *next_game += 1;
                    continue;
                }
                slots.swap_remove(i);
                break;
            }
            if s.plies >= MAX_PLIES {
                return Err(format!(
                    "game {} did not end within {MAX_PLIES} plies",
                    s.game
                ));
            }
            let roll = s.dice.next_roll();
            s.pos.legal_plays_into(roll, list);
            s.plies += 1;
            match list.len() {
                0 => s.pos = s.pos.pass_turn(),
                1 => s.pos = s.pos.play_unchecked(&list[0]),
                n => {
                    let row0 = step.next.len();
                    for play in list.iter() {
                        step.boards.push(play.after().board26());
                        step.next.push(s.pos.play_unchecked(play));
                    }
                    step.pending.push((i, row0, n));
                    i += 1;
                    break;
                }
            }
        }
    }
    Ok(())
}

/// Applies the evaluator's scores: each pending game takes its best-scored candidate (the
/// first of equal scores).
fn apply<P: Position>(
    slots: &mut [Slot<P>],
    next: &[P],
    pending: &[(usize, usize, usize)],
    scores: &[f64],
) {
    for &(slot, row0, n) in pending {
        let mut best = 0;
        for k in 1..n {
            if scores[row0 + k] > scores[row0 + best] {
                best = k;
            }
        }
        slots[slot].pos = next[row0 + best];
    }
}

/// The statistics of a run: evaluator calls, rows scored, seconds inside the evaluator.
type RunStats = (u64, u64, f64);

#[allow(clippy::too_many_arguments)]
fn run<P: Position + Board26>(
    py: Python<'_>,
    evaluator: &Bound<'_, PyAny>,
    start: P,
    variant: Variant,
    enc: Encoding,
    seed: u64,
    first_game: u64,
    end: u64,
    lockstep: usize,
    first: FirstRoll,
) -> PyResult<(Results, RunStats)> {
    let n = (end - first_game) as usize;
    let mut results = Results {
        points: vec![0; n],
        plies: vec![0; n],
    };
    let mut next_game = first_game;
    let mut slots: Vec<Slot<P>> = Vec::with_capacity(lockstep);
    while slots.len() < lockstep && next_game < end {
        slots.push(new_slot(&start, seed, next_game, first));
        next_game += 1;
    }
    let mut list: Box<PlayList<P>> = Box::default();
    let checkers = variant.checkers_per_side();
    let units = enc.units();
    let (mut calls, mut rows, mut inside) = (0u64, 0u64, 0f64);
    let mut step = Step {
        boards: Vec::new(),
        next: Vec::new(),
        pending: Vec::new(),
    };
    // The evaluator's input array, reused (and grown by doubling) from call to call.
    let mut buffer: Option<Bound<'_, PyArray2<f32>>> = None;
    let mut capacity = 0usize;
    while !slots.is_empty() {
        py.detach(|| {
            guard(|| {
                advance(
                    &mut slots,
                    &start,
                    seed,
                    first,
                    &mut next_game,
                    end,
                    first_game,
                    &mut results,
                    &mut step,
                    &mut list,
                )
                .map_err(InternalError::new_err)
            })
        })?;
        if step.pending.is_empty() {
            continue;
        }
        let m = step.next.len();
        let buf = match buffer.take() {
            Some(b) if capacity >= m => b,
            _ => {
                capacity = m.max(2 * capacity);
                PyArray2::<f32>::zeros(py, [capacity, units], false)
            }
        };
        {
            let mut rw = buf.readwrite();
            let out = rw
                .as_slice_mut()
                .map_err(|e| InternalError::new_err(e.to_string()))?;
            let boards = &step.boards;
            py.detach(|| {
                guard(|| {
                    for (b, o) in boards.iter().zip(out.chunks_exact_mut(units)) {
                        enc.encode_into(b, checkers, false, o);
                    }
                    Ok(())
                })
            })?;
        }
        let view = buf
            .as_any()
            .get_item(pyo3::types::PySlice::new(py, 0, m as isize, 1))?;
        buffer = Some(buf);
        let t = std::time::Instant::now();
        let answer = evaluator.call1((view,))?;
        inside += t.elapsed().as_secs_f64();
        let scores: PyReadonlyArray1<'_, f64> = answer.extract().map_err(|_| {
            InvalidInputError::new_err(
                "the evaluator must return one float64 score per row (the wrapper converts arrays)",
            )
        })?;
        if scores.len() != m {
            return Err(InvalidInputError::new_err(format!(
                "the evaluator returned {} scores for {m} candidate rows",
                scores.len()
            )));
        }
        let s = scores
            .as_slice()
            .map_err(|_| InvalidInputError::new_err("scores must be contiguous"))?;
        apply(&mut slots, &step.next, &step.pending, s);
        calls += 1;
        rows += m as u64;
    }
    Ok((results, (calls, rows, inside)))
}

type Played<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<u32>>,
    RunStats,
);

/// Plays games `first..end` of `seed` from the start of `variant`, both sides choosing with
/// `evaluator` (a callable taking `(M, units)` float32 rows, returning `(M,)` float64 scores).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn _batch_play_evaluated<'py>(
    py: Python<'py>,
    evaluator: &Bound<'py, PyAny>,
    variant: &Bound<'py, PyAny>,
    encoding: &str,
    seed: u64,
    first: u64,
    end: u64,
    lockstep: usize,
) -> PyResult<Played<'py>> {
    let variant = variant_arg(variant)?;
    let enc = Encoding::from_name(encoding)
        .filter(|e| e.supports(variant))
        .ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "no encoding {encoding:?} for {variant}; expected one of {:?}",
                Encoding::ALL.map(Encoding::name)
            ))
        })?;
    if end < first || lockstep == 0 {
        return Err(InvalidInputError::new_err(
            "games must be non-negative and lockstep at least 1",
        ));
    }
    let (results, stats) = match gammon_core::VariantPosition::start(variant, Color::White) {
        gammon_core::VariantPosition::Backgammon(p) => run::<Backgammon>(
            py,
            evaluator,
            p,
            variant,
            enc,
            seed,
            first,
            end,
            lockstep,
            FirstRoll::Opening,
        )?,
        gammon_core::VariantPosition::Nardy(p) => run::<Nardy>(
            py,
            evaluator,
            p,
            variant,
            enc,
            seed,
            first,
            end,
            lockstep,
            FirstRoll::Any,
        )?,
    };
    Ok((
        results.points.into_pyarray(py),
        results.plies.into_pyarray(py),
        stats,
    ))
}
