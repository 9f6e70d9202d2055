"""Calls of unknown functions matched path by path (semantics/calls.py): a target call
matches only a call the source makes on the same input. The alive-tv-format cases (a
function against itself: calls on one arm, both arms, in loops, after several merges,
with memory effects, noreturn on one arm) are in corpus/calls."""

from __future__ import annotations

from tests.conftest import check_text


def test_a_target_call_on_a_path_without_the_source_call_is_not_matched() -> None:
    text = """
declare void @use(i8)
define void @src(i8 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %merge
then:
  call void @use(i8 %x)
  br label %merge
merge:
  ret void
}
define void @tgt(i8 %x, i1 %c) {
entry:
  call void @use(i8 %x)
  ret void
}
"""
    v = check_text(text)
    assert v.status == "incorrect" and v.error == "Source is more defined than target"
