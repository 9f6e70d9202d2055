"""The bytes a value takes in the native harness's argument and memory blocks (a module
of its own: the input generator needs it without loading the JIT)."""

from __future__ import annotations

from ..errors import Unsupported
from ..ir.layout import store_size as layout_store_size
from ..ir.types import FloatType, IntType, PtrType, Type, VectorType


def store_size(t: Type) -> int:
    """Bytes LLVM writes for a value of type ``t`` (vectors packed, then rounded up) on
    this machine (64-bit pointers: the default layout's)."""
    if isinstance(t, IntType | FloatType | PtrType | VectorType):
        return layout_store_size(t)
    raise Unsupported(f"native execution of a value of type {t}")
