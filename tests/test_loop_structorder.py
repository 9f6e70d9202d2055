"""Struct order (transforms/loop/structorder.py): a vector body whose load groups'
members are combined lane by lane into one stored value per struct computes its lanes
in an order of the structs that x86 de-interleaves within 128-bit lanes, and puts the
stored vector back in order before each store. Spread lanes (transforms/loop/spread.py):
where the members are widened (bytes to i16), the body computes on two 128-bit halves,
each reading its structs from a window of its own, and packs the halves once. Each form proved by the witness for
every trip count (folded and with the scalar epilogue), run natively as the scalar loop,
and the store without the restoring shuffle refuted. Doubles at VF 4 (two 256-bit
registers of structs) keep the proofs to seconds."""

from __future__ import annotations

import pytest

from tests.test_loop_groups import (
    _proved_native_and_mutant_refuted,
    member,
    struct_loop,
    struct_start,
    sum_of_members,
)
from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.mutants import spread_halves_swapped, struct_order_unrestored
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


# out[i] = (u16) (29 * b + 150 * g + 77 * r) over structs of F bytes (bgr_to_gray_u16's
# shape: i16 arithmetic of zero-extended members), members 0..2 read.
def gray_u16(factor: int, shift: bool = False) -> str:
    lines = [struct_start(factor, "i8")] + [member(k, "i8") for k in range(3)]
    lines += ["  %z0 = zext i8 %m0 to i16", "  %z1 = zext i8 %m1 to i16", "  %z2 = zext i8 %m2 to i16",
              "  %w0 = mul nuw nsw i16 %z0, 29", "  %w1 = mul nuw i16 %z1, 150", "  %w2 = mul nuw nsw i16 %z2, 77",
              "  %s1 = add nuw i16 %w0, %w1", "  %s2 = add nuw i16 %s1, %w2"]
    if shift:  # gray_bgrx_u8: (... + 128) >> 8 stored as a byte
        lines += ["  %s3 = add nuw i16 %s2, 128", "  %s4 = lshr i16 %s3, 8", "  %y = trunc nuw i16 %s4 to i8",
                  "  %po = getelementptr inbounds nuw i8, ptr %out, i64 %i", "  store i8 %y, ptr %po, align 1"]
    else:
        lines += ["  %po = getelementptr inbounds nuw i16, ptr %out, i64 %i", "  store i16 %s2, ptr %po, align 2"]
    return struct_loop("\n".join(lines), "i8")


def test_widened_members_spread_on_two_halves() -> None:
    """Stride-3 bytes widened to i16 at VF 8 (8 x i16: one 128-bit register; 24 bytes:
    two): two windows of 16 bytes (at 0 and 8), each member one shuffle of them with
    zeros bitcast to <16 x i16> (struct k at lane k for k < 4, 8 + k - 4 above: window 1 holds bytes 8-23), the
    sum on 16 lanes, the stored lanes packed by one shuffle; proved folded for every
    trip count, run as the scalar loop; the halves packed the other way round refuted
    and seen natively."""
    fn = _fn(gray_u16(3))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=8, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    body = r.vector.body.instructions
    assert not [i for i in body if (i.name or "").startswith("strided.vec")]
    (hi,) = [i for i in body if i.name == "spread.hi.ptr"]
    assert hi.operands[1].value == 8  # type: ignore[attr-defined]
    members = [i for i in body if isinstance(i, ShuffleVector) and (i.name or "").startswith("spread.member")]
    assert len(members) == 3 and all(i.type.count == 32 for i in members)
    first = next(i for i in members if i.mask[0] == 0)  # member 0: byte 0, then a zero byte
    assert first.mask[:8] == (0, 32, 3, 32, 6, 32, 9, 32) and first.mask[16:24] == (20, 32, 23, 32, 26, 32, 29, 32)
    (lanes,) = [i for i in body if (i.name or "").startswith("spread.lanes")]
    assert isinstance(lanes, ShuffleVector) and lanes.mask == (0, 1, 2, 3, 8, 9, 10, 11)
    _proved_native_and_mutant_refuted(fn, new, r, 8, spread_halves_swapped)


def test_spread_with_a_gap_and_a_narrowed_result() -> None:
    """BGRX bytes (a gap at each struct's end) to a byte of gray: the windows at 0 and
    15 (the last struct's gap never read), the result packed before its ``trunc``;
    proved folded for every trip count, run as the scalar loop."""
    fn = _fn(gray_u16(4, shift=True))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=8, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    body = r.vector.body.instructions
    (hi,) = [i for i in body if i.name == "spread.hi.ptr"]
    assert hi.operands[1].value == 15  # type: ignore[attr-defined]
    (store,) = [i for i in body if isinstance(i, Store)]
    trunc = store.operands[0]
    assert trunc.opcode == "trunc" and (trunc.operands[0].name or "").startswith("spread.lanes")  # type: ignore[attr-defined]
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 26 and not runs.mismatches, runs.mismatches


def test_spread_not_taken_at_other_widths() -> None:
    """VF 4 (4 x i16: half a register) and 128-bit registers: the members de-interleaved
    as before."""
    for opts in (LoopOptions(vf=4, tail="fold"), LoopOptions(vf=8, tail="fold", target="sse4")):
        fn = _fn(gray_u16(3))
        new, (r,) = vectorize_loops(fn, opts)
        assert new is not None, r.line()
        assert not _shuffles(new, "spread.") and _shuffles(new, "strided.vec")
