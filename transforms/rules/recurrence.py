"""First-order recurrences in the loop vectorizer (seed 003): the rules its code stands on.

A first-order recurrence is a header phi ``%s1 = phi [%init, %ph], [%s2, %latch]``
whose value in iteration i is the value ``%s2`` had in iteration i-1. Vectorized by VF,
iteration block k computes ``%cur`` = the VF values of ``%s2`` (lanes = iterations
kVF..kVF+VF-1); the phi becomes a vector phi ``%prev`` holding the previous block's
``%cur`` (the first time: ``insertelement poison, %init, VF-1``); the vector of the
scalar phi's values in this block is the *splice*

    shufflevector %prev, %cur, <VF-1, VF, ..., 2VF-2>

(lane 0 = the last lane of the previous block, lane j = lane j-1 of this one). After the
vector loop, the scalar epilogue resumes the recurrence with lane VF-1 of the last
``%cur``; a use of the phi after the loop (its value in the last iteration) is lane
VF-2.

Each rule's source states what the scalar loop means, lane by lane (insertelement of
the scalar values the phi takes); the target is the vector code. Proved for VF 2..16 and
i8..i64, half, float and double (shuffles move bits: the type only changes the width).
Known-false variants are refuted: the splice mask off by one either way, and lane VF-1
(instead of VF-2) for a use of the phi after the loop. The splices are proved a lane at
a time (transforms/lanes.py: each lane moves one lane of %prev or %cur), where each
lane's two sides are one extractelement: identical, no solver needed.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import Param, Rule, Transform, TypeInfo

NAME = "recurrence"

ELEMENTS = ("i8", "i16", "i32", "i64", "half", "float", "double")
VFS = tuple(range(2, 17))
TYPES = tuple(f"<{vf} x {s}>" for s in ELEMENTS for vf in VFS)
# The rules around the splice at the VFs a target picks (powers of two); the known-false
# variants at a few element widths (a wrong lane is wrong at any width).
POW2_TYPES = tuple(f"<{vf} x {s}>" for s in ELEMENTS for vf in (2, 4, 8, 16))
REFUTED_TYPES = tuple(f"<{vf} x {s}>" for s in ("i8", "i64", "double") for vf in (2, 3, 4, 8, 16))

SPLICE = "recurrence.splice"
SPLICE_FIRST = "recurrence.splice-first"
RESUME = "recurrence.resume"
EXIT_PHI = "recurrence.exit-phi"


def splice_mask(vf: int, shift: int = 0) -> list[int]:
    """``<VF-1, VF, ..., 2VF-2>``: the last lane of the first operand, then the second
    operand's lanes but its last (``shift`` moves the window: the mutants' wrong masks)."""
    return [vf - 1 + j + shift for j in range(vf)]


def _mask_text(mask: list[int]) -> str:
    return f"<{len(mask)} x i32> <" + ", ".join(f"i32 {m}" for m in mask) + ">"


def _previous_values(t: TypeInfo, first: str, cur: str, out: str) -> list[str]:
    """The scalar meaning of the phi in one block of VF iterations: lane 0 is ``first``
    (a scalar: the value before the block), lane j the value ``cur`` had in lane j-1."""
    s, n = t.scalar, t.lanes
    lines, acc = [], "poison"
    for j in range(n):
        if j == 0:
            val = first
        else:
            val = f"%c{j - 1}"
            lines.append(f"%c{j - 1} = extractelement {t.name} %{cur}, i64 {j - 1}")
        dest = f"%{out}" if j == n - 1 else f"%{out}{j}"
        lines.append(f"{dest} = insertelement {t.name} {acc}, {s} {val}, i64 {j}")
        acc = dest
    return lines


def _splice_src(t: TypeInfo) -> str:
    return "\n".join(
        [f"%last = extractelement {t.name} %prev, i64 {t.lanes - 1}"] + _previous_values(t, "%last", "cur", "r")
    )


def _splice_tgt(shift: int) -> Callable[[TypeInfo], str]:
    def body(t: TypeInfo) -> str:
        return f"%r = shufflevector {t.name} %prev, {t.name} %cur, {_mask_text(splice_mask(t.lanes, shift))}"

    return body


def _first_src(t: TypeInfo) -> str:
    return "\n".join(_previous_values(t, "%init", "cur", "r"))


def _first_tgt(t: TypeInfo) -> str:
    return "\n".join([
        f"%start = insertelement {t.name} poison, {t.scalar} %init, i64 {t.lanes - 1}",
        f"%r = shufflevector {t.name} %start, {t.name} %cur, {_mask_text(splice_mask(t.lanes))}",
    ])


def _resume_src(t: TypeInfo) -> str:
    # The scalar loop's phi in the first iteration after the block: lane 0 of the next
    # block's previous values.
    return "\n".join([
        f"%last = extractelement {t.name} %cur, i64 {t.lanes - 1}",
        *_previous_values(t, "%last", "next", "p"),
        f"%r = extractelement {t.name} %p, i64 0",
    ])


def _exit_phi_src(t: TypeInfo) -> str:
    # The phi's value in the block's last iteration: lane VF-1 of its previous values.
    return "\n".join([
        f"%last = extractelement {t.name} %prev, i64 {t.lanes - 1}",
        *_previous_values(t, "%last", "cur", "p"),
        f"%r = extractelement {t.name} %p, i64 {t.lanes - 1}",
    ])


def _extract(vector: str, lane: Callable[[int], int]) -> Callable[[TypeInfo], str]:
    return lambda t: f"%r = extractelement {t.name} %{vector}, i64 {lane(t.lanes)}"


_PREV_CUR = (Param("prev"), Param("cur"))


def _rules() -> list[Rule]:
    scalar = "{S}"
    return [
        Rule(
            SPLICE, NAME,
            "the phi's values in a block of VF iterations -> shufflevector %prev, %cur, <VF-1, ..., 2VF-2>",
            TYPES, _PREV_CUR, src=_splice_src, tgt=_splice_tgt(0), ret="{T}", lane_split=True,
        ),
        Rule(
            SPLICE_FIRST, NAME,
            "the phi's values in the first block -> the splice of insertelement poison, %init, VF-1 and %cur",
            POW2_TYPES, (Param("init", type=scalar), Param("cur")), src=_first_src, tgt=_first_tgt,
            lane_split=True,
        ),
        Rule(
            RESUME, NAME,
            "the value the scalar epilogue resumes the recurrence with -> extractelement %cur, VF-1",
            POW2_TYPES, (Param("cur"), Param("next")), src=_resume_src, tgt=_extract("cur", lambda n: n - 1),
            ret=scalar,
        ),
        Rule(
            EXIT_PHI, NAME,
            "a use of the phi after the loop (its value in the last iteration) -> extractelement %cur, VF-2",
            POW2_TYPES, _PREV_CUR, src=_exit_phi_src, tgt=_extract("cur", lambda n: n - 2), ret=scalar,
        ),
        # Known-false variants: each must be refuted with a counterexample.
        Rule(
            "recurrence.splice-mask-plus-one", NAME, "the splice with mask <VF, ..., 2VF-1> (the current vector)",
            REFUTED_TYPES, _PREV_CUR, src=_splice_src, tgt=_splice_tgt(1), expected="refuted", lane_split=True,
            why="every lane is one iteration late: lane j gets cur[j], not cur[j-1]",
        ),
        Rule(
            "recurrence.splice-mask-minus-one", NAME, "the splice with mask <VF-2, ..., 2VF-3>",
            REFUTED_TYPES, _PREV_CUR, src=_splice_src, tgt=_splice_tgt(-1), expected="refuted", lane_split=True,
            why="every lane is one iteration early: lane 0 gets prev[VF-2]",
        ),
        Rule(
            "recurrence.exit-phi-last-lane", NAME,
            "a use of the phi after the loop -> extractelement %cur, VF-1",
            REFUTED_TYPES, _PREV_CUR, src=_exit_phi_src, tgt=_extract("cur", lambda n: n - 1), ret=scalar,
            expected="refuted", why="lane VF-1 is the recurrence's next value, not the phi's last one",
        ),
    ]


RULES = _rules()

TRANSFORM = Transform(
    NAME,
    "First-order recurrences of the loop vectorizer: the splice of the previous and current "
    "vectors, the value the scalar epilogue resumes with, the phi's value after the loop "
    "(rules the loop vectorizer applies; proved by `vecverify prove`, not applied alone)",
    RULES,
    fuzzed=False,
)
