"""A line-level view of an LLVM module as opt prints it after ``-passes=instnamer``
(every value and block named, one instruction per line): where each function's body
is, its blocks and instruction lines, and the pieces of a line the mutator and the
reducer edit (opcode, flags, operands split at top-level commas). Text in, text out:
whatever the view does not understand stays as it was, and LLVM's verifier judges
every edited module (``valid``)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass

_DEFINE = re.compile(r'^define\b[^@]*@("[^"]+"|[\w.$-]+)\(')
_LABEL = re.compile(r'^("[^"]+"|[\w.$-]+):')
_ASSIGN = re.compile(r"^  (%[\w.$-]+|%\"[^\"]+\") = (.*)$")
TERMINATORS = frozenset({"ret", "br", "switch", "indirectbr", "invoke", "resume", "unreachable",
                         "cleanupret", "catchret", "catchswitch", "callbr"})


@dataclass
class Line:
    """One instruction line: ``  [%name = ]rest``."""

    index: int  # in the module's lines
    name: str | None  # the value it defines (with its %), or None
    rest: str  # the text after ``= `` (or after the indent)

    @property
    def words(self) -> list[str]:
        return self.rest.split(" ")

    @property
    def opcode(self) -> str:
        words = self.words
        while words and words[0] in ("tail", "musttail", "notail"):
            words = words[1:]
        return words[0] if words else ""

    def render(self, rest: str) -> str:
        return f"  {self.name} = {rest}" if self.name else f"  {rest}"


@dataclass
class Block:
    label: str
    label_index: int | None  # None: an entry block printed without a label
    lines: list[Line]

    @property
    def phis(self) -> list[Line]:
        return [ln for ln in self.lines if ln.opcode == "phi"]

    @property
    def terminator(self) -> Line | None:
        return self.lines[-1] if self.lines and self.lines[-1].opcode in TERMINATORS else None


@dataclass
class FunctionSpan:
    name: str
    define: int  # the ``define`` line
    end: int  # the closing ``}``


def functions(lines: list[str]) -> dict[str, FunctionSpan]:
    """Every defined function, by name (without the @)."""
    out: dict[str, FunctionSpan] = {}
    current: tuple[str, int] | None = None
    for i, text in enumerate(lines):
        if current is None:
            m = _DEFINE.match(text)
            if m and text.rstrip().endswith("{"):
                current = (m.group(1), i)
        elif text.startswith("}"):
            out[current[0]] = FunctionSpan(current[0], current[1], i)
            current = None
    return out


def parse_line(index: int, text: str) -> Line | None:
    if not text.startswith("  "):
        return None
    m = _ASSIGN.match(text)
    if m:
        return Line(index, m.group(1), m.group(2).rstrip())
    stripped = text.strip()
    if not stripped or stripped.startswith(";"):
        return None
    return Line(index, None, stripped)


def blocks(lines: list[str], span: FunctionSpan) -> list[Block]:
    out: list[Block] = []
    current = Block("", None, [])
    for i in range(span.define + 1, span.end):
        text = lines[i]
        m = _LABEL.match(text)
        if m:
            if current.lines or current.label_index is not None:
                out.append(current)
            current = Block(m.group(1), i, [])
            continue
        line = parse_line(i, text)
        if line is not None:
            current.lines.append(line)
    if current.lines or current.label_index is not None:
        out.append(current)
    return out


def instruction_lines(lines: list[str], span: FunctionSpan) -> list[Line]:
    return [ln for b in blocks(lines, span) for ln in b.lines]


def split_top(text: str, sep: str = ",") -> list[str]:
    """``text`` split at the separators outside brackets and quotes (parts stripped)."""
    parts: list[str] = []
    depth = 0
    quoted = False
    start = 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def param_list(define_line: str) -> tuple[int, int] | None:
    """The positions of the parameter list's parentheses in a ``define`` line."""
    m = _DEFINE.match(define_line)
    if m is None:
        return None
    open_at = m.end() - 1
    depth = 0
    for i in range(open_at, len(define_line)):
        if define_line[i] == "(":
            depth += 1
        elif define_line[i] == ")":
            depth -= 1
            if depth == 0:
                return open_at, i
    return None


def attribute_groups(lines: list[str]) -> dict[str, str]:
    out = {}
    for text in lines:
        m = re.match(r"^attributes #(\d+) = \{ (.*) \}$", text)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def remove_function(lines: list[str], name: str) -> list[str]:
    span = functions(lines).get(name)
    if span is None:
        return lines
    start = span.define
    while start > 0 and lines[start - 1].startswith("; Function Attrs"):
        start -= 1
    return lines[:start] + lines[span.end + 1:]


def valid(text: str, opt: str = "/usr/lib/llvm-22/bin/opt") -> bool:
    """Whether LLVM reads and verifies ``text``. In a process of its own: LLVM's parser
    aborts on some invalid inputs (which a mutant may be) instead of reporting them."""
    try:
        done = subprocess.run([opt, "-passes=verify", "-disable-output"], input=text,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0
