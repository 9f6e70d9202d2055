"""The native witness of a ``--vla`` loop: the scalar function and the vector-length-
agnostic one compiled into one program for the loop's target (AArch64+SVE, or RISC-V
with vectors for ``--target rvv``: vecverify/execute/sve.py) and run under qemu at
several vscale values, at every trip count 0..3*VF+1 of the largest vscale
run and a few random larger ones, on the same random memory; buffers and return values
compared byte for byte. qemu's time is emulation's: correctness only, no performance
figure.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from vecverify.execute.inputs import shape_arguments
from vecverify.execute.memory_runs import (
    close_within_rounding,
    pointee_types,
    random_arguments,
    tame_floats,
)
from vecverify.execute.sve import SCALABLE_WITNESSES, SveModule
from vecverify.ir.function import Function, Module
from vecverify.ir.types import FloatType
from vecverify.llvm.printer import print_module

from .folds import FLOATING_KINDS
from .native import _bound_argument, _index_buffers, _most_trips, _tame_indices, trip_counts
from .vla import ScalableLoop

# vscale values run by default: SVE's 128, 256 and 512-bit machines, and one of 1024
# bits: within vscale_range(1,16) and past the 64-byte default of a qemu-user process
# (RISC-V: VLEN 64, 128, 256, 512).
NATIVE_VSCALES = (1, 2, 4, 8)


@dataclass
class VlaRuns:
    runs: int = 0
    vscales: list[int] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)  # one line each: vscale, input, what differs
    machine: str = "SVE"
    not_run: list[str] = field(default_factory=list)  # "vscale 1: why"

    def line(self, name: str, loop: str) -> str:
        skipped = f" (not run at {'; '.join(self.not_run)})" if self.not_run else ""
        return (f"@{name}: loop {loop}: native under qemu ({self.machine}, vscale {', '.join(map(str, self.vscales))}): "
                f"{self.runs} runs, {len(self.mismatches)} mismatches{skipped}")


def run_vla_natively(src: Function, tgt: Function, sl: ScalableLoop, seed: int = 0,
                     vscales: Sequence[int] = NATIVE_VSCALES) -> VlaRuns:
    """Run ``src`` (scalar) and ``tgt`` (its ``--vla`` form) under qemu, on the machine
    the loop was made for, at each of ``vscales`` the loop's range allows (raises
    Unsupported where the toolchain is missing)."""
    at = [v for v in vscales if sl.vscale_range.allows(v)]
    a, b = copy.copy(src), copy.copy(tgt)
    a.name, b.name = f"{src.name}.scalar", f"{src.name}.vla"
    machine = SCALABLE_WITNESSES[sl.target]
    program = SveModule(print_module(Module(functions={a.name: a, b.name: b})), [a, b], target=machine)
    out = VlaRuns(machine=machine.name)
    out.not_run = [f"vscale {v}: {program.unable(v)}" for v in at if program.unable(v) is not None]
    at = out.vscales = [v for v in at if program.unable(v) is None]
    try:
        shape = shape_arguments(src)
        bound = _bound_argument(sl)  # type: ignore[arg-type]
        indices = _index_buffers(sl)  # type: ignore[arg-type]  # gathers' and scatters' indices: inside the buffers
        rng = random.Random(seed)
        plan = sl.copies[min(sl.copies)].plan
        wraps = plan.induction.pred == "ne"
        # A floating-point reduction's vector order rounds differently: tame values,
        # results compared within rounding (as loop/native.py does).
        reordered = any(r.kind in FLOATING_KINDS for r in plan.phis.reductions)
        floats = {k: t for k, t in pointee_types(src).items() if isinstance(t, FloatType)} if reordered else {}
        ret = src.ret_type if reordered and isinstance(src.ret_type, FloatType) else None
        for v in at:
            inputs: list[tuple[int, list[Any], dict[int, bytes]]] = []
            labels: list[str] = []
            for t in trip_counts(v * sl.n * sl.uf, seed + v, _most_trips(sl)):  # type: ignore[arg-type]
                if t == 0 and wraps:
                    continue  # an `ne` count from n = start runs 2^w times: out of bounds, UB
                args, buffers = random_arguments(src, rng, shape)
                _tame_indices(buffers, indices, rng)
                if bound is not None:
                    k, start = bound
                    args[k] = (start + t) % (1 << src.args[k].type.bits)  # type: ignore[attr-defined]
                for k, ft in floats.items():
                    if k in buffers:
                        buffers[k] = tame_floats(buffers[k], ft, len(inputs) + 1000 * v)
                data = {k: bytes(buf) for k, buf in buffers.items()}
                inputs += [(0, args, data), (1, args, data)]
                labels.append(f"trip count {t}" if bound is not None else "random input")
            runs = program.run(v, inputs)
            for k, label in enumerate(labels):
                scalar, vector = runs[2 * k], runs[2 * k + 1]
                out.runs += 1
                if scalar.lanes != vector.lanes and not (
                        ret is not None and close_within_rounding(np.array(scalar.lanes), np.array(vector.lanes), ret)):
                    out.mismatches.append(f"vscale {v}, {label}: returns {vector.lanes}, scalar {scalar.lanes}")
                for i, buf in scalar.buffers.items():
                    elem = floats.get(i)
                    if vector.buffers.get(i) != buf and not (elem is not None and close_within_rounding(
                            np.frombuffer(buf, np.uint8), np.frombuffer(vector.buffers[i], np.uint8), elem)):
                        at_byte = next(j for j, (x, y) in enumerate(zip(buf, vector.buffers[i], strict=True)) if x != y)
                        out.mismatches.append(f"vscale {v}, {label}: %{src.args[i].name} differs from byte {at_byte}")
    finally:
        program.close()
    return out
