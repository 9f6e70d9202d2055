"""keep a warm vecverify in the background, so that each check starts in milliseconds

    vecverify server start [--idle S]   # start one for this installation (if none runs)
    vecverify server status             # is one running (exit 0) or not (exit 3)
    vecverify server stop

While it runs, ``vecverify check`` and ``vecverify opt-tv`` hand their work to it
(vecverify/app/launch.py, vecverify/app/server.py): same arguments, directory, environment,
output and exit code, each command in a fresh process forked from the warm one.
``VECVERIFY_SERVER=off`` bypasses it; ``VECVERIFY_SERVER=auto`` starts one on the first
check that finds none. A server exits after ``--idle`` seconds without work (default
900) and as soon as the project's source files change.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from ...exit_codes import EXIT_INCONCLUSIVE, EXIT_INTERNAL, EXIT_OK
from ..options import seconds
from ..rendezvous import DEFAULT_IDLE_S, code_key, running, socket_path, stop

START_WAIT_S = 30.0


def add_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("server", help=__doc__.split("\n", 1)[0], description=__doc__)
    p.add_argument("action", choices=("start", "stop", "status"))
    p.add_argument("--idle", type=seconds, default=DEFAULT_IDLE_S, metavar="S",
                   help=f"exit after S seconds without a request (default {DEFAULT_IDLE_S:.0f})")
    p.set_defaults(run=cmd_server)


def cmd_server(args: argparse.Namespace) -> int:
    key = code_key()
    pid = running(key)
    if args.action == "status":
        if pid is None:
            print("vecverify server: not running")
            return EXIT_INCONCLUSIVE
        print(f"vecverify server: running (pid {pid}, socket {socket_path(key)})")
        return EXIT_OK
    if args.action == "stop":
        print("vecverify server: stopped" if stop(key) else "vecverify server: not running")
        return EXIT_OK
    if pid is not None:
        print(f"vecverify server: already running (pid {pid}, socket {socket_path(key)})")
        return EXIT_OK
    subprocess.Popen(
        [sys.executable, "-m", "vecverify.app.server", "--serve", str(args.idle)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True, close_fds=True,
    )
    deadline = time.monotonic() + START_WAIT_S
    while time.monotonic() < deadline:
        pid = running(key)
        if pid is not None:
            print(f"vecverify server: started (pid {pid}, socket {socket_path(key)})")
            return EXIT_OK
        time.sleep(0.05)
    print("vecverify: error: the server did not start", file=sys.stderr)
    return EXIT_INTERNAL
