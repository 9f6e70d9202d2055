"""run LLVM test files under lit, with opt replaced by vecverify-opt

``vecverify lit DIR... [--opt PATH] [-j N] [--lit-arg ARG]...``. Writes a small lit
configuration into a temporary directory (the tests stay where they are: it is their
``test_source_root``) whose PATH puts ``vecverify-opt`` first as ``opt``, then Debian's
LLVM 22 tools (``FileCheck``, ``not``, ``count``, ``split-file``...), and runs lit (PyPI
``lit``) over DIR. A test fails when its FileCheck fails or when a transformation opt made
is incorrect (the counterexample is in lit's output of the failing test). Prints lit's
summary; the exit code is lit's (0: every test passed or is unsupported, 1: some failed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...toolchain import LLVM_BIN, ToolchainError, ensure_tool
from ..vecverify_opt import ENV_OPT

# The lit configuration: LLVM's test formats, the features x86-64 tests ask for, and the
# environment the RUN lines need (the values come from the environment lit is run in).
LIT_CFG = '''\
import os

import lit.formats

config.name = "vecverify"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll"]
config.excludes = ["Inputs"]
config.test_source_root = os.environ["VECVERIFY_LIT_SOURCE"]
config.test_exec_root = os.environ["VECVERIFY_LIT_EXEC"]
config.environment["PATH"] = os.environ["VECVERIFY_LIT_PATH"]
for name in ("VECVERIFY_OPT_BIN", "VECVERIFY_OPT_TIMEOUT_MS", "VECVERIFY_OPT_UNROLL", "VECVERIFY_OPT_STRICT",
             "VECVERIFY_OPT_VERBOSE", "HOME", "TMPDIR"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
config.available_features.update(["x86-registered-target", "x86_64-linux", "asserts-disabled"])
'''


def add_command(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("lit", help="run LLVM test files under lit, with opt replaced by vecverify-opt")
    p.add_argument("paths", nargs="+", type=Path, metavar="DIR", help="folders (or files) of LLVM test files")
    p.add_argument("--opt", type=Path, metavar="PATH", help="the opt vecverify-opt runs (default: opt-22)")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="tests run at once (default 1)")
    p.add_argument("--lit-arg", action="append", default=[], metavar="ARG",
                   help="an argument for lit (repeatable): --lit-arg=--filter=slp")
    p.set_defaults(run=cmd_lit)
    return p


def cmd_lit(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise InputError("-j must be at least 1")
    for path in args.paths:
        if not path.exists():
            raise InputError(f"{path}: no such file or folder")
    if args.opt is not None and not args.opt.is_file():
        raise InputError(f"{args.opt}: no such opt")
    try:
        ensure_tool("opt", sys.stderr)
        filecheck = ensure_tool("FileCheck", sys.stderr)
    except ToolchainError as e:
        raise InputError(str(e)) from None
    vecverify_opt = shutil.which("vecverify-opt", path=str(Path(sys.executable).parent)) or shutil.which("vecverify-opt")
    if vecverify_opt is None:
        raise InputError("vecverify-opt is not installed beside vecverify (pip install -e .)")
    extra = list(args.lit_arg)
    code = 0
    for path in args.paths:  # one suite per folder: its test_source_root
        code = max(code, _run_lit(path.resolve(), Path(vecverify_opt), filecheck.parent, args, extra))
    return code


def _run_lit(path: Path, vecverify_opt: Path, llvm_bin: Path, args: argparse.Namespace, extra: list[str]) -> int:
    root = path if path.is_dir() else path.parent
    with tempfile.TemporaryDirectory(prefix="vecverify-lit-") as tmp:
        suite, tools = Path(tmp) / "suite", Path(tmp) / "bin"
        suite.mkdir()
        tools.mkdir()
        (suite / "lit.cfg.py").write_text(LIT_CFG)
        (tools / "opt").symlink_to(vecverify_opt)
        env = {**os.environ,
               "VECVERIFY_LIT_SOURCE": str(root), "VECVERIFY_LIT_EXEC": str(Path(tmp) / "out"),
               "VECVERIFY_LIT_PATH": os.pathsep.join([str(tools), str(llvm_bin), str(LLVM_BIN),
                                                      os.environ.get("PATH", "")])}
        if args.opt is not None:
            env[ENV_OPT] = str(args.opt.resolve())
        # lit is given the suite's folder (or a test's path under it) inside the temporary
        # configuration: test_source_root maps it back to the real files.
        target = suite if path.is_dir() else suite / path.name
        command = [sys.executable, "-c", "from lit.main import main; main()", "-j", str(args.jobs), "-v", *extra, str(target)]
        sys.stdout.flush()
        return subprocess.run(command, env=env).returncode
