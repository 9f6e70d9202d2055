"""What the C-kernel benchmarks (``bench slp``, ``bench loop``) share: the host's ISA,
choosing kernels, the test data's element types, buffers at fixed page offsets,
interleaved timing, and the loop over the chosen kernels with its one-line errors."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from transforms.vectorize.clang import ToolchainError, ensure_clang
from vecverify.execute.memory_runs import pointee_types as memory_pointee_types
from vecverify.execute.native import host_features

NUMPY = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "float": np.float32,
         "double": np.float64, "half": np.float16}

R = TypeVar("R")


def host_target() -> str:
    return "avx2" if {"avx2", "fma"} <= host_features() else "sse4"


def pointee_types(fn: Any) -> dict[int, str]:
    """The element type each pointer argument is loaded or stored as (through GEPs)."""
    return {k: str(t) for k, t in memory_pointee_types(fn).items()}


def placed(data: np.ndarray, k: int) -> np.ndarray:
    """A copy of ``data`` at page offset 64 + 1088 * k: every version gets its buffers at the
    same offsets, and different buffers never share an offset within a page (accesses
    4 KiB apart stall on x86 when one is a store; where they fall must not decide a race)."""
    big = np.zeros(len(data) + 2 * 4096, dtype=np.uint8)
    at = (64 + 1088 * k - big.ctypes.data) % 4096
    view = big[at:at + len(data)]
    view[:] = data
    return view


def time_calls(calls: dict[str, Any], rounds: int, budget_s: float = 0.02) -> dict[str, float]:
    """Median microseconds per call, rounds interleaved across the versions."""
    for c in calls.values():  # warm up, and size a round to ~budget_s
        c()
    t0 = time.perf_counter()
    next(iter(calls.values()))()
    per = max(time.perf_counter() - t0, 1e-7)
    reps = max(1, int(budget_s / per))
    samples: dict[str, list[float]] = {k: [] for k in calls}
    for _ in range(rounds):
        for name, c in calls.items():
            t0 = time.perf_counter()
            for _ in range(reps):
                c()
            samples[name].append((time.perf_counter() - t0) / reps * 1e6)
    return {k: statistics.median(v) for k, v in samples.items()}


def run_kernels(prog: str, folder: Path, names: str | None, run: Callable[[Path], R]) -> list[R] | None:
    """``run`` on each C kernel of ``folder`` (all, or the comma-separated ``names``) after
    making sure clang-22 is there; None after a one-line error on stderr."""
    try:
        ensure_clang(sys.stdout)
    except ToolchainError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return None
    sources = sorted(folder.glob("*.c"))
    if names:
        wanted = set(names.split(","))
        missing = wanted - {s.stem for s in sources}
        if missing:
            print(f"{prog}: no kernel named {sorted(missing)[0]!r} in {folder}", file=sys.stderr)
            return None
        sources = [s for s in sources if s.stem in wanted]
    results = []
    for source in sources:
        t0 = time.perf_counter()
        try:
            results.append(run(source))
        except ToolchainError as e:
            print(f"{prog}: {e}", file=sys.stderr)
            return None
        print(f"  {source.stem}: done in {time.perf_counter() - t0:.1f}s", flush=True)
    return results
