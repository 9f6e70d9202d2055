"""Concrete evaluation of the semantics: the same Z3 encoding, on concrete inputs.

This is the reference interpreter. A concrete input is a Z3 model (or any assignment of
the input variables); re-executing a function on inputs built from constants gives terms
that simplify to constants, except where the function makes nondeterministic choices,
which the caller fixes (from a model) or quantifies.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..ir.function import Function


def _eval(model: z3.ModelRef, term: z3.ExprRef) -> z3.ExprRef:
    return model.eval(term, model_completion=True)


@dataclass(frozen=True)
class ConcreteLane:
    value: int | None  # None where the value is not a constant (depends on a choice)
    poison: bool | None

    @property
    def defined(self) -> bool:
        return self.poison is False and self.value is not None


def substitute(term: z3.ExprRef, pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> z3.ExprRef:
    return z3.simplify(z3.substitute(term, *pairs)) if pairs else z3.simplify(term)


def to_int(term: z3.ExprRef) -> int | None:
    t = z3.simplify(term)
    return t.as_long() if z3.is_bv_value(t) else None


def to_bool(term: z3.ExprRef) -> bool | None:
    t = z3.simplify(term)
    if z3.is_true(t):
        return True
    if z3.is_false(t):
        return False
    return None


@dataclass(frozen=True)
class Evaluation:
    """The semantics of a function on concrete arguments."""

    ub: bool | None  # None when UB depends on a nondeterministic choice
    lanes: list[ConcreteLane]


def evaluate(fn: Function, args: list[int | list[int]]) -> Evaluation:
    """Run the semantics of ``fn`` (no pointer arguments) on concrete argument values
    (unsigned bit patterns; floats as their IEEE bits; vectors as lists): the reference
    interpreter. Values that depend on a nondeterministic choice come back as None."""
    from .executor import execute
    from .inputs import InputOptions, build_inputs

    inputs = build_inputs(fn, InputOptions(poison_inputs=False, undef_inputs=False))
    pairs: list[tuple[z3.ExprRef, z3.ExprRef]] = []
    for arg, value in zip(inputs.args, args, strict=True):
        values = value if isinstance(value, list) else [value]
        pairs += [(v, z3.BitVecVal(x, v.size())) for v, x in zip(arg.values, values, strict=True)]
    behaviour = execute(fn, inputs, "src", unroll=8)
    lanes = [
        ConcreteLane(to_int(substitute(lane.value, pairs)), to_bool(substitute(lane.poison, pairs)))
        for lane in behaviour.ret or ()
    ]
    return Evaluation(to_bool(substitute(behaviour.ub, pairs)), lanes)
