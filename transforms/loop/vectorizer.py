"""The driver: for each loop of a function, analysis and legality, VF and cost, code
generation; one report per loop, vectorized or left scalar with the reason."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from vecverify.ir.function import Function, Module

from ..base import TransformOptions
from ..vectorize.costs import TARGETS, Target
from .codegen import VectorLoop, vectorize
from .cost import choose_uf, choose_vf, vector_iteration_cost
from .epilogue import EpilogueLoop, add_epilogue, epilogue_decline, epilogue_vf
from .legality import LoopPlan, analyze
from .structure import Decline, find_loops
from .tailfold import FoldedLoop, auto_fold_shape, fold_tail, prefer_fold, short_fold_vf
from .vla import VLA_VSCALE_MAX, ScalableLoop, finish_vla_function, vectorize_vla_loop, vla_range


@dataclass
class LoopOptions(TransformOptions):
    """``target``: the cost model and register width (``sse4``, ``avx2``); ``vf``: force
    this vectorization factor (a power of two; the dependences still cap it, the cost
    model is not asked), ``max_vf``: never more lanes than this; ``uf``: force this
    interleave count (parts per vector iteration; default: ``cost.choose_uf``, or 1
    when ``vf`` is forced), ``max_uf``: never more parts than this; ``tail``:
    ``epilogue`` (a scalar loop runs the remaining iterations), ``fold`` (every
    iteration runs under a mask, no scalar loop: ``tailfold``; one part), ``auto`` (the
    cost model chooses; a loop folding declines gets the epilogue); ``epilogue_vf``: the
    lanes of the vectorized epilogue after an interleaved main loop (``epilogue.py``;
    None: the default, half of VF; 0: none, the scalar loop runs the remainder)."""

    target: str = "avx2"
    vf: int | None = None
    max_vf: int | None = None
    uf: int | None = None
    max_uf: int | None = None
    tail: str = "epilogue"
    index32: bool = False  # gathers index with <VF x i32> (sign-extended by the getelementptr)
    epilogue_vf: int | None = None
    # ``tail`` fold: what runs the iterations left after the full vectors, forced
    # (``tailfold.TAIL_SHAPES``); None: the cost model's (``short_fold_vf``), or with a
    # forced ``vf`` the default (``tailfold.tail_shapes``).
    tail_shape: str | None = None
    # Vector-length-agnostic loops (vla.py): VF = vscale x N (N: ``vf``, or one register
    # of the target at vscale 1), for every vscale in 1..vscale_max; ``tail`` fold or
    # auto: the last vector under the lane mask, epilogue: the scalar loop.
    vla: bool = False
    vscale_max: int = VLA_VSCALE_MAX


@dataclass
class LoopReport:
    """One loop of one function: vectorized (``vf`` > 0) or left scalar (``reason``)."""

    function: str
    loop: str  # the header's label in the input, "%9"
    vf: int = 0
    uf: int = 1
    reason: str = ""
    recurrences: list[str] = field(default_factory=list)  # "%x"
    reductions: list[str] = field(default_factory=list)  # "add %s"
    groups: list[str] = field(default_factory=list)  # "interleaved group factor 4 (3 members)"
    scalar_cost: int = 0  # of VF scalar iterations
    vector_cost: int = 0  # of one vector iteration
    vector: VectorLoop | FoldedLoop | ScalableLoop | None = field(default=None, repr=False)  # in the output function

    @property
    def vectorized(self) -> bool:
        return self.vf > 0

    def describe_plan(self, plan: LoopPlan) -> None:
        """The recurrences, reductions and interleave groups the vector loop carries
        (fixed-width and ``--vla`` alike: a ``--vla`` loop's plan at its first vscale)."""
        self.recurrences = [f"%{r.phi.name}" for r in plan.phis.recurrences]
        self.reductions = [f"{r.kind} %{r.phi.name}" for r in plan.phis.reductions]
        self.groups = [g.describe() for g in sorted(plan.groups, key=lambda g: g.position)]

    def line(self) -> str:
        if not self.vectorized:
            return f"@{self.function}: loop {self.loop} left scalar: {self.reason}"
        folded = isinstance(self.vector, FoldedLoop) or (
            isinstance(self.vector, ScalableLoop) and isinstance(self.vector.copies[min(self.vector.copies)], FoldedLoop))
        what = ["tail folded"] if folded else ["scalar epilogue"] if isinstance(self.vector, ScalableLoop) else []
        if isinstance(self.vector, FoldedLoop) and self.vector.pieces:
            what.append(("last vector in overlapping pairs of " if self.vector.pairs else "last vector in pieces of ")
                        + ", ".join(str(pc.width) for pc in self.vector.pieces)
                        + (" after the full vectors" if self.vector.pairs and self.vector.tail is None else ""))
        if isinstance(self.vector, FoldedLoop) and self.vector.tail_test is not None:
            what.append("the last iteration alone")
        if isinstance(self.vector, ScalableLoop):
            what.append(f"{self.vector.vscale_range.stated()}")
        what += [f"recurrence {r}" for r in self.recurrences] + [f"reduction {r}" for r in self.reductions]
        extra = f" ({', '.join(what)})" if what else ""
        extra += "".join(f", {g}" for g in self.groups)
        cost = f", cost {self.scalar_cost} -> {self.vector_cost}" if self.scalar_cost else " (VF forced)"
        parts = f" UF {self.uf}" if self.uf > 1 else ""
        if isinstance(self.vector, EpilogueLoop) and self.vector.epilogue is not None:
            parts += f", epilogue VF {self.vector.epilogue.vf}"
        lanes = f"vscale x {self.vf}" if isinstance(self.vector, ScalableLoop) else str(self.vf)
        return f"@{self.function}: loop {self.loop} vectorized VF {lanes}{parts}{extra}{cost}"


def vectorize_loops(fn: Function, options: LoopOptions | None = None) -> tuple[Function | None, list[LoopReport]]:
    """A copy of ``fn`` with every loop the vectorizer handles vectorized (None when none
    is), and one report per loop. Never raises for a loop it cannot handle: that loop is
    left as it is and its report says why."""
    options = options or LoopOptions()
    target = TARGETS[options.target]
    if options.vla:
        return _vectorize_vla(fn, options, target)
    current = fn
    changed = False
    reports: list[LoopReport] = []
    for header, _, _ in find_loops(fn):
        work = copy.deepcopy(current)
        found = {h: (lp, why) for h, lp, why in find_loops(work)}
        lp, why = found.get(header, (None, "not found"))
        rep = LoopReport(fn.name, f"%{header}")
        reports.append(rep)
        if lp is None:
            rep.reason = why
            continue
        try:
            plan = analyze(lp)
            plan.index32 = options.index32
            plan.register_bits = target.register_bits
            if options.vf is not None:
                vf = options.vf if plan.max_vf is None else min(options.vf, plan.max_vf)
                if vf < 2 or vf & (vf - 1):
                    raise Decline(f"VF {options.vf} is not possible here (dependences allow {plan.max_vf})")
                scalar, vector = 0, 0
            else:
                vf, scalar, vector = choose_vf(plan, target, options.max_vf)
            vl = _generate(plan, vf, options, target)
            if vl.vf != vf:  # fewer lanes for short trip counts (short_fold_vf)
                vf, (scalar_iter, vector) = vl.vf, vector_iteration_cost(plan, vl.vf, target)
                scalar = vf * scalar_iter
        except Decline as e:
            rep.reason = str(e)
            continue
        rep.vf, rep.scalar_cost, rep.vector_cost, rep.vector = vf, scalar, vector, vl
        rep.uf = vl.uf if isinstance(vl, VectorLoop) else 1
        rep.describe_plan(plan)
        current, changed = work, True
    return (current if changed else None), reports


def _vectorize_vla(fn: Function, options: LoopOptions, target: Target) -> tuple[Function | None, list[LoopReport]]:
    """``--vla``: every loop the scalable form handles, in one copy of the function per
    vscale (vla.py)."""
    rng = vla_range(options.vscale_max)
    copies = {v: fn for v in rng.values()}
    changed = False
    reports: list[LoopReport] = []
    for header, lp, why in find_loops(fn):
        rep = LoopReport(fn.name, f"%{header}")
        reports.append(rep)
        if lp is None:
            rep.reason = why
            continue
        try:
            plan = analyze(lp)
            if options.vf is not None:
                n, scalar, vector = options.vf, 0, 0
            else:
                n, scalar, vector = choose_vf(plan, target, options.max_vf)
            sl = vectorize_vla_loop(copies, header, n, rng, options.index32,
                                    "epilogue" if options.tail == "epilogue" else "fold",
                                    "rvv" if options.target == "rvv" else "sve", options.uf or 1)
        except Decline as e:
            rep.reason = str(e)
            continue
        rep.vf, rep.scalar_cost, rep.vector_cost, rep.vector, rep.uf = n, scalar, vector, sl, sl.uf
        rep.describe_plan(sl.copies[min(sl.copies)].plan)
        changed = True
    if not changed:
        return None, reports
    try:
        return finish_vla_function(copies, rng), reports
    except Decline as e:
        for r in reports:
            if r.vectorized:
                r.vf, r.vector, r.reason = 0, None, str(e)
        return None, reports


def vectorize_module_loops(module: Module, options: LoopOptions | None = None) -> tuple[Module, list[LoopReport]]:
    """Every function of ``module`` with its loops vectorized (unchanged where none is)."""
    out = Module(dict(module.functions), dict(module.declarations), module.source_name, dict(module.globals))
    reports: list[LoopReport] = []
    for name, fn in module.functions.items():
        new, rs = vectorize_loops(fn, options or LoopOptions())
        if new is not None:
            out.functions[name] = new
        reports += rs
    return out, reports


def _generate(plan: LoopPlan, vf: int, options: LoopOptions, target: Target) -> VectorLoop | FoldedLoop:
    """The vector code in the tail's chosen form (``--tail auto``: a loop folding declines
    gets the epilogue)."""
    if options.tail == "fold":
        if options.uf not in (None, 1):
            raise Decline("tail folding: interleaving (UF > 1) is not done under a mask")
        lanes, shape = (vf, options.tail_shape) if options.vf is not None else short_fold_vf(plan, vf, target)
        return fold_tail(plan, lanes, shape=options.tail_shape or shape)
    if options.tail == "auto" and prefer_fold(plan, vf, target):
        try:
            return fold_tail(plan, vf, shape=auto_fold_shape(plan, vf, target))
        except Decline:
            pass
    # A forced VF is the shape asked for: one part unless UF is forced too.
    forced_uf = 1 if options.vf is not None and options.uf is None else options.uf
    # Map loops are interleaved only where a vectorized epilogue covers short trip counts.
    may_epilogue = options.epilogue_vf != 0 and not epilogue_decline(plan)
    uf = choose_uf(plan, vf, target, forced_uf, options.max_uf, maps=may_epilogue)
    vfe = epilogue_vf(plan, vf, uf, options.epilogue_vf, target)
    vl = vectorize(plan, vf, uf)
    return add_epilogue(vl, vfe) if vfe else vl
