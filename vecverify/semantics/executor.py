"""Symbolic execution of a function: its behaviour as Z3 terms over the shared inputs.

Loops are unrolled (see unroll.py): the block instances form a DAG that is executed in
order, merging values and memory at joins with if-then-else. An execution that would
iterate a loop more than ``unroll`` times is cut off: its condition is ``sink``, and the
refinement check leaves such inputs out (the verdict states the bound).

With a deadline (the whole check's, CheckOptions.deadline) the executor looks at the
clock before each block and each instruction and raises OutOfTime once it has passed:
building the terms of a wide loop unrolled many times can take far longer than any
query (the caller reports the check as failed to prove, never as a verdict).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import z3

from ..errors import InternalError, Unsupported
from ..ir.function import Block, Function
from ..ir.values import (
    Alloca,
    Argument,
    Br,
    Call,
    ConstArray,
    ConstFloat,
    ConstInt,
    ConstNull,
    ConstPoison,
    ConstStruct,
    ConstUndef,
    ConstVector,
    GetElementPtr,
    GlobalVariable,
    Instruction,
    Load,
    Phi,
    Ret,
    Store,
    Switch,
    Unreachable,
    Value,
)
from ..terms import simplify
from . import load_all_semantics
from .aggregates import is_aggregate, load_aggregate, store_aggregate
from .calls import ORDER_BITS, CallSemantics, Environment
from .core import (
    FALSE,
    NULL_POINTER,
    PTR_ADDR_BITS,
    PTR_BLOCK_BITS,
    TRUE,
    Context,
    Lane,
    SymValue,
    any_of,
    ite_value,
    lane_widths,
    lookup,
    poison_lane,
)
from .floating import fusable_operands, result_flags
from .fnattrs import FunctionPromises
from .gep import gep_semantics
from .inputs import Inputs
from .memory import (
    Memory,
    MemoryBlock,
    MemoryOps,
    block_writable,
    in_bounds,
    placement,
    placement_bits,
    pointer_lane,
    poison_bytes,
    residue_of,
    set_alive,
)
from .ranges import outside, with_range
from .unroll import Instance, Unrolling
from .uses import UndefUses

load_all_semantics()

# Allocas get block ids from here up (pointer arguments' blocks are numbered from 1).
FIRST_LOCAL_BLOCK = 128
MAX_ALLOCA_BYTES = 4096


@dataclass
class Behaviour:
    """What a function does on the shared inputs, under its own nondeterministic choices."""

    function: Function
    ub: z3.BoolRef
    sink: z3.BoolRef
    ret: SymValue | None
    memory: Memory
    choices: list[z3.ExprRef]
    undef_guards: dict[str, z3.BoolRef]  # fresh undef variable name -> when it is undef
    unroll: int
    has_loops: bool
    # Where the function returns: everywhere (TRUE) unless a call may not return; the
    # memory of an execution that ends in such a call is in ``memory`` too.
    returned: z3.BoolRef = field(default_factory=lambda: TRUE)
    unobserved: z3.BoolRef = field(default_factory=lambda: FALSE)  # ends abnormally (a trap)
    # Values the function shows (returned lanes, arguments of unknown calls): a search
    # hint for the refinement check, never part of a verdict.
    observed: list[z3.BitVecRef] = field(default_factory=list)
    # Values of instructions in the first loop iteration, for counterexample printing.
    values: dict[Instruction, SymValue] = field(default_factory=dict)
    choice_keys: dict[str, int] = field(default_factory=dict)  # see Context.choice_keys
    undef_copy_of: dict[str, z3.BitVecRef] = field(default_factory=dict)  # see Context.undef_copy_of
    frozen_from: dict[str, frozenset[str]] = field(default_factory=dict)  # see Context.frozen_from

    @property
    def undef_choices(self) -> list[z3.ExprRef]:
        return [c for c in self.choices if c.decl().name() in self.undef_guards]


@dataclass
class _State:
    """The symbolic state on one path: its condition, the values computed, memory."""

    path: z3.BoolRef
    env: dict[Instruction, SymValue]
    memory: Memory
    calls: z3.BitVecRef = field(default_factory=lambda: z3.BitVecVal(0, ORDER_BITS))  # memory-writing calls so far
    # Each ``fmul contract`` executed so far -> its operands as it read them: what an
    # fadd/fsub contract using it may fuse (floating.py, Context.products).
    products: dict[Instruction, tuple[SymValue, SymValue]] = field(default_factory=dict)


class Executor(CallSemantics):
    def __init__(self, fn: Function, inputs: Inputs, side: str, unroll: int, env: Environment | None = None,
                 deadline: float | None = None):
        self.fn = fn
        self.inputs = inputs
        self.unroll = unroll
        # Unknown functions: the source records its calls in ``env``, the target matches them.
        self.env = env
        # Calls that did not return: where, the memory then, whether it is observed.
        self.exits: list[tuple[z3.BoolRef, Memory, bool]] = []
        self.observed: list[z3.BitVecRef] = []  # arguments of unknown calls
        self.ctx = Context(side=side, where=fn.name, layout=fn.layout, denormal=fn.denormal,
                           environment=env.shared if env is not None else None, deadline=deadline)
        self.undef_guards = self.ctx.undef_guards
        self.uses = UndefUses(self.ctx)  # undef per use (see uses.py)
        self.ctx.undef_names = self.uses.term_names
        # readonly/writeonly are not modelled: ignoring them only removes UB, which on the
        # target side could hide a write through a readonly pointer that stores the value
        # already there; any other such write changes memory and is caught as a mismatch.
        self.mem_ops = MemoryOps(list(inputs.blocks), inputs.constant_blocks)  # grows with allocas
        self.promises = FunctionPromises(fn)  # its memory, readonly/writeonly, captures attributes
        self.ctx.block_residue = lambda bid: residue_of(self.mem_ops.blocks, bid)
        if env is not None:  # ptrtoint: addresses of the input blocks; allocas have none
            self.ctx.block_addresses = lambda: (env.block_addresses(inputs.blocks, fn.layout.pointer_bits),
                                                len(self.mem_ops.blocks) > len(inputs.blocks))
        self.next_local_block = FIRST_LOCAL_BLOCK
        self.lifetime_markers = _lifetime_markers(fn)
        self.values: dict[Instruction, SymValue] = {}
        # Poison that this side's own attributes (align, nonnull) add to an argument.
        self.arg_extra_poison: dict[int, z3.BoolRef] = {}
        self.arg_ranges: dict[int, tuple[int, int, int]] = {}  # range attributes

    # ------------------------------------------------------------------ operands

    def constant(self, c: Value) -> SymValue:
        t = c.type
        if isinstance(c, ConstInt):
            return (Lane(z3.BitVecVal(c.value, c.type.bits), FALSE),)
        if isinstance(c, ConstFloat):
            return (Lane(z3.BitVecVal(c.bits, c.type.bits), FALSE),)
        if isinstance(c, ConstNull):
            return (Lane(NULL_POINTER, FALSE),)
        if isinstance(c, ConstPoison):
            return tuple(poison_lane(w) for w in lane_widths(t))
        if isinstance(c, ConstUndef):
            return tuple(Lane(self.ctx.fresh_undef(w, TRUE), FALSE) for w in lane_widths(t))
        if isinstance(c, ConstVector | ConstStruct | ConstArray):  # aggregates: their elements' lanes
            return tuple(lane for e in c.elems for lane in self.constant(e))
        if isinstance(c, GlobalVariable):
            bid = self.inputs.global_blocks[c.name or ""]
            return (Lane(pointer_lane(bid, z3.BitVecVal(0, PTR_ADDR_BITS)), FALSE),)
        raise Unsupported(f"constant {c.ref()}", self.fn.name)

    def argument(self, a: Argument) -> SymValue:
        inp = self.inputs.args[a.index]
        extra = self.arg_extra_poison.get(a.index)
        rng = self.arg_ranges.get(a.index)
        out = []
        for v, p, u in zip(inp.values, inp.poison, inp.undef, strict=True):
            if extra is not None:
                p = z3.Or(p, extra)
            if not z3.is_false(u):
                v = z3.If(u, self.ctx.fresh_undef(v.size(), u), v)
            if rng is not None:  # the value this use sees
                p = z3.Or(p, outside(v, rng))
            out.append(Lane(v, p))
        return tuple(out)

    def operand(self, v: Value, env: dict[Instruction, SymValue]) -> SymValue:
        if isinstance(v, Instruction):
            try:
                return self.uses.use(env[v])
            except KeyError:
                raise InternalError(f"use of %{v.name} before its definition in @{self.fn.name}") from None
        if isinstance(v, Argument):
            return self.argument(v)
        return self.constant(v)

    # ------------------------------------------------------------------ control flow

    def run(self) -> Behaviour:
        unrolling = Unrolling(self.fn, self.unroll)
        blocks = {b.name: b for b in self.fn.blocks}
        # incoming[instance] = [(edge condition, source state, source block name)]
        incoming: dict[Instance, list[tuple[z3.BoolRef, _State, str]]] = {}
        returns: list[tuple[z3.BoolRef, SymValue | None, Memory]] = []
        sink: list[z3.BoolRef] = []
        for inst in unrolling.order():
            self.ctx.check_time()
            if inst == unrolling.entry:
                state = _State(TRUE, {}, self.inputs.memory)
                edges: list[tuple[z3.BoolRef, _State, str]] = []
            else:
                edges = incoming.pop(inst, [])
                if not edges:
                    continue
                state = self._merge(edges)
            self.ctx.path = state.path
            if z3.is_false(simplify(state.path)):
                continue
            first_iteration = all(c == 0 for _, c in inst[1])
            block = blocks[inst[0]]
            for succ, cond in self._execute_block(block, state, edges, returns, first_iteration):
                edge = z3.And(state.path, cond) if not z3.is_true(cond) else state.path
                # Values merged at a join are ites over edge conditions, which mention
                # the branch conditions' undef choices; those are no undef of the value
                # (a branch on undef is UB, so where it is defined they do not matter).
                self.uses.seal(edge)
                target = unrolling.step(inst, succ)
                if target is None:
                    sink.append(edge)
                else:
                    incoming.setdefault(target, []).append((edge, state, block.name))
        ub = any_of(self.ctx.ub_conds)
        ret, memory = self._merge_returns(returns)
        for cond, exit_memory, observable in reversed(self.exits):
            if observable:
                memory = exit_memory.ite(cond, memory)
        return Behaviour(
            function=self.fn,
            ub=ub,
            sink=any_of(sink),
            ret=ret,
            memory=memory,
            returned=any_of([c for c, _, _ in returns]) if self.exits else TRUE,
            unobserved=any_of([c for c, _, observable in self.exits if not observable]),
            observed=self.observed + [lane.value for lane in ret or ()],
            choices=list(self.ctx.choices),
            undef_guards=self.undef_guards,
            choice_keys=self.ctx.choice_keys,
            undef_copy_of=self.ctx.undef_copy_of,
            frozen_from=self.ctx.frozen_from,
            unroll=self.unroll,
            has_loops=unrolling.has_loops,
            values=self.values,
        )

    def _merge(self, edges: list[tuple[z3.BoolRef, _State, str]]) -> _State:
        path = any_of([e[0] for e in edges])
        if len(edges) == 1:
            cond, st, _ = edges[0]
            return _State(path, dict(st.env), st.memory, st.calls, dict(st.products))
        env: dict[Instruction, SymValue] = {}
        keys: dict[Instruction, None] = {}
        for _, st, _ in edges:
            keys.update(dict.fromkeys(st.env))
        for key in keys:
            have = [(c, st.env[key]) for c, st, _ in edges if key in st.env]
            value = have[-1][1]
            for c, v in reversed(have[:-1]):
                if v is not value:
                    value = ite_value(c, v, value)
            if value is not have[-1][1]:
                self.uses.merge(value, [v for _, v in have])
            env[key] = value
        memory = edges[-1][1].memory
        calls = edges[-1][1].calls
        for c, st, _ in reversed(edges[:-1]):
            memory = st.memory.ite(c, memory)
            if not st.calls.eq(calls):
                calls = z3.If(c, st.calls, calls)
        return _State(path, env, memory, calls, _merge_products(edges))

    def _merge_returns(
        self, returns: list[tuple[z3.BoolRef, SymValue | None, Memory]]
    ) -> tuple[SymValue | None, Memory]:
        if not returns:
            rt = self.fn.ret_type
            ret = None if str(rt) == "void" else tuple(poison_lane(w) for w in lane_widths(rt))
            return ret, self.inputs.memory
        _, ret, memory = returns[-1]
        for c, v, m in reversed(returns[:-1]):
            if ret is not None and v is not None:
                ret = ite_value(c, v, ret)
            memory = m.ite(c, memory)
        return ret, memory

    def _execute_block(
        self,
        block: Block,
        state: _State,
        edges: list[tuple[z3.BoolRef, _State, str]],
        returns: list[tuple[z3.BoolRef, SymValue | None, Memory]],
        record: bool,
    ) -> list[tuple[str, z3.BoolRef]]:
        env = state.env
        # Phis read their operands on the incoming edge, all at once.
        phis = [i for i in block.instructions if isinstance(i, Phi)]
        if phis:
            new: dict[Instruction, SymValue] = {}
            for phi in phis:
                self.ctx.check_time()
                self.uses.begin()
                options = []
                for c, st, pred in edges:
                    for v, b in zip(phi.operands, phi.blocks, strict=True):
                        if b == pred:
                            options.append((c, self.operand(v, st.env)))
                            break
                    else:
                        raise InternalError(f"phi %{phi.name} has no value for %{pred}")
                value = options[-1][1]
                for c, v in reversed(options[:-1]):
                    value = ite_value(c, v, value)
                if phi.flags:
                    value = self._phi_flags(phi, value)
                new[phi] = value
                self.uses.define(value)
            env.update(new)
            if record:
                self.values.update(new)
        for inst in block.instructions:
            if isinstance(inst, Phi):
                continue
            self.ctx.check_time()
            self.uses.begin()
            if isinstance(inst, Br):
                if not inst.operands:
                    return [(inst.targets[0], TRUE)]
                (c,) = self.operand(inst.operands[0], env)
                self._branch_ub(c)
                taken = c.value == 1
                return [(inst.targets[0], taken), (inst.targets[1], z3.Not(taken))]
            if isinstance(inst, Switch):
                (c,) = self.operand(inst.operands[0], env)
                self._branch_ub(c)
                out = []
                matched = []
                for case, target in zip(inst.operands[1:], inst.targets[1:], strict=True):
                    (cv,) = self.operand(case, env)
                    hit = c.value == cv.value
                    out.append((target, hit))
                    matched.append(hit)
                out.insert(0, (inst.targets[0], z3.Not(any_of(matched))))
                return out
            if isinstance(inst, Ret):
                returned = self.operand(inst.operands[0], env) if inst.operands else None
                if returned is not None:
                    returned = with_range(returned, self.fn.ret_attrs.range)
                    self._return_attrs(returned)
                returns.append((state.path, returned, state.memory))
                return []
            if isinstance(inst, Unreachable):
                self.ctx.ub(TRUE)
                return []
            result = self._execute(inst, state)
            if inst.name is not None or result:
                env[inst] = result
                self.uses.define(result)
                if record:
                    self.values[inst] = result
        raise InternalError(f"block %{block.name} has no terminator")

    def _phi_flags(self, phi: Phi, value: SymValue) -> SymValue:
        return result_flags(self.ctx, phi, phi.flags, value)

    def _branch_ub(self, c: Lane) -> None:
        """Branching on poison or on undef is UB (LangRef)."""
        self.ctx.ub(z3.Or(c.poison, self.uses.dependent(c.value)))

    def _return_attrs(self, value: SymValue) -> None:
        attrs = self.fn.ret_attrs
        if attrs.noundef:
            for lane in value:
                self.ctx.ub(z3.Or(lane.poison, self.uses.dependent(lane.value)))
        if attrs.nonnull or attrs.align > 1:
            raise Unsupported("return attribute nonnull/align", self.fn.name)

    def _execute(self, inst: Instruction, state: _State) -> SymValue:
        if inst in self.promises.ub_instructions:  # breaks the function's own attributes
            self.ctx.ub(TRUE)
        env = state.env
        args = [self.operand(v, env) for v in inst.operands]
        if isinstance(inst, Load | Store):
            # LangRef: accessing memory through a pointer that is not well defined (it
            # may take several values for the undef in it) is UB.
            self.ctx.ub(self.uses.dependent(args[-1][0].value))
        if isinstance(inst, Load):
            if is_aggregate(inst.type):
                loaded = load_aggregate(self.ctx, self.mem_ops, state.memory, args[0][0], inst.type, inst.align)
            else:
                loaded = self.mem_ops.load_lanes(self.ctx, state.memory, args[0][0], inst.type, inst.align)
            return self._load_metadata(inst, loaded)
        if isinstance(inst, Store):
            t = inst.operands[0].type
            if is_aggregate(t):
                state.memory = store_aggregate(self.ctx, self.mem_ops, state.memory, args[1][0], t, args[0], inst.align)
            else:
                state.memory = self.mem_ops.store_lanes(self.ctx, state.memory, args[1][0], t, args[0], inst.align)
            return ()
        if isinstance(inst, GetElementPtr):
            return gep_semantics(self.ctx, inst, args, self.mem_ops.blocks)
        if isinstance(inst, Alloca):
            return self._alloca(inst, state)
        if isinstance(inst, Call):
            return self._call(inst, args, state)
        fn = lookup(inst.opcode)
        if fn is None:
            raise Unsupported(f"instruction {inst.opcode}", self.fn.name)
        # (an fmul contract dominates the fadd fusing it, so it is on this path)
        fusable = [(k, inst.operands[k]) for k in fusable_operands(self.ctx, inst)]
        self.ctx.products = {k: state.products[op] for k, op in fusable
                             if isinstance(op, Instruction) and op in state.products}
        result = fn(self.ctx, inst, args)
        self.ctx.products = {}
        if inst.opcode == "fmul" and "contract" in getattr(inst, "flags", frozenset()):
            state.products[inst] = (args[0], args[1])
        if args and all(_literal(lane) for a in args for lane in a):
            # Constant operands (llvm.vscale's, at the vscale being checked, feeding a
            # urem): a constant result, so later operations see a literal.
            result = tuple(Lane(simplify(lane.value), simplify(lane.poison)) for lane in result)
        return result

    def _load_metadata(self, inst: Load, value: SymValue) -> SymValue:
        """!range makes a value outside the ranges poison; !noundef makes loading
        poison (so also an out-of-range value) or undef UB."""
        if inst.ranges:
            value = tuple(Lane(lane.value, z3.Or(lane.poison, z3.Not(_in_ranges(lane.value, inst.ranges))))
                          for lane in value)
        if inst.noundef:
            for lane in value:
                self.ctx.ub(z3.Or(lane.poison, self.uses.dependent(lane.value)))
        return value

    def _alloca(self, inst: Alloca, state: _State) -> SymValue:
        """A new block of this side's own (each execution of the alloca, so each unrolled
        copy, gets another), its bytes uninitialized: poison."""
        count = inst.operands[0]
        if not isinstance(count, ConstInt) or inst.allocated_type is None:
            raise Unsupported("alloca with a variable count", self.fn.name)
        size = self.ctx.layout.alloc_size(inst.allocated_type) * count.value
        if size > MAX_ALLOCA_BYTES:
            raise Unsupported(f"alloca of {size} bytes (limit {MAX_ALLOCA_BYTES})", self.fn.name)
        if self.next_local_block >= 1 << PTR_BLOCK_BITS:
            raise Unsupported("too many allocas", self.fn.name)
        bid = self.next_local_block
        self.next_local_block += 1
        # Where it lies is this side's choice, aligned as the alloca states and no more.
        align = inst.align or self.ctx.layout.abi_align(inst.allocated_type)
        bits = placement_bits(align)
        var = self.ctx.fresh("alloca.placement", bits) if bits else None
        self.mem_ops.blocks.append(MemoryBlock(bid, z3.BitVecVal(size, PTR_ADDR_BITS), placement(var, align)))
        self.mem_ops.allocas.append(bid)
        ptr = pointer_lane(bid, z3.BitVecVal(0, PTR_ADDR_BITS))
        state.memory = poison_bytes(state.memory, ptr, size)
        markers = self.lifetime_markers.get(id(inst))
        if markers:  # LangRef: an alloca used by llvm.lifetime.start is initially dead
            self.mem_ops.lifetimes.add(bid)
            state.memory = set_alive(state.memory, bid, "start" not in markers)
        return (Lane(ptr, FALSE),)


def _merge_products(edges: list[tuple[z3.BoolRef, _State, str]]) -> dict[Instruction, tuple[SymValue, SymValue]]:
    """The ``fmul contract`` operands of the states joining, merged as their values are."""
    out: dict[Instruction, tuple[SymValue, SymValue]] = {}
    keys: dict[Instruction, None] = {}
    for _, st, _ in edges:
        keys.update(dict.fromkeys(st.products))
    for key in keys:
        have = [(c, st.products[key]) for c, st, _ in edges if key in st.products]
        x, y = have[-1][1]
        for c, (x2, y2) in reversed(have[:-1]):
            x, y = ite_value(c, x2, x), ite_value(c, y2, y)
        out[key] = (x, y)
    return out


def _lifetime_markers(fn: Function) -> dict[int, set[str]]:
    """The lifetime intrinsics each alloca (by id) is the operand of: "start", "end"."""
    out: dict[int, set[str]] = {}
    for inst in fn.instructions():
        if isinstance(inst, Call) and inst.callee.startswith(("llvm.lifetime.start", "llvm.lifetime.end")):
            target = inst.operands[-1]
            if isinstance(target, Alloca):
                out.setdefault(id(target), set()).add("start" if "start" in inst.callee else "end")
    return out


def _in_ranges(x: z3.BitVecRef, ranges: tuple[tuple[int, int], ...]) -> z3.BoolRef:
    """``x`` lies in one of the half-open ranges ``[lo, hi)`` (wrapping when lo > hi)."""
    def one(lo: int, hi: int) -> z3.BoolRef:
        if lo <= hi:
            return z3.And(z3.UGE(x, lo), z3.ULT(x, hi))
        return z3.Or(z3.UGE(x, lo), z3.ULT(x, hi))
    return any_of([one(lo, hi) for lo, hi in ranges])


def execute(fn: Function, inputs: Inputs, side: str, unroll: int, env: Environment | None = None,
            deadline: float | None = None,
            decide_reads: Callable[[Context, z3.ExprRef], z3.ExprRef] | None = None) -> Behaviour:
    """``fn``'s behaviour; raises OutOfTime once ``deadline`` (time.monotonic()) passes.
    ``decide_reads``: see Context."""
    ex = Executor(fn, inputs, side, unroll, env, deadline)
    ex.ctx.decide_reads = decide_reads
    _entry_attrs(ex)
    return ex.run()


def _entry_attrs(ex: Executor) -> None:
    """Each side's own parameter attributes: violations are UB (noundef,
    dereferenceable, noalias) or make the argument poison (align)."""
    fn, inputs, ctx = ex.fn, ex.inputs, ex.ctx
    ctx.path = TRUE
    pointers = [a.pointer for a in inputs.args if a.pointer is not None]
    for i, arg in enumerate(fn.args):
        inp = inputs.args[i]
        a = arg.attrs
        ptr = inp.pointer
        # The poison align and nonnull make (a misaligned or null pointer): UB under the
        # attributes that make poison UB, as range's is under noundef.
        made_poison: list[z3.BoolRef] = []
        if ptr is not None:
            if a.align > 1:  # (of the argument's value: null, where it may be, is aligned)
                made_poison.append(ex.mem_ops.misaligned(inp.values[0], a.align))
            if a.nonnull and not inp.values[0].eq(ptr.pointer):  # this argument may be null
                made_poison.append(inp.values[0] == 0)
            if made_poison:
                ex.arg_extra_poison[i] = any_of(made_poison)
        if a.noundef:
            for p, u in zip(inp.poison, inp.undef, strict=True):
                ctx.ub(z3.Or(p, u, *made_poison))
            if a.range is not None:  # outside the range is poison, and poison is UB here
                for v, p in zip(inp.values, inp.poison, strict=True):
                    ctx.ub(z3.And(z3.Not(p), outside(v, a.range)))
        if a.range is not None:  # outside the range: poison, lane by lane (see argument)
            ex.arg_ranges[i] = a.range
        if ptr is None:
            continue
        # dereferenceable(_or_null) imply noundef (LangRef: "the pointer should be well
        # defined, otherwise it is undefined behavior"), as for Alive2.
        if a.dereferenceable:
            ctx.ub(z3.Or(*inp.poison, *made_poison,
                         z3.Not(in_bounds(inputs.blocks, inp.values[0], a.dereferenceable))))
        if a.dereferenceable_or_null:
            value = inp.values[0]
            ctx.ub(z3.Or(*inp.poison, *made_poison,
                         z3.And(value != 0, z3.Not(in_bounds(inputs.blocks, value, a.dereferenceable_or_null)))))
        if a.writable and (a.dereferenceable or a.dereferenceable_or_null):
            # LangRef: the dereferenceable bytes are loaded and stored back on entry
            ctx.ub(z3.And(inp.values[0] != 0, z3.Not(block_writable(inputs.blocks, ptr.block))))
        if a.noalias:  # this side promises no other argument points into the same block
            for other in pointers:
                if other is not ptr:
                    ctx.ub(other.block == ptr.block)


def _literal(lane: Lane) -> bool:
    return z3.is_bv_value(lane.value) and (z3.is_true(lane.poison) or z3.is_false(lane.poison))
