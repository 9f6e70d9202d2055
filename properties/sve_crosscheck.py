"""The semantics of scalable vectors against AArch64 SVE, run under qemu.

The scalable counterpart of properties/crosscheck.py: each :class:`SveCase` is a small
function over ``<vscale x N x T>`` values; :func:`run_sve_batch` compiles a batch into
one SVE program (vecverify/execute/sve.py) and, for each vscale K asked for, draws
inputs with K*N lanes, evaluates the function read at vscale K through the semantics
(vecverify/semantics/concrete.py) and runs it under qemu with SVE registers of K x 128
bits (vecverify/execute/sve.qemu_cpu). A native result must be one the semantics allow wherever they define
it; inputs the semantics call UB are not run. The tally shows what was compared.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vecverify.execute.sve import SVE, ScalableTarget, SveModule
from vecverify.ir.function import Function
from vecverify.ir.types import FloatType, IntType, PtrType, Type, VectorType
from vecverify.llvm import parse_module
from vecverify.semantics.concrete import ConcreteInput, evaluate


@dataclass(frozen=True)
class SveCase:
    """``@__fn__`` and how to draw its inputs: ``small`` arguments (indices, trip
    counts) are drawn from 0 .. N*vscale + 2 for the N of ``span``; pointer argument i
    gets ``buffers[i] * vscale`` random bytes."""

    family: str
    body: str
    decls: tuple[str, ...] = ()
    small: frozenset[int] = frozenset()
    span: int = 4
    buffers: tuple[tuple[int, int], ...] = ()

    def text(self, name: str) -> str:
        return self.body.replace("@__fn__", f"@{name}")


@dataclass
class SveTally:
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n


_EDGES = (0, 1, 2, -1, -2)


def _int(bits: int, rng: random.Random) -> int:
    mask = (1 << bits) - 1
    r = rng.random()
    if r < 0.3:
        return rng.choice(_EDGES) & mask
    if r < 0.4:
        return (1 << (bits - 1)) + rng.choice((0, -1)) & mask
    return rng.getrandbits(bits)


_FLOATS = {"float": (0x3F800000, 0x7F800000, 0x7FC00000, 0x80000000, 0x00000001),
           "double": (0x3FF0000000000000, 0x7FF0000000000000, 0x8000000000000000),
           "half": (0x3C00, 0x7C00, 0x8000)}


def _float(t: FloatType, rng: random.Random) -> int:
    if rng.random() < 0.2:
        return rng.choice(_FLOATS[t.name])
    # Ordinary values: an exponent near 1.0's, so sums neither overflow nor vanish.
    e_bias = (1 << (t.ebits - 1)) - 1
    exp = e_bias + rng.randint(-8, 8)
    return rng.getrandbits(1) << (t.bits - 1) | exp << (t.sbits - 1) | rng.getrandbits(t.sbits - 1)


def _scalar(t: Type, rng: random.Random) -> int:
    if isinstance(t, IntType):
        return _int(t.bits, rng)
    assert isinstance(t, FloatType)
    return _float(t, rng)


def draw_inputs(case: SveCase, fn: Function, vscale: int, rng: random.Random) -> tuple[list[Any], dict[int, bytes]]:
    """Arguments for ``fn`` read at ``vscale`` (its vectors have their lanes at it)."""
    args: list[Any] = []
    buffers: dict[int, bytes] = {}
    sizes = dict(case.buffers)
    for i, a in enumerate(fn.args):
        t = a.type
        if isinstance(t, PtrType):
            args.append(None)
            buffers[i] = rng.randbytes(sizes.get(i, 16) * vscale)
        elif i in case.small:
            args.append(rng.randint(0, case.span * vscale + 2))
        elif isinstance(t, VectorType):
            args.append([_scalar(t.elem, rng) for _ in range(t.count)])
        else:
            args.append(_scalar(t, rng))
    return args, buffers


def run_sve_batch(cases: Sequence[SveCase], vscales: Sequence[int], inputs: int, seed: int,
                  tally: SveTally, check: Callable[[str], None] | None = None,
                  machine: ScalableTarget = SVE) -> None:
    """Compile ``cases`` once and compare semantics and ``machine`` (SVE, or RISC-V V:
    see :func:`rvv_cases`) for ``inputs`` draws per case and vscale. Raises
    AssertionError with the case, vscale and input on a mismatch. Cases the machine
    cannot run at some vscale (RISC-V's vectors of double at vscale 1) go in a program
    of their own, run at the others (counted: ``not run at vscale K``)."""
    def everywhere(c: SveCase) -> bool:
        return all(machine.unable(v, c.body) is None for v in vscales)

    runnable = [c for c in cases if everywhere(c)]
    if len(runnable) < len(cases):
        rest = [c for c in cases if not everywhere(c)]
        at = [v for v in vscales if all(machine.unable(v, c.body) is None for c in rest)]
        for v in vscales:
            if v not in at:
                tally.add(f"not run at vscale {v}", len(rest))
        if at:
            _run_batch(rest, at, inputs, seed, tally, machine)
        if not runnable:
            return
    _run_batch(runnable, vscales, inputs, seed, tally, machine)


def _run_batch(cases: Sequence[SveCase], vscales: Sequence[int], inputs: int, seed: int, tally: SveTally,
               machine: ScalableTarget) -> None:
    decls = sorted({d for c in cases for d in c.decls})
    text = "\n".join(decls) + "\n" + "\n".join(c.text(f"f{i}") for i, c in enumerate(cases))
    module = parse_module(text, "<sve cases>")
    fns = [module.functions[f"f{i}"] for i in range(len(cases))]
    program = SveModule(text, fns, target=machine)
    try:
        for vscale in vscales:
            rng = random.Random(f"{seed}:{vscale}")
            todo: list[tuple[int, list[Any], dict[int, bytes], Any]] = []
            for i, (case, fn) in enumerate(zip(cases, fns, strict=True)):
                at = fn.scalable.at(vscale) if fn.scalable is not None else fn
                if not fn.vscale_range.allows(vscale):
                    continue
                for _ in range(inputs):
                    args, buffers = draw_inputs(case, at, vscale, rng)
                    ev = evaluate(at, ConcreteInput.separate(at, args, buffers))
                    tally.add("inputs")
                    if ev.ub is not False:
                        tally.add("UB per the semantics (not run)")
                        continue
                    outputs = ev.outputs()
                    if outputs and all(lane.poison for lane in outputs):
                        tally.add("all poison (not run)")
                        continue
                    tally.add("lanes poison", sum(1 for lane in outputs if lane.poison))
                    tally.add("lanes compared", sum(1 for lane in outputs if not lane.poison))
                    todo.append((i, args, buffers, ev))
            runs = program.run(vscale, [(i, args, buffers) for i, args, buffers, _ in todo])
            for (i, args, buffers, ev), run in zip(todo, runs, strict=True):
                blocks = [list(run.buffers[k]) for k in sorted(buffers)]
                tally.add(f"compared at vscale {vscale}")
                tally.add(f"family {cases[i].family}")
                if not ev.allows(run.lanes, blocks):
                    raise AssertionError(
                        f"{machine.name} result at vscale {vscale} not allowed by the semantics:\n{cases[i].text('f')}\n"
                        f"  args: {args}\n  buffers: { {k: v.hex() for k, v in buffers.items()} }\n"
                        f"  native lanes: {run.lanes}\n  native buffers: { {k: bytes(b).hex() for k, b in zip(sorted(buffers), blocks, strict=True)} }\n"
                        f"  semantics: {[('poison' if lane.poison else lane.value) for lane in ev.lanes]}")
    finally:
        program.close()


def _unary(family: str, ty: str, ret: str, line: str, decl: str = "", **kw: Any) -> SveCase:
    body = f"define {ret} @__fn__({ty} %a) {{\n  %r = {line}\n  ret {ret} %r\n}}"
    return SveCase(family, body, (decl,) if decl else (), **kw)


def _binary(family: str, ty: str, ret: str, line: str, decl: str = "", **kw: Any) -> SveCase:
    body = f"define {ret} @__fn__({ty} %a, {ty} %b) {{\n  %r = {line}\n  ret {ret} %r\n}}"
    return SveCase(family, body, (decl,) if decl else (), **kw)


def _nx(n: int, t: str) -> str:
    return f"<vscale x {n} x {t}>"


def _sfx(n: int, t: str) -> str:
    return f"nxv{n}" + {"float": "f32", "double": "f64", "half": "f16"}.get(t, t)


def cases() -> list[SveCase]:
    """Every family of scalable operations the semantics model."""
    out: list[SveCase] = []
    for n, t in ((16, "i8"), (8, "i16"), (4, "i32"), (2, "i64")):
        v = _nx(n, t)
        for op in ("add", "sub nsw", "mul", "and", "xor", "shl", "lshr", "ashr exact", "udiv", "srem"):
            out.append(_binary("elementwise", v, v, f"{op} {v} %a, %b"))
        out.append(SveCase("icmp select", f"define {v} @__fn__({v} %a, {v} %b) {{\n"
                           f"  %c = icmp slt {v} %a, %b\n  %r = select {_nx(n, 'i1')} %c, {v} %a, {v} %b\n"
                           f"  ret {v} %r\n}}"))
        out.append(_unary("reverse", v, v, f"call {v} @llvm.vector.reverse.{_sfx(n, t)}({v} %a)",
                          f"declare {v} @llvm.vector.reverse.{_sfx(n, t)}({v})"))
        for op in ("add", "umax", "smin", "xor", "or"):
            out.append(_unary("reduce", v, t, f"call {t} @llvm.vector.reduce.{op}.{_sfx(n, t)}({v} %a)",
                              f"declare {t} @llvm.vector.reduce.{op}.{_sfx(n, t)}({v})"))
    for n, t in ((4, "float"), (2, "double"), (8, "half")):
        v = _nx(n, t)
        for op in ("fadd", "fmul", "fsub nnan"):
            out.append(_binary("float elementwise", v, v, f"{op} {v} %a, %b"))
        out.append(_unary("float reduce", v, t, f"call {t} @llvm.vector.reduce.fmax.{_sfx(n, t)}({v} %a)",
                          f"declare {t} @llvm.vector.reduce.fmax.{_sfx(n, t)}({v})"))
    v4, v2 = _nx(4, "i32"), _nx(2, "i32")
    out += [
        SveCase("cast", f"define {_nx(4, 'i64')} @__fn__({v4} %a) {{\n  %r = sext {v4} %a to {_nx(4, 'i64')}\n"
                f"  ret {_nx(4, 'i64')} %r\n}}"),
        SveCase("cast", f"define {_nx(4, 'i16')} @__fn__({v4} %a) {{\n  %r = trunc {v4} %a to {_nx(4, 'i16')}\n"
                f"  ret {_nx(4, 'i16')} %r\n}}"),
        SveCase("extractelement", f"define i32 @__fn__({v4} %a, i64 %i) {{\n"
                f"  %r = extractelement {v4} %a, i64 %i\n  ret i32 %r\n}}", small=frozenset({1})),
        SveCase("insertelement", f"define {v4} @__fn__({v4} %a, i32 %x, i64 %i) {{\n"
                f"  %r = insertelement {v4} %a, i32 %x, i64 %i\n  ret {v4} %r\n}}", small=frozenset({2})),
        SveCase("splat", f"define {v4} @__fn__(i32 %x, {v4} %a) {{\n"
                f"  %i = insertelement {v4} poison, i32 %x, i64 0\n"
                f"  %s = shufflevector {v4} %i, {v4} poison, {v4} zeroinitializer\n"
                f"  %r = add {v4} %s, %a\n  ret {v4} %r\n}}"),
        SveCase("stepvector", f"define {v4} @__fn__(i32 %x) {{\n"
                f"  %s = call {v4} @llvm.stepvector.nxv4i32()\n  %i = insertelement {v4} poison, i32 %x, i64 0\n"
                f"  %b = shufflevector {v4} %i, {v4} poison, {v4} zeroinitializer\n"
                f"  %r = add {v4} %s, %b\n  ret {v4} %r\n}}", (f"declare {v4} @llvm.stepvector.nxv4i32()",)),
        SveCase("stepvector", f"define {_nx(16, 'i8')} @__fn__() {{\n"
                f"  %r = call {_nx(16, 'i8')} @llvm.stepvector.nxv16i8()\n  ret {_nx(16, 'i8')} %r\n}}",
                (f"declare {_nx(16, 'i8')} @llvm.stepvector.nxv16i8()",)),
        SveCase("active lane mask", f"define {_nx(4, 'i1')} @__fn__(i64 %b, i64 %n) {{\n"
                f"  %r = call {_nx(4, 'i1')} @llvm.get.active.lane.mask.nxv4i1.i64(i64 %b, i64 %n)\n"
                f"  ret {_nx(4, 'i1')} %r\n}}", (f"declare {_nx(4, 'i1')} @llvm.get.active.lane.mask.nxv4i1.i64(i64, i64)",),
                small=frozenset({0, 1})),
        SveCase("active lane mask", f"define {_nx(16, 'i1')} @__fn__(i32 %b, i32 %n) {{\n"
                f"  %r = call {_nx(16, 'i1')} @llvm.get.active.lane.mask.nxv16i1.i32(i32 %b, i32 %n)\n"
                f"  ret {_nx(16, 'i1')} %r\n}}", (f"declare {_nx(16, 'i1')} @llvm.get.active.lane.mask.nxv16i1.i32(i32, i32)",),
                small=frozenset({0, 1}), span=16),
        SveCase("vscale", "define i64 @__fn__() {\n  %v = call i64 @llvm.vscale.i64()\n"
                "  %r = shl i64 %v, 2\n  ret i64 %r\n}", ("declare i64 @llvm.vscale.i64()",)),
        _unary("extract subvector", v4, v2, f"call {v2} @llvm.vector.extract.nxv2i32.nxv4i32({v4} %a, i64 2)",
               f"declare {v2} @llvm.vector.extract.nxv2i32.nxv4i32({v4}, i64)"),
        SveCase("insert subvector", f"define {v4} @__fn__({v4} %a, <4 x i32> %s) {{\n"
                f"  %r = call {v4} @llvm.vector.insert.nxv4i32.v4i32({v4} %a, <4 x i32> %s, i64 0)\n  ret {v4} %r\n}}",
                (f"declare {v4} @llvm.vector.insert.nxv4i32.v4i32({v4}, <4 x i32>, i64)",)),
        SveCase("insert subvector", f"define {v4} @__fn__({v4} %a, {v2} %s) {{\n"
                f"  %r = call {v4} @llvm.vector.insert.nxv4i32.nxv2i32({v4} %a, {v2} %s, i64 2)\n  ret {v4} %r\n}}",
                (f"declare {v4} @llvm.vector.insert.nxv4i32.nxv2i32({v4}, {v2}, i64)",)),
        _binary("interleave", v2, v4, f"call {v4} @llvm.vector.interleave2.nxv4i32({v2} %a, {v2} %b)",
                f"declare {v4} @llvm.vector.interleave2.nxv4i32({v2}, {v2})"),
        _unary("deinterleave", v4, f"{{ {v2}, {v2} }}", f"call {{ {v2}, {v2} }} @llvm.vector.deinterleave2.nxv4i32({v4} %a)",
               f"declare {{ {v2}, {v2} }} @llvm.vector.deinterleave2.nxv4i32({v4})"),
        _unary("deinterleave", _nx(16, "i8"), f"{{ {_nx(4, 'i8')}, {_nx(4, 'i8')}, {_nx(4, 'i8')}, {_nx(4, 'i8')} }}",
               f"call {{ {_nx(4, 'i8')}, {_nx(4, 'i8')}, {_nx(4, 'i8')}, {_nx(4, 'i8')} }} @llvm.vector.deinterleave4.nxv16i8({_nx(16, 'i8')} %a)",
               f"declare {{ {_nx(4, 'i8')}, {_nx(4, 'i8')}, {_nx(4, 'i8')}, {_nx(4, 'i8')} }} @llvm.vector.deinterleave4.nxv16i8({_nx(16, 'i8')})"),
        SveCase("interleave", f"define {_nx(16, 'i8')} @__fn__({_nx(4, 'i8')} %a, {_nx(4, 'i8')} %b, {_nx(4, 'i8')} %c, {_nx(4, 'i8')} %d) {{\n"
                f"  %r = call {_nx(16, 'i8')} @llvm.vector.interleave4.nxv16i8({_nx(4, 'i8')} %a, {_nx(4, 'i8')} %b, {_nx(4, 'i8')} %c, {_nx(4, 'i8')} %d)\n"
                f"  ret {_nx(16, 'i8')} %r\n}}",
                (f"declare {_nx(16, 'i8')} @llvm.vector.interleave4.nxv16i8({_nx(4, 'i8')}, {_nx(4, 'i8')}, {_nx(4, 'i8')}, {_nx(4, 'i8')})",)),
        SveCase("masked load", f"define {v4} @__fn__(ptr %p, {_nx(4, 'i1')} %m, {v4} %pass) {{\n"
                f"  %r = call {v4} @llvm.masked.load.nxv4i32.p0(ptr align 4 %p, {_nx(4, 'i1')} %m, {v4} %pass)\n"
                f"  ret {v4} %r\n}}", (f"declare {v4} @llvm.masked.load.nxv4i32.p0(ptr, {_nx(4, 'i1')}, {v4})",),
                buffers=((0, 16),)),
        SveCase("masked store", f"define void @__fn__(ptr %p, {_nx(4, 'i1')} %m, {v4} %x) {{\n"
                f"  call void @llvm.masked.store.nxv4i32.p0({v4} %x, ptr align 4 %p, {_nx(4, 'i1')} %m)\n"
                f"  ret void\n}}", (f"declare void @llvm.masked.store.nxv4i32.p0({v4}, ptr, {_nx(4, 'i1')})",),
                buffers=((0, 16),)),
        SveCase("gather", f"define {_nx(2, 'i64')} @__fn__(ptr %p, {_nx(2, 'i64')} %i, {_nx(2, 'i1')} %m) {{\n"
                f"  %a = and {_nx(2, 'i64')} %i, splat (i64 1)\n"
                f"  %ptrs = getelementptr i64, ptr %p, {_nx(2, 'i64')} %a\n"
                f"  %r = call {_nx(2, 'i64')} @llvm.masked.gather.nxv2i64.nxv2p0({_nx(2, 'ptr')} align 8 %ptrs, {_nx(2, 'i1')} %m, {_nx(2, 'i64')} zeroinitializer)\n"
                f"  ret {_nx(2, 'i64')} %r\n}}",
                (f"declare {_nx(2, 'i64')} @llvm.masked.gather.nxv2i64.nxv2p0({_nx(2, 'ptr')}, {_nx(2, 'i1')}, {_nx(2, 'i64')})",),
                buffers=((0, 16),)),
        SveCase("scatter", f"define void @__fn__(ptr %p, {_nx(2, 'i64')} %i, {_nx(2, 'i64')} %x) {{\n"
                f"  %a = and {_nx(2, 'i64')} %i, splat (i64 1)\n"
                f"  %ptrs = getelementptr i64, ptr %p, {_nx(2, 'i64')} %a\n"
                f"  call void @llvm.masked.scatter.nxv2i64.nxv2p0({_nx(2, 'i64')} %x, {_nx(2, 'ptr')} align 8 %ptrs, {_nx(2, 'i1')} splat (i1 true))\n"
                f"  ret void\n}}",
                (f"declare void @llvm.masked.scatter.nxv2i64.nxv2p0({_nx(2, 'i64')}, {_nx(2, 'ptr')}, {_nx(2, 'i1')})",),
                buffers=((0, 16),)),
        SveCase("load store", f"define void @__fn__(ptr %p, ptr %q) {{\n  %v = load {v4}, ptr %p, align 4\n"
                f"  %w = mul {v4} %v, splat (i32 3)\n  store {v4} %w, ptr %q, align 4\n  ret void\n}}",
                buffers=((0, 16), (1, 16))),
    ]
    for off in (0, 1, 3):
        for side in ("left", "right"):
            out.append(_binary(f"splice.{side}", v4, v4,
                               f"call {v4} @llvm.vector.splice.{side}.nxv4i32({v4} %a, {v4} %b, i32 {off})",
                               f"declare {v4} @llvm.vector.splice.{side}.nxv4i32({v4}, {v4}, i32)"))
    return out


def rvv_cases() -> list[SveCase]:
    """The cases RISC-V V's witness compiles (-march=rv64gc_zve64d: no vectors of half;
    those of double run from vscale 2 on)."""
    return [c for c in cases() if "x half>" not in c.body]
