"""The whole check's deadline (CheckOptions.deadline) bounds the building of the terms
too, not only the queries: a wide loop unrolled many times can take longer to execute
symbolically than any query (issue 24). Ending there is "failed to prove", never a
verdict of its own."""

from __future__ import annotations

import time
from dataclasses import replace

from vecverify.checker import check_pair
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions, RefinementCheck

# LLVM's LoopVectorize/X86/unroll-small-loops.ll @runtime_chk: each load of %B may read
# what earlier iterations stored to %A, with its undef copies; at 256 iterations its
# terms take many minutes (and gigabytes) to build.
SLOW_TO_BUILD = """
define void @f(ptr %A, ptr %B, float %N) {
entry:
  br label %for.body
for.body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %for.body ]
  %b = getelementptr inbounds float, ptr %B, i64 %i
  %0 = load float, ptr %b, align 4
  %mul = fmul float %0, %N
  %a = getelementptr inbounds float, ptr %A, i64 %i
  store float %mul, ptr %a, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 256
  br i1 %done, label %exit, label %for.body
exit:
  ret void
}
"""


def test_a_deadline_that_passes_while_terms_are_built_ends_the_check_as_failed() -> None:
    fn = parse_module(SLOW_TO_BUILD, "t.ll").functions["f"]
    start = time.monotonic()
    v = check_pair(fn, fn, CheckOptions(loops="bounded", unroll=256, deadline=start + 1.0))
    took = time.monotonic() - start
    assert v.status == "failed", (v.status, v.detail)
    assert "the time limit of the whole check ran out while building the terms of @f" in v.detail
    assert took < 15, took  # the deadline is looked at per block and per instruction
    assert v.seconds > 0


def test_no_query_starts_after_the_deadline() -> None:
    """A check whose terms are built but whose deadline has passed decides nothing: the
    simplifier's proofs too come from queries, and none is started."""
    fn = parse_module("define i8 @f(i8 %x) {\n  %y = add i8 %x, 0\n  ret i8 %y\n}\n", "t.ll").functions["f"]
    rc = RefinementCheck(fn, fn, CheckOptions(deadline=time.monotonic() + 60))
    rc.options = rc.tactics.options = replace(rc.options, deadline=time.monotonic() - 1)  # it has passed
    v = rc.run()
    assert (v.status, v.detail) == ("failed", "solver gave up: timeout (the time limit of the whole check ran out)")
    assert rc.tactics.queries == 0
