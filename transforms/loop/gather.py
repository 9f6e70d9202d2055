"""Indirect accesses ``x[idx[i]]`` (issue 12 item 3): loads become ``llvm.masked.gather``
and stores ``llvm.masked.scatter``, over a vector ``getelementptr`` of the invariant base
and the widened index.

The address must be a ``getelementptr`` in the loop of a loop-invariant base pointer
by one index computed in the loop (a value loaded or derived from one: not linear in
the induction), stepping by the accessed element (its source type is the loaded or
stored type). With ``--index32`` the index vector stays ``<VF x i32>`` where the index
is a 32-bit value extended (``sext``, ``zext nneg``): the getelementptr sign-extends it
(MLIR's ``enableSIMDIndex32``). The mask is the tail-folding mask (``tailfold``) or all
lanes.

**Legality** (``memory``). A gather's object must be independent of every store of the
loop. A scatter writes its active lanes in lane order, least significant first
(LangRef), and lane l is iteration index + l: where two lanes write one address the
higher one's value stays, as the later iteration's does in the scalar loop. So plain
indirect stores keep the scalar loop's final memory exactly when nothing else in the
loop reads or writes the scattered object (nor anything that may alias it): the
object's other accesses would see the lanes' writes in another order. Declined by
name: a read-modify-write through an index (``y[idx[i]] += x``, a histogram: two lanes
with one index would each read the old value; legal only where the indices of one
vector are distinct, which is not proved), two indirect stores of one object, and a
scatter's object accessed otherwise in the loop.
"""

from __future__ import annotations

from collections.abc import Callable

from vecverify.ir.types import VOID, FloatType, IntType, PtrType, VectorType
from vecverify.ir.values import (
    Call,
    Cast,
    ConstInt,
    ConstPoison,
    ConstVector,
    GetElementPtr,
    Load,
    ParamAttrs,
    Store,
    Value,
)

from .structure import Decline, Loop


def gather_address(loop: Loop, inst: Load | Store) -> GetElementPtr:
    """The access's address as a gather's or a scatter's, or Decline saying why not."""
    gep = inst.operands[1] if isinstance(inst, Store) else inst.operands[0]
    elem = inst.operands[0].type if isinstance(inst, Store) else inst.type
    if not (isinstance(gep, GetElementPtr) and loop.contains(gep) and len(gep.operands) == 2
            and loop.is_invariant(gep.operands[0]) and gep.source_type == elem
            and isinstance(gep.operands[0].type, PtrType)):
        raise Decline("an address that is not linear in the induction")
    return gep


def indirect_pointers(gep: GetElementPtr, widen: Callable[[Value], Value], vf: int, index32: bool,
                      vscale: int = 0) -> GetElementPtr:
    """The vector getelementptr of a gather's or scatter's lanes (``--index32``: the
    32-bit index widened, not its extension; ``vscale``: scalable vectors read at it)."""
    index = narrow_index(gep.operands[1]) if index32 else gep.operands[1]
    return vector_pointers(gep, widen(index), vf, vscale)


def _lanes(vf: int, vscale: int) -> str:
    """The lanes part of an intrinsic's type suffix: ``v4``, or ``nxv2`` at vscale 2."""
    return f"nxv{vf // vscale}" if vscale else f"v{vf}"


def gather_call(inst: Load, ptrs: Value, mask: Value, vf: int, vscale: int = 0) -> Call:
    vt = VectorType(vf, inst.type, vscale)  # type: ignore[arg-type]
    lanes = _lanes(vf, vscale)
    suffix = f"{lanes}{'f' if inst.type.__class__.__name__ == 'FloatType' else 'i'}{inst.type.bits}"  # type: ignore[attr-defined]
    return Call(vt, "wide.gather", [ptrs, mask, ConstPoison(vt)],
                callee=f"llvm.masked.gather.{suffix}.{lanes}p0", arg_attrs=[ParamAttrs(align=inst.align or 1)])


def scatter_call(inst: Store, value: Value, ptrs: Value, mask: Value, vf: int, vscale: int = 0) -> Call:
    """``llvm.masked.scatter``: the lanes written in lane order (the scalar loop's)."""
    t = inst.operands[0].type
    lanes = _lanes(vf, vscale)
    suffix = f"{lanes}{'f' if isinstance(t, FloatType) else 'i'}{t.bits}"  # type: ignore[attr-defined]
    return Call(VOID, None, [value, ptrs, mask], callee=f"llvm.masked.scatter.{suffix}.{lanes}p0",
                arg_attrs=[ParamAttrs(), ParamAttrs(align=inst.align or 1)])


def all_lanes(vf: int, vscale: int = 0) -> ConstVector:
    i1 = IntType(1)
    return ConstVector(VectorType(vf, i1, vscale), tuple(ConstInt(i1, 1) for _ in range(vf)))


def narrow_index(index: Value) -> Value:
    """``--index32``: the i32 value a 64-bit index extends (``sext``, or ``zext nneg``:
    the getelementptr sign-extends a narrower index), else the index itself."""
    if isinstance(index, Cast) and isinstance(index.operands[0].type, IntType) and \
            index.operands[0].type.bits == 32 and (index.op == "sext" or (index.op == "zext" and "nneg" in index.flags)):
        return index.operands[0]
    return index


def vector_pointers(gep: GetElementPtr, index: Value, vf: int, vscale: int = 0) -> GetElementPtr:
    return GetElementPtr(VectorType(vf, PtrType(), vscale), "indirect.ptrs", [gep.operands[0], index],
                         source_type=gep.source_type, flags=gep.flags)


