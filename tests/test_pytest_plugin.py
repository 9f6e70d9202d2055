"""The pytest plugin, tried in throwaway projects with pytest's own pytester."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

GOOD = """define i32 @src(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}
define i32 @tgt(i32 %x) {
  %r = mul i32 %x, 2
  ret i32 %r
}
"""
BAD = GOOD.replace("mul i32 %x, 2", "mul i32 %x, 3")


@pytest.fixture(autouse=True)
def _importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The throwaway project's pytest runs in a subprocess: let it import vecverify even
    where the package is not installed."""
    from pathlib import Path

    repo = str(Path(__file__).resolve().parent.parent)
    monkeypatch.setenv("PYTHONPATH", repo)


def _installed() -> bool:
    from importlib.metadata import entry_points

    return any(ep.value == "vecverify.pytest_plugin" for ep in entry_points(group="pytest11"))


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    # Installed (as in the project's venv), the entry point loads the plugin; otherwise
    # load it by name.
    plugin = [] if _installed() else ["-p", "vecverify.pytest_plugin"]
    return pytester.runpytest_subprocess(*plugin, *args)


def test_assert_refines(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_it=f'''
import pytest
import vecverify

GOOD = """{GOOD}"""
BAD = """{BAD}"""

def test_good():
    vecverify.assert_refines(GOOD, GOOD.replace("@src", "@a").replace("@tgt", "@b"), tgt_fn="b")

def test_bad():
    vecverify.assert_refines(BAD, BAD)

def test_fixture(vecverify_checker):
    assert vecverify_checker.check(GOOD, GOOD).status == "correct"
    assert vecverify_checker.options.timeout_ms == 1234
'''
    )
    r = _run(pytester, "--vecverify-timeout", "1234")
    r.assert_outcomes(passed=2, failed=1)
    out = r.stdout.str()
    assert "ERROR: Value mismatch" in out and "Example:" in out


def test_collects_files_under_vecverify_paths(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nvecverify_paths = ll\n")
    ll = pytester.mkdir("ll")
    (ll / "good.srctgt.ll").write_text(GOOD)
    (ll / "bad.srctgt.ll").write_text(BAD)
    (ll / "expected.srctgt.ll").write_text(BAD + "\n; ERROR: Value mismatch\n")
    other = pytester.mkdir("fixtures")
    (other / "ignored.srctgt.ll").write_text(BAD)
    r = _run(pytester, "-v")
    r.assert_outcomes(passed=2, failed=1)
    out = r.stdout.str()
    assert "bad.srctgt.ll" in out and "ERROR: Value mismatch" in out
    assert "ignored.srctgt.ll" not in out


def test_unroll_option_reaches_the_checker(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nvecverify_unroll = 7\n")
    pytester.makepyfile(test_u="def test_u(vecverify_checker):\n    assert vecverify_checker.options.unroll == 7\n")
    _run(pytester).assert_outcomes(passed=1)


def test_pairs_ident_files_and_unmet_error_expectations(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nvecverify_paths = ll\n")
    ll = pytester.mkdir("ll")
    # src.ll + tgt.ll: functions paired by name (the first function of each here)
    (ll / "shift.src.ll").write_text(GOOD.split("define i32 @tgt")[0].replace("@src", "@f"))
    (ll / "shift.tgt.ll").write_text("define i32 @f(i32 %x) {\n  %r = mul i32 %x, 2\n  ret i32 %r\n}\n")
    (ll / "wrong.src.ll").write_text(GOOD.split("define i32 @tgt")[0].replace("@src", "@f"))
    (ll / "wrong.tgt.ll").write_text("define i32 @f(i32 %x) {\n  %r = mul i32 %x, 3\n  ret i32 %r\n}\n")
    (ll / "same.ident.ll").write_text(GOOD.split("define i32 @tgt")[0])
    # an ERROR line the check does not produce: the item fails
    (ll / "expects-error.srctgt.ll").write_text(GOOD + "\n; ERROR: Value mismatch\n")
    r = _run(pytester, "-v")
    r.assert_outcomes(passed=2, failed=2)
    out = r.stdout.str()
    assert "shift.src.ll PASSED" in out and "same.ident.ll PASSED" in out
    assert "wrong.src.ll FAILED" in out and "expects-error.srctgt.ll FAILED" in out
    assert "expected ERROR: Value mismatch" in out


def test_command_line_options_override_the_ini(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nvecverify_unroll = 7\nvecverify_timeout = 999\n")
    pytester.makepyfile(test_o="""
def test_o(vecverify_checker):
    assert vecverify_checker.options.unroll == 3
    assert vecverify_checker.options.timeout_ms == 4321
""")
    _run(pytester, "--vecverify-unroll", "3", "--vecverify-timeout", "4321").assert_outcomes(passed=1)


def test_failed_to_prove_fails_the_test(pytester: pytest.Pytester) -> None:
    # A 1 ms solver limit cannot prove a 64-bit multiplication identity: failed to prove
    # is a failure, never a pass.
    src = "define i64 @src(i64 %x, i64 %y) {\n  %r = mul i64 %x, %y\n  ret i64 %r\n}\n"
    tgt = "define i64 @tgt(i64 %x, i64 %y) {\n  %r = mul i64 %y, %x\n  %s = mul i64 %r, 1\n  ret i64 %s\n}\n"
    pytester.makepyfile(test_t=f'''
import vecverify

def test_t():
    vecverify.assert_refines("""{src}""", """{tgt}""", timeout_ms=1)
''')
    r = _run(pytester)
    r.assert_outcomes(failed=1)
    assert "Couldn't prove the correctness" in r.stdout.str()
