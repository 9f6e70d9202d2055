"""run a function natively and through the semantics, side by side

``vecverify exec FILE --fn NAME``: random inputs (or ``--args``), both results printed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ...checker import read_module
from ...errors import InputError
from ...execute.runs import ExecReport, exec_function, standalone
from ...execute.text import input_text, semantic_bytes, semantic_lane
from ...exit_codes import EXIT_INCORRECT, EXIT_OK
from ...ir.floats import bits_from_double, bits_from_float, bits_from_half
from ...ir.function import Function
from ...ir.types import FloatType, IntType, PtrType, Type, VectorType
from ...semantics.concrete import ConcreteInput
from ..options import non_negative


def add_command(sub: Any) -> argparse.ArgumentParser:
    ex = sub.add_parser("exec", help="run a function natively and through the semantics, side by side")
    ex.add_argument("file", type=Path, metavar="FILE")
    ex.add_argument("--fn", required=True, metavar="NAME", help="the function to run")
    ex.add_argument("--inputs", type=non_negative, default=10, metavar="N", help="random inputs (default 10)")
    ex.add_argument("--seed", type=non_negative, default=0)
    ex.add_argument("--args", action="append", metavar="JSON",
                    help="run on these arguments instead (a JSON list; repeat for more inputs)")
    ex.add_argument("--json", action="store_true")
    ex.set_defaults(run=cmd_exec)
    return ex


def cmd_exec(args: argparse.Namespace) -> int:
    module = read_module(args.file)
    if args.fn not in module.functions:
        raise InputError(f"{args.file}: no function @{args.fn}")
    fn = module.functions[args.fn]
    given = [parse_args(fn, text) for text in args.args] if args.args else None
    report = exec_function(fn, standalone(fn), args.inputs, args.seed, given)
    if args.json:
        print(json.dumps(exec_json(report), indent=2))
    else:
        print(exec_text(report))
    return EXIT_INCORRECT if report.disagreements else EXIT_OK


def parse_args(fn: Function, text: str) -> ConcreteInput:
    """``--args`` for ``fn``: a JSON list, one entry per argument. Integers are numbers
    (negative ones are two's complement); floats are numbers with a point or exponent,
    or "nan", "inf", "-inf", "-0.0" (an integer is taken as the raw IEEE bits); vectors
    are lists; a pointer argument is a string of hex bytes, its buffer."""
    to_bits = {16: bits_from_half, 32: bits_from_float, 64: bits_from_double}

    try:
        values = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"--args: not a JSON list: {e.msg}") from None
    if not isinstance(values, list) or len(values) != len(fn.args):
        raise InputError(f"--args: @{fn.name} takes {len(fn.args)} arguments, as a JSON list")
    args: list[Any] = []
    buffers: dict[int, bytes] = {}

    def scalar(v: Any, t: Type, where: str) -> int:
        if isinstance(t, FloatType):
            if isinstance(v, str) and v.lower() in ("nan", "inf", "-inf", "+inf", "-nan", "-0.0"):
                return to_bits[t.bits](float(v))
            if isinstance(v, float):
                return to_bits[t.bits](v)
        if isinstance(v, bool) or not isinstance(v, int):
            raise InputError(f"--args: {where} of type {t} needs a number, got {json.dumps(v)}")
        assert isinstance(t, IntType | FloatType)
        return v & ((1 << t.bits) - 1)

    for i, (a, v) in enumerate(zip(fn.args, values, strict=True)):
        where = f"argument {i}"
        if isinstance(a.type, PtrType):
            try:
                buffers[i] = bytes.fromhex(v) if isinstance(v, str) else b""
            except ValueError:
                raise InputError(f"--args: {where} (a pointer) needs hex bytes, got {v!r}") from None
            args.append(None)
        elif isinstance(a.type, VectorType):
            if not isinstance(v, list) or len(v) != a.type.count:
                raise InputError(f"--args: {where} of type {a.type} needs a list of {a.type.count} lanes")
            args.append([scalar(x, a.type.elem, where) for x in v])
        else:
            args.append(scalar(v, a.type, where))
    return ConcreteInput.separate(fn, args, buffers)


def exec_text(report: ExecReport) -> str:
    lines = [f"@{report.function.name}: {len(report.runs)} inputs"]
    for r in report.runs:
        lines.append(f"  input: {input_text(r.input)}")
        if r.semantics is None or r.native is None:
            lines.append("    UB per the semantics: not run natively")
            continue
        native = ", ".join(f"{x:#x}" for x in r.native.lanes)
        sem = ", ".join(semantic_lane(lane) for lane in r.semantics.lanes)
        if r.native.lanes:
            lines.append(f"    native:    {native}")
            lines.append(f"    semantics: {sem}")
        for k, (got, want) in enumerate(zip(r.native.blocks, r.semantics.memory, strict=True)):
            lines.append(f"    block {k} native:    {got.hex()}")
            lines.append(f"    block {k} semantics: {semantic_bytes(want)}")
        if r.native.oob:
            lines.append("    native code wrote out of bounds")
        if not r.agree:
            lines.append("    <-- DISAGREE: the semantics do not allow the native result")
    lines.append(f"{len(report.disagreements)} disagreements")
    return "\n".join(lines)


def exec_json(report: ExecReport) -> dict[str, Any]:
    runs = []
    for r in report.runs:
        item: dict[str, Any] = {"args": r.input.args, "blocks": [b.hex() for b in r.input.blocks]}
        if r.semantics is None or r.native is None:
            item["ub"] = True
        else:
            item.update({
                "ub": False,
                "native": r.native.lanes,
                "semantics": [None if lane.poison or lane.value is None else lane.value for lane in r.semantics.lanes],
                "poison": [bool(lane.poison) for lane in r.semantics.lanes],
                "native_blocks": [b.hex() for b in r.native.blocks],
                "semantics_blocks": [semantic_bytes(m) for m in r.semantics.memory],
                "agree": r.agree,
            })
        runs.append(item)
    return {"function": report.function.name, "runs": runs, "disagreements": len(report.disagreements)}
