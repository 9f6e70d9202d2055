"""The mutants a campaign can run: every registered transform's own (declared next to
its code, ``Transform.mutants``) and the generic ones (transforms/mutants.py), each bound
to its registered transform. Nothing is listed here: a transform that declares mutants
has them run by ``vecverify mutants``.
"""

from __future__ import annotations

from dataclasses import replace

from transforms.mutants import Mutant, generic
from transforms.registry import all_transforms

from ...errors import InputError, InternalError

__all__ = ["Mutant", "all_mutants", "get_mutant"]


def all_mutants() -> list[Mutant]:
    """Every mutant of every registered transform, by name."""
    out: list[Mutant] = []
    for tr in all_transforms():
        own = tr.mutants() if tr.mutants is not None else []
        for m in own:
            if m.base != tr.name:
                raise InternalError(f"transform {tr.name!r} declares mutant {m.name!r} of {m.base!r}")
        out += [replace(m, transform=tr) for m in own + generic(tr)]
    return sorted(out, key=lambda m: m.name)


def get_mutant(name: str) -> Mutant:
    for m in all_mutants():
        if m.name == name:
            return m
    known = ", ".join(m.name for m in all_mutants())
    raise InputError(f"unknown mutant {name!r} (known: {known})")
