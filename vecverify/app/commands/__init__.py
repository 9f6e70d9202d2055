"""The commands of ``vecverify``, found by the command line without importing them.

Each module here is one command: ``NAME.py`` is ``vecverify NAME`` (``_`` in the module
name is ``-`` in the command's). The first line of its docstring is the line
``vecverify --help`` shows; ``add_command(subparsers)`` adds its parser (with
``set_defaults(run=...)``, a function from the parsed arguments to the exit code). A
module is imported only when its command runs (or its ``--help`` is asked for), so a
command may stand on anything (transforms, properties, numpy) without slowing the others.

Other packages add commands through the entry-point group ``vecverify.commands``
(``NAME = "package.module"``, the same protocol). A new command is a new module: neither
``vecverify/app/cli.py`` nor anything else is edited.
"""

from __future__ import annotations

import functools
import importlib
import os
from dataclasses import dataclass
from types import ModuleType

GROUP = "vecverify.commands"  # the entry-point group (public: plug-ins name it)


@dataclass(frozen=True)
class CommandInfo:
    """A command found without importing its module: its name, module and help line."""

    name: str  # as typed: opt-tv
    module: str  # vecverify.app.commands.opt_tv
    help: str  # the first line of the module's docstring

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)


@functools.cache  # the warm server (vecverify/app/server.py) reads them once for all its commands
def builtin_commands() -> tuple[CommandInfo, ...]:
    """The modules of this package, their help read from their source (not imported)."""
    # the .py files beside this one (os.scandir: pkgutil, with typing and inspect, is a
    # few milliseconds of every command's start)
    here = os.path.dirname(__file__)
    names = sorted(e.name[:-3] for e in os.scandir(here) if e.name.endswith(".py") and e.is_file())
    out = []
    for name in names:
        if name.startswith("_"):
            continue
        with open(os.path.join(here, f"{name}.py"), encoding="utf-8") as f:
            help_line = _first_doc_line(f.read())
        out.append(CommandInfo(name.replace("_", "-"), f"{__name__}.{name}", help_line))
    return tuple(out)


def _first_doc_line(source: str) -> str:
    """The first line of a module's docstring: read off the text when the module starts
    with a plain one, parsed otherwise (parsing every command cost each check ~6 ms)."""
    head = source.lstrip()
    if head.startswith('"""') and not head.startswith('""""'):
        return head[3:].split("\n", 1)[0].split('"""', 1)[0].strip()
    import ast

    return (ast.get_docstring(ast.parse(source)) or "").split("\n", 1)[0]


def plugin_commands() -> list[CommandInfo]:
    """Commands other packages register in the entry-point group (imported for their help)."""
    # importlib.metadata (slow to import): only when a command is not built in, or for the list
    from importlib.metadata import entry_points

    out = []
    for ep in entry_points(group=GROUP):
        doc = importlib.import_module(ep.value).__doc__ or ""
        out.append(CommandInfo(ep.name, ep.value, doc.strip().split("\n", 1)[0]))
    return out
