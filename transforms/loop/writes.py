"""What a loop's vector code writes: no byte the scalar loop does not write.

A store group with gaps (``groups.Group.gaps``: a member read and not written, RGBA
premultiplied in place with alpha kept) is written struct by struct, its gaps left alone
(``groups.write_group``). The witness's checks compare the memory each side leaves, and
a target that writes a gap back with the value it just read leaves the same memory: the
refinement semantics have no other threads, and the block is writable (the source writes
its other members), so such a store is "correct" there (for byte elements; a wider
element read and written back loses a byte's own poison and is refuted). Yet it is a
store the source does not make: a data race with a thread writing the gap, a fault
where the gap is read-only.

So for a loop whose plan has a store group with gaps, each check whose target stores
gets a twin (``<name>/writes``; the proof's line says "writes (of N checks)"): the same source and target, every store (a
``store``, ``llvm.masked.store``, ``llvm.masked.scatter``) writing a constant of its type
instead of its value (``MARKER``). Both then mark exactly the bytes they write, and
refinement of the memory they leave (from any initial memory: a byte the target alone
marks held something else) is: the target writes no byte the source does not. (Loads
of stored bytes read the marker on both sides where the original check's memory
dependences hold; a twin that fails where the original check proved is a failure to
prove, never a proof.) Pointers are stored as they are (no loop of ours stores one).
"""

from __future__ import annotations

import copy

from vecverify.ir.function import Function
from vecverify.ir.types import FloatType, IntType, Type, VectorType
from vecverify.ir.values import Call, Constant, ConstFloat, ConstInt, ConstVector, Store, Value
from vecverify.loops.obligation import Obligation

MARKER = 0x5A  # each byte of a marked store's value (any constant will do)
STORING_CALLS = ("llvm.masked.store.", "llvm.masked.scatter.")
WRITES_SUFFIX = "/writes"  # a twin's name: its check's and this


def needs_writes_check(plan: object) -> bool:
    """Whether a loop's proof includes the writes twins: its plan has a store group
    with gaps."""
    return any(g.gaps for g in getattr(plan, "groups", []))


def writes_twins(obligations: list[Obligation]) -> list[Obligation]:
    """A twin of each obligation whose target stores, every store's value a marker."""
    twins = []
    for ob in obligations:
        tgt = copy.deepcopy(ob.tgt)
        if not _mark(tgt):
            continue
        src = copy.deepcopy(ob.src)
        _mark(src)
        twins.append(Obligation(ob.name + WRITES_SUFFIX, src, tgt))
    return twins


def _mark(fn: Function) -> bool:
    """Every store of ``fn`` writing ``marker`` of its value's type; whether it has one."""
    hit = False
    for inst in fn.instructions():
        if isinstance(inst, Store) or isinstance(inst, Call) and inst.callee.startswith(STORING_CALLS):
            value = inst.operands[0]
            marked = marker(value.type)
            if marked is not None:
                inst.operands[0] = marked
            hit = True
    return hit


def marker(t: Type) -> Value | None:
    """A constant of type ``t`` whose every byte is ``MARKER`` (None for other types:
    pointers)."""
    if isinstance(t, VectorType):
        one = marker(t.elem)
        return None if one is None or t.scalable else ConstVector(t, tuple(one for _ in range(t.count)))  # type: ignore[arg-type,misc]
    if isinstance(t, IntType | FloatType):
        bits = int.from_bytes(bytes([MARKER]) * max(1, t.bits // 8), "little") & ((1 << t.bits) - 1)
        c: Constant = ConstInt(t, bits) if isinstance(t, IntType) else ConstFloat(t, bits)
        return c
    return None
