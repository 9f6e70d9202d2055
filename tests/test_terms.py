"""vecverify.terms: simplification that does not depend on who holds Z3's nodes."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import z3

from vecverify.terms import Dag, Memo, simplify

ROOT = Path(__file__).resolve().parent.parent
# The failure part of one split query of corpus/paper/clang/gl_render_vb_fmuladd with the
# source's choices replaced by their first picks (tactics._first_pick_refutes): it is
# false, and Z3's default simplifier says so only while every subterm is referenced
# from elsewhere (it caches only nodes whose reference count says they are shared).
FIRST_PICK = ROOT / "tests/data/terms/first_pick_gl_render_vb_fmuladd.smt2.gz"


def _parse() -> z3.BoolRef:
    return z3.And(*z3.parse_smt2_string(gzip.decompress(FIRST_PICK.read_bytes()).decode()))


def _hold_every_node(term: z3.ExprRef) -> list[z3.ExprRef]:
    dag = Dag(term.ctx)
    held: list[z3.ExprRef] = []

    def leaf(n: object) -> bool | None:
        held.append(dag.wrap(n))
        return None if dag.children(n) else True
    dag.fold(term, leaf, lambda n, kids: True, Memo())
    return held


def test_simplify_decides_the_first_pick_without_held_references() -> None:
    assert z3.is_false(simplify(_parse()))


def test_simplify_decides_the_first_pick_with_every_node_held() -> None:
    term = _parse()
    held = _hold_every_node(term)
    assert len(held) > 1000
    assert z3.is_false(simplify(term))


def test_no_module_calls_z3_simplify_directly() -> None:
    """Every simplification goes through terms.simplify, so no verdict depends on
    reference counts."""
    direct = [f"{p.relative_to(ROOT)}:{i}" for p in sorted((ROOT / "vecverify").rglob("*.py"))
              if p.name != "terms.py"
              for i, line in enumerate(p.read_text().splitlines(), 1)
              if re.search(r"\bz3\.simplify\(", line) and not line.lstrip().startswith("#")]
    assert direct == []
