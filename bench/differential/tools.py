"""Both tools on a mutant, at the same limits: vecverify (in worker processes with a
wall-clock limit, ``vecverify.conformance.run_cases``; in this process for the
reducer's many small checks) and alive-tv (a process per file, invoked and read as
``bench alivetv`` does).

A verdict is ``correct``, ``incorrect`` or ``other`` (unsupported, failed to prove, a
timeout, an error), with the ERROR line or the reason.
"""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from bench.bench_alivetv import alive_tv_verdict, run_timed
from vecverify.app.conformance import categorize, run_cases
from vecverify.refine import CheckOptions
from vecverify.testfile import TestCase, load_case

_UNROLL = re.compile(r"--?(?:src|tgt)-unroll=(\d+)")


@dataclass(frozen=True)
class Limits:
    """What both tools are given: one unroll bound for source and target, the solver's
    time per query, and a wall-clock limit per file."""

    unroll: int = 4
    timeout_ms: int = 10_000
    file_timeout: float = 60.0

    def for_args(self, test_args: list[str]) -> Limits:
        """A file's TEST-ARGS unroll bound (the larger of source and target) replaces ours."""
        bounds = [int(m.group(1)) for a in test_args if (m := _UNROLL.fullmatch(a))]
        return replace(self, unroll=max(bounds)) if bounds else self

    def check_options(self) -> CheckOptions:
        return CheckOptions(unroll=self.unroll, timeout_ms=self.timeout_ms)

    def alive_args(self, test_args: list[str]) -> list[str]:
        own = self.for_args(test_args)
        flags = [a for a in test_args if not _UNROLL.fullmatch(a)]
        return [*flags, f"-src-unroll={own.unroll}", f"-tgt-unroll={own.unroll}", f"-smt-to={self.timeout_ms}"]


@dataclass
class Verdict:
    verdict: str  # correct | incorrect | other
    detail: str = ""  # the ERROR line of an incorrect verdict, or why there is none
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)

    @property
    def decided(self) -> bool:
        return self.verdict in ("correct", "incorrect")


_CATEGORY = {"agree": "correct", "wrong": "incorrect"}


def from_category(category: str, got: str, seconds: float) -> Verdict:
    """A vecverify verdict from the conformance runner's category of a file that expects
    no error (agree: correct, wrong: incorrect)."""
    if category in _CATEGORY:
        return Verdict(_CATEGORY[category], got if category == "wrong" else "", seconds)
    return Verdict("other", f"{category}: {got}" if category == "timeout" else got, seconds)


def vecverify_batch(cases: list[TestCase], limits: Limits, jobs: int) -> list[Verdict]:
    outcomes = run_cases(cases, limits.check_options(), jobs, limits.file_timeout)
    return [from_category(cat, got, sec) for cat, got, sec in outcomes]


def vecverify_here(case: TestCase, limits: Limits) -> Verdict:
    """One file checked in this process, bounded by the file limit (the reducer's)."""
    from vecverify.compare import compare_case

    start = time.monotonic()
    options = replace(limits.check_options(), deadline=start + limits.file_timeout)
    try:
        results = compare_case(case, options)
        category, got = categorize(case, [(r.verdict.status, r.verdict.error, r.verdict.detail) for r in results])
    except Exception as e:  # never lose a reduction to one candidate
        category, got = "unsupported", f"internal error: {type(e).__name__}: {e}"
    return from_category(category, got, time.monotonic() - start)


def files_of(case: TestCase) -> list[str]:
    return [str(case.src_path)] if case.kind == "srctgt" else [str(case.src_path), str(case.tgt_path)]


def alive_tv(alive: str, case: TestCase, limits: Limits) -> Verdict:
    cmd = [alive, *limits.alive_args(case.test_args), *files_of(case)]
    seconds, out = run_timed(cmd, limits.file_timeout)
    verdict = alive_tv_verdict(out)
    warnings = sorted(set(re.findall(r"^WARNING: (.*)$", out, re.M)))
    errors = re.findall(r"^ERROR: (.*)$", out, re.M)
    if out == "timeout":
        detail = f"timeout: over {limits.file_timeout:g} s"
    elif verdict == "other":
        detail = errors[0] if errors else (out.strip().splitlines() or ["no output"])[-1]
    else:
        detail = f"ERROR: {errors[0]}" if verdict == "incorrect" and errors else ""
    return Verdict(verdict, detail, seconds, warnings)


def alive_tv_batch(alive: str, cases: list[TestCase], limits: Limits, jobs: int) -> list[Verdict]:
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(lambda c: alive_tv(alive, c, limits), cases))


def case_of(path: Path) -> TestCase:
    case = load_case(path)
    if case is None:
        raise ValueError(f"{path}: not a test file of the alive-tv protocol")
    return case
