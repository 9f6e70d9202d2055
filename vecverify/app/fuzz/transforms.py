"""What a campaign runs: registered transforms (discovered at run time, never listed
here) and mutants (deliberately wrong variants, named ``TRANSFORM:what``)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from properties.strategies import DEFAULT_PROFILE, KernelProfile, kernels
from transforms.registry import all_transforms, get

from ...errors import InputError
from .mutants import get_mutant


def known_names() -> list[str]:
    return [t.name for t in all_transforms() if t.fuzzed]


def resolve(name: str) -> Any:
    """The transform (or mutant) called ``name``: anything with ``apply(fn, options)``."""
    if ":" in name:
        return get_mutant(name)
    try:
        return get(name)
    except KeyError as e:
        raise InputError(e.args[0] if e.args else name) from None


def kernel_strategy(transform: Any) -> Any:
    """The kernels a campaign draws for ``transform``: its own ``fuzz_kernels`` (loop
    kernels for the loop vectorizer and its mutants); a mutant's profile alone (its
    pattern, so it is caught quickly); for a transform with a ``fuzz_profile``, the
    default kernels and kernels of that profile, half each; else the default kernels."""
    own = getattr(transform, "fuzz_kernels", None)
    if own is not None:  # programs of another kind (loops): only those
        return own()
    profile = getattr(transform, "profile", None)
    if isinstance(profile, KernelProfile):
        return kernels(profile)
    extra = getattr(transform, "fuzz_profile", None)
    if extra:
        return st.one_of(kernels(DEFAULT_PROFILE), kernels(KernelProfile(**extra)))
    return kernels(DEFAULT_PROFILE)
