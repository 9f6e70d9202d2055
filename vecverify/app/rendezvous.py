"""Where the client (launch.py) and a warm server (server.py) meet: the code key, the
runtime directory, the socket and pid files; whether a server runs, and asking it to
stop. Imports nothing but ``os`` and ``sys`` at first (it is part of every served
command's start-up, as launch.py is).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not typing's: importing typing is a tenth of the client's start-up
if TYPE_CHECKING:
    from hashlib import blake2b as Blake2b

ENV_RUNTIME_DIR = "VECVERIFY_RUNTIME_DIR"  # where the sockets live (tests use their own)
PACKAGES = ("vecverify", "transforms", "properties")
DEFAULT_IDLE_S = 900.0  # a server exits after this long without a request
STOP = b"\0stop"  # the request that asks a server to exit


def code_key() -> str:
    """What the server's loaded code must match: this interpreter and every source file
    of the project's packages (path, size, modification time). A server started before
    an edit or an upgrade is not used (and exits when it sees a newer key)."""
    try:  # CPython's own module behind hashlib.blake2b (hashlib's import, OpenSSL's, was
        from _blake2 import blake2b  # a tenth of a served command's start-up)
    except ImportError:  # another Python
        from hashlib import blake2b

    # the project's root: this file is vecverify/app/rendezvous.py
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    h = blake2b(digest_size=8)
    h.update(f"{os.path.realpath(sys.executable)}\0{sys.version}\0{root}\0".encode())
    for pkg in PACKAGES:
        _hash_tree(h, os.path.join(root, pkg))
    return h.hexdigest()


def _hash_tree(h: Blake2b, top: str) -> None:
    try:
        entries = sorted(os.scandir(top), key=lambda e: e.name)
    except OSError:
        return
    for e in entries:
        if e.is_dir(follow_symlinks=False):
            if e.name != "__pycache__":
                _hash_tree(h, e.path)
        elif e.name.endswith(".py"):
            st = e.stat()
            h.update(f"{e.path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())


def runtime_dir() -> str:
    given = os.environ.get(ENV_RUNTIME_DIR)
    if given:
        return given
    base = os.environ.get("XDG_RUNTIME_DIR") or "/tmp"
    return os.path.join(base, f"vecverify-{os.getuid()}")


def socket_path(key: str | None = None) -> str:
    return os.path.join(runtime_dir(), f"server-{key or code_key()}.sock")


def pid_path(key: str) -> str:
    return os.path.join(runtime_dir(), f"server-{key}.pid")


def running(key: str | None = None) -> int | None:
    """The pid of the server for this code, if one is running."""
    key = key or code_key()
    try:
        with open(pid_path(key), encoding="ascii") as f:
            pid = int(f.read().strip())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid if os.path.exists(socket_path(key)) else None


def stop(key: str | None = None) -> bool:
    """Ask the server for this code to exit; True when one was running."""
    import _socket

    path = socket_path(key)
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.connect(path)
        sock.sendall(STOP)
    except OSError:
        return False
    finally:
        sock.close()
    return True
