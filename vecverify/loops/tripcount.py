"""The trip count of a loop that reads it off its own code: a counter from a constant
start, stepped by a constant, compared with a constant for equality on the only way out.

``back_edges_taken(fn)`` is the number of times every execution of ``fn`` that leaves
its loop takes the loop's back edge, where ``fn`` has one loop of that shape; None
otherwise. The bounded check (bounded.py) uses it to skip unroll bounds that no
execution can fit: it decides no verdict itself.

Why every execution: the loop's blocks have no way out but the compare's branch (no
other exit, no return, no call that might not return), and the counter's values are
fixed by the start and the step, modulo its width (a wrapping ``add`` with ``nuw`` or
``nsw`` gives poison, and a branch on poison is UB: such an execution is not defined, and
one that is defined takes the count below). The compare may read the counter through a
``trunc`` (the same values modulo the narrower width).
"""

from __future__ import annotations

from ..ir.function import Block, Function
from ..ir.types import IntType
from ..ir.values import BinOp, Br, Call, Cast, ConstInt, ICmp, Phi, Value


def _loop_blocks(fn: Function, latch: str, header: str) -> set[str] | None:
    """The natural loop of the back edge latch -> header (blocks reaching the latch
    without passing the header)."""
    preds: dict[str, list[str]] = {b.name: [] for b in fn.blocks}
    for b in fn.blocks:
        for s in b.successors():
            if s not in preds:
                return None
            preds[s].append(b.name)
    body, stack = {header, latch}, [latch]
    while stack:
        n = stack.pop()
        if n == header:
            continue
        for p in preds[n]:
            if p not in body:
                body.add(p)
                stack.append(p)
    return body


def back_edges_taken(fn: Function) -> int | None:
    """How often every execution of ``fn`` that leaves its one loop takes its back edge
    (see the module docstring), or None where that is not read off the code."""
    edges = fn.back_edges()
    if len(edges) != 1:
        return None
    latch_name, header_name = edges[0]
    body = _loop_blocks(fn, latch_name, header_name)
    if body is None:
        return None
    blocks = {b.name: b for b in fn.blocks}
    for name in body:
        block = blocks[name]
        if not isinstance(block.terminator, Br):
            return None  # a return, unreachable or switch inside the loop
        if any(isinstance(i, Call) for i in block.instructions):
            return None  # a call that might not return (or exit the program)
        if name != latch_name and any(t not in body for t in block.successors()):
            return None  # another way out
    latch = blocks[latch_name]
    term = latch.terminator
    assert isinstance(term, Br)
    if len(term.operands) != 1 or len(term.targets) != 2:
        return None
    outside = [t not in body for t in term.targets]
    if outside.count(True) != 1 or header_name not in term.targets:
        return None
    exit_when = outside[0]  # the branch leaves when its condition is this
    cond = term.operands[0]
    if not isinstance(cond, ICmp) or cond.pred not in ("eq", "ne"):
        return None
    a, b = cond.operands
    if isinstance(a, ConstInt):
        a, b = b, a
    if not isinstance(b, ConstInt) or not isinstance(a.type, IntType):
        return None
    width = a.type.bits
    if cond.pred == "ne":
        exit_when = not exit_when
    if not exit_when:
        return None  # leaves while the counter differs from the constant: not one value
    counter = _counter(a, blocks[header_name], body)
    if counter is None:
        return None
    start, step, offset = counter
    return _first(start, step, offset, b.value, width)


def _counter(v: Value, header: Block, body: set[str]) -> tuple[int, int, int] | None:
    """(start, step, offset) where ``v`` is the header's counter phi plus ``offset`` (its
    next value, say), possibly truncated: at iteration k it is start + k * step + offset."""
    while isinstance(v, Cast) and v.op == "trunc":
        v = v.operands[0]
    offset = 0
    if isinstance(v, BinOp):
        phi = _phi_of_step(v)
        if phi is None:
            return None
        offset = _step(v)
        v = phi
    if not isinstance(v, Phi) or v not in header.instructions or len(v.operands) != 2:
        return None
    start = step = None
    for value, block in zip(v.operands, v.blocks, strict=True):
        if block in body:
            if not isinstance(value, BinOp) or _phi_of_step(value) is not v:
                return None
            step = _step(value)
        elif isinstance(value, ConstInt):
            start = value.value
    if start is None or step is None:
        return None
    return start, step, offset


def _phi_of_step(v: BinOp) -> Phi | None:
    """The phi ``v`` adds a constant to (``add phi, C``, ``add C, phi``, ``sub phi, C``)."""
    if v.op not in ("add", "sub") or len(v.operands) != 2:
        return None
    x, y = v.operands
    if v.op == "add" and isinstance(x, ConstInt):
        x, y = y, x
    return x if isinstance(x, Phi) and isinstance(y, ConstInt) else None


def _step(v: BinOp) -> int:
    c = v.operands[1] if isinstance(v.operands[1], ConstInt) else v.operands[0]
    assert isinstance(c, ConstInt)
    return c.value if v.op == "add" else -c.value


def _first(start: int, step: int, offset: int, target: int, width: int) -> int | None:
    """The least k >= 0 with start + k * step + offset == target modulo 2**width: the
    iteration (counted from 0) whose compare leaves, which is the number of back edges
    taken. None where the step is even (no single residue to solve for; not needed)."""
    mod = 1 << width
    step %= mod
    if step % 2 == 0:
        return None
    return (target - start - offset) * pow(step, -1, mod) % mod
