"""Parsing LLVM types from tokens into the IR model's types."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..errors import Unsupported
from ..ir.types import (
    FLOAT_TYPES,
    MAX_INT_BITS,
    MAX_VECTOR_LANES,
    VOID,
    ArrayType,
    FloatType,
    IntType,
    PtrType,
    StructType,
    Type,
    VectorType,
    VoidType,
)
from .lexer import Token

_INT_RE = re.compile(r"i([0-9]+)$")

# Type keywords LLVM knows that vecverify does not model.
UNSUPPORTED_TYPE_KEYWORDS = frozenset(
    {"x86_fp80", "ppc_fp128", "x86_amx", "x86_mmx", "token", "metadata",
     "label", "target", "opaque"}
)
TYPE_KEYWORDS = frozenset({"half", "bfloat", "float", "double", "fp128", "ptr", "void"}) | UNSUPPORTED_TYPE_KEYWORDS


def starts_type(tok: Token) -> bool:
    """Whether ``tok`` can begin a type."""
    if tok.kind == "ident":
        return tok.text in TYPE_KEYWORDS or _INT_RE.match(tok.text) is not None
    if tok.kind == "punct":
        return tok.text in "<{["
    return tok.kind == "lvar"  # a named struct type


MAX_EXPANDED_FIELDS = 1 << 16


def expanded_size(t: Type, memo: dict[int, int] | None = None) -> int:
    """Scalars and vectors in ``t`` with every nested struct and array spelled out
    (memoized on shared nested types, so it is quick however large the answer)."""
    memo = {} if memo is None else memo
    if id(t) in memo:
        return memo[id(t)]
    if isinstance(t, StructType):
        n = sum(expanded_size(f, memo) for f in t.fields)
    elif isinstance(t, ArrayType):
        n = t.count * expanded_size(t.elem, memo)
    else:
        n = 1
    memo[id(t)] = n
    return n


class TypeParser:
    """Mixin-style helper: needs ``peek``, ``next``, ``expect``, ``error`` and ``where``."""

    where: str | None
    # Named struct types, ``%T = type {...}``: where each body starts (token index), and
    # the types read so far (resolved on first use; recursion through ptr cannot occur).
    named_type_starts: dict[str, int]
    named_types: dict[str, Type]
    pos: int
    # The vscale scalable vector types are read at (their lanes: N * vscale), and
    # whether the function being read has one (see vecverify/scalable.py).
    vscale: int
    scalable_seen: bool
    peek: Callable[..., Token]
    next: Callable[[], Token]
    expect: Callable[..., Token]
    error: Callable[..., Exception]

    def unsupported(self, what: str) -> Unsupported:
        return Unsupported(what, self.where)

    def named_type(self, tok: Token) -> Type:
        """``%T``: the body of its ``%T = type ...`` definition (LLVM has checked that one
        exists)."""
        name = tok.text
        found = self.named_types.get(name)
        if found is not None:
            return found
        start = self.named_type_starts.get(name)
        if start is None:
            raise self.unsupported(f"struct type {name}")
        if self.toks_at(start).text == "opaque":
            raise self.unsupported(f"opaque struct type {name}")
        if self.toks_at(start).text == "<":
            raise self.unsupported(f"packed struct type {name}")
        saved = self.pos
        self.pos = start
        try:
            t = self.parse_type()
        finally:
            self.pos = saved
        if not isinstance(t, StructType):
            raise self.unsupported(f"named type {name}")
        if (n := expanded_size(t)) > MAX_EXPANDED_FIELDS:
            # Named types are expanded where used: %T = { %U x8 }, %U = { %V x8 }, ...
            # grows as 8^depth, beyond what can be printed or laid out field by field.
            raise self.unsupported(f"struct type {name} of {n} fields (named types are expanded when read)")
        self.named_types[name] = t
        return t

    def toks_at(self, i: int) -> Token:
        return self.peek(i - self.pos)

    def parse_type(self) -> Type:
        tok = self.next()
        if tok.kind == "ident":
            t = tok.text
            m = _INT_RE.match(t)
            if m:
                bits = int(m.group(1))
                if bits > MAX_INT_BITS:
                    raise self.unsupported(f"integer type i{bits}")
                return IntType(bits)
            if t in FLOAT_TYPES:
                return FLOAT_TYPES[t]
            if t == "ptr":
                if self.peek().text == "addrspace":
                    self.next()
                    self.expect("(")
                    space = int(self.expect(kind="int").text)
                    self.expect(")")
                    if space != 0:
                        raise self.unsupported(f"pointer in addrspace({space})")
                return PtrType()
            if t == "void":
                return VOID
            if t == "target":
                raise self.unsupported("target extension type")
            if t == "label":
                raise self.unsupported("label value")
            if t == "metadata":
                raise self.unsupported("metadata argument")
            if t in UNSUPPORTED_TYPE_KEYWORDS:
                raise self.unsupported(f"{t} type")
        elif tok.kind == "punct":
            if tok.text == "<":
                if self.peek().text == "{":
                    raise self.unsupported("struct type")
                vscale = 0
                if self.peek().text == "vscale":
                    self.next()
                    self.expect("x")
                    vscale = self.vscale
                    self.scalable_seen = True
                count = int(self.expect(kind="int").text) * max(vscale, 1)
                self.expect("x")
                if count > MAX_VECTOR_LANES:
                    at = f" at vscale {vscale}" if vscale else ""
                    raise self.unsupported(f"vector of {count} lanes{at} (limit {MAX_VECTOR_LANES})")
                elem = self.parse_type()
                self.expect(">")
                if not isinstance(elem, IntType | FloatType | PtrType):
                    raise self.error(tok, f"invalid vector element type '{elem}'")
                return VectorType(count, elem, vscale)
            if tok.text == "{":
                fields: list[Type] = []
                while self.peek().text != "}":
                    f = self.parse_type()
                    if not isinstance(f, IntType | FloatType | PtrType | VectorType | StructType | ArrayType):
                        raise self.unsupported("struct type")
                    fields.append(f)
                    if self.peek().text != ",":
                        break
                    self.next()
                self.expect("}")
                return StructType(tuple(fields))
            if tok.text == "[":
                count = int(self.expect(kind="int").text)
                self.expect("x")
                elem = self.parse_type()
                self.expect("]")
                if isinstance(elem, VoidType):
                    raise self.error(tok, "array of void")
                return ArrayType(count, elem)
        elif tok.kind == "lvar":
            return self.named_type(tok)
        raise self.error(tok, f"expected a type, found '{tok}'")
