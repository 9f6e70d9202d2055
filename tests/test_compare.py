"""compare_functions, the one comparison service: a transform's own proof (``prove``)
decides where it gives a verdict, the refinement check where it gives none, and the
native witness runs after either."""

from __future__ import annotations

from vecverify.compare import Witness, compare_functions
from vecverify.exit_codes import (
    EXIT_BAD_INPUT,
    EXIT_INCONCLUSIVE,
    EXIT_INCORRECT,
    EXIT_INTERNAL,
    EXIT_OK,
    worst,
)
from vecverify.ir.function import Function
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions, Verdict

WRONG = ("define i8 @src(i8 %x) {\n  %r = add i8 %x, 1\n  ret i8 %r\n}\n"
         "define i8 @tgt(i8 %x) {\n  ret i8 %x\n}\n")


def _pair() -> tuple[Function, Function]:
    m = parse_module(WRONG, "<wrong>")
    return m.functions["src"], m.functions["tgt"]


def test_without_a_verdict_of_its_own_the_refinement_check_decides() -> None:
    src, tgt = _pair()
    asked: list[int] = []

    def declines(s: Function, t: Function, o: CheckOptions) -> Verdict | None:
        asked.append(o.timeout_ms)
        return None

    c = compare_functions(src, tgt, CheckOptions(timeout_ms=1234), Witness(replay=False), prove=declines)
    assert asked == [1234] and c.status == "incorrect"


def test_a_transforms_own_proof_decides_and_the_witness_still_runs() -> None:
    src, tgt = _pair()

    def refutes(s: Function, t: Function, o: CheckOptions) -> Verdict | None:
        return Verdict("failed", detail="the transform's own proof")

    c = compare_functions(src, tgt, CheckOptions(), Witness(runs=4, replay=False), prove=refutes)
    assert c.status == "failed" and c.verdict.detail == "the transform's own proof"
    assert c.native is not None and c.native["runs"] == 4 and c.native_mismatch and c.exit_code == 1


def test_several_opinions_make_one_code_the_worst_first() -> None:
    """vectorize --verify's opinions (loops, changed functions) merge as verdicts do."""
    assert worst([]) == EXIT_OK and worst([EXIT_OK, EXIT_OK]) == EXIT_OK
    assert worst([EXIT_INCONCLUSIVE, EXIT_INTERNAL]) == EXIT_INTERNAL
    assert worst([EXIT_INCONCLUSIVE, EXIT_BAD_INPUT]) == EXIT_BAD_INPUT
    assert worst([EXIT_INTERNAL, EXIT_INCORRECT, EXIT_INCONCLUSIVE]) == EXIT_INCORRECT
