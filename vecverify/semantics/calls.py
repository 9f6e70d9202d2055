"""Calls of unknown (external) functions, the way Alive2 models them.

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

Memory a callee may reach: every block but allocas and constant globals. A call that
passes a pointer to a function with allocas is unsupported (the alloca might escape).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from ..ir.types import Type
from ..ir.values import CalleeEffects
from .core import (
    FALSE,
    PTR_ADDR_BITS,
    PTR_BITS,
    TRUE,
    Context,
    Lane,
    SymValue,
    all_of,
    any_of,
    lane_widths,
)
from .memory import BLOCK_ALIGN, Clobber, Memory, MemoryBlock, block_of

ORDER_BITS = 16  # counts memory-writing calls on a path


@dataclass
class CallEvent:
    """One call of the source: its inputs and its outputs (environment variables)."""

    callee: str
    effects: CalleeEffects
    args: tuple[Lane, ...]
    memory: Memory | None  # what the callee may read (None: it reads no memory)
    order: z3.BitVecRef  # memory-writing calls before it on its path
    path: z3.BoolRef  # when the source makes this call
    ret: SymValue
    ub: z3.BoolRef
    returns: z3.BoolRef
    clobber: Clobber | None  # what it writes (None: it writes no memory)


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

    def reachable(self, key: z3.BitVecRef) -> z3.BoolRef:
        bid = block_of(key)
        return all_of([z3.ULT(bid, self.writable_below)] + [bid != b for b in sorted(self.constant_blocks)])

    # ------------------------------------------------------------------ source

    def record(
        self, callee: str, effects: CalleeEffects, args: tuple[Lane, ...], memory: Memory,
        order: z3.BitVecRef, ret_widths: list[int], path: z3.BoolRef = TRUE,
    ) -> CallEvent:
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
            clobber = Clobber(data, poison, TRUE, self.writable_below, self.constant_blocks)
        event = CallEvent(callee, effects, args, memory if effects.reads else None, order, path, ret, ub,
                          returns, clobber)
        self._consistent_with_earlier(event)
        self.events.append(event)
        return event

    def block_addresses(self, blocks: list[MemoryBlock]) -> dict[int, z3.BitVecRef]:
        """The address of each of the input ``blocks`` (made once, with the constraints
        that make them a memory layout: aligned, not null, no wrap-around, disjoint)."""
        if self.addresses is None:
            self.addresses = {}
            sizes = {b.block_id: b.size for b in blocks}
            for b in blocks:
                base = z3.BitVec(f"env!block{b.block_id}!address", PTR_ADDR_BITS)
                self._var(base)
                self.constraints += [
                    z3.Extract(BLOCK_ALIGN.bit_length() - 2, 0, base) == 0,
                    base != 0,
                    z3.ULE(b.size, ~base),  # base + size does not wrap
                ]
                for k, other in self.addresses.items():
                    self.constraints.append(z3.Or(z3.ULE(base + b.size, other), z3.ULE(other + sizes[k], base)))
                self.addresses[b.block_id] = base
        return self.addresses

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
            if o.callee != e.callee or o.effects != e.effects:
                continue
            same_in = [z3.And(a.poison == b.poison, z3.Or(a.poison, a.value == b.value))
                       for a, b in zip(e.args, o.args, strict=True)]
            if e.memory is not None and o.memory is not None:
                key = self._var(z3.BitVec(f"env!{e.callee}!same!{len(self.variables)}", PTR_BITS))
                (ad, ap), (bd, bp) = e.memory.read(key), o.memory.read(key)
                if _mentions_choices([ad, ap, bd, bp]):
                    continue
                same_in += [e.order == o.order,
                            z3.Implies(self.reachable(key), z3.And(ap == bp, z3.Or(ap, ad == bd)))]
            same_out = [e.ub == o.ub, e.returns == o.returns]
            same_out += [z3.And(a.poison == b.poison, a.value == b.value)
                         for a, b in zip(e.ret, o.ret, strict=True)]
            if e.clobber is not None and o.clobber is not None:
                same_out += [e.clobber.data == o.clobber.data, e.clobber.poison == o.clobber.poison]
            self.constraints.append(z3.Implies(all_of(same_in), all_of(same_out)))

    # ------------------------------------------------------------------ target

    def match(
        self, ctx: Context, callee: str, effects: CalleeEffects, args: tuple[Lane, ...],
        memory: Memory, order: z3.BitVecRef, ret_widths: list[int],
    ) -> tuple[SymValue, z3.BoolRef, z3.BoolRef, Clobber | None]:
        """The outputs of a target call: those of the first source call it matches. Returns
        (result, UB, returns, clobber); no match is UB."""
        candidates = [e for e in self.events if e.callee == callee and e.effects == effects]
        matches = [self._refines(ctx, e, args, memory, order) for e in candidates]
        matched = any_of(matches)
        if not candidates or z3.is_false(z3.simplify(matched)):
            dummy = tuple(Lane(z3.BitVecVal(0, w), TRUE) for w in ret_widths)
            return dummy, TRUE, FALSE, None
        # The first match wins: an ite chain, the last candidate as the default.
        ret, ub, returns = candidates[-1].ret, candidates[-1].ub, candidates[-1].returns
        clobber = candidates[-1].clobber
        for e, m in zip(reversed(candidates[:-1]), reversed(matches[:-1]), strict=True):
            ret = tuple(Lane(z3.If(m, a.value, b.value), z3.If(m, a.poison, b.poison))
                        for a, b in zip(e.ret, ret, strict=True))
            ub, returns = z3.If(m, e.ub, ub), z3.If(m, e.returns, returns)
            if clobber is not None and e.clobber is not None:
                clobber = Clobber(z3.If(m, e.clobber.data, clobber.data),
                                  z3.If(m, e.clobber.poison, clobber.poison),
                                  TRUE, self.writable_below, self.constant_blocks)
        return ret, z3.Or(z3.Not(matched), ub), returns, clobber

    def _refines(
        self, ctx: Context, e: CallEvent, args: tuple[Lane, ...], memory: Memory, order: z3.BitVecRef,
    ) -> z3.BoolRef:
        # Only a call the source makes on this input can be matched: a call on another
        # path of the source never gave the environment its inputs (its outputs are
        # unconstrained variables there).
        conds = [e.path]
        conds += [z3.Implies(z3.Not(s.poison), z3.And(z3.Not(t.poison), t.value == s.value))
                  for s, t in zip(e.args, args, strict=True)]
        if e.memory is not None:
            conds.append(order == e.order)
            key = ctx.fresh("call.byte", PTR_BITS)
            (sb, sp), (tb, tp) = e.memory.read(key), memory.read(key)
            conds.append(z3.Implies(self.reachable(key), z3.Or(sp, z3.And(z3.Not(tp), tb == sb))))
        return all_of(conds)


def result_widths(ret_type: object) -> list[int]:
    assert isinstance(ret_type, Type)
    return [] if str(ret_type) == "void" else lane_widths(ret_type)


def _mentions_choices(terms: list[z3.ExprRef]) -> bool:
    """Whether the terms depend on a nondeterministic choice of either side (named
    ``src!...`` or ``tgt!...``)."""
    seen: set[int] = set()
    stack = list(terms)
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            if str(t).startswith(("src!", "tgt!")):
                return True
        else:
            stack.extend(t.children())
    return False
