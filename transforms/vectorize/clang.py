"""clang-22 for the C kernels (``corpus/paper/c``): compiling them (finding and installing
clang is :mod:`vecverify.toolchain`'s job). The benchmark installs clang when it is
missing; the test suite never does: it skips what needs it.

The scalar input of the vectorizer is clang's ``-O3`` with both of its vectorizers off;
LLVM's own SLP is ``-O3 -fno-vectorize`` (the SLP vectorizer on, the loop vectorizer off).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from vecverify.toolchain import LLVM_BIN, PACKAGES, ToolchainError, ensure_tool, tool_path

__all__ = ["LLVM_BIN", "PACKAGES", "ToolchainError", "clang_path", "compile_c", "ensure_clang"]

# -march for each cost-model target of the vectorizer: the same ISA on both sides.
MARCH = {"avx2": "x86-64-v3", "sse4": "x86-64-v2"}
SCALAR_FLAGS = ("-O3", "-fno-vectorize", "-fno-slp-vectorize")
LLVM_SLP_FLAGS = ("-O3", "-fno-vectorize")


def clang_path() -> Path | None:
    """clang-22, or None when it is not installed."""
    return tool_path("clang")


def ensure_clang(log: object = None) -> Path:
    """clang-22, installed with apt-get first when it is missing (needs root)."""
    return ensure_tool("clang", log)


def compile_c(source: Path, flags: tuple[str, ...], target: str = "avx2", clang: Path | None = None) -> str:
    """LLVM IR text of ``source`` compiled with ``flags`` for ``target``'s ISA."""
    clang = clang or clang_path()
    if clang is None:
        raise ToolchainError("clang-22 is not installed")
    cmd = [str(clang), *flags, f"-march={MARCH[target]}", "-S", "-emit-llvm", "-o", "-", str(source)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        first = (done.stderr.strip().splitlines() or ["(no output)"])[0]
        raise ToolchainError(f"clang failed on {source.name}: {first}")
    # The module name and the compiler's own path say nothing about the code.
    return "\n".join(ln for ln in done.stdout.splitlines()
                     if not ln.startswith(("; ModuleID", "source_filename"))) + "\n"
