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
//!
//! With `record`, every checker ply of every game is kept (the board before and after, the
//! roll, the choices and the chosen index) and returned as the trajectories of
//! `gammon.batch.trajectories`, in game order; recording changes no choice.

use gammon_core::encode::Encoding;
use gammon_core::{
    Backgammon, Color, Dice, FirstRoll, GameDice, Nardy, PlayList, Position, Trajectories, Variant,
};
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
    /// The roll of the choice awaiting the evaluator.
    roll: Option<Dice>,
    /// The plies played so far, when recording.
    record: Option<Vec<Ply>>,
}

/// One recorded checker ply (see [`Trajectories`]).
struct Ply {
    ply: u32,
    turn: Color,
    before: [i8; 26],
    roll: Dice,
    after: [i8; 26],
    choices: u16,
    chosen: u16,
}

impl<P: Position + Board26> Slot<P> {
    /// Records the game's latest ply (`plies` counts it already), when recording, from its
    /// position before the play.
    fn keep(&mut self, roll: Dice, after: [i8; 26], choices: usize, chosen: usize) {
        if let Some(record) = self.record.as_mut() {
            record.push(Ply {
                ply: self.plies - 1,
                turn: self.pos.turn(),
                before: self.pos.board26(),
                roll,
                after,
                choices: choices as u16,
                chosen: chosen as u16,
            });
        }
    }
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

/// Game results: points from White's side and plies, indexed from `first`; the plies of each
/// game and its winner when recording.
struct Results {
    points: Vec<i8>,
    plies: Vec<u32>,
    cube: Vec<u32>,
    records: Vec<Option<(Vec<Ply>, Color)>>,
}

impl Results {
    /// The recorded plies of every game, in game order, as flat trajectories.
    fn trajectories(&mut self, first: u64) -> Trajectories {
        let mut t = Trajectories::default();
        for (k, rec) in self.records.iter_mut().enumerate() {
            let Some((plies, winner)) = rec.take() else {
                continue;
            };
            let points = self.points[k].abs();
            for p in plies {
                t.game.push(first + k as u64);
                t.ply.push(p.ply.min(u32::from(u16::MAX)) as u16);
                t.turn.push(p.turn);
                t.before.extend_from_slice(&p.before);
                t.dice.extend([p.roll.high(), p.roll.low()]);
                t.after.extend_from_slice(&p.after);
                t.choices.push(p.choices);
                t.chosen.push(p.chosen);
                t.result
                    .push(if p.turn == winner { points } else { -points });
            }
            t.game_points.push(self.points[k]);
        }
        t
    }
}

const MAX_PLIES: u32 = 100_000;

fn new_slot<P: Position>(
    start: &P,
    seed: u64,
    game: u64,
    first: FirstRoll,
    record: bool,
) -> Slot<P> {
    Slot {
        game,
        pos: *start,
        dice: GameDice::new(seed, game, first, None),
        plies: 0,
        cube: 1,
        owner: None,
        cube_asked: false,
        dropped: None,
        roll: None,
        record: record.then(Vec::new),
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
                if let Some(plies) = s.record.take() {
                    results.records[k] = Some((plies, winner));
                }
                if *next_game < end {
                    let record = !results.records.is_empty();
                    *s = new_slot(start, seed, *next_game, first, record);
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
                0 => {
                    let before = s.pos.board26();
                    s.keep(roll, before, 0, 0);
                    s.pos = s.pos.pass_turn();
                }
                1 => {
                    s.keep(roll, list[0].after().board26(), 1, 0);
                    s.pos = s.pos.play_unchecked(&list[0]);
                }
                n => {
                    s.roll = Some(roll);
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
fn apply<P: Position + Board26>(slots: &mut [Slot<P>], step: &Step<P>, scores: &[f64]) {
    for &(slot, row0, n) in &step.pending {
        let mut best = 0;
        for k in 1..n {
            if scores[row0 + k] > scores[row0 + best] {
                best = k;
            }
        }
        let s = &mut slots[slot];
        if let Some(roll) = s.roll.take() {
            s.keep(roll, step.boards[row0 + best], n, best);
        }
        s.pos = step.next[row0 + best];
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

/// An evaluator's answer as one contiguous float64 score per row
/// (`numpy.ascontiguousarray(answer, float64).reshape(-1)`).
fn scores_of<'py>(answer: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let np = answer.py().import("numpy")?;
    let kwargs = pyo3::types::PyDict::new(answer.py());
    kwargs.set_item("dtype", np.getattr("float64")?)?;
    np.call_method("ascontiguousarray", (answer,), Some(&kwargs))?
        .call_method1("reshape", (-1,))
}

/// A cube evaluator's `(m, 2)` answer (double, take) as `2 m` contiguous uint8 flags, or an
/// error naming the shape it had.
fn cube_flags<'py>(answer: &Bound<'py, PyAny>, m: usize) -> PyResult<Bound<'py, PyAny>> {
    let py = answer.py();
    let np = py.import("numpy")?;
    let a = np.call_method1("asarray", (answer,))?;
    let shape = a.getattr("shape")?;
    if !shape.extract::<(usize, usize)>().is_ok_and(|s| s == (m, 2)) {
        return Err(InvalidInputError::new_err(format!(
            "the cube evaluator must return shape ({m}, 2) (double, take), got {}",
            shape.repr()?
        )));
    }
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("dtype", np.getattr("uint8")?)?;
    np.call_method(
        "ascontiguousarray",
        (a.rich_compare(0, pyo3::basic::CompareOp::Ne)?,),
        Some(&kwargs),
    )?
    .call_method1("reshape", (-1,))
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
    record: bool,
) -> PyResult<(Results, RunStats)> {
    let n = (end - first_game) as usize;
    let mut results = Results {
        points: vec![0; n],
        plies: vec![0; n],
        cube: vec![1; n],
        records: if record {
            (0..n).map(|_| None).collect()
        } else {
            Vec::new()
        },
    };
    let mut next_game = first_game;
    let mut slots: Vec<Slot<P>> = Vec::with_capacity(lockstep);
    while slots.len() < lockstep && next_game < end {
        slots.push(new_slot(&start, seed, next_game, first, record));
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
            let answers: PyReadonlyArray1<'_, u8> = cube_flags(&answer, m)?.extract()?;
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
        let scores: PyReadonlyArray1<'_, f64> = scores_of(&answer)?.extract()?;
        let s = answer_slice(&scores, m, "evaluator")?;
        apply(&mut slots, &step, s);
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
    Option<Bound<'py, pyo3::types::PyDict>>,
);

/// Plays games `first..end` of `seed` from the start of `variant`, both sides choosing with
/// `evaluator` (a callable taking `(M, units)` float32 rows, returning `M` scores); with `cube`
/// (backgammon family), a callable taking the `(K, units)` rows of the games whose player on
/// roll may double, returning `(K, 2)` flags `(double, take)`. With
/// `record`, the last item is the games' trajectories (the dict of `_batch_trajectories`),
/// else `None`.
#[pyfunction]
#[pyo3(signature = (
    evaluator, variant, encoding, seed, first, end, lockstep, cube=None, max_cube=64, record=false
))]
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
    record: bool,
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
    let (mut results, stats) = match gammon_core::VariantPosition::start(variant, Color::White) {
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
            record,
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
            record,
        )?,
    };
    let trajectories = if record {
        Some(crate::batch::trajectories_dict(
            py,
            results.trajectories(first),
        )?)
    } else {
        None
    };
    Ok((
        results.points.into_pyarray(py),
        results.plies.into_pyarray(py),
        results.cube.into_pyarray(py),
        stats,
        trajectories,
    ))
}
