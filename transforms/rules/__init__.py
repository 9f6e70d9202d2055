"""The built-in transforms, one module per family; importing registers them."""

from __future__ import annotations

from ..registry import register
from . import extension, reorder, replacement, shuffle

BUILTIN = [reorder.TRANSFORM, extension.TRANSFORM, replacement.TRANSFORM, shuffle.TRANSFORM]

for _t in BUILTIN:
    register(_t, replace=True)
