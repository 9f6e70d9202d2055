"""x86 SIMD intrinsics that vectorized code and InstCombine's x86 folds use (SSE2, SSSE3,
SSE4.1, AVX2): shifts by a vector count, an immediate or lane by lane, averages, sign,
byte shuffles, multiply-adds, horizontal adds, packs with saturation, sums of absolute
differences, high halves of products. The meaning is the instruction's (Intel SDM); a
256-bit form works on each 128-bit half alone where the instruction does. AVX-512's
forms are not given one: the native witness (the JIT) does not run AVX-512 code
(vecverify/execute/native.py), and a meaning is only relied on once it has been
cross-checked natively (properties/crosscheck.py's "x86 intrinsic" family).

Poison: a result lane is poison where an input lane it depends on is poison. A shift's
count (the low 64 bits of a vector count, or an immediate) decides every lane, so a
poison count makes every lane poison; pshufb's selector byte decides which byte is read,
and a zeroed byte depends on the selector alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import z3

from ..ir.values import Instruction
from .core import Context, Lane, SymValue, any_of, registered, semantics, text_attr

BV: TypeAlias = z3.BitVecRef


def _op(inst: Instruction) -> str:
    """``llvm.x86.avx2.psrl.w`` -> ``psrl.w``; the width suffix (``.128``) dropped."""
    parts = text_attr(inst, "callee").split(".")[3:]
    return ".".join(p for p in parts if p not in ("128", "256"))


def _halves(lanes: SymValue) -> list[SymValue]:
    """The 128-bit parts of a vector, in order."""
    per = 128 // lanes[0].value.size()
    return [lanes[i : i + per] for i in range(0, len(lanes), per)]


# ----------------------------------------------------------------------------- shifts

_SHIFTS: dict[str, Callable[[BV, BV], BV]] = {
    "psll": lambda x, n: x << n,
    "psrl": lambda x, n: z3.LShR(x, n),
    "psra": lambda x, n: x >> n,
}


def _shift(kind: str, x: BV, count: BV) -> BV:
    """One lane shifted by ``count`` (unsigned, any width): a logical shift by the lane's
    width or more gives 0, an arithmetic one fills the lane with its sign."""
    w = x.size()
    n = z3.Extract(w - 1, 0, count) if count.size() >= w else z3.ZeroExt(w - count.size(), count)
    big = z3.UGE(count, w) if 1 << count.size() > w else z3.BoolVal(False)
    if kind == "psra":
        return _SHIFTS[kind](x, z3.If(big, z3.BitVecVal(w - 1, w), n))
    return z3.If(big, z3.BitVecVal(0, w), _SHIFTS[kind](x, n))


def _vector_count(count: SymValue) -> Lane:
    """The count of a shift by vector: the low 64 bits of the (128-bit) count operand."""
    w = count[0].value.size()
    low = count[: 64 // w]
    value = low[0].value if len(low) == 1 else z3.Concat(*[lane.value for lane in reversed(low)])
    return Lane(value, any_of([lane.poison for lane in low]))


_SHIFT_NAMES = [f"llvm.x86.{isa}.{op}.{e}" for isa in ("sse2", "avx2") for op in ("psll", "psrl", "psra",
                "pslli", "psrli", "psrai") for e in ("w", "d", "q") if not (op.startswith("psra") and e == "q")]



@semantics(*_SHIFT_NAMES)
def _uniform_shift(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    op = _op(inst)
    kind = op.split(".")[0].rstrip("i")
    count = _vector_count(args[1]) if not op.split(".")[0].endswith("i") else args[1][0]
    return tuple(Lane(_shift(kind, x.value, count.value), z3.Or(x.poison, count.poison)) for x in args[0])


_VARIABLE_SHIFT_NAMES = [f"llvm.x86.avx2.{op}.{e}{w}" for op in ("psllv", "psrlv") for e in ("d", "q")
                         for w in ("", ".256")] + ["llvm.x86.avx2.psrav.d", "llvm.x86.avx2.psrav.d.256"]


@semantics(*_VARIABLE_SHIFT_NAMES)
def _variable_shift(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    kind = _op(inst)[:4]
    return tuple(Lane(_shift(kind, x.value, n.value), z3.Or(x.poison, n.poison))
                 for x, n in zip(args[0], args[1], strict=True))


# ----------------------------------------------------------------------------- lane-wise


def _pavg(x: BV, y: BV) -> BV:
    """(x + y + 1) >> 1, unsigned, without overflow."""
    wide = z3.ZeroExt(1, x) + z3.ZeroExt(1, y) + 1
    return z3.Extract(x.size(), 1, wide)


def _psign(x: BV, y: BV) -> BV:
    zero = z3.BitVecVal(0, x.size())
    return z3.If(y < 0, -x, z3.If(y == 0, zero, x))


def _high_product(signed: bool) -> Callable[[BV, BV], BV]:
    def fn(x: BV, y: BV) -> BV:
        w = x.size()
        ext = z3.SignExt if signed else z3.ZeroExt
        return z3.Extract(2 * w - 1, w, ext(w, x) * ext(w, y))
    return fn


def _mul_high_round(x: BV, y: BV) -> BV:
    """pmulhrsw: ((x * y >> 14) + 1) >> 1 of the signed 32-bit product."""
    w = x.size()
    product = z3.SignExt(w, x) * z3.SignExt(w, y)
    return z3.Extract(w, 1, (product >> (w - 2)) + 1)


_LANEWISE: dict[str, Callable[[BV, BV], BV]] = {
    "pavg.b": _pavg, "pavg.w": _pavg,
    "psign.b": _psign, "psign.w": _psign, "psign.d": _psign,
    "pmulh.w": _high_product(True), "pmulhu.w": _high_product(False), "pmul.hr.sw": _mul_high_round,
}


@semantics(*[f"llvm.x86.{isa}.{op}" for isa in ("sse2", "avx2") for op in ("pavg.b", "pavg.w", "pmulh.w",
                                                                          "pmulhu.w")],
           *[f"llvm.x86.ssse3.{op}.128" for op in ("psign.b", "psign.w", "psign.d", "pmul.hr.sw")],
           *[f"llvm.x86.avx2.{op}" for op in ("psign.b", "psign.w", "psign.d", "pmul.hr.sw")])
def _lanewise(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    fn = _LANEWISE[_op(inst)]
    return tuple(Lane(fn(x.value, y.value), z3.Or(x.poison, y.poison))
                 for x, y in zip(args[0], args[1], strict=True))


# ----------------------------------------------------------------------------- pshufb


@semantics("llvm.x86.ssse3.pshuf.b.128", "llvm.x86.avx2.pshuf.b")
def _pshufb(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Each byte: 0 where its selector's top bit is set, otherwise the byte of the same
    128-bit half that the selector's low four bits name."""
    out = []
    for table, selectors in zip(_halves(args[0]), _halves(args[1]), strict=True):
        for s in selectors:
            index = z3.Extract(3, 0, s.value)
            value: BV = table[-1].value
            poison: z3.BoolRef = table[-1].poison
            for k in range(len(table) - 2, -1, -1):
                value = z3.If(index == k, table[k].value, value)
                poison = z3.If(index == k, table[k].poison, poison)
            zeroed = z3.Extract(7, 7, s.value) == 1
            out.append(Lane(z3.If(zeroed, z3.BitVecVal(0, 8), value), z3.Or(s.poison, z3.And(z3.Not(zeroed), poison))))
    return tuple(out)


# ----------------------------------------------------------------------------- pairs


def _saturate(x: BV, bits: int, signed: bool) -> BV:
    """A signed value (any width) saturated to ``bits``, signed or unsigned."""
    w = x.size()
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return z3.Extract(bits - 1, 0, z3.If(x < lo, z3.BitVecVal(lo, w), z3.If(x > hi, z3.BitVecVal(hi, w), x)))


def _pairs(lanes: SymValue) -> list[tuple[Lane, Lane]]:
    return [(lanes[i], lanes[i + 1]) for i in range(0, len(lanes), 2)]


@semantics("llvm.x86.ssse3.pmadd.ub.sw.128", "llvm.x86.avx2.pmadd.ub.sw", "llvm.x86.sse2.pmadd.wd",
           "llvm.x86.avx2.pmadd.wd")
def _multiply_add(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """pmaddubsw: unsigned bytes of the first times signed bytes of the second, adjacent
    products added with signed saturation to 16 bits; pmaddwd: signed 16-bit products,
    adjacent ones added to 32 bits (wrapping, as the instruction does)."""
    bytes_ = _op(inst) == "pmadd.ub.sw"
    out = []
    for (a0, a1), (b0, b1) in zip(_pairs(args[0]), _pairs(args[1]), strict=True):
        w = a0.value.size()
        if bytes_:
            total = (z3.ZeroExt(w + 1, a0.value) * z3.SignExt(w + 1, b0.value)
                     + z3.ZeroExt(w + 1, a1.value) * z3.SignExt(w + 1, b1.value))
            value = _saturate(total, 2 * w, True)
        else:
            value = z3.SignExt(w, a0.value) * z3.SignExt(w, b0.value) + z3.SignExt(w, a1.value) * z3.SignExt(w, b1.value)
        out.append(Lane(value, any_of([a0.poison, a1.poison, b0.poison, b1.poison])))
    return tuple(out)


def _horizontal(op: str, x: Lane, y: Lane) -> Lane:
    kind, elem = op.split(".")
    a, b = x.value, y.value
    if elem == "sw":
        wide = z3.SignExt(1, a) + z3.SignExt(1, b) if kind == "phadd" else z3.SignExt(1, a) - z3.SignExt(1, b)
        value = _saturate(wide, a.size(), True)
    else:
        value = a + b if kind == "phadd" else a - b
    return Lane(value, z3.Or(x.poison, y.poison))


@semantics(*[f"llvm.x86.ssse3.{k}.{e}.128" for k in ("phadd", "phsub") for e in ("w", "d", "sw")],
           *[f"llvm.x86.avx2.{k}.{e}" for k in ("phadd", "phsub") for e in ("w", "d", "sw")])
def _horizontal_add(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Per 128-bit half: the first operand's adjacent pairs combined, then the second's."""
    op = _op(inst)
    out: list[Lane] = []
    for a, b in zip(_halves(args[0]), _halves(args[1]), strict=True):
        out += [_horizontal(op, x, y) for x, y in _pairs(a) + _pairs(b)]
    return tuple(out)


@semantics("llvm.x86.sse2.packsswb.128", "llvm.x86.sse2.packssdw.128", "llvm.x86.sse2.packuswb.128",
           "llvm.x86.sse41.packusdw", "llvm.x86.avx2.packsswb", "llvm.x86.avx2.packssdw",
           "llvm.x86.avx2.packuswb", "llvm.x86.avx2.packusdw")
def _pack(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Per 128-bit half: the first operand's lanes, then the second's, each signed value
    saturated to half its width (signed, or unsigned for packus)."""
    signed = _op(inst).startswith("packss")
    out: list[Lane] = []
    for a, b in zip(_halves(args[0]), _halves(args[1]), strict=True):
        out += [Lane(_saturate(x.value, x.value.size() // 2, signed), x.poison) for x in a + b]
    return tuple(out)


@semantics("llvm.x86.sse2.psad.bw", "llvm.x86.avx2.psad.bw")
def _sum_of_absolute_differences(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Each group of 8 bytes: the sum of |a - b| (unsigned bytes), in a 64-bit lane."""
    out = []
    for i in range(0, len(args[0]), 8):
        total: BV = z3.BitVecVal(0, 64)
        poison: list[z3.BoolRef] = []
        for x, y in zip(args[0][i : i + 8], args[1][i : i + 8], strict=True):
            a, b = z3.ZeroExt(56, x.value), z3.ZeroExt(56, y.value)
            total = total + z3.If(z3.UGE(a, b), a - b, b - a)
            poison += [x.poison, y.poison]
        out.append(Lane(total, any_of(poison)))
    return tuple(out)


def supported() -> list[str]:
    """Every x86 intrinsic given a meaning here (the native cross-check draws from it)."""
    return [name for name in registered() if name.startswith("llvm.x86.")]
