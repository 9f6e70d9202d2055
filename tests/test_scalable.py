"""Scalable vectors: read at each vscale of the function's range, checked once per value
(vecverify/scalable.py), with the lane-moving intrinsics of vecverify/semantics/vectorops.py."""

from __future__ import annotations

import pytest

from vecverify.checker import check_pair
from vecverify.ir.vscale import VScaleRange
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions, check_refinement

OPTS = CheckOptions(timeout_ms=20_000)


def verdict(text: str, src: str = "src", tgt: str = "tgt"):
    m = parse_module(text)
    return check_pair(m.functions[src], m.functions[tgt], OPTS)


def test_ranges_follow_langref() -> None:
    assert VScaleRange.parse("1,16").values() == [1, 2, 4, 8, 16]  # a power of two (LangRef)
    assert VScaleRange.parse("2").values() == [2]
    assert VScaleRange.parse("2,0").values(8) == [2, 4, 8]
    assert VScaleRange.parse("2,0").bounded
    assert VScaleRange().values(5) == [1, 2, 3, 4, 5]  # no attribute: no assumption
    assert not VScaleRange.parse("1,16").allows(3) and VScaleRange().allows(3)
    assert "bounded" in VScaleRange().describe() and "bounded" not in VScaleRange.parse("1,4").describe()


PAIR = """
define {rt} @src(<vscale x 4 x i32> %a, <vscale x 4 x i32> %b) {attrs} {{
{src}
}}
define {rt} @tgt(<vscale x 4 x i32> %a, <vscale x 4 x i32> %b) {attrs} {{
{tgt}
}}
declare i32 @llvm.vscale.i32()
"""


def pair(src: str, tgt: str, rt: str = "i32", attrs: str = "vscale_range(1,4)") -> str:
    return PAIR.format(src=src, tgt=tgt, rt=rt, attrs=attrs)


SPLICE = "  %s = call <vscale x 4 x i32> @llvm.vector.splice.right.nxv4i32(<vscale x 4 x i32> %a, <vscale x 4 x i32> %b, i32 1)\n"


def test_splice_first_lane_is_last_of_previous_vector() -> None:
    last_lane = ("  %v = call i32 @llvm.vscale.i32()\n  %n = shl i32 %v, 2\n  %l = sub i32 %n, 1\n"
                 "  %e = extractelement <vscale x 4 x i32> %a, i32 %l\n  ret i32 %e")
    v = verdict(pair(SPLICE + "  %e = extractelement <vscale x 4 x i32> %s, i32 0\n  ret i32 %e", last_lane))
    assert v.status == "correct", v
    assert v.vscale.startswith("for every vscale in 1..4 (vscale_range(1,4)")


def test_mask_ignoring_vscale_is_refuted_at_a_named_vscale() -> None:
    """Lane 3 is the last lane of the previous vector at vscale 1 only."""
    v = verdict(pair(SPLICE + "  %e = extractelement <vscale x 4 x i32> %s, i32 0\n  ret i32 %e",
                     "  %e = extractelement <vscale x 4 x i32> %a, i32 3\n  ret i32 %e"))
    assert v.status == "incorrect"
    assert v.vscale.startswith("at vscale 2,")


def test_lane_past_the_end_is_poison() -> None:
    """Lane 4 exists from vscale 2 on: at vscale 1 it is poison, so the source may be
    replaced by anything there but not at 2."""
    src = "  %e = extractelement <vscale x 4 x i32> %a, i32 4\n  ret i32 %e"
    assert verdict(pair(src, "  ret i32 poison", attrs="vscale_range(1,1)")).status == "correct"
    v = verdict(pair(src, "  ret i32 poison", attrs="vscale_range(1,2)"))
    assert v.status == "incorrect" and v.vscale.startswith("at vscale 2,")


def test_target_must_allow_every_vscale_of_the_source() -> None:
    text = pair("  ret i32 0", "  ret i32 0").replace(
        "@tgt(<vscale x 4 x i32> %a, <vscale x 4 x i32> %b) vscale_range(1,4)",
        "@tgt(<vscale x 4 x i32> %a, <vscale x 4 x i32> %b) vscale_range(1,2)")
    v = verdict(text)
    assert v.status == "incorrect" and v.error == "Function attributes not refined"


def test_without_vscale_range_every_vscale_up_to_the_bound() -> None:
    """No vscale_range: vscale 3 is possible (LangRef), and the verdict says its bound."""
    src = "  %v = call i32 @llvm.vscale.i32()\n  %r = and i32 %v, 1\n  ret i32 %r"
    v = verdict(pair(src, "  ret i32 0", attrs=""))
    assert v.status == "incorrect" and v.vscale.startswith("at vscale 1,")
    even = "  %v = call i32 @llvm.vscale.i32()\n  %w = shl i32 %v, 1\n  %r = and i32 %w, 1\n  ret i32 %r"
    ok = check_pair(*(parse_module(pair(even, "  ret i32 0", attrs="")).functions[f] for f in ("src", "tgt")),
                    CheckOptions(vscale_max=5))
    assert ok.status == "correct"
    assert "every vscale in 1..5 (no vscale_range" in ok.vscale and "bounded" in ok.vscale


# Each intrinsic against the same lanes written with fixed shuffles, at vscale 1 and 2
# (a scalable vector of 2 lanes read at vscale v has 2v lanes).
FIXED = {
    1: "<2 x i32>", 2: "<4 x i32>",
}


@pytest.mark.parametrize(("call", "mask1", "mask2"), [
    ("@llvm.vector.splice.right.nxv2i32(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b, i32 1)",
     "<i32 1, i32 2>", "<i32 3, i32 4, i32 5, i32 6>"),
    ("@llvm.vector.splice.left.nxv2i32(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b, i32 1)",
     "<i32 1, i32 2>", "<i32 1, i32 2, i32 3, i32 4>"),
    ("@llvm.vector.reverse.nxv2i32(<vscale x 2 x i32> %a)", "<i32 1, i32 0>", "<i32 3, i32 2, i32 1, i32 0>"),
])
def test_lane_moves_against_shuffles(call: str, mask1: str, mask2: str) -> None:
    for vscale, mask in ((1, mask1), (2, mask2)):
        t = FIXED[vscale]
        text = f"""
define <vscale x 2 x i32> @src(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b) vscale_range({vscale},{vscale}) {{
  %r = call <vscale x 2 x i32> {call}
  ret <vscale x 2 x i32> %r
}}
define {t} @ref({t} %a, {t} %b) {{
  %r = shufflevector {t} %a, {t} %b, {t.replace('i32', 'i32')} {mask}
  ret {t} %r
}}
"""
        m = parse_module(text.replace(f"{t} {mask}", f"<{len(mask.split(','))} x i32> {mask}"))
        src = m.functions["src"].scalable.at(vscale)  # type: ignore[union-attr]
        # (the instance against fixed lanes: the semantics alone, no per-vscale pairing)
        v = check_refinement(src, m.functions["ref"], OPTS)
        assert v.status == "correct", (call, vscale, v)


def test_interleave_deinterleave_round_trip_and_lanes() -> None:
    text = """
define <vscale x 2 x i32> @src(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b) vscale_range(1,4) {
  %i = call <vscale x 4 x i32> @llvm.vector.interleave2.nxv4i32(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b)
  %d = call { <vscale x 2 x i32>, <vscale x 2 x i32> } @llvm.vector.deinterleave2.nxv4i32(<vscale x 4 x i32> %i)
  %o = extractvalue { <vscale x 2 x i32>, <vscale x 2 x i32> } %d, 1
  ret <vscale x 2 x i32> %o
}
define <vscale x 2 x i32> @tgt(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b) vscale_range(1,4) {
  ret <vscale x 2 x i32> %b
}
define <vscale x 2 x i32> @tgt2(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b) vscale_range(1,4) {
  ret <vscale x 2 x i32> %a
}
define i32 @src3(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b) vscale_range(1,4) {
  %i = call <vscale x 4 x i32> @llvm.vector.interleave2.nxv4i32(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b)
  %e = extractelement <vscale x 4 x i32> %i, i64 3
  ret i32 %e
}
define i32 @tgt3(<vscale x 2 x i32> %a, <vscale x 2 x i32> %b) vscale_range(1,4) {
  %e = extractelement <vscale x 2 x i32> %b, i64 1
  ret i32 %e
}
"""
    m = parse_module(text)
    f = m.functions
    assert check_pair(f["src"], f["tgt"], OPTS).status == "correct"
    assert check_pair(f["src"], f["tgt2"], OPTS).status == "incorrect"
    assert check_pair(f["src3"], f["tgt3"], OPTS).status == "correct"


def test_vector_insert_extract_scale_their_index() -> None:
    """A scalable subvector's index is scaled by vscale; a fixed one's is not."""
    text = """
define <vscale x 2 x i32> @src(<vscale x 4 x i32> %a) vscale_range(1,4) {
  %e = call <vscale x 2 x i32> @llvm.vector.extract.nxv2i32.nxv4i32(<vscale x 4 x i32> %a, i64 2)
  ret <vscale x 2 x i32> %e
}
define <vscale x 2 x i32> @tgt(<vscale x 4 x i32> %a) vscale_range(1,4) {
  %d = call { <vscale x 2 x i32>, <vscale x 2 x i32> } @llvm.vector.deinterleave2.nxv4i32(<vscale x 4 x i32> %a)
  %i = call <vscale x 4 x i32> @llvm.vector.interleave2.nxv4i32(<vscale x 2 x i32> poison, <vscale x 2 x i32> poison)
  %h = call <vscale x 2 x i32> @llvm.vector.extract.nxv2i32.nxv4i32(<vscale x 4 x i32> %a, i64 2)
  ret <vscale x 2 x i32> %h
}
define i32 @src2(<vscale x 4 x i32> %a, <4 x i32> %s) vscale_range(1,4) {
  %i = call <vscale x 4 x i32> @llvm.vector.insert.nxv4i32.v4i32(<vscale x 4 x i32> %a, <4 x i32> %s, i64 0)
  %e = extractelement <vscale x 4 x i32> %i, i64 3
  ret i32 %e
}
define i32 @tgt2(<vscale x 4 x i32> %a, <4 x i32> %s) vscale_range(1,4) {
  %e = extractelement <4 x i32> %s, i64 3
  ret i32 %e
}
define <vscale x 2 x i32> @src4(<vscale x 4 x i32> %a) vscale_range(2,2) {
  %e = call <vscale x 2 x i32> @llvm.vector.extract.nxv2i32.nxv4i32(<vscale x 4 x i32> %a, i64 2)
  ret <vscale x 2 x i32> %e
}
define <vscale x 2 x i32> @tgt4(<vscale x 4 x i32> %a) vscale_range(2,2) {
  %s = shufflevector <vscale x 4 x i32> %a, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %e = call <vscale x 2 x i32> @llvm.vector.extract.nxv2i32.nxv4i32(<vscale x 4 x i32> %a, i64 0)
  ret <vscale x 2 x i32> %e
}
"""
    f = parse_module(text).functions
    assert check_pair(f["src"], f["tgt"], OPTS).status == "correct"
    assert check_pair(f["src2"], f["tgt2"], OPTS).status == "correct"
    v = check_pair(f["src4"], f["tgt4"], OPTS)  # the upper half (lanes 4..7 at vscale 2) is not the lower
    assert v.status == "incorrect" and v.vscale.startswith("at vscale 2,")


def test_unchecked_read_is_refused() -> None:
    """The copy a plain read makes (vscale 1) is never checked as it is."""
    from vecverify.refine import check_refinement

    f = parse_module(pair("  ret i32 0", "  ret i32 0")).functions
    v = check_refinement
    with pytest.raises(Exception, match="scalable vectors outside a check per vscale"):
        v(f["src"], f["tgt"], OPTS)


@pytest.mark.skipif(__import__("vecverify.toolchain", fromlist=["tool_path"]).tool_path("opt") is None,
                    reason="opt-22 is not installed")
def test_opt_tv_on_llvm_sve_loop_vectorize_test(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """LLVM's sve-low-trip-count.ll through opt-22's loop-vectorize (its RUN line): the
    tail-folded SVE loop proved for every trip count and every vscale of 1..16."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    data = Path(__file__).parent / "data" / "llvm" / "LoopVectorize" / "AArch64" / "sve-low-trip-count.ll"
    done = subprocess.run([sys.executable, "-m", "vecverify.app.cli", "opt-tv", str(data), "--unroll", "8",
                           "--json", str(tmp_path / "r.json")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    functions = {f["name"]: f for f in json.loads((tmp_path / "r.json").read_text())["files"][0]["functions"]}
    assert functions["trip7_i64"]["status"] == "correct"
    assert functions["trip7_i64"]["vscale"] == "for every vscale in 1..16 (vscale_range(1,16): powers of two)"
    assert "every vscale in 1..16" in done.stdout


def test_vscale_constant_folds_loop_steps() -> None:
    """LoopVectorize's step ``vscale x N`` is a constant in a function read at one vscale."""
    from vecverify.ir.vscale import vscale_constant

    text = """
define i64 @f(i64 %x) vscale_range(1,16) {
  %v = call i64 @llvm.vscale.i64()
  %s = shl nuw i64 %v, 2
  %t = mul i64 %s, 3
  %u = add i64 %t, %x
  ret i64 %u
}
"""
    fn = parse_module(text).functions["f"].scalable.at(4)  # type: ignore[union-attr]
    by_name = {i.name: i for i in fn.instructions()}
    assert vscale_constant(by_name["s"]) == 16 and vscale_constant(by_name["t"]) == 48
    assert vscale_constant(by_name["u"]) is None  # depends on %x


def test_fixed_and_scalable_signatures_differ_at_every_vscale() -> None:
    text = """
define <4 x i32> @src(<4 x i32> %a) vscale_range(1,1) {
  ret <4 x i32> %a
}
define <vscale x 4 x i32> @tgt(<vscale x 4 x i32> %a) vscale_range(1,1) {
  ret <vscale x 4 x i32> %a
}
"""
    v = verdict(text)
    assert v.status == "error" and "signature mismatch" in v.detail


def test_vscale_max_option_bounds_functions_without_vscale_range(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    f = tmp_path / "nr.ll"
    f.write_text("""
define i32 @src() {
  %v = call i32 @llvm.vscale.i32()
  %r = urem i32 %v, 3
  ret i32 %r
}
define i32 @tgt() {
  %v = call i32 @llvm.vscale.i32()
  %r = and i32 %v, 1
  ret i32 %r
}
""")

    def run(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "vecverify.app.cli", "check", str(f), *extra],
                              capture_output=True, text=True, timeout=300)

    one = run("--vscale-max", "1")
    assert one.returncode == 0 and "(for every vscale in 1 (no vscale_range" in one.stdout, one.stdout
    default = run()
    assert default.returncode == 1 and "(at vscale 2, one of every vscale in 1..16" in default.stdout
