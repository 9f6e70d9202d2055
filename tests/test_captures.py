"""``captures(none)`` (and other restricting ``captures(...)``) on a parameter: a function
whose pointer, or something of its address, may escape (returned, stored, passed to a
call) is reported unsupported (semantics/fnattrs.py: capturing is not modelled, and the
LangRef makes a capture the attribute does not allow UB). The address escapes through
``ptrtoint`` or a comparison and what is computed from them; a comparison that only
decides a branch (LLVM's runtime checks) lets nothing out."""

from __future__ import annotations

import pytest

from vecverify.checker import check_pair
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions, Verdict


def _self_check(body: str, ret: str = "i64") -> Verdict:
    text = f"declare void @sink(i64)\ndefine {ret} @f(ptr captures(none) %p, ptr %q, ptr %out) {{\n{body}}}\n"
    f = parse_module(text, "<captures>").functions["f"]
    return check_pair(f, f, CheckOptions(timeout_ms=5_000))


@pytest.mark.parametrize("body", [
    "  %v = ptrtoint ptr %p to i64\n  ret i64 %v\n",  # Alive2's attrs/nocapture-capture
    "  %v = ptrtoint ptr %p to i64\n  %w = add i64 %v, 1\n  store i64 %w, ptr %out\n  ret i64 0\n",
    "  %c = icmp ult ptr %p, %q\n  %v = select i1 %c, i64 1, i64 0\n  ret i64 %v\n",
    "  %v = ptrtoint ptr %p to i64\n  call void @sink(i64 %v)\n  ret i64 0\n",
    "entry:\n  br label %l\nl:\n  %a = phi i64 [ 0, %entry ], [ %v, %l ]\n  %v = ptrtoint ptr %p to i64\n"
    "  %c = icmp eq i64 %a, 0\n  br i1 %c, label %l, label %e\ne:\n  ret i64 %a\n",
])
def test_an_address_that_may_escape_is_reported(body: str) -> None:
    v = _self_check(body)
    assert v.status == "unsupported" and "captures(none) on %p, whose address" in v.detail, v.detail


def test_a_comparison_that_only_decides_a_branch_lets_nothing_out() -> None:
    body = ("  %a = ptrtoint ptr %p to i64\n  %b = ptrtoint ptr %q to i64\n  %d = sub i64 %a, %b\n"
            "  %c = icmp ult i64 %d, 16\n  br i1 %c, label %x, label %y\nx:\n  ret i64 1\ny:\n  ret i64 1\n")
    assert _self_check(body).status == "correct"
