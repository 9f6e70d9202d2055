"""The loop vectorizer's mutants (transforms/mutants.py): wrong recurrence splices and
resumes, reductions, interleave groups, and tail-folding masks.

Its output names the values these look for (codegen.py, LoopVectorize's names): the
recurrence's vector phi "vector.recur", the resume extract "vector.recur.extract", the
reduction start "red.init", the reduction phi "vec.phi".
"""

from __future__ import annotations

from functools import partial
from typing import Any

from vecverify.ir.function import Function
from vecverify.ir.types import VOID, IntType, VectorType
from vecverify.ir.values import (
    BinOp,
    Call,
    ConstInt,
    ConstPoison,
    ConstVector,
    ExtractElement,
    Freeze,
    GetElementPtr,
    ICmp,
    InsertElement,
    Load,
    Phi,
    Select,
    ShuffleVector,
    Store,
)

from ..mutants import (
    OVER_READ,
    POISON_ONLY,
    WRITE_BACK,
    Mutant,
    instructions_of,
    named_values,
    replace_uses,
)


def _one_less(insts: list[Any]) -> bool:
    """Each instruction's constant second operand made one less."""
    for inst in insts:
        c = inst.operands[1]
        assert isinstance(c, ConstInt)
        inst.operands[1] = ConstInt(c.type, c.value - 1)
    return bool(insts)


def splice_off_by_one(fn: Function) -> bool:
    """The recurrence splice's mask one lane late: <VF, ..., 2VF-1> (the current vector)."""
    hit = False
    for _, inst in instructions_of(fn):
        if isinstance(inst, ShuffleVector) and isinstance(inst.operands[0], Phi) and \
                (inst.operands[0].name or "").startswith("vector.recur"):
            inst.mask = tuple(None if m is None else m + 1 for m in inst.mask)
            hit = True
    return hit


def wrong_resume(fn: Function) -> bool:
    """The scalar epilogue resumes the recurrence with lane VF-2 instead of VF-1."""
    return _one_less([x for x in named_values(fn, "vector.recur.extract", ExtractElement)
                      if x.name == "vector.recur.extract"])


def reduction_identity_start(fn: Function) -> bool:
    """The reduction's vector phi started with the identity alone (the initial value lost)."""
    hits = named_values(fn, "red.init", InsertElement)
    for ins in hits:
        replace_uses(fn, ins, ins.operands[0])
    return bool(hits)


def reduction_keeps_nsw(fn: Function) -> bool:
    """The scalar reduction's nsw kept on the reassociated vector add/mul."""
    hit = False
    for _, inst in instructions_of(fn):
        if isinstance(inst, BinOp) and inst.op in ("add", "mul") and isinstance(inst.type, VectorType) and \
                any(isinstance(o, Phi) and (o.name or "").startswith("vec.phi") for o in inst.operands):
            inst.flags = inst.flags | {"nsw"}
            hit = True
    return hit


def _strided_shuffles(fn: Function) -> dict[int, list[ShuffleVector]]:
    """The strided shuffles of each wide load, in member order."""
    out: dict[int, list[ShuffleVector]] = {}
    for _, inst in instructions_of(fn):
        if isinstance(inst, ShuffleVector) and (inst.name or "").startswith("strided.vec"):
            out.setdefault(id(inst.operands[0]), []).append(inst)
    return out


def group_stride_off_by_one(fn: Function) -> bool:
    """Each member's lanes taken at stride F-1: <j, j+F-1, ...>."""
    hit = False
    for shuffles in _strided_shuffles(fn).values():
        for s in shuffles:
            first, second = s.mask[0], s.mask[1]
            assert first is not None and second is not None
            s.mask = tuple(first + (second - first - 1) * k for k in range(len(s.mask)))
            hit = True
    return hit


def group_members_swapped(fn: Function) -> bool:
    """Members 0 and 1 of a load group get each other's lanes."""
    hit = False
    for shuffles in _strided_shuffles(fn).values():
        if len(shuffles) >= 2:
            shuffles[0].mask, shuffles[1].mask = shuffles[1].mask, shuffles[0].mask
            hit = True
    return hit


def group_gap_unguarded(fn: Function) -> bool:
    """A load group's gap at its end not guarded: the vector loop runs to tc - tc % VF
    (the last wide load reads past the last member of the last iteration)."""
    rems = named_values(fn, "n.rem", Select)
    for sel in rems:
        replace_uses(fn, sel, sel.operands[2])
        for _, inst in instructions_of(fn):
            if isinstance(inst, ICmp) and inst.name == "min.iters.check":
                inst.pred = "ult"
    return bool(rems)


def trimmed_load_over_read(fn: Function) -> bool:
    """A last-vector piece's second load of a gapped load group one element later
    (``groups.trimmed_load_group``), its lanes read one element back: the same values,
    but the load reads the last struct's gap, past the last iteration's last member."""
    geps = named_values(fn, "wide.hi.ptr", GetElementPtr)
    for gep in geps:
        off = gep.operands[1]
        gep.operands[1] = ConstInt(off.type, off.value + 1)
    his = {id(i) for i in named_values(fn, "wide.vec.hi", Load)}
    for _, inst in instructions_of(fn):
        if isinstance(inst, ShuffleVector) and id(inst.operands[1]) in his:
            lo_t = inst.operands[0].type
            assert isinstance(lo_t, VectorType)
            half = lo_t.count
            inst.mask = tuple(e if e is None or e < half else e - 1 for e in inst.mask)
    return bool(geps)


def packed_member_unmasked(fn: Function) -> bool:
    """A packed load member (``groups.choose_packing``) takes its struct's other elements
    where it should take zeros: the same values after its ``trunc``, but a lane is
    poison where any element of its struct is."""
    hits = named_values(fn, "packed.member", ShuffleVector)
    for s in hits:
        count = s.operands[0].type.count  # type: ignore[attr-defined]
        s.mask = tuple(e if m is not None and m >= count else m for e, m in enumerate(s.mask))
    return bool(hits)


def packed_store_unfrozen(fn: Function) -> bool:
    """A packed store group's members or-ed without their ``freeze``: a poison member
    poisons its struct's other elements too."""
    hits = named_values(fn, "packed.fr", Freeze)
    for f in hits:
        replace_uses(fn, f, f.operands[0])
    return bool(hits)


def interleaved_lanes_swapped(fn: Function) -> bool:
    """A store group interleaved within 128-bit lanes (groups._interleaved_by_lanes) puts
    each lane's odd elements (``interleaved.hi``) before its even ones."""
    hits = [s for s in named_values(fn, "interleaved.vec", ShuffleVector)
            if (s.operands[0].name or "").startswith("interleaved.lo")]
    for s in hits:
        s.mask = tuple(None if m is None else m ^ 4 for m in s.mask)
    return bool(hits)


def member_wise_constants_by_member(fn: Function) -> bool:
    """A member-wise store group's per-member constants laid out member by member
    (c0 c0 .. c1 c1 ..) instead of struct by struct (c0 c1 .. c0 c1 ..)."""
    hit = False
    for inst in named_values(fn, "interleaved.wide", BinOp) + named_values(fn, "interleaved.wide", Call):
        for k, c in enumerate(inst.operands):
            if not isinstance(c, ConstVector):
                continue
            n = len(c.elems)
            period = next(p for p in range(1, n + 1) if n % p == 0 and
                          all(str(c.elems[e]) == str(c.elems[e % p]) for e in range(n)))
            if 1 < period < n:
                lanes = n // period
                inst.operands[k] = ConstVector(c.type, tuple(c.elems[(e % lanes) * period + e // lanes]
                                                             for e in range(n)))
                hit = True
    return hit


def member_wise_invariants_swapped(fn: Function) -> bool:
    """A member-wise store group's per-member invariants (codegen's "members.splat")
    laid out in the members' reverse order (gr gl .. for gl gr ..)."""
    hit = False
    for inst in named_values(fn, "members.splat", ShuffleVector):
        factor = inst.operands[0].type.count  # type: ignore[attr-defined]
        inst.mask = tuple(None if m is None else factor - 1 - m for m in inst.mask)
        hit = True
    return hit


def members_moved_rotated(fn: Function) -> bool:
    """A store group of moved load members (codegen's "members.moved": RGBA to BGRA)
    takes each struct's members in an order rotated by one (member j's lanes from the
    member the next one should take)."""
    hits = named_values(fn, "members.moved", ShuffleVector)
    for inst in hits:
        count = inst.type.count  # type: ignore[attr-defined]
        factor = next(f for f in range(2, count + 1) if count % f == 0 and
                      all(m is None or m // f == e // f for e, m in enumerate(inst.mask)))
        inst.mask = tuple(inst.mask[e - e % factor + (e + 1) % factor] for e in range(count))
    return bool(hits)


def members_blend_swapped(fn: Function) -> bool:
    """A blended store group (codegen's "members.blend": crot's ``fneg`` of the wide load
    blended with the load) takes each member's lanes from the other computation (the
    shuffle's two operands swapped)."""
    hits = [i for i in named_values(fn, "members.blend", ShuffleVector) if not isinstance(i.operands[1], ConstPoison)]
    for inst in hits:
        inst.operands = [inst.operands[1], inst.operands[0]]
    return bool(hits)


def members_move_one_short(fn: Function) -> bool:
    """An operand moved to another member of each struct for a blended store group
    (codegen's "members.move") comes from the member before the one it should (each
    lane from lane - 1 within its struct)."""
    hits = named_values(fn, "members.move", ShuffleVector)
    for inst in hits:
        count = inst.type.count  # type: ignore[attr-defined]
        factor = next(f for f in range(2, count + 1) if count % f == 0 and
                      all(m is None or m // f == e // f for e, m in enumerate(inst.mask)))
        inst.mask = tuple(inst.mask[e - e % factor + (e - 1) % factor] for e in range(count))
    return bool(hits)


def struct_order_unrestored(fn: Function) -> bool:
    """A part computing in a struct order (structorder.py) stores its vector without
    putting it back in order (codegen's "lanes.in.order" made the identity): iteration
    ``order[k]``'s value lands at lane k."""
    hits = named_values(fn, "lanes.in.order", ShuffleVector)
    for inst in hits:
        inst.mask = tuple(range(len(inst.mask)))
    return bool(hits)


def spread_halves_swapped(fn: Function) -> bool:
    """A part in the spread form (spread.py) packs its two halves' lanes the other way
    round (codegen's "spread.lanes" taking the high half's structs first)."""
    hits = named_values(fn, "spread.lanes", ShuffleVector)
    for inst in hits:
        n = len(inst.mask)
        inst.mask = tuple(None if m is None else (m + n) % (2 * n) for m in inst.mask)
    return bool(hits)


def mask_off_by_one(fn: Function) -> bool:
    """The mask lets lane l on when index + l <= tc (`<=` for `<`): one lane too many."""
    hits = named_values(fn, "rem.splatinsert", InsertElement)
    for ins in hits:
        rem = ins.operands[1]
        plus = BinOp(rem.type, "rem.plus.1", [rem, ConstInt(rem.type, 1)], op="add")
        for b in fn.blocks:
            if ins in b.instructions:
                b.instructions.insert(b.instructions.index(ins), plus)
        ins.operands[1] = plus
    return bool(hits)


def wrong_identity(fn: Function) -> bool:
    """Inactive lanes fold another operator's identity (add's 0 <-> mul's 1; and's -1,
    the min/max extremes -> 0)."""
    hits = named_values(fn, "rdx.masked", Select)
    for sel in hits:
        t = sel.type
        assert isinstance(t, VectorType) and isinstance(t.elem, IntType)
        ident = sel.operands[2]
        first = ident.elems[0] if isinstance(ident, ConstVector) else None
        value = 0 if not isinstance(first, ConstInt) or first.value != 0 else 1
        sel.operands[2] = ConstVector(t, tuple(ConstInt(t.elem, value) for _ in range(t.count)))
    return bool(hits)


def scatter_lane_order(fn: Function) -> bool:
    """The scatter writes its lanes in reverse order (value, pointers and mask reversed
    alike): where two lanes share an index the earlier iteration's value stays."""
    hit = False
    for b in fn.blocks:
        for call in [i for i in b.instructions if isinstance(i, Call) and i.callee.startswith("llvm.masked.scatter")]:
            at = b.instructions.index(call)
            for k in range(3):
                op = call.operands[k]
                n = op.type.count  # type: ignore[attr-defined]
                rev = ShuffleVector(op.type, "reversed", [op, ConstPoison(op.type)], mask=tuple(range(n - 1, -1, -1)))
                b.instructions.insert(at, rev)
                at += 1
                call.operands[k] = rev
            hit = True
    return hit


def tail_start_off_by_one(fn: Function) -> bool:
    """The shifted tail starts one iteration early (``btc - VF``, not ``btc - (VF-1)``):
    the loop's last iteration never runs."""
    return _one_less(named_values(fn, "tail.start", BinOp))


def tail_alone_for_two(fn: Function) -> bool:
    """The paired tail's last iteration alone taken where two iterations are left too
    (``tail.one``: btc % VF <= 1 for == 0): the next to last iteration never runs."""
    hits = named_values(fn, "tail.one", ICmp)
    for cmp in hits:
        cmp.pred = "ule"
        cmp.operands[1] = ConstInt(cmp.operands[1].type, 1)
    return bool(hits)


def pair_start_early(fn: Function) -> bool:
    """Each pair's second vector one iteration early (at n.vec + k - w - 1, not n.vec +
    k - w: ``tailfold._last_in_pairs``): where k > w, the loop's last iteration never
    runs."""
    return _one_less(named_values(fn, "last.over", BinOp))


def pair_recovered_unmasked(fn: Function) -> bool:
    """A reduced pair's second vector folds its re-covered lanes too (``rdx.recovered``'s
    select dropped: ``tailfold._last_reduced_pairs``): where k > w, the iterations both
    vectors run are counted twice."""
    hits = named_values(fn, "rdx.recovered", Select)
    for sel in hits:
        replace_uses(fn, sel, sel.operands[1])
    return bool(hits)


def tail_splice_first_lane(fn: Function) -> bool:
    """The paired tail's first lane takes its predecessor from the last full vector's
    lane VF-1 (right only when the tail does not overlap it) instead of lane btc % VF."""
    hits = named_values(fn, "tail.recur.first", ExtractElement)
    for ext in hits:
        vt = ext.operands[0].type
        assert isinstance(vt, VectorType)
        ext.operands[1] = ConstInt(ext.operands[1].type, vt.count - 1)
    return bool(hits)


def _gapped_stores(fn: Function) -> list[list[Store]]:
    """The stores of each gapped store group's wide vector (``groups.write_group``: its
    written members struct by struct), in order."""
    out: dict[int, list[Store]] = {}
    for _, inst in instructions_of(fn):
        piece = inst.operands[0] if isinstance(inst, Store) else None
        if isinstance(piece, ShuffleVector | ExtractElement) and (piece.name or "").startswith("gapped."):
            out.setdefault(id(piece.operands[0]), []).append(inst)  # type: ignore[arg-type]
    return list(out.values())


def _piece_lanes(store: Store) -> tuple[int, ...]:
    """The lanes of the wide vector a gapped store writes."""
    piece = store.operands[0]
    if isinstance(piece, ShuffleVector):
        return tuple(m for m in piece.mask if m is not None)
    assert isinstance(piece, ExtractElement) and isinstance(piece.operands[1], ConstInt)
    return (piece.operands[1].value,)


def gapped_pieces_swapped(fn: Function) -> bool:
    """A gapped store group's first store of struct 0 and the same store of struct 1
    write each other's values (a per-struct store at the wrong struct): their pieces'
    lanes of the wide vector swapped."""
    hit = False
    for stores in _gapped_stores(fn):
        first = stores[0].operands[0]
        other = next((x.operands[0] for x in stores[1:] if str(x.operands[0].type) == str(first.type)), None)
        if isinstance(first, ShuffleVector) and isinstance(other, ShuffleVector):
            first.mask, other.mask = other.mask, first.mask
            hit = True
        elif isinstance(first, ExtractElement) and isinstance(other, ExtractElement):
            first.operands[1], other.operands[1] = other.operands[1], first.operands[1]
            hit = True
    return hit


def gapped_store_writes_gap(fn: Function) -> bool:
    """A gapped store group also writes its first gap back with the value memory holds
    there (loaded just before): the same bytes, but a store the source does not make."""
    hit = False
    for stores in _gapped_stores(fn):
        piece = stores[0].operands[0]
        assert isinstance(piece, ShuffleVector | ExtractElement)
        wide_t = piece.operands[0].type
        assert isinstance(wide_t, VectorType)
        lanes = {lane for x in stores for lane in _piece_lanes(x)}
        base = next(x.operands[1] for x in stores if min(_piece_lanes(x)) == 0)
        gap = min(lane for lane in range(wide_t.count) if lane not in lanes)
        elem = wide_t.elem
        at = GetElementPtr(base.type, "gap.ptr", [base, ConstInt(IntType(64), gap)], source_type=elem)
        held = Load(elem, "gap.held", [at], align=1)
        insts = next(b.instructions for b in fn.blocks if any(i is stores[-1] for i in b.instructions))
        k = next(k for k, i in enumerate(insts) if i is stores[-1]) + 1
        insts[k:k] = [at, held, Store(VOID, None, [held, at], align=1)]
        hit = True
    return hit


def _all(chunk: int) -> list[Mutant]:
    from properties.loop_strategies import (  # Hypothesis: only for campaigns
        group_kernels,
        loop_kernels,
    )

    ints = ("i8", "i16", "i32", "i64")
    recurrences = partial(loop_kernels, types=ints, recurrence=True, max_reductions=0, max_stores=1)
    return [
        Mutant("loop:splice-off-by-one", "loop", "the recurrence splice's mask one lane late", splice_off_by_one,
               fuzz_kernels=recurrences, fuzz_chunk=chunk),
        Mutant("loop:wrong-resume", "loop", "the scalar epilogue resumes the recurrence with lane VF-2",
               wrong_resume, fuzz_kernels=recurrences, fuzz_chunk=chunk),
        Mutant("loop:reduction-identity-start", "loop",
               "the reduction's vector phi started with the identity alone (the initial value lost)",
               reduction_identity_start,
               fuzz_kernels=partial(loop_kernels, types=ints, recurrence=False, min_reductions=1, max_reductions=1,
                                          max_stores=0, reduction_ops=("add", "xor", "or")), fuzz_chunk=chunk),
        Mutant("loop:reduction-nsw-kept", "loop", "the scalar add nsw kept on the reassociated vector add",
               reduction_keeps_nsw, native_visible=False, why=POISON_ONLY,
               fuzz_kernels=partial(loop_kernels, types=("i8",), recurrence=False, min_reductions=1, max_reductions=1,
                                          max_stores=0, reduction_ops=("add",), nsw=True), fuzz_chunk=chunk),
        Mutant("loop:group-stride-off-by-one", "loop", "an interleave group's members read at stride F-1",
               group_stride_off_by_one, fuzz_kernels=partial(group_kernels, types=ints, full=True), fuzz_chunk=chunk),
        Mutant("loop:group-members-swapped", "loop", "members 0 and 1 of a load group get each other's lanes",
               group_members_swapped, fuzz_kernels=partial(group_kernels, types=ints, full=True), fuzz_chunk=chunk),
        Mutant("loop:group-gap-unguarded", "loop",
               "a load group's gap at its end without the scalar epilogue it needs (the wide load reads past the end)",
               group_gap_unguarded, native_visible=False, why=OVER_READ,
               fuzz_kernels=partial(group_kernels, types=ints, gap=True), fuzz_chunk=chunk),
        Mutant("loop:members-blend-swapped", "loop",
               "a blended store group's members take their lanes from each other's computations",
               members_blend_swapped, fuzz_kernels=partial(group_kernels, types=ints, full=True), fuzz_chunk=chunk),
        Mutant("loop:struct-order-unrestored", "loop",
               "a part computing in a struct order stores its lanes without putting them back in order",
               struct_order_unrestored, fuzz_kernels=partial(group_kernels, types=ints, full=True), fuzz_chunk=chunk),
        Mutant("loop:members-move-one-short", "loop",
               "an operand moved to another member of each struct for a blend comes from the member before",
               members_move_one_short, fuzz_kernels=partial(group_kernels, types=ints, full=True), fuzz_chunk=chunk),
        Mutant("loop:gapped-pieces-swapped", "loop",
               "a gapped store group's first store of struct 0 and of struct 1 swap their values",
               gapped_pieces_swapped, fuzz_kernels=partial(group_kernels, types=ints, store_gap=True),
               fuzz_chunk=chunk),
        Mutant("loop:gapped-store-writes-gap", "loop",
               "a gapped store group writes its first gap back with the value it holds",
               gapped_store_writes_gap, native_visible=False, why=WRITE_BACK,
               fuzz_kernels=partial(group_kernels, types=ints, store_gap=True), fuzz_chunk=chunk),
        Mutant("loop-fold:mask-off-by-one", "loop-fold", "the tail-folding mask's lane l on when index + l <= tc",
               mask_off_by_one, fuzz_kernels=partial(loop_kernels, masked=True), fuzz_chunk=chunk),
        Mutant("loop-fold:scatter-lane-order", "loop-fold",
               "the scatter writes its lanes in reverse order (the first of two writers to one index stays)",
               scatter_lane_order, fuzz_kernels=partial(loop_kernels, masked=True, scatter=True, max_reductions=0),
               fuzz_chunk=chunk),
        Mutant("loop-fold:tail-start-off-by-one", "loop-fold",
               "the shifted tail starts one iteration early (the last iteration never runs)", tail_start_off_by_one,
               fuzz_kernels=partial(loop_kernels, masked=True, recurrence=False, max_reductions=0),
               fuzz_chunk=chunk),
        Mutant("loop-fold:tail-alone-for-two", "loop-fold",
               "the paired tail's last iteration alone taken where two are left (the one before never runs)",
               tail_alone_for_two, fuzz_kernels=partial(group_kernels, types=ints),
               fuzz_chunk=chunk),
        Mutant("loop-fold:pair-start-early", "loop-fold",
               "each pair's second vector one iteration early (the last iteration never runs where k > w)",
               pair_start_early, fuzz_kernels=partial(group_kernels, types=ints), fuzz_chunk=chunk),
        Mutant("loop-fold:pair-recovered-unmasked", "loop-fold",
               "a reduced pair's re-covered lanes folded again (counted twice where k > w)", pair_recovered_unmasked,
               fuzz_kernels=partial(loop_kernels, masked=True, types=("i8", "i16"), recurrence=False,
                                    min_reductions=1, max_reductions=1, max_stores=0, scatter=False),
               fuzz_chunk=chunk),
        Mutant("loop-fold:tail-splice-first-lane", "loop-fold",
               "the paired tail's first lane takes its predecessor from the full vector's last lane",
               tail_splice_first_lane,
               fuzz_kernels=partial(loop_kernels, masked=True, recurrence=True, max_reductions=0),
               fuzz_chunk=chunk),
        Mutant("loop-fold:wrong-identity", "loop-fold", "inactive lanes fold another operator's identity",
               wrong_identity, fuzz_kernels=partial(loop_kernels, masked=True, min_reductions=1, max_reductions=1,
                                                    max_stores=0), fuzz_chunk=chunk),
    ]


def loop_mutants(chunk: int) -> list[Mutant]:
    """The loop vectorizer's (``loop:...``), ``chunk`` programs per campaign unit."""
    return [m for m in _all(chunk) if m.base == "loop"]


def fold_mutants(chunk: int) -> list[Mutant]:
    """The loop vectorizer's with the tail folded (``loop-fold:...``)."""
    return [m for m in _all(chunk) if m.base == "loop-fold"]
