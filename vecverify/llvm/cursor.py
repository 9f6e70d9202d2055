"""Walking the tokens of LLVM's printed module: look ahead, consume, expect, skip.
"""

from __future__ import annotations

from .lexer import Token, tokenize


class LLVMParseError(Exception):
    """Raised inside the parser; converted to InputError with the source name."""


class TokenCursor:
    """The token stream and a position in it; errors name the line and column."""

    def __init__(self, text: str, source_name: str) -> None:
        self.text = text
        self.lines = text.splitlines()
        self.source_name = source_name
        self.toks = tokenize(text, source_name)
        self.pos = 0

    def peek(self, k: int = 0) -> Token:
        i = self.pos + k
        return self.toks[i] if i < len(self.toks) else self.toks[-1]

    def next(self) -> Token:
        tok = self.toks[self.pos]
        if tok.kind != "eof":
            self.pos += 1
        return tok

    def error(self, tok: Token, msg: str) -> Exception:
        return LLVMParseError(f"line {tok.line}:{tok.col} of LLVM's output: {msg}")

    def expect(self, text: str | None = None, kind: str | None = None) -> Token:
        tok = self.next()
        if (text is not None and tok.text != text) or (kind is not None and tok.kind != kind):
            raise self.error(tok, f"expected '{text or kind}', found '{tok}'")
        return tok

    def accept(self, text: str) -> bool:
        tok = self.peek()
        if tok.text == text and tok.kind in ("ident", "punct", "dots"):
            self.pos += 1
            return True
        return False

    def skip_line(self) -> None:
        line = self.peek().line
        while self.peek().kind != "eof" and self.peek().line == line:
            self.next()

    def skip_balanced(self) -> None:
        """Skip a bracketed group starting at the current token (which opens it)."""
        pairs = {"(": ")", "{": "}", "[": "]", "<": ">"}
        stack: list[str] = []
        while True:
            tok = self.next()
            if tok.kind == "eof":
                raise self.error(tok, "unbalanced brackets")
            if tok.kind == "punct" and tok.text in pairs:
                stack.append(pairs[tok.text])
            elif tok.kind == "punct" and stack and tok.text == stack[-1]:
                stack.pop()
            if not stack:
                return

    def group_text(self) -> str:
        """The raw text of a bracketed group starting at the current token, brackets excluded."""
        start = self.pos
        self.skip_balanced()
        return " ".join(t.text for t in self.toks[start + 1 : self.pos - 1])

    def line_tokens(self) -> list[Token]:
        line = self.peek().line
        out = []
        i = self.pos
        while self.toks[i].kind != "eof" and self.toks[i].line == line:
            out.append(self.toks[i])
            i += 1
        return out
