"""Third-party transforms: the Python entry-point group ``vecverify.transforms``.

A third-party package declares, in its pyproject.toml::

    [project.entry-points."vecverify.transforms"]
    my_transform = "my_package.module:TRANSFORM"

where the object is a :class:`~transforms.base.Transform`, a list of them, or a callable
returning either. The registry (registry.py) registers them after the built-in ones; the
SLP-M isomorphizer (slp/isomorph.py) takes the rewrites of the rule transforms and of
these, without the registry (which loads the vectorizers, SLP among them).
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterable

from .base import Transform

ENTRY_POINT_GROUP = "vecverify.transforms"


class RegistryError(Exception):
    pass


def clash(transform: Transform, known: Iterable[Transform]) -> str | None:
    """Why ``transform`` cannot join ``known`` (not a Transform, its name or one of its
    rules' names taken by another), or None."""
    if not isinstance(transform, Transform):
        return f"not a Transform: {transform!r}"
    known = list(known)
    if any(t.name == transform.name and t is not transform for t in known):
        return f"transform {transform.name!r} is already registered"
    taken = {r.name: t.name for t in known if t.name != transform.name for r in t.rules}
    for r in transform.rules:
        if r.name in taken:
            return f"rule {r.name!r} of {transform.name!r} is already defined by {taken[r.name]!r}"
    return None


def load() -> list[tuple[str, list[Transform] | Exception]]:
    """Each entry point of the group: its transforms, or why it cannot be loaded."""
    out: list[tuple[str, list[Transform] | Exception]] = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = ep.load()
            if callable(obj) and not isinstance(obj, Transform):
                obj = obj()
            items: Iterable[object] = obj if isinstance(obj, list | tuple) else [obj]
            got: list[Transform] = []
            for t in items:
                if not isinstance(t, Transform):
                    raise RegistryError(f"entry point {ep.name!r} gave {type(t).__name__}, not a Transform")
                got.append(t)
            out.append((ep.name, got))
        except Exception as e:  # a broken plug-in is reported by the caller, never fatal
            out.append((ep.name, e))
    return out


def accepted(builtin: list[Transform]) -> list[Transform]:
    """The plug-ins' transforms that join ``builtin`` in order (an entry point stops at its
    first transform that clashes), as the registry registers them."""
    known = list(builtin)
    for _, got in load():
        if isinstance(got, Exception):
            continue
        for t in got:
            if clash(t, known) is not None:
                break
            known.append(t)
    return known[len(builtin):]
