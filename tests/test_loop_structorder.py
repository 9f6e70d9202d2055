"""Struct order (transforms/loop/structorder.py): a vector body whose load groups'
members are combined lane by lane into one stored value per struct computes its lanes
in an order of the structs that x86 de-interleaves within 128-bit lanes, and puts the
stored vector back in order before each store. Each form proved by the witness for
every trip count (folded and with the scalar epilogue), run natively as the scalar loop,
and the store without the restoring shuffle refuted. Doubles at VF 4 (two 256-bit
registers of structs) keep the proofs to seconds."""

from __future__ import annotations

import pytest

from tests.test_loop_groups import member, struct_loop, struct_start, sum_of_members
from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.mutants import struct_order_unrestored
from transforms.loop.native import compare_at_trip_counts
from transforms.loop.structorder import in_lane_order
from transforms.loop.tailfold import FoldedLoop
from transforms.loop.witness import prove_loop
from vecverify.ir.values import ShuffleVector, Store
from vecverify.llvm import parse_module


def _fn(text: str):  # noqa: ANN202
    return parse_module(text, "<test>").functions["f"]


def combined(factor: int, t: str, used: tuple[int, ...], extra: str = "") -> str:
    """out[i] = m_u0 * 3 + m_u1 * 5 + ... (the members ``used`` of a struct of
    ``factor``), fmul/fadd for floats (the source's order), mul/add nsw for integers."""
    fl = t in ("float", "double")
    mul, add = ("fmul", "fadd") if fl else ("mul nsw", "add nsw")
    lines = [struct_start(factor, t)] + [member(k, t) for k in used]
    acc = ""
    for n, k in enumerate(used):
        c = f"{3 + 2 * n}.0" if fl else str(3 + 2 * n)
        lines.append(f"  %w{k} = {mul} {t} %m{k}, {c}")
        if acc:
            lines.append(f"  %acc{k} = {add} {t} {acc}, %w{k}")
            acc = f"%acc{k}"
        else:
            acc = f"%w{k}"
    lines += [extra, f"  %po = getelementptr inbounds nuw {t}, ptr %out, i64 %i",
              f"  store {t} {acc}, ptr %po, align {{A}}"]
    return struct_loop("\n".join(lines), t)


def _shuffles(new, name: str) -> list[ShuffleVector]:  # noqa: ANN001
    return [i for b in new.blocks for i in b.instructions if isinstance(i, ShuffleVector)
            and (i.name or "").startswith(name)]


def test_in_lane_orders() -> None:
    """Stride-4 floats at VF 8 on 256-bit registers: register r's halves hold structs 2r
    and 2r+1, so the output's low half takes the even structs and its high half the odd
    ones; stride 2: two structs per half; two registers of output: each its own block.
    bytes: four structs per half. None where the identity is the order (128-bit
    registers, a struct wider than a half, a factor of 3, an output narrower than a
    register)."""
    assert in_lane_order(4, 32, 8, 256) == (0, 2, 4, 6, 1, 3, 5, 7)
    assert in_lane_order(2, 32, 8, 256) == (0, 1, 4, 5, 2, 3, 6, 7)
    assert in_lane_order(2, 64, 4, 256) == (0, 2, 1, 3)
    assert in_lane_order(4, 32, 16, 256) == (0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15)
    assert in_lane_order(4, 32, 8, 128) is None
    assert in_lane_order(4, 8, 8, 256) is None  # 64 bits of output
    assert in_lane_order(4, 8, 32, 256) == (*range(0, 4), *range(8, 12), *range(16, 20), *range(24, 28),
                                            *range(4, 8), *range(12, 16), *range(20, 24), *range(28, 32))
    assert in_lane_order(4, 64, 4, 256) is None  # a struct across two halves
    assert in_lane_order(3, 32, 8, 256) is None
    assert in_lane_order(4, 32, 4, 256) is None  # a 128-bit output


@pytest.mark.parametrize("tail", ["fold", "epilogue"])
def test_members_combined_in_struct_order(tail: str) -> None:
    """out[i] = a[2i]*3 + a[2i+1]*5 on i64 at VF 4: each member de-interleaved in the
    order (0, 2, 1, 3), the sum put back in order by one shuffle before its store;
    proved for every trip count, run as the scalar loop; stored without the restoring
    shuffle: refuted and seen natively."""
    fn = _fn(combined(2, "i64", (0, 1)))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail=tail))  # type: ignore[arg-type]
    assert new is not None and r.vf == 4, r.line()
    assert isinstance(r.vector, FoldedLoop) == (tail == "fold")
    body = r.vector.body.instructions
    strided = [i for i in body if isinstance(i, ShuffleVector) and (i.name or "").startswith("strided.vec")]
    assert [i.mask for i in strided] == [(0, 4, 2, 6), (1, 5, 3, 7)]
    (back,) = [i for i in body if (i.name or "").startswith("lanes.in.order")]
    assert isinstance(back, ShuffleVector) and back.mask == (0, 2, 1, 3)
    (store,) = [i for i in body if isinstance(i, Store)]
    assert store.operands[0] is back
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 14 and not runs.mismatches, runs.mismatches
    bad, (rb,) = vectorize_loops(fn, LoopOptions(vf=4, tail=tail))  # type: ignore[arg-type]
    assert bad is not None and struct_order_unrestored(bad)
    assert prove_loop(rb).status == "refuted"
    assert compare_at_trip_counts(fn, bad, rb.vector).mismatches


def test_float_members_in_struct_order() -> None:
    """Doubles: out[i] = a[2i] + a[2i+1] (an fadd, lane by lane) in struct order,
    proved folded for every trip count, run as the scalar loop."""
    fn = _fn(sum_of_members(2, "double"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    assert _shuffles(new, "lanes.in.order")
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 14 and not runs.mismatches, runs.mismatches


def test_a_group_with_a_gap_in_struct_order() -> None:
    """Stride-4 i32 structs, members 0..2 read (a gap at the end: the shifted tail's and
    the last vector's trimmed loads) at VF 8: the full vector and the shifted tail in
    struct order, the last vector's pieces of 4, 2, 1 lanes in order (narrower than a
    register); proved folded for every trip count, run as the scalar loop."""
    fn = _fn(combined(4, "i32", (0, 1, 2)))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=8, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    backs = _shuffles(new, "lanes.in.order")
    assert len(backs) >= 2 and all(b.mask == (0, 4, 1, 5, 2, 6, 3, 7) for b in backs)
    trimmed = [i for i in _shuffles(new, "strided.vec") if i.type.count == 8
               and getattr(i.operands[0], "name", "").startswith("wide.vec.lo")]
    assert trimmed and all(i.mask[1] == i.mask[0] + 8 for i in trimmed), [i.mask for i in trimmed]
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 26 and not runs.mismatches, runs.mismatches


KEPT_IN_ORDER = {
    # One member read, one store: nothing to save.
    "one member": (combined(2, "double", (0,)), "avx2"),
    # 128-bit registers: no halves.
    "sse4": (combined(2, "double", (0, 1)), "sse4"),
    # A contiguous load's lanes are the iterations in order.
    "a contiguous load": (combined(2, "double", (0, 1), extra="""
  %pb = getelementptr inbounds nuw double, ptr %b, i64 %i
  %vb = load double, ptr %pb, align 8
  %sum = fadd double %acc1, %vb""").replace("store double %acc1", "store double %sum")
     .replace("ptr noalias %a", "ptr noalias %a, ptr noalias %b"), "avx2"),
}


@pytest.mark.parametrize("name", sorted(KEPT_IN_ORDER))
def test_kept_in_order(name: str) -> None:
    """Where the order does not pay or does not hold, the members are de-interleaved in
    the iterations' order and stored as computed."""
    text, target = KEPT_IN_ORDER[name]
    fn = _fn(text)
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold", target=target))
    assert new is not None and r.vf == 4, r.line()
    assert not _shuffles(new, "lanes.in.order")
    assert all(i.mask[1] - i.mask[0] == 2 for i in _shuffles(new, "strided.vec") if i.type.count == 4)
