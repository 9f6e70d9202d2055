"""Native execution through llvmlite's JIT: the independent witness for the semantics.

The names below are loaded at their first use (PEP 562): importing a module of this
package (``execute.replay`` for a counterexample) does not load the JIT and numpy
before it needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .native import CompiledModule, Memory, NativeResult, compile_module, execute, lanes_of

__all__ = ["CompiledModule", "Memory", "NativeResult", "compile_module", "execute", "lanes_of"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import native

        return getattr(native, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
