"""python -m bench NAME [args...]: run one benchmark (see the modules beside this one)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def available() -> list[str]:
    here = Path(__file__).parent
    return sorted(m.name[len("bench_"):] for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))


def _fresh_bytecode() -> None:
    """The project's bytecode brought up to date before anything is timed: where
    PYTHONDONTWRITEBYTECODE is set, a module edited since its .pyc was written is compiled
    again by every process that imports it (seen: 20-40 ms added to each cold check, and
    to every served client once launch.py was edited)."""
    import compileall

    root = Path(__file__).resolve().parent.parent
    for package in ("vecverify", "transforms", "properties"):
        compileall.compile_dir(str(root / package), quiet=2)


def main(argv: list[str]) -> int:
    names = available()
    if not argv or argv[0] not in names:
        print(f"usage: python -m bench {{{','.join(names)}}} [args...]", file=sys.stderr)
        return 2
    _fresh_bytecode()
    module = importlib.import_module(f"bench.bench_{argv[0]}")
    return int(module.main(argv[1:]) or 0)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
