"""Global variables that the source and the target module define differently.

A writable global's contents are unknown when the function starts, so its initializer
does not matter: either definition will do. A constant's contents are its initializer:
the target starts from its own (its bytes written over the shared initial memory), so
different initializers show as a mismatch in memory, as in Alive2. A global constant in
one module and writable in the other, or of another type, is an interprocedural
transformation: not modelled.
"""

from __future__ import annotations

import z3

from ..errors import Unsupported
from ..ir.function import Function
from ..ir.layout import DataLayout
from ..ir.values import GlobalVariable
from .inputs import constant_bytes
from .memory import Memory, offset_by, pointer_lane


def used_globals(src: Function, tgt: Function) -> tuple[list[GlobalVariable], list[GlobalVariable]]:
    """The global variables the functions refer to, one per name (the source's where both
    have it), and the target's constants whose initializer differs from the source's."""
    found: dict[str, GlobalVariable] = {}
    differing: list[GlobalVariable] = []
    for fn in (src, tgt):
        if fn.big_endian and any(isinstance(op, GlobalVariable) and op.is_constant and op.initializer
                                 for inst in fn.instructions() for op in inst.operands):
            raise Unsupported("initialized constants in a big-endian module", fn.name)
        for inst in fn.instructions():
            for op in inst.operands:
                if not isinstance(op, GlobalVariable):
                    continue
                other = found.setdefault(op.name or "", op)
                if other is not op and other.ref() == op.ref() and op not in differing:
                    if _differs(other, op):
                        differing.append(op)
    return list(found.values()), differing


def _differs(s: GlobalVariable, t: GlobalVariable) -> bool:
    name = s.name or ""
    if s.is_constant != t.is_constant:
        which = "target" if t.is_constant else "source"
        raise Unsupported(f"global variable @{name} is constant in the {which} only "
                          "(an interprocedural transformation)")
    if s.value_type != t.value_type or s.align != t.align:
        raise Unsupported(f"global variable @{name} has another type or alignment in the target")
    if not s.is_constant:
        return False
    if (s.initializer is None) != (t.initializer is None):
        raise Unsupported(f"global variable @{name} is defined in one module only")
    return s.initializer is not None and t.initializer is not None and \
        s.initializer.ref() != t.initializer.ref()


def with_initializers(memory: Memory, globals_: list[GlobalVariable], blocks: dict[str, int],
                      layout: DataLayout) -> Memory:
    """``memory`` with these globals' bytes set to their initializers."""
    for g in globals_:
        assert g.initializer is not None
        data = constant_bytes(g.initializer, layout)
        if data is None:
            raise Unsupported(f"initializer of global variable @{g.name}")
        base = pointer_lane(blocks[g.name or ""], z3.BitVecVal(0, 64))
        for i, (byte, poison) in enumerate(data):
            memory = memory.write(offset_by(base, i), z3.BitVecVal(byte, 8), z3.BoolVal(poison))
    return memory
