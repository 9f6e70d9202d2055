"""Walks over the shared DAG of a Z3 term, through Z3's C API.

A walk in Python over Z3's own wrappers (``t.children()``, ``z3.is_app``) builds an
``ExprRef`` per child and checks the error state after every call: on the terms of a
loop witness's obligations (a memory's chain of writes read at hundreds of addresses)
those walks took more time than the solver. Here a node is Z3's raw ``Ast`` pointer,
read with the C functions themselves (without the error check: the calls below cannot
fail on a valid node), and wrapped as an ``ExprRef`` only where a caller needs one.

A raw node is borrowed: it stays valid while the term it was reached from is alive. A
``Memo`` keeps alive every root it was filled from, so the ids it holds are not reused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import z3
from z3 import z3core
from z3.z3 import _to_expr_ref

V = TypeVar("V")


def _raw(name: str) -> Any:
    """The C function behind z3core's wrapper ``name`` (which checks errors after it)."""
    return getattr(z3core, name).__defaults__[0].f


_ID = _raw("Z3_get_ast_id")
_KIND = _raw("Z3_get_ast_kind")
_SORT = _raw("Z3_get_sort")
_SORT_KIND = _raw("Z3_get_sort_kind")
_TO_APP = _raw("Z3_to_app")
_NUM_ARGS = _raw("Z3_get_app_num_args")
_ARG = _raw("Z3_get_app_arg")
_APP_DECL = _raw("Z3_get_app_decl")
_DECL_KIND = _raw("Z3_get_decl_kind")
_DECL_NAME = _raw("Z3_get_decl_name")
_SYMBOL_STRING = _raw("Z3_get_symbol_string")
_BODY = _raw("Z3_get_quantifier_body")
_BV_SIZE = _raw("Z3_get_bv_sort_size")
_MK_AND = _raw("Z3_mk_and")
_MK_OR = _raw("Z3_mk_or")

NUMERAL, APP, VAR, QUANTIFIER = z3.Z3_NUMERAL_AST, z3.Z3_APP_AST, z3.Z3_VAR_AST, z3.Z3_QUANTIFIER_AST


def simplify(term: z3.ExprRef) -> z3.ExprRef:
    """Z3's simplifier with every intermediate result cached. By default it caches only
    the subterms whose reference count says they are shared, and its result then depends
    on what else holds references to them (a Python walk that kept its nodes made the
    first-pick refutation of corpus/paper/clang/gl_render_vb_fmuladd simplify to false;
    without them the solver timed out on what was left). Every simplification in
    vecverify goes through here, so none of them depends on that (the solver's own
    preprocessing is not covered)."""
    return z3.simplify(term, cache_all=True)


class Memo(Generic[V]):
    """Values by node id, shared by walks over terms with common subterms; the roots of
    those walks are kept alive (an id is reused once its node is freed)."""

    def __init__(self) -> None:
        self.values: dict[int, V] = {}
        self._roots: dict[int, z3.ExprRef] = {}

    def keep(self, term: z3.ExprRef) -> None:
        self._roots.setdefault(term.get_id(), term)

    def clear(self) -> None:
        self.values.clear()


class Dag:
    """The raw view of the terms of one Z3 context."""

    def __init__(self, ctx: z3.Context | None = None) -> None:
        self.z3ctx = ctx if ctx is not None else z3.main_ctx()
        self.ref = self.z3ctx.ref()

    def id(self, n: Any) -> int:
        return int(_ID(self.ref, n))

    def kind(self, n: Any) -> int:
        return int(_KIND(self.ref, n))

    def children(self, n: Any) -> list[Any]:
        """An application's arguments, a quantifier's body; none for a numeral or a
        bound variable."""
        k = _KIND(self.ref, n)
        if k == APP:
            app = _TO_APP(self.ref, n)
            return [_ARG(self.ref, app, i) for i in range(_NUM_ARGS(self.ref, app))]
        if k == QUANTIFIER:
            return [_BODY(self.ref, n)]
        return []

    def decl_kind(self, n: Any) -> int:
        """The operator of an application (z3.Z3_OP_...); -1 for other nodes."""
        if _KIND(self.ref, n) != APP:
            return -1
        return int(_DECL_KIND(self.ref, _APP_DECL(self.ref, _TO_APP(self.ref, n))))

    def num_args(self, n: Any) -> int:
        return int(_NUM_ARGS(self.ref, _TO_APP(self.ref, n))) if _KIND(self.ref, n) == APP else 0

    def sort_kind(self, n: Any) -> int:
        return int(_SORT_KIND(self.ref, _SORT(self.ref, n)))

    def bv_size(self, n: Any) -> int:
        """A bit-vector's width; 0 for a term of another sort."""
        sort = _SORT(self.ref, n)
        return int(_BV_SIZE(self.ref, sort)) if _SORT_KIND(self.ref, sort) == z3.Z3_BV_SORT else 0

    def name(self, n: Any) -> str:
        """An application's operator name (an input's name)."""
        decl = _APP_DECL(self.ref, _TO_APP(self.ref, n))
        return str(_SYMBOL_STRING(self.ref, _DECL_NAME(self.ref, decl)).decode())

    def wrap(self, n: Any) -> z3.ExprRef:
        return _to_expr_ref(n, self.z3ctx)

    def fold(self, term: z3.ExprRef, leaf: Callable[[Any], V | None],
             combine: Callable[[Any, list[V]], V], memo: Memo[V]) -> V:
        """A value per node, bottom up, each shared node once: ``leaf(n)`` where it
        decides (not None) without the children, else ``combine(n, the children's
        values)``. ``memo`` carries the values over to later walks."""
        memo.keep(term)
        values = memo.values
        root = term.as_ast()
        stack: list[tuple[Any, list[Any] | None]] = [(root, None)]
        while stack:
            n, kids = stack.pop()
            k = _ID(self.ref, n)
            if kids is not None:
                values[k] = combine(n, [values[_ID(self.ref, c)] for c in kids])
                continue
            if k in values:
                continue
            v = leaf(n)
            if v is not None:
                values[k] = v
                continue
            kids = self.children(n)
            stack.append((n, kids))
            stack.extend((c, None) for c in kids if _ID(self.ref, c) not in values)
        return values[_ID(self.ref, root)]


def connect(conds: Sequence[z3.BoolRef], neutral: z3.BoolRef, absorbing: z3.BoolRef,
            conjunction: bool) -> z3.BoolRef:
    """The conjunction (disjunction) of ``conds`` without its ``neutral`` members:
    ``absorbing`` where one of them is it, ``neutral`` where none is left, the one left
    itself (the same object). Built by Z3's C functions: z3.And/z3.Or coerce and check
    each argument in Python, a cost that counted where terms are built by the thousand."""
    if not conds:
        return neutral
    # (Python bools are taken, as z3.And/z3.Or take them)
    conds = [z3.BoolVal(c) if isinstance(c, bool) else c for c in conds]
    ref = conds[0].ctx.ref()
    neutral_op, absorbing_op = (z3.Z3_OP_TRUE, z3.Z3_OP_FALSE) if conjunction else (z3.Z3_OP_FALSE, z3.Z3_OP_TRUE)
    kept: list[z3.BoolRef] = []
    for c in conds:
        a = c.as_ast()
        op = _DECL_KIND(ref, _APP_DECL(ref, _TO_APP(ref, a))) if _KIND(ref, a) == APP else -1
        if op == absorbing_op:
            return absorbing
        if op != neutral_op:
            kept.append(c)
    if not kept:
        return neutral
    if len(kept) == 1:
        return kept[0]
    args = (z3core.Ast * len(kept))(*[c.as_ast() for c in kept])
    return z3.BoolRef((_MK_AND if conjunction else _MK_OR)(ref, len(kept), args), kept[0].ctx)


def mentions_array(term: z3.ExprRef, memo: Memo[bool]) -> bool:
    """Whether ``term`` reads or builds an array (a memory) anywhere."""
    dag = Dag(term.ctx)

    def leaf(n: Any) -> bool | None:
        if dag.kind(n) in (NUMERAL, VAR):
            return False
        return True if dag.sort_kind(n) == z3.Z3_ARRAY_SORT else None
    return dag.fold(term, leaf, lambda n, kids: any(kids), memo)


def input_names(term: z3.ExprRef, memo: Memo[frozenset[str]] | None = None,
                wanted: frozenset[str] | None = None) -> frozenset[str]:
    """The names of the uninterpreted constants free in ``term`` (bound variables of its
    quantifiers aside); only those in ``wanted`` where given (``memo``: for one
    ``wanted``)."""
    dag = Dag(term.ctx)
    empty: frozenset[str] = frozenset()

    def leaf(n: Any) -> frozenset[str] | None:
        kind = dag.kind(n)
        if kind in (NUMERAL, VAR):
            return empty
        if kind == APP and dag.num_args(n) == 0:
            if dag.decl_kind(n) != z3.Z3_OP_UNINTERPRETED:
                return empty
            name = dag.name(n)
            return frozenset([name]) if wanted is None or name in wanted else empty
        return None

    def combine(n: Any, kids: list[frozenset[str]]) -> frozenset[str]:
        found = empty
        for part in kids:
            if part and not part <= found:  # a child's own set where it has them all
                found = part if not found else found | part
        return found

    return dag.fold(term, leaf, combine, memo if memo is not None else Memo())
