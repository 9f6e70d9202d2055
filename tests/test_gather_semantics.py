"""The semantics of llvm.masked.gather/scatter, llvm.get.active.lane.mask,
llvm.stepvector and vector getelementptr, through the refinement check: the rules
LangRef states (lane order of a scatter, masked-off lanes not accessed, the lane mask
computed without wrapping), each shown holding and its wrong variant refuted. The
native cross-checks of the same are the "gather/scatter" and "lane mask" families of
tests/test_semantics_vs_native.py."""

from __future__ import annotations

import pytest

from vecverify.checker import check_pair
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions

DECLS = """
declare <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr>, <2 x i1>, <2 x i32>)
declare void @llvm.masked.scatter.v2i32.v2p0(<2 x i32>, <2 x ptr>, <2 x i1>)
declare <4 x i1> @llvm.get.active.lane.mask.v4i1.i8(i8, i8)
declare <4 x i8> @llvm.stepvector.v4i8()
declare <2 x ptr> @llvm.masked.gather.v2p0.v2p0(<2 x ptr>, <2 x i1>, <2 x ptr>)
"""


def _status(src: str, tgt: str) -> str:
    mod = parse_module(src.replace("@f(", "@src(") + tgt.replace("@f(", "@tgt(") + DECLS, "<test>")
    return check_pair(mod.functions["src"], mod.functions["tgt"], CheckOptions(timeout_ms=30_000)).status


SCATTER_SAME_ADDRESS = """
define void @f(ptr %a, <2 x i32> %v) {
  %p = getelementptr inbounds i32, ptr %a, <2 x i64> <i64 1, i64 1>
  call void @llvm.masked.scatter.v2i32.v2p0(<2 x i32> %v, <2 x ptr> align 4 %p, <2 x i1> <i1 true, i1 true>)
  ret void
}
"""


@pytest.mark.parametrize(("lane", "status"), [(1, "correct"), (0, "incorrect")])
def test_a_scatter_to_one_address_leaves_the_highest_lane(lane: int, status: str) -> None:
    tgt = f"""
define void @f(ptr %a, <2 x i32> %v) {{
  %x = extractelement <2 x i32> %v, i32 {lane}
  %p = getelementptr inbounds i32, ptr %a, i64 1
  store i32 %x, ptr %p, align 4
  ret void
}}
"""
    assert _status(SCATTER_SAME_ADDRESS, tgt) == status


GATHER_ONE_LANE = """
define <2 x i32> @f(ptr %a, <2 x i32> %pass) {
  %p = getelementptr i32, ptr %a, <2 x i64> <i64 0, i64 100000>
  %r = call <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr> align 4 %p, <2 x i1> <i1 true, i1 false>, <2 x i32> %pass)
  ret <2 x i32> %r
}
"""


@pytest.mark.parametrize(("other", "status"), [("%pass", "correct"), ("poison", "incorrect")])
def test_a_masked_off_lane_is_not_read_and_takes_the_passthru(other: str, status: str) -> None:
    """Lane 1 points far out of bounds but is masked off: no UB, and its value is the
    passthru's lane (a target giving poison there is more poisonous)."""
    tgt = f"""
define <2 x i32> @f(ptr %a, <2 x i32> %pass) {{
  %x = load i32, ptr %a, align 4
  %r = insertelement <2 x i32> {other}, i32 %x, i32 0
  ret <2 x i32> %r
}}
"""
    assert _status(GATHER_ONE_LANE, tgt) == status


LANE_MASK = """
define <4 x i1> @f(i8 %b, i8 %n) {
  %r = call <4 x i1> @llvm.get.active.lane.mask.v4i1.i8(i8 %b, i8 %n)
  ret <4 x i1> %r
}
"""


def _icmp_of_stepvector(ext: str) -> str:
    w = 8 if ext == "" else 16
    conv = (f"  %bw = zext i8 %b to i{w}\n  %nw = zext i8 %n to i{w}\n  %sw = zext <4 x i8> %s to <4 x i{w}>\n"
            if ext else "")
    b, n, s = ("%bw", "%nw", "%sw") if ext else ("%b", "%n", "%s")
    return f"""
define <4 x i1> @f(i8 %b, i8 %n) {{
  %s = call <4 x i8> @llvm.stepvector.v4i8()
{conv}  %bi = insertelement <4 x i{w}> poison, i{w} {b}, i32 0
  %bs = shufflevector <4 x i{w}> %bi, <4 x i{w}> poison, <4 x i32> zeroinitializer
  %ni = insertelement <4 x i{w}> poison, i{w} {n}, i32 0
  %ns = shufflevector <4 x i{w}> %ni, <4 x i{w}> poison, <4 x i32> zeroinitializer
  %iv = add <4 x i{w}> %bs, {s}
  %r = icmp ult <4 x i{w}> %iv, %ns
  ret <4 x i1> %r
}}
"""


@pytest.mark.parametrize(("ext", "status"), [("zext", "correct"), ("", "incorrect")])
def test_the_lane_mask_compares_without_wrapping(ext: str, status: str) -> None:
    """``base + i < n`` in integers: as an i16 comparison of zero-extended values it
    holds; at i8, base + i wraps (base = 255, n = 255: lane 1 would be active)."""
    assert _status(LANE_MASK, _icmp_of_stepvector(ext)) == status


def test_a_vector_getelementptr_is_the_scalar_one_per_lane() -> None:
    src = """
define <2 x i32> @f(ptr %a, i64 %k) {
  %ki = insertelement <2 x i64> <i64 poison, i64 3>, i64 %k, i32 0
  %p = getelementptr inbounds i32, ptr %a, <2 x i64> %ki
  %r = call <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr> align 4 %p, <2 x i1> <i1 true, i1 true>, <2 x i32> poison)
  ret <2 x i32> %r
}
"""
    tgt = """
define <2 x i32> @f(ptr %a, i64 %k) {
  %p0 = getelementptr inbounds i32, ptr %a, i64 %k
  %p1 = getelementptr inbounds i32, ptr %a, i64 3
  %x0 = load i32, ptr %p0, align 4
  %x1 = load i32, ptr %p1, align 4
  %v = insertelement <2 x i32> poison, i32 %x0, i32 0
  %r = insertelement <2 x i32> %v, i32 %x1, i32 1
  ret <2 x i32> %r
}
"""
    assert _status(src, tgt) == "correct"
    assert _status(src, tgt.replace("%p1 = getelementptr inbounds i32, ptr %a, i64 3",
                                    "%p1 = getelementptr inbounds i32, ptr %a, i64 2")) == "incorrect"


def test_a_gather_of_pointers_is_unsupported_by_name() -> None:
    src = """
define <2 x ptr> @f(ptr %a) {
  %p = getelementptr ptr, ptr %a, <2 x i64> <i64 0, i64 1>
  %r = call <2 x ptr> @llvm.masked.gather.v2p0.v2p0(<2 x ptr> align 8 %p, <2 x i1> <i1 true, i1 true>, <2 x ptr> poison)
  ret <2 x ptr> %r
}
"""
    mod = parse_module(src.replace("@f(", "@src(") + src.replace("@f(", "@tgt(") + DECLS, "<test>")
    v = check_pair(mod.functions["src"], mod.functions["tgt"], CheckOptions())
    assert v.status == "unsupported" and "pointer" in v.detail
