"""The produced code, measured (issue 4, deliverable 8): the C kernels of
``corpus/paper/c`` compiled by clang-22, vectorized by LLVM 22's SLP and by ours, timed.

    ./dev bench slp [--target avx2|sse4] [--kernels a,b] [--blocks N] [--rounds N]
                    [--no-verify] [--json FILE]

For each kernel:

* scalar:   clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=M (LLVM IR)
* LLVM SLP: clang-22 -O3 -fno-vectorize -march=M                     (its SLP on)
* ours:     ``vecverify vectorize --target T`` on the scalar IR

(M is x86-64-v3 for the AVX2 cost model, x86-64-v2 for SSE4.) Width: the widest vector
store or reduction in the kernel against what full width is there (one register, or the
longest store chain / reduction of the scalar IR if shorter). Time: every version is
printed by vecverify's printer and compiled by llvmlite's JIT (LLVM 22's code generator)
for the same CPU, then called on the same numpy buffers (N blocks per call) in
interleaved rounds; the figure is the median time per call. The three versions' outputs
are compared first. ``--verify`` (default on) also proves each of our kernels against
its scalar input (the refinement check, loops unrolled once, as in the corpus) and runs both on random
memory. clang-22 is installed with apt-get when missing.

Figures are printed, never asserted. Target: full width wherever the paper's transforms
apply, and a geomean time no slower than LLVM 22's SLP.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from bench.kernels import NUMPY, host_target, placed, pointee_types, run_kernels, time_calls
from transforms.slp.corpus import KERNELS
from transforms.vectorize.clang import LLVM_SLP_FLAGS, MARCH, SCALAR_FLAGS, compile_c

VERIFY_UNROLL = 1  # as the corpus: the loop bodies are what is vectorized
VECTOR_STORE = re.compile(r"store <(\d+) x (\w+)>")
VECTOR_REDUCE = re.compile(r"@llvm\.vector\.reduce\.\w+\.v(\d+)(\w+)\(")


@dataclass
class KernelResult:
    name: str
    full_lanes: int = 0  # what full width is for this kernel
    elem: str = ""
    ours_lanes: int = 0
    llvm_lanes: int = 0
    times_us: dict[str, float] = field(default_factory=dict)  # scalar / llvm / ours
    outputs_agree: bool = True
    rules: list[str] = field(default_factory=list)
    proof: str = "not run"
    native: str = "not run"
    note: str = ""


def _widest(text: str) -> int:
    lanes = [int(m.group(1)) for m in VECTOR_STORE.finditer(text)]
    lanes += [int(m.group(1)) for m in VECTOR_REDUCE.finditer(text)]
    return max(lanes, default=1)


def _full_width(fn: Any, target: Any) -> tuple[int, str]:
    """Full width of the widest seed of the scalar kernel: min(one register, the seed)."""
    from transforms.slp.seeds import reductions, store_chains
    from transforms.vectorize.estimate import value_users

    best, elem = 1, ""
    users = value_users(fn.instructions())
    for block in fn.blocks:
        seeds = [(len(c), c[0].operands[0].type) for c in store_chains(block.instructions)]
        seeds += [(len(r.leaves), r.root.type) for r in reductions(block.instructions, users)]
        for n, t in seeds:
            lanes = 1
            while lanes * 2 <= min(n, target.max_lanes(t)):
                lanes *= 2
            if lanes > best:
                best, elem = lanes, str(t)
    return best, elem


def _inputs(fn: Any, blocks: int, seed: int) -> tuple[list[Any], dict[int, np.ndarray]]:
    """Buffers of 16 elements per block (more than any kernel reads) with values small
    enough that no kernel overflows; the last integer argument is the block count, the
    others a small constant."""
    from vecverify.ir.types import IntType, PtrType

    rng = np.random.default_rng(seed)
    pointee = pointee_types(fn)
    args: list[Any] = []
    buffers: dict[int, np.ndarray] = {}
    ints = [k for k, a in enumerate(fn.args) if isinstance(a.type, IntType)]
    for k, a in enumerate(fn.args):
        if isinstance(a.type, PtrType):
            dtype = NUMPY.get(pointee.get(k, "i32"), np.int32)
            if np.issubdtype(dtype, np.floating):
                data = rng.uniform(-100.0, 100.0, 16 * blocks).astype(dtype)
            else:
                data = rng.integers(-1000, 1000, 16 * blocks).astype(dtype)
            buffers[k] = data.view(np.uint8).copy()
            args.append(None)
        elif k == ints[-1]:
            args.append(blocks)
        else:
            args.append(3)
    return args, buffers


def run_kernel(source: Path, target_name: str, blocks: int, rounds: int, verify: bool,
               timeout_ms: int) -> KernelResult:
    from transforms.slp import SLPOptions, vectorize_module
    from transforms.vectorize.costs import TARGETS
    from vecverify.execute import compile_module
    from vecverify.llvm import parse_module, print_module

    r = KernelResult(source.stem)
    scalar_text = compile_c(source, SCALAR_FLAGS, target_name)
    llvm_text = compile_c(source, LLVM_SLP_FLAGS, target_name)
    scalar = parse_module(scalar_text, f"{source.stem} (scalar)")
    llvm = parse_module(llvm_text, f"{source.stem} (LLVM SLP)")
    ours, reports = vectorize_module(scalar, SLPOptions(target=target_name))
    [name] = list(scalar.functions)
    fn = scalar.functions[name]
    r.full_lanes, r.elem = _full_width(fn, TARGETS[target_name])
    texts = {"scalar": print_module(scalar), "llvm": print_module(llvm), "ours": print_module(ours)}
    r.llvm_lanes, r.ours_lanes = _widest(texts["llvm"]), _widest(texts["ours"])
    r.rules = sorted({x for rep in reports for x in rep.rules})

    cpu = MARCH[target_name]
    compiled = {k: compile_module(t, cpu=cpu) for k, t in texts.items()}
    args, buffers = _inputs(fn, blocks, seed=1)
    finals = {}
    calls = {}
    for k, m in compiled.items():
        bufs = {i: placed(b, i) for i, b in buffers.items()}
        calls[k] = m.caller(name, args, bufs)
        calls[k]()
        finals[k] = bufs
    for k in ("llvm", "ours"):
        if any(not np.array_equal(finals[k][i], finals["scalar"][i]) for i in buffers):
            r.outputs_agree = False
            r.note += f"{k} output differs from scalar; "
    r.times_us = time_calls(calls, rounds)

    if verify and ours.functions[name] is not fn:
        r.proof, r.native = _verify(fn, ours.functions[name], timeout_ms)
    elif verify:
        r.proof = r.native = "unchanged"
    return r


def _verify(src: Any, tgt: Any, timeout_ms: int) -> tuple[str, str]:
    from vecverify.checker import check_pair
    from vecverify.execute.memory_runs import compare_on_memory
    from vecverify.refine import CheckOptions

    verdict = check_pair(src, tgt, CheckOptions(timeout_ms=timeout_ms, unroll=VERIFY_UNROLL))
    proof = verdict.status + (f" ({verdict.error})" if verdict.error else "")
    runs = compare_on_memory(src, tgt, 32, seed=0)
    native = f"{runs.runs} runs, {len(runs.mismatches)} mismatches"
    if runs.mismatches:
        native += ": " + runs.mismatches[0]
    return proof, native


def _mark(lanes: int, full: int) -> str:
    return f"{lanes:>3} {'full' if lanes >= full else 'part' if lanes > 1 else 'none'}"


def print_table(results: list[KernelResult], target: str, blocks: int) -> None:
    print(f"\nSLP benchmark: target {target} (-march={MARCH[target]}), {blocks} blocks per call, "
          "median us per call")
    head = (f"{'kernel':24s} {'elem':6s} {'full':>4s} | {'llvm lanes':>10s} {'ours lanes':>10s} | "
            f"{'scalar':>8s} {'llvm':>8s} {'ours':>8s} {'ours/llvm':>9s} | proof / native runs")
    print(head)
    print("-" * len(head))
    for r in results:
        t = r.times_us
        ratio = t["ours"] / t["llvm"]
        flag = "" if r.outputs_agree else "  OUTPUTS DIFFER"
        print(f"{r.name:24s} {r.elem:6s} {r.full_lanes:>4d} | {_mark(r.llvm_lanes, r.full_lanes):>10s} "
              f"{_mark(r.ours_lanes, r.full_lanes):>10s} | {t['scalar']:8.2f} {t['llvm']:8.2f} {t['ours']:8.2f} "
              f"{ratio:9.2f} | {r.proof} / {r.native}{flag}")
    geo = {k: math.exp(statistics.fmean(math.log(r.times_us[k]) for r in results)) for k in ("scalar", "llvm", "ours")}
    print("-" * len(head))
    print(f"{'geomean':24s} {'':6s} {'':4s} | {'':10s} {'':10s} | {geo['scalar']:8.2f} {geo['llvm']:8.2f} "
          f"{geo['ours']:8.2f} {geo['ours'] / geo['llvm']:9.2f} |")
    full_ours = sum(r.ours_lanes >= r.full_lanes for r in results)
    full_llvm = sum(r.llvm_lanes >= r.full_lanes for r in results)
    print(f"full width: ours {full_ours}/{len(results)}, LLVM 22 SLP {full_llvm}/{len(results)}; "
          f"speed-up over scalar (geomean): LLVM {geo['scalar'] / geo['llvm']:.2f}x, ours {geo['scalar'] / geo['ours']:.2f}x")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="./dev bench slp", description=__doc__.split("\n\n")[0])
    p.add_argument("--target", choices=sorted(MARCH), help="cost model and ISA (default: avx2 if the host has it)")
    p.add_argument("--kernels", help="comma-separated kernel names (default: all of corpus/paper/c)")
    p.add_argument("--blocks", type=int, default=2048, help="blocks per call (default 2048)")
    p.add_argument("--rounds", type=int, default=21, help="timing rounds per version (default 21)")
    p.add_argument("--no-verify", action="store_true", help="skip the proofs and the random-memory runs")
    p.add_argument("--timeout-ms", type=int, default=60_000, help="solver limit per query with --verify")
    p.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON")
    args = p.parse_args(argv)
    target = args.target or host_target()
    results = run_kernels("bench slp", KERNELS, args.kernels, lambda source: run_kernel(
        source, target, args.blocks, args.rounds, not args.no_verify, args.timeout_ms))
    if results is None:
        return 2
    print_table(results, target, args.blocks)
    if args.json:
        args.json.write_text(json.dumps({"target": target, "blocks": args.blocks,
                                         "kernels": [asdict(r) for r in results]}, indent=2) + "\n")
    return 0
