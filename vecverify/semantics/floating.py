"""Floating-point instructions and intrinsics, per the LangRef.

Values are IEEE-754 encodings (bit-vectors); arithmetic converts to Z3's floating-point
theory, rounds to nearest-even (the default environment), and converts back. When IEEE
says the result is a NaN, LangRef's rule ("Behavior of Floating-Point NaN values")
decides its bits: a nondeterministic sign, and a quiet bit and payload chosen among the
preferred NaN (quiet, payload zero), the payload of any NaN operand quieted, or (for
operations that keep the format) the NaN operand unchanged; x86 and ARM add no
target-specific payloads. Operations LangRef calls bitwise (fneg, fabs, copysign) never
touch NaN bits.

Fast-math flags: ``nnan``/``ninf`` make the result poison when an operand or the result
is a NaN / an infinity; ``nsz`` makes the sign of a zero result, and of a zero operand,
nondeterministic (on min/max it only lets the two zeros go unordered). The others
license approximations (LangRef, "Fast-Math Flags"); each is modelled where it has an
effect or reported unsupported there, by name (``_check_flags``):

* ``arcp`` ("use the reciprocal of an argument rather than dividing") and ``afn``
  ("approximate functions") change nothing on an instruction that neither divides nor
  computes a function: fadd, fsub, fmul, fneg, fcmp, select, phi and the conversions.
  On fdiv, frem and every call they are unsupported (reciprocals, approximate math
  functions; AMDGPU reads afn on fdiv as an approximate division).
* ``contract`` ("allow floating-point contraction, e.g. fusing a multiply followed by an
  addition into a fused multiply-and-add"; it does not license reassociation): an
  ``fadd``/``fsub contract`` one of whose operands is an ``fmul contract`` may be
  computed fused, rounded once (``_fused``): a nondeterministic choice per lane, keyed
  like a NaN choice (``llvm.fmuladd``'s key for the same operands, so the two pair up).
  The executor hands the semantics the operands the fmul read (Context.products). The
  fmul's own result, its poison, and the fadd's flags on its operands are those of the
  unfused program; the fadd's result flags apply to the chosen result. Contraction
  through an fneg or a conversion (``fadd contract (fneg (fmul contract ..))``, through
  fpext) is not modelled: unsupported. On fcmp, select, phi and the int/float
  conversions contract has no effect; on fneg, fpext, fptrunc (links of such a
  contraction), fdiv, frem and calls it is unsupported. A phi or a select between the
  fmul and the fadd is a barrier (no fusion through it: the code generator never fuses
  across one).
* ``reassoc`` stays unsupported in the semantics: the loop witness's fold algebra
  (transforms/loop/folds.py) and the reassociation model (transforms/rules) account for
  it where reductions are reordered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import z3

from ..ir.floats import DenormalMode
from ..ir.types import FloatType, IntType, StructType, Type
from ..ir.values import ConstInt, Instruction
from ..terms import simplify
from .core import FALSE, Context, Lane, SymValue, any_of, intrinsic_base_name, semantics, text_attr

RNE = z3.RNE()
RTZ = z3.RTZ()
# The fast-math flags that license approximations (the reader expands ``fast`` into all:
# one left as it is stands for them all, reassoc among them).
APPROXIMATING_FAST_MATH = ("reassoc", "arcp", "contract", "afn", "fast")
# Opcodes that neither divide nor compute a math function: arcp and afn change nothing there.
_NO_DIVISION_OR_FUNCTION = frozenset({"fadd", "fsub", "fmul", "fneg", "fcmp", "select", "phi", "fpext", "fptrunc",
                                      "sitofp", "uitofp", "fptosi", "fptoui"})
# Where each approximating flag is modelled (contract on fadd/fsub/fmul: the fusion
# choice) or has no effect; anywhere else it is reported unsupported.
MODELLED_FAST_MATH: dict[str, frozenset[str]] = {
    "arcp": _NO_DIVISION_OR_FUNCTION,
    "afn": _NO_DIVISION_OR_FUNCTION,
    "contract": frozenset({"fadd", "fsub", "fmul", "fcmp", "select", "phi", "sitofp", "uitofp", "fptosi", "fptoui"}),
    "reassoc": frozenset(),
    "fast": frozenset(),
}


# ----------------------------------------------------------------------------- encoding


def sort_of(t: FloatType) -> z3.FPSortRef:
    return z3.FPSort(t.ebits, t.sbits)


def to_fp(bits: z3.BitVecRef, t: FloatType) -> z3.FPRef:
    return z3.fpBVToFP(bits, sort_of(t))


def is_nan_bits(bits: z3.BitVecRef, t: FloatType) -> z3.BoolRef:
    m = t.sbits - 1
    exp = z3.Extract(t.bits - 2, m, bits)
    frac = z3.Extract(m - 1, 0, bits)
    return z3.And(exp == (1 << t.ebits) - 1, frac != 0)


def is_snan_bits(bits: z3.BitVecRef, t: FloatType) -> z3.BoolRef:
    """A signalling NaN: a NaN with the quiet bit (the top fraction bit) clear."""
    return z3.And(is_nan_bits(bits, t), z3.Extract(t.sbits - 2, t.sbits - 2, bits) == 0)


def is_inf_bits(bits: z3.BitVecRef, t: FloatType) -> z3.BoolRef:
    m = t.sbits - 1
    return z3.And(z3.Extract(t.bits - 2, m, bits) == (1 << t.ebits) - 1, z3.Extract(m - 1, 0, bits) == 0)


def quiet_bit(t: FloatType) -> int:
    return 1 << (t.sbits - 2)


def preferred_nan(t: FloatType) -> int:
    """Quiet, payload zero, positive."""
    return (((1 << t.ebits) - 1) << (t.sbits - 1)) | quiet_bit(t)


def _floating(t: Type) -> FloatType:
    s = t.scalar
    if not isinstance(s, FloatType):
        raise TypeError(f"{t} is not a floating-point type")
    return s


class NaNChoice:
    """Builds the bits of a NaN result from a nondeterministic choice.

    The choice is the result's bits themselves: a value that is one of the allowed NaNs
    (any sign) is taken as it is, any other value stands for the preferred NaN (with the
    chosen sign). Choosing bits rather than an index into a list of options keeps the
    encoding symmetric in the operands, so that a commuted operation can match the
    original's choice exactly.
    """

    def __init__(self, ctx: Context, t: FloatType):
        self.ctx = ctx
        self.t = t

    def bits(self, inputs: Sequence[tuple[z3.BitVecRef, FloatType]], keep_format: bool,
             key: int | None = None) -> z3.BitVecRef:
        """A NaN of type ``self.t``; ``inputs`` are the operands (bits, type) whose NaN
        payloads may propagate, quieted or unchanged (for a conversion: resized, when that
        leaves a NaN); ``keep_format`` False leaves out unchanged same-format operands."""
        t = self.t
        chosen = self.ctx.fresh("nan", t.bits, key)
        magnitude = z3.Extract(t.bits - 2, 0, chosen)
        allowed = [magnitude == preferred_nan(t)]
        for bits, src_t in inputs:
            payload = _convert_payload(bits, src_t, t)
            nan = is_nan_bits(bits, src_t)
            allowed.append(z3.And(nan, magnitude == z3.Extract(t.bits - 2, 0, payload | quiet_bit(t))))
            if src_t == t and keep_format:
                allowed.append(z3.And(nan, magnitude == z3.Extract(t.bits - 2, 0, bits)))
            elif src_t != t:  # a conversion copies the quiet bit and (resized) payload, if still a NaN
                allowed.append(
                    z3.And(nan, is_nan_bits(payload, t), magnitude == z3.Extract(t.bits - 2, 0, payload))
                )
        sign = z3.Extract(t.bits - 1, t.bits - 1, chosen)
        preferred = z3.Concat(sign, z3.BitVecVal(preferred_nan(t), t.bits - 1))
        return z3.If(any_of(allowed), chosen, preferred)


def _convert_payload(bits: z3.BitVecRef, src: FloatType, dst: FloatType) -> z3.BitVecRef:
    """The NaN's quiet bit and payload moved to ``dst``'s fraction (top bits kept), as a
    NaN of ``dst`` with a positive sign."""
    sm, dm = src.sbits - 1, dst.sbits - 1
    frac = z3.Extract(sm - 1, 0, bits)
    if dm > sm:
        frac = z3.Concat(frac, z3.BitVecVal(0, dm - sm))
    elif dm < sm:
        frac = z3.Extract(sm - 1, sm - dm, frac)
    exp = z3.BitVecVal((1 << dst.ebits) - 1, dst.ebits)
    return z3.Concat(z3.BitVecVal(0, 1), exp, frac)


def from_fp(
    ctx: Context, r: z3.FPRef, t: FloatType, inputs: Sequence[tuple[z3.BitVecRef, FloatType]], keep_format: bool = True
) -> z3.BitVecRef:
    """The encoding of an arithmetic result, with LangRef's NaN rule."""
    r = _commuted(ctx, r)
    bits = z3.fpToIEEEBV(r)
    simplified = simplify(z3.fpIsNaN(r))
    if z3.is_false(simplified):
        return bits
    return z3.If(z3.fpIsNaN(r), NaNChoice(ctx, t).bits(inputs, keep_format, key=choice_key(ctx, r)), bits)


_COMMUTATIVE_FP = (z3.Z3_OP_FPA_ADD, z3.Z3_OP_FPA_MUL)


def _commuted(ctx: Context, r: z3.FPRef) -> z3.FPRef:
    """An fadd or fmul with its operands in the order of their simplified forms (each
    earlier keyed result replaced by its stand-in, as in choice_key, and every other
    choice by one named after its kind): a computation
    both sides make, from operands built differently (an element read as a vector
    lane, ``base + 4``, or at ``base | 1``), is then the very same term on both sides.
    (_canonical orders the operands before: by the terms as built.)"""
    if r.decl().kind() not in _COMMUTATIVE_FP:
        return r
    rm, a, b = r.children()
    fa, fb = (ctx.stand_ins.shape_hash(simplify(ctx.stand_ins.apply(x))) for x in (a, b))
    if fa > fb:
        return r.decl()(rm, b, a)
    return r


def choice_key(ctx: Context, r: z3.FPRef) -> int:
    """The key of the NaN choice made for ``r``, equal on both sides for the same
    computation: ``r`` with every earlier keyed choice in it replaced by a stand-in named
    after that choice's key (and every earlier keyed term by its stand-in, every other
    choice, an undef use's, say, by one named after its kind), commutative
    operands in a fixed order, the whole simplified; then its structural hash, blind to the
    order of commutative arguments (StandIns.shape_hash). A chain of float operations
    thus pairs up at every depth, although each side makes choices of its own names
    and orders fadd/fmul operands by term ids. Only a search hint (see Context)."""
    stand_in = ctx.stand_ins.apply(r)
    # Simplified: the sides may compute an operand's address differently (an element
    # read as a vector lane, ``base + 4``, or at ``base | 1``: the same address).
    stand_in = simplify(stand_in)
    ctx.stand_ins.add(r, stand_in)
    # (in a process with another history the simplifier may order commutative
    # arguments otherwise: the hash does not see their order)
    return ctx.stand_ins.shape_hash(stand_in)


def _canonical(a: z3.FPRef, b: z3.FPRef) -> tuple[z3.FPRef, z3.FPRef]:
    """The operands of a commutative operation in a fixed order: by Z3's structural hash
    (the same in every process, unlike term ids, so a check builds the same formula each
    time it runs), by id on a tie."""
    return (a, b) if (a.hash(), a.get_id()) <= (b.hash(), b.get_id()) else (b, a)


# ----------------------------------------------------------------------------- flags


def _check_flags(ctx: Context, inst: Instruction) -> frozenset[str]:
    """The instruction's flags, after raising Unsupported for an approximating fast-math
    flag where it is not modelled (MODELLED_FAST_MATH)."""
    flags: frozenset[str] = getattr(inst, "flags", frozenset())
    opcode = inst.opcode
    for f in APPROXIMATING_FAST_MATH:
        if f in flags and opcode not in MODELLED_FAST_MATH[f]:
            where = f"@{text_attr(inst, 'callee')}" if opcode == "call" else opcode
            raise ctx.unsupported(f"fast-math flag {f} on {where}")
    return flags


def _flag_poison(
    flags: frozenset[str], t: FloatType, operands: Sequence[z3.BitVecRef], result: z3.BitVecRef | None
) -> z3.BoolRef:
    conds = []
    values = list(operands) + ([result] if result is not None else [])
    if "nnan" in flags:
        conds += [is_nan_bits(v, t) for v in values]
    if "ninf" in flags:
        conds += [is_inf_bits(v, t) for v in values]
    return any_of(conds)


def _no_signed_zero(ctx: Context, flags: frozenset[str], t: FloatType, bits: z3.BitVecRef) -> z3.BitVecRef:
    """nsz: a zero (result, or operand) may have either sign.

    On operands this is only needed where an operand's zero sign shows in a result that
    is not itself a zero or a NaN (whose sign is free anyway): the divisor of fdiv
    (1 / -0 = -inf) and the sign operand of copysign. Everywhere else the zero result's
    free sign already covers it, so no choice is made there (smaller terms)."""
    if "nsz" not in flags:
        return bits
    magnitude = z3.Extract(t.bits - 2, 0, bits)
    sign = ctx.fresh("nsz.sign", 1)
    return z3.If(magnitude == 0, z3.Concat(sign, magnitude), bits)


def result_flags(ctx: Context, inst: Instruction, flags: frozenset[str], value: SymValue) -> SymValue:
    """Fast-math flags on an instruction that only chooses a value (select, phi): they
    constrain its result (nnan/ninf: poison; nsz: a zero may have either sign)."""
    _check_flags(ctx, inst)
    t = _floating(inst.type)
    out = []
    for lane in value:
        bits = _no_signed_zero(ctx, flags, t, lane.value)
        out.append(Lane(bits, z3.Or(lane.poison, _flag_poison(flags, t, [], bits))))
    return tuple(out)


# ----------------------------------------------------------------------------- denormals

# The codes of a dynamic denormal mode (a part of the environment shared by source and
# target); code 3 stands for IEEE too.
_DYNAMIC_KINDS = ("ieee", "preservesign", "positivezero")


def denormal_kind_name(code: int) -> str:
    """The kind a dynamic denormal mode's ``code`` stands for."""
    return _DYNAMIC_KINDS[code] if code < len(_DYNAMIC_KINDS) else "ieee"


def is_subnormal_bits(bits: z3.BitVecRef, t: FloatType) -> z3.BoolRef:
    m = t.sbits - 1
    return z3.And(z3.Extract(t.bits - 2, m, bits) == 0, z3.Extract(m - 1, 0, bits) != 0)


def flush_denormal(ctx: Context, bits: z3.BitVecRef, t: FloatType, direction: str) -> z3.BitVecRef:
    """An operand (``direction`` "input") or result ("output") of a floating-point
    operation under the function's denormal mode. LangRef: with preservesign or
    positivezero a subnormal *may* be flushed to zero (not mandated), to a zero of its
    own sign or to +0.0; dynamic is one of the three, chosen by the environment."""
    mode = ctx.denormal.for_type(t)
    kind = mode.output if direction == "output" else mode.input
    if kind == "ieee":
        return bits
    subnormal = is_subnormal_bits(bits, t)
    if z3.is_false(simplify(subnormal)):
        return bits
    positive_zero = z3.BitVecVal(0, t.bits)
    signed_zero = z3.Concat(z3.Extract(t.bits - 1, t.bits - 1, bits), z3.BitVecVal(0, t.bits - 1))
    may_flush = ctx.fresh_bool(f"denormal.{direction}")
    if kind == "positivezero":
        zero = positive_zero
    elif kind == "preservesign":
        zero = signed_zero
    else:
        which = "f32" if ctx.denormal.f32 is not None and t.bits == 32 else "default"
        code = ctx.environment_value(f"fp.denormal.{which}.{direction}", 2, default=0)  # native: IEEE
        zero = z3.If(code == 2, positive_zero, signed_zero)
        may_flush = z3.And(may_flush, z3.Or(code == 1, code == 2))
    return z3.If(z3.And(subnormal, may_flush), zero, bits)


def _lanewise(
    ctx: Context,
    inst: Instruction,
    args: list[SymValue],
    t: FloatType,
    compute: Callable[..., z3.BitVecRef],
    flag_operands: bool = True,
    nsz_operands: Sequence[int] = (),
    nsz_result: bool = True,
    bitwise: bool = False,
    indexed: bool = False,
) -> SymValue:
    """Apply ``compute`` lane by lane with poison propagation and the fast-math flags;
    under nsz, the operands at ``nsz_operands`` and (if ``nsz_result``) the result have
    a free zero sign. Operands and result of an operation that is not ``bitwise`` go
    through the function's denormal mode. ``indexed``: ``compute`` also gets the lane's
    index."""
    flags = _check_flags(ctx, inst)
    out = []
    for index, lanes in enumerate(zip(*args, strict=True)):
        values = [lane.value for lane in lanes]
        operands = [_no_signed_zero(ctx, flags, t, v) if i in nsz_operands else v for i, v in enumerate(values)]
        if not bitwise:
            operands = [flush_denormal(ctx, v, t, "input") for v in operands]
        bits = compute(operands, index) if indexed else compute(operands)
        if not bitwise:
            bits = flush_denormal(ctx, bits, t, "output")
        if nsz_result:
            bits = _no_signed_zero(ctx, flags, t, bits)
        poison = any_of([lane.poison for lane in lanes] + [_flag_poison(flags, t, values if flag_operands else [], bits)])
        out.append(Lane(bits, poison))
    return tuple(out)


# ----------------------------------------------------------------------------- arithmetic


def _fmod(x: z3.FPRef, y: z3.FPRef) -> z3.FPRef:
    """C's fmod (LLVM's frem): the remainder of the division truncated toward zero, with
    the sign of x. From IEEE's remainder (division rounded to nearest): where its sign
    differs from x's, move it by |y|; the result is exact, so the addition rounds to it."""
    r = z3.fpRem(x, y)
    ay = z3.fpAbs(y)
    fix_up = z3.And(z3.Not(z3.fpIsZero(r)), z3.fpIsNegative(r) != z3.fpIsNegative(x))
    adjusted = z3.If(z3.fpIsNegative(x), z3.fpSub(RNE, r, ay), z3.fpAdd(RNE, r, ay))
    moved = z3.If(fix_up, adjusted, r)
    # A zero remainder takes x's sign.
    zero = z3.If(z3.fpIsNegative(x), z3.fpMinusZero(x.sort()), z3.fpPlusZero(x.sort()))
    return z3.If(z3.fpIsZero(moved), zero, moved)


_BINARY: dict[str, Callable[[z3.FPRef, z3.FPRef], z3.FPRef]] = {
    # fadd and fmul are commutative (IEEE 754, and the NaN rule is symmetric): operands
    # in a canonical order make a commuted operation the very same term, which the
    # refinement check then pairs with the original (and Z3 need not prove a + b = b + a).
    "fadd": lambda a, b: z3.fpAdd(RNE, *_canonical(a, b)),
    "fsub": lambda a, b: z3.fpSub(RNE, a, b),
    "fmul": lambda a, b: z3.fpMul(RNE, *_canonical(a, b)),
    "fdiv": lambda a, b: z3.fpDiv(RNE, a, b),
    "frem": _fmod,
}


def exact_reciprocal(bits: int, t: FloatType) -> int | None:
    """The encoding of 1/x when x (an encoding) is a power of two whose reciprocal is
    exactly representable in ``t`` (normal or subnormal); None otherwise."""
    m = t.sbits - 1
    bias = (1 << (t.ebits - 1)) - 1
    sign = bits >> (t.bits - 1)
    field = (bits >> m) & ((1 << t.ebits) - 1)
    frac = bits & ((1 << m) - 1)
    if field == (1 << t.ebits) - 1:
        return None  # infinity or NaN
    if field:
        if frac:
            return None
        exponent = field - bias
    elif frac and frac & (frac - 1) == 0:  # a subnormal power of two
        exponent = frac.bit_length() - 1 - m + 1 - bias
    else:
        return None
    e = -exponent
    if 1 - bias <= e <= bias:
        encoded = (e + bias) << m
    elif 1 - bias - m <= e < 1 - bias:
        encoded = 1 << (e - (1 - bias - m))
    else:
        return None
    return (sign << (t.bits - 1)) | encoded


def _divide(a: z3.BitVecRef, b: z3.BitVecRef, t: FloatType) -> z3.FPRef:
    """fdiv. Dividing by a constant power of two is multiplying by its reciprocal when
    that is exact: both round the same real number (and NaN, infinity and zero cases
    agree), so the term is written as the product, which Z3 decides far faster than a
    divider and which is the very term a vectorizer's `fmul x, 2^-k` gives."""
    divisor = simplify(b)
    if z3.is_bv_value(divisor):
        reciprocal = exact_reciprocal(divisor.as_long(), t)
        if reciprocal is not None:
            return z3.fpMul(RNE, *_canonical(to_fp(a, t), to_fp(z3.BitVecVal(reciprocal, t.bits), t)))
    return z3.fpDiv(RNE, to_fp(a, t), to_fp(b, t))


@semantics(*_BINARY)
def _fp_binop(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = _floating(inst.type)
    op = _BINARY[inst.opcode]
    products, ctx.products = ctx.products, {}

    def compute(v: list[z3.BitVecRef], lane: int) -> z3.BitVecRef:
        if inst.opcode == "fdiv":
            r = _divide(v[0], v[1], t)
        else:
            r = op(to_fp(v[0], t), to_fp(v[1], t))
        result = from_fp(ctx, r, t, [(v[0], t), (v[1], t)])
        for k, (xs, ys) in sorted(products.items(), reverse=True):
            result = _fused(ctx, inst.opcode, k, xs[lane].value, ys[lane].value, v[1 - k], t, result)
        return result

    if products and ctx.denormal.for_type(t) != DenormalMode():
        raise ctx.unsupported(f"fast-math flag contract on {inst.opcode} under a non-IEEE denormal mode")
    return _lanewise(ctx, inst, args, t, compute, nsz_operands=(1,) if inst.opcode == "fdiv" else (), indexed=True)


def fusable_operands(ctx: Context, inst: Instruction) -> list[int]:
    """The operands of an ``fadd``/``fsub contract`` that are an ``fmul contract`` it may
    be fused with (LangRef: contraction). Raises Unsupported where a contraction this
    does not model may apply: an operand that is an fneg or a conversion of an ``fmul
    contract``."""
    if inst.opcode not in ("fadd", "fsub") or "contract" not in getattr(inst, "flags", frozenset()):
        return []
    out = []
    for k, op in enumerate(inst.operands):
        if is_contractable_product(op):
            out.append(k)
        elif isinstance(op, Instruction) and op.opcode in ("fneg", "fpext", "fptrunc") \
                and is_contractable_product(op.operands[0]):
            raise ctx.unsupported(f"fast-math flag contract: {inst.opcode} of an {op.opcode} of an fmul contract "
                                  "(a contraction through it is not modelled)")
    return out


def is_contractable_product(v: object) -> bool:
    """An ``fmul contract``: a product an fadd/fsub contract using it may fuse."""
    return isinstance(v, Instruction) and v.opcode == "fmul" and "contract" in getattr(v, "flags", frozenset())


def _fused(ctx: Context, opcode: str, k: int, x: z3.BitVecRef, y: z3.BitVecRef, other: z3.BitVecRef, t: FloatType,
           unfused: z3.BitVecRef) -> z3.BitVecRef:
    """The result of ``opcode`` (fadd or fsub) whose operand ``k`` is the product x * y:
    ``unfused``, or (a nondeterministic choice) the exact x * y added to (fsub: taken
    from, or minus) ``other`` and rounded once: fma(x, y, other), fma(-x, y, other) or
    fma(x, y, -other)."""
    if opcode == "fsub":  # negated as fneg does (the sign bit), as a target's fneg + fma would
        sign = z3.BitVecVal(1 << (t.bits - 1), t.bits)
        if k == 1:
            x = x ^ sign
        else:
            other = other ^ sign
    fma = z3.fpFMA(RNE, to_fp(x, t), to_fp(y, t), to_fp(other, t))
    fused = from_fp(ctx, fma, t, [(x, t), (y, t), (other, t)])
    # Keyed as llvm.fmuladd keys its fusion choice: the same fused computation on the
    # other side offers its choice first (a search hint only).
    key = (choice_key(ctx, fma) * 1_000_003 + 1) & 0xFFFFFFFF
    return z3.If(ctx.fresh("contract.fused", 1, key) == 1, fused, unfused)


# ----------------------------------------------------------------------------- constrained

# The rounding modes of constrained intrinsics' metadata, in the order of the codes the
# dynamic rounding mode (a part of the environment shared by source and target) takes;
# codes past the last stand for it too.
_ROUNDING_MODES = {"round.tonearest": RNE, "round.tonearestaway": z3.RNA(), "round.upward": z3.RTP(),
                   "round.downward": z3.RTN(), "round.towardzero": RTZ}
ROUNDING_MODE_BITS = 3


def rounding_mode_name(code: int) -> str:
    """The metadata name of the dynamic rounding mode's ``code``."""
    names = list(_ROUNDING_MODES)
    return names[min(code, len(names) - 1)]


def _rounding(ctx: Context, inst: Instruction) -> z3.FPRMRef:
    """The rounding mode a constrained intrinsic computes in. ``round.dynamic`` is the
    mode in effect; any other is an assumption about it, and LangRef makes a call whose
    assumption is false undefined behaviour."""
    fp_env: tuple[str, str] | None = getattr(inst, "fp_env", None)
    assert fp_env is not None
    names = list(_ROUNDING_MODES)
    raw = ctx.environment_value("fp.rounding_mode", ROUNDING_MODE_BITS, default=0)  # to nearest
    current = z3.If(z3.ULE(raw, len(names) - 1), raw, len(names) - 1)
    if fp_env[0] != "round.dynamic":
        ctx.ub(current != names.index(fp_env[0]))
        return _ROUNDING_MODES[fp_env[0]]
    rm: z3.FPRMRef = _ROUNDING_MODES[names[-1]]
    for k in reversed(range(len(names) - 1)):
        rm = z3.If(current == k, _ROUNDING_MODES[names[k]], rm)
    return rm


_CONSTRAINED: dict[str, Callable[[z3.FPRMRef, list[z3.FPRef]], z3.FPRef]] = {
    "fadd": lambda rm, v: z3.fpAdd(rm, *_canonical(v[0], v[1])),
    "fsub": lambda rm, v: z3.fpSub(rm, v[0], v[1]),
    "fmul": lambda rm, v: z3.fpMul(rm, *_canonical(v[0], v[1])),
    "fdiv": lambda rm, v: z3.fpDiv(rm, v[0], v[1]),
    "fma": lambda rm, v: z3.fpFMA(rm, v[0], v[1], v[2]),
    "sqrt": lambda rm, v: z3.fpSqrt(rm, v[0]),
}


@semantics(*(f"llvm.experimental.constrained.{op}" for op in _CONSTRAINED))
def _constrained(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """The operation rounded as the rounding-mode argument says, with the usual NaN
    rules. The exception-behaviour argument changes no value: floating-point status
    flags and traps are not modelled (a check that passes with fpexcept.strict or
    fpexcept.maytrap is reported unsupported, see checker)."""
    t = _call_type(inst)
    name = intrinsic_base_name(text_attr(inst, "callee")).rsplit(".", 1)[1]
    op = _CONSTRAINED[name]
    rm = _rounding(ctx, inst)

    def compute(v: list[z3.BitVecRef]) -> z3.BitVecRef:
        return from_fp(ctx, op(rm, [to_fp(x, t) for x in v]), t, [(x, t) for x in v])

    return _lanewise(ctx, inst, args, t, compute, nsz_operands=(1,) if name == "fdiv" else ())


@semantics("fneg")
def _fneg(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = _floating(inst.type)
    sign = z3.BitVecVal(1 << (t.bits - 1), t.bits)
    return _lanewise(ctx, inst, args, t, lambda v: v[0] ^ sign, bitwise=True)


_FCMP: dict[str, Callable[[z3.FPRef, z3.FPRef], z3.BoolRef]] = {
    "oeq": z3.fpEQ, "ogt": z3.fpGT, "oge": z3.fpGEQ, "olt": z3.fpLT, "ole": z3.fpLEQ,
    "one": lambda a, b: z3.And(z3.fpNEQ(a, b), z3.Not(z3.fpIsNaN(a)), z3.Not(z3.fpIsNaN(b))),
    "ord": lambda a, b: z3.And(z3.Not(z3.fpIsNaN(a)), z3.Not(z3.fpIsNaN(b))),
}


def _fcmp_pred(pred: str, a: z3.FPRef, b: z3.FPRef) -> z3.BoolRef:
    if pred == "false":
        return FALSE
    if pred == "true":
        return z3.BoolVal(True)
    if pred in _FCMP:
        return _FCMP[pred](a, b)
    unordered = z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b))
    if pred == "uno":
        return unordered
    ordered_pred = {"ueq": "oeq", "ugt": "ogt", "uge": "oge", "ult": "olt", "ule": "ole", "une": "one"}[pred]
    if pred == "une":
        return z3.Or(unordered, z3.Not(z3.fpEQ(a, b)))
    return z3.Or(unordered, _FCMP[ordered_pred](a, b))


@semantics("fcmp")
def _fcmp(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = _floating(inst.operands[0].type)
    flags = _check_flags(ctx, inst)
    pred = text_attr(inst, "pred")
    out = []
    for a, b in zip(*args, strict=True):
        x, y = (flush_denormal(ctx, v, t, "input") for v in (a.value, b.value))
        r = _fcmp_pred(pred, to_fp(x, t), to_fp(y, t))
        poison = any_of([a.poison, b.poison, _flag_poison(flags, t, [a.value, b.value], None)])
        out.append(Lane(z3.If(r, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), poison))
    return tuple(out)


# ----------------------------------------------------------------------------- casts


@semantics("sitofp", "uitofp")
def _int_to_fp(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = _floating(inst.type)
    signed = inst.opcode == "sitofp"
    flags = _check_flags(ctx, inst)
    out = []
    for a in args[0]:
        r = z3.fpSignedToFP(RNE, a.value, sort_of(t)) if signed else z3.fpUnsignedToFP(RNE, a.value, sort_of(t))
        bits = _no_signed_zero(ctx, flags, t, z3.fpToIEEEBV(r))
        conds = [a.poison, _flag_poison(flags, t, [], bits)]
        if "nneg" in flags:
            conds.append(a.value < 0)
        out.append(Lane(bits, any_of(conds)))
    return tuple(out)


@semantics("fptosi", "fptoui")
def _fp_to_int(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Poison when the value rounded toward zero does not fit (NaN and infinities too)."""
    src = _floating(inst.operands[0].type)
    dst = inst.type.scalar
    assert isinstance(dst, IntType)
    signed = inst.opcode == "fptosi"
    flags = _check_flags(ctx, inst)
    w = dst.bits
    lo = -(2 ** (w - 1)) if signed else 0
    hi = 2 ** (w - 1) if signed else 2**w  # exclusive; both bounds are powers of two (exact)
    s = sort_of(src)
    out = []
    for a in args[0]:
        x = to_fp(a.value, src)
        whole = z3.fpRoundToIntegral(RTZ, x)
        fits = z3.And(
            z3.Not(z3.fpIsNaN(x)), z3.Not(z3.fpIsInf(x)),
            z3.fpGEQ(whole, z3.FPVal(float(lo), s)) if lo else z3.fpGEQ(whole, z3.FPVal(0.0, s)),
            z3.fpLT(whole, z3.FPVal(float(hi), s)),
        )
        value = z3.fpToSBV(RTZ, x, z3.BitVecSort(w)) if signed else z3.fpToUBV(RTZ, x, z3.BitVecSort(w))
        out.append(Lane(value, any_of([a.poison, z3.Not(fits), _flag_poison(flags, src, [a.value], None)])))
    return tuple(out)


@semantics("fpext", "fptrunc")
def _fp_resize(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    src = _floating(inst.operands[0].type)
    dst = _floating(inst.type)
    flags = _check_flags(ctx, inst)
    out = []
    for a in args[0]:
        x = flush_denormal(ctx, a.value, src, "input")
        r = z3.fpToFP(RNE, to_fp(x, src), sort_of(dst))
        bits = flush_denormal(ctx, from_fp(ctx, r, dst, [(x, src)], keep_format=False), dst, "output")
        bits = _no_signed_zero(ctx, flags, dst, bits)
        poison = any_of([a.poison, _flag_poison(flags, src, [a.value], None), _flag_poison(flags, dst, [], bits)])
        out.append(Lane(bits, poison))
    return tuple(out)


# ----------------------------------------------------------------------------- intrinsics


def _call_type(inst: Instruction) -> FloatType:
    return _floating(inst.type)


@semantics("llvm.fabs", "fabs", "fabsf")
def _fabs(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = _call_type(inst)
    mask = z3.BitVecVal((1 << (t.bits - 1)) - 1, t.bits)
    return _lanewise(ctx, inst, args, t, lambda v: v[0] & mask, bitwise=True)


@semantics("llvm.copysign")
def _copysign(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = _call_type(inst)
    return _lanewise(
        ctx, inst, args, t,
        lambda v: z3.Concat(z3.Extract(t.bits - 1, t.bits - 1, v[1]), z3.Extract(t.bits - 2, 0, v[0])),
        nsz_operands=(1,), bitwise=True,
    )


@semantics("llvm.canonicalize")
def _canonicalize(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """IEEE formats have one encoding per value, so canonicalize is the identity but for
    NaNs, which come out quiet (any NaN the usual rules allow but the operand as it is);
    denormals are kept (the default floating-point environment)."""
    t = _call_type(inst)
    return _lanewise(
        ctx, inst, args, t,
        lambda v: z3.If(is_nan_bits(v[0], t), NaNChoice(ctx, t).bits([(v[0], t)], keep_format=False), v[0]),
    )


@semantics("llvm.sqrt")
def _sqrt(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = _call_type(inst)
    return _lanewise(ctx, inst, args, t, lambda v: from_fp(ctx, z3.fpSqrt(RNE, to_fp(v[0], t)), t, [(v[0], t)]))


# Rounding to an integral value, as libm does it; rint and nearbyint round per the
# current mode, which is to-nearest-even in the default environment. NaN operands follow
# the usual NaN rules (these are not bitwise operations).
_ROUNDING = {
    "llvm.floor": z3.RTN(), "llvm.ceil": z3.RTP(), "llvm.trunc": RTZ, "llvm.round": z3.RNA(),
    "llvm.roundeven": RNE, "llvm.rint": RNE, "llvm.nearbyint": RNE,
}


@semantics(*_ROUNDING)
def _round_integral(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = _call_type(inst)
    mode = _ROUNDING[intrinsic_base_name(text_attr(inst, "callee"))]
    return _lanewise(
        ctx, inst, args, t, lambda v: from_fp(ctx, z3.fpRoundToIntegral(mode, to_fp(v[0], t)), t, [(v[0], t)])
    )


@semantics("llvm.fma", "llvm.fmuladd")
def _fma(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """fma rounds once; fmuladd may be fused or not (a nondeterministic choice)."""
    t = _call_type(inst)
    maybe_unfused = intrinsic_base_name(text_attr(inst, "callee")) == "llvm.fmuladd"

    def compute(v: list[z3.BitVecRef]) -> z3.BitVecRef:
        a, b, c = (to_fp(x, t) for x in v)
        ins = [(x, t) for x in v]
        fused = from_fp(ctx, z3.fpFMA(RNE, a, b, c), t, ins)
        if not maybe_unfused:
            return fused
        # Unfused: an fmul and an fadd, each with its own NaN rule (the sum's NaN may
        # carry the product's payload, itself a's or b's: the same set of results as
        # letting the sum take a's or b's directly, and the very terms fmul and fadd give).
        product = from_fp(ctx, z3.fpMul(RNE, a, b), t, ins[:2])
        unfused = from_fp(ctx, z3.fpAdd(RNE, to_fp(product, t), c), t, [(product, t), (v[2], t)])
        # Keyed like a NaN choice (a search hint only): the same fmuladd on the other
        # side then offers its own fusion choice first.
        key = (choice_key(ctx, z3.fpFMA(RNE, a, b, c)) * 1_000_003 + 1) & 0xFFFFFFFF
        return z3.If(ctx.fresh("fmuladd.fused", 1, key) == 1, fused, unfused)

    return _lanewise(ctx, inst, args, t, compute)


def _min_max(ctx: Context, inst: Instruction, args: list[SymValue], t: FloatType, kind: str) -> SymValue:
    """LangRef (after the 2025 clarifications): all four order -0.0 below +0.0; with nsz
    two zeros may give either operand, but no zero of another sign is made up (so the
    generic nsz rule does not apply). minnum/maxnum ignore a quiet NaN operand; an sNaN
    operand non-deterministically gives a NaN or is treated as a quiet NaN.
    minimum/maximum give a NaN for any NaN operand. minimumnum/maximumnum ignore any NaN
    operand, quiet or signalling."""
    is_min = kind in ("minnum", "minimum", "minimumnum")
    propagate_nan = kind in ("minimum", "maximum")
    snan_may_give_nan = kind in ("minnum", "maxnum")
    nsz = "nsz" in getattr(inst, "flags", frozenset())
    # Under nnan a NaN operand makes the lane poison (_lanewise), whatever the result
    # would be: no NaN result (or sNaN behaviour) is a behaviour there, so none is
    # chosen. Fewer source choices: the minnum/maxnum laws at double prove in seconds,
    # not minutes.
    nnan = "nnan" in getattr(inst, "flags", frozenset())

    def compute(v: list[z3.BitVecRef]) -> z3.BitVecRef:
        a, b = to_fp(v[0], t), to_fp(v[1], t)
        a_nan, b_nan = z3.fpIsNaN(a), z3.fpIsNaN(b)
        less = z3.fpLT(a, b) if is_min else z3.fpGT(a, b)
        both_zero = z3.And(z3.fpIsZero(a), z3.fpIsZero(b))
        if nsz:
            zero_pick = z3.If(ctx.fresh("minmax.zero", 1) == 1, v[0], v[1])
        else:  # the negative zero for min, the positive one for max
            zero_pick = z3.If(z3.fpIsNegative(a) == is_min, v[0], v[1])
        ordinary = z3.If(both_zero, zero_pick, z3.If(less, v[0], v[1]))
        if nnan:
            nan = v[0]  # (a stand-in: the lane is poison)
        else:
            nan = NaNChoice(ctx, t).bits([(v[0], t), (v[1], t)], keep_format=True)
        if propagate_nan:
            return z3.If(z3.Or(a_nan, b_nan), nan, ordinary)
        numeric = z3.If(a_nan, z3.If(b_nan, nan, v[1]), z3.If(b_nan, v[0], ordinary))
        if not snan_may_give_nan or nnan:
            return numeric
        snan = z3.Or(is_snan_bits(v[0], t), is_snan_bits(v[1], t))
        return z3.If(z3.And(snan, ctx.fresh("minmax.snan", 1) == 1), nan, numeric)

    return _lanewise(ctx, inst, args, t, compute, nsz_result=False)


@semantics("llvm.minnum", "llvm.maxnum", "llvm.minimum", "llvm.maximum", "llvm.minimumnum", "llvm.maximumnum")
def _minmax(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    kind = intrinsic_base_name(text_attr(inst, "callee"))[len("llvm."):]
    return _min_max(ctx, inst, args, _call_type(inst), kind)


_FP_REDUCE = {"fmax": "maxnum", "fmin": "minnum", "fmaximum": "maximum", "fminimum": "minimum"}


@semantics(*(f"llvm.vector.reduce.{k}" for k in _FP_REDUCE))
def _fp_reduce_minmax(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """A min/max reduction as a left-to-right chain (the order is unspecified, but for
    these operations every order gives a value the chain may give, up to NaN choices)."""
    kind = _FP_REDUCE[intrinsic_base_name(text_attr(inst, "callee"))[len("llvm.vector.reduce."):]]
    t = _call_type(inst)
    lanes = args[0]
    acc: SymValue = (lanes[0],)
    for lane in lanes[1:]:
        acc = _min_max(ctx, inst, [acc, (lane,)], t, kind)
    return acc


@semantics("llvm.frexp")
def _frexp(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """``{m, e}`` with x = m * 2^e and |m| in [0.5, 1) (LangRef); a zero gives itself and
    exponent 0; an infinity or a NaN gives itself (a NaN by the NaN rules) and an
    unspecified exponent (a nondeterministic value, as in Alive2). Subnormals are
    normalized; the function's denormal mode applies to the operand."""
    t = _floating(inst.operands[0].type)
    ret = inst.type
    assert isinstance(ret, StructType)
    exp_type = ret.fields[1].scalar
    assert isinstance(exp_type, IntType)
    w = exp_type.bits
    m, bias = t.sbits - 1, (1 << (t.ebits - 1)) - 1
    mantissas, exponents = [], []
    for lane in args[0]:
        x = flush_denormal(ctx, lane.value, t, "input")
        sign = z3.Extract(t.bits - 1, t.bits - 1, x)
        field = z3.Extract(t.bits - 2, m, x)
        frac = z3.Extract(m - 1, 0, x)
        # Subnormal: p is the position of the highest set bit of the fraction; the
        # mantissa's fraction is the bits below it, moved to the top.
        wide = max(w, t.ebits + 2, 2 * m) + 1
        p = z3.BitVecVal(0, wide)
        for k in range(1, m):
            p = z3.If(z3.Extract(k, k, frac) == 1, z3.BitVecVal(k, wide), p)
        shifted = z3.LShR(z3.Concat(z3.BitVecVal(0, wide - 2 * m), frac, z3.BitVecVal(0, m)), p)
        sub_frac = z3.Extract(m - 1, 0, shifted)
        half_field = z3.BitVecVal(bias - 1, t.ebits)
        normal = z3.Concat(sign, half_field, frac)
        subnormal = z3.Concat(sign, half_field, sub_frac)
        special = z3.Or(is_nan_bits(x, t), is_inf_bits(x, t))
        zero = z3.And(field == 0, frac == 0)
        nan = from_fp(ctx, to_fp(x, t), t, [(x, t)])  # the NaN rules; x itself otherwise
        mantissa = z3.If(special, nan, z3.If(zero, x, z3.If(field == 0, subnormal, normal)))
        e_normal = z3.ZeroExt(wide - t.ebits, field) - (bias - 1)
        e_subnormal = p + (2 - bias - m)
        exponent_wide = z3.If(zero, z3.BitVecVal(0, wide), z3.If(field == 0, e_subnormal, e_normal))
        exponent = z3.Extract(w - 1, 0, exponent_wide)
        exponent = z3.If(special, ctx.fresh("frexp.exponent", w), exponent)
        mantissas.append(Lane(mantissa, lane.poison))
        exponents.append(Lane(exponent, lane.poison))
    return tuple(mantissas + exponents)


@semantics("llvm.is.fpclass")
def _is_fpclass(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    test = inst.operands[1]
    if not isinstance(test, ConstInt):
        raise ctx.unsupported("llvm.is.fpclass with a variable test")
    t = _floating(inst.operands[0].type)
    mask = test.value
    out = []
    for a in args[0]:
        x = to_fp(a.value, t)
        neg = z3.fpIsNegative(x)
        snan = z3.And(z3.fpIsNaN(x), z3.Extract(t.sbits - 2, t.sbits - 2, a.value) == 0)
        classes = [
            snan,
            z3.And(z3.fpIsNaN(x), z3.Not(snan)),
            z3.And(z3.fpIsInf(x), neg), z3.And(z3.fpIsNormal(x), neg),
            z3.And(z3.fpIsSubnormal(x), neg), z3.And(z3.fpIsZero(x), neg),
            z3.And(z3.fpIsZero(x), z3.Not(neg)), z3.And(z3.fpIsSubnormal(x), z3.Not(neg)),
            z3.And(z3.fpIsNormal(x), z3.Not(neg)), z3.And(z3.fpIsInf(x), z3.Not(neg)),
        ]
        hit = any_of([c for k, c in enumerate(classes) if mask >> k & 1])
        out.append(Lane(z3.If(hit, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), a.poison))
    return tuple(out)
