"""The built-in rewrite-rule transforms, one module per family, each with its
``TRANSFORM`` (found here, in order of module name; the registry lists them first)."""

from __future__ import annotations

import importlib
import pkgutil

from ..base import Transform


def rule_transforms() -> list[Transform]:
    """The ``TRANSFORM`` of each public module of this package, by module name."""
    out: list[Transform] = []
    for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if m.name.startswith("_"):
            continue
        obj = getattr(importlib.import_module(f"{__name__}.{m.name}"), "TRANSFORM", None)
        out += obj if isinstance(obj, list) else [obj] if obj is not None else []
    return out
