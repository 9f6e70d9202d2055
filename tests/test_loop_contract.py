"""A dot product's reduction under contract (transforms/loop/witness.py, "Contraction"):
the vector link ``fadd contract`` of an ``fmul contract`` may be fused, and the witness
accounts for it. Proved where the scalar link and its product may fuse too; a vector
product that gains contract (the scalar one has none) is never proved (the witness then
compares what each link adds to an accumulator; the solver does not find the inputs
that show the different rounding within the suite's time: not refuted, not proved)."""

from __future__ import annotations

from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.witness import prove_loop
from vecverify.ir.values import BinOp
from vecverify.llvm import parse_module

DOT = """
define float @f(ptr %a, ptr %b, float %init, i32 %n) {{
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
  %m = fmul {MUL} float %x, %y
  %s.next = fadd reassoc contract float %m, %s
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %wide
  br i1 %done, label %exit, label %loop
exit:
  %r = phi float [ %init, %entry ], [ %s.next, %loop ]
  ret float %r
}}
"""


def _vectorized(mul_flags: str):  # noqa: ANN202
    fn = parse_module(DOT.format(MUL=mul_flags), "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=2, uf=1, epilogue_vf=0))
    assert new is not None, r.line()
    return r


def test_dot_product_with_contract_proved_for_every_trip_count() -> None:
    """fmul fast / fadd fast as clang -ffast-math writes them: the leaf's reassoc, arcp
    and afn change nothing, contract is the fusion both loops may make."""
    r = _vectorized("fast")
    proof = prove_loop(r)
    assert proof.status == "proved", proof.line()
    assert "proved for every trip count" in proof.line()


def test_vector_product_gaining_contract_is_not_proved() -> None:
    """The scalar fmul has no contract (its link may not fuse it); the vector one does."""
    r = _vectorized("nsz")
    vmul = next(i for i in r.vector.body.instructions if isinstance(i, BinOp) and i.op == "fmul")
    vmul.flags = vmul.flags | {"contract"}
    proof = prove_loop(r, timeout_ms=2000)
    assert proof.status != "proved", proof.line()
    assert "step: " in proof.line()


def test_without_contract_on_the_product_proved() -> None:
    """The same loop where neither product may be fused: the leaves alone decide."""
    proof = prove_loop(_vectorized("nsz"))
    assert proof.status == "proved", proof.line()
