"""Bottom-up SLP vectorization (seed 000) with the SLP-M isomorphizing transforms (seed
001): ``vectorize_function``/``vectorize_module``, and the registered ``slp`` transform.

The layers, one module each: ``address`` (consecutive accesses, aliasing), ``seeds``
(store chains, reductions), ``isomorph`` (SLP-M patterns and scores), ``tree``
(buildTree), ``schedule`` (moving memory accesses), ``costs``/``estimate`` (the cost
model), ``codegen`` (vectorizeTree), ``vectorizer`` (the driver).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vecverify.ir.function import Function, Module

from ..base import Transform
from .mutants import mutants
from .vectorizer import SLPOptions, TreeReport, vectorize_function

__all__ = ["SLPOptions", "TreeReport", "vectorize_function", "vectorize_module", "TRANSFORM"]


def vectorize_module(module: Module, options: SLPOptions | None = None) -> tuple[Module, list[TreeReport]]:
    """Every function of ``module`` vectorized (unchanged where nothing profits)."""
    out = Module(dict(module.functions), dict(module.declarations), module.source_name, dict(module.globals))
    reports: list[TreeReport] = []
    for name, fn in module.functions.items():
        new, rs = vectorize_function(fn, options)
        if new is not None:
            out.functions[name] = new
        reports += rs
    return out, reports


@dataclass
class SLPTransform(Transform):
    """The vectorizer as a transform: ``apply`` vectorizes, or declines when nothing is
    profitable. It has no rules of its own: every lane rewrite it makes is a rule of the
    reorder, replacement, extension and shuffle transforms."""

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        opts = options if isinstance(options, SLPOptions) else SLPOptions()
        return vectorize_function(fn, opts)[0]


TRANSFORM = SLPTransform(
    "slp",
    "Bottom-up SLP vectorization with the SLP-M isomorphizing transforms (commutative "
    "reordering, extension, binary replacement, shuffle merging) and a per-target cost model",
    # A tree of several float operations per lane can take Z3 minutes: the suite's property
    # draws integer kernels; tests/test_slp.py has float cases, campaigns draw every type.
    suite_types=("i8", "i16", "i32", "i64"),
    mutants=mutants,
)
