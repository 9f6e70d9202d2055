"""The warm server behind ``vecverify server start`` (the client side is launch.py).

It loads what ``check`` and ``opt-tv`` need (Z3 and its context, LLVM's library, the
reader, the semantics, the refinement check), listens on a Unix socket only its user
can reach, and forks once per request: the child takes the client's standard streams
(passed as file descriptors), arguments, working directory, environment and umask, runs
the command line exactly as the client would have, and sends back the exit code. The
server itself runs nothing but accept and fork, so every command starts from the same
state and none sees another's. It exits after ``idle`` seconds without a request, when
asked to stop, or when its socket is removed or the project's code changes (a newer
code key).

Fork, not spawn, is the point here: the child inherits the loaded modules. That is safe
because the server never starts a thread (checked before each fork) and holds no
solver or LLVM state but the loaded libraries and Z3's empty main context.
"""

from __future__ import annotations

import ctypes
import gc
import marshal
import os
import select
import signal
import socket
import sys
import threading
import time
from typing import Any

from .launch import SERVED
from .rendezvous import DEFAULT_IDLE_S, STOP, code_key, pid_path, runtime_dir, socket_path


def preload() -> None:
    """Import what the served commands use, so the children start warm."""
    import json  # noqa: F401  (--json, and the other solvers' answers: imported where used, cold)
    import subprocess  # noqa: F401

    import llvmlite.binding  # noqa: F401  (LLVM's shared library)

    from ..execute import native, replay, runs, text  # noqa: F401  (the JIT's modules: a counterexample's replay)
    from ..loops import bounded, infer, refute  # noqa: F401  (imported by check_loops for a function with a loop)
    from ..semantics import core  # noqa: F401  (its import creates Z3's main context)
    from .commands import builtin_commands, check, opt_tv  # noqa: F401  (and through them the checker)

    native.prepare_jit()  # LLVM's native target and the runtime libraries (ldconfig: 8 ms a replay)
    from ..llvm import libllvm

    libllvm.api()  # the reader's calls into LLVM declared (its import and ctypes: 2-5 ms a command)
    builtin_commands()  # the command list, read once (cached)
    from .cli import prebuild

    for command in SERVED:  # the parsers built (argparse's messages translated once, options.py)
        prebuild(command)
    # What is loaded now stays out of the collector's way: a full collection in a command's
    # process would otherwise visit (and copy, page by page, from the server) all of it.
    gc.collect()
    gc.freeze()


def serve(idle_s: float = DEFAULT_IDLE_S) -> None:
    directory = runtime_dir()
    os.makedirs(directory, mode=0o700, exist_ok=True)
    os.chmod(directory, 0o700)
    key = code_key()
    path = socket_path(key)
    preload()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    tmp = f"{path}.{os.getpid()}"
    listener.bind(tmp)
    os.chmod(tmp, 0o600)
    listener.listen(64)
    os.replace(tmp, path)  # clients never see a socket that is not yet listening
    inode = os.stat(path).st_ino
    _write_pid(key)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    # One child is always forked ahead, waiting in accept(): a request does not wait for
    # a fork. It tells this process through the pipe when it took a connection ("a": fork
    # the next one) or was asked to stop ("s").
    notify_r, notify_w = os.pipe()
    # Each command's process sends, once done, the pages it wrote (_report_written): the
    # next spares fault those in before they wait (_ready_written).
    written_r, _WRITTEN["socket"] = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    _WRITTEN["reader"] = written_r  # closed in the spares
    spare = _fork_spare(listener, notify_r, notify_w)
    signal.signal(signal.SIGTERM, lambda *_: _exit(listener, path, key, inode, spare))
    last = time.monotonic()
    try:
        while True:
            ready, _, _ = select.select([notify_r, written_r.fileno()], [], [], min(idle_s, 5.0))
            if written_r.fileno() in ready:
                _take_written(written_r)
                ready.remove(written_r.fileno())
                if not ready:
                    continue
            if ready:
                news = os.read(notify_r, 256)
                if b"s" in news:
                    break
                last = time.monotonic()
                spare = _fork_spare(listener, notify_r, notify_w)
            elif time.monotonic() - last > idle_s or not _still_mine(path, key):
                break
            elif not _alive(spare):  # killed from outside: replace it
                spare = _fork_spare(listener, notify_r, notify_w)
    finally:
        _exit(listener, path, key, inode, spare)


def _fork_spare(listener: socket.socket, notify_r: int, notify_w: int) -> int:
    if threading.active_count() != 1:  # never fork a process with threads
        raise SystemExit(1)
    server = os.getpid()
    pid = os.fork()
    if pid:
        return pid
    os.close(notify_r)
    if _WRITTEN.get("reader") is not None:
        _WRITTEN["reader"].close()  # the server's end
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _end_with_parent(True, server)  # a spare the server did not stop (killed, say) is not left behind
    _ready_heap()
    _ready_written()
    try:
        conn, _ = listener.accept()
        os.write(notify_w, b"a")
    except BaseException:
        os._exit(1)
    _end_with_parent(False, server)  # a command runs to its end whatever the server does
    listener.close()
    _handle(conn, notify_w)  # does not return
    os._exit(0)


def _end_with_parent(on: bool, server: int) -> None:
    """Linux: SIGTERM to this process when the server ends (``PR_SET_PDEATHSIG``), or not.
    Spares whose server was gone were found waiting in accept() for an hour, on a socket
    nobody could reach any more."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM if on else 0, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if on and os.getppid() != server:  # the server ended before the request took effect
        os._exit(0)


# The heap a spare readies for its command (see _ready_heap): a one-pair check's solver
# grows it by up to ~20 MB (Alive2's smax: 18 MB, its SAT solver's arrays).
READY_HEAP_MB = 24


def _ready_heap() -> None:
    """In a spare, before it waits for a request (Linux, glibc): fault in the memory its
    command's allocations will take, while nothing waits for it. A command's process
    otherwise takes a page fault for each fresh page of heap (Z3's solvers allocate and
    free megabytes per query; glibc hands blocks of 128 KB and more back to the kernel
    at once, so each query faulted them in again): ~6,500 of the ~9,500 faults of a
    one-pair check, a sixth of its CPU time.

    Blocks below 32 MB now come from the heap and freed memory stays in it (the process
    is short-lived); READY_HEAP_MB of it is allocated, populated (``MADV_POPULATE_WRITE``,
    else written) and freed, so that it is the top of the heap the command allocates
    from. Nothing here changes what the command computes: only where its memory is."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.gnu_get_libc_version  # noqa: B018  (glibc's mallopt parameters only)
    except (OSError, AttributeError):
        return
    m_trim_threshold, m_mmap_threshold, madv_populate_write = -1, -3, 23
    if not (libc.mallopt(m_mmap_threshold, 32 << 20) and libc.mallopt(m_trim_threshold, 256 << 20)):
        return
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    size = READY_HEAP_MB << 20
    block = libc.malloc(size)
    if not block:
        return
    page = os.sysconf("SC_PAGE_SIZE")
    start = (block + page - 1) & ~(page - 1)
    if libc.madvise(start, (block + size - start) & ~(page - 1), madv_populate_write) != 0:
        ctypes.memset(block, 0, size)  # a kernel before 5.14: the same, a page fault at a time
    libc.free(block)


# The pages the last command's process wrote (page-aligned address ranges, 'Q' pairs):
# sent by it when done (_report_written), faulted in by the next spares (_ready_written).
_WRITTEN: dict[str, Any] = {"ranges": b"", "socket": None, "reader": None}
MAX_WRITTEN_PAGES = 16_384  # 64 MB: a spare copies no more than that ahead


def _ready_written() -> None:
    """In a spare, before it waits: fault in (``MADV_POPULATE_WRITE``: copied from the
    server, as a write would) the pages of this process that the last command wrote. A
    command's process takes ~1,500 copy-on-write faults (Python's reference counts and
    allocator pools, the type cache, Z3's heap: the same pages from one command to the
    next), ~3-4 ms of a one-pair check; the spare takes them while nothing waits.
    Where a range is no longer mapped (the command had mapped it itself) madvise fails
    on it and nothing happens."""
    ranges = _WRITTEN["ranges"]
    if not ranges or not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    pairs = memoryview(ranges).cast("Q")
    for i in range(0, len(pairs) - 1, 2):
        libc.madvise(pairs[i], pairs[i + 1], 23)  # MADV_POPULATE_WRITE (Linux 5.14)


def _take_written(sock: socket.socket) -> None:
    """In the server: the last report of a command's written pages (_report_written)."""
    while True:
        try:
            data = sock.recv(1 << 20, socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return
        if len(data) % 16 == 0:
            _WRITTEN["ranges"] = data


def _report_written() -> None:
    """In a command's process, once the client has its exit code: the ranges of pages it
    wrote (present and mapped by this process alone, /proc/self/pagemap) in the private
    writable mappings it shares with the server, sent to the server (for _ready_written)."""
    sock = _WRITTEN["socket"]
    if sock is None or not sys.platform.startswith("linux"):
        return
    import numpy as np

    page = os.sysconf("SC_PAGE_SIZE")
    found: list[int] = []
    pages = 0
    try:
        with open("/proc/self/maps", encoding="ascii") as maps, open("/proc/self/pagemap", "rb", buffering=0) as pagemap:
            for line in maps:
                fields = line.split()
                if fields[1][1] != "w" or fields[1][3] != "p" or fields[-1] in ("[stack]", "[vvar]", "[vdso]"):
                    continue
                start, end = (int(x, 16) for x in fields[0].split("-"))
                pagemap.seek(start // page * 8)
                entries = np.frombuffer(pagemap.read((end - start) // page * 8), dtype=np.uint64)
                mine = ((entries >> np.uint64(63)) & (entries >> np.uint64(56)) & np.uint64(1)).astype(np.int8)
                if not mine.any():
                    continue
                edges = np.flatnonzero(np.diff(np.concatenate(([0], mine, [0]))))
                for first, last in zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True):
                    found += [start + first * page, (last - first) * page]
                    pages += last - first
                if pages > MAX_WRITTEN_PAGES:
                    return
        sock.send(np.array(found, dtype=np.uint64).tobytes())
    except (OSError, ValueError):
        return


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def _handle(conn: socket.socket, notify_w: int) -> None:
    """In the child that took ``conn``: read the request and run it (or stop the server)."""
    try:
        conn.settimeout(10.0)
        data, fds, _, _ = socket.recv_fds(conn, 1 << 16, 3)
        if data == STOP:
            os.write(notify_w, b"s")
            os._exit(0)
        if len(fds) != 3 or len(data) < 8:
            raise OSError("malformed request")
        size = int.from_bytes(data[:8], "little")
        body = data[8:]
        while len(body) < size:
            chunk = conn.recv(size - len(body))
            if not chunk:
                raise OSError("short request")
            body += chunk
        request = marshal.loads(body)
        conn.settimeout(None)
    except (OSError, ValueError, EOFError, TypeError):
        os._exit(1)
    os.close(notify_w)
    _run_child(conn, fds, request)  # does not return


def _run_child(conn: socket.socket, fds: list[int], request: dict) -> None:
    code = 4
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.setsid()  # a group of its own: Ctrl-C reaches it through the client only
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        sys.stdin = open(0, closefd=False)  # noqa: SIM115 (the process's own streams)
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
        os.environ.clear()
        os.environ.update(request["env"])
        os.chdir(request["cwd"])
        os.umask(request["umask"])
        sys.argv = ["vecverify", *request["argv"]]
        try:  # Ctrl-C may come as soon as the client has the pid: while the CLI loads, too
            # (the pid is sent inside: a Ctrl-C handled right after sending it, before the
            # CLI started, ended the command with code 4 and no word, once in CI)
            conn.sendall(os.getpid().to_bytes(8, "little"))
            from .cli import main

            code = main(request["argv"])
        except SystemExit as e:  # argparse's --help and usage errors
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
        except KeyboardInterrupt:
            from ..interrupts import came

            came()
            print("vecverify: interrupted", file=sys.stderr)
            code = 130
        except BaseException as e:  # noqa: BLE001 (the client must get an exit code)
            print(f"vecverify: internal error: {type(e).__name__}: {e}", file=sys.stderr)
            code = 4
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        try:
            conn.sendall(int(code).to_bytes(8, "little", signed=True))
        except OSError:
            pass
        for fd in (0, 1, 2):  # the client's streams: their readers see the end now
            try:
                os.close(fd)
            except OSError:
                pass
        _report_written()
        os._exit(0)


def _still_mine(path: str, key: str) -> bool:
    """The socket is still this server's and the code has not changed since it started."""
    try:
        return os.path.exists(path) and code_key() == key
    except OSError:
        return False


def _write_pid(key: str) -> None:
    with open(pid_path(key), "w", encoding="ascii") as f:
        f.write(str(os.getpid()))


def _exit(listener: socket.socket, path: str, key: str, inode: int, spare: int) -> None:
    listener.close()
    try:
        os.kill(spare, signal.SIGTERM)
    except OSError:
        pass
    try:
        if os.stat(path).st_ino == inode:  # another server may have taken the name since
            os.unlink(path)
            os.unlink(pid_path(key))
    except OSError:
        pass
    os._exit(0)


if __name__ == "__main__" and sys.argv[1:2] == ["--serve"]:
    idle = float(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_IDLE_S
    serve(idle)
