"""Jobs on a Dask distributed cluster (``--cluster ADDRESS``; docs/cluster.md).

The same interface as the local processes (vecverify/pool.py): a job is a Dask task
running a module-level function of vecverify on a worker that has vecverify installed;
its result comes back as it finishes, and a worker lost mid-job has its job re-run on
another (Dask's scheduler does that: up to ``distributed.scheduler.allowed-failures``
times). Events a job emits travel as Dask events under a topic of this run's own, so
that the caller saves every finding as it arrives.

A job can also be lost for good: every worker that ran it died, the cluster has no
worker left (or none that can run it), the scheduler forgot it, or it runs on well past
the deadline its caller gave (a fuzz campaign's budget). The client looks at the
scheduler's view of its pending jobs every few seconds (``_watch``); a job that stays
with no worker to run it for ``Placement.lost_after`` seconds, or is still pending that
long after the deadline, is given back to ``Jobs.run`` as ``Lost``, which names it and
lets the command report it as lost (never a hang, never a verdict for a job that did
not run).

Who can run code where: a Dask worker runs whatever function a client of its scheduler
sends it, and the client unpickles what the workers send back. Anyone who can connect
to the scheduler can run code as the user of every worker, and the workers can run code
in the client. Hence ``local`` binds the scheduler and workers to 127.0.0.1, a ``tcp://``
address must be a loopback one, and any other cluster is reached over ``tls://`` with
certificates (``--cluster-security FILE``; encryption required both ways).
"""

from __future__ import annotations

import contextlib
import logging
import pickle
import queue as queue_mod
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import InputError
from .jobs import EventSink, Jobs, Lost, Placement, check_address, set_sink

CONNECT_TIMEOUT = "20s"
WATCH_EVERY = 2.0  # s between looks at the scheduler's view of the pending jobs
ASK_TIMEOUT = 20.0  # s for the scheduler to answer such a look
RESULT_WAIT = 10.0  # s to fetch a finished job's result (its data gone with a worker: it runs again)
_PENDING = object()  # a done job's result that did not come (DaskJobs._result)


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


# A worker's tasks that hold one of its threads (its heartbeat's task counts by state).
_BUSY = ("executing", "long-running", "cancelled", "resumed")


@dataclass(frozen=True)
class _Worker:
    """A worker as the scheduler last heard of it."""

    status: str  # running, paused, closing_gracefully, ...
    busy: int  # the tasks its threads run (_BUSY), as of its last heartbeat

    @staticmethod
    def of(identity: dict[str, Any]) -> _Worker:
        counts = (identity.get("metrics") or {}).get("task_counts") or {}
        return _Worker(str(identity.get("status", "?")), sum(int(counts.get(s, 0)) for s in _BUSY))


def _unattended(state: str | None, worker: _Worker | None, workers: list[_Worker]) -> str | None:
    """Why a pending job has no worker to run it, or None if it has one. ``state``: the
    job's on the scheduler; ``worker``: the worker it is processing on (not known to be
    executing it); ``workers``: every worker of the cluster."""
    if state == "processing":
        if worker is None:
            return "its worker is gone"
        if worker.status == "paused":
            return "its worker is paused (memory: distributed.worker.memory.pause)"
        if worker.status != "running":
            return f"its worker is {worker.status}"
        if not worker.busy:  # it waits there while the worker runs nothing
            return "its worker runs nothing (the worker lost track of it)"
        return None  # its turn there will come
    if state in ("waiting", "queued"):
        if any(w.status == "running" for w in workers):
            return None  # its turn will come
        return (f"no running worker in the cluster ({', '.join(sorted({w.status for w in workers}))})"
                if workers else "no worker in the cluster")
    if state == "no-worker":
        return "no worker can run it"
    if state in ("memory", "erred"):
        return f"its outcome ({state}) did not reach this client"
    return f"the scheduler does not have it ({state or 'unknown'})"


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
        # The jobs submitted and not yet taken (a result taken is released at once: were it
        # held, the scheduler would run it again when the worker holding it died).
        self._submitted: set[Any] = set()
        self.lost_after = where.lost_after
        self._looked = time.monotonic()  # the last look at the scheduler (_watch)
        self._unattended_since: dict[Any, float] = {}  # key: when it was first seen with no worker to run it

    def _submit(self, fn: Callable[[Any], Any], item: Any) -> Any:
        f = self.client.submit(_run_job, self.topic, self.warm, fn, item, pure=False,
                               key=f"vecverify-{getattr(fn, '__name__', 'job')}-{uuid.uuid4().hex}")
        self._submitted.add(f)
        return f

    def _wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, Any]]:
        from distributed import wait
        from distributed.client import FuturesCancelledError

        try:
            wait(handles, timeout=timeout, return_when="FIRST_COMPLETED")
        except (TimeoutError, FuturesCancelledError):  # a cancelled job is taken below
            pass
        self.deliver(0.0)
        out: list[tuple[Any, Any]] = []
        for h in handles:
            if h.done():  # finished, erred or cancelled (a job whose result was lost is pending again)
                got = self._result(h)
                if got is _PENDING:
                    continue
                out.append((h, got))
                if not isinstance(got, Lost):
                    self._submitted.discard(h)  # released once the caller has its result
        came = {h for h, _ in out}
        return out + self._watch([h for h in handles if h not in came])

    def _result(self, h: Any) -> Any:
        """A done job's result (its exception raised), a ``Lost``, or ``_PENDING`` if its
        result went with a worker before it came (Dask runs it again)."""
        from distributed import KilledWorker

        if h.cancelled():
            return Lost("cancelled (this client lost the scheduler, or the scheduler dropped it)")
        try:
            return h.result(timeout=RESULT_WAIT)
        except KilledWorker as e:
            return Lost(f"every worker that ran it died ({getattr(e, 'allowed_failures', '?')} allowed: "
                        "distributed.scheduler.allowed-failures)")
        except TimeoutError:
            if h.status == "error":
                raise  # the job's own exception
            return _PENDING

    def _watch(self, handles: list[Any]) -> list[tuple[Any, Any]]:
        """The pending jobs that are lost: with no worker to run them for ``lost_after``
        seconds, or still pending that long after the deadline. Looks at the scheduler
        every ``WATCH_EVERY`` seconds."""
        now = time.monotonic()
        if not handles or now - self._looked < WATCH_EVERY:
            return []
        self._looked = now
        scheduler: Any = self.client.scheduler
        states: dict[Any, str | None] = {}
        workers: dict[str, _Worker] = {}
        on: dict[Any, str] = {}  # key: the worker it is processing on
        executing: set[Any] = set()  # keys seen executing on a worker that looked idle or paused
        unreachable = None
        try:
            states = self.client.sync(scheduler.get_task_status, keys=[h.key for h in handles],
                                      callback_timeout=ASK_TIMEOUT)
            workers = {w: _Worker.of(i) for w, i in
                       self.client.sync(scheduler.identity, callback_timeout=ASK_TIMEOUT)["workers"].items()}
            on = {k: w for w, keys in self.client.sync(scheduler.processing, callback_timeout=ASK_TIMEOUT).items()
                  for k in keys}
            held = [h.key for h in handles if states.get(h.key) == "processing" and on.get(h.key) in workers
                    and _unattended("processing", workers[on[h.key]], []) is not None]
            if held:  # on a worker paused or looking idle: attended if it is executing there
                try:
                    stacks = self.client.sync(scheduler.call_stack, keys=held, callback_timeout=ASK_TIMEOUT)
                    executing = {k for keys in stacks.values() for k in keys}
                except Exception:  # noqa: BLE001 - a job gone meanwhile (KeyError there): look again later
                    executing = set(held)
        except (OSError, TimeoutError) as e:  # CommClosedError is an OSError
            unreachable = f"the scheduler does not answer ({type(e).__name__})"
        late = self.deadline is not None and time.time() > self.deadline + self.lost_after
        lost: list[tuple[Any, Any]] = []
        for h in handles:
            if late:
                lost.append((h, Lost(f"not finished {self.lost_after:.0f} s after its deadline")))
                continue
            why = unreachable or (None if h.key in executing else
                                  _unattended(states.get(h.key), workers.get(on.get(h.key, "")), list(workers.values())))
            if why is None:
                self._unattended_since.pop(h.key, None)
                continue
            since = self._unattended_since.setdefault(h.key, now)
            if now - since >= self.lost_after:
                lost.append((h, Lost(f"{why} for {now - since:.0f} s")))
        return lost

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
            if self._submitted:  # not finished (interrupted), or lost: none to run later
                with contextlib.suppress(OSError, TimeoutError):  # the scheduler gone: nothing to stop
                    self.client.cancel(list(self._submitted), force=True)
            while self._deliver(0.3):  # what the jobs sent before they finished or stopped
                pass
            self.client.unsubscribe_topic(self.topic)
        finally:
            self.client.close()
            if self.local is not None:
                self.local.close()
