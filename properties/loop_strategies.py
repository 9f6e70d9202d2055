"""Hypothesis strategies for loop kernels (see :mod:`properties.loops`): element types,
a first-order recurrence (``b[i] = a[i] - a[i-1]`` from start 1, or a carried scalar from
start 0), several statements, reductions of each kind, and trip counts (0 and 1 first).

Drawn structure first and simplest first, so shrinking goes to: i8, one statement
``out0[i] = a[i]``, no recurrence, no reduction, trip count 0.
"""

from __future__ import annotations

from hypothesis import strategies as st

from .kernel import is_float
from .loops import (
    ELEMS,
    FLOAT_OPS,
    FLOAT_REDUCTIONS,
    INT_OPS,
    INT_REDUCTIONS,
    MEMBER_LEAVES,
    Bin,
    Expr,
    Leaf,
    LoopKernel,
    Num,
)

# Trip counts: the edge cases first, then a few around vector widths, then larger ones.
TRIP_COUNTS = (0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 33, 64, 100)


def trip_counts(short: int | None = None) -> st.SearchStrategy[int]:
    """Trip counts; ``short=VL``: 0..3*VL only (0 and 1 first), where a tail-folded loop
    runs its partial iteration alone, after one or two full ones, or not at all."""
    if short is not None:
        return st.sampled_from(tuple(range(3 * short + 1)))
    return st.sampled_from(TRIP_COUNTS)


def _constants(elem: str) -> st.SearchStrategy[int | float]:
    if is_float(elem):
        return st.sampled_from((1.0, 0.5, -2.0, 3.0))
    return st.sampled_from((1, 3, -1, 7, 255))


@st.composite
def expressions(draw: st.DrawFn, elem: str, leaves: tuple[str, ...], depth: int) -> Expr:
    if depth == 0 or draw(st.integers(0, 2)) == 0:
        if draw(st.integers(0, 4)) == 0:
            return Num(draw(_constants(elem)))
        return Leaf(draw(st.sampled_from(leaves)))
    ops = FLOAT_OPS if is_float(elem) else INT_OPS
    op = draw(st.sampled_from(ops))
    return Bin(op, draw(expressions(elem, leaves, depth - 1)), draw(expressions(elem, leaves, depth - 1)))


@st.composite
def loop_kernels(draw: st.DrawFn, types: tuple[str, ...] = ELEMS, max_stores: int = 3,
                 max_reductions: int = 2, reduction_ops: tuple[str, ...] | None = None,
                 recurrence: bool | None = None, min_reductions: int = 0, nsw: bool = False,
                 masked: bool = False, scatter: bool | None = None) -> LoopKernel:
    """A loop kernel; ``reduction_ops`` restricts the reductions (default: every kind
    for integers, fadd for floats); ``recurrence`` forces one (or none); ``nsw`` puts
    nsw on add/mul reductions (the campaign profiles of the mutants use these);
    ``masked``: what tail folding's tests and campaigns take (integer elements: the
    reference model does not reorder floating-point reductions); ``scatter``: statement 0 an indirect store ``out0[c[i] & 3] = e``
    (None: drawn for masked kernels, True: always, with at least one statement)."""
    if masked:
        types = tuple(t for t in types if not is_float(t)) or ("i32",)
    elem = draw(st.sampled_from(types))
    if recurrence is None:
        recurrence = draw(st.booleans())
    start = draw(st.sampled_from((0, 1))) if recurrence else 0
    uses_c = draw(st.booleans())
    leaves = ("cur",) + (("prev",) if recurrence else ()) + (("c",) if uses_c else ())
    n_red = draw(st.integers(min_reductions, max(min_reductions, max_reductions)))
    if scatter is None:
        scatter = masked and draw(st.booleans())
    n_stores = draw(st.integers(1 if scatter or not n_red else 0, max(max_stores, 1 if scatter else 0)))
    stores = tuple(draw(expressions(elem, leaves, 2)) for _ in range(n_stores))
    if recurrence and not any(_mentions(e, "prev") for e in stores):
        # The recurrence is used: the first statement reads it (b[i] = a[i] - prev).
        op = "fsub" if is_float(elem) else "sub"
        stores = (Bin(op, Leaf("cur"), Leaf("prev")),) + stores[1:] if stores else (Bin(op, Leaf("cur"), Leaf("prev")),)
    pool: tuple[str, ...] = FLOAT_REDUCTIONS if is_float(elem) else INT_REDUCTIONS
    if reduction_ops is not None:
        pool = tuple(o for o in pool if o in reduction_ops) or pool
    reductions = tuple(
        (draw(st.sampled_from(pool)), draw(expressions(elem, leaves, 1))) for _ in range(n_red)
    )
    return LoopKernel(elem, start, recurrence, stores, reductions, nsw=nsw and not is_float(elem),
                      scatter=scatter and not is_float(elem))


def _mentions(e: Expr, name: str) -> bool:
    if isinstance(e, Leaf):
        return e.name == name
    if isinstance(e, Bin):
        return _mentions(e.lhs, name) or _mentions(e.rhs, name)
    return False


@st.composite
def group_kernels(draw: st.DrawFn, types: tuple[str, ...] = ELEMS, full: bool = False, gap: bool = False,
                  store_gap: bool = False) -> LoopKernel:
    """A loop over arrays of structs (interleave groups): ``a`` of F = 2..4 element
    structs, some members read (``full``: all, a load group without gaps; ``gap``: never
    the last, so the group needs the scalar epilogue), written to consecutive arrays, to
    the members of an array of structs (a store group) or back into ``a`` (loads and
    stores of one object; ``store_gap``: one of these two, with some members not
    written, a store group with gaps). Simplest first: i8, F = 2, member 0, out0[i] =
    a[2i]."""
    elem = draw(st.sampled_from(types))
    factor = draw(st.integers(2, 4))
    if full:
        members: tuple[int, ...] = tuple(range(factor))
    else:
        pool = list(range(factor - 1 if gap else factor))
        members = tuple(sorted(draw(st.sets(st.sampled_from(pool), min_size=1, max_size=min(len(pool), 4)))))
    leaves = tuple(("cur", *MEMBER_LEAVES)[: len(members)])
    where = draw(st.sampled_from(("struct", "in_place") if store_gap else ("arrays", "struct", "in_place")))
    out_factor, in_place = 1, False
    if where == "struct":
        out_factor = draw(st.integers(2, 4))
    elif where == "in_place":
        out_factor, in_place = factor, True
    written: tuple[int, ...] = ()
    if store_gap:
        written = tuple(sorted(draw(st.sets(st.integers(0, out_factor - 1), min_size=1, max_size=out_factor - 1))))
    n_stores = len(written) if written else out_factor if out_factor > 1 else draw(st.integers(1, 2))
    stores = tuple(draw(expressions(elem, leaves, 1)) for _ in range(n_stores))
    return LoopKernel(elem, 0, False, stores, (), factor=factor, members=members, out_factor=out_factor,
                      in_place=in_place, written=written)
