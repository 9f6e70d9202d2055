"""The floors only look down (docs/architecture.md): read from the sources, every import
of a project module (inside functions too) is an edge of the import graph, and so is
every module loaded by name (see ``_dynamic_edges``).

The floors are folders, bottom to top; a module imports modules of its own floor or of
floors below, never above (no exemptions):

1. the core: ``vecverify/`` without ``vecverify/app/`` (ir, llvm, semantics, execute,
   refine, tactics, checker, compare, report, the pytest plugin, ...);
2. ``properties/``: generators of programs and the semantics' native cross-check;
3. ``transforms/``: the transforms, their rules and witnesses;
4. ``vecverify/app/``: the command line and what runs from it (launcher, server, the
   commands, fuzz campaigns, opt-tv, conformance).

And:

- ``transforms/`` imports ``properties/`` only inside functions: a transform declares
  its fuzz programs and mutants next to its code (``fuzz_kernels``, ``mutants``: functions
  drawing on ``properties/``), and importing it loads no Hypothesis;
- no cycle between modules, dynamic loads included;
- the semantics never import the LLVM reader (``vecverify.llvm``);
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
# Bottom to top: the floor of a module is the last one whose folder holds it.
FLOORS = (("core", "vecverify"), ("properties", "properties"), ("transforms", "transforms"),
          ("app", "vecverify.app"))


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


def _tables(tree: ast.Module) -> dict[str, list[str]]:
    """Names bound to a tuple or list of strings (at module level, or as a ``for`` loop's
    variable over one): the names a loader may take them from."""
    out: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple | ast.List):
            items = [e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            if len(items) == len(node.value.elts):
                out.update({tg.id: items for tg in node.targets if isinstance(tg, ast.Name)})
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and isinstance(node.iter, ast.Name) \
                and node.iter.id in out:
            out[node.target.id] = out[node.iter.id]
    return out


def _names(node: ast.expr, module: str, is_pkg: bool, tables: dict[str, list[str]]) -> list[str] | None:
    """The module names an ``import_module`` argument can be: ``__name__`` and
    ``__package__`` are this module's, an f-string's holes take each value of the table
    they are read from, ``a or b`` is read as ``a``; None: computed otherwise."""
    package = module if is_pkg else module.rsplit(".", 1)[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Name) and node.id in ("__name__", "__package__"):
        return [module if node.id == "__name__" else package]
    if isinstance(node, ast.BoolOp):
        return _names(node.values[0], module, is_pkg, tables)
    if isinstance(node, ast.JoinedStr):
        texts = [""]
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                if isinstance(part.value, ast.Name) and part.value.id in tables:
                    values = tables[part.value.id]
                else:
                    values = _names(part.value, module, is_pkg, tables) or []
                if not values:
                    return None
                texts = [a + b for a in texts for b in values]
            elif isinstance(part, ast.Constant):
                texts = [a + str(part.value) for a in texts]
        return texts
    return None


def _children(package: str) -> set[str]:
    return {m for m in MODULES if m.startswith(package + ".") and "." not in m[len(package) + 1:]}


def _defines(module: str, name: str) -> bool:
    path, _ = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(n, ast.Assign | ast.AnnAssign | ast.FunctionDef | ast.ClassDef | ast.ImportFrom)
               and name in _bound(n) for n in tree.body)


def _bound(node: ast.stmt) -> set[str]:
    if isinstance(node, ast.Assign):
        return {t.id for t in node.targets if isinstance(t, ast.Name)}
    if isinstance(node, ast.AnnAssign):
        return {node.target.id} if isinstance(node.target, ast.Name) else set()
    if isinstance(node, ast.ImportFrom):
        return {a.asname or a.name for a in node.names}
    return {node.name} if isinstance(node, ast.FunctionDef | ast.ClassDef) else set()


def _dynamic_edges(module: str, is_pkg: bool, tree: ast.Module) -> set[str]:
    """The modules ``module`` loads by name (``importlib.import_module``), read as edges:

    - a literal name, ``__name__``/``__package__``, or an f-string whose holes are read
      from a table of strings (``for name in _MODULES: import_module(f"{__name__}.{name}")``):
      each module it names;
    - a name computed otherwise, in a module that lists packages (``pkgutil.iter_modules``,
      ``os.scandir``, ``os.listdir``:
      the registry style): each public module of every package it lists, that is, of
      the packages it names in its other ``import_module`` calls, and of its own package
      when it lists its own folder (``__file__``, ``__path__``); when it takes one attribute of what it
      loads (``getattr(module, "TRANSFORM", ...)``), the modules that define it;
    - a literal string anywhere in such a module that is the full name of a project
      module (a table of names, then loaded);
    - never the module's own packages (Python imports them before the module itself).
    """
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.args
             and isinstance(n.func, ast.Attribute | ast.Name)
             and (n.func.attr if isinstance(n.func, ast.Attribute) else n.func.id) == "import_module"]
    if not calls:
        return set()
    tables = _tables(tree)
    out: set[str] = set()
    named: set[str] = set()
    computed = False
    for call in calls:
        names = _names(call.args[0], module, is_pkg, tables)
        if names is None:
            computed = True
        else:
            named |= set(names)
    out |= named
    out |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)} & set(MODULES)
    if computed and any(isinstance(n, ast.Attribute) and n.attr in ("iter_modules", "scandir", "listdir")
                        for n in ast.walk(tree)):
        listed = set(named)
        if any(isinstance(n, ast.Name) and n.id in ("__file__", "__path__") for n in ast.walk(tree)):
            listed.add(module if is_pkg else module.rsplit(".", 1)[0])
        taken = [n.args[1].value for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                 and n.func.id == "getattr" and len(n.args) >= 2 and isinstance(n.args[1], ast.Constant)]
        for package in listed:
            found = {m for m in _children(package) if not m.rsplit(".", 1)[1].startswith("_")}
            out |= {m for m in found if all(_defines(m, a) for a in taken)}
    ancestors = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)}
    return {m for m in out if m in MODULES and m != module and m not in ancestors}


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module, (path, is_pkg) in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[module].update(_imported(module, is_pkg, node))
        graph[module] |= _dynamic_edges(module, is_pkg, tree)
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


def floor(module: str) -> int:
    """The index in FLOORS of the floor that holds ``module``."""
    return max(i for i, (_, folder) in enumerate(FLOORS) if _under(module, (folder,)))


GRAPH = import_graph()


def test_the_graph_is_read() -> None:
    """The reading finds imports of each kind (absolute, relative, inside functions, by name)."""
    assert "vecverify.refine" in GRAPH["vecverify.checker"]  # from .refine import ...
    assert "vecverify.semantics.core" in GRAPH["vecverify.semantics.memory"]  # from .core import
    assert "transforms.vectorize.address" in GRAPH["transforms.slp.tree"]  # absolute
    assert "vecverify.execute.replay" in GRAPH["vecverify.compare"]  # inside a function
    # by name: an f-string over a package's modules, a registry listing packages, a
    # command table listing its own folder
    assert "vecverify.semantics.floating" in GRAPH["vecverify.semantics"]
    assert {"transforms.slp", "transforms.loop", "transforms.rules"} <= GRAPH["transforms.registry"]
    assert "transforms.rules.shuffle" in GRAPH["transforms.rules"]
    assert "vecverify.app.commands.check" in GRAPH["vecverify.app.commands"]


def test_dynamic_loads_are_edges() -> None:
    tree = ast.parse("import importlib, pkgutil\n"
                     "def a(): importlib.import_module('vecverify.refine')\n"
                     "def b(n): importlib.import_module(f'{__name__}.{n}')\n"
                     "def c(n):\n"
                     "    for m in pkgutil.iter_modules([__file__]): importlib.import_module(n)\n")
    got = _dynamic_edges("vecverify.ir", True, tree)
    assert "vecverify.refine" in got and "vecverify.ir.types" in got and "vecverify.checker" not in got


def test_no_import_cycle() -> None:
    assert cycles(GRAPH) == []


def test_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_module_is_on_a_floor() -> None:
    assert floor("vecverify.refine") == 0 and floor("vecverify.app.cli") == 3
    assert floor("properties.strategies") == 1 and floor("transforms.slp.tree") == 2


def upward(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """Each module that imports modules of a floor above its own, with those modules."""
    bad = {m: sorted(t for t in ts if floor(t) > floor(m)) for m, ts in graph.items()}
    return {m: ts for m, ts in bad.items() if ts}


def test_imports_only_look_down() -> None:
    assert upward(GRAPH) == {}


def test_the_floor_check_sees_an_upward_import() -> None:
    fake = {"vecverify.compare": {"vecverify.app.fuzz.native", "vecverify.ir"},
            "transforms.loop": {"properties.kernel"}, "properties.kernel": {"transforms.base"}}
    assert upward(fake) == {"vecverify.compare": ["vecverify.app.fuzz.native"],
                            "properties.kernel": ["transforms.base"]}


def imported_at_load(module: str) -> set[str]:
    """The project modules ``module`` imports when it is loaded: its imports outside
    function bodies (module level, classes, ``if`` and ``try`` blocks)."""
    path, is_pkg = MODULES[module]
    out: set[str] = set()
    stack: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                out.update(_imported(module, is_pkg, child))
            stack.append(child)
    return out


def test_transforms_load_properties_only_when_asked() -> None:
    """A transform's fuzz programs and mutants draw on properties/ (Hypothesis) inside the
    functions that hand them out: loading a transform loads neither."""
    bad = {m: sorted(t for t in imported_at_load(m) if _under(t, ("properties",)))
           for m in MODULES if _under(m, ("transforms",))}
    assert {m: ts for m, ts in bad.items() if ts} == {}
    assert "properties.loop_strategies" in GRAPH["transforms.loop"]  # read, inside a function
    assert "properties.loop_strategies" not in imported_at_load("transforms.loop")


def test_the_semantics_never_import_the_reader() -> None:
    bad = {m: sorted(t for t in GRAPH[m] if _under(t, ("vecverify.llvm",)))
           for m in MODULES if _under(m, ("vecverify.semantics",))}
    assert {m: ts for m, ts in bad.items() if ts} == {}


# What a check of a pair must not load (start-up time): loaded only by the commands
# and witnesses that need them.
HEAVY = ("numpy", "rich", "hypothesis", "transforms", "properties", "vecverify.app.fuzz", "vecverify.execute",
         "llvmlite.binding", "concurrent.futures",
         # (a cold start's share: inspect through dataclasses, subprocess through the solver
         # portfolio, the loop witness's modules for a pair without loops)
         "inspect", "subprocess", "vecverify.loops.infer", "vecverify.loops.bounded")

_PROBE = """
import json, sys
from vecverify.app.cli import main
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
    """The probe does report what is loaded: ``exec`` runs natively (the JIT)."""
    f = tmp_path / "f.ll"
    f.write_text("define i8 @f(i8 %x) {\n  ret i8 %x\n}\n")
    code, heavy = _loaded("exec", str(f), "--fn", "f", "--inputs", "1")
    assert code == 0 and "llvmlite.binding" in heavy and "vecverify.execute" in heavy


def test_a_replayed_counterexample_loads_no_numpy(tmp_path: Path) -> None:
    """A counterexample run natively needs the JIT alone (start-up of a cold check of an
    incorrect pair); one the semantics cannot run loads not even the JIT."""
    pair = tmp_path / "wrong.ll"
    pair.write_text("define i8 @src(i8 %x) {\n  %r = add i8 %x, 1\n  ret i8 %r\n}\n"
                    "define i8 @tgt(i8 %x) {\n  ret i8 %x\n}\n")
    code, heavy = _loaded("check", str(pair))
    assert code == 1 and "llvmlite.binding" in heavy and "numpy" not in heavy
    trap = tmp_path / "trap.ll"
    trap.write_text("define void @src() {\n  call void @llvm.trap()\n  unreachable\n}\n"
                    "define void @tgt() {\n  call void @f() noreturn memory(none)\n  unreachable\n}\n"
                    "declare void @f()\ndeclare void @llvm.trap()\n")
    code, heavy = _loaded("check", str(trap))
    assert code == 1 and "vecverify.execute.replay" in heavy  # replayed: the semantics stop at the trap
    assert [m for m in heavy if _under(m, ("numpy", "llvmlite.binding"))] == []
