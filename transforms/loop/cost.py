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
from .groups import Group, gapped_store_cost, group_cost, group_of
from .legality import LoopPlan
from .spread import spread_shape
from .structorder import struct_order
from .structure import Decline


def _moves(nbytes: int, register_bytes: int) -> int:
    """The loads (or stores) of ``nbytes`` contiguous bytes: whole registers, then one
    of each power of two the rest holds (24 bytes: 16 + 8; 12: 8 + 4)."""
    return nbytes // register_bytes + bin(nbytes % register_bytes).count("1")


def interleave_cost(g: Group, vf: int, target: Target, in_lanes: bool = False) -> int:
    """An interleave group of VF lanes as x86 lowers it: its wide access's moves
    (``_moves``), and for a load each member's vector gathered from the wide vector's
    pieces, for a store each piece of the wide vector gathered from the F members
    (``_gathers``). A shuffle reads 128 bits in-lane (``pshufb``, ``shufps``, ``punpck``),
    or on AVX2 a whole register for 32 and 64 bits (``vpermps``, ``vpermq`` cross the
    halves). ``in_lanes``: the body computes its lanes in an order that keeps each
    member within its 128-bit half (``structorder.py``, ``spread.py``): both halves are
    de-interleaved at once by in-lane shuffles, as a group of VF/2 lanes in 128 bits.
    Measured on the code llc-22 gives for ``-mcpu=x86-64-v3`` (the vector body's
    instructions): a factor-3 byte load at VF 4 / 8 two moves and 3 / 9 shuffles
    (priced 5 / 11), a factor-4 float load of 3 members at VF 8 seven moves and 20
    shuffles in order (priced 25), 9 and a permutation in the struct order (priced 13),
    while one scalar iteration is about 12. Other targets (structure loads and stores:
    ``ld3``, ``vlseg3``), packed groups (one integer per struct), and groups of 8- and
    16-bit elements as ``groups.group_cost``: llc lowers the wide ones by sequences of
    its own (X86InterleavedAccess: c/gray_rgb_u8's factor-3 byte group runs faster at
    VF 32 than at 16, 0.99 / 1.16 of LLVM's time at n=1024, which this pricing would
    reverse), and the epilogue's lanes for them (``epilogue.short_trip_vf``) were
    measured against that price; the narrow ones priced here (``in_lanes`` and
    ``_gathers`` take any width) are left for when both are measured again."""
    elem_bytes = max(8, getattr(g.elem, "bits", 64)) // 8
    reg = target.register_bits // 8
    whole = g.factor * vf * elem_bytes
    if target.name not in ("sse4", "avx2") or g.packed or g.packed_members or elem_bytes < 4:
        return group_cost(g, vf, target)
    # A store group with gaps: its stores struct by struct instead of the wide one's.
    moves = gapped_store_cost(g, vf, target) if g.gaps else _moves(whole, reg)
    if in_lanes and reg > 16 and vf >= 2:
        return moves + _gathers(g, vf // 2, elem_bytes, 16, False) * target.shuffle
    return moves + _gathers(g, vf, elem_bytes, reg, elem_bytes >= 4 and reg > 16) * target.shuffle


def _gathers(g: Group, vf: int, elem_bytes: int, reg: int, cross: bool) -> int:
    """The shuffles of ``interleave_cost``. A result from S sources: one shuffle where S
    is 1; else S shuffles of one source and S-1 blends or ors (``pshufb``, ``vpermps``),
    or S-1 shuffles of two sources (``shufps``, ``unpcklps``: 32 and 64 bits in-lane); an
    in-lane result wider than 128 bits one more to join its halves; a store in one
    register F-1 joins of its members. A power-of-two factor whose F members are all
    there transposes instead, where cheaper: log2(F) rounds of a shuffle per source
    (and on AVX2 the halves put in order)."""
    whole = g.factor * vf * elem_bytes
    unit = reg if cross else 16
    sources = -(-whole // unit)
    two_source = elem_bytes >= 4 and not cross

    def gathered(n: int, result_bytes: int) -> int:
        joins = 1 if not cross and result_bytes > 16 and reg > 16 else 0
        return (1 if n == 1 else n - 1 if two_source else 2 * n - 1) + joins

    if g.is_store:
        shuffles = sources * gathered(g.factor, unit) if sources > 1 else g.factor - 1
    else:
        shuffles = len(g.members) * gathered(sources, vf * elem_bytes)
    if g.factor & (g.factor - 1) == 0 and len(g.members) == g.factor and sources > 1:
        transpose = (g.factor.bit_length() - 1) * sources + (sources if reg > 16 and whole > 16 else 0)
        shuffles = min(shuffles, transpose)
    return shuffles


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
        if inst is not g.leader.inst:
            return 0  # the group, once
        in_lanes = not g.is_store and (struct_order(plan, vf) is not None or spread_shape(plan, vf) is not None)
        return interleave_cost(g, vf, target, in_lanes)
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
