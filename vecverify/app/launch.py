"""The ``vecverify`` executable: hands the command to a warm server when one is running
(``vecverify server start``), else runs it in this process (``vecverify.app.cli``).

A check of one small file spends most of its time starting up: the interpreter, Z3,
LLVM's library and vecverify's own modules take about 0.15 s before the first query,
the query itself a few milliseconds. A server that has loaded all that once forks a
fresh copy of itself for each command, which runs with this process's arguments,
working directory, environment and standard streams (passed over a Unix socket), so
the output, the exit code and Ctrl-C behave as in this process. Each command runs in a
process of its own, forked from the same warm state: nothing carries over from one
command to the next.

This module imports only what the hand-over needs (no Z3, no LLVM, no vecverify
modules): it is the whole start-up cost of a served command.
"""

from __future__ import annotations

import os
import sys

from .rendezvous import socket_path

TYPE_CHECKING = False  # not typing's: importing typing is a tenth of this client's start-up
if TYPE_CHECKING:  # the client imports _socket and hashlib only when it uses them
    from _socket import socket

# The commands worth handing over: the ones a user runs once per file.
SERVED = ("check", "opt-tv")
ENV_SWITCH = "VECVERIFY_SERVER"  # "off": never use a server; "auto": start one when none runs


def main() -> int:
    argv = sys.argv[1:]
    command = next((a for a in argv if not a.startswith("-")), None)
    switch = os.environ.get(ENV_SWITCH, "")
    if command in SERVED and switch != "off":
        code = run_on_server(argv)
        if code is not None:
            return leave(code)  # the interpreter's teardown was a fifth of this client's CPU time
        if switch == "auto":
            start_detached()
    if command in SERVED:
        _load_llvm_early()
    try:
        from .cli import main as run_here  # the cold path: everything loaded in this process

        code = run_here(argv)
    except KeyboardInterrupt:  # Ctrl-C while loading or parsing (cli.main reports the rest)
        # An object the interrupt cut short in its __init__ (Z3's context) fails in its
        # __del__: not a word of it after "interrupted".
        sys.unraisablehook = lambda unraisable: None
        print("vecverify: interrupted", file=sys.stderr)
        code = 130  # exit_codes.EXIT_INTERRUPTED (not imported: this module stays light)
    return leave(code)


def _load_llvm_early() -> None:
    """Start loading LLVM's shared library (llvmlite's: its dynamic linking and LLVM's
    static constructors, ~7 ms) on a thread of its own, while this one imports the rest:
    the command reads LLVM IR through it (vecverify/llvm/libllvm.py), and ``dlopen`` runs
    without holding the GIL. The reader's own ``dlopen`` of the same file waits for this
    one (glibc's loader lock) and then finds it loaded."""
    import _thread  # threading's module: a tenth of this client's start-up

    _thread.start_new_thread(_dlopen_llvm, ())


def _dlopen_llvm() -> None:
    try:
        import ctypes

        from ..llvmlib import library_path

        path = library_path()
        if path is not None:
            ctypes.CDLL(path)
    except Exception:  # noqa: BLE001 - not found or not loadable: the reader says so when it loads it
        pass


def leave(code: int) -> int:
    """End the process with ``code`` once the exit handlers have run, without tearing the
    interpreter down: freeing every module and Z3 term one by one was a tenth of a cold
    one-pair check's CPU time. Where a thread that is not a daemon still runs (it would be
    joined on a normal exit) the exit is the normal one."""
    threading = sys.modules.get("threading")
    if threading is not None and any(t is not threading.main_thread() and not t.daemon and t.is_alive()
                                     for t in threading.enumerate()):
        return code
    import atexit

    atexit._run_exitfuncs()  # what a normal exit runs first (pools, temporary files, caches)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # closed, or the reader went away
            pass
    os._exit(code)


def run_on_server(argv: list[str]) -> int | None:
    """Run ``argv`` on the server for this code, if one answers: its exit code, or None
    (no server, a stale one, or a hand-over that failed before the command started)."""
    import _socket  # socket.py's enums cost this client a tenth of its start-up

    path = socket_path()
    if not _owned_by_me(os.path.dirname(path)) or not os.path.exists(path):
        return None
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    interrupted = False  # Ctrl-C after the request went, before the command's pid came
    try:
        sock.connect(path)
        request = _encode_request(argv)
        # the request, with this process's stdin, stdout and stderr (SCM_RIGHTS: C ints;
        # bytes, not array's: importing array loads collections, 2 ms of this client)
        fds = b"".join(fd.to_bytes(4, sys.byteorder) for fd in (0, 1, 2))
        streams = [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)]
        message = len(request).to_bytes(8, "little") + request
        sent = sock.sendmsg([message], streams)
        sock.sendall(message[sent:])
        while True:  # the command is on its way: a Ctrl-C now is its, once it has a pid
            try:
                pid_bytes = _read_exact(sock, 8)
                break
            except KeyboardInterrupt:
                interrupted = True
    except OSError:
        sock.close()
        if interrupted:
            return _interrupted()
        return None
    if pid_bytes is None:
        sock.close()
        return _interrupted() if interrupted else None
    child = int.from_bytes(pid_bytes, "little")
    if interrupted:
        from _signal import SIGINT

        try:
            os.kill(child, SIGINT)
        except OSError:
            pass
    return _await_exit(sock, child)


def _interrupted() -> int:
    """Ctrl-C came and no command started: as a command interrupted (cli.main;
    exit_codes.EXIT_INTERRUPTED, not imported: the client loads no vecverify module)."""
    print("vecverify: interrupted", file=sys.stderr)
    return 130


def _await_exit(sock: socket, child: int) -> int:
    """The command's exit code; Ctrl-C here is Ctrl-C there."""
    from _signal import SIGINT  # signal.py's enums: 2-3 ms of this client (enum, functools)

    while True:
        try:
            code = _read_exact(sock, 8)
            break
        except KeyboardInterrupt:
            try:
                os.kill(child, SIGINT)
            except OSError:
                pass
    sock.close()
    if code is None:  # the command's process died without a word (a crash in native code)
        print("vecverify: internal error: the server's process for this command died", file=sys.stderr)
        return 4
    return int.from_bytes(code, "little", signed=True)


def _read_exact(sock: socket, n: int) -> bytes | None:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def _encode_request(argv: list[str]) -> bytes:
    import marshal  # same interpreter on both ends (the code key says so)

    return marshal.dumps(
        {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "umask": _umask()}
    )


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _owned_by_me(directory: str) -> bool:
    """The socket directory is this user's and nobody else's (a socket someone else
    planted must not receive this user's files and environment)."""
    try:
        st = os.stat(directory)
    except OSError:
        return False
    return st.st_uid == os.getuid() and (st.st_mode & 0o077) == 0


def start_detached() -> None:
    """Start a server in the background for the next commands (``VECVERIFY_SERVER=auto``)."""
    import subprocess

    try:
        subprocess.Popen(
            [sys.executable, "-m", "vecverify.app.server", "--serve"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            close_fds=True,
        )
    except OSError:
        pass


if __name__ == "__main__":
    raise SystemExit(main())
