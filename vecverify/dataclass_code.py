"""The methods ``@dataclass`` generates, compiled once and kept like bytecode.

``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__`` (and more for
frozen classes) as source text and compiles it with ``exec`` every time the class is
created: for the ~90 dataclasses a ``vecverify check`` imports, 300 compilations, a
seventh of a cold check's CPU time. ``install()`` gives the ``dataclasses`` module an
``exec`` of its own (a module global shadows the builtin there) that takes the code
object compiled from the same text from a cache, compiling only texts not seen before.
The same text compiled with the same flags is the same code, and it runs with the globals
and locals ``dataclasses`` passes, so every class is exactly what it was.

Each module of the project has its cache beside its bytecode
(``__pycache__/<module>.dataclasses.<tag>.marshal``): read when the module creates its
first class, and rewritten, with exactly the texts the module used in this process, when
it compiled one that was not there (a module creates its classes as it is imported, so
an edited module's old texts drop out). Files are written atomically, skipped where the
directory is not writable, and tied to the interpreter's bytecode version, as ``.pyc``
files are. They are written even where PYTHONDONTWRITEBYTECODE is set (as ./dev compiles
the bytecode there too: this environment sets it, and every start would compile again).
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType, ModuleType
from typing import Any

# Whose dataclasses are cached (the modules' names start so): the project's, whose
# classes every command creates.
CACHED = ("vecverify.", "transforms.", "properties.")


class _Cache:
    """One module's compiled texts."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.code: dict[str, CodeType] | None = None  # read on first use
        self.used: dict[str, CodeType] = {}
        self.new = 0

    def _load(self) -> dict[str, CodeType]:
        try:
            with open(self.path, "rb") as f:
                # (marshal.load would read the file piece by piece: 4x slower)
                magic, table = marshal.loads(f.read())
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
        if not self.new:
            return
        tmp = f"{self.path}.{os.getpid()}"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(tmp, "wb") as f:
                marshal.dump((MAGIC_NUMBER, self.used), f)
            os.replace(tmp, self.path)
        except (OSError, ValueError):
            try:
                os.unlink(tmp)
            except OSError:
                pass
        self.new = 0


_caches: dict[str, _Cache] = {}


def cache_path(module_file: str, module: str) -> str:
    """Where the cache of ``module`` (its source ``module_file``) is: beside its bytecode,
    named as its ``.pyc`` is (a package's, ``__init__``)."""
    name = os.path.splitext(os.path.basename(module_file))[0] or module.rsplit(".", 1)[-1]
    return os.path.join(os.path.dirname(module_file), "__pycache__",
                        f"{name}.dataclasses.{sys.implementation.cache_tag}.marshal")


def _cache_of(globals: Any) -> _Cache | None:
    if not isinstance(globals, dict):
        return None
    module = str(globals.get("__name__", ""))
    found = _caches.get(module)
    if found is None:
        where = globals.get("__file__")
        if not module.startswith(CACHED) or not isinstance(where, str):
            return None
        found = _caches[module] = _Cache(cache_path(where, module))
    return found


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` for the dataclasses module: a source text's code from its module's cache."""
    if isinstance(source, str):
        cache = _cache_of(globals)
        # compiled as builtins.exec compiles a text called from dataclasses.py: without
        # this module's future flags (its `annotations` made every annotation a string)
        source = cache.compiled(source) if cache is not None else compile(source, "<string>", "exec", dont_inherit=True)
    builtins.exec(source, globals, locals)


def _save_all() -> None:
    for cache in _caches.values():
        cache.save()


def _import_dataclasses() -> Any:
    """``dataclasses``, imported without importing ``inspect`` (with ``dis``, ``ast`` and
    ``tokenize``: ~5 ms of a cold start, for a function dataclasses calls only to write a
    docstring for a class that has none): while it is imported, ``sys.modules`` holds a
    stand-in for ``inspect`` whose attributes are the real module's, imported at their
    first use. Where ``dataclasses`` or ``inspect`` is already loaded, nothing changes."""
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        import dataclasses

        return dataclasses
    stand_in = ModuleType("inspect", "the real inspect module's attributes, imported at first use")

    def real(name: str) -> Any:
        sys.modules.pop("inspect", None) if sys.modules.get("inspect") is stand_in else None
        import inspect

        return getattr(inspect, name)

    stand_in.__getattr__ = real  # type: ignore[method-assign]  # PEP 562: every attribute the stand-in lacks
    sys.modules["inspect"] = stand_in
    try:
        import dataclasses
    finally:
        if sys.modules.get("inspect") is stand_in:
            del sys.modules["inspect"]
    return dataclasses


def install() -> None:
    """From now on, dataclasses created in this process take their code from the caches."""
    import atexit

    dataclasses = _import_dataclasses()
    if getattr(dataclasses, "exec", None) is not _exec:
        dataclasses.exec = _exec  # type: ignore[attr-defined]
        atexit.register(_save_all)


install()  # on import: the command line imports this module before any other of vecverify's
