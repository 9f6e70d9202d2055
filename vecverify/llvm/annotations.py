"""Attributes and metadata: read from the tokens, then judged by the support policy
(the attributes that change meaning become ParamAttrs; the rest are dropped or
reported unsupported).
"""

from __future__ import annotations

import re

from ..ir.types import (
    IntType,
)
from ..ir.values import (
    Instruction,
    Load,
    ParamAttrs,
)
from .cursor import LLVMParseError, TokenCursor
from .policy import (
    CALLING_CONVENTION_RE,
    DENORMAL_ATTRS,
    FN_ATTRS_UNSUPPORTED,
    FN_DEF_MODELLED,
    FN_DEF_NO_UB,
    FN_DEF_STRING_UNSUPPORTED,
    LINKAGE_WORDS,
    PARAM_IGNORED,
    PROMISE_METADATA,
    RET_IGNORED,
    SEMANTIC_METADATA,
    VALUE_KEYWORDS,
)
from .types import TYPE_KEYWORDS, TypeParser, starts_type

Attr = tuple[str, str | None]  # (name, argument text); string attributes keep their quotes


# The loop metadata that makes the loop's accesses in its groups free of dependences
# between iterations (LangRef, "llvm.loop.parallel_accesses").
PARALLEL_LOOP = "llvm.loop.parallel_accesses"


class AnnotationGrammar(TokenCursor, TypeParser):
    attr_groups: dict[str, list[Attr]]
    md_nodes: dict[str, int]  # metadata node name -> index of its first token
    promises: set[str]  # the PROMISE_METADATA kinds met in the function being read

    def prescan_attribute_groups(self) -> None:
        toks = self.toks
        for i, tok in enumerate(toks):
            if (tok.kind == "ident" and tok.text == "attributes" and tok.col == 1
                    and toks[i + 1].kind == "attrgrp"):
                self.pos = i + 3
                self.expect("{")
                attrs: list[Attr] = []
                while self.peek().text != "}" and self.peek().kind != "eof":
                    attrs.extend(self.parse_one_attr())
                self.attr_groups[toks[i + 1].text] = attrs

    def parse_one_attr(self) -> list[Attr]:
        """One attribute (or an attribute group reference, expanded)."""
        tok = self.next()
        if tok.kind == "attrgrp":
            return list(self.attr_groups.get(tok.text, []))
        if tok.kind == "str":
            if self.peek().text == "=" and self.peek(1).kind == "str":
                self.next()
                return [(tok.text, self.next().value)]
            return [(tok.text, None)]
        if tok.kind == "ident":
            if self.peek().text == "(":
                return [(tok.text, self.group_text())]
            if tok.text in ("align", "alignstack") and self.peek().kind == "int":
                return [(tok.text, self.next().text)]
            return [(tok.text, None)]
        raise self.error(tok, f"expected an attribute, found '{tok}'")

    def parse_param_attrs(self, *, before_value: bool) -> list[Attr]:
        """Attributes after a parameter's type: until a name, ',' or ')' (declaration
        parameters) or until the value (call arguments)."""
        out: list[Attr] = []
        while True:
            tok = self.peek()
            if tok.kind == "ident":
                if before_value and tok.text in VALUE_KEYWORDS:
                    return out
            elif tok.kind != "str":
                return out
            out.extend(self.parse_one_attr())

    def parse_ret_attrs(self) -> list[Attr]:
        """Attributes before a return type."""
        out: list[Attr] = []
        while True:
            tok = self.peek()
            if tok.kind == "ident" and not starts_type(tok):
                out.extend(self.parse_one_attr())
            elif tok.kind == "str":
                out.extend(self.parse_one_attr())
            else:
                return out

    def param_attrs(self, attrs: list[Attr], *, intrinsic_call: bool = False) -> ParamAttrs:
        pa = ParamAttrs()
        for name, arg in attrs:
            if name in ("noalias", "noundef", "nonnull", "readonly", "writeonly", "writable"):
                setattr(pa, name, True)
            elif name in ("dereferenceable", "dereferenceable_or_null", "align"):
                setattr(pa, name, self.int_arg(name, arg))
            elif name == "range":
                pa.range = self.range_arg(arg)
            elif name == "nocapture":
                pa.captures = "none"
            elif name == "captures":
                parts = [" ".join(p.split()).replace(" :", ":") for p in (arg or "").split(",")]
                # captures(address, provenance) is the attribute left out
                pa.captures = None if set(parts) == {"address", "provenance"} else ", ".join(parts)
            elif name in PARAM_IGNORED or (intrinsic_call and name == "immarg"):
                pass
            else:
                raise self.unsupported(f"parameter attribute {name}")
        return pa

    def ret_attrs(self, attrs: list[Attr]) -> ParamAttrs:
        pa = ParamAttrs()
        for name, arg in attrs:
            if name in ("noundef", "nonnull"):
                setattr(pa, name, True)
            elif name == "align":
                pa.align = self.int_arg(name, arg)
            elif name == "range":
                pa.range = self.range_arg(arg)
            elif name in RET_IGNORED:
                pass
            else:
                raise self.unsupported(f"return attribute {name}")
        return pa

    def range_arg(self, arg: str | None) -> tuple[int, int, int]:
        """``range(iN lo, hi)``'s (N, lo, hi)."""
        m = re.fullmatch(r"i(\d+) (-?\d+) , (-?\d+)", (arg or "").strip())
        if m is None:
            raise self.unsupported(f"range({arg})")
        return int(m.group(1)), int(m.group(2)), int(m.group(3))

    def int_arg(self, name: str, arg: str | None) -> int:
        try:
            return int(arg or "")
        except ValueError:
            raise LLVMParseError(f"attribute {name} without a number") from None

    def check_definition_attrs(self, attrs: list[Attr]) -> None:
        """A defined function's attributes: modelled or harmless (policy), else
        unsupported by name (null_pointer_is_valid, speculatable, allocsize, ...)."""
        self.check_fn_attrs(attrs)
        for name, _ in attrs:
            if name.startswith('"'):
                if name in FN_DEF_STRING_UNSUPPORTED:
                    raise self.unsupported(f"function attribute {name}")
            elif name not in FN_DEF_MODELLED and name not in FN_DEF_NO_UB:
                raise self.unsupported(f"function attribute {name}")

    def check_fn_attrs(self, attrs: list[Attr]) -> None:
        for name, arg in attrs:
            if name in FN_ATTRS_UNSUPPORTED:
                raise self.unsupported(f"function attribute {name}")
            if name in DENORMAL_ATTRS and (arg or "").replace(" ", "") not in ("ieee,ieee", "ieee", ""):
                raise self.unsupported(f"function attribute {name}={arg}")
            if name == "denormal_fpenv":
                raise self.unsupported(f"function attribute denormal_fpenv({arg})")

    def parse_attachments(self, inst: Instruction) -> None:
        while self.peek().text == "," and self.peek(1).kind == "mdvar":
            self.next()
            kind = self.next().text
            if isinstance(inst, Load) and kind == "!noundef":
                inst.noundef = True
            elif isinstance(inst, Load) and kind == "!range" and self.peek().kind == "mdvar":
                inst.ranges = self.range_node(self.peek().text)
            elif kind in SEMANTIC_METADATA:
                raise self.unsupported(f"{kind} metadata")
            elif kind in PROMISE_METADATA:
                self.promises.add(kind)
            elif kind == "!llvm.loop" and self.peek().kind == "mdvar" and self.mentions(self.peek().text, PARALLEL_LOOP):
                # A promise that the loop's accesses in these groups carry no memory
                # dependence from one iteration to another: breaking it is undefined
                # behaviour, which is not modelled (LoopVectorize relies on it).
                raise self.unsupported(f"{PARALLEL_LOOP} metadata (the loop's promise of no loop-carried "
                                       "memory dependence)")
            self.skip_metadata_value()

    def mentions(self, name: str, string: str, depth: int = 4) -> bool:
        """Whether metadata node ``name``, or a node it refers to (up to ``depth`` deep),
        holds the metadata string ``string``."""
        start = self.md_nodes.get(name)
        if start is None or depth == 0 or self.toks[start].kind != "excl" or self.toks[start + 1].text != "{":
            return False
        level, i = 0, start + 1
        while i < len(self.toks):
            tok = self.toks[i]
            if tok.text in ("{", "(", "["):
                level += 1
            elif tok.text in ("}", ")", "]"):
                level -= 1
                if level == 0:
                    return False
            elif tok.kind == "str" and tok.value == string:
                return True
            elif tok.kind == "mdvar" and tok.text != name and self.mentions(tok.text, string, depth - 1):
                return True
            i += 1
        return False

    def prescan_metadata(self) -> None:
        """Where each numbered metadata node ``!N = [distinct] !{...}`` starts."""
        toks = self.toks
        for i, tok in enumerate(toks[:-1]):
            if tok.kind == "mdvar" and tok.col == 1 and toks[i + 1].text == "=":
                j = i + 2
                if toks[j].text == "distinct":
                    j += 1
                self.md_nodes[tok.text] = j

    def range_node(self, name: str) -> tuple[tuple[int, int], ...]:
        """The pairs ``[lo, hi)`` of a ``!range`` node ``!{T lo, T hi, ...}``, as unsigned
        values of T's width (a pair may wrap around)."""
        start = self.md_nodes.get(name)
        if start is None:
            raise self.unsupported(f"!range {name} without its node")
        saved = self.pos
        self.pos = start
        try:
            self.expect(kind="excl")
            self.expect("{")
            values: list[int] = []
            while not self.accept("}"):
                if values:
                    self.expect(",")
                ty = self.parse_type()
                if not isinstance(ty, IntType):
                    raise self.unsupported(f"!range of {ty}")
                values.append(int(self.expect(kind="int").text) % (1 << ty.bits))
        finally:
            self.pos = saved
        if not values or len(values) % 2:
            raise self.error(self.peek(), f"malformed !range node {name}")
        return tuple(zip(values[::2], values[1::2], strict=True))

    def skip_metadata_value(self) -> None:
        tok = self.next()
        if tok.kind == "mdvar":
            if self.peek().text == "(":  # !DIExpression(...) and the like
                self.skip_balanced()
            return
        if tok.kind == "excl":
            nxt = self.peek()
            if nxt.kind == "str":
                self.next()
                return
            if nxt.text == "{":
                self.skip_balanced()
                return
        raise self.error(tok, f"expected metadata, found '{tok}'")

    def skip_linkage(self) -> None:
        while True:
            tok = self.peek()
            if tok.kind != "ident":
                return
            if tok.text in LINKAGE_WORDS or (CALLING_CONVENTION_RE.match(tok.text) and tok.text != "cc"):
                if tok.text in TYPE_KEYWORDS:
                    return
                self.next()
            elif tok.text == "cc" and self.peek(1).kind == "int":
                self.next()
                self.next()
            else:
                return
