"""lit integration: ``vecverify-opt`` is a drop-in ``opt`` (same output, same exit code,
plus the check of every function it changed), and ``vecverify lit DIR`` runs LLVM test
files under lit with it as ``opt``: a test fails when FileCheck fails or when a
transformation is incorrect."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from vecverify.toolchain import tool_path

BIN = Path(sys.executable).parent
VECVERIFY_OPT = str(BIN / "vecverify-opt")
VECVERIFY = str(BIN / "vecverify")
DATA = Path(__file__).resolve().parent / "data"
OK = DATA / "lit" / "ok"
WRONG = DATA / "lit" / "wrong"

needs_llvm = pytest.mark.skipif(tool_path("opt") is None or tool_path("FileCheck") is None,
                                reason="llvm-22 (opt, FileCheck) is not installed (./dev installs it)")

# What the fake opt writes whatever it is asked: @add_one adding 2 (FileCheck's lines
# in wrong/add-one.ll match it).
WRONG_OUTPUT = """define i8 @add_one(i8 %x) {
  %r = add i8 %x, 2
  ret i8 %r
}
"""


def _fake_opt(tmp_path: Path) -> Path:
    fake = tmp_path / "fake-opt"
    fake.write_text(f"#!/bin/sh\ncat > /dev/null\ncat <<'EOF'\n{WRONG_OUTPUT}EOF\n")
    fake.chmod(0o755)
    return fake


def _run(command: list[str], env: dict[str, str] | None = None, stdin: bytes | None = None,
         ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(command, input=stdin, capture_output=True, timeout=600, env={**os.environ, **(env or {})})


@needs_llvm
def test_vecverify_opt_writes_what_opt_writes() -> None:
    f = OK / "instcombine-mul.ll"
    opt = str(tool_path("opt"))
    for args in (["-passes=instcombine", "-S", str(f)], ["-passes=instcombine", "-S"]):
        stdin = None if str(f) in args else f.read_bytes()
        want = _run([opt, *args], stdin=stdin)
        got = _run([VECVERIFY_OPT, *args], stdin=stdin)
        assert (got.returncode, got.stdout, got.stderr) == (0, want.stdout, b"")
        assert b"shl i32 %x, 3" in got.stdout


@needs_llvm
def test_vecverify_opt_checks_each_changed_function(tmp_path: Path) -> None:
    out = tmp_path / "out.bc"  # bitcode to a file: disassembled to be checked
    done = _run([VECVERIFY_OPT, "-passes=instcombine", str(OK / "instcombine-mul.ll"), "-o", str(out)],
                env={"VECVERIFY_OPT_VERBOSE": "1"})
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"BC")
    assert done.stderr.decode() == "vecverify-opt: @times_eight: correct\n"


@needs_llvm
def test_vecverify_opt_passes_opt_failures_through() -> None:
    done = _run([VECVERIFY_OPT, "-passes=no-such-pass", "-S", str(OK / "instcombine-mul.ll")])
    want = _run([str(tool_path("opt")), "-passes=no-such-pass", "-S", str(OK / "instcombine-mul.ll")])
    assert want.returncode != 0
    assert (done.returncode, done.stderr) == (want.returncode, want.stderr)


def test_vecverify_opt_fails_an_incorrect_transformation(tmp_path: Path) -> None:
    done = _run([VECVERIFY_OPT, "-passes=instcombine", "-S", str(WRONG / "add-one.ll")],
                env={"VECVERIFY_OPT_BIN": str(_fake_opt(tmp_path))})
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert done.stdout.decode() == WRONG_OUTPUT  # what the opt wrote, as it wrote it
    assert "@add_one: incorrect: Value mismatch" in err
    assert "ERROR: Value mismatch" in err and "Example:" in err


@needs_llvm
def test_lit_runs_the_kept_llvm_tests_and_ours() -> None:
    """LLVM's interleaved-accesses-64bits-avx.ll and our files in LLVM's style pass: FileCheck
    matches opt-22's output and every changed function is correct."""
    done = _run([VECVERIFY, "lit", str(OK), str(DATA / "llvm" / "InterleavedAccess")])
    out = done.stdout.decode()
    assert done.returncode == 0, out + done.stderr.decode()
    assert "PASS: vecverify :: instcombine-mul.ll" in out and "PASS: vecverify :: slp-add.ll" in out
    assert "PASS: vecverify :: X86/interleaved-accesses-64bits-avx.ll" in out
    assert "Failed" not in out


@needs_llvm
def test_lit_fails_a_test_whose_transformation_is_incorrect(tmp_path: Path) -> None:
    done = _run([VECVERIFY, "lit", str(WRONG), "--opt", str(_fake_opt(tmp_path))])
    out = done.stdout.decode()
    assert done.returncode == 1, out + done.stderr.decode()
    assert "FAIL: vecverify :: add-one.ll" in out
    assert "ERROR: Value mismatch" in out  # the counterexample, in lit's report of the test
    assert "Failed: 1" in out


def test_lit_bad_input_is_one_line(tmp_path: Path) -> None:
    done = _run([VECVERIFY, "lit", str(tmp_path / "nope")])
    assert done.returncode == 2
    assert done.stderr.decode().count("\n") == 1 and "nope" in done.stderr.decode()
