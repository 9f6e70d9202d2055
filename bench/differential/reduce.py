"""Delta debugging over a pair's functions and instructions, keeping what a predicate
says is still interesting (for the campaign: the same two disagreeing verdicts).

The units are the functions defined in both modules (other than @src/@tgt) and every
instruction line but terminators; a removed instruction's uses get ``zeroinitializer``
of their type (null, 0, 0.0, all-zero vectors), then, in a second pass, each remaining
value's uses are tried with its first operand instead (an ``add %a, %b`` becomes
``%a``), and attributes are dropped one at a time. Every candidate is verified by LLVM
before the predicate sees it. Classic ddmin (Zeller and Hildebrandt): remove chunks,
halving the chunk size when none can go.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .irtext import functions, instruction_lines, param_list, remove_function, split_top, valid

# (side, kind, key): side "src"/"tgt" (a srctgt pair has one module: "src"), kind
# "fn" (key: a function's name) or "line" (key: the line's index in the original text).
Unit = tuple[str, str, str | int]


@dataclass(frozen=True)
class Pair:
    src: str
    tgt: str
    srctgt: bool  # one module (src) holding @src and @tgt

    def modules(self) -> dict[str, str]:
        return {"src": self.src} if self.srctgt else {"src": self.src, "tgt": self.tgt}

    def with_modules(self, texts: dict[str, str]) -> Pair:
        return Pair(texts["src"], texts["src"] if self.srctgt else texts["tgt"], self.srctgt)


def _compared(pair: Pair) -> list[str]:
    if pair.srctgt:
        return ["src", "tgt"]
    src = functions(pair.src.splitlines())
    return [n for n in functions(pair.tgt.splitlines()) if n in src]


def units(pair: Pair) -> list[Unit]:
    out: list[Unit] = []
    names = _compared(pair)
    if not pair.srctgt and len(names) > 1:
        out += [("both", "fn", n) for n in names]
    for side, text in pair.modules().items():
        lines = text.splitlines()
        spans = functions(lines)
        for name in names:
            if name in spans:
                out += [(side, "line", ln.index) for ln in instruction_lines(lines, spans[name])
                        if ln.opcode not in ("ret", "br", "switch", "unreachable", "indirectbr", "resume")]
    return out


def _substituted(lines: list[str], name: str, value: str) -> list[str]:
    pattern = re.compile(re.escape(name) + r"(?![\w.$-])")
    return [pattern.sub(value, text) for text in lines]


def apply(pair: Pair, removed: set[Unit]) -> Pair:
    texts: dict[str, str] = {}
    for side, text in pair.modules().items():
        lines = text.splitlines()
        gone = {int(k) for s, kind, k in removed if s == side and kind == "line"}
        spans = list(functions(lines).values())
        for i in sorted(gone):
            m = re.match(r"^  (%[\w.$-]+) = ", lines[i])
            span = next((sp for sp in spans if sp.define < i < sp.end), None)
            if m and span is not None:  # value names are the function's own
                body = _substituted(lines[span.define:span.end + 1], m.group(1), "zeroinitializer")
                lines[span.define:span.end + 1] = body
        kept = [t for i, t in enumerate(lines) if i not in gone]
        for s, kind, k in removed:
            if kind == "fn" and s == "both":
                kept = remove_function(kept, str(k))
        texts[side] = "\n".join(kept) + "\n"
    return pair.with_modules(texts)


def _valid(pair: Pair, is_valid: Callable[[str], bool]) -> bool:
    return all(is_valid(t) for t in pair.modules().values())


class Reducer:
    def __init__(self, test: Callable[[Pair], bool], budget: int = 200,
                 is_valid: Callable[[str], bool] = valid):
        self.test = test
        self.budget = budget  # predicate calls at most
        self.is_valid = is_valid
        self.calls = 0

    def interesting(self, pair: Pair) -> bool:
        if self.calls >= self.budget or not _valid(pair, self.is_valid):
            return False
        self.calls += 1
        return self.test(pair)

    def ddmin(self, pair: Pair) -> Pair:
        todo = units(pair)
        removed: set[Unit] = set()
        n = 2
        while todo and self.calls < self.budget:
            size = max(1, -(-len(todo) // n))
            chunks = [todo[i:i + size] for i in range(0, len(todo), size)]
            for chunk in chunks:
                candidate = removed | set(chunk)
                if self.interesting(apply(pair, candidate)):
                    removed = candidate
                    todo = [u for u in todo if u not in chunk]
                    n = max(n - 1, 2)
                    break
            else:
                if size == 1:
                    break
                n = min(len(todo), 2 * n)
        return apply(pair, removed)

    def forward_operands(self, pair: Pair) -> Pair:
        """Each value's uses replaced by its first operand, where that keeps it interesting."""
        for side in list(pair.modules()):
            i = 0
            while self.calls < self.budget:
                lines = pair.modules()[side].splitlines()
                defs = [(j, m) for j, t in enumerate(lines) if (m := re.match(r"^  (%[\w.$-]+) = (.*)$", t))
                        and not m.group(2).startswith(("phi", "alloca"))]
                if i >= len(defs):
                    break
                j, m = defs[i]
                operand = re.search(r"(?<=[\s(,\[])%[\w.$-]+", m.group(2))
                i += 1
                if operand is None:
                    continue
                span = next((sp for sp in functions(lines).values() if sp.define < j < sp.end), None)
                if span is None:
                    continue
                body = _substituted(lines[span.define:span.end + 1], m.group(1), operand.group(0))
                kept = [t for k, t in enumerate(lines[:span.define] + body + lines[span.end + 1:]) if k != j]
                candidate = pair.with_modules({**pair.modules(), side: "\n".join(kept) + "\n"})
                if self.interesting(candidate):
                    pair = candidate
                    i -= 1
        return pair

    def drop_attributes(self, pair: Pair) -> Pair:
        """Attribute-group references and parameter attributes dropped one at a time."""
        for side in list(pair.modules()):
            changed = True
            while changed and self.calls < self.budget:
                changed = False
                for candidate_text in _without_one_attribute(pair.modules()[side]):
                    candidate = pair.with_modules({**pair.modules(), side: candidate_text})
                    if self.interesting(candidate):
                        pair, changed = candidate, True
                        break
        return pair

    def run(self, pair: Pair) -> Pair:
        pair = self.ddmin(pair)
        pair = self.forward_operands(pair)
        pair = self.ddmin(pair)
        return self.drop_attributes(pair)


def _without_one_attribute(text: str) -> list[str]:
    """``text`` with one attribute-group reference or parameter attribute of a define
    line dropped, for each one there is."""
    lines = text.splitlines()
    out = []
    for span in functions(lines).values():
        define = lines[span.define]
        fewer: list[str] = [define[:m.start()] + define[m.end():] for m in re.finditer(r" #\d+\b", define)]
        parens = param_list(define)
        if parens is not None:
            params = split_top(define[parens[0] + 1:parens[1]])
            for i, p in enumerate(params):
                words = split_top(p, " ")
                for j in range(1, len(words) - 1):
                    edited = [*params[:i], " ".join(words[:j] + words[j + 1:]), *params[i + 1:]]
                    fewer.append(define[:parens[0] + 1] + ", ".join(edited) + define[parens[1]:])
        out += ["\n".join([*lines[:span.define], d, *lines[span.define + 1:]]) + "\n" for d in fewer]
    return out
