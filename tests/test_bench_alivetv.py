"""`bench alivetv` end to end on two files, with a stand-in alive-tv (a script that
prints alive-tv's verdict line): the table's lines and the per-file JSON."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench.bench_alivetv import main
from tests.conftest import ALIVE2_SUITE


def test_side_by_side_on_two_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not ALIVE2_SUITE.is_dir():
        pytest.skip("shared/conformance/alive2 is not beside the repository")
    fake = tmp_path / "alive-tv"
    fake.write_text("#!/bin/sh\necho 'Transformation seems to be correct!'\n")
    os.chmod(fake, 0o755)
    out_json = tmp_path / "times.json"
    assert main(["--alive-tv", str(fake), "--limit", "2", "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    assert "vecverify check (cold): 2 files, 2 decided" in out
    assert "vecverify check (server running): 2 files, 2 decided" in out
    assert "DIFFERENT VERDICT" not in out
    assert "alive-tv: 2 files, 2 decided" in out
    rows = json.loads(out_json.read_text())
    assert {r["vecverify"] for r in rows} <= {"correct", "incorrect"}
    assert all(r["alive_tv"] == "correct" for r in rows)  # what the stand-in says
    same = sum(r["vecverify"] == "correct" for r in rows)
    assert f"verdicts: {same} of the 2 files both decide are the same" in out
    assert all(r["vecverify_s"] > 0 and r["served_s"] > 0 and r["alive_tv_s"] > 0 for r in rows)
    assert all(r["served"] == r["vecverify"] for r in rows)
