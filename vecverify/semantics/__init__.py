"""One semantics for every instruction, as Z3 terms (see core.py for the vocabulary)."""

from __future__ import annotations

import importlib

_MODULES = ("integer", "vector", "intrinsics", "lanemask", "floating", "addresses",
            "vectorops", "x86")


def load_all_semantics() -> None:
    """Import every module that registers instruction semantics."""
    for name in _MODULES:
        importlib.import_module(f"{__name__}.{name}")
