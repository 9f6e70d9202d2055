"""The differential campaign: mutants of the seeds, each checked by vecverify and by
alive-tv at the same limits, every disagreement where both decide saved and reduced.

Mutant ``i`` of a campaign depends only on the campaign's seed, ``i`` and the seeds, so
``--seed S --start I --mutants 1`` replays it. Every mutant's outcome is appended to
``log.jsonl`` in the findings folder as it is known, and every disagreement is written
there when found (then its reduced form beside it): an interrupted campaign loses
nothing but the batch under way.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from .mutate import mutate
from .reduce import Pair, Reducer
from .seeds import Seed
from .tools import (
    Limits,
    Verdict,
    alive_tv,
    alive_tv_batch,
    case_of,
    vecverify_batch,
    vecverify_here,
)

# A seed's target is edited four times as often as its source (a transformation's
# result is what goes wrong; an edited source checks the other direction).
SIDE_WEIGHT = {"tgt": 4, "src": 1}


@dataclass
class Mutant:
    index: int
    seed: Seed
    operator: str
    side: str
    function: str
    src: str
    tgt: str

    @property
    def pair(self) -> Pair:
        return Pair(self.src, self.tgt, self.seed.srctgt)


def make_mutant(seeds: list[Seed], campaign_seed: int, index: int) -> Mutant | None:
    rng = random.Random(f"{campaign_seed}:{index}")
    for _ in range(10):
        seed = rng.choice(seeds)
        choices = seed.mutable()
        if not choices:
            continue
        side, fn = rng.choices(choices, [SIDE_WEIGHT[s] for s, _ in choices])[0]
        got = mutate(seed.src if side == "src" else seed.tgt, fn, rng)
        if got is None:
            continue
        text, operator = got
        if seed.srctgt:
            return Mutant(index, seed, operator, side, fn, text, text)
        src, tgt = (text, seed.tgt) if side == "src" else (seed.src, text)
        return Mutant(index, seed, operator, side, fn, src, tgt)
    return None


def write_pair(directory: Path, stem: str, pair: Pair, header: list[str], test_args: list[str]) -> Path:
    """The pair as a test file of the alive-tv protocol; the path ``load_case`` takes."""
    lines = [f"; {h}" for h in header]
    if test_args:
        lines.append(f"; TEST-ARGS: {' '.join(test_args)}")
    head = "\n".join(lines) + "\n" if lines else ""
    directory.mkdir(parents=True, exist_ok=True)
    if pair.srctgt:
        path = directory / f"{stem}.srctgt.ll"
        path.write_text(head + pair.src)
        return path
    path = directory / f"{stem}.src.ll"
    path.write_text(head + pair.src)
    (directory / f"{stem}.tgt.ll").write_text(head + pair.tgt)
    return path


def reason(detail: str) -> str:
    """A reason without the file, position and function of one check, so that reasons
    count (callees stay named: the target-specific intrinsics as one family)."""
    text = re.sub(r"\S+\.ll(:\d+(:\d+)?)?:?", "FILE", detail)
    text = re.sub(r" in the declaration of @\S+ in @\S+$", " in a declaration", text.strip())
    text = re.sub(r" in @(\"[^\"]+\"|[\w.$-]+)$", "", text)
    text = re.sub(r"@llvm\.(x86|aarch64|arm|ppc|amdgcn|nvvm|wasm|riscv)\.[\w.]+", r"@llvm.\1.*", text)
    text = re.sub(r"%[\w.$-]+", "%V", text)
    return re.sub(r"^(unsupported|vecverify): ", "", text).strip()[:160]


@dataclass
class Outcome:
    index: int
    seed: str
    operator: str
    side: str
    vecverify: str
    vecverify_detail: str
    alive_tv: str
    alive_tv_detail: str
    alive_tv_warnings: list[str]
    finding: str = ""
    vecverify_s: float = 0.0
    alive_tv_s: float = 0.0  # the saved (reduced) file of a disagreement

    @property
    def both_decided(self) -> bool:
        return self.vecverify != "other" and self.alive_tv != "other"

    @property
    def disagrees(self) -> bool:
        return self.both_decided and self.vecverify != self.alive_tv


class Campaign:
    def __init__(self, seeds: list[Seed], alive: str, limits: Limits, findings: Path, campaign_seed: int,
                 jobs: int = 1, reduce_budget: int = 150, out: object = None):
        self.seeds = seeds
        self.alive = alive
        self.limits = limits
        self.findings = findings
        self.campaign_seed = campaign_seed
        self.jobs = jobs
        self.reduce_budget = reduce_budget
        self.outcomes: list[Outcome] = []
        # (seed, both verdicts): a disagreement like one already reduced is saved as it
        # is (reducing each of a hundred alike would take hours)
        self.reduced: set[tuple[str, str, str]] = set()
        # wall-clock seconds: waiting for mutants, vecverify's batches, until alive-tv's
        # were done too, reducing
        self.waited = self.checking = self.alive_after = self.reducing = 0.0
        findings.mkdir(parents=True, exist_ok=True)
        self.log = findings / "log.jsonl"

    def run(self, indices: Iterable[int], batch: int = 40) -> list[Outcome]:
        """Check the mutants of ``indices``, ``batch`` at a time: while one batch is
        checked (vecverify's workers and alive-tv's processes at once), the next one is
        made."""
        chunks = [list(c) for c in _chunks(list(indices), batch)]
        if not chunks:
            return self.outcomes
        with ThreadPoolExecutor(max_workers=2) as pool:
            upcoming = pool.submit(self._mutants, chunks[0])
            for k in range(len(chunks)):
                waited = time.monotonic()
                mutants = upcoming.result()
                self.waited += time.monotonic() - waited
                if k + 1 < len(chunks):
                    upcoming = pool.submit(self._mutants, chunks[k + 1])
                self._batch(mutants, pool)
        return self.outcomes

    def _mutants(self, indices: list[int]) -> list[Mutant]:
        return [m for i in indices if (m := make_mutant(self.seeds, self.campaign_seed, i)) is not None]

    def _batch(self, mutants: list[Mutant], pool: ThreadPoolExecutor) -> None:
        if not mutants:
            return
        with tempfile.TemporaryDirectory(prefix="vecverify-differential-") as work:
            cases = [case_of(write_pair(Path(work), f"m{m.index:06d}", m.pair, [], m.seed.test_args))
                     for m in mutants]
            start = time.monotonic()
            alive_side = pool.submit(alive_tv_batch, self.alive, cases, self.limits, self.jobs)
            ours = vecverify_batch(cases, self.limits, self.jobs)
            self.checking += time.monotonic() - start
            theirs = alive_side.result()
            self.alive_after += time.monotonic() - start
        for m, v, a in zip(mutants, ours, theirs, strict=True):
            outcome = Outcome(m.index, m.seed.name, m.operator, m.side, v.verdict, v.detail, a.verdict, a.detail,
                              a.warnings, vecverify_s=round(v.seconds, 3), alive_tv_s=round(a.seconds, 3))
            if outcome.disagrees:
                start = time.monotonic()
                outcome.finding = str(self._save(m, outcome))
                self.reducing += time.monotonic() - start
                print(f"DISAGREEMENT #{m.index} ({m.seed.name}, {m.operator} on @{m.function} of the {m.side}): "
                      f"vecverify {v.verdict} {v.detail}; alive-tv {a.verdict} {a.detail} -> {outcome.finding}",
                      flush=True)
            self.outcomes.append(outcome)
            with self.log.open("a") as f:
                f.write(json.dumps(asdict(outcome)) + "\n")

    def _header(self, m: Mutant, o: Outcome) -> list[str]:
        return [f"differential campaign: seed {self.campaign_seed}, mutant {m.index} "
                f"({m.operator} on @{m.function} of the {m.side} of {m.seed.name})",
                f"vecverify: {o.vecverify} {o.vecverify_detail}".rstrip(),
                f"alive-tv: {o.alive_tv} {o.alive_tv_detail}".rstrip(),
                f"limits: unroll {self.limits.for_args(m.seed.test_args).unroll}, {self.limits.timeout_ms} ms per query",
                f"replay: ./dev bench differential --seed {self.campaign_seed} --start {m.index} --mutants 1"]

    def _save(self, m: Mutant, o: Outcome) -> Path:
        stem = f"{m.index:06d}-{re.sub(r'[^A-Za-z0-9]+', '-', m.seed.name).strip('-')}"
        header = self._header(m, o)
        original = write_pair(self.findings / "original", stem, m.pair, header, m.seed.test_args)
        key = (m.seed.name, o.vecverify, o.alive_tv)
        if key in self.reduced:
            return original
        self.reduced.add(key)
        reduced = self.reduce(m.pair, m.seed.test_args, o.vecverify, o.alive_tv)
        return write_pair(self.findings, stem, reduced, [*header, "reduced: the smallest pair found that keeps both "
                                                         "verdicts"], m.seed.test_args)

    def reduce(self, pair: Pair, test_args: list[str], ours: str, theirs: str) -> Pair:
        with tempfile.TemporaryDirectory(prefix="vecverify-reduce-") as work:
            def still(candidate: Pair) -> bool:
                case = case_of(write_pair(Path(work), "r", candidate, [], test_args))
                a = alive_tv(self.alive, case, self.limits)
                if a.verdict != theirs:
                    return False
                return vecverify_here(case, self.limits).verdict == ours

            return Reducer(still, self.reduce_budget).run(pair)


def _chunks(items: list[int], size: int) -> Iterable[list[int]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def summary(outcomes: list[Outcome]) -> list[str]:
    total = len(outcomes)
    both = [o for o in outcomes if o.both_decided]
    disagree = [o for o in both if o.disagrees]
    only_alive = [o for o in outcomes if o.alive_tv != "other" and o.vecverify == "other"]
    only_ours = [o for o in outcomes if o.vecverify != "other" and o.alive_tv == "other"]
    lines = [f"{total} mutants; both decided {len(both)}: {len(both) - len(disagree)} agree, "
             f"{len(disagree)} disagree; alive-tv alone decided {len(only_alive)}; vecverify alone decided "
             f"{len(only_ours)}; neither {total - len(both) - len(only_alive) - len(only_ours)}"]
    verdicts = Counter((o.vecverify, o.alive_tv) for o in both)
    lines.append("both decided, (vecverify, alive-tv): " + ", ".join(f"{k[0]}/{k[1]} {n}" for k, n in sorted(verdicts.items())))
    ops: dict[str, Counter[str]] = {}
    for o in outcomes:
        c = ops.setdefault(o.operator, Counter())
        c["mutants"] += 1
        c["both"] += o.both_decided
        c["disagree"] += o.disagrees
    lines.append("by operator (mutants / both decided / disagree): " + ", ".join(
        f"{k} {c['mutants']}/{c['both']}/{c['disagree']}" for k, c in sorted(ops.items())))
    vacuous = sum(any("always UB" in w for w in o.alive_tv_warnings) for o in outcomes)
    lines.append(f"alive-tv warned 'source function is always UB' on {vacuous}")
    for title, group, field in (("where alive-tv decides and vecverify does not, vecverify's reasons", only_alive,
                                 "vecverify_detail"),
                                ("where vecverify decides and alive-tv does not, alive-tv's reasons", only_ours,
                                 "alive_tv_detail")):
        counts = Counter(reason(getattr(o, field)) for o in group)
        if counts:
            lines.append(f"{title} ({len(group)}):")
            lines += [f"  {n:5d}  {r}" for r, n in counts.most_common(25)]
    for o in disagree:
        lines.append(f"DISAGREEMENT #{o.index} ({o.seed}, {o.operator}): vecverify {o.vecverify} "
                     f"{o.vecverify_detail}; alive-tv {o.alive_tv} {o.alive_tv_detail} -> {o.finding}")
    return lines


def read_log(path: Path) -> list[Outcome]:
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            out.append(Outcome(**json.loads(line)))
    return out


def run_one(m: Mutant, alive: str, limits: Limits) -> tuple[Verdict, Verdict]:
    """One mutant through both tools, in this process (the suite's end-to-end test)."""
    with tempfile.TemporaryDirectory(prefix="vecverify-differential-") as work:
        case = case_of(write_pair(Path(work), "m", m.pair, [], m.seed.test_args))
        return vecverify_here(case, limits), alive_tv(alive, case, limits)
