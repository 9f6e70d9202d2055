"""The interleaved load combine's rules and their proof obligations.

Each rule is stated for one factor F and proved at every narrow type ``<N x T>`` (N in
2..16, T in i8..i64, float, double): F consecutive loads of ``<N x T>`` from ``%p``,
de-interleaved by a tree of shufflevectors (the shapes the transform meets: a chain
that adds one load per level, or for F = 4 the balanced two-level tree of the seed),
equal one wide load of ``<F*N x T>`` plus F strided shuffles ``<j, j+F, j+2F, ...>``.
The F results are stored to ``%out`` so both sides are compared through memory.

``%p`` carries no attributes: the source's own loads are what make its bytes readable,
so a target that reads one byte more is caught (the "reads past the end" variant).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..base import FLOAT_TYPES, INT_TYPES, Param, Rule, TypeInfo

NAME = "interleave"
FACTORS = (2, 3, 4)
LANES = tuple(range(2, 17))
NARROW_TYPES = tuple(f"<{n} x {s}>" for s in INT_TYPES + FLOAT_TYPES for n in LANES)
# The known-false variants are refuted at a few types (one counterexample is enough).
REFUTED_TYPES = ("<4 x i32>", "<2 x i8>", "<4 x float>", "<3 x i16>")

_PARAMS = (Param("p", type="ptr"), Param("out", type="ptr", attrs="noalias"))


def _mask(lanes: Sequence[int | None]) -> str:
    items = ", ".join("i32 poison" if x is None else f"i32 {x}" for x in lanes)
    return f"<{len(lanes)} x i32> <{items}>"


def _loads(t: TypeInfo, f: int) -> list[str]:
    """``%l0 .. %l{F-1}``: the narrow loads, through getelementptr of the vector type
    where its size is N elements (N a power of two), else of the element type (a
    ``<3 x T>`` occupies 4 elements' worth of bytes: stepping over it leaves a gap)."""
    out = []
    n = t.lanes
    for m in range(f):
        ptr = "%p" if m == 0 else f"%q{m}"
        if m and n & (n - 1) == 0:
            out.append(f"%q{m} = getelementptr inbounds {t.name}, ptr %p, i64 {m}")
        elif m:
            out.append(f"%q{m} = getelementptr inbounds {t.scalar}, ptr %p, i64 {m * n}")
        out.append(f"%l{m} = load {t.name}, ptr {ptr}, align {t.width // 8}")
    return out


def _stores(t: TypeInfo, f: int, values: list[str]) -> list[str]:
    out = []
    for j, v in enumerate(values):
        ptr = "%out" if j == 0 else f"%o{j}"
        if j:
            out.append(f"%o{j} = getelementptr inbounds {t.scalar}, ptr %out, i64 {j * t.lanes}")
        out.append(f"store {t.name} {v}, ptr {ptr}, align {t.width // 8}")
    return out


def chain_tree(t: TypeInfo, f: int, j: int, lines: list[str]) -> str:
    """Member j as a chain: level 1 shuffles loads 0 and 1, each further level shuffles
    the partial result with the next load (lanes not yet reached are poison)."""
    n = t.lanes
    want = [j + f * k for k in range(n)]  # element e is lane e % n of load e // n

    def first(e: int) -> int | None:
        return e if e < 2 * n else None

    acc = f"%c{j}_1"
    lines.append(f"{acc} = shufflevector {t.name} %l0, {t.name} %l1, {_mask([first(e) for e in want])}")
    for m in range(2, f):
        prev, acc = acc, f"%c{j}_{m}"
        picks = [k if e < m * n else (n + e - m * n if e < (m + 1) * n else None) for k, e in enumerate(want)]
        # a lane already picked stays (lane k of the partial result)
        lines.append(f"{acc} = shufflevector {t.name} {prev}, {t.name} %l{m}, {_mask(picks)}")
    return acc


def balanced_tree(t: TypeInfo, f: int, j: int, lines: list[str]) -> str:
    """Member j as the seed's two-level tree (F = 4): level 1 picks member j's elements
    from loads 0-1 and from loads 2-3, level 2 joins the two halves."""
    assert f == 4
    n = t.lanes
    want = [j + f * k for k in range(n)]
    halves = []
    for h in (0, 1):
        lo = 2 * h * n
        picks = [e - lo if lo <= e < lo + 2 * n else None for e in want]
        name = f"%h{j}_{h}"
        lines.append(f"{name} = shufflevector {t.name} %l{2 * h}, {t.name} %l{2 * h + 1}, {_mask(picks)}")
        halves.append(name)
    root = f"%m{j}"
    picks2 = [k if e < 2 * n else n + k for k, e in enumerate(want)]
    lines.append(f"{root} = shufflevector {t.name} {halves[0]}, {t.name} {halves[1]}, {_mask(picks2)}")
    return root


Tree = Callable[[TypeInfo, int, int, list[str]], str]


def source(f: int, tree: Tree) -> Callable[[TypeInfo], str]:
    def body(t: TypeInfo) -> str:
        lines = _loads(t, f)
        roots = [tree(t, f, j, lines) for j in range(f)]
        return "\n".join(lines + _stores(t, f, roots))

    return body


def target(f: int, stride: int | None = None, wrong_lane: bool = False, extra: int = 0) -> Callable[[TypeInfo], str]:
    """One wide load and F strided shuffles. The wrong variants: another ``stride``, one
    lane taken from the next narrow load (``wrong_lane``), a wide load ``extra``
    elements longer (reading past the last narrow load)."""
    step = f if stride is None else stride

    def body(t: TypeInfo) -> str:
        n, s = t.lanes, t.scalar
        wide = f"<{f * n + extra} x {s}>"
        lines = [f"%w = load {wide}, ptr %p, align {t.width // 8}"]
        roots = []
        for j in range(f):
            picks: list[int | None] = [j + step * k for k in range(n)]
            if wrong_lane and j == 0:
                picks[1] = (j + step + n) % (f * n)  # same lane of the next narrow load
            picks = [x if x is not None and x < 2 * (f * n + extra) else None for x in picks]
            lines.append(f"%s{j} = shufflevector {wide} %w, {wide} poison, {_mask(picks)}")
            roots.append(f"%s{j}")
        return "\n".join(lines + _stores(t, f, roots))

    return body


def _rule(name: str, f: int, tree: Tree, description: str, tgt: Callable[[TypeInfo], str],
          expected: str = "holds", types: tuple[str, ...] = NARROW_TYPES, why: str = "") -> Rule:
    return Rule(
        name, NAME, description, types, _PARAMS, src=source(f, tree), tgt=tgt, ret="void",
        expected=expected, why=why,  # type: ignore[arg-type]
        preconditions="the narrow loads are consecutive (one base, offsets m * sizeof(<N x T>)) "
                      "with one alignment; no store between them",
    )


def rules() -> list[Rule]:
    out = [
        _rule(f"interleave.factor{f}", f, chain_tree,
              f"{f} consecutive <N x T> loads de-interleaved by a shuffle chain -> one <{f}N x T> load "
              f"and {f} shuffles <j, j+{f}, ...>", target(f))
        for f in FACTORS
    ]
    out.append(_rule("interleave.factor4-tree", 4, balanced_tree,
                     "4 consecutive <N x T> loads de-interleaved by the seed's two-level shuffle tree -> "
                     "one <4N x T> load and 4 shuffles <j, j+4, ...>", target(4)))
    for f in FACTORS:
        out += [
            _rule(f"interleave.factor{f}-stride-off-by-one", f, chain_tree,
                  f"known false: strided shuffles with stride {f - 1} instead of {f}",
                  target(f, stride=f - 1), "refuted", REFUTED_TYPES, "lane 1 picks the wrong element"),
            _rule(f"interleave.factor{f}-wrong-load", f, chain_tree,
                  "known false: lane 1 of member 0 taken from the next narrow load",
                  target(f, wrong_lane=True), "refuted", REFUTED_TYPES, "the element N lanes further on"),
            _rule(f"interleave.factor{f}-reads-past-end", f, chain_tree,
                  "known false: the wide load reads one element past the last narrow load",
                  target(f, extra=1), "refuted", REFUTED_TYPES,
                  "the source never reads that element: it may be out of bounds (UB in the target only)"),
        ]
    return out
