"""Native execution through llvmlite's JIT: the independent witness for the semantics."""

from .native import CompiledModule, NativeResult, compile_module, execute

__all__ = ["CompiledModule", "NativeResult", "compile_module", "execute"]
