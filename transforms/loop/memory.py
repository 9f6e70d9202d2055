"""Memory accesses of the loop and the dependences vectorizing must keep.

Each load and store is classified by its address, a linear form (``address.py``) in
which the induction (or its ``sext``/``zext``) is one term:

* **consecutive**: the induction's coefficient is the access size (``a[i + c]``); the
  vector loop reads or writes VF elements at once from the lane-0 address.
* **uniform**: no induction term (a loop-invariant address); only loads, read once per
  vector iteration and broadcast, and only where no store of the loop may write them.
* **strided**: the coefficient is F times the access size (``a[F*i + j]``, F = 2..8):
  a member of an interleave group (``groups.py``), accessed with its group at the
  group's position in the body (``vector_position``).
* **gather**/**scatter**: ``x[idx[i]]``, a getelementptr of an invariant base by an index
  computed in the loop (``gather.py``; a scatter's object accessed by nothing else of
  the loop: ``scatter_conflict``);
* anything else (reversed, other strides, addresses computed from loaded values) is
  declined.

Dependences. The vector body runs each memory instruction for VF iterations at once, in
the body's order. For two accesses of one object at a constant distance ``d`` bytes
(same base, same other terms, same size ``s``) with at least one store, this keeps every
conflicting pair in its scalar order exactly when ``|d| >= VF*s`` (they never meet in one
vector iteration), or ``d == 0``, or the earlier one in the body is a load reading ahead
of the store (``d > 0``: an anti-dependence), or a store that a later load reads behind
(``d < 0``: the load sees the stored lanes), or a store that a later store overwrites
behind. Accesses of different objects are independent when one is a ``noalias``
argument, an ``alloca`` or a global and the other an argument, an ``alloca`` or a global.
Everything else (two plain pointer arguments, unknown distances) is declined: no
runtime overlap checks are emitted, so a loop whose legality depends on the values of
pointers is left scalar.
"""

from __future__ import annotations

from dataclasses import dataclass

from vecverify.ir.types import FloatType, IntType, Type
from vecverify.ir.values import Alloca, Argument, GlobalVariable, Instruction, Load, Store, Value

from ..vectorize.address import Access, access_of, is_identified_object, type_size
from .gather import gather_address
from .induction import Induction
from .structure import Decline, Loop

MASK64 = (1 << 64) - 1
GATHER = object()  # the induction term's place holder for an indirect address
MIN_FACTOR = 2  # strides of interleave groups: 2..8 elements
MAX_FACTOR = 8


@dataclass
class MemAccess:
    inst: Load | Store
    position: int  # in the loop body
    access: Access
    kind: str  # "consecutive", "uniform", "strided", "gather" or "scatter"
    iv_key: object | None  # the induction's term in the address
    rest: tuple[tuple[object, int], ...]  # the other terms
    offset: int  # signed, bytes
    stride: int = 0  # the induction's coefficient, bytes
    vector_position: int = -1  # where the vector body accesses it (its group's position)

    def __post_init__(self) -> None:
        if self.vector_position < 0:
            self.vector_position = self.position

    @property
    def is_store(self) -> bool:
        return isinstance(self.inst, Store)

    @property
    def value_type(self) -> Type:
        return self.inst.operands[0].type if isinstance(self.inst, Store) else self.inst.type


def _signed(x: int) -> int:
    x &= MASK64
    return x - (1 << 64) if x >> 63 else x


def _iv_terms(ind: Induction) -> dict[object, str]:
    """The address terms that are the induction: the phi itself, and its extensions
    when the increment cannot wrap (else lane k's address is not lane 0's plus k)."""
    out: dict[object, str] = {ind.phi: "iv"}
    for op, flag in (("sext", "nsw"), ("zext", "nuw")):
        if flag in ind.next.flags:
            for bits in (32, 64):
                if bits > ind.type.bits:
                    out[(op, ind.phi, f"i{bits}")] = op
    return out


def classify_accesses(loop: Loop, ind: Induction) -> list[MemAccess]:
    ivs = _iv_terms(ind)
    out: list[MemAccess] = []
    for pos, inst in enumerate(loop.body):
        if not isinstance(inst, Load | Store):
            continue
        t = inst.operands[0].type if isinstance(inst, Store) else inst.type
        if not isinstance(t, IntType | FloatType) or type_size(t) is None or \
                (isinstance(t, IntType) and t.bits not in (8, 16, 32, 64)):
            raise Decline(f"%{inst.name or 'store'}: memory access of type {t}")
        acc = access_of(inst)
        if acc is None:
            raise Decline("an access of unknown size")
        base = acc.address.base
        if loop.contains(base):
            raise Decline("an address computed from a value loaded in the loop")
        iv_key, coef, rest = None, 0, []
        for key, c in acc.address.linear.terms:
            if key in ivs:
                iv_key, coef = key, c
            elif _invariant_term(loop, key):
                rest.append((key, c))
            else:
                iv_key = GATHER  # x[idx[i]]: a gather (gather.py), or Decline
                gather_address(loop, inst)
                break
        if iv_key is GATHER:
            out.append(MemAccess(inst, pos, acc, "scatter" if isinstance(inst, Store) else "gather", None, (), 0, 0))
            continue
        size = type_size(t)
        if iv_key is None:
            if isinstance(inst, Store):
                raise Decline("a store to a loop-invariant address")
            kind = "uniform"
        elif coef == size:
            kind = "consecutive"
        elif size is not None and strided_factor(_signed(coef), size) is not None:
            kind = "strided"
        else:
            raise Decline(f"a strided or reversed access (stride {_signed(coef)} bytes, element {size})")
        out.append(MemAccess(inst, pos, acc, kind, iv_key, tuple(rest), _signed(acc.address.linear.offset),
                             _signed(coef)))
    return out


def _invariant_term(loop: Loop, key: object) -> bool:
    if isinstance(key, tuple):
        return all(not isinstance(k, Instruction) or loop.is_invariant(k) for k in key if isinstance(k, Value))
    return isinstance(key, Value) and loop.is_invariant(key)


def max_safe_vf(accesses: list[MemAccess]) -> int | None:
    """The largest VF that keeps every dependence (None: no limit; below 2: none does);
    raises Decline when
    the loop's accesses may conflict in a way no VF avoids or the analysis cannot see."""
    limit: int | None = None
    for a in accesses:
        for b in accesses:
            if b.position <= a.position or not (a.is_store or b.is_store):
                continue
            ok = _pair_limit(a, b)
            if ok is not None:
                limit = ok if limit is None else min(limit, ok)
    return limit


def _pair_limit(first: MemAccess, second: MemAccess) -> int | None:
    """``first`` comes before ``second`` in the body; at least one is a store."""
    x, y = first.access.address.base, second.access.address.base
    if x is not y:
        if independent_objects(x, y):
            return None
        raise Decline(f"{access_name(first)} and {access_name(second)} may alias (no runtime checks are emitted)")
    if "scatter" in (first.kind, second.kind):
        scatter_conflict(first, second)
    if first.rest != second.rest or first.kind != second.kind:
        raise Decline(f"{access_name(first)} and {access_name(second)} may overlap at an unknown distance")
    if first.kind == "uniform":
        raise Decline(f"{access_name(first)} and {access_name(second)} may overlap")
    if first.kind == "strided":
        return strided_pair_limit(first, second)
    s = first.access.size
    if second.access.size != s:
        raise Decline(f"{access_name(first)} and {access_name(second)}: accesses of different sizes to one object")
    d = second.offset - first.offset  # bytes from first's address to second's
    # second is at first + d. first in iteration i and second in iteration j touch the
    # same bytes when i - j is d/s (rounded either way). The scalar order runs first(i)
    # before second(j) iff i <= j, so for every such pair iff d <= 0; the vector body runs
    # all lanes of first before any of second within one vector iteration, which keeps
    # that order, and swaps it (d > 0) only for pairs less than VF iterations apart.
    if d <= 0:
        return None
    return d // s


def scatter_conflict(first: MemAccess, second: MemAccess) -> None:
    """Decline an indirect store's object accessed again in the loop (see gather.py:
    the scatter's lane order is the scalar loop's only for the object's own writes)."""
    a, b = access_name(first), access_name(second)
    if first.kind == "gather" and second.kind == "scatter" and \
            first.inst.operands[0] is second.inst.operands[1]:
        raise Decline(f"{a} and {b}: a read-modify-write through an index (a histogram: lanes with one index "
                      "would each read the old value; distinct indices are not proved)")
    if first.kind == second.kind == "scatter":
        raise Decline(f"{a} and {b}: two indirect stores to one object (their lanes would be reordered)")
    raise Decline(f"{a} and {b}: an indirect store's object is accessed otherwise in the loop")


def independent_objects(x: Value, y: Value) -> bool:
    roots = (is_identified_object(x) and _is_root(y)) or (is_identified_object(y) and _is_root(x))
    return bool(roots)


def _is_root(v: Value) -> bool:
    return isinstance(v, Argument | Alloca | GlobalVariable)


def strided_factor(coef: int, size: int) -> int | None:
    """F when an induction coefficient of ``coef`` bytes is a group's stride."""
    if coef % size or not MIN_FACTOR <= coef // size <= MAX_FACTOR:
        return None
    return coef // size


def strided_pair_limit(first: MemAccess, second: MemAccess) -> int | None:
    """The largest VF keeping the dependences between two accesses of one object, same
    other terms, both strided, at least one a store, ``first`` before ``second`` in the
    body (None: any VF).

    ``first`` in iteration i and ``second`` in iteration j touch the same bytes when
    ``|S*(i-j) - d| < s`` (``d`` bytes from first's address to second's, ``S`` the
    stride, ``s`` the size). The scalar loop runs first(i) before second(j) iff
    ``i <= j``; one vector iteration runs all lanes of the access placed earlier
    (``vector_position``) before any of the other's. For each distance ``k = i - j`` at
    which they meet and whose order the vector body swaps, the VF must be at most
    ``|k|`` so that such pairs never share a vector iteration; ``k == 0`` (a member moved
    across an access of the same iteration that it meets) cannot be kept."""
    S, s = first.stride, first.access.size
    if second.stride != S or second.access.size != s:
        raise Decline(f"{access_name(first)} and {access_name(second)}: strided accesses of one object "
                      "with different strides or sizes")
    d = second.offset - first.offset
    vector_first_before = first.vector_position < second.vector_position
    if first.vector_position == second.vector_position:
        return None  # one group: loads only, or stores to distinct members (never the same bytes)
    limit: int | None = None
    for k in range((d - s) // S - 1, (d + s) // S + 2):
        if abs(S * k - d) >= s:
            continue
        if (k <= 0) == vector_first_before:
            continue
        if k == 0:
            raise Decline(f"{access_name(first)} and {access_name(second)} touch the same bytes in one iteration, "
                          "and the interleave group would reorder them")
        limit = abs(k) if limit is None else min(limit, abs(k))
    return limit


def access_name(a: MemAccess) -> str:
    return f"%{a.inst.name}" if a.inst.name else ("a store" if a.is_store else "a load")
