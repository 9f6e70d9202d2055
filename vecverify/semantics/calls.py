"""Calls: the ``call`` instruction (:class:`CallSemantics`, a part of the executor), and
calls of unknown (external) functions, the way Alive2 models them.

An unknown function is part of the environment, like the inputs: whatever it is, it is
the same for the source and the target. Each call the source makes gets fresh outputs:
its result (value and poison per lane), whether it has undefined behaviour, whether it
returns, and, when it may write memory, new contents for all the memory it can reach.
These outputs are environment variables, quantified like the inputs.

A call the target makes must match a call the source makes on the same input (on its
path: a source call on another path never happened), with the same callee and
attributes, and inputs that refine the source's: each argument lane equal where the
source's is not poison; when the callee may read memory, the memory it can reach equal
(checked at one byte the solver picks, a target choice, which suffices: a difference
anywhere is found by the check for UB, where that byte is existential) and the same
number of memory-writing calls before it on its path (the callee may count calls in
memory of its own). A matched call takes the source call's outputs; a call that matches
none is undefined behaviour, as the source never gave the environment that input.

Two calls of the source with equal inputs (callees that read no memory) give equal
outputs: the environment is a function. Without that constraint the check would only
consider more environments (sound, but a false alarm when the target merges two equal
calls), so it is only added where it is cheap to state.

Memory a callee may reach: every block but allocas and constant globals; a callee whose
``memory(...)`` allows no access to other memory than its arguments' (``argmem``) reaches
only the blocks of its pointer arguments (for writes, but those passed ``readonly``; for
reads, but those passed ``writeonly``). A call that passes a pointer to a function with
allocas is unsupported (the alloca might escape).

Memory of the callee's own (``inaccessiblemem``, and globals of other modules, part of
``other``) is not the caller's to see: a callee that may read it may count calls, so a
target call matches a source call only after as many calls that may write it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Protocol

import z3

from ..errors import Unsupported
from ..ir.function import Function
from ..ir.types import PtrType, Type
from ..ir.values import (
    TRAP_EFFECTS,
    TRAP_INTRINSICS,
    Alloca,
    Call,
    CalleeEffects,
    ConstInt,
    ParamAttrs,
    Value,
)
from ..terms import simplify
from .core import (
    FALSE,
    NULL_POINTER,
    PTR_ADDR_BITS,
    PTR_BITS,
    TRUE,
    Context,
    Lane,
    SymValue,
    all_of,
    any_of,
    intrinsic_base_name,
    lane_widths,
    leaves,
    lookup,
)
from .gather import GATHER_SCATTER, gather_scatter
from .memintrinsics import MEM_INTRINSICS, mem_intrinsic
from .memory import (
    BLOCK_ALIGN,
    ArgumentBlocks,
    Clobber,
    Memory,
    MemoryBlock,
    MemoryOps,
    block_of,
    misaligned,
    pointer_lane,
    poison_bytes,
    set_alive,
)
from .ranges import with_range
from .uses import UndefUses

# Two counts of calls on a path, in one bit-vector: those that may write memory of the
# callees' own (the low 16 bits: a callee that may read it must see as many before a
# match) and those that write any memory (the high 16: a match at the same count is
# preferred, see Environment.match).
ORDER_BITS = 32
_ANY_WRITER = 1 << 16


def _hidden_writers(order: z3.BitVecRef) -> z3.BitVecRef:
    return z3.Extract(15, 0, order)

HIDDEN = ("inaccessiblemem", "other")  # memory a callee may keep state in, unseen here


def may_access(effects: CalleeEffects, write: bool, kinds: tuple[str, ...]) -> bool:
    """Whether the callee may read (write) memory of one of these location kinds."""
    if not effects.locations:
        return effects.writes if write else effects.reads
    return any(w if write else r for loc, r, w in effects.locations if loc in kinds)


@dataclass
class CallEvent:
    """One call of the source: its inputs and its outputs (environment variables)."""

    callee: str
    effects: CalleeEffects
    args: tuple[Lane, ...]
    memory: Memory | None  # what the callee may read (None: it reads no memory)
    order: z3.BitVecRef  # calls before it on its path that may write hidden memory
    path: z3.BoolRef  # when the source makes this call
    ret: SymValue
    ub: z3.BoolRef
    returns: z3.BoolRef
    clobber: Clobber | None  # what it writes (None: it writes no memory)
    reads_from: ArgumentBlocks | None = None  # an argmem reader's blocks (None: all it reaches)


@dataclass
class Environment:
    """The unknown functions of one check: the source's calls, their outputs as variables
    shared with the target, and the constraints that make the environment a function."""

    writable_below: int  # blocks below this id (but the constant ones) are reachable
    constant_blocks: frozenset[int]
    events: list[CallEvent] = field(default_factory=list)
    variables: list[z3.ExprRef] = field(default_factory=list)
    constraints: list[z3.BoolRef] = field(default_factory=list)
    addresses: dict[int, z3.BitVecRef] | None = None  # see block_addresses
    global_blocks: frozenset[int] = frozenset()  # a callee may not free these

    def reachable(self, key: z3.BitVecRef, only: ArgumentBlocks | None = None) -> z3.BoolRef:
        bid = block_of(key)
        within = [] if only is None else [only.contain(bid)]
        # (null's block has no bytes: calls that differ only there are alike)
        return all_of([bid != 0, z3.ULT(bid, self.writable_below)]
                      + [bid != b for b in sorted(self.constant_blocks)] + within)

    # ------------------------------------------------------------------ source

    def record(
        self, callee: str, effects: CalleeEffects, args: tuple[Lane, ...], memory: Memory,
        order: z3.BitVecRef, ret_widths: list[int], path: z3.BoolRef = TRUE,
        reach: tuple[ArgumentBlocks | None, ArgumentBlocks | None] = (None, None),
    ) -> CallEvent:
        """The source's call; ``reach``: the blocks it may read and write (None: all)."""
        k = len(self.events)
        name = f"env!{callee}!{k}"
        ret = tuple(
            Lane(self._var(z3.BitVec(f"{name}!ret{i}", w)),
                 FALSE if effects.ret_noundef else self._var(z3.Bool(f"{name}!ret{i}!poison")))
            for i, w in enumerate(ret_widths)
        )
        ub = self._var(z3.Bool(f"{name}!ub"))
        if effects.noreturn:
            returns = FALSE
        elif effects.willreturn:
            returns = TRUE
        else:
            returns = self._var(z3.Bool(f"{name}!returns"))
        clobber = None
        if effects.writes:
            data = self._var(z3.Array(f"{name}!data", z3.BitVecSort(PTR_BITS), z3.BitVecSort(8)))
            poison = self._var(z3.Array(f"{name}!poison", z3.BitVecSort(PTR_BITS), z3.BoolSort()))
            freed = None
            if not effects.nofree:  # which of the blocks it reaches it frees
                freed = self._var(z3.Array(f"{name}!freed", z3.BitVecSort(8), z3.BoolSort()))
            clobber = Clobber(data, poison, TRUE, self.writable_below, self.constant_blocks, freed,
                              self.global_blocks, reach[1])
        event = CallEvent(callee, effects, args, memory if effects.reads else None, order, path, ret, ub,
                          returns, clobber, reach[0])
        self._consistent_with_earlier(event)
        self.events.append(event)
        return event

    def block_addresses(self, blocks: list[MemoryBlock], pointer_bits: int) -> dict[int, z3.BitVecRef]:
        """The address of each of the input ``blocks`` (made once, with the constraints
        that make them a memory layout: aligned, not null, no wrap-around of the
        ``pointer_bits`` address space, disjoint)."""
        if self.addresses is None:
            self.addresses = {}
            # A base aligned to BLOCK_ALIGN, as the offsets' alignment assumes; in an
            # address space too small for that (8-bit pointers), aligned as far as a block
            # above null still fits. Layouts whose bases are less aligned than the offsets
            # assume are more inputs, not fewer: a verdict of correct still covers every
            # real layout (a counterexample may need one of them, and says its addresses).
            aligned_bits = min(BLOCK_ALIGN.bit_length() - 1, pointer_bits - 2)
            sizes = {b.block_id: b.size for b in blocks}
            for b in blocks:
                base = z3.BitVec(f"env!block{b.block_id}!address", PTR_ADDR_BITS)
                self._var(base)
                self.constraints += [
                    # aligned as the block (a global: as it states, see MemoryBlock)
                    z3.Extract(aligned_bits - 1, 0, base)
                    == (0 if b.residue is None else z3.Extract(aligned_bits - 1, 0, b.residue)),
                    base != 0,
                    z3.ULE(b.size, ~base),  # base + size does not wrap
                ]
                if pointer_bits < PTR_ADDR_BITS:  # nor leave the narrower address space
                    top = z3.BitVecVal((1 << pointer_bits) - 1, PTR_ADDR_BITS)
                    self.constraints += [z3.ULE(base, top), z3.ULE(b.size, top - base)]
                for k, other in self.addresses.items():
                    self.constraints.append(z3.Or(z3.ULE(base + b.size, other), z3.ULE(other + sizes[k], base)))
                self.addresses[b.block_id] = base
        return self.addresses

    def undef_ub(self, callee: str) -> z3.BoolRef:
        """Whether ``callee`` has UB when an argument is undef (it branches on it, say):
        one choice of the environment per callee, for source and target alike."""
        name = f"env!{callee}!undef_ub"
        for v in self.variables:
            if v.decl().name() == name:
                assert isinstance(v, z3.BoolRef)
                return v
        return self._var(z3.Bool(name))  # type: ignore[return-value]

    def shared(self, name: str, bits: int) -> z3.BitVecRef:
        """A part of the environment both functions see, such as the dynamic rounding
        mode: one variable per name, quantified like the inputs."""
        for v in self.variables:
            if str(v) == f"env!{name}":
                assert isinstance(v, z3.BitVecRef)
                return v
        return self._var(z3.BitVec(f"env!{name}", bits))  # type: ignore[return-value]

    def _var(self, v: z3.ExprRef) -> z3.ExprRef:
        self.variables.append(v)
        return v

    def _consistent_with_earlier(self, e: CallEvent) -> None:
        """Equal inputs give equal outputs. The arguments may depend on the source's
        choices (an undef argument): the refinement check states these constraints for
        every such choice, as part of the source being defined. Equal memory is stated
        at one byte, an environment variable: where the memories differ, it can be a
        byte where they do (no constraint), where they agree everywhere it cannot. That
        reading needs memory free of the source's choices; other pairs get no
        constraint (which only lets the environment be more than a function)."""
        for o in self.events:
            if o.callee != e.callee or o.effects != e.effects or not _same_shape(o.args, e.args):
                continue
            same_in = [z3.And(a.poison == b.poison, z3.Or(a.poison, a.value == b.value))
                       for a, b in zip(e.args, o.args, strict=True)]
            if e.memory is not None and o.memory is not None:
                same_memory = self._same_memory(e.memory, o.memory, e.reads_from)
                if same_memory is None:
                    continue
                same_in.append(same_memory)
                if may_access(e.effects, False, HIDDEN):
                    same_in.append(_hidden_writers(e.order) == _hidden_writers(o.order))
            same_out = [e.ub == o.ub, e.returns == o.returns]
            same_out += [z3.And(a.poison == b.poison, a.value == b.value)
                         for a, b in zip(e.ret, o.ret, strict=True)]
            if e.clobber is not None and o.clobber is not None:
                same_out += [e.clobber.data == o.clobber.data, e.clobber.poison == o.clobber.poison]
                if e.clobber.freed is not None and o.clobber.freed is not None:
                    same_out.append(e.clobber.freed == o.clobber.freed)
            self.constraints.append(z3.Implies(all_of(same_in), all_of(same_out)))

    def _same_memory(self, a: Memory, b: Memory, only: ArgumentBlocks | None) -> z3.BoolRef | None:
        """A condition under which two memories of the source are equal (where a callee
        can reach), or None where none can be stated soundly.

        The writes the two share (the same objects: no write between two calls, or the
        writes before a branch) leave the same bytes on both sides, whatever they hold:
        only the writes after them are compared, on top of an arbitrary byte (an
        environment array: equal on every byte that byte may be, so equal on the real
        one). Comparing at one byte the environment picks (a key) is only sound where
        what is compared mentions no choice of the source, which the source could pick
        to agree at the key and differ elsewhere; the shared writes may hold undef
        (a stored argument) without mattering."""
        if a.init_data is not b.init_data or a.init_poison is not b.init_poison:
            return None
        common = 0
        for x, y in zip(a.writes, b.writes, strict=False):
            if x is not y:
                break
            common += 1
        rest_a, rest_b = a.writes[common:], b.writes[common:]
        if not rest_a and not rest_b:
            return TRUE
        n = len(self.variables)
        base_data = self._var(z3.Array(f"env!same!{n}!data", z3.BitVecSort(PTR_BITS), z3.BitVecSort(8)))
        base_poison = self._var(z3.Array(f"env!same!{n}!poison", z3.BitVecSort(PTR_BITS), z3.BoolSort()))
        key = self._var(z3.BitVec(f"env!same!{n}!key", PTR_BITS))
        (ad, ap) = Memory(base_data, base_poison, rest_a).read(key)
        (bd, bp) = Memory(base_data, base_poison, rest_b).read(key)
        if _mentions_choices([ad, ap, bd, bp]):
            return None
        return z3.Implies(self.reachable(key, only), z3.And(ap == bp, z3.Or(ap, ad == bd)))

    # ------------------------------------------------------------------ target

    def match(
        self, ctx: Context, callee: str, effects: CalleeEffects, args: tuple[Lane, ...],
        memory: Memory, order: z3.BitVecRef, ret_widths: list[int],
    ) -> tuple[SymValue, z3.BoolRef, z3.BoolRef, Clobber | None]:
        """The outputs of a target call: those of the first source call it matches. Returns
        (result, UB, returns, clobber); no match is UB."""
        candidates = [e for e in self.events if e.callee == callee and _stands_for(e.effects, effects)
                      and _same_shape(e.args, args) and len(e.ret) == len(ret_widths)
                      and all(a.value.size() == w for a, w in zip(e.ret, ret_widths, strict=True))]
        conditions = [self._refines(ctx, e, args, memory, order) for e in candidates]
        matches = [m for m, _ in conditions]
        matched = any_of(matches)
        if not candidates or z3.is_false(simplify(matched)):
            dummy = tuple(Lane(z3.BitVecVal(0, w), TRUE) for w in ret_widths)
            return dummy, TRUE, FALSE, None
        # The first match wins: an ite chain, the last candidate as the default. A callee
        # that keeps no memory of its own may match a source call after fewer or more
        # memory-writing calls; a source call after as many is tried first (where two
        # match, the one the target call stands for in order). Within each of those two
        # ranks a source call with exactly the target call's argument poison comes
        # before one whose poison argument the target's defined one refines: f(%p) then
        # f(%x) reordered, with %p poison, must not give the target's f(%x) the outputs
        # of f(%p). (Ahead of the ranks it passed over the order: an identity matched its
        # second call of f(%q) with f(%p) where %p == %q.)
        ranked = list(zip(candidates, matches, strict=True))
        if not may_access(effects, False, HIDDEN) and len(candidates) > 1:
            ranked = [(e, z3.And(m, order == e.order)) for e, m in ranked] + ranked
        if len(candidates) > 1 and any(exact is not m for m, exact in conditions):
            by_event = {id(e): c for e, c in zip(candidates, conditions, strict=True)}
            split = len(candidates) if len(ranked) > len(candidates) else 0
            ranked = _exact_first(ranked[:split], by_event) + _exact_first(ranked[split:], by_event)
        ret, ub, returns = candidates[-1].ret, candidates[-1].ub, candidates[-1].returns
        clobber = candidates[-1].clobber
        for e, m in reversed(ranked[:-1]):
            ret = tuple(Lane(z3.If(m, a.value, b.value), z3.If(m, a.poison, b.poison))
                        for a, b in zip(e.ret, ret, strict=True))
            ub, returns = z3.If(m, e.ub, ub), z3.If(m, e.returns, returns)
            if clobber is not None and e.clobber is not None:
                freed = None  # candidates share the callee and its effects: nofree or not alike
                if clobber.freed is not None and e.clobber.freed is not None:
                    freed = z3.If(m, e.clobber.freed, clobber.freed)
                only = None  # argmem writers alike (the same effects), of as many pointer lanes
                if clobber.only is not None and e.clobber.only is not None:
                    only = e.clobber.only.ite(m, clobber.only)
                clobber = Clobber(z3.If(m, e.clobber.data, clobber.data),
                                  z3.If(m, e.clobber.poison, clobber.poison),
                                  TRUE, self.writable_below, self.constant_blocks, freed, self.global_blocks, only)
        return ret, z3.Or(z3.Not(matched), ub), returns, clobber

    def _refines(
        self, ctx: Context, e: CallEvent, args: tuple[Lane, ...], memory: Memory, order: z3.BitVecRef,
    ) -> tuple[z3.BoolRef, z3.BoolRef]:
        """Whether the target call's inputs refine those of the source call ``e``, and
        whether they do with exactly its argument poison (the same condition, the same
        term, where they cannot differ: no second memory key)."""
        # Only a call the source makes on this input can be matched: a call on another
        # path of the source never gave the environment its inputs (its outputs are
        # unconstrained variables there).
        conds = [e.path]
        conds += [z3.Implies(z3.Not(s.poison), z3.And(z3.Not(t.poison), t.value == s.value))
                  for s, t in zip(e.args, args, strict=True)]
        if e.memory is not None:
            if may_access(e.effects, False, HIDDEN):
                conds.append(_hidden_writers(order) == _hidden_writers(e.order))
            key = ctx.fresh("call.byte", PTR_BITS)
            (sb, sp), (tb, tp) = e.memory.read(key), memory.read(key)
            conds.append(z3.Implies(self.reachable(key, e.reads_from), z3.Or(sp, z3.And(z3.Not(tp), tb == sb))))
        refines = all_of(conds)
        # A source argument never poison is refined only by a defined one, and one whose
        # poison is the target's own term has the same: equal poison adds nothing there.
        same_poison = [s.poison == t.poison for s, t in zip(e.args, args, strict=True)
                       if not (z3.is_false(s.poison) or z3.eq(s.poison, t.poison))]
        return refines, (all_of([refines, *same_poison]) if same_poison else refines)


def _stands_for(source: CalleeEffects, target: CalleeEffects) -> bool:
    """Whether a target call of these effects may take the outputs of a source call of
    those: the same effects, but for promises the source's call site makes and the
    target's drops (``noreturn``, ``willreturn``, a ``noundef`` result). Each promise
    broken is UB in the source, whose call event already assumes it kept (``returns``
    false or true, a result never poison); the target's call then behaves alike.
    A promise only the target makes is more UB: no match. Memory effects and ``nofree``
    must be equal (the match chain merges the candidates' clobbers as alike)."""
    if (target.noreturn and not source.noreturn or target.willreturn and not source.willreturn
            or target.ret_noundef and not source.ret_noundef):
        return False
    return replace(source, noreturn=target.noreturn, willreturn=target.willreturn,
                   ret_noundef=target.ret_noundef) == target


def _exact_first(
    ranked: list[tuple[CallEvent, z3.BoolRef]], conditions: dict[int, tuple[z3.BoolRef, z3.BoolRef]],
) -> list[tuple[CallEvent, z3.BoolRef]]:
    """One rank of the match chain with its exact matches first: each candidate on its
    exact condition, then the candidates whose exact condition is not their matching one
    on the rank's condition (the others were tried on that already)."""
    differs = {i for i, (refines, exact) in conditions.items() if exact is not refines}
    first = [(e, z3.And(m, conditions[id(e)][1]) if id(e) in differs else m) for e, m in ranked]
    return first + [(e, m) for e, m in ranked if id(e) in differs]


def _argument_blocks(inst: Call, args: list[SymValue], write: bool) -> ArgumentBlocks | None:
    """The blocks a call of an ``argmem``-only callee may write (read): those of its
    pointer arguments, but the ones passed ``readonly`` (``writeonly``), which it does not
    write (read) through, or it has UB (LangRef). None where it may reach other memory
    too, or a pointer is inside an aggregate argument."""
    effects = inst.effects
    assert effects is not None
    if may_access(effects, write, ("other",)):
        return None
    lanes: list[tuple[z3.BitVecRef, z3.BoolRef]] = []
    for i, (op, value) in enumerate(zip(inst.operands, args, strict=False)):
        if isinstance(op.type.scalar, PtrType):
            declared = inst.decl_arg_attrs[i] if i < len(inst.decl_arg_attrs) else ParamAttrs()
            site = inst.arg_attrs[i] if i < len(inst.arg_attrs) else ParamAttrs()
            if (declared.readonly or site.readonly) if write else (declared.writeonly or site.writeonly):
                continue
            lanes += [(block_of(lane.value), lane.poison) for lane in value]
        elif "ptr" in str(op.type):
            return None
    return ArgumentBlocks(tuple(lanes))


def _same_shape(a: tuple[Lane, ...], b: tuple[Lane, ...]) -> bool:
    """Argument lanes of the same number and widths: calls of one callee through another
    function type (LLVM lets a call's type differ from the declaration's) are calls of
    another function for the environment, never matched with these."""
    return len(a) == len(b) and all(x.value.size() == y.value.size() for x, y in zip(a, b, strict=True))


def result_widths(ret_type: object) -> list[int]:
    assert isinstance(ret_type, Type)
    return [] if str(ret_type) == "void" else lane_widths(ret_type)


def _mentions_choices(terms: list[z3.ExprRef]) -> bool:
    """Whether the terms depend on a nondeterministic choice of either side (named
    ``src!...`` or ``tgt!...``)."""
    return any(t.decl().kind() == z3.Z3_OP_UNINTERPRETED and str(t).startswith(("src!", "tgt!"))
               for t in leaves(terms))


# ----------------------------------------------------------------------------- call instructions


class CallState(Protocol):
    """What a call reads and changes of the executor's state on the current path."""

    path: z3.BoolRef
    memory: Memory
    calls: z3.BitVecRef  # calls so far on the path that may write hidden memory


class CallSemantics:
    """The semantics of the ``call`` instruction, a part of the Executor (executor.py
    derives from it): call-site attributes, the intrinsics that touch memory or the
    control flow (memory intrinsics, masked and gather/scatter accesses, lifetime, traps),
    calls of unknown functions through the :class:`Environment`, and calls that do not
    return. Other intrinsics are looked up in the semantics registry."""

    fn: Function
    ctx: Context
    env: Environment | None
    mem_ops: MemoryOps
    uses: UndefUses
    observed: list[z3.BitVecRef]
    # Calls that did not return: where, the memory then, whether it is observed.
    exits: list[tuple[z3.BoolRef, Memory, bool]]

    def _lifetime(self, inst: Call, args: list[SymValue], state: CallState) -> None:
        """lifetime.start/end on an alloca (LangRef): llvm.lifetime.start makes it alive
        with uninitialized (poison) contents, llvm.lifetime.end dead; an alloca used by
        lifetime.start is dead until then, and accessing a dead one is UB (the executor
        and MemoryOps.lifetimes keep track)."""
        (ptr,) = args[-1]
        bid = simplify(block_of(ptr.value))
        for b in self.mem_ops.blocks:
            if z3.is_bv_value(bid) and bid.as_long() == b.block_id and z3.is_bv_value(b.size):
                state.memory = poison_bytes(state.memory, pointer_lane(b.block_id, z3.BitVecVal(0, PTR_ADDR_BITS)), b.size.as_long())
                if b.block_id in self.mem_ops.lifetimes:
                    state.memory = set_alive(state.memory, b.block_id, inst.callee.startswith("llvm.lifetime.start"))
                return
        raise Unsupported(f"@{inst.callee} on a pointer that is not an alloca", self.fn.name)

    def _call(self, inst: Call, args: list[SymValue], state: CallState) -> SymValue:
        args = self._call_arg_attrs(inst, args, state.memory)
        # (after the call site's own checks: dereferenceable is the caller's statement)
        self.mem_ops.in_tail_call = inst.marker in ("tail", "musttail")
        try:
            result = with_range(self._call_result(inst, args, state), inst.ret_attrs.range)
        finally:
            self.mem_ops.in_tail_call = False
        if inst.ret_attrs.noundef:
            for lane in result:
                self.ctx.ub(z3.Or(lane.poison, self.uses.dependent(lane.value)))
        if inst.ret_attrs.nonnull or inst.ret_attrs.align > 1 or inst.ret_attrs.dereferenceable:
            raise Unsupported(f"call-site return attribute on @{inst.callee}", self.fn.name)
        return result

    def _call_arg_attrs(self, inst: Call, args: list[SymValue], mem: Memory) -> list[SymValue]:
        """Call-site argument attributes: noundef makes poison or undef UB; on a call of an
        external function, nonnull and align make a null or misaligned pointer poison
        (the masked intrinsics carry their alignment as ``align``, handled there); others
        are not modelled."""
        # the masked and memory intrinsics carry their alignment as ``align``: handled there
        masked = intrinsic_base_name(inst.callee).startswith(("llvm.masked.", "llvm.mem"))
        external = inst.effects is not None
        out = list(args)
        n = max(len(inst.arg_attrs), len(inst.decl_arg_attrs))
        for i in range(n):
            attrs = inst.arg_attrs[i] if i < len(inst.arg_attrs) else ParamAttrs()
            if i < len(inst.decl_arg_attrs):  # the declaration's hold at the call too
                attrs = attrs.with_declared(inst.decl_arg_attrs[i])
            if i >= len(args):  # a variadic declaration's parameters are the first ones
                break
            if external and (attrs.nonnull or attrs.align > 1):
                out[i] = tuple(Lane(lane.value, z3.Or(lane.poison, _pointer_attr_poison(lane.value, attrs, self.mem_ops.blocks)))
                               for lane in args[i])
            if attrs.noundef:  # after nonnull/align: the poison they make is UB with noundef
                for lane in out[i]:
                    self.ctx.ub(z3.Or(lane.poison, self.uses.dependent(lane.value)))
            # dereferenceable(n) holds at the call (LangRef: if the pointer is not
            # dereferenceable for n bytes then, the behavior is undefined); _or_null
            # allows null too. The poison nonnull and align make is not dereferenceable
            # (as for a definition's parameters).
            for n, null_ok in ((attrs.dereferenceable, False), (attrs.dereferenceable_or_null, True)):
                for lane in out[i] if n else ():
                    # writable: the bytes are loaded and stored back at the call (LangRef)
                    bad = z3.Not(self.mem_ops.valid_access(lane, n, 1, write=attrs.writable, mem=mem))
                    if null_ok:
                        bad = z3.And(bad, z3.Or(lane.poison, lane.value != NULL_POINTER))
                    self.ctx.ub(bad)
            other = attrs.noalias or (attrs.nonnull and not external)
            if other or attrs.readonly or attrs.writeonly or (attrs.align and not masked and not external):
                raise Unsupported(f"call-site attribute {attrs} on @{inst.callee}", self.fn.name)
        return out

    def _call_result(self, inst: Call, args: list[SymValue], state: CallState) -> SymValue:
        if inst.effects is not None:
            return self._unknown_call(inst, args, state)
        base = intrinsic_base_name(inst.callee)
        if base in TRAP_INTRINSICS:
            # Like a call of an unknown function that never returns (so a target's trap
            # must match one of the source), after which memory is not observed.
            lanes = tuple(lane for a in args for lane in a)
            return self._environment_call(base, TRAP_EFFECTS, lanes, [], state, observable_exit=False)
        if base in ("llvm.lifetime.start", "llvm.lifetime.end"):
            self._lifetime(inst, args, state)
            return ()
        if base in MEM_INTRINSICS:
            state.memory = mem_intrinsic(self.ctx, self.mem_ops, state.memory, inst, base, args)
            return ()
        if base in GATHER_SCATTER:
            result, state.memory = gather_scatter(self.ctx, self.mem_ops, state.memory, inst, base, args, self._mask)
            return result
        if base == "llvm.masked.load":
            # LLVM 22: (ptr align A %p, mask, passthru); older: (ptr, i32 A, mask, passthru).
            ptr, align, (mask, passthru) = _masked_access(inst, args, 0)
            active = self._mask(mask)
            loaded = self.mem_ops.load_lanes(self.ctx, state.memory, ptr[0], inst.type, align, active)
            return tuple(
                Lane(z3.If(a, x.value, y.value), z3.If(a, x.poison, y.poison))
                for a, x, y in zip(active, loaded, passthru, strict=True)
            )
        if base == "llvm.masked.store":
            # LLVM 22: (value, ptr align A %p, mask); older: (value, ptr, i32 A, mask).
            ptr, align, (mask,) = _masked_access(inst, args, 1)
            active = self._mask(mask)
            state.memory = self.mem_ops.store_lanes(
                self.ctx, state.memory, ptr[0], inst.operands[0].type, args[0], align, active
            )
            return ()
        fn = lookup(base)
        if fn is None:
            raise Unsupported(f"call to @{inst.callee}", self.fn.name)
        return fn(self.ctx, inst, args)

    def _unknown_call(self, inst: Call, args: list[SymValue], state: CallState) -> SymValue:
        """A call of an external function (see calls.py): the source records it, the
        target takes the outputs of the source call it matches."""
        effects = inst.effects
        assert effects is not None
        if any(isinstance(i, Alloca) for i in self.fn.instructions()) and any(
            isinstance(op.type.scalar, PtrType) for op in inst.operands
        ):
            raise Unsupported(f"pointer argument of @{inst.callee} in a function with allocas", self.fn.name)
        lanes = tuple(lane for a in args for lane in a)
        callee = inst.callee
        if "..." in inst.callee_type:
            # A variadic callee called with other argument types is, for the environment,
            # another function (calls of the two are never matched with each other).
            callee += "(" + ", ".join(str(op.type) for op in inst.operands) + ")"
        reach = (_argument_blocks(inst, args, write=False), _argument_blocks(inst, args, write=True))
        return self._environment_call(callee, effects, lanes, result_widths(inst.type), state, reach=reach)

    def _environment_call(
        self, callee: str, effects: CalleeEffects, lanes: SymValue, widths: list[int], state: CallState,
        observable_exit: bool = True, reach: tuple[ArgumentBlocks | None, ArgumentBlocks | None] = (None, None),
    ) -> SymValue:
        if self.env is None:
            raise Unsupported(f"call to @{callee}", self.fn.name)
        # An undef argument: the callee may have UB for it (it may branch on it), which
        # is part of the environment (one choice per callee); where it has none, it gets
        # one value for the undef (as if frozen): its outputs then depend on that choice,
        # not on an undef, so branching on them is no UB. A callee that has UB for an
        # undef argument has it for a poison one too (branching on poison is UB): a
        # source passing poison where the target passes undef was more defined.
        given_undef = any_of([lane.poison for lane in lanes] + [self.uses.dependent(lane.value) for lane in lanes])
        if not z3.is_false(given_undef):
            self.ctx.ub(z3.And(given_undef, self.env.undef_ub(callee)))
        fixed = self.ctx.fix_undef_lanes([lane.value for lane in lanes])
        lanes = tuple(Lane(v, lane.poison) for v, lane in zip(fixed, lanes, strict=True))
        self.observed += [lane.value for lane in lanes]
        if self.ctx.side == "src":
            e = self.env.record(callee, effects, lanes, state.memory, state.calls, widths, state.path, reach)
            ret, ub, returns, clobber = e.ret, e.ub, e.returns, e.clobber
        else:
            ret, ub, returns, clobber = self.env.match(
                self.ctx, callee, effects, lanes, state.memory, state.calls, widths
            )
        self.uses.seal(*[t for lane in ret for t in (lane.value, lane.poison)])
        if clobber is not None:
            self.uses.seal(clobber.data, clobber.poison)
        self.ctx.ub(ub)
        if clobber is not None:
            state.memory = state.memory.clobber(clobber)
        step = (1 if may_access(effects, True, HIDDEN) else 0) + (_ANY_WRITER if clobber is not None else 0)
        if step:
            state.calls = state.calls + step
        self._exit(state, z3.Not(returns), observable_exit)
        return ret

    def _exit(self, state: CallState, cond: z3.BoolRef, observable: bool) -> None:
        """The program ends here (a call that does not return) when ``cond`` holds; the
        rest of the path is not taken. The memory at that point is observable, unless
        the program ends abnormally (a trap)."""
        cond = simplify(cond)
        if z3.is_false(cond):
            return
        if self.fn.willreturn:
            self.ctx.ub(cond)
        self.exits.append((z3.And(state.path, cond), state.memory, observable))
        state.path = z3.And(state.path, z3.Not(cond))
        self.ctx.path = state.path

    def _mask(self, mask: SymValue) -> list[z3.BoolRef]:
        # A poison mask lane could be true or false: treat it as UB, the strict reading.
        for lane in mask:
            self.ctx.ub(lane.poison)
        return [lane.value == 1 for lane in mask]


def _pointer_attr_poison(ptr: z3.BitVecRef, attrs: ParamAttrs, blocks: list[MemoryBlock]) -> z3.BoolRef:
    """When a pointer passed with ``nonnull`` / ``align N`` is poison instead (LangRef)."""
    conds = []
    if attrs.nonnull:
        conds.append(ptr == 0)
    if attrs.align > 1:
        conds.append(misaligned(blocks, ptr, attrs.align))
    return any_of(conds)


def _masked_access(inst: Call, args: list[SymValue], at: int) -> tuple[SymValue, int, list[SymValue]]:
    """A masked load's or store's pointer (argument ``at``), its alignment (the pointer's
    ``align`` attribute in LLVM 22, an i32 argument after it before) and the arguments
    after those."""
    if len(args) == at + (4 if at == 0 else 3):  # the older form has the i32 alignment
        return args[at], _const_int(inst.operands[at + 1]), args[at + 2:]
    return args[at], _call_arg_align(inst, at), args[at + 1:]


def _call_arg_align(inst: Call, index: int) -> int:
    attrs = inst.arg_attrs[index] if index < len(inst.arg_attrs) else None
    return attrs.align if attrs is not None and attrs.align else 1


def _const_int(v: Value) -> int:
    if not isinstance(v, ConstInt):
        raise Unsupported("non-constant alignment operand")
    return v.value
