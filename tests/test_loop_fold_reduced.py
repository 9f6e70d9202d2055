"""Reduced pairs (transforms/loop/tailfold.py, ``REDUCED``): a loop with reductions whose
last vector runs where no full vector does (n <= VF) as two unmasked overlapping vectors,
the second's re-covered lanes folding the identity, each pair reduced in its block. Proved
by the fold witness for every trip count for every reduction kind, run natively, chosen
by the cost model where the target has no masked moves; the re-covered lanes left
unmasked (the mutant ``loop-fold:pair-recovered-unmasked``) are refuted and run wrong."""

from __future__ import annotations

import pytest

from tests.test_loop_vectorizer import REDUCTION, kernel
from tests.test_tail_folding import _fold, _proved, _runs
from transforms.loop import LoopOptions, tailfold, vectorize_loops
from transforms.loop.codegen import identity
from transforms.loop.folds import same_constant
from transforms.loop.mutants import pair_recovered_unmasked
from transforms.loop.native import compare_at_trip_counts
from transforms.loop.tailfold import FoldedLoop
from transforms.loop.witness import prove_loop
from transforms.vectorize.costs import TARGETS
from vecverify.ir.values import Call, ConstFloat, ConstVector, Select
from vecverify.llvm import parse_module

# Every kind the folder supports (integers over i8 and i16, whose masked moves AVX2 lacks;
# the reassociable floating-point kinds).
KINDS = [("i16", "add nsw i16 %x, %s"), ("i8", "mul i8 %s, %x"), ("i8", "and i8 %s, %x"), ("i16", "or i16 %x, %s"),
         ("i8", "xor i8 %s, %x"), ("i8", "call i8 @llvm.smin.i8(i8 %s, i8 %x)"),
         ("i16", "call i16 @llvm.smax.i16(i16 %x, i16 %s)"), ("i8", "call i8 @llvm.umin.i8(i8 %s, i8 %x)"),
         ("i8", "call i8 @llvm.umax.i8(i8 %x, i8 %s)"), ("float", "fadd reassoc float %s, %x"),
         ("double", "fmul reassoc nsz double %x, %s"),
         ("float", "call nnan nsz float @llvm.minnum.f32(float %s, float %x)"),
         ("double", "call nnan ninf nsz double @llvm.maxnum.f64(double %x, double %s)")]

# A byte dot product summed in i32 (``s += a[i] * b[i]`` over unsigned char).
DOT_U8 = """
define i32 @f(ptr noalias %a, ptr noalias %b, i32 %n) {
entry:
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %ph, label %exit
ph:
  %wide = zext nneg i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %ph ], [ %s.next, %loop ]
  %pa = getelementptr inbounds nuw i8, ptr %a, i64 %i
  %x = load i8, ptr %pa, align 1
  %pb = getelementptr inbounds nuw i8, ptr %b, i64 %i
  %y = load i8, ptr %pb, align 1
  %xw = zext i8 %x to i32
  %yw = zext i8 %y to i32
  %p = mul nuw nsw i32 %xw, %yw
  %s.next = add nsw i32 %p, %s
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %wide
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
"""


def _recovered(fl: FoldedLoop) -> list[Select]:
    return [i for pc in fl.pieces for i in pc.block.instructions if isinstance(i, Select) and i.name == "rdx.recovered"]


@pytest.mark.parametrize("t,op", KINDS)
def test_reduced_pairs_proved_and_native(t: str, op: str) -> None:
    """VF 4: pairs of 4, 2, 1 (k = 3: two vectors of 2, the second's lane 0 re-covered);
    no masked move anywhere; the re-covered lanes fold the identity (min/max the
    extremes, mul 1, fadd -0.0, minnum/maxnum an infinity); proved for every trip count
    and run at 0..3*VF+1."""
    fn, new, r = _fold(kernel(REDUCTION, t, OP=op), 4, tailfold.REDUCED)
    fl = r.vector
    assert fl.pairs and fl.tail is not None and fl.mask is None and [pc.width for pc in fl.pieces] == [4, 2, 1]
    assert not any(".masked." in getattr(i, "callee", "") for b in new.blocks for i in b.instructions)
    (red,) = fl.plan.phis.reductions
    (sel,) = _recovered(fl)
    assert all(same_constant(e, identity(red.kind, red.phi.type)) for e in sel.operands[2].elems)  # type: ignore[attr-defined]
    if red.kind == "fadd":  # -0.0 (+0.0 would turn a sum of -0.0 into +0.0)
        assert sel.operands[2].elems[0].bits == 0x80000000  # type: ignore[attr-defined]
    assert "reordered" in prove_loop(r).line()
    _proved(r)
    _runs(fn, new, r)


def test_dot_product_of_bytes_at_vf_8() -> None:
    """The byte dot product at VF 8: pairs of 8, 4, 2, 1, each reduced in its block into
    the middle block's phi; proved and run."""
    fn, new, r = _fold(DOT_U8, 8, tailfold.REDUCED)
    fl = r.vector
    assert [pc.width for pc in fl.pieces] == [8, 4, 2, 1] and len(_recovered(fl)) == 2
    (phi,) = fl.pair_rdx.values()
    assert phi in fl.exit_values.values() and len(phi.blocks) == 5
    _proved(r)
    _runs(fn, new, r)


@pytest.mark.parametrize("t,op", [("i16", "add nsw i16 %x, %s"), ("i8", "call i8 @llvm.umin.i8(i8 %s, i8 %x)"),
                                  ("float", "fadd reassoc float %s, %x")])
def test_recovered_lanes_folded_again_are_refuted_and_run_wrong(t: str, op: str) -> None:
    """The mutant loop-fold:pair-recovered-unmasked: the second vector's re-covered lanes
    fold their leaves again. Where k > w the sum counts them twice: refuted at k = 3 (a
    pair of 2 lanes: the witness compares each lane's leaf, so an idempotent min is
    refuted too, though its value is the same), and natively wrong for add."""
    text = kernel(REDUCTION, t, OP=op)
    _, new, r = _fold(text, 4, tailfold.REDUCED)
    assert pair_recovered_unmasked(new)
    proof = prove_loop(r)
    assert proof.status == "refuted" and "last3: incorrect" in proof.line(), proof.line()
    if t == "i16":
        fn = parse_module(text, "<test>").functions["f"]
        assert compare_at_trip_counts(fn, new, r.vector).mismatches


def test_recovered_lanes_with_positive_zero_are_refuted() -> None:
    """+0.0 in the re-covered lanes of an fadd pair: a sum of -0.0 becomes +0.0."""
    _, _, r = _fold(kernel(REDUCTION, "float", OP="fadd reassoc float %s, %x"), 4, tailfold.REDUCED)
    (sel,) = _recovered(r.vector)
    t = sel.type
    sel.operands[2] = ConstVector(t, tuple(ConstFloat(t.elem, 0) for _ in range(t.count)))  # type: ignore[attr-defined]
    proof = prove_loop(r)
    assert proof.status == "refuted" and "last3: incorrect" in proof.line(), proof.line()


def test_exit_value_not_the_pairs_phi_is_not_proved() -> None:
    """The exit must take the middle block's phi of the pairs' values (the fold checks
    each pair's value into it): another value is not proved."""
    fn, new, r = _fold(DOT_U8, 4, tailfold.REDUCED)
    fl = r.vector
    (key,) = fl.pair_rdx
    (ep,) = fl.plan.exit_phis
    at = ep.blocks.index(fl.middle.name)
    ep.operands[at] = fl.pieces[0].block.instructions[-2]  # the first pair's reduced value
    fl.exit_values[id(ep)] = ep.operands[at]
    assert prove_loop(r).status != "proved"


def test_reduced_pairs_declined_with_a_store() -> None:
    """A loop with a reduction and a store keeps the masked last vector (a re-covered
    lane's values would be computed twice: ``shift_decline``)."""
    from tests.test_tail_folding import STORE_AND_SUM
    fn = parse_module(STORE_AND_SUM, "<test>").functions["f"]
    new, reports = vectorize_loops(fn, LoopOptions(vf=4, tail="fold", tail_shape=tailfold.REDUCED))
    assert new is None and "the last vector as reduced" in reports[0].reason


@pytest.mark.parametrize("target", ["avx2", "sse4"])
def test_cost_model_takes_reduced_pairs_without_masked_moves(target: str) -> None:
    """``--tail fold`` on the byte dot product: AVX2 and SSE4 have no masked move of
    bytes, so the last vector runs as reduced pairs (the masked one moves lane by lane);
    an i32 sum on AVX2, with masked loads, keeps the masked last vector."""
    fn = parse_module(DOT_U8, "<test>").functions["f"]
    new, reports = vectorize_loops(fn, LoopOptions(target=target, tail="fold"))
    (r,) = reports
    assert new is not None and isinstance(r.vector, FoldedLoop) and r.vector.pair_rdx, r.line()
    assert not any(isinstance(i, Call) and ".masked." in i.callee for b in new.blocks for i in b.instructions)
    plan = r.vector.plan
    assert tailfold._short_fold_cost(plan, r.vf, TARGETS[target], 5, tailfold.REDUCED) < \
        tailfold._short_fold_cost(plan, r.vf, TARGETS[target], 5, tailfold.MASKED)
    i32 = parse_module(kernel(REDUCTION, "i32", OP="add i32 %x, %s"), "<test>").functions["f"]
    new, reports = vectorize_loops(i32, LoopOptions(target="avx2", tail="fold"))
    assert new is not None and not reports[0].vector.pair_rdx  # type: ignore[union-attr]
