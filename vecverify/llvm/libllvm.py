"""LLVM's parser, verifier and printer, called in llvmlite's shared library directly.

Reading a module needs three calls of llvmlite's C API (parse, verify, print). Importing
``llvmlite.binding`` for them cost a cold ``vecverify check`` a tenth of its CPU time
(its package imports every wrapper module, llvmlite.ir and the JIT's); this module
loads the same library (``llvmlite/binding/libllvmlite.so``, found without importing
``llvmlite.binding``) through ctypes and declares those calls alone. Where that library
or one of its symbols cannot be found it falls back to ``llvmlite.binding`` itself.
The native witness and the JIT use ``llvmlite.binding`` as before: both load the same
library file, so there is one LLVM in the process.
"""

from __future__ import annotations

import ctypes
from typing import Any

from ..llvmlib import library_path


class _Direct:
    """The C calls, declared on the library itself."""

    def __init__(self, path: str) -> None:
        lib = ctypes.CDLL(path)
        c_char_pp = ctypes.POINTER(ctypes.c_char_p)
        self.context = lib.LLVMPY_GetGlobalContext
        self.context.argtypes, self.context.restype = [], ctypes.c_void_p
        self.parse = lib.LLVMPY_ParseAssembly
        self.parse.argtypes, self.parse.restype = [ctypes.c_void_p, ctypes.c_char_p, c_char_pp], ctypes.c_void_p
        self.verify = lib.LLVMPY_VerifyModule
        self.verify.argtypes, self.verify.restype = [ctypes.c_void_p, c_char_pp], ctypes.c_bool
        self.print = lib.LLVMPY_PrintModuleToString
        self.print.argtypes, self.print.restype = [ctypes.c_void_p, c_char_pp], None
        self.dispose_module = lib.LLVMPY_DisposeModule
        self.dispose_module.argtypes, self.dispose_module.restype = [ctypes.c_void_p], None
        self.dispose_string = lib.LLVMPY_DisposeString
        self.dispose_string.argtypes, self.dispose_string.restype = [ctypes.c_char_p], None

    def _take(self, out: ctypes.c_char_p) -> str:
        """The string LLVM returned through ``out`` (freed here)."""
        if not out.value:
            if out:
                self.dispose_string(out)
            return ""
        text = out.value.decode("utf-8", errors="replace")
        self.dispose_string(out)
        return text

    def canonical(self, text: str) -> str:
        out = ctypes.c_char_p()
        module = self.parse(self.context(), text.encode("utf-8"), ctypes.byref(out))
        if not module:
            raise RuntimeError("LLVM IR parsing error\n" + self._take(out))
        try:
            msg = ctypes.c_char_p()
            if self.verify(module, ctypes.byref(msg)):
                raise RuntimeError(self._take(msg))
            self._take(msg)
            printed = ctypes.c_char_p()
            self.print(module, ctypes.byref(printed))
            return self._take(printed)
        finally:
            self.dispose_module(module)


class _ThroughLlvmlite:
    """The same through ``llvmlite.binding`` (where the library was not found directly)."""

    def canonical(self, text: str) -> str:
        import llvmlite.binding as llvm

        mod = llvm.parse_assembly(text)
        mod.verify()
        return str(mod)


_api: Any = None


def api() -> _Direct | _ThroughLlvmlite:
    global _api
    if _api is None:
        path = library_path()
        try:
            _api = _Direct(path) if path is not None else _ThroughLlvmlite()
        except (OSError, AttributeError):  # not loadable, or a symbol missing: llvmlite's own way
            _api = _ThroughLlvmlite()
    return _api


def canonical_text(text: str) -> str:
    """LLVM's printed form of the module ``text``, after LLVM's parser and verifier.
    RuntimeError with LLVM's message where either rejects it (as llvmlite raises)."""
    return api().canonical(text)
