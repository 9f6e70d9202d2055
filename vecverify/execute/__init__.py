"""Native execution through llvmlite's JIT: the independent witness for the semantics."""

from .native import CompiledModule, Memory, NativeResult, compile_module, execute, lanes_of

__all__ = ["CompiledModule", "Memory", "NativeResult", "compile_module", "execute", "lanes_of"]
