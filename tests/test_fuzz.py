"""The fuzz campaign: counts, shards, findings in the corpus, reports, bad options,
interruption, the example database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from properties.strategies import KernelProfile, kernels
from vecverify.app.cli import main
from vecverify.app.fuzz import CampaignOptions, CampaignResult, run_campaign
from vecverify.app.fuzz.campaign import unit_stream
from vecverify.app.fuzz.mutants import get_mutant
from vecverify.app.fuzz.pipeline import run_program
from vecverify.app.fuzz.transforms import resolve
from vecverify.testfile import discover

REPO = Path(__file__).resolve().parent.parent
MUTANT = "replacement:sdiv-ashr"  # value-changing: caught by proof and natively
LATE = "shuffle:blend-off-by-one"  # found only after a few programs (seed 99: the third)


def _opts(tmp_path: Path, **kw: object) -> CampaignOptions:
    base: dict[str, object] = dict(seed=7, corpus=tmp_path / "corpus", database=tmp_path / "db")
    base.update(kw)
    return CampaignOptions(**base)  # type: ignore[arg-type]


def _campaign_exercises(r: CampaignResult, programs: int) -> None:
    assert all(s.programs == programs for s in r.stats.values())
    assert r.findings == [] and r.problems == [] and r.exit_code == 0
    for name, s in r.stats.items():
        # Every transform changed some of its programs: each was proved and run natively.
        assert s.programs - s.declined > 0 and s.proved > 0, name
        if r.native_available:
            assert s.native_programs == s.programs - s.declined, name
        else:
            assert s.native_runs == 0 and r.native_note
        # The profile (bench fuzz): every stage a transformed program goes through took
        # time, and no stage more than the campaign did.
        want = {"generate", "parse", "transform", "verify IR", "prove"} | ({"compile", "native run"} if r.native_available else set())
        assert want <= {k for k, v in s.stages.items() if v > 0}, (name, s.stages)
        assert sum(s.stages.values()) <= r.seconds


def test_campaign_exercises_every_registered_transform(tmp_path: Path) -> None:
    from transforms.registry import all_transforms

    fuzzed = [t.name for t in all_transforms() if t.fuzzed]
    straight = [t.name for t in all_transforms() if t.fuzzed and t.fuzz_kernels is None]
    assert "loop" in fuzzed and "loop" not in straight
    r = run_campaign(_opts(tmp_path, max_examples=16, transforms=straight))
    _campaign_exercises(r, 16)


def test_campaign_exercises_the_loop_vectorizer(tmp_path: Path) -> None:
    """Loop kernels, vectorized (at most 4 lanes), proved by the witness for every trip
    count and run natively at trip counts 0..17 and more. A few programs: each proof
    takes seconds (a generous time limit, so a loaded machine does not make it
    inconclusive)."""
    r = run_campaign(_opts(tmp_path, max_examples=3, transforms=["loop"], timeout_ms=30_000))
    _campaign_exercises(r, 3)
    assert r.stats["loop"].native_runs >= 3 * 18 or not r.native_available


def test_a_transform_that_always_declines_is_a_problem(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from transforms.base import Transform
    from transforms.registry import register, unregister

    register(Transform("never", "declines everything"))  # no rules: apply() declines
    try:
        code = main(["fuzz", "--transform", "never", "--max-examples", "30", "--seed", "1", "--no-database",
                     "--corpus", str(tmp_path / "c")])
    finally:
        unregister("never")
    out = capsys.readouterr().out
    assert code == 1
    assert "PROBLEM never declined all 30 of its programs" in out and "30 (all)" in out


def test_the_budget_is_kept(tmp_path: Path) -> None:
    t0 = time.monotonic()
    r = run_campaign(_opts(tmp_path, budget=4, transforms=["slp", "reorder"], corpus=None))
    took = time.monotonic() - t0
    assert r.programs > 0 and r.exit_code == 0
    # Only a budget bounds it: it runs to the deadline, and stops soon after it (the
    # program running then is cut short, not finished). The margin is a loaded shared
    # machine's (start-up and shutdown of the workers included), not a quiet one's.
    assert 4 <= took < 4 + 20, took


def test_reduction_kernels_are_vectorized_and_proved() -> None:
    # A mutant's profile (reductions only), through the real slp transform.
    profile = get_mutant("slp:reduction-drops-lane").profile
    assert isinstance(profile, KernelProfile) and profile.reduce_prob == 1.0
    seen = []

    @settings(max_examples=15, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(kernels(profile), st.integers(0, 2**32 - 1))
    def prop(kernel, seed) -> None:  # noqa: ANN001
        out = run_program(kernel, resolve("slp"), seed)
        assert out.failure == "", out.message
        seen.append("llvm.vector.reduce" in out.text)

    prop()
    assert any(seen)


def test_shards_split_the_work_deterministically() -> None:
    names = ["t1", "t2", "t3"]
    whole = list(unit_stream(names, CampaignOptions(max_examples=100, chunk=25), 1))
    parts = [list(unit_stream(names, CampaignOptions(max_examples=100, chunk=25, shard=(i, 3)), 1))
             for i in (1, 2, 3)]
    keys = sorted((u.transform, u.round, u.seed) for p in parts for u in p)
    assert keys == sorted((u.transform, u.round, u.seed) for u in whole)
    assert all(p for p in parts)
    again = list(unit_stream(names, CampaignOptions(max_examples=100, chunk=25, shard=(2, 3)), 1))
    assert again == parts[1]
    # A transform with slow proofs takes shorter turns, and still gets all its programs.
    short = list(unit_stream(names, CampaignOptions(max_examples=12, chunk=25), 1, {"t2": 5}))
    assert [u.examples for u in short if u.transform == "t2"] == [5, 5, 2]
    assert [u.examples for u in short if u.transform == "t1"] == [12]


def test_a_mutant_is_shrunk_and_saved_as_a_regression_case(tmp_path: Path) -> None:
    r = run_campaign(_opts(tmp_path, mutant=MUTANT, max_examples=30))
    assert r.exit_code == 1 and len(r.findings) == 1
    assert r.stats[MUTANT].stages.get("shrink", 0) > 0  # the programs after the failure shrink it
    f = r.findings[0]
    assert f.kind == "incorrect" and f.error_line == "Mismatch in memory"
    text = Path(f.path).read_text()
    assert "; ERROR: Mismatch in memory" in text and f"; seed: {f.seed}" in text and MUTANT in text
    assert "; kernel: 2 x " in text and 1 <= text.count("= sdiv ") <= 2  # shrunk to two lanes
    [case] = discover(tmp_path / "corpus")
    assert case.expected_error == "Mismatch in memory"
    from vecverify.compare import compare_case
    from vecverify.refine import CheckOptions

    [res] = compare_case(case, CheckOptions())
    assert res.verdict.status == "incorrect"


def test_the_database_replays_old_failures_first(tmp_path: Path) -> None:
    fresh = run_campaign(_opts(tmp_path, mutant=LATE, max_examples=30, corpus=None, shrink=False, seed=99, database=None))
    assert fresh.stats[LATE].first_catch_program > 1  # by generation alone, not at once
    run_campaign(_opts(tmp_path, mutant=LATE, max_examples=30, corpus=None, shrink=False))
    assert list((tmp_path / "db").rglob("*"))  # the failure was stored
    r = run_campaign(_opts(tmp_path, mutant=LATE, max_examples=30, corpus=None, shrink=False, seed=99))
    assert r.findings and r.stats[LATE].first_catch_program == 1  # the stored example fails at once


def test_cli_reports_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    js, ju = tmp_path / "r.json", tmp_path / "r.xml"
    code = main(["fuzz", "--mutant", MUTANT, "--max-examples", "20", "--seed", "1", "--corpus",
                 str(tmp_path / "c"), "--no-database", "--json", str(js), "--junit", str(ju)])
    assert code == 1
    data = json.loads(js.read_text())
    assert data["failures"] == 1 and data["findings"][0]["error"] == "Mismatch in memory"
    assert "ERROR: Mismatch in memory" in data["findings"][0]["counterexample"]
    suite = ET.parse(ju).getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == "1"
    out = capsys.readouterr().out
    assert "1 failures" in out
    # the counterexample is printed: the IR pair and the alive-tv example
    assert "define void @tgt" in out and "Example:" in out and "ERROR: Mismatch in memory" in out


class _FakeRedis:
    """Just what hypothesis.extra.redis uses: sets, a pipeline, publish."""

    store: dict[bytes, set[bytes]] = {}

    @classmethod
    def from_url(cls, url: str) -> _FakeRedis:
        return cls()

    def pipeline(self) -> _FakeRedis._Pipe:
        return _FakeRedis._Pipe(self.store)

    def publish(self, channel: str, message: str) -> None:
        pass

    class _Pipe:
        def __init__(self, store: dict[bytes, set[bytes]]) -> None:
            self.store, self.results = store, []

        def smembers(self, key: bytes) -> None:
            self.results.append(set(self.store.get(key, set())))

        def sadd(self, key: bytes, value: bytes) -> None:
            s = self.store.setdefault(key, set())
            self.results.append(int(value not in s))
            s.add(value)

        def srem(self, key: bytes, value: bytes) -> None:
            s = self.store.setdefault(key, set())
            self.results.append(int(value in s))
            s.discard(value)

        def expire(self, key: bytes, ttl: object) -> None:
            self.results.append(1)

        def execute(self) -> list[object]:
            out, self.results = self.results, []
            return out


def test_a_shared_database_replays_failures_on_a_fresh_worker(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    from vecverify.app.fuzz.database import SharedDatabase

    monkeypatch.setitem(sys.modules, "redis", types.SimpleNamespace(Redis=_FakeRedis))
    monkeypatch.delitem(sys.modules, "hypothesis.extra.redis", raising=False)
    _FakeRedis.store = {}
    # Two CI workers: their own local directories, one shared store.
    first = SharedDatabase(tmp_path / "worker1", "redis://ci:6379/0")
    run_campaign(_opts(tmp_path, mutant=LATE, max_examples=30, corpus=None, shrink=False, database=first))
    assert _FakeRedis.store
    second = SharedDatabase(tmp_path / "worker2", "redis://ci:6379/0")
    r = run_campaign(_opts(tmp_path, mutant=LATE, max_examples=30, corpus=None, shrink=False, database=second, seed=99))
    assert r.stats[LATE].first_catch_program == 1  # replayed from the shared store


def test_shared_database_needs_redis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "redis", None)  # import fails
    code = main(["fuzz", "--transform", "reorder", "--max-examples", "2", "--shared-database", "redis://x:1/0",
                 "--corpus", str(tmp_path / "c"), "--database", str(tmp_path / "db")])
    err = capsys.readouterr().err
    assert code == 2 and "needs the redis package" in err


@pytest.mark.parametrize("argv, message", [
    (["--shard", "3/2"], "--shard"),
    (["--shard", "x"], "--shard"),
    (["--budget", "-1"], "--budget"),
    (["--max-examples", "0"], "--max-examples"),
    (["--transform", "no-such-transform"], "no-such-transform"),
    (["--mutant", "reorder:nope"], "reorder:nope"),
    (["--shared-database", "http://x"], "redis://"),
])
def test_bad_options_are_one_line_and_exit_2(argv: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["fuzz", *argv])
    except SystemExit as e:
        code = int(e.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_two_processes(tmp_path: Path) -> None:
    r = run_campaign(_opts(tmp_path, transforms=["reorder"], max_examples=20, chunk=5, jobs=2))
    assert r.stats["reorder"].programs == 20 and r.units == 4 and not r.errors
    assert r.startup_seconds > 0  # both workers reported their start-up


def test_sigterm_keeps_findings_and_writes_reports(tmp_path: Path) -> None:
    js = tmp_path / "r.json"
    cmd = [sys.executable, "-m", "vecverify.app.cli", "fuzz", "--mutant", "reorder:commute-sub",
           "--budget", "300", "--seed", "3", "--corpus", str(tmp_path / "c"), "--no-database",
           "--json", str(js)]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    deadline = time.time() + 180  # seconds here; generous for a loaded CI machine
    while time.time() < deadline and not list((tmp_path / "c").glob("*.srctgt.ll")):
        time.sleep(0.2)
    running = proc.poll() is None  # the signal must reach a campaign, not a process that ended
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert running, err.decode(errors="replace")
    assert list((tmp_path / "c").glob("*.srctgt.ll")), "no finding saved before the signal"
    assert proc.returncode == 1
    data = json.loads(js.read_text())
    assert data["interrupted"] and data["failures"] >= 1
    assert all(Path(f["path"]).exists() for f in data["findings"])
