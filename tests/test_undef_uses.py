"""Undef per use (semantics/uses.py): what is copied, what is not, and verdicts that
depend on it. Calls matched path by path are tested in test_calls_paths.py; the
alive-tv-format cases are in corpus/undef and corpus/calls."""

from __future__ import annotations

import pytest

from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions, RefinementCheck
from vecverify.semantics import uses
from vecverify.semantics.core import SymValue

REUSE = """
define i8 @src(i8 %x, i8 %z) {
  %y = add i8 %x, %z
  %a = xor i8 %y, %y
  %b = mul i8 %y, %a
  ret i8 %b
}
define i8 @tgt(i8 %x, i8 %z) {
  %y = add i8 %x, %z
  %a = xor i8 %y, %y
  %b = mul i8 %y, %a
  ret i8 %b
}
"""


def _check(text: str, **options: object) -> RefinementCheck:
    m = parse_module(text, "t.ll")
    return RefinementCheck(m.functions["src"], m.functions["tgt"], CheckOptions(**options))  # type: ignore[arg-type]


def _undef_choices(text: str, **options: object) -> int:
    return len(_check(text, **options).src.undef_choices)


def test_a_first_use_takes_the_choices_a_second_use_copies_them() -> None:
    # %x and %z once each (2); %y used three times: the first takes both choices, the
    # other two copy both (4); %a (made of two uses of %y) used once: nothing more.
    assert _undef_choices(REUSE) == 6


def test_no_copies_where_inputs_carry_no_undef() -> None:
    assert _undef_choices(REUSE, undef_inputs=False) == 0
    assert _undef_choices(REUSE.replace("(i8 %x, i8 %z)", "(i8 noundef %x, i8 noundef %z)")) == 0


def test_only_the_choices_a_value_mentions_are_copied() -> None:
    text = """
define i8 @src(i8 %x, i8 %z) {
  %y = and i8 %x, 0
  %w = add i8 %x, %z
  %r = add i8 %w, %w
  ret i8 %r
}
define i8 @tgt(i8 %x, i8 %z) {
  ret i8 0
}
"""
    # %y mentions no choice (and x, 0 folds); %w's second use copies its two choices.
    assert _undef_choices(text) == 2 + 1 + 2


def test_identity_with_reuse_is_correct() -> None:
    assert _check(REUSE).run().status == "correct"


def test_a_call_result_is_one_value_though_its_match_reads_undef_memory() -> None:
    """The target's call takes the outputs of the source call its inputs match, and the
    match reads memory holding undef: branching on the result is no branch on undef."""
    body = """
  store i8 %b, ptr %p
  %r = call i8 @f(i8 0)
  %s = call i8 @f(i8 %b)
  %c = icmp eq i8 %r, 0
  br i1 %c, label %yes, label %no
yes:
  ret i8 %r
no:
  ret i8 %s
}
"""
    text = "declare i8 @f(i8)\n" + "".join(
        f"define i8 @{n}(i8 %b, ptr %p) {{\nentry:" + body for n in ("src", "tgt"))
    assert _check(text).run().status == "correct"


def test_freeze_fixes_a_shared_undef_choice_once_for_all_lanes() -> None:
    """A lane copied by a shuffle shares its undef choice with the original: frozen, both
    lanes are one value, so a target whose lanes may differ is more undefined (the
    lanes of a vector are judged together, README "Undef: a value per use")."""
    text = """
define <2 x i8> @src(i8 %x) {
  %s = insertelement <2 x i8> poison, i8 %x, i32 0
  %v = shufflevector <2 x i8> %s, <2 x i8> poison, <2 x i32> zeroinitializer
  %f = freeze <2 x i8> %v
  ret <2 x i8> %f
}
define <2 x i8> @tgt(i8 %x) {
  %a = freeze i8 %x
  %b = freeze i8 %x
  %s = insertelement <2 x i8> poison, i8 %a, i32 0
  %v = insertelement <2 x i8> %s, i8 %b, i32 1
  ret <2 x i8> %v
}
"""
    v = _check(text).run()
    assert v.status == "incorrect", (v.status, v.error)
    swapped = text.replace("@src(", "@tmp(").replace("@tgt(", "@src(").replace("@tmp(", "@tgt(")
    assert _check(swapped).run().status == "correct"


def test_the_memo_of_names_is_a_bounded_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo of each term's undef choices is emptied when it reaches MEMO_LIMIT
    terms (a long-unrolled loop's held gigabytes): the same choices, and the path conditions it seals stay sealed (else merged values would copy their
    branch's undef choices: more choices)."""
    text = """
define i8 @src(i8 %x, i8 %n) {
entry:
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i8 [ %x, %entry ], [ %acc.next, %latch ]
  %odd = icmp ugt i8 %acc, %x
  br i1 %odd, label %then, label %latch
then:
  %t = mul i8 %acc, %acc
  br label %latch
latch:
  %v = phi i8 [ %t, %then ], [ %acc, %loop ]
  %acc.next = add i8 %v, %x
  %i.next = add i8 %i, 1
  %c = icmp ult i8 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i8 %acc.next
}
"""
    both = text + text.replace("@src", "@tgt")
    sizes: list[int] = []
    real_use = uses.UndefUses.use

    def use(self: uses.UndefUses, value: SymValue) -> SymValue:
        sizes.append(self.memo_size())
        return real_use(self, value)

    whole = _check(both, unroll=2)
    monkeypatch.setattr(uses, "MEMO_LIMIT", 16)
    monkeypatch.setattr(uses.UndefUses, "use", use)
    bounded = _check(both, unroll=2)
    assert len(bounded.src.undef_choices) == len(whole.src.undef_choices) > 10
    assert max(sizes) < 16 + 200 and min(sizes) < 16  # emptied, and grown by one walk at most
