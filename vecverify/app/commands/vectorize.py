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

from transforms.loop.vectorizer import LoopOptions
from transforms.loop.vla import VLA_VSCALE_MAX
from transforms.pipeline import BOUNDED_UNROLL, VectorizeOptions, VerifyOptions, vectorize, verify
from transforms.slp.isomorph import FAMILIES
from transforms.slp.vectorizer import SLPOptions
from transforms.vectorize.costs import TARGETS

from ...llvm import read_module, splice_module
from ...portfolio import DEFAULT_SOLVER
from ..options import add_solver_option, at_least_one, whole


def _families(text: str) -> tuple[str, ...]:
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    bad = [n for n in names if n not in FAMILIES]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown transform {bad[0]!r} (known: {', '.join(FAMILIES)})")
    return names


def _power_of_two(text: str) -> int:
    n = whole(text)
    if n < 2 or n & (n - 1) or n > 64:
        raise argparse.ArgumentTypeError(f"the VF must be a power of two from 2 to 64, not {n}")
    return n


def _interleave_count(text: str) -> int:
    n = whole(text)
    if n not in (1, 2, 4, 8):
        raise argparse.ArgumentTypeError(f"the UF must be 1, 2, 4 or 8, not {n}")
    return n


def _bounded_unroll(text: str) -> int:
    n = whole(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"the bound must be 0 (no bounded check) or more, not {n}")
    return n


def _vscale_max(text: str) -> int:
    n = whole(text)
    if n < 1 or n & (n - 1) or n > VLA_VSCALE_MAX:
        raise argparse.ArgumentTypeError(f"the largest vscale must be a power of two from 1 to {VLA_VSCALE_MAX}, "
                                         f"not {n}")
    return n


def _epilogue_lanes(text: str) -> int:
    return 0 if text.strip() == "0" else _power_of_two(text)


def add_loop_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-loops", action="store_true", help="do not vectorize loops")
    p.add_argument("--vf", type=_power_of_two, default=None, metavar="N",
                   help="loop vectorization factor (a power of two; default: from the target and the cost model)")
    p.add_argument("--vector-length", type=_power_of_two, dest="vf", metavar="N",
                   help="the same as --vf (the masked loop's vector length, VL)")
    p.add_argument("--uf", type=_interleave_count, default=None, metavar="N",
                   help="loop interleave count: parts of VF lanes per vector iteration (1, 2, 4 or 8; "
                        "default: 4 for loops with a reduction, 2 for other loops with a vectorized epilogue)")
    p.add_argument("--index32", action="store_true",
                   help="gathers index with <VF x i32> vectors where the index is a 32-bit value extended")
    p.add_argument("--epilogue-vf", type=_epilogue_lanes, default=None, metavar="N",
                   help="lanes of the vectorized epilogue loop after the vector loop (a power of two below "
                        "VF*UF; 0: none, the scalar loop runs the remainder; default: 64 bits of the narrowest "
                        "element, 4 lanes to VF)")
    p.add_argument("--tail", choices=("epilogue", "fold", "auto"), default=None,
                   help="the iterations after the last full vector: a scalar epilogue (default; with --vla: "
                        "fold), folded into the vector loop under a mask, or as the cost model prefers")
    p.add_argument("--vla", action="store_true",
                   help="vector-length-agnostic loops (Arm SVE, RISC-V V): VF = vscale x N (N: --vf, or one "
                        "register of --target sve|rvv at vscale 1), the tail folded under "
                        "llvm.get.active.lane.mask; the function gets vscale_range(1,MAX) and each loop is "
                        "proved for every trip count and every vscale in it (docs/scalable.md)")
    p.add_argument("--vscale-max", type=_vscale_max, default=VLA_VSCALE_MAX, metavar="N",
                   help=f"with --vla, the largest vscale the output runs at (a power of two; default "
                        f"{VLA_VSCALE_MAX}, SVE's 2048-bit registers): each vscale's copy is proved")
    p.add_argument("--wall-clock", action="store_true",
                   help="with --verify, count the witness's query limits in wall time (default: this process's "
                        "CPU time, at most 10 times the limit in wall time: a loaded machine slows a proof "
                        "without turning it into a timeout)")
    p.add_argument("--bounded-unroll", type=_bounded_unroll, default=BOUNDED_UNROLL, metavar="N",
                   help="with --verify, the bounded check after the witness unrolls loops N times "
                        f"(default {BOUNDED_UNROLL}; 0: no bounded check). A second opinion: its timeout "
                        "does not decide a proved loop's verdict")


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
    add_solver_option(p, DEFAULT_SOLVER)
    p.add_argument("-j", "--jobs", type=at_least_one, default=1, metavar="N",
                   help="with --verify, functions with vectorized loops are verified in N worker processes "
                        "(default 1)")
    p.set_defaults(run=run_vectorize)


def vectorize_options(args: argparse.Namespace) -> VectorizeOptions:
    slp = SLPOptions(target=args.target, max_depth=args.max_depth, families=args.transforms,
                     reductions=not args.no_reductions)
    loops = None if args.no_loops else LoopOptions(target=args.target, vf=args.vf, uf=args.uf,
                                                   tail=args.tail or ("fold" if args.vla else "epilogue"),
                                                   index32=args.index32, epilogue_vf=args.epilogue_vf,
                                                   vla=args.vla, vscale_max=args.vscale_max)
    return VectorizeOptions(slp=slp, loops=loops)


def run_vectorize(args: argparse.Namespace) -> int:
    # Functions using what the model does not cover are left as they are.
    module = read_module(args.file, lenient=True)
    for name in [n for n, f in module.functions.items() if f.scalable is not None]:
        # Read at one vscale only: a rewrite of that copy would hold at that vscale.
        module.opaque[name] = "scalable vectors"
        del module.functions[name]
    done = vectorize(module, vectorize_options(args))
    text = splice_module(module, done.after)
    log = sys.stderr if args.output is None else sys.stdout
    for line in done.lines():
        print(line, file=log)
    code, verdicts = 0, []
    if args.verify:
        options = VerifyOptions(timeout_ms=args.timeout_ms, exec_runs=args.exec_runs, seed=args.seed,
                                solver=args.solver, bounded_unroll=args.bounded_unroll, jobs=args.jobs,
                                cpu_time=not args.wall_clock)
        checked = verify(done, options, say=lambda line: print(line, file=log), source=args.file)
        code, verdicts = checked.exit_code, checked.records
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text)
    if args.json is not None:
        args.json.write_text(json.dumps({"file": str(args.file), "target": args.target, **done.record(),
                                         "verify": verdicts}, indent=2) + "\n")
    return code
