"""Proving the rules (``vecverify prove``; the command is vecverify/app/commands/prove.py):
prove every rule's obligation at every type it claims.

A rule expected to hold must be proved (the checker says correct); a known-false rule
must be refuted with a replayed counterexample. A solver timeout is "failed", never
"proved". Exit codes: 0 every rule got its expected result, 1 some rule did not (a
holding rule refuted, or a known-false rule proved), 2 a rule's job was lost on a
cluster (not proved: docs/cluster.md), 3 otherwise something failed to prove or is
unsupported.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import time
from dataclasses import asdict, dataclass
from typing import Any

from vecverify.checker import check_pair
from vecverify.errors import InputError
from vecverify.exit_codes import EXIT_BAD_INPUT, EXIT_INCONCLUSIVE, EXIT_OK
from vecverify.exit_codes import EXIT_INCORRECT as EXIT_MISMATCH
from vecverify.ir.function import Function
from vecverify.jobs import LostJob, Placement
from vecverify.pool import in_order, open_jobs
from vecverify.refine import CheckOptions, Verdict
from vecverify.report import format_example

from .base import FP_SEMANTICS, Obligation, Rule, TypeInfo
from .identical import identical
from .lanes import NotLaneWise, split_lanes
from .registry import all_transforms, get_rule
from .rules.reassociation import LawChecker, LawKey, Laws, law_key, prove_law, remember_proved

TIMEOUT_MS = 20_000


@dataclass
class ProofResult:
    rule: str
    transform: str
    type: str
    result: str  # proved | refuted | failed | unsupported | lost (its job lost on a cluster)
    expected: str  # holds | refuted
    seconds: float
    counterexample: str | None = None  # the ERROR line and Example block, for refuted
    detail: str = ""
    cases: int = 1  # obligations checked (more than one for a case split)

    @property
    def matched(self) -> bool:
        return (self.expected, self.result) in (("holds", "proved"), ("refuted", "refuted"))

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["matched"] = self.matched
        d["seconds"] = round(self.seconds, 3)
        return d


def select_rules(names: list[str] | None = None) -> list[Rule]:
    """Rules by rule name, transform name or glob (``binrep.*``); all when ``names`` is
    empty. An unknown name is an error."""
    rules = [r for t in all_transforms() for r in t.rules]
    if not names:
        return rules
    out: list[Rule] = []
    for name in names:
        hit = [r for r in rules if r.name == name or r.transform == name or fnmatch.fnmatchcase(r.name, name)]
        if not hit:
            raise InputError(f"no rule or transform matches {name!r}")
        out += [r for r in hit if r not in out]
    return out


def _type_selected(type_name: str, wanted: list[str] | None) -> bool:
    """``--types i32`` selects i32 and vectors of i32."""
    if not wanted:
        return True
    t = TypeInfo(type_name)
    return type_name in wanted or t.scalar in wanted


def _missing(rule: Rule) -> list[str]:
    out = []
    for mod in rule.requires:
        try:
            found = importlib.util.find_spec(mod) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            out.append(mod)
    return out


Pair = tuple[Function, Function]


def _pairs(rule: Rule, ob: Obligation) -> list[tuple[str, Pair]] | Verdict:
    """The function pairs that make up ``ob``: the pair itself, or one per returned lane
    for a lane-split rule (transforms/lanes.py; a pair that does not qualify is proved
    whole). A broken template gives an error verdict, never one about the rule."""
    try:
        src, tgt = ob.functions()
    except InputError as e:  # a bug in the rule's template: never a verdict about the rule
        return Verdict("error", detail=f"bad obligation: {e}")
    if rule.lane_split:
        try:
            return [(f"lane {i}", pair) for i, pair in enumerate(split_lanes(src, tgt))]
        except NotLaneWise:
            pass
    return [("", (src, tgt))]


def _check(pair: Pair, options: CheckOptions, rule: Rule) -> Verdict:
    if identical(*pair):  # a function refines itself (a lane the rewrite leaves as it was)
        return Verdict("correct", detail="identical up to instruction names")
    if rule.checker is not None and any(f.scalable is not None for f in pair):
        # Its own procedure would see the functions at one vscale only.
        return Verdict("unsupported", detail="scalable vectors under a rule's own decision procedure")
    decide = rule.checker or check_pair  # a rule may bring its own decision procedure
    v: Verdict = decide(*pair, options)
    if v.status == "failed":
        # Z3's time on one query varies a lot with its state (seen: 15 s, then 0.6 s
        # for the same i64 query): one more try before reporting a timeout.
        v = decide(*pair, options)
    return v


def prove_rule(rule: Rule, type_name: str, timeout_ms: int = TIMEOUT_MS) -> ProofResult:
    start = time.monotonic()
    res = ProofResult(rule.name, rule.transform, type_name, "failed", rule.expected, 0.0)
    missing = _missing(rule)
    if missing:
        res.result, res.detail = "unsupported", f"needs {', '.join(missing)} (not available yet)"
        return res
    options = _options(timeout_ms * rule.timeout_factor)
    split = rule.cases(type_name)
    cases: list[dict[str, int] | None] = list(split) if split else [None]
    res.cases = 0
    for case in cases:
        ob = rule.obligation(type_name, case)
        pairs = _pairs(rule, ob)
        lane = ""
        if isinstance(pairs, Verdict):
            v = pairs
        else:
            for part, pair in pairs:
                v, lane = _check(pair, options, rule), part
                res.cases += 1
                if v.status != "correct":
                    break
        if v.status == "correct":
            continue
        where = [f"{k} = {x}" for k, x in ob.case] + ([lane] if lane else [])
        where_text = f" (case {', '.join(where)})" if where else ""
        if v.status == "incorrect":
            res.result = "refuted"
            res.counterexample = f"ERROR: {v.error}\n\n{format_example(v)}" if v.example else f"ERROR: {v.error}"
            res.detail = f"{v.error}{where_text}"
        elif v.status == "unsupported":
            res.result, res.detail = "unsupported", v.detail + where_text
        else:  # failed (solver gave up), internal, error
            res.result, res.detail = "failed", (v.detail or v.status) + where_text
        break
    else:
        res.result = "proved"
    res.seconds = time.monotonic() - start
    return res


def prove(
    names: list[str] | None = None,
    types: list[str] | None = None,
    timeout_ms: int = TIMEOUT_MS,
    progress: Any = None,
    jobs: int | Placement = 1,
    laws: list[LawResult] | None = None,
) -> list[ProofResult]:
    """Prove the selected rules at every type they claim (restricted to ``types``), in
    ``jobs`` processes or where a Placement says (results keep the order of the rules; the laws proved first are
    appended to ``laws``)."""
    work = [(r, t) for r in select_rules(names) for t in r.types if _type_selected(t, types)]
    return prove_pairs(work, timeout_ms, progress, jobs, laws)


def prove_pairs(
    work: list[tuple[Rule, str]], timeout_ms: int = TIMEOUT_MS, progress: Any = None,
    jobs: int | Placement = 1, laws: list[LawResult] | None = None,
) -> list[ProofResult]:
    """Prove each rule at its type, in ``jobs`` processes or where a Placement says
    (results in the same order; ``progress`` hears of each as it finishes).

    First the laws the selected rules stand on (the reassociation model's, proved at the
    element type: a few of them take the solver tens of seconds, and many rules share
    each), each once (with a longer time limit: see reassociation.prove_law); then the
    rules, the costliest first so that the processes finish together."""
    law_work = _law_work(work)
    order = sorted(range(len(work)), key=lambda i: -_cost(*work[i]))
    out: list[ProofResult | None] = [None] * len(work)
    done = 0

    def record(i: int, res: ProofResult) -> None:
        nonlocal done
        out[i], done = res, done + 1
        if progress is not None:
            progress(res, done, len(work))

    law_results = laws if laws is not None else []
    where = jobs if isinstance(jobs, Placement) else Placement(jobs=jobs)
    if not where.spread(len(work)):
        law_results += [_timed_law(*item, timeout_ms) for item in law_work]
        for i in order:
            record(i, prove_rule(*work[i], timeout_ms))
        return [r for r in out if r is not None]
    # Rules hold lambdas: workers look them up by name (their registry is the same).
    with open_jobs(where, count=len(work)) as pool:
        jobs_laws = [(rule_name, element, law, timeout_ms) for rule_name, element, law in _law_jobs(work, law_work)]
        law_results += in_order(pool.run(_prove_law_by_rule, jobs_laws, on_lost=_lost_law))
        proved = [r.key for r in law_results if r.status == "correct"]
        rule_jobs = [(work[i][0].name, work[i][1], timeout_ms, proved) for i in order]
        for k, res in pool.run(_prove_by_name, rule_jobs, on_lost=_lost_rule):
            record(order[k], res)
    return [r for r in out if r is not None]


def _options(timeout_ms: int) -> CheckOptions:
    return CheckOptions(timeout_ms=timeout_ms, undef_inputs=True, poison_inputs=True)


def _cost(rule: Rule, type_name: str) -> int:
    """A rough order of a rule's proof time: lanes times lane width times cases, and
    floating point (Z3's float theory) as eight times an integer of its width."""
    t = TypeInfo(type_name)
    fp = 8 if FP_SEMANTICS in rule.requires else 1
    return t.lanes * t.width * fp * len(rule.cases(type_name) or [None])


def _law_work(work: list[tuple[Rule, str]]) -> list[tuple[Laws, str, str]]:
    """The distinct laws (reassociation model) the rules of ``work`` stand on."""
    out: dict[LawKey, tuple[Laws, str, str]] = {}
    for rule, type_name in work:
        if isinstance(rule.checker, LawChecker) and not _missing(rule):
            element = TypeInfo(type_name).scalar
            for law in rule.checker.laws.laws():
                out.setdefault(law_key(rule.checker.laws, element, law), (rule.checker.laws, element, law))
    return list(out.values())


def _law_jobs(work: list[tuple[Rule, str]], law_work: list[tuple[Laws, str, str]]) -> list[tuple[str, str, str]]:
    """Each law as (a rule that stands on it, element, law): workers find it by the rule."""
    by_laws: dict[int, str] = {}
    for rule, _ in work:
        if isinstance(rule.checker, LawChecker):
            by_laws.setdefault(id(rule.checker.laws), rule.name)
    return [(by_laws[id(laws)], element, law) for laws, element, law in law_work]


@dataclass
class LawResult:
    """One law of the reassociation model proved before the rules (see prove_pairs)."""

    key: LawKey
    status: str  # the refinement check's: correct, failed, incorrect, ...
    seconds: float

    def to_json(self) -> dict[str, Any]:
        op, intrinsic, flags, _, element, law = self.key
        return {"intrinsic": intrinsic, "flags": flags, "element": element, "law": law,
                "status": self.status, "seconds": round(self.seconds, 3)}


def _timed_law(laws: Laws, element: str, law: str, timeout_ms: int) -> LawResult:
    start = time.monotonic()
    v = prove_law(laws, element, law, _options(timeout_ms))
    return LawResult(law_key(laws, element, law), v.status, time.monotonic() - start)


def _prove_law_by_rule(job: tuple[str, str, str, int]) -> LawResult:
    """Prove one law in a worker."""
    name, element, law, timeout_ms = job
    checker = get_rule(name).checker
    assert isinstance(checker, LawChecker)
    return _timed_law(checker.laws, element, law, timeout_ms)


def _prove_by_name(job: tuple[str, str, int, list[LawKey]]) -> ProofResult:
    name, type_name, timeout_ms, proved_laws = job
    remember_proved(proved_laws)
    return prove_rule(get_rule(name), type_name, timeout_ms)


def _lost_law(job: tuple[str, str, str, int], why: str) -> LostJob:
    """A law whose job a cluster lost: not proved (the rules on it are not either)."""
    name, element, law, _ = job
    checker = get_rule(name).checker
    assert isinstance(checker, LawChecker)
    return LostJob(f"law {law} at {element}", LawResult(law_key(checker.laws, element, law), "lost", 0.0))


def _lost_rule(job: tuple[str, str, int, list[LawKey]], why: str) -> LostJob:
    """A rule whose job a cluster lost: ``lost``, not proved."""
    name, type_name, _, _ = job
    rule = get_rule(name)
    return LostJob(f"{name} at {type_name}",
                   ProofResult(rule.name, rule.transform, type_name, "lost", rule.expected, 0.0, detail=why))


def exit_code(results: list[ProofResult]) -> int:
    if any(r.result in ("proved", "refuted") and not r.matched for r in results):
        return EXIT_MISMATCH
    if any(r.result == "lost" for r in results):
        return EXIT_BAD_INPUT
    if any(not r.matched for r in results):
        return EXIT_INCONCLUSIVE
    return EXIT_OK
