"""Memory accesses of the loop and the dependences vectorizing must keep.

Each load and store is classified by its address, a linear form (``address.py``) in
which the induction (or its ``sext``/``zext``) is one term:

* **consecutive**: the induction's coefficient is the access size (``a[i + c]``); the
  vector loop reads or writes VF elements at once from the lane-0 address.
* **uniform**: no induction term (a loop-invariant address); only loads, read once per
  vector iteration and broadcast, and only where no store of the loop may write them.
* anything else (strides, reversed, addresses computed from loaded values) is declined.

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
from .induction import Induction
from .structure import Decline, Loop

MASK64 = (1 << 64) - 1


@dataclass
class MemAccess:
    inst: Load | Store
    position: int  # in the loop body
    access: Access
    kind: str  # "consecutive" or "uniform"
    iv_key: object | None  # the induction's term in the address
    rest: tuple[tuple[object, int], ...]  # the other terms
    offset: int  # signed, bytes

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
                raise Decline("an address that is not linear in the induction")
        size = type_size(t)
        if iv_key is None:
            if isinstance(inst, Store):
                raise Decline("a store to a loop-invariant address")
            kind = "uniform"
        elif coef == size:
            kind = "consecutive"
        else:
            raise Decline(f"a strided or reversed access (stride {_signed(coef)} bytes, element {size})")
        out.append(MemAccess(inst, pos, acc, kind, iv_key, tuple(rest), _signed(acc.address.linear.offset)))
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
        raise Decline(f"{_name(first)} and {_name(second)} may alias (no runtime checks are emitted)")
    if first.rest != second.rest or first.kind != second.kind:
        raise Decline(f"{_name(first)} and {_name(second)} may overlap at an unknown distance")
    if first.kind == "uniform":
        raise Decline(f"{_name(first)} and {_name(second)} may overlap")
    s = first.access.size
    if second.access.size != s:
        raise Decline(f"{_name(first)} and {_name(second)}: accesses of different sizes to one object")
    d = second.offset - first.offset  # bytes from first's address to second's
    # second is at first + d. first in iteration i and second in iteration j touch the
    # same bytes when i - j is d/s (rounded either way). The scalar order runs first(i)
    # before second(j) iff i <= j, so for every such pair iff d <= 0; the vector body runs
    # all lanes of first before any of second within one vector iteration, which keeps
    # that order, and swaps it (d > 0) only for pairs less than VF iterations apart.
    if d <= 0:
        return None
    return d // s


def independent_objects(x: Value, y: Value) -> bool:
    roots = (is_identified_object(x) and _is_root(y)) or (is_identified_object(y) and _is_root(x))
    return bool(roots)


def _is_root(v: Value) -> bool:
    return isinstance(v, Argument | Alloca | GlobalVariable)


def _name(a: MemAccess) -> str:
    return f"%{a.inst.name}" if a.inst.name else ("a store" if a.is_store else "a load")
