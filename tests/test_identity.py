"""No false alarm on identity: every function of Alive2's suite that calls an unknown
function (the newest and most intricate part of the model) refines itself. A function
checked against itself can only be "correct", or honestly undecided."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ALIVE2_SUITE
from vecverify.checker import check_pair
from vecverify.conformance import SCORED_FOLDERS
from vecverify.errors import VecverifyError
from vecverify.llvm import read_module
from vecverify.refine import CheckOptions

_UNKNOWN_CALL = re.compile(r"call [^@]*@(?!llvm\.)")


def _files() -> list[str]:
    if not ALIVE2_SUITE.is_dir():
        return []
    out = []
    for folder in SCORED_FOLDERS:
        for path in sorted((ALIVE2_SUITE / folder).glob("*.ll")):
            if _UNKNOWN_CALL.search(path.read_text(errors="replace")):
                out.append(str(path.relative_to(ALIVE2_SUITE)))
    return out


@pytest.mark.parametrize("name", _files())
def test_functions_with_unknown_calls_refine_themselves(name: str) -> None:
    try:
        module = read_module(ALIVE2_SUITE / name)
    except VecverifyError:
        pytest.skip("not read (unsupported or rejected)")
    for fn in module.functions.values():
        v = check_pair(fn, fn, CheckOptions(timeout_ms=5000))
        assert v.status in ("correct", "failed", "unsupported"), (fn.name, v.status, v.error, v.detail)
