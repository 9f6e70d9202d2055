"""Vector-length-agnostic loops (SVE, RVV; the seed's enableVLAVectorization): the rules
scalable loop code stands on, proved for every vscale of ``vscale_range(1,16)`` (the
powers of two 1..16: every SVE vector length; vecverify/scalable.py checks each).

VL is ``vscale x N`` lanes, known only at run time: the code reads it from
``llvm.vscale``, never from the type's N.

**The mask** (``scalable.lane-mask``): lane l of ``llvm.get.active.lane.mask(%iv, %n)`` is
on iff ``iv + l < n`` in the integers (the source: ``llvm.stepvector`` and ``%iv``
widened to twice the width, so nothing wraps). **The next mask**
(``scalable.lane-mask.next``): the mask of the next vector iteration is
``get.active.lane.mask(%iv + vscale x N, %n)``. Known-false: ``.fixed-step`` (a step of N
instead of vscale x N: right at vscale 1 only) and ``scalable.lane-mask.ignoring-vscale``
(lanes l < N as the source has them, the others off: a fixed-width tail mask).

**The splice** (``scalable.splice``): the values a first-order recurrence's phi takes in
one block of VL iterations are lanes VL-1 .. 2VL-2 of ``%prev ++ %cur`` (the source
writes exactly that: both vectors stored one after the other, VL lanes loaded from lane
VL-1), which is ``llvm.vector.splice.right(%prev, %cur, 1)``; the value the scalar
epilogue resumes with is lane ``vscale x N - 1`` of ``%cur`` (``scalable.resume``).
Known-false: the splice one lane off (``.offset-2``: ``splice.right(.., 2)``), the
splice the other way (``.left``), and the resume lane ``N - 1`` (``resume.ignoring-vscale``).

**Reductions** (``scalable.reduction.<op>``, add mul and or xor; the min/max ones, two
min trees over up to 64 lanes, are beyond the solver here and not claimed):
the vector accumulator is sound at every VL: ``reduce(a op b) = reduce(a) op reduce(b)``
(``.split``: accumulating lane-wise, then reducing, is reducing each block and folding)
and the start vector ``insertelement (splat identity), %init, 0`` folds in ``%init``
once (``.start``). Known-false: ``scalable.reduction.mul.start.zero-identity`` (add's
identity in a product) and ``scalable.reduction.add.split.nsw`` (``nsw`` kept on the
lane-wise sum: a partial sum may overflow where the scalar order did not).
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import Param, Rule, Transform, TypeInfo
from .reduction import INT_KINDS, Kind, identity_text, operation, reduce_call

NAME = "scalable"

VSCALE_RANGE = "vscale_range(1,16)"
# At most 64 lanes at vscale 16 (a 16-lane-minimum i8 vector has 256 lanes there).
TYPES = ("<vscale x 4 x i8>", "<vscale x 4 x i16>", "<vscale x 4 x i32>", "<vscale x 2 x i64>")
# The lane masks at the induction types a loop has.
MASK_TYPES = ("<vscale x 4 x i32>", "<vscale x 2 x i64>")
REFUTED_TYPES = ("<vscale x 4 x i32>",)
# The splice's source is a memory window: up to 128 bytes at vscale 16 (a 256-byte one,
# <vscale x 4 x i32> or float, timed out at 20 s a query under a load of 18).
SPLICE_TYPES = ("<vscale x 4 x i8>", "<vscale x 4 x i16>", "<vscale x 2 x i32>", "<vscale x 2 x i64>",
                "<vscale x 2 x float>", "<vscale x 2 x double>")


def _vl(t: TypeInfo, dest: str = "%vl") -> list[str]:
    """``dest`` = vscale x N (the lanes at run time), at i64."""
    return [f"{dest}.vs = call i64 @llvm.vscale.i64()", f"{dest} = mul nuw i64 {dest}.vs, {t.lanes}"]


def _mask_type(t: TypeInfo) -> str:
    return f"<vscale x {t.lanes} x i1>"


def _mangle(t: TypeInfo) -> str:
    return f"nxv{t.lanes}" + {"float": "f32", "double": "f64", "half": "f16"}.get(t.scalar, t.scalar)


def _splat(t: TypeInfo, value: str, dest: str) -> list[str]:
    return [f"{dest}.i = insertelement {t.name} poison, {t.scalar} {value}, i64 0",
            f"{dest} = shufflevector {t.name} {dest}.i, {t.name} poison, <vscale x {t.lanes} x i32> zeroinitializer"]


def _wide_mask(t: TypeInfo, iv: str) -> list[str]:
    """``%r``: lane l on iff ``iv + l < n``, computed at twice the width."""
    w2 = f"i{2 * t.width}"
    wt = f"<vscale x {t.lanes} x {w2}>"
    return [
        f"%iv.w = zext {t.scalar} {iv} to {w2}", f"%n.w = zext {t.scalar} %n to {w2}",
        f"%step = call {wt} @llvm.stepvector.nxv{t.lanes}{w2}()",
        *_splat(TypeInfo(wt), "%iv.w", "%ivs"), *_splat(TypeInfo(wt), "%n.w", "%ns"),
        f"%lane = add nuw {wt} %ivs, %step", f"%r = icmp ult {wt} %lane, %ns",
    ]


def _lane_mask_call(t: TypeInfo, iv: str) -> str:
    return (f"%r = call {_mask_type(t)} @llvm.get.active.lane.mask.nxv{t.lanes}i1.{t.scalar}"
            f"({t.scalar} {iv}, {t.scalar} %n)")


def _next_iv(t: TypeInfo, step: Callable[[TypeInfo], list[str]]) -> list[str]:
    return [*step(t), f"%next = add {t.scalar} %iv, %step.n"]


def _vl_step(t: TypeInfo) -> list[str]:
    return [*_vl(t), f"%step.n = trunc i64 %vl to {t.scalar}" if t.width < 64 else "%step.n = add i64 %vl, 0"]


def _fixed_step(t: TypeInfo) -> list[str]:
    return [f"%step.n = add {t.scalar} 0, {t.lanes}"]


def _mask_src(t: TypeInfo) -> str:
    return "\n".join(_wide_mask(t, "%iv"))


def _next_mask_src(t: TypeInfo) -> str:
    # The next iteration starts VL lanes on; it runs only while iv + VL fits the type.
    w2 = f"i{2 * t.width}"
    widen = f"%vl.w = zext i64 %vl to {w2}" if 2 * t.width > 64 else f"%vl.w = trunc i64 %vl to {w2}"
    if 2 * t.width == 64:
        widen = "%vl.w = add i64 %vl, 0"
    return "\n".join([*_vl(t), widen, f"%iv.w0 = zext {t.scalar} %iv to {w2}",
                      f"%next.w = add {w2} %iv.w0, %vl.w", f"%lim = zext {t.scalar} -1 to {w2}",
                      f"%fits = icmp ule {w2} %next.w, %lim", "call void @llvm.assume(i1 %fits)",
                      f"%next = trunc {w2} %next.w to {t.scalar}", *_wide_mask(t, "%next")])


def _next_mask_tgt(step: Callable[[TypeInfo], list[str]]) -> Callable[[TypeInfo], str]:
    return lambda t: "\n".join([*_next_iv(t, step), _lane_mask_call(t, "%next")])


def _ignoring_vscale_tgt(t: TypeInfo) -> str:
    """A fixed-width tail mask: lanes 0 .. N-1 as the source has them, the others off
    (their index is 2^w: past any n)."""
    w2 = f"i{2 * t.width}"
    wt = f"<vscale x {t.lanes} x {w2}>"
    lanes = ", ".join(f"{w2} {k}" for k in range(t.lanes))
    return "\n".join([
        f"%iv.w = zext {t.scalar} %iv to {w2}", f"%n.w = zext {t.scalar} %n to {w2}",
        f"%fixed = call {wt} @llvm.vector.insert.nxv{t.lanes}{w2}.v{t.lanes}{w2}"
        f"({wt} splat ({w2} {1 << t.width}), <{t.lanes} x {w2}> <{lanes}>, i64 0)",
        *_splat(TypeInfo(wt), "%iv.w", "%ivs"), *_splat(TypeInfo(wt), "%n.w", "%ns"),
        f"%lane = add nuw {wt} %ivs, %fixed", f"%r = icmp ult {wt} %lane, %ns",
    ])


MASK_PARAMS = (Param("iv", type="{S}", const=True), Param("n", type="{S}", const=True))


def _splice_src(t: TypeInfo) -> str:
    """Lanes VL-1 .. 2VL-2 of prev ++ cur, by memory: the recurrence's values in
    iteration order, read one iteration back."""
    return "\n".join([
        f"%buf = alloca <vscale x {2 * t.lanes} x {t.scalar}>, align 16", f"store {t.name} %prev, ptr %buf",
        f"%hi = getelementptr {t.name}, ptr %buf, i64 1", f"store {t.name} %cur, ptr %hi",
        *_vl(t), "%back = sub i64 %vl, 1", f"%at = getelementptr {t.scalar}, ptr %buf, i64 %back",
        f"%r = load {t.name}, ptr %at, align {t.width // 8}",  # (an element's alignment: the window starts mid-vector)
    ])


def _splice_tgt(side: str, offset: int) -> Callable[[TypeInfo], str]:
    return lambda t: (f"%r = call {t.name} @llvm.vector.splice.{side}.{_mangle(t)}"
                      f"({t.name} %prev, {t.name} %cur, i32 {offset})")


def _resume_src(t: TypeInfo) -> str:
    """The last iteration's value: the last element of %cur in memory."""
    return "\n".join([f"%buf = alloca {t.name}", f"store {t.name} %cur, ptr %buf", *_vl(t),
                      "%back = sub i64 %vl, 1", f"%at = getelementptr {t.scalar}, ptr %buf, i64 %back",
                      f"%r = load {t.scalar}, ptr %at"])


def _resume_tgt(ignoring_vscale: bool) -> Callable[[TypeInfo], str]:
    def body(t: TypeInfo) -> str:
        if ignoring_vscale:
            return f"%r = extractelement {t.name} %cur, i64 {t.lanes - 1}"
        return "\n".join([*_vl(t), "%last = sub i64 %vl, 1", f"%r = extractelement {t.name} %cur, i64 %last"])

    return body


def _split_src(kind: Kind) -> Callable[[TypeInfo], str]:
    return lambda t: "\n".join([reduce_call(kind, "%ra", t, "%a"), reduce_call(kind, "%rb", t, "%b"),
                                operation(kind, "%r", t.scalar, "%ra", "%rb")])


def _split_tgt(kind: Kind, flags: str = "") -> Callable[[TypeInfo], str]:
    return lambda t: "\n".join([operation(kind, "%v", t.name, "%a", "%b", flags), reduce_call(kind, "%r", t, "%v")])


def _start_src(kind: Kind) -> Callable[[TypeInfo], str]:
    return lambda t: "\n".join([reduce_call(kind, "%rx", t, "%x"), operation(kind, "%r", t.scalar, "%init", "%rx")])


def _start_tgt(kind: Kind, identity: str | None = None) -> Callable[[TypeInfo], str]:
    def body(t: TypeInfo) -> str:
        ident = identity if identity is not None else identity_text(kind, t.scalar)
        return "\n".join([
            f"%s = insertelement {t.name} splat ({t.scalar} {ident}), {t.scalar} %init, i64 0",
            operation(kind, "%v", t.name, "%s", "%x"), reduce_call(kind, "%r", t, "%v"),
        ])

    return body


def _rule(name: str, description: str, types: tuple[str, ...], params: tuple[Param, ...],
          src: Callable[[TypeInfo], str], tgt: Callable[[TypeInfo], str], ret: str = "{T}",
          why: str = "") -> Rule:
    return Rule(name, NAME, description, types, params, src=src, tgt=tgt, ret=ret,
                expected="refuted" if why else "holds", why=why, fn_attrs=VSCALE_RANGE)


def _rules() -> list[Rule]:
    mask = "<vscale x {N} x i1>"
    prev_cur = (Param("prev"), Param("cur"))
    rules = [
        _rule("scalable.lane-mask", "lane l of llvm.get.active.lane.mask(iv, n) is on iff iv + l < n",
              MASK_TYPES, MASK_PARAMS, _mask_src, lambda t: _lane_mask_call(t, "%iv"), ret=mask),
        _rule("scalable.lane-mask.next", "the next iteration's mask is get.active.lane.mask(iv + vscale x N, n)",
              MASK_TYPES, MASK_PARAMS, _next_mask_src, _next_mask_tgt(_vl_step), ret=mask),
        _rule("scalable.lane-mask.next.fixed-step", "the next mask at iv + N (a step that ignores vscale)",
              MASK_TYPES, MASK_PARAMS, _next_mask_src, _next_mask_tgt(_fixed_step), ret=mask,
              why="from vscale 2 on, the next vector starts vscale x N lanes on, not N"),
        _rule("scalable.lane-mask.ignoring-vscale", "the mask of the first N lanes only (a fixed-width tail mask)",
              REFUTED_TYPES, MASK_PARAMS, _mask_src, _ignoring_vscale_tgt, ret=mask,
              why="from vscale 2 on, lanes N .. vscale x N - 1 are off where iterations remain"),
        _rule("scalable.splice", "the phi's values in a block of vscale x N iterations -> "
              "llvm.vector.splice.right(%prev, %cur, 1)", SPLICE_TYPES, prev_cur, _splice_src,
              _splice_tgt("right", 1)),
        _rule("scalable.resume", "the value the scalar epilogue resumes with -> extractelement %cur, vscale x N - 1",
              TYPES, (Param("cur"),), _resume_src, _resume_tgt(False), ret="{S}"),
        _rule("scalable.splice.offset-2", "the splice one lane off: splice.right(%prev, %cur, 2)",
              REFUTED_TYPES, prev_cur, _splice_src, _splice_tgt("right", 2),
              why="lane 0 gets prev[VL-2]: every lane one iteration early"),
        _rule("scalable.splice.left", "the splice the other way: splice.left(%prev, %cur, 1)",
              REFUTED_TYPES, prev_cur, _splice_src, _splice_tgt("left", 1),
              why="lanes 1 .. VL of prev ++ cur: the previous vector's lanes, not the recurrence's"),
        _rule("scalable.resume.ignoring-vscale", "the resume value from lane N - 1 (ignoring vscale)",
              REFUTED_TYPES, (Param("cur"),), _resume_src, _resume_tgt(True), ret="{S}",
              why="from vscale 2 on, lane N - 1 is not the last iteration's"),
    ]
    # smin/smax/umin/umax: two min trees over up to 64 lanes are beyond the solver (at
    # fixed width their laws and the reassociation model decide them): not claimed here.
    for kind in (k for k in INT_KINDS.values() if k.intrinsic is None):
        rules.append(_rule(f"scalable.reduction.{kind.name}.split",
                           f"reduce.{kind.name}(a {kind.name} b) = reduce(a) {kind.name} reduce(b) at every VL",
                           TYPES, (Param("a"), Param("b")), _split_src(kind), _split_tgt(kind), ret="{S}"))
        rules.append(_rule(f"scalable.reduction.{kind.name}.start",
                           f"the start vector (identity, %init in lane 0) folds %init in once ({kind.name})",
                           TYPES, (Param("init", type="{S}"), Param("x")), _start_src(kind), _start_tgt(kind),
                           ret="{S}"))
    rules.append(_rule("scalable.reduction.mul.start.zero-identity", "a product started with 0 in every other lane",
                       REFUTED_TYPES, (Param("init", type="{S}"), Param("x")), _start_src(INT_KINDS["mul"]),
                       _start_tgt(INT_KINDS["mul"], "0"), ret="{S}", why="the product is then 0"))
    rules.append(_rule("scalable.reduction.add.split.nsw", "the lane-wise sum keeps nsw",
                       REFUTED_TYPES, (Param("a"), Param("b")), _split_src(INT_KINDS["add"]),
                       _split_tgt(INT_KINDS["add"], "nsw"), ret="{S}",
                       why="a lane's a + b may overflow where the sum of all lanes does not"))
    return rules


RULES = _rules()

TRANSFORM = Transform(
    NAME,
    "Vector-length-agnostic loops: the active lane mask and its step of vscale x N, the recurrence "
    "splice and resume lane, the vector accumulator of reductions, for every vscale of "
    "vscale_range(1,16) (rules a scalable loop stands on; proved by `vecverify prove`)",
    RULES,
    fuzzed=False,
)
