"""Obligations: straight-line ``@src``/``@tgt`` pairs built from pieces of a function
with loops, which the refinement check decides (each returns a struct of the values
compared; assumptions are ``llvm.assume`` calls on the source side).

``Side`` maps values of the function the pieces come from into one side of an
obligation: arguments and state become parameters both sides share (``Params``), pure
loop-invariant instructions are recomputed, other invariant values (phis, loads) become
parameters. The loop witnesses of ``transforms/loop`` (the vectorizer's own) and of
``infer.py`` (LoopVectorize's output) build their checks from these.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

from ..ir.function import Block, Function, Module
from ..ir.types import VOID, FloatType, IntType, PtrType, StructType, Type, VectorType
from ..ir.values import (
    Alloca,
    Argument,
    BinOp,
    Br,
    Call,
    Cast,
    Constant,
    ConstInt,
    ConstPoison,
    ICmp,
    InsertValue,
    Instruction,
    Load,
    ParamAttrs,
    Phi,
    Ret,
    Select,
    Value,
)
from ..ir.vscale import vscale_constant
from ..llvm import print_module
from ..semantics.core import intrinsic_base_name
from .shapes import WIDENABLE

I1 = IntType(1)
I32 = IntType(32)
TRUE = ConstInt(I1, 1)
FALSE = ConstInt(I1, 0)


class WitnessError(Exception):
    """The code does not have the shape the witness describes."""


class Params:
    """The parameters both functions of an obligation share, in one order.

    With ``args_not_undef`` each argument of the loop's function that is not ``noundef``
    is split in two parameters, a defined value and whether it is poison (``select %p,
    poison, %v``, lane by lane for a vector): the obligation then covers poison arguments
    but not undef ones (which its verdict must say). Without it the arguments are
    parameters as they are (undef where the check's options allow it)."""

    def __init__(self, args_not_undef: bool = False) -> None:
        self.args_not_undef = args_not_undef
        self.keys: list[object] = []
        self.types: dict[object, Type] = {}
        self.names: dict[object, str] = {}
        self.attrs: dict[object, ParamAttrs] = {}

    def declare(self, key: object, t: Type, name: str, attrs: ParamAttrs | None = None) -> None:
        if key not in self.types:
            self.keys.append(key)
            self.types[key], self.names[key] = t, name
            self.attrs[key] = attrs or ParamAttrs()


class Side:
    """One function of an obligation under construction: one block, values mapped from
    the vectorized function."""

    def __init__(self, name: str, params: Params, fn: Function) -> None:
        self.name, self.params, self.fn = name, params, fn
        self.insts: list[Instruction] = []
        self.args: dict[object, Argument] = {}
        self.states: dict[str, Value] = {}  # state parameters that are never undef (state)
        self.vmap: dict[int, Value] = {}
        self.emitted: set[int] = set()  # this side's own instructions
        for k, a in enumerate(fn.args):
            split = params.args_not_undef and not a.attrs.noundef and _splittable(a.type)
            params.declare(("arg", k), a.type, a.name or f"a{k}", replace(a.attrs, noundef=True) if split else a.attrs)
            self.vmap[id(a)] = self.arg(("arg", k))
            if split:
                flag_t: Type = a.type.of(I1) if isinstance(a.type, VectorType) else I1
                params.declare(("arg.poison", k), flag_t, f"{a.name or f'a{k}'}.poison", ParamAttrs(noundef=True))
                self.vmap[id(a)] = self.emit(Select(a.type, a.name, [self.arg(("arg.poison", k)), ConstPoison(a.type),
                                                                      self.arg(("arg", k))]))

    def arg(self, key: object) -> Argument:
        if key not in self.args:
            self.args[key] = Argument(self.params.types[key], self.params.names[key], self.params.attrs[key])
        return self.args[key]

    def state(self, key: str, t: Type, noundef: bool = False, undef: bool = True) -> Value:
        """A state parameter; ``undef=False``: a value whose lanes are defined or poison,
        never undef (a defined parameter and whether each lane is poison, as for
        ``args_not_undef``): what a loop phi holds where no value that may be undef
        reaches it (undefs.py)."""
        split = not noundef and not undef and _splittable(t)
        name = f"{key}.defined" if split else key
        self.params.declare(("state", key), t, name, ParamAttrs(noundef=noundef or split))
        if not split:
            return self.arg(("state", key))
        if key not in self.states:
            flag_t: Type = t.of(I1) if isinstance(t, VectorType) else I1
            self.params.declare(("state.poison", key), flag_t, f"{key}.poison", ParamAttrs(noundef=True))
            self.states[key] = self.emit(Select(t, key, [self.arg(("state.poison", key)), ConstPoison(t),
                                                         self.arg(("state", key))]))
        return self.states[key]

    def emit(self, inst: Instruction) -> Instruction:
        self.insts.append(inst)
        self.emitted.add(id(inst))
        return inst

    def value(self, v: Value) -> Value:
        """``v`` of the vectorized function as a value here: mapped, a constant, or a
        loop-invariant value recomputed (pure instructions) or taken as a parameter."""
        if id(v) in self.vmap:
            return self.vmap[id(v)]
        if id(v) in self.emitted or isinstance(v, Constant):
            return v
        if isinstance(v, Argument):
            raise WitnessError(f"argument %{v.name} of another function")
        assert isinstance(v, Instruction)
        if isinstance(v, Phi | Load | Alloca) or v.type == VOID or (isinstance(v, Call) and not _pure(v)):
            key = ("inv", id(v))
            self.params.declare(key, v.type, f"{v.name or 'v'}.inv")
            out: Value = self.arg(key)
        else:
            out = self.clone(v)
        self.vmap[id(v)] = out
        return out

    def clone(self, v: Instruction, suffix: str = "") -> Instruction:
        c = copy.copy(v)
        c.operands = [self.value(op) for op in v.operands]
        if suffix and v.name:
            c.name = f"{v.name}{suffix}"
        self.vmap[id(v)] = c
        return self.emit(c)

    def assume(self, cond: Value) -> None:
        self.emit(Call(VOID, None, [cond], callee="llvm.assume"))

    def finish(self, outputs: list[Value]) -> Function:
        st = StructType(tuple(o.type for o in outputs))
        agg: Value = ConstPoison(st)
        for k, o in enumerate(outputs):
            agg = self.emit(InsertValue(st, f"out{k}" if k == len(outputs) - 1 else None, [agg, o], index=k))

        self.emit(Ret(VOID, None, [agg]))
        args = []
        for k, key in enumerate(self.params.keys):
            a = self.arg(key)
            a.index = k
            args.append(a)
        # The loop's function's byte order and denormal modes: the obligations are
        # about its instructions, which mean what they mean there.
        return Function(self.name, st, args, [Block("entry", self.insts)], layout=self.fn.layout,
                        denormal=self.fn.denormal)


def _splittable(t: Type) -> bool:
    elem = t.elem if isinstance(t, VectorType) else t
    return isinstance(elem, IntType | PtrType | FloatType)


def emit_and(side: Side, conds: list[Value]) -> Value:
    acc = conds[0]
    for c in conds[1:]:
        acc = side.emit(BinOp(I1, None, [acc, c], op="and"))
    return acc


def emit_not(side: Side, c: Value) -> Value:
    return side.emit(BinOp(I1, None, [c, TRUE], op="xor"))


@dataclass
class Obligation:
    """One proof obligation of a loop's witness: a source and a target to check."""

    name: str  # entry | step | exit
    src: Function
    tgt: Function

    def text(self) -> str:
        return print_module(Module(functions={"src": self.src, "tgt": self.tgt}))


def branch_cond(block: Block) -> Value:
    term = block.instructions[-1]
    if not (isinstance(term, Br) and term.operands):
        raise WitnessError(f"block {block.name} does not end in a conditional branch")
    return term.operands[0]


def goes_to(side: Side, block: Block, target: str) -> Value:
    """The condition (in ``side``) under which ``block``'s conditional branch goes to
    ``target``."""
    cond = side.value(branch_cond(block))
    return cond if true_target(block) == target else emit_not(side, cond)


def true_target(block: Block) -> str:
    term = block.instructions[-1]
    assert isinstance(term, Br)
    return term.targets[0]


# Intrinsics of scalable code whose value is a function of their operands (and of the
# vscale the function is read at): recomputed where an obligation needs them.
SCALABLE_PURE = ("llvm.vscale", "llvm.get.active.lane.mask", "llvm.stepvector", "llvm.vector.splice.left",
                 "llvm.vector.splice.right")


def _pure(call: Call) -> bool:
    return intrinsic_base_name(call.callee) in WIDENABLE or call.callee.startswith("llvm.vector.reduce.") \
        or intrinsic_base_name(call.callee) in SCALABLE_PURE


def pure_instruction(x: Instruction) -> bool:
    """Recomputable anywhere: no UB, no effect (a division only by a constant that is not 0)."""
    if isinstance(x, BinOp):
        # a division by a constant that is not 0 (unsigned: or by vscale x N, read at one vscale)
        d = x.operands[1]
        if x.op in ("udiv", "urem"):
            return bool(vscale_constant(d))
        return x.op not in ("sdiv", "srem") or isinstance(d, ConstInt) and d.value != 0
    if isinstance(x, Call):
        return _pure(x)
    return isinstance(x, ICmp | Cast | Select) or type(x).__name__ in (
        "ExtractElement", "InsertElement", "ShuffleVector", "GetElementPtr", "FCmp", "FNeg", "Freeze")
