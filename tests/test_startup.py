"""What a cold start leans on: dataclasses' generated code from a cache
(vecverify/dataclass_code.py) and LLVM's reader called in llvmlite's library directly
(vecverify/llvm/libllvm.py). Both must give exactly what they replace."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from vecverify import dataclass_code
from vecverify.llvm import libllvm

SOURCE = "def __create_fn__(x):\n def f(self):\n  return x + 1\n return f\n"


def test_a_cached_text_compiles_once_and_is_read_back(tmp_path: Path) -> None:
    path = dataclass_code.cache_path(str(tmp_path / "mod.py"), "pkg.mod")
    assert path == str(tmp_path / "__pycache__" / f"mod.dataclasses.{sys.implementation.cache_tag}.marshal")
    first = dataclass_code._Cache(path)
    code = first.compiled(SOURCE)
    assert first.new == 1
    first.save()
    again = dataclass_code._Cache(path)
    assert again.compiled(SOURCE) == code and again.new == 0  # from the file, not compiled
    ns: dict[str, object] = {}
    exec(again.compiled(SOURCE), {}, ns)
    assert ns["__create_fn__"](41)(None) == 42  # type: ignore[operator]


def test_a_module_s_cache_keeps_only_the_texts_it_used(tmp_path: Path) -> None:
    """An edited module's old texts drop out when it compiles a new one."""
    path = str(tmp_path / "c.marshal")
    old = dataclass_code._Cache(path)
    old.compiled(SOURCE)
    old.save()
    edited = dataclass_code._Cache(path)
    edited.compiled(SOURCE.replace("x + 1", "x + 2"))
    edited.save()
    assert dataclass_code._Cache(path)._load().keys() == {SOURCE.replace("x + 1", "x + 2")}


def test_a_damaged_cache_file_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "dc.marshal"
    path.write_bytes(b"\x00not marshal")
    cache = dataclass_code._Cache(str(path))
    cache.compiled(SOURCE)
    assert cache.new == 1


def test_dataclasses_made_through_the_cache_are_the_same() -> None:
    dataclass_code.install()
    assert dataclasses.exec is dataclass_code._exec  # type: ignore[attr-defined]

    @dataclasses.dataclass(frozen=True, order=True)
    class P:
        x: int
        y: list[int] = dataclasses.field(default_factory=list)

    a, b = P(1, [2]), P(1, [2])
    assert a == b and a < P(2) and repr(a) == "test_dataclasses_made_through_the_cache_are_the_same.<locals>.P(x=1, y=[2])"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 3  # type: ignore[misc]
    assert P(1).y == [] and P(1).y is not P(1).y


def test_a_dataclass_outside_the_project_keeps_its_annotations() -> None:
    """Texts compiled for modules without a cache are compiled as dataclasses compiles
    them: not under this module's ``from __future__ import annotations`` (which made the
    generated ``__init__``'s annotations the names of its parameters' types)."""
    dataclass_code.install()

    @dataclasses.dataclass
    class Q:
        x: int

    assert Q.__module__ == __name__ and not __name__.startswith(dataclass_code.CACHED)
    assert Q.__init__.__annotations__ == {"x": "int", "return": None}
    assert Q.__doc__ == "Q(x: 'int')"


def test_dataclasses_is_imported_without_inspect() -> None:
    """``install`` imports dataclasses with a stand-in for inspect, whose attributes are
    the real module's (here inspect is loaded already: checked in a fresh process)."""
    import subprocess

    probe = ("import sys\nimport vecverify.dataclass_code\nimport dataclasses\n"
             "assert 'inspect' not in sys.modules\n"
             "@dataclasses.dataclass\nclass A:\n    x: int\n"
             "assert A.__doc__ == 'A(x: int)' and 'inspect' in sys.modules\n"
             "import inspect\nassert dataclasses.inspect.signature is inspect.signature\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


MODULE = "define i8 @f(i8 %x) {\n  %r = add nsw i8 %x, 1\n  ret i8 %r\n}\n"


def test_llvm_read_directly_as_through_llvmlite() -> None:
    assert isinstance(libllvm.api(), libllvm._Direct)  # the library was found beside llvmlite
    assert libllvm.canonical_text(MODULE) == libllvm._ThroughLlvmlite().canonical(MODULE)


@pytest.mark.parametrize("text, message", [
    ("define i8 @f(i8 %x) {\n  ret i8 %y\n}\n", "use of undefined value '%y'"),
    ("define i8 @f(i8 %x) {\n  %q = add i8 %q, 1\n  ret i8 %q\n}\n", "Only PHI nodes may reference their own value"),
])
def test_llvm_rejects_as_through_llvmlite(text: str, message: str) -> None:
    with pytest.raises(RuntimeError) as direct:
        libllvm.canonical_text(text)
    with pytest.raises(RuntimeError) as through:
        libllvm._ThroughLlvmlite().canonical(text)
    assert message in str(direct.value) and str(direct.value) == str(through.value)


def test_the_launcher_loads_llvm_s_library_early() -> None:
    """A cold ``check`` starts loading llvmlite's library on a thread of its own (launch.py);
    the reader then finds it loaded (one library in the process, not two)."""
    import subprocess

    done = subprocess.run([sys.executable, "-c", _EARLY_PROBE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr + done.stdout


_EARLY_PROBE = """
import os, sys, time
from vecverify.app import launch
from vecverify.llvmlib import library_path
path = os.path.realpath(library_path())
assert path not in open("/proc/self/maps").read()
launch._load_llvm_early()
for _ in range(500):
    if path in open("/proc/self/maps").read():
        break
    time.sleep(0.01)
else:
    sys.exit("not loaded")
from vecverify.llvm import libllvm
assert libllvm.canonical_text("define void @f() {\\n  ret void\\n}\\n").startswith("; ModuleID")
maps = {line.split()[-1] for line in open("/proc/self/maps") if "libllvmlite" in line}
assert maps == {path}, maps
"""
