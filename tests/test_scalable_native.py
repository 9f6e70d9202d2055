"""The semantics of scalable vectors against AArch64 SVE and RISC-V V under qemu (the
native witnesses for scalable code: properties/sve_crosscheck.py,
vecverify/execute/sve.py)."""

from __future__ import annotations

import pytest

from vecverify.execute.sve import RVV, missing

MISSING = missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"SVE witness: {MISSING}")


def test_every_family_agrees_with_sve_at_several_vscales() -> None:
    """One input per case at vscale 1, 2, 3 and 8 (3: a function without vscale_range may
    run at any vscale; 8: above qemu-user's default vector length, which sve-max-vq alone
    does not raise); every family is compared at least once."""
    from properties.sve_crosscheck import SveTally, cases, run_sve_batch

    tally = SveTally()
    all_cases = cases()
    run_sve_batch(all_cases, (1, 2, 3, 8), inputs=1, seed=25, tally=tally)
    for family in {c.family for c in all_cases}:
        assert tally.counts[f"family {family}"] > 0, (family, dict(tally.counts))
    for v in (1, 2, 3, 8):
        assert tally.counts[f"compared at vscale {v}"] > 50
    assert tally.counts["lanes compared"] > 1000


def test_a_wrong_semantics_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A splice one lane off (the mutant of the recurrence splice) disagrees with SVE."""
    from properties.sve_crosscheck import SveTally, cases, run_sve_batch
    from vecverify.semantics import core

    right = core.lookup("llvm.vector.splice.right")
    assert right is not None

    def off_by_one(ctx, inst, args):  # type: ignore[no-untyped-def]
        a, b, k = args
        return (a + b)[len(a) - 2: 2 * len(a) - 2]

    monkeypatch.setitem(core._REGISTRY, "llvm.vector.splice.right", off_by_one)
    splices = [c for c in cases() if c.family == "splice.right"]
    with pytest.raises(AssertionError, match="not allowed by the semantics"):
        run_sve_batch(splices, (2,), inputs=2, seed=1, tally=SveTally())


@pytest.mark.skipif(missing(RVV) is not None, reason=f"RISC-V V witness: {missing(RVV)}")
def test_every_family_agrees_with_riscv_v() -> None:
    """The same cases (but vectors of half) on RISC-V at VLEN 64 and 512 (vscale 1 and
    8; those of double at 8 only: qemu 7.2 has no Zve64d): a second machine's lowering
    of each operation."""
    from properties.sve_crosscheck import SveTally, cases, run_sve_batch, rvv_cases

    tally = SveTally()
    some = rvv_cases()
    run_sve_batch(some, (1, 8), inputs=1, seed=26, tally=tally, machine=RVV)
    assert {c.family for c in some} == {c.family for c in cases()}
    for family in {c.family for c in some}:
        assert tally.counts[f"family {family}"] > 0, (family, dict(tally.counts))
    assert tally.counts["compared at vscale 1"] > 50 and tally.counts["compared at vscale 8"] > 50
    assert tally.counts["not run at vscale 1"] == sum("x double>" in c.body for c in some) > 0
