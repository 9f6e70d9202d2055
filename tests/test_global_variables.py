"""Global variables in source and target: verdicts, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "globals"


def check(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vecverify.app.cli", "check", *map(str, args)],
                          capture_output=True, text=True, timeout=120)


def test_stores_to_a_global_differ_memory_mismatch_without_traceback() -> None:
    # Regression: Alive2's refinement/global-fail; the native replay of the
    # counterexample raised KeyError (the concrete evaluation has no global blocks).
    done = check(CORPUS / "global-fail.src.ll", CORPUS / "global-fail.tgt.ll")
    assert done.returncode == 1, done.stderr
    assert "ERROR: Mismatch in memory" in done.stdout
    assert "not run natively: native runs of @f: global variables" in done.stdout
    assert "Traceback" not in done.stderr


def test_constant_in_the_target_only_is_unsupported_by_name(tmp_path: Path) -> None:
    src, tgt = tmp_path / "a.ll", tmp_path / "b.ll"
    body = "define void @f() {\n  store i32 -1, ptr @g\n  ret void\n}\n"
    src.write_text("@g = global i32 0\n" + body)
    tgt.write_text("@g = constant i32 0\n" + body.replace("store i32 -1, ptr @g", "%v = load i32, ptr @g"))
    done = check(src, tgt)
    assert done.returncode == 3
    assert "unsupported: global variable @g is constant in the target only" in done.stdout
    assert "Traceback" not in done.stderr
