"""The inputs shared by source and target: arguments, pointer blocks, initial memory.

Every argument lane has a value, a poison bit and an undef bit (an undef argument takes
a fresh value at each use). Options can rule poison or undef inputs out. The same
variables are used for both functions, so a model of a query is one concrete input.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from ..errors import Unsupported
from ..ir.function import Function
from ..ir.types import PtrType, Type
from .core import FALSE, PTR_ADDR_BITS, PTR_BLOCK_BITS, any_of, lane_bits
from .memory import Memory, MemoryBlock, PointerArg, initial_memory

# Blocks may be huge (a source may index 2**32 bytes into one), but stay clear of the top
# of the address space so that in-bounds offset arithmetic never wraps.
MAX_BLOCK_SIZE = 1 << 62


@dataclass
class ArgInput:
    name: str
    type: Type
    values: list[z3.BitVecRef]
    poison: list[z3.BoolRef]
    undef: list[z3.BoolRef]
    pointer: PointerArg | None = None


@dataclass
class Inputs:
    args: list[ArgInput]
    blocks: list[MemoryBlock]
    memory: Memory
    pre: list[z3.BoolRef] = field(default_factory=list)

    def variables(self) -> list[z3.ExprRef]:
        out: list[z3.ExprRef] = []
        for a in self.args:
            out += [v for v in a.values if z3.is_const(v) and not z3.is_bv_value(v)]
            out += [p for p in a.poison + a.undef if z3.is_const(p) and not z3.is_false(p)]
        for b in self.blocks:
            out.append(b.size)
        for a in self.args:
            if a.pointer is not None:
                out += [v for v in (a.pointer.block, a.pointer.offset) if not z3.is_bv_value(v)]
        out += [self.memory.init_data, self.memory.init_poison]
        return out


@dataclass(frozen=True)
class InputOptions:
    poison_inputs: bool = True
    undef_inputs: bool = True


def _arg_label(fn: Function, index: int) -> str:
    name = fn.args[index].name
    return name if name is not None else str(index)


def build_inputs(fn: Function, options: InputOptions) -> Inputs:
    """Symbolic inputs for the signature of ``fn`` (the source function)."""
    args: list[ArgInput] = []
    pre: list[z3.BoolRef] = []
    pointer_args = [i for i, a in enumerate(fn.args) if isinstance(a.type.scalar, PtrType)]
    # One block per pointer argument; a noalias argument's is its own, the others choose
    # among the blocks of the arguments that are not noalias.
    blocks = [MemoryBlock(k + 1, z3.BitVec(f"block{k + 1}!size", PTR_ADDR_BITS)) for k in range(len(pointer_args))]
    pre += [z3.ULE(b.size, MAX_BLOCK_SIZE) for b in blocks]
    shared = [k + 1 for k, i in enumerate(pointer_args) if not fn.args[i].attrs.noalias]
    for i, arg in enumerate(fn.args):
        label = f"%{_arg_label(fn, i)}"
        t = arg.type
        lanes = t.lanes
        if isinstance(t.scalar, PtrType):
            if t.lanes != 1:
                raise Unsupported(f"vector of pointers argument {label}", fn.name)
            k = pointer_args.index(i) + 1
            if arg.attrs.noalias or len(shared) == 1:
                bid = z3.BitVecVal(k, PTR_BLOCK_BITS)
            else:
                bid = z3.BitVec(f"{label}!block", PTR_BLOCK_BITS)
                pre.append(any_of([bid == j for j in shared]))
            ptr = PointerArg(i, bid, z3.BitVec(f"{label}!offset", PTR_ADDR_BITS))
            size = blocks[0].size
            for b in reversed(blocks):
                size = z3.If(bid == b.block_id, b.size, size)
            pre.append(z3.ULE(ptr.offset, size))
            poison = [z3.Bool(f"{label}!poison")] if options.poison_inputs else [FALSE]
            args.append(ArgInput(label, t, [ptr.pointer], poison, [FALSE], ptr))
            continue
        bits = lane_bits(t)
        suffix = (lambda k: f"!{k}") if t.is_vector else (lambda k: "")
        values = [z3.BitVec(f"{label}{suffix(k)}", bits) for k in range(lanes)]
        poison = [
            z3.Bool(f"{label}{suffix(k)}!poison") if options.poison_inputs else FALSE
            for k in range(lanes)
        ]
        undef = [
            z3.Bool(f"{label}{suffix(k)}!undef") if options.undef_inputs else FALSE
            for k in range(lanes)
        ]
        # A lane is poison or undef, not both: keeps counterexamples readable.
        pre += [z3.Not(z3.And(p, u)) for p, u in zip(poison, undef, strict=True) if not z3.is_false(p) and not z3.is_false(u)]
        args.append(ArgInput(label, t, values, poison, undef))
    return Inputs(args, blocks, initial_memory(), pre)
