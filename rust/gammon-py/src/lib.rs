//! The Python module `gammon._core`: argument conversion, error mapping and GIL handling over
//! `gammon-core`. No rules live here.

mod classes;
mod convert;
mod errors;
mod nardy;
mod plays;
mod position;
mod rollout;
mod serve;
mod simulate;
mod types;

use pyo3::prelude::*;

/// The compiled core of the `gammon` package. Import `gammon`, not this module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<types::PyColor>()?;
    m.add_class::<types::PyVariant>()?;
    m.add_class::<types::PyOutcome>()?;
    m.add_class::<types::PyMove>()?;
    m.add_class::<classes::PyPosition>()?;
    m.add_class::<classes::PyPlay>()?;
    m.add_class::<classes::PyPlayList>()?;
    m.add_function(wrap_pyfunction!(types::find_variant, m)?)?;
    m.add_function(wrap_pyfunction!(position::_play_from_text, m)?)?;
    m.add_function(wrap_pyfunction!(types::_move_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(types::_outcome_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(position::_position_from_state, m)?)?;
    m.add_function(wrap_pyfunction!(nardy::_nardy_extra_turn, m)?)?;
    m.add_function(wrap_pyfunction!(nardy::_nardy_score, m)?)?;
    m.add_function(wrap_pyfunction!(nardy::_nardy_surrender, m)?)?;
    m.add_function(wrap_pyfunction!(rollout::_rollout, m)?)?;
    m.add_function(wrap_pyfunction!(rollout::_choose_play, m)?)?;
    m.add_function(wrap_pyfunction!(serve::_cube_decision, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::_simulate_match, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::_simulate_money, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::_simulate_log, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
