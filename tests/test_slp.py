"""The SLP/SLP-M vectorizer: the paper's kernels, the legality checks, the code shapes,
and the property that every vectorized kernel is proved and runs like its source."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from properties.strategies import KernelProfile, kernels
from transforms.slp import SLPOptions, vectorize_function
from transforms.slp.address import Access, address_of, may_alias
from transforms.slp.corpus import PAPER, pair_text
from vecverify.checker import check_pair
from vecverify.cli import main
from vecverify.fuzz.pipeline import run_program
from vecverify.llvm import parse_module, print_function
from vecverify.refine import CheckOptions

# Kernel -> the vector width the vectorizer must reach (the paper's transforms apply).
PAPER_WIDTHS = {
    "figure1": 4, "seed000_foo": 4, "start_pass": 4, "intra16x16_plane_pred": 4, "gl_render_vb": 4,
    "add_red": 4, "box_uvcoord": 2, "max_red": 8,
}


def _vectorize(text: str, **opts: object):  # noqa: ANN202
    fn = next(iter(parse_module(text, "<test>").functions.values()))
    out, reports = vectorize_function(fn, SLPOptions(**opts))  # type: ignore[arg-type]
    return fn, out, reports


def _proved(src, tgt) -> None:  # noqa: ANN001
    verdict = check_pair(src, tgt, CheckOptions(timeout_ms=30_000))
    assert verdict.status == "correct", (verdict.error, print_function(tgt))


# ----------------------------------------------------------------------------- the paper


@pytest.mark.parametrize("source", sorted((PAPER / "src").glob("*.ll")), ids=lambda p: p.stem)
def test_paper_corpus_is_what_the_vectorizer_makes(source: Path) -> None:
    committed = (PAPER / f"{source.stem}.srctgt.ll").read_text()
    assert pair_text(source) == committed, "run: python -m transforms.slp.corpus (and review the diff)"
    width = PAPER_WIDTHS.get(source.stem)
    if width is not None:
        assert re.search(rf"<{width} x ", committed.split("@tgt", 1)[1]), f"not vectorized to {width} lanes"


def test_figure1_is_one_multiply() -> None:
    src, out, reports = _vectorize((PAPER / "src" / "figure1.ll").read_text())
    text = print_function(out)
    assert "mul <4 x i32> %1, <i32 1, i32 2, i32 3, i32 4>" in text
    assert "shl" not in text and reports[0].rules == ["binrep.shl-mul", "ext.mul"]
    _proved(src, out)


# ----------------------------------------------------------------------------- legality

STORES = """
define void @f(ptr {attrs} %a, ptr {attrs} %b) {{
  %b0 = load i32, ptr %b, align 4
  %x0 = add i32 %b0, 1
  store i32 %x0, ptr %a, align 4
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %b1 = load i32, ptr %pb1, align 4
  %x1 = add i32 %b1, 1
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  store i32 %x1, ptr %pa1, align 4
  %pb2 = getelementptr inbounds i32, ptr %b, i64 2
  %b2 = load i32, ptr %pb2, align 4
  %x2 = add i32 %b2, 1
  %pa2 = getelementptr inbounds i32, ptr %a, i64 2
  store i32 %x2, ptr %pa2, align 4
  %pb3 = getelementptr inbounds i32, ptr %b, i64 3
  %b3 = load i32, ptr %pb3, align 4
  %x3 = add i32 %b3, 1
  %pa3 = getelementptr inbounds i32, ptr %a, i64 3
  store i32 %x3, ptr %pa3, align 4
  ret void
}}
"""


def test_may_alias_pointers_block_the_loads() -> None:
    # a and b may overlap: the store to a[0] may change b[1], which is loaded after it.
    _, out, _ = _vectorize(STORES.format(attrs=""))
    assert out is None


def test_noalias_pointers_vectorize() -> None:
    src, out, _ = _vectorize(STORES.format(attrs="noalias"))
    assert out is not None and "add <4 x i32>" in print_function(out)
    _proved(src, out)


def test_in_place_update_vectorizes() -> None:
    # a[i] = a[i] + 1 (a may alias anything): each load comes before the store to its element.
    lines = ["define void @f(ptr %a) {"]
    for i in range(4):
        lines += [f"  %p{i} = getelementptr inbounds i32, ptr %a, i64 {i}", f"  %x{i} = load i32, ptr %p{i}, align 4",
                  f"  %y{i} = add i32 %x{i}, 1", f"  store i32 %y{i}, ptr %p{i}, align 4"]
    src, out, _ = _vectorize("\n".join(lines + ["  ret void", "}"]))
    assert out is not None and "load <4 x i32>" in print_function(out)
    _proved(src, out)


def test_consecutive_through_sext_of_add_nsw() -> None:
    m = parse_module("""
define void @f(ptr %a, i32 %i) {
  %j = add nsw i32 %i, 1
  %si = sext i32 %i to i64
  %sj = sext i32 %j to i64
  %p = getelementptr inbounds i32, ptr %a, i64 %si
  %q = getelementptr inbounds i32, ptr %a, i64 %sj
  store i32 0, ptr %p, align 4
  store i32 0, ptr %q, align 4
  ret void
}""", "<t>")
    insts = list(m.functions["f"].instructions())
    p, q = address_of(insts[3]), address_of(insts[4])
    assert p.distance(q) == 4
    assert not may_alias(Access(p, 4), Access(q, 4)) and may_alias(Access(p, 8), Access(q, 4))


# ----------------------------------------------------------------------------- code shapes


def _kernel(elem: str, lanes: list[str]) -> str:
    """out[i] = lanes[i] over x = a[i] (scalar IR per lane, %x is the loaded value)."""
    al = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "float": 4, "double": 8}[elem]
    lines = ["define void @k(ptr noalias %out, ptr noalias %a) {"]
    for i, expr in enumerate(lanes):
        lines.append(f"  %pa{i} = getelementptr inbounds {elem}, ptr %a, i64 {i}")
        lines.append(f"  %x{i} = load {elem}, ptr %pa{i}, align {al}")
        val = f"%x{i}"
        if expr != "x":
            lines.append(f"  %r{i} = " + expr.replace("X", f"%x{i}"))
            val = f"%r{i}"
        lines.append(f"  %po{i} = getelementptr inbounds {elem}, ptr %out, i64 {i}")
        lines.append(f"  store {elem} {val}, ptr %po{i}, align {al}")
    return "\n".join(lines + ["  ret void", "}"])


def test_alternate_opcodes_blend_with_one_shuffle() -> None:
    src, out, reports = _vectorize(_kernel("i32", ["add i32 X, 3", "sub i32 X, 5"] * 2),
                                   families=("shuffle",))
    text = print_function(out)
    assert "add <4 x i32>" in text and "sub <4 x i32>" in text
    assert "<4 x i32> <i32 0, i32 5, i32 2, i32 7>" in text
    _proved(src, out)


def test_float_copy_lane_is_blended_not_extended() -> None:
    # x * 1.0 is not x (NaN payloads): the copy lane must come from the loaded vector.
    src, out, reports = _vectorize(_kernel("float", ["fmul float X, 2.0", "x", "fmul float X, 2.0",
                                                     "fmul float X, 2.0"]))
    text = print_function(out)
    assert "shufflevector" in text and "shuffle.copy-blend" in reports[0].rules
    _proved(src, out)


def test_integer_division_lanes_are_never_alternated() -> None:
    _, out, _ = _vectorize(_kernel("i32", ["udiv i32 X, 3", "add i32 X, 1"] * 2), families=("shuffle",))
    assert out is None or "udiv <" not in print_function(out)


def test_external_user_reads_an_extract() -> None:
    text = _kernel("i32", ["mul i32 X, 5"] * 4).replace("  ret void\n}", "")
    text = text.replace("define void @k(ptr noalias %out, ptr noalias %a)",
                        "define i32 @k(ptr noalias %out, ptr noalias %a)")
    text += "  ret i32 %r2\n}"
    src, out, _ = _vectorize(text)
    body = print_function(out)
    assert "extractelement <4 x i32>" in body and "mul i32" not in body
    _proved(src, out)


def test_vf_is_halved_until_profitable_and_sse4_is_narrower() -> None:
    k = _kernel("i32", ["add i32 X, 1"] * 8)
    _, _, avx = _vectorize(k, target="avx2")
    _, _, sse = _vectorize(k, target="sse4")
    assert [r.lanes for r in avx] == [8] and [r.lanes for r in sse] == [4, 4]


def test_every_rule_the_vectorizer_uses_is_a_proved_rule() -> None:
    from transforms.registry import all_rules

    holding = {r.name for r in all_rules() if r.expected == "holds"}
    for source in (PAPER / "src").glob("*.ll"):
        _, _, reports = _vectorize(source.read_text())
        for r in reports:
            assert set(r.rules) - {"shuffle.copy-blend"} <= holding, r.rules


# ----------------------------------------------------------------------------- the property


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(kernels(KernelProfile(types=("i8", "i16", "i32", "i64"))))
def test_vectorized_kernels_are_proved_and_run_like_their_source(kernel) -> None:  # noqa: ANN001
    """Vectorize -> the refinement check proves it (or the vectorizer declined) -> native
    runs on random inputs agree on every lane the source defines."""
    from transforms.registry import get

    out = run_program(kernel, get("slp"), native_seed=0)
    assert not out.failure, (out.message, kernel.describe(), out.text)


# ----------------------------------------------------------------------------- the command


def test_vectorize_command_writes_verified_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, report = tmp_path / "out.ll", tmp_path / "r.json"
    code = main(["vectorize", str(PAPER / "src" / "figure1.ll"), "-o", str(out), "--verify",
                 "--json", str(report), "--target", "sse4"])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "stores 4 x i32 (full width)" in printed and "Transformation seems to be correct!" in printed
    assert "<4 x i32>" in out.read_text()
    data = json.loads(report.read_text())
    assert data["trees"][0]["rules"] == ["binrep.shl-mul", "ext.mul"] and data["verify"][0]["status"] == "correct"


@pytest.mark.parametrize("args", [["--target", "neon"], ["--max-depth", "0"], ["--transforms", "magic"]])
def test_vectorize_command_bad_options(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["vectorize", str(PAPER / "src" / "figure1.ll"), *args])
    code = exit_info.value.code
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
