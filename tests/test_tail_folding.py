"""Tail folding (transforms/loop/tailfold.py, issue 12): masked vector loops without a
scalar loop, each proved by its witness (foldwitness.py) for every trip count and run
natively at trip counts 0..3*VF+1; loops folding declines; broken masks and identities
the witness refutes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from properties.loop_strategies import loop_kernels, trip_counts
from properties.loops import LoopKernel, evaluate, random_inputs, run_native
from tests.test_loop_vectorizer import REDUCTION, kernel
from transforms.loop import LoopOptions, tailfold, vectorize_loops
from transforms.loop.native import compare_at_trip_counts
from transforms.loop.tailfold import FoldedLoop
from transforms.loop.witness import prove_loop
from vecverify.ir.values import (
    BinOp,
    Call,
    ConstFloat,
    ConstInt,
    ConstVector,
    ExtractElement,
    ICmp,
    Load,
    Select,
    Store,
)
from vecverify.llvm import parse_module, print_module

# b[i] = c * a[i] + a[i] for i in 1..n-1 (`ult` from 1), returning the last a[i] read.
MAP_LIVE_OUT = """
define i16 @f(ptr noalias %b, ptr noalias %a, i16 %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds nuw i16, ptr %a, i64 %i
  %x = load i16, ptr %pa, align 2
  %d = {OP}
  %e = add i16 %d, %x
  %pb = getelementptr inbounds nuw i16, ptr %b, i64 %i
  store i16 %e, ptr %pb, align 2
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i16 %x
}
"""

# An i8 count `i != n` from 0: n == 0 runs it 256 times (its trip count does not fit i8).
WRAPPING = """
define i8 @f(i8 %c, i8 %n) {
entry:
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i8 [ 0, %entry ], [ %s.next, %loop ]
  %x = mul i8 %i, %c
  %s.next = xor i8 %s, %x
  %i.next = add i8 %i, 1
  %done = icmp eq i8 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i8 %s.next
}
"""


def _fold(text: str, vf: int, shape: str | None = None):  # noqa: ANN202
    fn = parse_module(text, "<test>").functions["f"]
    new, reports = vectorize_loops(fn, LoopOptions(vf=vf, tail="fold", tail_shape=shape))
    assert new is not None, reports[0].line()
    (r,) = reports
    assert isinstance(r.vector, FoldedLoop) and r.vf == vf and "tail folded" in r.line()
    return fn, new, r


def _proved(r) -> None:  # noqa: ANN001
    proof = prove_loop(r)
    assert proof.status == "proved", proof.line()
    names = [n for n, _ in proof.checks]
    tails = [f"tail{k}" for k in range(1, r.vf + 1)] if r.vector.tail is not None else []
    assert names == ["entry", "full", "step", "mask", *(f"last{k}" for k in range(1, r.vf + 1)), *tails]


def _runs(fn, new, r) -> None:  # noqa: ANN001
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * r.vf + 2 and not runs.mismatches, runs.mismatches


@pytest.mark.parametrize("t,op,vf", [("i16", "add nsw i16 %x, %s", 4), ("i8", "mul i8 %s, %x", 2),
                                     ("i8", "and i8 %s, %x", 2), ("i8", "or i8 %x, %s", 2),
                                     ("i8", "xor i8 %s, %x", 2), ("i8", "call i8 @llvm.smin.i8(i8 %s, i8 %x)", 2),
                                     ("i8", "call i8 @llvm.umax.i8(i8 %x, i8 %s)", 2)])
def test_masked_reduction_proved_and_native(t: str, op: str, vf: int) -> None:
    fn, new, r = _fold(kernel(REDUCTION, t, OP=op), vf)
    _proved(r)
    _runs(fn, new, r)
    fl = r.vector
    # The link folds the identity in inactive lanes; the loop's block is gone.
    sel = [i for i in fl.last.instructions if isinstance(i, Select) and i.name == "rdx.masked"]
    assert len(sel) == 1 and sel[0].operands[0] is fl.mask
    # The full vectors are not masked.
    assert not any(fl.mask in i.operands or ".masked." in getattr(i, "callee", "") for i in fl.body.instructions)
    assert all(b.name != "loop" for b in new.blocks)
    assert new.block("exit").instructions[0].blocks == ["entry", "middle.block", "middle.tail"]
    # After a full vector, the last VF iterations run unmasked (the shifted tail); the
    # lanes the full vector ran fold the identity.
    (tsel,) = [i for i in fl.tail.instructions if isinstance(i, Select) and i.name == "rdx.masked"]
    assert tsel.operands[0] is fl.tail_mask
    assert not any(".masked." in getattr(i, "callee", "") for i in fl.tail.instructions)
    # The accumulator starts with the identity; the initial value joins after the
    # reduction, one scalar operation: op(llvm.vector.reduce.op(acc), init).
    (red,) = fl.plan.phis.reductions
    assert isinstance(fl.vector_phis[id(red.phi)].operands[0], ConstVector)
    for values in (fl.exit_values, fl.tail_exit_values):
        (out,) = values.values()
        assert red.init in out.operands and any("vector.reduce" in getattr(o, "callee", "") for o in out.operands)


@pytest.mark.parametrize("t,op,vf", [("float", "fadd reassoc float %s, %x", 4),
                                     ("double", "fmul reassoc nsz double %x, %s", 4),
                                     ("float", "call nnan nsz float @llvm.minnum.f32(float %s, float %x)", 2),
                                     ("double", "call nnan ninf nsz double @llvm.maxnum.f64(double %x, double %s)", 2)])
def test_masked_fp_reduction_proved_by_algebra_and_native(t: str, op: str, vf: int) -> None:
    fn, new, r = _fold(kernel(REDUCTION, t, OP=op), vf)
    proof = prove_loop(r)
    assert proof.status == "proved" and "reordered: f" in proof.line(), proof.line()
    _runs(fn, new, r)
    (sel,) = [i for i in r.vector.last.instructions if isinstance(i, Select) and i.name == "rdx.masked"]
    off = sel.operands[2]
    if "minnum" in op or "maxnum" in op:  # an infinity, the vector operations without ninf (poison under it)
        inf = 0x7F800000 if t == "float" else 0x7FF << 52
        sign = 1 << (31 if t == "float" else 63)
        assert isinstance(off, ConstVector) and off.elems[0].bits == (inf if "minnum" in op else inf | sign)
        links = [i for b in new.blocks for i in b.instructions if isinstance(i, Call) and "num" in i.callee]
        assert links and all("ninf" not in i.flags and "nnan" in i.flags for i in links)
    else:  # -0.0 for fadd (+0.0 + -0.0 would be +0.0), 1.0 for fmul
        assert isinstance(off, ConstVector) and off.elems[0].bits == (0x80000000 if t == "float" else 0x3FF << 52)


def test_infinite_identity_under_ninf_is_not_proved() -> None:
    """A folded maxnum reduction's lanes start with -inf: its vector operations carrying
    ninf (poison on an infinity) are not proved (the fold check rejects the flag)."""
    op = "call nnan ninf nsz float @llvm.maxnum.f32(float %x, float %s)"
    _, new, r = _fold(kernel(REDUCTION, "float", OP=op), 2)
    calls = [i for b in new.blocks for i in b.instructions if isinstance(i, Call) and "max" in i.callee]
    assert calls
    for c in calls:
        c.flags = c.flags | {"ninf"}
    assert prove_loop(r).status != "proved"


def test_initial_value_dropped_after_the_reduction_is_refuted() -> None:
    """The initial value joins after the reduction: without it (the identity instead) the
    entry's state is wrong."""
    def damage(fl: FoldedLoop) -> None:
        for block in (fl.middle, fl.tail_middle):
            (op,) = [i for i in block.instructions if isinstance(i, BinOp) and i.name == "rdx"]
            op.operands[1] = ConstInt(op.type, 0)
    assert "entry: incorrect" in _refuted(kernel(REDUCTION, "i8", OP="add i8 %x, %s"), 2, damage)


def test_masked_fadd_positive_zero_is_refuted() -> None:
    """+0.0 in an inactive lane turns a sum of -0.0 into +0.0 (no nsz)."""
    def damage(fl: FoldedLoop) -> None:
        (sel,) = [i for i in fl.last.instructions if isinstance(i, Select) and i.name == "rdx.masked"]
        t = sel.type
        sel.operands[2] = ConstVector(t, tuple(ConstFloat(t.elem, 0) for _ in range(t.count)))
    assert "last1: incorrect" in _refuted(kernel(REDUCTION, "float", OP="fadd reassoc float %s, %x"), 2, damage)


@pytest.mark.parametrize("in_place", [False, True])
def test_masked_memory_live_out_and_the_shifted_tail(in_place: bool) -> None:
    """Below VF iterations, one masked vector. After a full vector the last VF
    iterations run as one unmasked vector ending at the last iteration: no masked move;
    the lanes it re-covers store again what the last full vector stored, recomputed from
    the same loads: vector.tail runs that full vector too, both vectors' loads before
    their stores (in place, y[i] = c * y[i], the tail reads what the full vector reads).
    Proved for every trip count (the tail checks hold the last full vector and the tail
    together) and run at 0..3*VF+1."""
    fn, new, r = _fold(IN_PLACE_LIVE if in_place else MAP_LIVE_OUT.replace("{OP}", "mul i16 %c, %x"), 4)
    _proved(r)
    _runs(fn, new, r)
    fl = r.vector
    t = "i32" if in_place else "i16"
    callees = sorted(i.callee for i in fl.last.instructions if isinstance(i, Call) and ".masked." in i.callee)
    assert callees == [f"llvm.masked.load.v4{t}.p0", f"llvm.masked.store.v4{t}.p0"]
    mask = fl.mask
    assert isinstance(mask, ICmp) and mask.pred == "ule" and str(mask.operands[0].type) == f"<4 x {t}>"
    assert fl.tail is not None and fl.check is not None  # paired: no reduction
    assert not any(".masked." in getattr(i, "callee", "") for i in fl.tail.instructions)
    assert [type(i).__name__ for i in fl.tail.instructions if isinstance(i, Load | Store)] == \
        ["Load", "Load", "Store", "Store"]
    start = fl.tail_start
    assert isinstance(start, BinOp) and start.operands[0] is fl.btc and start.operands[1].signed() == -3


# y[i] = c * y[i] (in place), and y[i] = x[i] with s += x[i] (a store and a reduction).
IN_PLACE = """
define void @f(ptr noalias %y, i32 %c, i64 %n) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds nuw i32, ptr %y, i64 %i
  %v = load i32, ptr %p, align 4
  %w = mul i32 %v, %c
  store i32 %w, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
"""
# ... returning the last value stored (a lane of the last vector: not in pieces).
IN_PLACE_LIVE = IN_PLACE.replace("define void", "define i32").replace(
    "exit:\n  ret void", "exit:\n  %r = phi i32 [ 0, %entry ], [ %w, %loop ]\n  ret i32 %r")
# y[i] = c * x[i] (a map of one object into another).
MAP = IN_PLACE.replace("ptr noalias %y,", "ptr noalias %y, ptr noalias %x,").replace(
    "%v = load i32, ptr %p, align 4", """%px = getelementptr inbounds nuw i32, ptr %x, i64 %i
  %v = load i32, ptr %px, align 4""")
STORE_AND_SUM = """
define i32 @f(ptr noalias %y, ptr noalias %x, i64 %n) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds nuw i32, ptr %x, i64 %i
  %v = load i32, ptr %px, align 4
  %py = getelementptr inbounds nuw i32, ptr %y, i64 %i
  store i32 %v, ptr %py, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
"""


# y[i] = c * y[i + 1]: a load ahead of the store (legal: the vector reads before it writes).
AHEAD = IN_PLACE.replace("%v = load i32, ptr %p, align 4", """%i1 = add nuw nsw i64 %i, 1
  %p1 = getelementptr inbounds nuw i32, ptr %y, i64 %i1
  %v = load i32, ptr %p1, align 4""")


@pytest.mark.parametrize("text,why", [(AHEAD, "an object stored and accessed otherwise in the loop"),
                                      (STORE_AND_SUM, "a reduction and a store")])
def test_shifted_tail_declined_keeps_the_masked_last_vector(text: str, why: str) -> None:
    """A re-covered lane would read what another iteration stored (the tail's y[i + 1]
    is the full vector's y[i]), or be computed twice (once folded, once stored): the
    masked last vector follows the full vectors instead."""
    from transforms.loop.tailfold import shift_decline

    fn, new, r = _fold(text, 2)
    assert shift_decline(r.vector.plan) == why
    assert r.vector.tail is None and r.vector.body_exit is r.vector.last
    _proved(r)
    _runs(fn, new, r)


def test_shifted_tail_one_iteration_early_is_refuted_and_runs_wrong() -> None:
    """The mutant loop-fold:tail-start-off-by-one (the tail starts at btc - VF): the
    mask check's start is wrong, and natively the last element is never written."""
    from transforms.loop.mutants import tail_start_off_by_one

    text = MAP_LIVE_OUT.replace("{OP}", "mul i16 %c, %x")
    assert "mask: incorrect" in _refuted(text, 2, lambda fl: tail_start_off_by_one(fl.plan.loop.fn))
    fn, new, r = _fold(text, 2)
    assert tail_start_off_by_one(new)
    assert compare_at_trip_counts(fn, new, r.vector).mismatches


def test_division_gets_a_safe_divisor() -> None:
    """Proof only: the native harness's random inputs divide by zero in the source."""
    _, _, r = _fold(MAP_LIVE_OUT.replace("{OP}", "udiv i16 %c, %x"), 2)
    _proved(r)
    (safe,) = [i for i in r.vector.last.instructions if isinstance(i, Select) and i.name == "safe.divisor"]
    assert safe.operands[0] is r.vector.mask
    # The shifted tail's re-covered lanes store again what they stored: the same quotient
    # (their divisor was not 0 then).
    assert not any(isinstance(i, Select) for i in r.vector.tail.instructions)


def test_trip_count_beyond_the_induction_type() -> None:
    _, _, r = _fold(WRAPPING, 4)
    _proved(r)
    # The full vectors stop at n.vec = btc - btc % VF <= btc: index.next never wraps.
    index_next = r.vector.index_next
    assert isinstance(index_next, BinOp) and "nuw" in index_next.flags


@pytest.mark.parametrize("which,vf", [("carried", 2), ("live", 4)])
def test_recurrence_under_a_mask_proved_and_native(which: str, vf: int) -> None:
    """The splice is the epilogue form's (every vector but the last is full); after the
    loop the phi's value is the splice's last active lane (RECURRENCE_LIVE returns it)."""
    from tests.test_loop_vectorizer import RECURRENCE, RECURRENCE_LIVE

    text = kernel(RECURRENCE, "i8", SUB="sub i8 %cur, %prev") if which == "carried" else RECURRENCE_LIVE
    fn, new, r = _fold(text, vf)
    assert r.recurrences == ["%prev"]
    _proved(r)
    _runs(fn, new, r)
    # The paired tail splices too: its first lane's predecessor is the last full
    # vector's lane btc % VF.
    assert r.vector.tail is not None and len(r.vector.tail_phis) == 1
    (first,) = [i for i in r.vector.tail.instructions if i.name == "tail.recur.first"]
    assert first.operands[1] is r.vector.n_mod


def test_tail_splice_from_the_full_vectors_last_lane_is_refuted_and_runs_wrong() -> None:
    """The mutant loop-fold:tail-splice-first-lane: the tail's first lane takes the full
    vector's last lane as its predecessor (right only when btc % VF == VF-1)."""
    from tests.test_loop_vectorizer import RECURRENCE
    from transforms.loop.mutants import tail_splice_first_lane

    text = kernel(RECURRENCE, "i8", SUB="sub i8 %cur, %prev")
    assert "incorrect" in _refuted(text, 4, lambda fl: tail_splice_first_lane(fl.plan.loop.fn))
    fn, new, r = _fold(text, 4)
    assert tail_splice_first_lane(new)
    assert compare_at_trip_counts(fn, new, r.vector).mismatches


def test_recurrence_read_at_the_full_vectors_lane_is_refuted() -> None:
    """The phi's value after the loop read at lane VF-2 (the epilogue form's place, right
    only when the last vector is full)."""
    from tests.test_loop_vectorizer import RECURRENCE_LIVE

    def damage(fl: FoldedLoop) -> None:
        (ext,) = [i for i in fl.middle.instructions if isinstance(i, ExtractElement)]
        ext.operands[1] = ConstInt(ext.operands[1].type, fl.vf - 2)
    assert "incorrect" in _refuted(RECURRENCE_LIVE, 4, damage)


def test_auto_folds_where_masked_moves_exist() -> None:
    fn = parse_module(kernel(REDUCTION, "i32", OP="add i32 %x, %s"), "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2", tail="auto"))
    assert isinstance(r.vector, FoldedLoop)
    # SSE4 has no masked moves: the last vector (n <= VF) as reduced pairs, unmasked.
    _, (r,) = vectorize_loops(fn, LoopOptions(target="sse4", tail="auto"))
    assert isinstance(r.vector, FoldedLoop) and r.vector.pair_rdx and r.vector.mask is None, r.line()
    # A map with the shifted tail: 16 iterations run no masked store.
    out_of_place = IN_PLACE.replace("ptr noalias %y,", "ptr noalias %y, ptr noalias %z,").replace(
        "  store i32 %w, ptr %p, align 4", "  %q = getelementptr inbounds nuw i32, ptr %z, i64 %i\n  store i32 %w, ptr %q, align 4")
    fn = parse_module(out_of_place, "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2", tail="auto"))
    assert isinstance(r.vector, FoldedLoop) and r.vector.tail is not None
    # In place, the shifted tail's overlapping stores would stall the next reading of
    # the object: the last vector in pieces instead (no masked move either).
    fn = parse_module(IN_PLACE, "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2", tail="auto"))
    assert isinstance(r.vector, FoldedLoop) and r.vector.tail is None and r.vector.pieces, r.line()
    # With a lane live after the loop, the last vector is masked: the stall is priced
    # (STORE_FORWARD_STALL), and the epilogue form wins.
    fn = parse_module(IN_PLACE_LIVE, "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2", tail="auto"))
    assert r.vectorized and not isinstance(r.vector, FoldedLoop), r.line()


def test_fold_takes_fewer_lanes_where_masked_moves_go_lane_by_lane() -> None:
    """i16 on AVX2 has no masked moves: the masked last vector moves lane by lane, and it
    runs for every trip count up to VF, so --tail fold takes 8 lanes, not one register's
    16 (trip counts above 8 run unmasked; bench loop: smooth_i16, min_i16 and minmax_u8
    at n=13); i32, whose masked moves exist, keeps one register's 8."""
    fn = parse_module(IN_PLACE_LIVE.replace("i32", "i16").replace("align 4", "align 2"), "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2", tail="fold"))
    assert isinstance(r.vector, FoldedLoop) and r.vf == 8 and "VF 8 (tail folded)" in r.line(), r.line()
    fn = parse_module(IN_PLACE_LIVE, "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2", tail="fold"))
    assert isinstance(r.vector, FoldedLoop) and r.vf == 8, r.line()
    fn = parse_module(IN_PLACE_LIVE.replace("i32", "i8").replace("align 4", "align 1"), "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2", tail="fold"))
    assert isinstance(r.vector, FoldedLoop) and r.vf == 8, r.line()
    # A map's last vector in pieces moves no lane alone. Updated in place, it takes one
    # 128-bit register of its widest element (its chain through memory sets the pace:
    # tailfold.IN_PLACE_BITS): i32 4 lanes (at most: i8, the pieces' cost's 8);
    # doubles (2 lanes there) and a map into another object, the pieces' cost's choice.
    def folded_lanes(text: str) -> int:
        _, (r,) = vectorize_loops(parse_module(text, "<test>").functions["f"], LoopOptions(target="avx2", tail="fold"))
        assert isinstance(r.vector, FoldedLoop) and r.vector.pieces, r.line()
        return r.vf
    assert folded_lanes(IN_PLACE.replace("i32", "i8").replace("align 4", "align 1")) == 8
    assert folded_lanes(IN_PLACE) == 4
    assert folded_lanes(IN_PLACE.replace("mul i32", "fmul double").replace("i32", "double")
                        .replace("align 4", "align 8").replace("double, ptr %y", "double, ptr %y")) == 4
    assert folded_lanes(MAP) == 8


@pytest.mark.parametrize("vf", [4, 2])
def test_last_vector_in_pieces_proved_and_native(vf: int) -> None:
    """An in-place map's last vector (k = btc % VF + 1 iterations) runs as unmasked
    vectors of VF, VF/2, .., 1 lanes, one for each bit of k, at n.vec + (k & -2*width):
    no masked move, each lane stored once, and no shifted tail (its overlapping stores
    stall the next reading of them on x86). Proved for every trip count (the mask check
    proves each piece's test and start) and run at 0..3*VF+1."""
    fn, new, r = _fold(IN_PLACE, vf)
    fl = r.vector
    assert [pc.width for pc in fl.pieces] == [vf >> b for b in range(vf.bit_length())] and not fl.pairs
    assert f"last vector in pieces of {', '.join(str(pc.width) for pc in fl.pieces)}" in r.line()
    assert fl.mask is None and not any(".masked." in getattr(i, "callee", "") for b in new.blocks
                                       for i in b.instructions)
    assert fl.tail is None
    for pc in fl.pieces:
        (st,) = [i for i in pc.block.instructions if isinstance(i, Store)]
        assert st.operands[0].type.count == pc.width
    _proved(r)
    _runs(fn, new, r)


@pytest.mark.parametrize("vf", [4, 2])
def test_last_vector_as_an_overlapping_pair_proved_and_native(vf: int) -> None:
    """A map of one object into another keeps the shifted tail after the full vectors,
    and where none runs (n <= VF) its last vector is two vectors of the widest w <= k,
    at n.vec and n.vec + k - w (one where k == w: w = VF or 1), after the tests k >= VF,
    k >= VF/2, ..: no piece per bit. Proved for every trip count (the mask check proves
    each test and, where it is the first that holds, the second start) and run at
    0..3*VF+1."""
    fn, new, r = _fold(MAP, vf)
    fl = r.vector
    assert fl.pairs and fl.tail is not None and [pc.width for pc in fl.pieces] == [vf >> b for b in range(vf.bit_length())]
    assert f"last vector in overlapping pairs of {', '.join(str(pc.width) for pc in fl.pieces)}" in r.line()
    for pc in fl.pieces:
        stores = [i for i in pc.block.instructions if isinstance(i, Store)]
        assert [st.operands[0].type.count for st in stores] == [pc.width] * (1 if pc.width in (1, vf) else 2)
    assert fl.tail_test is None  # no interleave group: the last iteration is not run alone
    _proved(r)
    _runs(fn, new, r)


# out[i] = a[2i] - a[2i+1]: a load group of two i32 members into another object.
GROUP_MAP = MAP.replace("""%px = getelementptr inbounds nuw i32, ptr %x, i64 %i
  %v = load i32, ptr %px, align 4""", """%s = getelementptr inbounds nuw [2 x i32], ptr %x, i64 %i
  %v0 = load i32, ptr %s, align 4
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 4
  %v1 = load i32, ptr %s1, align 4
  %v = sub i32 %v0, %v1""")


@pytest.mark.parametrize("vf", [4, 2, 8])
def test_last_iteration_alone_after_the_full_vectors(vf: int) -> None:
    """A map with interleave groups whose last vector runs as pairs: where one iteration
    is left after the full vectors (btc % VF == 0), vector.body and vector.check leave to
    tail.test, which takes vector.tail.1 (the last full vector and one lane at n.vec)
    instead of the shifted vector (up to 4 lanes: TAIL_ALONE_MAX_VF). Proved for every
    trip count (tail1 runs vector.tail.1) and run at 0..3*VF+1."""
    fn, new, r = _fold(GROUP_MAP, vf)
    fl = r.vector
    assert fl.pairs and fl.tail is not None and fl.plan.groups
    if vf > 4:
        assert fl.tail_test is None and fl.body_exit is fl.tail
        return
    assert fl.tail_test is not None and fl.tail_one_block is not None and fl.body_exit is fl.tail_test
    assert fl.check is not None and fl.tail_test.name in fl.check.successors()
    stores = [i for i in fl.tail_one_block.instructions if isinstance(i, Store)]
    assert [st.operands[0].type.count for st in stores] == [vf, 1]
    assert isinstance(fl.tail_one, ICmp) and fl.tail_one.operands[0] is fl.n_mod and fl.tail_one.pred == "eq"
    _proved(r)
    _runs(fn, new, r)


def test_last_iteration_alone_taken_for_two_is_refuted_and_runs_wrong() -> None:
    """The mutant loop-fold:tail-alone-for-two (the paired tail's last iteration alone
    where two are left): the mask check refutes its test, and natively the iteration
    before the last is never stored."""
    from transforms.loop.mutants import tail_alone_for_two
    assert "mask: incorrect" in _refuted(GROUP_MAP, 4, lambda fl: tail_alone_for_two(fl.plan.loop.fn))
    fn, new, r = _fold(GROUP_MAP, 4)
    assert tail_alone_for_two(new)
    assert compare_at_trip_counts(fn, new, r.vector).mismatches


@pytest.mark.parametrize("text,vf", [(GROUP_MAP, 4), (GROUP_MAP, 2), (MAP, 4)])
def test_pairs_after_the_full_vectors_proved_and_native(text: str, vf: int) -> None:
    """The tail shape ``pairs``: no shifted tail; vector.body leaves to vector.last,
    whose tests k >= VF, k >= VF/2, .. run the k iterations left after the full vectors
    (or all of them, n <= VF) as two overlapping vectors of the widest w <= k. Proved
    for every trip count (the mask check proves each test and second start from n.vec,
    wherever the full vectors end) and run at 0..3*VF+1."""
    fn, new, r = _fold(text, vf, tailfold.PAIRS)
    fl = r.vector
    assert fl.pairs and fl.tail is None and fl.check is None and fl.tail_test is None
    assert fl.body_exit is fl.last and fl.last.name in fl.body.successors()
    assert "pairs of" in r.line() and "after the full vectors" in r.line()
    _proved(r)
    _runs(fn, new, r)


def test_pairs_not_taken_in_place() -> None:
    """An in-place map runs its last vector in pieces (each lane stored once): the
    shape ``pairs`` is declined there, as the shifted tail is."""
    fn = parse_module(IN_PLACE, "<test>").functions["f"]
    new, reports = vectorize_loops(fn, LoopOptions(vf=4, tail="fold", tail_shape=tailfold.PAIRS))
    assert new is None and "the last vector as pairs" in reports[0].reason


def test_pair_start_early_is_refuted_and_runs_wrong() -> None:
    """The mutant loop-fold:pair-start-early (each pair's second vector at n.vec + k -
    w - 1): the mask check refutes the second start, and natively the last iteration is
    never stored where k > w (after the full vectors too)."""
    from transforms.loop.mutants import pair_start_early
    assert "mask: incorrect" in _refuted(GROUP_MAP, 4, lambda fl: pair_start_early(fl.plan.loop.fn))
    fn, new, r = _fold(GROUP_MAP, 4, tailfold.PAIRS)
    assert pair_start_early(new)
    assert compare_at_trip_counts(fn, new, r.vector).mismatches


# y[i] = y[i] - (the y[i-1] loaded before), in place: a first-order recurrence of loads.
IN_PLACE_RECURRENCE = IN_PLACE.replace("  %p = getelementptr", "  %prev = phi i32 [ 7, %entry ], [ %v, %loop ]\n"
                                       "  %p = getelementptr").replace("%w = mul i32 %v, %c", "%w = sub i32 %v, %prev")


def test_recurrence_carried_through_the_pieces() -> None:
    """A first-order recurrence in pieces: the first piece's lane 0 takes lane VF-1 of
    vector.recur.last (the last full vector's, or the initial value), each later
    piece's the last lane of the piece before where it ran (a phi per test). Proved and
    run; taking the predecessor from lane VF-2 is refuted and runs wrong."""
    fn, new, r = _fold(IN_PLACE_RECURRENCE, 4)
    fl = r.vector
    assert r.recurrences == ["%prev"] and fl.tail is None and [pc.width for pc in fl.pieces] == [4, 2, 1]
    assert [len([i for i in pc.test.instructions if i.name == "last.recur.pred"]) for pc in fl.pieces] == [1, 1, 1]
    _proved(r)
    _runs(fn, new, r)

    def damage(fl: FoldedLoop) -> None:
        (pred,) = [i for i in fl.last.instructions if isinstance(i, ExtractElement)]
        pred.operands[1] = ConstInt(pred.operands[1].type, 2)
    assert "incorrect" in _refuted(IN_PLACE_RECURRENCE, 4, damage)
    fn, new, r = _fold(IN_PLACE_RECURRENCE, 4)
    damage(r.vector)
    assert compare_at_trip_counts(fn, new, r.vector).mismatches


def _piece_start_late(fl: FoldedLoop) -> None:
    """The 1-lane piece one iteration late (the last iteration never stored)."""
    piece = fl.pieces[-1]
    late = BinOp(piece.at.type, "late", [piece.at, ConstInt(piece.at.type, 1)], op="add")
    fl.vector_ph.instructions.insert(fl.vector_ph.instructions.index(piece.at) + 1, late)
    for inst in piece.block.instructions:
        inst.operands = [late if o is piece.at else o for o in inst.operands]
    piece.at = late


def _pieces_tests_swapped(fl: FoldedLoop) -> None:
    """The 2-lane and 1-lane pieces run on each other's bit."""
    a, b = fl.pieces[-2], fl.pieces[-1]
    a.test.instructions[-1].operands, b.test.instructions[-1].operands = [b.cond], [a.cond]
    a.cond, b.cond = b.cond, a.cond


def _pair_start_late(fl: FoldedLoop) -> None:
    """The 2-lane pair's second vector one iteration late (past the last iteration)."""
    (pair,) = [pc for pc in fl.pieces if pc.at is not fl.n_vec]
    late = BinOp(pair.at.type, "late", [pair.at, ConstInt(pair.at.type, 1)], op="add")
    fl.vector_ph.instructions.insert(fl.vector_ph.instructions.index(pair.at) + 1, late)
    for inst in pair.block.instructions:
        inst.operands = [late if o is pair.at else o for o in inst.operands]
    pair.at = late


@pytest.mark.parametrize("damage,text,vf", [(_piece_start_late, IN_PLACE, 2), (_pieces_tests_swapped, IN_PLACE, 2),
                                            (_pair_start_late, MAP, 4), (_pieces_tests_swapped, MAP, 4)])
def test_broken_pieces_are_refuted_and_run_wrong(damage, text: str, vf: int) -> None:  # noqa: ANN001
    """A piece or a pair at the wrong start, or run on another test: the mask check
    refutes it, and natively the loop writes other elements than the scalar loop."""
    assert "mask: incorrect" in _refuted(text, vf, damage)
    fn, new, r = _fold(text, vf)
    damage(r.vector)
    assert compare_at_trip_counts(fn, new, r.vector).mismatches


# --------------------------------------------------------------------------- refutations


def _refuted(text: str, vf: int, damage) -> str:  # noqa: ANN001
    _, _, r = _fold(text, vf)
    damage(r.vector)
    proof = prove_loop(r)
    assert proof.status == "refuted", proof.line()
    return proof.line()


def test_mask_le_instead_of_lt_is_refuted() -> None:
    """Lane l active iff index + l <= tc (one lane too many)."""
    def damage(fl: FoldedLoop) -> None:
        ph = fl.vector_ph.instructions
        (ins,) = [i for i in ph if i.name == "rem.splatinsert"]
        rem = ins.operands[1]
        plus = BinOp(rem.type, "rem.plus.1", [rem, ConstInt(rem.type, 1)], op="add")
        ph.insert(ph.index(ins), plus)
        ins.operands[1] = plus  # l <= btc % VF + 1: n.vec + l <= tc
    assert "mask: incorrect" in _refuted(kernel(REDUCTION, "i8", OP="add i8 %x, %s"), 2, damage)


def test_wrong_identity_is_refuted() -> None:
    def damage(fl: FoldedLoop) -> None:
        (sel,) = [i for i in fl.last.instructions if isinstance(i, Select) and i.name == "rdx.masked"]
        t = sel.type
        sel.operands[2] = ConstVector(t, tuple(ConstInt(t.elem, 1) for _ in range(t.count)))  # mul's, not add's
    assert "last1: incorrect" in _refuted(kernel(REDUCTION, "i8", OP="add i8 %x, %s"), 2, damage)


# --------------------------------------------------------------------------- the command


def test_vectorize_command_tail_fold(tmp_path, capsys) -> None:  # noqa: ANN001
    from vecverify.app.cli import main

    src, out = tmp_path / "k.ll", tmp_path / "o.ll"
    src.write_text(kernel(REDUCTION, "i8", OP="add i8 %x, %s"))
    code = main(["vectorize", str(src), "-o", str(out), "--tail", "fold", "--vector-length", "2", "--verify",
                 "--timeout-ms", "5000"])
    printed = capsys.readouterr().out
    assert "@f: loop %loop vectorized VF 2 (tail folded, reduction add %s) (VF forced)" in printed
    assert "proved for every trip count (witness: entry, full, step, mask, last1, last2, tail1, tail2; reordered: add %s (integers modulo 2^n))" in printed
    assert "0 mismatches" in printed and code in (0, 3), printed
    assert "@llvm.masked.load.v2i8.p0" in out.read_text()


def test_vectorize_command_bad_tail(tmp_path, capsys) -> None:  # noqa: ANN001
    from vecverify.app.cli import main

    src = tmp_path / "k.ll"
    src.write_text(kernel(REDUCTION, "i8", OP="add i8 %x, %s"))
    with pytest.raises(SystemExit) as e:
        main(["vectorize", str(src), "--tail", "sideways"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "Traceback" not in err and "--tail" in err


# --------------------------------------------------------------------------- generated kernels


@settings(max_examples=6, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(loop_kernels(types=("i8", "i16", "i32"), max_stores=2, max_reductions=1, masked=True), trip_counts(short=2))
def test_masked_kernels_proved_and_run_as_the_model_says(k: LoopKernel, trips: int) -> None:
    """Property: every loop kernel tail folding takes (VF 2) is proved for every trip
    count (a timeout fails it: the time limit is a loaded machine's), and its folded form runs like the scalar loop at trip counts
    0..7 and larger, and like the reference model at the drawn short trip count."""
    fn = parse_module(k.text, "<loop kernel>").functions["src"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=2, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    proof = prove_loop(r, timeout_ms=60_000)
    assert proof.status == "proved", (proof.line(), k.describe())
    _runs(fn, new, r)
    module = parse_module(k.text, "<loop kernel>")
    module.functions["src"] = new
    inputs = random_inputs(k, trips, np.random.default_rng(trips))
    got = run_native(k, print_module(module), inputs, trips, "src")
    want = evaluate(k, inputs, trips)
    assert all(np.array_equal(got[a].view(np.uint8), want[a].view(np.uint8)) for a in want), k.describe()


# --------------------------------------------------------------------------- gathers

# s += x[idx[i] & 7]: an indirect load (a gather), its index a 32-bit value extended.
GATHER = """
define i32 @f(ptr noalias %x, ptr noalias %idx, i32 %n) {
entry:
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %ph, label %exit
ph:
  %wide = zext nneg i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %ph ], [ %s.next, %loop ]
  %pi = getelementptr inbounds nuw i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi, align 4
  %k7 = and i32 %k, 7
  %k64 = zext nneg i32 %k7 to i64
  %px = getelementptr inbounds i32, ptr %x, i64 %k64
  %v = load i32, ptr %px, align 4
  {STORE}
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %wide
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
"""


@pytest.mark.parametrize("tail,index32", [("fold", True), ("epilogue", False)])
def test_gather_proved_and_native(tail: str, index32: bool) -> None:
    fn = parse_module(GATHER.replace("{STORE}", ""), "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail=tail, index32=index32))
    assert new is not None, r.line()
    proof = prove_loop(r)
    assert proof.status == "proved", proof.line()
    _runs(fn, new, r)
    block = r.vector.last if tail == "fold" else r.vector.body
    (g,) = [i for i in block.instructions if isinstance(i, Call) and i.callee.startswith("llvm.masked.gather")]
    assert str(g.operands[0].operands[1].type) == ("<4 x i32>" if index32 else "<4 x i64>")
    if tail == "fold":
        assert g.operands[1] is r.vector.mask


# y[i] = x[idx[i] & 7]: a gather feeding a store (no reduction: the paired tail).
GATHER_MAP = """
define void @f(ptr noalias %y, ptr noalias %x, ptr noalias %idx, i64 %n) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds nuw i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi, align 4
  %k7 = and i32 %k, 7
  %k64 = zext nneg i32 %k7 to i64
  %px = getelementptr inbounds i32, ptr %x, i64 %k64
  %v = load i32, ptr %px, align 4
  %py = getelementptr inbounds nuw i32, ptr %y, i64 %i
  store i32 %v, ptr %py, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
"""


def test_gather_in_the_shifted_tail_reads_every_lane() -> None:
    """A re-covered lane stores its value again, so its gather must read (the full vector
    gathered from the same addresses); under the tail mask it gathered poison and
    stored it (corpus/loop/witness/gather-map-vf4-tail1-masked-gather.srctgt.ll)."""
    fn, new, r = _fold(GATHER_MAP, 4)
    _proved(r)
    _runs(fn, new, r)
    gathers = [i for i in r.vector.tail.instructions if isinstance(i, Call) and "masked.gather" in i.callee]
    assert len(gathers) == 2 and all(isinstance(g.operands[1], ConstVector) for g in gathers)


@pytest.mark.parametrize("store,reason", [
    ("store i32 1, ptr %px, align 4", "a read-modify-write through an index (a histogram"),
    ("%qx = getelementptr inbounds nuw i32, ptr %x, i64 %i\n  store i32 1, ptr %qx, align 4",
     "may overlap at an unknown distance"),
])
def test_histograms_and_gathers_of_stored_objects_declined(store: str, reason: str) -> None:
    fn = parse_module(GATHER.replace("{STORE}", store), "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is None and reason in r.reason, r.line()


# --------------------------------------------------------------------------- scatters

# y[idx[i] & 3] = v[i]: an indirect store to 4 slots (lanes of one vector often share one).
SCATTER = """
define void @f(ptr noalias %y, ptr noalias %idx, ptr noalias %v, i32 %n) {
entry:
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %ph, label %exit
ph:
  %wide = zext nneg i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %pi = getelementptr inbounds nuw i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi, align 4
  %k3 = and i32 %k, 3
  %k64 = zext nneg i32 %k3 to i64
  %pv = getelementptr inbounds nuw i32, ptr %v, i64 %i
  %x = load i32, ptr %pv, align 4
  %py = getelementptr inbounds i32, ptr %y, i64 %k64
  {BODY}
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %wide
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
"""


@pytest.mark.parametrize("tail,index32", [("fold", True), ("epilogue", False)])
def test_scatter_proved_and_native(tail: str, index32: bool) -> None:
    """Lanes that share an index are written in lane order: the later iteration's value
    stays, as in the scalar loop (the native runs draw 4 slots, so they collide)."""
    fn = parse_module(SCATTER.replace("{BODY}", "store i32 %x, ptr %py, align 4"), "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail=tail, index32=index32))
    assert new is not None, r.line()
    proof = prove_loop(r)
    assert proof.status == "proved", proof.line()
    _runs(fn, new, r)
    block = r.vector.last if tail == "fold" else r.vector.body
    (sc,) = [i for i in block.instructions if isinstance(i, Call) and i.callee.startswith("llvm.masked.scatter")]
    assert str(sc.operands[1].operands[1].type) == ("<4 x i32>" if index32 else "<4 x i64>")
    if tail == "fold":
        assert sc.operands[2] is r.vector.mask


def test_scatter_in_reverse_lane_order_is_refuted() -> None:
    from transforms.loop.mutants import scatter_lane_order

    fn = parse_module(SCATTER.replace("{BODY}", "store i32 %x, ptr %py, align 4"), "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=2, tail="fold"))
    assert new is not None and scatter_lane_order(new)
    proof = prove_loop(r)
    assert proof.status == "refuted" and "step: incorrect" in proof.line(), proof.line()


@pytest.mark.parametrize("body,reason", [
    ("%old = load i32, ptr %py, align 4\n  %s = add i32 %old, %x\n  store i32 %s, ptr %py, align 4",
     "a read-modify-write through an index (a histogram"),
    ("store i32 %x, ptr %py, align 4\n  store i32 %k, ptr %py, align 4", "two indirect stores to one object"),
    ("store i32 %x, ptr %py, align 4\n  %q = getelementptr inbounds nuw i32, ptr %y, i64 %i\n"
     "  %o = load i32, ptr %q, align 4\n  store i32 %o, ptr %pv, align 4",
     "an indirect store's object is accessed otherwise in the loop"),
])
def test_scatters_that_would_reorder_accesses_declined(body: str, reason: str) -> None:
    fn = parse_module(SCATTER.replace("{BODY}", body), "<test>").functions["f"]
    for tail in ("fold", "epilogue"):
        new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail=tail))
        assert new is None and reason in r.reason, r.line()


def test_interleaving_under_a_mask_declined() -> None:
    fn = parse_module(kernel(REDUCTION, "i32", OP="add i32 %x, %s"), "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, uf=2, tail="fold"))
    assert new is None and r.reason == "tail folding: interleaving (UF > 1) is not done under a mask"


def test_vacuous_step_is_flagged() -> None:
    """Over-aligned i8 accesses (align 4) make two consecutive iterations UB: the step
    holds vacuously, and the report says so (the step, not the obligation before it)."""
    from tests.test_loop_vectorizer import RECURRENCE

    _, _, r = _fold(RECURRENCE.format(T="i8", A=4, SUB="sub i8 %cur, %prev"), 2)
    proof = prove_loop(r)
    assert proof.status == "proved" and proof.vacuous and "vacuously" in proof.line(), proof.line()
