"""The methods ``@dataclass`` generates, compiled once and kept like bytecode.

``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__`` (and more for
frozen classes) as source text and compiles it with ``exec`` every time the class is
created: for the ~90 dataclasses a ``vecverify check`` imports, 300 compilations, a
seventh of a cold check's CPU time. ``install()`` gives the ``dataclasses`` module an
``exec`` of its own (a module global shadows the builtin there) that takes the code
object compiled from the same text from a cache, compiling only texts not seen before.
The same text compiled with the same flags is the same code, and it runs with the globals
and locals ``dataclasses`` passes, so every class is exactly what it was.

The cache is a marshal file beside the package's bytecode
(``vecverify/__pycache__/dataclass-code.<tag>.marshal``), read on the first class
created, written when a process compiled something new (atomically; skipped where the
directory is not writable), and tied to the interpreter's bytecode version, as ``.pyc``
files are. It is written even where PYTHONDONTWRITEBYTECODE is set (as ./dev compiles
the bytecode there too: this environment sets it, and every start would compile again).
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any

_PATH = os.path.join(os.path.dirname(__file__), "__pycache__",
                     f"dataclass-code.{sys.implementation.cache_tag}.marshal")
MAX_ENTRIES = 20_000  # beyond this (texts of older code) the file keeps only this process's


class _Cache:
    def __init__(self, path: str) -> None:
        self.path = path
        self.code: dict[str, CodeType] | None = None  # read on first use
        self.used: dict[str, CodeType] = {}
        self.new = 0

    def _load(self) -> dict[str, CodeType]:
        try:
            with open(self.path, "rb") as f:
                magic, table = marshal.loads(f.read())  # (marshal.load reads a file piece by piece: 4x slower)
            if magic == MAGIC_NUMBER and isinstance(table, dict):
                return table
        except (OSError, EOFError, ValueError, TypeError):
            pass
        return {}

    def compiled(self, text: str) -> CodeType:
        if self.code is None:
            self.code = self._load()
        code = self.code.get(text)
        if code is None:
            # as builtins.exec compiles a string called from dataclasses.py (no future flags)
            code = compile(text, "<string>", "exec", dont_inherit=True)
            self.code[text] = code
            self.new += 1
        self.used[text] = code
        return code

    def save(self) -> None:
        if not self.new or self.code is None:
            return
        table = self.code if len(self.code) <= MAX_ENTRIES else self.used
        tmp = f"{self.path}.{os.getpid()}"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(tmp, "wb") as f:
                marshal.dump((MAGIC_NUMBER, table), f)
            os.replace(tmp, self.path)
        except (OSError, ValueError):
            try:
                os.unlink(tmp)
            except OSError:
                pass
        self.new = 0


_cache = _Cache(_PATH)


# Whose dataclasses are cached (the modules' names start so): the project's, whose
# classes every command creates; other packages' (Hypothesis, Dask) would only make the
# file, read by every start, larger.
CACHED = ("vecverify.", "transforms.", "properties.")


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` for the dataclasses module: a source text's code from the cache."""
    if isinstance(source, str) and isinstance(globals, dict) and str(globals.get("__name__", "")).startswith(CACHED):
        source = _cache.compiled(source)
    builtins.exec(source, globals, locals)


def install() -> None:
    """From now on, dataclasses created in this process take their code from the cache."""
    import atexit
    import dataclasses

    if getattr(dataclasses, "exec", None) is not _exec:
        dataclasses.exec = _exec  # type: ignore[attr-defined]
        atexit.register(_cache.save)


install()  # on import: the command line imports this module before any other of vecverify's
