"""Witness inference for LoopVectorize's output (vecverify/loops/infer.py): opt-22's
loops proved for every trip count with no help from the vectorizer, and mutants of them
refuted at a concrete trip count, replayed natively."""

from __future__ import annotations

from pathlib import Path

import pytest

from vecverify.checker import check_pair
from vecverify.compare import Witness, compare_functions
from vecverify.llvm import parse_module, read_module
from vecverify.loops.infer import infer_and_prove
from vecverify.refine import CheckOptions, RefinementCheck, check_refinement

DATA = Path(__file__).parent / "data" / "loops"


def _pair(name: str) -> tuple:  # type: ignore[type-arg]
    m = read_module(DATA / f"{name}.srctgt.ll")
    return m.functions["src"], m.functions["tgt"]


def test_a_map_loop_with_its_scalar_epilogue_is_proved_for_every_trip_count() -> None:
    src, tgt = _pair("map_vf4")
    v = check_pair(src, tgt, CheckOptions(timeout_ms=60_000))
    assert v.status == "correct" and v.loops == "proved", v.coverage
    assert "proved for every trip count" in v.coverage
    assert v.witness is not None and v.witness["alpha"] == {"%i": "index"}
    # what it does not cover is said: %n is not noundef (undef values of it are not
    # covered); the branches into the vector loop were checked (poison only where the
    # source is UB)
    assert "%n may be undef, which is not covered" in v.coverage and "bypass-poison" in v.coverage


def test_a_minimum_iterations_check_that_may_be_poison_where_the_source_is_defined_is_not_proved() -> None:
    """The same loop, its min.iters.check computed with `shl nsw` (poison for n >= 2^62,
    where the source is defined): the target is UB there, so no proof; the witness's
    other obligations all hold (they take the branch as an assumption)."""
    text = (DATA / "map_vf4.srctgt.ll").read_text()
    old = "%min.iters.check = icmp ult i64 %n, 4"
    assert old in text
    m = parse_module(text.replace(old, "%n.2 = shl nsw i64 %n, 1\n  %min.iters.check = icmp ult i64 %n.2, 8"), "m.ll")
    r = infer_and_prove(m.functions["src"], m.functions["tgt"], 60_000)
    assert [n for n, _ in r.checks] == ["entry", "step", "last", "bypass-poison"]
    assert r.status == "unknown" and r.checks[-1][1] == "incorrect", r.reason


@pytest.mark.parametrize("name", ["sum_vf4"])
def test_reductions_and_recurrences_are_proved_by_their_resume_values(name: str) -> None:
    r = infer_and_prove(*_pair(name), 60_000)
    assert r.status == "proved" and [n for n, _ in r.checks][:3] == ["entry", "step", "last"], r.reason
    assert "index <u n.vec" in r.invariants and r.lanes == 4


@pytest.mark.parametrize("name,count", [("sum_vf4_drops_start", 4)])
def test_mutants_are_refuted_at_a_trip_count_and_replayed_natively(name: str, count: int) -> None:
    src, tgt = _pair(name)
    c = compare_functions(src, tgt, CheckOptions(timeout_ms=60_000), Witness(replay=True))
    assert c.verdict.status == "incorrect" and f"trip count {count}" in c.verdict.coverage
    assert c.replay is not None and c.replay["shows_difference"], c.replay


OWN = """
define i32 @sum(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %s = phi i32 [0, %entry], [%s.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}
"""


def test_our_vectorizers_loop_is_proved_by_inference_as_by_its_emitted_witness() -> None:
    """The kept kernel (a sum at VF 4) vectorized by transforms/loop: its emitted witness
    and the witness inferred from its output alone agree: the induction is the index,
    the reduction the fold of the accumulator (the emitted alpha), both proved."""
    from transforms.loop import LoopOptions, vectorize_loops
    from transforms.loop.witness import prove_loop

    src = parse_module(OWN, "own.ll").functions["sum"]
    new, (report,) = vectorize_loops(src, LoopOptions(vf=4, uf=1, epilogue_vf=0))
    emitted = prove_loop(report)
    assert emitted.status == "proved", emitted.line()
    inferred = infer_and_prove(src, new, 60_000)
    assert inferred.status == "proved", inferred.reason
    assert inferred.alpha["%i"] == "index"
    assert inferred.lanes == emitted.vf * emitted.uf


def test_a_target_that_may_store_undef_is_not_proved() -> None:
    """The obligations start a vector iteration from memory without undef bytes, so a
    target that may store a value computed from an `undef` constant gets no proof; an
    `undef` returned, not stored, is no obstacle."""
    from vecverify.loops.infer import _stores_undef

    m = parse_module("""
define void @f(ptr %p, i32 %x) {
  %a = add i32 %x, undef
  %b = add i32 %a, 1
  store i32 %b, ptr %p
  ret void
}
define i32 @g(ptr %p, i32 %x) {
  store i32 %x, ptr %p
  ret i32 undef
}""", "m.ll")
    assert _stores_undef(m.functions["f"]) == "store" and _stores_undef(m.functions["g"]) == ""


def test_the_scalar_part_is_compared_up_to_instcombines_canonical_forms() -> None:
    """Comparison operands swapped with their predicate, commutative operands in either
    order and a zero first index into an array type are the same function; a comparison
    swapped without its predicate is not."""
    from vecverify.loops.same import canonical_text

    body = """
@a = global [8 x i32] zeroinitializer
define i1 @f(i64 %i, i32 %n) {{
  %p = getelementptr inbounds {gep}
  %v = load i32, ptr %p
  %s = add nsw {add}
  %c = icmp {cmp}
  ret i1 %c
}}"""
    text = [canonical_text(parse_module(body.format(gep=g, add=a, cmp=c), "m.ll").functions["f"]) for g, a, c in (
        ("[8 x i32], ptr @a, i64 0, i64 %i", "i32 %v, %n", "ult i32 %s, %n"),
        ("i32, ptr @a, i64 %i", "i32 %n, %v", "ugt i32 %n, %s"),
        ("i32, ptr @a, i64 %i", "i32 %n, %v", "ult i32 %n, %s"))]
    assert text[0] == text[1] != text[2]


def test_a_vector_loop_always_entered_starts_from_the_sources_start_values() -> None:
    """No bypass around the vector loop (LLVM knows the trip count is a multiple of 4):
    the scalar part starts from the source loop's constants, and the source's first
    branch (on %n) makes a poison %n UB, as the obligations take it."""
    r = infer_and_prove(*_pair("always_entered_vf4"), 60_000)
    assert r.status == "proved", r.reason
    assert [n for n, _ in r.checks] == ["entry", "step", "last"]


def test_a_scalable_loop_is_read_at_each_vscale() -> None:
    """An SVE loop (steps of vscale x 4) read at vscale v has the shape of a fixed loop
    of 4v lanes (its proof per vscale: docs/loops.md; 30 s at vscale 2, not run here)."""
    from vecverify.loops.shape import find_shape
    from vecverify.scalable import at_vscale

    tgt = read_module(DATA / "sve_map.srctgt.ll").functions["tgt"]
    assert [find_shape(at_vscale(tgt, v)).lanes for v in (1, 2, 4)] == [4, 8, 16]


@pytest.mark.parametrize("name,reshaped", [
    ("const_trip_vf4", "resume values folded to constants"),
    ("no_remainder_sum_vf4", "grafted as a remainder never entered"),
])
def test_constant_trip_count_shapes_are_proved_for_every_trip_count(name: str, reshaped: str) -> None:
    """A constant trip count: LLVM folds the resume value to a constant (read back as
    start + n.vec * step) or, where n.vec is the whole trip count, leaves no scalar
    remainder (the source's loop grafted back behind a branch never taken); the
    correspondence is then the index's, as for any trip count."""
    r = infer_and_prove(*_pair(name), 60_000)
    assert r.status == "proved", r.reason
    assert any(reshaped in x for x in r.reshaped), r.reshaped
    assert r.alpha["%i"].startswith("%i.resume at n.vec := index")


@pytest.mark.parametrize("name", ["const_trip_vf4_resume_off_by_one", "no_remainder_sum_vf4_short"])
def test_constant_trip_count_mutants_are_refuted_and_replayed_natively(name: str) -> None:
    """A remainder resuming one element late, a vector loop stopping one iteration early:
    no witness holds, and the check at the constant trip count finds the difference,
    which the native run shows."""
    c = compare_functions(*_pair(name), CheckOptions(timeout_ms=60_000), Witness(replay=True))
    assert c.verdict.status == "incorrect", c.verdict.coverage
    assert c.verdict.witness is not None and c.verdict.witness["status"] != "proved"
    assert c.replay is not None and c.replay["shows_difference"], c.replay


def test_a_vectorized_epilogue_is_proved_for_every_trip_count() -> None:
    """X86's default shape: a vector loop of 8 lanes, an epilogue vector loop of 4 resumed
    from it, the scalar remainder. The epilogue is proved from every state it is entered
    in (the main loop's end, or 0 where the main loop is skipped), then bypassed, and the
    main loop proved against the source."""
    r = infer_and_prove(*_pair("epilogue_vf8"), 60_000)
    assert r.status == "proved", r.reason
    assert [n for n, _ in r.checks][:2] == ["epilogue step", "epilogue last"]
    assert any("vectorized epilogue" in x for x in r.reshaped) and r.lanes == 8


def test_an_epilogue_resuming_at_the_wrong_index_is_refuted_and_replayed_natively() -> None:
    """The epilogue entered 4 elements before where the main loop stopped: the epilogue
    itself holds from that state (it is proved from any), but what the main loop hands
    on is not the source's state: `last` fails with a counterexample. At trip count 12
    (one main iteration, one epilogue one: what `check` finds first, trying 0, 1, ...)
    the pair is refuted, and the native runs show the twice-incremented elements."""
    from vecverify.loops.refute import assuming_argument, with_argument

    src, tgt = _pair("epilogue_vf8_resume_early")
    r = infer_and_prove(src, tgt, 60_000)
    assert r.status == "unknown" and r.refutable and r.reason.startswith("last: incorrect"), r.reason
    assert [n for n, _ in r.checks][:2] == ["epilogue step", "epilogue last"]
    c = compare_functions(assuming_argument(src, 1, 12), with_argument(tgt, 1, 12), CheckOptions(timeout_ms=60_000),
                          Witness(replay=True))
    assert c.verdict.status == "incorrect", c.verdict.coverage
    assert c.replay is not None and c.replay["shows_difference"], c.replay


def test_a_reduction_through_a_vectorized_epilogue_is_proved_for_every_trip_count() -> None:
    """LLVM's epilogue carries the sum through the epilogue loop: where the main loop is
    skipped, the epilogue (bypassed once proved) hands the scalar loop reduce.add(<0, 0>)
    where the first check hands it 0. The scalar part is read from the first check's
    values, and the `bypass start` obligation shows the other path's refine them."""
    r = infer_and_prove(*_pair("epilogue_sum_vf2uf2"), 60_000)
    assert r.status == "proved", r.reason
    names = [n for n, _ in r.checks]
    assert names[:2] == ["epilogue step", "epilogue last"]
    assert "bypass start (vector.main.loop.iter.check.epilog.skip)" in names


def test_an_epilogue_entered_with_the_wrong_start_value_is_refuted_and_replayed_natively() -> None:
    src, tgt = _pair("epilogue_sum_vf2uf2_skip_start")
    r = infer_and_prove(src, tgt, 60_000)
    assert r.status == "unknown" and r.refutable and r.reason.startswith("bypass start"), r.reason
    c = compare_functions(src, tgt, CheckOptions(timeout_ms=60_000), Witness(replay=True))
    assert c.verdict.status == "incorrect", c.verdict.coverage
    assert c.replay is not None and c.replay["shows_difference"], c.replay


def test_a_middle_block_going_straight_to_the_exit_gets_a_resume_edge() -> None:
    """LLVM's align.ll shape: a constant trip count VF divides and a runtime alias check,
    so the scalar loop is entered from the check alone (no resume edge). A resume edge
    never taken is added, and the loop is proved for every trip count."""
    r = infer_and_prove(*_pair("memcheck_const_trip_vf4"), 60_000)
    assert r.status == "proved", r.reason
    assert any("resume edge never taken" in x for x in r.reshaped), r.reshaped
    assert [n for n, _ in r.checks] == ["entry", "step", "last", "bypass-poison"]


def test_a_step_under_a_runtime_alias_check_has_its_aliasing_decided_by_the_check() -> None:
    """align.ll's step without noalias: the memory query (stores of one vector iteration
    against the later scalar loads, kept apart by the ptrtoint alias check the source
    assumes) is decided at once when the conditions the check rules out are false
    (aliasfacts.py; Z3 alone: 5 s at load 4, the whole loop's step unknown). Its mutant, the check too short for VF 4, is
    incorrect: a condition is decided only where the check rules it out."""
    options = CheckOptions(timeout_ms=20_000, unroll=1, memory_by_address=True)
    check = RefinementCheck(*_pair("memcheck_step_vf4"), options)
    v = check.run()
    assert v.status == "correct", v.detail
    # each later load of b and c against each earlier store to a, in the same block
    assert check.aliasing_ruled_out >= 12, check.aliasing_ruled_out
    assert all(q["seconds"] < 5 for q in v.query_log if q["query"] == "memory"), v.query_log
    bad = check_refinement(*_pair("memcheck_step_vf4_short_check"), options)
    assert bad.status == "incorrect" and bad.error == "Mismatch in memory", (bad.status, bad.detail)


def test_a_float_step_under_a_runtime_alias_check_pairs_its_lanes_choices() -> None:
    """@runtime_chk's step (A[i] = B[i] * N, VF 4): the source's loads are decided as
    they are made (aliasfacts.SourceReads), so they are the target's terms, each lane's
    NaN choices pair up, and each lane's memory part is decided by the simplifier (they
    went to Z3 before: the loads of B[i+1..] still read through the stores to A)."""
    options = CheckOptions(timeout_ms=20_000, unroll=1, memory_by_address=True)
    v = check_refinement(*_pair("memcheck_fmul_step_vf4"), options)
    assert v.status == "correct", v.detail
    memory = [q for q in v.query_log if q["query"] == "memory"]
    # a part per lane (the addresses written by neither side: one more part)
    assert sum(q["solver"] == "simplifier" for q in memory) >= 4, v.query_log


def test_a_vector_loop_stopping_early_before_the_exit_is_refuted() -> None:
    """The same with the vector loop leaving after 12 of the 16 elements: no witness, and
    the check at the constant trip count is incorrect (its counterexample is not run
    natively: the alias check's ptrtoint reads block addresses, inputs of the check)."""
    v = check_pair(*_pair("memcheck_const_trip_vf4_stops_early"), CheckOptions(timeout_ms=20_000))
    assert v.status == "incorrect", v.coverage
    assert v.witness is not None and v.witness["status"] != "proved"


def test_our_vectorizers_epilogue_read_back_by_check_is_proved_for_every_trip_count() -> None:
    """diff_i32 at VF 8 x UF 2 with a vectorized epilogue of VF 4, as our vectorizer emits
    it, checked as a plain pair: the inferred witness proves it (it was bounded only)."""
    path = Path(__file__).parent.parent / "corpus" / "loop" / "bounded" / "diff-i32-vf8-uf2-epilogue.srctgt.ll"
    m = read_module(path)
    v = check_pair(m.functions["src"], m.functions["tgt"], CheckOptions(timeout_ms=60_000))
    assert v.status == "correct" and v.loops == "proved", v.coverage
    assert v.witness is not None and any(c["name"].startswith("bypass start") for c in v.witness["checks"])


def test_a_widened_induction_stepped_once_per_unrolled_part_has_its_closed_form() -> None:
    r = infer_and_prove(*_pair("iota_vf4uf2"), 60_000)
    assert r.status == "proved", r.reason


def test_the_first_branchs_own_parameters_make_no_source_choice() -> None:
    """The source's first branch (the scalar loop's exit test) is assumed defined in
    every obligation; the scalar phi it reads at the start (%i) is a parameter of its
    own, taken as defined: an integer loop's step obligation has no source choice (it
    had that parameter's undef: every query quantified, and a joint query)."""
    from vecverify.loops.infer import Inference
    from vecverify.loops.shape import find_shape

    src, tgt = _pair("iota_vf4uf2")
    inf = Inference(find_shape(tgt), 60_000, src)
    kept = [c for _, c in inf.houdini()]
    ob = inf.step(kept, last=False)
    assert "i64 noundef %i.inv" in ob.text()
    assert RefinementCheck(ob.src, ob.tgt, CheckOptions(unroll=1, memory_by_address=True)).src_vars == []


def test_a_recurrence_of_index_values_gets_its_closed_form_and_the_resume_value_its_iteration() -> None:
    """LoopVectorize's @PR38786 (uniform-phi.ll): %vector.recur's back-edge value is
    computed from the index alone (`<zext(%index + 1), zext(%index + 2)>`), so its value
    in a state is that value at index - C (its start at index 0; entry and step keep
    it); the scalar loop's %phi64 resumes from `zext(%index + 1 + 1)` of the last
    iteration, read at index - C (it was "%index of the vector loop is not described by
    its state", and the bounded check ran out of time). With the recurrence started at
    1 (a mutant: the first vector iteration stores to y[1]) the step is refuted."""
    from vecverify.loops.infer import Inference
    from vecverify.loops.shape import find_shape

    text = (DATA / "recurrence_of_index_vf2.srctgt.ll").read_text()
    old = "[ <i64 poison, i64 0>, %vector.ph ]"
    assert old in text
    for start, status in ((old, "correct"), ("[ <i64 poison, i64 1>, %vector.ph ]", "incorrect")):
        m = parse_module(text.replace(old, start), "m.ll")
        shape = find_shape(m.functions["tgt"])
        inf = Inference(shape, 60_000, m.functions["src"])
        kept = [c for _, c in inf.houdini()]
        inf.check_closed_forms(kept)
        assert [p.name for p in shape.vphis if id(p) in shape.closed_form] == ["vector.recur"]
        assert inf._run(inf.entry()).status == "correct"
        inf.step(kept, last=True)  # the resume values are described (no WitnessError)
        if status == "incorrect":  # (the original's step is proved too, in ~20 s: not here)
            assert inf._run(inf.step(kept, last=False)).status == "incorrect"
