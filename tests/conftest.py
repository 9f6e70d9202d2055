"""Shared helpers for the test suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# The suite draws the same examples on every run (a gate must not pass or fail by luck,
# and solver time depends on the example); exploring is the fuzz campaign's job, or set
# VECVERIFY_HYPOTHESIS=explore to let the suite's properties draw afresh. No deadline per
# example: a time limit would make the gate fail on a loaded machine (a 2.5 ms example
# took 273 ms at load 9 and failed the suite as "flaky"), and speed has benchmarks.
settings.register_profile("suite", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("VECVERIFY_HYPOTHESIS", "suite"))

# The suite's `vecverify` subprocesses run cold, never on a server the user may have
# running (tests/test_server.py starts one of its own).
os.environ["VECVERIFY_SERVER"] = "off"
# Query limits count CPU time (refine.limits_count_cpu_time), in this process and in the
# `vecverify` subprocesses it starts: a machine loaded by other work slows the suite down
# but does not turn its proofs into timeouts (each limit is still capped in wall time).
os.environ.setdefault("VECVERIFY_CLOCK", "cpu")

from vecverify.llvm import parse_module  # noqa: E402  (after the profile: imports draw nothing)
from vecverify.refine import CheckOptions, Verdict, check_refinement  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
ALIVE2_SUITE = SHARED / "conformance" / "alive2"


def check_text(text: str, **options: object) -> Verdict:
    """Check @src against @tgt in one module's text."""
    module = parse_module(text, "test.ll")
    return check_refinement(module.functions["src"], module.functions["tgt"], CheckOptions(**options))  # type: ignore[arg-type]


@pytest.fixture
def check():
    return check_text


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``gate`` (minutes each) are .ci/run's steps of their own: the suite
    deselects them unless VECVERIFY_LOOP_PROPERTY is set (a skip would read as something
    missing)."""
    if os.environ.get("VECVERIFY_LOOP_PROPERTY"):
        return
    gate = [item for item in items if item.get_closest_marker("gate")]
    if gate:
        config.hook.pytest_deselected(items=gate)
        items[:] = [item for item in items if not item.get_closest_marker("gate")]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Under pytest-xdist (./dev test runs two workers), a worker hands its tallies to the
    controller, which prints the summary."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        from properties.crosscheck import TALLIES

        workeroutput["crosscheck_tallies"] = {f: dict(t.counts) for f, t in TALLIES.items()}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """(pytest-xdist, on the controller) a worker's tallies, added to the controller's."""
    from properties.crosscheck import TALLIES, Tally

    for family, counts in getattr(node, "workeroutput", {}).get("crosscheck_tallies", {}).items():
        tally = TALLIES.setdefault(family, Tally())
        for key, n in counts.items():
            tally.add(key, n)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The native cross-check's tally per instruction family: how much was compared and
    how much skipped (UB, all lanes poison)."""
    from properties.crosscheck import TALLIES

    if TALLIES:
        terminalreporter.section("semantics vs native: compared and skipped")
        for family, tally in sorted(TALLIES.items()):
            terminalreporter.write_line(f"{family:>20}: {tally.summary()}")
