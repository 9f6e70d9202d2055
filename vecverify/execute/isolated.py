"""Native calls in a child process: a crash or a hang of JIT'd code ends the child, not the
command that asked for the runs.

The JIT runs generated code in the caller's address space, so a vectorized loop that reads
far past its buffers (or a source function driven past them) would kill the whole process
with a segmentation fault: every result of the command lost, the crash unexplained. Here
the runs happen in a forked child (the compiled code, inputs and functions are inherited,
nothing is pickled on the way in); the child reports each item's outcome through a pipe as
it finishes and says which stage of an item it is in. When the child dies or stops
answering, the parent records the item it was running as crashed (with the signal and the
stage) and starts a new child from the next item, so one bad input costs one item.

Where ``os.fork`` does not exist the items run in this process.
"""

from __future__ import annotations

import faulthandler
import os
import pickle
import select
import signal
import struct
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

# A child that says nothing for this long is stuck (a native call is micro- to
# milliseconds; the margin is for a loaded machine).
IDLE_SECONDS = 60.0

Stage = Callable[[str], None]  # the work says what it is about to run ("source", ...)


@dataclass(frozen=True)
class Crash:
    """Item ``index`` did not finish: ``stage`` was running, ``how`` it ended."""

    index: int
    stage: str
    how: str


def _send(fd: int, message: Any) -> None:
    data = pickle.dumps(message)
    os.write(fd, struct.pack("<I", len(data)))
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class _Reader:
    """Length-prefixed pickles from a pipe, with a time limit per message."""

    def __init__(self, fd: int):
        self.fd = fd
        self.buffer = b""

    def _fill(self, need: int, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while len(self.buffer) < need:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise TimeoutError
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return False
            self.buffer += chunk
        return True

    def next(self, timeout: float) -> Any:
        """The next message; None at the end of the stream; TimeoutError when none came."""
        if not self._fill(4, timeout):
            return None
        (size,) = struct.unpack("<I", self.buffer[:4])
        if not self._fill(4 + size, timeout):
            return None
        message = pickle.loads(self.buffer[4 : 4 + size])
        self.buffer = self.buffer[4 + size :]
        return message


def _child(write_fd: int, start: int, count: int, work: Callable[[int, Stage], Any]) -> None:
    # A crash here is an outcome the parent reports: no traceback dump from a faulthandler
    # the parent enabled (pytest does) on the shared stderr.
    faulthandler.disable()
    try:
        for i in range(start, count):
            _send(write_fd, ("stage", i, ""))
            result = work(i, lambda name, i=i: _send(write_fd, ("stage", i, name)))  # type: ignore[misc]
            _send(write_fd, ("done", i, result))
        _send(write_fd, ("end",))
    except BaseException as e:  # raised again in the parent, not a traceback on stderr
        try:
            _send(write_fd, ("error", e))
        except Exception:  # an exception that does not pickle
            _send(write_fd, ("error", RuntimeError(f"{type(e).__name__}: {e}")))
    finally:
        os._exit(0)  # no atexit handlers, no flushing of the parent's buffers


def _ended(pid: int) -> str:
    """How the child ended (reaped)."""
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = "signal"
        return f"crashed ({name}, signal {sig})"
    return f"exited with status {os.WEXITSTATUS(status)}"


def run_isolated(count: int, work: Callable[[int, Stage], Any],
                 idle_seconds: float = IDLE_SECONDS) -> Iterator[tuple[int, Any | Crash]]:
    """``work(i, stage)`` for i in 0..count-1, each in a child process: (i, its result)
    in order, or (i, Crash) for an item whose run killed or stalled the child (the next
    items run in a new child). Results must pickle. An exception inside ``work`` is
    raised here (as a RuntimeError with its message if it does not pickle)."""
    if not hasattr(os, "fork"):
        for i in range(count):
            yield i, work(i, lambda _name: None)
        return
    start = 0
    while start < count:
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            _child(write_fd, start, count, work)
        os.close(write_fd)
        reader, current, stage, alive = _Reader(read_fd), start, "", True
        try:
            while True:
                try:
                    message = reader.next(idle_seconds)
                except TimeoutError:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    alive = False
                    yield current, Crash(current, stage, f"gave no answer within {idle_seconds:g} s (killed)")
                    start = current + 1
                    break
                if message is None:  # the child died mid-item
                    how, alive = _ended(pid), False
                    yield current, Crash(current, stage, how)
                    start = current + 1
                    break
                if message[0] == "stage":
                    current, stage = message[1], message[2]
                elif message[0] == "done":
                    yield message[1], message[2]
                    current, stage = message[1] + 1, ""
                elif message[0] == "error":
                    os.waitpid(pid, 0)
                    alive = False
                    raise message[1]
                else:  # "end"
                    os.waitpid(pid, 0)
                    alive, start = False, count
                    break
        finally:
            os.close(read_fd)
            if alive:  # the caller stopped early (or an error here): no orphan, no zombie
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
