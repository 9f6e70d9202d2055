"""The campaign's native-run step, behind a guarded import of ``vecverify.execute``.

When the module is missing (or cannot initialise llvmlite's JIT), ``available()`` is
False, the reason says why, and the campaign reports "native: unavailable": it never
counts runs it did not make.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np


@cache
def _load() -> tuple[Any, str]:
    """The ``vecverify.execute`` package, or None and why it cannot be loaded."""
    try:
        # optional: the JIT may be missing or fail to start; the campaign then runs without native runs
        import vecverify.execute as execute
    except Exception as e:  # ImportError, or the JIT failing to initialise
        return None, f"{type(e).__name__}: {e}"
    return execute, ""


def available() -> bool:
    return _load()[0] is not None


def unavailable_reason() -> str:
    return _load()[1]


def _execute() -> Any:
    execute = _load()[0]
    if execute is None:
        raise RuntimeError(f"native execution unavailable: {unavailable_reason()}")
    return execute


def compile(text: str) -> None:
    """Compile module ``text`` now (cached: its runs then reuse the code)."""
    _execute().compile_module(text)


def run(text: str, name: str, nargs: int, buffers: dict[int, np.ndarray]) -> tuple[list[np.ndarray], list[int]]:
    """Run ``name`` of module ``text`` on pointer buffers; the final buffers and the
    indices of arguments written out of bounds."""
    result = _execute().execute(text, name, [0] * nargs, buffers)
    return list(result.buffers), list(result.oob_writes)
