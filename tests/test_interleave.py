"""The interleaved load combine (transforms/interleave): the shapes it combines, each
result proved by the refinement check and run natively next to its input; what it
declines, and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from transforms.interleave import combine
from transforms.interleave.combine import find_groups
from vecverify.app.fuzz import native
from vecverify.checker import check_pair
from vecverify.ir.function import Function
from vecverify.ir.values import Load, ShuffleVector
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions

SEED = Path(__file__).parent.parent / "corpus" / "paper" / "seed004_interleaved_ld_combine.srctgt.ll"


def _fn(text: str) -> Function:
    return parse_module(text, "<test>").functions["f"]


def _combined(fn: Function) -> Function:
    """The combined function, proved correct and run natively against ``fn``."""
    result = combine(fn)
    assert result is not None, find_groups(fn)[1]
    assert check_pair(fn, result.function, CheckOptions()).status == "correct"
    if native.available():
        from vecverify.execute.memory_runs import compare_on_memory

        runs = compare_on_memory(fn, result.function, 8, 0)
        assert runs.runs > 0 and not runs.mismatches, runs.mismatches
    return result.function


def _declined(fn: Function) -> list[str]:
    assert combine(fn) is None
    return find_groups(fn)[1]


def test_the_seeds_example_becomes_one_wide_load_and_four_strided_shuffles() -> None:
    mod = parse_module(SEED.read_text(), str(SEED))
    src, want = mod.functions["src"], mod.functions["tgt"]
    got = _combined(src)
    loads = [i for i in got.instructions() if isinstance(i, Load)]
    assert [str(x.type) for x in loads] == ["<16 x float>"] and loads[0].align == 16
    assert loads[0].operands[0].name == "gep1"
    masks = [i.mask for i in got.instructions() if isinstance(i, ShuffleVector)]
    assert masks == [(j, j + 4, j + 8, j + 12) for j in range(4)]
    assert [i.opcode for i in got.instructions()] == [i.opcode for i in want.instructions()]


def _factor2(pre: str = "", between: str = "", align2: int = 4, args: str = "ptr %p, ptr noalias %o") -> str:
    return f"""
define void @f({args}) {{
  {pre}
  %l0 = load <4 x i32>, ptr %p, align 4
  {between}
  %q = getelementptr inbounds i32, ptr %p, i64 4
  %l1 = load <4 x i32>, ptr %q, align {align2}
  %e = shufflevector <4 x i32> %l0, <4 x i32> %l1, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %d = shufflevector <4 x i32> %l0, <4 x i32> %l1, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %s = add <4 x i32> %e, %d
  store <4 x i32> %s, ptr %o, align 4
  ret void
}}"""


def test_factor_2_with_a_store_elsewhere_between_the_loads() -> None:
    got = _combined(_fn(_factor2(between="store i32 7, ptr %o, align 4")))
    assert [str(i.type) for i in got.instructions() if isinstance(i, Load)] == ["<8 x i32>"]
    masks = [i.mask for i in got.instructions() if isinstance(i, ShuffleVector)]
    assert masks == [(0, 2, 4, 6), (1, 3, 5, 7)]


@pytest.mark.parametrize(("between", "args", "why"), [
    ("store i32 7, ptr %o, align 4", "ptr %p, ptr %o", "a store between the loads may write"),
    ("call void @g()", "ptr %p, ptr noalias %o", "a call of @g between the loads may write memory"),
])
def test_declines_when_the_bytes_may_change_between_the_loads(between: str, args: str, why: str) -> None:
    text = _factor2(between=between, args=args) + "\ndeclare void @g()\n"
    assert any(why in r for r in _declined(_fn(text)))


def test_declines_loads_of_different_alignment() -> None:
    assert any("different alignments" in r for r in _declined(_fn(_factor2(align2=16))))


def _members(f: int, n: int, t: str, members: list[int], gep: str = "scalar", base: str = "%p") -> str:
    vt = f"<{n} x {t}>"
    lines = []
    for m in range(f):
        ptr = base
        if m:
            ptr = f"%q{m}"
            idx = f"{vt}, ptr {base}, i64 {m}" if gep == "vector" else f"{t}, ptr {base}, i64 {m * n}"
            lines.append(f"{ptr} = getelementptr inbounds {idx}")
        lines.append(f"%l{m} = load {vt}, ptr {ptr}, align 4")
    for j in members:
        acc = "%l0"
        want = [j + f * k for k in range(n)]
        for m in range(1, f):
            picks = [k if e < m * n else (n + e - m * n if e < (m + 1) * n else "poison") for k, e in enumerate(want)]
            if m == 1:
                picks = [e if e < 2 * n else "poison" for e in want]
            mask = ", ".join(f"i32 {x}" for x in picks)
            lines.append(f"%c{j}_{m} = shufflevector {vt} {acc}, {vt} %l{m}, <{n} x i32> <{mask}>")
            acc = f"%c{j}_{m}"
        lines.append(f"%o{j} = getelementptr inbounds {t}, ptr %out, i64 {j * n}")
        lines.append(f"store {vt} {acc}, ptr %o{j}, align 4")
    body = "\n  ".join(lines)
    return f"define void @f(ptr %p, ptr noalias %out, i64 %i) {{\n  {body}\n  ret void\n}}"


@pytest.mark.parametrize(("f", "n", "t"), [(3, 3, "i32"), (4, 2, "i16"), (2, 16, "i8"), (3, 4, "float"),
                                           (4, 4, "double")])
def test_factors_and_types(f: int, n: int, t: str) -> None:
    got = _combined(_fn(_members(f, n, t, list(range(f)))))
    assert [str(i.type) for i in got.instructions() if isinstance(i, Load)] == [f"<{f * n} x {t}>"]
    assert sum(isinstance(i, ShuffleVector) for i in got.instructions()) == f


def test_a_variable_base_offset() -> None:
    text = _members(2, 4, "i32", [0, 1]).replace("%q1 = getelementptr inbounds i32, ptr %p, i64 4",
                                                  "%q1 = getelementptr inbounds i32, ptr %b, i64 4")
    text = text.replace("load <4 x i32>, ptr %p,", "load <4 x i32>, ptr %b,").replace(
        "  %l0", "  %b = getelementptr inbounds i32, ptr %p, i64 %i\n  %l0", 1)
    _combined(_fn(text))


def test_declines_a_group_with_a_member_missing() -> None:
    assert combine(_fn(_members(4, 4, "i32", [0, 1, 3]))) is None


def test_leaves_an_already_wide_group_alone() -> None:
    """One wide load already de-interleaved (the loop vectorizer's interleave groups):
    nothing to combine (it was once rewritten into itself and reported as combined)."""
    text = """
define void @f(ptr %p, ptr %out) {
  %w = load <8 x i32>, ptr %p, align 4
  %a = shufflevector <8 x i32> %w, <8 x i32> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %b = shufflevector <8 x i32> %w, <8 x i32> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %s = add <4 x i32> %a, %b
  store <4 x i32> %s, ptr %out, align 4
  ret void
}"""
    assert combine(_fn(text)) is None


def test_declines_a_vector_stepped_getelementptr_over_a_padded_vector() -> None:
    """A <3 x i32> occupies 16 bytes: getelementptr <3 x i32> leaves gaps, so those loads
    are not consecutive (the address analysis would count 12)."""
    assert combine(_fn(_members(2, 3, "i32", [0, 1], gep="vector"))) is None


_HALF = """
define void @f(ptr {attrs} %p, ptr noalias %out) {{
  %l0 = load <2 x i32>, ptr %p, align 4
  %e = shufflevector <2 x i32> %l0, <2 x i32> poison, <2 x i32> <i32 0, i32 poison>
  %d = shufflevector <2 x i32> %l0, <2 x i32> poison, <2 x i32> <i32 1, i32 poison>
  %e0 = extractelement <2 x i32> %e, i32 0
  %d0 = extractelement <2 x i32> %d, i32 0
  store i32 %e0, ptr %out, align 4
  %o1 = getelementptr inbounds i32, ptr %out, i64 1
  store i32 %d0, ptr %o1, align 4
  ret void
}}"""


def test_the_wide_load_reads_only_what_the_loads_read_or_what_is_dereferenceable() -> None:
    """Members whose second lanes are poison (only lane 0 is stored: native runs cannot
    compare poison bytes): the wide load <4 x i32> would read 8 bytes no load reads;
    combined only where %p is dereferenceable for them."""
    assert any("bytes the loads do not" in r for r in _declined(_fn(_HALF.format(attrs=""))))
    _combined(_fn(_HALF.format(attrs="dereferenceable(16)")))


# ----------------------------------------------------------------------------- the property


def test_shuffle_trees_are_combined_exactly_when_every_member_is_there() -> None:
    """On generated shuffle trees (factors 2..4, chain/balanced/seed trees, every element
    type, members in any order, some groups with members missing): the transform
    combines the complete groups into one wide load, the proof says correct and native
    runs agree; a group with a member missing is left alone."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from properties.kernel import Kernel
    from properties.strategies import KernelProfile, kernels
    from transforms.registry import get
    from vecverify.app.fuzz.pipeline import run_program

    transform = get("interleave")

    @settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(kernels(KernelProfile(shuffle_trees=1.0, gaps=True, max_lanes=8)), st.integers(0, 2**32 - 1))
    def prop(kernel: Kernel, seed: int) -> None:
        shape = kernel.shuffles
        assert shape is not None
        out = run_program(kernel, transform, seed)
        complete = len(shape.member_list) == shape.factor
        assert out.declined == (not complete), kernel.describe()
        if complete:
            assert out.failure == "" and out.proof == "correct", f"{kernel.describe()}\n{out.message}\n{out.text}"
            tgt = out.text.split("@tgt")[1]
            assert tgt.count("= load") == 1 and f"<{shape.factor * shape.lanes} x {kernel.elem}>" in tgt
            if native.available():
                assert out.native_runs > 0

    prop()


def test_vectorize_applies_the_combine_and_names_the_group(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vecverify.app.cli import main

    src = tmp_path / "seed.ll"
    src.write_text(SEED.read_text().split("define void @tgt")[0])
    out = tmp_path / "out.ll"
    assert main(["vectorize", str(src), "-o", str(out), "--verify", "--exec", "4"]) == 0
    printed = capsys.readouterr().out
    assert "@src: interleaved load combine, factor 4, 4 x <4 x float> -> <16 x float>" in printed
    assert "Transformation seems to be correct!" in printed
    assert "load <16 x float>" in out.read_text()
