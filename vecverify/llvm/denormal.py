"""Denormal modes of a function: LLVM 23's ``denormal_fpenv(...)`` attribute, written in
the string attributes LLVM 22 (the one that parses the input) reads, and both read into
:class:`DenormalModes`.

``denormal_fpenv(MODE[, float: MODE])``: the default mode and the one for ``float``;
``MODE`` is ``KIND`` (outputs and inputs alike) or ``OUT|IN`` (also ``OUT,IN``), each
kind ``ieee``, ``preservesign``, ``positivezero`` or ``dynamic``. The string attributes
``"denormal-fp-math"="OUT,IN"`` and ``"denormal-fp-math-f32"="OUT,IN"`` spell the
kinds ``ieee``, ``preserve-sign``, ``positive-zero``, ``dynamic``.
"""

from __future__ import annotations

import re

from ..errors import Unsupported
from ..ir.floats import DENORMAL_KINDS, DenormalMode, DenormalModes
from .policy import Attr

_FPENV_RE = re.compile(r"\bdenormal_fpenv\(([^()]*)\)")
_STRING_KINDS = {"ieee": "ieee", "preserve-sign": "preservesign", "positive-zero": "positivezero",
                 "dynamic": "dynamic"}
_SPELLING = {v: k for k, v in _STRING_KINDS.items()}


def rewrite_denormal_fpenv(text: str) -> str:
    """``text`` with every ``denormal_fpenv(...)`` replaced by the string attributes
    that say the same."""
    if "denormal_fpenv" not in text:
        return text
    return _FPENV_RE.sub(lambda m: _as_strings(m.group(1)), text)


def _as_strings(args: str) -> str:
    default_text, _, float_text = args.partition("float:")
    out = []
    default_text = default_text.strip().rstrip(",").strip()
    if default_text:
        out.append(f'"denormal-fp-math"="{_string_mode(_fpenv_mode(default_text))}"')
    if float_text.strip():
        out.append(f'"denormal-fp-math-f32"="{_string_mode(_fpenv_mode(float_text.strip()))}"')
    return " ".join(out)


def _fpenv_mode(text: str) -> DenormalMode:
    parts = [p.strip() for p in re.split(r"[|,]", text)]
    if len(parts) not in (1, 2) or any(p not in DENORMAL_KINDS for p in parts):
        raise Unsupported(f"function attribute denormal_fpenv({text})")
    return DenormalMode(parts[0], parts[-1])


def _string_mode(mode: DenormalMode) -> str:
    return f"{_SPELLING[mode.output]},{_SPELLING[mode.input]}"


def denormal_modes(attrs: list[Attr]) -> DenormalModes:
    """The modes the function attributes give (IEEE where they say nothing)."""
    default = DenormalMode()
    f32: DenormalMode | None = None
    for name, arg in attrs:
        if name == '"denormal-fp-math"':
            default = _string_attr_mode(name, arg)
        elif name == '"denormal-fp-math-f32"':
            f32 = _string_attr_mode(name, arg)
    return DenormalModes(default, None if f32 == default else f32)


def _string_attr_mode(name: str, arg: str | None) -> DenormalMode:
    if not (arg or "").strip():
        return DenormalMode()
    parts = [p.strip() for p in (arg or "").split(",")]
    if len(parts) not in (1, 2) or any(p not in _STRING_KINDS for p in parts):
        raise Unsupported(f"function attribute {name}={arg}")
    return DenormalMode(_STRING_KINDS[parts[0]], _STRING_KINDS[parts[-1]])
