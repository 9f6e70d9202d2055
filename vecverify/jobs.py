"""What a job and its caller share, wherever the job runs (vecverify/pool.py: in this
process or in worker processes; vecverify/cluster.py: on a Dask cluster): the ``Jobs``
interface, and ``emit``, by which a running job sends events to its caller."""

from __future__ import annotations

import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import InputError

if TYPE_CHECKING:  # concurrent.futures (with logging) and ipaddress: imported where used, not by every check's start
    from concurrent.futures import Future

Event = Any  # picklable; what a job emits
EventSink = Callable[[Event], None]


# ----------------------------------------------------------------------------- where


LOST_AFTER = 60.0  # s: a cluster's job with no worker to run it this long is lost (--cluster-lost-after)


@dataclass(frozen=True)
class Placement:
    """Where jobs run: ``cluster`` (a Dask scheduler's address, or ``local`` for a
    cluster of ``jobs`` workers started on 127.0.0.1), else ``jobs`` processes here
    (1: in this process). ``security``: the TLS file for a ``tls://`` address.
    ``lost_after``: how long a cluster's job may stay with no worker to run it (or run
    past its deadline) before it is reported lost."""

    jobs: int = 1
    cluster: str | None = None
    security: Path | None = None
    lost_after: float = LOST_AFTER

    @property
    def parallel(self) -> bool:
        return self.cluster is not None or self.jobs > 1

    def spread(self, count: int) -> bool:
        """Whether ``count`` jobs go to workers (a cluster always: it was asked for)."""
        return self.cluster is not None or (self.jobs > 1 and count > 1)


SCHEMES = ("tcp://", "tls://")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_address(address: str, security: Path | None) -> None:
    """Refuse what would expose workers: plain ``tcp://`` beyond this machine, ``tls://``
    without certificates, and other transports."""
    if address == "local":
        if security is not None:
            raise InputError("--cluster-security: not for --cluster local (it binds to 127.0.0.1)")
        return
    if not address.startswith(SCHEMES):
        raise InputError(f"--cluster {address}: expected local, tcp://127.0.0.1:PORT or tls://HOST:PORT")
    rest = address.split("://", 1)[1]
    host = rest.rsplit(":", 1)[0] if rest.count(":") == 1 or rest.startswith("[") else rest
    if address.startswith("tcp://"):
        if not _loopback(host):
            raise InputError(f"--cluster {address}: a cluster beyond this machine is reached over "
                             "tls:// with --cluster-security FILE (docs/cluster.md)")
        if security is not None:
            raise InputError("--cluster-security: only for a tls:// address")
    elif security is None:
        raise InputError(f"--cluster {address}: tls:// needs --cluster-security FILE (docs/cluster.md)")


# ----------------------------------------------------------------------------- in a job

_local = threading.local()


def emit(event: Event) -> None:
    """Send ``event`` from a job to the caller's ``on_event`` (dropped if it has none)."""
    sink: EventSink | None = getattr(_local, "sink", None)
    if sink is not None:
        sink(event)


def set_sink(sink: EventSink | None) -> EventSink | None:
    """Route this thread's ``emit`` to ``sink``; returns the one before."""
    old: EventSink | None = getattr(_local, "sink", None)
    _local.sink = sink
    return old


# ----------------------------------------------------------------------------- lost jobs


@dataclass(frozen=True)
class Lost:
    """What ``Jobs._wait`` gives for a job that will not finish (a cluster lost it:
    vecverify/cluster.py), and why."""

    why: str


class LostJob(NamedTuple):
    """What a command reports for a lost job: its name in messages (a file, a rule at a
    type, a fuzz unit) and the command's own result for it, a verdict that is not
    correct (``lost``)."""

    name: str
    result: Any


OnLost = Callable[[Any, str], LostJob]  # (the job's item, why it was lost)


# ----------------------------------------------------------------------------- the interface


class Jobs(ABC):
    """Jobs running somewhere; a context manager (leaving it by an exception cancels
    what has not finished, after delivering the events already sent)."""

    slots: int = 1  # jobs that run at once
    ahead: int = sys.maxsize  # jobs submitted ahead when run() is given no window

    def __init__(self, on_event: EventSink | None) -> None:
        self.on_event = on_event

    deadline: float | None = None  # time.time() by which every job should have ended (run's)

    def run(self, fn: Callable[[Any], Any], items: Iterable[Any], window: int | None = None,
            more: Callable[[], bool] | None = None, on_lost: OnLost | None = None,
            deadline: float | None = None) -> Iterator[tuple[int, Any]]:
        """``fn(item)`` for each item, yielded as ``(index, result)`` when it finishes.
        At most ``window`` jobs are submitted ahead (default: all); items are taken
        from ``items`` only while ``more()`` (checked often: it may raise to stop).

        A job the cluster loses (vecverify/cluster.py: no worker to run it, or still
        running well past ``deadline``, a time.time() value derived from the jobs'
        budget) is named once on stderr and yields ``on_lost(item, why).result``; with
        no ``on_lost`` it stops the run (InputError: exit 2)."""
        source = enumerate(items)
        pending: dict[Any, tuple[int, Any]] = {}
        exhausted = False
        limit = window if window is not None else self.ahead
        self.deadline = deadline
        while True:
            go_on = more() if more is not None else True
            while not exhausted and go_on and len(pending) < limit:
                nxt = next(source, None)
                if nxt is None:
                    exhausted = True
                    break
                pending[self._submit(fn, nxt[1])] = nxt
            if not pending:
                if exhausted or not go_on:
                    break
                continue
            for handle, result in self._wait(list(pending), 0.05):
                index, item = pending.pop(handle)
                yield index, (_report_lost(on_lost, item, result.why) if isinstance(result, Lost) else result)
            self.deliver(0.0)
        self.deliver(0.05)

    @abstractmethod
    def _submit(self, fn: Callable[[Any], Any], item: Any) -> Any: ...

    @abstractmethod
    def _wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, Any]]:
        """The handles among ``handles`` that finished within ``timeout``, with results
        (a job's exception is raised here), and those lost, with a ``Lost``."""

    @abstractmethod
    def deliver(self, wait: float) -> None:
        """Pass the events jobs have sent to ``on_event`` (waiting up to ``wait`` s
        for the first)."""

    @abstractmethod
    def close(self, cancel: bool) -> None: ...

    def __enter__(self) -> Jobs:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close(cancel=exc is not None)


def _report_lost(on_lost: OnLost | None, item: Any, why: str) -> Any:
    if on_lost is None:
        raise InputError(f"--cluster: a job was lost: {why}")
    lost = on_lost(item, why)
    print(f"lost on the cluster: {lost.name}: {why}", file=sys.stderr, flush=True)
    return lost.result


class InProcess(Jobs):
    """Each job in this process, one after the other (``--jobs 1``)."""

    ahead = 1

    def _submit(self, fn: Callable[[Any], Any], item: Any) -> Any:
        from concurrent.futures import Future

        f: Future[Any] = Future()
        old = set_sink(self.on_event)
        try:
            f.set_result(fn(item))
        except Exception as e:  # noqa: BLE001 - raised again by _wait, as the pools do
            f.set_exception(e)
        finally:
            set_sink(old)
        return f

    def _wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, Any]]:
        return [(h, h.result()) for h in handles]

    def deliver(self, wait: float) -> None:
        pass  # emit() calls on_event directly

    def close(self, cancel: bool) -> None:
        pass
