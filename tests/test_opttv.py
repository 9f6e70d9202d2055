"""``vecverify opt-tv``: RUN lines read as LLVM's tests write them, a real opt-22 run over
LLVM's own test files, and the verdicts, tables, exit codes and reports it gives."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from vecverify.app.opttv.compare import function_text
from vecverify.app.opttv.runline import opt_options, with_passes
from vecverify.llvm import parse_module
from vecverify.toolchain import tool_path

LLVM_TESTS = Path(__file__).parent / "data" / "llvm"
needs_opt = pytest.mark.skipif(tool_path("opt") is None,
                               reason="opt-22 is not installed (vecverify opt-tv installs it with apt-get)")


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vecverify.app.cli", "opt-tv", *map(str, args)],
                          capture_output=True, text=True, timeout=300)


# ----------------------------------------------------------------------------- RUN lines


def test_first_opt_run_line_without_plumbing() -> None:
    text = ("; RUN: opt < %s -passes=slp-vectorizer -S -mtriple=x86_64-unknown -mcpu=corei7 | FileCheck %s\n"
            "; RUN: opt < %s -passes=instcombine -S | FileCheck %s\n")
    assert opt_options(text) == ["-passes=slp-vectorizer", "-mtriple=x86_64-unknown", "-mcpu=corei7"]


def test_continuation_lines_quotes_and_outputs() -> None:
    text = ("; RUN: opt -S -passes='loop-vectorize,dce' -force-vector-width=4 \\\n"
            "; RUN:   -debug-only=loop-vectorize -o %t %s 2>&1 | FileCheck %s\n")
    assert opt_options(text) == ["-passes=loop-vectorize,dce", "-force-vector-width=4"]


def test_no_opt_run_line() -> None:
    assert opt_options("; RUN: llc < %s | FileCheck %s\ndefine void @f() { ret void }\n") is None
    assert opt_options("; RUN: %if x86 %{ opt -passes=dce %s %}\n") is None  # lit conditionals: skipped


def test_passes_option_replaces_the_pipeline() -> None:
    assert with_passes(["-passes=slp-vectorizer", "-mcpu=znver4"], "instcombine") == \
        ["-passes=instcombine", "-mcpu=znver4"]


def test_unchanged_ignores_numbering_and_target_attributes() -> None:
    before = parse_module("define i32 @f(i32 %x) #0 {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n"
                          "attributes #0 = { nounwind }\n")
    after = parse_module("define i32 @f(i32 %x) #3 {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n"
                         'attributes #3 = { nounwind "target-cpu"="corei7" }\n')
    changed = parse_module("define i32 @f(i32 %x) #0 {\n  %y = add nsw i32 %x, 1\n  ret i32 %y\n}\n"
                           "attributes #0 = { nounwind }\n")
    dropped = parse_module("define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n")
    assert function_text(before, "f") == function_text(after, "f")
    assert function_text(before, "f") != function_text(changed, "f")
    assert function_text(before, "f") != function_text(dropped, "f")  # an attribute the pass removed


# ----------------------------------------------------------------------------- a fake opt


WRONG_OUTPUT = """define i32 @f(i32 %x) {
  %r = mul i32 %x, 5
  ret i32 %r
}
define i32 @g(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}
define i32 @h(i32 %x) {
  %r = call i32 asm "bswap $0", "=r,r"(i32 %x)
  ret i32 %r
}
define i32 @k(i32 %x) {
  ret i32 %x
}
"""
INPUT = """; RUN: opt -passes=instcombine -S < %s | FileCheck %s
define i32 @f(i32 %x) {
  %r = shl i32 %x, 2
  ret i32 %r
}
define i32 @g(i32 %x) {
  %r = mul i32 %x, 2
  ret i32 %r
}
define i32 @h(i32 %x) {
  %r = call i32 asm "bswap $0", "=r,r"(i32 %x)
  %s = add i32 %r, 0
  ret i32 %s
}
define i32 @k(i32 %x) {
  ret i32 %x
}
"""


def _fake_opt(tmp_path: Path, output: str, status: int = 0, stderr: str = "") -> Path:
    """An "opt" that prints a fixed module (a miscompiling pass, for the test's sake)."""
    out, err = tmp_path / "out.ll", tmp_path / "err.txt"
    out.write_text(output)
    err.write_text(stderr)
    script = tmp_path / "opt"
    script.write_text(f"#!/bin/sh\ncat '{err}' >&2\ncat '{out}'\nexit {status}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def test_incorrect_unsupported_unchanged_with_reports(tmp_path: Path) -> None:
    src = tmp_path / "t.ll"
    src.write_text(INPUT)
    opt = _fake_opt(tmp_path, WRONG_OUTPUT)
    done = run(src, "--opt", opt, "--json", tmp_path / "r.json", "--junit", tmp_path / "r.xml")
    assert done.returncode == 1, done.stderr
    out = done.stdout
    assert "ERROR: Value mismatch" in out and "Example:" in out
    assert "native: counterexample" in out
    assert "@h" in out and "unsupported: inline asm" in out
    assert "Unsupported, most frequent first:" in out
    data = json.loads((tmp_path / "r.json").read_text())
    by_name = {f["name"]: f["status"] for f in data["files"][0]["functions"]}
    assert by_name == {"f": "incorrect", "g": "correct", "h": "unsupported", "k": "unchanged"}
    assert data["files"][0]["command"][1:3] == ["-passes=instcombine", "-S"]
    suite = ET.parse(tmp_path / "r.xml").getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == "1" and suite.get("skipped") == "2"


def test_correct_only_exits_0_and_unsupported_exits_3(tmp_path: Path) -> None:
    src = tmp_path / "t.ll"
    src.write_text(INPUT)
    good = WRONG_OUTPUT.replace("mul i32 %x, 5", "mul i32 %x, 4")
    assert run(src, "--opt", _fake_opt(tmp_path, good)).returncode == 3  # @h is unsupported
    no_asm = "\n".join(INPUT.split("define i32 @h")[0:1]) + "define i32 @k(i32 %x) {\n  ret i32 %x\n}\n"
    src.write_text(no_asm)
    done = run(src, "--opt", _fake_opt(tmp_path, good.split("define i32 @h")[0]))
    assert done.returncode == 0, done.stdout
    assert "2 correct transformations" in done.stdout


def test_opt_failure_is_one_line_exit_2(tmp_path: Path) -> None:
    src = tmp_path / "t.ll"
    src.write_text(INPUT)
    done = run(src, "--opt", _fake_opt(tmp_path, "", 1, "opt: error: unknown pass name 'nope'"))
    assert done.returncode == 2
    assert "opt failed: opt: error: unknown pass name 'nope'" in done.stdout
    assert "Traceback" not in done.stderr


def test_no_run_line_needs_passes(tmp_path: Path) -> None:
    src = tmp_path / "t.ll"
    src.write_text("define void @f() {\n  ret void\n}\n")
    done = run(src, "--opt", _fake_opt(tmp_path, "define void @f() {\n  ret void\n}\n"))
    assert done.returncode == 2 and "no RUN line runs opt; give --passes" in done.stdout
    done = run(src, "--opt", _fake_opt(tmp_path, "define void @f() {\n  ret void\n}\n"), "--passes", "dce")
    assert done.returncode == 0 and "1 unchanged" in done.stdout


def test_missing_file_and_bad_jobs(tmp_path: Path) -> None:
    done = run(tmp_path / "nope.ll")
    assert done.returncode == 2 and done.stderr.startswith("vecverify: error:") and "no such file" in done.stderr
    src = tmp_path / "t.ll"
    src.write_text(INPUT)
    assert run(src, "-j", "0").returncode == 2


# ----------------------------------------------------------------------------- real opt-22


@needs_opt
def test_llvm_slp_and_interleaved_access_tests_with_real_opt(tmp_path: Path) -> None:
    files = [LLVM_TESTS / "SLPVectorizer/X86/align.ll",
             LLVM_TESTS / "InterleavedAccess/X86/interleaved-accesses-64bits-avx.ll"]
    done = run(*files, "-j", "2", "--json", tmp_path / "r.json")
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    statuses = [{f["name"]: f["status"] for f in r["functions"]} for r in data["files"]]
    assert statuses[0] == {"test1": "correct", "test2": "correct"}
    assert statuses[1] == dict.fromkeys(
        ["load_factorf64_4", "load_factori64_4", "load_factorf64_1", "store_factorf64_4"], "correct")
    # the legacy-style pass flag of the InterleavedAccess test ran as it is
    assert "-interleaved-access" in data["files"][1]["command"]


def test_a_functions_queries_share_one_limit() -> None:
    """opt-tv gives each function one limit for all its queries; a verdict it cuts short
    is "failed" and says that the whole check's limit ran out (here: no time at all)."""
    from vecverify.app.opttv.compare import _check_function
    from vecverify.refine import CheckOptions

    before = parse_module("define i32 @f(i32 noundef %x) {\n  %y = mul i32 %x, 3\n  ret i32 %y\n}\n")
    after = parse_module("define i32 @f(i32 noundef %x) {\n  %s = shl i32 %x, 1\n  %y = add i32 %s, %x\n  ret i32 %y\n}\n")
    cut = _check_function("f", before, after, CheckOptions(function_timeout_ms=0.0001))  # type: ignore[arg-type]
    assert cut is not None and cut.status == "failed"
    assert "the time limit of the whole check ran out" in cut.detail
    whole = _check_function("f", before, after, CheckOptions(function_timeout_ms=60_000))
    assert whole is not None and whole.status == "correct"


def test_quiet_prints_only_what_went_wrong_and_the_summary(tmp_path: Path) -> None:
    src = tmp_path / "t.ll"
    src.write_text(INPUT)
    (tmp_path / "same").mkdir()
    (tmp_path / "wrong").mkdir()
    done = run(src, "--opt", _fake_opt(tmp_path / "same", INPUT), "--quiet")
    assert done.returncode == 0, done.stdout  # every function unchanged
    assert f"== {src}" not in done.stdout and "Summary:" in done.stdout
    done = run(src, "--opt", _fake_opt(tmp_path / "wrong", WRONG_OUTPUT), "--quiet")
    assert done.returncode == 1
    assert f"== {src}" in done.stdout and "ERROR: Value mismatch" in done.stdout and "Summary:" in done.stdout
