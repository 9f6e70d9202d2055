"""Concrete evaluation of the semantics: the same Z3 encoding, on concrete inputs.

This is the reference interpreter. A concrete input is a Z3 model (or any assignment of
the input variables); re-executing a function on inputs built from constants gives terms
that simplify to constants, except where the function makes nondeterministic choices,
which the caller fixes (from a model) or quantifies.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import z3

from ..ir.function import Function
from .inputs import ArgInput, Inputs
from .memory import Memory, MemoryBlock, PointerArg


def _eval(model: z3.ModelRef, term: z3.ExprRef) -> z3.ExprRef:
    return model.eval(term, model_completion=True)


def concrete_inputs(inputs: Inputs, model: z3.ModelRef) -> Inputs:
    """The inputs with every variable replaced by its value in ``model``."""
    blocks = [MemoryBlock(b.block_id, _eval(model, b.size)) for b in inputs.blocks]
    args = []
    for a in inputs.args:
        args.append(
            ArgInput(
                a.name,
                a.type,
                [_eval(model, v) for v in a.values],
                [_eval(model, p) for p in a.poison],
                [_eval(model, u) for u in a.undef],
                PointerArg(a.pointer.arg_index, _eval(model, a.pointer.block), _eval(model, a.pointer.offset))
                if a.pointer is not None
                else None,
                _eval(model, a.null) if a.null is not None else None,
            )
        )
    memory = Memory(_eval(model, inputs.memory.init_data), _eval(model, inputs.memory.init_poison))
    return replace(inputs, args=args, blocks=blocks, memory=memory, pre=[])


@dataclass(frozen=True)
class ConcreteLane:
    value: int | None  # None where the value is not a constant (depends on a choice)
    poison: bool | None

    @property
    def defined(self) -> bool:
        return self.poison is False and self.value is not None


def choice_assignment(model: z3.ModelRef, choices: list[z3.ExprRef]) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
    """Pairs (choice variable, its value in ``model``) for substitution."""
    return [(c, _eval(model, c)) for c in choices]


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
