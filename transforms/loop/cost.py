"""The vectorization factor and the cost model.

VF starts at what one register of the target holds of the widest element the vector
body computes with (``--target sse4``: 128 bits, ``avx2``: 256), capped by the
dependences and by ``max_vf``; it is halved until one vector iteration is strictly
cheaper than VF scalar iterations (the per-instruction costs of ``slp/costs.py``: a
vector operation per register it occupies, the recurrence splice as one shuffle per
register, an interleave group as its wide access and shuffles (``groups.group_cost``),
the induction's update and exit test once per iteration on both sides).

The interleave count UF (parts of VF lanes per vector iteration) is LoopVectorize's
answer to latency: a reduction's accumulator is a chain through every iteration, so one
accumulator runs at the latency of its operation; UF accumulators run UF chains at once.
Loops with a reduction get UF 4 (as LLVM's x86 tuning), capped so every part's
accumulators and loaded vectors fit the 16 vector registers and so VF*UF stays within
the dependences. Other loops (maps, recurrences) get UF 2 where a vectorized epilogue
(``epilogue.py``) runs what the main loop leaves (more loads in flight, half the loop
overhead per lane), capped the same way and to 16 lanes in all (``MAP_MAX_LANES``: the
witness's step unrolls VF*UF scalar iterations); else UF 1 (a longer vector iteration
would only leave more to the scalar loop).
"""

from __future__ import annotations

from vecverify.ir.types import FloatType, IntType, Type, VectorType
from vecverify.ir.values import BinOp, Call, Cast, GetElementPtr, Instruction, Load, Phi, Store

from ..vectorize.costs import SCALAR, Target
from .groups import group_cost, group_of
from .legality import LoopPlan
from .structure import Decline


def _scalar_cost(inst: Instruction) -> int:
    if isinstance(inst, Phi | GetElementPtr):
        return 0
    if isinstance(inst, Cast):
        return SCALAR["cast"]
    return SCALAR.get(inst.opcode, 1)


def _lane_type(inst: Instruction) -> Type:
    return inst.operands[0].type if isinstance(inst, Store) else inst.type


def _vector_cost(inst: Instruction, vf: int, target: Target, plan: LoopPlan) -> int:
    if isinstance(inst, GetElementPtr) or inst is plan.induction.next or inst is plan.induction.compare:
        return 0
    if id(inst) in plan.addresses:
        return _scalar_cost(inst)  # lane 0's address, once
    t = _lane_type(inst)
    if not isinstance(t, IntType | FloatType):
        return 1
    vt = VectorType(vf, t)
    regs = target.registers(vt)
    if isinstance(inst, Phi):
        rec = any(inst is r.phi for r in plan.phis.recurrences)
        return target.shuffle * regs if rec else 0
    if isinstance(inst, Load | Store) and (g := group_of(plan.groups, inst)) is not None:
        return group_cost(g, vf, target) if inst is g.leader.inst else 0  # the group, once
    if isinstance(inst, Load | Store):
        kind = next((a.kind for a in plan.accesses if a.inst is inst), "")
        if kind == "gather":
            return vf + regs  # a load per lane, in one instruction on AVX2
        if kind == "scatter":
            return 2 * vf + regs  # no scatter before AVX-512: an extract and a store per lane
        return 1 + target.broadcast if kind == "uniform" else regs
    if isinstance(inst, BinOp):
        return target.vector_op(inst.op, vt, uniform_shift=not inst.op.endswith("sh"))
    if isinstance(inst, Call):
        return 2 * regs
    return regs


def vector_iteration_cost(plan: LoopPlan, vf: int, target: Target) -> tuple[int, int]:
    """(cost of one scalar iteration, cost of one vector iteration of VF lanes)."""
    body = plan.loop.body
    return (sum(_scalar_cost(i) for i in body) + 2,  # + the latch's compare and branch
            sum(_vector_cost(i, vf, target, plan) for i in body) + 2)


def choose_vf(plan: LoopPlan, target: Target, max_vf: int | None = None) -> tuple[int, int, int]:
    """(VF, scalar cost of VF iterations, cost of one vector iteration), or Decline.

    The candidates run from one register of the widest element the body computes with
    up to one register of the narrowest element it loads or stores (LLVM's "maximize
    bandwidth": i16 data computed in i32 moves 16 lanes per i16 register), capped by the
    dependences and ``max_vf``; the cheapest per lane among the profitable ones wins,
    the smaller on a tie (short trip counts reach the vector loop sooner)."""
    narrowest = min((a.value_type.bits for a in plan.accesses if isinstance(a.value_type, IntType | FloatType)),
                    default=plan.widest_bits)
    low = max(2, target.register_bits // plan.widest_bits)
    high = max(low, target.register_bits // max(8, min(narrowest, plan.widest_bits)))
    for cap in (plan.max_vf, max_vf):
        if cap is not None:
            high = min(high, 1 << (cap.bit_length() - 1))
            low = min(low, high)
    best: tuple[int, int, int] | None = None
    vf = low
    while vf <= high:
        scalar_iter, vector = vector_iteration_cost(plan, vf, target)
        if vector < vf * scalar_iter and (best is None or vector * best[0] < best[2] * vf):
            best = (vf, vf * scalar_iter, vector)
        vf *= 2
    vf = low // 2
    while best is None and vf >= 2:  # not profitable at a full register: fewer lanes
        scalar_iter, vector = vector_iteration_cost(plan, vf, target)
        if vector < vf * scalar_iter:
            best = (vf, vf * scalar_iter, vector)
        vf //= 2
    if best is None:
        raise Decline(f"not profitable on {target.name}")
    return best


# Interleave count for loops with a reduction, for other loops with a vectorized
# epilogue, and the vector registers the parts may use.
REDUCTION_UF = 4
MAP_UF = 2
# ... a map only while VF*UF stays within this many lanes: the witness's step unrolls
# VF*UF scalar iterations, and 32 of i8/i16 bodies do not finish in its time limit
# (one part of 16 or 32 lanes is already as fast as LLVM's code at long trip counts).
MAP_MAX_LANES = 16
VECTOR_REGISTERS = 16


def choose_uf(plan: LoopPlan, vf: int, target: Target, forced: int | None = None,
              max_uf: int | None = None, maps: bool = False) -> int:
    """The interleave count for VF lanes (``forced`` when given, then capped); ``maps``:
    a loop without reductions is interleaved too (a vectorized epilogue follows)."""
    uf = forced if forced is not None else (REDUCTION_UF if plan.phis.reductions else MAP_UF if maps else 1)
    if forced is None and uf > 1:
        # Each part keeps its accumulators and its loaded vectors in registers.
        live = [r.phi.type for r in plan.phis.reductions] + \
               [a.value_type for a in plan.accesses if not a.is_store and a.kind == "consecutive"]
        regs = sum(target.registers(VectorType(vf, t)) for t in live if isinstance(t, IntType | FloatType))
        while uf > 1 and uf * regs > VECTOR_REGISTERS:
            uf //= 2
        while not plan.phis.reductions and uf > 1 and vf * uf > MAP_MAX_LANES:
            uf //= 2
    if max_uf is not None:
        uf = min(uf, max_uf)
    if plan.max_vf is not None:
        while uf > 1 and vf * uf > plan.max_vf:
            uf //= 2
    if uf < 1 or uf & (uf - 1):
        raise Decline(f"UF {forced} is not a power of two")
    return uf
