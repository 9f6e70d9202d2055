"""The vocabulary of the semantics: lanes, symbolic values and the execution context.

A first-class value is a tuple of lanes (a scalar has one lane). Each lane carries its
bits as a Z3 bit-vector (integers as they are, floats as their IEEE-754 encoding,
pointers as a 72-bit word: an 8-bit block id above a 64-bit offset) and a poison bit.

Instruction semantics are plain functions registered per opcode; they get a
:class:`Context` that lets them create nondeterministic choices (undef, NaN payloads)
and raise undefined behaviour, both under the current path condition.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import z3
from z3.z3 import _to_expr_ref

from ..errors import OutOfTime, Unsupported
from ..ir.floats import IEEE_DENORMALS, DenormalModes
from ..ir.layout import DEFAULT_LAYOUT, DataLayout
from ..ir.types import ArrayType, FloatType, IntType, PtrType, StructType, Type, VectorType
from ..terms import connect, simplify

if TYPE_CHECKING:
    from ..ir.values import Instruction

# A pointer's offset within its block, at x86-64's 64-bit index width. (Narrower offsets
# would bound block sizes, and a bound on block sizes can make a source that indexes far
# into a large object look UB, hiding a target's bug: Alive2's bugs/pr46591.) A data
# layout with narrower pointers keeps this field and its high bits zero: getelementptr
# computes at the layout's index width, ptrtoint and ordered comparisons at its pointer
# width, and blocks fit in its address space.
PTR_ADDR_BITS = 64
PTR_BLOCK_BITS = 8
PTR_BITS = PTR_ADDR_BITS + PTR_BLOCK_BITS
NULL_POINTER = z3.BitVecVal(0, PTR_BITS)  # block 0 (null's), offset 0

# Z3's reason_unknown() when SIGINT came during a check (Z3 takes Ctrl-C itself while
# it solves): the user stopping the command, to be raised as KeyboardInterrupt.
Z3_CTRL_C = "interrupted from keyboard"

TRUE = z3.BoolVal(True)
FALSE = z3.BoolVal(False)


@dataclass(frozen=True)
class Lane:
    """One lane of a symbolic value: its bits and whether it is poison."""

    value: z3.BitVecRef
    poison: z3.BoolRef


SymValue = tuple[Lane, ...]


def lane_bits(t: Type) -> int:
    """Bits of one lane's bit-vector for a value of type ``t``."""
    if not isinstance(t, IntType | FloatType | PtrType | VectorType):
        raise Unsupported(f"value of type {t}")
    s = t.scalar
    if isinstance(s, PtrType):
        return PTR_BITS
    if isinstance(s, IntType | FloatType):
        return s.bits
    raise Unsupported(f"type {t}")


def lane_widths(t: Type) -> list[int]:
    """The bit width of every lane of a value of type ``t`` (a struct's lanes are its
    fields' lanes, in order)."""
    if isinstance(t, StructType):
        return [w for f in t.fields for w in lane_widths(f)]
    if isinstance(t, ArrayType):  # an aggregate value: its elements' lanes
        return lane_widths(t.elem) * t.count
    return [lane_bits(t)] * t.lanes


def const_lane(value: int, bits: int) -> Lane:
    return Lane(z3.BitVecVal(value, bits), FALSE)


def poison_lane(bits: int) -> Lane:
    return Lane(z3.BitVecVal(0, bits), TRUE)


def is_true(b: z3.BoolRef) -> bool:
    return z3.is_true(simplify(b))


def is_false(b: z3.BoolRef) -> bool:
    return z3.is_false(simplify(b))


def any_of(conds: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """The disjunction of ``conds`` without the false ones (TRUE where one is true)."""
    return connect(conds, FALSE, TRUE, conjunction=False)


def all_of(conds: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """The conjunction of ``conds`` without the true ones (FALSE where one is false)."""
    return connect(conds, TRUE, FALSE, conjunction=True)


def ite_lane(c: z3.BoolRef, a: Lane, b: Lane) -> Lane:
    if z3.is_true(c):
        return a
    if z3.is_false(c):
        return b
    return Lane(_ite_bv(c, a.value, b.value), _ite_bool(c, a.poison, b.poison))


def _ite_bv(c: z3.BoolRef, a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BitVecRef:
    return a if a.eq(b) else z3.If(c, a, b)


def _ite_bool(c: z3.BoolRef, a: z3.BoolRef, b: z3.BoolRef) -> z3.BoolRef:
    return a if a.eq(b) else z3.If(c, a, b)


def ite_value(c: z3.BoolRef, a: SymValue, b: SymValue) -> SymValue:
    return tuple(ite_lane(c, x, y) for x, y in zip(a, b, strict=True))


# Operators whose arguments Z3's simplifier may order (by ids): StandIns.shape_hash.
# (fp.add and fp.mul take the rounding mode first: it sorts with the operands, which
# only merges keys that were a rounding mode and an operand apart.)
_COMMUTATIVE = frozenset({
    z3.Z3_OP_BADD, z3.Z3_OP_BMUL, z3.Z3_OP_BAND, z3.Z3_OP_BOR, z3.Z3_OP_BXOR, z3.Z3_OP_AND, z3.Z3_OP_OR,
    z3.Z3_OP_XOR, z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT, z3.Z3_OP_ADD, z3.Z3_OP_MUL, z3.Z3_OP_FPA_ADD,
    z3.Z3_OP_FPA_MUL, z3.Z3_OP_FPA_EQ,
})


class StandIns:
    """Substitution pairs (term, stand-in), applied to many terms while they grow: kept
    as Z3 AST arrays extended in place. (z3.substitute checks and copies every pair on
    each call: quadratic over the thousands of choices of a long-unrolled loop.) The
    terms replaced are distinct (choices, and the terms keyed choices were made for), so
    the simultaneous substitution does not depend on their order."""

    def __init__(self) -> None:
        self.pairs: list[tuple[z3.ExprRef, z3.ExprRef]] = []  # keeps the ASTs alive
        self._from = (z3.Ast * 0)()
        self._to = (z3.Ast * 0)()
        self._hashes: dict[int, tuple[z3.ExprRef, int]] = {}  # by id, each term kept alive

    def add(self, term: z3.ExprRef, stand_in: z3.ExprRef) -> None:
        n = len(self.pairs)
        if n == len(self._from):  # grow geometrically
            size = max(64, 2 * n)
            self._from, self._to = (z3.Ast * size)(), (z3.Ast * size)()
            for i, (a, b) in enumerate(self.pairs):
                self._from[i], self._to[i] = a.as_ast(), b.as_ast()
        self._from[n], self._to[n] = term.as_ast(), stand_in.as_ast()
        self.pairs.append((term, stand_in))

    def shape_hash(self, term: z3.ExprRef) -> int:
        """A hash of ``term``'s structure that does not depend on the order of the
        arguments of commutative operators. Z3's simplifier orders those by the ids of
        their declarations and terms, which follow what the process made and freed before
        (a check run after another, or its garbage collected at another moment, got other
        orders, so the two sides' NaN choices stopped pairing up): the keys made from
        this hash are the same whichever order the simplifier chose."""
        memo = self._hashes
        work = [term]
        while work:
            t = work[-1]
            tid = t.get_id()
            if tid in memo:
                work.pop()
                continue
            if not z3.is_app(t) or t.num_args() == 0:
                memo[tid] = (t, t.hash())
                work.pop()
                continue
            args = t.children()
            missing = [a for a in args if a.get_id() not in memo]
            if missing:
                work.extend(missing)
                continue
            hashes = [memo[a.get_id()][1] for a in args]
            if t.decl().kind() in _COMMUTATIVE:
                hashes.sort()
            memo[tid] = (t, hash((t.decl().hash(), *hashes)))
            work.pop()
        return memo[term.get_id()][1]

    def apply(self, term: z3.ExprRef) -> z3.ExprRef:
        """``term`` with every pair's term replaced by its stand-in (simultaneously)."""
        if not self.pairs:
            return term
        ctx = term.ctx
        return _to_expr_ref(z3.Z3_substitute(ctx.ref(), term.as_ast(), len(self.pairs), self._from, self._to), ctx)


@dataclass
class Context:
    """What one instruction's semantics may ask of the executor.

    ``side`` names the function being executed (``src`` or ``tgt``); fresh choices are
    recorded so the refinement check can quantify them (existentially in the source,
    universally in the target). ``path`` is the condition under which the current
    instruction executes; UB raised here only counts on that path.
    """

    side: str
    where: str  # function name, for error messages
    layout: DataLayout = DEFAULT_LAYOUT  # the module's: byte order, sizes in memory
    path: z3.BoolRef = TRUE
    choices: list[z3.ExprRef] = field(default_factory=list)
    ub_conds: list[z3.BoolRef] = field(default_factory=list)
    counter: int = 0
    # Undef choices (fresh values standing for one use of undef): name -> when the value
    # is undef (True for an undef constant, the argument's undef bit for an argument).
    undef_guards: dict[str, z3.BoolRef] = field(default_factory=dict)
    undef_vars: dict[str, z3.BitVecRef] = field(default_factory=dict)  # the same, by name
    # A per-use copy of an undef choice -> the choice it copies (uses.py): the copy
    # taking the original's value is the old one-value-for-all-uses reading, which the
    # refinement check tries first for the source's copies. Also the copies that ask
    # whether a value depends on undef (UndefUses.dependent), which the check tries
    # with their original's value and with its complement.
    undef_copy_of: dict[str, z3.BitVecRef] = field(default_factory=dict)
    # A choice freeze (or an undef call argument) makes -> the names of the undef
    # choices it fixes (fix_undef_lanes).
    frozen_from: dict[str, frozenset[str]] = field(default_factory=dict)
    # The undef choices a term mentions, as the executor sees them (uses.py: memoized,
    # and blind to path conditions and call outputs); None: every one in the term.
    undef_names: Callable[[z3.ExprRef], frozenset[str]] | None = None
    # Choice name -> the id of the term the choice is made for (a NaN result's
    # operation). Z3 shares identical terms, so a source and a target choice with the
    # same key are made for the same computation: the refinement check tries pairing
    # them first. Only a search hint: it never decides a verdict.
    choice_keys: dict[str, int] = field(default_factory=dict)
    # What makes a key independent of the side (see floating.choice_key): each keyed
    # choice, and each term a choice was made for, paired with a side-free stand-in; the
    # other choices, each by a stand-in named after its kind only (the same on both
    # sides): floating.py orders commutative operands by terms so neutralized.
    stand_ins: StandIns = field(default_factory=lambda: StandIns())
    # Where set (a loop witness's source: vecverify/aliasfacts.py), each loaded byte as
    # the facts so far leave it: the aliasing conditions the UB conditions met before
    # rule out made false (the same value wherever the function has not been UB yet).
    decide_reads: Callable[[Context, z3.ExprRef], z3.ExprRef] | None = None
    # The floating-point environment the function runs in: its denormal modes (from its
    # attributes), and where the shared parts of that environment (the dynamic rounding
    # mode) come from: the check's Environment, so source and target see the same.
    denormal: DenormalModes = IEEE_DENORMALS
    environment: Callable[[str, int], z3.BitVecRef] | None = None
    # The addresses of the input blocks (by id, shared by source and target) and whether
    # the function has made blocks of its own so far (see addresses.py).
    block_addresses: Callable[[], tuple[dict[int, z3.BitVecRef], bool]] | None = None
    # A block's address modulo the block alignment, where it is not 0 (memory.residue_of:
    # globals and allocas are aligned as they state, no more); None: 0 everywhere.
    block_residue: Callable[[z3.BitVecRef], z3.BitVecRef | None] | None = None
    # The whole check's deadline (time.monotonic(); CheckOptions.deadline): building the
    # terms of a wide or long-unrolled loop can take longer than any query, so the
    # executor looks at it per block and per instruction (check_time).
    deadline: float | None = None
    # For an fadd/fsub ``contract`` being executed: operand k -> the operands (as that
    # fmul read them) of the ``fmul contract`` operand k is, which the fadd may fuse
    # (floating.py, contraction). Set by the executor around that one instruction.
    products: dict[int, tuple[SymValue, SymValue]] = field(default_factory=dict)

    def check_time(self) -> None:
        """Raise OutOfTime when the whole check's deadline has passed."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise OutOfTime(self.where)

    @property
    def big_endian(self) -> bool:  # byte order of memory and of bitcasts between lane shapes
        return self.layout.big_endian

    def fresh(self, hint: str, bits: int, key: int | None = None) -> z3.BitVecRef:
        """A nondeterministic bit-vector (undef, a NaN payload, a don't-care)."""
        self.counter += 1
        v = z3.BitVec(f"{self.side}!{hint}!{self.counter}", bits)
        self.choices.append(v)
        if key is not None:
            self.choice_keys[v.decl().name()] = key
            self.stand_ins.add(v, z3.BitVec(f"choice!{key}", bits))
        else:
            self.stand_ins.add(v, z3.BitVec(f"choice!{hint}", bits))
        return v

    def environment_value(self, name: str, bits: int, default: int) -> z3.BitVecRef:
        """A value of the environment shared by source and target (an input of the
        check); evaluating one function alone (as the native witness runs it), the
        default environment's ``default``."""
        if self.environment is None:
            return z3.BitVecVal(default, bits)
        return self.environment(name, bits)

    def fresh_undef(self, bits: int, guard: z3.BoolRef) -> z3.BitVecRef:
        """A fresh value for one use of undef."""
        v = self.fresh("undef", bits)
        name = v.decl().name()  # (str() would run Z3's printer: slow)
        self.undef_guards[name] = guard
        self.undef_vars[name] = v
        return v

    def copy_undef(self, name: str) -> tuple[z3.BitVecRef, z3.BitVecRef]:
        """(the undef choice ``name``, a fresh copy of it for another use: undef exactly
        where the original is)."""
        original = self.undef_vars[name]
        copy = self.fresh_undef(original.size(), self.undef_guards[name])
        self.undef_copy_of[copy.decl().name()] = self.undef_copy_of.get(name, original)
        return original, copy

    def fix_undef(self, term: z3.BitVecRef) -> z3.BitVecRef:
        """``term`` with every undef choice in it replaced by an ordinary (fixed) choice:
        what freeze does to an undef value."""
        return self.fix_undef_lanes([term])[0]

    def fix_undef_lanes(self, terms: Sequence[z3.BitVecRef]) -> list[z3.BitVecRef]:
        """The same for the lanes of one value at once: lanes that share an undef choice
        (a lane copied by a shuffle) get one fixed value for it."""
        found: dict[str, z3.ExprRef] = {}
        for t in terms:
            if self.undef_names is not None:
                found.update((n, self.undef_vars[n]) for n in sorted(self.undef_names(t)))
            else:
                found.update((v.decl().name(), v) for v in undef_variables(t, self.undef_guards))
        if not found:
            return list(terms)
        pairs = [(v, self.fresh("frozen", v.size())) for v in found.values()]
        for (name, _), (_, frozen) in zip(found.items(), pairs, strict=True):
            self.frozen_from[frozen.decl().name()] = frozenset({name})
        return [z3.substitute(t, *pairs) for t in terms]

    def fresh_bool(self, hint: str) -> z3.BoolRef:
        self.counter += 1
        v = z3.Bool(f"{self.side}!{hint}!{self.counter}")
        self.choices.append(v)
        self.stand_ins.add(v, z3.Bool(f"choice!{hint}"))
        return v

    def ub(self, cond: z3.BoolRef) -> None:
        """Undefined behaviour happens if ``cond`` holds on the current path."""
        if not z3.is_false(cond):
            self.ub_conds.append(z3.And(self.path, cond) if not z3.is_true(self.path) else cond)

    def unsupported(self, what: str) -> Unsupported:
        return Unsupported(what, self.where)


# Semantics of one instruction: (context, instruction, operand values) -> result value.
Semantics = Callable[[Context, "Instruction", list[SymValue]], SymValue]

_REGISTRY: dict[str, Semantics] = {}


def semantics(*opcodes: str) -> Callable[[Semantics], Semantics]:
    """Register a function as the meaning of the given opcodes (or intrinsic names)."""

    def register(fn: Semantics) -> Semantics:
        for op in opcodes:
            assert op not in _REGISTRY, f"semantics for {op} defined twice"
            _REGISTRY[op] = fn
        return fn

    return register


def lookup(opcode: str) -> Semantics | None:
    return _REGISTRY.get(opcode)


def registered() -> list[str]:
    return sorted(_REGISTRY)


def intrinsic_base_name(name: str) -> str:
    """``llvm.fabs.v4f32`` -> ``llvm.fabs``; ``llvm.vector.reduce.add.nxv4i32`` ->
    ``llvm.vector.reduce.add``: drop the overloaded-type suffixes."""
    parts = name.split(".")
    while len(parts) > 2 and _is_type_suffix(parts[-1]):
        parts.pop()
    return ".".join(parts)


def _is_type_suffix(part: str) -> bool:
    return bool(re.fullmatch(r"((nx)?v\d+)?(i\d+|f16|f32|f64|bf16|p\d+)|p\d+", part))


def leaves(terms: Iterable[z3.ExprRef]) -> Iterator[z3.ExprRef]:
    """The leaves of ``terms`` (constants and values: no arguments), each subterm they
    share visited once (a term is a DAG: walked as a tree it can be exponential)."""
    seen: set[int] = set()
    stack = list(terms)
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t):
            yield t
        else:
            stack.extend(t.children())


def undef_variables(term: z3.ExprRef, guards: dict[str, z3.BoolRef]) -> list[z3.ExprRef]:
    """The undef choices that occur in ``term``."""
    if not guards:
        return []
    found: dict[str, z3.ExprRef] = {}
    for t in leaves([term]):
        if (name := t.decl().name()) in guards:  # (str() runs Z3's printer: slow)
            found[name] = t
    return list(found.values())


def text_attr(inst: Instruction, name: str) -> str:
    """A string field of an instruction class (an icmp's ``pred``, a call's ``callee``)
    read from the generic Instruction a semantics function receives."""
    value = getattr(inst, name)
    assert isinstance(value, str)
    return value
