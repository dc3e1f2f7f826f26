//! Games whose checker play is chosen by a Python evaluator that scores the encoded candidate
//! positions of many games at once (`gammon.batch.play_games`). Rust keeps up to `lockstep`
//! games advancing together: per step it rolls, generates and encodes every candidate of every
//! game with a choice (the GIL released), then makes ONE evaluator call for all of them.
//!
//! With a cube evaluator (backgammon family, money play), each game whose player on roll may
//! double (CUBE-2, CUBE-3: before rolling, from the second turn on, the cube centred or theirs,
//! `2 x cube <= max_cube`) first waits for ONE cube call over all such games that step: the
//! call returns, per row, whether the player doubles and whether the opponent takes
//! (CUBE-4..7); a drop ends the game for the cube value before the double (CUBE-6).

use gammon_core::encode::Encoding;
use gammon_core::{Backgammon, Color, FirstRoll, GameDice, Nardy, PlayList, Position, Variant};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use crate::batch::Board26;
use crate::convert::variant_arg;
use crate::errors::{guard, InternalError, InvalidInputError};

/// One game in flight.
struct Slot<P> {
    game: u64,
    pos: P,
    dice: GameDice<'static>,
    plies: u32,
    /// The cube value (CUBE-1) and its owner (`None` = centred).
    cube: u32,
    owner: Option<Color>,
    /// True once this turn's cube question has been answered (the roll comes next).
    cube_asked: bool,
    /// Set when a double was dropped: the winner (the doubler), CUBE-6.
    dropped: Option<Color>,
}

/// The cube settings of a run: `None` without a cube evaluator, else the cap (CUBE-10).
#[derive(Clone, Copy)]
struct CubeRule {
    max_cube: u32,
}

/// The candidates of one step: their boards (owned by the mover), the position each leads to
/// (turn passed), and for each game with a choice its slot and row range. Reused from step to
/// step so that its memory is touched once.
struct Step<P> {
    boards: Vec<[i8; 26]>,
    next: Vec<P>,
    pending: Vec<(usize, usize, usize)>,
    /// Boards (owned by the player on roll) and slots of the games awaiting a cube answer.
    cube_boards: Vec<[i8; 26]>,
    cube_pending: Vec<usize>,
}

/// Game results: points from White's side and plies, indexed from `first`.
struct Results {
    points: Vec<i8>,
    plies: Vec<u32>,
    cube: Vec<u32>,
}

const MAX_PLIES: u32 = 100_000;

fn new_slot<P: Position>(start: &P, seed: u64, game: u64, first: FirstRoll) -> Slot<P> {
    Slot {
        game,
        pos: *start,
        dice: GameDice::new(seed, game, first, None),
        plies: 0,
        cube: 1,
        owner: None,
        cube_asked: false,
        dropped: None,
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
    cube: Option<CubeRule>,
) -> Result<(), String> {
    step.boards.clear();
    step.next.clear();
    step.pending.clear();
    step.cube_boards.clear();
    step.cube_pending.clear();
    let mut i = 0;
    while i < slots.len() {
        // Play forced turns until this game has a choice or ends.
        loop {
            let s = &mut slots[i];
            let over = match s.dropped {
                Some(winner) => Some((winner, 1i8)),
                None => s.pos.outcome().map(|o| (o.winner, o.points() as i8)),
            };
            if let Some((winner, pts)) = over {
                let k = (s.game - origin) as usize;
                results.points[k] = if winner == Color::White { pts } else { -pts };
                results.plies[k] = s.plies;
                results.cube[k] = s.cube;
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
            if let Some(rule) = cube {
                // CUBE-2/3: before rolling, from the second turn on, centred or owned cube.
                let turn = s.pos.turn();
                if !s.cube_asked
                    && s.plies > 0
                    && (s.owner.is_none() || s.owner == Some(turn))
                    && 2 * s.cube <= rule.max_cube
                {
                    s.cube_asked = true;
                    step.cube_boards.push(s.pos.board26());
                    step.cube_pending.push(i);
                    i += 1;
                    break;
                }
            }
            s.cube_asked = false;
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

/// Applies the cube answers: `answers[2 k]` = the player on roll doubles, `answers[2 k + 1]`
/// = the opponent takes (CUBE-4): a take doubles the cube and gives it to the taker (CUBE-5),
/// a drop ends the game, the doubler winning the cube value before the double (CUBE-6).
fn apply_cube<P: Position>(slots: &mut [Slot<P>], pending: &[usize], answers: &[u8]) {
    for (k, &slot) in pending.iter().enumerate() {
        if answers[2 * k] == 0 {
            continue;
        }
        let s = &mut slots[slot];
        let turn = s.pos.turn();
        if answers[2 * k + 1] != 0 {
            s.cube *= 2;
            s.owner = Some(!turn);
        } else {
            s.dropped = Some(turn);
        }
    }
}

/// The statistics of a run: evaluator calls, rows scored, seconds inside the evaluators,
/// cube calls and cube rows.
type RunStats = (u64, u64, f64, u64, u64);

/// A reusable float32 input array for one evaluator (grown by doubling, so that its memory
/// is touched once), and the time spent inside the evaluator.
struct Inputs<'py> {
    buffer: Option<Bound<'py, PyArray2<f32>>>,
    capacity: usize,
}

impl<'py> Inputs<'py> {
    /// Encodes `boards` into the buffer and calls `f` with a view of the first rows; returns
    /// the answer and the seconds spent inside `f`.
    fn call(
        &mut self,
        py: Python<'py>,
        f: &Bound<'py, PyAny>,
        boards: &[[i8; 26]],
        enc: Encoding,
        checkers: u8,
        on_roll: bool,
    ) -> PyResult<(Bound<'py, PyAny>, f64)> {
        let m = boards.len();
        let units = enc.units();
        let buf = match self.buffer.take() {
            Some(b) if self.capacity >= m => b,
            _ => {
                self.capacity = m.max(2 * self.capacity);
                PyArray2::<f32>::zeros(py, [self.capacity, units], false)
            }
        };
        {
            let mut rw = buf.readwrite();
            let out = rw
                .as_slice_mut()
                .map_err(|e| InternalError::new_err(e.to_string()))?;
            py.detach(|| {
                guard(|| {
                    for (b, o) in boards.iter().zip(out.chunks_exact_mut(units)) {
                        enc.encode_into(b, checkers, on_roll, o);
                    }
                    Ok(())
                })
            })?;
        }
        let view = buf
            .as_any()
            .get_item(pyo3::types::PySlice::new(py, 0, m as isize, 1))?;
        self.buffer = Some(buf);
        let t = std::time::Instant::now();
        let answer = f.call1((view,))?;
        Ok((answer, t.elapsed().as_secs_f64()))
    }
}

/// A contiguous 1-d array answer of exactly `len` items, or an error naming what was wrong.
fn answer_slice<'a, T: numpy::Element>(
    answer: &'a PyReadonlyArray1<'_, T>,
    len: usize,
    what: &str,
) -> PyResult<&'a [T]> {
    if answer.len() != len {
        return Err(InvalidInputError::new_err(format!(
            "the {what} returned {} values for {} rows",
            answer.len(),
            len
        )));
    }
    answer
        .as_slice()
        .map_err(|_| InvalidInputError::new_err(format!("the {what}'s answer must be contiguous")))
}

#[allow(clippy::too_many_arguments)]
fn run<'py, P: Position + Board26>(
    py: Python<'py>,
    evaluator: &Bound<'py, PyAny>,
    cube_evaluator: Option<&Bound<'py, PyAny>>,
    max_cube: u32,
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
        cube: vec![1; n],
    };
    let mut next_game = first_game;
    let mut slots: Vec<Slot<P>> = Vec::with_capacity(lockstep);
    while slots.len() < lockstep && next_game < end {
        slots.push(new_slot(&start, seed, next_game, first));
        next_game += 1;
    }
    let mut list: Box<PlayList<P>> = Box::default();
    let checkers = variant.checkers_per_side();
    let cube = cube_evaluator.map(|_| CubeRule { max_cube });
    let (mut calls, mut rows, mut inside, mut cube_calls, mut cube_rows) =
        (0u64, 0u64, 0f64, 0u64, 0u64);
    let mut step = Step {
        boards: Vec::new(),
        next: Vec::new(),
        pending: Vec::new(),
        cube_boards: Vec::new(),
        cube_pending: Vec::new(),
    };
    let mut inputs = Inputs {
        buffer: None,
        capacity: 0,
    };
    let mut cube_inputs = Inputs {
        buffer: None,
        capacity: 0,
    };
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
                    cube,
                )
                .map_err(InternalError::new_err)
            })
        })?;
        if let (Some(f), false) = (cube_evaluator, step.cube_pending.is_empty()) {
            let m = step.cube_pending.len();
            let (answer, secs) = cube_inputs.call(py, f, &step.cube_boards, enc, checkers, true)?;
            inside += secs;
            let answers: PyReadonlyArray1<'_, u8> = answer.extract().map_err(|_| {
                InvalidInputError::new_err(
                    "the cube evaluator must return (double, take) flags per row \
                     (the wrapper converts arrays)",
                )
            })?;
            let a = answer_slice(&answers, 2 * m, "cube evaluator")?;
            apply_cube(&mut slots, &step.cube_pending, a);
            cube_calls += 1;
            cube_rows += m as u64;
        }
        if step.pending.is_empty() {
            continue;
        }
        let m = step.next.len();
        let (answer, secs) = inputs.call(py, evaluator, &step.boards, enc, checkers, false)?;
        inside += secs;
        let scores: PyReadonlyArray1<'_, f64> = answer.extract().map_err(|_| {
            InvalidInputError::new_err(
                "the evaluator must return one float64 score per row (the wrapper converts arrays)",
            )
        })?;
        let s = answer_slice(&scores, m, "evaluator")?;
        apply(&mut slots, &step.next, &step.pending, s);
        calls += 1;
        rows += m as u64;
    }
    Ok((results, (calls, rows, inside, cube_calls, cube_rows)))
}

type Played<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u32>>,
    RunStats,
);

/// Plays games `first..end` of `seed` from the start of `variant`, both sides choosing with
/// `evaluator` (a callable taking `(M, units)` float32 rows, returning `(M,)` float64 scores);
/// with `cube` (backgammon family), a callable taking the `(K, units)` rows of the games whose
/// player on roll may double, returning `(2 K,)` uint8 flags `double, take` per row.
#[pyfunction]
#[pyo3(signature = (evaluator, variant, encoding, seed, first, end, lockstep, cube=None, max_cube=64))]
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
    cube: Option<Bound<'py, PyAny>>,
    max_cube: u32,
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
    if cube.is_some() && variant.family() != gammon_core::RulesFamily::Backgammon {
        return Err(InvalidInputError::new_err(format!(
            "{variant} has no doubling cube: pass cube=None"
        )));
    }
    if !(2..=1 << 30).contains(&max_cube) || !max_cube.is_power_of_two() {
        return Err(InvalidInputError::new_err(format!(
            "max_cube must be a power of two from 2 on (CUBE-10), got {max_cube}"
        )));
    }
    let cube = cube.as_ref();
    let (results, stats) = match gammon_core::VariantPosition::start(variant, Color::White) {
        gammon_core::VariantPosition::Backgammon(p) => run::<Backgammon>(
            py,
            evaluator,
            cube,
            max_cube,
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
            None,
            max_cube,
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
        results.cube.into_pyarray(py),
        stats,
    ))
}
