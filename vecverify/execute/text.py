"""Native runs in words: values, inputs, where two results differ (what ``check --exec``,
the counterexample replay and ``vecverify exec`` print)."""

from __future__ import annotations

from typing import Any

from ..semantics.concrete import ConcreteInput
from .runs import Observed, PairRuns


def format_value(value: Any) -> str:
    if isinstance(value, list):
        return "<" + ", ".join(format_value(v) for v in value) + ">"
    return "poison/undefined" if value is None else f"{value:#x}"


def semantic_lane(lane: Any) -> str:
    if lane.poison:
        return "poison"
    return "any allowed" if lane.value is None else f"{lane.value:#x}"


def semantic_bytes(lanes: list[Any]) -> str:
    return "".join("??" if b.poison else "**" if b.value is None else f"{b.value:02x}" for b in lanes)


def input_text(inp: ConcreteInput) -> str:
    parts = []
    for i, a in enumerate(inp.args):
        if i in inp.pointers:
            where = inp.pointers[i]
            parts.append("null" if where is None else f"ptr(block {where[0]} + {where[1]})")
        else:
            parts.append(format_value(a))
    text = ", ".join(parts)
    for k, b in enumerate(inp.blocks):
        text += f"; block {k}: {b.hex() or '(empty)'}"
    return text


def pair_runs_json(runs: PairRuns) -> dict[str, Any]:
    out: dict[str, Any] = {"runs": runs.runs, "mismatches": len(runs.mismatches)}
    if runs.skipped_target_ub:
        out["skipped_target_ub"] = runs.skipped_target_ub
    if runs.mismatches:
        inp, a, b = runs.mismatches[0]
        out["first"] = mismatch_text(inp, a, b)
    return out


def mismatch_text(inp: ConcreteInput, a: Observed, b: Observed) -> str:
    return f"inputs ({input_text(inp)}): {results_text(a, b)}"


def _bytes_diff(x: bytes, y: bytes, most: int = 32) -> str:
    """Where two byte strings differ: the bytes from the first to the last difference
    (at most ``most`` of them)."""
    diff = [i for i, (p, q) in enumerate(zip(x, y, strict=True)) if p != q]
    lo, hi = diff[0], min(diff[-1] + 1, diff[0] + most)
    more = "..." if diff[-1] >= hi else ""
    return f"bytes {lo}..{hi - 1}: source {x[lo:hi].hex()}{more}, target {y[lo:hi].hex()}{more}"


def results_text(a: Observed, b: Observed) -> str:
    """What the source and the target gave: returned values (unless void) and the
    blocks whose bytes differ."""
    parts = [] if a.value is None else [f"source {format_value(a.value)}, target {format_value(b.value)}"]
    for k, (x, y) in enumerate(zip(a.blocks, b.blocks, strict=True)):
        if x != y:
            parts.append(f"block {k} {_bytes_diff(x, y)}")
    if b.oob:
        parts.append("the target writes out of bounds")
    return "; ".join(parts) or "the same results"
