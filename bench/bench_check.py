"""Speed of `vecverify check`: time per file over Alive2's suite (the scored folders)
and over generated vector-heavy pairs (shuffles, 8 and 16 lanes, loads and stores).

    python -m bench check [--suite DIR] [--timeout-ms N] [--limit N] [--solver z3|portfolio|...] [--slowest N]

Prints median and p90 seconds per decided file (correct or incorrect), for each set,
then the slowest queries of the suite (seconds, result, the solver that decided them).
Target (issue 2): median under 100 ms per decided file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from vecverify.app.conformance import SCORED_FOLDERS, collect, default_suite
from vecverify.checker import check_pair
from vecverify.compare import compare_case
from vecverify.llvm import parse_module
from vecverify.portfolio import DEFAULT_SOLVER, SOLVERS
from vecverify.refine import CheckOptions


def _percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


def _report(name: str, times: list[float], undecided: int, total: float | None = None) -> None:
    if not times:
        print(f"{name}: nothing decided ({undecided} undecided)")
        return
    print(
        f"{name}: {len(times)} decided, {undecided} undecided; per file: "
        f"median {1000 * statistics.median(times):.1f} ms, p90 {1000 * _percentile(times, 0.9):.1f} ms, "
        f"max {1000 * max(times):.1f} ms"
        + (f"; all files {total:.1f} s" if total is not None else "")
    )


# ----------------------------------------------------------------------------- pairs


def _slp_pair(lanes: int, ty: str, op: str) -> str:
    """Scalar loads, an operation and stores per lane, against the vector form."""
    size = int(ty[1:]) // 8
    src = ["define void @src(ptr noalias %a, ptr noalias %b, ptr noalias %c) {"]
    for i in range(lanes):
        src += [
            f"  %pa{i} = getelementptr inbounds i8, ptr %a, i64 {i * size}",
            f"  %pb{i} = getelementptr inbounds i8, ptr %b, i64 {i * size}",
            f"  %pc{i} = getelementptr inbounds i8, ptr %c, i64 {i * size}",
            f"  %x{i} = load {ty}, ptr %pa{i}, align {size}",
            f"  %y{i} = load {ty}, ptr %pb{i}, align {size}",
            f"  %r{i} = {op} {ty} %x{i}, %y{i}",
            f"  store {ty} %r{i}, ptr %pc{i}, align {size}",
        ]
    src += ["  ret void", "}"]
    v = f"<{lanes} x {ty}>"
    tgt = [
        "define void @tgt(ptr noalias %a, ptr noalias %b, ptr noalias %c) {",
        f"  %x = load {v}, ptr %a, align {size}",
        f"  %y = load {v}, ptr %b, align {size}",
        f"  %r = {op} {v} %x, %y",
        f"  store {v} %r, ptr %c, align {size}",
        "  ret void",
        "}",
    ]
    return "\n".join(src + tgt) + "\n"


def _shuffle_pair(lanes: int, ty: str) -> str:
    """Two shuffles composed, against the one merged shuffle."""
    rev = list(range(lanes - 1, -1, -1))
    inter = [i // 2 + (lanes if i % 2 else 0) for i in range(lanes)]  # interleave low halves
    merged = [inter[r] for r in rev]
    v = f"<{lanes} x {ty}>"

    def mask(m: list[int]) -> str:
        return f"<{lanes} x i32> <" + ", ".join(f"i32 {i}" for i in m) + ">"

    return (
        f"define {v} @src({v} %x, {v} %y) {{\n"
        f"  %s = shufflevector {v} %x, {v} %y, {mask(inter)}\n"
        f"  %r = shufflevector {v} %s, {v} poison, {mask(rev)}\n"
        f"  ret {v} %r\n}}\n"
        f"define {v} @tgt({v} %x, {v} %y) {{\n"
        f"  %r = shufflevector {v} %x, {v} %y, {mask(merged)}\n"
        f"  ret {v} %r\n}}\n"
    )


def _deinterleave_pair(lanes: int, ty: str) -> str:
    """Even lanes of 2*lanes-1 consecutive elements: strided scalar loads against one wide
    load and a strided shuffle (the interleaved-access rewrite; the wide load must not
    read past the last element the scalar code reads)."""
    size = int(ty[1:]) // 8
    src = [f"define <{lanes} x {ty}> @src(ptr %p) {{", f"  %v0 = insertelement <{lanes} x {ty}> poison, {ty} 0, i32 0"]
    prev = "%v0"
    for i in range(lanes):
        src += [
            f"  %q{i} = getelementptr inbounds i8, ptr %p, i64 {2 * i * size}",
            f"  %e{i} = load {ty}, ptr %q{i}, align {size}",
            f"  %w{i} = insertelement <{lanes} x {ty}> {prev}, {ty} %e{i}, i32 {i}",
        ]
        prev = f"%w{i}"
    src += [f"  ret <{lanes} x {ty}> {prev}", "}"]
    wide = f"<{2 * lanes - 1} x {ty}>"
    m = ", ".join(f"i32 {2 * i}" for i in range(lanes))
    tgt = [
        f"define <{lanes} x {ty}> @tgt(ptr %p) {{",
        f"  %w = load {wide}, ptr %p, align {size}",
        f"  %r = shufflevector {wide} %w, {wide} poison, <{lanes} x i32> <{m}>",
        f"  ret <{lanes} x {ty}> %r",
        "}",
    ]
    return "\n".join(src + tgt) + "\n"


def vector_pairs() -> list[tuple[str, str]]:
    pairs = []
    for lanes in (4, 8, 16):
        for ty in ("i8", "i16", "i32", "i64"):
            for op in ("add", "xor", "mul"):
                pairs.append((f"slp-{op}-{lanes}x{ty}", _slp_pair(lanes, ty, op)))
            pairs.append((f"shuffle-{lanes}x{ty}", _shuffle_pair(lanes, ty)))
            pairs.append((f"deinterleave-{lanes}x{ty}", _deinterleave_pair(lanes, ty)))
    return pairs


def print_slowest(queries: list[tuple[float, str, str, str, str]], n: int) -> None:
    """The ``n`` slowest queries, and which solver decided how many checks."""
    if not queries or n <= 0:
        return
    print(f"slowest {min(n, len(queries))} of {len(queries)} queries (seconds, file, query, result, solver):")
    for seconds, name, query, result, solver in sorted(queries, reverse=True)[:n]:
        print(f"  {seconds:7.2f}  {name}  {query}  {result}  {solver or '-'}")
    by_solver: dict[str, int] = {}
    for q in queries:
        by_solver[q[4] or "-"] = by_solver.get(q[4] or "-", 0) + 1
    print("  queries by the solver of their last decided check: " +
          ", ".join(f"{k} {v}" for k, v in sorted(by_solver.items())))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench check")
    ap.add_argument("--suite", type=Path, default=default_suite())
    ap.add_argument("--timeout-ms", type=int, default=10_000)
    ap.add_argument("--limit", type=int, default=0, help="only the first N files of the suite")
    ap.add_argument("--verbose", action="store_true", help="time of every vector pair")
    ap.add_argument("--json", type=Path, help="write the suite's per-file times (wall, CPU) as JSON")
    ap.add_argument("--solver", choices=SOLVERS, default=DEFAULT_SOLVER, help="which solvers decide the queries")
    ap.add_argument("--slowest", type=int, default=10, help="print the N slowest queries (default 10)")
    args = ap.parse_args(argv)
    options = CheckOptions(timeout_ms=args.timeout_ms, solver=args.solver)
    queries: list[tuple[float, str, str, str, str]] = []  # seconds, file, query, result, solver

    times, undecided, total = [], 0, 0.0
    cases = collect(args.suite, list(SCORED_FOLDERS))
    if args.limit:
        cases = cases[: args.limit]
    per_file: dict[str, dict[str, object]] = {}
    for folder, case in cases:
        start, cpu = time.perf_counter(), time.process_time()
        results = compare_case(case, options)
        elapsed = time.perf_counter() - start
        total += elapsed
        decided = all(r.verdict.status in ("correct", "incorrect") for r in results)
        queries += [(float(q["seconds"]), f"{folder}/{case.name}", str(q["query"]), str(q.get("result", "")),  # type: ignore[arg-type]
                     str(q.get("solver", ""))) for r in results for q in r.verdict.query_log]
        per_file[f"{folder}/{case.name}"] = {"seconds": elapsed, "cpu": time.process_time() - cpu, "decided": decided}
        if decided:
            times.append(elapsed)
        else:
            undecided += 1
    _report(f"Alive2 suite ({args.suite.name}, scored folders)", times, undecided, total)
    print_slowest(queries, args.slowest)
    if args.json is not None:
        # Per file, to compare two versions on the files both decide (a shared machine's
        # load moves timeouts, and the files that hit them, from run to run).
        args.json.write_text(json.dumps(per_file, indent=1))

    times, undecided, wrong = [], 0, []
    for name, text in vector_pairs():
        module = parse_module(text, name)
        start = time.perf_counter()
        verdict = check_pair(module.functions["src"], module.functions["tgt"], options)
        elapsed = time.perf_counter() - start
        if args.verbose:
            print(f"  {name}: {verdict.status} {1000 * elapsed:.1f} ms")
        if verdict.status == "correct":
            times.append(elapsed)
        else:
            undecided += 1
            wrong.append(f"{name}: {verdict.status} {verdict.error or verdict.detail}")
    _report("vector-heavy pairs (all correct by construction)", times, undecided)
    for w in wrong:
        print("  not proved:", w)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
