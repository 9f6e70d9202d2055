"""Bounded loop unrolling as a DAG of block instances.

A depth-first search from the entry finds the back edges; each back edge's target is a
loop header, and the loop's body is every block that reaches one of its latches without
passing through the header. An instance of a block carries, for each loop it is inside,
how many times that loop's back edges have been taken since the loop was entered. Taking
a back edge raises its loop's count; leaving a loop forgets it, so an inner loop starts
again at 0 in every iteration of the outer one (as when each loop is unrolled on its
own, Alive2's -src-unroll). A back edge that would raise a count above the bound leads
nowhere: that execution is cut off (the "sink").
"""

from __future__ import annotations

from collections import deque

from ..errors import Unsupported
from ..ir.function import Function

Instance = tuple[str, tuple[tuple[str, int], ...]]

# Beyond this many block instances the unrolled function is too large to check.
MAX_INSTANCES = 4000


class Unrolling:
    def __init__(self, fn: Function, bound: int):
        self.fn = fn
        self.bound = bound
        self.succs = {b.name: b.successors() for b in fn.blocks}
        self.back = set(fn.back_edges())
        self.headers = {h for _, h in self.back}
        self.body = {h: self._loop_body(h) for h in self.headers}

    @property
    def has_loops(self) -> bool:
        return bool(self.back)

    @property
    def entry(self) -> Instance:
        return (self.fn.entry.name, ())

    def _loop_body(self, header: str) -> frozenset[str]:
        preds: dict[str, list[str]] = {}
        for b, ss in self.succs.items():
            for s in ss:
                preds.setdefault(s, []).append(b)
        body = {header}
        work = [u for u, h in self.back if h == header]
        while work:
            b = work.pop()
            if b in body:
                continue
            body.add(b)
            work.extend(preds.get(b, []))
        return frozenset(body)

    def step(self, inst: Instance, succ: str) -> Instance | None:
        """The instance an edge from ``inst`` to block ``succ`` leads to; None when it
        would go past the bound."""
        block, counts_items = inst
        counts = dict(counts_items)
        if (block, succ) in self.back:
            c = counts.get(succ, 0) + 1
            if c > self.bound:
                return None
            counts[succ] = c
        counts = {h: c for h, c in counts.items() if succ in self.body[h]}
        if succ in self.headers and succ not in counts:
            counts[succ] = 0
        return (succ, tuple(sorted(counts.items())))

    def order(self) -> list[Instance]:
        """Every instance reachable from the entry, each after all its predecessors."""
        edges: dict[Instance, list[Instance]] = {}
        indegree: dict[Instance, int] = {self.entry: 0}
        work = deque([self.entry])
        while work:
            inst = work.popleft()
            if inst in edges:
                continue
            outs = [n for s in self.succs[inst[0]] if (n := self.step(inst, s)) is not None]
            edges[inst] = outs
            for n in outs:
                indegree[n] = indegree.get(n, 0) + 1
                if n not in edges:
                    work.append(n)
            if len(edges) > MAX_INSTANCES:
                raise Unsupported(
                    f"loops too large to unroll {self.bound} times ({MAX_INSTANCES} block copies)", self.fn.name
                )
        order = []
        ready = deque([self.entry])
        while ready:
            inst = ready.popleft()
            order.append(inst)
            for n in edges[inst]:
                indegree[n] -= 1
                if indegree[n] == 0:
                    ready.append(n)
        if len(order) != len(edges):
            raise Unsupported("irreducible control flow that does not unroll", self.fn.name)
        return order
