"""The loop cost model's interleave groups (``cost.interleave_cost``) and the tail's
shape chosen from it for short trip counts (``tailfold.short_fold_vf``)."""

from __future__ import annotations

import pytest

from tests.test_loop_groups import struct_loop
from transforms.loop import LoopOptions, tailfold, vectorize_loops
from transforms.loop.cost import _gathers, _moves, interleave_cost
from transforms.loop.groups import group_cost
from transforms.loop.legality import analyze
from transforms.loop.structure import find_loops
from transforms.loop.tailfold import FoldedLoop
from transforms.vectorize.costs import AVX2, SSE4
from vecverify.llvm import parse_module

# y[i] = 66*rgb[3i] + 129*rgb[3i+1] + 25*rgb[3i+2] + 4096: a factor-3 byte load group.
LUMA = """
  %s = getelementptr inbounds nuw [3 x i8], ptr %a, i64 %i
  %r = load i8, ptr %s, align 1
  %gp = getelementptr inbounds nuw i8, ptr %s, i64 1
  %g = load i8, ptr %gp, align 1
  %bp = getelementptr inbounds nuw i8, ptr %s, i64 2
  %b = load i8, ptr %bp, align 1
  %r16 = zext i8 %r to i16
  %g16 = zext i8 %g to i16
  %b16 = zext i8 %b to i16
  %rw = mul nuw nsw i16 %r16, 66
  %gw = mul nuw i16 %g16, 129
  %bw = mul nuw nsw i16 %b16, 25
  %rg = add nuw i16 %gw, %rw
  %y0 = add nuw i16 %rg, %bw
  %y = add i16 %y0, 4096
  %po = getelementptr inbounds nuw i16, ptr %out, i64 %i
  store i16 %y, ptr %po, align 2"""

# out[i] = 0.299*p[4i] + 0.587*p[4i+1] + 0.114*p[4i+2]: a factor-4 float load group of
# three members (a gap at its end).
RGBA_GRAY = """
  %s = getelementptr inbounds nuw [4 x float], ptr %a, i64 %i
  %r = load float, ptr %s, align 4
  %gp = getelementptr inbounds nuw i8, ptr %s, i64 4
  %g = load float, ptr %gp, align 4
  %bp = getelementptr inbounds nuw i8, ptr %s, i64 8
  %b = load float, ptr %bp, align 4
  %rw = fmul float %r, 0x3FD322D0E0000000
  %gw = fmul float %g, 0x3FE2C8B440000000
  %rg = fadd float %rw, %gw
  %bw = fmul float %b, 0x3FBD2F1AA0000000
  %y = fadd float %rg, %bw
  %po = getelementptr inbounds nuw float, ptr %out, i64 %i
  store float %y, ptr %po, align 4"""

# out[2i] = a[i], out[2i+1] = -a[i]: a factor-2 float store group, cheap per iteration.
STEREO = """
  %pa = getelementptr inbounds nuw float, ptr %a, i64 %i
  %v = load float, ptr %pa, align 4
  %w = fneg float %v
  %s = getelementptr inbounds nuw [2 x float], ptr %out, i64 %i
  store float %v, ptr %s, align 4
  %sp = getelementptr inbounds nuw i8, ptr %s, i64 4
  store float %w, ptr %sp, align 4"""


def _plan(body: str, t: str):  # noqa: ANN202
    fn = parse_module(struct_loop(body, t), "<test>").functions["f"]
    [(_, lp, _)] = find_loops(fn)
    assert lp is not None
    return analyze(lp)


def test_moves_split_into_powers_of_two() -> None:
    """24 bytes load as 16 + 8, 12 as 8 + 4, 96 as three 32-byte registers."""
    assert [_moves(b, 32) for b in (24, 12, 96, 32, 48)] == [2, 2, 3, 1, 2]
    assert [_moves(b, 16) for b in (24, 64)] == [2, 4]


def test_byte_group_keeps_the_generic_price() -> None:
    """Byte and word groups keep ``groups.group_cost`` (llc's own sequences for the wide
    ones; the epilogue's lanes were measured against it); ``_gathers`` prices their
    pshufb form: a factor-3 byte load's 12 bytes at VF 4 in one 128-bit piece, one
    pshufb per member, its 24 at VF 8 in two, two and an or per member (llc-22 -mcpu=
    x86-64-v3: 3 / 9 shuffles)."""
    [g] = _plan(LUMA, "i8").groups
    assert [interleave_cost(g, vf, AVX2) for vf in (4, 8, 16)] == [group_cost(g, vf, AVX2) for vf in (4, 8, 16)]
    assert [_gathers(g, vf, 1, 32, False) for vf in (4, 8)] == [3, 9]


def test_float_group_crosses_the_halves_on_avx2() -> None:
    """32-bit members on AVX2 are gathered by vpermps from whole registers: a factor-4
    float group of three members at VF 8 (four registers) costs each member four
    permutes and three blends; in-lane (SSE4's eight 128-bit pieces, or AVX2's halves
    in the struct order) two-source shufps merge S pieces in S-1 steps."""
    [g] = _plan(RGBA_GRAY, "float").groups
    assert interleave_cost(g, 8, AVX2) == 4 + 3 * 7
    assert interleave_cost(g, 4, AVX2) == 2 + 3 * 3
    assert interleave_cost(g, 8, SSE4) == 8 + 3 * 7
    assert interleave_cost(g, 8, AVX2, in_lanes=True) == 4 + 3 * 3  # llc: 9 shuffles


def test_in_lanes_byte_group_is_one_shuffle_per_member() -> None:
    """A factor-3 byte group read as two 128-bit windows (``spread.py``): one in-lane
    pshufb per member for both halves (a group of VF/2 lanes in 128 bits)."""
    [g] = _plan(LUMA, "i8").groups
    assert _gathers(g, 4, 1, 16, False) == 3


def test_full_power_of_two_store_transposes() -> None:
    """A factor-2 float store with both members: a transpose (an unpack per register
    and the halves put in order) where that is cheaper than gathering each piece."""
    [g] = _plan(STEREO, "float").groups
    assert g.is_store and interleave_cost(g, 8, AVX2) == 2 + 4
    assert interleave_cost(g, 2, AVX2) == 1 + 1  # one register: one join


@pytest.mark.parametrize("body,t,shape", [(RGBA_GRAY, "float", tailfold.ALONE), (STEREO, "float", tailfold.SHIFTED)])
def test_short_trip_shape_follows_the_vector_cost(body: str, t: str, shape: str) -> None:
    """``--tail fold`` at VF 8: where a vector iteration costs much more than the piece
    of one lane (the factor-4 float group's shuffles), the shifted tail takes the last
    iteration alone where it is the only one left (its test costs the other trip counts
    a branch); where a vector is cheap (the stereo store), the plain shifted tail."""
    fn = parse_module(struct_loop(body, t), "<test>").functions["f"]
    _, (r,) = vectorize_loops(fn, LoopOptions(target="avx2", tail="fold"))
    fl = r.vector
    assert isinstance(fl, FoldedLoop) and r.vf == 8, r.line()
    assert (fl.tail_test is not None) == (shape == tailfold.ALONE), r.line()
    assert fl.tail is not None and fl.pairs


def test_tail_shapes() -> None:
    """The shapes a map with groups may take, the default first (the last iteration
    alone up to 4 lanes), and why a shape is declined."""
    plan = _plan(STEREO, "float")
    assert tailfold.tail_shapes(plan, 8) == [tailfold.SHIFTED, tailfold.ALONE, tailfold.PAIRS, tailfold.PIECES]
    assert tailfold.tail_shapes(plan, 4)[0] == tailfold.ALONE
