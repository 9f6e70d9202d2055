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
from .core import FALSE, PTR_ADDR_BITS, lane_bits
from .memory import Memory, PointerBlock, initial_memory, pointer_lane

# Keeps block arithmetic far from wrapping around the 64-bit address space.
MAX_BLOCK_SIZE = 1 << 32
MAX_ADDRESS = 1 << 48


@dataclass
class ArgInput:
    name: str
    type: Type
    values: list[z3.BitVecRef]
    poison: list[z3.BoolRef]
    undef: list[z3.BoolRef]
    block: PointerBlock | None = None


@dataclass
class Inputs:
    args: list[ArgInput]
    blocks: list[PointerBlock]
    memory: Memory
    pre: list[z3.BoolRef] = field(default_factory=list)

    def variables(self) -> list[z3.ExprRef]:
        out: list[z3.ExprRef] = []
        for a in self.args:
            out += [v for v in a.values if z3.is_const(v) and not z3.is_bv_value(v)]
            out += [p for p in a.poison + a.undef if z3.is_const(p) and not z3.is_false(p)]
        for b in self.blocks:
            out += [b.base, b.size, b.offset]
        out += [self.memory.data, self.memory.poison]
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
    blocks: list[PointerBlock] = []
    pre: list[z3.BoolRef] = []
    for i, arg in enumerate(fn.args):
        label = f"%{_arg_label(fn, i)}"
        t = arg.type
        lanes = t.lanes
        if isinstance(t.scalar, PtrType):
            if t.lanes != 1:
                raise Unsupported(f"vector of pointers argument {label}", fn.name)
            blk = PointerBlock(
                block_id=len(blocks) + 1,
                arg_index=i,
                base=z3.BitVec(f"{label}!base", PTR_ADDR_BITS),
                size=z3.BitVec(f"{label}!size", PTR_ADDR_BITS),
                offset=z3.BitVec(f"{label}!offset", PTR_ADDR_BITS),
            )
            blocks.append(blk)
            pre += [
                z3.UGT(blk.base, 0),
                z3.ULE(blk.size, MAX_BLOCK_SIZE),
                z3.ULT(blk.base, MAX_ADDRESS),
                z3.ULE(blk.offset, blk.size),
            ]
            poison = [z3.Bool(f"{label}!poison")] if options.poison_inputs else [FALSE]
            args.append(ArgInput(label, t, [pointer_lane(blk.block_id, blk.pointer)], poison, [FALSE], blk))
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
