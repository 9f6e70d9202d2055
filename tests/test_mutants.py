"""Every mutant (a deliberately wrong transform) is caught by the proof within a short
campaign, and natively when the bug changes values and native execution is available."""

from __future__ import annotations

import pytest

from vecverify.fuzz import native
from vecverify.fuzz.mutants import all_mutants, get_mutant, survey
from vecverify.fuzz.transforms import known_names

MUTANTS = [m.name for m in all_mutants()]


def test_every_registered_transform_has_at_least_two_mutants() -> None:
    for t in known_names():
        assert sum(m.startswith(t + ":") for m in MUTANTS) >= 2, t


@pytest.mark.parametrize("name", MUTANTS)
def test_mutant_is_caught(name: str) -> None:
    [row] = survey([name], max_examples=40, budget=30, seed=0)
    assert row.proof_seconds is not None, f"{name}: not caught by the proof in {row.programs} programs"
    if native.available() and get_mutant(name).native_visible:
        assert row.native == "caught", f"{name}: not caught natively in {row.programs} programs"
    elif not native.available():
        assert row.native == "unavailable"
