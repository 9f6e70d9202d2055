"""The built-in transforms, one module per family (the registry registers them)."""

from __future__ import annotations

from . import extension, reorder, replacement, shuffle

BUILTIN = [reorder.TRANSFORM, extension.TRANSFORM, replacement.TRANSFORM, shuffle.TRANSFORM]
