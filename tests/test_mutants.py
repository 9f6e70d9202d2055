"""Every mutant (a deliberately wrong transform) is caught by the proof within a short
campaign, and natively unless it only adds poison (few, each saying why)."""

from __future__ import annotations

import pytest

from vecverify.app.fuzz import native
from vecverify.app.fuzz.mutants import all_mutants, get_mutant
from vecverify.app.fuzz.survey import survey
from vecverify.app.fuzz.transforms import known_names

MUTANTS = [m.name for m in all_mutants()]


def test_every_registered_transform_has_mutants_seen_by_both_witnesses() -> None:
    for t in known_names():
        mine = [m for m in all_mutants() if m.base == t]
        assert len(mine) >= 2, t
        assert sum(m.native_visible for m in mine) >= 2, t  # caught natively too


def test_poison_only_mutants_are_few_and_say_why() -> None:
    """Native runs cannot see added poison, nor a read past an array whose bytes are
    never used (an interleave group's unguarded gap), nor bytes written back with the
    value they hold (a gapped store group's gap: a store the source does not make)."""
    invisible = [m for m in all_mutants() if not m.native_visible]
    assert len(invisible) <= len(known_names())
    assert all(any(w in m.why for w in ("poison", "out-of-bounds", "the source does not make"))
               for m in invisible)


def test_every_transform_has_a_specific_mutant() -> None:
    """Beyond the generic drop-store/swap-lanes: a wrong rule of each built-in transform."""
    generic = ("drop-store", "swap-lanes")
    for t in ("reorder", "extension", "replacement", "shuffle", "slp", "interleave"):
        if t in known_names():
            assert any(m.base == t and m.name.split(":")[1] not in generic for m in all_mutants()), t


@pytest.mark.parametrize("name", MUTANTS)
def test_mutant_is_caught(name: str) -> None:
    [row] = survey([name], max_examples=40, budget=30, seed=0)
    assert row.proof_seconds is not None, f"{name}: not caught by the proof in {row.programs} programs"
    if not native.available():
        assert row.native == "unavailable"
    elif get_mutant(name).native_visible:
        assert row.native == "caught", f"{name}: not caught natively in {row.programs} programs"
    else:
        assert row.native == "poison only"
