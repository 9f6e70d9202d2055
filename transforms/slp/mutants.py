"""The SLP vectorizer's mutants: deliberately wrong vector reductions (transforms/mutants.py)."""

from __future__ import annotations

from typing import Any

from vecverify.ir.function import Function
from vecverify.ir.types import IntType, VectorType
from vecverify.ir.values import (
    BinOp,
    Call,
    ConstInt,
    ConstVector,
    ExtractElement,
    Instruction,
    ShuffleVector,
    Value,
)

from ..mutants import INTS, POISON_ONLY, Mutant, insert_before, instructions_of, replace_uses

_REDUCE = "llvm.vector.reduce."


def _reductions(fn: Function) -> list[tuple[list[Instruction], Call]]:
    return [(ins, i) for ins, i in instructions_of(fn) if isinstance(i, Call) and i.callee.startswith(_REDUCE)]


def _reduce_op(call: Call) -> str:
    return call.callee[len(_REDUCE):].split(".")[0]


def reduction_tree_nsw(fn: Function) -> bool:
    """``llvm.vector.reduce.add(v)`` as a tree of shufflevectors and ``add nsw`` (the
    lanes' own nsw kept on the reassociated partial sums: (a0 + a2) may overflow where
    ((a0 + a1) + a2) does not)."""
    done = False
    for insts, call in _reductions(fn):
        v = call.operands[0]
        t = v.type
        if _reduce_op(call) != "add" or not isinstance(t, VectorType) or t.count & (t.count - 1):
            continue
        new: list[Instruction] = []
        acc: Value = v
        half = t.count // 2
        while half >= 1:
            mask = tuple(k + half if k < half else None for k in range(t.count))
            upper = ShuffleVector(t, None, [acc, acc], mask=mask)
            acc = BinOp(t, None, [acc, upper], op="add", flags=frozenset({"nsw"}))
            new += [upper, acc]  # type: ignore[list-item]
            half //= 2
        lane0 = ExtractElement(t.elem, None, [acc, ConstInt(IntType(32), 0)])
        insert_before(insts, call, [*new, lane0])
        replace_uses(fn, call, lane0)
        insts.remove(call)
        done = True
    return done


def _identity_element(op: str, t: IntType) -> int | None:
    w = t.bits
    return {"add": 0, "or": 0, "xor": 0, "umax": 0, "mul": 1, "and": (1 << w) - 1, "umin": (1 << w) - 1,
            "smax": 1 << (w - 1), "smin": (1 << (w - 1)) - 1}.get(op)


def reduction_drops_lane(fn: Function) -> bool:
    """The vector reduction leaves out its last lane (the identity in its place)."""
    done = False
    for insts, call in _reductions(fn):
        v = call.operands[0]
        t = v.type
        if not isinstance(t, VectorType) or not isinstance(t.elem, IntType):
            continue
        ident = _identity_element(_reduce_op(call), t.elem)
        if ident is None:
            continue
        neutral = ConstVector(t, tuple(ConstInt(t.elem, ident) for _ in range(t.count)))
        n = t.count
        shuf = ShuffleVector(t, None, [v, neutral], mask=tuple(range(n - 1)) + (2 * n - 1,))
        insert_before(insts, call, [shuf])
        call.operands[0] = shuf
        done = True
    return done


_SIGN_SWAP = {"smax": "umax", "umax": "smax", "smin": "umin", "umin": "smin"}


def minmax_signedness(fn: Function) -> bool:
    """A min/max reduction of the other signedness (smax <-> umax, smin <-> umin)."""
    done = False
    for _, inst in instructions_of(fn):
        if not isinstance(inst, Call):
            continue
        parts = inst.callee.split(".")
        for k, p in enumerate(parts):
            if p in _SIGN_SWAP and k in (1, 3):  # llvm.smax.i32, llvm.vector.reduce.smax.v4i32
                parts[k] = _SIGN_SWAP[p]
                inst.callee = ".".join(parts)
                done = True
                break
    return done


def _reduction_profile(ops: tuple[str, ...], flags: tuple[tuple[str, ...], ...] = ((),)) -> Any:
    """Reductions SLP vectorizes: lanes of one operation other than the reduction's."""
    from properties.strategies import KernelProfile  # Hypothesis: only for campaigns

    return KernelProfile(types=INTS, reduce_prob=1.0, reduce_ops=ops, reduce_flags=flags, max_depth=1,
                         ops=("mul", "shl", "sub", "xor"), variations=("iso", "const"), min_lanes=4,
                         max_lanes=8)


def mutants() -> list[Mutant]:
    return [
        Mutant("slp:reduction-tree-nsw", "slp",
               "vector add reduction as a shuffle tree of add nsw (reassociated sums keep nsw)",
               reduction_tree_nsw, profile=_reduction_profile(("add",), ((), ("nsw",))),
               native_visible=False, why=POISON_ONLY),
        Mutant("slp:reduction-drops-lane", "slp", "the vector reduction leaves out its last lane",
               reduction_drops_lane, profile=_reduction_profile(("add", "smax", "umin"))),
        Mutant("slp:minmax-signedness", "slp", "min/max reduction of the other signedness (smax <-> umax)",
               minmax_signedness, profile=_reduction_profile(("smax", "smin", "umax", "umin"))),
    ]
