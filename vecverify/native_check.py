"""Functions run natively and through the semantics: `vecverify exec`, `vecverify check
--exec N`, and the native replay of a counterexample.

Inputs are drawn from a seeded generator, biased to edge values; each pointer argument
gets a buffer of random bytes of its own, as large as the function's accesses through
it need (``dereferenceable(N)``, or the constant offsets it loads and stores at). An
input is only run natively where the semantics say it has no UB (native code would
trap or do anything); a native result is checked against the set of results the
semantics allow (:meth:`Evaluation.allows`): lanes and bytes they call poison may hold
anything, nondeterministic ones (NaN payloads, frozen poison) any allowed value.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import z3

from .errors import InputError, Unsupported
from .execute import Memory, compile_module
from .execute.native import machine_data_layout, store_size
from .ir.edges import float_edges, int_edges
from .ir.floats import bits_from_double, bits_from_float, bits_from_half
from .ir.function import Function, Module
from .ir.layout import DataLayout, parse_datalayout
from .ir.types import ArrayType, FloatType, IntType, PtrType, StructType, Type, VectorType
from .ir.values import (
    Alloca,
    Argument,
    Call,
    ConstInt,
    GetElementPtr,
    GlobalVariable,
    Load,
    Store,
    Value,
)
from .llvm import print_module
from .semantics.aggregates import is_aggregate
from .semantics.concrete import ConcreteInput, Evaluation, evaluate
from .semantics.memory import pointer_lane

DEFAULT_BUFFER = 64  # bytes, for a pointer argument accessed at offsets that are not constant
SMALL_MODEL_BLOCK = 256  # a counterexample's block larger than this is cut to the bytes around its pointers
MAX_MODEL_BLOCK = 1 << 16  # ... and not run natively if those span more


# ----------------------------------------------------------------------------- inputs


def random_value(t: Type, rng: random.Random) -> Any:
    if isinstance(t, VectorType):
        return [random_value(t.elem, rng) for _ in range(t.count)]
    if isinstance(t, IntType | FloatType):
        if rng.random() < 0.3:
            return rng.choice(int_edges(t.bits) if isinstance(t, IntType) else float_edges(t))
        if isinstance(t, IntType) and rng.random() < 0.3:  # small magnitudes (indices, counts)
            return rng.randint(-8, 8) & ((1 << t.bits) - 1)
        return rng.getrandbits(t.bits)
    raise Unsupported(f"random inputs of type {t}")


@dataclass(frozen=True)
class Extent:
    """The bytes a function accesses through one pointer argument, relative to it."""

    low: int = 0
    high: int = 0
    variable: bool = False  # some access is at an offset that is not a constant

    def size(self) -> int:
        span = self.high - self.low
        return max(span + DEFAULT_BUFFER, DEFAULT_BUFFER) if self.variable else max(span, 1)


def _constant_offset(v: Value, layout: DataLayout) -> tuple[Argument, int] | None:
    """The pointer argument ``v`` is based on and its constant byte offset from it, or
    None (not based on an argument through constant getelementptrs)."""
    offset = 0
    while isinstance(v, GetElementPtr):
        t: Type | None = v.source_type
        for k, idx in enumerate(v.operands[1:]):
            if t is None or not isinstance(idx, ConstInt):
                return None
            if k > 0:
                if not isinstance(t, VectorType | ArrayType):
                    return None
                t = t.elem
            offset += idx.signed() * layout.alloc_size(t)
        v = v.operands[0]
    return (v, offset) if isinstance(v, Argument) else None


def _accesses(fn: Function) -> list[tuple[Value, int]]:
    """Every memory access: its pointer operand and how many bytes it touches."""
    def value_bytes(t: Type) -> int:
        return fn.layout.alloc_size(t) if is_aggregate(t) else store_size(t)

    out = []
    for inst in fn.instructions():
        if isinstance(inst, Load):
            out.append((inst.operands[0], value_bytes(inst.type)))
        elif isinstance(inst, Store):
            out.append((inst.operands[1], value_bytes(inst.operands[0].type)))
        elif isinstance(inst, Call) and inst.callee.startswith("llvm.masked.load"):
            out.append((inst.operands[0], value_bytes(inst.type)))
        elif isinstance(inst, Call) and inst.callee.startswith("llvm.masked.store"):
            out.append((inst.operands[1], value_bytes(inst.operands[0].type)))
    return out


def pointer_extents(fn: Function) -> dict[int, Extent]:
    """For each pointer argument, the bytes the function's accesses through it reach."""
    extents = {i: Extent() for i, a in enumerate(fn.args) if isinstance(a.type, PtrType)}
    touched: set[int] = set()
    for pointer, nbytes in _accesses(fn):
        found = _constant_offset(pointer, fn.layout)
        if found is None:
            base = pointer
            while isinstance(base, GetElementPtr):
                base = base.operands[0]
            if isinstance(base, Argument) and base.index in extents:
                e = extents[base.index]
                extents[base.index] = Extent(e.low, e.high, True)
            continue
        arg, offset = found
        e = extents[arg.index]
        first = arg.index not in touched
        touched.add(arg.index)
        low = offset if first else min(e.low, offset)
        high = offset + nbytes if first else max(e.high, offset + nbytes)
        extents[arg.index] = Extent(min(low, 0), max(high, 0), e.variable)
    for i, a in enumerate(fn.args):
        if i in extents and a.attrs.dereferenceable:
            e = extents[i]
            extents[i] = Extent(e.low, max(e.high, a.attrs.dereferenceable), e.variable)
    return extents


def random_input(fn: Function, rng: random.Random, extents: dict[int, Extent] | None = None) -> ConcreteInput:
    """Random argument values, and a block of random bytes for each pointer argument
    (pointing ``-low`` bytes in, so that negative constant offsets stay inside)."""
    extents = pointer_extents(fn) if extents is None else extents
    args: list[Any] = []
    blocks: list[bytes] = []
    pointers: dict[int, tuple[int, int] | None] = {}
    for i, a in enumerate(fn.args):
        if isinstance(a.type, PtrType):
            e = extents[i]
            pointers[i] = (len(blocks), -e.low)
            blocks.append(bytes(rng.getrandbits(8) for _ in range(e.size())))
            args.append(None)
        else:
            args.append(random_value(a.type, rng))
    return ConcreteInput(args, blocks, pointers)


def _mentions(t: Type, names: tuple[str, ...]) -> bool:
    if isinstance(t, VectorType):
        return str(t.elem) in names
    if isinstance(t, StructType):
        return any(_mentions(f, names) for f in t.fields)
    if isinstance(t, ArrayType):
        return _mentions(t.elem, names)
    return isinstance(t, FloatType) and t.name in names


def _check_native_support(fn: Function) -> None:
    if isinstance(fn.ret_type, PtrType) or any(isinstance(a.type, VectorType) and isinstance(a.type.elem, PtrType)
                                                for a in fn.args):
        raise Unsupported(f"native runs of @{fn.name}: pointer values other than arguments")
    if fn.big_endian:
        raise Unsupported(f"native runs of @{fn.name}: a big-endian module on this machine")
    _check_machine_layout(fn)
    # LLVM 22's JIT (llvmlite) crashes on some bfloat code and calls runtime functions
    # for fp128 that the process may lack: neither is run.
    values = [*fn.args, *fn.instructions()]
    if any(_mentions(v.type, ("bfloat", "fp128")) for v in values) or any(
            _mentions(op.type, ("bfloat", "fp128")) for inst in fn.instructions() for op in inst.operands):
        raise Unsupported(f"native runs of @{fn.name}: bfloat or fp128 values")
    # The concrete evaluation and the native module give global variables no block yet.
    if any(isinstance(op, GlobalVariable) for inst in fn.instructions() for op in inst.operands):
        raise Unsupported(f"native runs of @{fn.name}: global variables")


def _memory_types(fn: Function) -> list[Type]:
    """The types ``fn`` lays out in memory: what it allocates, steps over and accesses."""
    out: list[Type] = []
    for inst in fn.instructions():
        if isinstance(inst, Alloca) and inst.allocated_type is not None:
            out.append(inst.allocated_type)
        elif isinstance(inst, GetElementPtr) and inst.source_type is not None:
            out.append(inst.source_type)
        elif isinstance(inst, Load):
            out.append(inst.type)
        elif isinstance(inst, Store):
            out.append(inst.operands[0].type)
    return out


def _layout_facts(layout: DataLayout, t: Type) -> tuple[object, ...]:
    """What a data layout decides about ``t`` and the types inside it."""
    inner: tuple[object, ...] = ()
    if isinstance(t, StructType):
        inner = (layout.struct_layout(t), *(_layout_facts(layout, f) for f in t.fields))
    elif isinstance(t, ArrayType | VectorType):
        inner = _layout_facts(layout, t.elem)
    return layout.alloc_size(t), layout.abi_align(t), inner


def _check_machine_layout(fn: Function) -> None:
    """The JIT lays memory out as this machine's data layout says (a module without
    one, as most hand-written tests, has LLVM's default: an i64 4-byte aligned): refuse
    a function whose types in memory the two lay out differently."""
    machine = parse_datalayout(machine_data_layout())
    for t in _memory_types(fn):
        if _layout_facts(fn.layout, t) != _layout_facts(machine, t):
            raise Unsupported(f"native runs of @{fn.name}: {t} is laid out differently by the module's "
                              "data layout and this machine's")


# ----------------------------------------------------------------------------- running


@dataclass
class Observed:
    """One native run: the returned lanes and each block's final bytes."""

    value: Any
    lanes: list[int]
    blocks: list[bytes]
    oob: bool


def run_native(module_text: str, fn: Function, given: ConcreteInput) -> Observed:
    memory = Memory([np.frombuffer(b, dtype=np.uint8) for b in given.blocks], dict(given.pointers))
    result = compile_module(module_text).run(fn.name, list(given.args), memory=memory)
    return Observed(result.value, result.lanes(), [b.tobytes() for b in result.buffers], bool(result.oob_writes))


def _allowed(ev: Evaluation, seen: Observed) -> bool:
    return not seen.oob and ev.allows(seen.lanes, [list(b) for b in seen.blocks])


@dataclass
class Run:
    input: ConcreteInput
    semantics: Evaluation | None  # None: UB per the semantics (not run natively)
    native: Observed | None = None
    agree: bool = True


@dataclass
class ExecReport:
    function: Function
    runs: list[Run] = field(default_factory=list)

    @property
    def disagreements(self) -> list[Run]:
        return [r for r in self.runs if not r.agree]


def exec_function(
    fn: Function, module_text: str, count: int, seed: int, given: list[ConcreteInput] | None = None
) -> ExecReport:
    """Run ``fn`` natively and through the semantics on the ``given`` inputs, or on
    ``count`` random ones."""
    _check_native_support(fn)
    rng = random.Random(seed)
    extents = pointer_extents(fn)
    inputs = given if given is not None else [random_input(fn, rng, extents) for _ in range(count)]
    report = ExecReport(fn)
    for inp in inputs:
        ev = evaluate(fn, inp)
        if ev.ub is not False:
            report.runs.append(Run(inp, None))
            continue
        seen = run_native(module_text, fn, inp)
        report.runs.append(Run(inp, ev, seen, _allowed(ev, seen)))
    return report


@dataclass
class PairRuns:
    runs: int
    mismatches: list[tuple[ConcreteInput, Observed, Observed]]  # input, source's native run, target's
    skipped_target_ub: int = 0


def compare_natively(src: Function, tgt: Function, count: int, seed: int) -> PairRuns:
    """Run both functions natively on random inputs where the source has no UB: the
    target's native result must be one the source's semantics allow."""
    _check_native_support(src)
    _check_native_support(tgt)
    src_text, tgt_text = standalone(src), standalone(tgt)
    rng = random.Random(seed)
    extents = _merged_extents(pointer_extents(src), pointer_extents(tgt))
    ran, skipped, mismatches = 0, 0, []
    for _ in range(count):
        inp = random_input(src, rng, extents)
        ev_src = evaluate(src, inp)
        if ev_src.ub is not False:
            continue  # UB in the source: anything goes
        if evaluate(tgt, inp).ub is not False:
            skipped += 1  # UB in the target where the source has none: the proof reports it
            continue
        ran += 1
        a, b = run_native(src_text, src, inp), run_native(tgt_text, tgt, inp)
        if not _allowed(ev_src, b):
            mismatches.append((inp, a, b))
    return PairRuns(ran, mismatches, skipped)


def _merged_extents(a: dict[int, Extent], b: dict[int, Extent]) -> dict[int, Extent]:
    return {i: Extent(min(a[i].low, b[i].low), max(a[i].high, b[i].high), a[i].variable or b[i].variable) for i in a}


def standalone(fn: Function) -> str:
    """A module holding just ``fn`` (and the declarations its calls need)."""
    return print_module(Module(functions={fn.name: fn}))


# ----------------------------------------------------------------------------- counterexamples


@dataclass
class CounterexampleRun:
    """A counterexample run natively: whether it could be, and what the hardware did."""

    ran: bool
    note: str  # why not, or what the hardware showed
    source: Observed | None = None
    target: Observed | None = None
    shows_difference: bool = False


def run_counterexample(example: Any) -> CounterexampleRun:
    """Replay an SMT counterexample free of UB and poison natively: does the hardware
    show the difference? (Counterexamples that need poison or undef inputs, or UB in the
    target, cannot be run.)"""
    src, tgt = example.src.function, example.tgt.function
    try:
        _check_native_support(src)
        _check_native_support(tgt)
        inp = _model_input(example)
    except Unsupported as e:
        return CounterexampleRun(False, f"not run natively: {e.what}")
    ev_src, ev_tgt = evaluate(src, inp), evaluate(tgt, inp)
    if ev_src.ub is not False:
        return CounterexampleRun(False, "not run natively: the source has UB on the poison-free input")
    if ev_tgt.ub is not False:
        return CounterexampleRun(False, "not run natively: the target has UB on this input")
    a, b = run_native(standalone(src), src, inp), run_native(standalone(tgt), tgt, inp)
    shows = not _allowed(ev_src, b)
    note = "the hardware shows the difference" if shows else \
        "the hardware does not show the difference (it lies in what the semantics leave open)"
    return CounterexampleRun(True, note, a, b, shows)


def _model_input(example: Any) -> ConcreteInput:
    """The counterexample's inputs as concrete values; Unsupported where an argument lane
    is poison or undef."""
    m = example.model

    def value(term: Any) -> int:
        return int(m.eval(term, model_completion=True).as_long())

    def true(term: Any) -> bool:
        return bool(z3.is_true(m.eval(term, model_completion=True)))

    args: list[Any] = []
    pointers: dict[int, tuple[int, int] | None] = {}
    block_of: dict[int, int] = {}
    model_pointers: dict[int, tuple[int, int]] = {}  # argument -> (model's block id, offset)
    for i, a in enumerate(example.inputs.args):
        if any(true(p) for p in a.poison) or any(true(u) for u in a.undef):
            raise Unsupported("the counterexample has poison or undef arguments")
        if a.pointer is None:
            lanes = [value(v) for v in a.values]
            args.append(lanes if a.type.is_vector else lanes[0])
            continue
        args.append(None)
        if a.null is not None and true(a.null):
            pointers[i] = None
            continue
        bid = value(a.pointer.block)
        block_of.setdefault(bid, len(block_of))
        model_pointers[i] = (bid, value(a.pointer.offset))

    sizes = {b.block_id: value(b.size) for b in example.inputs.blocks}
    extents = _merged_extents(pointer_extents(example.src.function), pointer_extents(example.tgt.function))
    blocks: list[bytes] = []
    for bid in block_of:
        inside = sorted((off, i) for i, (b, off) in model_pointers.items() if b == bid)
        for start, end, members in _windows(inside, sizes.get(bid, 0), extents):
            for i in members:
                pointers[i] = (len(blocks), model_pointers[i][1] - start)
            # A byte the model leaves poison is given its data bits: the input stays
            # poison-free, and the semantics are evaluated again on it before anything
            # is compared.
            blocks.append(bytes(
                value(z3.Select(example.inputs.memory.init_data, pointer_lane(bid, z3.BitVecVal(j, 64))))
                for j in range(start, end)
            ))
    return ConcreteInput(args, blocks, pointers)


def _windows(
    inside: list[tuple[int, int]], size: int, extents: dict[int, Extent]
) -> list[tuple[int, int, list[int]]]:
    """The parts of a counterexample's block to run natively: the whole block when it is
    small, else the bytes around each group of nearby pointers into it, from a
    4096-aligned start (block bases are), as far as the functions reach at constant
    offsets; each part becomes a block of its own (the semantics are evaluated on that
    input again, so what is compared is consistent)."""
    if size <= SMALL_MODEL_BLOCK:
        return [(0, size, [i for _, i in inside])]
    out: list[tuple[int, int, list[int]]] = []
    for off, i in inside:
        low = max(0, off + extents[i].low) // 4096 * 4096
        high = min(size, off + max(extents[i].high, DEFAULT_BUFFER))
        if out and low <= out[-1][1] + SMALL_MODEL_BLOCK:
            start, end, members = out[-1]
            out[-1] = (start, max(end, high), members + [i])
        else:
            out.append((low, max(low, high), [i]))
    for start, end, _ in out:
        if end - start > MAX_MODEL_BLOCK:
            raise Unsupported(f"the counterexample's pointers reach {end - start} bytes of one block")
    return out


# ----------------------------------------------------------------------------- given inputs


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


# ----------------------------------------------------------------------------- printing


def format_value(value: Any) -> str:
    if isinstance(value, list):
        return "<" + ", ".join(format_value(v) for v in value) + ">"
    return "poison/undefined" if value is None else f"{value:#x}"


def _semantic_lane(lane: Any) -> str:
    if lane.poison:
        return "poison"
    return "any allowed" if lane.value is None else f"{lane.value:#x}"


def _semantic_bytes(lanes: list[Any]) -> str:
    return "".join("??" if b.poison else "**" if b.value is None else f"{b.value:02x}" for b in lanes)


def input_text(inp: ConcreteInput) -> str:
    parts = []
    for i, a in enumerate(inp.args):
        if i in inp.pointers:
            where = inp.pointers[i]
            parts.append("null" if where is None else f"ptr(block {where[0]} + {where[1]})")
        else:
            parts.append(format_value(a))
    text = ", ".join(parts)
    for k, b in enumerate(inp.blocks):
        text += f"; block {k}: {b.hex() or '(empty)'}"
    return text


def exec_text(report: ExecReport) -> str:
    lines = [f"@{report.function.name}: {len(report.runs)} inputs"]
    for r in report.runs:
        lines.append(f"  input: {input_text(r.input)}")
        if r.semantics is None or r.native is None:
            lines.append("    UB per the semantics: not run natively")
            continue
        native = ", ".join(f"{x:#x}" for x in r.native.lanes)
        sem = ", ".join(_semantic_lane(lane) for lane in r.semantics.lanes)
        if r.native.lanes:
            lines.append(f"    native:    {native}")
            lines.append(f"    semantics: {sem}")
        for k, (got, want) in enumerate(zip(r.native.blocks, r.semantics.memory, strict=True)):
            lines.append(f"    block {k} native:    {got.hex()}")
            lines.append(f"    block {k} semantics: {_semantic_bytes(want)}")
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
                "semantics_blocks": [_semantic_bytes(m) for m in r.semantics.memory],
                "agree": r.agree,
            })
        runs.append(item)
    return {"function": report.function.name, "runs": runs, "disagreements": len(report.disagreements)}


def pair_runs_json(runs: PairRuns) -> dict[str, Any]:
    out: dict[str, Any] = {"runs": runs.runs, "mismatches": len(runs.mismatches)}
    if runs.skipped_target_ub:
        out["skipped_target_ub"] = runs.skipped_target_ub
    if runs.mismatches:
        inp, a, b = runs.mismatches[0]
        out["first"] = mismatch_text(inp, a, b)
    return out


def mismatch_text(inp: ConcreteInput, a: Observed, b: Observed) -> str:
    return f"inputs ({input_text(inp)}): {results_text(a, b)}"


def _bytes_diff(x: bytes, y: bytes, most: int = 32) -> str:
    """Where two byte strings differ: the bytes from the first to the last difference
    (at most ``most`` of them)."""
    diff = [i for i, (p, q) in enumerate(zip(x, y, strict=True)) if p != q]
    lo, hi = diff[0], min(diff[-1] + 1, diff[0] + most)
    more = "..." if diff[-1] >= hi else ""
    return f"bytes {lo}..{hi - 1}: source {x[lo:hi].hex()}{more}, target {y[lo:hi].hex()}{more}"


def results_text(a: Observed, b: Observed) -> str:
    """What the source and the target gave: returned values (unless void) and the
    blocks whose bytes differ."""
    parts = [] if a.value is None else [f"source {format_value(a.value)}, target {format_value(b.value)}"]
    for k, (x, y) in enumerate(zip(a.blocks, b.blocks, strict=True)):
        if x != y:
            parts.append(f"block {k} {_bytes_diff(x, y)}")
    if b.oob:
        parts.append("the target writes out of bounds")
    return "; ".join(parts) or "the same results"



__all__ = ["exec_function", "compare_natively", "exec_text", "run_counterexample", "parse_args", "standalone"]
