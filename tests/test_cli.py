"""The command line as a user meets it: verdicts, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = """define i32 @src(i32 %x) {
  %r = shl i32 %x, 2
  ret i32 %r
}
define i32 @tgt(i32 %x) {
  %r = mul i32 %x, 4
  ret i32 %r
}
"""
BAD = GOOD.replace("mul i32 %x, 4", "mul i32 %x, 5")


def run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vecverify.app.cli", *map(str, args)],
        capture_output=True, text=True, cwd=cwd, timeout=120,
    )


@pytest.fixture
def write(tmp_path: Path):
    def _write(name: str, text: str | bytes) -> Path:
        p = tmp_path / name
        if isinstance(text, bytes):
            p.write_bytes(text)
        else:
            p.write_text(text)
        return p
    return _write


def test_correct_exit_0(write) -> None:
    r = run("check", write("a.ll", GOOD))
    assert r.returncode == 0, r.stderr
    assert "Transformation seems to be correct!" in r.stdout
    assert "1 correct transformations" in r.stdout and "0 incorrect transformations" in r.stdout


def test_incorrect_exit_1_with_example(write) -> None:
    r = run("check", write("a.ll", BAD))
    assert r.returncode == 1
    out = r.stdout
    assert "Transformation doesn't verify!" in out and "ERROR: Value mismatch" in out
    assert "Example:" in out and "Source value:" in out and "Target value:" in out


def test_a_signature_mismatch_loses_no_other_pair(write) -> None:
    """As alive-tv: the pair whose types differ gets its ERROR line, the others their verdicts."""
    text = BAD.replace("@src", "@src1").replace("@tgt", "@tgt1") + (
        "define i8 @src2(i8 %x, i8 %y) {\n %r = add i8 %x, %y\n ret i8 %r\n}\n"
        "define i8 @tgt2(i8 %x) {\n ret i8 %x\n}\n")
    r = run("check", write("a.ll", text))
    assert r.returncode == 1 and r.stderr == ""
    assert "ERROR: Value mismatch" in r.stdout
    assert "ERROR: Signature mismatch between src and tgt" in r.stdout
    assert "1 incorrect transformations" in r.stdout and "1 errors" in r.stdout
    alone = run("check", write("b.ll", "define i32 @src(i32 %x) {\n ret i32 0\n}\n"
                                       "define i32 @tgt(i8 %x) {\n ret i32 0\n}\n"))
    assert alone.returncode == 2 and "ERROR: Signature mismatch between src and tgt" in alone.stdout


def test_two_files_paired_by_name(write) -> None:
    src = write("s.ll", "define i8 @f(i8 %x) {\n %r = add i8 %x, %x\n ret i8 %r\n}\n")
    tgt = write("t.ll", "define i8 @f(i8 %x) {\n %r = shl i8 %x, 1\n ret i8 %r\n}\n")
    r = run("check", src, tgt, "--disable-undef-input")
    assert r.returncode == 0, r.stdout + r.stderr


def test_src_fn_tgt_fn(write) -> None:
    text = GOOD.replace("@src", "@before").replace("@tgt", "@after")
    r = run("check", write("a.ll", text), "--src-fn", "before", "--tgt-fn", "after")
    assert r.returncode == 0, r.stderr


def test_json(write) -> None:
    r = run("check", write("a.ll", BAD), "--json")
    data = json.loads(r.stdout)
    (res,) = data["results"]
    assert res["status"] == "incorrect" and res["error"] == "Value mismatch" and res["example"]


def test_smt2_dump(write, tmp_path: Path) -> None:
    out = tmp_path / "smt"
    r = run("check", write("a.ll", GOOD), "--smt2", out)
    assert r.returncode == 0
    files = list(out.glob("*.smt2"))
    assert files and "(check-sat)" in files[0].read_text()


BAD_INPUTS = {
    "empty": ("", 2),
    "binary": (b"\x00\x01\x02\xff\xfe", 2),
    "syntax": ("define i32 @src( {\n", 2),
    "truncated": (GOOD[: len(GOOD) // 2], 2),
    "undefined-value": ("define i32 @src() {\n ret i32 %y\n}\ndefine i32 @tgt() {\n ret i32 0\n}\n", 2),
    "missing-tgt": ("define i32 @src() {\n ret i32 0\n}\n", 2),
    "library-call": (
        "declare i32 @rand()\ndefine i32 @src() {\n %r = call i32 @rand()\n ret i32 %r\n}\n"
        "define i32 @tgt() {\n ret i32 0\n}\n", 3),
    "atomics": (
        "define i32 @src(ptr %p) {\n %r = load atomic i32, ptr %p seq_cst, align 4\n ret i32 %r\n}\n"
        "define i32 @tgt(ptr %p) {\n ret i32 0\n}\n", 3),
    "huge-vector": (
        "define <100000 x i8> @src(<100000 x i8> %v) {\n ret <100000 x i8> %v\n}\n"
        "define <100000 x i8> @tgt(<100000 x i8> %v) {\n ret <100000 x i8> %v\n}\n", 3),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_one_line(write, name: str) -> None:
    text, code = BAD_INPUTS[name]
    r = run("check", write(f"{name}.ll", text))
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr + r.stdout
    assert "Transformation" not in r.stdout  # no verdict
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, r.stderr


def test_missing_file_and_directory(tmp_path: Path) -> None:
    r = run("check", tmp_path / "nope.ll")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    r = run("check", tmp_path / "nope.ll", tmp_path / "nope2.ll", tmp_path / "x.ll")
    assert r.returncode == 2


@pytest.mark.parametrize("opt", [["--unroll", "-1"], ["--timeout-ms", "soon"], ["--bogus"]])
def test_bad_option(write, opt: list[str]) -> None:
    r = run("check", write("a.ll", GOOD), *opt)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_directory_mode_honours_error_expectations(tmp_path: Path) -> None:
    (tmp_path / "good.srctgt.ll").write_text(GOOD)
    (tmp_path / "bad.srctgt.ll").write_text(BAD + "; ERROR: Value mismatch\n")
    r = run("check", tmp_path)
    assert r.returncode == 0, r.stdout
    assert "2 of 2 files as expected" in r.stdout
    (tmp_path / "wrong-expectation.srctgt.ll").write_text(GOOD + "; ERROR: Value mismatch\n")
    r = run("check", tmp_path)
    assert r.returncode == 1 and "UNEXPECTED" in r.stdout


def test_directory_in_worker_processes_gives_the_same_verdicts(tmp_path: Path) -> None:
    (tmp_path / "good.srctgt.ll").write_text(GOOD)
    (tmp_path / "bad.srctgt.ll").write_text(BAD + "; ERROR: Value mismatch\n")
    (tmp_path / "wrong-expectation.srctgt.ll").write_text(GOOD + "; ERROR: Value mismatch\n")
    one, two = run("check", tmp_path, "--json"), run("check", tmp_path, "--json", "-j", "2")
    assert one.returncode == two.returncode == 1
    rows = [[(f["file"], f["got"], f["as_expected"]) for f in json.loads(r.stdout)["files"]] for r in (one, two)]
    assert rows[0] == rows[1] and len(rows[0]) == 3
    r = run("check", tmp_path / "good.srctgt.ll", "-j", "2")
    assert r.returncode == 2 and r.stderr.strip().startswith("vecverify: error: -j/--jobs: only for a directory")


def test_float_identity_is_not_a_refinement(write) -> None:
    pytest.importorskip("vecverify.semantics.floating")
    text = ("define float @src(float %x) {\n ret float %x\n}\n"
            "define float @tgt(float %x) {\n %r = fadd float %x, -0.0\n ret float %r\n}\n")
    r = run("check", write("f.ll", text))
    assert r.returncode == 1
    assert "ERROR: Target's return value is more undefined" in r.stdout or "ERROR: Value mismatch" in r.stdout


def test_check_exec_runs_natively(write) -> None:
    r = run("check", write("bad.ll", BAD), "--exec", "20", "--seed", "1")
    assert r.returncode == 1
    line = next(line for line in r.stdout.splitlines() if line.startswith("native: 20 runs"))
    assert "0 mismatches" not in line and "first: inputs" in line
    replay = next(line for line in r.stdout.splitlines() if line.startswith("native: counterexample"))
    assert "the hardware shows the difference" in replay
    r = run("check", write("good.ll", GOOD), "--exec", "20")
    assert r.returncode == 0 and "native: 20 runs, 0 mismatches" in r.stdout


def test_exec_side_by_side(write) -> None:
    f = write("e.ll", "define <4 x i8> @f(<4 x i8> %a, <4 x i8> %b) {\n %r = sdiv <4 x i8> %a, %b\n ret <4 x i8> %r\n}\n")
    r = run("exec", f, "--fn", "f", "--inputs", "8", "--seed", "3", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert len(data["runs"]) == 8 and data["disagreements"] == 0
    assert any(run_["ub"] for run_ in data["runs"])  # a division by zero: not run
    assert any(not run_["ub"] and len(run_["native"]) == 4 for run_ in data["runs"])
    r = run("exec", f, "--fn", "nope")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


MEMORY = """define void @src(ptr %p, ptr %q) {
  %a = load <2 x i16>, ptr %p, align 2
  %b = mul <2 x i16> %a, splat (i16 3)
  %g = getelementptr inbounds i16, ptr %q, i64 1
  store <2 x i16> %b, ptr %g, align 2
  ret void
}
define void @tgt(ptr %p, ptr %q) {
  %a = load <2 x i16>, ptr %p, align 2
  %b = shl <2 x i16> %a, splat (i16 1)
  %c = add <2 x i16> %b, %a
  %g = getelementptr inbounds i16, ptr %q, i64 1
  store <2 x i16> %c, ptr %g, align 2
  ret void
}
"""


def test_check_exec_with_pointer_arguments(write) -> None:
    r = run("check", write("m.ll", MEMORY), "--exec", "10", "--json")
    assert r.returncode == 0, r.stderr
    native = json.loads(r.stdout)["results"][0]["native"]
    assert native["runs"] == 10 and native["mismatches"] == 0
    r = run("check", write("bad.ll", MEMORY.replace("%c = add", "%c = sub")), "--exec", "10")
    assert r.returncode == 1
    assert "native: 10 runs, 10 mismatches (first: inputs (ptr(block 0 + 0), ptr(block 1 + 0)" in r.stdout
    assert "block 1 bytes 2..5" in r.stdout  # where the target's stores differ
    replay = next(line for line in r.stdout.splitlines() if line.startswith("native: counterexample"))
    assert "the hardware shows the difference" in replay and "block" in replay


def test_counterexample_needing_poison_is_not_run(write) -> None:
    """Only a poison argument makes the target more poisonous: that counterexample cannot
    run natively, and the report says so."""
    text = ("define i8 @src(i1 %c, i8 %x) {\n %r = select i1 %c, i8 %x, i8 0\n ret i8 %r\n}\n"
            "define i8 @tgt(i1 %c, i8 %x) {\n %m = sext i1 %c to i8\n %r = and i8 %x, %m\n ret i8 %r\n}\n")
    r = run("check", write("p.ll", text), "--json")
    assert r.returncode == 1
    replay = json.loads(r.stdout)["results"][0]["native_counterexample"]
    assert replay == {"ran": False, "shows_difference": False,
                      "text": "not run natively: the counterexample has poison or undef arguments"}


def test_exec_given_arguments(write) -> None:
    f = write("f.ll", "define <2 x float> @f(<2 x float> %a, ptr %p) {\n"
                      " %v = load <2 x float>, ptr %p, align 4\n %r = fadd <2 x float> %a, %v\n"
                      " store <2 x float> %r, ptr %p\n ret <2 x float> %r\n}\n")
    r = run("exec", f, "--fn", "f", "--args", '[[1.5, "inf"], "0000803f0000807f"]',
            "--args", '[[1.5, "-inf"], "0000803f0000807f"]', "--json")
    assert r.returncode == 0, r.stderr
    first, second = json.loads(r.stdout)["runs"]
    assert first["native"] == [0x40200000, 0x7F800000] and first["semantics"] == first["native"]
    assert first["native_blocks"] == ["000020400000807f"]
    assert second["semantics"][1] is None and second["agree"]  # inf + -inf: a NaN, payload open
    r = run("exec", f, "--fn", "f", "--args", "[1]")
    assert r.returncode == 2 and r.stderr.strip() == "vecverify: error: --args: @f takes 2 arguments, as a JSON list"
    r = run("exec", f, "--fn", "f", "--args", "[[1, 2], \"zz\"]")
    assert r.returncode == 2 and "hex bytes" in r.stderr


def test_every_command_builds_its_parser() -> None:
    """Each built-in command module adds its parser, and its help line is its docstring's."""
    from vecverify.app.cli import build_parser
    from vecverify.app.commands import builtin_commands

    parser = build_parser(None)  # every command in full
    sub = next(a for a in parser._actions if a.dest == "command")
    assert sorted(sub.choices) == sorted(c.name for c in builtin_commands())
    helps = {a.dest: a.help for a in sub._choices_actions}
    assert helps == {c.name: c.help for c in builtin_commands()}


def _stderr_on_a_terminal(*args: str | Path) -> tuple[int, str, str]:
    """Run vecverify with its stderr on a pseudo-terminal (where progress bars show)."""
    import os
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen([str(Path(sys.executable).parent / "vecverify"), *map(str, args)],
                            stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    out, _ = proc.communicate(timeout=120)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    return proc.returncode, out, b"".join(chunks).decode(errors="replace")


def test_the_progress_bar_says_which_file_and_quiet_and_json_keep_out(tmp_path: Path) -> None:
    (tmp_path / "good.srctgt.ll").write_text(GOOD)
    (tmp_path / "bad.srctgt.ll").write_text(BAD + "; ERROR: Value mismatch\n")
    (tmp_path / "wrong-expectation.srctgt.ll").write_text(GOOD + "; ERROR: Value mismatch\n")
    code, out, err = _stderr_on_a_terminal("check", tmp_path)
    assert code == 1 and all(f"checking {name}" in err for name in ("bad", "good", "wrong-expectation"))
    code, out, err = _stderr_on_a_terminal("check", tmp_path, "--quiet")
    assert code == 1 and "checking" not in err
    assert out.splitlines()[0] == "UNEXPECTED: wrong-expectation.srctgt.ll: expected ERROR: Value mismatch, got correct"
    assert "good.srctgt.ll" not in out and "2 of 3 files as expected" in out
    code, out, err = _stderr_on_a_terminal("check", tmp_path, "--json")
    assert code == 1 and "checking" not in err
    assert len(json.loads(out)["files"]) == 3  # stdout is the JSON alone


def test_ctrl_c_ends_a_check_whenever_it_comes(tmp_path: Path) -> None:
    """SIGINT at any moment of a long check ends it promptly with 'interrupted' and exit
    130 (vecverify/interrupts.py). Z3's own handler used to take it: where Z3's time limit
    fired at about the same moment the query ended 'timeout' and the check went on (exit 3
    with no word of the interrupt, for a signal 2.5 s into this check)."""
    import signal
    import time

    from tests.test_refine import HARD_IDENTITY

    f = tmp_path / "slow.srctgt.ll"
    f.write_text(HARD_IDENTITY)
    # The executable's entry (launch.py, cold): at 0.9 s a loaded machine may still be
    # importing, and Ctrl-C then says 'interrupted' too (no traceback).
    env = {**os.environ, "VECVERIFY_SERVER": "off"}
    for moment in (0.9, 2.5):
        p = subprocess.Popen([sys.executable, "-m", "vecverify.app.launch", "check", str(f), "--timeout-ms", "8000"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        time.sleep(moment)
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
        assert p.returncode == 130 and "interrupted" in err, (moment, p.returncode, err)
        assert time.monotonic() - sent < 5, moment  # not after the query's 8 s limit


_INTERRUPTED_QUERY = """
import os, signal, sys, threading, time
import z3
from vecverify.interrupts import install
if sys.argv[1] == "install":
    install()
x, y, z = z3.BitVecs("x y z", 128)
s = z3.Solver()
s.add((x * y) / z * z + (x * y) % z != x * y)
s.set(timeout=6000)
threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
start = time.monotonic()
try:
    s.check()
    time.sleep(0.5)
    print("lost", s.reason_unknown())
except KeyboardInterrupt:
    print("interrupted", round(time.monotonic() - start, 1))
"""


def test_sigint_during_a_z3_query_is_a_keyboard_interrupt_at_once() -> None:
    """The mechanism: with interrupts.install(), SIGINT while Z3 solves raises
    KeyboardInterrupt in Python within moments (the watcher interrupts Z3); without it,
    Z3's own handler takes the signal and Python never hears of it."""
    def run(mode: str) -> str:
        return subprocess.run([sys.executable, "-c", _INTERRUPTED_QUERY, mode], capture_output=True,
                              text=True, timeout=60).stdout.strip()

    got = run("install")
    assert got.startswith("interrupted") and float(got.split()[1]) < 3.0, got
    assert run("none").startswith("lost"), "Z3 no longer takes SIGINT itself: interrupts.py may be moot"


def test_a_ctrl_c_ctypes_disguised_is_an_interrupt_not_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A KeyboardInterrupt raised while ctypes converts a call's arguments (z3py's
    from_param is Python code) reaches the caller as ctypes.ArgumentError: the check's
    catch-all made it an "internal error" verdict (exit 4, stdout only), about one early
    Ctrl-C of a served check in thirty. It is an interrupt."""
    import ctypes

    from tests.test_refine import HARD_IDENTITY
    from vecverify import checker, interrupts
    from vecverify.llvm import parse_module

    class Arg(ctypes.c_void_p):
        @classmethod
        def from_param(cls, obj: object) -> object:
            raise KeyboardInterrupt

    call = ctypes.CDLL(None).labs
    call.argtypes = [Arg]
    with pytest.raises(ctypes.ArgumentError) as disguised:
        call(1)
    assert interrupts.stands_for_interrupt(disguised.value)
    assert not interrupts.stands_for_interrupt(ctypes.ArgumentError("argument 1: TypeError: wrong type"))

    def interrupted(*_: object) -> None:
        raise disguised.value

    monkeypatch.setattr(checker, "check_loops", interrupted)
    mod = parse_module(HARD_IDENTITY)
    with pytest.raises(KeyboardInterrupt):
        checker.check_pair(mod.functions["src"], mod.functions["tgt"], checker.CheckOptions())


_SWALLOWED = """
import sys
from vecverify import interrupts
interrupts.install()
class Term:
    def __del__(self):
        raise KeyboardInterrupt
t = Term()
del t
print(interrupts.requested())
"""


def test_a_ctrl_c_a_finalizer_swallows_is_recorded() -> None:
    """Python drops an exception a finalizer raises, with a traceback on stderr; a
    KeyboardInterrupt landing in a Z3 term's __del__ was lost so (or left to the watcher
    thread to notice). With interrupts.install() it is recorded, quietly, for the next
    query to raise."""
    out = subprocess.run([sys.executable, "-c", _SWALLOWED], capture_output=True, text=True, timeout=60)
    assert (out.stdout.strip(), out.stderr) == ("True", "")


_AFTER_THE_INTERRUPT = """
from vecverify import interrupts
interrupts.install()
class HalfBuilt:  # a Z3 object whose __init__ a KeyboardInterrupt cut short
    def __del__(self):
        self.never_set
try:
    t = HalfBuilt()
    raise KeyboardInterrupt
except KeyboardInterrupt:
    interrupts.came()  # where the command ends "interrupted" (cli.main)
    print("vecverify: interrupted")
del t
"""


def test_after_an_interrupt_finalizers_say_nothing() -> None:
    """Objects a KeyboardInterrupt cut short are freed after the command said
    "interrupted"; a z3py finalizer then fails (AttributeError: a field its __init__ never set), which Python
    prints as a traceback: not after a Ctrl-C the command caught (interrupts.came)."""
    out = subprocess.run([sys.executable, "-c", _AFTER_THE_INTERRUPT], capture_output=True, text=True, timeout=60)
    assert (out.stdout, out.stderr) == ("vecverify: interrupted\n", "")


def test_a_command_interrupted_in_process_leaves_later_queries_alone(monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """cli.main catching a Ctrl-C (130, 'interrupted') in a process that goes on, as a test
    runner's worker does: the next check in that process decides as before. (After
    interrupts.came() set the Ctrl-C flag, every later query raised KeyboardInterrupt and
    took the suite's worker down: CI, 27 Nov 2026.)"""
    from vecverify import checker
    from vecverify.app import cli
    from vecverify.app.commands import prove as prove_command
    from vecverify.llvm import parse_module

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(prove_command, "prove", interrupted)
    assert cli.main(["prove", "binrep.shl-mul"]) == 130
    assert "vecverify: interrupted" in capsys.readouterr().err
    mod = parse_module(GOOD)
    verdict = checker.check_pair(mod.functions["src"], mod.functions["tgt"], checker.CheckOptions())
    assert verdict.status == "correct", verdict
