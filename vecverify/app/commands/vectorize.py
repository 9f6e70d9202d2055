"""SLP/SLP-M-vectorize every function of a file

``vecverify vectorize IN.ll -o OUT.ll``: loops first (transforms/loop), then SLP/SLP-M on
what stays scalar (transforms/slp), then interleaved loads combined (transforms/interleave).

Prints what it did (one line per vectorized tree: function, seed, lanes, cost, the
rules it used). With ``--verify`` every changed function is checked against its input
with the refinement check and run natively on random inputs next to it; a refutation
is an error, printed with its counterexample, and the exit code says so (the codes of
``vecverify check``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from transforms.slp.isomorph import FAMILIES
from transforms.vectorize.costs import TARGETS
from transforms.vectorize.verify import verify_changed
from vecverify.app.options import at_least_one
from vecverify.ir.function import Module
from vecverify.llvm import read_module, splice_module
from vecverify.portfolio import add_solver_option

from ._loops import add_loop_options, verify_loops
from ._vectorizing import vectorize


def _families(text: str) -> tuple[str, ...]:
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    bad = [n for n in names if n not in FAMILIES]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown transform {bad[0]!r} (known: {', '.join(FAMILIES)})")
    return names


def add_command(sub: Any) -> None:
    p = sub.add_parser("vectorize", help=__doc__.split("\n", 1)[0])
    p.add_argument("file", type=Path, metavar="IN.ll")
    p.add_argument("-o", "--output", type=Path, metavar="OUT.ll", help="where to write the result (default: stdout)")
    p.add_argument("--transforms", type=_families, default=FAMILIES, metavar="LIST",
                   help=f"SLP-M isomorphizations to use, comma-separated (default: {','.join(FAMILIES)})")
    p.add_argument("--target", choices=sorted(TARGETS), default="avx2", help="cost model and register width")
    p.add_argument("--max-depth", type=at_least_one, default=20, metavar="N", help="tree depth limit (default 20)")
    p.add_argument("--no-reductions", action="store_true", help="do not vectorize horizontal reductions")
    p.add_argument("--verify", action="store_true",
                   help="check every changed function against its input, and run both natively")
    p.add_argument("--exec", type=at_least_one, default=16, metavar="N", dest="exec_runs",
                   help="native runs per function with --verify (default 16)")
    p.add_argument("--seed", type=int, default=0, help="seed of the native runs' inputs")
    p.add_argument("--timeout-ms", type=at_least_one, default=20_000, metavar="N", help="solver limit per query")
    p.add_argument("--json", type=Path, metavar="FILE", help="write what was done (and verdicts) as JSON")

    add_loop_options(p)
    add_solver_option(p)
    p.add_argument("-j", "--jobs", type=at_least_one, default=1, metavar="N",
                   help="with --verify, functions with vectorized loops are verified in N worker processes "
                        "(default 1)")
    p.set_defaults(run=run_vectorize)


def run_vectorize(args: argparse.Namespace) -> int:

    # Functions using what the model does not cover are left as they are.
    module = read_module(args.file, lenient=True)
    for name in [n for n, f in module.functions.items() if f.scalable is not None]:
        # Read at one vscale only: a rewrite of that copy would hold at that vscale.
        module.opaque[name] = "scalable vectors"
        del module.functions[name]
    out, loop_reports, reports, interleaved = vectorize(module, args)
    text = splice_module(module, out)
    log = sys.stderr if args.output is None else sys.stdout
    for name, what in module.opaque.items():
        print(f"@{name}: left as it is ({what})", file=log)
    for lr in loop_reports:
        print(lr.line(), file=log)
    for r in reports:
        rules = f"; rules: {', '.join(r.rules)}" if r.rules else ""
        print(f"@{r.function}: {r.seed} {r.lanes} x {r.elem}{' (full width)' if r.full_width else ''}, "
              f"cost {r.cost.scalar} -> {r.cost.vector}{rules}", file=log)
    for name, what in interleaved:
        print(f"@{name}: interleaved load combine, {what}", file=log)
    if not reports and not interleaved and not any(lr.vectorized for lr in loop_reports):
        print("nothing vectorized", file=log)
    verdicts: list[dict[str, Any]] = []
    code = 0
    if args.verify:
        if any(lr.vectorized for lr in loop_reports):
            code = verify_loops(module, loop_reports, out, args, verdicts, log)
        # Functions without vectorized loops: the refinement check and native runs.
        looped_fns = {lr.function for lr in loop_reports if lr.vectorized}
        slp_only = Module(functions={n: f for n, f in module.functions.items() if n not in looped_fns})
        code2 = verify_changed(slp_only, out, timeout_ms=args.timeout_ms, exec_runs=args.exec_runs, solver=args.solver,
                               seed=args.seed, verdicts=verdicts, log=log)
        code = 1 if 1 in (code, code2) else (code or code2)
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text)
    if args.json is not None:
        args.json.write_text(json.dumps({
            "file": str(args.file), "target": args.target,
            "trees": [{"function": r.function, "block": r.block, "seed": r.seed, "lanes": r.lanes, "elem": r.elem,
                       "full_width": r.full_width, "scalar_cost": r.cost.scalar, "vector_cost": r.cost.vector,
                       "rules": r.rules} for r in reports],
            "loops": [{"function": lr.function, "loop": lr.loop, "vf": lr.vf, "reason": lr.reason,
                       "recurrences": lr.recurrences, "reductions": lr.reductions, "groups": lr.groups}
                      for lr in loop_reports],
            "interleaved": [{"function": f, "group": g} for f, g in interleaved],
            "verify": verdicts,
        }, indent=2) + "\n")
    return code
