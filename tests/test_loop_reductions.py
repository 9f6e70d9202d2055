"""Interleaved loops (UF parts per vector iteration) and the reductions whose fold the
witness proves by algebra (transforms/loop/folds.py): integer reductions at UF > 1,
floating-point add and multiply under reassoc, minnum/maxnum under nnan nsz. Each is
proved for every trip count and run natively; broken leaves, starts and flags are
refuted or not proved, never proved."""

from __future__ import annotations

import numpy as np
import pytest

# s = init; for (i = 0; i < n; i++) s = s OP a[i]   (the loop vectorizer tests' template)
from test_loop_vectorizer import ALIGN, REDUCTION

from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.folds import Fold, check_shape
from transforms.loop.native import compare_at_trip_counts
from transforms.loop.witness import prove_loop
from vecverify.execute.memory_runs import tame_floats
from vecverify.ir.types import FLOAT, FloatType, IntType
from vecverify.ir.values import BinOp, Call, ConstFloat, ConstInt, ConstVector, Phi
from vecverify.llvm import parse_module

FADD = "fadd reassoc {T} %s, %x"
FMUL = "fmul reassoc nsz {T} %x, %s"
FMAX = "call nnan nsz {T} @llvm.maxnum.{S}({T} %s, {T} %x)"
SUFFIX = {"float": "f32", "double": "f64"}


def kernel(t: str, op: str) -> str:
    s = SUFFIX.get(t, "")
    decl = f"declare {t} @llvm.maxnum.{s}({t}, {t})\n" if "maxnum" in op else ""
    return REDUCTION.format(T=t, A=ALIGN[t], OP=op.format(T=t, S=s)) + decl


def _vectorize(text: str, vf: int, uf: int):  # noqa: ANN202
    fn = parse_module(text, "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=vf, uf=uf))
    assert new is not None, r.line()
    assert (r.vf, r.uf) == (vf, uf)
    return fn, new, r


@pytest.mark.parametrize("t,op,vf,uf", [
    ("i32", "add nsw i32 %s, %x", 2, 2),
    ("i16", "mul i16 %x, %s", 2, 4),
    ("i8", "call i8 @llvm.umax.i8(i8 %s, i8 %x)", 4, 2),
    ("float", FADD, 4, 2),
    ("double", FMUL, 2, 2),
    ("float", FMAX, 4, 1),
])
def test_folded_reduction_proved_and_native(t: str, op: str, vf: int, uf: int) -> None:
    text = kernel(t, op) + ("declare i8 @llvm.umax.i8(i8, i8)\n" if "umax" in op else "")
    fn, new, r = _vectorize(text, vf, uf)
    vl = r.vector
    red = vl.plan.phis.reductions[0]
    assert isinstance(check_shape(vl, red), Fold)
    assert len(vl.vector_phis[id(red.phi)]) == uf
    proof = prove_loop(r)
    assert proof.status == "proved", proof.line()
    assert "reordered: " in proof.line() and f"%{red.phi.name}" in proof.line()
    runs = compare_at_trip_counts(fn, new, vl)
    assert runs.runs >= 3 * vf * uf + 2 and not runs.mismatches, runs.mismatches


def test_interleaved_parts_shape() -> None:
    """Part p reads from lane 0 + p*VF; each part has its accumulator; the middle block
    folds the parts lane by lane before reducing."""
    _, _, r = _vectorize(kernel("i32", "add i32 %s, %x"), 4, 2)
    vl = r.vector
    loads = [i for i in vl.body.instructions if i.opcode == "load"]
    assert len(loads) == 2
    assert any(i.name == "part1.idx" for i in vl.body.instructions)
    assert [i.name for i in vl.middle.instructions if isinstance(i, BinOp)][0] == "bin.rdx"
    step = next(i for i in vl.body.instructions if i.name == "index.next")
    assert step.operands[1].value == 8  # type: ignore[attr-defined]


@pytest.mark.parametrize("op,reason", [
    ("fadd {T} %s, %x", "fadd reduction without reassoc"),
    ("fmul nnan {T} %s, %x", "fmul reduction without reassoc"),
    ("call nsz {T} @llvm.maxnum.{S}({T} %s, {T} %x)", "fmax reduction without nnan"),
])
def test_floating_reduction_that_may_not_be_reordered_left_scalar(op: str, reason: str) -> None:
    fn = parse_module(kernel("float", op), "<test>").functions["f"]
    new, (r,) = vectorize_loops(fn)
    assert new is None and reason in r.reason


def test_default_uf_for_reductions() -> None:
    fn = parse_module(kernel("i32", "add i32 %s, %x"), "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2"))
    assert (r.vf, r.uf) == (8, 4) and "VF 8 UF 4" in r.line()
    _, (capped,) = vectorize_loops(fn, LoopOptions(target="avx2", max_uf=2))
    assert capped.uf == 2


# --------------------------------------------------------------------------- broken code


def _prove_damaged(text: str, vf: int, uf: int, damage) -> str:  # noqa: ANN001
    _, _, r = _vectorize(text, vf, uf)
    damage(r.vector)
    proof = prove_loop(r)
    assert proof.status != "proved", proof.line()
    return proof.line()


def test_wrong_leaf_is_refuted() -> None:
    """The step compares the leaves: a vector operand that is not the scalar's is a
    counterexample, though the fold itself has the right shape."""
    def damage(vl) -> None:  # noqa: ANN001
        link = next(i for i in vl.body.instructions if isinstance(i, BinOp) and i.op == "add"
                    and i.type.is_vector and isinstance(i.operands[0], Phi))
        link.operands[1] = ConstVector(link.type, tuple(ConstInt(IntType(32), 1) for _ in range(vl.vf)))
    line = _prove_damaged(kernel("i32", "add i32 %s, %x"), 2, 2, damage)
    assert "step: incorrect" in line


def test_second_part_started_with_initial_value_is_refuted() -> None:
    """An integer shape the algebra does not cover falls back to the solver: the initial
    value counted twice is a counterexample at the entry."""
    def damage(vl) -> None:  # noqa: ANN001
        red = vl.plan.phis.reductions[0]
        part1 = vl.vector_phis[id(red.phi)][1]
        part1.operands[0] = vl.vector_phis[id(red.phi)][0].operands[0]
    line = _prove_damaged(kernel("i32", "add i32 %s, %x"), 2, 2, damage)
    assert "entry: incorrect" in line


@pytest.mark.parametrize("damage_name", ["identity", "flags"])
def test_floating_fold_of_another_shape_is_not_proved(damage_name: str) -> None:
    """For floating point, a shape the algebra does not cover is not proved (the IEEE
    semantics would call any reorder wrong): a +0.0 start (not the identity of fadd),
    or a vector link without reassoc."""
    def damage(vl) -> None:  # noqa: ANN001
        red = vl.plan.phis.reductions[0]
        part1 = vl.vector_phis[id(red.phi)][1]
        if damage_name == "identity":
            t = red.phi.type
            assert isinstance(t, FloatType)
            part1.operands[0] = ConstVector(part1.type, tuple(ConstFloat(t, 0) for _ in range(vl.vf)))
        else:
            link = part1.operands[1]
            assert isinstance(link, BinOp)
            link.flags = frozenset()
    line = _prove_damaged(kernel("float", FADD), 2, 2, damage)
    assert "witness error" in line and "reduction %s" in line


def test_fold_shape_sees_the_middle_block() -> None:
    _, _, r = _vectorize(kernel("i16", "mul i16 %x, %s"), 2, 2)
    vl = r.vector
    rdx = next(i for i in vl.middle.instructions if isinstance(i, Call))
    rdx.operands[0] = vl.vector_phis[id(vl.plan.phis.reductions[0].phi)][0].operands[1]  # one part only
    assert isinstance(check_shape(vl, vl.plan.phis.reductions[0]), str)


def test_tame_floats_are_tame() -> None:
    data = np.frombuffer(np.random.default_rng(1).bytes(4096), dtype=np.uint8).copy()
    values = tame_floats(data, FLOAT, 3).view(np.float32)
    assert len(values) == 1024 and np.all((np.abs(values) >= 0.5) & (np.abs(values) <= 2.0))
