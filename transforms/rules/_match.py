"""Small helpers for the rules' rewrites of concrete instructions."""

from __future__ import annotations

from vecverify.ir.types import IntType, Type, VectorType
from vecverify.ir.values import BinOp, ConstInt, ConstVector, Instruction, Value, int_constant


def const_int(v: Value) -> int | None:
    """The unsigned value of an integer constant or integer splat, else None."""
    if isinstance(v, ConstInt):
        return v.value
    if isinstance(v, ConstVector) and v.elems and all(isinstance(e, ConstInt) for e in v.elems):
        values = {e.value for e in v.elems if isinstance(e, ConstInt)}
        return values.pop() if len(values) == 1 else None
    return None


def int_width(t: Type) -> int | None:
    if isinstance(t, VectorType):
        t = t.elem
    return t.bits if isinstance(t, IntType) else None


def binop(inst: Instruction, op: str | None = None) -> BinOp | None:
    if isinstance(inst, BinOp) and (op is None or inst.op == op):
        return inst
    return None


def new_binop(like: Instruction, op: str, a: Value, b: Value, flags: frozenset[str] = frozenset()) -> BinOp:
    return BinOp(like.type, None, [a, b], op=op, flags=flags)


def const(t: Type, value: int) -> Value:
    return int_constant(t, value)


def log2_exact(value: int) -> int | None:
    return value.bit_length() - 1 if value > 0 and value & (value - 1) == 0 else None
