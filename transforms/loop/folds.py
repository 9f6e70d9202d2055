"""A reduction's fold, proved by algebra instead of by the solver.

The witness's step check compares VF*UF scalar iterations with one vector iteration. For
a reduction, the scalar side folds the iterations' operands (the chain's *leaves*) into
one accumulator in program order, the vector side into VF*UF lanes; making the solver
see that both sums are the same means bit-blasting a reordered sum of VF*UF terms, which
it does not finish for 8 lanes of i32 (or any product). But the reorder is algebra:

* The scalar loop's accumulator after the iterations 0..n-1 is the left fold
  ``init ⊕ x(0,0) ⊕ x(0,1) ⊕ ... ⊕ x(n-1,m-1)`` of its leaves (x(k, j): the operand the
  chain's link j adds in iteration k; the chain's values feed nothing but the chain, as
  ``phis.py`` requires, so the leaves do not depend on the accumulator).
* The vector loop's lane l of part p folds e ⊕ x(k, 0) ⊕ ... ⊕ x(k, m-1) for the
  iterations k = p*VF + l (mod VF*UF), e the identity (``init`` instead, in lane 0 of
  part 0; every lane starts with ``init`` for min/max, which are idempotent); the middle
  block folds the parts lane by lane and reduces the lanes.
* When ⊕ is associative and commutative with e as identity (or idempotent), both are the
  fold of the same multiset {init, x(k, j)}: equal.

So the witness checks three things and the solver only the first:

1. **the leaves**: the step check outputs each x(k, j) of the scalar copies and lane l
   of part p of the vector link's operand, instead of the accumulators (``Witness``);
2. **the shape** (``check_shape``, syntactic): each part's vector phi starts with the
   identity vector (``init`` in lane 0 of part 0) or the splat of ``init``; its back-edge
   value is m links of ⊕, the first on the phi, each on the one before; the middle block's
   value for the reduction (resume phi, exit phis) is ``llvm.vector.reduce.⊕`` of a
   lane-wise ⊕ tree over the parts' back-edge values, each once; no vector link carries a
   flag that adds poison (``nsw``/``nuw``/``exact``/``disjoint``; for floating point: no
   fast-math flag the scalar chain lacks);
3. **the algebra** (``algebra_of``): integer add and mul (the ring of integers modulo
   2^n), and, or, xor and the integer min/max (lattices, a group) are associative and
   commutative; ``fadd``/``fmul`` are not, but ``reassoc`` on every scalar link licenses
   any order (LangRef), and the vector code evaluates one such order with the scalar
   chain's flags (what LoopVectorize does); ``minnum``/``maxnum`` with ``nnan nsz`` on
   every link are associative, commutative and idempotent (a NaN operand makes poison, the
   sign of a zero result is free).

The scalar links' poison flags only make the scalar fold poison more often, which the
vector code may refine. A shape the check does not recognize (a hand-edited or mutated
loop) falls back to the solver for integer reductions, and is "not proved" for floating
point, whose reorder the solver's IEEE semantics would call wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vecverify.ir.values import (
    BinOp,
    Call,
    ConstFloat,
    ConstInt,
    ConstVector,
    InsertElement,
    Instruction,
    Phi,
    ShuffleVector,
    Value,
)
from vecverify.semantics.floating import is_contractable_product

from .codegen import LANEWISE_INTRINSIC, VectorLoop, identity
from .induction import incoming
from .legality import intrinsic_base
from .phis import REORDERING_FLAGS, Reduction, is_fmuladd

POISON_FLAGS = frozenset({"nsw", "nuw", "exact", "disjoint"})
# Why each kind may be reordered: the line a proof reports.
LICENCE = {
    "add": "integers modulo 2^n", "mul": "integers modulo 2^n", "and": "a lattice", "or": "a lattice",
    "xor": "a group", "smin": "a total order", "smax": "a total order", "umin": "a total order",
    "umax": "a total order", "fadd": "reassoc", "fmul": "reassoc", "fmin": "nnan nsz", "fmax": "nnan nsz",
}
IDEMPOTENT = frozenset(LANEWISE_INTRINSIC)  # the min/max kinds
FLOATING_KINDS = frozenset(REORDERING_FLAGS)  # the kinds whose reorder needs flags


@dataclass(frozen=True, repr=False)
class Fold:
    """A reduction whose fold the algebra proves: its leaves per part and link."""

    reduction: Reduction
    leaves: list[list[Value]]  # [part][link]: the vector operand link j of part p adds
    links: list[Instruction]  # the vector links of every part
    final: list[Instruction]  # the middle block's fold of the parts and reduction of the lanes
    licence: str
    late: bool = False  # the accumulators start with the identity; the initial value joins after the reduction
    part_links: list[list[Instruction]] = field(default_factory=list)  # [part][link]: the link adding leaves[p][j]


def may_fuse(link: Instruction, leaf: Value) -> bool:
    """Whether ``link`` (a fold's fadd/fsub) may be fused with its ``leaf``: both carry
    ``contract`` and the leaf is an fmul (LangRef's contraction; the semantics' fusion
    choice, vecverify/semantics/floating.py); an ``llvm.fmuladd`` link always may."""
    if is_fmuladd(link):
        return True
    return link.opcode in ("fadd", "fsub") and "contract" in getattr(link, "flags", frozenset()) \
        and is_contractable_product(leaf)


def product_operands(link: Instruction, leaf: Value) -> list[Value]:
    """The two factors of the product a link adds where it may fuse: an
    ``llvm.fmuladd``'s first two operands (its leaf is the link itself: the product has
    no value of its own), else the leaf fmul's operands."""
    if is_fmuladd(link):
        return list(link.operands[:2])
    assert isinstance(leaf, Instruction)
    return list(leaf.operands)


def scalar_may_fuse(red: Reduction, j: int) -> bool:
    """Whether the scalar chain's link ``j`` may be fused with its leaf."""
    link = red.chain[j]
    before = red.chain[j - 1] if j else red.phi
    return may_fuse(link, next(op for op in link.operands if op is not before))


def vector_may_fuse(fold: Fold, p: int, j: int) -> bool:
    """Whether part ``p``'s vector link ``j`` may be fused with its leaf."""
    return may_fuse(fold.part_links[p][j], fold.leaves[p][j])


def fusion_uncovered(fold: Fold) -> bool:
    """Whether a vector link may fuse where its scalar link may not (witness.py then
    compares what the links add, and finds the difference)."""
    return any(vector_may_fuse(fold, p, j) and not scalar_may_fuse(fold.reduction, j)
               for p in range(len(fold.leaves)) for j in range(len(fold.leaves[p])))


def algebra_of(red: Reduction) -> str | None:
    """Why ``red``'s operation may be reordered, or None (it may not: fall back)."""
    return LICENCE.get(red.kind)


def is_chain_link(v: Value, red: Reduction) -> bool:
    """Whether ``v`` may be a link of ``red``'s accumulator chain: a lane-wise ⊕ of its
    kind, or for fadd an ``llvm.fmuladd`` (the middle block's fold has no products)."""
    return is_link(v, red) or (red.kind == "fadd" and is_fmuladd(v))


def is_link(v: Value, red: Reduction) -> bool:
    """Whether ``v`` is a lane-wise ⊕ of ``red``'s kind."""
    if red.kind in LANEWISE_INTRINSIC:
        return isinstance(v, Call) and intrinsic_base(v.callee) == f"llvm.{LANEWISE_INTRINSIC[red.kind]}" \
            and len(v.operands) == 2
    return isinstance(v, BinOp) and v.op == red.kind


def _flags_ok(v: Instruction, red: Reduction, late: bool = False) -> bool:
    """Whether a vector link or reduction of ``red`` carries only flags the scalar chain
    allows; ``late`` (the accumulators start with the identity): no ``ninf`` on
    minnum/maxnum, whose identity, an infinity, is poison under it."""
    flags: frozenset[str] = getattr(v, "flags", frozenset())
    if late and red.kind in ("fmin", "fmax") and "ninf" in flags:
        return False
    if red.kind in FLOATING_KINDS:
        return flags <= red.flags and (LICENCE[red.kind] != "reassoc" or "reassoc" in flags)
    return not (flags & POISON_FLAGS)


def same_constant(a: Value, b: Value) -> bool:
    """Whether two constants are the same scalar value (constants compare by identity)."""
    if isinstance(a, ConstInt) and isinstance(b, ConstInt):
        mask = (1 << a.type.bits) - 1
        return a.type == b.type and (a.value & mask) == (b.value & mask)
    if isinstance(a, ConstFloat) and isinstance(b, ConstFloat):
        return a.type == b.type and a.bits == b.bits
    return False


def is_identity_vector(v: Value, red: Reduction) -> bool:
    e = identity(red.kind, red.phi.type)
    return isinstance(v, ConstVector) and all(same_constant(x, e) for x in v.elems)


def _is_init_start(v: Value, red: Reduction, vf: int) -> bool:
    """``init`` in lane 0 of the identity vector (or, idempotent, on every lane)."""
    if red.kind in IDEMPOTENT:
        return _is_splat_of(v, red.init, vf)
    return isinstance(v, InsertElement) and is_identity_vector(v.operands[0], red) \
        and v.operands[1] is red.init and isinstance(v.operands[2], ConstInt) and v.operands[2].value == 0


def _is_splat_of(v: Value, x: Value, vf: int) -> bool:
    if isinstance(v, ConstVector):
        return all(e is x or same_constant(e, x) for e in v.elems)
    if not (isinstance(v, ShuffleVector) and v.mask == (0,) * vf):
        return False
    ins = v.operands[0]
    return isinstance(ins, InsertElement) and ins.operands[1] is x and \
        isinstance(ins.operands[2], ConstInt) and ins.operands[2].value == 0


def check_shape(vl: VectorLoop, red: Reduction) -> Fold | str:
    """The fold of ``red`` in ``vl`` if its code has the shape the algebra covers, else
    what differs."""
    # The middle block: what the scalar epilogue and the exit receive for the reduction.
    rdx_uses = [incoming(vl.resume[id(red.phi)], vl.resume_edge())]
    rdx_uses += [vl.exit_values[id(ep)] for ep in vl.plan.exit_phis
                 if incoming(ep, vl.plan.loop.header.name) is red.result]
    return fold_of(red, vl.vf, vl.uf, vl.vector_ph.name, vl.body.name, vl.vector_phis.get(id(red.phi), []),
                   rdx_uses)


def fold_of(red: Reduction, vf: int, uf: int, vector_ph: str, body: str, phis: list[Phi],
            rdx_uses: list[Value], updated: list[Value] | None = None,
            entered: list[Value] | None = None, late_init: bool | None = None) -> Fold | str:
    """The fold of ``red`` whose accumulators (one per part) are ``phis`` (entered from
    block ``vector_ph``, updated in ``body`` to ``updated``: by default their incoming
    values from ``body``) and whose reduced values are ``rdx_uses``; or what differs from
    the shape the algebra covers. The epilogue form's and the tail-folded form's
    (``foldwitness``: its loop of full vectors, and its last vector). ``entered``: the
    block has no phis of its own but continues another block's accumulators (these
    values, whose fold that block's check covers): its links are on them, and no start
    is checked. ``late_init`` (derived from part 0's start where None): every part
    starts with the identity and the initial value joins after the reduction, ``op(
    llvm.vector.reduce.op(v), init)`` (for fadd/fmul the reduction's start operand): the
    initial value is off the vector chain, one scalar operation before the result."""
    licence = algebra_of(red)
    if licence is None:
        return f"{red.kind} has no reordering licence"
    if len(phis) != uf:
        return "not one accumulator per part"
    leaves: list[list[Value]] = []
    links: list[Instruction] = []
    part_links: list[list[Instruction]] = []
    backs: list[Value] = []
    if late_init is None:
        late_init = entered is None and bool(phis) \
            and is_identity_vector(incoming(phis[0], vector_ph), red) \
            and not _is_init_start(incoming(phis[0], vector_ph), red, vf)
    for p, phi in enumerate(phis):
        vphi: Value = phi if entered is None else entered[p]
        start = None if entered is not None else incoming(phi, vector_ph)
        if late_init and start is not None and not is_identity_vector(start, red):
            return f"part {p}'s accumulator does not start with the identity"
        if not late_init and start is not None and not (
                _is_init_start(start, red, vf) if p == 0 else
                (_is_splat_of(start, red.init, vf) if red.kind in IDEMPOTENT else is_identity_vector(start, red))):
            return f"part {p}'s accumulator does not start with " + ("the initial value" if p == 0 else "the identity")
        back = updated[p] if updated is not None else incoming(phi, body)
        chain: list[Value] = []
        chain_links: list[Instruction] = []
        cur = back
        while cur is not vphi:
            if not (isinstance(cur, Instruction) and is_chain_link(cur, red)) or len(chain) >= len(red.chain):
                return f"part {p}'s accumulator is not updated by {len(red.chain)} {red.kind} links"
            if not _flags_ok(cur, red, late_init):
                return f"a vector {red.kind} link carries flags the scalar chain does not allow"
            on_path = [_reaches(op, vphi, red, len(red.chain)) for op in cur.operands]
            if is_fmuladd(cur):
                # a*b + acc: the accumulator is the addend; the leaf is the link itself
                # (its product has no value of its own: ``product_operands``)
                if on_path != [False, False, True]:
                    return "a vector llvm.fmuladd link does not add a product to the accumulator"
                chain.append(cur)
            elif on_path.count(True) != 1:
                return f"a vector {red.kind} link does not add one operand to the accumulator"
            else:
                chain.append(cur.operands[1 - on_path.index(True)])
            links.append(cur)
            chain_links.append(cur)
            cur = cur.operands[on_path.index(True)]
        if len(chain) != len(red.chain):
            return f"part {p}'s accumulator is not updated by {len(red.chain)} {red.kind} links"
        if any(is_fmuladd(v) != is_fmuladd(s) for v, s in zip(chain_links[::-1], red.chain, strict=True)):
            return "a vector link and its scalar link differ in being llvm.fmuladd"
        leaves.append(chain[::-1])
        part_links.append(chain_links[::-1])
        backs.append(back)
    final: list[Instruction] = []
    for rdx in rdx_uses:
        if late_init:
            rdx_or_why = _late_init_reduction(rdx, red, final)
            if isinstance(rdx_or_why, str):
                return rdx_or_why
            rdx = rdx_or_why
        why = _check_final(rdx, red, backs, final, late_init)
        if why:
            return why
    fold = Fold(red, leaves, links, final, licence, late_init, part_links)
    if any(map(is_fmuladd, links)) and fusion_uncovered(fold):
        # (witness.py compares an uncovered fold's contributions: a link on its leaf's
        # value, which an llvm.fmuladd link does not have)
        return "a vector link may fuse where its scalar link may not, beside llvm.fmuladd links"
    return fold


def _late_init_reduction(use: Value, red: Reduction, final: list[Instruction]) -> Value | str:
    """The reduction an exit value ``op(reduction, init)`` folds the initial value into
    (for fadd/fmul: the reduction itself, checked by ``_check_final``), or what differs."""
    if red.kind in ("fadd", "fmul"):
        return use
    if not (isinstance(use, Instruction) and is_link(use, red) and _flags_ok(use, red, late=True)):
        return f"the initial value does not join the reduction with one {red.kind}"
    ops = use.operands
    if sum(op is red.init for op in ops) != 1:
        return "the initial value does not join the reduction once"
    final.append(use)
    return next(op for op in ops if op is not red.init)


def _reaches(v: Value, vphi: Value, red: Reduction, depth: int) -> bool:
    """Whether ``v`` is the accumulator ``vphi`` or computed from it by links."""
    if v is vphi:
        return True
    if depth == 0 or not (isinstance(v, Instruction) and is_chain_link(v, red)):
        return False
    return any(_reaches(op, vphi, red, depth - 1) for op in v.operands)


def _check_final(rdx: Value, red: Reduction, backs: list[Value], final: list[Instruction], late: bool = False) -> str:
    """Whether ``rdx`` reduces the lane-wise fold of ``backs`` (each once); its
    instructions are added to ``final``. ``late``: a fadd/fmul reduction starts with the
    initial value (not the identity)."""
    if not (isinstance(rdx, Call) and intrinsic_base(rdx.callee) == f"llvm.vector.reduce.{red.kind}"):
        return "the middle block does not reduce the accumulators with " \
               f"llvm.vector.reduce.{red.kind}"
    if not _flags_ok(rdx, red, late):
        return f"llvm.vector.reduce.{red.kind} carries flags the scalar chain does not allow"
    if red.kind in ("fadd", "fmul"):
        start, vec = rdx.operands
        if late and start is not red.init:
            return f"llvm.vector.reduce.{red.kind} does not start with the initial value"
        if not late and not same_constant(start, identity(red.kind, red.phi.type)):
            return f"llvm.vector.reduce.{red.kind} does not start with the identity"
    else:
        (vec,) = rdx.operands
    final.append(rdx)
    found: list[Value] = []
    stack = [vec]
    while stack:
        v = stack.pop()
        if any(v is b for b in backs):
            found.append(v)
        elif is_link(v, red) and isinstance(v, Instruction) and _flags_ok(v, red, late):
            final.append(v)
            stack += v.operands
        else:
            return "the middle block folds something other than the accumulators"
    if sorted(map(id, found)) != sorted(map(id, backs)):
        return "the middle block does not fold each accumulator once"
    return ""
