"""Campaigns on a real Dask cluster (vecverify/cluster.py, docs/cluster.md): a scheduler
and two worker processes started here, bound to 127.0.0.1 and reached over TLS with a
self-signed certificate made for the test. The commands' output through the cluster is
the local run's; a worker killed mid-job has its job re-run on the other."""

from __future__ import annotations

import datetime
import ipaddress
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from vecverify.app.cli import main
from vecverify.app.fuzz.campaign import CampaignOptions, run_campaign
from vecverify.cluster import _unattended, _Worker, load_security
from vecverify.errors import InputError
from vecverify.jobs import Jobs, Lost, LostJob, check_address

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
VECVERIFY = [sys.executable, "-m", "vecverify.app.launch"] if not (BIN / "vecverify").exists() else [str(BIN / "vecverify")]
DASK = str(BIN / "dask")
SLOW = ["clang/alt_addsub", "clang/commuted", "clang/sub_rearrange", "clang/start_pass"]  # 1.5-2.5 s each


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def make_tls(d: Path) -> Path:
    """A CA, a certificate it signs for 127.0.0.1 (scheduler, workers and client share
    it), and the security file for ``--cluster-security``."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (x509.CertificateBuilder().subject_name(_name("vecverify test CA")).issuer_name(_name("vecverify test CA"))
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(_name("127.0.0.1")).issuer_name(ca.subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                                                        x509.DNSName("localhost")]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    (d / "ca.pem").write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    (d / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (d / "key.pem").write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                  serialization.NoEncryption()))
    (d / "key.pem").chmod(0o600)
    security = d / "cluster.yaml"
    security.write_text("distributed:\n  comm:\n    require-encryption: true\n    tls:\n"
                        "      ca-file: ca.pem\n      client:\n        cert: cert.pem\n        key: key.pem\n")
    return security


@dataclass
class Cluster:
    address: str
    security: Path
    tls: list[str]
    workers: dict[str, subprocess.Popen[bytes]]
    scheduler_file: Path
    logs: Path  # the scheduler's and each worker's log (their stderr), kept in the test's folder

    def args(self) -> list[str]:
        return ["--cluster", self.address, "--cluster-security", str(self.security)]

    def start_worker(self, name: str, *extra: str) -> None:
        self.workers[name] = _logged(
            [DASK, "worker", "--scheduler-file", str(self.scheduler_file), "--name", name, "--nthreads", "1",
             "--no-nanny", "--host", "127.0.0.1", "--no-dashboard", *self.tls, *extra],
            self.logs / f"worker-{name}.log")

    def story(self) -> str:
        """Every log of the cluster's processes, each under its name."""
        return "".join(f"\n----- {f.name}\n{f.read_text(errors='replace')}" for f in sorted(self.logs.glob("*.log")))

    @contextmanager
    def traced(self) -> Iterator[None]:
        """A failure inside prints the cluster's logs (pytest shows them with the failure)."""
        try:
            yield
        except BaseException:
            print(self.story())
            raise

    def client(self) -> Any:
        from distributed import Client

        return Client(self.address, security=load_security(self.security), timeout="30s")


def _logged(command: list[str], log: Path) -> subprocess.Popen[bytes]:
    # PYTHONFAULTHANDLER: a worker (started without a nanny) that dies of a signal leaves
    # its threads' stacks in its log. One died unexplained mid-suite in a CI run (stop 32:
    # the scheduler's "Couldn't gather keys", then the worker gone, nothing in its log),
    # which left the kill test's cluster a single worker to kill.
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    with log.open("ab") as f:  # the child keeps its own descriptor
        return subprocess.Popen(command, stdout=f, stderr=subprocess.STDOUT, cwd=REPO, env=env)


def _wait_for(cond: Any, what: str, limit: float = 60.0) -> None:
    end = time.monotonic() + limit
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


@contextmanager
def _started(d: Path, names: tuple[str, ...], *worker_args: str) -> Iterator[Cluster]:
    """A scheduler and one single-threaded worker per name (with ``worker_args``), over
    TLS on 127.0.0.1, their logs in ``d/logs``; stopped at the end (the processes started
    here only)."""
    security = make_tls(d)
    tls = ["--tls-ca-file", str(d / "ca.pem"), "--tls-cert", str(d / "cert.pem"), "--tls-key", str(d / "key.pem")]
    sfile = d / "scheduler.json"
    logs = d / "logs"
    logs.mkdir()
    scheduler = _logged([DASK, "scheduler", "--protocol", "tls", "--host", "127.0.0.1", "--port", "0",
                         "--no-dashboard", "--scheduler-file", str(sfile), *tls], logs / "scheduler.log")
    c = Cluster("", security, tls, {}, sfile, logs)
    try:
        with c.traced():
            _wait_for(lambda: sfile.exists() and sfile.stat().st_size > 0, "the scheduler")
            c.address = json.loads(sfile.read_text())["address"]
            assert c.address.startswith("tls://127.0.0.1:")
            for name in names:
                c.start_worker(name, *worker_args)
            with c.client() as client:
                client.wait_for_workers(len(names), timeout=90)
        yield c
    finally:
        for p in [*c.workers.values(), scheduler]:  # the processes started here
            p.terminate()
        for p in [*c.workers.values(), scheduler]:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with _started(tmp_path_factory.mktemp("cluster"), ("w1", "w2")) as c:
        yield c


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``vecverify ARGS`` in this process: exit code, stdout, stderr."""
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _no_times(d: Any) -> Any:
    """A JSON report without its times, counterexample values, query counts per solver
    and which solver answered a query (which model Z3 gives depends on what the process
    solved before, -j 2 differs from -j 1 too, and so do the queries that find and
    replay it; which solver of the portfolio answers first depends on the machine's
    load)."""
    if isinstance(d, dict):
        return {k: _no_times(v) for k, v in d.items() if k not in ("seconds", "time", "example", "solvers", "solver")}
    if isinstance(d, list):
        return [_no_times(x) for x in d]
    return d


def _folder(tmp: Path, names: list[str]) -> Path:
    d = tmp / "files"
    d.mkdir()
    for name in names:
        shutil.copy(REPO / "corpus" / "paper" / f"{name}.srctgt.ll", d / f"{name.replace('/', '-')}.srctgt.ll")
    return d


def test_check_directory_through_the_cluster_is_the_local_run(
        cluster: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = _folder(tmp_path, ["figure1", "add_red", "snslp"])
    # a refuted transformation expected correct (its ERROR line removed): exit 1 both ways
    wrong = (REPO / "corpus" / "aggregates" / "struct-padding-fail.srctgt.ll").read_text()
    (d / "wrong.srctgt.ll").write_text("\n".join(ln for ln in wrong.splitlines() if "ERROR:" not in ln) + "\n")
    code, out, _ = _run(capsys, "check", str(d), "--json")
    # a job waiting its turn behind another on a worker is not lost, however short the patience
    rcode, rout, err = _run(capsys, "check", str(d), "--json", *cluster.args(), "--cluster-lost-after", "10")
    assert code == rcode == 1, err
    assert _no_times(json.loads(rout)) == _no_times(json.loads(out))


def test_fuzz_through_the_cluster_saves_its_findings_here(cluster: Cluster, tmp_path: Path) -> None:
    corpus = tmp_path / "found"
    result = run_campaign(CampaignOptions(
        mutant="interleave:swap-lanes", max_examples=2, seed=1, database=None, native=False, shrink=False,
        corpus=corpus, cluster=cluster.address, cluster_security=cluster.security))
    assert result.exit_code == 1 and not result.errors and not result.interrupted
    [finding] = result.findings
    assert finding.kind == "incorrect" and Path(finding.path).parent == corpus
    assert [p.name for p in corpus.iterdir()] == [Path(finding.path).name]
    assert "; ERROR: Mismatch in memory" in Path(finding.path).read_text()
    stats = result.stats["interleave:swap-lanes"]
    assert stats.programs >= 1 and stats.refuted >= 1 and result.startup_seconds > 0


def test_prove_through_the_cluster_is_the_local_run(cluster: Cluster, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["prove", "shuffle.identity", "--types", "i8,i32", "--json"]
    code, out, _ = _run(capsys, *args, "--jobs", "1")
    rcode, rout, err = _run(capsys, *args, *cluster.args())
    assert code == rcode == 0, err
    assert _no_times(json.loads(rout)) == _no_times(json.loads(out))


def test_a_plain_client_cannot_join_the_tls_cluster(cluster: Cluster) -> None:
    from distributed import Client

    with pytest.raises((OSError, TimeoutError)):
        Client(cluster.address.replace("tls://", "tcp://"), timeout="3s")


def test_addresses_that_would_expose_workers_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check_address("local", None)
    check_address("tcp://127.0.0.1:8786", None)
    for address, security in (("tcp://10.0.0.5:8786", None), ("tcp://example.org:8786", None),
                              ("tls://10.0.0.5:8786", None), ("ucx://127.0.0.1:8786", None),
                              ("tcp://127.0.0.1:8786", tmp_path / "s.yaml")):
        with pytest.raises(InputError):
            check_address(address, security)
    code, _, err = _run(capsys, "check", str(REPO / "corpus" / "paper"), "--cluster", "tcp://192.0.2.1:8786")
    assert code == 2 and err.count("\n") == 1 and "tls://" in err
    (tmp_path / "s.yaml").write_text("distributed: {}\n")
    code, _, err = _run(capsys, "opt-tv", str(tmp_path / "s.yaml"), "--cluster", "tls://192.0.2.1:8786",
                        "--cluster-security", str(tmp_path / "s.yaml"))
    assert code == 2 and "no distributed.comm.tls section" in err, err


def _tasks_on_the_scheduler(client: Any) -> str:
    """The scheduler's view of vecverify's tasks: state, worker, times its workers died."""
    def view(dask_scheduler: Any) -> list[str]:
        return [f"{k} {ts.state} on={ts.processing_on} who_has={ts.who_has} suspicious={ts.suspicious} "
                f"wanted_by={[c.client_key for c in ts.who_wants or ()]}"
                for k, ts in dask_scheduler.tasks.items() if "vecverify-" in str(k)]

    return "\n".join(client.run_on_scheduler(view))


def test_a_worker_killed_mid_job_has_its_job_rerun(cluster: Cluster, tmp_path: Path) -> None:
    """After the fixture's other tests: it kills one of its workers (and starts another)."""
    # A worker that died during an earlier test (its job re-run on the other: the recovery
    # tested here) would leave this test only one to kill: one is started in its place,
    # and the death is reported as a warning with the cluster's logs (the worker's stacks,
    # where it died of a signal), not hidden.
    with cluster.client() as client:
        alive = {w["name"] for w in client.scheduler_info()["workers"].values()}
        for name in sorted(set(cluster.workers) - alive):
            warnings.warn(f"worker {name} died before this test; a replacement is started{cluster.story()}",
                          stacklevel=1)
            cluster.start_worker(f"{name}-replaced")
        client.wait_for_workers(2, timeout=90)
    d = _folder(tmp_path, SLOW)
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}  # SIGABRT prints every thread's stack
    proc = subprocess.Popen([*VECVERIFY, "check", str(d), "--json", *cluster.args()], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = None
    try:
        with cluster.traced(), cluster.client() as client:
            def busy() -> bool:
                nonlocal killed
                info = client.scheduler_info()["workers"]
                for addr, keys in client.processing().items():
                    if any("vecverify-" in str(k) for k in keys):
                        killed = info[addr]["name"]
                        return True
                return False

            _wait_for(busy, "a job on a worker")
            time.sleep(0.3)
            os.kill(cluster.workers[str(killed)].pid, signal.SIGKILL)
            _wait_for(lambda: len(client.scheduler_info()["workers"]) == 1, "the scheduler to see the loss")
            try:
                out, err = proc.communicate(timeout=300)
            except subprocess.TimeoutExpired:  # the scheduler's view of the jobs, where they run, where vecverify waits
                tasks, stacks = _tasks_on_the_scheduler(client), client.call_stack()
                proc.send_signal(signal.SIGABRT)
                out, err = proc.communicate(timeout=30)
                raise AssertionError(f"vecverify check did not finish; its jobs on the scheduler:\n{tasks}\n"
                                     f"the jobs running on workers: {stacks}\nits stderr:\n{err}") from None
            assert proc.returncode == 0, err
            files = json.loads(out)["files"]
            assert len(files) == len(SLOW) and all(f["as_expected"] and f["got"] == "correct" for f in files)
    finally:
        if proc.poll() is None:
            proc.kill()
        cluster.start_worker(f"{killed}-again")


def _folder_of_eight(tmp: Path) -> Path:
    """SLOW twice over: jobs still to run when the test stops the only worker after the first result."""
    d = _folder(tmp, SLOW)
    for name in SLOW:
        shutil.copy(REPO / "corpus" / "paper" / f"{name}.srctgt.ll", d / f"{name.replace('/', '-')}-2.srctgt.ll")
    return d


def _lost_after_the_first_result(c: Cluster, d: Path, stop: Callable[[Any], None]) -> tuple[list[Any], list[Any], str]:
    """``check d`` on ``c`` with --cluster-lost-after 5; ``stop(client)`` once the scheduler
    has sent vecverify a result (it logs each gather). Its rows lost and kept, and its
    stderr; asserted: exit 2, each lost file named once on stderr, the rows kept correct."""
    with c.client() as client:
        proc = subprocess.Popen([*VECVERIFY, "check", str(d), "--json", *c.args(), "--cluster-lost-after", "5"],
                                cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            _wait_for(lambda: any(msg.get("action") == "gather" for _, msg in client.get_events("all")),
                      "a result sent to vecverify", 240)
            stop(client)
            out, err = proc.communicate(timeout=240)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 2, err
    report = json.loads(out)
    files = report["files"]
    lost = [f for f in files if f["got"].startswith("lost: ")]
    kept = [f for f in files if f not in lost]
    assert len(files) == 2 * len(SLOW) and lost and kept, out
    assert all(f["as_expected"] and f["got"] == "correct" for f in kept), out
    assert all(not f["as_expected"] for f in lost) and report["summary"]["lost"] == len(lost), out
    for f in lost:
        assert err.count(f"lost on the cluster: {f['file']}: ") == 1, err
    assert err.count("lost on the cluster: ") == len(lost), err
    return lost, kept, err


def test_jobs_left_with_no_worker_are_reported_lost_and_the_rest_kept(tmp_path: Path) -> None:
    """A cluster whose only worker dies mid-campaign and is not replaced: the campaign
    ends, names each file it could not check once on stderr (verdict ``lost``, exit 2)
    and keeps the rows that came."""
    d = _folder_of_eight(tmp_path)
    (tmp_path / "solo").mkdir()
    with _started(tmp_path / "solo", ("solo",)) as c, c.traced():
        lost, _, _ = _lost_after_the_first_result(c, d, lambda _: os.kill(c.workers["solo"].pid, signal.SIGKILL))
        assert all("no worker" in f["got"] for f in lost), lost


def test_jobs_waiting_for_a_paused_worker_are_reported_lost(tmp_path: Path) -> None:
    """The only worker pauses (Dask pauses one near its memory limit: here by hand, with
    no limit that would resume it) and stays paused: it runs the job it had started to
    its end (kept) and starts no other, which are lost as waiting for a paused worker."""
    def pause(dask_worker: Any) -> None:
        from distributed.core import Status

        dask_worker.status = Status.paused

    d = _folder_of_eight(tmp_path)
    (tmp_path / "solo").mkdir()
    with _started(tmp_path / "solo", ("solo",), "--memory-limit", "0") as c, c.traced():
        lost, _, _ = _lost_after_the_first_result(c, d, lambda client: client.run(pause))
        assert all("paused" in f["got"] for f in lost), lost


def test_a_job_counts_as_having_no_worker_only_when_none_will_run_it() -> None:
    running, idle, paused = _Worker("running", 1), _Worker("running", 0), _Worker("paused", 1)
    assert _Worker.of({"status": "running", "metrics": {"task_counts": {"executing": 1, "ready": 3}}}) == running
    assert _unattended("processing", running, [running]) is None  # run, or next there
    assert _unattended("queued", None, [paused, running]) is None  # its turn will come
    assert _unattended("processing", idle, [idle]) == "its worker runs nothing (the worker lost track of it)"
    assert _unattended("processing", paused, [paused]) == "its worker is paused (memory: distributed.worker.memory.pause)"
    assert _unattended("processing", None, []) == "its worker is gone"
    assert _unattended("queued", None, [paused]) == "no running worker in the cluster (paused)"
    assert _unattended("waiting", None, []) == "no worker in the cluster"
    assert _unattended("no-worker", None, [running]) == "no worker can run it"
    assert _unattended("memory", None, [running]) == "its outcome (memory) did not reach this client"
    assert _unattended("released", None, [running]) == "the scheduler does not have it (released)"
    assert _unattended(None, None, [running]) == "the scheduler does not have it (unknown)"


class _AllLost(Jobs):
    """Jobs that a cluster loses, every one."""

    def _submit(self, fn: Any, item: Any) -> Any:
        return item

    def _wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, Any]]:
        return [(h, Lost(f"{h} gone")) for h in handles]

    def deliver(self, wait: float) -> None:
        pass

    def close(self, cancel: bool) -> None:
        pass


def test_a_lost_job_is_named_once_and_given_its_commands_result(capsys: pytest.CaptureFixture[str]) -> None:
    got = dict(_AllLost(None).run(str, ["a", "b"], on_lost=lambda item, why: LostJob(f"job {item}", f"lost: {why}")))
    assert got == {0: "lost: a gone", 1: "lost: b gone"}
    assert capsys.readouterr().err.splitlines() == ["lost on the cluster: job a: a gone",
                                                    "lost on the cluster: job b: b gone"]
    with pytest.raises(InputError, match="a job was lost: a gone"):  # a caller with no result for it
        list(_AllLost(None).run(str, ["a"]))
