"""A tokenizer for LLVM IR text as LLVM's own printer writes it.

The reader first lets LLVM (through llvmlite) parse and verify the input, then tokenizes
LLVM's canonical printed text. That text is regular, so the token set here is small:
local and global names, labels, attribute-group and metadata references, keywords,
integers, floating-point literals, strings and punctuation. Comments and white space are
dropped; every token knows its line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError

_NAME = r'(?:[-a-zA-Z$._][-a-zA-Z$._0-9]*|[0-9]+|"[^"]*")'

_TOKEN_RE = re.compile(
    r"""
      (?P<ws>[ \t\r\n]+)
    | (?P<comment>;[^\n]*)
    | (?P<label>(?:[-a-zA-Z$._0-9]+|"[^"]*"):)
    | (?P<lvar>%""" + _NAME + r""")
    | (?P<gvar>@""" + _NAME + r""")
    | (?P<comdat>\$""" + _NAME + r""")
    | (?P<dbgrec>\#dbg_[a-z_]+)
    | (?P<attrgrp>\#[0-9]+)
    | (?P<mdvar>![-a-zA-Z$._0-9]+)
    | (?P<excl>!)
    | (?P<hex>0x[KLMHR]?[0-9A-Fa-f]+)
    | (?P<float>[-+]?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)
    | (?P<int>-?[0-9]+)
    | (?P<dots>\.\.\.)
    | (?P<ident>[a-zA-Z_$.][a-zA-Z_$.0-9]*)
    | (?P<str>"[^"]*")
    | (?P<punct>[=,()\[\]{}<>*:|])
    """,
    re.VERBOSE,
)


@dataclass(slots=True)
class Token:
    """One token of LLVM IR text, where it starts."""

    kind: str  # label lvar gvar comdat dbgrec attrgrp mdvar excl hex float int ident str dots punct eof
    text: str  # the raw text
    value: str  # names unquoted and unescaped, without their sigil; otherwise the text
    line: int
    col: int

    def __str__(self) -> str:
        return self.text or "end of input"


def unescape_bytes(s: str) -> bytes:
    """The bytes of an LLVM string body (``c"..."`` initializers), escapes decoded."""
    out = bytearray()
    raw = s.encode("utf-8")
    i = 0
    while i < len(raw):
        if raw[i] == 0x5C and raw[i + 1 : i + 2] == b"\\":
            out.append(0x5C)
            i += 2
        elif raw[i] == 0x5C and _is_hex2(raw[i + 1 : i + 3]):
            out.append(int(raw[i + 1 : i + 3], 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return bytes(out)


def unescape(s: str) -> str:
    """LLVM's string escapes: ``\\\\`` and ``\\XX`` (two hex digits)."""
    if "\\" not in s:
        return s
    out = bytearray()
    i = 0
    raw = s.encode("utf-8")
    while i < len(raw):
        c = raw[i]
        if c == 0x5C and i + 1 < len(raw) and raw[i + 1] == 0x5C:
            out.append(0x5C)
            i += 2
        elif c == 0x5C and i + 2 < len(raw) + 0 and _is_hex2(raw[i + 1 : i + 3]):
            out.append(int(raw[i + 1 : i + 3], 16))
            i += 3
        else:
            out.append(c)
            i += 1
    return out.decode("utf-8", errors="replace")


def _is_hex2(b: bytes) -> bool:
    return len(b) == 2 and all(chr(x) in "0123456789abcdefABCDEF" for x in b)


def _name_value(text: str) -> str:
    if text.startswith('"'):
        return unescape(text[1:-1])
    return text


def tokenize(text: str, source_name: str = "<input>") -> list[Token]:
    """All tokens of ``text``, ending with an ``eof`` token."""
    tokens: list[Token] = []
    line = 1
    line_start = 0
    pos = 0
    n = len(text)
    match = _TOKEN_RE.match
    while pos < n:
        m = match(text, pos)
        if m is None:
            col = pos - line_start + 1
            raise InputError(f"{source_name}:{line}:{col}: error: unexpected character {text[pos]!r}")
        kind = m.lastgroup
        assert kind is not None
        raw = m.group()
        if kind not in ("ws", "comment"):
            col = pos - line_start + 1
            if kind == "label":
                value = _name_value(raw[:-1])
            elif kind in ("lvar", "gvar", "comdat"):
                value = _name_value(raw[1:])
            elif kind == "str":
                value = unescape(raw[1:-1])
            else:
                value = raw
            tokens.append(Token(kind, raw, value, line, col))
        nl = raw.count("\n")
        if nl:
            line += nl
            line_start = pos + raw.rfind("\n") + 1
        pos = m.end()
    tokens.append(Token("eof", "", "", line, pos - line_start + 1))
    return tokens
