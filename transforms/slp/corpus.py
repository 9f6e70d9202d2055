"""The paper corpus: ``corpus/paper/src/*.ll`` are the seeds' example kernels as scalar
LLVM IR; ``corpus/paper/NAME.srctgt.ll`` pairs each with what the vectorizer makes of
it, in alive-tv format (checked with the rest of the corpus by the test suite).

The C kernels of the benchmark (``corpus/paper/c/*.c``) are there too, as clang-22 wrote
them: ``corpus/paper/clang/src/NAME.ll`` (``-O3 -fno-vectorize -fno-slp-vectorize
-march=x86-64-v3``; loops, ``disjoint or`` indices, metadata and all) and
``corpus/paper/clang/NAME.srctgt.ll``.

    python -m transforms.slp.corpus            # rewrite the .srctgt.ll files after a change
    python -m transforms.slp.corpus --clang    # recompile the C kernels first (needs clang-22)
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from transforms.vectorize.clang import MARCH, SCALAR_FLAGS, compile_c, ensure_clang
from vecverify.checker import read_module
from vecverify.ir.function import Module
from vecverify.llvm import print_module

from .vectorizer import vectorize_function

PAPER = Path(__file__).resolve().parents[2] / "corpus" / "paper"
KERNELS = PAPER / "c"  # the C kernels of the benchmark
CLANG = PAPER / "clang"  # their clang-22 output (src/) and the vectorized pairs
FOLDERS = (PAPER, CLANG)
# Loops in clang's kernels are checked one iteration deep in the suite: the proofs of
# their vector bodies are what matters, and deeper unrolling multiplies the solver's work.
CLANG_TEST_ARGS = "; TEST-ARGS: -src-unroll=1"


def pair_text(source: Path) -> str:
    """The header comments of ``source``, then @src (the kernel) and @tgt (vectorized)."""

    module = read_module(source)
    [fn] = module.functions.values()
    vec, reports = vectorize_function(fn)
    src, tgt = copy.copy(fn), copy.copy(vec if vec is not None else fn)
    src.name, tgt.name = "src", "tgt"
    header = [ln for ln in source.read_text().splitlines() if ln.startswith(";") and _is_header(ln)]
    if source.parent.parent == CLANG:
        header.append(CLANG_TEST_ARGS)
    done = [f"; vectorized: {r.seed} {r.lanes} x {r.elem}" + (f" ({', '.join(r.rules)})" if r.rules else "")
            for r in reports] or ["; vectorized: nothing (no tree was profitable)"]
    body = print_module(Module(functions={"src": src, "tgt": tgt}))
    return "\n".join(header + done) + "\n\n" + body


def _is_header(line: str) -> bool:
    return not line.startswith(("; Function Attrs", "; ModuleID"))


def compile_kernels() -> list[Path]:
    """clang-22's scalar IR of every C kernel into ``CLANG/src`` (with a header saying how)."""
    clang = ensure_clang(sys.stderr)
    (CLANG / "src").mkdir(parents=True, exist_ok=True)
    written = []
    for c in sorted(KERNELS.glob("*.c")):
        comment = c.read_text().split("*/", 1)[0].lstrip("/* ").split("\n")
        header = [f"; corpus/paper/c/{c.name}, clang-22 {' '.join(SCALAR_FLAGS)} -march={MARCH['avx2']}"]
        header += ["; " + ln.strip().lstrip("* ").rstrip() for ln in comment if ln.strip()]
        out = CLANG / "src" / f"{c.stem}.ll"
        out.write_text("\n".join(header) + "\n" + compile_c(c, SCALAR_FLAGS, "avx2", clang))
        written.append(out)
    return written


def sources() -> list[Path]:
    return [s for folder in FOLDERS for s in sorted((folder / "src").glob("*.ll"))]


def pair_path(source: Path) -> Path:
    """Where the pair of ``source`` is kept."""
    return source.parent.parent / f"{source.stem}.srctgt.ll"


def regenerate() -> list[Path]:
    written = []
    for source in sources():
        out = pair_path(source)
        out.write_text(pair_text(source))
        written.append(out)
    return written


if __name__ == "__main__":
    if "--clang" in sys.argv[1:]:
        for p in compile_kernels():
            print(p, file=sys.stderr)
    for p in regenerate():
        print(p, file=sys.stderr)
