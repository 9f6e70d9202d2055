"""The loop witness's proof time (issue 14): the C loop kernels of ``corpus/loop/c``
compiled by clang-22 with the scalar flags, vectorized by our loop vectorizer at the
default VF (and at each ``--vf`` given), each loop's witness proved with a timeout.

    ./dev bench witness [--target avx2|sse4] [--set c|short|short2|short3|short4] [--kernels a,b] [--vf default,4]
                        [--tail epilogue|fold] [--timeout-ms 10000] [--solver z3|portfolio|...]
                        [--queries] [--json FILE]

Printed per loop: VF, UF, the proof's status, seconds per obligation (entry, step,
exit, and the "source always UB" check after a proof; with ``--tail fold`` the folded
loop's: entry, full, step, mask, last1..VF and the shifted tail's tail1..VF) and the
number of Z3 checks each made; totals at the end. With ``--queries``, each obligation's queries: seconds, result
and the solver that decided them. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.bench_loop import OURS_INPUT_FLAGS, SETS, kernel_flags
from bench.kernels import host_target, run_kernels
from transforms.vectorize.clang import MARCH, compile_c
from vecverify.portfolio import DEFAULT_SOLVER, SOLVERS

OBLIGATIONS = ("entry", "step", "exit", "always-ub")
# The table's columns: the kinds of obligation (a tail-folded loop's last1..VF summed as
# "last", its shifted tail's tail1..VF as "tail"), in this order.
KINDS = ("entry", "full", "step", "mask", "last", "tail", "exit", "always-ub")


def _kind(name: str) -> str:
    return name.rstrip("0123456789")


@dataclass
class LoopFigures:
    kernel: str
    vf_option: str  # "default" or the --vf asked for
    loop: str = ""
    vf: int = 0
    uf: int = 0
    status: str = ""
    seconds: dict[str, float] = field(default_factory=dict)  # obligation -> s
    z3_checks: dict[str, int] = field(default_factory=dict)  # obligation -> Z3 checks
    queries: dict[str, list[dict[str, object]]] = field(default_factory=dict)  # obligation -> its queries
    total_s: float = 0.0
    note: str = ""


class _CountingChecks:
    """Counts the Z3 checks the tactics make (wraps Tactics._check_solver)."""

    def __init__(self) -> None:
        from vecverify import tactics

        self.count = 0
        self._tactics = tactics
        self._original = tactics.Tactics._check_solver

    def __enter__(self) -> _CountingChecks:
        original = self._original

        def counted(tactics_self: Any, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return original(tactics_self, *args, **kwargs)

        self._tactics.Tactics._check_solver = counted  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        self._tactics.Tactics._check_solver = self._original  # type: ignore[method-assign]


def prove_kernel(source: Path, target: str, vf: int | None, timeout_ms: int,
                 solver: str = DEFAULT_SOLVER, tail: str = "epilogue") -> list[LoopFigures]:
    from transforms.loop.vectorizer import LoopOptions, vectorize_module_loops
    from vecverify.llvm import parse_module

    scalar = parse_module(compile_c(source, OURS_INPUT_FLAGS + kernel_flags(source), target), source.stem)
    _, reports = vectorize_module_loops(scalar, LoopOptions(target=target, vf=vf, tail=tail))
    out = []
    for r in reports:
        fig = LoopFigures(source.stem, "default" if vf is None else str(vf), r.loop)
        if not r.vectorized:
            fig.status, fig.note = "scalar", r.line()
            out.append(fig)
            continue
        fig.vf, fig.uf = r.vf, r.uf
        _prove_timed(r, fig, timeout_ms, solver)
        out.append(fig)
    return out


def _prove_timed(report: Any, fig: LoopFigures, timeout_ms: int, solver: str = DEFAULT_SOLVER) -> None:
    """prove_loop on ``report``, each of its checks timed and its Z3 checks counted."""
    from transforms.loop import prove_loop
    from transforms.loop.witness import WITNESS_OF
    from vecverify.checker import check_pair

    try:  # the obligations' names, in the order prove_loop checks them
        vl = report.vector
        names = iter([o.name for o in WITNESS_OF[type(vl)](vl).obligations()] + ["always-ub"])
    except Exception:  # the proof reports the witness error itself
        names = iter(OBLIGATIONS)
    counter = _CountingChecks()

    def timed(src: Any, tgt: Any, options: Any) -> Any:
        name = next(names, None) or f"extra{len(fig.seconds)}"
        before = counter.count
        t0 = time.perf_counter()
        verdict = check_pair(src, tgt, options)
        fig.seconds[name] = time.perf_counter() - t0
        fig.z3_checks[name] = counter.count - before
        fig.queries[name] = list(getattr(verdict, "query_log", []))
        return verdict

    t0 = time.perf_counter()
    with counter:
        proof = prove_loop(report, timeout_ms, check=timed, solver=solver)
    fig.total_s = time.perf_counter() - t0
    fig.status = proof.status
    if proof.status != "proved":
        fig.note = proof.line()


def print_queries(rows: list[LoopFigures]) -> None:
    """Each obligation's queries: seconds, result, and the solver that decided them."""
    for f in rows:
        for name, qs in f.queries.items():
            cells = ", ".join(f"{q['query']} {float(q['seconds']):.2f}s {q.get('result', '')}"  # type: ignore[arg-type]
                              f"{' ' + str(q['solver']) if q.get('solver') else ''}" for q in qs)
            print(f"  {f.kernel} {f.loop} {name}: {cells}")


def print_table(rows: list[LoopFigures], target: str, timeout_ms: int) -> None:
    print(f"\nWitness proofs: target {target}, timeout {timeout_ms} ms per query; seconds (Z3 checks)")
    kinds = [k for k in KINDS if any(_kind(n) == k for f in rows for n in f.seconds)] or list(OBLIGATIONS)
    head = f"{'kernel':18s} {'vf':>7s} {'loop':>6s} {'VF':>3s} {'UF':>3s} {'status':8s} " + \
        " ".join(f"{n:>13s}" for n in kinds) + f" {'total s':>8s}"
    print(head)
    print("-" * len(head))
    for f in rows:
        cells = []
        for k in kinds:
            names = [n for n in f.seconds if _kind(n) == k]
            cells.append(f"{sum(f.seconds[n] for n in names):7.2f} ({sum(f.z3_checks[n] for n in names):3d})"
                         if names else f"{'-':>13s}")
        print(f"{f.kernel:18s} {f.vf_option:>7s} {f.loop:>6s} {f.vf:3d} {f.uf:3d} {f.status:8s} {' '.join(cells)} "
              f"{f.total_s:8.2f}")
    print("-" * len(head))
    for option in dict.fromkeys(f.vf_option for f in rows):
        mine = [f for f in rows if f.vf_option == option and f.status != "scalar"]
        by_status: dict[str, int] = {}
        for f in mine:
            by_status[f.status] = by_status.get(f.status, 0) + 1
        checks = sum(sum(f.z3_checks.values()) for f in mine)
        print(f"vf {option}: {len(mine)} loops, " + ", ".join(f"{n} {s}" for s, n in sorted(by_status.items())) +
              f"; {sum(f.total_s for f in mine):.1f} s, {checks} Z3 checks")
    for f in rows:
        if f.note and f.status != "proved":
            print(f"  {f.kernel} (vf {f.vf_option}): {f.note}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="./dev bench witness", description=__doc__.split("\n\n")[0])
    p.add_argument("--target", choices=sorted(MARCH), default=None, help="ISA (default: avx2 if the host has it)")
    p.add_argument("--set", choices=sorted(SETS), default="c",
                   help="kernel folder: c (corpus/loop/c, default), short, short2, short3 or short4 (corpus/loop/short*)")
    p.add_argument("--kernels", help="comma-separated kernel names (default: all of the set)")
    p.add_argument("--tail", choices=("epilogue", "fold"), default="epilogue",
                   help="the loops' tail: a scalar epilogue (default) or folded (--tail fold's witness)")
    p.add_argument("--vf", default="default", help="comma-separated VFs: 'default' (the cost model's) or numbers")
    p.add_argument("--timeout-ms", type=int, default=10_000, help="per query (default 10000, as vectorize --verify)")
    p.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON")
    p.add_argument("--solver", choices=SOLVERS, default=DEFAULT_SOLVER, help="which solvers decide the queries")
    p.add_argument("--queries", action="store_true", help="print each obligation's queries (seconds, solver)")
    args = p.parse_args(argv)
    target = args.target or host_target()
    try:
        vfs = [None if x.strip() == "default" else int(x) for x in args.vf.split(",") if x.strip()]
    except ValueError:
        print(f"bench witness: --vf wants 'default' or integers, got {args.vf!r}", file=sys.stderr)
        return 2
    results = run_kernels("bench witness", SETS[args.set], args.kernels,
                          lambda source: [f for vf in vfs for f in prove_kernel(source, target, vf, args.timeout_ms,
                                                                                args.solver, args.tail)])
    if results is None:
        return 2
    rows = [f for per_kernel in results for f in per_kernel]
    print_table(rows, target, args.timeout_ms)
    if args.queries:
        print_queries(rows)
    if args.json:
        args.json.write_text(json.dumps({"target": target, "timeout_ms": args.timeout_ms,
                                         "loops": [asdict(f) for f in rows]}, indent=2) + "\n")
    return 0
