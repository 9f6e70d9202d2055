"""Witness inference: a LoopVectorize-shaped target proved against its scalar source for
every trip count, with no help from the tool that vectorized it.

The target ``T`` is read for LoopVectorize's shape (``shape.py``): a one-block vector loop
``vector.body`` whose canonical index steps from 0 by ``C`` (VF*UF, any loop-invariant
value, so scalable steps too) until ``n.vec``, entered from ``vector.ph``; a
``middle.block`` after it that goes to the exit or to ``scalar.ph``, whose resume phis
start the scalar loop (the source's loop, kept as the remainder). The proof has two parts:

1. **The scalar part is the source** (``same_scalar_part``): ``T`` with the vector path
   removed (every branch into it sent to ``scalar.ph``, whose phis then take their
   bypass values) is the source up to names, trivial blocks and dead pure instructions.
2. **The vector path refines the scalar loop** (obligations decided by the refinement
   check, as the vectorizer's own witness is): the correspondence ``alpha`` from the vector
   state (``index``, the vector phis) to the scalar loop's header state is *inferred from
   the target itself*: the resume value ``middle.block`` hands ``scalar.ph`` for each scalar
   phi, with ``n.vec`` read as ``index`` and each vector phi's back-edge value read as the
   phi (``bc.resume.val = n.vec`` gives ``iv = index``; ``bc.merge.rdx = reduce(acc)``
   gives ``red = reduce(vec.phi)``; ``scalar.recur.init`` the last lane). Invariants on
   ``index`` and ``n.vec`` are candidates pruned Houdini-style (each kept only while it
   holds at entry and is preserved by a vector iteration, given the others). Then:

   * *entry*: on the path into ``vector.ph`` (its branch conditions assumed: the
     runtime checks are assumptions on the vector path only), alpha of the first vector
     state is the scalar loop's start state;
   * *step*: from any state satisfying the invariants where the vector loop goes on, C
     scalar iterations from alpha(V) (none leaves the loop) and one vector iteration write
     the same memory and reach alpha(V');
   * *last*: where the vector loop leaves after this iteration, C scalar iterations
     (the first C-1 do not leave) and the vector iteration with ``middle.block`` write the
     same memory, make the same exit decision, and hand the exit block and ``scalar.ph``
     the same values.

A wrong candidate can only make a check fail (the proof then falls back to the bounded
check, labelled as such); nothing is assumed that a check has not discharged, apart from
the invariants, each of which was itself checked.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..errors import OutOfTime, Unsupported
from ..interrupts import stands_for_interrupt
from ..ir.function import Block, Function
from ..ir.types import IntType, Type, VectorType
from ..ir.values import (
    BinOp,
    Br,
    Call,
    Constant,
    ConstArray,
    ConstInt,
    ConstPoison,
    ConstStruct,
    ConstUndef,
    ConstVector,
    ExtractElement,
    ICmp,
    InsertElement,
    Instruction,
    Phi,
    Select,
    Store,
    Value,
)
from ..ir.vscale import vscale_constant
from ..refine import CheckOptions, Verdict, check_refinement
from .epilogue import Entry, bypass_epilogue, entries, epilogue_loop
from .obligation import (
    FALSE,
    I1,
    I32,
    TRUE,
    Obligation,
    Params,
    Side,
    WitnessError,
    emit_not,
    goes_to,
    pure_instruction,
)
from .poison import bypass_poison, first_branch_condition
from .reshape import graft_remainder, resume_edge, unfold_resumes
from .same import same_scalar_part
from .shape import Closed, LoopShape, find_shape, incoming, index_phi
from .undefs import UndefValues


@dataclass
class Inferred:
    """The outcome of inference for one pair: proved, or why not."""

    status: str  # proved | refuted | unknown | unsupported
    reason: str = ""
    checks: list[tuple[str, str]] = field(default_factory=list)  # (obligation, verdict status)
    invariants: list[str] = field(default_factory=list)
    alpha: dict[str, str] = field(default_factory=dict)
    step: str = ""
    lanes: int = 0  # VF*UF, where the shape was read
    trip: Value | None = None  # the trip count the vector loop's n.vec is computed from
    refutable: bool = False  # an obligation failed with a counterexample (not a timeout)
    # what the proof does not cover, for the verdict to say: undef values of these
    # arguments (poison ones are covered)
    maybe_undef: list[str] = field(default_factory=list)
    # how the target was read into the shape the proof knows (reshape.py)
    reshaped: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def record(self) -> dict[str, object]:
        return {"status": self.status, "reason": self.reason or None, "step": self.step,
                "alpha": self.alpha, "invariants": self.invariants, "reshaped": self.reshaped,
                "not_covered": {"undef_arguments": self.maybe_undef},
                "checks": [{"name": n, "status": s} for n, s in self.checks]}


Candidate = Callable[[Side, Value], Value]  # (side, index) -> i1
INDEX_BELOW = "index <u n.vec"
WHOLE_STEPS = "(n.vec - index) %u C == 0"


class Inference:
    def __init__(self, shape: LoopShape, timeout_ms: int, src: Function, deadline: float | None = None,
                 entries: list[Entry] | None = None) -> None:
        self.s = shape
        # a vectorized epilogue's loop: entered from these blocks, its index starting at
        # the resume value from each (epilogue.py); None: from vector.ph, at 0
        self.entries = entries
        self.deadline = deadline
        self.t = shape.fn
        self.src = src
        self.defined = first_branch_condition(src)
        self.timeout_ms = timeout_ms
        # The function's arguments are taken as not undef (they may be poison: Params
        # splits each); every other parameter (values computed before the loop, a vector
        # phi as state where an ``undef`` constant of the IR may reach it: undefs.py) may
        # be undef; the canonical index, computed from 0 by adding C, is noundef.
        self.undef_inputs = True
        self.undefs = UndefValues(shape.fn, undef_args=False)
        self.kept_names: set[str] = set()  # the invariants houdini kept
        it = shape.index.type
        assert isinstance(it, IntType)
        self.it: IntType = it

    # ------------------------------------------------------------------ helpers
    def _new(self) -> tuple[Side, Side]:
        params = Params(args_not_undef=True)
        src, tgt = Side("src", params, self.t), Side("tgt", params, self.t)
        if self.defined is not None:
            # the source branches on it first: where it is poison or undef the source is
            # UB (its operands it does not compute from the arguments are parameters of
            # their own: the assumption is then only weaker). Those parameters are
            # taken as defined (noundef): nothing else in the obligation mentions them,
            # and where the source's own values (a phi's start, a load) give a defined
            # branch condition, some defined values give it too (an undef's choice
            # there); where they give poison or undef the source is UB. Left undef, they
            # made a source choice in every query of the obligation (quantified, and
            # a joint query).
            for a, b in zip(self.t.args, self.src.args, strict=True):
                src.vmap[id(b)] = src.vmap[id(a)]
            known = len(params.keys)
            d = src.value(self.defined)
            for key in params.keys[known:]:
                params.attrs[key] = replace(params.attrs[key], noundef=True)
                if key in src.args:
                    src.args[key].attrs = params.attrs[key]
            src.assume(src.emit(ICmp(I1, None, [d, d], pred="eq")))
        return src, tgt

    def _assume_path(self, side: Side) -> None:
        for blk, target in self.s.path:
            side.assume(goes_to(side, blk, target))

    def eval_with(self, side: Side, v: Value, over: dict[int, Value],
                  later: dict[int, Callable[[], Value]] | None = None) -> Value:
        """``v`` computed in ``side`` with the values in ``over`` replaced (by id), and
        those in ``later`` by what their function emits where first needed; pure
        instructions of the vector loop, its preheader and middle block are recomputed;
        any other instruction of the vector loop is a witness error."""
        memo: dict[int, Value] = {}

        def go(x: Value) -> Value:
            if id(x) in over:
                return over[id(x)]
            if later is not None and id(x) in later:
                over[id(x)] = later.pop(id(x))()
                return over[id(x)]
            if id(x) in memo:
                return memo[id(x)]
            if isinstance(x, Instruction) and self.s.owner.get(id(x)) in self.s.vector_blocks:
                if isinstance(x, Phi) or not pure_instruction(x):
                    raise WitnessError(f"%{x.name} of the vector loop is not described by its state")
                c = _copy(x)
                c.operands = [go(op) for op in x.operands]
                out: Value = side.emit(c)
            else:
                out = side.value(x)
            memo[id(x)] = out
            return out

        return go(v)

    def _from_index_only(self, v: Value) -> bool:
        """``v`` is computed by pure instructions of the vector body from its index and
        values from outside the body (no other phi of the body)."""
        s, seen = self.s, set()
        work = [v]
        while work:
            x = work.pop()
            if id(x) in seen or x is s.index or not isinstance(x, Instruction) or s.owner.get(id(x)) != s.body.name:
                continue
            seen.add(id(x))
            if isinstance(x, Phi) or not pure_instruction(x):
                return False
            work += x.operands
        return True

    def _previous_iteration(self, phi: Phi, by_lane: bool) -> Closed:
        """The closed form of a vector phi whose back-edge value the body computes from
        its index alone (a first-order recurrence of LLVM's over widened index values,
        `<zext(%index + 3), zext(%index + 4)>`): its start at index 0, else the back-edge
        value of the iteration before (at index - C). ``by_lane``: the start only in the
        lanes where it is a poison or undef constant, the value before in the others
        (closed.entry shows it is the start there: the addresses computed from those
        lanes then have no case for index 0)."""
        s = self.s
        start = incoming(phi, s.preheader.name)
        lanes = [isinstance(e, (ConstPoison, ConstUndef)) for e in start.elems] if isinstance(start, ConstVector) else []

        def closed(side: Side, index: Value) -> Value:
            before = side.emit(BinOp(self.it, None, [index, side.value(s.step)], op="sub"))
            prev = self.eval_with(side, incoming(phi, s.body.name), {id(s.index): before})
            first = side.emit(ICmp(I1, None, [index, ConstInt(self.it, 0)], pred="eq"))
            if not by_lane:
                return side.emit(Select(phi.type, None, [first, side.value(start), prev]))
            assert isinstance(start, ConstVector) and isinstance(phi.type, VectorType)
            out = prev
            for k, undefined in enumerate(lanes):
                if undefined:
                    at = ConstInt(I32, k)
                    lane = side.emit(ExtractElement(phi.type.elem, None, [prev, at]))
                    lane = side.emit(Select(phi.type.elem, None, [first, start.elems[k], lane]))
                    out = side.emit(InsertElement(phi.type, None, [out, lane, at]))
            return out

        return closed

    def alpha(self, side: Side, index: Value, phis: dict[int, Value]) -> list[Value]:
        """The scalar header state for the vector header state (index, phis): each scalar
        phi's resume value from middle.block, with n.vec read as index and each vector
        phi's back-edge value read as the phi's value in the state."""
        over: dict[int, Value] = {id(self.s.n_vec): index}
        for phi in self.s.vphis:
            over[id(incoming(phi, self.s.body.name))] = phis[id(phi)]
        # A resume value computed from the last iteration's index (LLVM's
        # `zext(%index + 3 + 1)` for a recurrence's last lane, the extract folded away):
        # that iteration's index is the state's less the step (index.next == n.vec).
        later: dict[int, Callable[[], Value]] = {id(self.s.index): lambda: side.emit(
            BinOp(self.it, None, [index, side.value(self.s.step)], op="sub"))}
        return [self.eval_with(side, m, over, later) for m in self.s.resume_from_middle]

    def _vphi_state(self, side: Side, index: Value) -> dict[int, Value]:
        """The vector phis as state: their closed forms where kept, parameters for others."""
        out: dict[int, Value] = {}
        for phi in self.s.vphis:
            closed = self.s.closed_form.get(id(phi))
            if closed is not None:
                out[id(phi)] = closed(side, index)
            else:
                out[id(phi)] = self._phi_state(side, phi)
        return out

    def _phi_state(self, side: Side, phi: Phi) -> Value:
        """A vector phi's value as a state parameter: defined or poison lane by lane where
        no value that may be undef reaches it (undefs.py; the arguments taken as not
        undef, as the obligations take them), else any value, undef too."""
        return side.state(f"v.{phi.name}", phi.type, undef=self.undefs.may_be_undef(phi))

    def _run(self, ob: Obligation) -> Verdict:
        try:
            return check_refinement(ob.src, ob.tgt, CheckOptions(timeout_ms=self.timeout_ms, unroll=1, undef_inputs=self.undef_inputs,
                                                                   deadline=self.deadline, memory_by_address=True))
        except Unsupported as e:
            return Verdict("unsupported", detail=str(e))

    def _scalar_copies(self, side: Side, state: list[Value], n: int) -> tuple[list[Value], list[Value], list[Value]]:
        """n copies of the scalar loop's body from header ``state``: the state after
        them, each copy's "leaves the loop" condition, and the exit block's incoming
        values in the last copy."""
        loop = self.s.scalar
        exits: list[Value] = []
        live: list[Value] = []
        for k in range(n):
            for phi, v in zip(self.s.scalar_phis, state, strict=True):
                side.vmap[id(phi)] = v
            for inst in loop.instructions[:-1]:
                if not isinstance(inst, Phi):
                    side.clone(inst, f".{k}")
            exits.append(goes_to(side, loop, self.s.exit.name))
            if k == n - 1:
                live = [side.value(incoming(ep, loop.name)) for ep in self.s.exit_phis]
            state = [side.value(incoming(phi, loop.name)) for phi in self.s.scalar_phis]
        return state, exits, live

    def _any(self, side: Side, conds: list[Value]) -> Value:
        acc: Value = FALSE
        for c in conds:
            acc = c if acc is FALSE else side.emit(BinOp(I1, None, [acc, c], op="or"))
        return acc

    def _vector_body(self, side: Side, index: Value, phis: dict[int, Value]) -> tuple[Value, dict[int, Value], Value]:
        """One vector iteration: (index.next, the phis' next values, whether it leaves)."""
        s = self.s
        side.vmap[id(s.index)] = index
        for phi in s.vphis:
            side.vmap[id(phi)] = phis[id(phi)]
        for inst in s.body.instructions[:-1]:
            if not isinstance(inst, Phi):
                side.clone(inst)
        nxt = {id(phi): side.value(incoming(phi, s.body.name)) for phi in s.vphis}
        leaves = goes_to(side, s.body, s.middle.name)
        return side.value(s.index_next), nxt, leaves

    def _leaves_at_n_vec(self) -> bool:
        """The vector loop leaves exactly where index.next == n.vec (not where they differ)."""
        cmp = branch_value(self.s.body)
        to_middle = _true_target(self.s.body) == self.s.middle.name
        return isinstance(cmp, ICmp) and (cmp.pred == "eq") == to_middle

    def _leaves(self, side: Side, index: Value) -> Value:
        """The vector loop leaves after the iteration at ``index``."""
        s = self.s
        cond = self.eval_with(side, branch_value(s.body), {id(s.index): index})
        return cond if _true_target(s.body) == s.middle.name else emit_not(side, cond)

    # ------------------------------------------------------------------ invariants
    def candidates(self) -> list[tuple[str, Candidate]]:
        s, it = self.s, self.it
        out: list[tuple[str, Candidate]] = []

        def nv(side: Side) -> Value:
            return side.value(s.n_vec)

        def step(side: Side) -> Value:
            return side.value(s.step)

        out.append((INDEX_BELOW, lambda side, i: side.emit(ICmp(I1, None, [i, nv(side)], pred="ult"))))
        out.append((WHOLE_STEPS, lambda side, i: side.emit(ICmp(I1, None, [side.emit(BinOp(
            it, None, [side.emit(BinOp(it, None, [nv(side), i], op="sub")), step(side)], op="urem")),
            ConstInt(it, 0)], pred="eq"))))
        for k, x in enumerate(s.trip_counts):
            for pred in ("ule", "ult"):
                def cand(side: Side, i: Value, x: Value = x, pred: str = pred) -> Value:
                    return side.emit(ICmp(I1, None, [nv(side), side.value(x)], pred=pred))
                out.append((f"n.vec {'<=u' if pred == 'ule' else '<u'} tc{k} ({x.ref()})", cand))
        return out

    def _inv_check(self, name: str, cand: Candidate, kept: list[Candidate], entry: bool) -> bool:
        if entry and self.entries is not None:
            return all(self._entry_check(name, cand, p, path) for p, path in self.entries)
        src, tgt = self._new()
        self._assume_path(src)
        if entry:
            zero = ConstInt(self.it, 0)
            return self._run(_pair(name, src, [TRUE], tgt, [cand(tgt, zero)])).status == "correct"
        index = src.state("index", self.it, noundef=True)
        for c in kept:
            src.assume(c(src, index))
        src.assume(emit_not(src, self._leaves(src, index)))
        # tgt returns the candidate at index.next, from the same index parameter
        t_index = tgt.arg(("state", "index"))
        t_next = self.eval_with(tgt, self.s.index_next, {id(self.s.index): t_index})
        return self._run(_pair(name, src, [TRUE], tgt, [cand(tgt, t_next)])).status == "correct"

    def _entry_check(self, name: str, cand: Candidate, p: Block, path: list[tuple[Block, str]]) -> bool:
        """The candidate holds where the loop is entered from ``p`` (the conditions on the
        way there assumed), at the index's start value from there."""
        s = self.s
        src, tgt = self._new()
        for blk, target in path:
            src.assume(goes_to(src, blk, target))
        over = {id(phi): tgt.value(incoming(phi, p.name)) for phi in s.preheader.instructions if isinstance(phi, Phi)}
        start = self.eval_with(tgt, incoming(s.index, s.preheader.name), over)
        return self._run(_pair(name, src, [TRUE], tgt, [cand(tgt, start)])).status == "correct"

    def houdini(self) -> list[tuple[str, Candidate]]:
        current = [(n, c) for n, c in self.candidates() if self._inv_check(n, c, [], entry=True)]
        while True:
            kept = [c for _, c in current]
            survivors = [(n, c) for n, c in current if self._inv_check(n, c, kept, entry=False)]
            if len(survivors) == len(current):
                self.kept_names = {n for n, _ in current}
                return current
            current = survivors

    def check_closed_forms(self, invs: list[Candidate]) -> None:
        """The closed forms of vector phis that entry and a step keep (_keeps): the
        additive ones (shape.py), and where a phi's back-edge value is computed from the
        index alone, its value the iteration before (_previous_iteration, lane by lane
        first); the others are dropped."""
        s = self.s
        if self.entries is not None:
            s.closed_form.clear()  # the closed forms count from an index starting at 0
            return
        tries: dict[int, list[Closed]] = {}
        for phi in s.vphis:
            if id(phi) in s.closed_form:
                tries[id(phi)] = [s.closed_form[id(phi)]]
            elif self._from_index_only(incoming(phi, s.body.name)):
                by_lane = isinstance(incoming(phi, s.preheader.name), ConstVector)
                tries[id(phi)] = [self._previous_iteration(phi, True)] * by_lane + [self._previous_iteration(phi, False)]
        s.closed_form.clear()
        for phi in s.vphis:
            for closed in tries.get(id(phi), []):
                if self._keeps(phi, closed, invs):
                    s.closed_form[id(phi)] = closed
                    break

    def _keeps(self, phi: Phi, closed: Closed, invs: list[Candidate]) -> bool:
        """Entry and a step (from a state with the invariants, where the loop goes on)
        keep ``closed`` as the phi's value."""
        s = self.s
        src, tgt = self._new()
        zero = ConstInt(self.it, 0)
        if self._run(_pair("closed.entry", src, [src.value(incoming(phi, s.preheader.name))],
                           tgt, [closed(tgt, zero)])).status != "correct":
            return False
        src, tgt = self._new()
        index = src.state("index", self.it, noundef=True)
        for c in invs:
            src.assume(c(src, index))
        src.assume(emit_not(src, self._leaves(src, index)))
        nxt = self.eval_with(src, incoming(phi, s.body.name), {id(s.index): index, id(phi): closed(src, index)})
        t_index = tgt.arg(("state", "index"))
        t_next = self.eval_with(tgt, s.index_next, {id(s.index): t_index})
        return self._run(_pair("closed.step", src, [nxt], tgt, [closed(tgt, t_next)])).status == "correct"

    # ------------------------------------------------------------------ obligations
    def entry(self) -> Obligation:
        s = self.s
        src, tgt = self._new()
        self._assume_path(src)
        starts = [src.value(v) for v in s.resume_bypass]
        zero = ConstInt(self.it, 0)
        phis0 = {id(phi): tgt.value(incoming(phi, s.preheader.name)) for phi in s.vphis}
        return _pair("entry", src, [*starts, TRUE], tgt, [*self.alpha(tgt, zero, phis0), TRUE])

    def other_starts(self) -> list[Obligation]:
        """Where a bypass block hands the scalar loop its start values in another form
        than the one they are read from (``shape.other_starts``; a vectorized epilogue's
        skipped loop hands ``1 + 0`` where the first check hands ``1``), that block is
        reached from the first through blocks of one predecessor each, without UB or
        effects (the scalar part with the vector path removed, same.py, never enters
        them: every execution reaching them leaves there for scalar.ph instead), whose
        conditional branches are on the way into vector.ph (bypass-poison covers their
        poison): under those branch conditions, its values refine the start values. Then
        the target refines itself with the start values handed there too, which behaves
        as the scalar part does."""
        s = self.s
        blocks = {b.name: b for b in s.fn.blocks}
        preds = {b.name: [p for p in s.fn.blocks if b.name in p.successors()] for b in s.fn.blocks}
        on_path = {id(b) for b, _ in s.path}
        out = []
        for name, values in s.other_starts.items():
            conds: list[tuple[Block, str]] = []
            blk, seen = blocks[name], {name}
            while blk.name != s.start_from:
                if any(isinstance(i, Phi) or not pure_instruction(i) for i in blk.instructions[:-1]):
                    raise WitnessError(f"the resume phis start differently from block {blk.name}, which has an "
                                       "instruction with UB or an effect")
                ps = preds[blk.name]
                if len(ps) != 1 or ps[0].name in seen:
                    raise WitnessError(f"the resume phis start differently from block {name}, not reached from "
                                       f"{s.start_from} alone")
                q = ps[0]
                seen.add(q.name)
                if isinstance(q.instructions[-1], Br) and q.instructions[-1].operands:
                    if id(q) not in on_path:
                        raise WitnessError(f"the resume phis start differently from block {name}, reached through "
                                           f"a branch of {q.name} not on the way into the vector loop")
                    conds.insert(0, (q, blk.name))
                blk = q
            src, tgt = self._new()
            for q, target in conds:
                src.assume(goes_to(src, q, target))
            out.append(_pair(f"bypass start ({name})", src, [src.value(v) for v in s.resume_bypass],
                             tgt, [tgt.value(v) for v in values]))
        return out

    def _state_assumed(self, src: Side, invs: list[Candidate]) -> tuple[Value, dict[int, Value]]:
        self._assume_path(src)
        index = src.state("index", self.it, noundef=True)
        for c in invs:
            src.assume(c(src, index))
        return index, self._vphi_state(src, index)

    def step(self, invs: list[Candidate], last: bool) -> Obligation:
        s = self.s
        src, tgt = self._new()
        index, phis = self._state_assumed(src, invs)
        # the vector loop goes on (step) or leaves (last) after this iteration: src computes
        # its decision from the shared state, as tgt does
        t_index = tgt.arg(("state", "index"))
        t_phis = {id(p): (self._phi_state(tgt, p) if id(p) not in s.closed_form
                          else s.closed_form[id(p)](tgt, t_index)) for p in s.vphis}
        leaves_src = self._leaves(src, index)
        if last and {INDEX_BELOW, WHOLE_STEPS} <= self.kept_names and self._leaves_at_n_vec():
            # The same assumption in a form the solver cannot solve for the index: with
            # index <u n.vec and (n.vec - index) %u C == 0 (both assumed above), n.vec -
            # index <=u C holds exactly where index + C == n.vec (and no overflow makes
            # the index's nuw step poison). Z3 otherwise substitutes n.vec - C for the
            # index and bit-blasts the urem that computes n.vec into every address:
            # fixed-order-recurrence's `last` ub query 10 s unknown -> 4 s.
            left = src.emit(BinOp(self.it, None, [src.value(self.s.n_vec), index], op="sub"))
            src.assume(src.emit(ICmp(I1, None, [left, src.value(self.s.step)], pred="ule")))
        else:
            src.assume(leaves_src if last else emit_not(src, leaves_src))
        state, exits, live = self._scalar_copies(src, self.alpha(src, index, phis), s.lanes)
        nxt_index, nxt, _ = self._vector_body(tgt, t_index, t_phis)
        if not last:
            out_src = [*state, self._any(src, exits)]
            out_tgt = [*self.alpha(tgt, nxt_index, nxt), FALSE]
            return _pair("step", src, out_src, tgt, out_tgt)
        final = exits[-1]
        early = self._any(src, exits[:-1])
        resume = [src.emit(Select(v.type, None, [final, ConstPoison(v.type), v])) for v in state]
        lives = [src.emit(Select(v.type, None, [final, v, ConstPoison(v.type)])) for v in live]
        t_final, t_resume, t_live = self._after_loop(tgt)
        return _pair("last", src, [early, final, *resume, *lives], tgt, [FALSE, t_final, *t_resume, *t_live])


    def _after_loop(self, side: Side) -> tuple[Value, list[Value], list[Value]]:
        """middle.block and the blocks after it (``region``) run in ``side``: whether they
        go to the exit, the values they hand scalar.ph, and the exit block's phis (a
        select over the paths; poison where a branch on the way is)."""
        s = self.s
        blocks = {b.name: b for b in [s.middle, *s.region]}
        ends: list[tuple[Value, str, str]] = []  # (path condition, exit or scalar.ph, the block before)

        def walk(block: Block, cond: Value) -> None:
            for inst in block.instructions[:-1]:
                if block is not s.middle and not pure_instruction(inst):
                    raise WitnessError(f"block {block.name} after the vector loop has an effect ({inst.opcode})")
                side.clone(inst)
            term = block.instructions[-1]
            if not isinstance(term, Br):
                raise WitnessError(f"block {block.name} after the vector loop ends in {term.opcode}")
            arms: list[tuple[Value, str]] = [(TRUE, term.targets[0])]
            if term.operands:
                c = side.value(term.operands[0])
                arms = [(c, term.targets[0]), (emit_not(side, c), term.targets[1])]
            for c, target in arms:
                pc = c if cond is TRUE else side.emit(BinOp(I1, None, [cond, c], op="and"))
                if target in (s.exit.name, s.scalar_ph.name):
                    ends.append((pc, target, block.name))
                else:
                    walk(blocks[target], pc)

        walk(s.middle, TRUE)

        def choose(values: list[tuple[Value, Value]], t: Type) -> Value:
            acc: Value = ConstPoison(t)
            for c, v in reversed(values):
                acc = v if c is TRUE else side.emit(Select(t, None, [c, v, acc]))
            return acc

        final = self._any(side, [c for c, end, _ in ends if end == s.exit.name])
        resume = []
        for phi in s.scalar_phis:
            r = incoming(phi, s.scalar_ph.name)
            own = isinstance(r, Phi) and any(r is i for i in s.scalar_ph.instructions)
            resume.append(choose([(c, side.value(incoming(r, pred) if own else r))  # type: ignore[arg-type]
                                  for c, end, pred in ends if end == s.scalar_ph.name], phi.type))
        live = [choose([(c, side.value(incoming(ep, pred))) for c, end, pred in ends
                        if end == s.exit.name and pred in ep.blocks], ep.type) for ep in s.exit_phis]
        return final, resume, live


def _pair(name: str, src: Side, src_out: list[Value], tgt: Side, tgt_out: list[Value]) -> Obligation:
    """The obligation of two sides whose outputs are all computed: both finished now, so
    that each has every parameter the other declared."""
    return Obligation(name, src.finish(src_out), tgt.finish(tgt_out))


def branch_value(block: Block) -> Value:
    term = block.instructions[-1]
    assert isinstance(term, Br) and term.operands
    return term.operands[0]


def _true_target(block: Block) -> str:
    term = block.instructions[-1]
    assert isinstance(term, Br)
    return term.targets[0]


def _copy(x: Instruction) -> Instruction:
    import copy
    return copy.copy(x)


def infer_and_prove(src: Function, tgt: Function, timeout_ms: int = 10_000, deadline: float | None = None) -> Inferred:
    """Infer the witness of ``tgt``'s vector loop against ``src`` and discharge it. A bug
    of the inference itself is its reason (the caller falls back to the bounded check)."""
    try:
        return _infer_and_prove(src, tgt, timeout_ms, deadline)
    except OutOfTime:  # the whole check's time ran out: no bounded check after it either
        raise
    except Exception as e:  # noqa: BLE001 - never a verdict: the bounded check decides, labelled
        if stands_for_interrupt(e):  # Ctrl-C, disguised by ctypes (interrupts.py)
            raise KeyboardInterrupt from e
        return Inferred("unsupported", reason=f"inference failed: {type(e).__name__}: {e}")


def _infer_and_prove(src: Function, tgt: Function, timeout_ms: int, deadline: float | None) -> Inferred:
    t0 = time.monotonic()
    out = Inferred("unsupported")
    try:
        # a copy, read into the shape the proof knows (reshape.py: the same function)
        grafted = graft_remainder(src, tgt)
        if grafted is not None:
            out.reshaped.append("the source's loop grafted as a remainder never entered (no scalar remainder)")
        else:
            grafted = resume_edge(tgt)
            if grafted is not None:
                out.reshaped.append("a resume edge never taken added from the middle block to the scalar loop "
                                    "(the middle block went straight to the exit)")
        given = tgt
        tgt = grafted or copy.deepcopy(tgt)
        epilogue = epilogue_loop(tgt)
        if epilogue is None:
            shape = find_shape(tgt)
    except WitnessError as e:
        out.reason = f"no LoopVectorize shape: {e}"
        return out
    if epilogue is not None:
        bypassed = _prove_epilogue(src, tgt, epilogue, out, timeout_ms, deadline)
        if bypassed is None:
            out.trip = next((a for a, b in zip(given.args, tgt.args, strict=True) if b is out.trip), None)
            out.seconds = time.monotonic() - t0
            return out
        tgt = bypassed
        try:
            shape = find_shape(tgt)
        except WitnessError as e:
            out.reason = f"no LoopVectorize shape once the epilogue is bypassed: {e}"
            return out
    out.step = str(shape.lanes)
    out.lanes = shape.lanes
    out.maybe_undef = [f"%{a.name or k}" for k, a in enumerate(src.args) if not a.attrs.noundef]
    trip = shape.trip_counts[0] if shape.trip_counts else None
    # the trip count as a value of the function given (refute.py fixes that argument)
    out.trip = next((a for a, b in zip(given.args, tgt.args, strict=True) if b is trip), trip)
    if not shape.bypass:
        try:
            shape.resume_bypass = _source_starts(src, shape)
        except WitnessError as e:
            out.reason = f"the vector loop is always entered, and {e}"
            return out
    unfolded = unfold_resumes(shape)
    if unfolded:
        out.reshaped.append(f"resume values folded to constants read as start + n.vec * step: {', '.join(unfolded)}")
    stored = _stores_undef(tgt)
    if stored:
        out.reason = (f"{stored} may write undef to memory (the obligations start a vector iteration from memory "
                      "without undef bytes)")
        return out
    try:
        same_scalar_part(src, tgt, shape)
    except WitnessError as e:
        out.reason = f"scalar part differs from the source: {e}"
        return out
    inf = Inference(shape, timeout_ms, src, deadline)
    try:
        invs = inf.houdini()
        out.invariants = [n for n, _ in invs]
        kept = [c for _, c in invs]
        inf.check_closed_forms(kept)
        obligations = [inf.entry(), inf.step(kept, last=False), inf.step(kept, last=True), *inf.other_starts()]
        for phi, m in zip(shape.scalar_phis, shape.resume_from_middle, strict=True):
            out.alpha[f"%{phi.name}"] = _describe(m, shape)
    except WitnessError as e:
        out.reason = f"witness: {e}"
        out.seconds = time.monotonic() - t0
        return out
    out.status = "proved"
    for ob in obligations:
        v = inf._run(ob)
        out.checks.append((ob.name, v.status))
        if v.status != "correct":
            out.status = "unknown"
            out.refutable = v.status == "incorrect"
            out.reason = f"{ob.name}: {v.status}" + (f" ({v.error or v.detail})" if (v.error or v.detail) else "")
            break
    if out.status == "proved" and shape.path:
        # the branches into the vector loop, taken as not poison above: where one is, the
        # source must be UB too (poison.py), or nothing is proved
        try:
            v = inf._run(bypass_poison(src, shape))
        except WitnessError as e:
            v = Verdict("unsupported", detail=str(e))
        out.checks.append(("bypass-poison", v.status))
        if v.status != "correct":
            out.status = "unknown"
            out.reason = (f"bypass-poison: {v.status} (where a branch into the vector loop is poison, the source is "
                          f"not shown UB: {v.error or v.detail or 'a counterexample'})")
    out.seconds = time.monotonic() - t0
    return out


def _prove_epilogue(src: Function, tgt: Function, epilogue: Block, out: Inferred, timeout_ms: int,
                    deadline: float | None) -> Function | None:
    """Part 1 of epilogue.py: the epilogue loop refines the scalar remainder from every
    state it is entered in. T_E (the target with the epilogue bypassed) where it does;
    None where not (``out`` says why)."""
    try:
        shape = find_shape(tgt, epilogue=epilogue)
        inf = Inference(shape, timeout_ms, src, deadline, entries=entries(shape))
        kept = [c for _, c in inf.houdini()]
        inf.check_closed_forms(kept)
        obligations = [inf.step(kept, last=False), inf.step(kept, last=True)]
        bypassed = bypass_epilogue(tgt, epilogue.name)
    except WitnessError as e:
        out.reason = f"vectorized epilogue: {e}"
        return None
    for ob in obligations:
        v = inf._run(ob)
        out.checks.append((f"epilogue {ob.name}", v.status))
        if v.status != "correct":
            out.status = "unknown"
            out.refutable = v.status == "incorrect"
            # refute.py then tries the trip counts of three main vector iterations
            main = [b for b in tgt.blocks if b is not epilogue and (f := index_phi(b)) is not None]
            out.lanes = max([vscale_constant(f[2]) or 0 for b in main if (f := index_phi(b))] + [shape.lanes])
            out.trip = shape.trip_counts[0] if shape.trip_counts else None
            out.reason = f"vectorized epilogue: {ob.name}: {v.status}" + (f" ({v.error or v.detail})" if (v.error or v.detail) else "")
            return None
    out.reshaped.append(f"vectorized epilogue (VF*UF {shape.lanes}) proved from every state it is entered in, "
                        "then bypassed")
    return bypassed


def _source_starts(src: Function, shape: LoopShape) -> list[Value]:
    """The start values of the source's loop, where the vector loop is always entered (no
    bypass to take them from): its header phis' constants from outside the loop, in
    order (``same.py`` then compares the scalar part started from them with the
    source)."""
    back = src.back_edges()
    if len(back) != 1:
        raise WitnessError("the source has more than one loop")
    latch, header = back[0]
    phis = [i for b in src.blocks if b.name == header for i in b.instructions if isinstance(i, Phi)]
    if len(phis) != len(shape.scalar_phis):
        raise WitnessError("the source's loop has other phis than the scalar loop")
    out: list[Value] = []
    for p in phis:
        outside = [v for v, b in zip(p.operands, p.blocks, strict=True) if b != latch]
        if len(outside) != 1 or not isinstance(outside[0], Constant):
            raise WitnessError(f"the source's %{p.name} does not start at a constant")
        out.append(outside[0])
    return out


def _has_undef(c: Value) -> bool:
    if isinstance(c, ConstUndef):
        return True
    return isinstance(c, ConstVector | ConstArray | ConstStruct) and any(_has_undef(e) for e in c.elems)


def _stores_undef(fn: Function) -> str:
    """An instruction that may write to memory a value computed from an ``undef``
    constant of ``fn`` ("" where none may): the memory of the obligations holds no undef
    bytes."""
    tainted: set[int] = set()
    changed = True
    while changed:  # phis may use values defined later
        changed = False
        for b in fn.blocks:
            for inst in b.instructions:
                if id(inst) not in tainted and any(_has_undef(op) or id(op) in tainted for op in inst.operands):
                    if isinstance(inst, Store) or isinstance(inst, Call) and not pure_instruction(inst):
                        return f"%{inst.name}" if inst.name else inst.opcode
                    tainted.add(id(inst))
                    changed = True
    return ""


def _describe(m: Value, shape: LoopShape) -> str:
    if m is shape.n_vec:
        return "index"
    if isinstance(m, Constant):
        return str(getattr(m, "value", m))
    return f"%{getattr(m, 'name', '?')} at n.vec := index" if not isinstance(m.type, VectorType) else "vector"
