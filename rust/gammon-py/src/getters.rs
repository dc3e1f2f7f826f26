//! The `#[pymethods]` block of a class whose getters are a table ([`py_methods`]).
//!
//! `#[pymethods]` does not expand macros inside its block, so a family of methods that several
//! classes share is written by a macro that emits the whole block: this one, or one that calls
//! it with its own rows and methods.

/// The `#[pymethods]` block of `$cls`: the getters of a table, then the other methods.
///
/// `getters(|slf| read)` says how a getter reads its source from `slf: &Bound<Self>` (the
/// class itself, `slf.get()`, or a state behind it), once a call. Each row, `name -> Type:
/// |x| value;`, is a getter `name` returning `value` with `x` bound to that source; its doc
/// comments are the getter's docstring.
macro_rules! py_methods {
    (
        $cls:ident,
        getters(|$slf:ident| $read:expr) {
            $( $(#[doc = $doc:literal])* $name:ident -> $ty:ty: |$x:ident| $value:expr; )*
        },
        { $($own:tt)* }
    ) => {
        #[pyo3::pymethods]
        impl $cls {
            $(
                $(#[doc = $doc])*
                #[getter]
                fn $name($slf: &pyo3::Bound<'_, Self>) -> pyo3::PyResult<$ty> {
                    let $x = $read;
                    Ok($value)
                }
            )*

            $($own)*
        }
    };
}

pub(crate) use py_methods;
