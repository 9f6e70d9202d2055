"""Counterexample replay (vecverify/execute/replay.py) where the model leaves input bytes
poison: their data bits may equal what the source writes there, and a byte the target
forgets to write then looks written on the hardware."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import z3

from vecverify.checker import check_pair
from vecverify.execute.replay import run_counterexample
from vecverify.llvm import read_module
from vecverify.refine import CheckOptions

# b[i] = a[i] + 1 for i < 18 after LoopVectorize; the mutant's remainder resumes at 17.
MUTANT = Path(__file__).parent / "data" / "loops" / "const_trip_vf4_resume_off_by_one.srctgt.ll"


class _EveryBytePoison:
    """The model, except that every input byte is poison, with data bits ``data[block]``."""

    def __init__(self, model: z3.ModelRef, memory: Any, data: dict[int, int]) -> None:
        self.model, self.memory, self.data = model, memory, data

    def eval(self, term: z3.ExprRef, model_completion: bool = False) -> z3.ExprRef:
        if z3.is_select(term) and term.arg(0).eq(self.memory.init_poison):
            return z3.BoolVal(True)
        if z3.is_select(term) and term.arg(0).eq(self.memory.init_data):
            key = term.arg(1)
            block = z3.simplify(z3.Extract(key.size() - 1, 64, key)).as_long()
            return z3.BitVecVal(self.data.get(block, 0), 8)
        return self.model.eval(term, model_completion=model_completion)


def test_a_byte_left_poison_whose_data_bits_hide_the_difference_is_run_again_complemented() -> None:
    m = read_module(MUTANT)
    verdict = check_pair(m.functions["src"], m.functions["tgt"], CheckOptions(timeout_ms=60_000))
    assert verdict.status == "incorrect" and verdict.example is not None
    example = verdict.example
    a, b = (example.model.eval(arg.pointer.block, model_completion=True).as_long() for arg in example.inputs.args)
    # a's bytes 0 and b's bytes 1 = a + 1: b[16], which the target leaves alone, already
    # holds what the source writes there, so these bits alone show nothing natively.
    hidden = dataclasses.replace(example, model=_EveryBytePoison(example.model, example.inputs.memory, {a: 0, b: 1}))
    run = run_counterexample(hidden)
    assert run.ran and run.shows_difference, run.note
