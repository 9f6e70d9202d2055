"""Reading LLVM IR text into the IR model: the entry points.

The reader is split by job:

- :mod:`.frontend`: LLVM (through llvmlite) parses and verifies the input, its
  diagnostics become one line; its canonical printed form is handed to the grammar;
- :mod:`.policy`: what is modelled, what is dropped as meaningless for the verifier,
  what is reported unsupported by name;
- the grammar of LLVM's printed form: :mod:`.grammar` (module, globals, declarations,
  functions), :mod:`.instructions`, :mod:`.constants` (values), :mod:`.annotations`
  (attributes and metadata), :mod:`.types`, over :mod:`.cursor` and :mod:`.lexer`.
"""

from __future__ import annotations

from .frontend import canonicalize, parse_module, read_module

__all__ = ["canonicalize", "parse_module", "read_module"]
