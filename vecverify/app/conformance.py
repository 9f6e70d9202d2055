"""Scoring vecverify against Alive2's alive-tv suite (shared/conformance/alive2).

Each test case runs in a worker process with a wall-clock limit; a worker that runs over
is killed and replaced, and the case counts as a timeout. Categories, per the suite's
README: agree (same verdict, same ERROR kind), kind (both say incorrect, with a different
ERROR line), wrong (the opposite verdict: always a defect), unsupported (vecverify said
what it does not model), timeout (the wall-clock limit, or the solver gave up), xfail
(Alive2 itself is known to be wrong: not scored).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from queue import Empty
from typing import Any

from ..compare import compare_case
from ..pool import CONTEXT
from ..refine import CheckOptions
from ..testfile import TestCase, discover

# The folders the agreement target is measured on ("." is the suite's root).
SCORED_FOLDERS = (".", "vector", "bugs", "fp", "undef", "refinement", "loops", "bitcast")


def default_suite() -> Path:
    repo = Path(__file__).resolve().parents[2]  # vecverify/app/conformance.py -> the repository
    return repo.parent / "shared" / "conformance" / "alive2"


@dataclass
class CaseResult:
    file: str
    folder: str
    category: str
    expected: str
    got: str
    seconds: float


def categorize(case: TestCase, statuses: list[tuple[str, str | None, str]]) -> tuple[str, str]:
    """(category, what vecverify said) from the (status, error, detail) of each pair."""
    incorrect = [e for s, e, _ in statuses if s == "incorrect"]
    errors = [e for s, e, _ in statuses if s == "error" and e]  # a pair's error line (signatures)
    got = (
        f"ERROR: {incorrect[0]}"
        if incorrect
        else next((d or s for s, _, d in statuses if s != "correct"), "correct")
    )
    if errors and case.expected_error and not case.xfail and any(e.startswith(case.expected_error) for e in errors):
        return "agree", f"ERROR: {errors[0]}"
    if case.xfail:
        return "xfail", got
    if incorrect:
        if case.expected_error is None:
            return "wrong", got
        same = any(e and e.startswith(case.expected_error) for e in incorrect)
        return ("agree" if same else "kind"), got
    kinds = {s for s, _, _ in statuses}
    if kinds == {"correct"}:
        return ("agree" if case.expected_error is None else "wrong"), got
    if "failed" in kinds:
        return "timeout", got
    return "unsupported", got


def _run_one(case: TestCase, options: CheckOptions) -> tuple[str, str]:
    results = compare_case(case, options)
    return categorize(case, [(r.verdict.status, r.verdict.error, r.verdict.detail) for r in results])


def _worker(tasks: Any, done: Any, options: CheckOptions) -> None:
    while True:
        item = tasks.get()
        if item is None:
            return
        index, case = item
        start = time.monotonic()
        try:
            category, got = _run_one(case, options)
        except Exception as e:  # never lose the run to one file
            category, got = "unsupported", f"internal error: {type(e).__name__}: {e}"
        done.put((index, category, got, time.monotonic() - start))


def run_cases(
    cases: list[TestCase], options: CheckOptions, jobs: int, file_timeout: float, progress: Any = None
) -> list[tuple[str, str, float]]:
    """(category, got, seconds) per case, in order; workers killed past the time limit."""
    ctx = CONTEXT
    done: Any = ctx.Queue()
    results: dict[int, tuple[str, str, float]] = {}
    pending = list(enumerate(cases))[::-1]
    workers: dict[int, tuple[Any, Any, int | None, float]] = {}  # slot -> (proc, queue, task, start)

    def start_worker(slot: int) -> None:
        q = ctx.Queue()
        p = ctx.Process(target=_worker, args=(q, done, options), daemon=True)
        p.start()
        workers[slot] = (p, q, None, 0.0)

    def feed(slot: int) -> None:
        p, q, _, _ = workers[slot]
        if pending:
            index, case = pending.pop()
            q.put((index, case))
            workers[slot] = (p, q, index, time.monotonic())
        else:
            q.put(None)
            workers[slot] = (p, q, None, 0.0)

    for slot in range(max(1, jobs)):
        start_worker(slot)
        feed(slot)
    while len(results) < len(cases):
        try:
            index, category, got, seconds = done.get(timeout=0.2)
            results[index] = (category, got, seconds)
            if progress:
                progress()
            for slot, (_, _, task, _) in workers.items():
                if task == index:
                    feed(slot)
                    break
        except Empty:
            pass
        now = time.monotonic()
        for slot, (p, _, task, started) in list(workers.items()):
            if task is not None and now - started > file_timeout and task not in results:
                p.kill()
                p.join()
                results[task] = ("timeout", f"over {file_timeout:g} s", now - started)
                if progress:
                    progress()
                start_worker(slot)
                feed(slot)
    for p, q, _, _ in workers.values():
        q.put(None)
        p.join(timeout=1)
        if p.is_alive():
            p.kill()
    return [results[i] for i in range(len(cases))]


def collect(suite: Path, folders: list[str]) -> list[tuple[str, TestCase]]:
    out = []
    for folder in folders:
        d = suite / folder
        if not d.is_dir():
            continue
        for path in sorted(d.iterdir()):
            if path.is_file():
                cases = discover(path)
                out += [(folder, c) for c in cases]
    return out


def score(suite: Path, folders: list[str], options: CheckOptions, jobs: int = 2,
          file_timeout: float = 60.0, progress: Any = None,
          retry: CheckOptions | None = None) -> list[CaseResult]:
    """Each file's category; with ``retry``, the files that timed out are checked once
    more under those options (a longer limit: on a loaded machine a query near the limit
    times out, and a floor on agreement must not measure the load)."""
    cases = collect(suite, folders)
    outcomes = list(run_cases([c for _, c in cases], options, jobs, file_timeout, progress))
    again = [i for i, (cat, _, _) in enumerate(outcomes) if cat == "timeout"] if retry is not None else []
    if retry is not None and again:
        redone = run_cases([cases[i][1] for i in again], retry, jobs, 3 * file_timeout, None)
        for i, outcome in zip(again, redone, strict=True):
            outcomes[i] = outcome
    return [
        CaseResult(str(c.src_path.relative_to(suite)), folder, cat, f"ERROR: {c.expected_error}" if c.expected_error else "correct", got, round(sec, 3))
        for (folder, c), (cat, got, sec) in zip(cases, outcomes, strict=True)
    ]


CATEGORIES = ("agree", "kind", "wrong", "unsupported", "timeout", "xfail")


def tally(results: list[CaseResult]) -> dict[str, Counter[str]]:
    per: dict[str, Counter[str]] = {}
    for r in results:
        per.setdefault(r.folder, Counter())[r.category] += 1
    return per


@dataclass(frozen=True)
class Baseline:
    """The recorded floor (tests/data/conformance_baseline.json): the least agreement a
    landing may score, and the files where vecverify disagrees with Alive2 on purpose."""

    min_agree: int
    known_disagreements: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path) -> Baseline:
        data = json.loads(path.read_text())
        return cls(int(data["min_agree"]), dict(data.get("known_disagreements", {})))


def below_baseline(results: list[CaseResult], baseline: Baseline) -> list[str]:
    """What fails the floor, a line each: a wrong verdict not recorded as deliberate, an
    internal error, agreement under the floor. Empty when the run meets it."""
    failures = [f"wrong verdict: {r.file}: expected {r.expected}, got {r.got}" for r in results
                if r.category == "wrong" and r.file not in baseline.known_disagreements]
    failures += [f"internal error: {r.file}: {r.got}" for r in results if "internal error" in r.got]
    agree = sum(r.category == "agree" for r in results)
    if agree < baseline.min_agree:
        failures.append(f"agreement {agree} is below the recorded floor {baseline.min_agree}")
    return failures
