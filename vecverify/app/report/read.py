"""The JSON files the commands write, read into one ``Runs``: each file is recognised by
its shape (check, check of a folder, opt-tv, prove, fuzz, conformance, bench loop)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import InputError

# The solver's time limit per query each command uses when none is given.
DEFAULT_TIMEOUT_S = {"check": 10.0, "opt-tv": 10.0, "prove": 20.0}


@dataclass
class FileVerdicts:
    """One checked file: how many of its functions got each status."""
    source: str  # the JSON file it came from
    kind: str  # check | opt-tv
    file: str
    statuses: Counter[str] = field(default_factory=Counter)


@dataclass
class Timing:
    kind: str  # check | opt-tv | prove
    seconds: float
    status: str


@dataclass
class Speed:
    """bench loop: one kernel at one trip count, microseconds per version."""
    kernel: str
    trips: int
    times_us: dict[str, float]


@dataclass
class ConformanceRun:
    label: str
    categories: Counter[str]


@dataclass
class FuzzRun:
    label: str
    programs: dict[str, int]  # per transform
    findings: int


@dataclass
class Runs:
    files: list[FileVerdicts] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)  # unsupported / failed details
    timings: list[Timing] = field(default_factory=list)
    speeds: list[Speed] = field(default_factory=list)
    conformance: list[ConformanceRun] = field(default_factory=list)
    fuzz: list[FuzzRun] = field(default_factory=list)
    proofs: Counter[str] = field(default_factory=Counter)  # prove: result per row
    sources: list[tuple[str, str]] = field(default_factory=list)  # (path, kind)


def read_runs(paths: list[Path]) -> Runs:
    runs = Runs()
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise InputError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise InputError(f"{path}: not a JSON file vecverify writes ({e})") from None
        kind = _kind(data)
        if kind is None:
            raise InputError(f"{path}: not a JSON file of check, opt-tv, prove, fuzz, conformance or bench loop")
        runs.sources.append((str(path), kind))
        READERS[kind](runs, data, path)
    return runs


def _kind(data: Any) -> str | None:
    if isinstance(data, list):
        return "conformance" if data and all(isinstance(r, dict) and "category" in r for r in data) else None
    if not isinstance(data, dict):
        return None
    if "kernels" in data and "trip_counts" in data:
        return "bench-loop"
    if "transforms" in data and "programs" in data and "seed" in data:
        return "fuzz"
    results, files = data.get("results"), data.get("files")
    if isinstance(results, list) and all(isinstance(r, dict) and "rule" in r for r in results):
        return "prove"
    if isinstance(results, list) and all(isinstance(r, dict) and "status" in r for r in results):
        return "check"
    if isinstance(files, list) and all(isinstance(f, dict) and "functions" in f for f in files):
        return "opt-tv"
    if isinstance(files, list) and all(isinstance(f, dict) and "results" in f for f in files):
        return "check-folder"
    return None


def _reason(record: dict[str, Any]) -> str | None:
    status = record.get("status")
    if status in ("unsupported", "failed", "error"):
        detail = str(record.get("detail") or record.get("error") or "").removeprefix("unsupported: ")
        return f"{status}: {detail.split(' in @')[0]}" if detail else str(status)
    return None


def _check(runs: Runs, data: dict[str, Any], path: Path) -> None:
    verdicts = FileVerdicts(str(path), "check", path.stem)
    _records(runs, verdicts, data["results"], "check")
    runs.files.append(verdicts)


def _check_folder(runs: Runs, data: dict[str, Any], path: Path) -> None:
    for f in data["files"]:
        verdicts = FileVerdicts(str(path), "check", str(f.get("file", "?")))
        _records(runs, verdicts, f.get("results") or [], "check")
        if not f.get("results"):  # no verdict (bad input, unsupported module)
            verdicts.statuses[str(f.get("got", "error")).split(":")[0]] += 1
        runs.files.append(verdicts)


def _records(runs: Runs, verdicts: FileVerdicts, records: list[dict[str, Any]], kind: str) -> None:
    for r in records:
        status = str(r.get("status", "?"))
        verdicts.statuses[status] += 1
        if (why := _reason(r)) is not None:
            runs.reasons[why] += 1
        if isinstance(r.get("seconds"), int | float) and status != "unchanged":
            runs.timings.append(Timing(kind, float(r["seconds"]), status))


def _opttv(runs: Runs, data: dict[str, Any], path: Path) -> None:
    for f in data["files"]:
        verdicts = FileVerdicts(str(path), "opt-tv", Path(str(f.get("file", "?"))).name)
        if f.get("error"):
            verdicts.statuses["opt failed"] += 1
        _records(runs, verdicts, f["functions"], "opt-tv")
        runs.files.append(verdicts)


def _prove(runs: Runs, data: dict[str, Any], path: Path) -> None:
    for r in data["results"]:
        result = str(r.get("result", "?"))
        runs.proofs[result if r.get("matched", True) else f"{result} (unexpected)"] += 1
        if isinstance(r.get("seconds"), int | float):
            runs.timings.append(Timing("prove", float(r["seconds"]), result))


def _fuzz(runs: Runs, data: dict[str, Any], path: Path) -> None:
    programs = {t: int(s.get("programs", 0)) for t, s in data["transforms"].items() if isinstance(s, dict)}
    runs.fuzz.append(FuzzRun(path.name, programs, int(data.get("failures", 0))))


def _conformance(runs: Runs, data: list[dict[str, Any]], path: Path) -> None:
    runs.conformance.append(ConformanceRun(path.name, Counter(str(r["category"]) for r in data)))


def _bench_loop(runs: Runs, data: dict[str, Any], path: Path) -> None:
    for k in data["kernels"]:
        for trips, versions in (k.get("times_us") or {}).items():
            times = {v: float(t) for v, t in versions.items() if isinstance(t, int | float) and t > 0}
            if "scalar" in times:
                runs.speeds.append(Speed(str(k.get("name", "?")), int(trips), times))


READERS: dict[str, Callable[[Runs, Any, Path], None]] = {"check": _check, "check-folder": _check_folder, "opt-tv": _opttv, "prove": _prove,
           "fuzz": _fuzz, "conformance": _conformance, "bench-loop": _bench_loop}
