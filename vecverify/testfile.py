"""Test files in Alive2's alive-tv protocol, shared by `check DIR`, the conformance runner
and the pytest plugin.

- ``NAME.srctgt.ll``: one module with ``@src`` and ``@tgt``;
- ``NAME.src.ll`` + ``NAME.tgt.ll``: two modules, functions paired by name;
- ``NAME.ident.ll``: the module is both source and target;
- ``; ERROR: TEXT``: the check must fail with ``ERROR: TEXT``; otherwise it must pass;
- ``; TEST-ARGS: ...``: options (``-src-unroll=N``, ``-tgt-unroll=N``,
  ``-disable-undef-input``, ``-disable-poison-input``); ``; XFAIL:`` / ``; CHECK:`` lines
  are recorded for the runners that honour them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .refine import CheckOptions


@dataclass
class TestCase:
    """One test of a suite: its name, its kind and the files of its source and target."""

    __test__ = False  # not a pytest class

    name: str
    kind: str  # srctgt | pair | ident
    src_path: Path
    tgt_path: Path
    expected_error: str | None = None  # None: must verify
    test_args: list[str] = field(default_factory=list)
    xfail: str | None = None
    checks: list[str] = field(default_factory=list)
    unknown_args: list[str] = field(default_factory=list)

    def options(self, base: CheckOptions) -> CheckOptions:
        opts = base
        # vecverify has one bound for both sides: the larger of the two.
        unrolls = [int(m.group(1)) for a in self.test_args if (m := _UNROLL.fullmatch(a))]
        if unrolls:
            opts = replace(opts, unroll=max(unrolls))
        for arg in self.test_args:
            if arg.lstrip("-") == "disable-undef-input":
                opts = replace(opts, undef_inputs=False)
            elif arg.lstrip("-") == "disable-poison-input":
                opts = replace(opts, poison_inputs=False)
        return opts


_UNROLL = re.compile(r"--?(?:src|tgt)-unroll=(\d+)")
_ERROR = re.compile(r";\s*ERROR:\s*(.*\S)")
_ARGS = re.compile(r";\s*TEST-ARGS:\s*(.*\S)")
_XFAIL = re.compile(r";\s*XFAIL:\s*(.*\S)")
_CHECK = re.compile(r";\s*CHECK(?:-NOT)?:\s*(.*\S)")
_KNOWN_ARG = re.compile(r"--?((src|tgt)-unroll=\d+|disable-undef-input|disable-poison-input)")


def _annotations(text: str, case: TestCase) -> None:
    for line in text.splitlines():
        if m := _ERROR.search(line):
            case.expected_error = case.expected_error or m.group(1)
        elif m := _ARGS.search(line):
            case.test_args += m.group(1).split()
        elif m := _XFAIL.search(line):
            case.xfail = m.group(1)
        elif m := _CHECK.search(line):
            case.checks.append(line.strip())
    case.unknown_args = [a for a in case.test_args if not _KNOWN_ARG.fullmatch(a)]


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def load_case(path: Path) -> TestCase | None:
    """The test case a file stands for, or None (a ``.tgt.ll`` half, a non-test file)."""
    name = path.name
    if name.endswith(".srctgt.ll"):
        case = TestCase(name[: -len(".srctgt.ll")], "srctgt", path, path)
    elif name.endswith(".ident.ll"):
        case = TestCase(name[: -len(".ident.ll")], "ident", path, path)
    elif name.endswith(".src.ll"):
        stem = name[: -len(".src.ll")]
        case = TestCase(stem, "pair", path, path.with_name(stem + ".tgt.ll"))
    else:  # a .tgt.ll half, or a file outside the protocol
        return None
    _annotations(_read(case.src_path), case)
    if case.tgt_path != case.src_path:
        _annotations(_read(case.tgt_path), case)
    return case


def discover(root: Path) -> list[TestCase]:
    """Every test case under ``root`` (recursively), in a stable order."""
    if root.is_file():
        case = load_case(root)
        return [case] if case else []
    cases = []
    for path in sorted(root.rglob("*.ll")):
        case = load_case(path)
        if case is not None:
            cases.append(case)
    return cases
