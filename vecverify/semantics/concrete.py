"""Concrete evaluation of the semantics: the same Z3 encoding, on concrete inputs.

This is the reference interpreter. A concrete input is a Z3 model (or any assignment of
the input variables); re-executing a function on inputs built from constants gives terms
that simplify to constants, except where the function makes nondeterministic choices
(NaN payloads, freeze of poison, fmuladd's fusion), which the caller fixes (from a
model) or quantifies: :meth:`Evaluation.allows` asks whether some choice gives an
observed result.

Concrete inputs are poison-free argument values (unsigned bit patterns; floats as their
IEEE bits; vectors as lists) and memory: blocks of bytes, each pointer argument pointing
into one of them at an offset (or null).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import z3

from ..errors import Unsupported
from ..ir.function import Function
from ..ir.types import PtrType
from ..terms import simplify
from .core import PTR_ADDR_BITS, PTR_BLOCK_BITS, Z3_CTRL_C
from .executor import execute
from .inputs import InputOptions, Inputs, build_inputs
from .memory import KEY, Memory, MemoryBlock, PointerArg, pointer_lane


def _eval(model: z3.ModelRef, term: z3.ExprRef) -> z3.ExprRef:
    return model.eval(term, model_completion=True)


@dataclass(frozen=True)
class ConcreteLane:
    """One lane of a concrete value: its bits (None where a choice decides them) and whether it is poison."""

    value: int | None  # None where the value is not a constant (depends on a choice)
    poison: bool | None

    @property
    def defined(self) -> bool:
        return self.poison is False and self.value is not None


def substitute(term: z3.ExprRef, pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> z3.ExprRef:
    return simplify(z3.substitute(term, *pairs)) if pairs else simplify(term)


def to_int(term: z3.ExprRef) -> int | None:
    t = simplify(term)
    return t.as_long() if z3.is_bv_value(t) else None


def to_bool(term: z3.ExprRef) -> bool | None:
    t = simplify(term)
    if z3.is_true(t):
        return True
    if z3.is_false(t):
        return False
    return None


@dataclass(frozen=True)
class ConcreteInput:
    """Argument values (anything for pointer arguments) and memory: ``blocks`` of bytes,
    and for each pointer argument the ``(block, offset)`` it points at, or None (null)."""

    args: list[Any]
    blocks: list[bytes] = field(default_factory=list)
    pointers: dict[int, tuple[int, int] | None] = field(default_factory=dict)

    @staticmethod
    def separate(fn: Function, args: Sequence[Any], buffers: dict[int, bytes] | None = None) -> ConcreteInput:
        """Each pointer argument ``i`` at the start of a block of its own, ``buffers[i]``."""
        blocks: list[bytes] = []
        pointers: dict[int, tuple[int, int] | None] = {}
        for i, a in enumerate(fn.args):
            if isinstance(a.type, PtrType):
                pointers[i] = (len(blocks), 0)
                blocks.append(bytes((buffers or {}).get(i, b"")))
        return ConcreteInput(list(args), blocks, pointers)


@dataclass
class Evaluation:
    """The semantics of a function on one concrete input."""

    ub: bool | None  # None when UB depends on a nondeterministic choice
    lanes: list[ConcreteLane]
    memory: list[list[ConcreteLane]] = field(default_factory=list)  # final bytes of each block
    # The run iterates a loop more often than the evaluation unrolled it (None: it depends
    # on a choice): then ``lanes``, ``memory`` and ``ub`` say nothing about it.
    cut: bool | None = False
    # The simplified terms behind ``ub``, ``lanes`` and ``memory`` (only choices left in them).
    _ub_term: z3.BoolRef = field(default=z3.BoolVal(False), repr=False)
    _lane_terms: list[tuple[z3.BitVecRef, z3.BoolRef]] = field(default_factory=list, repr=False)
    _byte_terms: list[list[tuple[z3.BitVecRef, z3.BoolRef]]] = field(default_factory=list, repr=False)

    @property
    def deterministic(self) -> bool:
        return all(lane.value is not None and lane.poison is not None for lane in self.outputs())

    def outputs(self) -> list[ConcreteLane]:
        return self.lanes + [b for block in self.memory for b in block]

    def allows(self, lanes: Sequence[int], blocks: Sequence[Sequence[int]] = ()) -> bool:
        """Whether some choice of the semantics has no UB and gives these returned lanes
        and final block bytes, everywhere it defines them (poison lanes and bytes may hold
        anything). Exact: NaN payloads, a frozen poison, nsz signs are all matched against
        the set of values the semantics allow."""
        if self.cut is not False:
            raise Unsupported("deciding whether the semantics allow a result: the run iterates a loop "
                              "more often than it was evaluated")
        conds: list[z3.BoolRef] = [z3.Not(self._ub_term)]
        outputs = list(zip(self._lane_terms, lanes, strict=True))
        for terms, data in zip(self._byte_terms, blocks, strict=True):
            outputs += list(zip(terms, data, strict=True))
        for (value, poison), observed in outputs:
            observed = int(observed)
            if z3.is_false(poison) and z3.is_bv_value(value):
                if value.as_long() != observed:
                    return False
                continue
            if z3.is_true(poison):
                continue
            conds.append(z3.Or(poison, value == z3.BitVecVal(observed, value.size())))
        if self.ub is False and len(conds) == 1:
            return True
        solver = z3.Solver()
        solver.set(timeout=10_000)
        solver.add(*conds)
        result = solver.check()
        if result == z3.unknown:
            if solver.reason_unknown() == Z3_CTRL_C:
                raise KeyboardInterrupt
            raise Unsupported(f"deciding whether the semantics allow a result: {solver.reason_unknown()}")
        return result == z3.sat


def evaluate(fn: Function, args: Sequence[Any] | ConcreteInput, unroll: int = 8) -> Evaluation:
    """Run the semantics of ``fn`` on a concrete input (for a function without pointer
    arguments, the argument values are enough): the reference interpreter. Values that
    depend on a nondeterministic choice come back as None (see Evaluation.allows). Loops
    are followed for ``unroll`` iterations: a longer run comes back ``cut``."""
    given = args if isinstance(args, ConcreteInput) else ConcreteInput.separate(fn, args)
    nulls = {i for i, where in given.pointers.items() if where is None}
    inputs = build_inputs(fn, InputOptions(poison_inputs=False, undef_inputs=False), nullable=nulls)
    if inputs.global_blocks:
        raise Unsupported(f"concrete evaluation of @{fn.name}: global variables")
    pairs, block_ids = _input_pairs(fn, inputs, given)
    if inputs.pre and not z3.is_true(substitute(z3.And(*inputs.pre), pairs)):
        raise ValueError(f"the concrete input is not one the semantics of @{fn.name} allow")
    # Constants in place of the input variables before execution: addresses are then
    # constants, which the memory model compares without the solver.
    behaviour = execute(fn, _substituted(inputs, pairs), "src", unroll=unroll)
    lane_terms = [(lane.value, lane.poison) for lane in behaviour.ret or ()]
    byte_terms: list[list[tuple[z3.BitVecRef, z3.BoolRef]]] = []

    for bid, data in zip(block_ids, given.blocks, strict=True):
        byte_terms.append([
            behaviour.memory.read(pointer_lane(bid, z3.BitVecVal(k, 64))) for k in range(len(data))
        ])
    flat = lane_terms + [t for block in byte_terms for t in block]
    values = _concretize([v for v, _ in flat] + [_bool_bv(p) for _, p in flat]
                         + [_bool_bv(behaviour.sink), _bool_bv(behaviour.ub)])
    n = len(flat)
    simplified = [(values[k], _bv_bool(values[n + k])) for k in range(n)]
    lanes = [_lane(v, p) for v, p in simplified]
    pos, memory, bytes_out = len(lane_terms), [], []
    for block in byte_terms:
        memory.append(lanes[pos : pos + len(block)])
        bytes_out.append(simplified[pos : pos + len(block)])
        pos += len(block)
    ub_term = _bv_bool(values[-1])
    return Evaluation(
        _as_bool(ub_term), lanes[: len(lane_terms)], memory, _as_bool(_bv_bool(values[-2])),
        ub_term, simplified[: len(lane_terms)], bytes_out
    )


def _input_pairs(
    fn: Function, inputs: Any, given: ConcreteInput
) -> tuple[list[tuple[z3.ExprRef, z3.ExprRef]], list[int]]:
    """The substitution that makes the symbolic inputs ``given``, and the block id each
    of the given blocks gets (the id of the first pointer argument that points into it)."""
    pairs: list[tuple[z3.ExprRef, z3.ExprRef]] = []
    block_ids: dict[int, int] = {}
    for i, (arg, value) in enumerate(zip(inputs.args, given.args, strict=True)):
        if arg.pointer is None:
            values = value if isinstance(value, list) else [value]
            if len(values) != len(arg.values):
                raise ValueError(f"argument {arg.name} needs {len(arg.values)} lanes, got {len(values)}")
            pairs += [(v, z3.BitVecVal(int(x), v.size())) for v, x in zip(arg.values, values, strict=True)]
            continue
        where = given.pointers.get(i)
        own = [a for a in inputs.args if a.pointer is not None].index(arg) + 1
        where_block, offset = where if where is not None else (None, 0)
        if arg.null is not None:
            pairs.append((arg.null, z3.BoolVal(where is None)))
        bid = own if where_block is None else block_ids.setdefault(where_block, own)
        if z3.is_bv_value(arg.pointer.block):
            if arg.pointer.block.as_long() != bid:
                raise Unsupported(f"concrete memory where noalias argument {arg.name} shares a block")
        else:
            pairs.append((arg.pointer.block, z3.BitVecVal(bid, PTR_BLOCK_BITS)))
        pairs.append((arg.pointer.offset, z3.BitVecVal(offset, PTR_ADDR_BITS)))
    sizes = {bid: len(given.blocks[j]) for j, bid in block_ids.items()}
    pairs += [(b.size, z3.BitVecVal(sizes.get(b.block_id, 0), PTR_ADDR_BITS)) for b in inputs.blocks]
    data = z3.K(KEY, z3.BitVecVal(0, 8))
    for j, bid in block_ids.items():
        for k, byte in enumerate(given.blocks[j]):
            data = z3.Store(data, pointer_lane(bid, z3.BitVecVal(k, PTR_ADDR_BITS)), z3.BitVecVal(byte, 8))
    pairs.append((inputs.memory.init_data, data))
    pairs.append((inputs.memory.init_poison, z3.K(KEY, z3.BoolVal(False))))
    order = sorted(block_ids, key=lambda j: j)
    if len(order) != len(given.blocks):
        raise ValueError("every memory block needs a pointer argument pointing into it")
    return pairs, [block_ids[j] for j in order]


_ONE = z3.BitVecVal(1, 1)
_ZERO = z3.BitVecVal(0, 1)


def _bool_bv(b: z3.BoolRef) -> z3.BitVecRef:
    return z3.If(b, _ONE, _ZERO)


def _bv_bool(t: z3.BitVecRef) -> z3.BoolRef:
    if z3.is_bv_value(t):
        return z3.BoolVal(t.as_long() == 1)
    return simplify(t == _ONE)


def _as_bool(b: z3.BoolRef) -> bool | None:
    return True if z3.is_true(b) else False if z3.is_false(b) else None


def _lane(value: z3.BitVecRef, poison: z3.BoolRef) -> ConcreteLane:
    return ConcreteLane(value.as_long() if z3.is_bv_value(value) else None, _as_bool(poison))


def _concretize(terms: list[z3.BitVecRef], chunk: int = 64) -> list[z3.BitVecRef]:
    """Every term simplified, ``chunk`` at a time (one simplification of one
    concatenation shares the work on common subterms), then cut apart again."""
    if len(terms) > chunk:
        return [t for k in range(0, len(terms), chunk) for t in _concretize(terms[k : k + chunk], chunk)]
    whole = simplify(z3.Concat(*terms) if len(terms) > 1 else terms[0])
    out, pos = [], 0
    bits = whole.as_long() if z3.is_bv_value(whole) else None
    for t in reversed(terms):  # Concat puts the first term in the highest bits
        w = t.size()
        if bits is not None:
            out.append(z3.BitVecVal((bits >> pos) & ((1 << w) - 1), w))
        else:
            out.append(simplify(z3.Extract(pos + w - 1, pos, whole)))
        pos += w
    return out[::-1]


def _substituted(inputs: Inputs, pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> Inputs:
    """``inputs`` with the substitution applied to everything execution reads."""

    direct = {var.get_id(): value for var, value in pairs}

    def sub(t: z3.ExprRef) -> Any:
        found = direct.get(t.get_id())  # most inputs are the variables themselves
        if found is not None:
            return found
        return t if z3.is_const(t) and not z3.is_app_of(t, z3.Z3_OP_UNINTERPRETED) else substitute(t, pairs)

    args = []
    for a in inputs.args:
        values = [sub(v) for v in a.values]
        pointer = None
        if a.pointer is not None:
            pointer = PointerArg(a.pointer.arg_index, sub(a.pointer.block), sub(a.pointer.offset))
            if a.null is None or z3.is_false(sub(a.null)):  # (block, offset), as the memory model keys bytes
                values = [pointer_lane(pointer.block, pointer.offset)]
        args.append(replace(
            a, values=values, poison=[sub(p) for p in a.poison], undef=[sub(u) for u in a.undef],
            pointer=pointer, null=None if a.null is None else sub(a.null),
        ))
    memory = Memory(sub(inputs.memory.init_data), sub(inputs.memory.init_poison))
    blocks = [MemoryBlock(b.block_id, sub(b.size)) for b in inputs.blocks]
    return replace(inputs, args=args, blocks=blocks, memory=memory, pre=[])
