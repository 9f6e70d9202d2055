"""Malformed input at scale: broken files through `vecverify check` and `vecverify opt-tv`.

    python -m bench malformed [--files N] [--seed S] [--opt-tv-share F] [--cli-share F]
                              [--limit-s S] [--timeout-ms N] [--keep DIR]

Generates N broken files (properties/malformed.py: one-edit mutations of the corpus's
small files and of built-in seeds, and whole files of noise) and feeds each to
``vecverify check`` in process (the command line's own ``main``, output captured), a
share of them to ``vecverify opt-tv`` (in process too: it runs opt-22 on the file) and a
share through the real command line (a subprocess). Each must end with a documented exit
code (vecverify/exit_codes.py: 0-3; 4, an internal error, is a failure), with exactly one
error line when it is bad input (2), no traceback, within the time limit (CPU seconds:
on a shared machine wall time measures the load). Prints the
counts per mutation kind and per exit code, and every failure (its file kept under
--keep). Exit status 1 if any file failed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from properties.malformed import corpus_seeds, malformed_files

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTED = {0, 1, 2, 3}


@dataclass
class Outcome:
    code: int | None  # None: an exception escaped, or the time limit passed
    stderr: str
    stdout: str
    seconds: float  # CPU time (a loaded machine stretches wall time, not this)
    problem: str | None  # why this is a failure, None when it is not


class _TimeLimit(BaseException):  # not an Exception: nothing on the way may catch it
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TimeLimit


def judge(code: int | None, stdout: str, stderr: str, seconds: float, limit_s: float,
          report_on_stdout: bool = False) -> str | None:
    """What is wrong with a run on a broken file, or None. ``report_on_stdout``: the
    command (opt-tv) reports a file it cannot take in its report, one ``error:`` line on
    stdout, rather than on stderr."""
    if code is None:
        return "no exit code (an exception escaped or the time limit passed)"
    if "Traceback (most recent call last)" in stdout + stderr:
        return "a traceback"
    if code not in DOCUMENTED:
        return f"exit code {code}" + (f": {stderr.strip().splitlines()[-1]}" if stderr.strip() else "")
    if code == 2:
        lines = stderr.strip().splitlines()
        if report_on_stdout and not lines:
            lines = [ln for ln in stdout.splitlines() if ln.strip().startswith("error:")]
        if not lines:  # a pair's own error (a signature mismatch), as alive-tv prints it
            lines = [ln for ln in stdout.splitlines() if ln.startswith("ERROR: ")]
        if len(lines) != 1:
            return f"bad input with {len(lines)} error lines"
    if seconds > limit_s:
        return f"{seconds:.1f} s, past the limit of {limit_s} s"
    return None


def run_in_process(argv: list[str], limit_s: float, report_on_stdout: bool = False) -> Outcome:
    """``vecverify ARGV`` in this process, its output captured."""
    from vecverify.app.cli import main

    out, err = io.StringIO(), io.StringIO()
    start = time.process_time()
    code: int | None = None
    # The limit is on CPU time (ITIMER_PROF: this process's, Z3's threads included): on a
    # shared machine wall time measures the load, not a hang.
    old = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, limit_s * 2)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:  # argparse's usage errors
                code = e.code if isinstance(e.code, int) else 2
    except _TimeLimit:
        code = None
    except Exception as e:  # a crash: exactly what this campaign looks for
        err.write(f"Traceback (most recent call last):\n  {type(e).__name__}: {e}\n")
        code = None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    seconds = time.process_time() - start
    stdout, stderr = out.getvalue(), err.getvalue()
    return Outcome(code, stderr, stdout, seconds, judge(code, stdout, stderr, seconds, limit_s, report_on_stdout))


def run_cli(argv: list[str], limit_s: float) -> Outcome:
    """``vecverify ARGV`` as a user runs it (a subprocess)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run([sys.executable, "-m", "vecverify.app.launch", *argv], capture_output=True,
                           text=True, errors="replace", timeout=limit_s * 20, cwd=ROOT)  # wall: generous
        code: int | None = p.returncode
        stdout, stderr = p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        code, stdout, stderr = None, "", ""
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return Outcome(code, stderr, stdout, seconds, judge(code, stdout, stderr, seconds, limit_s))


def campaign(n: int, seed: int, opt_share: float, cli_share: float, limit_s: float, timeout_ms: int,
             keep: Path | None, quiet: bool = False) -> tuple[Counter[str], list[tuple[str, str, str, Path | None]]]:
    """Run the campaign; returns (counts, failures as (kind, command, problem, kept file))."""
    seeds = corpus_seeds(ROOT / "corpus")
    counts: Counter[str] = Counter()
    failures: list[tuple[str, str, str, Path | None]] = []
    opt_every = int(1 / opt_share) if opt_share > 0 else 0
    cli_every = int(1 / cli_share) if cli_share > 0 else 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (kind, text) in enumerate(malformed_files(n, seed, seeds)):
            path = Path(tmp) / f"m{i:05d}.ll"
            path.write_bytes(text.encode("utf-8", "surrogateescape"))
            runs = [("check", run_in_process(["check", str(path), "--timeout-ms", str(timeout_ms)], limit_s))]
            if opt_every and i % opt_every == 0:
                runs.append(("opt-tv", run_in_process(
                    ["opt-tv", str(path), "--passes", "instcombine", "--timeout-ms", str(timeout_ms)], limit_s,
                    report_on_stdout=True)))
            if cli_every and i % cli_every == 0:
                runs.append(("check (command line)", run_cli(
                    ["check", str(path), "--timeout-ms", str(timeout_ms)], limit_s)))
            for command, o in runs:
                counts[f"{command}: exit {o.code}"] += 1
                counts[f"kind {kind}"] += 1
                counts["runs"] += 1
                if o.problem is not None:
                    kept = None
                    if keep is not None:
                        keep.mkdir(parents=True, exist_ok=True)
                        kept = keep / path.name
                        kept.write_bytes(path.read_bytes())
                    failures.append((kind, command, o.problem, kept))
                    if not quiet:
                        print(f"FAIL {path.name} [{kind}] {command}: {o.problem}", flush=True)
            if not quiet and (i + 1) % 1000 == 0:
                print(f"... {i + 1} files, {len(failures)} failures", flush=True)
    return counts, failures


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench malformed", description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opt-tv-share", type=float, default=0.05, help="share of the files also given to opt-tv")
    ap.add_argument("--cli-share", type=float, default=0.01, help="share also run through the real command line")
    ap.add_argument("--limit-s", type=float, default=30.0, help="time limit per run (CPU seconds)")
    ap.add_argument("--timeout-ms", type=int, default=200, help="the checks' solver limit per query")
    ap.add_argument("--keep", type=Path, default=None, help="keep the failing files in DIR")
    args = ap.parse_args(argv)
    start = time.monotonic()
    counts, failures = campaign(args.files, args.seed, args.opt_tv_share, args.cli_share, args.limit_s,
                                args.timeout_ms, args.keep)
    wall = time.monotonic() - start
    print(f"\n{args.files} broken files, {counts['runs']} runs in {wall:.0f} s; failures: {len(failures)}")
    for key in sorted(k for k in counts if k != "runs"):
        print(f"  {key}: {counts[key]}")
    for kind, command, problem, kept in failures[:50]:
        print(f"  FAIL [{kind}] {command}: {problem}" + (f" ({kept})" if kept else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
