"""The fuzz campaign: generate -> transform -> prove -> run natively, for every
registered transform (or one mutant), time-boxed, seeded, shardable.

Work is cut into *units*: (transform, round) with a seed derived from the campaign seed,
each a Hypothesis run of up to ``chunk`` examples. Units form one deterministic stream
(round by round, transform by transform); shard I/N takes every N-th unit, so shards
never repeat each other's work. A unit that finds a failure lets Hypothesis shrink it
and writes the smallest failing program to the corpus at once (and again whenever
shrinking finds a smaller one), so an interrupted campaign keeps what it found.

The first unit of each transform reads Hypothesis' example database (old failures are
replayed first); later units only write to it, or they would all replay the same one.
Counters come from per-program events, so an interrupted unit still counts.
"""

from __future__ import annotations

import hashlib
import math
import random
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hseed
from hypothesis import strategies as st

from ...errors import InputError
from ...exit_codes import EXIT_BAD_INPUT, EXIT_INCORRECT, EXIT_INTERRUPTED, EXIT_OK
from ...jobs import LOST_AFTER, LostJob, Placement, emit
from ...pool import open_jobs
from . import native
from .corpus import Finding, save
from .database import example_database
from .mutants import get_mutant
from .pipeline import OutOfTime, run_program
from .transforms import kernel_strategy, known_names, resolve

DEFAULT_CORPUS = Path("corpus/fuzz")
DEFAULT_DATABASE = Path(".vecverify/hypothesis")
DEFAULT_CHUNK = 25
DEFAULT_MAX_EXAMPLES = 100  # per transform, when neither a budget nor a count is given
# A transform that declines every one of at least this many programs was not exercised
# at all: a failure of the campaign (fewer may be chance).
MIN_PROGRAMS_ALL_DECLINED = 25
DEFAULT_TIMEOUT_MS = 5_000  # per solver query in campaigns

Event = dict[str, Any]
Sink = Callable[[Event], None]


# ----------------------------------------------------------------------------- options and results


@dataclass
class CampaignOptions:
    transforms: list[str] | None = None  # registry names; None: every registered transform
    mutant: str | None = None  # run one mutant instead of the transforms
    budget: float | None = None  # wall-clock seconds
    max_examples: int | None = None  # programs per transform (over all shards)
    seed: int | None = None  # None: a random one (printed, and in the reports)
    jobs: int = 1
    cluster: str | None = None  # a Dask scheduler's address (docs/cluster.md), instead of jobs here
    cluster_security: Path | None = None  # the TLS file of a tls:// cluster
    cluster_lost_after: float = LOST_AFTER  # s: a unit with no worker to run it is lost (docs/cluster.md)
    shard: tuple[int, int] = (1, 1)  # I/N, 1-based
    corpus: Path | None = DEFAULT_CORPUS  # None: do not save findings
    # A directory, a SharedDatabase (directory + Redis), an ExampleDatabase, or None.
    database: Any = DEFAULT_DATABASE
    timeout_ms: int = DEFAULT_TIMEOUT_MS  # per solver query; running out is "failed to prove"
    # A proof that runs out of time is counted (the table's "inconclusive") but fails the
    # campaign only when strict: whether a solver finishes depends on the machine, and CI
    # must not fail on a slow one. Unsupported IR and internal errors always fail.
    strict: bool = False
    native: bool = True
    native_runs: int = 8
    chunk: int = DEFAULT_CHUNK
    shrink: bool = True
    # Mutant survey: keep going until the proof (and, where it can, the native run) has
    # caught the mutant, then stop; no shrinking, nothing saved.
    survey: bool = False
    progress: Sink | None = None

    @property
    def placement(self) -> Placement:
        return Placement(jobs=self.jobs, cluster=self.cluster, security=self.cluster_security,
                         lost_after=self.cluster_lost_after)

    def validate(self) -> None:
        i, n = self.shard
        if n < 1 or not 1 <= i <= n:
            raise InputError(f"--shard {i}/{n}: I must be between 1 and N")
        if self.budget is not None and (self.budget <= 0 or math.isnan(self.budget)):
            raise InputError(f"--budget {self.budget:g}: must be a positive number of seconds")
        if self.max_examples is not None and self.max_examples < 1:
            raise InputError(f"--max-examples {self.max_examples}: must be at least 1")
        if self.jobs < 1:
            raise InputError(f"--jobs {self.jobs}: must be at least 1")
        if self.chunk < 1:
            raise InputError("chunk must be at least 1")


@dataclass
class TransformStats:
    programs: int = 0
    declined: int = 0
    proved: int = 0  # correct verdicts
    refuted: int = 0
    inconclusive: int = 0
    native_programs: int = 0
    native_runs: int = 0
    proof_seconds: float = 0.0
    first_proof_catch: float | None = None  # seconds since the campaign started
    first_native_catch: float | None = None
    first_catch_program: int | None = None  # how many programs it took (1: the first)
    # Seconds per stage (pipeline.STAGES, plus "generate": Hypothesis drawing the next
    # program, and "shrink": every stage of the programs run while shrinking a failure).
    stages: dict[str, float] = field(default_factory=dict)

    @property
    def all_declined(self) -> bool:
        """The transform changed none of its programs: nothing was proved or run."""
        return self.programs > 0 and self.declined == self.programs

    def to_json(self) -> dict[str, Any]:
        def rounded(v: Any) -> Any:
            if isinstance(v, dict):
                return {k: rounded(x) for k, x in v.items()}
            return round(v, 3) if isinstance(v, float) else v

        return {k: rounded(v) for k, v in self.__dict__.items()}


@dataclass
class CampaignResult:
    seed: int
    shard: tuple[int, int]
    transforms: list[str]
    stats: dict[str, TransformStats] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # Hypothesis-level problems (flaky, ...)
    lost: list[str] = field(default_factory=list)  # units a cluster lost (docs/cluster.md), each with why
    seconds: float = 0.0
    interrupted: bool = False
    native_available: bool = False
    native_note: str = ""
    units: int = 0
    startup_seconds: float = 0.0  # worker processes: from the pool's start to ready, summed

    @property
    def programs(self) -> int:
        return sum(s.programs for s in self.stats.values())

    @property
    def failures(self) -> int:
        return len(self.findings)

    @property
    def problems(self) -> list[str]:
        """Transforms the campaign did not exercise (each declined all its programs)."""
        return [
            f"{name} declined all {s.programs} of its programs: nothing was transformed, proved or run for it"
            for name, s in self.stats.items() if s.all_declined and s.programs >= MIN_PROGRAMS_ALL_DECLINED
        ]

    @property
    def exit_code(self) -> int:
        if self.findings or self.problems:
            return EXIT_INCORRECT
        if self.lost:  # some of the campaign did not run: not a pass (exit 2, as for errors)
            return EXIT_BAD_INPUT
        return EXIT_INTERRUPTED if self.interrupted else EXIT_OK

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "shard": f"{self.shard[0]}/{self.shard[1]}", "seconds": round(self.seconds, 3),
            "interrupted": self.interrupted, "units": self.units,
            "native": "available" if self.native_available else f"unavailable ({self.native_note})",
            "programs": self.programs, "failures": self.failures,
            "transforms": {t: self.stats[t].to_json() for t in self.transforms},
            "findings": [f.to_json() for f in self.findings], "problems": self.problems, "errors": self.errors,
            "lost": self.lost,
        }


# ----------------------------------------------------------------------------- units


@dataclass(frozen=True)
class Unit:
    transform: str
    round: int
    seed: int
    examples: int
    replay: bool  # read the example database (the first unit of a transform)


def derive_seed(master: int, transform: str, rnd: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{master}:{transform}:{rnd}".encode()).digest()[:4], "little")


def unit_stream(names: list[str], options: CampaignOptions, master: int,
                chunks: dict[str, int] | None = None) -> Iterator[Unit]:
    """Every unit of this shard, in order; endless when only a budget bounds the campaign.
    ``chunks``: programs per unit of some transforms, fewer than the campaign's (see
    transform_chunks)."""
    total = options.max_examples
    if total is None and options.budget is None:
        total = DEFAULT_MAX_EXAMPLES
    chunks = {name: min((chunks or {}).get(name, options.chunk), options.chunk) for name in names}
    shard_i, shard_n = options.shard
    seen: set[str] = set()
    k = 0
    for rnd in range(10**9):
        left = False
        for name in names:
            chunk = chunks[name] if total is None else min(chunks[name], total)
            start = rnd * chunk
            if total is not None and start >= total:
                continue
            left = True
            if k % shard_n == shard_i - 1:
                n = chunk if total is None else min(chunk, total - start)
                yield Unit(name, rnd, derive_seed(master, name, rnd), n, name not in seen)
                seen.add(name)
            k += 1
        if not left:
            return


def transform_chunks(names: list[str]) -> dict[str, int]:
    """Programs per unit of the transforms whose programs are slow to prove (loops: their
    ``fuzz_chunk``), so that each takes its turn without holding a worker for long."""
    own = {name: getattr(resolve(name), "fuzz_chunk", None) for name in names}
    return {name: n for name, n in own.items() if n is not None}


# ----------------------------------------------------------------------------- one unit (in a worker)


class FuzzFailure(Exception):
    """Raised in the Hypothesis test on a failing program (one subclass per kind, so
    Hypothesis shrinks each kind as a distinct bug)."""


class IncorrectFailure(FuzzFailure):
    pass


class NativeFailure(FuzzFailure):
    pass


class InconclusiveFailure(FuzzFailure):
    pass


class CrashFailure(FuzzFailure):
    pass


class ModelFailure(FuzzFailure):
    pass


class SurveyDone(FuzzFailure):
    pass


_FAILURE = {
    "incorrect": IncorrectFailure, "native": NativeFailure, "inconclusive": InconclusiveFailure,
    "crash": CrashFailure, "model": ModelFailure,
}


class BudgetExhausted(BaseException):
    """Stops a Hypothesis run at the deadline (a BaseException: Hypothesis lets it through
    instead of treating it as a failure to shrink)."""


@dataclass
class UnitConfig:
    master_seed: int
    deadline: float  # time.time() value; math.inf for none
    database: Any
    timeout_ms: int
    native: bool
    native_runs: int
    shrink: bool
    strict: bool
    survey: bool
    started: float  # the campaign's time.time() at start


def _error_line(kind: str, out: Any) -> str | None:
    if kind == "incorrect":
        return str(out.proof_error) or None
    if kind == "native":
        return "Mismatch in memory"  # the kernels' results are all in memory
    return None


def _only_fuzz_failures(e: BaseException) -> bool:
    if isinstance(e, FuzzFailure):
        return True
    if isinstance(e, BaseExceptionGroup):
        return all(_only_fuzz_failures(x) for x in e.exceptions)
    return False


def run_unit(unit: Unit, cfg: UnitConfig, emit: Sink) -> list[str]:
    """Run one unit; events go to ``emit``. Returns Hypothesis-level error messages."""

    transform = resolve(unit.transform)
    native_visible = getattr(transform, "native_visible", True)
    best: dict[tuple[str, str, str], Finding] = {}
    caught = {"proof": False, "native": False}
    unit_start = time.monotonic()
    # Profile: the time between programs is Hypothesis generating the next one; once a
    # failure is found, the programs that follow are shrinking it.
    clock = {"last": time.perf_counter(), "shrinking": False}

    def record(f: Finding) -> None:
        sig = f.signature
        old = best.get(sig)
        if old is not None and (f.size, len(f.text)) >= (old.size, len(old.text)):
            return
        f.seconds = old.seconds if old is not None else f.seconds
        best[sig] = f
        # Sent at once (the caller saves it): an interrupted campaign keeps it.
        emit({"type": "finding", "unit": (unit.transform, unit.round), "finding": f})

    def body(args: tuple[Any, int]) -> None:
        if STOP.requested:
            raise KeyboardInterrupt
        if time.time() > cfg.deadline:
            raise BudgetExhausted
        kernel, nseed = args
        started = time.perf_counter()
        try:
            out = run_program(kernel, transform, nseed, timeout_ms=cfg.timeout_ms,
                              native_runs=cfg.native_runs, use_native=cfg.native, deadline=cfg.deadline)
        except OutOfTime:
            raise BudgetExhausted from None
        stages = {"generate": started - clock["last"], **out.stages}
        clock["last"] = time.perf_counter()
        if clock["shrinking"]:
            stages = {"shrink": sum(stages.values())}
        now = time.time()
        caught["proof"] |= out.caught_by_proof
        caught["native"] |= out.caught_natively
        emit({
            "type": "program", "transform": unit.transform, "declined": out.declined, "proof": out.proof,
            "proof_seconds": out.proof_seconds, "native_runs": out.native_runs,
            "caught_by_proof": out.caught_by_proof, "caught_natively": out.caught_natively,
            "time": now - cfg.started, "stages": stages,
        })
        kind = out.failure
        if cfg.survey:
            native_done = caught["native"] or not native_visible or not (cfg.native and native.available())
            if caught["proof"] and native_done:
                raise SurveyDone(unit.transform)
            return
        if not kind or (kind == "inconclusive" and out.proof == "failed" and not cfg.strict):
            return
        record(Finding(
            transform=unit.transform, kind=kind, message=out.message, error_line=_error_line(kind, out),
            seed=unit.seed, master_seed=cfg.master_seed, text=out.text, description=kernel.describe(),
            size=kernel.size, caught_by_proof=out.caught_by_proof, caught_natively=out.caught_natively,
            seconds=time.monotonic() - unit_start, report=out.report,
        ))
        clock["shrinking"] = True
        raise _FAILURE[kind](out.message)

    phases = [Phase.explicit, Phase.reuse, Phase.generate]
    if cfg.shrink and not cfg.survey:
        phases.append(Phase.shrink)
    database = example_database(cfg.database, unit.replay)
    test = given(st.tuples(kernel_strategy(transform), st.integers(0, 2**32 - 1)))(body)
    # The seed first: @seed turns the database off in the settings it finds, and the
    # settings applied after it keep ours.
    test = hseed(unit.seed)(test)
    test = settings(
        database=database, max_examples=unit.examples, deadline=None, phases=phases,
        suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet, print_blob=False,
        report_multiple_bugs=True, derandomize=False,  # the campaign's seed decides, whatever the profile
    )(test)
    # One database key per transform (stable across code changes and rounds): the same
    # key `hypothesis.find` sets for itself.
    test._hypothesis_internal_database_key = f"vecverify-fuzz:{unit.transform}".encode()  # type: ignore[attr-defined]
    errors: list[str] = []
    try:
        test()
    except BudgetExhausted:
        pass
    except KeyboardInterrupt:
        raise
    except Exception as e:  # noqa: BLE001 - anything Hypothesis raises ends the unit
        if not _only_fuzz_failures(e) and type(e).__name__ != "Unsatisfiable":
            errors.append(f"{unit.transform} round {unit.round}: {type(e).__name__}: {e}".splitlines()[0])
    return errors


# ----------------------------------------------------------------------------- processes


def _worker_warm(pool_started: float, use_native: bool) -> None:
    """Pay the start-up once per worker (the transform registry, the JIT), and report
    it: from the pool's start, so the process's own start and imports count."""
    known_names()
    if use_native:
        native.available()
    emit({"type": "startup", "seconds": time.time() - pool_started})


def _worker_run(job: tuple[Unit, UnitConfig]) -> list[str]:
    return run_unit(*job, emit)


# ----------------------------------------------------------------------------- the campaign


class _Collector:
    """Turns events into the campaign's counters and findings."""

    def __init__(self, result: CampaignResult, sink: Sink | None, corpus: Path | None) -> None:
        self.result = result
        self.sink = sink
        self.corpus = corpus
        self.latest: dict[tuple[Any, ...], Finding] = {}

    def __call__(self, event: Event) -> None:
        r = self.result
        if event["type"] == "program":
            s = r.stats.setdefault(event["transform"], TransformStats())
            s.programs += 1
            s.declined += event["declined"]
            s.proved += event["proof"] == "correct"
            s.refuted += event["proof"] == "incorrect"
            s.inconclusive += event["proof"] not in ("", "correct", "incorrect")
            s.native_programs += event["native_runs"] > 0
            s.native_runs += event["native_runs"]
            s.proof_seconds += event["proof_seconds"]
            for stage, seconds in event.get("stages", {}).items():
                s.stages[stage] = s.stages.get(stage, 0.0) + seconds
            if event["caught_by_proof"] and s.first_proof_catch is None:
                s.first_proof_catch = event["time"]
                s.first_catch_program = s.programs
            if event["caught_natively"] and s.first_native_catch is None:
                s.first_native_catch = event["time"]
        elif event["type"] == "startup":
            r.startup_seconds += event["seconds"]
        elif event["type"] == "finding":
            f: Finding = event["finding"]
            key = (*event["unit"], *f.signature)
            if self.corpus is not None:
                path, created = save(f, self.corpus)
                f.path, f.created = str(path), created
                old = self.latest.get(key)
                if old is not None and old.created and old.path != f.path:
                    Path(old.path).unlink(missing_ok=True)  # a smaller one replaces our earlier file
            self.latest[key] = f  # shrinking replaces it
            r.findings = self._dedup()
        if self.sink is not None:
            self.sink(event)

    def _dedup(self) -> list[Finding]:
        """The smallest finding per (transform, kind, ERROR line): several units that
        hit one bug report it once."""
        out: dict[tuple[str, str, str], Finding] = {}
        for f in self.latest.values():
            old = out.get(f.signature)
            if old is None or (f.size, len(f.text)) < (old.size, len(old.text)):
                out[f.signature] = f
        return list(out.values())

    def prune_corpus(self) -> None:
        """Remove the files this campaign wrote for findings a smaller one superseded."""
        keep = {f.path for f in self.result.findings}
        for f in self.latest.values():
            if f.created and f.path and f.path not in keep:
                Path(f.path).unlink(missing_ok=True)


def campaign_names(options: CampaignOptions) -> list[str]:
    if options.mutant is not None:
        get_mutant(options.mutant)  # raises InputError for an unknown one
        return [options.mutant]
    known = known_names()
    if not options.transforms:
        return known
    for name in options.transforms:
        if name not in known:
            raise InputError(f"unknown transform {name!r} (registered: {', '.join(known)})")
    return list(dict.fromkeys(options.transforms))


def run_campaign(options: CampaignOptions) -> CampaignResult:
    """Run a campaign; Ctrl-C or SIGTERM end it early with everything found so far."""
    options.validate()
    names = campaign_names(options)
    master = options.seed if options.seed is not None else random.SystemRandom().randrange(2**31)
    result = CampaignResult(master, options.shard, names, {n: TransformStats() for n in names})
    result.native_available = options.native and native.available()
    if not options.native:
        result.native_note = "disabled"
    elif not result.native_available:
        result.native_note = native.unavailable_reason()
    started = time.time()
    cfg = UnitConfig(
        master_seed=master, deadline=started + options.budget if options.budget else math.inf,
        database=options.database,
        timeout_ms=options.timeout_ms, native=result.native_available, native_runs=options.native_runs,
        shrink=options.shrink, survey=options.survey, started=started, strict=options.strict,
    )
    collect = _Collector(result, options.progress, None if options.survey else options.corpus)
    units = unit_stream(names, options, master, transform_chunks(names))
    old_handlers = STOP.install()
    try:
        if not options.placement.parallel:
            for unit in units:
                if time.time() >= cfg.deadline:
                    break
                if STOP.requested:
                    raise KeyboardInterrupt
                result.units += 1
                result.errors += run_unit(unit, cfg, collect)
                if cfg.survey and _survey_done(result, unit.transform, cfg.native):
                    break  # a unit ends when its mutant is caught; the next would start over
        else:
            _run_jobs(units, cfg, options.placement, collect, result)
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        STOP.restore(old_handlers)
        collect.prune_corpus()
        result.seconds = time.time() - started
    return result


def _survey_done(result: CampaignResult, name: str, use_native: bool) -> bool:
    """The survey's mutant caught by the proof, and natively where it can be (the
    condition on which run_unit ends a survey unit, over the whole campaign)."""
    s = result.stats.get(name)
    if s is None or s.first_proof_catch is None:
        return False
    native_visible = getattr(resolve(name), "native_visible", True)
    return s.first_native_catch is not None or not native_visible or not (use_native and native.available())


class _Stop:
    """Ctrl-C and SIGTERM end the campaign. The handler raises KeyboardInterrupt where
    the main thread is, and also sets a flag checked before every program and unit:
    an exception raised inside a destructor (z3 frees terms all the time) is swallowed
    by Python, and the flag makes sure such a request is not lost."""

    def __init__(self) -> None:
        self.requested = False

    def _handler(self, signum: int, frame: Any) -> None:
        self.requested = True
        raise KeyboardInterrupt

    def install(self) -> dict[int, Any]:
        self.requested = False
        old: dict[int, Any] = {}
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                old[sig] = signal.signal(sig, self._handler)
            except ValueError:  # not the main thread: leave signals alone
                pass
        return old

    def restore(self, old: dict[int, Any]) -> None:
        for sig, handler in old.items():
            signal.signal(sig, handler)


STOP = _Stop()


def _run_jobs(units: Iterator[Unit], cfg: UnitConfig, where: Placement, collect: _Collector,
              result: CampaignResult) -> None:
    """The units in worker processes or on a cluster (vecverify/pool.py), two per worker
    ahead; their events (programs, findings) come to ``collect`` as they happen."""

    def more() -> bool:
        if STOP.requested:
            raise KeyboardInterrupt
        return time.time() < cfg.deadline

    def taken() -> Iterator[tuple[Unit, UnitConfig]]:
        for unit in units:
            result.units += 1
            yield unit, cfg

    def lost(job: tuple[Unit, UnitConfig], why: str) -> LostJob:
        unit = job[0]
        name = f"{unit.transform} round {unit.round}"
        result.lost.append(f"{name}: {why}")
        return LostJob(name, [])

    warm = partial(_worker_warm, time.time(), cfg.native)
    with open_jobs(where, warm=warm, on_event=collect) as jobs:
        for _, errors in jobs.run(_worker_run, taken(), window=2 * jobs.slots, more=more, on_lost=lost,
                                  deadline=cfg.deadline if math.isfinite(cfg.deadline) else None):
            result.errors += errors
