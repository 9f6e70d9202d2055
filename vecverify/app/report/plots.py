"""The report's figures (matplotlib, rendered to PNG bytes without a display). Each
function returns None when it has nothing to draw: the page never shows an empty plot."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

from .read import DEFAULT_TIMEOUT_S, Runs

# One colour per outcome, the same in every figure.
COLOURS = {"correct": "#2e7d32", "proved": "#2e7d32", "refuted": "#1565c0", "incorrect": "#c62828",
           "failed": "#ef6c00", "unsupported": "#8e24aa", "unchanged": "#90a4ae", "error": "#6d4c41",
           "opt failed": "#6d4c41", "internal": "#000000", "agree": "#2e7d32", "kind": "#9ccc65",
           "wrong": "#c62828", "timeout": "#ef6c00", "xfail": "#90a4ae"}
VERSION_COLOURS = {"scalar": "#90a4ae", "llvm": "#1565c0", "ours": "#2e7d32", "folded": "#f9a825"}
MAX_FILES = 40  # files shown one by one; the others are summed in one bar


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    _pyplot().close(fig)
    return buffer.getvalue()


def _colour(status: str) -> str:
    return COLOURS.get(status.removesuffix(" (unexpected)"), "#bdbdbd")


def verdicts_per_file(runs: Runs) -> bytes | None:
    files = [f for f in runs.files if sum(f.statuses.values())]
    if not files:
        return None
    # the files with something other than correct first: they are the ones to look at
    files.sort(key=lambda f: (f.statuses["correct"] + f.statuses["unchanged"] == sum(f.statuses.values()), f.file))
    shown, rest = files[:MAX_FILES], files[MAX_FILES:]
    rows = [(f"{f.file} ({f.kind})", f.statuses) for f in shown]
    if rest:
        rows.append((f"{len(rest)} more files", sum((f.statuses for f in rest), Counter())))
    statuses = [s for s in COLOURS if any(c[s] for _, c in rows)]
    statuses += sorted({s for _, c in rows for s in c} - set(statuses))
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 0.6 + 0.28 * len(rows)))
    left = [0] * len(rows)
    for status in statuses:
        widths = [c[status] for _, c in rows]
        ax.barh(range(len(rows)), widths, left=left, color=_colour(status), label=status)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.set_yticks(range(len(rows)), [name for name, _ in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("functions")
    ax.set_title("Verdicts per file")
    ax.legend(loc="lower right", fontsize=8)
    return _png(fig)


def proof_times(runs: Runs, timeout_s: float | None) -> bytes | None:
    kinds = sorted({t.kind for t in runs.timings})
    if not kinds:
        return None
    plt = _pyplot()
    fig, axes = plt.subplots(len(kinds), 1, figsize=(9, 2.6 * len(kinds)), squeeze=False)
    for ax, kind in zip(axes[:, 0], kinds, strict=True):
        times = [max(t.seconds, 1e-3) for t in runs.timings if t.kind == kind]
        limit = timeout_s if timeout_s is not None else DEFAULT_TIMEOUT_S[kind]
        top = max(max(times), limit) * 1.5
        bins = [1e-3 * (top / 1e-3) ** (i / 40) for i in range(41)]
        ax.hist(times, bins=bins, color="#1565c0")
        ax.set_xscale("log")
        ax.axvline(limit, color="#c62828", linestyle="--", label=f"time limit per query ({limit:g} s)")
        over = sum(t >= limit for t in times)
        ax.set_title(f"{kind}: {len(times)} verdicts, median {sorted(times)[len(times) // 2]:.3g} s, "
                     f"{over} at or over the limit", fontsize=10)
        ax.set_xlabel("seconds (log scale)")
        ax.set_ylabel("verdicts")
        ax.legend(fontsize=8)
    fig.tight_layout()
    return _png(fig)


def native_speed(runs: Runs) -> bytes | None:
    trip_counts = sorted({s.trips for s in runs.speeds})
    if not trip_counts:
        return None
    plt = _pyplot()
    fig, axes = plt.subplots(len(trip_counts), 1, figsize=(9, 3 * len(trip_counts)), squeeze=False)
    for ax, trips in zip(axes[:, 0], trip_counts, strict=True):
        rows = sorted((s for s in runs.speeds if s.trips == trips), key=lambda s: s.kernel)
        versions = [v for v in VERSION_COLOURS if v != "scalar" and any(v in s.times_us for s in rows)]
        width = 0.8 / len(versions)
        for i, version in enumerate(versions):
            xs = [k + i * width for k, s in enumerate(rows) if version in s.times_us]
            speed = [s.times_us["scalar"] / s.times_us[version] for s in rows if version in s.times_us]
            ax.bar(xs, speed, width, color=VERSION_COLOURS[version], label=version)
        ax.axhline(1.0, color="#616161", linewidth=0.8, label="scalar")
        ax.set_yscale("log")
        ax.set_xticks([k + 0.4 - width / 2 for k in range(len(rows))], [s.kernel for s in rows],
                      rotation=45, ha="right", fontsize=8)
        ax.set_ylabel("speed-up over scalar (log)")
        ax.set_title(f"Native speed at trip count {trips} (higher is faster)", fontsize=10)
        ax.legend(fontsize=8)
    fig.tight_layout()
    return _png(fig)


def conformance_over_time(runs: Runs) -> bytes | None:
    done = runs.conformance  # in the order the files were given
    if not done:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 3.2))
    labels = [r.label for r in done]
    shares = [100 * r.categories["agree"] / max(1, sum(r.categories.values())) for r in done]
    wrong = [r.categories["wrong"] for r in done]
    ax.plot(range(len(done)), shares, marker="o", color="#2e7d32", label="agree with Alive2 (%)")
    ax.set_ylim(0, 100)
    ax.set_ylabel("agree (%)")
    ax.set_xticks(range(len(done)), labels, rotation=30, ha="right", fontsize=8)
    ax.set_xlim(-0.5, len(done) - 0.5)
    twin = ax.twinx()
    twin.bar(range(len(done)), wrong, width=0.3, color="#c62828", alpha=0.6, label="wrong verdicts")
    twin.set_ylabel("wrong verdicts")
    twin.set_ylim(0, max(1, *wrong) * 1.2)
    ax.set_title("Conformance with Alive2, run by run", fontsize=10)
    fig.legend(loc="lower right", fontsize=8)
    return _png(fig)


def proof_results(runs: Runs) -> bytes | None:
    if not runs.proofs:
        return None
    plt = _pyplot()
    names = sorted(runs.proofs, key=lambda s: -runs.proofs[s])
    fig, ax = plt.subplots(figsize=(9, 0.8 + 0.35 * len(names)))
    ax.barh(names, [runs.proofs[n] for n in names], color=[_colour(n) for n in names])
    ax.invert_yaxis()
    ax.set_xlabel("rule obligations")
    ax.set_title("vecverify prove: results", fontsize=10)
    return _png(fig)


def fuzz_programs(runs: Runs) -> bytes | None:
    transforms = sorted({t for r in runs.fuzz for t, n in r.programs.items() if n})
    if not transforms:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 0.8 + 0.3 * len(transforms) * len(runs.fuzz)))
    height = 0.8 / len(runs.fuzz)
    for i, run in enumerate(runs.fuzz):
        ax.barh([k + i * height for k in range(len(transforms))], [run.programs.get(t, 0) for t in transforms],
                height, label=f"{run.label} ({run.findings} findings)")
    ax.set_yticks([k + 0.4 - height / 2 for k in range(len(transforms))], transforms, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("programs")
    ax.set_title("Fuzz campaigns: programs per transform", fontsize=10)
    ax.legend(fontsize=8)
    return _png(fig)
