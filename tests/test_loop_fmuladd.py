"""A float reduction whose links are ``llvm.fmuladd`` (transforms/loop/phis.py): clang's
``s += a[i] * b[i]`` under ``#pragma clang fp reassociate(on)`` is ``fmuladd reassoc
(a, b, s)``. Vectorized as LoopVectorize does (vector fmuladd links, the lanes folded by
``llvm.vector.reduce.fadd``) and proved for every trip count: the fold's algebra
(reassoc), each lane's product compared by its factors (folds.product_operands,
witness.py "Contraction"); replayed natively. A vector link multiplying other factors
is refuted; one that is not an fmuladd where the scalar link is, is not proved."""

from __future__ import annotations

import pytest

from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.native import compare_at_trip_counts
from transforms.loop.phis import is_fmuladd
from transforms.loop.witness import prove_loop
from vecverify.ir.values import BinOp
from vecverify.llvm import parse_module

DOT = """
define float @f(ptr %a, ptr %b, float %init, i32 noundef %n) {{
entry:
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %ph, label %exit
ph:
  %wide = zext nneg i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %s = phi float [ %init, %ph ], [ %s.next, %loop ]
  %pa = getelementptr inbounds nuw float, ptr %a, i64 %i
  %x = load float, ptr %pa, align 4
  %pb = getelementptr inbounds nuw float, ptr %b, i64 %i
  %y = load float, ptr %pb, align 4
  %s.next = call {FLAGS} float @llvm.fmuladd.f32({OPERANDS})
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %wide
  br i1 %done, label %exit, label %loop
exit:
  %r = phi float [ %init, %entry ], [ %s.next, %loop ]
  ret float %r
}}
declare float @llvm.fmuladd.f32(float, float, float)
"""


def _function(flags: str = "reassoc", operands: str = "float %x, float %y, float %s"):  # noqa: ANN202
    return parse_module(DOT.format(FLAGS=flags, OPERANDS=operands), "<test>").functions["f"]


def _vectorized(options: LoopOptions):  # noqa: ANN202
    fn = _function()
    new, (r,) = vectorize_loops(fn, options)
    assert new is not None, r.line()
    return fn, new, r


@pytest.mark.parametrize("epilogue_vf", [0, 2])
def test_fmuladd_reduction_proved_for_every_trip_count(epilogue_vf: int) -> None:
    fn, new, r = _vectorized(LoopOptions(vf=4, uf=2, epilogue_vf=epilogue_vf))
    assert "reduction fadd %s" in r.line()
    links = [i for i in r.vector.body.instructions if is_fmuladd(i)]
    assert len(links) == 2 and all("reassoc" in i.flags for i in links)  # one per part
    proof = prove_loop(r, timeout_ms=20_000)
    assert proof.status == "proved", proof.line()
    assert "proved for every trip count" in proof.line() and "fadd %s (reassoc)" in proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * 4 * 2 and not runs.mismatches, runs.mismatches


@pytest.mark.parametrize(("factors", "status"), [
    ((0, 0), "refuted"),  # the vector loop squares a[i] instead of multiplying by b[i]
    ((1, 0), "proved"),  # b[i] * a[i] is a[i] * b[i]: the factors compare as an unordered pair
])
def test_vector_link_factors(factors: tuple[int, int], status: str) -> None:
    _, _, r = _vectorized(LoopOptions(vf=4, uf=1, epilogue_vf=0))
    link = next(i for i in r.vector.body.instructions if is_fmuladd(i))
    link.operands = [link.operands[factors[0]], link.operands[factors[1]], link.operands[2]]
    proof = prove_loop(r, timeout_ms=10_000)
    assert proof.status == status, proof.line()
    if status == "refuted":
        assert "step" in proof.line()


def test_vector_link_unfused_where_the_scalar_is_fmuladd_is_not_proved() -> None:
    """An fadd of a separate vector fmul in place of the fmuladd: another shape than the
    one the algebra covers, and for floating point not proved (never 'correct')."""
    _, new, r = _vectorized(LoopOptions(vf=4, uf=1, epilogue_vf=0))
    body = r.vector.body.instructions
    link = next(i for i in body if is_fmuladd(i))
    x, y, acc = link.operands
    mul = BinOp(link.type, "m", [x, y], op="fmul", flags=frozenset({"reassoc"}))
    add = BinOp(link.type, "s", [mul, acc], op="fadd", flags=frozenset({"reassoc"}))
    k = body.index(link)
    body[k:k + 1] = [mul, add]
    for inst in [i for b in new.blocks for i in b.instructions]:
        inst.operands = [add if op is link else op for op in inst.operands]
    proof = prove_loop(r, timeout_ms=5_000)
    assert proof.status != "proved", proof.line()


def test_accumulator_as_a_factor_is_not_a_reduction() -> None:
    """s = s * x + y is not a sum of terms: the loop stays scalar, saying why."""
    fn = _function(operands="float %s, float %x, float %y")
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, uf=1, epilogue_vf=0))
    assert new is None and "not a reduction" in r.line()


def test_fmuladd_without_reassoc_is_declined() -> None:
    fn = _function(flags="nsz")
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, uf=1, epilogue_vf=0))
    assert new is None and "without reassoc" in r.line()


def test_tail_folding_declines_fmuladd_links() -> None:
    """The tail-folded witness does not model a link fused with its product: declined
    by name rather than emitted unproved."""
    fn = _function()
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is None and "llvm.fmuladd links" in r.line()
