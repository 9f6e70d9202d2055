"""Values: constants, function arguments and instructions.

Instructions keep their operands as :class:`Value` objects (not names), so rewriting a
function is a matter of replacing references. Block targets of ``br`` and ``phi`` are
block labels (strings).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .floats import float_bits_to_double_bits
from .types import FloatType, IntType, PtrType, Type, VectorType

# Flags that change the meaning of an instruction. Everything else that LLVM can attach
# (metadata, most attributes) is dropped by the reader, or reported unsupported.
FAST_MATH_FLAGS = frozenset({"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"})


class Value:
    type: Type
    name: str | None

    def ref(self) -> str:
        """How this value is written as an operand (without its type)."""
        raise NotImplementedError


# --------------------------------------------------------------------------- constants


class Constant(Value):
    pass


@dataclass(eq=False)
class ConstInt(Constant):
    """An integer constant."""

    type: IntType
    value: int  # unsigned, 0 <= value < 2**bits

    def __post_init__(self) -> None:
        self.value %= 1 << self.type.bits

    def signed(self) -> int:
        bits = self.type.bits
        return self.value - (1 << bits) if self.value >> (bits - 1) else self.value

    def ref(self) -> str:
        if self.type.bits == 1:
            return "true" if self.value else "false"
        return str(self.signed())


@dataclass(eq=False)
class ConstFloat(Constant):
    """A floating-point constant, by its IEEE-754 encoding."""

    type: FloatType
    bits: int  # the IEEE-754 encoding

    def ref(self) -> str:
        digits = self.type.bits // 4
        if self.type.name == "half":
            return f"0xH{self.bits:04X}"
        if self.type.name == "bfloat":
            return f"0xR{self.bits:04X}"
        if self.type.name == "fp128":  # the low 64 bits first
            return f"0xL{self.bits & ((1 << 64) - 1):016X}{self.bits >> 64:016X}"
        if self.type.name == "float":
            # LLVM writes float constants as the double with the same value.

            return f"0x{float_bits_to_double_bits(self.bits):016X}"
        return f"0x{self.bits:0{digits}X}"


@dataclass(eq=False)
class ConstNull(Constant):
    """``null``."""

    type: PtrType

    def ref(self) -> str:
        return "null"


@dataclass(eq=False)
class ConstPoison(Constant):
    """``poison`` of any type."""

    type: Type

    def ref(self) -> str:
        return "poison"


@dataclass(eq=False)
class ConstUndef(Constant):
    """``undef`` of any type."""

    type: Type

    def ref(self) -> str:
        return "undef"


@dataclass(eq=False)
class ConstVector(Constant):
    """A vector constant, lane by lane."""

    type: VectorType
    elems: tuple[Constant, ...]

    def ref(self) -> str:
        return "<" + ", ".join(f"{e.type} {e.ref()}" for e in self.elems) + ">"


@dataclass(eq=False)
class ConstArray(Constant):
    """An array constant: only as a global's initializer."""

    type: Type  # ArrayType
    elems: tuple[Constant, ...]

    def ref(self) -> str:
        return "[" + ", ".join(f"{e.type} {e.ref()}" for e in self.elems) + "]"


@dataclass(eq=False)
class ConstStruct(Constant):
    """A literal struct constant ``{ i8 1, i1 false }``."""

    type: Type  # StructType
    elems: tuple[Constant, ...]

    def ref(self) -> str:
        return "{ " + ", ".join(f"{e.type} {e.ref()}" for e in self.elems) + " }"


@dataclass(eq=False)
class GlobalVariable(Constant):
    """``@name``: a pointer to a global object of ``value_type``; ``initializer`` None for
    an external one (unknown contents)."""

    type: Type  # ptr
    name: str | None
    value_type: Type
    initializer: Constant | None
    is_constant: bool = False
    align: int = 0  # 0: not stated (the target's choice: at least its type's ABI alignment)
    text: str = ""  # the definition line as LLVM printed it

    def ref(self) -> str:
        return f"@{self.name}"


# --------------------------------------------------------------------------- arguments


@dataclass
class ParamAttrs:
    """The parameter attributes that change meaning; the reader rejects the others that do."""

    noalias: bool = False
    noundef: bool = False
    nonnull: bool = False
    dereferenceable: int = 0
    dereferenceable_or_null: int = 0
    align: int = 0
    readonly: bool = False
    writeonly: bool = False
    range: tuple[int, int, int] | None = None  # range(iN lo, hi): (N, lo, hi); outside is poison
    # captures(...) that restricts capturing ("none" for nocapture), as written; None:
    # the pointer may be captured in every way.
    captures: str | None = None
    writable: bool = False  # the dereferenceable bytes may be written (UB if they may not)

    def with_declared(self, decl: ParamAttrs) -> ParamAttrs:
        """A call site's attributes with those of the callee's declaration that make an
        argument poison or the call UB (noundef, nonnull, align, dereferenceable, range):
        they hold at every call. The declaration's promises about what the callee does
        (readonly, writeonly, noalias, captures) only narrow the callee, which is not
        needed: the call site's own are kept."""
        return replace(
            self, noundef=self.noundef or decl.noundef, nonnull=self.nonnull or decl.nonnull,
            dereferenceable=max(self.dereferenceable, decl.dereferenceable),
            dereferenceable_or_null=max(self.dereferenceable_or_null, decl.dereferenceable_or_null),
            align=max(self.align, decl.align), range=self.range if self.range is not None else decl.range,
            writable=self.writable or decl.writable,
        )

    def __str__(self) -> str:
        out = []
        if self.range is not None:
            bits, lo, hi = self.range
            out.append(f"range(i{bits} {lo}, {hi})")
        if self.noalias:
            out.append("noalias")
        if self.noundef:
            out.append("noundef")
        if self.nonnull:
            out.append("nonnull")
        if self.dereferenceable:
            out.append(f"dereferenceable({self.dereferenceable})")
        if self.dereferenceable_or_null:
            out.append(f"dereferenceable_or_null({self.dereferenceable_or_null})")
        if self.align:
            out.append(f"align {self.align}")
        if self.readonly:
            out.append("readonly")
        if self.writeonly:
            out.append("writeonly")
        if self.captures is not None:
            out.append(f"captures({self.captures})")
        if self.writable:
            out.append("writable")
        return " ".join(out)


@dataclass(eq=False)
class Argument(Value):
    """A function's argument."""

    type: Type
    name: str | None
    attrs: ParamAttrs = field(default_factory=ParamAttrs)
    index: int = 0

    def ref(self) -> str:
        return f"%{self.name}"


# --------------------------------------------------------------------------- instructions


@dataclass(eq=False)
class Instruction(Value):
    """Common shape: a result type, an optional result name and operand values."""

    type: Type
    name: str | None
    operands: list[Value]

    @property
    def opcode(self) -> str:
        raise NotImplementedError

    def ref(self) -> str:
        return f"%{self.name}"


@dataclass(eq=False)
class BinOp(Instruction):
    """Integer and floating-point binary operators (``add`` ... ``xor``, ``fadd`` ... ``frem``)."""

    op: str = ""
    flags: frozenset[str] = frozenset()

    @property
    def opcode(self) -> str:
        return self.op


@dataclass(eq=False)
class FNeg(Instruction):
    """``fneg``."""

    flags: frozenset[str] = frozenset()

    @property
    def opcode(self) -> str:
        return "fneg"


@dataclass(eq=False)
class ICmp(Instruction):
    """``icmp``."""

    pred: str = "eq"
    flags: frozenset[str] = frozenset()  # samesign

    @property
    def opcode(self) -> str:
        return "icmp"


@dataclass(eq=False)
class FCmp(Instruction):
    """``fcmp``."""

    pred: str = "oeq"
    flags: frozenset[str] = frozenset()  # fast-math flags

    @property
    def opcode(self) -> str:
        return "fcmp"


@dataclass(eq=False)
class Select(Instruction):
    """operands: condition, true value, false value."""

    flags: frozenset[str] = frozenset()

    @property
    def opcode(self) -> str:
        return "select"


@dataclass(eq=False)
class Cast(Instruction):
    """zext sext trunc bitcast sitofp uitofp fptosi fptoui fpext fptrunc ptrtoint inttoptr."""

    op: str = ""
    flags: frozenset[str] = frozenset()  # nneg (zext, uitofp), nuw/nsw (trunc), fast-math

    @property
    def opcode(self) -> str:
        return self.op


@dataclass(eq=False)
class Freeze(Instruction):
    """``freeze``."""

    @property
    def opcode(self) -> str:
        return "freeze"


@dataclass(eq=False)
class ExtractElement(Instruction):
    """operands: vector, index."""

    @property
    def opcode(self) -> str:
        return "extractelement"


@dataclass(eq=False)
class ExtractValue(Instruction):
    """operands: a struct value; ``index``: the field taken."""

    index: int = 0

    @property
    def opcode(self) -> str:
        return "extractvalue"


@dataclass(eq=False)
class InsertValue(Instruction):
    """operands: a struct value, the new field value; ``index``: the field replaced."""

    index: int = 0

    @property
    def opcode(self) -> str:
        return "insertvalue"


@dataclass(eq=False)
class InsertElement(Instruction):
    """operands: vector, element, index."""

    @property
    def opcode(self) -> str:
        return "insertelement"


@dataclass(eq=False)
class ShuffleVector(Instruction):
    """operands: two vectors of the same type; ``mask`` entries index their concatenation,
    ``None`` is a poison lane."""

    mask: tuple[int | None, ...] = ()

    @property
    def opcode(self) -> str:
        return "shufflevector"


@dataclass(eq=False)
class GetElementPtr(Instruction):
    """operands: base pointer, then the indices."""

    source_type: Type | None = None
    flags: frozenset[str] = frozenset()  # inbounds, nuw, nusw

    @property
    def opcode(self) -> str:
        return "getelementptr"


@dataclass(eq=False)
class Load(Instruction):
    """operands: pointer."""

    align: int = 1
    noundef: bool = False  # !noundef: loading undef or poison is UB
    ranges: tuple[tuple[int, int], ...] = ()  # !range: [lo, hi) pairs; a value outside is poison

    @property
    def opcode(self) -> str:
        return "load"


@dataclass(eq=False)
class Alloca(Instruction):
    """A stack object of ``allocated_type`` (times the constant count in operands[0]);
    the result is a pointer to it."""

    allocated_type: Type | None = None
    align: int = 1

    @property
    def opcode(self) -> str:
        return "alloca"


@dataclass(eq=False)
class Store(Instruction):
    """operands: value, pointer."""

    align: int = 1

    @property
    def opcode(self) -> str:
        return "store"


@dataclass(eq=False)
class Phi(Instruction):
    """operands[i] flows in from block ``blocks[i]``."""

    blocks: list[str] = field(default_factory=list)
    flags: frozenset[str] = frozenset()

    @property
    def opcode(self) -> str:
        return "phi"


@dataclass(eq=False)
class Br(Instruction):
    """Unconditional: no operands, one target. Conditional: operands [cond], targets
    [if true, if false]."""

    targets: list[str] = field(default_factory=list)

    @property
    def opcode(self) -> str:
        return "br"


@dataclass(eq=False)
class Switch(Instruction):
    """operands: [value, case constants...]; targets: [default, case targets...]."""

    targets: list[str] = field(default_factory=list)

    @property
    def opcode(self) -> str:
        return "switch"


@dataclass(eq=False)
class Ret(Instruction):
    """``ret`` (with or without a value)."""

    @property
    def opcode(self) -> str:
        return "ret"


@dataclass(eq=False)
class Unreachable(Instruction):
    """``unreachable``."""

    @property
    def opcode(self) -> str:
        return "unreachable"


@dataclass(frozen=True)
class CalleeEffects:
    """What a call of an external (non-intrinsic) function may do, from the attributes of
    its declaration and of the call site together. ``reads``/``writes``: any memory at
    all; ``locations`` tells the kinds apart (semantics/calls.py: an ``argmem``-only
    callee reaches the blocks of its pointer arguments alone)."""

    reads: bool = True
    writes: bool = True
    noreturn: bool = False  # never returns
    willreturn: bool = False  # always returns
    ret_noundef: bool = False  # its result is never undef or poison
    nofree: bool = False  # frees no memory (otherwise it may free what its arguments point to)
    # Per location kind (argmem, inaccessiblemem, other): (may read, may write); for a
    # caller whose own memory attribute restricts what its calls may do.
    locations: tuple[tuple[str, bool, bool], ...] = ()


# Intrinsics that end the program abnormally (an abort), without undefined behaviour:
# the reader lets them through, the semantics model them as an exit.
TRAP_INTRINSICS = frozenset({"llvm.trap", "llvm.ubsantrap"})
TRAP_EFFECTS = CalleeEffects(reads=False, writes=False, noreturn=True)


@dataclass(eq=False)
class Call(Instruction):
    """A call of a named function: an intrinsic, or an external function whose
    ``effects`` the reader fills in from the declaration and the call site."""

    callee: str = ""
    flags: frozenset[str] = frozenset()  # fast-math flags
    callee_type: str = ""  # the printed function type for varargs-free declarations
    # Call-site attributes that change meaning: one ParamAttrs per argument (may be
    # shorter than the argument list: missing entries have no attributes), and the
    # return value's (noundef, nonnull, align).
    arg_attrs: list[ParamAttrs] = field(default_factory=list)
    ret_attrs: ParamAttrs = field(default_factory=ParamAttrs)
    # Call-site function attributes, as written (attribute groups expanded).
    fn_attrs: tuple[tuple[str, str | None], ...] = ()
    effects: CalleeEffects | None = None  # set for external functions only
    # Arguments the callee does not capture (nocapture or captures(none), at the call
    # site or in the declaration): set with ``effects``.
    nocapture_args: frozenset[int] = frozenset()
    # The declaration's parameter attributes (they hold at every call, as the call
    # site's do): set with ``effects``.
    decl_arg_attrs: tuple[ParamAttrs, ...] = ()
    # A constrained floating-point intrinsic's metadata arguments: (rounding mode,
    # exception behaviour), as written (round.upward, fpexcept.strict ...).
    fp_env: tuple[str, str] | None = None
    # llvm.assume's operand bundles: (tag, number of values) each; their values are the
    # last operands, after the condition.
    bundles: tuple[tuple[str, int], ...] = ()
    # The call's marker: "tail" or "musttail" (LangRef: the callee then does not access
    # the caller's allocas: UB if it does), "notail", or "" (none).
    marker: str = ""

    @property
    def opcode(self) -> str:
        return "call"


@dataclass(eq=False)
class VScaleCall(Call):
    """``call iN @llvm.vscale.iN()`` in a function read at one vscale: its value."""

    vscale: int = 0


TERMINATORS = (Br, Switch, Ret, Unreachable)


def is_terminator(inst: Instruction) -> bool:
    return isinstance(inst, TERMINATORS)


def int_constant(t: Type, value: int) -> Constant:
    """An integer constant of scalar or vector (splat) type."""
    if isinstance(t, VectorType):
        assert isinstance(t.elem, IntType)
        return ConstVector(t, tuple(ConstInt(t.elem, value) for _ in range(t.count)))
    assert isinstance(t, IntType)
    return ConstInt(t, value)
