"""The property: for every registered transform, on generated kernels, the transform
declines or its result is proved correct, and native runs of both agree."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from properties.kernel import Kernel
from properties.strategies import KernelProfile, kernels
from vecverify.fuzz import native
from vecverify.fuzz.pipeline import run_program
from vecverify.fuzz.transforms import known_names, resolve

COUNTS: Counter[tuple[str, str]] = Counter()


@pytest.mark.parametrize("name", known_names())
def test_transform_refines_on_generated_kernels(name: str) -> None:
    transform = resolve(name)

    profile = KernelProfile(types=getattr(transform, "suite_types", ()) or None)

    @settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(kernels(profile), st.integers(0, 2**32 - 1))
    def prop(kernel: Kernel, seed: int) -> None:
        out = run_program(kernel, transform, seed, timeout_ms=60_000)
        if out.declined:
            COUNTS[(name, "declined")] += 1
            return
        COUNTS[(name, "proved")] += 1
        assert out.failure == "", f"{kernel.describe()}\n{out.message}\n{out.text}"
        assert out.proof == "correct"
        if native.available():
            assert out.native_runs > 0

    prop()
