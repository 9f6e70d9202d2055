"""Global variables in source and target: verdicts, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "globals"


def check(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vecverify.cli", "check", *map(str, args)],
                          capture_output=True, text=True, timeout=120)


def test_stores_to_a_global_differ_memory_mismatch_without_traceback() -> None:
    # Regression: Alive2's refinement/global-fail; the native replay of the
    # counterexample raised KeyError (the concrete evaluation has no global blocks).
    done = check(CORPUS / "global-fail.src.ll", CORPUS / "global-fail.tgt.ll")
    assert done.returncode == 1, done.stderr
    assert "ERROR: Mismatch in memory" in done.stdout
    assert "not run natively: native runs of @f: global variables" in done.stdout
    assert "Traceback" not in done.stderr
