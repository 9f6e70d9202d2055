"""The vectorized epilogue (transforms/loop/epilogue.py, epiwitness.py): an interleaved
main loop, then a vector loop of fewer lanes, then the scalar loop. Each shape proved by
its witness for every trip count (the main loop's three checks and the epilogue's four)
and run natively at trip counts 0..3*VF*UF+1; broken hand-overs refuted; the option that
turns it off; loops that get none, with the reason."""

from __future__ import annotations

import pytest

from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.epilogue import EpilogueLoop, short_trip_cost
from transforms.loop.native import compare_at_trip_counts
from transforms.loop.witness import prove_loop
from transforms.vectorize.costs import AVX2
from vecverify.ir.values import BinOp, ConstInt, ICmp, Phi
from vecverify.llvm import parse_module

# The bounds are noundef, as clang writes C parameters: with a bound that may be undef
# every use of the trip count is a choice of its own, and the entry checks' remainders
# take the solver far longer (still sound: at worst "failed to prove").

# d[i] = 3 * a[i] + b[i]   (a map over three arrays, clang's shape)
MAP = """
define void @f(ptr noalias %d, ptr noalias %a, ptr noalias %b, i64 noundef %n) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds nuw i32, ptr %a, i64 %i
  %x = load i32, ptr %pa, align 4
  %m = mul nsw i32 %x, 3
  %pb = getelementptr inbounds nuw i32, ptr %b, i64 %i
  %y = load i32, ptr %pb, align 4
  %s = add nsw i32 %m, %y
  %pd = getelementptr inbounds nuw i32, ptr %d, i64 %i
  store i32 %s, ptr %pd, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
"""

# b[i] = a[i] - prev; prev = a[i], from i = 1 while i < n, the phi read after the loop
RECURRENCE = """
define i16 @f(ptr noalias %b, ptr noalias %a, i16 %init, i64 noundef %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %loop ]
  %prev = phi i16 [ %init, %entry ], [ %cur, %loop ]
  %pa = getelementptr inbounds nuw i16, ptr %a, i64 %i
  %cur = load i16, ptr %pa, align 2
  %d = sub i16 %cur, %prev
  %pb = getelementptr inbounds nuw i16, ptr %b, i64 %i
  store i16 %d, ptr %pb, align 2
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  %last = phi i16 [ %prev, %loop ]
  ret i16 %last
}
"""

# s += a[i]   (a reduction: no vectorized epilogue)
REDUCTION = """
define i32 @f(ptr %a, i64 noundef %n) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %pa = getelementptr inbounds nuw i32, ptr %a, i64 %i
  %x = load i32, ptr %pa, align 4
  %s.next = add i32 %s, %x
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
"""

# s += a[i] in float under reassoc, and s = smax(s, a[i]): folds of other shapes
FSUM = REDUCTION.replace("i32", "float").replace("add float %s, %x", "fadd reassoc float %s, %x") \
    .replace("float [ 0, %entry ]", "float [ 0.0, %entry ]")
SMAX = REDUCTION.replace("add i32 %s, %x", "call i32 @llvm.smax.i32(i32 %s, i32 %x)")

EPILOGUE_BLOCKS = ("iter.check", "vector.main.loop.iter.check", "vector.ph", "vector.body", "middle.block",
                   "vec.epilog.iter.check", "vec.epilog.ph", "vec.epilog.vector.body", "vec.epilog.middle.block",
                   "vec.epilog.scalar.ph")


def _fn(text: str):  # noqa: ANN202
    return parse_module(text, "<test>").functions["f"]


def _vectorize(text: str, **options: object):  # noqa: ANN202
    fn = _fn(text)
    new, (r,) = vectorize_loops(fn, LoopOptions(**options))  # type: ignore[arg-type]
    assert new is not None, r.line()
    return fn, new, r


@pytest.mark.parametrize("text,vf,uf,vfe", [(MAP, 4, 2, 2), (RECURRENCE, 2, 2, 2), (REDUCTION, 2, 2, 2),
                                             (FSUM, 4, 2, 2), (SMAX, 2, 4, 2)])
def test_epilogue_proved_and_native(text: str, vf: int, uf: int, vfe: int) -> None:
    fn, new, r = _vectorize(text, vf=vf, uf=uf, epilogue_vf=vfe)
    assert isinstance(r.vector, EpilogueLoop) and r.vector.epilogue is not None
    assert r.vector.epilogue.vf == vfe and f"VF {vf} UF {uf}, epilogue VF {vfe}" in r.line()
    names = [b.name for b in new.blocks]
    assert [n for n in names if n in EPILOGUE_BLOCKS] == list(EPILOGUE_BLOCKS)
    resume = next(i for i in new.block("vec.epilog.ph").instructions if i.name == "vec.epilog.resume.val")
    assert isinstance(resume, Phi) and sorted(resume.blocks) == ["vec.epilog.iter.check", "vector.main.loop.iter.check"]
    proof = prove_loop(r, timeout_ms=20_000)
    assert proof.status == "proved", proof.line()
    assert [n for n, _ in proof.checks] == ["entry", "step", "exit", "epilog.entry", "epilog.resume",
                                            "epilog.step", "epilog.exit"]
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * vf * uf + 2 and not runs.mismatches, runs.mismatches


def test_map_default_is_interleaved_with_an_epilogue() -> None:
    """VF 8 x UF 2 of i32, then 4 lanes (64 bits of the narrowest element, at least 4)."""
    _, _, r = _vectorize(MAP, target="avx2")
    assert (r.vf, r.uf) == (8, 2) and isinstance(r.vector, EpilogueLoop) and r.vector.epilogue is not None
    assert r.vector.epilogue.vf == 4, r.line()
    # i8: one part of 32 lanes (a map is interleaved up to 16 lanes), then 8 lanes
    _, _, r = _vectorize(MAP.replace("i32", "i8").replace("align 4", "align 1"), target="avx2")
    assert (r.vf, r.uf) == (32, 1) and isinstance(r.vector, EpilogueLoop) and r.vector.epilogue is not None
    assert r.vector.epilogue.vf == 8, r.line()


def test_epilogue_off_keeps_maps_in_one_part() -> None:
    _, new, r = _vectorize(MAP, target="avx2", epilogue_vf=0)
    assert (r.vf, r.uf) == (8, 1) and not isinstance(r.vector, EpilogueLoop)
    assert "vec.epilog.ph" not in {b.name for b in new.blocks} and "epilogue" not in r.line()


def test_reduction_default_uf_4_with_an_epilogue() -> None:
    _, new, r = _vectorize(REDUCTION, target="avx2")
    assert (r.vf, r.uf) == (8, 4) and isinstance(r.vector, EpilogueLoop), r.line()
    merge = next(i for i in new.block("vec.epilog.ph").instructions if i.name == "bc.merge.rdx")
    assert isinstance(merge, Phi) and merge.operands[merge.blocks.index("vector.main.loop.iter.check")] is \
        r.vector.plan.phis.reductions[0].init


def test_load_group_with_a_gap_keeps_an_iteration_in_the_epilogue_too() -> None:
    """out[i] = a[2*i]: the wide loads read a[2*i + 1] too, so every vector loop leaves
    the scalar loop an iteration (its checks are <=, its n.vec never tc)."""
    from test_loop_groups import EVERY_OTHER, struct_loop

    text = struct_loop(EVERY_OTHER, "i32").replace("i64 %n) {", "i64 noundef %n) {")
    fn, new, r = _vectorize(text, vf=4, uf=2)
    assert isinstance(r.vector, EpilogueLoop) and r.vector.epilogue is not None
    checks = [i for i in new.instructions() if isinstance(i, ICmp) and i.name and "iters.check" in i.name]
    assert len(checks) == 3 and all(c.pred == "ule" for c in checks)
    proof = prove_loop(r, timeout_ms=20_000)
    assert proof.status == "proved", proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert not runs.mismatches, runs.mismatches


def _gray(factor: int) -> str:
    """RGBA (a stride-4 group with a gap at its end) or RGB (stride 3) to gray on i8."""
    from test_loop_groups import GRAY, struct_loop

    body = GRAY if factor == 4 else GRAY.replace("%j = shl nsw i64 %i, 2", "%j = mul nuw nsw i64 %i, 3")
    return struct_loop(body, "i8").replace("i64 %n) {", "i64 noundef %n) {")


@pytest.mark.parametrize("factor", [4, 3])
def test_pixel_groups_get_the_epilogue_short_trip_counts_want(factor: int) -> None:
    """A vector iteration of 4 lanes of a pixel group costs about a scalar one (the group
    fits one 128-bit half: no shuffles across halves), and a gap's epilogue keeps a whole
    vector for the scalar loop, so the cost model's sum over the main loop's remainders
    (short trip counts: ``bench loop`` at n=13) takes 4 lanes, not the 8 of 64 bits of i8."""
    _, _, r = _vectorize(_gray(factor), target="avx2")
    assert isinstance(r.vector, EpilogueLoop) and r.vector.epilogue is not None
    assert (r.vf, r.uf, r.vector.epilogue.vf) == (32, 1, 4), r.line()
    assert f"interleaved group factor {factor} (3 members)" in r.line()
    plan = r.vector.plan
    assert short_trip_cost(plan, 32, 4, AVX2) < short_trip_cost(plan, 32, 8, AVX2)


@pytest.mark.slow
def test_a_pixel_group_epilogue_of_4_lanes_is_proved() -> None:
    """RGB to gray with an epilogue of 4 lanes (its group in one 128-bit half), proved for
    every trip count and run natively (the gap's shape: the test above it)."""
    fn, new, r = _vectorize(_gray(3), vf=4, uf=2, epilogue_vf=4)
    proof = prove_loop(r, timeout_ms=20_000)
    assert proof.status == "proved", proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert not runs.mismatches, runs.mismatches


def test_trip_count_that_may_be_undef_gets_no_epilogue() -> None:
    text = MAP.replace("noundef %n", "%n")
    _, _, r = _vectorize(text, target="avx2")
    assert (r.vf, r.uf) == (8, 1) and not isinstance(r.vector, EpilogueLoop), r.line()
    new, (r,) = vectorize_loops(_fn(text), LoopOptions(vf=4, uf=2, epilogue_vf=2))
    assert new is None and r.reason.startswith("no vectorized epilogue: the trip count may be undef")


def test_epilogue_vf_must_be_below_the_main_loops_lanes() -> None:
    new, (r,) = vectorize_loops(_fn(MAP), LoopOptions(vf=4, uf=2, epilogue_vf=8))
    assert new is None and r.reason == "epilogue VF 8 is not possible after VF 4 x UF 2"


# --------------------------------------------------------------------------- refutations
# (Each broken loop still ends: an index that misses n.vec would run past the buffers.)


def _refuted(damage) -> str:  # noqa: ANN001
    fn, new, r = _vectorize(RECURRENCE, vf=2, uf=2)
    damage(r.vector)
    proof = prove_loop(r, timeout_ms=20_000)
    assert proof.status == "refuted", proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.mismatches, "the broken hand-over runs as the scalar loop does"
    return proof.line()


def _plus(block, value, k: int):  # noqa: ANN001, ANN202
    """``value + k``, computed at the end of ``block`` (before its branch)."""
    out = BinOp(value.type, "moved", [value, ConstInt(value.type, k)], op="add")
    block.instructions.insert(len(block.instructions) - 1, out)
    return out


def test_wrong_epilogue_resume_value_is_refuted() -> None:
    """The scalar loop resumes one iteration before the epilogue loop's end (with the
    recurrence's value after it)."""
    def damage(vl: EpilogueLoop) -> None:
        ep = vl.epilogue
        assert ep is not None
        r = vl.resume[id(vl.plan.induction.phi)]
        k = r.blocks.index(ep.middle.name)
        r.operands[k] = _plus(ep.middle, r.operands[k], -1)
    assert "epilog.exit: incorrect" in _refuted(damage)


def test_epilogue_started_before_the_main_loops_end_is_refuted() -> None:
    """The epilogue's index starts VFe iterations before the main loop's n.vec (with the
    recurrence's value at n.vec)."""
    def damage(vl: EpilogueLoop) -> None:
        assert vl.epilogue_check is not None and vl.epilogue is not None
        phi = next(i for i in vl.epilogue.vector_ph.instructions if i.name == "vec.epilog.resume.val")
        assert isinstance(phi, Phi)
        k = phi.blocks.index(vl.epilogue_check.name)
        phi.operands[k] = _plus(vl.epilogue_check, phi.operands[k], -vl.epilogue.vf)
    assert "epilog.resume: incorrect" in _refuted(damage)


# --------------------------------------------------------------------------- the command


@pytest.mark.parametrize("value", ["3", "x", "-2"])
def test_vectorize_command_bad_epilogue_vf(value: str, tmp_path, capsys) -> None:  # noqa: ANN001
    from vecverify.app.cli import main

    src = tmp_path / "k.ll"
    src.write_text(MAP)
    with pytest.raises(SystemExit) as e:
        main(["vectorize", str(src), "--epilogue-vf", value])
    err = capsys.readouterr().err
    assert e.value.code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_vectorize_command_epilogue_line(tmp_path, capsys) -> None:  # noqa: ANN001
    from vecverify.app.cli import main

    src = tmp_path / "k.ll"
    src.write_text(MAP)
    for extra, line in ([], "vectorized VF 4 UF 2, epilogue VF 4 (VF forced)"),\
                       (["--epilogue-vf", "0"], "vectorized VF 4 UF 2 (VF forced)"):
        assert main(["vectorize", str(src), "--vf", "4", "--uf", "2", *extra]) == 0
        assert f"@f: loop %loop {line}" in capsys.readouterr().err


def test_reduction_merge_phi_from_elsewhere_is_not_proved() -> None:
    """A folded reduction's merge phi is not compared by the solver (its fold's shape
    reads it as the initial value): one that takes another value is a witness error."""
    _, new, r = _vectorize(REDUCTION, vf=2, uf=2)
    merge = next(i for i in new.block("vec.epilog.ph").instructions if i.name == "bc.merge.rdx")
    merge.operands[merge.blocks.index("vec.epilog.iter.check")] = ConstInt(merge.type, 0)
    proof = prove_loop(r, timeout_ms=20_000)
    assert proof.status == "error" and "bc.merge.rdx" in proof.line() and not proof.checks
