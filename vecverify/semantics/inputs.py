"""The inputs shared by source and target: arguments, pointer blocks, initial memory.

Every argument lane has a value, a poison bit and an undef bit (an undef argument takes
a fresh value at each use). Options can rule poison or undef inputs out. The same
variables are used for both functions, so a model of a query is one concrete input.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import z3

from ..errors import Unsupported
from ..ir.edges import float_edges, int_edges
from ..ir.function import Function
from ..ir.layout import DataLayout
from ..ir.types import ArrayType, FloatType, IntType, PtrType, StructType, Type, VectorType
from ..ir.values import (
    Call,
    Constant,
    ConstArray,
    ConstFloat,
    ConstInt,
    ConstPoison,
    ConstVector,
    GetElementPtr,
    GlobalVariable,
    Load,
    Store,
)
from .core import FALSE, PTR_ADDR_BITS, PTR_BLOCK_BITS, any_of, lane_widths
from .memory import (
    Memory,
    MemoryBlock,
    PointerArg,
    initial_memory,
    offset_by,
    placement,
    placement_bits,
    pointer_lane,
)

# Blocks may be huge (a source may index 2**32 bytes into one), but stay clear of the top
# of the address space so that in-bounds offset arithmetic never wraps.
MAX_BLOCK_SIZE = 1 << 62


@dataclass
class ArgInput:
    """An argument's symbolic lanes, their poison and undef conditions, and its pointer if it is one."""

    name: str
    type: Type
    values: list[z3.BitVecRef]
    poison: list[z3.BoolRef]
    undef: list[z3.BoolRef]
    pointer: PointerArg | None = None
    null: z3.BoolRef | None = None  # set for a pointer argument that may be null


@dataclass
class Inputs:
    """The symbolic inputs of a check: arguments, memory blocks, initial memory, preconditions."""

    args: list[ArgInput]
    blocks: list[MemoryBlock]
    memory: Memory
    pre: list[z3.BoolRef] = field(default_factory=list)
    global_blocks: dict[str, int] = field(default_factory=dict)  # global name -> block id
    constant_blocks: set[int] = field(default_factory=set)  # blocks of constant globals
    placements: list[z3.BitVecRef] = field(default_factory=list)  # globals' address residues

    def variables(self) -> list[z3.ExprRef]:
        out: list[z3.ExprRef] = []
        for a in self.args:
            out += [v for v in a.values if z3.is_const(v) and not z3.is_bv_value(v)]
            out += [p for p in a.poison + a.undef if z3.is_const(p) and not z3.is_false(p)]
        for b in self.blocks:
            out.append(b.size)
            if b.writable is not None:
                out.append(b.writable)
        for a in self.args:
            if a.pointer is not None:
                out += [v for v in (a.pointer.block, a.pointer.offset) if not z3.is_bv_value(v)]
            if a.null is not None:
                out.append(a.null)
        out += [self.memory.init_data, self.memory.init_poison]
        return out + self.placements


@dataclass(frozen=True)
class InputOptions:
    """Whether inputs may be poison or undef (Alive2's --disable-poison-input, --disable-undef-input)."""

    poison_inputs: bool = True
    undef_inputs: bool = True


def _arg_label(fn: Function, index: int) -> str:
    name = fn.args[index].name
    return name if name is not None else str(index)


def build_inputs(
    fn: Function,
    options: InputOptions,
    globals_: list[GlobalVariable] | None = None,
    nullable: set[int] | None = None,
) -> Inputs:
    """Symbolic inputs for the signature of ``fn`` (the source function) and the global
    variables either function uses. Pointer arguments whose index is in ``nullable`` may
    also be null (see observed_pointer_args)."""
    args: list[ArgInput] = []
    pre: list[z3.BoolRef] = []
    memory = initial_memory()
    pointer_args = [i for i, a in enumerate(fn.args) if _is_pointer(a.type)]
    # One block per pointer argument; a noalias argument's is its own, the others choose
    # among the blocks of the arguments that are not noalias and of the globals.
    # The caller's objects may be read-only memory (LangRef: only ``writable`` says they
    # may be written): whether each may be written is an input.
    blocks = [MemoryBlock(k + 1, z3.BitVec(f"block{k + 1}!size", PTR_ADDR_BITS),
                          writable=z3.Bool(f"block{k + 1}!writable")) for k in range(len(pointer_args))]
    # With narrower pointers (the data layout's), a block is at most half the address
    # space (PTRDIFF_MAX): its offsets, no larger than its size, fit too.
    largest = min(MAX_BLOCK_SIZE, 1 << (fn.layout.pointer_bits - 1))
    pre += [z3.ULE(b.size, largest) for b in blocks]
    placements: list[z3.BitVecRef] = []
    global_blocks, constant_blocks = _global_blocks(fn.layout, globals_ or [], blocks, memory, pre, placements)
    shared = [k + 1 for k, i in enumerate(pointer_args) if not fn.args[i].attrs.noalias]
    shared += list(global_blocks.values())
    for i, arg in enumerate(fn.args):
        label = f"%{_arg_label(fn, i)}"
        t = arg.type
        lanes = t.lanes
        if _is_pointer(t):
            if t.lanes != 1:
                raise Unsupported(f"vector of pointers argument {label}", fn.name)
            k = pointer_args.index(i) + 1
            if arg.attrs.noalias or shared == [k]:
                bid = z3.BitVecVal(k, PTR_BLOCK_BITS)
            else:
                bid = z3.BitVec(f"{label}!block", PTR_BLOCK_BITS)
                pre.append(any_of([bid == j for j in shared]))
            ptr = PointerArg(i, bid, z3.BitVec(f"{label}!offset", PTR_ADDR_BITS))
            size = blocks[0].size
            for b in reversed(blocks):
                size = z3.If(bid == b.block_id, b.size, size)
            pre.append(z3.ULE(ptr.offset, size))
            poison = [z3.Bool(f"{label}!poison")] if options.poison_inputs and not arg.attrs.noundef else [FALSE]
            value = ptr.pointer
            null = None
            if nullable and i in nullable:
                null = z3.Bool(f"{label}!null")
                value = z3.If(null, z3.BitVecVal(0, value.size()), value)
            args.append(ArgInput(label, t, [value], poison, [FALSE], ptr, null))
            continue
        if _holds_pointer(t):
            raise Unsupported(f"pointer in the aggregate argument {label}", fn.name)
        widths = lane_widths(t)  # an aggregate's lanes are its fields' (each may be poison)
        lanes = len(widths)
        suffix = (lambda k: f"!{k}") if t.is_vector or isinstance(t, StructType | ArrayType) else (lambda k: "")
        values = [z3.BitVec(f"{label}{suffix(k)}", w) for k, w in enumerate(widths)]
        # The source is UB on a noundef argument that is poison or undef, so such inputs
        # need not be considered (the target may then do anything).
        defined = arg.attrs.noundef
        poison = [
            z3.Bool(f"{label}{suffix(k)}!poison") if options.poison_inputs and not defined else FALSE
            for k in range(lanes)
        ]
        undef = [
            z3.Bool(f"{label}{suffix(k)}!undef") if options.undef_inputs and not defined else FALSE
            for k in range(lanes)
        ]
        # A lane is poison or undef, not both: keeps counterexamples readable.
        pre += [z3.Not(z3.And(p, u)) for p, u in zip(poison, undef, strict=True) if not z3.is_false(p) and not z3.is_false(u)]
        args.append(ArgInput(label, t, values, poison, undef))
    return Inputs(args, blocks, memory, pre, global_blocks, constant_blocks, placements)


def _is_pointer(t: Type) -> bool:
    """A pointer or a vector of pointers."""
    return isinstance(t, PtrType) or isinstance(t, VectorType) and isinstance(t.elem, PtrType)


def _holds_pointer(t: Type) -> bool:
    if isinstance(t, StructType):
        return any(_holds_pointer(f) for f in t.fields)
    if isinstance(t, ArrayType):
        return _holds_pointer(t.elem)
    return _is_pointer(t)


FIRST_GLOBAL_BLOCK = 64
MAX_GLOBAL_INIT_BYTES = 4096


def _global_blocks(
    layout: DataLayout, globals_: list[GlobalVariable], blocks: list[MemoryBlock], memory: Memory,
    pre: list[z3.BoolRef], placements: list[z3.BitVecRef],
) -> tuple[dict[str, int], set[int]]:
    """A block per global variable, of its type's size, aligned as it states (or as its
    type's ABI alignment when it does not), no more: where it lies is an input
    (``placements``); an initializer fixes the initial bytes (for source and target
    alike), an external global's bytes are unknown."""
    ids: dict[str, int] = {}
    constant: set[int] = set()
    for k, g in enumerate(globals_):
        bid = FIRST_GLOBAL_BLOCK + k
        name = g.name or ""
        ids[name] = bid
        if g.is_constant:
            constant.add(bid)
        size = layout.alloc_size(g.value_type)
        if g.initializer is None and size == 0:
            # `@a = external global [0 x i8]` (C's `extern char a[];`): the object defined
            # elsewhere may be larger than its declared type says (as Alive2 reads it).
            raise Unsupported(f"external global variable @{name} of size 0 (its object's size is not known)")
        align = g.align or layout.abi_align(g.value_type)
        var = None
        if (bits := placement_bits(align)) > 0:
            var = z3.BitVec(f"global!{name}!placement", bits)
            placements.append(var)
        blocks.append(MemoryBlock(bid, z3.BitVecVal(size, PTR_ADDR_BITS), placement(var, align)))
        # Only a constant's bytes are known when the function runs: a writable global may
        # have been written before (Alive2's model too).
        if g.initializer is None or not g.is_constant:
            continue
        data = constant_bytes(g.initializer, layout)
        if data is None or len(data) > MAX_GLOBAL_INIT_BYTES:
            raise Unsupported(f"initializer of global variable @{name}")
        base = pointer_lane(bid, z3.BitVecVal(0, PTR_ADDR_BITS))
        for i, (byte, poison) in enumerate(data):
            key = offset_by(base, i)
            pre.append(z3.Select(memory.init_data, key) == byte)
            pre.append(z3.Select(memory.init_poison, key) == poison)
    return ids, constant


def constant_bytes(c: Constant, layout: DataLayout) -> list[tuple[int, bool]] | None:
    """The little-endian bytes of a constant and whether each is poison; None for what
    has no fixed bytes here (undef, pointers)."""
    t = c.type
    if isinstance(c, ConstArray | ConstVector):
        out: list[tuple[int, bool]] = []
        for e in c.elems:
            part = constant_bytes(e, layout)
            if part is None:
                return None
            out += part
        if isinstance(c, ConstArray) and isinstance(t, ArrayType):
            pad = layout.alloc_size(t) - len(out)
            out += [(0, False)] * pad
        return out
    if isinstance(c, ConstInt | ConstFloat):
        bits = c.value if isinstance(c, ConstInt) else c.bits
        width = t.bits if isinstance(t, IntType | FloatType) else 0
        if width % 8:
            return None
        return [((bits >> (8 * i)) & 0xFF, False) for i in range(width // 8)]
    if isinstance(c, ConstPoison) and isinstance(t, IntType | FloatType) and t.bits % 8 == 0:
        return [(0, True)] * (t.bits // 8)
    return None


def observed_pointer_args(fn: Function) -> set[int]:
    """The pointer arguments whose value the function looks at other than as an address
    to load or store through (compared, returned, stored, merged, passed on), directly or
    through getelementptr. Only these may be null: for the others a null pointer is no
    different from a pointer into an empty block, which the inputs already include
    (but for a dereferenceable_or_null argument: null is allowed, an empty block not;
    and for a nonnull one: null is poison, which a load of no bytes is UB through, and
    a pointer into an empty block is not)."""
    uses: dict[int, list[tuple[object, int]]] = {}
    for inst in fn.instructions():
        for k, op in enumerate(inst.operands):
            uses.setdefault(id(op), []).append((inst, k))
    out = set()
    for i, arg in enumerate(fn.args):
        if not _is_pointer(arg.type):
            continue
        if arg.attrs.dereferenceable_or_null or arg.attrs.nonnull:  # null differs from an empty block
            out.add(i)
            continue
        work: list[object] = [arg]
        while work:
            v = work.pop()
            for user, k in uses.get(id(v), []):
                if isinstance(user, Load) or (isinstance(user, Store) and k == 1):
                    continue
                if isinstance(user, GetElementPtr) and k == 0:
                    work.append(user)
                    continue
                if isinstance(user, Call) and user.callee.startswith(("llvm.masked.", "llvm.lifetime.")):
                    continue
                out.add(i)
                work = []
                break
    return out


PROBE_SEED = 0x5EED


def probe_values(inputs: Inputs, rounds: int) -> list[list[z3.BoolRef]]:
    """Concrete values for the integer and floating-point argument lanes, as equations:
    ``rounds`` assignments, one in three of edge values (0, 1, -1, INT_MIN, INT_MAX,
    signed zeros, infinities, NaNs, subnormals), one in three of random floats of
    magnitude in [0.5, 2) (sums and products of such values round alike often enough to
    show a changed rounding: a contraction, a reassociation; integers: random bits), the
    others of random bits, every lane defined (neither poison nor undef). Deterministic:
    the same inputs get the same probes. Empty when there is no such lane."""
    lanes: list[tuple[z3.BitVecRef, list[int], int, FloatType | None]] = []
    flags: list[z3.BoolRef] = []
    for a in inputs.args:
        if isinstance(a.type, StructType | ArrayType):
            continue  # aggregates are left to the solver
        scalar = a.type.scalar
        if not isinstance(scalar, IntType | FloatType) or a.pointer is not None:
            continue
        edges = int_edges(scalar.bits) if isinstance(scalar, IntType) else float_edges(scalar)
        for v in a.values:
            if z3.is_const(v) and not z3.is_bv_value(v):
                lanes.append((v, edges, v.size(), scalar if isinstance(scalar, FloatType) else None))
        flags += [z3.Not(f) for f in a.poison + a.undef if not z3.is_false(f)]
    if not lanes:
        return []
    rng = random.Random(PROBE_SEED)
    out = []
    for r in range(rounds):
        pins = [
            v == (rng.choice(edges) if r % 3 == 0 else _moderate(ft, rng) if r % 3 == 1 and ft is not None
                  else rng.getrandbits(width))
            for v, edges, width, ft in lanes
        ]
        out.append(pins + flags)
    return out


def _moderate(t: FloatType, rng: random.Random) -> int:
    """A random ``t`` of magnitude in [0.5, 2): either sign, exponent -1 or 0, random fraction."""
    bias = (1 << (t.ebits - 1)) - 1
    m = t.sbits - 1
    return (rng.getrandbits(1) << (t.bits - 1)) | ((bias - rng.getrandbits(1)) << m) | rng.getrandbits(m)
