"""The registry of transforms: the built-in ones, and third-party ones found through the
Python entry-point group ``vecverify.transforms`` (plugins.py).

The built-in ones are found, not listed: the ``TRANSFORM`` of every module of
``transforms.rules`` (rules/__init__.py) and of every subpackage of ``transforms`` (a
Transform or a list of them), in order of module name, so a new transform is a new
module and nothing else is edited. Entry points are loaded once, on first use of the
registry. Nothing below this module imports it (the vectorizers are loaded from here).
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager

from .base import Rule, Transform
from .plugins import ENTRY_POINT_GROUP, RegistryError, clash, load
from .rules import rule_transforms

__all__ = ["ENTRY_POINT_GROUP", "RegistryError", "register", "unregister", "builtin", "load_entry_points",
           "all_transforms", "get", "all_rules", "get_rule", "isolated"]

log = logging.getLogger(__name__)

_TRANSFORMS: dict[str, Transform] = {}
_loaded = False


def register(transform: Transform, *, replace: bool = False) -> Transform:
    """Add ``transform``; a second transform with the same name (or a rule name already
    taken by another transform) is an error unless ``replace``."""
    problem = clash(transform, [t for t in _TRANSFORMS.values() if not (replace and t.name == transform.name)])
    if problem is not None:
        raise RegistryError(problem)
    _TRANSFORMS[transform.name] = transform
    return transform


def unregister(name: str) -> None:
    _TRANSFORMS.pop(name, None)


def _ensure_loaded() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True  # set first: a failing plug-in must not make every call retry it
    for t in builtin():
        register(t, replace=True)
    load_entry_points()


def builtin() -> list[Transform]:
    """The rule transforms (``transforms.rules``), then the ``TRANSFORM`` of each
    subpackage of ``transforms``, by module name."""
    here = importlib.import_module(__package__ or "transforms")
    names = [f"{here.__name__}.{m.name}" for m in sorted(pkgutil.iter_modules(here.__path__), key=_name)
             if m.ispkg and m.name != "rules"]
    out = rule_transforms()
    for name in names:
        obj = getattr(importlib.import_module(name), "TRANSFORM", None)
        out += obj if isinstance(obj, list) else [obj] if obj is not None else []
    return out


def _name(m: pkgutil.ModuleInfo) -> str:
    return m.name


def load_entry_points() -> list[str]:
    """Load the transforms advertised in the entry-point group; return their names.
    A plug-in that fails to load is logged and skipped: it must not break the others."""
    names: list[str] = []
    for ep_name, got in load():
        try:
            if isinstance(got, Exception):
                raise got
            for t in got:
                register(t)
                names.append(t.name)
        except Exception as e:  # a broken plug-in is reported, never fatal
            log.warning("vecverify: cannot load transform entry point %r: %s", ep_name, e)
    return names


def all_transforms() -> list[Transform]:
    _ensure_loaded()
    return list(_TRANSFORMS.values())


def get(name: str) -> Transform:
    _ensure_loaded()
    try:
        return _TRANSFORMS[name]
    except KeyError:
        raise KeyError(f"no transform named {name!r} (known: {', '.join(sorted(_TRANSFORMS))})") from None


def all_rules() -> list[Rule]:
    return [r for t in all_transforms() for r in t.rules]


def get_rule(name: str) -> Rule:
    for r in all_rules():
        if r.name == name:
            return r
    raise KeyError(f"no rule named {name!r}")


@contextmanager
def isolated() -> Iterator[None]:
    """An empty registry inside the block (loading runs again, with whatever entry points
    are there then); the registry as it was afterwards. For tests of the loading."""
    global _loaded
    saved, was_loaded = dict(_TRANSFORMS), _loaded
    _TRANSFORMS.clear()
    _loaded = False
    try:
        yield
    finally:
        _TRANSFORMS.clear()
        _TRANSFORMS.update(saved)
        _loaded = was_loaded
