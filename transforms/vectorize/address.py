"""Addresses as linear forms, for finding consecutive accesses and for alias checks.

An address is ``base + sum(coef * term) + offset`` in bytes, where ``base`` is the
underlying object (an argument, an ``alloca``, a global, or any other pointer value the
analysis cannot see through), each ``term`` is an integer value the analysis cannot
split further (an induction variable, an argument) and the coefficients and offset are
constants. Two addresses with the same base and the same terms differ by a known
constant: that is how ``a[i]`` and ``a[i + 1]`` are found to be consecutive (SLP's
constant-offset analysis of ``getelementptr``; LLVM does the same with SCEV).

Arithmetic is modulo 2^64 like the pointer arithmetic it models. Looking through
``sext (add nsw x, c)`` as ``sext x + c`` is exact wherever the add does not overflow;
where it does, the add is poison, so the access is UB in the source and any target
refines it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vecverify.ir.types import ArrayType, FloatType, IntType, PtrType, StructType, Type, VectorType
from vecverify.ir.values import (
    Alloca,
    Argument,
    BinOp,
    Cast,
    ConstInt,
    GetElementPtr,
    GlobalVariable,
    Load,
    Store,
    Value,
)

MASK64 = (1 << 64) - 1
_TermKey = object  # a Value (by identity) or a tuple built from them


@dataclass(frozen=True)
class Linear:
    """``sum(coef * term) + offset`` over integer values, modulo 2^64."""

    terms: tuple[tuple[_TermKey, int], ...] = ()
    offset: int = 0

    @staticmethod
    def of(key: _TermKey, coef: int = 1) -> Linear:
        return Linear(((key, coef % (1 << 64)),), 0)

    def plus(self, other: Linear) -> Linear:
        acc: dict[_TermKey, int] = dict(self.terms)
        for k, c in other.terms:
            acc[k] = (acc.get(k, 0) + c) & MASK64
        terms = tuple(sorted(((k, c) for k, c in acc.items() if c), key=lambda kc: _order(kc[0])))
        return Linear(terms, (self.offset + other.offset) & MASK64)

    def scaled(self, factor: int) -> Linear:
        terms = tuple((k, (c * factor) & MASK64) for k, c in self.terms if (c * factor) & MASK64)
        return Linear(terms, (self.offset * factor) & MASK64)


def _order(key: _TermKey) -> str:
    return repr(key) if isinstance(key, tuple) else f"{type(key).__name__}@{id(key)}"


def type_size(t: Type) -> int | None:
    """The allocation size in bytes (LLVM's default data layout for what vecverify models)."""
    if isinstance(t, IntType):
        return max(1, 1 << (t.byte_size - 1).bit_length()) if t.bits > 8 else 1
    if isinstance(t, FloatType):
        return t.bits // 8
    if isinstance(t, PtrType):
        return 8
    if isinstance(t, VectorType):
        elem = type_size(t.elem)
        return None if elem is None else elem * t.count
    if isinstance(t, ArrayType):
        elem = type_size(t.elem)
        return None if elem is None else elem * t.count
    if isinstance(t, StructType) and _uniform_fields(t) is not None:
        elem = type_size(t.fields[0])
        return None if elem is None else elem * len(t.fields)
    return None


def _uniform_fields(t: StructType) -> Type | None:
    """The one scalar type of every field (``{ float, float }``): such a struct has no
    padding, field k is at k times its size."""
    f = t.fields[0] if t.fields else None
    if isinstance(f, IntType | FloatType) and f.bits in (8, 16, 32, 64) and all(g == f for g in t.fields):
        return f
    return None


def int_linear(v: Value, depth: int = 0) -> Linear:
    """``v`` as a linear form (a single opaque term when nothing better is known)."""
    if isinstance(v, ConstInt):
        return Linear((), v.signed() & MASK64)
    if depth < 8 and isinstance(v, BinOp) and isinstance(v.type, IntType):
        a, b = v.operands
        if v.op == "add" or (v.op == "or" and "disjoint" in v.flags):
            return int_linear(a, depth + 1).plus(int_linear(b, depth + 1))
        if v.op == "sub":
            return int_linear(a, depth + 1).plus(int_linear(b, depth + 1).scaled(-1))
        if v.op == "mul" and isinstance(b, ConstInt):
            return int_linear(a, depth + 1).scaled(b.signed())
        if v.op == "shl" and isinstance(b, ConstInt) and b.value < 64:
            return int_linear(a, depth + 1).scaled(1 << b.value)
    if depth < 8 and isinstance(v, Cast) and v.op in ("sext", "zext"):
        inner = v.operands[0]
        # sext (add nsw x, c) = sext x + c (the add is poison where it would differ).
        needed = "nsw" if v.op == "sext" else "nuw"
        if isinstance(inner, BinOp) and inner.op in ("add", "sub") and needed in inner.flags:
            x, c = inner.operands
            if isinstance(c, ConstInt):
                sign = 1 if inner.op == "add" else -1
                cval = c.signed() if v.op == "sext" else c.value
                return _cast_term(v.op, x, v.type).plus(Linear((), (sign * cval) & MASK64))
        return _cast_term(v.op, inner, v.type)
    return Linear.of(v)


def _cast_term(op: str, x: Value, t: Type) -> Linear:
    if isinstance(x, ConstInt):
        return Linear((), (x.signed() if op == "sext" else x.value) & MASK64)
    return Linear.of((op, x, str(t)))


@dataclass(frozen=True)
class Address:
    base: Value
    linear: Linear = field(default_factory=Linear)

    def same_object_terms(self, other: Address) -> bool:
        return self.base is other.base and self.linear.terms == other.linear.terms

    def distance(self, other: Address) -> int | None:
        """``other - self`` in bytes when both have the same base and terms (signed)."""
        if not self.same_object_terms(other):
            return None
        d = (other.linear.offset - self.linear.offset) & MASK64
        return d - (1 << 64) if d >> 63 else d


def address_of(ptr: Value, depth: int = 0) -> Address:
    """Decompose a pointer into its base object and a linear byte offset."""
    if depth < 16 and isinstance(ptr, GetElementPtr) and ptr.source_type is not None:
        inner = address_of(ptr.operands[0], depth + 1)
        offset = _gep_offset(ptr.source_type, ptr.operands[1:])
        if offset is not None:
            return Address(inner.base, inner.linear.plus(offset))
    return Address(ptr)


def _gep_offset(source: Type, indices: list[Value]) -> Linear | None:
    if not indices:
        return Linear()
    size = type_size(source)
    if size is None or isinstance(indices[0].type, VectorType):
        return None
    total = int_linear(indices[0]).scaled(size)
    t: Type = source
    for idx in indices[1:]:
        if isinstance(t, ArrayType | VectorType):
            t = t.elem
            size = type_size(t)
            if size is None:
                return None
            total = total.plus(int_linear(idx).scaled(size))
        elif isinstance(t, StructType) and isinstance(idx, ConstInt) and (f := _uniform_fields(t)) is not None \
                and (fsize := type_size(f)) is not None and 0 <= idx.value < len(t.fields):
            total = total.plus(Linear((), idx.value * fsize))  # no padding between like fields
            t = f
        elif isinstance(t, StructType) and isinstance(idx, ConstInt):
            return None  # struct layout (padding) is not modelled here
        else:
            return None
    return total


# ----------------------------------------------------------------------------- aliasing


def is_identified_object(v: Value) -> bool:
    """A base whose memory no other base reaches: a noalias argument, an alloca, a global."""
    if isinstance(v, Argument):
        return v.attrs.noalias
    return isinstance(v, Alloca | GlobalVariable)


@dataclass(frozen=True)
class Access:
    """One load or store: where, and how many bytes."""

    address: Address
    size: int


def access_of(inst: Load | Store) -> Access | None:
    ptr = inst.operands[0] if isinstance(inst, Load) else inst.operands[1]
    t = inst.type if isinstance(inst, Load) else inst.operands[0].type
    size = type_size(t)
    return None if size is None else Access(address_of(ptr), size)


def may_alias(a: Access | None, b: Access | None) -> bool:
    """False only when the two accesses provably touch disjoint bytes."""
    if a is None or b is None:
        return True
    d = a.address.distance(b.address)
    if d is not None:
        return -b.size < d < a.size  # b starts before a ends and ends after a starts
    if a.address.base is not b.address.base:
        # Different bases: disjoint when at least one is an object nothing else reaches
        # (LLVM's noalias: within the function, accesses through it are not reached
        # through pointers not based on it).
        x, y = a.address.base, b.address.base
        return not ((is_identified_object(x) and _is_root(y)) or (is_identified_object(y) and _is_root(x)))
    return True


def _is_root(v: Value) -> bool:
    """A base the analysis knows is not derived from another pointer (a pointer loaded
    from memory, or picked by a select or phi, might be a copy of anything)."""
    return isinstance(v, Argument | Alloca | GlobalVariable)
