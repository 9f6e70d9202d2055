"""One test file through opt-tv: run opt, read the module before and after, and check
every function the pass changed (before refined by after).

The result is plain data (strings and numbers), so that worker processes can hand it
back and ``--json``/``--junit`` can write it as it is.
"""

from __future__ import annotations

import re
import subprocess
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from ...compare import Witness, compare_functions
from ...errors import InputError, Unsupported
from ...ir.function import Module
from ...llvm import parse_module
from ...refine import CheckOptions
from ...report import verdict_warnings
from .runline import opt_options, with_passes

STATUSES = ("correct", "incorrect", "failed", "unsupported", "unchanged", "internal")
OPT_TIMEOUT_S = 120


@dataclass
class FunctionResult:
    name: str
    status: str  # one of STATUSES
    error: str | None = None  # the ERROR line of an incorrect one
    detail: str = ""  # the reason of an unsupported or failed one
    seconds: float = 0.0
    text: str = ""  # the two functions and the verdict, alive-tv style (incorrect ones)
    native: str = ""  # the counterexample run natively
    unrolled: int | None = None  # loops unrolled this many times: longer executions not checked
    coverage: str = ""  # what a verdict on loops covers (vecverify/loops): "proved for every trip count", ...
    loops: str = ""  # proved | complete | bounded | vacuous (vecverify/loops)
    vscale: str = ""  # scalable vectors: the vscales checked, or the one refuted (vecverify/scalable.py)
    # A correct verdict's warnings ("Source function is always UB": refined by anything,
    # so suspicious: the pass may have been given a function that says nothing).
    warnings: list[str] = field(default_factory=list)


@dataclass
class FileResult:
    file: str
    command: list[str] = field(default_factory=list)
    error: str | None = None  # opt failed, or the file is not IR: no function checked
    functions: list[FunctionResult] = field(default_factory=list)
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(STATUSES, 0)
        for f in self.functions:
            out[f.status] += 1
        return out


def opt_command(opt: Path, path: Path, text: str, passes: str | None) -> list[str]:
    """The opt command line for ``path``: its first opt RUN line's options, with
    ``passes`` instead of its pipeline when given. (A RUN line in the legacy pass manager's
    style, ``-slp-vectorizer``, is turned into ``-passes=`` when opt rejects it.)"""
    options = opt_options(text)
    if options is None:
        if passes is None:
            raise InputError(f"{path}: no RUN line runs opt; give --passes")
        options = []
    if passes is not None:
        options = with_passes(options, passes)
    return [str(opt), *options, "-S", "-o", "-", str(path)]


_UNKNOWN_ARG = re.compile(r"Unknown command line argument '-(-?[\w.-]+)'")
LEGACY_RETRIES = 4


def run_opt(command: list[str], path: Path) -> tuple[list[str], str]:
    """opt's output, and the command that gave it (legacy pass flags turned into
    ``-passes=``)."""
    for _ in range(LEGACY_RETRIES + 1):
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=OPT_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise InputError(f"{path}: opt ran longer than {OPT_TIMEOUT_S} s") from None
        if done.returncode == 0:  # (legacy codegen passes such as -interleaved-access still run)
            return command, done.stdout
        unknown = _UNKNOWN_ARG.search(done.stderr)
        if unknown is None or f"-{unknown.group(1)}" not in command:
            break
        command = _as_new_pass(command, unknown.group(1))
    lines = [ln.strip() for ln in done.stderr.splitlines() if ln.strip()]
    first = next((ln for ln in lines if "error" in ln.lower()), lines[0] if lines else "(no output)")
    raise InputError(f"{path}: opt failed: {first}")


def _as_new_pass(command: list[str], name: str) -> list[str]:
    """``-name`` moved into the ``-passes=`` pipeline (appended to the one there)."""
    out = [w for w in command if w != f"-{name}"]
    for i, w in enumerate(out):
        m = re.match(r"(--?passes=)(.*)", w)
        if m:
            out[i] = f"{m.group(1)}{m.group(2)},{name}"
            return out
    return [out[0], f"-passes={name}", *out[1:]]


def check_file(path: Path, opt: Path, passes: str | None, options: CheckOptions) -> FileResult:
    """Every function of ``path`` checked before against after the opt run."""
    start = time.monotonic()
    result = FileResult(str(path))
    try:
        text = path.read_text(encoding="utf-8")
        result.command = opt_command(opt, path, text, passes)
        result.command, after_text = run_opt(result.command, path)
        result.functions = check_texts(text, after_text, str(path), options)
    except Unsupported as e:  # something module-wide (a data layout, module asm...)
        result.error = str(e)
    except (InputError, OSError, UnicodeDecodeError) as e:
        result.error = str(e)
    result.seconds = time.monotonic() - start
    return result


def check_texts(text: str, after_text: str, label: str, options: CheckOptions) -> list[FunctionResult]:
    """Every function of the module ``text`` checked against opt's output ``after_text``
    (the functions the pass removed are not). Something module-wide that is not modelled
    (a data layout, module asm...) makes every function unsupported, with its reason;
    raises Unsupported when the module defines none."""
    try:
        before = parse_module(_with_layout_of(after_text, text), label, lenient=True)
        after = parse_module(after_text, f"{label} (after opt)", lenient=True)
    except Unsupported as e:
        names = _defined_names(text)
        if not names:
            raise
        return [FunctionResult(name, "unsupported", detail=e.what) for name in names]
    return [r for name in before.spans if (r := _check_function(name, before, after, options)) is not None]


_DATALAYOUT = re.compile(r'^target datalayout = "[^"]*"$', re.M)


def _with_layout_of(after_text: str, text: str) -> str:
    """The input as opt read it: a module without a data layout got the one of the
    target opt was told of (-mtriple), which its output states."""
    stated = _DATALAYOUT.search(after_text)
    if stated is None or _DATALAYOUT.search(text):
        return text
    # LLVM reads the layout before any other entity; on the first line, so the input's
    # line numbers stay.
    return f"{stated.group(0)} {text}"


def _defined_names(text: str) -> list[str]:
    return re.findall(r"^define\b[^@\n]*@(\"[^\"]+\"|[\w.$-]+)", text, re.M)


def _check_function(name: str, before: Module, after: Module, options: CheckOptions) -> FunctionResult | None:
    """None for a function the pass removed (alive-tv checks only functions in both)."""
    if name not in after.spans:
        return None
    if function_text(before, name) == function_text(after, name):
        return FunctionResult(name, "unchanged")
    for module in (before, after):
        if name in module.opaque:
            return FunctionResult(name, "unsupported", detail=_reason(module.opaque[name]))
    src, tgt = before.functions[name], after.functions[name]
    if options.function_timeout_ms:  # the function's queries share one limit
        deadline = time.monotonic() + options.function_timeout_ms / 1000
        options = replace(options, deadline=deadline if options.deadline is None else min(deadline, options.deadline))
    try:
        comparison = compare_functions(src, tgt, options, Witness(replay=True))
    except InputError as e:  # the pass changed the signature, for one
        return FunctionResult(name, "unsupported", detail=f"not comparable: {e}")
    verdict = comparison.verdict
    if verdict.status == "error":  # the pass changed the signature, for one
        return FunctionResult(name, "unsupported", detail=f"not comparable: {verdict.detail}")
    status = verdict.status if verdict.status in STATUSES else "internal"
    out = FunctionResult(name, status, verdict.error, _reason(verdict.detail), verdict.seconds,
                         unrolled=verdict.unroll if verdict.has_loops else None,
                         coverage=verdict.coverage, loops=verdict.loops, vscale=verdict.vscale,
                         warnings=verdict_warnings(verdict))
    if status == "incorrect":
        out.text = comparison.text()
        if comparison.replay is not None:  # None: the functions' attributes differ
            out.native = str(comparison.replay["text"])
    return out


def _reason(detail: str) -> str:
    """The reason without the function's name, so that reasons can be counted."""
    return re.sub(r" in @\S+$", "", detail.removeprefix("unsupported: "))


_ATTR_REF = re.compile(r" #(\d+)\b")
# What opt's -mcpu/-mattr add to every function: not a change the pass made.
_TARGET_ATTRS = re.compile(r'\s*"(target-cpu|target-features|tune-cpu)"="[^"]*"')
_MD_ATTACHMENT = re.compile(r",?\s*!(dbg|tbaa|llvm\.loop|annotation|prof|DIAssignID)\s+!\d+")
_MD_REF = re.compile(r"!(\d+)\b")


def function_text(module: Module, name: str) -> str:
    """The function's text as LLVM prints it, with attribute groups spelled out and
    metadata numbers replaced by their definitions: the same function prints the same
    in two modules whose numbering differs."""
    lines = module.text.splitlines()
    first, last = module.spans[name]
    groups = {n: _TARGET_ATTRS.sub("", g).strip()
              for n, g in re.findall(r"^attributes #(\d+) = \{(.*)\}$", module.text, re.M)}
    nodes = dict(re.findall(r"^!(\d+) = (.*)$", module.text, re.M))
    body = "\n".join(lines[first:last + 1])
    body = _MD_ATTACHMENT.sub("", body)
    body = _ATTR_REF.sub(lambda m: f" {{ {groups[m.group(1)]} }}" if groups.get(m.group(1)) else
                         "" if m.group(1) in groups else m.group(0), body)
    return _MD_REF.sub(lambda m: nodes.get(m.group(1), m.group(0)), body)
