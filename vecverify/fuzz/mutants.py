"""Mutants: deliberately wrong variants of the registered transforms, to show that the
campaign catches wrong transforms (by proof, and natively where the bug changes values).

Each mutant is named ``TRANSFORM:what``. It runs the real transform and post-processes
its output (or, where the real transform declines, a copy of its input: the mutant is
"the transform plus one wrong rule"). Every registered transform gets the generic ones
(``drop-store``, ``swap-lanes``); the built-in families get wrong rules of their own.
A mutant brings a :class:`KernelProfile` that makes its pattern likely, so it is caught
within a few programs. ``native_visible`` is False for bugs that only add poison (a
kept ``nsw``): native code computes the same bits, only the proof can see them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from properties.strategies import DEFAULT_PROFILE, KernelProfile, fp_available
from vecverify.errors import InputError
from vecverify.ir.function import Function
from vecverify.ir.types import FloatType, IntType, VectorType
from vecverify.ir.values import (
    Argument,
    BinOp,
    ConstFloat,
    ConstInt,
    GetElementPtr,
    Instruction,
    Load,
    ShuffleVector,
    Store,
    Value,
)

Rewrite = Callable[[Function], bool]  # mutate in place; False when nothing matched


@dataclass
class Mutant:
    name: str
    base: str  # the registered transform it wraps
    description: str
    rewrite: Rewrite
    profile: KernelProfile = DEFAULT_PROFILE
    native_visible: bool = True

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        from transforms.registry import get

        out = get(self.base).apply(fn, options)
        work = out if out is not None else copy.deepcopy(fn)
        return work if self.rewrite(work) else None


# ----------------------------------------------------------------------------- IR helpers


def _insts(fn: Function) -> list[tuple[list[Instruction], Instruction]]:
    return [(b.instructions, i) for b in fn.blocks for i in b.instructions]


def _insert_before(insts: list[Instruction], anchor: Instruction, new: Instruction) -> None:
    insts.insert(next(k for k, x in enumerate(insts) if x is anchor), new)


def _replace_uses(fn: Function, old: Value, new: Value) -> None:
    for _, inst in _insts(fn):
        if inst is not new:
            inst.operands = [new if op is old else op for op in inst.operands]


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
            _insert_before(insts, st, shuf)
            st.operands[0] = shuf
            return True
    # Scalar stores: move the first next to the second (its operands dominate that point,
    # and the arrays are noalias), then trade pointers.
    scalars = [(ins, s) for ins, s in stores if not isinstance(s.operands[0].type, VectorType)]
    for i, (ins_a, a) in enumerate(scalars):
        for ins_b, b in scalars[i + 1:]:
            if a.operands[0].type == b.operands[0].type and a.operands[1] is not b.operands[1] and ins_a is ins_b:
                ins_a.remove(a)
                _insert_before(ins_b, b, a)
                a.operands[1], b.operands[1] = b.operands[1], a.operands[1]
                return True
    return False


# ----------------------------------------------------------------------------- wrong rules


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
        _insert_before(insts, add, t)
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


def _copy_lanes(fn: Function) -> list[tuple[list[Instruction], Store, Load]]:
    """Stores of a loaded value as it is: the copy lanes the extension rule extends."""
    return [(ins, s, s.operands[0]) for ins, s in _stores(fn) if isinstance(s.operands[0], Load)]


def _extend_copies(make: Callable[[Load], BinOp | None]) -> Rewrite:
    def rewrite(fn: Function) -> bool:
        done = False
        for insts, st, x in _copy_lanes(fn):
            new = make(x)
            if new is None:
                continue
            _insert_before(insts, st, new)
            st.operands[0] = new
            done = True
        return done

    return rewrite


def _sub_from_zero(x: Load) -> BinOp | None:
    if not isinstance(x.type, IntType):
        return None
    return BinOp(x.type, None, [ConstInt(x.type, 0), x], op="sub")  # the identity on the wrong side


def _and_zero(x: Load) -> BinOp | None:
    if not isinstance(x.type, IntType):
        return None
    return BinOp(x.type, None, [x, ConstInt(x.type, 0)], op="and")  # or's identity taken for and's


def _fadd_pos0(x: Load) -> BinOp | None:
    if not isinstance(x.type, FloatType):
        return None
    return BinOp(x.type, None, [x, ConstFloat(x.type, 0)], op="fadd")  # -0.0 + +0.0 = +0.0


# ----------------------------------------------------------------------------- shuffle merging


def _lane_pointer(p: Value) -> tuple[Argument, int] | None:
    """``%arg`` -> (arg, 0); ``gep inbounds T, %arg, i64 k`` -> (arg, k)."""
    if isinstance(p, Argument):
        return p, 0
    if isinstance(p, GetElementPtr) and isinstance(p.operands[0], Argument) and len(p.operands) == 2:
        k = p.operands[1]
        if isinstance(k, ConstInt):
            return p.operands[0], k.signed()
    return None


def _blend(fn: Function, off_by_one: bool, flags_union: bool) -> bool:
    """Alternating add/sub lanes ``out[i] = x[i] op_i R_i`` (R: one input array, or
    constants) as vector add and sub blended by a shufflevector; ``off_by_one`` flips
    lane 1's pick, ``flags_union`` puts every add lane's flags on the vector add."""
    from vecverify.llvm import parse_module, print_function

    stores = [s for _, s in _stores(fn)]
    n = len(stores)
    if n < 2:
        return False
    lanes = []
    for i, s in enumerate(stores):
        v, p = s.operands
        if not (isinstance(v, BinOp) and v.op in ("add", "sub") and isinstance(v.operands[0], Load)):
            return False
        out, lhs, rhs = _lane_pointer(p), _lane_pointer(v.operands[0].operands[0]), v.operands[1]
        if out is None or out[1] != i or lhs is None or lhs[1] != i:
            return False
        if isinstance(rhs, Load):
            r = _lane_pointer(rhs.operands[0])
            if r is None or r[1] != i:
                return False
            rkey: Any = r[0]
        elif isinstance(rhs, ConstInt):
            rkey = rhs.signed()
        else:
            return False
        lanes.append((v.op, v.flags, out[0], lhs[0], rkey))
    ops = {x[0] for x in lanes}
    outs, xs = {x[2] for x in lanes}, {x[3] for x in lanes}
    rarr = {x[4] for x in lanes if isinstance(x[4], Argument)}
    if ops != {"add", "sub"} or len(outs) != 1 or len(xs) != 1 or len(rarr) > 1 or (
            rarr and len({x[4] for x in lanes}) != 1):
        return False
    t = stores[0].operands[0].type
    es = t.bits // 8  # type: ignore[attr-defined]
    vt = f"<{n} x {t}>"
    x_arg, out_arg = xs.pop(), outs.pop()
    rhs_text = "%vr" if rarr else "<" + ", ".join(f"{t} {x[4]}" for x in lanes) + ">"
    add_flags = [set(f) for op, f, *_ in lanes if op == "add"]
    sub_flags = [set(f) for op, f, *_ in lanes if op == "sub"]
    pick = (set.union if flags_union else set.intersection)
    fa, fs = " ".join(sorted(pick(*add_flags))), " ".join(sorted(pick(*sub_flags)))
    mask = [i if op == "add" else n + i for i, (op, *_) in enumerate(lanes)]
    if off_by_one:
        mask[1] = mask[1] + n if mask[1] < n else mask[1] - n
    head = print_function(fn).splitlines()[0]
    body = [f"  %vx = load {vt}, ptr %{x_arg.name}, align {es}"]
    if rarr:
        body.append(f"  %vr = load {vt}, ptr %{rarr.pop().name}, align {es}")
    body += [
        f"  %vadd = add {fa} {vt} %vx, {rhs_text}",
        f"  %vsub = sub {fs} {vt} %vx, {rhs_text}",
        f"  %v = shufflevector {vt} %vadd, {vt} %vsub, <{n} x i32> <"
        + ", ".join(f"i32 {m}" for m in mask) + ">",
        f"  store {vt} %v, ptr %{out_arg.name}, align {es}",
        "  ret void", "}",
    ]
    new = parse_module("\n".join([head, *body]) + "\n", "<mutant>").functions[fn.name]
    fn.args, fn.blocks = new.args, new.blocks
    return True


# ----------------------------------------------------------------------------- the table


def _top(w: int) -> list[int | float]:
    return [w - 1]


def _pow2(w: int) -> list[int | float]:
    return [2, 4, 8, 1 << (w - 2)]


_ALT = KernelProfile(types=("i32", "i16", "i8", "i64"), ops=("add", "sub"), spine=("add",),
                     variations=("kind", "iso"), max_inputs=2, max_depth=1, max_lanes=8)


def _specific() -> list[Mutant]:
    ints = ("i8", "i16", "i32", "i64")
    out = [
        Mutant("reorder:commute-sub", "reorder", "sub treated as commutative: sub a, b -> sub b, a",
               commute_sub, KernelProfile(types=ints, spine=("sub",), max_lanes=4)),
        Mutant("reorder:sub-add-keep-nsw", "reorder", "(a - b) + c -> (a + c) - b keeping nsw",
               sub_add_keep_nsw,
               KernelProfile(types=ints, spine=("add", "sub"), variations=("iso",), max_lanes=4,
                             flags={"add": [("nsw",)], "sub": [("nsw",)]}),
               native_visible=False),
        Mutant("replacement:shl-mul-nsw-top", "replacement",
               "shl nsw X, w-1 -> mul nsw X, INT_MIN (nsw kept at the top bit)", shl_mul_nsw_top,
               KernelProfile(types=ints, spine=("shl",), variations=("iso", "copy"), max_lanes=4,
                             consts={"shl": _top}, flags={"shl": [("nsw",)]}),
               native_visible=False),
        Mutant("replacement:sdiv-ashr", "replacement", "sdiv X, 2^k -> ashr X, k (rounding)",
               sdiv_to_ashr, KernelProfile(types=ints, spine=("sdiv",), max_lanes=4,
                                           consts={"sdiv": _pow2}, flags={"sdiv": [()]})),
        Mutant("extension:sub-commuted-identity", "extension", "X -> sub 0, X (identity on the left)",
               _extend_copies(_sub_from_zero),
               KernelProfile(types=ints, variations=("copy", "iso"), max_lanes=4)),
        Mutant("extension:and-zero", "extension", "X -> and X, 0 (or's identity used for and)",
               _extend_copies(_and_zero), KernelProfile(types=ints, variations=("copy", "iso"), max_lanes=4)),
        Mutant("shuffle:blend-off-by-one", "shuffle", "add/sub blend whose mask is one lane off",
               lambda fn: _blend(fn, True, False), _ALT),
        Mutant("shuffle:blend-flags-union", "shuffle", "add/sub blend with every add lane's flags on the vector add",
               lambda fn: _blend(fn, False, True),
               KernelProfile(types=("i8", "i16", "i32"), ops=("add", "sub"), spine=("add",),
                             variations=("flags", "iso", "kind"), max_inputs=2, max_depth=1,
                             max_lanes=4, flag_prob=0.5, flags={"add": [("nsw",), ()]}),
               native_visible=False),
    ]
    if fp_available():
        out.append(Mutant(
            "extension:fadd-pos0", "extension", "X -> fadd X, +0.0 on floats (X = -0.0 gives +0.0)",
            _extend_copies(_fadd_pos0),
            KernelProfile(types=("float", "double"), variations=("copy", "iso"), max_lanes=4)))
    return out


def all_mutants() -> list[Mutant]:
    """Every mutant of every registered transform (generic ones for each, plus the wrong
    rules of the built-in families whose transform is registered)."""
    from .transforms import known_names

    names = known_names()
    out = [m for m in _specific() if m.base in names]
    for t in names:
        out.append(Mutant(f"{t}:drop-store", t, "the last store dropped", drop_store))
        out.append(Mutant(f"{t}:swap-lanes", t, "two lanes' stores swapped", swap_lanes))
    return sorted(out, key=lambda m: m.name)


def get_mutant(name: str) -> Mutant:
    for m in all_mutants():
        if m.name == name:
            return m
    known = ", ".join(m.name for m in all_mutants())
    raise InputError(f"unknown mutant {name!r} (known: {known})")


# ----------------------------------------------------------------------------- the survey


@dataclass
class SurveyRow:
    mutant: str
    description: str
    programs: int
    proof_seconds: float | None  # until the proof first refuted a program; None: not caught
    native_seconds: float | None  # until a native run first disagreed
    native: str  # "caught", "missed", "poison only", "unavailable"

    @property
    def caught(self) -> bool:
        return self.proof_seconds is not None


def survey(names: list[str] | None = None, *, max_examples: int = 60, budget: float = 30.0,
           seed: int = 0, database: Any = None, timeout_ms: int = 20_000) -> list[SurveyRow]:
    """A short campaign per mutant that stops once the proof (and, for value bugs, a
    native run) has caught it."""
    from . import native
    from .campaign import CampaignOptions, run_campaign

    rows = []
    for m in all_mutants() if names is None else [get_mutant(n) for n in names]:
        r = run_campaign(CampaignOptions(
            mutant=m.name, max_examples=max_examples, budget=budget, seed=seed, corpus=None,
            database=database, survey=True, timeout_ms=timeout_ms, chunk=max_examples,
        ))
        s = r.stats[m.name]
        if not native.available():
            how = "unavailable"
        elif s.first_native_catch is not None:
            how = "caught"
        else:
            how = "missed" if m.native_visible else "poison only"
        rows.append(SurveyRow(m.name, m.description, s.programs, s.first_proof_catch, s.first_native_catch, how))
    return rows
