"""The options of a test file's first ``RUN:`` line that runs ``opt``, as LLVM's own
tests are written (``; RUN: opt < %s -passes=slp-vectorizer -S -mtriple=... | FileCheck %s``).

Kept: everything that changes what the pass does (``-passes``, ``-mtriple``, ``-mattr``,
``-mcpu``, thresholds, ``-force-vector-width``...). Dropped: input and output plumbing
(``%s``, ``<``, ``-S``, ``-o``, redirections) and options that only print
(``-debug-only``, ``-stats``, remarks), since opt-tv needs the transformed module on
standard output.
"""

from __future__ import annotations

import re
import shlex

_RUN_RE = re.compile(r"^\s*;\s*RUN:\s?(.*)$")
# Options that take the next word as their value and are dropped with it.
_DROP_WITH_VALUE = frozenset({"-o", "--o", "-pass-remarks-output", "--pass-remarks-output"})
_DROP_EXACT = frozenset({"%s", "-S", "--S", "-disable-output", "--disable-output", "-stats",
                         "--stats", "-debug", "--debug", "-print-after-all", "-print-before-all"})
_DROP_PREFIXES = ("-debug-only", "--debug-only", "-pass-remarks", "--pass-remarks",
                  "-print-after", "-print-before", "-o=", "--o=")
_REDIRECTS = frozenset({"<", ">", "2>", "2>&1", ">&", "&>", ">>"})
_OPT_NAMES = frozenset({"opt", "%opt"})


def run_commands(text: str) -> list[str]:
    """The commands of the ``RUN:`` lines, continuation lines (``\\``) joined."""
    commands: list[str] = []
    pending = ""
    for line in text.splitlines():
        m = _RUN_RE.match(line)
        if m is None:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            pending += part[:-1] + " "
            continue
        commands.append((pending + part).strip())
        pending = ""
    if pending.strip():
        commands.append(pending.strip())
    return commands


def _opt_stage(command: str) -> list[str] | None:
    """The words of the pipeline stage that runs opt, or None."""
    if "%if" in command or "%{" in command:  # lit's conditional substitutions: not ours to expand
        return None
    try:
        words = shlex.split(command, posix=True)
    except ValueError:
        return None
    stage: list[str] = []
    for w in [*words, "|"]:
        if w == "|":
            if stage and stage[0] in _OPT_NAMES:
                return stage[1:]
            stage = []
        else:
            stage.append(w)
    return None


def opt_options(text: str) -> list[str] | None:
    """The options of the first RUN line that runs opt, plumbing dropped; None when no
    RUN line runs opt."""
    for command in run_commands(text):
        args = _opt_stage(command)
        if args is None:
            continue
        out: list[str] = []
        skip = False
        for w in args:
            if skip:
                skip = False
            elif w in _DROP_WITH_VALUE or w in _REDIRECTS:
                skip = w != "2>&1"
            elif w in _DROP_EXACT or w.startswith(_DROP_PREFIXES) or w.startswith(("<", ">", "2>")):
                pass
            elif "%" in w:  # %t, %S, ...: lit substitutions for files opt-tv does not have
                pass
            else:
                out.append(w)
        return out
    return None


def with_passes(options: list[str], passes: str) -> list[str]:
    """``options`` with their pass pipeline replaced by ``passes``."""
    kept = [o for o in options if not re.match(r"--?passes=", o)]
    return [f"-passes={passes}", *kept]
