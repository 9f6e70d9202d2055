"""LLVM's command-line tools (Debian's ``llvm-22``/``clang-22``): finding them, installing them.

Debian puts the tools in ``/usr/lib/llvm-22/bin`` (``VECVERIFY_LLVM_BIN`` overrides it) and
links ``opt-22``, ``clang-22`` on the PATH. Commands that need a tool install the packages
when it is missing (``apt-get``, with a message saying so); the test suite never does: it
skips what needs them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

LLVM_BIN = Path(os.environ.get("VECVERIFY_LLVM_BIN", "/usr/lib/llvm-22/bin"))
LLVM_MAJOR = 22
PACKAGES = (f"clang-{LLVM_MAJOR}", f"llvm-{LLVM_MAJOR}")


class ToolchainError(Exception):
    """An LLVM tool is missing and cannot be installed, or it rejected its input."""


def tool_path(name: str) -> Path | None:
    """LLVM's tool ``name`` (``opt``, ``clang``) of version 22, or None when not installed."""
    for candidate in (LLVM_BIN / name, shutil.which(f"{name}-{LLVM_MAJOR}")):
        if candidate is not None and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


def ensure_tool(name: str, log: object = None) -> Path:
    """LLVM's tool ``name``, installed with apt-get first when it is missing (needs root)."""
    found = tool_path(name)
    if found is not None:
        return found
    versioned = f"{name}-{LLVM_MAJOR}"
    apt = shutil.which("apt-get")
    if apt is None:
        raise ToolchainError(f"{versioned} is not installed and apt-get is not available: install "
                             f"{' and '.join(PACKAGES)} (Debian packages) and run again")
    prefix: list[str] = []
    if os.geteuid() != 0:
        sudo = shutil.which("sudo")
        if sudo is None:
            raise ToolchainError(f"{versioned} is not installed; installing it needs root: "
                                 f"apt-get install -y {' '.join(PACKAGES)}")
        prefix = [sudo, "-n"]
    print(f"{versioned} not found: installing {' '.join(PACKAGES)} with apt-get (one time)...",
          file=log, flush=True)  # type: ignore[call-overload]
    for cmd in ([*prefix, apt, "update"], [*prefix, apt, "install", "-y", *PACKAGES]):
        done = subprocess.run(cmd, capture_output=True, text=True,
                              env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
            raise ToolchainError(f"{' '.join(cmd[len(prefix):])} failed: {tail[0]}")
    found = tool_path(name)
    if found is None:
        raise ToolchainError(f"installed {' '.join(PACKAGES)} but found no {name} in {LLVM_BIN}")
    return found
