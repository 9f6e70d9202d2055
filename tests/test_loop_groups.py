"""Interleave groups in the loop vectorizer (transforms/loop/groups.py): loops over
arrays of structs in clang-22's shape, each vectorized with one wide load or store per
group, proved by the witness for every trip count and run natively at trip counts
0..3*VF+1 (every multiple of VF among them: a gap at a load group's end needs the
scalar epilogue there); loops it must leave scalar, with their reasons; broken groups
the witness refutes. VF <= 4 keeps each proof to seconds."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from properties.loop_strategies import group_kernels
from properties.loops import LoopKernel, evaluate, random_inputs, run_native
from transforms.loop import LoopOptions, vectorize_loops
from transforms.loop.mutants import (
    gapped_pieces_swapped,
    gapped_store_writes_gap,
    group_gap_unguarded,
    group_members_swapped,
    group_stride_off_by_one,
    interleaved_lanes_swapped,
    member_wise_constants_by_member,
    member_wise_invariants_swapped,
    members_blend_swapped,
    members_move_one_short,
    members_moved_rotated,
    packed_member_unmasked,
    packed_store_unfrozen,
    trimmed_load_over_read,
)
from transforms.loop.native import compare_at_trip_counts
from transforms.loop.tailfold import FoldedLoop
from transforms.loop.witness import prove_loop
from vecverify.ir.function import Module
from vecverify.ir.values import BinOp, Br, Call, Cast, ICmp, Load, ShuffleVector, Store
from vecverify.llvm import parse_module, print_module

ALIGN = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "float": 4, "double": 8}


def struct_loop(body: str, t: str, params: str = "ptr noalias %out, ptr noalias %a") -> str:
    """``for (i = 0; i != n; i++) body`` at element type ``t`` (``{T}``, ``{A}``), the
    body addressing struct members as clang does (the struct's start, then a byte
    offset)."""
    return f"""
define void @f({params}, i64 %n) {{
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
{body.format(T=t, A=ALIGN[t])}
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}}"""


def member(k: int, t: str) -> str:
    """``%m{k} = a[F*i + k]``: a byte offset from the struct's start ``%s``."""
    return (f"  %mp{k} = getelementptr inbounds nuw i8, ptr %s, i64 {k * ALIGN[t]}\n"
            f"  %m{k} = load {t}, ptr %mp{k}, align {ALIGN[t]}")


def struct_start(factor: int, t: str) -> str:
    return f"  %s = getelementptr inbounds nuw [{factor} x {t}], ptr %a, i64 %i"


def _fn(text: str):  # noqa: ANN202
    return parse_module(text, "<test>").functions["f"]


def _vectorize(text: str, vf: int):  # noqa: ANN202
    fn = _fn(text)
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=vf))
    assert new is not None and r.vectorized and r.vf == vf, r.line()
    return fn, new, r


def _proved_and_runs(text: str, vf: int):  # noqa: ANN202
    fn, new, r = _vectorize(text, vf)
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * vf + 2 and not runs.mismatches, runs.mismatches
    return r


def _proved_native_and_mutant_refuted(fn, new, r, vf: int, mutate) -> None:  # noqa: ANN001
    """The folded loop ``r`` (``new``) proved for every trip count and run as the scalar
    loop ``fn`` (at least 3 trip counts per lane and two more); ``mutate`` applied to a
    fresh vectorization at ``vf`` is refuted by the witness and seen natively."""
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * vf + 2 and not runs.mismatches, runs.mismatches
    bad, (rb,) = vectorize_loops(fn, LoopOptions(vf=vf, tail="fold"))
    assert bad is not None and mutate(bad)
    assert prove_loop(rb).status == "refuted"
    assert compare_at_trip_counts(fn, bad, rb.vector).mismatches


def _wide(r, kind: type) -> list:  # noqa: ANN001
    return [i for i in r.vector.body.instructions if isinstance(i, kind) and
            getattr(i.type if kind is Load else i.operands[0].type, "count", 0) > r.vf]


# out[i] = sum of the F members of a[i] (a load group of factor F, no gap).
def sum_of_members(factor: int, t: str) -> str:
    add = "fadd" if t in ("float", "double") else "add"
    lines = [struct_start(factor, t)] + [member(k, t) for k in range(factor)]
    acc = "%m0"
    for k in range(1, factor):
        lines.append(f"  %acc{k} = {add} {t} {acc}, %m{k}")
        acc = f"%acc{k}"
    lines += [f"  %po = getelementptr inbounds nuw {t}, ptr %out, i64 %i", f"  store {t} {acc}, ptr %po, align {{A}}"]
    return struct_loop("\n".join(lines).replace("{A}", str(ALIGN[t])), t)


@pytest.mark.parametrize("factor,t,vf", [(2, "i64", 2), (3, "i16", 2), (4, "i8", 4), (2, "float", 2)])
def test_load_group_proved_and_native(factor: int, t: str, vf: int) -> None:
    r = _proved_and_runs(sum_of_members(factor, t), vf)
    assert f"interleaved group factor {factor} ({factor} members)" in r.line()
    (wide,) = _wide(r, Load)
    assert wide.type.count == factor * vf
    masks = [s.mask for s in r.vector.body.instructions if isinstance(s, ShuffleVector) and s.operands[0] is wide]
    assert masks == [tuple(j + factor * k for k in range(vf)) for j in range(factor)]
    assert next(i for i in r.vector.iter_check.instructions if i.name == "min.iters.check").pred == "ult"


# RGBA to gray on bytes: three members of a stride-4 group (a gap at its end).
GRAY = """
  %j = shl nsw i64 %i, 2
  %s = getelementptr inbounds nuw i8, ptr %a, i64 %j
  %r = load i8, ptr %s, align 1
  %gp = getelementptr inbounds nuw i8, ptr %s, i64 1
  %g = load i8, ptr %gp, align 1
  %bp = getelementptr inbounds nuw i8, ptr %s, i64 2
  %b = load i8, ptr %bp, align 1
  %r16 = zext i8 %r to i16
  %g16 = zext i8 %g to i16
  %b16 = zext i8 %b to i16
  %rw = mul nuw nsw i16 %r16, 77
  %gw = mul nuw i16 %g16, 150
  %bw = mul nuw nsw i16 %b16, 29
  %rg = add nuw i16 %gw, %rw
  %y = add nuw i16 %rg, %bw
  %y8h = lshr i16 %y, 8
  %y8 = trunc nuw i16 %y8h to i8
  %po = getelementptr inbounds nuw i8, ptr %out, i64 %i
  store i8 %y8, ptr %po, align 1"""

# out[i] = a[2*i] (one member of a stride-2 group: a gap at its end).
EVERY_OTHER = """
  %s = getelementptr inbounds nuw [2 x {T}], ptr %a, i64 %i
  %x = load {T}, ptr %s, align {A}
  %po = getelementptr inbounds nuw {T}, ptr %out, i64 %i
  store {T} %x, ptr %po, align {A}"""


@pytest.mark.parametrize("text,vf,what", [
    (struct_loop(GRAY, "i8"), 2, "interleaved group factor 4 (3 members)"),
    (struct_loop(EVERY_OTHER, "i32"), 2, "interleaved group factor 2 (1 member)"),
    (struct_loop(EVERY_OTHER, "double"), 2, "interleaved group factor 2 (1 member)"),
])
def test_gap_at_the_end_keeps_an_iteration_for_the_epilogue(text: str, vf: int, what: str) -> None:
    r = _proved_and_runs(text, vf)
    assert what in r.line()
    vl = r.vector
    assert next(i for i in vl.iter_check.instructions if i.name == "min.iters.check").pred == "ule"
    assert any(i.name == "n.rem" for i in vl.vector_ph.instructions)


# Stereo samples joined: out[2*i] = l[i], out[2*i+1] = r[i] (a store group), and split
# back the other way with a swap (a load group and a store group of one factor).
JOIN = """
  %pl = getelementptr inbounds nuw {T}, ptr %l, i64 %i
  %x = load {T}, ptr %pl, align {A}
  %pr = getelementptr inbounds nuw {T}, ptr %r, i64 %i
  %y = load {T}, ptr %pr, align {A}
  %so = getelementptr inbounds nuw [2 x {T}], ptr %out, i64 %i
  store {T} %x, ptr %so, align {A}
  %so1 = getelementptr inbounds nuw i8, ptr %so, i64 {A}
  store {T} %y, ptr %so1, align {A}"""

SWAP_SUB = """
  %s = getelementptr inbounds nuw [2 x {T}], ptr %a, i64 %i
  %x = load {T}, ptr %s, align {A}
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 {A}
  %y = load {T}, ptr %s1, align {A}
  %d = sub {T} %x, %y
  %so = getelementptr inbounds nuw [2 x {T}], ptr %out, i64 %i
  store {T} %y, ptr %so, align {A}
  %so1 = getelementptr inbounds nuw i8, ptr %so, i64 {A}
  store {T} %d, ptr %so1, align {A}"""

# SWAP_SUB with b[i] subtracted: a contiguous load is no load group's member, so the
# store group is interleaved from its members (no blend: blend.py), and the load group's
# member shuffles are what it stores.
SWAP_SUB_B = SWAP_SUB.replace("  %d = sub {T} %x, %y", """  %pb = getelementptr inbounds nuw {T}, ptr %b, i64 %i
  %bi = load {T}, ptr %pb, align {A}
  %d = sub {T} %x, %bi""")
WITH_B = "ptr noalias %out, ptr noalias %a, ptr noalias %b"

# A stride-3 update in place: a[3i+j] = a[3i+j] + j + 1 (loads and stores of one object).
IN_PLACE = """
  %s = getelementptr inbounds nuw [3 x {T}], ptr %a, i64 %i
  %x = load {T}, ptr %s, align {A}
  %x1 = add {T} %x, 1
  store {T} %x1, ptr %s, align {A}
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 {A}
  %y = load {T}, ptr %s1, align {A}
  %y1 = add {T} %y, 2
  store {T} %y1, ptr %s1, align {A}
  %s2 = getelementptr inbounds nuw i8, ptr %s, i64 {A2}
  %z = load {T}, ptr %s2, align {A}
  %z1 = add {T} %z, 3
  store {T} %z1, ptr %s2, align {A}"""


def test_store_group_joins_samples() -> None:
    text = struct_loop(JOIN, "double", params="ptr noalias %out, ptr noalias %l, ptr noalias %r")
    r = _proved_and_runs(text, 2)
    (st,) = _wide(r, Store)
    (inter,) = [i for i in r.vector.body.instructions if i.name == "interleaved.vec"]
    assert st.operands[0] is inter and inter.mask == (0, 2, 1, 3)


# RGB to opaque RGBA: out[4*i+j] = a[3*i+j], out[4*i+3] = 255 (a constant member).
OPAQUE = """
  %s = getelementptr inbounds nuw [3 x {T}], ptr %a, i64 %i
  %x = load {T}, ptr %s, align {A}
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 1
  %y = load {T}, ptr %s1, align {A}
  %s2 = getelementptr inbounds nuw i8, ptr %s, i64 2
  %z = load {T}, ptr %s2, align {A}
  %so = getelementptr inbounds nuw [4 x {T}], ptr %out, i64 %i
  store {T} %x, ptr %so, align {A}
  %so1 = getelementptr inbounds nuw i8, ptr %so, i64 1
  store {T} %y, ptr %so1, align {A}
  %so2 = getelementptr inbounds nuw i8, ptr %so, i64 2
  store {T} %z, ptr %so2, align {A}
  %so3 = getelementptr inbounds nuw i8, ptr %so, i64 3
  store {T} -1, ptr %so3, align {A}"""


def test_constant_member_joins_after_the_interleave() -> None:
    """The constant member is selected into the interleaved vector (concatenated, x86
    builds <4 x i8> members' interleave lane by lane), proved and run as the model says."""
    r = _proved_and_runs(struct_loop(OPAQUE, "i8"), 2)
    (st,) = [i for i in _wide(r, Store)]
    blend = st.operands[0]
    assert blend.name == "interleaved.const" and [c.value for c in blend.operands[0].elems] == [0, 0, 0, 1] * 2
    assert all(getattr(e, "value", None) == 255 for e in blend.operands[1].elems)


def test_load_and_store_groups_swap_members() -> None:
    r = _proved_and_runs(struct_loop(SWAP_SUB, "i32"), 2)
    assert r.line().count("interleaved group factor 2 (2 members)") == 2


def test_in_place_update_of_one_object() -> None:
    r = _proved_and_runs(struct_loop(IN_PLACE.replace("{A2}", "8"), "i32", params="ptr noalias %a"), 2)
    assert r.line().count("interleaved group factor 3 (3 members)") == 2


# --------------------------------------------------------------------------- tail folded


@pytest.mark.parametrize("text,vf,shifted", [
    (struct_loop(JOIN, "i16", params="ptr noalias %out, ptr noalias %l, ptr noalias %r"), 4, True),
    (struct_loop(IN_PLACE.replace("{A2}", "8"), "i32", params="ptr noalias %a"), 2, False),
])
def test_groups_folded_with_the_last_vector_in_pieces(text: str, vf: int, shifted: bool) -> None:
    """--tail fold: a loop with interleave groups runs its last vector in pieces, each
    piece one wide access of its lanes (no mask), and after the full vectors the shifted
    tail where it stores to another object (JOIN: its store group written again whole;
    in place, IN_PLACE, none); proved for every trip count and run as the scalar loop at
    0..3*VF+1."""
    fn = _fn(text)
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=vf, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    assert (r.vector.tail is not None) == shifted, r.line()
    assert [pc.width for pc in r.vector.pieces] == [vf >> b for b in range(vf.bit_length())]
    for pc in r.vector.pieces:
        widths = {i.operands[0].type.count for i in pc.block.instructions if isinstance(i, Store)}
        assert widths == {(2 if vf == 4 else 3) * pc.width}, widths  # JOIN: factor 2; IN_PLACE: 3
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * vf + 2 and not runs.mismatches, runs.mismatches


def test_fold_takes_one_128_bit_register_for_groups_updated_in_place() -> None:
    """--tail fold's lanes (avx2): a power-of-two group updated in place takes one
    128-bit register of its widest element (its chain through memory from call to call
    sets the pace; wider members cross the register's halves); the same loop into
    another object, or a factor-3 group in place, one 256-bit register."""
    def lanes(text: str, params: str) -> int:
        _, (r,) = vectorize_loops(_fn(struct_loop(text, "i32", params=params)), LoopOptions(target="avx2", tail="fold"))
        assert isinstance(r.vector, FoldedLoop), r.line()
        return r.vf
    assert lanes(SWAP_SUB.replace("%out", "%a"), "ptr noalias %a") == 4
    assert lanes(SWAP_SUB, "ptr noalias %out, ptr noalias %a") == 8
    assert lanes(IN_PLACE.replace("{A2}", "8"), "ptr noalias %a") == 8


def test_folded_group_members_swapped_is_refuted() -> None:
    # (not IN_PLACE nor SWAP_SUB: their members are stored member-wise or blended without
    # the member shuffles)
    text = struct_loop(SWAP_SUB_B.replace("%out", "%a"), "i32", params="ptr noalias %a, ptr noalias %b")
    new, (r,) = vectorize_loops(_fn(text), LoopOptions(vf=2, tail="fold"))
    assert new is not None and group_members_swapped(new)
    assert prove_loop(r).status == "refuted"


@pytest.mark.parametrize("text,vf", [
    (struct_loop(GRAY, "i8"), 4),
    (struct_loop(EVERY_OTHER, "float"), 4),
])
def test_a_gap_at_a_load_groups_end_folded_without_reading_it(text: str, vf: int) -> None:
    """The full vectors' wide loads read their last struct's gap (a vector always
    follows them); each vector of the last one (an overlapping pair) and the shifted
    tail read up to the last member of their last struct, as two overlapping loads of a
    power of two: proved for every trip count and run as the
    scalar loop at 0..3*VF+1."""
    fn = _fn(text)
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=vf, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop) and r.vector.pieces, r.line()
    gap = 1
    factor = 4 if "i8" in text else 2
    assert r.vector.tail is not None  # the shifted tail too: it runs the last iteration
    for block, width in [*((pc.block, pc.width) for pc in r.vector.pieces), (r.vector.tail, 2 * vf)]:
        loads = [i for i in block.instructions if isinstance(i, Load) and i.type.is_vector]
        if block is r.vector.tail:  # the paired full vector's wide load, then the tail's two
            assert [i.type.count for i in loads[:1]] == [factor * vf], [str(i.type) for i in loads]
            loads, width = loads[1:], vf
        if loads and width > 1:  # (width 1: the members are loaded one by one)
            # Two loads for each vector (a pair of vectors where the last one is one).
            half = loads[0].type.count
            assert len(loads) in (2, 4) and half < factor * width - gap < 2 * half, [str(i.type) for i in loads]
            assert all(i.type.count == half for i in loads)
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * vf + 2 and not runs.mismatches, runs.mismatches


def test_a_piece_reading_the_last_gap_is_refuted() -> None:
    """The pieces' second load one element later reads the last struct's gap (the same
    values: only the proof sees it)."""
    new, (r,) = vectorize_loops(_fn(struct_loop(GRAY, "i8")), LoopOptions(vf=4, tail="fold"))
    assert new is not None and trimmed_load_over_read(new)
    assert prove_loop(r).status == "refuted"


# RGBA pixels: each color averaged with alpha in i32, alpha copied (a packed load group
# whose members are widened and a packed store group of truncs and a loaded member).
BLEND = """
  %s = getelementptr inbounds nuw [4 x i8], ptr %a, i64 %i
  %r = load i8, ptr %s, align 1
  %gp = getelementptr inbounds nuw i8, ptr %s, i64 1
  %g = load i8, ptr %gp, align 1
  %bp = getelementptr inbounds nuw i8, ptr %s, i64 2
  %b = load i8, ptr %bp, align 1
  %ap = getelementptr inbounds nuw i8, ptr %s, i64 3
  %al = load i8, ptr %ap, align 1
  %a32 = zext i8 %al to i32
  %r32 = zext i8 %r to i32
  %g32 = zext i8 %g to i32
  %b32 = zext i8 %b to i32
  %rs = add nuw nsw i32 %r32, %a32
  %gs = add nuw nsw i32 %g32, %a32
  %bs = add nuw nsw i32 %b32, %a32
  %rh = lshr i32 %rs, 1
  %gh = lshr i32 %gs, 1
  %bh = lshr i32 %bs, 1
  %r8 = trunc nuw i32 %rh to i8
  %g8 = trunc nuw i32 %gh to i8
  %b8 = trunc nuw i32 %bh to i8
  %so = getelementptr inbounds nuw [4 x i8], ptr %out, i64 %i
  store i8 %r8, ptr %so, align 1
  %so1 = getelementptr inbounds nuw i8, ptr %so, i64 1
  store i8 %g8, ptr %so1, align 1
  %so2 = getelementptr inbounds nuw i8, ptr %so, i64 2
  store i8 %b8, ptr %so2, align 1
  %so3 = getelementptr inbounds nuw i8, ptr %so, i64 3
  store i8 %al, ptr %so3, align 1"""


def test_packed_groups_proved_native_and_their_poison_mutants_refuted() -> None:
    """A group of four bytes whose members are widened to i32 (and stored back narrowed)
    is read and written as one i32 per struct (groups.choose_packing): each member a
    shuffle with zeros, bitcast, trunc; the store an ``or`` of frozen, zero-extended,
    shifted members; no strided shuffle. Proved for every trip count with the tail
    folded, run as the scalar loop; the member taking its struct's other elements (their
    poison), and the store without its freezes, are refuted (poison alone: only the
    proof sees them). RGB to RGBA (OPAQUE: loaded bytes moved, a constant) stays shuffled."""
    fn = _fn(struct_loop(BLEND, "i8"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=2, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    # The shifted tail stores before the last full vector (tailfold._emit_overlapping):
    # the re-covered elements keep the full vector's frozen members.
    tail = r.vector.tail
    assert tail is not None, r.line()
    tail_stores = [i for i in tail.instructions if isinstance(i, Store)]
    assert [st.operands[1].operands[1] for st in tail_stores] == [r.vector.tail_start, r.vector.n_body]
    insts = [i for b in new.blocks for i in b.instructions]
    assert not [i for i in insts if isinstance(i, ShuffleVector) and (i.name or "").startswith("strided.vec")]
    members = [i for i in insts if isinstance(i, Cast) and (i.name or "").startswith("strided.vec")]
    assert members and all(i.op == "trunc" and i.type.count == i.operands[0].type.count for i in members)
    stored = [i.operands[0] for i in insts if isinstance(i, Store) and i.operands[0].type.is_vector]
    assert stored and all(isinstance(v, Cast) and v.op == "bitcast" and isinstance(v.operands[0], BinOp)
                          and v.operands[0].op == "or" for v in stored)
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 3 * 2 + 2 and not runs.mismatches, runs.mismatches
    for mutate in (packed_member_unmasked, packed_store_unfrozen):
        bad, (rb,) = vectorize_loops(fn, LoopOptions(vf=2, tail="fold"))
        assert bad is not None and mutate(bad)
        assert prove_loop(rb).status == "refuted", mutate.__name__
    opaque, _ = vectorize_loops(_fn(struct_loop(OPAQUE, "i8")), LoopOptions(vf=4, tail="fold"))
    assert opaque is not None
    assert not [i for b in opaque.blocks for i in b.instructions if (i.name or "").startswith(("packed.", "wide.packed"))]
    assert [i for b in opaque.blocks for i in b.instructions if (i.name or "").startswith("interleaved.const")]


# Each member of a [4 x i32] struct offset by its own constant (the same computation on
# every member, 128-bit structs: not packed; computed on the whole wide vector).
OFFSETS = """
  %s = getelementptr inbounds nuw [4 x i32], ptr %a, i64 %i
  %so = getelementptr inbounds nuw [4 x i32], ptr %out, i64 %i
""" + "".join(f"""  %p{j} = getelementptr inbounds nuw i8, ptr %s, i64 {4 * j}
  %m{j} = load i32, ptr %p{j}, align 4
  %x{j} = add nsw i32 %m{j}, {c}
  %q{j} = getelementptr inbounds nuw i8, ptr %so, i64 {4 * j}
  store i32 %x{j}, ptr %q{j}, align 4
""" for j, c in enumerate((1, 2, -3, 4)))


def test_member_wise_store_group_computed_on_the_wide_vector() -> None:
    """A store group whose members are one computation of a load group's members (and
    per-member constants) is computed once on F*VF lanes and stored without
    interleaving shuffles; proved for every trip count with the tail folded, run as the
    scalar loop; the constants laid out member by member are refuted and seen natively."""
    fn = _fn(struct_loop(OFFSETS, "i32"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=2, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    insts = [i for b in new.blocks for i in b.instructions]
    used = {id(o) for i in insts for o in i.operands}
    # (the load group's member shuffles are emitted before the store's form is known:
    # unused, left to the back end)
    assert not [i for i in insts if isinstance(i, ShuffleVector) and id(i) in used and
                (i.name or "").startswith(("strided", "interl"))]
    wide = [i for i in insts if i.name == "interleaved.wide"]
    assert {i.type.count for i in wide} == {8, 4} and all(isinstance(i, BinOp) and i.op == "add" for i in wide)
    assert all(any(isinstance(s, Store) and s.operands[0] is w for s in insts) for w in wide)
    _proved_native_and_mutant_refuted(fn, new, r, 2, member_wise_constants_by_member)


# RGB brightened and capped by a ceiling per channel: an add of the same invariant, then
# smin with per-member constants (one intrinsic for every member).
CAPPED = """
  %s = getelementptr inbounds nuw [3 x i32], ptr %a, i64 %i
  %so = getelementptr inbounds nuw [3 x i32], ptr %out, i64 %i
""" + "".join(f"""  %p{j} = getelementptr inbounds nuw i8, ptr %s, i64 {4 * j}
  %m{j} = load i32, ptr %p{j}, align 4
  %x{j} = add nsw i32 %m{j}, %k
  %y{j} = call i32 @llvm.smin.i32(i32 %x{j}, i32 {c})
  %q{j} = getelementptr inbounds nuw i8, ptr %so, i64 {4 * j}
  store i32 %y{j}, ptr %q{j}, align 4
""" for j, c in enumerate((255, 511, 1023)))


def test_member_wise_store_group_through_an_intrinsic() -> None:
    """Members computed by one intrinsic (``smin`` with a ceiling per member, after an add
    of one invariant: rgb_bright_u8's shape) are member-wise too: one ``smin`` on F*VF
    lanes stored without interleaving shuffles; proved folded for every trip count, run
    as the scalar loop; the ceilings laid out member by member are refuted and seen
    natively."""
    fn = _fn(struct_loop(CAPPED, "i32", params="ptr noalias %out, ptr noalias %a, i32 %k"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=2, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    insts = [i for b in new.blocks for i in b.instructions]
    wide = [i for i in insts if i.name == "interleaved.wide"]
    assert wide and all(isinstance(i, Call) and i.callee.startswith("llvm.smin.v") for i in wide)
    assert all(any(isinstance(s, Store) and s.operands[0] is w for s in insts) for w in wide)
    _proved_native_and_mutant_refuted(fn, new, r, 2, member_wise_constants_by_member)


# Complex multiply on Gaussian integers in clang's shape for floats: ar*br + ai*-bi and
# ar*bi + ai*br (one operation per step, the last factors of different operations).
CMUL_NEG = """
  %s = getelementptr inbounds nuw [2 x i32], ptr %a, i64 %i
  %t = getelementptr inbounds nuw [2 x i32], ptr %b, i64 %i
  %so = getelementptr inbounds nuw [2 x i32], ptr %out, i64 %i
  %ar = load i32, ptr %s, align 4
  %ap = getelementptr inbounds nuw i8, ptr %s, i64 4
  %ai = load i32, ptr %ap, align 4
  %br = load i32, ptr %t, align 4
  %bp = getelementptr inbounds nuw i8, ptr %t, i64 4
  %bi = load i32, ptr %bp, align 4
  %nbi = sub i32 0, %bi
  %rr = mul i32 %ar, %br
  %p = mul i32 %ai, %nbi
  %re = add i32 %rr, %p
  %ri = mul i32 %ar, %bi
  %q = mul i32 %ai, %br
  %im = add i32 %ri, %q
  store i32 %re, ptr %so, align 4
  %sp = getelementptr inbounds nuw i8, ptr %so, i64 4
  store i32 %im, ptr %sp, align 4
"""


def test_operands_of_different_operations_blended_under_one_operation() -> None:
    """Complex multiply's members are one computation whose last factors differ by
    operation: ``ar`` in both (member 0 repeated: members.moved), ``br``/``bi`` (b's wide
    load), ``ai`` in both, and ``-bi``/``br`` (a negation of member 1, member 0), which
    are blended (members.blend; cmul_f32's fmul and fmuladd likewise): the members'
    operations on F*VF lanes, no interleave, and nothing a partial match emitted left
    behind (every instruction of the body used); proved folded for every trip count, run
    as the scalar loop; the blend's two computations swapped is refuted and seen
    natively."""
    fn = _fn(struct_loop(CMUL_NEG, "i32", params="ptr noalias %out, ptr noalias %a, ptr noalias %b"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    body = r.vector.body.instructions
    used = {id(o) for i in body for o in i.operands}
    (wide,) = [i for i in body if i.name == "interleaved.wide"]
    assert isinstance(wide, BinOp) and wide.op == "add" and wide.type.count == 8
    assert [i for i in body if (i.name or "").startswith("members.blend")]
    assert all(id(i) in used for i in body if not isinstance(i, Store | Br) and
               not (i.name or "").startswith("strided.vec")), [i.name for i in body if id(i) not in used]
    _proved_native_and_mutant_refuted(fn, new, r, 4, members_blend_swapped)


# Complex numbers (Gaussian integers) scaled in place by (cr, ci), with the operand
# orders clang gives cscale_inplace_f32: re*cr + im*-ci, and re*ci + cr*im (the second
# product's factors the other way round).
CSCALE = """
  %s = getelementptr inbounds nuw [2 x i32], ptr %a, i64 %i
  %re = load i32, ptr %s, align 4
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 4
  %im = load i32, ptr %s1, align 4
  %rc = mul i32 %re, %cr
  %p = mul i32 %im, %nci
  %x = add i32 %rc, %p
  store i32 %x, ptr %s, align 4
  %ri = mul i32 %re, %ci
  %q = mul i32 %cr, %im
  %y = add i32 %ri, %q
  store i32 %y, ptr %s1, align 4
"""


def test_commuted_operands_line_up_for_a_member_wise_store() -> None:
    """A commutative operation's operands swapped in one member (``cr * im`` against
    ``im * -ci``) line up with the other's: the members' multiplications and addition
    on F*VF lanes, of member 0 and member 1 repeated (members.moved) and the invariants
    laid out struct by struct (members.splat), no interleave (cscale_inplace_f32's
    fmul and fmuladd likewise); proved folded for every trip count, run as the scalar
    loop; the invariants laid out in reverse are refuted and seen natively."""
    fn = _fn(struct_loop(CSCALE, "i32", params="ptr noalias %a, i32 %cr, i32 %ci, i32 %nci"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    body = r.vector.body.instructions
    (wide,) = [i for i in body if i.name == "interleaved.wide"]
    moved = [i for i in body if (i.name or "").startswith("members.moved")]
    assert sorted(m.mask[:4] for m in moved) == [(0, 0, 2, 2), (1, 1, 3, 3)]
    assert not [i for i in body if (i.name or "").startswith("interleaved.vec")]
    _proved_native_and_mutant_refuted(fn, new, r, 4, member_wise_invariants_swapped)


def test_pairs_of_64_bit_members_interleaved_within_128_bit_lanes() -> None:
    """A store group of two 64-bit members at VF 4 is interleaved within each 128-bit
    lane, then the lanes put in order (groups._interleaved_by_lanes: x86 wrote the one
    interleaving shuffle as five shuffles and a blend); proved folded for every trip
    count, run as the scalar loop; each lane's odd elements put first is refuted and seen
    natively. At VF 2 the one shuffle stays."""
    # (stereo samples joined: the members are loads of other arrays, so no blend)
    fn = _fn(struct_loop(JOIN, "i64", params="ptr noalias %out, ptr noalias %l, ptr noalias %r"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    body = r.vector.body.instructions
    [inter] = [i for i in body if isinstance(i, ShuffleVector) and i.name == "interleaved.vec"]
    assert [o.name for o in inter.operands] == ["interleaved.lo", "interleaved.hi"]
    assert inter.mask == (0, 1, 4, 5, 2, 3, 6, 7) and any(isinstance(s, Store) and s.operands[0] is inter for s in body)
    _proved_native_and_mutant_refuted(fn, new, r, 4, interleaved_lanes_swapped)
    two, (r2,) = vectorize_loops(fn, LoopOptions(vf=2, tail="fold"))
    assert two is not None and not [i for i in r2.vector.body.instructions if (i.name or "").startswith("interleaved.lo")]


GAINS = """
  %s = getelementptr inbounds nuw [2 x i32], ptr %a, i64 %i
  %so = getelementptr inbounds nuw [2 x i32], ptr %out, i64 %i
""" + "".join(f"""  %p{j} = getelementptr inbounds nuw i8, ptr %s, i64 {4 * j}
  %m{j} = load i32, ptr %p{j}, align 4
  %x{j} = mul i32 %m{j}, %g{j}
  %q{j} = getelementptr inbounds nuw i8, ptr %so, i64 {4 * j}
  store i32 %x{j}, ptr %q{j}, align 4
""" for j in range(2))


def test_member_wise_store_group_with_invariants_by_member() -> None:
    """Stereo gains (member j times its own invariant): computed once on F*VF lanes by
    the invariants laid out struct by struct (one vector built in vector.ph), without
    interleaving shuffles; proved folded for every trip count, run as the scalar loop;
    the invariants laid out in reverse are refuted and seen natively."""
    fn = _fn(struct_loop(GAINS, "i32", params="ptr noalias %out, ptr noalias %a, i32 %g0, i32 %g1"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=2, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    insts = [i for b in new.blocks for i in b.instructions]
    wide = [i for i in insts if i.name == "interleaved.wide"]
    assert wide and all(isinstance(i, BinOp) and i.op == "mul" and
                        any((o.name or "").startswith("members.splat") for o in i.operands) for i in wide)
    _proved_native_and_mutant_refuted(fn, new, r, 2, member_wise_invariants_swapped)


# RGBA to BGRA: the loaded members stored in another order (bytes moved, 32-bit structs).
TO_BGRA = """
  %s = getelementptr inbounds nuw [4 x i8], ptr %a, i64 %i
  %so = getelementptr inbounds nuw [4 x i8], ptr %out, i64 %i
""" + "".join(f"""  %p{j} = getelementptr inbounds nuw i8, ptr %s, i64 {j}
  %m{j} = load i8, ptr %p{j}, align 1
""" for j in range(4)) + "".join(f"""  %q{j} = getelementptr inbounds nuw i8, ptr %so, i64 {j}
  store i8 %m{k}, ptr %q{j}, align 1
""" for j, k in enumerate((2, 1, 0, 3)))


def test_moved_members_stored_by_one_shuffle_with_the_shifted_tail() -> None:
    """A store group of a load group's members in another order (RGBA to BGRA) is one
    shuffle of the wide vector, not a packed store (whose freezes cost the shifted
    tail: tailfold.shift_decline): folded with the shifted tail, proved for every trip
    count, run as the scalar loop; the members' order rotated by one is refuted and
    seen natively."""
    fn = _fn(struct_loop(TO_BGRA, "i8"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    assert r.vector.tail is not None, r.line()
    insts = [i for b in new.blocks for i in b.instructions]
    assert not [i for i in insts if (i.name or "").startswith("packed.")]
    moved = [i for i in insts if isinstance(i, ShuffleVector) and (i.name or "").startswith("members.moved")]
    assert moved and all(any(isinstance(s, Store) and s.operands[0] is m for s in insts) for m in moved)
    assert moved[0].mask[:8] == (2, 1, 0, 3, 6, 5, 4, 7)
    _proved_native_and_mutant_refuted(fn, new, r, 4, members_moved_rotated)


# Complex numbers times i in place: z[2i] = -z[2i+1], z[2i+1] = z[2i] (members of
# different operations: an fneg and a copy of moved members).
CROT = """
  %s = getelementptr inbounds nuw [2 x float], ptr %a, i64 %i
  %x = load float, ptr %s, align 4
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 4
  %y = load float, ptr %s1, align 4
  %ny = fneg float %y
  store float %ny, ptr %s, align 4
  store float %x, ptr %s1, align 4"""


def _used(new) -> list:  # noqa: ANN001
    insts = [i for b in new.blocks for i in b.instructions]
    used = {id(o) for i in insts for o in i.operands}
    return [i for i in insts if id(i) in used]


def test_members_of_different_operations_computed_wide_and_blended() -> None:
    """A store group whose members are different lane-wise operations of moved load
    members (crot: an fneg and a copy) is the fneg of the wide load blended with the
    load by one shuffle (LLVM 22 -O3's form), with no de-interleaving or interleaving
    shuffle used; folded (in place: the last vector in pieces), proved for every trip
    count, run as the scalar loop; the blend's two computations swapped is refuted and
    seen natively."""
    fn = _fn(struct_loop(CROT, "float", params="ptr noalias %a"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    used = _used(new)
    assert not [i for i in used if isinstance(i, ShuffleVector) and (i.name or "").startswith(("strided", "interl"))]
    blends = [i for i in used if isinstance(i, ShuffleVector) and (i.name or "").startswith("members.blend")]
    assert len(blends) == 1 + len(r.vector.pieces), [b.name for b in blends]
    body_blend = next(b for b in blends if any(b is i for i in r.vector.body.instructions))
    neg, wide = body_blend.operands
    assert neg.opcode == "fneg" and neg.operands[0] is wide and isinstance(wide, Load) and wide.type.count == 8
    assert body_blend.mask == (1, 8, 3, 10, 5, 12, 7, 14)
    _proved_native_and_mutant_refuted(fn, new, r, 4, members_blend_swapped)


def test_an_operand_moved_to_its_member_for_a_blend() -> None:
    """out[2i] = a[2i+1], out[2i+1] = a[2i] - a[2i+1] (SWAP_SUB): the subtraction's
    second operand is moved to member 0 of each struct (one shuffle within the structs),
    subtracted on the wide vector and blended with the load; proved folded for every
    trip count, run as the scalar loop; the move taking the member before is refuted and
    seen natively."""
    fn = _fn(struct_loop(SWAP_SUB, "i32"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    used = _used(new)
    moves = [i for i in used if isinstance(i, ShuffleVector) and (i.name or "").startswith("members.move")]
    assert moves and moves[0].mask == (1, 0, 3, 2, 5, 4, 7, 6)
    assert any(isinstance(i, BinOp) and i.op == "sub" and i.operands[1] is moves[0] for i in used)
    _proved_native_and_mutant_refuted(fn, new, r, 4, members_move_one_short)


# Members of long, different computations (member 0: ((m0*3+1)*5+2)^7, member 1:
# ((m1-4)*6-3)|8): five operations each, ten on F*VF lanes cost more than the
# member-wise form's de-interleave and interleave.
LONG_CHAINS = """
  %s = getelementptr inbounds nuw [2 x i32], ptr %a, i64 %i
  %x = load i32, ptr %s, align 4
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 4
  %y = load i32, ptr %s1, align 4
  %x1 = mul i32 %x, 3
  %x2 = add i32 %x1, 1
  %x3 = mul i32 %x2, 5
  %x4 = add i32 %x3, 2
  %x5 = xor i32 %x4, 7
  %y1 = sub i32 %y, 4
  %y2 = mul i32 %y1, 6
  %y3 = sub i32 %y2, 3
  %y4 = or i32 %y3, 8
  %y5 = shl i32 %y4, 1
  %so = getelementptr inbounds nuw [2 x i32], ptr %out, i64 %i
  store i32 %x5, ptr %so, align 4
  %so1 = getelementptr inbounds nuw i8, ptr %so, i64 4
  store i32 %y5, ptr %so1, align 4"""


def test_a_blend_costing_more_keeps_the_member_wise_form() -> None:
    """Ten different operations on F*VF lanes cost more than five on each member's VF
    lanes with the de-interleave and interleave (blend.BlendPlanner.cheaper): the store
    group is interleaved from its members, no blend; proved and run."""
    fn = _fn(struct_loop(LONG_CHAINS, "i32"))
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail="fold"))
    assert new is not None and isinstance(r.vector, FoldedLoop), r.line()
    used = _used(new)
    assert not [i for i in used if (i.name or "").startswith("members.")]
    assert [i for i in used if (i.name or "").startswith("interleaved.vec")]
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous, proof.line()
    assert not compare_at_trip_counts(fn, new, r.vector).mismatches


# --------------------------------------------------------------------------- store gaps

# RGBA premultiplied by alpha in place: members 0..2 times member 3, which is read and
# never written (a store group with a gap at its end).
PREMUL = """
  %s = getelementptr inbounds nuw [4 x {T}], ptr %a, i64 %i
  %ap = getelementptr inbounds nuw i8, ptr %s, i64 {A3}
  %al = load {T}, ptr %ap, align {A}
  %r = load {T}, ptr %s, align {A}
  %r1 = {MUL} {T} %al, %r
  store {T} %r1, ptr %s, align {A}
  %gp = getelementptr inbounds nuw i8, ptr %s, i64 {A}
  %g = load {T}, ptr %gp, align {A}
  %g1 = {MUL} {T} %al, %g
  store {T} %g1, ptr %gp, align {A}
  %bp = getelementptr inbounds nuw i8, ptr %s, i64 {A2}
  %b = load {T}, ptr %bp, align {A}
  %b1 = {MUL} {T} %al, %b
  store {T} %b1, ptr %bp, align {A}"""

# A gap in the middle, into another object: out[4i] = a[2i], out[4i+2] = a[2i+1],
# out[4i+3] = a[2i] + a[2i+1] (out[4i+1] never written).
MIDDLE = """
  %s = getelementptr inbounds nuw [2 x {T}], ptr %a, i64 %i
  %x = load {T}, ptr %s, align {A}
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 {A}
  %y = load {T}, ptr %s1, align {A}
  %z = add {T} %x, %y
  %so = getelementptr inbounds nuw [4 x {T}], ptr %out, i64 %i
  store {T} %x, ptr %so, align {A}
  %so2 = getelementptr inbounds nuw i8, ptr %so, i64 {A2}
  store {T} %y, ptr %so2, align {A}
  %so3 = getelementptr inbounds nuw i8, ptr %so, i64 {A3}
  store {T} %z, ptr %so3, align {A}"""


def gapped(body: str, t: str, params: str) -> str:
    a = ALIGN[t]
    return struct_loop(body.replace("{A2}", str(2 * a)).replace("{A3}", str(3 * a))
                       .replace("{MUL}", "fmul" if t in ("float", "double") else "mul"), t, params=params)


GAPPED = [(gapped(PREMUL, "float", "ptr noalias %a"), ((0, 2), (2, 1))),
          (gapped(PREMUL, "i8", "ptr noalias %a"), ((0, 2), (2, 1))),
          (gapped(MIDDLE, "i16", "ptr noalias %out, ptr noalias %a"), ((0, 1), (2, 2)))]


@pytest.mark.parametrize("tail", ["epilogue", "fold"])
@pytest.mark.parametrize("text,pieces", GAPPED)
def test_a_store_group_with_a_gap_written_struct_by_struct(text: str, pieces: tuple, tail: str) -> None:
    """A store group with a gap (at its end, in place; in the middle, into another
    object; float and integer members) is computed on the wide vectors and stored struct
    by struct, each run of written members in pieces of a power of two, the gap never
    written: proved for every trip count (with the writes twins: no byte the scalar
    loop does not write) and run as the scalar loop, in both tail forms."""
    fn = _fn(text)
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=4, tail=tail))
    assert new is not None and r.vectorized and "factor 4 (3 members)" in r.line(), r.line()
    body = [i for i in r.vector.body.instructions if isinstance(i, Store) and (i.operands[0].name or "").startswith("gapped.")]
    widths = [getattr(i.operands[0].type, "count", 1) for i in body]
    assert widths == [n for _ in range(4) for _, n in pieces]
    assert not any(isinstance(i, Store) and getattr(i.operands[0].type, "count", 0) > 4
                   for b in new.blocks for i in b.instructions)  # no wide store of the group
    proof = prove_loop(r)
    assert proof.status == "proved" and not proof.vacuous and "writes (of" in proof.line(), proof.line()
    runs = compare_at_trip_counts(fn, new, r.vector)
    assert runs.runs >= 14 and not runs.mismatches, runs.mismatches


@pytest.mark.parametrize("tail", ["epilogue", "fold"])
@pytest.mark.parametrize("text,bytes_", [(GAPPED[0][0], False), (GAPPED[1][0], True)])
def test_gapped_stores_at_the_wrong_struct_or_writing_the_gap_are_refuted(text: str, bytes_: bool, tail: str) -> None:
    """Two structs' pieces swapped: refuted and seen natively. The gap written back with
    the value it holds (the same bytes natively): refuted, for bytes by the writes twin
    alone (the memory the step leaves is the same; a float read and written back loses
    its bytes' own poison, which the step sees)."""
    fn = _fn(text)
    bad, (rb,) = vectorize_loops(fn, LoopOptions(vf=2, tail=tail))
    assert bad is not None and gapped_pieces_swapped(bad)
    assert prove_loop(rb).status == "refuted"
    assert compare_at_trip_counts(fn, bad, rb.vector).mismatches
    bad, (rb,) = vectorize_loops(fn, LoopOptions(vf=2, tail=tail))
    assert bad is not None and gapped_store_writes_gap(bad)
    proof = prove_loop(rb)
    assert proof.status == "refuted", proof.line()
    if bytes_:
        assert "step/writes: incorrect" in proof.line(), proof.line()
    assert not compare_at_trip_counts(fn, bad, rb.vector).mismatches


def test_the_cost_model_prices_each_structs_stores() -> None:
    """A store group with gaps costs a store and a shuffle per piece of each struct:
    one i32 or i64 member of four copied from a contiguous array is left scalar (no
    cheaper than the scalar loop's store), the same with i8 is vectorized."""
    body = """
  %pa = getelementptr inbounds nuw {T}, ptr %a, i64 %i
  %x = load {T}, ptr %pa, align {A}
  %so = getelementptr inbounds nuw [4 x {T}], ptr %out, i64 %i
  store {T} %x, ptr %so, align {A}
  %so2 = getelementptr inbounds nuw i8, ptr %so, i64 {A2}
  store {T} %x, ptr %so2, align {A}"""
    for t, taken in (("i8", True), ("i32", False), ("i64", False)):
        new, (r,) = vectorize_loops(_fn(gapped(body, t, "ptr noalias %out, ptr noalias %a")),
                                    LoopOptions(target="avx2"))
        assert r.vectorized == taken and (taken or "not profitable" in r.reason), r.line()


# --------------------------------------------------------------------------- declines

DECLINED = {
    # The store to a[2i+1] comes before the load of it; the load group would move the
    # load above the store group.
    "touch the same bytes in one iteration": """
  %s = getelementptr inbounds nuw [2 x i32], ptr %out, i64 %i
  %x = load i32, ptr %s, align 4
  store i32 5, ptr %s, align 4
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 4
  store i32 6, ptr %s1, align 4
  %y = load i32, ptr %s1, align 4
  %z = add i32 %x, %y
  %pa = getelementptr inbounds nuw i32, ptr %a, i64 %i
  store i32 %z, ptr %pa, align 4""",
    "strided accesses of different types": """
  %s = getelementptr inbounds nuw [2 x i32], ptr %a, i64 %i
  %x = load i32, ptr %s, align 4
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 4
  %y = load float, ptr %s1, align 4
  %yi = bitcast float %y to i32
  %z = add i32 %x, %yi
  %po = getelementptr inbounds nuw i32, ptr %out, i64 %i
  store i32 %z, ptr %po, align 4""",
    # a[2i] read, a[i] written: the distance between them depends on i.
    "may overlap at an unknown distance": """
  %s = getelementptr inbounds nuw [2 x i32], ptr %out, i64 %i
  %x = load i32, ptr %s, align 4
  %po = getelementptr inbounds nuw i32, ptr %out, i64 %i
  store i32 %x, ptr %po, align 4""",
    "a strided or reversed access (stride 36 bytes": """
  %s = getelementptr inbounds nuw [9 x i32], ptr %a, i64 %i
  %x = load i32, ptr %s, align 4
  %po = getelementptr inbounds nuw i32, ptr %out, i64 %i
  store i32 %x, ptr %po, align 4""",
}


@pytest.mark.parametrize("reason", sorted(DECLINED))
def test_left_scalar_with_reason(reason: str) -> None:
    new, (r,) = vectorize_loops(_fn(struct_loop(DECLINED[reason], "i32")))
    assert new is None and not r.vectorized and reason in r.reason, r.line()


def test_group_moves_that_keep_dependences_are_taken() -> None:
    """The load group at its first load, the store group at its last store: a load of
    a[2i+1] after the store to a[2i] moves above it (they never touch the same bytes)."""
    body = """
  %s = getelementptr inbounds nuw [2 x i32], ptr %a, i64 %i
  %x = load i32, ptr %s, align 4
  %x1 = add i32 %x, 1
  store i32 %x1, ptr %s, align 4
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 4
  %y = load i32, ptr %s1, align 4
  %y1 = mul i32 %y, 3
  store i32 %y1, ptr %s1, align 4"""
    _proved_and_runs(struct_loop(body, "i32", params="ptr noalias %a"), 2)


# --------------------------------------------------------------------------- refutations


@pytest.mark.parametrize("damage,text,vf", [
    (group_stride_off_by_one, struct_loop(SWAP_SUB_B, "i16", params=WITH_B), 2),
    (group_members_swapped, struct_loop(SWAP_SUB_B, "i16", params=WITH_B), 2),
    (group_gap_unguarded, struct_loop(EVERY_OTHER, "i16"), 2),
])
def test_broken_groups_are_refuted(damage, text: str, vf: int) -> None:  # noqa: ANN001
    fn, new, r = _vectorize(text, vf)
    assert damage(new)
    proof = prove_loop(r)
    assert proof.status == "refuted", proof.line()
    if damage is not group_gap_unguarded:  # an over-read: native values are the same
        runs = compare_at_trip_counts(fn, new, r.vector)
        assert runs.mismatches


def test_min_iterations_check_for_gaps() -> None:
    _, _, r = _vectorize(struct_loop(EVERY_OTHER, "i8"), 4)
    check = next(i for i in r.vector.iter_check.instructions if i.name == "min.iters.check")
    assert isinstance(check, ICmp) and check.pred == "ule"


def test_vectorize_command_names_the_groups(tmp_path, capsys) -> None:  # noqa: ANN001
    import json

    from vecverify.app.cli import main

    src, out, report = tmp_path / "k.ll", tmp_path / "o.ll", tmp_path / "r.json"
    src.write_text(struct_loop(SWAP_SUB, "i8"))
    code = main(["vectorize", str(src), "-o", str(out), "--vf", "2", "--verify", "--timeout-ms", "3000",
                 "--json", str(report)])
    printed = capsys.readouterr().out
    assert ("@f: loop %loop vectorized VF 2, interleaved group factor 2 (2 members), "
            "interleaved group factor 2 (2 members) (VF forced)") in printed
    assert "@f: loop %loop (VF 2): proved for every trip count" in printed
    assert "native: 14 runs at trip counts 0..7 and larger, 0 mismatches" in printed
    assert code in (0, 3), printed  # 3: the bounded check may run out of time
    assert "load <4 x i8>" in out.read_text() and "interleaved load combine" not in printed
    data = json.loads(report.read_text())
    assert data["loops"][0]["groups"] == ["interleaved group factor 2 (2 members)"] * 2


@settings(max_examples=int(os.environ.get("VECVERIFY_GROUP_EXAMPLES", "6")), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(group_kernels(types=("i8", "i16", "i32", "i64")), st.integers(0, 2**32 - 1))
def test_struct_kernels_vectorized_are_proved_and_run_as_the_model_says(k: LoopKernel, seed: int) -> None:
    """Property: a loop over arrays of structs that the vectorizer takes (VF 2) is never
    refuted by its witness, and runs natively as the reference model says at trip
    counts 0..7."""
    fn = parse_module(k.text, "<struct kernel>").functions["src"]
    new, (r,) = vectorize_loops(fn, LoopOptions(vf=2))
    if new is None:
        assert r.reason, k.describe()
        return
    assert "interleaved group" in r.line()
    proof = prove_loop(r)
    assert proof.status != "refuted", (proof.line(), k.describe())
    tgt = print_module(Module({"src": new}, {}, "<vectorized>", {}))
    rng = np.random.default_rng(seed)
    for trips in range(8):
        inputs = random_inputs(k, trips, rng)
        got = run_native(k, tgt, inputs, trips)
        want = evaluate(k, inputs, trips)
        assert all(np.array_equal(got[a].view(np.uint8), want[a].view(np.uint8)) for a in want), (trips, k.describe())


def test_a_loop_with_no_guard_is_run_from_one_trip(tmp_path) -> None:  # noqa: ANN001
    """Regression (a segmentation fault): a loop entered with no guard runs once before its
    exit test, so %n = 0 means 2^64 trips; the native runs start at trip count 1 (in a
    subprocess here: a crash must fail the test, not end the worker)."""
    import subprocess
    import sys

    from tests.test_vla import PAIRS  # a group of two i32 members, entered with no guard

    src = tmp_path / "pairs.ll"
    src.write_text(PAIRS)
    run = subprocess.run([sys.executable, "-m", "vecverify.app.cli", "vectorize", str(src), "-o",
                          str(tmp_path / "o.ll"), "--vf", "2", "--uf", "1", "--epilogue-vf", "0", "--verify",
                          "--timeout-ms", "5000", "--bounded-unroll", "0"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode in (0, 3), run.stdout + run.stderr
    assert "@pairs: loop %loop: native: 13 runs at trip counts 1..7 and larger, 0 mismatches" in run.stdout, run.stdout
