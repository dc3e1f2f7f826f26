"""One meaning of ± for every printed estimate, always labelled ``(95%)``.

``x ± h (95%)`` means that ``h`` is the half-width of the 95% confidence interval of ``x``
(1.96 standard errors), in reprs, ``str()`` tables, progress bars and the command line alike.
"""

from __future__ import annotations

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def plus_minus(value: float, std_error: float, spec: str = "+.4f") -> str:
    """``value ± half-width (95%)``, e.g. ``'+0.0336 ± 0.0028 (95%)'``."""
    return f"{value:{spec}} ± {Z95 * std_error:.4f} (95%)"
