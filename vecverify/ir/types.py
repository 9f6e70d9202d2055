"""The types vecverify models: integers, IEEE floats, vectors, pointers, void.

Every type prints itself in LLVM syntax (``str(t)``). A scalable vector
``<vscale x N x T>`` exists only instantiated at one value of vscale: a
:class:`VectorType` of ``N * vscale`` lanes that remembers ``vscale`` (to print itself
as LLVM wrote it) and is otherwise the fixed vector of that many lanes, so every
encoding of fixed vectors serves it (see vecverify/scalable.py). Anything else
(x86_fp80, target types ...) is rejected by the reader as unsupported.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Unsupported

MAX_INT_BITS = 1 << 14
MAX_VECTOR_LANES = 1024


class Type:
    """Base of all types."""

    @property
    def is_vector(self) -> bool:
        return isinstance(self, VectorType)

    @property
    def scalar(self) -> ScalarType:
        """The element type of a vector, or the type itself."""
        if isinstance(self, VectorType):
            return self.elem
        if not isinstance(self, IntType | FloatType | PtrType):
            raise Unsupported(f"value of type {self}")
        return self

    @property
    def lanes(self) -> int:
        """Number of lanes: 1 for scalars."""
        return self.count if isinstance(self, VectorType) else 1


@dataclass(frozen=True)
class IntType(Type):
    """``iN``."""

    bits: int

    def __str__(self) -> str:
        return f"i{self.bits}"

    @property
    def byte_size(self) -> int:
        return (self.bits + 7) // 8


@dataclass(frozen=True)
class FloatType(Type):
    """An IEEE binary format: ``ebits`` exponent bits and ``sbits`` significand bits
    (including the implicit bit), as Z3's FPSort counts them."""

    name: str
    ebits: int
    sbits: int

    def __str__(self) -> str:
        return self.name

    @property
    def bits(self) -> int:
        return self.ebits + self.sbits

    @property
    def byte_size(self) -> int:
        return self.bits // 8


HALF = FloatType("half", 5, 11)
FLOAT = FloatType("float", 8, 24)
DOUBLE = FloatType("double", 11, 53)
BFLOAT = FloatType("bfloat", 8, 8)
FP128 = FloatType("fp128", 15, 113)
FLOAT_TYPES = {t.name: t for t in (HALF, BFLOAT, FLOAT, DOUBLE, FP128)}


@dataclass(frozen=True)
class PtrType(Type):
    """``ptr`` (in an address space)."""

    addrspace: int = 0

    def __str__(self) -> str:
        return "ptr" if self.addrspace == 0 else f"ptr addrspace({self.addrspace})"

    @property
    def bits(self) -> int:
        return 64

    @property
    def byte_size(self) -> int:
        return 8


ScalarType = IntType | FloatType | PtrType


@dataclass(frozen=True)
class VectorType(Type):
    """``<count x elem>`` (a scalable type instantiated at a vscale: ``vscale``)."""

    count: int
    elem: ScalarType
    # Non-zero for ``<vscale x count/vscale x elem>`` instantiated at this vscale. Not
    # part of equality: at one vscale the scalable type is the fixed one of its lanes.
    vscale: int = field(default=0, compare=False)

    def __str__(self) -> str:
        if self.vscale:
            return f"<vscale x {self.count // self.vscale} x {self.elem}>"
        return f"<{self.count} x {self.elem}>"

    @property
    def scalable(self) -> bool:
        return self.vscale != 0

    def of(self, elem: ScalarType, count: int | None = None) -> VectorType:
        """A vector type of ``elem`` as scalable as this one (``count`` lanes, default
        this one's)."""
        return VectorType(self.count if count is None else count, elem, self.vscale)

    @property
    def bits(self) -> int:
        return self.count * self.elem.bits

    @property
    def byte_size(self) -> int:
        return (self.bits + 7) // 8


@dataclass(frozen=True)
class ArrayType(Type):
    """``[N x T]``: only as the type of memory (alloca, globals, getelementptr), never as
    a value in a register."""

    count: int
    elem: Type

    def __str__(self) -> str:
        return f"[{self.count} x {self.elem}]"


@dataclass(frozen=True)
class StructType(Type):
    """A literal struct of scalars and vectors (``{ i32, i1 }``, as the
    ``*.with.overflow`` intrinsics return): a value whose lanes are its fields' lanes."""

    fields: tuple[Type, ...]

    def __str__(self) -> str:
        return "{ " + ", ".join(str(f) for f in self.fields) + " }" if self.fields else "{}"


@dataclass(frozen=True)
class VoidType(Type):
    """``void``."""

    def __str__(self) -> str:
        return "void"


@dataclass(frozen=True)
class LabelType(Type):
    """``label``: a block's type."""

    def __str__(self) -> str:
        return "label"


VOID = VoidType()
LABEL = LabelType()
I1 = IntType(1)
I8 = IntType(8)
I32 = IntType(32)
I64 = IntType(64)
PTR = PtrType()
