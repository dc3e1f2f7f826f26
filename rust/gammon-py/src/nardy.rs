//! Long Nardy's scoring settings (LN-33 to LN-37) read from a `gammon.nardy.NardySettings`
//! into the core's `NardyReferee`, in one place, for the turn state machine (`gammon.Game`)
//! and the rollouts alike.

use gammon_core::{EndVariant, Koks, NardyReferee};
use pyo3::prelude::*;

use crate::errors::setting_error;

#[derive(FromPyObject)]
pub(crate) struct NardyScoring {
    #[pyo3(attribute)]
    end_variant: String,
    #[pyo3(attribute)]
    koks: String,
    #[pyo3(attribute)]
    last_roll: bool,
}

impl NardyScoring {
    /// The referee these settings make.
    pub(crate) fn referee(&self) -> PyResult<NardyReferee> {
        referee(&self.end_variant, &self.koks, self.last_roll)
    }
}

pub fn referee(end_variant: &str, koks: &str, last_roll: bool) -> PyResult<NardyReferee> {
    Ok(NardyReferee {
        end_variant: end_variant
            .parse::<EndVariant>()
            .map_err(|e| setting_error(&e))?,
        koks: koks.parse::<Koks>().map_err(|e| setting_error(&e))?,
        last_roll,
    })
}
