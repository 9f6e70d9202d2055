"""The exact splits of the memory and joint queries (vecverify/splitting.py)."""

from __future__ import annotations

import z3

from vecverify.semantics.memory import (
    Clobber,
    initial_memory,
    key_shape,
    offset_by,
    pointer_lane,
    same_key,
)
from vecverify.splitting import choice_groups, mentioned_names, unresolved_writes, written_keys
from vecverify.terms import Memo


def test_choice_groups_share_no_name() -> None:
    groups, free = choice_groups([frozenset({"a"}), frozenset(), frozenset({"b"}), frozenset({"a", "c"}),
                                  frozenset({"c"}), frozenset({"d"})])
    assert sorted(sorted(g) for g in groups) == [[0, 3, 4], [2], [5]]
    assert free == [1]


def test_written_keys_are_distinct_and_a_clobber_stops_the_split() -> None:
    base = pointer_lane(1, z3.BitVec("off", 64))
    byte, poison = z3.BitVecVal(0, 8), z3.BoolVal(False)
    mem = initial_memory()
    for k in (0, 1, 0, 2):
        mem = mem.write(offset_by(base, k), byte, poison)
    other = initial_memory().write(offset_by(base, 1), byte, poison)
    keys = written_keys([mem, other])
    assert keys is not None and len(keys) == 3
    clobbered = mem.clobber(Clobber(z3.Array("d", z3.BitVecSort(72), z3.BitVecSort(8)),
                                    z3.Array("p", z3.BitVecSort(72), z3.BoolSort()), z3.BoolVal(True), 4,
                                    frozenset()))
    assert written_keys([clobbered]) is None


def test_mentioned_names_sees_through_shared_terms_and_quantifiers() -> None:
    a, b, c = z3.BitVecs("src!a src!b other", 8)
    memo: Memo[frozenset[str]] = Memo()
    names = frozenset({"src!a", "src!b"})
    shared = a + c
    assert mentioned_names(shared * 2 == 0, names, memo) == {"src!a"}
    assert mentioned_names(z3.ForAll([c], shared == b), names, memo) == {"src!a", "src!b"}
    assert mentioned_names(c == 1, names, memo) == frozenset()


def test_written_keys_drop_no_key_whose_simplified_term_was_freed() -> None:
    """Keys are told apart by their simplified terms' ids: those terms are kept alive
    while the keys are collected (a freed term's id is reused by the next one: keys were
    dropped, and the memory query compared their bytes as never written: unsound)."""
    n = z3.BitVec("n", 64)
    byte, poison = z3.BitVecVal(0, 8), z3.BoolVal(False)
    mem = initial_memory()
    for k in range(40):  # offsets that simplify to new terms (constants folded and moved first)
        mem = mem.write(pointer_lane(1, (n + k) * 4 + 1 + k), byte, poison)
    keys = written_keys([mem])
    assert keys is not None and len(keys) == 40


def test_unresolved_writes_counts_the_writes_a_read_cannot_place() -> None:
    """A read at base + 2 places writes at base + k (constant distances) without the
    solver; writes at n * 4 + k it cannot (the check then makes no written-address split:
    one group, found out cheaply)."""
    base = pointer_lane(1, z3.BitVec("off", 64))
    n = z3.BitVec("n", 64)
    byte, poison = z3.BitVecVal(0, 8), z3.BoolVal(False)
    mem = initial_memory()
    for k in range(4):
        mem = mem.write(offset_by(base, k), byte, poison)
    assert unresolved_writes(mem, offset_by(base, 2), 8) == 0
    for k in range(12):
        mem = mem.write(pointer_lane(1, n * 4 + k), byte, poison)
    assert unresolved_writes(mem, offset_by(base, 2), 8) == 9  # counted up to the limit + 1


def test_a_key_chosen_at_a_join_is_placed_by_its_cases() -> None:
    """The bounded check's remainder stores at base + 16 * ite(c1, 0, ite(c2, 2, 4)) + k
    (a phi's index, merged across the unrolled paths): a read at base + 5 is none of
    them whichever way the ites go, at base + 32 it is one of them in one case only
    (then the read stays a choice between the write and what was there before)."""
    base = z3.BitVec("off", 64)
    n = z3.BitVec("n", 32)
    index = z3.If(n == 1, z3.BitVecVal(0, 64), z3.If(n == 2, z3.BitVecVal(2, 64), z3.BitVecVal(4, 64)))
    byte, poison = z3.BitVecVal(7, 8), z3.BoolVal(False)
    mem = initial_memory()
    for k in range(4):
        mem = mem.write(pointer_lane(1, base + 16 * index + 9 + k), byte, poison)
    assert unresolved_writes(mem, pointer_lane(1, base + 5), 8) == 0
    assert unresolved_writes(mem, pointer_lane(1, base + 41), 8) == 1
    same = z3.simplify(pointer_lane(1, base + 16 * index + 12) == pointer_lane(1, base + 12))
    assert not z3.is_false(same) and not z3.is_true(same)
    assert z3.is_false(same_key(pointer_lane(1, base + 5), None, pointer_lane(1, base + 16 * index + 9), None))
    assert z3.is_true(same_key(pointer_lane(1, base + 9), None, pointer_lane(1, base + 16 * index * 0 + 9), None))


def test_keys_apart_in_their_low_bits() -> None:
    """A scatter's bytes at out + 8 * (c & 3) + k: two lanes' keys whose constants differ
    in the low 3 bits are apart whatever c holds (no solver, no simplified pair); the
    same byte of two lanes may be one key; bases 2 * x apart in the low bit only; bases
    with no known low bits (x against 8 * y) decide nothing."""
    out = z3.BitVec("out", 64)
    x, y = (z3.BitVec(n, 64) for n in "xy")
    eight_x, eight_y = z3.simplify(out + 8 * (x & 3)), z3.simplify(out + 8 * (y & 3))

    def same(a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BoolRef:
        ka, kb = offset_by(pointer_lane(2, a), 0), offset_by(pointer_lane(2, b), 0)
        return same_key(ka, key_shape(ka), kb, key_shape(kb))

    assert all(z3.is_false(same(eight_x + i, eight_y + j)) for i in range(8) for j in range(8) if i != j)
    assert not z3.is_false(same(eight_x + 3, eight_y + 3))
    two_x = z3.simplify(out + 2 * x)
    assert z3.is_false(same(two_x + 1, eight_y)) and not z3.is_false(same(two_x + 2, eight_y))
    assert not z3.is_false(same(z3.simplify(out + x) + 1, eight_y))


# Three stores at a[i], a[j & 3] (may alias a[i] or a[i+1]) and a[i+1]; the target's
# second writes 8 instead of 7 (STORED 8) or the same.
PAIR = """
define void @src(ptr noundef %a, i64 noundef %i, i64 noundef %j, i16 noundef %x) {
  %p0 = getelementptr inbounds i16, ptr %a, i64 %i
  store i16 %x, ptr %p0, align 2
  %jm = and i64 %j, 3
  %pj = getelementptr inbounds i16, ptr %a, i64 %jm
  store i16 7, ptr %pj, align 2
  %i1 = add i64 %i, 1
  %p1 = getelementptr inbounds i16, ptr %a, i64 %i1
  store i16 %x, ptr %p1, align 2
  ret void
}
define void @tgt(ptr noundef %a, i64 noundef %i, i64 noundef %j, i16 noundef %x) {
  %p0 = getelementptr inbounds i16, ptr %a, i64 %i
  store i16 %x, ptr %p0, align 2
  %jm = and i64 %j, 3
  %pj = getelementptr inbounds i16, ptr %a, i64 %jm
  store i16 STORED, ptr %pj, align 2
  %i1 = add i64 %i, 1
  %p1 = getelementptr inbounds i16, ptr %a, i64 %i1
  store i16 %x, ptr %p1, align 2
  ret void
}
"""


def test_memory_by_address_decides_as_the_whole_query() -> None:
    """CheckOptions.memory_by_address (the loop witness's obligations): the memory query
    of a source without choices as the whole (written addresses and the others) first,
    then one query per written address and one for the others: the same verdicts, the
    parts alone too, the wrong store's counterexample at a written byte and replayed."""
    from vecverify.llvm import parse_module
    from vecverify.refine import CheckOptions, RefinementCheck, check_refinement
    from vecverify.splitting import written_keys

    for stored, status in (("7", "correct"), ("8", "incorrect")):
        fns = parse_module(PAIR.replace("STORED", stored), "<test>").functions
        verdicts = [check_refinement(fns["src"], fns["tgt"], CheckOptions(unroll=1, memory_by_address=split))
                    for split in (False, True)]
        assert [v.status for v in verdicts] == [status, status]
        assert [q for q in verdicts[1].query_log if q["query"] == "memory"]
        if status == "incorrect":
            assert verdicts[1].error == "Mismatch in memory" and verdicts[1].example.address is not None
        rc = RefinementCheck(fns["src"], fns["tgt"], CheckOptions(unroll=1, memory_by_address=True))
        made = rc._memory_query()
        keys = written_keys([rc.src.memory, rc.tgt.memory])
        assert isinstance(made, list) and keys and len(made) == 1 + len(keys) + 1
        found = rc._solve_parts(made[1:])  # the parts alone, as where the whole is not decided
        assert (found is not None) == (status == "incorrect")


READS_ONLY = """
define { float, float } @src(ptr %p) {
  %a = load float, ptr %p
  %q = getelementptr float, ptr %p, i64 1
  %b = load float, ptr %q
  %x = fmul nsz float %a, %a
  %y = fmul nsz float %b, %b
  %r = insertvalue { float, float } poison, float %x, 0
  %s = insertvalue { float, float } %r, float %y, 1
  ret { float, float } %s
}
define { float, float } @tgt(ptr %p) {
  %v = load <2 x float>, ptr %p, align 4
  %w = fmul nsz <2 x float> %v, %v
  %x = extractelement <2 x float> %w, i32 0
  %y = extractelement <2 x float> %w, i32 1
  %r = insertvalue { float, float } poison, float %x, 0
  %s = insertvalue { float, float } %r, float %y, 1
  ret { float, float } %s
}
"""


def test_joint_query_of_a_function_that_writes_no_choice_splits_by_lanes() -> None:
    """A function that only reads memory (a loop step's obligation) and returns lanes
    with choices of their own: its joint query is one part per lane's choices (it was
    one quantified query over all of them: dot_f64's epilogue step timed out so), and
    the check decides as before."""
    from vecverify.llvm import parse_module
    from vecverify.refine import CheckOptions, RefinementCheck, Split

    fns = parse_module(READS_ONLY, "<test>").functions
    rc = RefinementCheck(fns["src"], fns["tgt"], CheckOptions(unroll=1))
    joint = rc._joint_query()
    assert isinstance(joint, Split) and len(joint.parts) == 2
    assert rc.run().status == "correct"
    wrong = parse_module(READS_ONLY.replace("%w = fmul nsz <2 x float> %v, %v", "%w = fadd nsz <2 x float> %v, %v"),
                         "<test>").functions
    assert RefinementCheck(wrong["src"], wrong["tgt"], CheckOptions(unroll=1)).run().status == "incorrect"


UB_CHOICE_ONLY = """
declare void @llvm.assume(i1)
define void @src(ptr %p, i8 %u) {
  %c = icmp ule i8 %u, 100
  call void @llvm.assume(i1 %c)
  store i8 7, ptr %p
  ret void
}
define void @tgt(ptr %p, i8 %u) {
  store i8 STORED, ptr %p
  ret void
}
"""


def test_joint_query_of_choices_only_in_the_sources_ub_has_no_part() -> None:
    """The source's only choice (an undef argument) is in its UB conditions, in no
    returned lane or written byte (a loop witness's undef state parameter in the assumed
    first branch): the joint failure is the disjunction of the queries before it, so
    there is no joint query (it was the whole one, quantified: uniform-phi @foo's step
    ran out of time there); the wrong store is still refuted, by the memory query."""
    from vecverify.llvm import parse_module
    from vecverify.refine import CheckOptions, RefinementCheck, Split

    for stored, status in (("7", "correct"), ("8", "incorrect")):
        fns = parse_module(UB_CHOICE_ONLY.replace("STORED", stored), "<test>").functions
        rc = RefinementCheck(fns["src"], fns["tgt"], CheckOptions(unroll=1))
        assert rc.src_vars  # the undef argument's choice
        joint = rc._joint_query()
        assert isinstance(joint, Split) and joint.parts == []
        verdict = rc.run()
        assert verdict.status == status
        assert "joint" not in [q["query"] for q in verdict.query_log]
        if status == "incorrect":
            assert verdict.error == "Mismatch in memory"
