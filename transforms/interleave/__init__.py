"""Interleaved load combine (seed 004): the registered ``interleave`` transform and its
rules. ``combine`` finds and rewrites the groups, ``lanes`` follows shuffle trees down
to the loads, ``rules`` states the proof obligations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vecverify.ir.function import Function, Module

from ..base import Transform
from .combine import Knobs, Result, combine
from .mutants import mutants
from .rules import NAME, rules

__all__ = ["Knobs", "Result", "TRANSFORM", "combine", "combine_module"]


@dataclass
class InterleaveTransform(Transform):
    """``apply`` combines every interleaved group it finds, or declines."""

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        result = combine(fn)
        return None if result is None else result.function


TRANSFORM = InterleaveTransform(
    NAME,
    "Interleaved load combine: a shufflevector tree over consecutive vector loads that "
    "de-interleaves factor 2, 3 or 4 becomes one wide load and strided shuffles",
    rules(),
    # Shuffle trees over vector loads of every factor, tree shape and element type; some
    # with members left out (groups the combine must leave alone).
    fuzz_profile={"shuffle_trees": 1.0, "gaps": True},
    mutants=mutants,
)


def combine_module(module: Module) -> tuple[Module, list[tuple[str, str]]]:
    """Every function of ``module`` with its interleaved groups combined (unchanged where
    none is found); also (function, group description) for each group."""
    out = Module(dict(module.functions), dict(module.declarations), module.source_name, dict(module.globals))
    done: list[tuple[str, str]] = []
    for name, fn in module.functions.items():
        result = combine(fn)
        if result is not None:
            out.functions[name] = result.function
            done += [(name, g.describe()) for g in result.groups]
    return out, done
