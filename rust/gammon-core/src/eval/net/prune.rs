//! The pruning net: a small net on cheap inputs that ranks the replies inside a search, so that
//! only the few best of each roll are valued by the full nets (GNU Backgammon's searches do the
//! same with their "pruning nets").
//!
//! The shipped one ([`shipped_pruner`], `nets/backgammon-prune.gnet`, a weights file of the
//! format of [`super`], its CRC checked when it is read as every weights file's is) has one
//! net, 32 hidden units on the `tdgammon` encoding (198 units, each play changing a handful), trained
//! by `gammon-train prune` to reproduce the shipped backgammon nets' 0-ply ranking of a
//! roll's plays in contact positions, from those nets' own games and values only
//! (`train/README.md` has the command). The searched policy
//! ([`crate::NetPolicy::with_prune`]) uses it in contact positions only; races are ranked by
//! the full race net.

use super::{family_name, NetEvaluator, NetFileError};
use crate::base::variant::RulesFamily;

/// The shipped backgammon pruning net (see the module documentation).
pub const SHIPPED_BACKGAMMON_PRUNE: &[u8] = include_bytes!("../../../nets/backgammon-prune.gnet");

static SHIPPED_PRUNE_BG: std::sync::OnceLock<Result<NetEvaluator, NetFileError>> =
    std::sync::OnceLock::new();

/// The shipped pruning net of a rules family, read once; `None` for Long Nardy, which has
/// none.
///
/// # Errors
/// [`NetFileError`] if the embedded file is damaged (a build error; a test reads it).
pub fn shipped_pruner(family: RulesFamily) -> Result<Option<&'static NetEvaluator>, NetFileError> {
    if family != RulesFamily::Backgammon {
        return Ok(None);
    }
    let read = SHIPPED_PRUNE_BG.get_or_init(|| {
        let nets = NetEvaluator::from_bytes(SHIPPED_BACKGAMMON_PRUNE)?;
        if nets.family != family {
            return Err(NetFileError::Mismatch {
                family: family_name(family),
                detail: format!("the pruning file holds {} nets", family_name(nets.family)),
            });
        }
        Ok(nets)
    });
    read.as_ref().map(Some).map_err(Clone::clone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_pruning_net_reads_and_a_damaged_copy_is_refused() {
        let p = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
        assert!(p.contact.hidden <= 32 && p.race.is_none());
        assert!(shipped_pruner(RulesFamily::LongNardy).unwrap().is_none());
        let mut bytes = SHIPPED_BACKGAMMON_PRUNE.to_vec();
        bytes[40] ^= 1;
        assert!(NetEvaluator::from_bytes(&bytes).is_err());
    }
}
