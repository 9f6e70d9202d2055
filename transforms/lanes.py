"""A vector rule's obligation split into one obligation per returned lane.

Why it is sound. Let every lane of ``@src``'s result depend on its own arguments and its
own computations, and let neither function have UB or memory (checked here: only
lane-wise arithmetic that cannot trap, pure intrinsics, and element moves with constant
indices). Then:

* the source's behaviours are a product: lane i's value and poison are a function of
  the arguments and choices (NaN bits, undef uses, fmuladd's fusion) that lane i alone
  uses, and no two lanes share one (the semantics make a fresh choice per lane of a
  lane-wise operation), so any per-lane pick of source behaviours is one behaviour of
  the whole source;
* so a target behaviour is a source behaviour iff each of its lanes is one of the
  source's lane behaviours: that is what the obligation for lane i states (its target
  ranges over every target choice; its source over lane i's choices);
* in the obligation for lane i, each function keeps only what flows into its lane i
  (an operand none of whose lanes does is replaced by zero, unused instructions go):
  with no UB and no memory, what does not flow into a lane cannot change it.

The dependence is computed here, on the functions the checker gets, lane by lane
(insertelement/extractelement/shufflevector move lanes, lane-wise operations join the
same lane of their operands); any instruction outside that set makes the split
unavailable (the rule is then proved whole). Each lane's obligation is still the one
refinement check, on ordinary IR functions.
"""

from __future__ import annotations

import copy
from itertools import combinations

from vecverify.ir.function import Function
from vecverify.ir.types import FloatType, IntType, Type, VectorType
from vecverify.ir.values import (
    Argument,
    BinOp,
    Call,
    Constant,
    ConstFloat,
    ConstInt,
    ConstVector,
    ExtractElement,
    FNeg,
    InsertElement,
    Ret,
    ShuffleVector,
    Value,
)

# Lane-wise operations that can be UB (division by zero, INT_MIN / -1) would couple the
# lanes through UB: never split.
TRAPPING = frozenset({"udiv", "sdiv", "urem", "srem"})
# Intrinsics that are pure and lane-wise (the semantics compute them lane by lane).
LANEWISE_CALLS = ("llvm.fmuladd.", "llvm.fma.")

Token = tuple[str, int]  # ("arg", index) or ("inst", position * 4096 + lane)
Deps = list[frozenset[Token]]  # per lane


class NotLaneWise(Exception):
    """The function is not of the shape whose lanes can be proved one at a time."""


def _lanes(t: Type) -> int:
    return t.count if isinstance(t, VectorType) else 1


def _const_index(v: Value) -> int:
    if not isinstance(v, ConstInt):
        raise NotLaneWise("a variable element index")
    return v.value


def lane_dependence(fn: Function) -> Deps:
    """For each lane of ``fn``'s returned value: the arguments and the (instruction,
    lane) computations it depends on."""
    if len(fn.blocks) != 1:
        raise NotLaneWise("more than one block")
    deps: dict[int, Deps] = {}

    def of(v: Value) -> Deps:
        if isinstance(v, Constant):
            return [frozenset()] * _lanes(v.type)
        if isinstance(v, Argument):
            return [frozenset({("arg", v.index)})] * _lanes(v.type)
        if id(v) not in deps:
            raise NotLaneWise("a value defined elsewhere")
        return deps[id(v)]

    returned: Deps | None = None
    for pos, inst in enumerate(fn.blocks[0].instructions):
        ops = inst.operands
        if isinstance(inst, Ret):
            if not ops:
                raise NotLaneWise("no returned value")
            returned = of(ops[0])
            break
        if isinstance(inst, InsertElement):
            vec, k = list(of(ops[0])), _const_index(ops[2])
            vec[k] = of(ops[1])[0]
            deps[id(inst)] = vec
        elif isinstance(inst, ExtractElement):
            deps[id(inst)] = [of(ops[0])[_const_index(ops[1])]]
        elif isinstance(inst, ShuffleVector):
            both = of(ops[0]) + of(ops[1])
            deps[id(inst)] = [both[m] if m is not None else frozenset() for m in inst.mask]
        elif (isinstance(inst, BinOp) and inst.op not in TRAPPING) or isinstance(inst, FNeg) or (
                isinstance(inst, Call) and inst.callee.startswith(LANEWISE_CALLS)):
            n = _lanes(inst.type)
            operand_deps = [of(o) for o in ops]
            if any(len(d) != n for d in operand_deps):
                raise NotLaneWise(f"{inst.opcode} mixes lane counts")
            deps[id(inst)] = [
                frozenset().union(*(d[k] for d in operand_deps)) | {("inst", pos * 4096 + k)} for k in range(n)
            ]
        else:
            raise NotLaneWise(f"{inst.opcode} is not lane-wise")
    if returned is None:
        raise NotLaneWise("no return")
    return returned


def _zero(t: Type) -> Constant:
    scalar = t.elem if isinstance(t, VectorType) else t
    zero: Constant
    if isinstance(scalar, FloatType):
        zero = ConstFloat(scalar, 0)
    elif isinstance(scalar, IntType):
        zero = ConstInt(scalar, 0)
    else:
        raise NotLaneWise(f"a value of type {t}")
    return ConstVector(t, (zero,) * t.count) if isinstance(t, VectorType) else zero


def split_lanes(src: Function, tgt: Function) -> list[tuple[Function, Function]]:
    """One (src, tgt) pair per lane of the returned vector, each returning that lane
    (see the module text); raises NotLaneWise when the split is not justified."""
    if not isinstance(src.ret_type, VectorType) or src.ret_type != tgt.ret_type:
        raise NotLaneWise("not a vector result")
    src_deps = lane_dependence(src)
    lane_dependence(tgt)  # only lane-wise instructions, no UB, no memory
    for a, b in combinations(src_deps, 2):
        if a & b:
            raise NotLaneWise("two lanes of the source share an argument or a computation")
    return [(lane_slice(src, i), lane_slice(tgt, i)) for i in range(src.ret_type.count)]


def lane_slice(fn: Function, lane: int) -> Function:
    """``fn`` (lane-wise, see lane_dependence) returning only lane ``lane`` of its result.
    Every operand none of whose lanes flows into that lane is replaced by zero, and
    instructions left unused are dropped: the returned lane is the same function of the
    arguments, with the same choices, and nothing else is computed."""
    out = copy.deepcopy(fn)
    insts = out.blocks[0].instructions
    ret = insts[-1]
    assert isinstance(ret, Ret) and isinstance(out.ret_type, VectorType)
    needed: dict[int, set[int]] = {id(ret.operands[0]): {lane}}
    for inst in reversed(insts[:-1]):
        used = needed.get(id(inst), set())
        ops = inst.operands

        def need(v: Value, lanes: set[int]) -> None:
            needed.setdefault(id(v), set()).update(lanes)

        if isinstance(inst, InsertElement):
            k = _const_index(ops[2])
            need(ops[0], used - {k})
            need(ops[1], {0} if k in used else set())
        elif isinstance(inst, ExtractElement):
            need(ops[0], {_const_index(ops[1])} if used else set())
        elif isinstance(inst, ShuffleVector):
            n = _lanes(ops[0].type)
            picks = [inst.mask[k] for k in used]
            need(ops[0], {m for m in picks if m is not None and m < n})
            need(ops[1], {m - n for m in picks if m is not None and m >= n})
        else:  # lane-wise
            for o in ops:
                need(o, used if isinstance(o.type, VectorType) else ({0} if used else set()))
    kept = [inst for inst in insts[:-1] if needed.get(id(inst))]
    for inst in kept:
        inst.operands = [_zero(o.type) if not isinstance(o, Constant) and not needed.get(id(o)) else o
                         for o in inst.operands]
    scalar = out.ret_type.elem
    picked = ExtractElement(scalar, f"lane{lane}", [ret.operands[0], ConstInt(IntType(32), lane)])
    out.blocks[0].instructions = kept + [picked, Ret(ret.type, None, [picked])]
    out.ret_type = scalar
    return out
