"""Reading and writing LLVM IR text (as clang and opt write it, opaque pointers)."""

from .frontend import parse_module, read_module
from .printer import print_function, print_module, splice_module

__all__ = ["parse_module", "read_module", "print_module", "print_function", "splice_module"]
