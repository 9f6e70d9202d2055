"""No false alarm on identity, on Alive2's files (tests/test_identity.py says the property):
the files that call unknown functions, and the folders about undef and vectors, each
function checked against itself; most of them must get a verdict."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ALIVE2_SUITE
from tests.test_identity import _statuses
from vecverify.app.conformance import SCORED_FOLDERS

_UNKNOWN_CALL = re.compile(r"call [^@]*@(?!llvm\.)")
# Alive2's folders checked whole (small, and about what vectorizers meet).
ALIVE2_FOLDERS = ("undef", "vector")


def _alive2_files() -> list[str]:
    if not ALIVE2_SUITE.is_dir():
        return []
    out = set()
    for folder in SCORED_FOLDERS:
        for path in sorted((ALIVE2_SUITE / folder).glob("*.ll")):
            if _UNKNOWN_CALL.search(path.read_text(errors="replace")):
                out.add(str(path.relative_to(ALIVE2_SUITE)))
    for folder in ALIVE2_FOLDERS:
        out |= {str(p.relative_to(ALIVE2_SUITE)) for p in (ALIVE2_SUITE / folder).rglob("*.ll")}
    return sorted(out)


# Alive2's functions (of the files read) that get a verdict ("correct" or "failed") and
# are not "unsupported": 194 of 285 when this floor was set.
ALIVE2_VERDICT_FLOOR = 0.6
_ALIVE2_SEEN: dict[str, list[str]] = {}


@pytest.mark.parametrize("name", _alive2_files())
def test_alive2_functions_refine_themselves(name: str) -> None:
    _ALIVE2_SEEN[name] = _statuses(ALIVE2_SUITE / name, 5000) or []


def test_most_alive2_functions_get_a_verdict() -> None:
    """The files above pass one by one whatever the share of "unsupported": here most
    functions of the files read must get a verdict."""
    names = _alive2_files()
    if not names:
        pytest.skip("shared/conformance/alive2 is not beside the repository")
    for name in names:
        if name not in _ALIVE2_SEEN:  # run alone (-k): check them here
            _ALIVE2_SEEN[name] = _statuses(ALIVE2_SUITE / name, 5000) or []
    statuses = [s for name in names for s in _ALIVE2_SEEN[name]]
    decided = sum(s != "unsupported" for s in statuses)
    assert decided >= ALIVE2_VERDICT_FLOOR * len(statuses), f"{decided} of {len(statuses)} functions got a verdict"
