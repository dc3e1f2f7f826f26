"""``--net FILE`` of the ``gammon`` command line: a weights file's nets where ``net`` is named.

Shared by :mod:`gammon.cli` (``hint``, ``rollout``) and :mod:`gammon.cli_interop`
(``serve``).
"""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["is_net", "load_net", "named_net", "with_net"]


def load_net(path: Optional[str]) -> Any:
    """The nets of ``--net FILE``, or None; an unreadable file is an input error."""
    if path is None:
        return None
    from gammon._core import Net
    from gammon.errors import InvalidInputError

    try:
        return Net.load(path)
    except OSError as e:
        raise InvalidInputError(f"--net: cannot read {path}: {e.strerror or e}") from None


def is_net(name: object) -> bool:
    """Whether ``name`` is the policy name ``net`` (any case, spaces around)."""
    return isinstance(name, str) and name.strip().lower() == "net"


def with_net(name: Any, net: Any) -> Any:
    """Return ``net`` (the nets of ``--net FILE``) where ``name`` is ``"net"``, else ``name``.

    The file's nets replace the shipped ones wherever ``net`` is named.
    """
    return net if net is not None and is_net(name) else name


def named_net(name: Any, net: Any) -> Any:
    """Return ``net`` where a checkpoint's ``name`` is the net's name, else ``name``.

    The nets of ``--net FILE`` (named ``net:`` and their CRC-32) take their place when a
    checkpoint resumes.
    """
    return net if net is not None and name == net.name else name
