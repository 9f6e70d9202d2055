"""Interleave groups: strided accesses ``a[F*i + j]`` of one object that the vector loop
reads or writes together (LLVM's InterleavedAccessInfo, for single-block loops).

A strided access has the induction's coefficient ``S = F*s`` in its address (``s`` the
element size, ``F`` the factor, 2..MAX_FACTOR). Accesses of one kind (loads or stores)
with the same base, the same other terms and the same ``S`` form a group when their
offsets lie in one window ``[o, o + S)`` at multiples of ``s`` from the lowest ``o``:
the member with offset ``o + j*s`` is member ``j`` (member 0 always exists).

The vector body reads a load group with one wide load of ``<F*VF x T>`` from member 0's
address in the first lane, at the position of the group's first load in the body, and
writes a store group with one wide store at the position of its last store (LLVM's
insert positions). Moving the members there must keep every dependence:
:func:`form_groups` sets each member's ``vector_position``, which
``memory.strided_pair_limit`` checks every strided pair against.

Gaps. A load group without member ``F-1`` reads, in the last lane, bytes past its last
member: beyond the array's end in the loop's last iteration. The vector loop then leaves
at least one iteration to the scalar epilogue (LLVM's ``requiresScalarEpilogue``):
the bytes it reads lie before the next iteration's member 0, which the scalar loop reads.
A gap in the middle is read between members that are read, so it needs nothing. A store
group with a gap (a member read and not written: RGBA premultiplied in place, alpha
kept) must not write the gap's bytes (a store the source does not make: a data race,
read-only memory): its members are computed on the wide vector as a full group's (the
gap's lanes hold whatever the computation gives there, never stored), and each struct's
written members are stored alone (:func:`write_gapped`: per struct, each run of
consecutive written members in pieces of a power of two; no masked stores, which cost
about 3 ns each on AMD's cores).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from vecverify.ir.types import VOID, IntType, StructType, Type, VectorType
from vecverify.ir.values import (
    BinOp,
    Call,
    Cast,
    ConstInt,
    ConstPoison,
    ConstVector,
    ExtractElement,
    ExtractValue,
    Freeze,
    GetElementPtr,
    ICmp,
    Instruction,
    Load,
    Phi,
    Select,
    ShuffleVector,
    Store,
    Value,
)

from ..vectorize.costs import Target
from .memory import MemAccess, access_name
from .structure import Decline

Emit = Callable[[Instruction], Instruction]  # appends an instruction to the vector code


@dataclass
class Group:
    factor: int
    is_store: bool
    members: dict[int, list[MemAccess]] = field(default_factory=dict)  # index -> its accesses
    # Packed (see PACKED_BITS): a store group written as one integer per struct, a load
    # group's members read that way (choose_packing).
    packed: bool = False
    packed_members: frozenset[int] = frozenset()

    @property
    def accesses(self) -> list[MemAccess]:
        return sorted((a for ms in self.members.values() for a in ms), key=lambda a: a.position)

    @property
    def leader(self) -> MemAccess:
        """Member 0: the wide access's address is its address in the first lane."""
        return self.members[0][0]

    @property
    def elem(self) -> Type:
        return self.leader.value_type

    @property
    def position(self) -> int:
        """Where the vector body accesses the group: its first load, its last store."""
        ps = [a.position for a in self.accesses]
        return max(ps) if self.is_store else min(ps)

    @property
    def gaps(self) -> tuple[int, ...]:
        """The members a store group does not write (none for a load group: its gaps
        are read)."""
        return tuple(j for j in range(self.factor) if j not in self.members) if self.is_store else ()

    @property
    def requires_epilogue(self) -> bool:
        return not self.is_store and (self.factor - 1) not in self.members

    def describe(self) -> str:
        n = len(self.members)
        return f"interleaved group factor {self.factor} ({n} member{'s' if n != 1 else ''})"

    def wide_type(self, vf: int, vscale: int = 0) -> VectorType:
        return VectorType(self.factor * vf, self.elem, vscale)  # type: ignore[arg-type]


def form_groups(accesses: list[MemAccess]) -> list[Group]:
    """Group the strided accesses (``kind == "strided"``) and set each one's
    ``vector_position``; raise Decline for one no group can take."""
    strided = [a for a in accesses if a.kind == "strided"]
    buckets: dict[tuple[object, ...], list[MemAccess]] = {}
    for a in strided:
        key = (id(a.access.address.base), a.rest, a.stride, a.is_store)
        buckets.setdefault(key, []).append(a)
    groups: list[Group] = []
    for members in buckets.values():
        members.sort(key=lambda a: a.offset)
        while members:
            groups.append(_one_group(members))
    for g in groups:
        _check_group(g)
        for a in g.accesses:
            a.vector_position = g.position
    return groups


def _one_group(members: list[MemAccess]) -> Group:
    """The group whose member 0 is the first of ``members`` (sorted by offset); takes
    its accesses out of ``members``."""
    first = members[0]
    s, stride = first.access.size, first.stride
    g = Group(stride // s, first.is_store)
    for a in list(members):
        j, r = divmod(a.offset - first.offset, s)
        if j >= g.factor:
            break
        if r:
            raise Decline(f"{access_name(a)} and {access_name(first)}: strided accesses at a distance that is "
                          "not a multiple of the element")
        if str(a.value_type) != str(first.value_type):
            raise Decline(f"{access_name(a)} and {access_name(first)}: strided accesses of different types")
        g.members.setdefault(j, []).append(a)
        members.remove(a)
    return g


def _check_group(g: Group) -> None:
    if g.is_store:
        dup = next((ms for ms in g.members.values() if len(ms) > 1), None)
        if dup is not None:
            raise Decline(f"{access_name(dup[0])} and {access_name(dup[1])}: two stores to one member of a group")


def group_cost(g: Group, vf: int, target: Target) -> int:
    """One wide access (a register each) and the (de)interleaving shuffles: each of the
    F vectors takes lanes from every register of the wide one; non-power-of-two factors
    cross 128-bit halves unevenly on 256-bit targets (AVX2 has no such shuffles), unless
    the wide vector fits in one half (an epilogue's few lanes: one in-lane shuffle each)."""
    wide_type = g.wide_type(vf)
    wide = target.registers(wide_type)
    wide_bits = wide_type.count * getattr(wide_type.elem, "bits", 64)
    uneven = 2 if g.factor & (g.factor - 1) and target.register_bits > 128 and wide_bits > 128 else 1
    shuffles = len(g.members) if not g.is_store else g.factor
    moves = gapped_store_cost(g, vf, target) if g.gaps else wide
    return moves + shuffles * target.shuffle * wide * uneven


def gapped_store_cost(g: Group, vf: int, target: Target) -> int:
    """The stores of a group with gaps, struct by struct (``write_group``): a store of
    each piece of each struct, and a shuffle to take it out of the wide vector (llc-22:
    ``vmovlps``/``vmovss`` of a register's low lanes, ``vextractps``/``vpextr*`` or
    ``vmovhps`` of others, a ``vextractf128`` per upper half: about one each)."""
    return vf * len(gapped_pieces(g)) * (1 + target.shuffle)


def group_of(groups: list[Group], inst: Load | Store) -> Group | None:
    return next((g for g in groups if any(a.inst is inst for a in g.accesses)), None)


# ----------------------------------------------------------------------------- code


def lane_masks(factor: int, vf: int, order: tuple[int, ...] | None = None) -> list[tuple[int, ...]]:
    """Member j's lanes of the wide vector: <j, j+F, j+2F, ...> (lane k from struct
    ``order[k]`` where an order is given)."""
    structs = order if order is not None else range(vf)
    return [tuple(j + factor * k for k in structs) for j in range(factor)]


def interleave_mask(factor: int, vf: int) -> tuple[int, ...]:
    """The wide vector's lanes from the F member vectors concatenated (member j's lane k
    is lane j*VF + k of the concatenation)."""
    return tuple(j * vf + k for k in range(vf) for j in range(factor))


# Factors whose de-interleave intrinsics the SVE cross-check covers (properties/sve_crosscheck.py).
SCALABLE_FACTORS = (2, 4)


def _intrinsic_suffix(t: VectorType) -> str:
    return f"nxv{t.count // t.vscale}{t.elem.__class__.__name__[0].lower()}{t.elem.bits}"  # type: ignore[attr-defined]


def load_group(g: Group, vf: int, ptr: Value, add: Emit, vscale: int = 0,
               order: tuple[int, ...] | None = None) -> dict[int, Value]:
    """The wide load and one strided shuffle per member: id(load) -> its vector (lane k
    the struct ``order[k]``: structorder.py; in order where None). At a ``vscale``
    (``--vla``): ``llvm.vector.deinterleave<F>`` of the wide load, a member per field."""
    wide_t = g.wide_type(vf, vscale)
    leader = g.leader.inst
    wide = add(Load(wide_t, "wide.vec", [ptr], align=leader.align))
    if vscale:
        vt = VectorType(vf, g.elem, vscale)  # type: ignore[arg-type]
        st = StructType(tuple(vt for _ in range(g.factor)))
        fields = add(Call(st, "strided.vecs", [wide],
                          callee=f"llvm.vector.deinterleave{g.factor}.{_intrinsic_suffix(wide_t)}"))
        scalable: dict[int, Value] = {}
        for j in sorted(g.members):
            member = add(ExtractValue(vt, "strided.vec", [fields], index=j))
            for a in g.members[j]:
                scalable[id(a.inst)] = member
        return scalable
    vt = VectorType(vf, g.elem)  # type: ignore[arg-type]
    container = packed_container(g)
    out: dict[int, Value] = {}
    if container is not None and g.packed_members:
        out = _unpacked_members(g, vf, wide, container, add)
    out[id(g)] = wide  # the group read whole (codegen's member-wise stores)
    masks = lane_masks(g.factor, vf, order)
    for j in sorted(set(g.members) - (g.packed_members if container is not None else set())):
        strided = add(ShuffleVector(vt, "strided.vec", [wide, ConstPoison(wide_t)], mask=masks[j]))
        for a in g.members[j]:
            out[id(a.inst)] = strided
    return out


# Packed groups. A group of F integer members of N bits with F a power of two and F*N
# one of these widths is one integer of F*N bits per struct (little-endian: member j in
# bits j*N..(j+1)*N-1): the vector body reads the wide vector as <VF x iFN> and takes
# member j as ``trunc (lshr x, j*N)``, and writes a store group as ``or`` of ``zext m_j
# << j*N``, instead of strided shuffles. x86's back end turns the shuffles of a
# <32 x i8> group (VF 8 of RGBA bytes) into two 128-bit halves, a pshufb per member and
# half, unpacks and zero-extensions (rgba_premul_u8: 1.5x LLVM 22 -O3's time at 13
# iterations); the packed form is an and or a shift per member (0.5x). Poison: a bitcast
# lane is poison where any element in it is, so a load member is its elements shuffled
# with zeros before the bitcast (poison exactly where its own element is: and the
# solver sees the scalar loop's element, where a frozen wide load gives it a different
# term under every multiplication, and the witness's queries time out), and a stored
# member is frozen before the ``or`` (a poison member would poison its struct's other
# members' bytes; the scalar loop stores poison in its own element alone).
PACKED_BITS = (16, 32, 64)


def packed_container(g: Group) -> IntType | None:
    """The integer type of one struct of ``g`` read or written whole (above), or None
    where the group is not packed: members not integers, F not a power of two, F*N not
    in PACKED_BITS."""
    elem = g.elem
    if not isinstance(elem, IntType) or elem.bits % 8 or g.factor & (g.factor - 1):
        return None
    bits = g.factor * elem.bits
    return IntType(bits) if bits in PACKED_BITS else None


def choose_packing(groups: list[Group], users: dict[int, list[Instruction]]) -> None:
    """Which groups the vector body accesses packed: where the members' values are
    widened or narrowed to the struct's integer anyway, so the packed form's shifts
    replace shuffles and extensions. A store group whose stored values are each a
    constant, a ``trunc`` or a member of a load group of the same integer type is
    packed (rgba_premul_u8: colors computed in i32, alpha copied); a load group's
    member whose uses are each an extension (``zext``, ``sext``, ``sitofp``, ``uitofp``)
    or a store into a packed group is
    read packed. Elsewhere (bytes moved between groups of other shapes, rgb_to_rgba_u8's
    and stereo_join_i16's interleaving of loaded values) the shuffles are cheaper:
    zero-extending, shifting and or-ing two 128-bit halves costs more than an unpack."""
    loads = [g for g in groups if not g.is_store and packed_container(g) is not None]

    def stored_ok(v: Value, container: IntType | None) -> bool:
        if isinstance(v, ConstInt) or isinstance(v, Cast) and v.op == "trunc":
            return True
        lg = group_of(loads, v) if isinstance(v, Load) else None
        return lg is not None and packed_container(lg) == container

    for g in groups:
        c = packed_container(g)
        g.packed = g.is_store and c is not None and not g.gaps \
            and all(stored_ok(a.inst.operands[0], c) for a in g.accesses) and not _moves_a_load_group(g, loads)

    def use_ok(u: Instruction) -> bool:
        if isinstance(u, Cast) and u.op in ("zext", "sext", "sitofp", "uitofp"):
            return True
        sg = group_of(groups, u) if isinstance(u, Store) else None
        return sg is not None and sg.packed

    for g in loads:
        g.packed_members = frozenset(j for j, ms in g.members.items()
                                     if all(use_ok(u) for a in ms for u in users.get(id(a.inst), [])))


def moved_members(lg: Group, vals: Sequence[Value | None]) -> tuple[int, ...] | None:
    """Where ``vals`` (one value per member of a store group) are loads of load group
    ``lg`` of the same factor, each a whole member: the member of ``lg`` each one is
    (the identity where the members are copied, a permutation or repetition where they
    are moved: RGBA to BGRA, stereo channels swapped); else None. A gap of a store
    group (None: any value) takes its own member where the others are copied (the
    wide vector itself), else the member before's (premultiplied RGBA's alpha
    ``<3, 3, 3, 3>``: one in-lane shuffle)."""
    if lg.is_store or lg.factor != len(vals):
        return None
    order: list[int | None] = []
    for v in vals:
        j = None if v is None else next((j for j, ms in lg.members.items() if any(a.inst is v for a in ms)), None)
        if j is None and v is not None:
            return None
        order.append(j)
    if all(j is None or j == e for e, j in enumerate(order)):
        return tuple(range(len(order)))
    filled: list[int] = []
    fill = next(j for j in order if j is not None)
    for j in order:
        fill = fill if j is None else j
        filled.append(fill)
    return tuple(filled)


def _moves_a_load_group(g: Group, loads: list[Group]) -> bool:
    """Whether store group ``g`` stores members of one load group of its factor (moved
    or copied): one shuffle of that group's wide vector then writes it (codegen's
    member-wise stores), with no freeze (a packed store freezes its members, which costs
    the shifted tail: ``tailfold.shift_decline``)."""
    vals = [g.members[j][0].inst.operands[0] for j in range(g.factor)] if len(g.members) == g.factor else []
    lg = group_of(loads, vals[0]) if vals and isinstance(vals[0], Load) else None
    return lg is not None and moved_members(lg, vals) is not None


def _splat(t: VectorType, value: int) -> ConstVector:
    return ConstVector(t, tuple(ConstInt(t.elem, value) for _ in range(t.count)))  # type: ignore[arg-type]


def _unpacked_members(g: Group, vf: int, wide: Value, container: IntType, add: Emit) -> dict[int, Value]:
    """Member j of each struct as the struct's integer with every other member's bits
    zero: a shuffle of the wide vector with zeros (member j's element at each struct's
    lowest place, little-endian), bitcast to <VF x iFN>, truncated to the member's type.
    A lane is poison exactly where member j's element is (no other member's element is
    in it), as in the scalar loop."""
    ct = VectorType(vf, container)
    vt = VectorType(vf, g.elem)  # type: ignore[arg-type]
    wide_t = g.wide_type(vf)
    zeros = ConstVector(wide_t, tuple(ConstInt(g.elem, 0) for _ in range(wide_t.count)))  # type: ignore[arg-type]
    out: dict[int, Value] = {}
    for j in sorted(g.packed_members):
        mask = tuple(e + j if e % g.factor == 0 else wide_t.count for e in range(wide_t.count))
        alone = add(ShuffleVector(wide_t, "packed.member", [wide, zeros], mask=mask))
        whole = add(Cast(ct, None, [alone], op="bitcast"))
        member = add(Cast(vt, "strided.vec", [whole], op="trunc"))
        for a in g.members[j]:
            out[id(a.inst)] = member
    return out


def _packed_store_value(g: Group, vf: int, values: list[Value], container: IntType, add: Emit) -> Value:
    """The interleaved vector of a store group as ``or`` of each (frozen) member
    zero-extended and shifted to its place, bitcast to the wide type; constant members
    are folded into one constant."""
    ct = VectorType(vf, container)
    bits = g.elem.bits  # type: ignore[attr-defined]
    mask = (1 << bits) - 1
    const_lanes = [0] * vf
    parts: list[Value] = []
    for j, v in enumerate(values):
        if isinstance(v, ConstVector) and all(isinstance(e, ConstInt) for e in v.elems):
            for k, e in enumerate(v.elems):
                const_lanes[k] |= (e.value & mask) << (j * bits)  # type: ignore[attr-defined]
            continue
        frozen = add(Freeze(v.type, "packed.fr", [v]))
        part: Value = add(Cast(ct, None, [frozen], op="zext"))
        if j:
            part = add(BinOp(ct, None, [part, _splat(ct, j * bits)], op="shl"))
        parts.append(part)
    if any(const_lanes) or not parts:
        parts.append(ConstVector(ct, tuple(ConstInt(container, c) for c in const_lanes)))
    whole = parts[0]
    for p in parts[1:]:
        whole = add(BinOp(ct, None, [whole, p], op="or"))
    return add(Cast(g.wide_type(vf), "interleaved.vec", [whole], op="bitcast"))


def end_gap(g: Group) -> int:
    """The elements after a load group's last member in each struct (0: no gap at its end)."""
    return 0 if g.is_store else g.factor - 1 - max(g.members)


def trimmed_load_group(g: Group, vf: int, ptr: Value, add: Emit,
                       order: tuple[int, ...] | None = None) -> dict[int, Value]:
    """A load group with a gap at its end, read without the last struct's gap: the
    ``E = F*VF - gap`` elements from member 0 of the first lane to the last member of
    the last, as two overlapping loads of H elements (H the largest power of two below
    E; one load of E where E is one), at 0 and at ``E - H``: both lie within the bytes
    the scalar iterations read (a struct's gap lies between members they read), so none
    reads past the last iteration's last member, and both are whole registers (a load
    of an odd count, ``<31 x i8>``, is built byte by byte on x86). Each member's
    shuffle takes its lanes from the two: element e from the first where e < H, else
    from the second at ``e - (E - H)`` (lane k from struct ``order[k]`` where given)."""
    gap = end_gap(g)
    total = g.factor * vf - gap
    half = 1 << (total.bit_length() - 1)
    leader = g.leader.inst
    vt = VectorType(vf, g.elem)  # type: ignore[arg-type]
    ht = VectorType(half, g.elem)  # type: ignore[arg-type]
    lo = add(Load(ht, "wide.vec.lo", [ptr], align=leader.align))
    hi, shift = lo, 0
    if half < total:
        shift = total - half
        at = add(GetElementPtr(ptr.type, "wide.hi.ptr", [ptr, ConstInt(IntType(64), shift)], source_type=g.elem))
        hi = add(Load(ht, "wide.vec.hi", [at], align=_align_at(leader.align, shift * int(getattr(g.elem, "byte_size", 1)))))
    masks = lane_masks(g.factor, vf, order)
    out: dict[int, Value] = {}
    for j in sorted(g.members):
        lanes = tuple(e if e < half else half + e - shift for e in masks[j])
        strided = add(ShuffleVector(vt, "strided.vec", [lo, hi], mask=lanes))
        for a in g.members[j]:
            out[id(a.inst)] = strided
    return out


def _align_at(align: int, offset: int) -> int:
    """The alignment known at ``offset`` bytes from an address aligned to ``align``."""
    a = max(align, 1)
    while offset % a:
        a //= 2
    return a


def store_group(g: Group, vf: int, values: list[Value], ptr: Value, add: Emit, vscale: int = 0) -> None:
    """The F member vectors concatenated, interleaved by one shuffle, one wide store
    (at a ``vscale``: ``llvm.vector.interleave<F>`` of the members). A gap's member is
    poison in ``values``; the group is then written struct by struct (``write_group``)."""
    if vscale:
        assert not g.gaps  # (codegen declines gapped store groups at a vscale)
        wide_s = g.wide_type(vf, vscale)
        inter_s = add(Call(wide_s, "interleaved.vec", list(values),
                           callee=f"llvm.vector.interleave{g.factor}.{_intrinsic_suffix(wide_s)}"))
        add(Store(VOID, None, [inter_s, ptr], align=g.leader.inst.align))
        return
    wide_t = g.wide_type(vf)
    container = packed_container(g)
    if container is not None and g.packed:
        add(Store(VOID, None, [_packed_store_value(g, vf, values, container, add), ptr], align=g.leader.inst.align))
        return
    constant = {j: v for j, v in enumerate(values) if isinstance(v, ConstVector)}
    if constant and len(constant) < len(values):
        # A constant member (``rgba[4*i+3] = 255``) joins after the interleave, as a
        # select of the constant's lanes: concatenated with the others, x86's back end
        # builds the interleaved vector lane by lane where the members are narrower than
        # 64 bits (rgb_to_rgba_u8's 4-lane epilogue: 20 byte inserts and extracts, 3x
        # LLVM's time at 13 iterations; with the select: one shuffle and an or).
        values = [ConstPoison(v.type) if j in constant else v for j, v in enumerate(values)]
    first, second = _halves(values, add)
    inter: Value
    if g.factor == 2 and vf == 4 and g.elem.bits == 64:  # type: ignore[attr-defined]
        inter = _interleaved_by_lanes(wide_t, first, second, add)
    else:
        inter = add(ShuffleVector(wide_t, "interleaved.vec", [first, second], mask=interleave_mask(g.factor, vf)))
    if constant and len(constant) < len(values):
        inter = _blend_constants(wide_t, g.factor, vf, constant, inter, add)
    write_group(g, vf, inter, ptr, add)


def write_group(g: Group, vf: int, wide: Value, ptr: Value, add: Emit) -> None:
    """Store ``wide`` (the group's F*VF elements interleaved, struct k at lanes k*F ..
    k*F + F-1) at ``ptr`` (member 0 of the first struct): one wide store, or where the
    group has gaps (``Group.gaps``), only the written members, struct by struct
    (``gapped_pieces``): a store of a power of two of consecutive members, or one
    element, each taken out of ``wide`` by a shuffle (an ``extractelement``). The gaps'
    bytes are not written (the source does not write them: another thread may, or they
    may be read-only), whatever ``wide`` holds there."""
    align = g.leader.inst.align
    if not g.gaps:
        add(Store(VOID, None, [wide, ptr], align=align))
        return
    elem_bytes = int(getattr(g.elem, "byte_size", 1))
    for k in range(vf):
        for start, count in gapped_pieces(g):
            at = k * g.factor + start
            piece: Value
            if count == 1:
                piece = add(ExtractElement(g.elem, "gapped.elem", [wide, ConstInt(IntType(32), at)]))
            else:
                piece = add(ShuffleVector(VectorType(count, g.elem), "gapped.piece",  # type: ignore[arg-type]
                                          [wide, ConstPoison(wide.type)], mask=tuple(range(at, at + count))))
            addr = ptr if at == 0 else add(GetElementPtr(ptr.type, "gapped.ptr", [ptr, ConstInt(IntType(64), at)],
                                                          source_type=g.elem))
            add(Store(VOID, None, [piece, addr], align=_align_at(align, at * elem_bytes)))


def gapped_pieces(g: Group) -> list[tuple[int, int]]:
    """(first member, count) of each store a struct of a gapped store group gets: each
    run of consecutive written members split into powers of two, widest first (members
    0, 1, 2 of 4: (0, 2), (2, 1); members 0, 2, 3: (0, 1), (2, 2))."""
    pieces: list[tuple[int, int]] = []
    j = 0
    while j < g.factor:
        if j not in g.members:
            j += 1
            continue
        run = next((e for e in range(j, g.factor) if e not in g.members), g.factor) - j
        while run:
            count = 1 << (run.bit_length() - 1)
            pieces.append((j, count))
            j, run = j + count, run - count
    return pieces


def _interleaved_by_lanes(wide_t: VectorType, first: Value, second: Value, add: Emit) -> Value:
    """Two members of 4 64-bit elements (complex doubles at VF 4) interleaved within each
    128-bit lane (``interleaved.lo``: lanes 0 and 2 of each member, ``interleaved.hi``:
    1 and 3; x86's unpcklpd/unpckhpd), then the lanes put in order (one vinsertf128 and
    one vperm2f128): the one shuffle <0, 4, 1, 5, ...> took x86's back end five shuffles
    and a blend, as in LLVM 22 -O3's code (cmul_f64 at 101 iterations: 0.87 of LLVM's
    time against 1.01)."""
    half = VectorType(4, wide_t.elem)
    lo = add(ShuffleVector(half, "interleaved.lo", [first, second], mask=(0, 4, 2, 6)))
    hi = add(ShuffleVector(half, "interleaved.hi", [first, second], mask=(1, 5, 3, 7)))
    return add(ShuffleVector(wide_t, "interleaved.vec", [lo, hi], mask=(0, 1, 4, 5, 2, 3, 6, 7)))


def _blend_constants(wide_t: VectorType, factor: int, vf: int, constant: dict[int, ConstVector], inter: Value,
                     add: Emit) -> Value:
    """``select`` of the interleaved vector (lane k*F + j: member j's lane k) with the
    constant members' lanes: lane k*F + j from constant member j where there is one."""
    some = next(iter(constant.values()))
    bool_t = IntType(1)
    cond, lanes = [], []
    for k in range(vf):
        for j in range(factor):
            member = constant.get(j)
            cond.append(ConstInt(bool_t, int(member is not None)))
            lanes.append((member or some).elems[k])
    mask = ConstVector(VectorType(wide_t.count, bool_t), tuple(cond))  # type: ignore[arg-type]
    return add(Select(wide_t, "interleaved.const", [mask, ConstVector(wide_t, tuple(lanes)), inter]))


def _halves(values: list[Value], add: Emit) -> tuple[Value, Value]:
    """Two vectors of equal length whose concatenation starts with all lanes of
    ``values`` in order, concatenated pairwise (LLVM's concatenateVectors) up to the last
    step: the interleaving shuffle reads the two halves itself (InstCombine's form of
    LLVM's concatenation and interleave). With the concatenation a shuffle of its own,
    x86's back end wrote a <8 x float> factor-2 group as vinsertf128 + vpermps and one
    32-byte store, which the next 16-byte loads of an in-place loop cannot forward from
    (cscale in place: 1.25x LLVM 22 -O3 at 13 iterations); now unpcklps/unpckhps and two
    16-byte stores, as LLVM's. A shorter second half is widened with poison lanes."""
    vs = list(values)
    while len(vs) > 2:
        nxt: list[Value] = []
        for k in range(0, len(vs) - 1, 2):
            a, b = vs[k], vs[k + 1]
            na, nb = _count(a), _count(b)
            b = _widened(b, na, add)
            t = VectorType(na + nb, a.type.elem)  # type: ignore[attr-defined]
            nxt.append(add(ShuffleVector(t, None, [a, b], mask=tuple(range(na)) + tuple(na + x for x in range(nb)))))
        if len(vs) % 2:
            nxt.append(vs[-1])
        vs = nxt
    a, b = vs
    return a, _widened(b, _count(a), add)


def _widened(v: Value, lanes: int, add: Emit) -> Value:
    """``v`` with poison lanes after its own up to ``lanes`` (itself where it has them)."""
    n = _count(v)
    if n >= lanes:
        return v
    return add(ShuffleVector(VectorType(lanes, v.type.elem), None, [v, ConstPoison(v.type)],  # type: ignore[attr-defined]
                             mask=tuple(x if x < n else None for x in range(lanes))))


def _count(v: Value) -> int:
    assert isinstance(v.type, VectorType)
    return v.type.count


def keep_last_iteration(rem: Value, vf: int | Value, add: Emit) -> Value:
    """``n.vec = tc - rem`` with rem = VF where tc % VF == 0: the vector loop leaves at
    least one iteration to the scalar epilogue (LLVM's requiresScalarEpilogue). ``vf``:
    the lanes, or their value (vscale x N)."""
    t = rem.type
    zero = add(ICmp(IntType(1), "is.zero.rem", [rem, ConstInt(t, 0)], pred="eq"))  # type: ignore[arg-type]
    lanes = ConstInt(t, vf) if isinstance(vf, int) else vf  # type: ignore[arg-type]
    return add(Select(t, "n.rem", [zero, lanes, rem]))


# ----------------------------------------------------------------------------- witness


def next_iteration_reads(groups: list[Group], body: list[Instruction]) -> list[Instruction]:
    """What the witness's step runs of the iteration after the VF it covers, for each
    load group with a gap at its end: member 0's load and its address arithmetic (in
    body order). The scalar loop runs that iteration (the vector loop leaves at least
    one to the epilogue), so the load is UB there exactly when the wide load's last bytes
    may be out of bounds; its value is not used."""
    wanted: set[int] = set()
    for g in groups:
        if not g.requires_epilogue:
            continue
        stack: list[Value] = [g.leader.inst]
        while stack:
            v = stack.pop()
            if isinstance(v, Instruction) and id(v) not in wanted and any(v is b for b in body):
                wanted.add(id(v))
                stack += v.operands
    return [i for i in body if id(i) in wanted and not isinstance(i, Phi)]
