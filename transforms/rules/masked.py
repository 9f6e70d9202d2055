"""Tail folding in the loop vectorizer (transforms/loop/tailfold.py): the rules its masked
code stands on.

**The last vector's mask** (``masked.last-vector-mask``, VL 2..16, i8..i64): lane l of
the vector at ``n.vec = btc - btc % VL`` is on iff ``n.vec + l <= btc`` in the integers,
``icmp ule <0..VL-1>, splat(btc % VL)``; known-false with ``ult``
(``masked.last-vector-mask.lt``: the last iteration's lane off).

**The mask** (of a loop masked in every iteration, LLVM's form and tail folding's first) (``masked.lane-mask``, VL 2..16, the induction type i8..i64, at most 512
bits of lanes: the type ``<VL x iN>`` names both): for an iteration at ``%iv`` with ``%iv < %n`` (at least one
lane runs: the loop's invariant), ``icmp ule <0, 1, .., VL-1>, splat(umin((n-1) - iv,
VL-1))`` has lane l on exactly when ``iv + l < n`` in the integers (the source computes
it at twice the width: no overflow at the top of the range). Known-false:
``masked.lane-mask.le`` (lane l on when ``iv + l <= n``) and ``masked.lane-mask.wrapping``
(``splat(iv) + <0..VL-1> <= splat(n-1)`` at the induction's width, VL >= 4: near the
top of the range ``iv + l`` wraps and turns a lane on; at VL 2 ``iv < n`` leaves no room
to wrap).

**Masked reductions** (``masked.reduction.<op>``, add mul and or xor smin smax umin umax):
a block of VL iterations (VL 2 and 4) of which the first ``%k`` run (1 <= k <= VL: the
last vector iteration; proved case by case over k): the scalar fold skips the other lanes; the
vector code folds ``select mask, x, identity`` into the accumulator (identity, init in
lane 0) and reduces. Known-false:
``masked.reduction.<op>.wrong-identity`` (another operator's identity: add's 0 for mul
and and/min/max, mul's 1 for the others).

**Masked floating-point reductions** (VL 2..16, half/float/double): ``fadd``/``fmul``
under each flag set with ``reassoc`` (``masked.reduction.fadd.reassoc`` ...; identity
-0.0 for fadd: +0.0 would turn a sum of -0.0 into +0.0 without ``nsz``, 1.0 for fmul),
decided by the reassociation model with the mask's lanes fixed per k;
``llvm.minnum``/``maxnum`` under ``nnan nsz`` and ``nnan ninf nsz`` (half and float: the
laws at double exceed the solver's limit) fold the initial value in inactive lanes, the
accumulator starting with it in every lane (idempotent), the laws proved in IEEE
arithmetic first. Known-false: ``masked.reduction.fmin/fmax.nnan-ninf-nsz.infinite-identity``
(+inf/-inf in inactive lanes: poison under ``ninf``; refuted in IEEE arithmetic).

**Scatters** (``masked.scatter``, VL 2 and 4, i8/i32/i64): the scalar stores
``y[idx[l]] = v[l]`` in iteration order equal one ``llvm.masked.scatter`` over a vector
getelementptr (indices masked to 0..VL-1, so lanes share addresses): the scatter writes
lanes least significant first. Known-false: ``masked.scatter.reversed-lanes`` (the
earlier iteration's value stays) and ``masked.scatter.histogram`` (``y[idx[l]] +=
v[l]`` as gather, add, scatter: lanes with one index each add to the old value).
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import FP_SEMANTICS, Param, Rule, Transform, TypeInfo
from .reassociation import check_reassociation, check_with_laws
from .reduction import (
    FP_FLAG_SETS,
    FP_KINDS,
    INT_KINDS,
    Kind,
    identity_text,
    laws,
    operation,
    reduce_call,
)

NAME = "masked"

VLS = (2, 4, 8, 16)
# Up to 512 bits of induction lanes (<16 x i64> takes the solver tens of seconds).
MASK_TYPES = tuple(f"<{vl} x i{w}>" for w in (8, 16, 32, 64) for vl in VLS if vl * w <= 512)
# The masked reductions at VL 2 and 4 (what fuzzing and the tests fold): each proof is a
# case per k, and a 16-lane fold with a select per lane takes the solver minutes.
REDUCTION_TYPES = tuple(f"<{vl} x {s}>" for s in ("i8", "i16", "i32", "i64") for vl in (2, 4))


# The index and the (frozen) bound are defined values in the loop: noundef.
MASK_PARAMS = (Param("iv", type="{S}", const=True), Param("n", type="{S}", const=True))


def _expected_mask(t: TypeInfo) -> str:
    """Lane l: iv + l < n, computed at twice the width (no wrap-around)."""
    w2 = f"i{2 * t.width}"
    lines = [f"%lo = icmp ult {t.scalar} %iv, %n", "call void @llvm.assume(i1 %lo)",
             f"%iv.w = zext {t.scalar} %iv to {w2}", f"%n.w = zext {t.scalar} %n to {w2}"]
    return "\n".join(lines + _lane_tests(t, "%iv.w", "ult", "%n.w", "%m"))


def _steps(t: TypeInfo) -> str:
    return "<" + ", ".join(f"{t.scalar} {lane}" for lane in range(t.lanes)) + ">"


def _splat(t: TypeInfo, dest: str, value: str) -> list[str]:
    return [f"{dest}.ins = insertelement {t.name} poison, {t.scalar} {value}, i64 0",
            f"{dest} = shufflevector {t.name} {dest}.ins, {t.name} poison, <{t.lanes} x i32> zeroinitializer"]


def _folded_mask(extra: int = 0) -> Callable[[TypeInfo], str]:
    """tailfold's mask from the remaining back edges; ``extra`` lanes too many (wrong)."""

    def body(t: TypeInfo) -> str:
        s = t.scalar
        lines = [f"%btc = add {s} %n, -1", f"%rem = sub {s} %btc, %iv"]
        if extra:
            lines.append(f"%rem.x = add {s} %rem, {extra}")
        lines.append(f"%c = call {s} @llvm.umin.{s}({s} {'%rem.x' if extra else '%rem'}, {s} {t.lanes - 1})")
        lines += _splat(t, "%s", "%c")
        lines.append(f"%r = icmp ule {t.name} {_steps(t)}, %s")
        return "\n".join(lines)

    return body


def _wrapping_mask(t: TypeInfo) -> str:
    """LLVM's form without a guard: splat(iv) + steps <= splat(n-1) at the induction width."""
    s = t.scalar
    lines = [f"%btc = add {s} %n, -1", *_splat(t, "%b", "%btc"), *_splat(t, "%i", "%iv"),
             f"%lanes = add {t.name} %i, {_steps(t)}", f"%r = icmp ule {t.name} %lanes, %b"]
    return "\n".join(lines)


# k: the lanes that run (a symbolic constant: the proof splits it into its values).
REDUCTION_PARAMS = (Param("init", type="{S}"), Param("v"), Param("k", type="i32", const=True, lo=1, hi="{N}"))


def _masked_scalar_fold(kind: Kind, flags: str = "") -> Callable[[TypeInfo], str]:
    """%init op (the first %k lanes of %v), in iteration order."""

    def body(t: TypeInfo) -> str:
        lines, acc = [], "%init"
        for j in range(t.lanes):
            lines += [f"%x{j} = extractelement {t.name} %v, i64 {j}",
                      operation(kind, f"%s{j}", t.scalar, acc, f"%x{j}", flags),
                      f"%on{j} = icmp ult i32 {j}, %k",  # lane j runs when j < k
                      f"%t{j} = select i1 %on{j}, {t.scalar} %s{j}, {t.scalar} {acc}"]
            acc = f"%t{j}"
        lines.append(f"%r = select i1 true, {t.scalar} {acc}, {t.scalar} {acc}")  # (names the result)
        return "\n".join(lines)

    return body


def _masked_vector_fold(kind: Kind, identity: str | None = None, flags: str = "",
                        init_inactive: bool = False) -> Callable[[TypeInfo], str]:
    """The accumulator (identity, %init in lane 0) folding ``select mask, v, identity``
    (mask: lane l on when l < k); the reduction. ``init_inactive``: tailfold's form for
    minnum/maxnum, the accumulator and the inactive lanes' operand the splat of %init."""

    def body(t: TypeInfo) -> str:
        ident = identity if identity is not None else identity_text(kind, t.scalar)
        lanes = TypeInfo(f"<{t.lanes} x i32>")
        if init_inactive:
            start = _splat(t, "%acc", "%init")
            off = "%acc"
        else:
            start = [f"%acc = insertelement {t.name} splat ({t.scalar} {identity_text(kind, t.scalar)}), "
                     f"{t.scalar} %init, i64 0"]
            off = f"splat ({t.scalar} {ident})"
        lines = [*start,
                 *_splat(lanes, "%ks", "%k"),
                 f"%mask = icmp ult {lanes.name} {_steps(lanes)}, %ks",
                 f"%x = select <{t.lanes} x i1> %mask, {t.name} %v, {t.name} {off}",
                 operation(kind, "%acc1", t.name, "%acc", "%x", flags),
                 reduce_call(kind, "%r", t, "%acc1", flags)]
        return "\n".join(lines)

    return body


def _wrong_identity(kind: Kind) -> str:
    return "1" if kind.identity == "0" else "0"


# The last vector of tailfold's form: btc (the back-edge-taken count) is defined.
LAST_PARAMS = (Param("btc", type="{S}", const=True),)


def _expected_last_mask(t: TypeInfo) -> str:
    """Lane l of the vector at n.vec = btc - btc % VL: on iff n.vec + l <= btc, in the
    integers (twice the width)."""
    w2 = f"i{2 * t.width}"
    lines = [f"%m = urem {t.scalar} %btc, {t.lanes}", f"%nvec = sub {t.scalar} %btc, %m",
             f"%nvec.w = zext {t.scalar} %nvec to {w2}", f"%btc.w = zext {t.scalar} %btc to {w2}"]
    return "\n".join(lines + _lane_tests(t, "%nvec.w", "ule", "%btc.w", "%l"))


def _lane_tests(t: TypeInfo, base: str, pred: str, bound: str, prefix: str) -> list[str]:
    """``%r``, lane l = ``icmp pred (base + l), bound`` at twice the width (the partial
    vectors are named ``prefix``0, 1, ...)."""
    w2 = f"i{2 * t.width}"
    lines, acc = [], "poison"
    for lane in range(t.lanes):
        lines += [f"%a{lane} = add {w2} {base}, {lane}", f"%c{lane} = icmp {pred} {w2} %a{lane}, {bound}"]
        dest = "%r" if lane == t.lanes - 1 else f"{prefix}{lane}"
        lines.append(f"{dest} = insertelement <{t.lanes} x i1> {acc}, i1 %c{lane}, i64 {lane}")
        acc = dest
    return lines


def _last_mask(pred: str) -> Callable[[TypeInfo], str]:
    """tailfold's last-vector mask: ``icmp <pred> <0..VL-1>, splat(btc % VL)``."""

    def body(t: TypeInfo) -> str:
        return "\n".join([f"%m = urem {t.scalar} %btc, {t.lanes}", *_splat(t, "%s", "%m"),
                          f"%r = icmp {pred} {t.name} {_steps(t)}, %s"])

    return body


def _rules() -> list[Rule]:
    rules = [
        Rule("masked.lane-mask", NAME,
             "lane l on iff iv + l < n (iv < n) -> icmp ule <0..VL-1>, splat(umin(n-1-iv, VL-1))",
             MASK_TYPES, MASK_PARAMS, src=_expected_mask, tgt=_folded_mask(), ret="<{N} x i1>",
             why="the remaining back edges do not wrap: iv < n"),
        Rule("masked.lane-mask.le", NAME, "lane l on iff iv + l <= n: one lane too many",
             MASK_TYPES, MASK_PARAMS, src=_expected_mask, tgt=_folded_mask(extra=1), ret="<{N} x i1>",
             expected="refuted", why="the lane of iteration n runs"),
        Rule("masked.lane-mask.wrapping", NAME, "splat(iv) + <0..VL-1> <= splat(n-1) at the induction's width",
             tuple(t for t in MASK_TYPES if not t.startswith("<2 ")), MASK_PARAMS, src=_expected_mask, tgt=_wrapping_mask, ret="<{N} x i1>",
             expected="refuted", why="near the top of the range iv + l wraps to a small value: the lane turns on"),
        Rule("masked.last-vector-mask", NAME,
             "lane l of the vector at n.vec = btc - btc % VL on iff n.vec + l <= btc -> icmp ule <0..VL-1>, "
             "splat(btc % VL)", MASK_TYPES, LAST_PARAMS, src=_expected_last_mask, tgt=_last_mask("ule"),
             ret="<{N} x i1>", why="tail folding's last vector: 1..VL lanes, no wrap-around (n.vec <= btc)"),
        Rule("masked.last-vector-mask.lt", NAME, "icmp ult <0..VL-1>, splat(btc % VL): one lane too few",
             MASK_TYPES, LAST_PARAMS, src=_expected_last_mask, tgt=_last_mask("ult"), ret="<{N} x i1>",
             expected="refuted", why="the last iteration's lane is off"),
    ]
    for kind in INT_KINDS.values():
        rules.append(Rule(
            f"masked.reduction.{kind.name}", NAME,
            f"scalar {kind.name} fold of the active lanes -> acc {kind.name} (select mask, x, {kind.identity}), "
            f"{kind.reduce}", REDUCTION_TYPES, REDUCTION_PARAMS, src=_masked_scalar_fold(kind),
            tgt=_masked_vector_fold(kind), ret="{S}", split_from_width=8))
        rules.append(Rule(
            f"masked.reduction.{kind.name}.wrong-identity", NAME,
            f"masked {kind.name} reduction folding {_wrong_identity(kind)} in inactive lanes",
            REDUCTION_TYPES, REDUCTION_PARAMS, src=_masked_scalar_fold(kind),
            tgt=_masked_vector_fold(kind, _wrong_identity(kind)), ret="{S}", expected="refuted", split_from_width=8,
            why="an inactive lane changes the accumulator"))
    return rules + _fp_rules()


# Floating-point masked reductions: decided by the reassociation model (a case per k: the
# mask's lanes are then constants the model selects by); the min/max laws proved in IEEE
# arithmetic at the element type first.
FP_REDUCTION_TYPES = tuple(f"<{vl} x {s}>" for s in ("half", "float", "double") for vl in (2, 4, 8, 16))
# (the minnum/maxnum laws at double take the solver over its time limit)
FP_MINMAX_TYPES = tuple(t for t in FP_REDUCTION_TYPES if "double" not in t)
# The known-false fold is refuted by the refinement check on the whole IEEE fold, whose
# encoding grows with every lane (each minnum uses its operands twice, each use its own
# undef copy): at VL 16 building it took minutes and gigabytes before the solver ran. A
# wrong identity is wrong at any width: refuted at VL 2 and 4, like the integer ones.
REFUTED_FP_MINMAX_TYPES = tuple(t for t in FP_MINMAX_TYPES if TypeInfo(t).lanes <= 4)
FP_MINMAX_FLAGS = ("nnan nsz", "nnan ninf nsz")  # what the loop vectorizer's fmin/fmax chains carry


def _fp_rules() -> list[Rule]:
    rules: list[Rule] = []
    for name in ("fadd", "fmul"):
        kind = FP_KINDS[name]
        for flags in FP_FLAG_SETS:
            rules.append(_fp_rule(f"masked.reduction.{name}.{flags.replace(' ', '-')}", kind, flags,
                                  f"scalar {name} {flags} fold of the active lanes -> acc {name} (select mask, x, "
                                  f"{kind.identity}), {kind.reduce}", _masked_vector_fold(kind, flags=flags),
                                  check_reassociation))
    for name in ("fmin", "fmax"):
        kind = FP_KINDS[name]
        for flags in FP_MINMAX_FLAGS:
            rules.append(_fp_rule(f"masked.reduction.{name}.{flags.replace(' ', '-')}", kind, flags,
                                  f"scalar {kind.intrinsic} {flags} fold of the active lanes -> acc {kind.intrinsic} "
                                  f"(select mask, x, splat init), init in every lane, {kind.reduce}",
                                  _masked_vector_fold(kind, flags=flags, init_inactive=True),
                                  check_with_laws(laws(kind, flags)),
                                  why="minnum/maxnum without NaNs are idempotent: init folded again is init"))
        rules.append(_fp_rule(f"masked.reduction.{name}.nnan-ninf-nsz.infinite-identity", kind, "nnan ninf nsz",
                              f"masked {kind.intrinsic} nnan ninf nsz reduction folding {kind.identity} in inactive "
                              "lanes", _masked_vector_fold(kind, flags="nnan ninf nsz"), None,
                              why="under ninf an infinite operand is poison: it is no identity (refuted in "
                                  "IEEE arithmetic: the accumulator's other lanes start infinite)"))
    return rules


def _fp_rule(name: str, kind: Kind, flags: str, description: str, tgt: Callable[[TypeInfo], str],
             checker: Callable[..., object] | None, why: str = "") -> Rule:
    wrong = name.endswith("infinite-identity")
    types = (REFUTED_FP_MINMAX_TYPES if wrong else FP_MINMAX_TYPES) if kind.intrinsic else FP_REDUCTION_TYPES
    return Rule(name, NAME, description, types, REDUCTION_PARAMS, src=_masked_scalar_fold(kind, flags),
                tgt=tgt, ret="{S}", split_from_width=8, split_float=True, checker=checker,
                requires=(FP_SEMANTICS,) if kind.intrinsic else (), expected="refuted" if wrong else "holds",
                why=why or "decided by the reassociation model (reassoc is not in the IEEE semantics)")


# --------------------------------------------------------------------------- scatters

SCATTER_TYPES = tuple(f"<{vl} x {s}>" for s in ("i8", "i32", "i64") for vl in (2, 4))
# y[idx[l] & (VL-1)] for each lane l: every index in bounds, lanes often equal.
SCATTER_PARAMS = (Param("y", type="ptr", attrs="noalias dereferenceable({bytes})"),
                  Param("idx", type="<{N} x i32>"), Param("v"))


def _lane_pointers(t: TypeInfo) -> list[str]:
    return [f"%j = and <{t.lanes} x i32> %idx, splat (i32 {t.lanes - 1})",
            f"%ps = getelementptr inbounds {t.scalar}, ptr %y, <{t.lanes} x i32> %j"]


def _scalar_stores(read_modify_write: bool = False) -> Callable[[TypeInfo], str]:
    """The scalar loop's stores (``y[idx[l]] += v[l]`` with ``read_modify_write``), lane
    by lane in iteration order."""

    def body(t: TypeInfo) -> str:
        s, lines = t.scalar, []
        for lane in range(t.lanes):
            lines += [f"%i{lane} = extractelement <{t.lanes} x i32> %idx, i64 {lane}",
                      f"%j{lane} = and i32 %i{lane}, {t.lanes - 1}",
                      f"%p{lane} = getelementptr inbounds {s}, ptr %y, i32 %j{lane}",
                      f"%v{lane} = extractelement {t.name} %v, i64 {lane}"]
            value = f"%v{lane}"
            if read_modify_write:
                lines += [f"%o{lane} = load {s}, ptr %p{lane}, align 1", f"%s{lane} = add {s} %o{lane}, %v{lane}"]
                value = f"%s{lane}"
            lines.append(f"store {s} {value}, ptr %p{lane}, align 1")
        return "\n".join(lines)

    return body


def _scatter(reversed_lanes: bool = False, histogram: bool = False) -> Callable[[TypeInfo], str]:
    """The vector body: one llvm.masked.scatter of the lanes (``reversed_lanes``: value
    and pointers in reverse lane order; ``histogram``: gather, add, scatter)."""

    def body(t: TypeInfo) -> str:
        n = t.lanes
        suffix = f"v{n}i{t.width}.v{n}p0"
        ptrs, value = "%ps", "%v"
        lines = _lane_pointers(t)
        if reversed_lanes:
            rev = "<" + ", ".join(f"i32 {n - 1 - k}" for k in range(n)) + ">"
            lines += [f"%ps.rev = shufflevector <{n} x ptr> %ps, <{n} x ptr> poison, <{n} x i32> {rev}",
                      f"%v.rev = shufflevector {t.name} %v, {t.name} poison, <{n} x i32> {rev}"]
            ptrs, value = "%ps.rev", "%v.rev"
        if histogram:
            lines += [f"%old = call {t.name} @llvm.masked.gather.{suffix}(<{n} x ptr> align 1 %ps, "
                      f"<{n} x i1> splat (i1 true), {t.name} poison)",
                      f"%sum = add {t.name} %old, %v"]
            value = "%sum"
        lines.append(f"call void @llvm.masked.scatter.{suffix}({t.name} {value}, <{n} x ptr> align 1 {ptrs}, "
                     f"<{n} x i1> splat (i1 true))")
        return "\n".join(lines)

    return body


def _scatter_rules() -> list[Rule]:
    return [
        Rule("masked.scatter", NAME, "scalar stores y[idx[l]] = v[l] in iteration order -> llvm.masked.scatter "
             "over a vector getelementptr", SCATTER_TYPES, SCATTER_PARAMS, src=_scalar_stores(), tgt=_scatter(),
             ret="void", preconditions="y dereferenceable for VL elements (indices masked to 0..VL-1)",
             why="a scatter writes its lanes least significant first: of two lanes with one index the "
                 "higher (the later iteration) stays"),
        Rule("masked.scatter.reversed-lanes", NAME, "the scatter's lanes in reverse order", SCATTER_TYPES,
             SCATTER_PARAMS, src=_scalar_stores(), tgt=_scatter(reversed_lanes=True), ret="void",
             preconditions="y dereferenceable for VL elements", expected="refuted",
             why="two lanes with one index: the earlier iteration's value stays"),
        Rule("masked.scatter.histogram", NAME, "y[idx[l]] += v[l] -> gather, add, scatter (indices not distinct)",
             SCATTER_TYPES, SCATTER_PARAMS, src=_scalar_stores(read_modify_write=True),
             tgt=_scatter(histogram=True), ret="void", preconditions="y dereferenceable for VL elements",
             expected="refuted", why="two lanes with one index each add to the old value: one addition is lost"),
    ]


RULES = _rules() + _scatter_rules()

TRANSFORM = Transform(
    NAME,
    "Tail folding's masks and masked reductions (rules the loop vectorizer applies with "
    "--tail fold; proved by `vecverify prove`, not applied alone)",
    RULES,
    fuzzed=False,
)
