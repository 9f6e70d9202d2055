"""Straight-line shuffle trees over consecutive vector loads: what the interleaved load
combine works on (seed 004).

A *shuffle-tree kernel* reads F*N elements of ``a`` as F loads of ``<N x T>`` and
de-interleaves them with shufflevectors into F members (member j, lane k = element
``a[j + F*k]``), stored to ``out[j*N .. j*N+N-1]``. As a :class:`~properties.kernel.Kernel`
its lanes are loads of fixed elements (``Load(0, at=j + F*k)``), so the campaign's
reference model and native comparison apply unchanged; :func:`render` writes the vector
form.

The trees, as programs write them: a *chain* (each level adds one load), the *seed*'s
two-level tree for F = 4 (level 1 shuffles shared by two members), or a *balanced* tree
of per-member pairs. The loads' addresses go through getelementptr of the vector type
(N a power of two), of the element type, or of bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

TREES = ("chain", "balanced", "seed")
GEPS = ("scalar", "vector", "bytes")


@dataclass(frozen=True)
class ShuffleTree:
    """How a shuffle-tree kernel is written: ``factor`` loads of ``lanes`` elements, the
    tree shape, the getelementptr style, the order members are computed in, and which
    members exist (all of them, or a group with gaps the combine must leave alone)."""

    factor: int
    lanes: int
    tree: str = "chain"
    gep: str = "scalar"
    order: tuple[int, ...] = ()  # members in the order their trees are written (default 0..F-1)
    members: tuple[int, ...] = ()  # members computed and stored (default all)

    @property
    def member_list(self) -> tuple[int, ...]:
        return self.members or tuple(range(self.factor))

    @property
    def written_order(self) -> tuple[int, ...]:
        order = self.order or tuple(range(self.factor))
        return tuple(j for j in order if j in self.member_list)

    def wanted(self, j: int) -> list[int]:
        return [j + self.factor * k for k in range(self.lanes)]

    def describe(self) -> str:
        gaps = "" if len(self.member_list) == self.factor else f", members {list(self.member_list)}"
        return f"factor {self.factor}, {self.tree} tree, gep of {self.gep}{gaps}"


def _mask(lanes: Sequence[int | None]) -> str:
    return f"<{len(lanes)} x i32> <" + ", ".join("i32 poison" if x is None else f"i32 {x}" for x in lanes) + ">"


def _chain(s: ShuffleTree, vt: str, j: int, lines: list[str]) -> str:
    n, want = s.lanes, s.wanted(j)
    acc = f"%c{j}_1"
    lines.append(f"  {acc} = shufflevector {vt} %l0, {vt} %l1, {_mask([e if e < 2 * n else None for e in want])}")
    for m in range(2, s.factor):
        prev, acc = acc, f"%c{j}_{m}"
        picks = [k if e < m * n else (n + e - m * n if e < (m + 1) * n else None) for k, e in enumerate(want)]
        lines.append(f"  {acc} = shufflevector {vt} {prev}, {vt} %l{m}, {_mask(picks)}")
    return acc


def _balanced(s: ShuffleTree, vt: str, j: int, lines: list[str]) -> str:
    """Member j from pairs of loads (0-1, 2-3), the halves joined by one more shuffle."""
    n, want = s.lanes, s.wanted(j)
    if s.factor == 2:
        return _chain(s, vt, j, lines)
    halves = []
    for h in range(2):
        lo = 2 * h * n
        hi_load = min(2 * h + 1, s.factor - 1)
        other = f"%l{hi_load}" if hi_load != 2 * h else "poison"
        picks = [e - lo if lo <= e < lo + 2 * n else None for e in want]
        lines.append(f"  %h{j}_{h} = shufflevector {vt} %l{2 * h}, {vt} {other}, {_mask(picks)}")
        halves.append(f"%h{j}_{h}")
    lines.append(f"  %m{j} = shufflevector {vt} {halves[0]}, {vt} {halves[1]}, "
                 f"{_mask([k if e < 2 * n else n + k for k, e in enumerate(want)])}")
    return f"%m{j}"


def _seed(s: ShuffleTree, vt: str, j: int, lines: list[str], shared: dict[tuple[int, int], str]) -> str:
    """The seed's tree (F = 4, N even): level 1 ``s[h][c]`` holds the elements of half h
    whose index mod 4 is 2c or 2c+1; member 2c+b picks every other lane of s[0][c] and
    s[1][c]."""
    n = s.lanes
    c, b = divmod(j, 2)
    for h in range(2):
        if (h, c) not in shared:
            picks = [e for e in range(2 * n) if (e % 4) // 2 == c]
            name = f"%s{h}_{c}"
            lines.append(f"  {name} = shufflevector {vt} %l{2 * h}, {vt} %l{2 * h + 1}, {_mask(picks)}")
            shared[(h, c)] = name
    picks2 = [2 * k + b for k in range(n // 2)] + [n + 2 * k + b for k in range(n // 2)]
    lines.append(f"  %m{j} = shufflevector {vt} {shared[(0, c)]}, {vt} {shared[(1, c)]}, {_mask(picks2)}")
    return f"%m{j}"


def render(s: ShuffleTree, elem: str, esize: int, name: str) -> str:
    f, n = s.factor, s.lanes
    vt = f"<{n} x {elem}>"
    lines = [f"define void @{name}(ptr noalias nocapture writeonly dereferenceable({len(s.member_list) * n * esize}) "
             f"%out, ptr noalias nocapture readonly dereferenceable({f * n * esize}) %a) {{"]
    for m in range(f):
        ptr = "%a"
        if m:
            ptr = f"%q{m}"
            gep = {"vector": f"{vt}, ptr %a, i64 {m}", "scalar": f"{elem}, ptr %a, i64 {m * n}",
                   "bytes": f"i8, ptr %a, i64 {m * n * esize}"}[s.gep]
            lines.append(f"  {ptr} = getelementptr inbounds {gep}")
        lines.append(f"  %l{m} = load {vt}, ptr {ptr}, align {esize}")
    shared: dict[tuple[int, int], str] = {}
    roots = {}
    for j in s.written_order:
        if s.tree == "seed":
            roots[j] = _seed(s, vt, j, lines, shared)
        elif s.tree == "balanced":
            roots[j] = _balanced(s, vt, j, lines)
        else:
            roots[j] = _chain(s, vt, j, lines)
    for slot, j in enumerate(s.member_list):
        ptr = "%out" if slot == 0 else f"%o{slot}"
        if slot:
            lines.append(f"  {ptr} = getelementptr inbounds {elem}, ptr %out, i64 {slot * n}")
        lines.append(f"  store {vt} {roots[j]}, ptr {ptr}, align {esize}")
    lines += ["  ret void", "}"]
    return "\n".join(lines)


@st.composite
def shuffle_trees(draw: st.DrawFn, lanes: int, max_factor: int = 4, gaps: bool = False) -> ShuffleTree:
    """A tree shape for ``lanes``-element loads: factor 2..max_factor, simplest first."""
    f = draw(st.integers(2, max_factor))
    trees = [t for t in TREES if t != "seed" or (f == 4 and lanes % 2 == 0)]
    tree = draw(st.sampled_from(trees))
    geps = [g for g in GEPS if g != "vector" or lanes & (lanes - 1) == 0]
    gep = draw(st.sampled_from(geps))
    order = tuple(draw(st.permutations(range(f))))
    members: tuple[int, ...] = ()
    if gaps and draw(st.integers(0, 3)) == 0:
        members = tuple(sorted(draw(st.sets(st.integers(0, f - 1), min_size=1, max_size=f - 1))))
    return ShuffleTree(f, lanes, tree, gep, order, members)
