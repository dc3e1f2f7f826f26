//! `gammon.Net` (the shipped nets of the core or nets of your own, read from gammon's
//! weights files) and the cubeless values of positions and plays by a net, for
//! `gammon.evaluate` and `gammon.hint` (`evaluation.rs`).

use std::path::PathBuf;
use std::sync::Arc;

use gammon_core::eval::net::{
    AfterState, NetEvaluator, NetFileError, NetPosition, SHIPPED_BACKGAMMON, SHIPPED_LONG_NARDY,
};
use gammon_core::eval::{Evaluator, Probabilities};
use gammon_core::{
    pruning_net_fits, NetPolicy, RulesFamily, Variant, VariantPlay, VariantPosition,
};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyMemoryView, PyTuple};

use crate::classes::{PyPlayList, PyPosition};
use crate::errors::{guard, net_file_error, InternalError, InvalidInputError};
use crate::types::PyVariant;

/// Neural nets that value positions: the shipped ones of a game, or nets of your own read
/// from a weights file of gammon's format (``.gnet``, written by ``gammon-train``).
///
/// A ``Net`` is a checker-play policy wherever one is accepted (``gammon.rollout(pos,
/// policy=net)``, the simulations, ``Player(net)``): it plays in Rust on every thread, as
/// ``"net"`` does, and ``choose(position, plays)`` gives its choice. ``gammon.evaluate`` and
/// ``gammon.hint`` take one as ``net=``. Backgammon nets play every backgammon variant; Long
/// Nardy nets play Long Nardy. Where the bear-off databases cover a backgammon position its
/// exact value is used instead of any net's.
///
/// Raises ``NetFileError`` (a ``ParseError``) for weights that do not read, naming the first
/// thing wrong, and ``OSError`` for a file that cannot be read.
#[pyclass(name = "Net", module = "gammon", frozen)]
pub struct PyNet {
    /// The policy of the nets (and through it the nets).
    pub(crate) policy: NetPolicy,
    /// The shipped nets of their family.
    shipped: bool,
    /// The CRC-32 stored at the end of the weights.
    checksum: u32,
}

/// The cube policy `"net"`: Janowski's model over the shipped nets, whose weights are tested;
/// a damaged build's are an `InternalError` rather than another policy.
pub(crate) fn shipped_cube() -> PyResult<gammon_core::JanowskiCube> {
    gammon_core::JanowskiCube::shipped_net()
        .map_err(|e| InternalError::new_err(format!("the shipped weights: {e}")))
}

/// The shipped nets' policy of `family` (their weights are tested: a failure to read them is
/// an `InternalError`).
pub(crate) fn shipped_policy(family: RulesFamily) -> PyResult<NetPolicy> {
    NetPolicy::shipped(family)
        .map_err(|e| InternalError::new_err(format!("the shipped weights: {e}")))
}

/// The CRC-32 of a weights file: its last four bytes (checked by the reader).
fn stored_checksum(bytes: &[u8]) -> u32 {
    let n = bytes.len();
    u32::from_le_bytes([bytes[n - 4], bytes[n - 3], bytes[n - 2], bytes[n - 1]])
}

impl PyNet {
    /// The nets.
    pub(crate) fn nets(&self) -> &NetEvaluator {
        self.policy.nets()
    }

    /// The cube policy of these nets: Janowski's model over their probabilities, as the cube
    /// policy `"net"` is over the shipped nets'. Checked to play `variant` (backgammon and
    /// nackgammon, as `"net"`).
    pub(crate) fn cube_policy(&self, variant: Variant) -> PyResult<gammon_core::JanowskiCube> {
        gammon_core::CubePolicyKind::Net
            .check(variant)
            .map_err(|e| crate::errors::cube_policy_error(&e))?;
        self.check_variant(variant)?;
        Ok(match self.policy.own_nets() {
            Some(nets) => gammon_core::JanowskiCube::new(nets.clone()),
            None => shipped_cube()?,
        })
    }

    /// Checks that the nets play `variant`.
    pub(crate) fn check_variant(&self, variant: Variant) -> PyResult<()> {
        let family = self.nets().family;
        if variant.family() == family {
            return Ok(());
        }
        Err(InvalidInputError::new_err(format!(
            "{} plays {}, not {variant}",
            self.repr(),
            family.variant().name(),
        )))
    }

    fn shipped_of(family: RulesFamily) -> PyResult<PyNet> {
        let policy = shipped_policy(family)?;
        let bytes = match family {
            RulesFamily::Backgammon => SHIPPED_BACKGAMMON,
            RulesFamily::LongNardy => SHIPPED_LONG_NARDY,
        };
        Ok(PyNet {
            policy,
            shipped: true,
            checksum: stored_checksum(bytes),
        })
    }

    fn read(bytes: &[u8]) -> Result<PyNet, NetFileError> {
        let nets = NetEvaluator::from_bytes(bytes)?;
        Ok(PyNet {
            policy: NetPolicy::new(Arc::new(nets)),
            shipped: false,
            checksum: stored_checksum(bytes),
        })
    }

    fn repr(&self) -> String {
        let nets = self.nets();
        let layer = |m: &gammon_core::eval::net::Mlp| {
            format!("{} hidden units on {}", m.hidden, m.encoding.name())
        };
        let race = nets
            .race
            .as_ref()
            .map(|m| format!(", race net {}", layer(m)))
            .unwrap_or_default();
        let whose = if self.shipped { "shipped " } else { "" };
        format!(
            "<Net {whose}{}: contact net {}{race}, CRC-32 {:08x}>",
            nets.family.variant().name(),
            layer(&nets.contact),
            self.checksum
        )
    }
}

#[pymethods]
impl PyNet {
    /// The shipped nets of ``variant`` (a ``gammon.Variant`` or its name; backgammon by
    /// default): the nets of the ``"net"`` policy.
    #[staticmethod]
    #[pyo3(signature = (variant=None))]
    fn shipped(variant: Option<&Bound<'_, PyAny>>) -> PyResult<PyNet> {
        let family = match variant {
            None => RulesFamily::Backgammon,
            Some(v) => crate::convert::variant_arg(v)?.family(),
        };
        PyNet::shipped_of(family)
    }

    /// Nets read from the bytes of a weights file (``to_bytes()`` gives them back): any
    /// bytes-like object (``bytes``, ``bytearray``, ``memoryview``, a numpy array...).
    ///
    /// Raises ``NetFileError`` naming the first thing wrong: a short file, the magic, the
    /// format version, the checksum, a field out of range, nets that do not fit their game;
    /// ``InvalidInputError`` for an object that is not bytes-like.
    #[staticmethod]
    fn from_bytes(data: &Bound<'_, PyAny>) -> PyResult<PyNet> {
        let read = |bytes: &[u8]| PyNet::read(bytes).map_err(|e| net_file_error(&e, None));
        if let Ok(b) = data.cast::<PyBytes>() {
            return read(b.as_bytes());
        }
        // Any object with the buffer protocol, copied out through a memoryview (the limited
        // API of Python 3.9 has no direct access to buffers).
        let not_bytes = || {
            let kind = data
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default();
            InvalidInputError::new_err(format!(
                "Net.from_bytes takes a bytes-like object (bytes, bytearray, memoryview), \
                 not {kind}"
            ))
        };
        let view = PyMemoryView::from(data).map_err(|_| not_bytes())?;
        let copy = view.call_method0("tobytes")?;
        let bytes = copy.cast::<PyBytes>().map_err(|_| not_bytes())?;
        read(bytes.as_bytes())
    }

    /// Nets read from a weights file (``.gnet``) at ``path``.
    ///
    /// Raises ``OSError`` (``FileNotFoundError``...) when the file cannot be read and
    /// ``NetFileError`` naming the file and the first thing wrong in it.
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<PyNet> {
        let bytes = py.detach(|| std::fs::read(&path)).map_err(|e| {
            // OSError(errno, message, filename) is FileNotFoundError, PermissionError... by
            // the errno, as Python's own open() raises; the message without Rust's suffix.
            let text = e.to_string();
            let message = text.split(" (os error").next().unwrap_or(&text).to_owned();
            PyOSError::new_err((
                e.raw_os_error().unwrap_or(0),
                message,
                path.display().to_string(),
            ))
        })?;
        PyNet::read(&bytes).map_err(|e| net_file_error(&e, Some(&path)))
    }

    /// The weights file's bytes (``Net.from_bytes`` reads them back).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.nets().to_bytes())
    }

    /// The game the nets play: ``Variant.BACKGAMMON`` (every backgammon variant) or
    /// ``Variant.LONG_NARDY``.
    #[getter]
    fn variant(&self) -> PyVariant {
        self.nets().family.variant().into()
    }

    /// Whether these are the shipped nets (the ``"net"`` policy's).
    #[getter]
    fn is_shipped(&self) -> bool {
        self.shipped
    }

    /// The CRC-32 of the weights (the file's last four bytes): two nets with the same
    /// weights have the same checksum.
    #[getter]
    fn checksum(&self) -> u32 {
        self.checksum
    }

    /// The policy's name in results and checkpoints: ``"net"`` for the shipped nets,
    /// ``"net:"`` and the checksum in hex for others.
    #[getter]
    fn name(&self) -> String {
        if self.shipped {
            "net".to_owned()
        } else {
            format!("net:{:08x}", self.checksum)
        }
    }

    /// ``(hidden units, encoding name)`` of the contact net (Long Nardy: the only net).
    #[getter]
    fn contact(&self) -> (usize, &'static str) {
        let m = &self.nets().contact;
        (m.hidden, m.encoding.name())
    }

    /// ``(hidden units, encoding name)`` of the race net, or ``None`` when the contact net
    /// values races too.
    #[getter]
    fn race(&self) -> Option<(usize, &'static str)> {
        self.nets()
            .race
            .as_ref()
            .map(|m| (m.hidden, m.encoding.name()))
    }

    /// The index in ``plays`` (the legal plays of ``position``) of the play the nets rate
    /// best at 0 ply, as the policy plays it.
    ///
    /// Raises ``InvalidInputError`` when ``plays`` are not the plays of ``position`` or the
    /// nets play another game.
    fn choose(&self, position: PyPosition, plays: &PyPlayList) -> PyResult<usize> {
        if plays.before != position.inner {
            return Err(InvalidInputError::new_err(
                "plays are not the legal plays of position",
            ));
        }
        self.check_variant(position.inner.variant())?;
        crate::plays::choose_in(plays, 0, 0, || self.policy.clone(), || self.policy.clone())
    }

    fn __repr__(&self) -> String {
        self.repr()
    }

    /// Nets are equal when their weights are (the shipped nets and a copy of them too).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyNet>()
            .is_ok_and(|o| o.get().nets() == self.nets())
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.checksum)
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let cls = py.import("gammon._core")?.getattr("Net")?;
        if self.shipped {
            let v = Bound::new(py, PyVariant::from(self.nets().family.variant()))?.into_any();
            Ok((cls.getattr("shipped")?, PyTuple::new(py, [v])?))
        } else {
            let b = self.to_bytes(py).into_any();
            Ok((cls.getattr("from_bytes")?, PyTuple::new(py, [b])?))
        }
    }
}

/// The most plies a search may look ahead (a 3-ply search of one play already evaluates
/// about ten million positions).
pub const MAX_PLIES: u32 = 3;

/// Five probabilities and the draw: `(win, win_gammon, win_backgammon, lose_gammon,
/// lose_backgammon, draw)`.
pub(crate) type Probs = (f32, f32, f32, f32, f32, f32);

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
    policy: &NetPolicy,
    pos: &P,
    plies: u32,
) -> (Probs, &'static str)
where
    NetEvaluator: AfterState<P> + Evaluator<P>,
{
    let nets = policy.nets();
    let source = source_on_roll(nets, pos);
    let p = if plies == 0 || source != "net" {
        nets.evaluate(pos)
    } else {
        policy.on_roll_value(pos, plies)
    };
    (tuple(&p), source)
}

/// The nets `net` (the shipped ones of `variant`'s family when `None`), checked to play
/// `variant`.
pub(crate) fn nets_for(net: Option<&PyNet>, variant: Variant) -> PyResult<NetPolicy> {
    match net {
        Some(n) => {
            n.check_variant(variant)?;
            Ok(n.policy.clone())
        }
        None => shipped_policy(variant.family()),
    }
}

/// `policy` with its searches pruned as `prune` (the Python argument) says: `None` keeps the
/// policy's own pruning (2 replies a roll for the shipped backgammon nets); nets of one's own
/// and Long Nardy's are never pruned ([`pruning_net_fits`]).
pub(crate) fn with_prune_arg(policy: NetPolicy, prune: Option<u32>) -> PyResult<NetPolicy> {
    match prune {
        Some(k) if pruning_net_fits(policy.nets()) => policy
            .with_prune(k as usize)
            .map_err(|e| crate::errors::shipped_pruner_error(&e)),
        _ => Ok(policy),
    }
}

/// The value of `position` for its player on roll, before the roll, by `net` (the shipped
/// nets when `None`) searched `plies` plies deep (pruned as [`with_prune_arg`] says):
/// `((win, win_gammon, win_backgammon, lose_gammon, lose_backgammon, draw), source)` with
/// `source` `"net"`, `"bearoff"` (exact) or `"final"`.
pub(crate) fn net_evaluate(
    py: Python<'_>,
    position: PyPosition,
    plies: u32,
    net: Option<&PyNet>,
    prune: Option<u32>,
) -> PyResult<(Probs, &'static str)> {
    check_plies(plies)?;
    let policy = with_prune_arg(nets_for(net, position.inner.variant())?, prune)?;
    py.detach(|| {
        guard(|| {
            Ok(match position.inner {
                VariantPosition::Backgammon(pos) => evaluate_on_roll(&policy, &pos, plies),
                VariantPosition::Nardy(pos) => evaluate_on_roll(&policy, &pos, plies),
            })
        })
    })
}

fn rank<P: NetPosition>(
    policy: &NetPolicy,
    plays: &[gammon_core::Play<P>],
    plies: u32,
) -> Vec<(Probs, bool)>
where
    NetEvaluator: AfterState<P>,
{
    let afters: Vec<P> = plays.iter().map(|p| *p.after()).collect();
    let values = policy.after_values(&afters, plies);
    afters
        .iter()
        .zip(values)
        .map(|(a, v)| (tuple(&v), policy.nets().exact_after(a).is_some()))
        .collect()
}

/// The value by `net` (the shipped nets when `None`) of every play of `plays` for the player
/// who makes it, searched `plies` plies deep (pruned as [`with_prune_arg`] says), in the
/// list's order: `[(probabilities, exact), ...]`.
pub(crate) fn net_rank(
    py: Python<'_>,
    plays: &PyPlayList,
    plies: u32,
    net: Option<&PyNet>,
    prune: Option<u32>,
) -> PyResult<Vec<(Probs, bool)>> {
    check_plies(plies)?;
    let family = plays.before.variant().family();
    let policy = with_prune_arg(nets_for(net, plays.before.variant())?, prune)?;
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
                    rank(&policy, &v, plies)
                }
                RulesFamily::LongNardy => {
                    let v: Vec<_> = list
                        .iter()
                        .filter_map(|p| match p {
                            VariantPlay::Nardy(p) => Some(*p),
                            VariantPlay::Backgammon(_) => None,
                        })
                        .collect();
                    rank(&policy, &v, plies)
                }
            })
        })
    })
}
