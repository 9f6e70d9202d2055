"""The built-in transforms, one module per family (the registry registers them)."""

from __future__ import annotations

from . import extension, recurrence, reduction, reorder, replacement, shuffle


def builtin() -> list:  # noqa: ANN201
    from ..loop import LOOP_TRANSFORM as LOOP
    from ..slp import TRANSFORM as SLP

    return [reorder.TRANSFORM, extension.TRANSFORM, replacement.TRANSFORM, shuffle.TRANSFORM, SLP, recurrence.TRANSFORM, reduction.TRANSFORM, LOOP]
