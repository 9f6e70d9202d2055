"""Reordering (LSLP commutative reordering, SN-SLP subtraction/division rearrangements).

Commutative operands swap with every flag kept: the flags' conditions are symmetric.
``(a - b) + c -> (a + c) - b`` holds only with every nsw/nuw dropped (an intermediate
of the target can overflow where none of the source's does); keeping either flag is a
refuted negative case. ``(a - b) - c -> (a - c) - b`` keeps nuw (a >= b + c without
wrapping makes every target step non-negative) but not nsw. Division rearrangement is
exact for unsigned integers (floor(floor(a/b)/c) = floor(a/(b*c))), not for signed ones
(INT_MIN / -1 can move into the target) and not for floats (rounding).
"""

from __future__ import annotations

from itertools import combinations

from vecverify.ir.function import Function
from vecverify.ir.opcodes import INT_BINOP_FLAGS
from vecverify.ir.values import BinOp, Instruction

from ..base import FLOAT_TYPES, FP_SEMANTICS, INT_TYPES, Param, Rule, Transform
from ..mutants import INTS, POISON_ONLY, Mutant, binops_of, insert_before
from ._match import binop, new_binop

NAME = "reorder"

AB = (Param("a"), Param("b"))
ABC = (Param("a"), Param("b"), Param("c"))

# Each commutative opcode with the flags it may carry.
COMMUTATIVE = {op: INT_BINOP_FLAGS[op] for op in ("add", "mul", "and", "or", "xor")}
FP_COMMUTATIVE = {"fadd": ("nnan", "ninf", "nsz"), "fmul": ("nnan", "ninf", "nsz")}


def _flag_sets(flags: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [c for n in range(len(flags) + 1) for c in combinations(flags, n)]


def _swap(op: str, flags: frozenset[str]):  # noqa: ANN202
    def rewrite(inst):  # noqa: ANN001, ANN202
        b = binop(inst, op)
        if b is None or b.flags != flags:
            return None
        x, y = b.operands
        return [new_binop(b, op, y, x, b.flags)]

    return rewrite


def _commutative_rules() -> list[Rule]:
    rules = []
    for table, types, requires in ((COMMUTATIVE, INT_TYPES, ()), (FP_COMMUTATIVE, FLOAT_TYPES, (FP_SEMANTICS,))):
        for op, all_flags in table.items():
            for flags in _flag_sets(all_flags):
                f = " ".join(flags)
                rules.append(Rule(
                    name=f"commute.{op}" + "".join(f".{x}" for x in flags),
                    transform=NAME,
                    description=f"{op} {f + ' ' if f else ''}a, b -> {op} {f + ' ' if f else ''}b, a",
                    types=types + (("<4 x i32>",) if op in COMMUTATIVE and not flags else ()),
                    params=AB,
                    src=f"%r = {op} {f} {{T}} %a, %b",
                    tgt=f"%r = {op} {f} {{T}} %b, %a",
                    requires=requires,
                    rewrite=_swap(op, frozenset(flags)),
                ))
    return rules


def _rearrange(inst):  # noqa: ANN001, ANN202
    """(a - b) + c -> (a + c) - b, flags dropped."""
    add = binop(inst, "add")
    if add is None:
        return None
    first = add.operands[0]
    sub = binop(first, "sub") if isinstance(first, Instruction) else None
    if sub is None:
        return None
    a, b = sub.operands
    c = add.operands[1]
    t = new_binop(add, "add", a, c)
    return [t, new_binop(add, "sub", t, b)]


def _swap_subtrahends(flags: frozenset[str]):  # noqa: ANN202
    """(a - b) - c -> (a - c) - b for two subs that both carry ``flags`` (at least; the
    result carries exactly ``flags``: a source with more flags is only more poisonous)."""

    def rewrite(inst):  # noqa: ANN001, ANN202
        outer = binop(inst, "sub")
        if outer is None or not flags <= outer.flags:
            return None
        first = outer.operands[0]
        inner = binop(first, "sub") if isinstance(first, Instruction) else None
        if inner is None or not flags <= inner.flags:
            return None
        a, b = inner.operands
        t = new_binop(outer, "sub", a, outer.operands[1], flags)
        return [t, new_binop(outer, "sub", t, b, flags)]

    return rewrite


def _snslp_rules() -> list[Rule]:
    sub_add = "(a - b) + c -> (a + c) - b"
    return [
        Rule(
            "snslp.sub-add", NAME, sub_add + " (every nsw/nuw dropped)", INT_TYPES, ABC,
            src="%t = sub {T} %a, %b\n%r = add {T} %t, %c",
            tgt="%t = add {T} %a, %c\n%r = sub {T} %t, %b",
            rewrite=_rearrange,
            why="a source with flags is only more poisonous, so this covers it too",
        ),
        Rule(
            "snslp.sub-add.keep-nsw", NAME, sub_add + " keeping nsw", INT_TYPES, ABC,
            src="%t = sub nsw {T} %a, %b\n%r = add nsw {T} %t, %c",
            tgt="%t = add nsw {T} %a, %c\n%r = sub nsw {T} %t, %b",
            expected="refuted", why="a = INT_MAX, b = c = 1: a + c overflows, (a - b) + c does not",
        ),
        Rule(
            "snslp.sub-add.keep-nuw", NAME, sub_add + " keeping nuw", INT_TYPES, ABC,
            src="%t = sub nuw {T} %a, %b\n%r = add nuw {T} %t, %c",
            tgt="%t = add nuw {T} %a, %c\n%r = sub nuw {T} %t, %b",
            expected="refuted", why="a = b = UINT_MAX, c = 1: a + c wraps",
        ),
        Rule(
            "snslp.sub-sub", NAME, "(a - b) - c -> (a - c) - b", INT_TYPES, ABC,
            src="%t = sub {T} %a, %b\n%r = sub {T} %t, %c",
            tgt="%t = sub {T} %a, %c\n%r = sub {T} %t, %b",
            rewrite=_swap_subtrahends(frozenset()),
        ),
        Rule(
            "snslp.sub-sub.nuw", NAME, "(a -nuw b) -nuw c -> (a -nuw c) -nuw b", INT_TYPES, ABC,
            src="%t = sub nuw {T} %a, %b\n%r = sub nuw {T} %t, %c",
            tgt="%t = sub nuw {T} %a, %c\n%r = sub nuw {T} %t, %b",
            why="the source's flags mean a >= b + c without wrapping",
            rewrite=_swap_subtrahends(frozenset({"nuw"})),
        ),
        Rule(
            "snslp.sub-sub.keep-nsw", NAME, "(a -nsw b) -nsw c -> (a -nsw c) -nsw b", INT_TYPES, ABC,
            src="%t = sub nsw {T} %a, %b\n%r = sub nsw {T} %t, %c",
            tgt="%t = sub nsw {T} %a, %c\n%r = sub nsw {T} %t, %b",
            expected="refuted", why="a = INT_MIN, b = -1, c = 1: a - c overflows",
        ),
        Rule(
            "snslp.udiv-udiv", NAME, "(a udiv b) udiv c -> (a udiv c) udiv b", ("i8",), ABC,
            src="%t = udiv {T} %a, %b\n%r = udiv {T} %t, %c",
            tgt="%t = udiv {T} %a, %c\n%r = udiv {T} %t, %b",
            why="claimed for i8 only: two symbolic divisions are out of the solver's reach at "
            "16 bits and more within the time limit",
        ),
        Rule(
            "snslp.sdiv-sdiv", NAME, "(a sdiv b) sdiv c -> (a sdiv c) sdiv b", ("i8", "i16", "i32"), ABC,
            src="%t = sdiv {T} %a, %b\n%r = sdiv {T} %t, %c",
            tgt="%t = sdiv {T} %a, %c\n%r = sdiv {T} %t, %b",
            expected="refuted", why="a = INT_MIN, b = 2, c = -1: the target divides INT_MIN by -1 "
            "(UB); claimed up to i32: the i64 refutation exceeds the time limit",
        ),
        Rule(
            "snslp.fdiv-fdiv", NAME, "(a / b) / c -> (a / c) / b for floats", FLOAT_TYPES, ABC,
            src="%t = fdiv {T} %a, %b\n%r = fdiv {T} %t, %c",
            tgt="%t = fdiv {T} %a, %c\n%r = fdiv {T} %t, %b",
            expected="refuted", requires=(FP_SEMANTICS,),
            why="each division rounds: the intermediate results differ (or overflow)",
        ),
        Rule(
            "snslp.fsub-fadd", NAME, "(a - b) + c -> (a + c) - b for floats", FLOAT_TYPES, ABC,
            src="%t = fsub {T} %a, %b\n%r = fadd {T} %t, %c",
            tgt="%t = fadd {T} %a, %c\n%r = fsub {T} %t, %b",
            expected="refuted", requires=(FP_SEMANTICS,),
            why="floating-point addition is not associative (rounding)",
        ),
    ]


# ----------------------------------------------------------------------------- mutants
# Deliberately wrong variants (transforms/mutants.py), for the fuzz campaign to catch.


def commute_sub(fn: Function) -> bool:
    """Treat sub as commutative: ``sub a, b -> sub b, a``."""
    done = False
    for _, b in binops_of(fn, "sub"):
        if b.operands[0] is not b.operands[1]:
            b.operands = [b.operands[1], b.operands[0]]
            done = True
    return done


def sub_add_keep_nsw(fn: Function) -> bool:
    """SN-SLP ``(a - b) + c -> (a + c) - b`` keeping nsw (the real rule drops it)."""
    done = False
    for insts, add in binops_of(fn, "add"):
        # The real transform may have commuted the add already: the sub on either side.
        side = next((k for k in (0, 1) if isinstance(add.operands[k], BinOp)
                     and add.operands[k].op == "sub"), None)  # type: ignore[attr-defined]
        if side is None:
            continue
        sub = add.operands[side]
        assert isinstance(sub, BinOp)
        flags = frozenset({"nsw"}) if "nsw" in add.flags | sub.flags else frozenset()
        a, b = sub.operands
        t = BinOp(add.type, None, [a, add.operands[1 - side]], op="add", flags=flags)
        insert_before(insts, add, [t])
        add.op, add.operands, add.flags = "sub", [t, b], flags
        done = True
    return done


def mutants() -> list[Mutant]:
    from properties.strategies import KernelProfile  # Hypothesis: only for campaigns

    return [
        Mutant("reorder:commute-sub", "reorder", "sub treated as commutative: sub a, b -> sub b, a",
               commute_sub, profile=KernelProfile(types=INTS, spine=("sub",), max_lanes=4, reduce_prob=0)),
        Mutant("reorder:sub-add-keep-nsw", "reorder", "(a - b) + c -> (a + c) - b keeping nsw",
               sub_add_keep_nsw,
               profile=KernelProfile(types=INTS, spine=("add", "sub"), variations=("iso",), max_lanes=4,
                                     flags={"add": [("nsw",)], "sub": [("nsw",)]}, reduce_prob=0),
               native_visible=False, why=POISON_ONLY),
    ]


TRANSFORM = Transform(
    NAME,
    "Reorder operands and operations so the lanes of a group become isomorphic "
    "(LSLP commutative reordering, SN-SLP subtraction/division rearrangement)",
    _commutative_rules() + _snslp_rules(),
    # Commutative operations, and subtractions feeding additions.
    fuzz_profile={"ops": ("add", "mul", "and", "or", "xor", "sub", "fadd", "fsub")},
    mutants=mutants,
)
