"""Object code for the JIT, compiled in a helper process.

LLVM's code generator aborts the process on some valid IR (x86
``llvm.canonicalize.v2f32``: "Do not know how to custom type legalize this
operation!"), which must not take the caller with it. Modules are therefore compiled by
a long-lived child process that loads llvmlite and nothing else (codegen_worker.py).
Forking the caller for each module would isolate as well, but costs tens of
milliseconds in a large process (a fuzz worker with its solver state) against about
one here. A module the child dies on is reported unsupported with LLVM's message; the
next module starts a new child.

The child starts without ``site`` (``-I -S``) and calls llvmlite's library directly
(codegen_worker.py): it is ready in about a third of the time importing
``llvmlite.binding`` took, and :func:`prestart` starts it while the caller still has
work of its own to do (a counterexample's replay: the concrete evaluation, the JIT).
"""

from __future__ import annotations

import atexit
import importlib.util
import marshal
import os
import subprocess
import sys
import tempfile
import threading
from typing import IO, Any

from ..errors import Unsupported
from ..llvmlib import library_path
from .codegen_worker import read_message, write_message

_WORKER = os.path.join(os.path.dirname(__file__), "codegen_worker.py")


class CodegenProcess:
    """One child compiling module after module (restarted after it dies)."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._errors: IO[bytes] | None = None
        self._owner = 0  # the pid that started the child (a forked copy starts its own)
        self._lock = threading.Lock()

    def compile(self, text: str, cpu: str, features: str, where: str) -> bytes:
        request = marshal.dumps({"cpu": cpu, "features": features, "text": text})
        with self._lock:
            proc, errors = self._child()
            assert proc.stdin is not None and proc.stdout is not None
            start = errors.seek(0, os.SEEK_END)
            try:
                write_message(proc.stdin, request)
                status = proc.stdout.read(1)
                answer = read_message(proc.stdout) if status else None
            except (BrokenPipeError, OSError):
                status, answer = b"", None
            if answer is None:  # the child died on this module
                self._stop()
                raise Unsupported(f"native execution: LLVM's code generator failed on {where} "
                                  f"({_fatal_message(errors, start, proc)})")
        if status == b"E":
            raise Unsupported(f"native execution: LLVM rejected {where} ({answer.decode(errors='replace')})")
        return answer

    def start(self) -> None:
        """Start the child now (if none runs) without waiting for it."""
        with self._lock:
            self._child()

    def _child(self) -> tuple[subprocess.Popen[bytes], IO[bytes]]:
        if self._proc is None or self._owner != os.getpid() or self._proc.poll() is not None:
            self._errors = tempfile.TemporaryFile()
            self._proc = subprocess.Popen(
                [sys.executable, "-I", "-S", _WORKER, library_path() or "", _site()],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._errors,
            )
            if self._owner != os.getpid():
                _wait_in_pool_workers(self)
            self._owner = os.getpid()
        assert self._errors is not None
        return self._proc, self._errors

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and self._owner == os.getpid():
            for stream in (proc.stdin, proc.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()

    def close(self) -> None:
        with self._lock:
            self._stop()


def _fatal_message(errors: IO[bytes], start: int, proc: Any) -> str:
    """LLVM's message from what the child wrote to stderr since ``start``."""
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
    errors.seek(start)
    lines = [ln for ln in errors.read().decode(errors="replace").splitlines() if ln.strip()]
    return next((ln.strip() for ln in lines if "LLVM ERROR" in ln or "UNREACHABLE" in ln or "error" in ln.lower()),
                lines[-1].strip() if lines else f"exit status {proc.returncode}")


def _site() -> str:
    """The directory holding the ``llvmlite`` package (the child runs without ``site``:
    where it cannot call the library directly it imports ``llvmlite.binding`` from there)."""
    spec = importlib.util.find_spec("llvmlite")
    if spec is None or not spec.submodule_search_locations:
        return ""
    return os.path.dirname(list(spec.submodule_search_locations)[0])


def _wait_in_pool_workers(process: CodegenProcess) -> None:
    """In a multiprocessing worker, where atexit handlers do not run, wait for the child
    at the worker's end too (a process that never used multiprocessing has not loaded it:
    it is no pool's worker)."""
    util = sys.modules.get("multiprocessing.util")
    if util is not None:
        util.Finalize(process, process.close, exitpriority=0)


_PROCESS = CodegenProcess()
# Wait for the child when this process ends, so that its CPU time is this process's
# children's (bench fuzz counts it).
atexit.register(_PROCESS.close)


def prestart() -> None:
    """Start the code generator's process now, for a module compiled soon."""
    _PROCESS.start()


def object_code(text: str, cpu: str, features: str, where: str) -> bytes:
    """Object code of module ``text`` for ``cpu`` with ``features`` (LLVM's spelling,
    ``+sse4.2,-avx512f,...``), compiled at -O2."""
    return _PROCESS.compile(text, cpu, features, where)
