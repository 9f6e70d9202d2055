"""The memory model: pointers are (block, offset) pairs into blocks of bytes.

Each pointer argument points into a block at an offset; both, and each block's size, are
inputs shared by source and target. A ``noalias`` argument (of the source) has a block of
its own; the other pointer arguments may share blocks, which is how they alias: two
pointers alias exactly when their block ids are equal and their byte ranges overlap.
Memory is two arrays indexed by the 72-bit pointer (8-bit block id above a 64-bit
offset): the byte and its poison bit. Keeping block ids apart from offsets lets the
solver settle most aliasing questions by comparing small ids instead of 64-bit
arithmetic. Block bases are taken to be aligned to 4096 bytes, so an access is aligned
when its offset is. An access is UB unless it lies inside its block, is aligned as
stated, and its pointer is not poison.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..ir.types import FloatType, IntType, PtrType, Type, VectorType
from ..terms import simplify
from .core import (
    FALSE,
    PTR_ADDR_BITS,
    PTR_BITS,
    PTR_BLOCK_BITS,
    TRUE,
    Context,
    Lane,
    SymValue,
    all_of,
    any_of,
    undef_variables,
)

KEY = z3.BitVecSort(PTR_BITS)  # a pointer: the index of the memory arrays
BLOCK_ALIGN = 4096  # every block's base is aligned so: alignment is a matter of offsets
BYTE = z3.BitVecSort(8)


@dataclass(frozen=True)
class Write:
    """One byte written: at ``key``, under ``cond`` (a masked lane, or one path of a join)."""

    key: z3.BitVecRef
    byte: z3.BitVecRef
    poison: z3.BoolRef
    cond: z3.BoolRef
    shape: KeyShape = None


@dataclass(frozen=True)
class ArgumentBlocks:
    """The blocks of a call's pointer arguments: the memory a callee restricted to
    ``argmem`` reaches (LangRef: accesses based on its pointer arguments). A poison
    argument reaches nothing (accessing through it is the callee's UB)."""

    lanes: tuple[tuple[z3.BitVecRef, z3.BoolRef], ...]  # (block id, poison) per pointer lane

    def contain(self, bid: z3.BitVecRef) -> z3.BoolRef:
        return any_of([z3.And(z3.Not(poison), bid == block) for block, poison in self.lanes])

    def ite(self, cond: z3.BoolRef, other: ArgumentBlocks) -> ArgumentBlocks:
        """``cond ? self : other``, lane by lane (the calls of one callee: alike in shape)."""
        return ArgumentBlocks(tuple((z3.If(cond, a, b), z3.If(cond, p, q))
                                    for (a, p), (b, q) in zip(self.lanes, other.lanes, strict=True)))


@dataclass(frozen=True)
class Clobber:
    """A call of an unknown function that may write memory: under ``cond``, every byte
    of the blocks it can reach (ids below ``below`` but the constant ones) takes its
    value from ``data`` and ``poison`` (environment variables)."""

    data: z3.ArrayRef
    poison: z3.ArrayRef
    cond: z3.BoolRef
    below: int
    constant: frozenset[int]
    # Blocks the call may free (block id -> freed), None for a nofree callee; only the
    # blocks of pointer arguments (not globals: ``fixed``; not allocas: not reachable).
    freed: z3.ArrayRef | None = None
    fixed: frozenset[int] = frozenset()
    # A callee that writes only through its pointer arguments (memory(argmem: write)):
    # the blocks it may write (see ArgumentBlocks); None: every block it can reach.
    only: ArgumentBlocks | None = None

    def covers(self, key: z3.BitVecRef) -> z3.BoolRef:
        reach = self._reaches(block_of(key), self.constant)
        if self.only is None or reach is FALSE:
            return reach
        return z3.And(reach, self.only.contain(block_of(key)))

    def frees(self, bid: z3.BitVecRef) -> z3.BoolRef:
        """Whether the call freed block ``bid`` (then accessing it is UB)."""
        if self.freed is None:
            return FALSE
        reach = self._reaches(bid, self.constant | self.fixed)
        if reach is FALSE:
            return FALSE
        if self.only is not None:  # freeing is writing (LLVM: free is argmem: readwrite)
            reach = z3.And(reach, self.only.contain(bid))
        return z3.And(reach, z3.Select(self.freed, bid))

    def _reaches(self, bid: z3.BitVecRef, excluded: frozenset[int]) -> z3.BoolRef:
        if z3.is_bv_value(bid):
            b = bid.as_long()
            reach = TRUE if b < self.below and b not in excluded else FALSE
        else:
            reach = z3.And(z3.ULT(bid, self.below), *[bid != c for c in sorted(excluded)])
        if self.cond is TRUE or z3.is_true(self.cond):
            return reach
        return FALSE if reach is FALSE else z3.And(self.cond, reach)


@dataclass(frozen=True)
class Memory:
    """The initial memory (two arrays, inputs) and the writes since, oldest first.

    Reads resolve the writes into an if-then-else chain here rather than leaving
    ``store`` chains to the solver: comparisons of keys in different blocks simplify to
    false on the spot, so most aliasing questions never reach the solver.
    """

    init_data: z3.ArrayRef
    init_poison: z3.ArrayRef
    writes: tuple[Write | Clobber, ...] = ()

    def read(self, key: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        byte: z3.BitVecRef = z3.Select(self.init_data, key)
        poison: z3.BoolRef = z3.Select(self.init_poison, key)
        shape = key_shape(key)
        for w in self.writes:
            if isinstance(w, Clobber):
                hit = w.covers(key)
                if hit is TRUE:
                    byte, poison = z3.Select(w.data, key), z3.Select(w.poison, key)
                elif hit is not FALSE:
                    byte = z3.If(hit, z3.Select(w.data, key), byte)
                    poison = z3.If(hit, z3.Select(w.poison, key), poison)
                continue
            same = same_key(key, shape, w.key, w.shape)
            # Identity tests first: z3.is_true/is_false cost a round trip each.
            if same is FALSE or (same is not TRUE and z3.is_false(same)):
                continue
            unconditional = w.cond is TRUE or z3.is_true(w.cond)
            if same is TRUE and unconditional:
                byte, poison = w.byte, w.poison
                continue
            hit = same if unconditional else (w.cond if same is TRUE else z3.And(w.cond, same))
            byte, poison = z3.If(hit, w.byte, byte), z3.If(hit, w.poison, poison)
        return byte, poison

    def write(self, key: z3.BitVecRef, byte: z3.BitVecRef, poison: z3.BoolRef, cond: z3.BoolRef = TRUE) -> Memory:
        return Memory(self.init_data, self.init_poison, self.writes + (Write(key, byte, poison, cond, key_shape(key)),))

    def freed(self, bid: z3.BitVecRef) -> z3.BoolRef:
        """Whether a call since the start freed block ``bid``."""
        return any_of([w.frees(bid) for w in self.writes if isinstance(w, Clobber) and w.freed is not None])

    def clobber(self, c: Clobber) -> Memory:
        return Memory(self.init_data, self.init_poison, self.writes + (c,))

    def ite(self, cond: z3.BoolRef, other: Memory) -> Memory:
        """``cond ? self : other``: the writes the two do not share are kept, each under
        the condition of its side."""
        common = 0
        for a, b in zip(self.writes, other.writes, strict=False):
            if a is not b:
                break
            common += 1
        mine = tuple(_guarded(w, cond) for w in self.writes[common:])
        theirs = tuple(_guarded(w, z3.Not(cond)) for w in other.writes[common:])
        return Memory(self.init_data, self.init_poison, self.writes[:common] + mine + theirs)


# The shape of a key: (constant block id or None, block term id, base offset term id or
# None, constant added). Computed once per key: walking Z3 terms from Python is slow.
KeyShape = tuple[int | None, int, int | None, int] | None


def key_shape(key: z3.BitVecRef) -> KeyShape:
    """The shape of keys built by offset_by: Concat(block, base + constant)."""
    parts = _parts(key)
    if parts is None:
        return None
    bid, off = parts
    const_bid = const_value(bid)
    base, k = _split(off)
    return const_bid, _id(bid), None if base is None else _id(base), k


# Walking Z3 terms from Python costs a round trip per question (kind, argument, value),
# and pointers are taken apart over and over: what a term is made of is remembered on
# its Python object, set where the term is built (pointer_lane, add_constant) or found
# out once. A term's structure never changes, so this is only a cache.


def _id(t: z3.ExprRef) -> int:
    found: int | None = getattr(t, "_vv_id", None)
    if found is None:
        found = t.get_id()
        t._vv_id = found  # type: ignore[attr-defined]
    return found


def const_value(t: z3.BitVecRef) -> int | None:
    """The value of a bit-vector constant (unsigned), None for any other term."""
    if not hasattr(t, "_vv_value"):
        t._vv_value = t.as_long() if z3.is_bv_value(t) else None  # type: ignore[attr-defined]
    return t._vv_value  # type: ignore[attr-defined, no-any-return]


def _split(t: z3.BitVecRef) -> tuple[z3.BitVecRef | None, int]:
    """``t`` as (base, k) with t = base + k; base None for a constant."""
    found: tuple[z3.BitVecRef | None, int] | None = getattr(t, "_vv_split", None)
    if found is None:
        v = const_value(t)
        k = t.arg(1) if v is None and z3.is_app_of(t, z3.Z3_OP_BADD) and t.num_args() == 2 else None
        kv = None if k is None else const_value(k)
        if v is not None:
            found = (None, v)
        elif kv is not None:
            found = (t.arg(0), kv)
        else:
            found = (t, 0)
        t._vv_split = found  # type: ignore[attr-defined]
    return found


def _parts(ptr: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BitVecRef] | None:
    """(block, offset) of a pointer built as Concat(block, offset), else None."""
    if not hasattr(ptr, "_vv_parts"):
        parts = None
        if z3.is_app_of(ptr, z3.Z3_OP_CONCAT) and ptr.num_args() == 2:
            parts = (ptr.arg(0), ptr.arg(1))
        elif z3.is_bv_value(ptr):  # a constant pointer (concrete evaluation)
            v = ptr.as_long()
            parts = (z3.BitVecVal(v >> PTR_ADDR_BITS, PTR_BLOCK_BITS),
                     z3.BitVecVal(v & ((1 << PTR_ADDR_BITS) - 1), PTR_ADDR_BITS))
        ptr._vv_parts = parts  # type: ignore[attr-defined]
    return ptr._vv_parts  # type: ignore[attr-defined, no-any-return]


def same_key(a: z3.BitVecRef, sa: KeyShape, b: z3.BitVecRef, sb: KeyShape) -> z3.BoolRef:
    """Whether two memory keys are equal, settled without the solver when the keys are in
    different constant blocks or at constant distances from the same offset."""
    if sa is not None and sb is not None:
        ca, ida, oa, ka = sa
        cb, idb, ob, kb = sb
        if ca is not None and cb is not None and ca != cb:
            return FALSE
        if ida == idb and oa == ob:
            return TRUE if ka == kb else FALSE
    if a.eq(b):
        return TRUE
    if sa is not None and sb is not None and sa[1] == sb[1] and sa[2] is not None and sb[2] is not None \
            and _apart_in_low_bits(a, sa, b, sb):
        return FALSE
    return _by_cases(simplify(a == b))


# Keys in one block at offsets base + k whose bases differ (a scatter's lanes, each at
# out + 8 * (c[i] & 3)): where the bases' difference has known low bits (here 0 mod 8),
# keys whose constants differ in those bits (the bytes 1..7 of another lane's element)
# are apart, found without simplifying each pair. The low bits per pair of bases, by
# ids (each kept alive with its answer); at most this many low bits, this many pairs.
APART_BITS = 3
MAX_APART_MEMO = 4096
_APART: dict[tuple[int, int], tuple[z3.ExprRef, z3.ExprRef, tuple[int, int] | None]] = {}


def _apart_in_low_bits(a: z3.BitVecRef, sa: KeyShape, b: z3.BitVecRef, sb: KeyShape) -> bool:
    """Whether keys ``a`` = block + (base_a + ka) and ``b`` = block + (base_b + kb) (the
    same block term) differ for every value of their terms: the low bits of base_a -
    base_b are a constant that kb - ka does not have there. Exact: a == b needs
    base_a - base_b == kb - ka, so the same low bits."""
    assert sa is not None and sb is not None and sa[2] is not None and sb[2] is not None
    key = (sa[2], sb[2])
    found = _APART.get(key)
    if found is None:
        pa, pb = _parts(a), _parts(b)
        assert pa is not None and pb is not None
        base_a, base_b = _split(pa[1])[0], _split(pb[1])[0]
        assert base_a is not None and base_b is not None
        low = None
        for bits in range(APART_BITS, 0, -1):
            d = simplify(z3.Extract(bits - 1, 0, base_a - base_b))
            if z3.is_bv_value(d):
                low = (bits, d.as_long())
                break
        if len(_APART) >= MAX_APART_MEMO:
            _APART.clear()
        found = _APART[key] = (base_a, base_b, low)
    low = found[2]
    return low is not None and (sb[3] - sa[3]) % (1 << low[0]) != low[1]


# A key chosen at a join (a phi's index in a loop unrolled by the bounded check) is an
# ite over constant indices: ``5 == 16 * ite(c1, 0, ite(c2, 2, 4))`` does not simplify,
# though it is false whichever way the ites go. Where both sides are made only of
# constants and ites (at most this many distinct conditions), each way is simplified.
MAX_KEY_CASES = 3


def _by_cases(same: z3.BoolRef) -> z3.BoolRef:
    """``same`` (a simplified key equality) as false or true where it is so for every
    truth value of the conditions of its ites, else as it is. Exact: a model gives each
    condition a truth value, under which ``same`` is the instance simplified here."""
    if z3.is_true(same) or z3.is_false(same) or not z3.is_eq(same):
        return same
    found = _CASES.get(same.get_id())
    if found is None:
        if len(_CASES) >= MAX_CASES_MEMO:
            _CASES.clear()
        found = _CASES[same.get_id()] = (same, _decided_by_cases(same))
    return found[1]


# Equalities decided by cases, by id (each kept alive with its answer, so that its id is
# not given to another term): the reads of an unrolled loop ask the same few many times.
_CASES: dict[int, tuple[z3.BoolRef, z3.BoolRef]] = {}
MAX_CASES_MEMO = 4096


def _decided_by_cases(same: z3.BoolRef) -> z3.BoolRef:
    conds = _ite_conditions(same, MAX_KEY_CASES)
    if not conds:
        return same
    seen: set[bool] = set()
    for bits in range(1 << len(conds)):
        pairs = [(c, z3.BoolVal(bool(bits >> i & 1))) for i, c in enumerate(conds)]
        case = simplify(z3.substitute(same, *pairs))
        if z3.is_true(case):
            seen.add(True)
        elif z3.is_false(case):
            seen.add(False)
        else:
            return same
        if len(seen) > 1:
            return same
    return TRUE if seen == {True} else FALSE


def _ite_conditions(same: z3.BoolRef, limit: int) -> list[z3.BoolRef]:
    """The distinct conditions of the ites in ``same`` (in the order met), when its
    terms are built of constants, ites and operators over them alone; [] when a
    variable appears outside a condition or there are more than ``limit``."""
    conds: list[z3.BoolRef] = []
    ids: set[int] = set()
    work: list[z3.ExprRef] = [same.arg(0), same.arg(1)]
    budget = 64
    while work:
        t = work.pop()
        budget -= 1
        if budget < 0:
            return []
        if z3.is_bv_value(t):
            continue
        if z3.is_app_of(t, z3.Z3_OP_ITE):
            c = t.arg(0)
            if c.get_id() not in ids:
                ids.add(c.get_id())
                conds.append(c)
                if len(conds) > limit:
                    return []
            work += [t.arg(1), t.arg(2)]
            continue
        if not z3.is_app(t) or t.num_args() == 0:
            return []  # a variable: the cases do not settle it
        work += [t.arg(i) for i in range(t.num_args())]
    return conds


def _guarded(w: Write | Clobber, cond: z3.BoolRef) -> Write | Clobber:
    both = cond if z3.is_true(w.cond) else z3.And(cond, w.cond)
    if isinstance(w, Clobber):
        return Clobber(w.data, w.poison, both, w.below, w.constant, w.freed, w.fixed, w.only)
    return Write(w.key, w.byte, w.poison, both, w.shape)


@dataclass
class MemoryBlock:
    """A block that pointer arguments may point into: its id and its size in bytes.

    ``residue``: the block's address modulo BLOCK_ALIGN, for the blocks whose offsets
    start at 0 (globals, allocas): a value whose low bits are zero as far as the object's
    own ``align`` says, and no further (LangRef: an object is aligned as stated, not
    more). None for the blocks pointer arguments point into: their offsets are inputs,
    which already take every alignment."""

    block_id: int
    size: z3.BitVecRef
    residue: z3.BitVecRef | None = None
    # Whether the block may be written (an input for the blocks of pointer arguments:
    # the caller's object may be read-only memory); None: it may.
    writable: z3.BoolRef | None = None


def placement(var: z3.BitVecRef | None, align: int) -> z3.BitVecRef:
    """A residue (see MemoryBlock) for an object of alignment ``align``: ``var`` (of
    log2(BLOCK_ALIGN / align) bits) above ``align``'s zero bits, or 0 when ``align`` is
    BLOCK_ALIGN or more."""
    k = max(align, 1).bit_length() - 1
    if var is None or k >= BLOCK_ALIGN.bit_length() - 1:
        return z3.BitVecVal(0, PTR_ADDR_BITS)
    low = [z3.BitVecVal(0, k)] if k else []
    return z3.ZeroExt(PTR_ADDR_BITS - (BLOCK_ALIGN.bit_length() - 1), z3.Concat(var, *low) if low else var)


def placement_bits(align: int) -> int:
    """The bits of the variable ``placement`` takes for alignment ``align`` (0: none)."""
    return max(0, BLOCK_ALIGN.bit_length() - 1 - (max(align, 1).bit_length() - 1))


@dataclass
class PointerArg:
    """Where a pointer argument points: its block (a constant id for a noalias argument,
    else a choice among the shared blocks) and its offset in it."""

    arg_index: int
    block: z3.BitVecRef
    offset: z3.BitVecRef

    @property
    def pointer(self) -> z3.BitVecRef:
        return pointer_lane(self.block, self.offset)


def block_size(blocks: list[MemoryBlock], bid: z3.BitVecRef) -> z3.BitVecRef:
    """The size of block ``bid`` (0 for the null block and ids no block has)."""
    k = const_value(bid)
    if k is not None:  # a noalias argument's block: no chain to build
        return next((b.size for b in blocks if b.block_id == k), z3.BitVecVal(0, PTR_ADDR_BITS))
    size: z3.BitVecRef = z3.BitVecVal(0, PTR_ADDR_BITS)
    for b in reversed(blocks):
        size = z3.If(bid == b.block_id, b.size, size)
    return size


def in_bounds(blocks: list[MemoryBlock], ptr: z3.BitVecRef, nbytes: int) -> z3.BoolRef:
    """``[ptr, ptr + nbytes)`` lies inside an existing block.

    Written as ``off <= size and off + nbytes <= size``: blocks are smaller than 2**62
    bytes (an input assumption), so an offset within one plus a small size cannot wrap.
    With offsets kept as ``base + constant``, accesses to neighbouring bytes share these
    comparisons as terms, so the solver relates them without arithmetic.
    """
    bid, off = block_of(ptr), address_of(ptr)
    size = block_size(blocks, bid)
    if (k := const_value(bid)) is not None:
        known = z3.BoolVal(any(k == b.block_id for b in blocks))
    else:
        known = any_of([bid == b.block_id for b in blocks])
    return all_of([known, z3.ULE(off, size), z3.ULE(add_constant(off, nbytes), size)])


def block_writable(blocks: list[MemoryBlock], bid: z3.BitVecRef) -> z3.BoolRef:
    """Whether block ``bid`` may be written (see MemoryBlock.writable)."""
    guarded = [b for b in blocks if b.writable is not None]
    k = const_value(bid)
    if k is not None:
        return next((b.writable for b in guarded if b.block_id == k and b.writable is not None), TRUE)
    return all_of([z3.Implies(bid == b.block_id, b.writable) for b in guarded if b.writable is not None])


def misaligned(blocks: list[MemoryBlock], ptr: z3.BitVecRef, align: int) -> z3.BoolRef:
    """``ptr``'s address is not a multiple of ``align`` (a power of two): its offset
    plus the residue of its block (see MemoryBlock)."""
    addr = address_of(ptr)
    res = residue_of(blocks, block_of(ptr))
    return z3.Extract(align.bit_length() - 2, 0, addr if res is None else addr + res) != 0


def residue_of(blocks: list[MemoryBlock], bid: z3.BitVecRef) -> z3.BitVecRef | None:
    """The residue (see MemoryBlock) of block ``bid``; None where it is 0 for certain."""
    placed = [b for b in blocks if b.residue is not None]
    if not placed:
        return None
    k = const_value(bid)
    if k is not None:
        return next((b.residue for b in placed if b.block_id == k), None)
    res: z3.BitVecRef = z3.BitVecVal(0, PTR_ADDR_BITS)
    for b in reversed(placed):
        assert b.residue is not None
        res = z3.If(bid == b.block_id, b.residue, res)
    return res


def pointer_lane(block_id: int | z3.BitVecRef, addr: z3.BitVecRef) -> z3.BitVecRef:
    if isinstance(block_id, z3.BitVecRef):
        blk = block_id
    else:
        blk = z3.BitVecVal(block_id, PTR_BLOCK_BITS)
        blk._vv_value = block_id  # type: ignore[attr-defined]
    ptr = z3.Concat(blk, addr)
    ptr._vv_parts = (blk, addr)  # type: ignore[attr-defined]
    return ptr


def offset_by(ptr: z3.BitVecRef, nbytes: int) -> z3.BitVecRef:
    """The pointer ``nbytes`` further in the same block (block id kept apart, so that
    pointers into different blocks stay visibly different)."""
    if nbytes == 0:
        return ptr
    return pointer_lane(block_of(ptr), add_constant(address_of(ptr), nbytes))


def add_constant(term: z3.BitVecRef, k: int) -> z3.BitVecRef:
    """``term + k``, folding into a constant already added, so that offsets keep the
    shape ``base + constant`` that same_key compares without the solver."""
    w = term.size()
    base, c = _split(term)
    c = (c + k) % (1 << w)
    if base is None:
        out = z3.BitVecVal(c, w)
        out._vv_value = c  # type: ignore[attr-defined]
        out._vv_split = (None, c)  # type: ignore[attr-defined]
        return out
    if c == 0:
        return base
    out = base + z3.BitVecVal(c, w)
    out._vv_split = (base, c)  # type: ignore[attr-defined]
    return out


def address_of(ptr: z3.BitVecRef) -> z3.BitVecRef:
    """The offset part of a pointer (its address within its block)."""
    parts = _parts(ptr)
    return parts[1] if parts is not None else z3.Extract(PTR_ADDR_BITS - 1, 0, ptr)


def block_of(ptr: z3.BitVecRef) -> z3.BitVecRef:
    parts = _parts(ptr)
    return parts[0] if parts is not None else z3.Extract(PTR_ADDR_BITS + PTR_BLOCK_BITS - 1, PTR_ADDR_BITS, ptr)


def initial_memory(prefix: str = "mem") -> Memory:
    return Memory(z3.Array(f"{prefix}!data", KEY, BYTE), z3.Array(f"{prefix}!poison", KEY, z3.BoolSort()))


def element_bytes(t: Type, ctx: Context, what: str) -> int:
    """Bytes of one lane in memory; only byte-sized integers and floats are modelled."""
    s = t.scalar
    if isinstance(s, PtrType):
        raise ctx.unsupported(f"{what} of a pointer value")
    if isinstance(s, IntType) and s.bits % 8 == 0:
        return s.bits // 8
    if isinstance(s, FloatType):
        return s.bits // 8
    raise ctx.unsupported(f"{what} of {t}")


# Where an alloca with lifetime markers keeps whether it is alive: a byte of its block at
# the highest offset, which no access in bounds reaches (1: alive, 0: dead).
LIVE_OFFSET = (1 << PTR_ADDR_BITS) - 1


def liveness_key(block_id: int) -> z3.BitVecRef:
    return pointer_lane(block_id, z3.BitVecVal(LIVE_OFFSET, PTR_ADDR_BITS))


def set_alive(mem: Memory, block_id: int, alive: bool) -> Memory:
    return mem.write(liveness_key(block_id), z3.BitVecVal(int(alive), 8), FALSE)


class MemoryOps:
    """Loads and stores over the shared blocks."""

    def __init__(self, blocks: list[MemoryBlock], readonly: set[int] | None = None):
        self.blocks = blocks
        self.readonly = readonly or set()  # constant globals: writing them is UB
        # allocas used by llvm.lifetime.start: dead until it runs, and after
        # llvm.lifetime.end (LangRef); accessing one while dead is UB
        self.lifetimes: set[int] = set()
        self.allocas: list[int] = []  # the function's own blocks (one per alloca run)
        # While a call marked tail or musttail runs: its callee does not access the
        # caller's allocas (LangRef), so an access to one is UB.
        self.in_tail_call = False

    def valid_access(self, ptr: Lane, nbytes: int, align: int, write: bool = False,
                     mem: Memory | None = None) -> z3.BoolRef:
        """The access is defined: in bounds of a live block (not freed by a call since,
        nor a dead alloca: ``mem``, the memory then), aligned, writable when it writes."""
        conds = [z3.Not(ptr.poison), in_bounds(self.blocks, ptr.value, nbytes)]
        bid = block_of(ptr.value)
        if write and self.readonly:
            conds += [bid != b for b in self.readonly]
        if self.in_tail_call:
            conds += [bid != b for b in self.allocas]
        if mem is not None:
            freed = mem.freed(bid)
            if not z3.is_false(freed):
                conds.append(z3.Not(freed))
            for b in sorted(self.lifetimes):
                alive, _ = mem.read(liveness_key(b))
                conds.append(z3.Or(bid != b, alive == 1))
        if write:
            conds.append(block_writable(self.blocks, bid))
        if align > 1:
            conds.append(z3.Not(self.misaligned(ptr.value, align)))
        return z3.And(*conds)

    def misaligned(self, ptr: z3.BitVecRef, align: int) -> z3.BoolRef:
        """The pointer's address is not a multiple of ``align``: its offset plus its
        block's residue (see MemoryBlock)."""
        return misaligned(self.blocks, ptr, align)

    def load_lanes(
        self, ctx: Context, mem: Memory, ptr: Lane, t: Type, align: int, active: list[z3.BoolRef] | None = None
    ) -> SymValue:
        """Read a value of type ``t``; ``active`` (masked loads) says which lanes are read."""
        size = element_bytes(t, ctx, "load")
        lanes = t.count if isinstance(t, VectorType) else 1
        self._check_access(ctx, mem, ptr, size, lanes, align, active, write=False)
        out = []
        for i in range(lanes):
            read = [mem.read(offset_by(ptr.value, i * size + k)) for k in range(size)]
            if ctx.decide_reads is not None:
                read = [(ctx.decide_reads(ctx, b), ctx.decide_reads(ctx, p)) for b, p in read]
            data = [b for b, _ in read]  # at increasing addresses: least significant first unless big-endian
            value = z3.Concat(*(data if ctx.big_endian else reversed(data))) if size > 1 else data[0]
            out.append(Lane(value, any_of([p for _, p in read])))
        return tuple(out)

    def _check_access(
        self, ctx: Context, mem: Memory, ptr: Lane, size: int, lanes: int, align: int,
        active: list[z3.BoolRef] | None, write: bool,
    ) -> None:
        """UB unless the access is valid: as a whole, or lane by lane when masked (only
        the active lanes are accessed then). The alignment is the base pointer's, so a
        masked access is UB when misaligned and any lane is active (LLVM 22 states it as
        ``align`` on the pointer argument: a misaligned pointer is poison)."""
        if active is None:
            ctx.ub(z3.Not(self.valid_access(ptr, size * lanes, align, write, mem)))
            return
        if align > 1:
            ctx.ub(z3.And(any_of(active), self.misaligned(ptr.value, align)))
        for i in range(lanes):
            lane_ptr = Lane(offset_by(ptr.value, i * size), ptr.poison)
            valid = self.valid_access(lane_ptr, size, 1, write, mem)
            ctx.ub(z3.And(active[i], z3.Not(valid)))

    def store_lanes(
        self,
        ctx: Context,
        mem: Memory,
        ptr: Lane,
        t: Type,
        value: SymValue,
        align: int,
        active: list[z3.BoolRef] | None = None,
    ) -> Memory:
        size = element_bytes(t, ctx, "store")
        self._check_access(ctx, mem, ptr, size, len(value), align, active, write=True)
        for i, lane in enumerate(value):
            cond = TRUE if active is None else active[i]
            for k in range(size):
                shift = 8 * (size - 1 - k) if ctx.big_endian else 8 * k
                byte = z3.Extract(shift + 7, shift, lane.value)
                mem = mem.write(offset_by(ptr.value, i * size + k), byte, lane.poison, cond)
        return mem


def bytes_of_one_value(ctx: Context, byte: z3.BitVecRef, n: int) -> list[z3.BitVecRef]:
    """``n`` bytes written from one byte value (``llvm.memset``): each byte of memory is
    undef on its own (LangRef: an undef value may be a different value at each use,
    and each byte written is one), so where ``byte`` depends on undef choices, every
    byte after the first gets its own copy of them (guarded alike: undef exactly where
    the originals are). A value stored whole keeps its bytes correlated instead: the
    bytes of a stored ``mul i16 undef, 257`` share their choice, and a load copies it
    once for all the bytes it reads (uses.py)."""
    if n <= 1 or not ctx.undef_guards:
        return [byte] * n
    if ctx.undef_names is not None:
        names = sorted(ctx.undef_names(byte))
    else:
        names = sorted(v.decl().name() for v in undef_variables(byte, ctx.undef_guards))
    if not names:
        return [byte] * n
    out = [byte]
    for _ in range(n - 1):
        out.append(z3.substitute(byte, *[ctx.copy_undef(name) for name in names]))
    return out


def poison_bytes(mem: Memory, ptr: z3.BitVecRef, size: int) -> Memory:
    """``size`` bytes from ``ptr`` made poison (dead: before a lifetime or an alloca's first store)."""
    zero = z3.BitVecVal(0, 8)
    for k in range(size):
        mem = mem.write(offset_by(ptr, k), zero, TRUE)
    return mem
