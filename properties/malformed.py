"""Broken LLVM IR files, for the malformed-input campaign (bench malformed,
tests/test_malformed.py): one-edit mutations of well-formed seeds (truncations, swapped
tokens, odd integer widths, random bytes, huge vectors, deep nesting, lost lines and
braces, huge literals, renamed functions) and whole files of noise.

Deterministic: ``malformed_files(n, seed)`` gives the same n (kind, text) pairs for the
same seed and seeds. Every text is a str (random bytes are decoded with surrogate
escapes, so they reach the reader as they would from a file).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

# Seeds used when no corpus is at hand: small, well-formed pairs of the kinds the reader
# sees (scalars, vectors, memory, control flow, calls, globals, aggregates).
BUILTIN_SEEDS = (
    "define i32 @src(i32 %x) {\n  %r = shl i32 %x, 3\n  ret i32 %r\n}\n"
    "define i32 @tgt(i32 %x) {\n  %r = mul i32 %x, 8\n  ret i32 %r\n}\n",
    "define <4 x i32> @src(<4 x i32> %v) {\n"
    "  %r = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>\n"
    "  ret <4 x i32> %r\n}\n"
    "define <4 x i32> @tgt(<4 x i32> %v) {\n  ret <4 x i32> %v\n}\n",
    "@g = global i32 0, align 4\n"
    "define void @src(ptr noalias %p, i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\n"
    "a:\n  store i32 1, ptr %p, align 4\n  br label %b\nb:\n  %v = load i32, ptr @g, align 4\n"
    "  store i32 %v, ptr %p, align 4\n  ret void\n}\n"
    "define void @tgt(ptr noalias %p, i1 %c) {\nentry:\n  %v = load i32, ptr @g, align 4\n"
    "  store i32 %v, ptr %p, align 4\n  ret void\n}\n",
    "declare void @f(ptr) memory(argmem: read)\n"
    "define { i8, i16 } @src(ptr %p, i8 %x) {\n  call void @f(ptr %p)\n"
    "  %a = insertvalue { i8, i16 } poison, i8 %x, 0\n  ret { i8, i16 } %a\n}\n"
    "define { i8, i16 } @tgt(ptr %p, i8 %x) {\n  call void @f(ptr %p)\n"
    "  %a = insertvalue { i8, i16 } undef, i8 %x, 0\n  ret { i8, i16 } %a\n}\n",
    "define float @src(float %x) {\n  %r = fadd nnan float %x, 0.0\n  ret float %r\n}\n"
    "define float @tgt(float %x) {\n  ret float %x\n}\n",
)

ODD_WIDTHS = ("i0", "i1", "i3", "i65", "i16777215", "i16777216", "i99999999999999999999", "i-1", "i")
HUGE_VECTORS = ("<0 x", "<4294967296 x", "<100000 x", "<18446744073709551616 x", "<-4 x", "<vscale x 0 x")
HUGE_LITERALS = ("99999999999999999999999999999999", "-170141183460469231731687303715884105729",
                 "0x1p99999", "1e999999", "0xK7FFF", "0xH")
NOISE_TOKENS = ("{", "}", "(", ")", "<", ">", "[", "]", ",", "=", "%", "@", "!", "#", "ptr", "x", "to",
                "label", "define", "declare", "poison", "undef", "c\"", "\\", ";", "\x00", "\u2603")


def _tokens(text: str) -> list[str]:
    return re.findall(r"\s+|[A-Za-z0-9_.$%@!#\-]+|.", text, flags=re.S)


def _truncate(rng: random.Random, text: str) -> str:
    return text[: rng.randrange(len(text) + 1)]


def _swap_tokens(rng: random.Random, text: str) -> str:
    toks = _tokens(text)
    words = [i for i, t in enumerate(toks) if not t.isspace()]
    if len(words) < 2:
        return text[::-1]
    a, b = rng.sample(words, 2)
    toks[a], toks[b] = toks[b], toks[a]
    return "".join(toks)


def _odd_width(rng: random.Random, text: str) -> str:
    spots = list(re.finditer(r"\bi\d+\b", text))
    if not spots:
        return text + " i0"
    m = rng.choice(spots)
    return text[: m.start()] + rng.choice(ODD_WIDTHS) + text[m.end():]


def _random_bytes(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    junk = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 16))).decode("utf-8", "surrogateescape")
    return text[:at] + junk + text[at + rng.randint(0, 8):]


def _huge_vector(rng: random.Random, text: str) -> str:
    spots = list(re.finditer(r"<\d+ x", text))
    if not spots:
        return text.replace("i32 %x", f"{rng.choice(HUGE_VECTORS)} i32> %x", 1)
    m = rng.choice(spots)
    return text[: m.start()] + rng.choice(HUGE_VECTORS) + text[m.end():]


def _deep_nesting(rng: random.Random, text: str) -> str:
    depth = rng.choice((200, 2000, 20000))
    kind = rng.randrange(4)
    if kind == 0:  # nested array types
        t = "[1 x " * depth + "i8" + "]" * depth
        return text + f"\n@deep = global {t} zeroinitializer\n"
    if kind == 1:  # nested struct types in a signature
        t = "{ " * depth + "i8" + " }" * depth
        return text.replace("define", f"declare void @deep({t})\ndefine", 1)
    if kind == 2:  # nested constant expressions
        e = "add (i32 " * depth + "i32 1" + ", i32 1)" * depth
        return text + f"\n@deep = global i32 {e}\n"
    return "(" * depth + text + ")" * rng.choice((0, depth))  # unbalanced brackets


def _lose_line(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True)
    if not lines:
        return "}"
    i = rng.randrange(len(lines))
    if rng.random() < 0.5:
        del lines[i]
    else:
        lines.insert(i, lines[i])
    return "".join(lines)


def _lose_brace(rng: random.Random, text: str) -> str:
    spots = [m.start() for m in re.finditer(r"[{}()\[\]<>]", text)]
    if not spots:
        return text + "}"
    at = rng.choice(spots)
    return text[:at] + text[at + 1:]


def _huge_literal(rng: random.Random, text: str) -> str:
    spots = list(re.finditer(r"(?<=[ ,(])-?\d+\b", text))
    if not spots:
        return text + " 99999999999999999999"
    m = rng.choice(spots)
    return text[: m.start()] + rng.choice(HUGE_LITERALS) + text[m.end():]


def _rename(rng: random.Random, text: str) -> str:
    old = rng.choice(("@src", "@tgt", "%x", "%p", "label %a", "ret "))
    new = rng.choice(("@srcx", "@", "%", "%0", "label %nowhere", "ret ret ", "@tgt"))
    return text.replace(old, new, 1)


def _noise_tokens(rng: random.Random, text: str) -> str:
    toks = _tokens(text)
    for _ in range(rng.randint(1, 4)):
        toks.insert(rng.randrange(len(toks) + 1), rng.choice(NOISE_TOKENS))
    return "".join(toks)


def _whole_noise(rng: random.Random, text: str) -> str:
    choice = rng.randrange(5)
    if choice == 0:
        return ""
    if choice == 1:
        return " \n\t" * rng.randint(1, 20)
    if choice == 2:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 400))).decode("utf-8", "surrogateescape")
    if choice == 3:
        return "".join(rng.choice(NOISE_TOKENS) + " " for _ in range(rng.randint(1, 200)))
    return text.replace("\n", "\r\n") if rng.random() < 0.5 else text.replace("  ", "\t")


MUTATIONS: dict[str, Callable[[random.Random, str], str]] = {
    "truncation": _truncate,
    "swapped tokens": _swap_tokens,
    "odd width": _odd_width,
    "random bytes": _random_bytes,
    "huge vector": _huge_vector,
    "deep nesting": _deep_nesting,
    "lost or doubled line": _lose_line,
    "lost bracket": _lose_brace,
    "huge literal": _huge_literal,
    "renamed": _rename,
    "noise tokens": _noise_tokens,
    "whole-file noise": _whole_noise,
}


def corpus_seeds(root: Path, limit: int = 200, max_chars: int = 4000) -> list[str]:
    """Small well-formed files of a corpus (alive-tv format), sorted by path."""
    out = []
    for path in sorted(root.rglob("*.ll")):
        text = path.read_text(errors="surrogateescape")
        if len(text) <= max_chars:
            out.append(text)
        if len(out) >= limit:
            break
    return out


def malformed_files(n: int, seed: int = 0, seeds: list[str] | None = None) -> Iterator[tuple[str, str]]:
    """``n`` broken files as (mutation kind, text), round-robin over the kinds."""
    rng = random.Random(seed)
    pool = list(seeds) if seeds else list(BUILTIN_SEEDS)
    kinds = sorted(MUTATIONS)
    for i in range(n):
        kind = kinds[i % len(kinds)]
        yield kind, MUTATIONS[kind](rng, rng.choice(pool))


__all__ = ["MUTATIONS", "BUILTIN_SEEDS", "corpus_seeds", "malformed_files"]
