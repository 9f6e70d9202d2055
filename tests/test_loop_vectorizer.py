"""The loop vectorizer (transforms/loop): each feature on hand-written loops in the shape
clang-22 -O3 writes them, every vectorized result proved by its witness for every trip
count and run natively at trip counts 0..3*VF+1; loops it must leave scalar, with their
reasons; deliberately broken vectorizations the witness must refute."""

from __future__ import annotations

import pytest

from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.native import compare_at_trip_counts
from transforms.loop.witness import prove_loop
from vecverify.ir.values import ConstInt, ExtractElement, InsertElement, ShuffleVector
from vecverify.llvm import parse_module

# b[i] = a[i] - prev; prev = a[i]   (a first-order recurrence through a phi; seed 003)
RECURRENCE = """
define void @f(ptr noalias %b, ptr noalias %a, {T} %init, i64 %n) {{
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %prev = phi {T} [ %init, %entry ], [ %cur, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds nuw {T}, ptr %a, i64 %i
  %cur = load {T}, ptr %pa, align {A}
  %d = {SUB}
  %pb = getelementptr inbounds nuw {T}, ptr %b, i64 %i
  store {T} %d, ptr %pb, align {A}
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}}
"""

# s = init; for (i = 0; i < n; i++) s = s OP a[i]; return s   (the exit phi is shared)
REDUCTION = """
define {T} @f(ptr %a, {T} %init, i32 %n) {{
entry:
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %ph, label %exit
ph:
  %wide = zext nneg i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %s = phi {T} [ %init, %ph ], [ %s.next, %loop ]
  %pa = getelementptr inbounds nuw {T}, ptr %a, i64 %i
  %x = load {T}, ptr %pa, align {A}
  %s.next = {OP}
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %wide
  br i1 %done, label %exit, label %loop
exit:
  %r = phi {T} [ %init, %entry ], [ %s.next, %loop ]
  ret {T} %r
}}
"""

# A recurrence whose phi is read after the loop (lane VF-2), a count that starts at 1
# and goes on while i < n (ult), and a user of the phi that comes before its next value.
RECURRENCE_LIVE = """
define i16 @f(ptr noalias %b, ptr noalias %a, i16 %init, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %loop ]
  %prev = phi i16 [ %init, %entry ], [ %cur, %loop ]
  %twice = shl i16 %prev, 1
  %pa = getelementptr inbounds nuw i16, ptr %a, i64 %i
  %cur = load i16, ptr %pa, align 2
  %d = add i16 %cur, %twice
  %pb = getelementptr inbounds nuw i16, ptr %b, i64 %i
  store i16 %d, ptr %pb, align 2
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i16 %prev
}
"""


ALIGN = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "half": 2, "float": 4, "double": 8}


def kernel(template: str, t: str, **fields: str) -> str:
    """A template at element type ``t`` (natural alignment: an over-aligned access would
    make most iterations UB, and any vectorization "correct")."""
    return template.format(T=t, A=ALIGN[t], **fields)


def _fn(text: str):  # noqa: ANN202
    return parse_module(text, "<test>").functions["f"]


def _vectorize(text: str, vf: int):  # noqa: ANN202
    fn = _fn(text)
    new, reports = vectorize_loops(fn, LoopOptions(vf=vf))
    assert new is not None, reports[0].line()
    (r,) = reports
    assert r.vectorized and r.vf == vf
    return fn, new, r


def _proved_and_runs(text: str, vf: int):  # noqa: ANN202
    fn, new, r = _vectorize(text, vf)
    proof = prove_loop(r)
    assert proof.status == "proved", proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * vf + 2 and not runs.mismatches, runs.mismatches
    return r


# Float arithmetic makes the solver slow (NaN choices on both sides): the float kinds
# carry the recurrence through fneg, a bitwise operation.
@pytest.mark.parametrize("t,sub,vf", [("i16", "sub nsw i16 %cur, %prev", 4), ("i8", "xor i8 %cur, %prev", 2),
                                      ("i64", "mul i64 %prev, 3", 2), ("float", "fneg float %prev", 2)])
def test_recurrence_proved_and_native(t: str, sub: str, vf: int) -> None:
    r = _proved_and_runs(kernel(RECURRENCE, t, SUB=sub), vf)
    assert r.recurrences == ["%prev"]
    vl = r.vector
    splices = [i for i in vl.body.instructions if isinstance(i, ShuffleVector)]
    assert [s.mask for s in splices] == [tuple(range(vl.vf - 1, 2 * vl.vf - 1))]
    init = [i for i in vl.vector_ph.instructions if isinstance(i, InsertElement)]
    assert init and isinstance(init[0].operands[2], ConstInt) and init[0].operands[2].value == vl.vf - 1


@pytest.mark.parametrize("t,op,vf", [("i16", "add nsw i16 %x, %s", 4), ("i8", "mul nuw i8 %s, %x", 2),
                                     ("i8", "and i8 %s, %x", 2), ("i8", "or disjoint i8 %x, %s", 2),
                                     ("i8", "xor i8 %s, %x", 2), ("i8", "call i8 @llvm.smax.i8(i8 %s, i8 %x)", 2),
                                     ("i8", "call i8 @llvm.umin.i8(i8 %x, i8 %s)", 2)])
def test_reduction_proved_and_native(t: str, op: str, vf: int) -> None:
    r = _proved_and_runs(kernel(REDUCTION, t, OP=op), vf)
    (red,) = r.reductions
    assert red.endswith("%s")
    links = [r.vector.widened[id(link)] for link in r.vector.plan.phis.reductions[0].chain]
    assert all(not ({"nsw", "nuw", "disjoint"} & getattr(i, "flags", frozenset())) for i in links)


def test_recurrence_live_out_and_sunk_user() -> None:
    r = _proved_and_runs(RECURRENCE_LIVE, 4)
    lanes = [i.operands[1].value for i in r.vector.middle.instructions if isinstance(i, ExtractElement)]
    assert sorted(lanes) == [2, 3]  # VF-2 for the phi read after the loop, VF-1 to resume


def test_default_vf_from_target() -> None:
    fn = _fn(kernel(REDUCTION, "i32", OP="add i32 %x, %s"))  # i32: 8 lanes on AVX2, 4 on SSE4
    for target, vf in (("avx2", 8), ("sse4", 4)):
        _, (r,) = vectorize_loops(fn, LoopOptions(target=target))
        assert r.vf == vf and r.vector_cost < r.scalar_cost


def test_vf_from_the_narrowest_access_when_cheaper_per_lane() -> None:
    """i16 data computed in i32 (clang's promotion): one i16 register of lanes (16 on
    AVX2), each i32 operation on two registers, is cheaper per lane than 8 lanes."""
    text = kernel(RECURRENCE, "i16", SUB="sub i16 %cur, %prev").replace(
        "%d = sub i16 %cur, %prev", "%w = sext i16 %cur to i32\n  %v = add nsw i32 %w, 3\n"
        "  %h = lshr i32 %v, 1\n  %d = trunc i32 %h to i16")
    _, (r,) = vectorize_loops(_fn(text), LoopOptions(target="avx2"))
    assert r.vf == 16, r.line()


def counted_loop(body: str, params: str = "ptr noalias %a", start: int = 0, latch: str = "loop", decl: str = "") -> str:
    """``for (i = start; i != n; i++) body`` in clang's shape (``body`` may end in further
    blocks, the last of them ``latch``)."""
    return f"""{decl}
define void @f({params}, i64 %n) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ {start}, %entry ], [ %i.next, %{latch} ]
{body}
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}}"""


LEFT_SCALAR = {
    "a loop-carried dependence at distance 1": counted_loop("""
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %q = getelementptr i8, ptr %p, i64 -4
  %x = load i32, ptr %q, align 4
  %y = add i32 %x, 1
  store i32 %y, ptr %p, align 4""", params="ptr %a", start=1),
    "may alias (no runtime checks are emitted)": counted_loop("""
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %x, ptr %q, align 4""", params="ptr %a, ptr %b"),
    "a call of @g": counted_loop("""
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, align 4
  call void @g(i32 %x)""", decl="declare void @g(i32)"),
    "the loop body has more than one block": counted_loop("""
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, align 4
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %then, label %latch
then:
  store i32 0, ptr %p, align 4
  br label %latch
latch:""", latch="latch"),
    "strided or reversed access": counted_loop("""
  %j = sub i64 %n, %i
  %p = getelementptr inbounds i32, ptr %a, i64 %j
  store i32 7, ptr %p, align 4"""),
}


@pytest.mark.parametrize("reason", sorted(LEFT_SCALAR))
def test_left_scalar_with_reason(reason: str) -> None:
    new, reports = vectorize_loops(_fn(LEFT_SCALAR[reason]))
    assert new is None
    (r,) = reports
    assert not r.vectorized and reason in r.reason
    assert r.line().startswith("@f: loop %loop left scalar: ")


# --------------------------------------------------------------------------- refutations


def _break_and_prove(text: str, vf: int, damage) -> str:  # noqa: ANN001
    _, _, r = _vectorize(text, vf)
    damage(r.vector)
    proof = prove_loop(r)
    assert proof.status == "refuted", proof.line()
    return proof.line()


def test_splice_mask_off_by_one_is_refuted() -> None:
    def damage(vl) -> None:  # noqa: ANN001
        (s,) = [i for i in vl.body.instructions if isinstance(i, ShuffleVector)]
        s.mask = tuple(range(vl.vf, 2 * vl.vf))  # the current vector: the recurrence lost
    assert "step: incorrect" in _break_and_prove(kernel(RECURRENCE, "i8", SUB="sub i8 %cur, %prev"), 2, damage)


def test_wrong_resume_lane_is_refuted() -> None:
    def damage(vl) -> None:  # noqa: ANN001
        for i in vl.middle.instructions:
            if isinstance(i, ExtractElement) and i.name == "vector.recur.extract":
                i.operands[1] = ConstInt(i.operands[1].type, vl.vf - 2)
    assert "exit: incorrect" in _break_and_prove(kernel(RECURRENCE, "i8", SUB="sub i8 %cur, %prev"), 2, damage)


def test_reduction_started_with_identity_is_refuted() -> None:
    def damage(vl) -> None:  # noqa: ANN001
        (ins,) = [i for i in vl.vector_ph.instructions if isinstance(i, InsertElement)]
        ins.operands[1] = ConstInt(ins.operands[1].type, 0)
    assert "entry: incorrect" in _break_and_prove(kernel(REDUCTION, "i8", OP="add i8 %x, %s"), 2, damage)


def test_vector_loop_entered_too_early_is_refuted() -> None:
    def damage(vl) -> None:  # noqa: ANN001
        check = next(i for i in vl.iter_check.instructions if i.name == "min.iters.check")
        check.operands[1] = ConstInt(check.operands[1].type, vl.vf - 1)  # tc = VF-1 enters: n.vec = 0
    assert "entry: incorrect" in _break_and_prove(kernel(REDUCTION, "i8", OP="add i8 %x, %s"), 2, damage)


# --------------------------------------------------------------------------- the command


def test_vectorize_command_proves_loops(tmp_path, capsys) -> None:  # noqa: ANN001
    from vecverify.app.cli import main

    src, out, report = tmp_path / "k.ll", tmp_path / "o.ll", tmp_path / "r.json"
    src.write_text(kernel(REDUCTION, "i8", OP="add i8 %x, %s"))
    code = main(["vectorize", str(src), "-o", str(out), "--vf", "2", "--verify", "--timeout-ms", "5000",
                 "--json", str(report)])
    printed = capsys.readouterr().out
    assert "@f: loop %loop vectorized VF 2 (reduction add %s) (VF forced)" in printed
    assert "@f: loop %loop (VF 2): proved for every trip count" in printed
    assert "native: 14 runs at trip counts 0..7 and larger, 0 mismatches" in printed
    assert code in (0, 3), printed  # 3: the bounded check (unroll 6) may run out of time
    assert "<2 x i8>" in out.read_text()
    import json

    data = json.loads(report.read_text())
    assert data["loops"][0]["vf"] == 2 and data["verify"][0]["witness"] == "proved"


@pytest.mark.parametrize("vf", ["3", "0", "x", "128"])
def test_vectorize_command_bad_vf(vf: str, tmp_path, capsys) -> None:  # noqa: ANN001
    from vecverify.app.cli import main

    src = tmp_path / "k.ll"
    src.write_text(kernel(REDUCTION, "i8", OP="add i8 %x, %s"))
    with pytest.raises(SystemExit) as e:
        main(["vectorize", str(src), "--vf", vf])
    err = capsys.readouterr().err
    assert e.value.code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_vacuous_proof_is_flagged() -> None:
    """An over-aligned scalar access (align 4 on i8 elements) makes two consecutive
    iterations UB: anything refines that, and the report must say so."""
    over_aligned = RECURRENCE.format(T="i8", A=4, SUB="sub i8 %cur, %prev")
    _, _, r = _vectorize(over_aligned, 2)
    proof = prove_loop(r)
    assert proof.status == "proved" and proof.vacuous and "vacuously" in proof.line()
    _, _, r = _vectorize(kernel(RECURRENCE, "i8", SUB="sub i8 %cur, %prev"), 2)
    assert not prove_loop(r).vacuous


def test_witness_keeps_the_functions_floating_point_modes() -> None:
    """The obligations are about the loop's instructions, which flush subnormals where
    its function says so: the witness's functions carry its denormal modes."""
    from transforms.loop.witness import Witness
    from vecverify.ir.floats import IEEE_DENORMALS

    text = kernel(RECURRENCE, "float", SUB="fneg float %prev").replace(
        "i64 %n) {", "i64 %n) #0 {") + '\nattributes #0 = { "denormal-fp-math"="preserve-sign,preserve-sign" }\n'
    fn, _, r = _vectorize(text, 2)
    assert fn.denormal != IEEE_DENORMALS
    for ob in Witness(r.vector).obligations():
        assert ob.src.denormal == ob.tgt.denormal == fn.denormal, ob.name


def test_bounded_check_timeout_does_not_decide_a_proved_loop(tmp_path, capsys, monkeypatch) -> None:  # noqa: ANN001
    """The witness is the proof: the bounded check after it is a second opinion whose
    timeout is reported as such (here: no time at all) and leaves the exit code 0."""
    from transforms import pipeline
    from vecverify.app.cli import main

    monkeypatch.setattr(pipeline, "BOUNDED_TOTAL_SHARE", 0.0)
    src, out = tmp_path / "k.ll", tmp_path / "o.ll"
    src.write_text(kernel(REDUCTION, "i8", OP="add i8 %x, %s"))
    code = main(["vectorize", str(src), "-o", str(out), "--vf", "2", "--verify", "--timeout-ms", "20000",
                 "--bounded-unroll", "3"])
    printed = capsys.readouterr().out
    assert "@f: loop %loop (VF 2): proved for every trip count" in printed
    assert "bounded check (loops unrolled 3 times): ERROR: Couldn't prove" in printed
    assert "(a second opinion: the witness decides)" in printed
    assert code == 0, printed


def test_vectorize_verify_jobs_prints_as_one_process(tmp_path, capsys) -> None:  # noqa: ANN001
    """--jobs 2: the functions' loops are verified in worker processes (each reads the
    file again and vectorizes its function as the command did); the output and verdicts
    are printed in the file's order."""
    from vecverify.app.cli import main

    one = kernel(REDUCTION, "i8", OP="add i8 %x, %s")
    src = tmp_path / "k.ll"
    src.write_text(one + "\n" + one.replace("@f(", "@g("))
    code = main(["vectorize", str(src), "-o", str(tmp_path / "o.ll"), "--vf", "2", "--verify",
                 "--bounded-unroll", "0", "--jobs", "2"])
    printed = {"2": capsys.readouterr().out}
    assert code == 0, printed["2"]
    assert printed["2"].count("native: 14 runs at trip counts 0..7 and larger, 0 mismatches") == 2
    assert printed["2"].index("@f: loop %loop (VF 2): proved") < printed["2"].index("@g: loop %loop (VF 2): proved")


def test_native_runs_of_a_gather_index_inside_the_buffers() -> None:
    """``y[i] = table[idx[i]]`` from C: random bytes in ``idx`` would index far outside
    the buffers and crash the native run (a segmentation fault took down `vectorize
    --verify`); the index array is filled with indices of the table's buffer."""
    import random

    import numpy as np

    from transforms.loop.native import BUFFER_BYTES, _index_buffers, _tame_indices

    text = """define void @f(i32 noundef %n, ptr noalias noundef writeonly %y, ptr noalias noundef readonly %table,
                  ptr noalias noundef readonly %idx) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %pre, label %exit
pre:
  %tc = zext nneg i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %pre ], [ %i.next, %loop ]
  %pi = getelementptr inbounds nuw i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi, align 4
  %k64 = sext i32 %k to i64
  %pt = getelementptr inbounds float, ptr %table, i64 %k64
  %v = load float, ptr %pt, align 4
  %py = getelementptr inbounds nuw float, ptr %y, i64 %i
  store float %v, ptr %py, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %tc
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
"""
    fn = parse_module(text, "<test>").functions["f"]
    _, reports = vectorize_loops(fn, LoopOptions(vf=4))
    assert reports[0].vectorized, reports[0].line()
    indices = _index_buffers(reports[0].vector)
    assert indices == {3: (4, BUFFER_BYTES // 4)}
    buffers = {3: np.frombuffer(random.Random(1).randbytes(BUFFER_BYTES), dtype=np.uint8).copy()}
    _tame_indices(buffers, indices, random.Random(2))
    assert int(buffers[3].view("<u4").max()) < BUFFER_BYTES // 4
