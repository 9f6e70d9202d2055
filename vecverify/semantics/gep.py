"""getelementptr: pointer arithmetic with the inbounds / nusw / nuw flags."""

from __future__ import annotations

import z3

from ..ir.layout import store_size
from ..ir.types import ArrayType, IntType, StructType, Type, VectorType
from ..ir.values import GetElementPtr, Instruction
from ..terms import simplify
from .addresses import flags_address
from .core import PTR_ADDR_BITS, TRUE, Context, Lane, SymValue, any_of
from .memory import (
    MemoryBlock,
    add_constant,
    address_of,
    block_of,
    block_size,
    const_value,
    pointer_lane,
)


def _to_index(lane: Lane, n: int) -> z3.BitVecRef:
    """An index sign-extended or truncated to the index width ``n``."""
    w = lane.value.size()
    if w == n:
        return lane.value
    if w < n:
        return z3.SignExt(n - w, lane.value)
    return z3.Extract(n - 1, 0, lane.value)


def _resize(x: z3.BitVecRef, n: int) -> z3.BitVecRef:
    """An offset (unsigned) at ``n`` bits: a pointer's offset field is PTR_ADDR_BITS wide
    whatever the data layout; with narrower pointers its high bits are zero."""
    w = x.size()
    return x if w == n else z3.ZeroExt(n - w, x) if w < n else z3.Extract(n - 1, 0, x)


def gep_semantics(
    ctx: Context, inst: Instruction, args: list[SymValue], blocks: list[MemoryBlock]
) -> SymValue:
    """A vector getelementptr is the scalar one lane by lane (LangRef): a scalar base or
    index is used for every lane, as if splatted."""
    assert isinstance(inst, GetElementPtr) and inst.source_type is not None
    lanes = inst.type.count if isinstance(inst.type, VectorType) else 1
    if any(len(a) not in (1, lanes) for a in args):
        raise ctx.unsupported("getelementptr with operands of different lane counts")
    return tuple(
        _gep_lane(ctx, inst, args[0][i % len(args[0])], [(a[i % len(a)],) for a in args[1:]], blocks)
        for i in range(lanes)
    )


def _gep_lane(
    ctx: Context, inst: GetElementPtr, base: Lane, indices: list[SymValue], blocks: list[MemoryBlock]
) -> Lane:
    """One lane. LangRef's rules are about *each step*: the address after each index's
    offset is added must not wrap (``nusw``, ``nuw``) and, under ``inbounds``, must lie in
    the base's object (one past its end allowed), "at each step", not only at the end:
    ``gep inbounds [2 x i32], ptr %p, i64 1, i64 -2`` is %p's address, but poison where
    %p + 8 is outside %p's object. A gep whose offsets are all zero is in bounds."""
    args = [(base,), *indices]
    assert inst.source_type is not None
    flags = inst.flags
    nusw = "inbounds" in flags or "nusw" in flags
    nuw = "nuw" in flags
    poison = [base.poison]
    sizes = _element_sizes(ctx, inst.source_type, args[1:])
    n = ctx.layout.index_bits
    folded = _constant_offset(args[1:], sizes, nusw, nuw, n)
    steps: list[z3.BitVecRef]  # the offset after each index's, the last the whole offset
    if folded is not None:
        values, index_poison = folded
        steps = [z3.BitVecVal(v, n) for v in values]
        poison += index_poison
    else:
        steps = [simplify(s) for s in _symbolic_offset(args[1:], sizes, nusw, nuw, poison, n)]
    offset = steps[-1]
    # The address arithmetic happens at the data layout's index width, where the flags
    # are decided.
    off = _resize(address_of(base.value), n)
    k = const_value(offset)
    result = add_constant(off, k) if k is not None else off + offset
    # Steps that may move the address: all of them zero is a zero offset (no rule applies).
    moving = [s for s in steps if const_value(s) != 0]
    if (nusw or nuw) and moving:
        # The base address plus each step's offset must not wrap. Under inbounds (base and
        # result in one block, which does not wrap) the offsets in the block decide it
        # alike; without it, the absolute addresses do: a block starts above null, and
        # its start minus 1 does not wrap.
        start = off if "inbounds" in flags else _resize(flags_address(ctx, base.value), n)
        # (nuw: the offsets add up without unsigned wrap, so the last step is the farthest)
        for step in moving if nusw else moving[-1:]:
            c = const_value(step)
            end = start + step if c is None else add_constant(start, c)
            if nusw:  # a signed delta
                if c is None:
                    poison.append(z3.If(step < 0, z3.ULT(start, end), z3.ULT(end, start)))
                else:
                    poison.append(z3.ULT(start, end) if c >> (n - 1) else z3.ULT(end, start))
            if nuw:
                poison.append(z3.ULT(end, start))
    if "inbounds" in flags and moving:
        # The base and the address after each step lie in the block (one past its end
        # allowed).
        bid = block_of(base.value)
        size = _resize(block_size(blocks, bid), n)
        at = [off + s if (c := const_value(s)) is None else add_constant(off, c) for s in moving]
        inside = z3.And(bid != 0, z3.ULE(off, size), *(z3.ULE(a, size) for a in at))
        all_zero = [s == 0 for s in moving if const_value(s) is None]
        exempt = z3.And(*all_zero) if len(all_zero) == len(moving) else z3.BoolVal(False)
        poison.append(z3.Not(z3.Or(exempt, inside)))
    new_off = _resize(result, PTR_ADDR_BITS)
    return Lane(pointer_lane(block_of(base.value), new_off), any_of(poison))


Step = int | tuple[int, ...]  # an index's stride, or the field offsets of a struct


def _element_sizes(ctx: Context, source: Type, indices: list[SymValue]) -> list[Step]:
    """What each index steps over: the source type, then its elements; into a struct,
    the table of its field offsets (a struct index is a constant: LLVM's rule)."""
    t: Type = source
    steps: list[Step] = [ctx.layout.alloc_size(source)]
    for (lane,) in indices[1:]:
        if isinstance(t, StructType):
            field = const_value(lane.value)
            if field is None or field >= len(t.fields):
                raise ctx.unsupported("getelementptr into a struct with a variable index")
            steps.append(ctx.layout.struct_layout(t)[0])
            t = t.fields[field]
        elif isinstance(t, ArrayType):
            t = t.elem
            steps.append(ctx.layout.alloc_size(t))
        elif isinstance(t, VectorType):
            # A vector's elements are packed: the stride is the element's store size, not
            # its allocation size (LLVM's GEP type iterator; they differ when the layout
            # aligns the element more than its size, f16:32 for half)
            t = t.elem
            if isinstance(t, IntType) and t.bits % 8:
                raise ctx.unsupported(f"getelementptr into a vector of {t} (not byte-addressable)")
            steps.append(store_size(t, ctx.layout))
        else:
            raise ctx.unsupported(f"getelementptr into {t}")
    return steps


def _signed(v: int, bits: int) -> int:
    v %= 1 << bits
    return v - (1 << bits) if v >> (bits - 1) else v


def _constant_offset(indices: list[SymValue], sizes: list[Step], nusw: bool,
                     nuw: bool, n: int) -> tuple[list[int], list[z3.BoolRef]] | None:
    """With constant indices (the usual case), the offset after each index (the last
    the whole offset) and the flags' overflow conditions computed here, exactly as
    :func:`_symbolic_offset` states them; only the indices' own poison stays a term.
    None when some index is not a constant."""
    values = [const_value(lane.value) for (lane,) in indices]
    if any(v is None for v in values):
        return None
    offset, wraps = 0, False
    poison = []
    steps = []
    for (lane,), v, size in zip(indices, values, sizes, strict=True):
        assert v is not None
        poison.append(lane.poison)
        w = lane.value.size()
        x = _signed(v, w) if w <= n else _signed(v, n)  # sign-extended or truncated
        if nusw and w > n and _signed(v, w) != x:
            wraps = True  # the truncation to the index width is trunc nsw
        if nuw and w > n and v % (1 << w) >= 1 << n:
            wraps = True  # ... and trunc nuw
        if isinstance(size, tuple):  # a struct field: its offset, nothing multiplied
            x, size = size[v], 1
        term = _signed(x * size, n)
        if nusw and (term != x * size or not -(1 << (n - 1)) <= _signed(offset, n) + term < 1 << (n - 1)):
            wraps = True
        if nuw and ((x % (1 << n)) * size >= 1 << n or offset % (1 << n) + term % (1 << n) >= 1 << n):
            wraps = True
        offset = (offset + term) % (1 << n)
        steps.append(offset)
    if wraps:
        poison.append(TRUE)
    return steps, poison


def _shl_as_mul(x: z3.BitVecRef) -> z3.BitVecRef:
    """``y << k`` (a constant k) as the equal ``y * 2^k``: Z3 simplifies a shift into
    ``Concat(Extract(y), 0)``, which hides that ``(i + 1) << k`` is ``(i << k) + 2^k``;
    as a product the offset stays linear (``2^k*i + 2^k``), so addresses of
    neighbouring iterations (``a[2*i]``, clang's ``shl`` of the induction) compare as
    base plus constant."""
    if z3.is_app_of(x, z3.Z3_OP_BSHL) and (k := const_value(x.arg(1))) is not None and k < x.size():
        return x.arg(0) * z3.BitVecVal(1 << k, x.size())
    return x


def _symbolic_offset(indices: list[SymValue], sizes: list[Step], nusw: bool, nuw: bool,
                     poison: list[z3.BoolRef], n: int) -> list[z3.BitVecRef]:
    """The offset after each index (the last the whole offset); the flags' overflow
    conditions and the indices' poison appended to ``poison``."""
    offset = z3.BitVecVal(0, n)
    steps = []
    for (idx,), step in zip(indices, sizes, strict=True):
        if isinstance(step, tuple):  # a struct field (a constant index): its offset
            field = const_value(idx.value)
            assert field is not None
            term = z3.BitVecVal(step[field], n)
            if nusw:
                poison.append(z3.Not(z3.BVAddNoOverflow(offset, term, True)))
            if nuw:
                poison.append(z3.Not(z3.BVAddNoOverflow(offset, term, False)))
            offset = offset + term
            steps.append(offset)
            continue
        size = step
        x = _shl_as_mul(_to_index(idx, n))
        poison.append(idx.poison)
        w = idx.value.size()
        if nusw and w > n:  # the truncation to the index width is trunc nsw
            poison.append(z3.SignExt(w - n, x) != idx.value)
        if nuw and w > n:  # ... and trunc nuw
            poison.append(z3.ZeroExt(w - n, x) != idx.value)
        term = x * size
        if nusw:
            wide = z3.SignExt(n, x) * size
            poison.append(z3.SignExt(n, term) != wide)
            poison.append(z3.Not(z3.BVAddNoOverflow(offset, term, True)))
            poison.append(z3.Not(z3.BVAddNoUnderflow(offset, term)))
        if nuw:
            wide = z3.ZeroExt(n, x) * size
            poison.append(z3.ZeroExt(n, term) != wide)
            poison.append(z3.Not(z3.BVAddNoOverflow(offset, term, False)))
        offset = offset + term
        steps.append(offset)
    return steps
