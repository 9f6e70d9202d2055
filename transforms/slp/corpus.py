"""The paper corpus: ``corpus/paper/src/*.ll`` are the seeds' example kernels as scalar
LLVM IR; ``corpus/paper/NAME.srctgt.ll`` pairs each with what the vectorizer makes of
it, in alive-tv format (checked with the rest of the corpus by the test suite).

    python -m transforms.slp.corpus      # rewrite the .srctgt.ll files after a change
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from vecverify.ir.function import Module

PAPER = Path(__file__).resolve().parents[2] / "corpus" / "paper"
KERNELS = PAPER / "c"  # the C kernels of the benchmark (their clang output: PAPER / "clang")


def pair_text(source: Path) -> str:
    """The header comments of ``source``, then @src (the kernel) and @tgt (vectorized)."""
    from vecverify.checker import read_module
    from vecverify.llvm import print_module

    from .vectorizer import vectorize_function

    module = read_module(source)
    [fn] = module.functions.values()
    vec, reports = vectorize_function(fn)
    src, tgt = copy.copy(fn), copy.copy(vec if vec is not None else fn)
    src.name, tgt.name = "src", "tgt"
    header = [ln for ln in source.read_text().splitlines() if ln.startswith(";")]
    done = [f"; vectorized: {r.seed} {r.lanes} x {r.elem}" + (f" ({', '.join(r.rules)})" if r.rules else "")
            for r in reports] or ["; vectorized: nothing (no tree was profitable)"]
    body = print_module(Module(functions={"src": src, "tgt": tgt}))
    return "\n".join(header + done) + "\n\n" + body


def regenerate(folder: Path = PAPER) -> list[Path]:
    written = []
    for source in sorted((folder / "src").glob("*.ll")):
        out = folder / f"{source.stem}.srctgt.ll"
        out.write_text(pair_text(source))
        written.append(out)
    return written


if __name__ == "__main__":
    for p in regenerate():
        print(p, file=sys.stderr)
