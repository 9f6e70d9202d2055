"""Jobs on a Dask distributed cluster (``--cluster ADDRESS``; docs/cluster.md).

The same interface as the local processes (vecverify/pool.py): a job is a Dask task
running a module-level function of vecverify on a worker that has vecverify installed;
its result comes back as it finishes, and a worker lost mid-job has its job re-run on
another (Dask's scheduler does that: up to ``distributed.scheduler.allowed-failures``
times, then the job's error is raised here). Events a job emits travel as Dask events
under a topic of this run's own, so that the caller saves every finding as it arrives.

Who can run code where: a Dask worker runs whatever function a client of its scheduler
sends it, and the client unpickles what the workers send back. Anyone who can connect
to the scheduler can run code as the user of every worker, and the workers can run code
in the client. Hence ``local`` binds the scheduler and workers to 127.0.0.1, a ``tcp://``
address must be a loopback one, and any other cluster is reached over ``tls://`` with
certificates (``--cluster-security FILE``; encryption required both ways).
"""

from __future__ import annotations

import logging
import pickle
import queue as queue_mod
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import InputError
from .jobs import EventSink, Jobs, Placement, check_address, set_sink

CONNECT_TIMEOUT = "20s"


def _key(tls: dict[str, Any], *path: str) -> str:
    node: Any = tls
    for p in path:
        node = node.get(p) if isinstance(node, dict) else None
    if not isinstance(node, str) or not node:
        raise InputError(f"--cluster-security: no distributed.comm.tls.{'.'.join(path)}")
    return node


def load_security(path: Path) -> Any:
    """A ``distributed.Security`` from a Dask configuration file's TLS section (the file
    the scheduler and workers can read too, DASK_CONFIG=FILE):

        distributed: {comm: {tls: {ca-file: ca.pem, client: {cert: c.pem, key: c-key.pem}}}}

    Relative paths are from the file's directory. Encryption is required."""
    import yaml  # a dependency of dask
    from distributed import Security

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise InputError(f"--cluster-security {path}: {e.strerror}") from None
    except yaml.YAMLError as e:
        raise InputError(f"--cluster-security {path}: not YAML ({str(e).splitlines()[0]})") from None
    tls = ((data or {}).get("distributed") or {}).get("comm", {}).get("tls") if isinstance(data, dict) else None
    if not isinstance(tls, dict):
        raise InputError(f"--cluster-security {path}: no distributed.comm.tls section")
    files = {name: path.parent / _key(tls, *keys) for name, keys in
             (("tls_ca_file", ("ca-file",)), ("tls_client_cert", ("client", "cert")))}
    if isinstance(tls.get("client"), dict) and tls["client"].get("key"):
        files["tls_client_key"] = path.parent / _key(tls, "client", "key")
    for f in files.values():
        if not f.is_file():
            raise InputError(f"--cluster-security {path}: {f}: no such file")
    return Security(require_encryption=True, **{k: str(v) for k, v in files.items()})


# ----------------------------------------------------------------------------- on a worker

_RUN_ONE = threading.Lock()  # one job at a time per worker process (Z3's context, Hypothesis)
_warmed: set[str] = set()  # the warm-up functions this worker process has run


def _name(fn: Any) -> str:
    fn = getattr(fn, "func", fn)  # a functools.partial: its function
    return f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', repr(fn))}"


def _run_job(topic: str, warm: Callable[[], None] | None, fn: Callable[[Any], Any], item: Any) -> Any:
    from distributed import get_worker

    worker = get_worker()

    def send(event: Any) -> None:
        worker.log_event(topic, pickle.dumps(event))

    with _RUN_ONE:
        old = set_sink(send)
        try:
            name = _name(warm)
            if warm is not None and name not in _warmed:
                warm()
                _warmed.add(name)
            return fn(item)
        finally:
            set_sink(old)


# ----------------------------------------------------------------------------- the client


class DaskJobs(Jobs):
    def __init__(self, where: Placement, warm: Callable[[], None] | None, on_event: EventSink | None) -> None:
        super().__init__(on_event)
        assert where.cluster is not None
        check_address(where.cluster, where.security)
        try:
            from distributed import Client
        except ImportError:
            raise InputError("--cluster needs the distributed package "
                             "(pip install 'vecverify[cluster]')") from None
        self.warm = warm
        self.local: Any = None
        if where.cluster == "local":
            from distributed import LocalCluster

            self.local = LocalCluster(n_workers=where.jobs, threads_per_worker=1, processes=True,
                                      host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR)
            self.client = Client(self.local)
        else:
            security = load_security(where.security) if where.security is not None else None
            try:
                self.client = Client(where.cluster, security=security, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as e:
                raise InputError(f"--cluster {where.cluster}: cannot reach the scheduler "
                                 f"({str(e).splitlines()[0] if str(e) else type(e).__name__})") from None
        self.slots = max(1, len(self.client.nthreads()))  # one job per worker process at a time
        self.topic = f"vecverify-{uuid.uuid4().hex}"
        self._events: queue_mod.Queue[Any] = queue_mod.Queue()
        self.client.subscribe_topic(self.topic, self._events.put)
        self._submitted: list[Any] = []

    def _submit(self, fn: Callable[[Any], Any], item: Any) -> Any:
        f = self.client.submit(_run_job, self.topic, self.warm, fn, item, pure=False,
                               key=f"vecverify-{getattr(fn, '__name__', 'job')}-{uuid.uuid4().hex}")
        self._submitted.append(f)
        return f

    def _wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, Any]]:
        from distributed import KilledWorker, wait

        try:
            done = wait(handles, timeout=timeout, return_when="FIRST_COMPLETED").done
        except TimeoutError:
            return []
        self.deliver(0.0)
        try:
            return [(h, h.result()) for h in handles if h in done]
        except KilledWorker as e:
            raise InputError(f"--cluster: a job was lost with every worker that ran it ({e})") from None

    def deliver(self, wait: float) -> None:
        self._deliver(wait)

    def _deliver(self, wait: float) -> int:
        n = 0
        try:
            event = self._events.get(timeout=wait) if wait > 0 else self._events.get_nowait()
            while True:
                n += 1
                if self.on_event is not None:
                    _, payload = event
                    self.on_event(pickle.loads(payload))
                event = self._events.get_nowait()
        except queue_mod.Empty:
            pass
        return n

    def close(self, cancel: bool) -> None:
        try:
            if cancel:
                self.client.cancel([f for f in self._submitted if not f.done()], force=True)
            while self._deliver(0.3):  # what the jobs sent before they finished or stopped
                pass
            self.client.unsubscribe_topic(self.topic)
        finally:
            self.client.close()
            if self.local is not None:
                self.local.close()
