"""Mutants: deliberately wrong variants of the registered transforms, to show that the
campaign catches wrong transforms (by proof, and natively where the bug changes values).

Each mutant is named ``TRANSFORM:what``. Most run the real transform and post-process
its output (or, where the real transform declines, a copy of its input: the mutant is
"the transform plus one wrong rule"); the extension and shuffle mutants run the real
transform's code with one wrong ingredient (an identity, a mask, the flags). Every
registered transform gets the generic ones (``drop-store``, ``swap-lanes``); the built-in
ones get wrong rules of their own. A mutant brings a :class:`KernelProfile` that makes
its pattern likely, so it is caught within a few programs. ``native_visible`` is False
for the few bugs that only add poison (a kept ``nsw``): native code computes the same
bits, so only the proof can see them; ``why`` says so per mutant.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from properties.loop_strategies import group_kernels, loop_kernels
from properties.strategies import DEFAULT_PROFILE, KernelProfile, fp_available
from transforms.interleave import Knobs
from transforms.interleave import combine as interleave_combine
from transforms.loop import FUZZ_CHUNK as LOOP_FUZZ_CHUNK
from transforms.registry import all_transforms, get
from transforms.rules.extension import extend_lanes
from transforms.rules.shuffle import blend_lanes
from vecverify.errors import InputError
from vecverify.ir.function import Function
from vecverify.ir.types import FloatType, IntType, VectorType
from vecverify.ir.values import (
    BinOp,
    Call,
    ConstFloat,
    ConstInt,
    ConstPoison,
    ConstVector,
    ExtractElement,
    ICmp,
    InsertElement,
    Instruction,
    Phi,
    Select,
    ShuffleVector,
    Store,
    Value,
)

Rewrite = Callable[[Function], bool]  # mutate in place; False when nothing matched
Apply = Callable[[Function], Function | None]


@dataclass
class Mutant:
    name: str
    base: str  # the registered transform it is a variant of
    description: str
    rewrite: Rewrite | None = None  # post-processes the base transform's output
    make: Apply | None = None  # or: the whole (wrong) transform
    profile: KernelProfile = field(default_factory=lambda: DEFAULT_PROFILE)
    native_visible: bool = True
    why: str = ""  # for a mutant the native runs cannot see: why
    fuzz_kernels: Callable[[], Any] | None = None  # programs of another kind (loops; see Transform)
    fuzz_chunk: int | None = None  # programs per campaign unit (see Transform)

    def prove_output(self, src: Function, tgt: Function, timeout_ms: int) -> Any:
        """The base transform's own proof of its (here: mutated) output, if it has one."""
        prove = getattr(get(self.base), "prove_output", None)
        return prove(src, tgt, timeout_ms) if prove is not None else None

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        if self.make is not None:
            return self.make(fn)
        assert self.rewrite is not None
        out = get(self.base).apply(fn, options)
        work = out if out is not None else copy.deepcopy(fn)
        return work if self.rewrite(work) else None


POISON_ONLY = "only adds poison: native code computes the same bits, so only the proof can see it"
OVER_READ = ("reads bytes past the array whose values are never used: native runs compute the same bits, "
             "only the proof (an out-of-bounds load is UB) can see it")


# ----------------------------------------------------------------------------- IR helpers


def _insts(fn: Function) -> list[tuple[list[Instruction], Instruction]]:
    return [(b.instructions, i) for b in fn.blocks for i in b.instructions]


def _insert_before(insts: list[Instruction], anchor: Instruction, new: Sequence[Instruction]) -> None:
    k = next(k for k, x in enumerate(insts) if x is anchor)
    insts[k:k] = list(new)


def _binops(fn: Function, op: str) -> list[tuple[list[Instruction], BinOp]]:
    return [(ins, i) for ins, i in _insts(fn) if isinstance(i, BinOp) and i.op == op]


def _stores(fn: Function) -> list[tuple[list[Instruction], Store]]:
    return [(ins, i) for ins, i in _insts(fn) if isinstance(i, Store)]


def _width(t: Any) -> int:
    return t.elem.bits if isinstance(t, VectorType) else t.bits


def _const_of(v: Value) -> int | None:
    return v.value if isinstance(v, ConstInt) else None


# ----------------------------------------------------------------------------- generic mutants


def drop_store(fn: Function) -> bool:
    """Drop the last store (a lane, or a vector of lanes, never written)."""
    stores = _stores(fn)
    if not stores:
        return False
    insts, last = stores[-1]
    insts.remove(last)
    return True


def swap_lanes(fn: Function) -> bool:
    """Swap two lanes' stores: scalar stores trade pointers; a vector store stores its
    value with lanes 0 and 1 swapped."""
    stores = _stores(fn)
    for insts, st in stores:
        t = st.operands[0].type
        if isinstance(t, VectorType) and t.count >= 2:
            mask = (1, 0, *range(2, t.count))
            shuf = ShuffleVector(t, None, [st.operands[0], st.operands[0]], mask=mask)
            _insert_before(insts, st, [shuf])
            st.operands[0] = shuf
            return True
    # Scalar stores: move the first next to the second (its operands dominate that point,
    # and the arrays are noalias), then trade pointers.
    scalars = [(ins, s) for ins, s in stores if not isinstance(s.operands[0].type, VectorType)]
    for i, (ins_a, a) in enumerate(scalars):
        for ins_b, b in scalars[i + 1:]:
            if a.operands[0].type == b.operands[0].type and a.operands[1] is not b.operands[1] and ins_a is ins_b:
                ins_a.remove(a)
                _insert_before(ins_b, b, [a])
                a.operands[1], b.operands[1] = b.operands[1], a.operands[1]
                return True
    return False


# ----------------------------------------------------------------------------- reorder, replacement


def commute_sub(fn: Function) -> bool:
    """Treat sub as commutative: ``sub a, b -> sub b, a``."""
    done = False
    for _, b in _binops(fn, "sub"):
        if b.operands[0] is not b.operands[1]:
            b.operands = [b.operands[1], b.operands[0]]
            done = True
    return done


def sub_add_keep_nsw(fn: Function) -> bool:
    """SN-SLP ``(a - b) + c -> (a + c) - b`` keeping nsw (the real rule drops it)."""
    done = False
    for insts, add in _binops(fn, "add"):
        # The real transform may have commuted the add already: the sub on either side.
        side = next((k for k in (0, 1) if isinstance(add.operands[k], BinOp)
                     and add.operands[k].op == "sub"), None)  # type: ignore[attr-defined]
        if side is None:
            continue
        sub = add.operands[side]
        assert isinstance(sub, BinOp)
        flags = frozenset({"nsw"}) if "nsw" in add.flags | sub.flags else frozenset()
        a, b = sub.operands
        t = BinOp(add.type, None, [a, add.operands[1 - side]], op="add", flags=flags)
        _insert_before(insts, add, [t])
        add.op, add.operands, add.flags = "sub", [t, b], flags
        done = True
    return done


def shl_mul_nsw_top(fn: Function) -> bool:
    """``shl nsw X, k -> mul nsw X, 2^k`` for every k, the top bit too (X = -1, k = w-1:
    the shl is INT_MIN, the mul overflows: poison)."""
    done = False
    for _, b in _binops(fn, "shl"):
        k = _const_of(b.operands[1])
        if k is None or k >= _width(b.type):
            continue
        b.op = "mul"
        b.operands = [b.operands[0], ConstInt(b.type, 1 << k)]  # type: ignore[arg-type]
        done = True
    for _, b in _binops(fn, "mul"):  # where the real transform already made it a mul
        c = _const_of(b.operands[1])
        if c == 1 << (_width(b.type) - 1) and "nsw" not in b.flags:
            b.flags = b.flags | {"nsw"}
            done = True
    return done


def sdiv_to_ashr(fn: Function) -> bool:
    """``sdiv X, 2^k -> ashr X, k`` (rounds down, not toward zero: X = -1, k = 1)."""
    done = False
    for _, b in _binops(fn, "sdiv"):
        c = _const_of(b.operands[1])
        if c is None or c <= 1 or c & (c - 1) or c >> (_width(b.type) - 1):
            continue
        b.op = "ashr"
        b.operands = [b.operands[0], ConstInt(b.type, c.bit_length() - 1)]  # type: ignore[arg-type]
        b.flags = b.flags & {"exact"}
        done = True
    return done


# ----------------------------------------------------------------------------- extension


def _identity_on_the_left(x: Value, op: str, flags: frozenset[str]) -> Instruction | None:
    """``X -> 0 op X``: for sub, the negation of X."""
    if not isinstance(x.type, IntType) or op != "sub":
        return None
    return BinOp(x.type, None, [ConstInt(x.type, 0), x], op=op)


def _and_zero(x: Value, op: str, flags: frozenset[str]) -> Instruction | None:
    """``X -> and X, 0``: or's identity taken for and's."""
    if not isinstance(x.type, IntType) or op != "and":
        return None
    return BinOp(x.type, None, [x, ConstInt(x.type, 0)], op=op)


def _fadd_pos0(x: Value, op: str, flags: frozenset[str]) -> Instruction | None:
    """``X -> fadd X, +0.0``: X = -0.0 gives +0.0."""
    if not isinstance(x.type, FloatType) or op != "fadd":
        return None
    return BinOp(x.type, None, [x, ConstFloat(x.type, 0)], op=op)


# ----------------------------------------------------------------------------- shuffle


def _flip_lane_1(mask: list[int]) -> list[int]:
    n = len(mask)
    return [mask[0], mask[1] + n if mask[1] < n else mask[1] - n, *mask[2:]]


def _union(flag_sets: Sequence[frozenset[str]]) -> frozenset[str]:
    return frozenset().union(*flag_sets)


# ----------------------------------------------------------------------------- slp: reductions

_REDUCE = "llvm.vector.reduce."


def _reductions(fn: Function) -> list[tuple[list[Instruction], Call]]:
    return [(ins, i) for ins, i in _insts(fn) if isinstance(i, Call) and i.callee.startswith(_REDUCE)]


def _reduce_op(call: Call) -> str:
    return call.callee[len(_REDUCE):].split(".")[0]


def reduction_tree_nsw(fn: Function) -> bool:
    """``llvm.vector.reduce.add(v)`` as a tree of shufflevectors and ``add nsw`` (the
    lanes' own nsw kept on the reassociated partial sums: (a0 + a2) may overflow where
    ((a0 + a1) + a2) does not)."""
    done = False
    for insts, call in _reductions(fn):
        v = call.operands[0]
        t = v.type
        if _reduce_op(call) != "add" or not isinstance(t, VectorType) or t.count & (t.count - 1):
            continue
        new: list[Instruction] = []
        acc: Value = v
        half = t.count // 2
        while half >= 1:
            mask = tuple(k + half if k < half else None for k in range(t.count))
            upper = ShuffleVector(t, None, [acc, acc], mask=mask)
            acc = BinOp(t, None, [acc, upper], op="add", flags=frozenset({"nsw"}))
            new += [upper, acc]  # type: ignore[list-item]
            half //= 2
        lane0 = ExtractElement(t.elem, None, [acc, ConstInt(IntType(32), 0)])
        _insert_before(insts, call, [*new, lane0])
        _replace_all(fn, call, lane0)
        insts.remove(call)
        done = True
    return done


def _identity_element(op: str, t: IntType) -> int | None:
    w = t.bits
    return {"add": 0, "or": 0, "xor": 0, "umax": 0, "mul": 1, "and": (1 << w) - 1, "umin": (1 << w) - 1,
            "smax": 1 << (w - 1), "smin": (1 << (w - 1)) - 1}.get(op)


def reduction_drops_lane(fn: Function) -> bool:
    """The vector reduction leaves out its last lane (the identity in its place)."""
    done = False
    for insts, call in _reductions(fn):
        v = call.operands[0]
        t = v.type
        if not isinstance(t, VectorType) or not isinstance(t.elem, IntType):
            continue
        ident = _identity_element(_reduce_op(call), t.elem)
        if ident is None:
            continue
        neutral = ConstVector(t, tuple(ConstInt(t.elem, ident) for _ in range(t.count)))
        n = t.count
        shuf = ShuffleVector(t, None, [v, neutral], mask=tuple(range(n - 1)) + (2 * n - 1,))
        _insert_before(insts, call, [shuf])
        call.operands[0] = shuf
        done = True
    return done


_SIGN_SWAP = {"smax": "umax", "umax": "smax", "smin": "umin", "umin": "smin"}


def minmax_signedness(fn: Function) -> bool:
    """A min/max reduction of the other signedness (smax <-> umax, smin <-> umin)."""
    done = False
    for _, inst in _insts(fn):
        if not isinstance(inst, Call):
            continue
        parts = inst.callee.split(".")
        for k, p in enumerate(parts):
            if p in _SIGN_SWAP and k in (1, 3):  # llvm.smax.i32, llvm.vector.reduce.smax.v4i32
                parts[k] = _SIGN_SWAP[p]
                inst.callee = ".".join(parts)
                done = True
                break
    return done


def _replace_all(fn: Function, old: Value, new: Value) -> None:
    for _, inst in _insts(fn):
        if inst is not new:
            inst.operands = [new if op is old else op for op in inst.operands]


# ----------------------------------------------------------------------------- interleave


def _interleave(knobs: Knobs) -> Apply:
    """The interleaved load combine with one wrong ingredient."""

    def apply(fn: Function) -> Function | None:
        result = interleave_combine(fn, knobs)
        return None if result is None else result.function

    return apply


def _swap_first_two(f: int) -> list[int]:
    return [1, 0, *range(2, f)]


# Shuffle trees of every factor and type, small enough that each program proves quickly.
_INTERLEAVE_PROFILE = KernelProfile(shuffle_trees=1.0, max_lanes=8)


# ----------------------------------------------------------------------------- the table

INTS = ("i8", "i16", "i32", "i64")


def _top(w: int) -> list[int | float]:
    return [w - 1]


def _pow2(w: int) -> list[int | float]:
    return [2, 4, 8, 1 << (w - 2)]


def _reduction_profile(ops: tuple[str, ...], flags: tuple[tuple[str, ...], ...] = ((),)) -> KernelProfile:
    """Reductions SLP vectorizes: lanes of one operation other than the reduction's."""
    return KernelProfile(types=INTS, reduce_prob=1.0, reduce_ops=ops, reduce_flags=flags, max_depth=1,
                         ops=("mul", "shl", "sub", "xor"), variations=("iso", "const"), min_lanes=4,
                         max_lanes=8)


def _specific() -> list[Mutant]:
    out = [
        Mutant("reorder:commute-sub", "reorder", "sub treated as commutative: sub a, b -> sub b, a",
               commute_sub, profile=KernelProfile(types=INTS, spine=("sub",), max_lanes=4, reduce_prob=0)),
        Mutant("reorder:sub-add-keep-nsw", "reorder", "(a - b) + c -> (a + c) - b keeping nsw",
               sub_add_keep_nsw,
               profile=KernelProfile(types=INTS, spine=("add", "sub"), variations=("iso",), max_lanes=4,
                                     flags={"add": [("nsw",)], "sub": [("nsw",)]}, reduce_prob=0),
               native_visible=False, why=POISON_ONLY),
        Mutant("replacement:shl-mul-nsw-top", "replacement",
               "shl nsw X, w-1 -> mul nsw X, INT_MIN (nsw kept at the top bit)", shl_mul_nsw_top,
               profile=KernelProfile(types=INTS, spine=("shl",), variations=("iso", "copy"), max_lanes=4,
                                     consts={"shl": _top}, flags={"shl": [("nsw",)]}, reduce_prob=0),
               native_visible=False, why=POISON_ONLY),
        Mutant("replacement:sdiv-ashr", "replacement", "sdiv X, 2^k -> ashr X, k (rounding)",
               sdiv_to_ashr, profile=KernelProfile(types=INTS, spine=("sdiv",), max_lanes=4, reduce_prob=0,
                                                   consts={"sdiv": _pow2}, flags={"sdiv": [()]})),
        Mutant("extension:identity-on-the-left", "extension", "X -> sub 0, X (the identity on the wrong side)",
               make=lambda fn: extend_lanes(fn, _identity_on_the_left),
               profile=KernelProfile(types=INTS, spine=("sub",), variations=("copy", "iso"), max_lanes=4,
                                     reduce_prob=0)),
        Mutant("extension:and-zero", "extension", "X -> and X, 0 (or's identity used for and)",
               make=lambda fn: extend_lanes(fn, _and_zero),
               profile=KernelProfile(types=INTS, spine=("and",), variations=("copy", "iso"), max_lanes=4,
                                     reduce_prob=0)),
        Mutant("shuffle:blend-off-by-one", "shuffle", "alternate-opcode blend whose mask is one lane off",
               make=lambda fn: blend_lanes(fn, edit_mask=_flip_lane_1),
               profile=KernelProfile(types=("i32", "i16", "i8", "i64"), ops=("add", "sub"), spine=("add",),
                                     variations=("kind", "iso"), max_inputs=2, max_depth=1, max_lanes=8,
                                     reduce_prob=0)),
        Mutant("shuffle:blend-flags-union", "shuffle",
               "alternate-opcode blend with every lane's flags on each vector operation",
               make=lambda fn: blend_lanes(fn, vector_flags=_union),
               profile=KernelProfile(types=("i8", "i16", "i32"), ops=("add", "sub"), spine=("add",),
                                     variations=("flags", "iso", "kind"), max_inputs=2, max_depth=1,
                                     max_lanes=4, flag_prob=0.5, flags={"add": [("nsw",), ()]}, reduce_prob=0),
               native_visible=False, why=POISON_ONLY),
        Mutant("slp:reduction-tree-nsw", "slp",
               "vector add reduction as a shuffle tree of add nsw (reassociated sums keep nsw)",
               reduction_tree_nsw, profile=_reduction_profile(("add",), ((), ("nsw",))),
               native_visible=False, why=POISON_ONLY),
        Mutant("slp:reduction-drops-lane", "slp", "the vector reduction leaves out its last lane",
               reduction_drops_lane, profile=_reduction_profile(("add", "smax", "umin"))),
        Mutant("slp:minmax-signedness", "slp", "min/max reduction of the other signedness (smax <-> umax)",
               minmax_signedness, profile=_reduction_profile(("smax", "smin", "umax", "umin"))),
        Mutant("interleave:stride-off-by-one", "interleave", "strided shuffles <j, j+F-1, ...>: stride F-1",
               make=_interleave(Knobs(stride_delta=-1)), profile=_INTERLEAVE_PROFILE),
        Mutant("interleave:member-order-swapped", "interleave", "members 0 and 1 get each other's shuffles",
               make=_interleave(Knobs(member_order=_swap_first_two)), profile=_INTERLEAVE_PROFILE),
        Mutant("interleave:reads-past-end", "interleave",
               "the wide load starts one element late: it reads one element past the last narrow load",
               make=_interleave(Knobs(start_delta=1)), profile=_INTERLEAVE_PROFILE),
    ]
    if fp_available():
        out.append(Mutant(
            "extension:fadd-pos0", "extension", "X -> fadd X, +0.0 on floats (X = -0.0 gives +0.0)",
            make=lambda fn: extend_lanes(fn, _fadd_pos0),
            profile=KernelProfile(types=("float", "double"), spine=("fadd",), variations=("copy", "iso"),
                                  max_lanes=4)))
    return out


def all_mutants() -> list[Mutant]:
    """Every mutant of every registered transform (generic ones for each transform fuzzed
    with straight-line kernels, plus the wrong rules of the built-in ones whose transform
    is registered)."""
    transforms = all_transforms()
    names = [t.name for t in transforms]
    out = [m for m in _specific() + _loop_mutants() if m.base in names]
    for tr in transforms:
        if tr.fuzz_kernels is not None:
            continue  # its own programs (loops): its own mutants
        out.append(Mutant(f"{tr.name}:drop-store", tr.name, "the last store dropped", drop_store))
        out.append(Mutant(f"{tr.name}:swap-lanes", tr.name, "two lanes' stores swapped", swap_lanes))
    return sorted(out, key=lambda m: m.name)


# ----------------------------------------------------------------------------- the loop vectorizer's

# Its output names the values these look for (transforms/loop/codegen.py, LoopVectorize's
# names): the recurrence's vector phi "vector.recur", the resume extract
# "vector.recur.extract", the reduction start "red.init", the reduction phi "vec.phi".


def _named(fn: Function, prefix: str, kind: type) -> list[Any]:
    return [i for b in fn.blocks for i in b.instructions if isinstance(i, kind) and (i.name or "").startswith(prefix)]


def splice_off_by_one(fn: Function) -> bool:
    """The recurrence splice's mask one lane late: <VF, ..., 2VF-1> (the current vector)."""
    hit = False
    for _, inst in _insts(fn):
        if isinstance(inst, ShuffleVector) and isinstance(inst.operands[0], Phi) and \
                (inst.operands[0].name or "").startswith("vector.recur"):
            inst.mask = tuple(None if m is None else m + 1 for m in inst.mask)
            hit = True
    return hit


def wrong_resume(fn: Function) -> bool:
    """The scalar epilogue resumes the recurrence with lane VF-2 instead of VF-1."""
    hits = [x for x in _named(fn, "vector.recur.extract", ExtractElement) if x.name == "vector.recur.extract"]
    for x in hits:
        lane = x.operands[1]
        assert isinstance(lane, ConstInt)
        x.operands[1] = ConstInt(lane.type, lane.value - 1)
    return bool(hits)


def reduction_identity_start(fn: Function) -> bool:
    """The reduction's vector phi started with the identity alone (the initial value lost)."""
    hits = _named(fn, "red.init", InsertElement)
    for ins in hits:
        _replace_all(fn, ins, ins.operands[0])
    return bool(hits)


def reduction_keeps_nsw(fn: Function) -> bool:
    """The scalar reduction's nsw kept on the reassociated vector add/mul."""
    hit = False
    for _, inst in _insts(fn):
        if isinstance(inst, BinOp) and inst.op in ("add", "mul") and isinstance(inst.type, VectorType) and \
                any(isinstance(o, Phi) and (o.name or "").startswith("vec.phi") for o in inst.operands):
            inst.flags = inst.flags | {"nsw"}
            hit = True
    return hit



# Interleave groups (transforms/loop/groups.py): member j's "strided.vec" shuffle of the
# wide load, the epilogue's "min.iters.check" and "n.rem" where a gap needs them.


def _strided_shuffles(fn: Function) -> dict[int, list[ShuffleVector]]:
    """The strided shuffles of each wide load, in member order."""
    out: dict[int, list[ShuffleVector]] = {}
    for _, inst in _insts(fn):
        if isinstance(inst, ShuffleVector) and (inst.name or "").startswith("strided.vec"):
            out.setdefault(id(inst.operands[0]), []).append(inst)
    return out


def group_stride_off_by_one(fn: Function) -> bool:
    """Each member's lanes taken at stride F-1: <j, j+F-1, ...>."""
    hit = False
    for shuffles in _strided_shuffles(fn).values():
        for s in shuffles:
            first, second = s.mask[0], s.mask[1]
            assert first is not None and second is not None
            s.mask = tuple(first + (second - first - 1) * k for k in range(len(s.mask)))
            hit = True
    return hit


def group_members_swapped(fn: Function) -> bool:
    """Members 0 and 1 of a load group get each other's lanes."""
    hit = False
    for shuffles in _strided_shuffles(fn).values():
        if len(shuffles) >= 2:
            shuffles[0].mask, shuffles[1].mask = shuffles[1].mask, shuffles[0].mask
            hit = True
    return hit


def group_gap_unguarded(fn: Function) -> bool:
    """A load group's gap at its end not guarded: the vector loop runs to tc - tc % VF
    (the last wide load reads past the last member of the last iteration)."""
    rems = _named(fn, "n.rem", Select)
    for sel in rems:
        _replace_all(fn, sel, sel.operands[2])
        for _, inst in _insts(fn):
            if isinstance(inst, ICmp) and inst.name == "min.iters.check":
                inst.pred = "ult"
    return bool(rems)


# Tail folding (transforms/loop/tailfold.py): the mask's "rem.lanes" (umin of the
# remaining back edges and VF-1) and each reduction link's "rdx.masked" select.


def mask_off_by_one(fn: Function) -> bool:
    """The mask lets lane l on when index + l <= tc (`<=` for `<`): one lane too many."""
    hits = _named(fn, "rem.splatinsert", InsertElement)
    for ins in hits:
        rem = ins.operands[1]
        plus = BinOp(rem.type, "rem.plus.1", [rem, ConstInt(rem.type, 1)], op="add")
        for b in fn.blocks:
            if ins in b.instructions:
                b.instructions.insert(b.instructions.index(ins), plus)
        ins.operands[1] = plus
    return bool(hits)


def wrong_identity(fn: Function) -> bool:
    """Inactive lanes fold another operator's identity (add's 0 <-> mul's 1; and's -1,
    the min/max extremes -> 0)."""
    hits = _named(fn, "rdx.masked", Select)
    for sel in hits:
        t = sel.type
        assert isinstance(t, VectorType) and isinstance(t.elem, IntType)
        ident = sel.operands[2]
        first = ident.elems[0] if isinstance(ident, ConstVector) else None
        value = 0 if not isinstance(first, ConstInt) or first.value != 0 else 1
        sel.operands[2] = ConstVector(t, tuple(ConstInt(t.elem, value) for _ in range(t.count)))
    return bool(hits)


def scatter_lane_order(fn: Function) -> bool:
    """The scatter writes its lanes in reverse order (value, pointers and mask reversed
    alike): where two lanes share an index the earlier iteration's value stays."""
    hit = False
    for b in fn.blocks:
        for call in [i for i in b.instructions if isinstance(i, Call) and i.callee.startswith("llvm.masked.scatter")]:
            at = b.instructions.index(call)
            for k in range(3):
                op = call.operands[k]
                n = op.type.count  # type: ignore[attr-defined]
                rev = ShuffleVector(op.type, "reversed", [op, ConstPoison(op.type)], mask=tuple(range(n - 1, -1, -1)))
                b.instructions.insert(at, rev)
                at += 1
                call.operands[k] = rev
            hit = True
    return hit


def tail_start_off_by_one(fn: Function) -> bool:
    """The shifted tail starts one iteration early (``btc - VF``, not ``btc - (VF-1)``):
    the loop's last iteration never runs."""
    hits = _named(fn, "tail.start", BinOp)
    for inst in hits:
        step = inst.operands[1]
        assert isinstance(step, ConstInt)
        inst.operands[1] = ConstInt(step.type, step.value - 1)
    return bool(hits)


def tail_splice_first_lane(fn: Function) -> bool:
    """The paired tail's first lane takes its predecessor from the last full vector's
    lane VF-1 (right only when the tail does not overlap it) instead of lane btc % VF."""
    hits = _named(fn, "tail.recur.first", ExtractElement)
    for ext in hits:
        vt = ext.operands[0].type
        assert isinstance(vt, VectorType)
        ext.operands[1] = ConstInt(ext.operands[1].type, vt.count - 1)
    return bool(hits)


def _loop_mutants() -> list[Mutant]:
    ints = ("i8", "i16", "i32", "i64")
    recurrences = partial(loop_kernels, types=ints, recurrence=True, max_reductions=0, max_stores=1)
    return [
        Mutant("loop:splice-off-by-one", "loop", "the recurrence splice's mask one lane late", splice_off_by_one,
               fuzz_kernels=recurrences, fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop:wrong-resume", "loop", "the scalar epilogue resumes the recurrence with lane VF-2",
               wrong_resume, fuzz_kernels=recurrences, fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop:reduction-identity-start", "loop",
               "the reduction's vector phi started with the identity alone (the initial value lost)",
               reduction_identity_start,
               fuzz_kernels=partial(loop_kernels, types=ints, recurrence=False, min_reductions=1, max_reductions=1,
                                          max_stores=0, reduction_ops=("add", "xor", "or")), fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop:reduction-nsw-kept", "loop", "the scalar add nsw kept on the reassociated vector add",
               reduction_keeps_nsw, native_visible=False, why=POISON_ONLY,
               fuzz_kernels=partial(loop_kernels, types=("i8",), recurrence=False, min_reductions=1, max_reductions=1,
                                          max_stores=0, reduction_ops=("add",), nsw=True), fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop:group-stride-off-by-one", "loop", "an interleave group's members read at stride F-1",
               group_stride_off_by_one, fuzz_kernels=partial(group_kernels, types=ints, full=True), fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop:group-members-swapped", "loop", "members 0 and 1 of a load group get each other's lanes",
               group_members_swapped, fuzz_kernels=partial(group_kernels, types=ints, full=True), fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop:group-gap-unguarded", "loop",
               "a load group's gap at its end without the scalar epilogue it needs (the wide load reads past the end)",
               group_gap_unguarded, native_visible=False, why=OVER_READ,
               fuzz_kernels=partial(group_kernels, types=ints, gap=True), fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop-fold:mask-off-by-one", "loop-fold", "the tail-folding mask's lane l on when index + l <= tc",
               mask_off_by_one, fuzz_kernels=partial(loop_kernels, masked=True), fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop-fold:scatter-lane-order", "loop-fold",
               "the scatter writes its lanes in reverse order (the first of two writers to one index stays)",
               scatter_lane_order, fuzz_kernels=partial(loop_kernels, masked=True, scatter=True, max_reductions=0),
               fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop-fold:tail-start-off-by-one", "loop-fold",
               "the shifted tail starts one iteration early (the last iteration never runs)", tail_start_off_by_one,
               fuzz_kernels=partial(loop_kernels, masked=True, recurrence=False, max_reductions=0),
               fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop-fold:tail-splice-first-lane", "loop-fold",
               "the paired tail's first lane takes its predecessor from the full vector's last lane",
               tail_splice_first_lane,
               fuzz_kernels=partial(loop_kernels, masked=True, recurrence=True, max_reductions=0),
               fuzz_chunk=LOOP_FUZZ_CHUNK),
        Mutant("loop-fold:wrong-identity", "loop-fold", "inactive lanes fold another operator's identity",
               wrong_identity, fuzz_kernels=partial(loop_kernels, masked=True, min_reductions=1, max_reductions=1,
                                                    max_stores=0), fuzz_chunk=LOOP_FUZZ_CHUNK),
    ]


def get_mutant(name: str) -> Mutant:
    for m in all_mutants():
        if m.name == name:
            return m
    known = ", ".join(m.name for m in all_mutants())
    raise InputError(f"unknown mutant {name!r} (known: {known})")
