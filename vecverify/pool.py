"""Where a command's jobs run: in this process, in spawned worker processes on this
machine (``--jobs N``, the default), or on a Dask cluster (``--cluster ADDRESS``, see
vecverify/cluster.py and docs/cluster.md).

One interface for the commands that fan out (``check DIR``, ``opt-tv``, ``fuzz``,
``prove``): ``open_jobs(where)`` gives a ``Jobs``, whose ``run(fn, items)`` yields
``(index, result)`` as each job finishes (not in order: the caller orders them if it
prints in order). A job may send events to the caller while it runs (``emit``: the fuzz
campaign's programs and findings), delivered to ``on_event`` in the caller's thread, so
that an interrupted campaign keeps everything its jobs reported. Functions and items
must pickle (workers import the function by name: module-level functions only).

The start policy for worker processes on this machine (here and in ``vecverify
conformance``) is **spawn**. Why not fork: the parent has Z3 contexts, llvmlite's LLVM
state and often threads (rich's progress refresh, Hypothesis) by the time it starts
workers; a forked child inherits them half-way through whatever they were doing (locks
held by threads that do not exist in the child, solver state shared by accident). A
spawned worker is a fresh interpreter that imports what it needs once: slower to start
(a fraction of a second per worker, paid once), never wrong.

The one process that forks is the warm server (vecverify/app/server.py): inheriting its
loaded modules is its purpose, and it never has a thread or a solver query under way.
"""

from __future__ import annotations

import multiprocessing as mp
import queue as queue_mod
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from .jobs import EventSink, InProcess, Jobs, OnLost, Placement, set_sink

CONTEXT = mp.get_context("spawn")


def executor(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` spawned workers, for functions and arguments that pickle."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=CONTEXT)


def _init_local_worker(events: Any, warm: Callable[[], None] | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    set_sink(events.put)
    if warm is not None:
        warm()


class LocalProcesses(Jobs):
    """``jobs`` spawned worker processes on this machine."""

    def __init__(self, jobs: int, warm: Callable[[], None] | None, on_event: EventSink | None) -> None:
        super().__init__(on_event)
        self.slots = jobs
        self._events = CONTEXT.Queue()
        self._pool = ProcessPoolExecutor(max_workers=jobs, mp_context=CONTEXT,
                                         initializer=_init_local_worker, initargs=(self._events, warm))

    def _submit(self, fn: Callable[[Any], Any], item: Any) -> Any:
        return self._pool.submit(fn, item)

    def _wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, Any]]:
        done, _ = wait(handles, timeout=timeout, return_when=FIRST_COMPLETED)
        self.deliver(0.0)  # a job's events before its result
        return [(h, h.result()) for h in done]

    def deliver(self, wait: float) -> None:
        try:
            event = self._events.get(timeout=wait) if wait > 0 else self._events.get_nowait()
            while True:
                if self.on_event is not None:
                    self.on_event(event)
                event = self._events.get_nowait()
        except (queue_mod.Empty, OSError, EOFError, ValueError):
            pass

    def close(self, cancel: bool) -> None:
        if cancel:
            processes = list(getattr(self._pool, "_processes", {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for p in processes:  # our own worker processes only
                p.terminate()
            self.deliver(0.2)
        else:
            self._pool.shutdown(wait=True)
            self.deliver(0.05)


def open_jobs(where: Placement, warm: Callable[[], None] | None = None,
              on_event: EventSink | None = None, count: int | None = None) -> Jobs:
    """Jobs where ``where`` says. ``warm`` runs once in each worker before its first
    job (imports, the JIT); ``count``: how many jobs there will be, if known (no more
    local processes are started than that)."""
    if where.cluster is not None:
        from .cluster import DaskJobs  # distributed: only for --cluster

        return DaskJobs(where, warm, on_event)
    jobs = min(where.jobs, count) if count is not None else where.jobs
    if jobs <= 1:
        if warm is not None:
            old = set_sink(on_event)
            try:
                warm()
            finally:
                set_sink(old)
        return InProcess(on_event)
    return LocalProcesses(jobs, warm, on_event)


def run_all(fn: Callable[[Any], Any], items: list[Any], where: Placement,
            progress: Callable[[int, int], None] | None = None,
            on_lost: OnLost | None = None) -> Iterator[tuple[int, Any]]:
    """Each ``fn(item)`` where ``where`` says, as ``(index, result)`` when it finishes;
    ``progress(done, total)`` after each; a job a cluster lost as ``on_lost`` says
    (``Jobs.run``)."""
    with open_jobs(where, count=len(items)) as jobs:
        for done, pair in enumerate(jobs.run(fn, items, on_lost=on_lost), 1):
            if progress is not None:
                progress(done, len(items))
            yield pair


def in_order(pairs: Iterable[tuple[int, Any]]) -> Iterator[Any]:
    """The results of ``(index, result)`` pairs in index order, each as soon as every
    one before it has come. Interrupted (Ctrl-C), it yields the results it holds, in
    order, before the KeyboardInterrupt goes on: none that came is lost."""
    waiting: dict[int, Any] = {}
    nxt = 0
    try:
        for i, result in pairs:
            waiting[i] = result
            while nxt in waiting:
                yield waiting.pop(nxt)
                nxt += 1
    except KeyboardInterrupt:
        for i in sorted(waiting):
            yield waiting.pop(i)
        raise


class ProgressBar:
    """A transient progress bar on stderr while results come in (only on a terminal)."""

    def __init__(self, label: str, enabled: bool = True) -> None:
        self.label = label
        self.enabled = enabled
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> ProgressBar:
        if self.enabled and sys.stderr.isatty():
            from rich.console import Console  # rich: only when a bar is shown
            from rich.progress import Progress

            self._bar = Progress(console=Console(stderr=True), transient=True)
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=None)
        return self

    def __call__(self, done: int, total: int, what: str = "") -> None:
        """``done`` of ``total``; ``what``: what is being worked on now (shown beside the label)."""
        if self._bar is not None:
            description = f"{self.label} {what}" if what else self.label
            # drawn now when it names a new item: each file shows, however fast it goes
            self._bar.update(self._task, completed=done, total=total, description=description, refresh=bool(what))

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)

