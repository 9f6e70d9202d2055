"""Speed of native execution and of the semantics' concrete evaluation.

    python -m bench exec [--functions N] [--runs N] [--evals N]

Prints, measured side by side in one run:
- compile time per function (each in a module of its own, no cache hits),
- native runs per second of one compiled small function, one call per input (the
  path `vecverify exec` and the cross-check use) and batched (many inputs per native
  call, CompiledModule.run_batch),
- semantics evaluations per second of the same function (vecverify/semantics/concrete.py),
- the time to compile 100 functions in one module.
Targets (issue 3): at least 10,000 native runs per second of a compiled small function,
and 100 functions compiled in one module in under 2 s.
"""

from __future__ import annotations

import argparse
import random
import time

SMALL = (
    "define <4 x i32> @f{k}(<4 x i32> %a, <4 x i32> %b) {{\n"
    "  %s = add nsw <4 x i32> %a, %b\n"
    "  %m = mul <4 x i32> %s, splat (i32 {k})\n"
    "  %r = xor <4 x i32> %m, %b\n"
    "  ret <4 x i32> %r\n"
    "}}\n"
)


def _inputs(n: int, rng: random.Random) -> list[list[list[int]]]:
    return [[[rng.getrandbits(32) for _ in range(4)] for _ in range(2)] for _ in range(n)]


def _target(ok: bool) -> str:
    return "meets the target" if ok else "MISSES the target"


def main(argv: list[str]) -> int:
    from vecverify.execute import compile_module
    from vecverify.llvm import parse_module
    from vecverify.semantics.concrete import evaluate

    p = argparse.ArgumentParser(prog="python -m bench exec")
    p.add_argument("--functions", type=int, default=20, help="functions compiled one by one (default 20)")
    p.add_argument("--runs", type=int, default=20_000, help="native runs measured (default 20000)")
    p.add_argument("--evals", type=int, default=300, help="semantics evaluations measured (default 300)")
    args = p.parse_args(argv)
    rng = random.Random(0)
    salt = time.time_ns()  # distinct texts: no compile cache hits across runs in one process

    compile_module(SMALL.format(k=1))  # LLVM's one-time initialization, not counted
    t0 = time.perf_counter()
    for k in range(args.functions):
        compile_module(f"; {salt} {k}\n" + SMALL.format(k=k + 2))
    per_function = (time.perf_counter() - t0) / args.functions
    print(f"compile, one function per module: {1000 * per_function:.1f} ms per function ({args.functions} functions)")

    module = compile_module(SMALL.format(k=3))
    inputs = _inputs(args.runs, rng)
    t0 = time.perf_counter()
    for a in inputs:
        module.run("f3", a)
    per_call = args.runs / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    batched = module.run_batch("f3", inputs)
    per_batch = args.runs / (time.perf_counter() - t0)
    assert batched[0] == module.run("f3", inputs[0]).value
    print(f"native runs of a compiled small function: {per_call:,.0f} per second one call each, "
          f"{per_batch:,.0f} per second batched ({_target(max(per_call, per_batch) >= 10_000)} of 10,000)")

    fn = parse_module(SMALL.format(k=3), "<bench>").functions["f3"]
    evals = _inputs(args.evals, rng)
    t0 = time.perf_counter()
    for a in evals:
        evaluate(fn, a)
    print(f"semantics evaluations of the same function: {args.evals / (time.perf_counter() - t0):,.0f} per second")

    batch = f"; {salt} batch\n" + "".join(SMALL.format(k=k) for k in range(100))
    t0 = time.perf_counter()
    compile_module(batch)
    seconds = time.perf_counter() - t0
    print(f"compile 100 functions in one module: {seconds:.2f} s ({_target(seconds < 2)} of 2 s)")
    return 0
