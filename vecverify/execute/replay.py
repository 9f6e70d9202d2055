"""An SMT counterexample replayed natively: its inputs as concrete values (a block the
model makes large is cut to the windows around its pointers), the semantics evaluated on
them again, both functions run, and whether the hardware shows the difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from ..errors import Unsupported
from ..semantics.concrete import ConcreteInput, evaluate
from ..semantics.memory import pointer_lane
from .codegen import prestart
from .inputs import DEFAULT_BUFFER, Extent, merged_extents, pointer_extents
from .runs import Observed, allowed, run_native, standalone
from .support import check_machine_layout, check_native_support

SMALL_MODEL_BLOCK = 256  # a counterexample's block larger than this is cut to the bytes around its pointers
MAX_MODEL_BLOCK = 1 << 16  # ... and not run natively if those span more


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
    target, cannot be run.)

    The JIT (llvmlite) is loaded only for a counterexample that runs: the checks that do
    not need it come first, the data layout's last."""
    src, tgt = example.src.function, example.tgt.function
    try:
        check_native_support(src, layout=False)
        check_native_support(tgt, layout=False)
        inp, poison_bytes = _model_input(example)
    except Unsupported as e:
        return CounterexampleRun(False, f"not run natively: {e.what}")
    first = _run(example, inp)
    if first.shows_difference or not poison_bytes:
        return first
    # The model left some input bytes poison, and the data bits it gave them may happen to
    # equal what the source writes there (a byte the target forgets to write then looks
    # written): the same input with those bytes complemented, evaluated afresh.
    again = _run(example, _model_input(example, complement_poison=True)[0])
    return again if again.shows_difference else first


def _run(example: Any, inp: ConcreteInput) -> CounterexampleRun:
    src, tgt = example.src.function, example.tgt.function
    # The example fits the check's bound: its runs are followed as far (not the default 8).
    unroll = max(example.src.unroll, example.tgt.unroll, 8)
    ev_src, ev_tgt = evaluate(src, inp, unroll), evaluate(tgt, inp, unroll)
    if ev_src.cut is not False or ev_tgt.cut is not False:
        return CounterexampleRun(False, f"not run natively: a run iterates a loop more than {unroll} times")
    if ev_src.ub is not False:
        return CounterexampleRun(False, "not run natively: the source has UB on the poison-free input")
    if ev_tgt.ub is not False:
        return CounterexampleRun(False, "not run natively: the target has UB on this input")
    prestart()  # the code generator's process starts while the JIT loads here
    try:
        check_machine_layout(src)
        check_machine_layout(tgt)
    except Unsupported as e:
        return CounterexampleRun(False, f"not run natively: {e.what}")
    a, b = run_native(standalone(src), src, inp), run_native(standalone(tgt), tgt, inp)
    shows = not allowed(ev_src, b)
    note = "the hardware shows the difference" if shows else \
        "the hardware does not show the difference (it lies in what the semantics leave open)"
    return CounterexampleRun(True, note, a, b, shows)


def _model_input(example: Any, complement_poison: bool = False) -> tuple[ConcreteInput, int]:
    """The counterexample's inputs as concrete values, and how many of its memory bytes
    the model leaves poison (given their data bits, or with ``complement_poison`` their
    complement); Unsupported where an argument lane is poison or undef."""
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
    extents = merged_extents(pointer_extents(example.src.function), pointer_extents(example.tgt.function))
    blocks: list[bytes] = []
    poison_bytes = 0

    def byte(bid: int, j: int) -> int:
        nonlocal poison_bytes
        key = pointer_lane(bid, z3.BitVecVal(j, 64))
        data = value(z3.Select(example.inputs.memory.init_data, key))
        if true(z3.Select(example.inputs.memory.init_poison, key)):
            poison_bytes += 1
            return data ^ 0xFF if complement_poison else data
        return data

    for bid in block_of:
        inside = sorted((off, i) for i, (b, off) in model_pointers.items() if b == bid)
        for start, end, members in _windows(inside, sizes.get(bid, 0), extents):
            for i in members:
                pointers[i] = (len(blocks), model_pointers[i][1] - start)
            # A byte the model leaves poison is given its data bits: the input stays
            # poison-free, and the semantics are evaluated again on it before anything
            # is compared.
            blocks.append(bytes(byte(bid, j) for j in range(start, end)))
    return ConcreteInput(args, blocks, pointers), poison_bytes


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
