"""``vecverify-opt``: a drop-in ``opt`` that checks what it did.

Runs Debian's ``opt-22`` (``VECVERIFY_OPT_BIN`` for another) with the same arguments and
writes what it writes (stdout, stderr, the ``-o`` file, its exit code when it fails), then
checks every function it changed as ``vecverify opt-tv`` does: before refined by after.
When a transformation is incorrect it prints the counterexample on stderr and exits 1.
Unsupported and failed-to-prove functions do not fail it (``VECVERIFY_OPT_STRICT=1``
makes them exit 3); nothing is printed unless something fails, so a RUN line piping
opt's output into FileCheck sees exactly opt's output.

Environment: ``VECVERIFY_OPT_TIMEOUT_MS`` (solver time limit per query, default 10000),
``VECVERIFY_OPT_UNROLL`` (loop unrolling bound, default 4), ``VECVERIFY_OPT_VERBOSE=1``
(one line per checked function on stderr). With this as ``opt``, LLVM's test files run
under lit: ``vecverify lit DIR``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ..errors import Unsupported
from ..exit_codes import EXIT_BAD_INPUT, EXIT_INCONCLUSIVE, EXIT_INCORRECT, EXIT_INTERNAL, EXIT_OK
from ..refine import CheckOptions
from ..toolchain import ToolchainError, ensure_tool, tool_path
from .opttv.compare import FunctionResult, check_texts

ENV_OPT = "VECVERIFY_OPT_BIN"
BITCODE_MAGIC = b"BC\xc0\xde"
# opt's options whose value may follow as the next argument
VALUE_OPTIONS = {"-o", "--o", "-p", "--p", "-mtriple", "--mtriple", "-mcpu", "--mcpu", "-mattr", "--mattr"}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        opt = _opt()
    except ToolchainError as e:
        print(f"vecverify-opt: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    source = _input_path(args)
    before = sys.stdin.buffer.read() if source in (None, "-") else None
    done = subprocess.run([str(opt), *args], input=before, capture_output=True)
    sys.stdout.buffer.write(done.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(done.stderr)
    sys.stderr.flush()
    if done.returncode != 0 or _no_output(args):
        return done.returncode
    if before is None:
        try:
            before = Path(str(source)).read_bytes()
        except OSError as e:  # opt read it; we cannot: said under strict/verbose, as every unchecked case
            return _not_checked(f"cannot read the input {source}: {e.strerror}")
    output = _output_path(args)
    after = done.stdout if output in (None, "-") else _read(Path(str(output)))
    if after is None:
        return EXIT_OK
    try:
        before_text, after_text = _as_text(before), _as_text(after)
    except ToolchainError as e:
        print(f"vecverify-opt: cannot read the modules to check them: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        results = check_texts(before_text, after_text, str(source or "<stdin>"), _options())
    except Unsupported as e:
        return _not_checked(f"{e}")
    except Exception as e:  # noqa: BLE001 (opt did its job: say why it is not checked)
        print(f"vecverify-opt: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_INTERNAL
    return _report(results)


def _opt() -> Path:
    given = os.environ.get(ENV_OPT)
    if given:
        if not Path(given).is_file():
            raise ToolchainError(f"{ENV_OPT}={given}: no such file")
        return Path(given)
    return tool_path("opt") or ensure_tool("opt", sys.stderr)


def _input_path(args: list[str]) -> str | None:
    """opt's input file: its positional argument (None: standard input)."""
    positional: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a in VALUE_OPTIONS:
            skip = True
        elif a == "-" or not a.startswith("-"):
            positional.append(a)
    for a in positional:  # a value given after an option we do not know is no file
        if a == "-" or Path(a).is_file():
            return a
    return None


def _output_path(args: list[str]) -> str | None:
    for i, a in enumerate(args):
        if a in ("-o", "--o") and i + 1 < len(args):
            return args[i + 1]
        if a.startswith(("-o=", "--o=")):
            return a.split("=", 1)[1]
    return None


def _no_output(args: list[str]) -> bool:
    return any(a in ("-disable-output", "--disable-output") for a in args)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _as_text(module: bytes) -> str:
    """A module's text: bitcode is disassembled with llvm-dis-22."""
    if module.startswith(BITCODE_MAGIC):
        dis = tool_path("llvm-dis") or ensure_tool("llvm-dis", sys.stderr)
        done = subprocess.run([str(dis), "-o", "-", "-"], input=module, capture_output=True)
        if done.returncode != 0:
            raise ToolchainError(f"llvm-dis failed: {done.stderr.decode(errors='replace').strip()}")
        module = done.stdout
    return module.decode("utf-8", errors="replace")


def _options() -> CheckOptions:
    def number(name: str, default: int) -> int:
        value = os.environ.get(name, "")
        return int(value) if value.isdigit() else default

    return CheckOptions(timeout_ms=number("VECVERIFY_OPT_TIMEOUT_MS", 10_000),
                        unroll=number("VECVERIFY_OPT_UNROLL", 4))


def _strict() -> bool:
    return os.environ.get("VECVERIFY_OPT_STRICT") == "1"


def _not_checked(reason: str) -> int:
    if _strict() or os.environ.get("VECVERIFY_OPT_VERBOSE") == "1":
        print(f"vecverify-opt: not checked: {reason}", file=sys.stderr)
    return EXIT_INCONCLUSIVE if _strict() else EXIT_OK


def _report(results: list[FunctionResult]) -> int:
    verbose = os.environ.get("VECVERIFY_OPT_VERBOSE") == "1"
    incorrect = [r for r in results if r.status == "incorrect"]
    undecided = [r for r in results if r.status in ("failed", "unsupported", "internal")]
    for r in results:
        if verbose or r.status == "incorrect" or (_strict() and r in undecided):
            why = r.error or r.detail
            print(f"vecverify-opt: @{r.name}: {r.status}" + (f": {why}" if why else ""), file=sys.stderr)
    for r in incorrect:
        print(r.text, file=sys.stderr)
        if r.native:
            print(f"native: counterexample {r.native}", file=sys.stderr)
    if incorrect:
        return EXIT_INCORRECT
    return EXIT_INCONCLUSIVE if _strict() and undecided else EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
