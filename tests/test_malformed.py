"""Broken input, a few hundred files: each ends with a documented exit code, one line on
stderr when it is bad input, no traceback, no hang (bench malformed runs 10,000)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_malformed import judge, run_in_process
from properties.malformed import MUTATIONS, malformed_files

FILES = 240  # 20 of each mutation kind, from the built-in seeds (small: quick checks)


def test_every_broken_file_gets_a_clean_answer(tmp_path: Path) -> None:
    failures = []
    kinds_seen = set()
    for i, (kind, text) in enumerate(malformed_files(FILES, seed=22)):
        kinds_seen.add(kind)
        path = tmp_path / f"m{i:04d}.ll"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        o = run_in_process(["check", str(path), "--timeout-ms", "100", "--unroll", "1"], limit_s=20)
        if o.problem is not None:
            failures.append(f"{path.name} [{kind}]: {o.problem}\n{text[:300]!r}")
    assert kinds_seen == set(MUTATIONS)
    assert not failures, "\n\n".join(failures[:5])


@pytest.mark.parametrize(("code", "stderr", "seconds", "bad"), [
    (2, "vecverify: error: x.ll:1:1: expected top-level entity\n", 0.1, False),
    (2, "line one\nline two\n", 0.1, True),  # bad input in more than one line
    (4, "vecverify: internal error: boom\n", 0.1, True),  # an internal error is a crash
    (None, "", 0.1, True),  # no exit code
    (0, "", 99.0, True),  # past the time limit
    (1, "Traceback (most recent call last):\n", 0.1, True),
    (3, "vecverify: unsupported: something\n", 0.1, False),
])
def test_the_judge_tells_a_clean_answer_from_a_crash(code: int | None, stderr: str, seconds: float, bad: bool) -> None:
    assert (judge(code, "", stderr, seconds, limit_s=10) is not None) == bad


def test_deep_nesting_is_bad_input_not_a_crash(tmp_path: Path) -> None:
    """LLVM's own parser overflows its stack on deep enough nesting (a segmentation
    fault, found by this campaign): the reader refuses such input first."""
    depth = 20000
    path = tmp_path / "deep.ll"
    path.write_text("@g = global i32 " + "add (i32 " * depth + "i32 1" + ", i32 1)" * depth + "\n")
    o = run_in_process(["check", str(path)], limit_s=20)
    assert o.code == 2 and o.problem is None
    assert "nested too deeply" in o.stderr
