//! The `"net"` policy: the play whose resulting position the shipped net (or the exact
//! bear-off value) rates best for the mover, at 0 ply ([`crate::eval::net`]).

use std::cell::RefCell;

use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Policy, PolicyStop};
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::base::variant::RulesFamily;
use crate::eval::net::{shipped, AfterState, NetEvaluator, NetFileError, NetPosition, Ranker};

thread_local! {
    /// Each thread's ranker, kept from turn to turn so that its buffers (a few KB) are not
    /// cleared again for every position.
    static RANKER: RefCell<Option<Ranker<'static>>> = const { RefCell::new(None) };
}

/// Plays the best play of a [`NetEvaluator`] at 0 ply: one evaluation per legal play, ranked
/// by a [`Ranker::fused`] (the net's multiply-adds fused where the CPU has them).
#[derive(Clone, Copy, Debug)]
pub struct NetPolicy {
    nets: &'static NetEvaluator,
}

impl NetPolicy {
    /// The policy of the shipped nets of `family`.
    ///
    /// # Errors
    /// [`NetFileError`] when the embedded weights are damaged.
    pub fn shipped(family: RulesFamily) -> Result<NetPolicy, NetFileError> {
        Ok(NetPolicy {
            nets: shipped(family)?,
        })
    }

    /// The policy of nets of your own (leaked once: policies are shared by every thread of
    /// a run and live as long as it).
    #[must_use]
    pub fn new(nets: &'static NetEvaluator) -> NetPolicy {
        NetPolicy { nets }
    }

    /// The nets.
    #[must_use]
    pub fn nets(&self) -> &'static NetEvaluator {
        self.nets
    }
}

impl<P: NetPosition> Policy<P> for NetPolicy
where
    NetEvaluator: AfterState<P>,
{
    #[inline]
    fn choose(
        &self,
        pos: &P,
        _dice: Dice,
        plays: &PlayList<P>,
        _rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        // `best_play_from`'s choice with the thread's ranker, its multiply-adds fused
        // (`Ranker::fused`: the same values but for rounding, on CPUs that fuse).
        Ok(RANKER.with(|cell| match cell.try_borrow_mut() {
            Ok(mut slot) => match slot.as_mut() {
                Some(ranker) => {
                    ranker.reset(self.nets, pos);
                    ranker.best(plays.as_slice())
                }
                None => slot
                    .insert(Ranker::fused(self.nets, pos))
                    .best(plays.as_slice()),
            },
            // Not reached (a choice does not call another), but never wrong.
            Err(_) => Ranker::fused(self.nets, pos).best(plays.as_slice()),
        }))
    }
}
