//! `gammon.Play` (a whole turn of one position and roll) and `gammon.PlayList` (the legal
//! plays of a roll, a read-only sequence).

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PySlice, PyString, PyTuple};

use crate::classes::{PyPlay, PyPlayList, PyPosition};
use crate::convert::board_array;
use crate::types::PyMove;
use numpy::PyArray2;

#[pymethods]
impl PyPlay {
    /// The moves, one checker and one die each, in a legal order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.play
            .moves()
            .iter()
            .map(|&inner| PyMove { inner })
            .collect()
    }

    /// The roll the play was made for, larger die first.
    #[getter]
    fn dice(&self) -> (u8, u8) {
        (self.dice.high(), self.dice.low())
    }

    /// How many dice the play uses (0 to 4).
    #[getter]
    fn dice_used(&self) -> usize {
        self.play.moves().len()
    }

    /// True when a move of the play hits a blot.
    #[getter]
    fn hits(&self) -> bool {
        self.play.moves().iter().any(|m| m.hit)
    }

    /// The position the play is made in.
    #[getter]
    fn before(&self) -> PyPosition {
        PyPosition { inner: self.before }
    }

    /// The position after the play, with the turn passed to the opponent.
    #[getter]
    fn after(&self) -> PyPosition {
        PyPosition {
            inner: self.after_position(),
        }
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<Play '{}' ({})>", self.text(), self.dice)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyPlay>()
            .is_ok_and(|o| o.key() == self.key())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let ctor = py.import("gammon._core")?.getattr("_play_from_text")?;
        let args = PyTuple::new(
            py,
            [
                Bound::new(py, PyPosition { inner: self.before })?.into_any(),
                PyString::new(py, &self.dice.to_string()).into_any(),
                PyString::new(py, &self.text()).into_any(),
            ],
        )?;
        Ok((ctor, args))
    }
}

#[pymethods]
impl PyPlayList {
    fn __len__(&self) -> usize {
        self.plays.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let ind = slice.indices(self.plays.len() as isize)?;
            let mut out = Vec::new();
            let mut i = ind.start;
            while (ind.step > 0 && i < ind.stop) || (ind.step < 0 && i > ind.stop) {
                out.push(self.item(i as usize));
                i += ind.step;
            }
            return Ok(pyo3::types::PyList::new(py, out)?.into_any());
        }
        let n = self.plays.len() as isize;
        // An int too large for isize is out of range, like any other (not an
        // OverflowError).
        let i: isize = match index.extract() {
            Ok(i) => i,
            Err(_) if index.is_instance_of::<pyo3::types::PyInt>() => {
                return Err(PyIndexError::new_err(format!(
                    "play index out of range for {n} plays"
                )))
            }
            Err(e) => return Err(e),
        };
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            return Err(PyIndexError::new_err(format!(
                "play index {i} out of range for {n} plays"
            )));
        }
        Ok(Bound::new(py, self.item(j as usize))?.into_any())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        if let Ok(p) = item.extract::<PyPlay>() {
            return p.before == self.before && self.plays.iter().any(|q| q == &p.play);
        }
        if let Ok(s) = item.cast::<PyString>() {
            if let Ok(text) = s.to_cow() {
                return self.before.parse_play(self.dice, &text).is_ok();
            }
        }
        false
    }

    fn __iter__(slf: Bound<'_, Self>) -> PlayListIter {
        PlayListIter {
            list: slf.unbind(),
            next: 0,
        }
    }

    /// Two lists are equal when they hold the same plays of the same position and roll.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyPlayList>().is_ok_and(|o| {
            let o = o.get();
            o.before == self.before && o.dice == self.dice && o.plays == self.plays
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.before, self.dice, &self.plays).hash(&mut h);
        h.finish()
    }

    /// Pickles as the call that rebuilds the list: ``position.legal_plays(dice)``.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let position = Bound::new(py, PyPosition { inner: self.before })?;
        let rebuild = position.getattr("legal_plays")?;
        let args = PyTuple::new(py, [PyString::new(py, &self.dice.to_string())])?;
        Ok((rebuild, args))
    }

    /// The roll, larger die first.
    #[getter]
    fn dice(&self) -> (u8, u8) {
        (self.dice.high(), self.dice.low())
    }

    /// The position the plays are made in.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition { inner: self.before }
    }

    /// The position after each play as a numpy ``int8`` array of shape ``(len(self), 26)``,
    /// in one call: the batch form engines and neural-net evaluators want.
    ///
    /// Each row is the board after the play, **the mover still on roll**, in the mover's
    /// numbering: index 1..24 the points (positive = the mover's checkers, negative = the
    /// opponent's), 25 the mover's bar, 0 the opponent's bar as a negative count (Long Nardy:
    /// 0 and 25 are always 0). Row ``i`` belongs to ``self[i]``.
    fn boards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let mut boards = Vec::with_capacity(self.plays.len() * 26);
        for play in &self.plays {
            boards.extend(play.after().board26());
        }
        board_array(py, boards, self.plays.len())
    }

    /// The canonical texts of the plays, in order.
    fn texts(&self) -> Vec<String> {
        self.plays
            .iter()
            .map(|p| self.before.format_play(p))
            .collect()
    }

    /// The index of a play (a ``Play`` or a text) within ``[start, stop)`` (negative bounds
    /// count from the end, as for ``list.index``); raises ``ValueError`` if absent.
    #[pyo3(signature = (value, start = 0, stop = None, /))]
    fn index(
        &self,
        value: &Bound<'_, PyAny>,
        start: isize,
        stop: Option<isize>,
    ) -> PyResult<usize> {
        let n = self.plays.len() as isize;
        let clamp = |i: isize| if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
        let (lo, hi) = (clamp(start), clamp(stop.unwrap_or(n)));
        let target = if let Ok(p) = value.extract::<PyPlay>() {
            (p.before == self.before).then_some(p.play)
        } else if let Ok(s) = value.cast::<PyString>() {
            let text = s.to_cow().ok();
            text.and_then(|t| self.before.parse_play(self.dice, &t).ok())
        } else {
            None
        };
        target
            .and_then(|t| (lo..hi.max(lo)).find(|&i| self.plays[i] == t))
            .ok_or_else(|| pyo3::exceptions::PyValueError::new_err("play is not in the list"))
    }

    /// How many times a play (a ``Play`` or a text) occurs: 1 or 0, as the plays are
    /// distinct (``collections.abc.Sequence.count``).
    fn count(&self, value: &Bound<'_, PyAny>) -> usize {
        usize::from(self.index(value, 0, None).is_ok())
    }

    fn __repr__(&self) -> String {
        format!(
            "PlayList({}, [{}])",
            self.dice,
            self.texts()
                .iter()
                .map(|t| format!("'{t}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// Iterator over a ``PlayList``.
#[pyclass(module = "gammon")]
pub struct PlayListIter {
    list: Py<PyPlayList>,
    next: usize,
}

#[pymethods]
impl PlayListIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>) -> Option<PyPlay> {
        let list = slf.list.get();
        let i = slf.next;
        if i < list.plays.len() {
            let item = list.item(i);
            slf.next += 1;
            Some(item)
        } else {
            None
        }
    }
}

/// The index in `plays` of the play a built-in policy chooses (`backgammon` or `nardy`,
/// made for the rules of `plays`), its random choices from the stream of (`seed`, `index`):
/// what `_choose_play` and `gammon.Net.choose` answer. Fewer than two plays need no choice.
pub(crate) fn choose_in<
    B: gammon_core::Policy<gammon_core::Backgammon>,
    N: gammon_core::Policy<gammon_core::Nardy>,
>(
    plays: &PyPlayList,
    seed: u64,
    index: u64,
    backgammon: impl FnOnce() -> B,
    nardy: impl FnOnce() -> N,
) -> PyResult<usize> {
    crate::errors::guard(|| {
        if plays.plays.len() < 2 {
            return Ok(0);
        }
        let mut rng = gammon_core::game_stream(seed, index, gammon_core::Stream::Choices);
        let chosen = match plays.before {
            gammon_core::VariantPosition::Backgammon(pos) => {
                let list = gammon_core::Position::legal_plays(&pos, plays.dice);
                backgammon().choose(&pos, plays.dice, &list, &mut rng)
            }
            gammon_core::VariantPosition::Nardy(pos) => {
                let list = gammon_core::Position::legal_plays(&pos, plays.dice);
                nardy().choose(&pos, plays.dice, &list, &mut rng)
            }
        };
        chosen.map_err(|_| crate::errors::InvalidInputError::new_err("the policy stopped"))
    })
}
