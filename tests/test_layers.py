"""The layers only look down (README, "How it is built"): read from the sources, every
import of a project module (inside functions too) is an edge of the import graph.

- no cycle between modules;
- the core (every module of ``vecverify`` but the command line (launch, server, cli), ``vecverify/commands``
  and ``vecverify/fuzz``) never imports ``transforms``, ``properties`` or the layers above it;
- the semantics never import the LLVM reader (``vecverify.llvm``);
- ``transforms`` and ``properties`` never import the commands;
- ``vecverify --help`` and ``vecverify check`` on a one-line pair import neither numpy,
  rich, Hypothesis, the transforms, the properties nor the fuzz campaign.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("vecverify", "transforms", "properties")
ABOVE_CORE = ("vecverify.launch", "vecverify.server", "vecverify.cli", "vecverify.commands", "vecverify.fuzz",
              "transforms", "properties")


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for pkg in PACKAGES:
        for path in (REPO / pkg).rglob("*.py"):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            is_pkg = parts[-1] == "__init__"
            out[".".join(parts[:-1] if is_pkg else parts)] = (path, is_pkg)
    return out


MODULES = _modules()


def _imported(module: str, is_pkg: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".")[: len(module.split(".")) - node.level + (1 if is_pkg else 0)]
            prefix = ".".join(base + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        names = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in MODULES else prefix for a in node.names]
    out = []
    for name in names:
        while name not in MODULES and "." in name:
            name = name.rsplit(".", 1)[0]
        if name in MODULES and name != module:
            out.append(name)
    return out


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module, (path, is_pkg) in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[module].update(_imported(module, is_pkg, node))
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


GRAPH = import_graph()


def test_the_graph_is_read() -> None:
    """The reading finds imports of each kind (absolute, relative, inside functions)."""
    assert "vecverify.refine" in GRAPH["vecverify.checker"]  # from .refine import ...
    assert "vecverify.semantics.core" in GRAPH["vecverify.semantics.memory"]  # from .core import
    assert "transforms.vectorize.address" in GRAPH["transforms.slp.tree"]  # absolute
    assert "vecverify.native_check" in GRAPH["vecverify.compare"]  # inside a function


def test_no_import_cycle() -> None:
    assert cycles(GRAPH) == []


def test_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_core_never_imports_the_layers_above() -> None:
    core = [m for m in MODULES if m.startswith("vecverify") and not _under(m, ABOVE_CORE)]
    assert "vecverify.refine" in core and "vecverify.compare" in core
    bad = {m: sorted(t for t in GRAPH[m] if _under(t, ABOVE_CORE)) for m in core}
    assert {m: ts for m, ts in bad.items() if ts} == {}


def test_the_semantics_never_import_the_reader() -> None:
    bad = {m: sorted(t for t in GRAPH[m] if _under(t, ("vecverify.llvm",)))
           for m in MODULES if _under(m, ("vecverify.semantics",))}
    assert {m: ts for m, ts in bad.items() if ts} == {}


def test_transforms_and_properties_never_import_the_commands() -> None:
    above = ("vecverify.cli", "vecverify.commands", "vecverify.fuzz")
    bad = {m: sorted(t for t in GRAPH[m] if _under(t, above))
           for m in MODULES if _under(m, ("transforms", "properties"))}
    assert {m: ts for m, ts in bad.items() if ts} == {}


# What a check of a pair must not load (start-up time): loaded only by the commands
# and witnesses that need them.
HEAVY = ("numpy", "rich", "hypothesis", "transforms", "properties", "vecverify.fuzz", "vecverify.execute")

_PROBE = """
import json, sys
from vecverify.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as e:  # --help
    code = e.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _loaded(*argv: str) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, cwd=REPO)
    last = done.stdout.strip().splitlines()[-1]
    out = json.loads(last)
    return out["code"], [m for m in out["modules"] if _under(m, HEAVY)]


def test_a_check_of_a_pair_loads_only_what_it_needs(tmp_path: Path) -> None:
    pair = tmp_path / "one.ll"
    pair.write_text("define i8 @src(i8 %x) {\n  %r = add i8 %x, 0\n  ret i8 %r\n}\n"
                    "define i8 @tgt(i8 %x) {\n  ret i8 %x\n}\n")
    code, heavy = _loaded("check", str(pair))
    assert code == 0 and heavy == []


def test_help_loads_only_what_it_needs() -> None:
    code, heavy = _loaded("--help")
    assert code == 0 and heavy == []


def test_the_probe_sees_heavy_modules(tmp_path: Path) -> None:
    """The probe does report what is loaded: ``exec`` runs natively (numpy, the JIT)."""
    f = tmp_path / "f.ll"
    f.write_text("define i8 @f(i8 %x) {\n  ret i8 %x\n}\n")
    code, heavy = _loaded("exec", str(f), "--fn", "f", "--inputs", "1")
    assert code == 0 and "numpy" in heavy and "vecverify.execute" in heavy
