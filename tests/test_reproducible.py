"""Queries do not depend on Python's string hashing (issue 24): a set or dict of names
iterated while a query is built would order its terms by PYTHONHASHSEED, and Z3's
answer (and its time) follows the order its terms were made in. Two processes with
different seeds build one check's queries; with the solver's answers fixed (every
query "unsat", so that no timing decides which queries are built) the SMT-LIB texts,
term numbers included, must be the same."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The loop witness's step of a float recurrence: NaN and undef choices, the memory
# query split by written address, the joint query by choice-disjoint parts.
CASE = ROOT / "corpus" / "loop" / "witness" / "diff-f64-vf4-step.srctgt.ll"

BUILD = """
import hashlib, sys
import z3
from pathlib import Path
from vecverify import tactics
from vecverify.checker import check_pair, read_module
from vecverify.refine import CheckOptions

texts = []

def answered(self, solver, deadline, pending=()):
    solver.add(*pending)  # assertions given with the check (portfolio.decide's pending)
    texts.append(solver.to_smt2())
    return None  # "unsat": every query is built, none by a race against the clock

def solve(self, q, share=1.0):
    whole = z3.Solver()
    whole.add(self.formula(q))  # the query as --smt2 writes it
    texts.append(whole.to_smt2())
    return solve_first(self, q, share)

solve_first = tactics.Tactics.solve
tactics.Tactics._check_solver = answered
tactics.Tactics.solve = solve
mod = read_module(Path(sys.argv[1]))
check_pair(mod.functions["src"], mod.functions["tgt"], CheckOptions(timeout_ms=600_000))
print(len(texts), hashlib.sha256("\\n".join(texts).encode()).hexdigest())
"""


def _queries(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run([sys.executable, "-c", BUILD, str(CASE)], env=env, capture_output=True, text=True,
                         timeout=300, check=True)
    return out.stdout.strip()


def test_a_checks_queries_do_not_depend_on_the_hash_seed() -> None:
    first, second = _queries("0"), _queries("1")
    count = int(first.split()[0])
    assert count >= 5, first  # the queries were built (ub, poison, value, memory, joint...)
    assert first == second


def test_choice_keys_do_not_see_the_order_of_commutative_arguments() -> None:
    """The NaN choices' keys (floating.choice_key) hash simplified terms, whose
    commutative arguments Z3 orders by ids: a process with another history (a check
    before, garbage collected at another moment) ordered them otherwise, and the render
    kernel's sides stopped pairing 3 of 65 choices (its proof then timed out)."""
    import z3

    from vecverify.semantics.core import StandIns

    a, b, c = z3.BitVecs("a b c", 32)
    x, y = z3.FPs("x y", z3.Float32())
    rm = z3.RNE()
    hashes = StandIns()
    assert hashes.shape_hash(a + b * c) == hashes.shape_hash(c * b + a)
    assert hashes.shape_hash(z3.fpAdd(rm, x, z3.fpMul(rm, x, y))) == hashes.shape_hash(z3.fpAdd(rm, z3.fpMul(rm, y, x), x))
    assert hashes.shape_hash(a - b) != hashes.shape_hash(b - a)
    assert hashes.shape_hash(z3.fpSub(rm, x, y)) != hashes.shape_hash(z3.fpSub(rm, y, x))
