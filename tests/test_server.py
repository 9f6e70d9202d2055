"""`vecverify server`: a command handed to the warm server behaves as the same command
run in its own process (output, errors, exit code, working directory, environment), a
server for other code is never used, and stopping works. Each test runs the installed
`vecverify` executable, as a user does, with a socket directory of its own."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_refine import HARD_IDENTITY
from vecverify.app import launch, rendezvous
from vecverify.app.rendezvous import running

VECVERIFY = str(Path(sys.executable).parent / "vecverify")
CORPUS = Path(__file__).resolve().parent.parent / "corpus"
CORRECT = CORPUS / "paper" / "add_red.srctgt.ll"

WRONG = """define i8 @src(i8 %x) {
  %r = add i8 %x, 1
  ret i8 %r
}
define i8 @tgt(i8 %x) {
  %r = add i8 %x, 2
  ret i8 %r
}
"""


# The launcher with its cold path taken away: a command it does not hand to the server
# fails (ImportError, exit 1, a traceback), so an outcome that matches a cold run's was
# served, not silently run cold.
# With --announce, the client says on stderr ("served") when the server has taken the
# command and it waits for the exit code.
SERVED_ONLY = [sys.executable, "-c", f"""import sys
sys.modules["{launch.__package__}.cli"] = None
import {launch.__name__} as launch
read = launch._read_exact
loud = "--announce" in sys.argv
if loud:
    sys.argv.remove("--announce")
calls = []
def announce(sock, n):  # the second read is the exit code's, where Ctrl-C is forwarded
    calls.append(n)
    if loud and len(calls) == 2:
        print("served", file=sys.stderr, flush=True)
    return read(sock, n)
launch._read_exact = announce
sys.exit(launch.main())
"""]


def _run(args: list[str], env: dict[str, str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([VECVERIFY, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


def _served(args: list[str], env: dict[str, str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``args`` run by a client that can only hand them to the server."""
    return subprocess.run([*SERVED_ONLY, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The environment of a client whose server runs (started and stopped here)."""
    runtime = tmp_path_factory.mktemp("runtime")
    env = {**os.environ, rendezvous.ENV_RUNTIME_DIR: str(runtime)}
    env.pop(launch.ENV_SWITCH, None)
    started = _run(["server", "start", "--idle", "300"], env)
    assert started.returncode == 0, started.stderr
    assert "started" in started.stdout
    yield env
    assert _run(["server", "stop"], env).returncode == 0


def _cold(env: dict[str, str]) -> dict[str, str]:
    return {**env, launch.ENV_SWITCH: "off"}


def _same(args: list[str], env: dict[str, str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``args`` served and cold; assert the outcomes are the same (times aside)."""
    warm = _served(args, env, cwd)
    cold = _run(args, _cold(env), cwd)
    assert warm.returncode == cold.returncode
    assert _untimed(warm.stdout) == _untimed(cold.stdout)
    assert warm.stderr == cold.stderr
    return warm


def _untimed(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if " s)" not in ln and "seconds" not in ln]


# What the client loads of vecverify: the app package (a docstring), the launcher and
# where it meets the server.
CLIENT = ("vecverify.app", "vecverify.app.launch", "vecverify.app.rendezvous")


def test_the_client_loads_neither_z3_nor_llvm() -> None:
    """What a served command costs is the interpreter and the launcher alone."""
    probe = "import sys, vecverify.app.launch; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert [m for m in loaded if m.split(".")[0] in ("z3", "llvmlite", "numpy", "typing")
            or (m.startswith("vecverify.") and m not in CLIENT)] == []


def test_a_served_command_loads_no_more_than_the_client(served: dict[str, str], tmp_path: Path) -> None:
    """The client of a served command (the whole of its start-up) imports what the
    hand-over needs and nothing else: no enum, collections, typing (through signal,
    socket, array...), let alone Z3 or LLVM."""
    dump = tmp_path / "modules.txt"
    probe = [sys.executable, "-c", f"""import atexit, sys
atexit.register(lambda: open({str(dump)!r}, "w").write(" ".join(m for m, v in sys.modules.items() if v)))
sys.modules["{launch.__package__}.cli"] = None  # served, or it fails
import {launch.__name__} as launch
sys.exit(launch.main())
"""]
    before = set(subprocess.run([sys.executable, "-c", "import atexit, sys; print(' '.join(sorted(sys.modules)))"],
                                capture_output=True, text=True, check=True).stdout.split())
    out = subprocess.run([*probe, "check", str(CORRECT)], env=served, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    added = set(dump.read_text().split()) - before
    assert {m for m in added if m.split(".")[0] in ("enum", "collections", "typing", "array", "signal", "socket",
                                                      "hashlib", "z3", "llvmlite")} == set()
    assert {m for m in added if m.startswith("vecverify.")} <= set(CLIENT)


def test_a_served_command_imports_nothing() -> None:
    """What a served check uses is loaded by the server before it forks (server.preload):
    a module a command imports is imported again in every command's process."""
    probe = f"""import os, sys
from vecverify.app import server
server.preload()
before = set(sys.modules)
pid = os.fork()
if pid == 0:
    from vecverify.app.cli import main
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    code = main(["check", {str(CORRECT)!r}])
    print(code, " ".join(sorted(set(sys.modules) - before)), file=sys.stderr)
    os._exit(0)
os.waitpid(pid, 0)
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.stderr.split() == ["0"], out.stderr


def test_a_spare_readies_its_commands_heap() -> None:
    """A spare faults in the heap its command will allocate from (server._ready_heap):
    a command's fresh memory then costs no page faults (Linux with glibc)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("glibc's malloc and Linux's madvise")
    probe = """import ctypes, resource, sys
from vecverify.app import server
def faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
if sys.argv[1] == "ready":
    server._ready_heap()
size = 16 << 20
block = libc.malloc(size)
before = faults()
ctypes.memset(block, 1, size)
print(faults() - before)
"""
    def faults(mode: str) -> int:
        out = subprocess.run([sys.executable, "-c", probe, mode], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        return int(out.stdout)

    try:
        import ctypes

        ctypes.CDLL(None).gnu_get_libc_version  # noqa: B018
    except (OSError, AttributeError):
        pytest.skip("not glibc")
    pages = (16 << 20) // os.sysconf("SC_PAGE_SIZE")
    assert faults("cold") > pages // 2  # the test can tell: 16 MB written fresh fault in
    assert faults("ready") < pages // 20


_WRITTEN_PROBE = """import ctypes, os, resource, socket, sys
from vecverify.app import server
size = 8 << 20
block = ctypes.create_string_buffer(size)  # present in this process (the server)
a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
server._WRITTEN["socket"] = b
def child(ready, write_and_report):
    pid = os.fork()
    if pid == 0:
        if ready:
            server._ready_written()
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        ctypes.memset(block, 1, size)  # the command writes the server's pages
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
        if write_and_report:
            server._report_written()
        print(faults, flush=True)
        os._exit(0)
    os.waitpid(pid, 0)
child(False, True)  # a first command: copy-on-write faults, and its report
server._take_written(a)
child(False, False)  # (without its spare: faults again)
child(True, False)  # the next one, its pages faulted in by its spare
"""


def test_a_spare_faults_in_what_the_last_command_wrote() -> None:
    """A command's process reports the pages it wrote (server._report_written); the next
    spare faults them in before it waits (server._ready_written): the next command, which
    writes the same pages, takes no copy-on-write faults for them (Linux 5.14 or later)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("/proc/self/pagemap and MADV_POPULATE_WRITE are Linux's")
    out = subprocess.run([sys.executable, "-c", _WRITTEN_PROBE], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    first, unready, ready = (int(n) for n in out.stdout.split())
    pages = (8 << 20) // os.sysconf("SC_PAGE_SIZE")
    assert min(first, unready) > pages // 2  # the test can tell: written, the pages are copied then
    assert ready < pages // 20


def test_status_reports_the_running_server(served: dict[str, str]) -> None:
    out = _run(["server", "status"], served)
    assert out.returncode == 0 and "running" in out.stdout
    assert running() is None  # the suite's own socket directory has none: it is per directory


def test_the_socket_is_the_users_alone(served: dict[str, str]) -> None:
    """Whoever can connect runs commands as this user: no one else can (docs/cluster.md)."""
    sockets = [p for p in Path(served[rendezvous.ENV_RUNTIME_DIR]).rglob("*") if p.is_socket()]
    assert sockets
    for sock in sockets:
        assert stat.S_IMODE(sock.stat().st_mode) & 0o077 == 0
        assert stat.S_IMODE(sock.parent.stat().st_mode) == 0o700


def test_verdicts_are_those_of_a_cold_run(served: dict[str, str], tmp_path: Path) -> None:
    assert _same(["check", str(CORRECT)], served).returncode == 0
    wrong = tmp_path / "wrong.srctgt.ll"
    wrong.write_text(WRONG)
    out = _same(["check", str(wrong)], served)
    assert out.returncode == 1 and "ERROR: Value mismatch" in out.stdout


def test_bad_input_and_usage_errors_are_one_line(served: dict[str, str], tmp_path: Path) -> None:
    missing = _same(["check", str(tmp_path / "nope.ll")], served)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
    usage = _same(["check", "--unroll", "x", str(CORRECT)], served)
    assert usage.returncode == 2 and "--unroll" in usage.stderr
    assert _same(["check", "--help"], served).returncode == 0


def test_relative_paths_are_the_clients(served: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "w.srctgt.ll").write_text(WRONG)
    out = _served(["check", "w.srctgt.ll", "--json"], served, cwd=tmp_path)
    assert out.returncode == 1 and '"incorrect"' in out.stdout


def test_a_server_for_other_code_is_not_used(served: dict[str, str], tmp_path: Path) -> None:
    """A client whose code differs computes another key, finds no socket and runs cold."""
    assert launch.run_on_server(["check", str(CORRECT)]) is None  # the default directory: none there
    before = rendezvous.code_key()
    tree = tmp_path / "pkg"
    tree.mkdir()
    (tree / "m.py").write_text("x = 1\n")
    import hashlib

    def digest() -> str:
        h = hashlib.blake2b(digest_size=8)
        rendezvous._hash_tree(h, str(tree))
        return h.hexdigest()

    first = digest()
    (tree / "m.py").write_text("x = 22\n")
    assert digest() != first  # an edit changes the key
    assert rendezvous.code_key() == before


def test_interrupt_reaches_the_command(served: dict[str, str], tmp_path: Path) -> None:
    """Ctrl-C on the client stops the served command, which says so and exits 130 (as a
    command run cold does: after the solver query under way, which Python cannot cut
    short, returns)."""
    slow = tmp_path / "slow.srctgt.ll"
    # A 128-bit division identity the solver takes long on: the command is still running
    # when the interrupt comes.
    slow.write_text(HARD_IDENTITY)
    p = subprocess.Popen([*SERVED_ONLY, "check", str(slow), "--timeout-ms", "8000", "--announce"], env=served,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stderr is not None
    announced = p.stderr.readline()  # the server runs the command from here on (seconds of solving)
    assert announced == "served\n", announced
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and "interrupted" in err, (p.returncode, err)


def test_interrupt_before_the_pid_came_reaches_the_command(served: dict[str, str], tmp_path: Path) -> None:
    """Ctrl-C while the client waits for the command's pid (the request sent, the server
    slow to answer): the command is interrupted as soon as it starts, 130 and one word,
    instead of a traceback in the client and the command running on without it."""
    slow = tmp_path / "slow.srctgt.ll"
    slow.write_text(HARD_IDENTITY)
    client = [sys.executable, "-c", f"""import os, signal, sys
sys.modules["{launch.__package__}.cli"] = None
import {launch.__name__} as launch
read = launch._read_exact
calls = []
def early(sock, n):  # Ctrl-C just before the pid is read
    calls.append(n)
    if len(calls) == 1:
        os.kill(os.getpid(), signal.SIGINT)
    return read(sock, n)
launch._read_exact = early
sys.exit(launch.main())
"""]
    p = subprocess.run([*client, "check", str(slow), "--timeout-ms", "8000"], env=served, capture_output=True,
                       text=True, timeout=60)
    assert (p.returncode, p.stderr) == (130, "vecverify: interrupted\n")


def _untimed_json(text: str) -> object:
    """The --json record without what depends on the clock (seconds, and which solver
    answered first where they race)."""
    import json

    def strip(x: object) -> object:
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in ("seconds", "query_times", "solvers")}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x

    return strip(json.loads(text))


@pytest.mark.parametrize("command", ["check", "opt-tv"])
def test_json_is_that_of_a_cold_run(command: str, served: dict[str, str], tmp_path: Path) -> None:
    """Served and cold write the same JSON record and exit the same (times aside)."""
    import shutil

    if command == "opt-tv":
        if shutil.which("opt-22") is None:
            pytest.skip("opt-22 not installed")
        target = tmp_path / "t.ll"
        target.write_text("; RUN: opt -passes=instcombine -S %s\n" + WRONG.replace("@tgt", "@tgt2"))
    else:
        target = tmp_path / "w.srctgt.ll"
        target.write_text(WRONG)
    warm, cold = tmp_path / "warm.json", tmp_path / "cold.json"
    a = _served([command, str(target), "--json", str(warm)] if command == "opt-tv" else
                [command, str(target), "--json"], served)
    b = _run([command, str(target), "--json", str(cold)] if command == "opt-tv" else
             [command, str(target), "--json"], _cold(served))
    assert a.returncode == b.returncode and a.stderr == b.stderr
    if command == "opt-tv":
        assert a.returncode == 0, a.stdout + a.stderr
        got, want = warm.read_text(), cold.read_text()
    else:
        assert a.returncode == 1
        got, want = a.stdout, b.stdout
    assert _untimed_json(got) == _untimed_json(want)
    assert '"status"' in got


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_spare_ends_with_its_server(tmp_path: Path) -> None:
    """The process the server forks ahead to wait for the next request ends when the
    server does, even one killed without a chance to stop it (such spares were found
    waiting an hour on a socket nobody could reach)."""
    import time

    env = {**os.environ, rendezvous.ENV_RUNTIME_DIR: str(tmp_path)}
    env.pop(launch.ENV_SWITCH, None)
    assert _run(["server", "start", "--idle", "60"], env).returncode == 0
    server = int(next(tmp_path.glob("*.pid")).read_text())

    def children() -> list[int]:
        out = []
        for entry in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = entry.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == server:
                out.append(int(entry.parent.name))
        return out

    deadline = time.monotonic() + 30
    while not children() and time.monotonic() < deadline:
        time.sleep(0.1)
    spares = children()
    assert spares, "no spare forked"
    os.kill(server, signal.SIGKILL)
    def running(pid: int) -> bool:  # neither gone nor a zombie
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    deadline = time.monotonic() + 10
    while any(running(p) for p in spares) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [p for p in spares if running(p)] == [], "spares outlived their server"
