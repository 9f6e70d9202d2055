"""clang-22 for the C kernels (``corpus/paper/c``): finding it, installing it, compiling.

Debian's ``clang-22``/``llvm-22`` packages put the tools in ``/usr/lib/llvm-22/bin``. The
benchmark installs them when they are missing (``apt-get``, with a message saying so);
the test suite never does: it skips what needs them.

The scalar input of the vectorizer is clang's ``-O3`` with both of its vectorizers off;
LLVM's own SLP is ``-O3 -fno-vectorize`` (the SLP vectorizer on, the loop vectorizer off).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

LLVM_BIN = Path(os.environ.get("VECVERIFY_LLVM_BIN", "/usr/lib/llvm-22/bin"))
PACKAGES = ("clang-22", "llvm-22")

# -march for each cost-model target of the vectorizer: the same ISA on both sides.
MARCH = {"avx2": "x86-64-v3", "sse4": "x86-64-v2"}
SCALAR_FLAGS = ("-O3", "-fno-vectorize", "-fno-slp-vectorize")
LLVM_SLP_FLAGS = ("-O3", "-fno-vectorize")


class ToolchainError(Exception):
    """clang-22 is missing and cannot be installed, or it rejected a kernel."""


def clang_path() -> Path | None:
    """clang-22, or None when it is not installed."""
    for candidate in (LLVM_BIN / "clang", shutil.which("clang-22")):
        if candidate is not None and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


def ensure_clang(log: object = None) -> Path:
    """clang-22, installed with apt-get first when it is missing (needs root)."""
    found = clang_path()
    if found is not None:
        return found
    apt = shutil.which("apt-get")
    if apt is None:
        raise ToolchainError("clang-22 is not installed and apt-get is not available: install "
                             f"{' and '.join(PACKAGES)} (Debian packages) and run again")
    prefix: list[str] = []
    if os.geteuid() != 0:
        sudo = shutil.which("sudo")
        if sudo is None:
            raise ToolchainError(f"clang-22 is not installed; installing it needs root: "
                                 f"apt-get install -y {' '.join(PACKAGES)}")
        prefix = [sudo, "-n"]
    print(f"clang-22 not found: installing {' '.join(PACKAGES)} with apt-get (one time)...",
          file=log, flush=True)  # type: ignore[call-overload]
    for cmd in ([*prefix, apt, "update"], [*prefix, apt, "install", "-y", *PACKAGES]):
        done = subprocess.run(cmd, capture_output=True, text=True,
                              env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
            raise ToolchainError(f"{' '.join(cmd[len(prefix):])} failed: {tail[0]}")
    found = clang_path()
    if found is None:
        raise ToolchainError(f"installed {' '.join(PACKAGES)} but found no clang in {LLVM_BIN}")
    return found


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
