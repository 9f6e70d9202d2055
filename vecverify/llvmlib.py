"""Where llvmlite's shared library (LLVM's, as llvmlite builds it) is, found without
importing ``llvmlite.binding`` or any module of ``vecverify.llvm``: the reader's direct
calls (llvm/libllvm.py), the code generator's process (execute/codegen.py) and the
launcher, which starts loading it early (app/launch.py), all load this file.
"""

from __future__ import annotations

import importlib.util
import os
import sys

_LIB_NAMES = {"linux": "libllvmlite.so", "darwin": "libllvmlite.dylib", "win32": "llvmlite.dll"}


def library_path() -> str | None:
    """llvmlite's shared library, or None where it is not found beside the package."""
    spec = importlib.util.find_spec("llvmlite")  # the package's place, without importing its binding
    if spec is None or not spec.submodule_search_locations:
        return None
    name = _LIB_NAMES.get(sys.platform)
    if name is None:
        return None
    path = os.path.join(list(spec.submodule_search_locations)[0], "binding", name)
    return path if os.path.isfile(path) else None
