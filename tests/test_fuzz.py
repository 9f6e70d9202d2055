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

from vecverify.fuzz import CampaignOptions, run_campaign
from vecverify.fuzz.campaign import unit_stream
from vecverify.fuzz.command import main
from vecverify.testfile import discover

REPO = Path(__file__).resolve().parent.parent
MUTANT = "replacement:sdiv-ashr"  # value-changing: caught by proof and natively


def _opts(tmp_path: Path, **kw: object) -> CampaignOptions:
    base: dict[str, object] = dict(seed=7, corpus=tmp_path / "corpus", database=tmp_path / "db")
    base.update(kw)
    return CampaignOptions(**base)  # type: ignore[arg-type]


def test_campaign_over_registered_transforms(tmp_path: Path) -> None:
    from transforms.registry import all_transforms

    r = run_campaign(_opts(tmp_path, max_examples=4))
    assert r.transforms == [t.name for t in all_transforms()]
    assert all(s.programs == 4 for s in r.stats.values())
    assert r.findings == [] and r.exit_code == 0
    assert sum(s.proved for s in r.stats.values()) > 0
    native_runs = sum(s.native_runs for s in r.stats.values())
    if r.native_available:
        assert native_runs > 0
    else:
        assert native_runs == 0 and r.native_note


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


def test_a_mutant_is_shrunk_and_saved_as_a_regression_case(tmp_path: Path) -> None:
    r = run_campaign(_opts(tmp_path, mutant=MUTANT, max_examples=30))
    assert r.exit_code == 1 and len(r.findings) == 1
    f = r.findings[0]
    assert f.kind == "incorrect" and f.error_line == "Mismatch in memory"
    text = Path(f.path).read_text()
    assert "; ERROR: Mismatch in memory" in text and f"; seed: {f.seed}" in text and MUTANT in text
    assert "; kernel: 2 x " in text and 1 <= text.count("= sdiv ") <= 2  # shrunk to two lanes
    [case] = discover(tmp_path / "corpus")
    assert case.expected_error == "Mismatch in memory"
    from vecverify.checker import check_case
    from vecverify.refine import CheckOptions

    [res] = check_case(case, CheckOptions())
    assert res.verdict.status == "incorrect"


def test_the_database_replays_old_failures_first(tmp_path: Path) -> None:
    run_campaign(_opts(tmp_path, mutant=MUTANT, max_examples=30, corpus=None))
    r = run_campaign(_opts(tmp_path, mutant=MUTANT, max_examples=30, corpus=None, seed=99))
    assert r.findings and r.stats[MUTANT].first_proof_catch is not None
    assert r.stats[MUTANT].first_catch_program == 1  # the stored example fails at once


def test_cli_reports_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    js, ju = tmp_path / "r.json", tmp_path / "r.xml"
    code = main(["fuzz", "--mutant", MUTANT, "--max-examples", "20", "--seed", "1", "--corpus",
                 str(tmp_path / "c"), "--no-database", "--json", str(js), "--junit", str(ju)])
    assert code == 1
    data = json.loads(js.read_text())
    assert data["failures"] == 1 and data["findings"][0]["error"] == "Mismatch in memory"
    suite = ET.parse(ju).getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == "1"
    assert "1 failures" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--shard", "3/2"], "--shard"),
    (["--shard", "x"], "--shard"),
    (["--budget", "-1"], "--budget"),
    (["--max-examples", "0"], "--max-examples"),
    (["--transform", "no-such-transform"], "no-such-transform"),
    (["--mutant", "reorder:nope"], "reorder:nope"),
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


def test_sigterm_keeps_findings_and_writes_reports(tmp_path: Path) -> None:
    js = tmp_path / "r.json"
    cmd = [sys.executable, "-m", "vecverify.fuzz", "fuzz", "--mutant", "reorder:commute-sub",
           "--budget", "300", "--seed", "3", "--corpus", str(tmp_path / "c"), "--no-database",
           "--json", str(js)]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    deadline = time.time() + 180  # seconds here; generous for a loaded CI machine
    while time.time() < deadline and not list((tmp_path / "c").glob("*.srctgt.ll")):
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 1
    data = json.loads(js.read_text())
    assert data["interrupted"] and data["failures"] >= 1
    assert all(Path(f["path"]).exists() for f in data["findings"])
