"""A vector rule's obligation split into one obligation per returned lane.

Why it is sound. Let every lane of ``@src``'s result depend on its own arguments and its
own computations, and let neither function have UB or memory (checked here: only
lane-wise arithmetic that cannot trap, pure intrinsics, and element moves with constant
indices). Then:

* the source's behaviours are a product: lane i's value and poison are a function of
  the arguments and choices (NaN bits, undef uses, fmuladd's fusion) that lane i alone
  uses, and no two lanes share one (the semantics make a fresh choice per lane of a
  lane-wise operation), so any per-lane pick of source behaviours is one behaviour of
  the whole source. Each lane of a vector argument is an input of its own (its value,
  poison bit and undef bit; an undef lane takes a fresh value per use, lane by lane:
  semantics/inputs.py), so lanes that read different lanes of one argument share
  nothing; lanes that read the same lane (or one scalar argument) do;
* so a target behaviour is a source behaviour iff each of its lanes is one of the
  source's lane behaviours: that is what the obligation for lane i states (its target
  ranges over every target choice; its source over lane i's choices);
* in the obligation for lane i, each function keeps only what flows into its lane i
  (an operand none of whose lanes does is replaced by zero, unused instructions go):
  with no UB and no memory, what does not flow into a lane cannot change it;
* and it computes that lane on scalars: a lane-wise vector operation's lane k is the
  scalar operation on its operands' lanes k (the semantics compute it so, with a fresh
  choice per lane), an element move is the lane it moves. The solver then meets one
  scalar ``fmuladd`` where it met a vector one whose other lanes' fusion and NaN choices
  it had to tell apart (``shuffle.fmuladd-fmul`` at ``<4 x float>``: a timeout before).

The dependence is computed here, on the functions the checker gets, lane by lane
(insertelement/extractelement/shufflevector move lanes, lane-wise operations join the
same lane of their operands); any instruction outside that set makes the split
unavailable (the rule is then proved whole). Each lane's obligation is still the one
refinement check, on ordinary IR functions.
"""

from __future__ import annotations

import copy
import re
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
    ConstPoison,
    ConstVector,
    ExtractElement,
    FNeg,
    InsertElement,
    Instruction,
    Ret,
    ShuffleVector,
    Value,
)

# Lane-wise operations that can be UB (division by zero, INT_MIN / -1) would couple the
# lanes through UB: never split.
TRAPPING = frozenset({"udiv", "sdiv", "urem", "srem"})
# Intrinsics that are pure and lane-wise (the semantics compute them lane by lane).
LANEWISE_CALLS = ("llvm.fmuladd.", "llvm.fma.")

Token = tuple[str, int]  # ("arg", index * 4096 + lane) or ("inst", position * 4096 + lane)
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
        if isinstance(v, Argument):  # each lane an input of its own (see the module text)
            return [frozenset({("arg", v.index * 4096 + k)}) for k in range(_lanes(v.type))]
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
    if src.scalable is not None or tgt.scalable is not None:
        raise NotLaneWise("scalable vectors (their lanes depend on vscale)")
    src_deps = lane_dependence(src)
    lane_dependence(tgt)  # only lane-wise instructions, no UB, no memory
    for a, b in combinations(src_deps, 2):
        if a & b:
            raise NotLaneWise("two lanes of the source share an argument or a computation")
    return [(lane_slice(src, i), lane_slice(tgt, i)) for i in range(src.ret_type.count)]


def lane_slice(fn: Function, lane: int) -> Function:
    """``fn`` (lane-wise, see lane_dependence) returning only lane ``lane`` of its result,
    computed on scalars: each lane-wise vector operation one of whose lanes k flows into
    that lane becomes the scalar operation on the operands' lanes k (a vector argument's
    or constant's lane is an ``extractelement``), and element moves become the lane they
    move. By the semantics (which compute a lane-wise operation lane by lane, with a
    fresh choice per lane) that is the same function of the arguments with the same
    choices; nothing else is computed, and the solver meets one scalar operation where
    it met a vector one whose other lanes it had to tell apart."""
    out = copy.deepcopy(fn)
    ret = out.blocks[0].instructions[-1]
    assert isinstance(ret, Ret) and isinstance(out.ret_type, VectorType)
    lanes = _Scalarizer()
    picked = lanes.of(ret.operands[0], lane)
    out.blocks[0].instructions = lanes.code + [Ret(ret.type, None, [picked])]
    out.ret_type = out.ret_type.elem
    return out


class _Scalarizer:
    """Lanes of vector values as scalar values, and the scalar code computing them."""

    def __init__(self) -> None:
        self.code: list[Instruction] = []
        self._memo: dict[tuple[int, int], Value] = {}

    def of(self, v: Value, k: int) -> Value:
        """Lane ``k`` of ``v`` as a scalar (lane 0 of a scalar is itself)."""
        key = (id(v), k)
        if key not in self._memo:
            self._memo[key] = self._lane(v, k)
        return self._memo[key]

    def _name(self, base: str | None, k: int) -> str:
        return f"lane.{base or 'v'}.{k}.{len(self.code)}"

    def _lane(self, v: Value, k: int) -> Value:
        if not isinstance(v, Instruction):  # an argument or a constant
            if not isinstance(v.type, VectorType):
                return v
            picked = ExtractElement(v.type.elem, self._name(getattr(v, "name", None), k),
                                    [v, ConstInt(IntType(64), k)])
            self.code.append(picked)
            return picked
        ops = v.operands
        if isinstance(v, InsertElement):
            return self.of(ops[1], 0) if _const_index(ops[2]) == k else self.of(ops[0], k)
        if isinstance(v, ExtractElement):
            return self.of(ops[0], _const_index(ops[1]))
        if isinstance(v, ShuffleVector):
            assert isinstance(v.type, VectorType)
            n, m = _lanes(ops[0].type), v.mask[k]
            if m is None:
                return ConstPoison(v.type.elem)
            return self.of(ops[0], m) if m < n else self.of(ops[1], m - n)
        # lane-wise (lane_dependence admits nothing else): the same operation on lanes k
        one = copy.copy(v)
        if isinstance(v.type, VectorType):
            one.type = v.type.elem
        one.name = self._name(v.name, k)
        one.operands = [self.of(o, k) if isinstance(o.type, VectorType) else o for o in ops]
        if isinstance(one, Call):
            one.callee, one.callee_type = _scalar_overload(one.callee), ""
        self.code.append(one)
        return one


def _scalar_overload(callee: str) -> str:
    """``llvm.fmuladd.v4f32`` -> ``llvm.fmuladd.f32``."""
    return re.sub(r"\.v\d+([if]\d+)$", r".\1", callee)
