"""Values: local names (forward references resolved at the end of a function), and
constants of every kind LLVM prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.floats import bits_from_double, bits_from_float, bits_from_half, double_bits_to_float_bits
from ..ir.types import (
    DOUBLE,
    FLOAT,
    HALF,
    I1,
    I8,
    ArrayType,
    FloatType,
    IntType,
    PtrType,
    StructType,
    Type,
    VectorType,
)
from ..ir.values import (
    Constant,
    ConstArray,
    ConstFloat,
    ConstInt,
    ConstNull,
    ConstPoison,
    ConstStruct,
    ConstUndef,
    ConstVector,
    GlobalVariable,
    Instruction,
    Value,
)
from .annotations import AnnotationGrammar
from .cursor import LLVMParseError
from .lexer import Token, unescape_bytes
from .policy import CONSTANT_EXPRESSIONS


@dataclass(eq=False)
class ForwardValue(Value):
    """A placeholder for a local value used before its definition (phis, unreachable code)."""

    type: Type
    name: str | None

    def ref(self) -> str:
        return f"%{self.name}"


class ValueGrammar(AnnotationGrammar):
    scope: dict[str, Value]
    forwards: dict[str, ForwardValue]
    globals: dict[str, GlobalVariable]

    def local(self, name: str, ty: Type) -> Value:
        v = self.scope.get(name)
        if v is not None:
            return v
        fwd = self.forwards.get(name)
        if fwd is None:
            fwd = self.forwards[name] = ForwardValue(ty, name)
        return fwd

    def define(self, inst: Instruction) -> Instruction:
        if inst.name is not None:
            self.scope[inst.name] = inst
        return inst

    def parse_typed_value(self) -> Value:
        ty = self.parse_type()
        return self.parse_value(ty)

    def parse_value(self, ty: Type) -> Value:
        tok = self.next()
        k = tok.kind
        if k == "lvar":
            return self.local(tok.value, ty)
        if k == "gvar":
            g = self.globals.get(tok.value)
            if g is None:
                raise self.unsupported(f"reference to @{tok.value}")
            return g
        if k in ("mdvar", "excl"):
            raise self.unsupported("metadata argument")
        if k == "int":
            if isinstance(ty, IntType):
                return ConstInt(ty, int(tok.text))
            raise self.error(tok, f"integer constant for type {ty}")
        if k in ("float", "hex"):
            if isinstance(ty, FloatType):
                return ConstFloat(ty, self.float_bits(tok, ty))
            raise self.error(tok, f"floating-point constant for type {ty}")
        if k == "punct" and tok.text == "{":
            if not isinstance(ty, StructType):
                raise self.error(tok, f"struct constant for type {ty}")
            fields: list[Constant] = []
            while self.peek().text != "}":
                v = self.parse_value(self.parse_type())
                if not isinstance(v, Constant):
                    raise self.error(tok, "non-constant struct field")
                fields.append(v)
                if not self.accept(","):
                    break
            self.expect("}")
            if len(fields) != len(ty.fields):
                raise self.error(tok, "wrong number of struct fields")
            return ConstStruct(ty, tuple(fields))
        if k == "punct" and tok.text == "[":
            if not isinstance(ty, ArrayType):
                raise self.error(tok, f"array constant for type {ty}")
            items: list[Constant] = []
            while self.peek().text != "]":
                v = self.parse_value(self.parse_type())
                if not isinstance(v, Constant):
                    raise self.error(tok, "non-constant array element")
                items.append(v)
                if not self.accept(","):
                    break
            self.expect("]")
            if len(items) != ty.count:
                raise self.error(tok, "wrong number of array elements")
            return ConstArray(ty, tuple(items))
        if k == "punct" and tok.text == "<":
            if not isinstance(ty, VectorType):
                raise self.error(tok, f"vector constant for type {ty}")
            lanes: list[Value] = []
            while True:
                ety = self.parse_type()
                lanes.append(self.parse_value(ety))
                if not self.accept(","):
                    break
            self.expect(">")
            if len(lanes) != ty.count:
                raise self.error(tok, "wrong number of vector elements")
            elems = [v for v in lanes if isinstance(v, Constant)]
            if len(elems) == len(lanes):
                return ConstVector(ty, tuple(elems))
            return self.vector_of_expressions(ty, lanes, tok)
        if k == "ident":
            t = tok.text
            if t in ("true", "false"):
                if ty == I1:
                    return ConstInt(I1, 1 if t == "true" else 0)
                if isinstance(ty, VectorType) and ty.elem == I1:  # not printed by LLVM
                    c = ConstInt(I1, 1 if t == "true" else 0)
                    return ConstVector(ty, tuple(c for _ in range(ty.count)))
                raise self.error(tok, f"boolean constant for type {ty}")
            if t == "poison":
                return ConstPoison(ty)
            if t == "undef":
                return ConstUndef(ty)
            if t == "null":
                if isinstance(ty, PtrType):
                    return ConstNull(ty)
                raise self.error(tok, f"null for type {ty}")
            if t == "zeroinitializer":
                return zero_constant(ty)
            if t == "splat":
                self.expect("(")
                ety = self.parse_type()
                v = self.parse_value(ety)
                self.expect(")")
                if not isinstance(ty, VectorType) or not isinstance(v, Constant):
                    raise self.error(tok, f"splat for type {ty}")
                return ConstVector(ty, tuple(v for _ in range(ty.count)))
            if t == "asm":
                raise self.unsupported("inline asm")
            if t == "none":
                raise self.unsupported("token value")
            if t in CONSTANT_EXPRESSIONS:
                return self.constant_expression(t, tok)
            if t in ("blockaddress", "dso_local_equivalent", "no_cfi", "ptrauth"):
                raise self.unsupported(t)
            if t == "c" and self.peek().kind == "str":
                data = unescape_bytes(self.next().text[1:-1])
                if not isinstance(ty, ArrayType) or ty.elem != I8 or ty.count != len(data):
                    raise self.error(tok, f"string constant for type {ty}")
                return ConstArray(ty, tuple(ConstInt(I8, b) for b in data))
        raise self.error(tok, f"expected a value, found '{tok}'")

    def float_bits(self, tok: Token, ty: FloatType) -> int:
        t = tok.text
        if tok.kind == "hex":
            if t.startswith("0xH"):
                if ty != HALF:
                    raise self.error(tok, f"half constant for type {ty}")
                return int(t[3:], 16)
            if t.startswith("0xR") and ty.name == "bfloat":
                return int(t[3:], 16)
            if t.startswith("0xL") and ty.name == "fp128":  # the low 64 bits first
                return int(t[19:35], 16) << 64 | int(t[3:19], 16)
            if t[2] in "KLMR":
                raise self.error(tok, f"constant {t} for type {ty}")
            bits = int(t[2:], 16)
            if ty == DOUBLE:
                return bits
            if ty == FLOAT:
                return double_bits_to_float_bits(bits)
            raise self.error(tok, f"double constant for type {ty}")
        value = float(t)
        if ty.name in ("bfloat", "fp128"):  # LLVM prints these in hex only
            raise self.error(tok, f"decimal constant for type {ty}")
        if ty == DOUBLE:
            return bits_from_double(value)
        if ty == FLOAT:
            return bits_from_float(value)
        return bits_from_half(value)

    def constant_expression(self, op: str, tok: Token) -> Value:  # see InstructionGrammar
        raise NotImplementedError

    def vector_of_expressions(self, ty: VectorType, lanes: list[Value], tok: Token) -> Value:
        """A vector constant with constant expressions among its lanes (see InstructionGrammar)."""
        raise self.error(tok, "non-constant vector element")


def bool_type(t: Type) -> Type:
    return t.of(I1) if isinstance(t, VectorType) else I1


def zero_constant(t: Type) -> Constant:
    """``zeroinitializer`` spelled out."""
    if isinstance(t, IntType):
        return ConstInt(t, 0)
    if isinstance(t, FloatType):
        return ConstFloat(t, 0)
    if isinstance(t, PtrType):
        return ConstNull(t)
    if isinstance(t, VectorType):
        return ConstVector(t, tuple(zero_constant(t.elem) for _ in range(t.count)))
    if isinstance(t, ArrayType):
        return ConstArray(t, tuple(zero_constant(t.elem) for _ in range(t.count)))
    if isinstance(t, StructType):
        return ConstStruct(t, tuple(zero_constant(f) for f in t.fields))
    raise LLVMParseError(f"zeroinitializer of type {t}")
