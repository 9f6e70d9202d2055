"""Binary replacement (Table 2 of the SLP-M paper): one binary operator replaced by
another of the same value, so a lane joins a group of the other opcode.

Flags, proved exactly: ``shl X, k <-> mul X, 2^k`` keeps nuw both ways, and nsw both
ways only for k < w-1 (at k = w-1, 2^k is INT_MIN as a signed factor: X = -1 gives
``shl nsw`` INT_MIN but ``mul nsw`` overflows; refuted). ``udiv``/``lshr`` keep exact.
``sub X, C -> add X, -C`` keeps nsw when C != INT_MIN, never nuw. ``mul X, 2 -> add X,
X`` is not a refinement when X may be undef (the two uses of X may differ), so it holds
only for a noundef X; ``add X, X -> mul X, 2`` always holds. ``sdiv X, 2^k`` is not
``ashr X, k`` (rounding toward zero vs. down) unless the division is exact, and ``srem
X, 2^k`` is not ``and X, 2^k-1`` (negative X).
"""

from __future__ import annotations

from vecverify.ir.function import Function
from vecverify.ir.values import ConstFloat, ConstInt

from ..base import FP_SEMANTICS, INT_TYPES, Param, Rule, Transform
from ..mutants import INTS, POISON_ONLY, Mutant, binops_of, const_value, elem_width
from ._match import binop, const, const_int, int_width, log2_exact, new_binop

NAME = "replacement"

X = Param("x")
K = Param("k", const=True, lo=0, hi="{wm1}")  # a shift amount: 0 <= k < w
XK = (X, K)
XK_LOW = (X, Param("k", const=True, lo=0, hi="{wm2}"))
POW = "%p = shl {T} 1, %k"  # 2^k, computed in the IR from the symbolic k
# The float exponent: 2^k and 2^-k are both normal for -(bias-1) <= k <= bias-1.
FK = (X, Param("k", type="{I}", const=True, lo="-{emax}", hi="{emax}", signed=True))
DOUBLE_EXPONENTS = 16  # the double claims of fdiv <-> fmul: |k| <= this (see _rules)


def _rules() -> list[Rule]:
    r: list[Rule] = []

    def add(name: str, desc: str, params, src: str, tgt: str, **kw) -> None:  # noqa: ANN001, ANN003
        r.append(Rule(f"binrep.{name}", NAME, desc, kw.pop("types", INT_TYPES), params, src, tgt, **kw))

    # shl <-> mul
    for f in ("", "nuw"):
        sfx = f".{f}" if f else ""
        add(f"shl-mul{sfx}", f"shl {f} X, k -> mul {f} X, 2^k", XK,
            f"%r = shl {f} {{T}} %x, %k", f"{POW}\n%r = mul {f} {{T}} %x, %p",
            rewrite=_shl_to_mul if not f else None)
        add(f"mul-shl{sfx}", f"mul {f} X, 2^k -> shl {f} X, k", XK,
            f"{POW}\n%r = mul {f} {{T}} %x, %p", f"%r = shl {f} {{T}} %x, %k",
            rewrite=_mul_to_shl if not f else None)
    add("shl-mul.nsw", "shl nsw X, k -> mul nsw X, 2^k (k < w-1)", XK_LOW,
        "%r = shl nsw {T} %x, %k", f"{POW}\n%r = mul nsw {{T}} %x, %p")
    add("mul-shl.nsw", "mul nsw X, 2^k -> shl nsw X, k (k < w-1)", XK_LOW,
        f"{POW}\n%r = mul nsw {{T}} %x, %p", "%r = shl nsw {T} %x, %k")
    add("shl-mul.nsw-top", "shl nsw X, w-1 -> mul nsw X, 2^(w-1)", (X,),
        "%r = shl nsw {T} %x, {wm1}", "%r = mul nsw {T} %x, {c[min]}",
        expected="refuted", why="X = -1: shl nsw gives INT_MIN, mul nsw by INT_MIN overflows")
    add("mul-shl.nsw-top", "mul nsw X, 2^(w-1) -> shl nsw X, w-1", (X,),
        "%r = mul nsw {T} %x, {c[min]}", "%r = shl nsw {T} %x, {wm1}",
        expected="refuted", why="X = 1: 1 * INT_MIN is fine, shl nsw 1, w-1 changes the sign")

    # mul X, 2 <-> add X, X
    add("add-mul2", "add X, X -> mul X, 2", (X,), "%r = add {T} %x, %x", "%r = mul {T} %x, {c[2]}",
        rewrite=_add_self_to_mul)
    add("add-mul2.nsw.nuw", "add nsw nuw X, X -> mul nsw nuw X, 2", (X,),
        "%r = add nsw nuw {T} %x, %x", "%r = mul nsw nuw {T} %x, {c[2]}")
    add("mul2-add", "mul X, 2 -> add X, X (X may be undef)", (X,),
        "%r = mul {T} %x, {c[2]}", "%r = add {T} %x, %x",
        expected="refuted", why="X = undef: 2*undef is even, undef + undef can be any value")
    xn = (Param("x", const=True),)
    add("mul2-add.noundef", "mul X, 2 -> add X, X for a noundef X", xn,
        "%r = mul {T} %x, {c[2]}", "%r = add {T} %x, %x", preconditions="X is not undef or poison")
    add("mul2-add.noundef.nsw.nuw", "mul nsw nuw X, 2 -> add nsw nuw X, X for a noundef X", xn,
        "%r = mul nsw nuw {T} %x, {c[2]}", "%r = add nsw nuw {T} %x, %x",
        preconditions="X is not undef or poison")

    # udiv <-> lshr, urem <-> and
    for f in ("", "exact"):
        sfx = f".{f}" if f else ""
        add(f"udiv-lshr{sfx}", f"udiv {f} X, 2^k -> lshr {f} X, k", XK,
            f"{POW}\n%r = udiv {f} {{T}} %x, %p", f"%r = lshr {f} {{T}} %x, %k",
            rewrite=_udiv_to_lshr if not f else None)
        add(f"lshr-udiv{sfx}", f"lshr {f} X, k -> udiv {f} X, 2^k", XK,
            f"%r = lshr {f} {{T}} %x, %k", f"{POW}\n%r = udiv {f} {{T}} %x, %p")
    add("urem-and", "urem X, 2^k -> and X, 2^k - 1", XK,
        f"{POW}\n%r = urem {{T}} %x, %p", f"{POW}\n%m = sub {{T}} %p, 1\n%r = and {{T}} %x, %m",
        rewrite=_urem_to_and)
    add("and-urem", "and X, 2^k - 1 -> urem X, 2^k", XK,
        f"{POW}\n%m = sub {{T}} %p, 1\n%r = and {{T}} %x, %m", f"{POW}\n%r = urem {{T}} %x, %p")

    # signed division by a power of two
    add("sdiv-ashr", "sdiv X, 2^k -> ashr X, k (k < w-1)", XK_LOW,
        f"{POW}\n%r = sdiv {{T}} %x, %p", "%r = ashr {T} %x, %k",
        expected="refuted", why="X = -1, k = 1: sdiv rounds toward zero (0), ashr down (-1)")
    add("sdiv-ashr.exact", "sdiv exact X, 2^k -> ashr exact X, k (k < w-1)", XK_LOW,
        f"{POW}\n%r = sdiv exact {{T}} %x, %p", "%r = ashr exact {T} %x, %k")
    add("srem-and", "srem X, 2^k -> and X, 2^k - 1 (k < w-1)", XK_LOW,
        f"{POW}\n%r = srem {{T}} %x, %p", f"{POW}\n%m = sub {{T}} %p, 1\n%r = and {{T}} %x, %m",
        expected="refuted", why="X = -1: srem gives -1, and gives 2^k - 1")

    # X - C <-> X + (-C)
    xc = (X, Param("c", const=True))
    neg = "%n = sub {T} 0, %c"
    add("sub-add-neg", "sub X, C -> add X, -C", xc, "%r = sub {T} %x, %c", f"{neg}\n%r = add {{T}} %x, %n",
        rewrite=_sub_const_to_add)
    add("add-neg-sub", "add X, -C -> sub X, C", xc, f"{neg}\n%r = add {{T}} %x, %n", "%r = sub {T} %x, %c")
    add("sub-add-neg.nsw", "sub nsw X, C -> add nsw X, -C (C != INT_MIN)", xc,
        "%r = sub nsw {T} %x, %c", f"{neg}\n%r = add nsw {{T}} %x, %n",
        pre=("icmp ne {T} %c, {c[min]}",))
    add("sub-add-neg.nsw-any", "sub nsw X, C -> add nsw X, -C for any C", xc,
        "%r = sub nsw {T} %x, %c", f"{neg}\n%r = add nsw {{T}} %x, %n",
        expected="refuted", why="C = INT_MIN: -C is INT_MIN again; X = -1 overflows only the add")
    add("sub-add-neg.nuw", "sub nuw X, C -> add nuw X, -C", xc,
        "%r = sub nuw {T} %x, %c", f"{neg}\n%r = add nuw {{T}} %x, %n",
        expected="refuted", why="X + (2^w - C) wraps for every C != 0")

    # fdiv X, 2^k <-> fmul X, 2^-k: the reciprocal of a power of two is exact
    pk = "%e = add {I} %k, {bias}\n%b = shl {I} %e, {mbits}\n%p = bitcast {I} %b to {T}"
    pnk = "%ne = sub {I} {bias}, %k\n%nb = shl {I} %ne, {mbits}\n%q = bitcast {I} %nb to {T}"
    # At float Z3 proves the whole exponent range symbolically (about 20 s a rule). At
    # double a divider of 53-bit significands with a symbolic exponent is out of its
    # reach (unknown after 5 minutes), so the double claims are narrowed to what is
    # proved: |k| <= DOUBLE_EXPONENTS, one case per k with 2^k written as a constant
    # (the semantics divide by a constant power of two as the product with its exact
    # reciprocal), and the vectorizer applies them only there.
    # (The float rules' "more undefined" query, the division on two copies of X, takes the
    # solver about 15 s alone: three times the query time limit, so that a loaded machine
    # does not turn it into a timeout.)
    fp1 = {"requires": (FP_SEMANTICS,)}
    fkd = (X, Param("k", type="{I}", const=True, lo=-DOUBLE_EXPONENTS, hi=DOUBLE_EXPONENTS, signed=True))
    add("fdiv-fmul", "fdiv X, 2^k -> fmul X, 2^-k (both normal)", FK,
        f"{pk}\n%r = fdiv {{T}} %x, %p", f"{pnk}\n%r = fmul {{T}} %x, %q",
        types=("float",), rewrite=_fdiv_to_fmul, timeout_factor=FDIV_TIMEOUT_FACTOR, **fp1)
    add("fdiv-fmul.double", f"fdiv X, 2^k -> fmul X, 2^-k (|k| <= {DOUBLE_EXPONENTS}), double", fkd,
        f"{pk}\n%r = fdiv {{T}} %x, %p", f"{pnk}\n%r = fmul {{T}} %x, %q",
        types=("double",), split_float=True, rewrite=_fdiv_to_fmul, **fp1)
    add("fmul-fdiv", "fmul X, 2^-k -> fdiv X, 2^k (both normal)", FK,
        f"{pnk}\n%r = fmul {{T}} %x, %q", f"{pk}\n%r = fdiv {{T}} %x, %p", types=("float",),
        timeout_factor=FDIV_TIMEOUT_FACTOR, **fp1)
    add("fmul-fdiv.double", f"fmul X, 2^-k -> fdiv X, 2^k (|k| <= {DOUBLE_EXPONENTS}), double", fkd,
        f"{pnk}\n%r = fmul {{T}} %x, %q", f"{pk}\n%r = fdiv {{T}} %x, %p",
        types=("double",), split_float=True, **fp1)
    return r


FDIV_TIMEOUT_FACTOR = 3


# ----------------------------------------------------------------------------- rewrites
# Each applies its rule to an instruction with a constant operand; flags are kept only
# where a proved rule keeps them (a source with more flags is only more poisonous).


def _shl_to_mul(inst):  # noqa: ANN001, ANN202
    b = binop(inst, "shl")
    k = const_int(b.operands[1]) if b else None
    w = int_width(inst.type)
    if b is None or k is None or w is None or k >= w:
        return None
    flags = {"nuw"} & b.flags
    if "nsw" in b.flags and not flags and k < w - 1:
        flags = {"nsw"}
    return [new_binop(b, "mul", b.operands[0], const(b.type, 1 << k), frozenset(flags))]


def _mul_to_shl(inst):  # noqa: ANN001, ANN202
    b = binop(inst, "mul")
    c = const_int(b.operands[1]) if b else None
    k = log2_exact(c) if c is not None else None
    w = int_width(inst.type)
    if b is None or k is None or w is None:
        return None
    flags = {"nuw"} & b.flags
    if "nsw" in b.flags and not flags and k < w - 1:
        flags = {"nsw"}
    return [new_binop(b, "shl", b.operands[0], const(b.type, k), frozenset(flags))]


def _add_self_to_mul(inst):  # noqa: ANN001, ANN202
    b = binop(inst, "add")
    if b is None or b.operands[0] is not b.operands[1]:
        return None
    flags = b.flags if b.flags == {"nsw", "nuw"} else frozenset()
    return [new_binop(b, "mul", b.operands[0], const(b.type, 2), frozenset(flags))]


def _udiv_to_lshr(inst):  # noqa: ANN001, ANN202
    b = binop(inst, "udiv")
    c = const_int(b.operands[1]) if b else None
    k = log2_exact(c) if c is not None else None
    if b is None or k is None:
        return None
    return [new_binop(b, "lshr", b.operands[0], const(b.type, k), b.flags & {"exact"})]


def _urem_to_and(inst):  # noqa: ANN001, ANN202
    b = binop(inst, "urem")
    c = const_int(b.operands[1]) if b else None
    if b is None or c is None or log2_exact(c) is None:
        return None
    return [new_binop(b, "and", b.operands[0], const(b.type, c - 1))]


def _sub_const_to_add(inst):  # noqa: ANN001, ANN202
    b = binop(inst, "sub")
    c = const_int(b.operands[1]) if b else None
    w = int_width(inst.type)
    if b is None or c is None or w is None:
        return None
    flags = b.flags & {"nsw"} if c != 1 << (w - 1) else frozenset()
    return [new_binop(b, "add", b.operands[0], const(b.type, -c), frozenset(flags))]


def _fdiv_to_fmul(inst):  # noqa: ANN001, ANN202
    """fdiv X, 2^k -> fmul X, 2^-k: at float where 2^k and 2^-k are both normal, at
    double where |k| <= DOUBLE_EXPONENTS (what the rules prove)."""
    b = binop(inst, "fdiv")
    c = b.operands[1] if b else None
    if b is None or not isinstance(c, ConstFloat) or b.flags or str(c.type) not in ("float", "double"):
        return None
    mbits, bias = (23, 127) if str(c.type) == "float" else (52, 1023)
    reach = bias - 1 if str(c.type) == "float" else DOUBLE_EXPONENTS
    exponent, rest = (c.bits >> mbits) - bias, c.bits & ((1 << mbits) - 1)
    if rest or not -reach <= exponent <= reach:  # a positive power of two in the proved range
        return None
    return [new_binop(b, "fmul", b.operands[0], ConstFloat(c.type, (bias - exponent) << mbits))]


def _powers_of_two(width: int) -> list[int | float]:
    return [2, 4, 1 << (width - 2), 8, 1 << (width - 1)]


# ----------------------------------------------------------------------------- mutants
# Deliberately wrong variants (transforms/mutants.py), for the fuzz campaign to catch.


def shl_mul_nsw_top(fn: Function) -> bool:
    """``shl nsw X, k -> mul nsw X, 2^k`` for every k, the top bit too (X = -1, k = w-1:
    the shl is INT_MIN, the mul overflows: poison)."""
    done = False
    for _, b in binops_of(fn, "shl"):
        k = const_value(b.operands[1])
        if k is None or k >= elem_width(b.type):
            continue
        b.op = "mul"
        b.operands = [b.operands[0], ConstInt(b.type, 1 << k)]  # type: ignore[arg-type]
        done = True
    for _, b in binops_of(fn, "mul"):  # where the real transform already made it a mul
        c = const_value(b.operands[1])
        if c == 1 << (elem_width(b.type) - 1) and "nsw" not in b.flags:
            b.flags = b.flags | {"nsw"}
            done = True
    return done


def sdiv_to_ashr(fn: Function) -> bool:
    """``sdiv X, 2^k -> ashr X, k`` (rounds down, not toward zero: X = -1, k = 1)."""
    done = False
    for _, b in binops_of(fn, "sdiv"):
        c = const_value(b.operands[1])
        if c is None or c <= 1 or c & (c - 1) or c >> (elem_width(b.type) - 1):
            continue
        b.op = "ashr"
        b.operands = [b.operands[0], ConstInt(b.type, c.bit_length() - 1)]  # type: ignore[arg-type]
        b.flags = b.flags & {"exact"}
        done = True
    return done


def _top(w: int) -> list[int | float]:
    return [w - 1]


def _pow2(w: int) -> list[int | float]:
    return [2, 4, 8, 1 << (w - 2)]


def mutants() -> list[Mutant]:
    from properties.strategies import KernelProfile  # Hypothesis: only for campaigns

    return [
        Mutant("replacement:shl-mul-nsw-top", "replacement",
               "shl nsw X, w-1 -> mul nsw X, INT_MIN (nsw kept at the top bit)", shl_mul_nsw_top,
               profile=KernelProfile(types=INTS, spine=("shl",), variations=("iso", "copy"), max_lanes=4,
                                     consts={"shl": _top}, flags={"shl": [("nsw",)]}, reduce_prob=0),
               native_visible=False, why=POISON_ONLY),
        Mutant("replacement:sdiv-ashr", "replacement", "sdiv X, 2^k -> ashr X, k (rounding)",
               sdiv_to_ashr, profile=KernelProfile(types=INTS, spine=("sdiv",), max_lanes=4, reduce_prob=0,
                                                   consts={"sdiv": _pow2}, flags={"sdiv": [()]})),
    ]


TRANSFORM = Transform(
    NAME,
    "Replace a binary operator by an equivalent one of another opcode (SLP-M Table 2)",
    _rules(),
    # The rewritten integer opcodes, with power-of-two constants where the rule needs
    # one. (Kernels of float divisions take the solver seconds each: fdiv -> fmul is
    # left to its rule's proof and the paper corpus.)
    fuzz_profile={
        "types": INT_TYPES,
        "ops": ("shl", "mul", "udiv", "urem", "sub", "add"),
        "consts": {"mul": _powers_of_two, "udiv": _powers_of_two, "urem": _powers_of_two},
    },
    mutants=mutants,
)
