"""One program through the campaign: transform -> prove -> run natively.

The source is a generated kernel; the target is what the transform made of it. A
failure is one of: the proof refutes the target (``incorrect``), the proof cannot
decide (``inconclusive``: failed to prove, unsupported, internal error), the native
runs disagree on a lane the source defines (``native``), the transform raised
(``crash``), or the native source run disagrees with the kernel's reference model
(``model``: a bug in the harness or the code generator, not in the transform).
"""

from __future__ import annotations

import copy
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from properties import loops
from properties.kernel import Kernel, evaluate, random_inputs, same
from properties.loops import LoopKernel
from transforms.base import TransformOptions
from vecverify.compare import Witness, compare_functions
from vecverify.ir.function import Function, Module
from vecverify.llvm import parse_module, print_module
from vecverify.llvm.reader import canonicalize
from vecverify.refine import CheckOptions
from vecverify.report import verdict_text, verdict_warnings

from . import native

NATIVE_RUNS = 8  # random inputs per program
# Where a program's time goes, in order (the campaign adds "generate", "shrink" and the
# workers' "start-up"): parse the kernel, transform, LLVM's verifier on the target, the
# proof, compiling the pair natively, the native runs and their comparison.
STAGES = ("parse", "transform", "verify IR", "prove", "compile", "native run")
PROOF_QUERIES_TIME = 2  # a program's proof in all: at most this many query time limits
# ... a loop program's witness proof (its entry, step and exit checks, each of several
# queries): at most this many.
OWN_PROOF_QUERIES_TIME = 6


class TransformLike(Protocol):
    name: str

    def apply(self, fn: Function, options: Any = None) -> Function | None: ...


@dataclass
class Outcome:
    declined: bool = False
    proof: str = ""  # verdict status: correct | incorrect | failed | unsupported | internal
    proof_error: str = ""  # the ERROR line, or the detail of an inconclusive verdict
    proof_seconds: float = 0.0
    native_runs: int = 0  # input sets run natively on both functions
    native_mismatch: str = ""
    model_mismatch: str = ""
    crash: str = ""
    text: str = ""  # module with @src and @tgt (empty when declined)
    report: str = ""  # the proof's alive-tv text when it did not verify (the counterexample)
    extra: dict[str, Any] = field(default_factory=dict)
    # Seconds per stage (see STAGES), for the campaign's profile (bench fuzz).
    stages: dict[str, float] = field(default_factory=dict)

    def timed(self, stage: str, t0: float) -> float:
        """Add the time since ``t0`` to ``stage``; returns now (the next stage's start)."""
        now = time.perf_counter()
        self.stages[stage] = self.stages.get(stage, 0.0) + now - t0
        return now

    @property
    def failure(self) -> str:
        """The failure kind, or "" when the program passed (or was declined)."""
        if self.crash:
            return "crash"
        if self.proof == "incorrect":
            return "incorrect"
        if self.native_mismatch:
            return "native"
        if self.proof and self.proof != "correct":
            return "inconclusive"
        if self.model_mismatch:
            return "model"
        return ""

    @property
    def message(self) -> str:
        kind = self.failure
        if kind == "crash":
            return self.crash if self.crash.startswith("invalid") else f"transform raised {self.crash}"
        if kind == "incorrect":
            return f"proof: ERROR: {self.proof_error}" + (
                f"; native: {self.native_mismatch}" if self.native_mismatch else "")
        if kind == "native":
            return f"native runs disagree ({self.native_mismatch}) where the proof said {self.proof}"
        if kind == "inconclusive":
            return f"proof: {self.proof}" + (f" ({self.proof_error})" if self.proof_error else "")
        if kind == "model":
            return f"native source run disagrees with the reference model: {self.model_mismatch}"
        return ""

    @property
    def caught_by_proof(self) -> bool:
        return self.proof == "incorrect"

    @property
    def caught_natively(self) -> bool:
        return bool(self.native_mismatch)


def source_function(kernel: Kernel | LoopKernel) -> Function:
    return parse_module(kernel.text, "<kernel>").functions["src"]


def pair_text(src: Function, tgt: Function) -> str:
    """One module with ``@src`` and ``@tgt`` (the corpus format; what runs natively)."""
    tgt = copy.copy(tgt)
    tgt.name = "tgt"
    return print_module(Module(functions={"src": src, "tgt": tgt}))


class OutOfTime(Exception):
    """The campaign's deadline passed while the program's proof ran: the program is not
    counted (its proof was cut short by the budget, not by the solver)."""


def run_program(
    kernel: Kernel | LoopKernel,
    transform: TransformLike,
    native_seed: int,
    *,
    timeout_ms: int = 20_000,
    native_runs: int = NATIVE_RUNS,
    use_native: bool = True,
    deadline: float = math.inf,
) -> Outcome:
    """``deadline`` (a time.time() value) caps the proof's time limit: a proof that runs
    out of time because the deadline came raises OutOfTime."""
    out = Outcome()
    t = time.perf_counter()
    src = source_function(kernel)
    t = out.timed("parse", t)
    try:
        tgt = transform.apply(src, TransformOptions())
    except Exception as e:  # a transform bug is a finding, not a campaign crash
        out.crash, out.text = f"{type(e).__name__}: {e}", kernel.text
        return out
    t = out.timed("transform", t)
    if tgt is None:
        out.declined = True
        return out
    try:
        out.text = pair_text(src, tgt)
        canonicalize(out.text, "<target>")  # LLVM's verifier: the target must be valid IR
    except Exception as e:  # invalid IR from the transform: a finding of its own
        out.crash, out.text = f"invalid target IR: {type(e).__name__}: {e}", kernel.text
        return out
    out.timed("verify IR", t)
    left = deadline - time.time()
    if left <= 0:
        raise OutOfTime
    # Each query gets timeout_ms; the whole proof at most PROOF_QUERIES_TIME times that
    # (a transform's own proof, OWN_PROOF_QUERIES_TIME), and never past the campaign's end.
    own = getattr(transform, "prove_output", None)
    cap = min(left, (PROOF_QUERIES_TIME if own is None else OWN_PROOF_QUERIES_TIME) * timeout_ms / 1000)
    t0 = time.perf_counter()
    # Through compare_functions, as every front end; a transform may prove its own output
    # (the loop vectorizer: its witness, for every trip count, where a bounded check never
    # enters the vector loop). The native witness here is the kernel's own (against its
    # reference model: see compare_natively).
    # Query limits count this process's CPU time (CheckOptions.cpu_time): with wall time, a
    # loaded machine ran out the first short slice of a query the solver decides at once,
    # and the path after it took the query to its limit (seconds per program, or a
    # timeout). The cap above stays wall time (the campaign's budget).
    options = CheckOptions(timeout_ms=timeout_ms, deadline=time.monotonic() + cap, cpu_time=True)
    verdict = compare_functions(src, tgt, options, Witness(replay=False), own).verdict
    out.proof_seconds = time.perf_counter() - t0
    out.timed("prove", t0)
    # Cut short by the campaign's deadline: the proof itself, or the question whether a
    # correct verdict is vacuous (not a finding: the program is not counted).
    cut = verdict.status == "failed" or (verdict.status == "correct" and verdict.source_always_ub is None)
    if cut and time.time() >= deadline:
        raise OutOfTime
    out.proof = verdict.status
    out.proof_error = verdict.error or verdict.detail or ""
    if verdict.status == "correct" and (warnings := verdict_warnings(verdict)):
        # Refined by anything: the proof says nothing about the transform (suspicious:
        # a generated source that is always UB, or a check that could not tell).
        out.proof, out.proof_error = "vacuous", "; ".join(warnings)
    if out.proof != "correct":
        out.report = verdict_text(verdict)
    if use_native and native.available():
        compare_natively(kernel, out, native_seed, native_runs)
    return out


# Loop kernels run at every trip count up to 3 * 16 + 1 (every VF's vector loop entered
# 0..3 times, with every remainder) and two larger ones.
LOOP_TRIP_COUNTS = (*range(0, 18), 23, 31, 49, 100)


def compare_loop_natively(kernel: LoopKernel, out: Outcome, seed: int) -> None:
    """Run @src and @tgt at LOOP_TRIP_COUNTS on random arrays; every array must come out
    the same (the kernels define every value), and the source as the reference model
    says."""
    rng = np.random.default_rng(seed)
    for trips in LOOP_TRIP_COUNTS:
        inputs = loops.random_inputs(kernel, trips, rng)
        want = loops.evaluate(kernel, inputs, trips)
        try:
            src = loops.run_native(kernel, out.text, inputs, trips, "src")
        except loops.OutOfBounds as e:
            out.model_mismatch = out.model_mismatch or f"trip count {trips}: {e}"
            return
        try:
            tgt = loops.run_native(kernel, out.text, inputs, trips, "tgt")
        except loops.OutOfBounds as e:
            out.native_mismatch = f"trip count {trips}: {e}"
            return
        out.native_runs += 1
        for arr in kernel.arrays:
            s, t, m = (x[arr].view(np.uint8) for x in (src, tgt, want))
            if not out.model_mismatch and not np.array_equal(s, m):
                out.model_mismatch = f"trip count {trips}: native source {arr} = {src[arr]}, model {want[arr]}"
            if not np.array_equal(s, t):
                out.native_mismatch = (f"trip count {trips} (x = {inputs.x}, a = {inputs.arrays['a']}): "
                                       f"source {arr} = {src[arr]}, target {tgt[arr]}")
                return


def _hex(bits: int | None, esize: int) -> str:
    return "poison" if bits is None else f"0x{bits:0{2 * esize}x}"


def compare_natively(kernel: Kernel | LoopKernel, out: Outcome, seed: int, runs: int) -> None:
    """Run @src and @tgt natively and compare them with each other and with the
    kernel's reference model: a straight-line kernel on ``runs`` random input sets, a
    loop kernel at every trip count of LOOP_TRIP_COUNTS."""
    t = time.perf_counter()
    native.compile(out.text)
    t = out.timed("compile", t)
    try:
        if isinstance(kernel, LoopKernel):
            compare_loop_natively(kernel, out, seed)
        else:
            _compare_runs(kernel, out, seed, runs)
    finally:
        out.timed("native run", t)


def _compare_runs(kernel: Kernel, out: Outcome, seed: int, runs: int) -> None:
    """Every lane the reference model calls defined must agree (a poison lane may hold
    anything in the target)."""
    rng = random.Random(seed)
    nargs = 1 + len(kernel.inputs)
    es = kernel.esize
    dtype = np.dtype(f"<u{es}")
    for _ in range(runs):
        inputs = random_inputs(kernel, rng)
        expected = evaluate(kernel, inputs)
        bufs = inputs.buffers(kernel)
        src_bufs, src_oob = native.run(out.text, "src", nargs, bufs)
        tgt_bufs, tgt_oob = native.run(out.text, "tgt", nargs, bufs)
        out.native_runs += 1
        s_out = [int(x) for x in src_bufs[0].view(dtype)]
        t_out = [int(x) for x in tgt_bufs[0].view(dtype)]

        def where(lane: int, inputs: Any = inputs) -> str:
            if kernel.reduce is not None:  # every lane's inputs make out[0]
                vals = "; ".join(f"{'abc'[a]} = [{', '.join(_hex(x, es) for x in inputs.arrays[a])}]"
                                 for a in kernel.inputs)
                return f"out[0] ({vals})"
            vals = ", ".join(f"{'abc'[a]}[{lane}]={_hex(inputs.arrays[a][lane], es)}"
                             for a in kernel.inputs if lane < len(inputs.arrays[a]))  # lanes that read it
            return f"lane {lane} ({vals})"

        if tgt_oob:
            out.native_mismatch = f"target writes out of bounds of argument {tgt_oob[0]}"
            return
        for pos in range(1, nargs):
            if not np.array_equal(tgt_bufs[pos], bufs[pos]):
                out.native_mismatch = f"target writes the read-only input %{'abc'[kernel.inputs[pos - 1]]}"
                return
        for lane, want in enumerate(expected):
            if want is None:
                continue
            if not out.model_mismatch and (src_oob or not same(s_out[lane], want, kernel.elem)):
                out.model_mismatch = (f"{where(lane)}: native source {_hex(s_out[lane], es)}, "
                                      f"model {_hex(want, es)}")
            if not same(t_out[lane], s_out[lane], kernel.elem):
                out.native_mismatch = (f"{where(lane)}: source stores {_hex(s_out[lane], es)}, "
                                       f"target {_hex(t_out[lane], es)}")
                return
