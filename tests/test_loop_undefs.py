"""Which values may be undef (vecverify/loops/undefs.py), and the loop witness's state
that is never undef where none reaches it: the tail-folded loop's obligations then
have no undef choices, and a damage that is wrong only for an undef state is still
refuted where one reaches it."""

from __future__ import annotations

import pytest

from tests.test_tail_folding import _fold
from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.foldwitness import FoldedWitness
from transforms.loop.witness import prove_loop
from vecverify.ir.function import Function
from vecverify.ir.values import BinOp, ConstInt, ConstVector, Phi
from vecverify.llvm import parse_module
from vecverify.loops.undefs import UndefValues

FLOW = """
define i32 @f(ptr noalias noundef %p, ptr noalias noundef %q, i32 noundef %d, i32 %u, i1 noundef %c) {
entry:
  %a = add i32 %d, 1
  %b = add i32 %u, 1
  %fr = freeze i32 %b
  %v = insertelement <2 x i32> undef, i32 %d, i32 0
  %w = insertelement <2 x i32> poison, i32 %d, i32 0
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %m = phi i32 [ %a, %entry ], [ %fr, %then ]
  %n = phi i32 [ %a, %entry ], [ %b, %then ]
  %l = load i32, ptr %p, align 4
  STORE
  %l2 = load i32, ptr %q, align 4
  ret i32 %m
}
"""


def _values(store: str) -> tuple[UndefValues, dict[str, object]]:
    fn = parse_module(FLOW.replace("STORE", store), "<test>").functions["f"]
    return UndefValues(fn), {i.name: i for i in fn.instructions() if i.name}


def test_undef_sources_and_what_they_reach() -> None:
    u, v = _values("store i32 %a, ptr %q, align 4")
    assert not u.may_be_undef(v["a"]) and u.may_be_undef(v["b"])  # a noundef argument, and one that is not
    assert not u.may_be_undef(v["fr"])  # freeze ends it
    assert u.may_be_undef(v["v"]) and not u.may_be_undef(v["w"])  # an undef constant; poison is not undef
    assert not u.may_be_undef(v["m"]) and u.may_be_undef(v["n"])  # a phi: any of its incoming values
    assert not u.may_be_undef(v["l"]) and not u.may_be_undef(v["l2"])  # memory holds no undef


@pytest.mark.parametrize("store", ["store i32 %b, ptr %q, align 4", "store i32 %a, ptr %n, align 4",
                                   "call void @g(ptr %q)", "store {i8, i32} zeroinitializer, ptr %q, align 4"])
def test_a_write_that_may_put_undef_in_memory_makes_every_load_undef(store: str) -> None:
    """A value that may be undef stored, a store to an address that may be, an unknown
    call, an aggregate's padding: every load may read undef (before or after it: a loop
    reads it again)."""
    text = FLOW.replace("STORE", store).replace("store i32 %a, ptr %n", "%pn = getelementptr i32, ptr %q, i32 %n\n"
                                                                      "  store i32 %a, ptr %pn")
    if "@g" in store:
        text = "declare void @g(ptr)\n" + text
    fn = parse_module(text, "<test>").functions["f"]
    u = UndefValues(fn)
    names = {i.name: i for i in fn.instructions() if i.name}
    assert u.memory and u.may_be_undef(names["l"]) and u.may_be_undef(names["l2"])


# y[i] = y[i] - 2 * prev, prev the y[i-1] loaded before (at first %x): the recurrence's
# vector phi starts from %x.
RECURRENCE = """
define void @f(ptr noalias noundef %y, i32 X, i64 noundef %n) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ %x, %entry ], [ %v, %loop ]
  %p = getelementptr inbounds nuw i32, ptr %y, i64 %i
  %v = load i32, ptr %p, align 4
  %t = mul i32 %prev, 2
  %w = sub i32 %v, %t
  store i32 %w, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
"""


def _twice_added(new: Function) -> None:
    """The vector loops' ``mul %prev.lanes, 2`` made ``add %prev.lanes, %prev.lanes``:
    the same for every defined or poison lane, not for an undef one (each use of undef
    may be another value: the sum may be odd)."""
    for block in new.blocks:
        for inst in block.instructions:
            if isinstance(inst, BinOp) and inst.op == "mul" and isinstance(inst.operands[1], ConstVector) and \
                    all(isinstance(e, ConstInt) and e.value == 2 for e in inst.operands[1].elems):
                inst.op, inst.operands = "add", [inst.operands[0], inst.operands[0]]


@pytest.mark.parametrize("noundef", [True, False])
def test_the_state_is_never_undef_only_where_no_undef_reaches_it(noundef: bool) -> None:
    """With a noundef %x the recurrence's state has no undef lanes (a defined value and
    a poison mask): ``2 * prev`` as ``prev + prev`` is proved. Without, the state may
    be undef and the same change is refuted."""
    _, new, r = _fold(RECURRENCE.replace("X", "noundef %x" if noundef else "%x"), 4)
    witness = FoldedWitness(r.vector)
    (vphi,) = [p for p in r.vector.vector_phis.values() if isinstance(p, Phi) and p.type.elem.bits == 32]
    assert witness.undefs.may_be_undef(vphi) is not noundef
    step = next(o for o in witness.obligations() if o.name == "step")
    params = [a.name for a in step.src.args]
    assert ("v.prev.poison" in params) is noundef
    _twice_added(new)
    _verdict(r, noundef)


@pytest.mark.parametrize("noundef", [True, False])
def test_the_epilogue_forms_state_too(noundef: bool) -> None:
    """The same with a scalar epilogue (witness.py's state)."""
    fn = parse_module(RECURRENCE.replace("X", "noundef %x" if noundef else "%x"), "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, uf=1, epilogue_vf=0))
    assert new is not None and r.vectorized, r.line()
    _twice_added(new)
    _verdict(r, noundef)


def _verdict(r, proved: bool) -> None:  # noqa: ANN001
    proof = prove_loop(r)
    if proved:
        assert proof.status == "proved", proof.line()
    else:
        assert proof.status == "refuted" and "step: incorrect" in proof.line(), proof.line()
