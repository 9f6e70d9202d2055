"""The property: for every registered transform, on generated kernels, the transform
declines or its result is proved correct, and native runs of both agree; and each
transform does change some of the kernels drawn for it (else nothing was tested)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from properties.kernel import Kernel
from properties.strategies import KernelProfile, kernels
from vecverify.app.fuzz import native
from vecverify.app.fuzz.pipeline import run_program
from vecverify.app.fuzz.transforms import known_names, resolve


def suite_profile(transform: object) -> KernelProfile:
    """The transform's fuzz profile (shapes it applies to), limited to the element types
    the suite draws for it."""
    fields = dict(getattr(transform, "fuzz_profile", None) or {})
    types = getattr(transform, "suite_types", ())
    if types:
        fields["types"] = tuple(types)
    return KernelProfile(**fields)


# The transforms of straight-line kernels; the loop vectorizer draws loop kernels of its
# own (tests/test_fuzz.py's loop campaign, tests/test_loop_kernels.py).
STRAIGHT_LINE = [n for n in known_names() if resolve(n).fuzz_kernels is None]


def test_every_transform_is_covered_by_a_property() -> None:
    assert set(known_names()) - set(STRAIGHT_LINE) == {"loop", "loop-fold"}


@pytest.mark.parametrize("name", STRAIGHT_LINE)
def test_transform_refines_on_generated_kernels(name: str) -> None:
    transform = resolve(name)
    counts: Counter[str] = Counter()

    @settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(kernels(suite_profile(transform)), st.integers(0, 2**32 - 1))
    def prop(kernel: Kernel, seed: int) -> None:
        out = run_program(kernel, transform, seed, timeout_ms=60_000)
        if out.declined:
            counts["declined"] += 1
            return
        counts["changed"] += 1
        assert out.failure == "", f"{kernel.describe()}\n{out.message}\n{out.text}"
        assert out.proof == "correct"
        if native.available():
            assert out.native_runs > 0

    prop()
    assert counts["changed"] > 0, f"{name} declined all {counts['declined']} kernels"


# ----------------------------------------------------------------------------- extension and shuffle


def _run(kernel: Kernel, name: str):  # noqa: ANN202
    return run_program(kernel, resolve(name), 0)


def test_extension_extends_the_lanes_outside_the_group() -> None:
    from properties.kernel import Const, Load, Op

    k = Kernel("i32", (Op("mul", Load(0), Const(3), ("nsw",)), Load(1), Op("mul", Load(0), Const(5), ("nsw",))))
    out = _run(k, "extension")
    assert out.proof == "correct" and out.failure == ""
    assert "mul nuw nsw i32 %b1, 1" in out.text  # the group's flags: the rule with all flags
    # A float copy lane has no identity that is a refinement: declined.
    f = Kernel("float", (Op("fadd", Load(0), Const(1.0)), Load(0)))
    assert _run(f, "extension").declined


def test_shuffle_blends_two_opcodes_and_copy_lanes() -> None:
    from properties.kernel import Const, Load, Op

    k = Kernel("i16", (Op("add", Load(0), Load(1), ("nsw",)), Op("sub", Load(0), Load(1)),
                       Op("add", Load(0), Load(1), ("nsw",)), Op("sub", Load(0), Load(1))))
    out = _run(k, "shuffle")
    assert out.proof == "correct" and out.failure == ""
    tgt = out.text.split("define void @tgt")[1]
    assert tgt.count("shufflevector") == 1 and "add nsw <4 x i16>" in tgt and tgt.count("load <4 x i16>") == 2
    copy = Kernel("float", (Op("fadd", Load(0), Const(2.0)), Load(0), Op("fsub", Load(0), Const(0.5))))
    out = _run(copy, "shuffle")
    assert out.proof == "correct" and "fadd <3 x float>" in out.text and "fsub <3 x float>" in out.text


def test_shuffle_declines_what_it_cannot_do_soundly() -> None:
    from properties.kernel import Const, Load, Op

    # b is read by lane 0 only: a vector load of b could read past what the source reads.
    partial = Kernel("i32", (Op("add", Load(0), Load(1)), Load(0), Op("sub", Load(0), Const(1))))
    assert _run(partial, "shuffle").declined
    # A division in a lane the blend discards could divide by zero.
    div = Kernel("i32", (Op("udiv", Load(0), Const(2)), Op("lshr", Load(0), Const(1))))
    assert _run(div, "shuffle").declined
    # Fully isomorphic lanes are plain vectorization, not a blend.
    iso = Kernel("i32", (Op("add", Load(0), Const(1)), Op("add", Load(0), Const(1))))
    assert _run(iso, "shuffle").declined
