"""``vectorize --vla``: vector-length-agnostic loops (transforms/loop/vla.py), proved for
every trip count and every vscale of their range, run under qemu at several vscales; the
mutants of issue 25 (a step of N instead of vscale x N, a mask that ignores vscale)
refuted at the vscale they need, by proof and natively."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from transforms.loop import LoopOptions, prove_loop, vectorize_loops
from transforms.loop.vla import VLA_MUTANTS, ScalableLoop, mutate_group_members, mutate_part_offset
from vecverify.execute.sve import RVV, missing
from vecverify.ir.function import Function
from vecverify.llvm import parse_module, print_function

INCREMENT = """
define void @inc(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 3
  store i32 %w, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"""

SUM = """
define i32 @sum(ptr noalias %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 5, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds i32, ptr %x, i64 %i
  %vx = load i32, ptr %px, align 4
  %s.next = add i32 %s, %vx
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}
"""

RECURRENCE = """
define void @rec(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi i32 [ 0, %entry ], [ %v, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %pa, align 4
  %d = sub i32 %v, %p
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %d, ptr %pb, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"""

OPTIONS = LoopOptions(target="sve", vla=True, vf=2, vscale_max=2, tail="fold")


def _vla(text: str, options: LoopOptions = OPTIONS) -> tuple[Function, Function, ScalableLoop]:
    fn = next(iter(parse_module(text).functions.values()))
    out, reports = vectorize_loops(fn, options)
    assert out is not None and reports[0].vectorized, reports[0].line()
    assert isinstance(reports[0].vector, ScalableLoop)
    return fn, out, reports[0].vector


def test_vla_code_is_one_text_at_every_vscale() -> None:
    _, out, sl = _vla(INCREMENT, LoopOptions(target="sve", vla=True, vscale_max=16, tail="fold"))
    assert sl.n == 4 and sorted(sl.copies) == [1, 2, 4, 8, 16]  # one 128-bit register of i32 at vscale 1
    text = print_function(out)
    assert "vscale_range(1,16)" in text and "<vscale x 4 x i32>" in text
    assert "@llvm.get.active.lane.mask.nxv4i1.i64" in text and "@llvm.vscale.i64" in text
    assert "%index.next = add nuw i64 %index, %vf" in text
    assert out.scalable is not None
    for v in sl.copies:
        at = out.scalable.at(v)
        assert print_function(at) == text
        assert any(getattr(t, "count", 0) == 4 * v for t in (i.type for i in at.instructions()))


def test_vla_loop_proved_for_every_trip_count_and_vscale() -> None:
    report = vectorize_loops(next(iter(parse_module(INCREMENT).functions.values())), OPTIONS)[1][0]
    proof = prove_loop(report)
    assert proof.status == "proved", proof.line()
    assert "every trip count and every vscale in 1..2" in proof.line()
    assert {n.split(": ")[0] for n, _ in proof.checks} == {"vscale 1", "vscale 2"}


FADD = SUM.replace("i32 @sum", "float @sum").replace("phi i32 [ 5,", "phi float [ 1.0,").replace(
    "inbounds i32", "inbounds float").replace("load i32", "load float").replace(
    "add i32 %s, %vx", "fadd reassoc float %s, %vx").replace("ret i32", "ret float")


def test_vla_fp_reduction_proved_by_algebra() -> None:
    report = vectorize_loops(next(iter(parse_module(FADD).functions.values())), OPTIONS)[1][0]
    assert report.reductions == ["fadd %s"]
    proof = prove_loop(report)
    assert proof.status == "proved" and "fadd %s (reassoc)" in proof.line(), proof.line()


GATHER = """
define void @gat(ptr noalias %x, ptr noalias %idx, ptr noalias %y, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi, align 4
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds i32, ptr %x, i64 %k64
  %v = load i32, ptr %px, align 4
  %py = getelementptr inbounds i32, ptr %y, i64 %i
  store i32 %v, ptr %py, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"""


def test_vla_gather_index32() -> None:
    # (its proof: ./dev bench scalable --vla, the gat and sca kernels; natively: below)
    fn = next(iter(parse_module(GATHER).functions.values()))
    out, reports = vectorize_loops(fn, LoopOptions(target="sve", vla=True, vf=2, vscale_max=2, index32=True, tail="fold"))
    assert out is not None and reports[0].vectorized
    text = print_function(out)
    assert "getelementptr inbounds i32, ptr %x, <vscale x 2 x i32>" in text  # --index32 kept
    assert "@llvm.masked.gather.nxv2i32.nxv2p0" in text and "<vscale x 2 x i1> %active.lane.mask" in text


@pytest.mark.parametrize("mutant,tail", [("mask-ignores-vscale", "fold"), ("step-n", "fold")])
def test_vla_mutants_refuted_at_vscale_2(mutant: str, tail: str) -> None:
    options = dataclasses.replace(OPTIONS, tail=tail)
    # (mutated in place: a deep copy would break the id-keyed maps of the loop's record)
    bad = vectorize_loops(next(iter(parse_module(INCREMENT).functions.values())), options)[1][0]
    VLA_MUTANTS[mutant](bad.vector)  # type: ignore[arg-type]
    proof = prove_loop(bad)
    assert proof.status == "refuted", proof.line()
    failed = [n for n, v in proof.checks if getattr(v, "status", "") == "incorrect"]
    assert failed and failed[0].startswith("vscale 2: "), failed  # the same code as the correct one at vscale 1


def test_vla_scalar_epilogue_proved_and_native() -> None:
    options = dataclasses.replace(OPTIONS, tail="epilogue")
    fn, out, sl = _vla(RECURRENCE, options)
    text = print_function(out)
    assert "%min.iters.check = icmp ult i64 %n, %vf" in text and "@llvm.vector.splice.right.nxv2i32" in text
    assert "get.active.lane.mask" not in text
    proof = prove_loop(vectorize_loops(next(iter(parse_module(RECURRENCE).functions.values())), options)[1][0])
    assert proof.status == "proved" and "entry, step, exit at each vscale" in proof.line(), proof.line()
    if missing() is None:
        from transforms.loop.vla_native import run_vla_natively

        assert not run_vla_natively(fn, out, sl).mismatches


PAIRS = """
define void @pairs(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = mul nuw nsw i64 %i, 2
  %p0 = getelementptr inbounds i32, ptr %a, i64 %j
  %x = load i32, ptr %p0, align 4
  %j1 = add nuw nsw i64 %j, 1
  %p1 = getelementptr inbounds i32, ptr %a, i64 %j1
  %y = load i32, ptr %p1, align 4
  %s = add i32 %x, %y
  %d = sub i32 %x, %y
  %q0 = getelementptr inbounds i32, ptr %b, i64 %j
  store i32 %s, ptr %q0, align 4
  %q1 = getelementptr inbounds i32, ptr %b, i64 %j1
  store i32 %d, ptr %q1, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"""


def test_vla_interleave_groups_through_the_deinterleave_intrinsics() -> None:
    options = dataclasses.replace(OPTIONS, tail="epilogue")
    fn, out, sl = _vla(PAIRS, options)
    text = print_function(out)
    assert "@llvm.vector.deinterleave2.nxv4i32(<vscale x 4 x i32> %wide.vec)" in text
    assert "@llvm.vector.interleave2.nxv4i32(" in text
    report = vectorize_loops(next(iter(parse_module(PAIRS).functions.values())), options)[1][0]
    assert report.groups == ["interleaved group factor 2 (2 members)"] * 2, report.line()
    assert "interleaved group factor 2 (2 members)" in report.line()
    _proved_then_refuted(report, "every trip count and every vscale in 1..2", mutate_group_members, "vscale 1: step")
    if missing() is None:
        from transforms.loop.vla_native import run_vla_natively

        runs = run_vla_natively(fn, out, sl)
        assert runs.runs > 20 and not runs.mismatches
    three = PAIRS.replace("mul nuw nsw i64 %i, 2", "mul nuw nsw i64 %i, 3")
    _, reports = vectorize_loops(next(iter(parse_module(three).functions.values())),
                                 dataclasses.replace(OPTIONS, tail="epilogue"))
    assert not reports[0].vectorized and "factor 3" in reports[0].reason, reports[0].line()


def _proved_then_refuted(report: Any, proved_says: str, mutate: Callable[[Any], None], failing: str) -> None:
    """The loop's witness is proved (its line saying ``proved_says``); after ``mutate``
    the proof is refuted, last at the check named ``failing``."""
    proof = prove_loop(report)
    assert proof.status == "proved" and proved_says in proof.line(), proof.line()
    mutate(report.vector)
    bad = prove_loop(report)
    assert bad.status == "refuted" and bad.checks[-1][0] == failing, bad.line()


def test_vla_interleaved_parts_proved_and_a_part_offset_of_n_refuted() -> None:
    """--uf 2 with the scalar epilogue: part 1 starts vscale x N lanes on (a value); N
    lanes on is the same code at vscale 1 and is refuted at vscale 2 (proof and qemu)."""
    options = dataclasses.replace(OPTIONS, vf=1, tail="epilogue", uf=2)
    fn, out, _ = _vla(INCREMENT, options)
    text = print_function(out)
    assert "%step = mul nuw i64 %vf, 2" in text and "%part1.idx = add i64 %index, %vf" in text
    report = vectorize_loops(next(iter(parse_module(INCREMENT).functions.values())), options)[1][0]
    assert "VF vscale x 1 UF 2 (scalar epilogue" in report.line()
    _proved_then_refuted(report, "(VF vscale x 1, UF 2)", mutate_part_offset, "vscale 2: step")
    if missing() is None:  # (the correct loop: proved; vscale 1's runs of the mutant are its runs)
        from transforms.loop.vla_native import run_vla_natively

        runs = run_vla_natively(fn, report.vector.copies[1].plan.loop.fn, report.vector)  # type: ignore[union-attr]
        assert runs.mismatches and all(m.startswith("vscale 2,") for m in runs.mismatches), runs.mismatches[:3]
    _, reports = vectorize_loops(next(iter(parse_module(INCREMENT).functions.values())),
                                 dataclasses.replace(options, tail="fold"))
    assert not reports[0].vectorized and "UF > 1" in reports[0].reason


def test_vla_decline_says_why() -> None:
    # vscale x 16 reaches 256 lanes at vscale 16: beyond an i8 induction
    text = INCREMENT.replace("i64", "i8")
    out, reports = vectorize_loops(next(iter(parse_module(text).functions.values())),
                                   LoopOptions(target="sve", vla=True, vf=16, vscale_max=16))
    assert out is None and "does not fit the i8 induction" in reports[0].reason
    _, reports = vectorize_loops(next(iter(parse_module(text).functions.values())),
                                 LoopOptions(target="sve", vla=True, vf=2, vscale_max=16))
    assert reports[0].vectorized


@pytest.mark.skipif(missing() is not None, reason=f"SVE witness: {missing()}")
def test_vla_native_under_qemu_and_mutants_caught() -> None:
    from transforms.loop.vla_native import run_vla_natively

    fn, out, sl = _vla(INCREMENT)
    runs = run_vla_natively(fn, out, sl)
    assert runs.vscales == [1, 2] and runs.runs > 20 and not runs.mismatches
    for text in (SUM, FADD, GATHER):  # the fadd's reordered sums compared within rounding
        fn_sum, out_sum, sl_sum = _vla(text)
        assert not run_vla_natively(fn_sum, out_sum, sl_sum).mismatches
    for name, mutate in VLA_MUTANTS.items():
        _, _, bad = _vla(INCREMENT)
        mutate(bad)
        tgt = bad.copies[1].plan.loop.fn  # type: ignore[attr-defined]
        runs = run_vla_natively(fn, tgt, bad)
        assert runs.mismatches, name
        assert all(m.startswith("vscale 2,") for m in runs.mismatches), runs.mismatches[:3]


@pytest.mark.skipif(missing(RVV) is not None, reason=f"RISC-V V witness: {missing(RVV)}")
def test_vla_rvv_native_under_qemu_riscv64() -> None:
    """--target rvv's loops run on RISC-V with vectors (vscale = VLEN / 64: VLEN 64 and
    128 here), the interleave groups too; a step of N is caught at vscale 2 only."""
    from transforms.loop.vla_native import run_vla_natively

    rvv = dataclasses.replace(OPTIONS, target="rvv")
    for text, options in ((SUM, rvv), (PAIRS, dataclasses.replace(rvv, tail="epilogue"))):
        fn, out, sl = _vla(text, options)
        assert sl.target == "rvv"
        runs = run_vla_natively(fn, out, sl)
        assert runs.vscales == [1, 2] and runs.runs > 20 and not runs.mismatches, runs.mismatches[:3]
        assert "(RISC-V V, vscale 1, 2)" in runs.line(fn.name, "%loop")
    fn, out, sl = _vla(FADD.replace("float", "double"), rvv)  # qemu 7.2 has no Zve64d: not at VLEN 64
    runs = run_vla_natively(fn, out, sl)
    assert runs.vscales == [2] and runs.runs > 10 and not runs.mismatches, runs.mismatches[:3]
    assert "not run at vscale 1: vectors of double" in runs.line(fn.name, "%loop")
    fn, _, bad = _vla(INCREMENT, rvv)
    VLA_MUTANTS["step-n"](bad)
    runs = run_vla_natively(fn, bad.copies[1].plan.loop.fn, bad)  # type: ignore[attr-defined]
    assert runs.mismatches and all(m.startswith("vscale 2,") for m in runs.mismatches), runs.mismatches[:3]


def test_vectorize_command_vla(tmp_path, capsys) -> None:  # noqa: ANN001
    from vecverify.app.cli import main

    src, out = tmp_path / "k.ll", tmp_path / "o.ll"
    src.write_text(INCREMENT)
    code = main(["vectorize", str(src), "-o", str(out), "--vla", "--target", "sve", "--vf", "2",
                 "--vscale-max", "2"])
    printed = capsys.readouterr().out
    assert code == 0 and "@inc: loop %loop vectorized VF vscale x 2 (tail folded, vscale_range(1,2))" in printed
    written = parse_module(out.read_text()).functions["inc"]
    assert written.vscale_range.stated() == "vscale_range(1,2)" and written.scalable is not None
    with pytest.raises(SystemExit) as e:
        main(["vectorize", str(src), "--vla", "--vscale-max", "3"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "Traceback" not in err and "--vscale-max" in err
