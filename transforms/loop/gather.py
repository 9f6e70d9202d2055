"""Indirect loads ``x[idx[i]]`` (issue 12 item 3, loads only): ``llvm.masked.gather``
over a vector ``getelementptr`` of the invariant base and the widened index.

The address must be a ``getelementptr`` in the loop of a loop-invariant base pointer
by one index computed in the loop (a value loaded or derived from one: not linear in
the induction), stepping by the loaded element (its source type is the loaded type).
With ``--index32`` the index vector stays ``<VF x i32>`` where the index is a 32-bit
value extended (``sext``, ``zext nneg``): the getelementptr sign-extends it (MLIR's
``enableSIMDIndex32``). The gather's mask is the tail-folding mask (``tailfold``) or all lanes. Its object
must be independent of every store of the loop (``memory``: a gather and a store of
one object are declined as accesses at unknown distances). Indirect stores
(``llvm.masked.scatter``) are declined: two lanes may write one address, and proving
that the last writer in lane order matches the scalar loop is not done yet.
"""

from __future__ import annotations

from vecverify.ir.types import IntType, PtrType, VectorType
from vecverify.ir.values import (
    Call,
    Cast,
    ConstInt,
    ConstPoison,
    ConstVector,
    GetElementPtr,
    Instruction,
    Load,
    ParamAttrs,
    Value,
)

from .structure import Decline, Loop


def gather_address(loop: Loop, inst: Load | Instruction) -> GetElementPtr:
    """The load's address as a gather's, or Decline saying why not."""
    if not isinstance(inst, Load):
        raise Decline("an indirect store (llvm.masked.scatter is not emitted: lanes may write one address)")
    gep = inst.operands[0]
    if not (isinstance(gep, GetElementPtr) and loop.contains(gep) and len(gep.operands) == 2
            and loop.is_invariant(gep.operands[0]) and gep.source_type == inst.type
            and isinstance(gep.operands[0].type, PtrType)):
        raise Decline("an address that is not linear in the induction")
    return gep


def gather_call(inst: Load, ptrs: Value, mask: Value, vf: int) -> Call:
    vt = VectorType(vf, inst.type)  # type: ignore[arg-type]
    suffix = f"v{vf}{'f' if inst.type.__class__.__name__ == 'FloatType' else 'i'}{inst.type.bits}"  # type: ignore[attr-defined]
    return Call(vt, "wide.gather", [ptrs, mask, ConstPoison(vt)],
                callee=f"llvm.masked.gather.{suffix}.v{vf}p0", arg_attrs=[ParamAttrs(align=inst.align or 1)])


def all_lanes(vf: int) -> ConstVector:
    i1 = IntType(1)
    return ConstVector(VectorType(vf, i1), tuple(ConstInt(i1, 1) for _ in range(vf)))


def narrow_index(index: Value) -> Value:
    """``--index32``: the i32 value a 64-bit index extends (``sext``, or ``zext nneg``:
    the getelementptr sign-extends a narrower index), else the index itself."""
    if isinstance(index, Cast) and isinstance(index.operands[0].type, IntType) and \
            index.operands[0].type.bits == 32 and (index.op == "sext" or (index.op == "zext" and "nneg" in index.flags)):
        return index.operands[0]
    return index


def vector_pointers(gep: GetElementPtr, index: Value, vf: int) -> GetElementPtr:
    return GetElementPtr(VectorType(vf, PtrType()), "gather.ptrs", [gep.operands[0], index],
                         source_type=gep.source_type, flags=gep.flags)


