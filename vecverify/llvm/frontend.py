"""The reader's front end: LLVM itself (through llvmlite) parses and verifies the
input first, so every syntax or type error is reported the way LLVM reports it, on
one line; LLVM's canonical printed form of the module is then read by the grammar.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator

from ..errors import InputError
from ..ir.function import Module
from .cursor import LLVMParseError
from .denormal import rewrite_denormal_fpenv
from .grammar import ModuleGrammar


def read_module(path: str | os.PathLike[str], lenient: bool = False) -> Module:
    """Read and parse an LLVM IR text file (``lenient``: see parse_module)."""
    name = os.fspath(path)
    if os.path.isdir(name):
        raise InputError(f"{name}: is a directory, not an LLVM IR file")
    try:
        with open(name, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}") from None
    if data.startswith(b"BC\xc0\xde") or data.startswith(b"\xde\xc0\x17\x0b"):
        raise InputError(f"{name}: is LLVM bitcode, not LLVM IR text (use llvm-dis)")
    if b"\x00" in data:
        raise InputError(f"{name}: is a binary file, not LLVM IR text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{name}: is not UTF-8 text, not LLVM IR text") from None
    return parse_module(text, name, lenient)


def parse_module(text: str, source_name: str = "<input>", lenient: bool = False) -> Module:
    """Parse LLVM IR text (verified by LLVM first) into a :class:`Module`. Anything not
    modelled raises Unsupported, unless ``lenient``: then a function using it is left
    out of ``functions`` and named in ``opaque`` (for tools that rewrite the functions
    they can and keep the others as they are; never for a verdict on the module)."""
    if not isinstance(text, str):
        raise InputError(f"{source_name}: expected LLVM IR text")
    if not text.strip():
        raise InputError(f"{source_name}: empty input, no LLVM IR")
    if "\x00" in text:
        raise InputError(f"{source_name}: is a binary file, not LLVM IR text")
    if (depth := nesting_depth(text)) > MAX_NESTING:
        # LLVM's parser recurses once per level, in C++: deep enough, it overflows the
        # stack and the process dies (a segmentation fault), so it never sees such input.
        raise InputError(f"{source_name}: error: input nested too deeply ({depth} levels of brackets, "
                         f"at most {MAX_NESTING})")
    canonical = canonicalize(text, source_name)
    try:
        return ModuleGrammar(canonical, source_name, lenient).parse_module()
    except LLVMParseError as e:
        raise InputError(f"{source_name}: error: {e}") from None
    except RecursionError:
        raise InputError(f"{source_name}: error: input nested too deeply") from None


MAX_NESTING = 1000  # brackets within brackets: far beyond any real module
_NESTING_RE = re.compile(r'[(\[{<]|[)\]}>]|;[^\n]*|"[^"]*"')


def nesting_depth(text: str) -> int:
    """The deepest nesting of brackets ((), [], {}, <>) outside comments and strings."""
    depth = deepest = 0
    for m in _NESTING_RE.finditer(text):
        c = m.group()
        if c in "([{<":
            depth += 1
            deepest = max(deepest, depth)
        elif c in ")]}>":
            depth = max(0, depth - 1)
    return deepest


def canonicalize(text: str, source_name: str = "<input>") -> str:
    """Parse and verify ``text`` with LLVM; return LLVM's printed form of the module."""
    # LLVM's shared library: loaded when a module is read, not for --help
    from .libllvm import canonical_text

    text = rewrite_denormal_fpenv(text)  # newer than the LLVM that parses
    try:
        with _quiet_stderr():  # the parser's warnings (the verifier's errors are raised)
            return canonical_text(text)
    except RuntimeError as e:
        raise InputError(_llvm_message(str(e), source_name)) from None


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Keep LLVM's warnings (written straight to file descriptor 2, for example
    "ignoring debug info with an invalid version") off the user's terminal."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


_LOC_RE = re.compile(r"^<string>:(\d+):(\d+):\s*")


def _llvm_message(msg: str, source_name: str) -> str:
    """One line from LLVM's (multi-line) diagnostic."""
    lines = [ln for ln in msg.splitlines() if ln.strip()]
    if lines and lines[0].startswith("LLVM IR parsing error"):
        lines = lines[1:]
    if not lines:
        return f"{source_name}: error: LLVM rejected the input"
    first = lines[0]
    m = _LOC_RE.match(first)
    if m:
        return f"{source_name}:{m.group(1)}:{m.group(2)}: " + first[m.end():].strip()
    first = first.strip()
    if not first.startswith("error:"):
        first = "error: " + first
    out = f"{source_name}: {first}"
    if len(lines) > 1 and lines[1].startswith(" "):
        out += f" (at '{lines[1].strip()}')"
    return out
