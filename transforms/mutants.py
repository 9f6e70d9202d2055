"""Mutants: deliberately wrong variants of the transforms, to show that the fuzz campaign
catches wrong transforms (by proof, and natively where the bug changes values).

Each transform declares its own next to its code (``Transform.mutants``, a function
returning them: rules/reorder.py, rules/replacement.py, rules/extension.py,
rules/shuffle.py, slp/mutants.py, interleave/mutants.py, loop/mutants.py); the campaign
finds them through the registry (vecverify/app/fuzz/mutants.py), with the generic ones
here (``drop-store``, ``swap-lanes``) for every transform fuzzed with straight-line kernels.

Each mutant is named ``TRANSFORM:what``. Most run the real transform and post-process
its output (or, where the real transform declines, a copy of its input: the mutant is
"the transform plus one wrong rule"); the extension and shuffle mutants run the real
transform's code with one wrong ingredient (an identity, a mask, the flags). A mutant
brings a kernel profile (properties.strategies.KernelProfile) that makes its pattern
likely, so it is caught within a few programs. ``native_visible`` is False for the few
bugs that only add poison (a kept ``nsw``): native code computes the same bits, so only
the proof can see them; ``why`` says so per mutant.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vecverify.ir.function import Function
from vecverify.ir.types import VectorType
from vecverify.ir.values import BinOp, ConstInt, Instruction, ShuffleVector, Store, Value

from .base import Transform

Rewrite = Callable[[Function], bool]  # mutate in place; False when nothing matched
Apply = Callable[[Function], Function | None]
INTS = ("i8", "i16", "i32", "i64")


@dataclass
class Mutant:
    name: str
    base: str  # the transform it is a variant of
    description: str
    rewrite: Rewrite | None = None  # post-processes the base transform's output
    make: Apply | None = None  # or: the whole (wrong) transform
    profile: Any = None  # its KernelProfile (properties.strategies); None: the default one
    native_visible: bool = True
    why: str = ""  # for a mutant the native runs cannot see: why
    fuzz_kernels: Callable[[], Any] | None = None  # programs of another kind (loops; see Transform)
    fuzz_chunk: int | None = None  # programs per campaign unit (see Transform)
    # The registered base transform: set by whoever lists the mutants (the registry's).
    transform: Transform | None = field(default=None, repr=False, compare=False)

    def _base(self) -> Transform:
        if self.transform is None:
            raise RuntimeError(f"mutant {self.name}: not bound to its transform {self.base!r}")
        return self.transform

    def prove_output(self, src: Function, tgt: Function, options: Any) -> Any:
        """The base transform's own proof of its (here: mutated) output, if it has one
        (``options``: the check's CheckOptions)."""
        prove = getattr(self._base(), "prove_output", None)
        return prove(src, tgt, options) if prove is not None else None

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        if self.make is not None:
            return self.make(fn)
        assert self.rewrite is not None
        out = self._base().apply(fn, options)
        work = out if out is not None else copy.deepcopy(fn)
        return work if self.rewrite(work) else None


POISON_ONLY = "only adds poison: native code computes the same bits, so only the proof can see it"
WRITE_BACK = ("writes bytes back with the value they hold: native runs leave the same bytes, only the proof "
              "(its writes check: a store the source does not make) can see it")
OVER_READ = ("reads bytes past the array whose values are never used: native runs compute the same bits, "
             "only the proof (an out-of-bounds load is UB) can see it")


# ----------------------------------------------------------------------------- IR helpers


def instructions_of(fn: Function) -> list[tuple[list[Instruction], Instruction]]:
    return [(b.instructions, i) for b in fn.blocks for i in b.instructions]


def insert_before(insts: list[Instruction], anchor: Instruction, new: Sequence[Instruction]) -> None:
    k = next(k for k, x in enumerate(insts) if x is anchor)
    insts[k:k] = list(new)


def binops_of(fn: Function, op: str) -> list[tuple[list[Instruction], BinOp]]:
    return [(ins, i) for ins, i in instructions_of(fn) if isinstance(i, BinOp) and i.op == op]


def stores_of(fn: Function) -> list[tuple[list[Instruction], Store]]:
    return [(ins, i) for ins, i in instructions_of(fn) if isinstance(i, Store)]


def elem_width(t: Any) -> int:
    return t.elem.bits if isinstance(t, VectorType) else t.bits


def const_value(v: Value) -> int | None:
    return v.value if isinstance(v, ConstInt) else None


def replace_uses(fn: Function, old: Value, new: Value) -> None:
    for _, inst in instructions_of(fn):
        if inst is not new:
            inst.operands = [new if op is old else op for op in inst.operands]


def named_values(fn: Function, prefix: str, kind: type) -> list[Any]:
    return [i for b in fn.blocks for i in b.instructions if isinstance(i, kind) and (i.name or "").startswith(prefix)]


# ----------------------------------------------------------------------------- generic mutants


def drop_store(fn: Function) -> bool:
    """Drop the last store (a lane, or a vector of lanes, never written)."""
    stores = stores_of(fn)
    if not stores:
        return False
    insts, last = stores[-1]
    insts.remove(last)
    return True


def swap_lanes(fn: Function) -> bool:
    """Swap two lanes' stores: scalar stores trade pointers; a vector store stores its
    value with lanes 0 and 1 swapped."""
    stores = stores_of(fn)
    for insts, st in stores:
        t = st.operands[0].type
        if isinstance(t, VectorType) and t.count >= 2:
            mask = (1, 0, *range(2, t.count))
            shuf = ShuffleVector(t, None, [st.operands[0], st.operands[0]], mask=mask)
            insert_before(insts, st, [shuf])
            st.operands[0] = shuf
            return True
    # Scalar stores: move the first next to the second (its operands dominate that point,
    # and the arrays are noalias), then trade pointers.
    scalars = [(ins, s) for ins, s in stores if not isinstance(s.operands[0].type, VectorType)]
    for i, (ins_a, a) in enumerate(scalars):
        for ins_b, b in scalars[i + 1:]:
            if a.operands[0].type == b.operands[0].type and a.operands[1] is not b.operands[1] and ins_a is ins_b:
                ins_a.remove(a)
                insert_before(ins_b, b, [a])
                a.operands[1], b.operands[1] = b.operands[1], a.operands[1]
                return True
    return False


def generic(transform: Transform) -> list[Mutant]:
    """The mutants every transform fuzzed with straight-line kernels gets."""
    if transform.fuzz_kernels is not None:
        return []  # its own programs (loops): its own mutants
    return [Mutant(f"{transform.name}:drop-store", transform.name, "the last store dropped", drop_store),
            Mutant(f"{transform.name}:swap-lanes", transform.name, "two lanes' stores swapped", swap_lanes)]
