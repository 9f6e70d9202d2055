"""A solver portfolio for the refinement check's queries: Z3 is the reference; Bitwuzla
and cvc5 decide the same query (its SMT-LIB 2 text, in processes of their own:
solverworker.py) where Z3 has not answered within a short slice. The first definite
answer wins and the others are stopped.

``unsat`` from any of them is a proof. A ``sat`` answer from another solver is read back
as hints: Z3 is asked again with the other solver's values of the constants pinned (a
query Z3 folds at once), and only a Z3 model goes on, to the check's replay on concrete
inputs like any counterexample. Queries another solver cannot read (Z3's own
``fp.to_ieee_bv``, say) stay Z3's.

``--solver z3`` (Z3 alone), ``bitwuzla`` or ``cvc5`` (that solver alone, Z3 where it
cannot read the query or to confirm a model), ``portfolio`` (as above).
"""

from __future__ import annotations

import _thread
import os
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import z3

from . import interrupts
from .semantics.core import Z3_CTRL_C

if TYPE_CHECKING:  # subprocess and json: imported when another solver runs (a cold check's start-up)
    import subprocess

SOLVERS = ("z3", "bitwuzla", "cvc5", "portfolio")
DEFAULT_SOLVER = "z3"
# The checker's commands (check, opt-tv, conformance): the portfolio decides more of
# Alive2's suite in less time (docs/benchmarks-speed.md).
CHECK_SOLVER = "portfolio"
OTHERS = ("bitwuzla", "cvc5")
# Z3 alone first, for at most this long (most queries are decided well within it).
Z3_SLICE_S = 1.0
# A model read back from another solver is confirmed by Z3 within at least this long.
CONFIRM_S = 1.0
# Limits counted in CPU time (CheckOptions.cpu_time) still end a check after this many
# times its limit in wall time.
CPU_WALL_FACTOR = 10.0
CPU_POLL_S = 0.02


class Clock:
    """How a query's limit is counted: wall time (``time.monotonic``), or the process's
    CPU time (``time.process_time``: Z3 runs in this process, so a loaded machine slows
    the query without using up its limit), then with a wall-time cap as well."""

    def __init__(self, cpu: bool = False, wall_deadline: float | None = None) -> None:
        self.cpu = cpu
        self.wall_deadline = wall_deadline

    def now(self) -> float:
        return time.process_time() if self.cpu else time.monotonic()

    def wall_left(self) -> float | None:
        return None if self.wall_deadline is None else self.wall_deadline - time.monotonic()


WALL = Clock()


class _CpuWatch:
    """Interrupts the running Z3 check once the process has used its share of CPU time.
    One thread per process, started with the first such check and asleep between checks
    (a thread started per query cost a query ~0.1-1 ms, more on a busy machine)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._armed: tuple[z3.Solver, float] | None = None
        self._fired = False
        self._started = False

    def arm(self, solver: z3.Solver, seconds: float) -> None:
        with self._cond:
            self._armed = (solver, time.process_time() + seconds)
            self._fired = False
            if not self._started:
                self._started = True
                _thread.start_new_thread(self._watch, ())
            self._cond.notify()

    def disarm(self) -> bool:
        """Whether it interrupted the check since :meth:`arm`."""
        with self._cond:
            self._armed = None
            return self._fired

    def _watch(self) -> None:
        with self._cond:
            while True:
                if self._armed is None:
                    self._cond.wait()
                    continue
                # No reference to the solver may stay in this frame: its last one
                # dropped here would free it on this thread, beside the main one's Z3 calls.
                if time.process_time() >= self._armed[1]:
                    self._fired = True
                    self._armed[0].interrupt()
                    self._armed = None
                    continue
                self._cond.wait(CPU_POLL_S)


_cpu_watch = _CpuWatch()


def _new_watch_after_fork() -> None:  # the thread (and perhaps the lock's holder) stayed in the parent
    global _cpu_watch
    _cpu_watch = _CpuWatch()


os.register_at_fork(after_in_child=_new_watch_after_fork)


class SolverGaveUp(Exception):
    """No solver decided the query (its reason: the message)."""


@dataclass
class Answer:
    """A definite answer to a query, and the solver that gave it."""

    result: str  # sat | unsat
    model: z3.ModelRef | None
    solver: str  # the solver whose answer decided it


@dataclass
class _Race:
    """The other solvers' processes for one query, and the first definite answer."""

    procs: dict[str, subprocess.Popen[str]] = field(default_factory=dict)
    answers: dict[str, dict[str, object]] = field(default_factory=dict)
    first: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    z3_running: z3.Solver | None = None
    threads: list[threading.Thread] = field(default_factory=list)

    def start(self, names: tuple[str, ...], text: str, timeout_ms: int) -> None:
        import subprocess

        for name in names:
            proc = subprocess.Popen([sys.executable, "-m", "vecverify.solverworker", name, str(timeout_ms)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                    text=True)
            self.procs[name] = proc
            t = threading.Thread(target=self._read, args=(name, proc, text), daemon=True)
            t.start()
            self.threads.append(t)

    def _read(self, name: str, proc: subprocess.Popen[str], text: str) -> None:
        import json

        try:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(text)
            proc.stdin.close()
            line = proc.stdout.readline()
            answer = json.loads(line) if line.strip() else {"result": "error", "reason": "no answer"}
        except (OSError, ValueError) as e:
            answer = {"result": "error", "reason": str(e)}
        with self.lock:
            self.answers[name] = answer
            if answer.get("result") in ("sat", "unsat") and self.first is None:
                self.first = name
                if self.z3_running is not None:
                    self.z3_running.interrupt()

    def wait(self, until: float) -> None:
        for t in self.threads:
            t.join(max(0.0, until - time.monotonic()))
            if self.first is not None:
                return

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
            proc.wait()


def _z3_check(solver: z3.Solver, seconds: float, race: _Race | None = None,
              clock: Clock = WALL, pending: Sequence[z3.BoolRef] = ()) -> z3.CheckSatResult:
    wall = seconds * CPU_WALL_FACTOR if clock.cpu else seconds
    wall_left = clock.wall_left()
    if wall_left is not None:
        wall = min(wall, wall_left)
    if wall > 0:
        solver.set(timeout=max(1, int(wall * 1000)))
    if pending:  # after the limit: see decide()
        solver.add(*pending)
    if wall <= 0:
        return z3.unknown
    if race is not None:
        with race.lock:
            if race.first is not None:
                return z3.unknown
            race.z3_running = solver
    watch = _cpu_watch if clock.cpu else None
    if watch is not None:
        watch.arm(solver, seconds)
    fired = False
    try:
        result = solver.check()
    finally:
        if watch is not None:
            fired = watch.disarm()
        if race is not None:
            with race.lock:
                race.z3_running = None
    if fired and result == z3.unknown:
        raise SolverGaveUp("timeout")
    return result


def _unknown(solver: z3.Solver) -> str:
    reason = solver.reason_unknown()
    if reason == Z3_CTRL_C or interrupts.requested():
        raise KeyboardInterrupt
    return reason


def decide(solver: z3.Solver, deadline: float, mode: str, clock: Clock = WALL,
           pending: Sequence[z3.BoolRef] = ()) -> Answer:
    """Decide the assertions of ``solver`` and ``pending`` by ``deadline`` (on
    ``clock``) with the solvers of ``mode``; SolverGaveUp if none does.

    ``pending`` are added to ``solver`` once its first time limit is set: a limit set
    on a solver that has assertions makes Z3 collect and check the parameter
    descriptions of every module again (~0.2 ms, a tenth of a small query)."""
    if interrupts.requested():
        raise KeyboardInterrupt
    left = deadline - clock.now()
    wall_left = clock.wall_left()
    if left <= 0 or (wall_left is not None and wall_left <= 0):
        raise SolverGaveUp("timeout")
    if mode not in ("z3", "portfolio") and pending:
        solver.add(*pending)
    if mode == "z3":
        r = _z3_check(solver, left, clock=clock, pending=pending)
        if r == z3.unknown:
            raise SolverGaveUp(_unknown(solver))
        return Answer(str(r), solver.model() if r == z3.sat else None, "z3")
    reason = "timeout"
    if mode == "portfolio":
        r = _z3_check(solver, min(Z3_SLICE_S, left), clock=clock, pending=pending)
        if r != z3.unknown:
            return Answer(str(r), solver.model() if r == z3.sat else None, "z3")
        reason = _unknown(solver)
        left = deadline - clock.now()
        if left <= 0.05:
            raise SolverGaveUp(reason)
    others = OTHERS if mode == "portfolio" else (mode,)
    race = _Race()
    try:
        race.start(others, solver.to_smt2(), max(1, int(left * 1000)))
        if mode == "portfolio":
            r = _z3_check(solver, left, race, clock)
            if r != z3.unknown:
                return Answer(str(r), solver.model() if r == z3.sat else None, "z3")
            reason = _unknown(solver)
        race.wait(time.monotonic() + left + 0.5)
        name = race.first
        if name is None and mode != "portfolio":
            # That solver alone gave no answer: it could not read the query, so Z3's.
            if all(a.get("result") == "error" for a in race.answers.values()):
                r = _z3_check(solver, max(0.001, deadline - clock.now()), clock=clock)
                if r != z3.unknown:
                    return Answer(str(r), solver.model() if r == z3.sat else None, "z3")
                reason = _unknown(solver)
    finally:
        race.stop()
    return _answer_of(race, solver, deadline, clock, reason)


def decide_by_others(solver: z3.Solver, deadline: float, mode: str, clock: Clock = WALL) -> Answer:
    """The assertions of ``solver`` decided by the solvers of ``mode`` other than Z3 only
    (both for ``portfolio``), by ``deadline``: for a query Z3 is known to be slow on
    (a quantified one), tried before the search Z3 would do. A ``sat`` answer's model is
    confirmed by Z3 as in :func:`decide`. SolverGaveUp if none decides (and always for
    ``z3``)."""
    left = deadline - clock.now()
    if mode == "z3" or left <= 0.05:
        raise SolverGaveUp("no other solver")
    race = _Race()
    try:
        race.start(OTHERS if mode == "portfolio" else (mode,), solver.to_smt2(), max(1, int(left * 1000)))
        race.wait(time.monotonic() + left + 0.5)
    finally:
        race.stop()
    return _answer_of(race, solver, deadline, clock, "timeout")


def _answer_of(race: _Race, solver: z3.Solver, deadline: float, clock: Clock, reason: str) -> Answer:
    """The race's first definite answer (a model only once Z3 confirms it)."""
    name = race.first
    if name is None:
        raise SolverGaveUp(reason)
    answer = race.answers[name]
    if answer["result"] == "unsat":
        return Answer("unsat", None, name)
    model = _confirm(solver, answer.get("model") or {}, max(CONFIRM_S, deadline - clock.now()))  # type: ignore[arg-type]
    if model is None:
        raise SolverGaveUp(f"{name}'s model not confirmed by Z3")
    return Answer("sat", model, name)


def _constants(terms: list[z3.ExprRef]) -> dict[str, z3.ExprRef]:
    """The uninterpreted constants of ``terms`` by name (one visit per shared subterm)."""
    seen: set[int] = set()
    out: dict[str, z3.ExprRef] = {}
    stack = list(terms)
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_quantifier(t):
            stack.append(t.body())
        elif z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            out[t.decl().name()] = t
        elif z3.is_app(t):
            stack.extend(t.children())
    return out


def _confirm(solver: z3.Solver, values: dict[str, str], seconds: float) -> z3.ModelRef | None:
    """Z3's model of the assertions with another solver's values pinned as hints: None
    when Z3 does not find one in time (the other model is never used itself)."""
    assertions = list(solver.assertions())
    consts = _constants(assertions)
    pins = []
    for raw, text in values.items():
        name = raw.strip("|")
        c = consts.get(name)
        if c is None:
            continue
        try:
            pins += list(z3.parse_smt2_string(f"(assert (= |{name}| {text}))", decls={name: c}))
        except z3.Z3Exception:
            continue  # a value Z3 does not read: that constant stays free
    check = z3.Solver()
    check.add(*assertions, *pins)
    check.set(timeout=max(1, int(seconds * 1000)))
    return check.model() if check.check() == z3.sat else None
