"""The pairs a differential campaign mutates: Alive2's alive-tv suite, the project's
corpus/, and what opt-22 makes of the LLVM test files kept in tests/data/llvm.

A seed is a source module and a target module (the same text for a ``srctgt`` file,
whose functions are @src and @tgt) and the TEST-ARGS both tools are given. Every module
is first printed by opt with every value named (``-passes=instnamer``), so that the
mutator and the reducer can edit lines without renumbering.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from vecverify.app.opttv.compare import opt_command, run_opt
from vecverify.errors import InputError
from vecverify.testfile import TestCase, discover

from .irtext import functions, remove_function, valid

# TEST-ARGS the campaign passes on: the ones both tools read the same way.
_PASSED_ARGS = re.compile(r"--?((src|tgt)-unroll=\d+|disable-undef-input|disable-poison-input)")


@dataclass
class Seed:
    name: str  # where it comes from (a path relative to its collection)
    src: str  # module text
    tgt: str  # module text (the same as src for a srctgt seed)
    srctgt: bool  # one module with @src and @tgt
    test_args: list[str] = field(default_factory=list)

    def mutable(self) -> list[tuple[str, str]]:
        """(side, function name): the functions a mutant may edit."""
        if self.srctgt:
            return [("tgt", "tgt"), ("src", "src")]
        src_names = set(functions(self.src.splitlines()))
        names = [n for n in functions(self.tgt.splitlines()) if n in src_names]
        return [(side, n) for n in names for side in ("tgt", "src")]


# opt's named form of each text seen (by the text's hash), kept between campaigns by
# ``load_cache``/``save_cache``: naming a thousand files takes opt a minute.
_NAMED: dict[str, str | None] = {}


def load_cache(path: Path) -> None:
    try:
        _NAMED.update(json.loads(path.read_text()))
    except (OSError, ValueError):
        pass


def save_cache(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(_NAMED))


def named(opt: Path, text: str) -> str | None:
    """``text`` as opt prints it with every value and block named; None if opt rejects it."""
    key = hashlib.sha256(f"{opt}\0{text}".encode()).hexdigest()
    if key not in _NAMED:
        _NAMED[key] = _named(opt, text)
    return _NAMED[key]


def _named(opt: Path, text: str) -> str | None:
    try:
        done = subprocess.run([str(opt), "-passes=instnamer", "-S", "-o", "-"], input=text,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return None
    return re.sub(r"^(; ModuleID|source_filename).*\n", "", done.stdout, flags=re.M)


def _from_case(case: TestCase, root: Path, opt: Path) -> Seed | None:
    if case.xfail or any(not _PASSED_ARGS.fullmatch(a) for a in case.test_args):
        return None  # Alive2 knows it gets it wrong, or options the campaign does not pass
    try:
        src_text = case.src_path.read_text(encoding="utf-8")
        tgt_text = case.tgt_path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    src = named(opt, src_text)
    if src is None:
        return None
    name = str(case.src_path.relative_to(root)) if case.src_path.is_relative_to(root) else case.name
    if case.kind == "srctgt":
        fns = functions(src.splitlines())
        if "src" not in fns or "tgt" not in fns or any(re.fullmatch(r"(src|tgt)\d+", n) for n in fns):
            return None  # alive-tv compares @src with @tgt only
        return Seed(name, src, src, True, list(case.test_args))
    tgt = src if case.kind == "ident" else named(opt, tgt_text)
    if tgt is None:
        return None
    return Seed(name, src, tgt, False, list(case.test_args))


def from_suite(root: Path, opt: Path) -> list[Seed]:
    """Every test file under ``root`` in the alive-tv protocol (Alive2's suite, corpus/)."""
    if not root.is_dir():
        return []
    return [s for case in discover(root) if (s := _from_case(case, root, opt)) is not None]


def from_opt(files: list[Path], opt: Path) -> list[Seed]:
    """Each function of each LLVM test file before and after opt (the options of its
    first RUN line), one seed per function, the file's other definitions removed."""
    out: list[Seed] = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
            _, after = run_opt(opt_command(opt, path, text, None), path)
        except (InputError, OSError, UnicodeDecodeError):
            continue
        for key in ("datalayout", "triple"):  # what -mtriple gave the module opt read
            stated = re.search(rf'^target {key} = "[^"]*"$', after, re.M)
            if stated and not re.search(rf"^target {key}", text, re.M):
                text = stated.group(0) + "\n" + text
        before_named, after_named = named(opt, text), named(opt, after)
        if before_named is None or after_named is None:
            continue
        before_fns = functions(before_named.splitlines())
        after_fns = functions(after_named.splitlines())
        for name in before_fns:
            if name not in after_fns:
                continue
            src, tgt = _only(before_named, name), _only(after_named, name)
            if src is not None and tgt is not None:
                out.append(Seed(f"{path.name}:{name}", src, tgt, False))
    return out


def _only(text: str, keep: str) -> str | None:
    """``text`` with every function definition but ``keep`` removed (None when the
    module does not verify without them)."""
    lines = text.splitlines()
    for name in list(functions(lines)):
        if name != keep:
            lines = remove_function(lines, name)
    out = "\n".join(lines) + "\n"
    return out if valid(out) else None
