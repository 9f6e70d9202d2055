"""A module's data layout (LangRef, "Data Layout"): byte order, the size and alignment
of every type in memory, and the pointer and GEP index widths of address space 0.

A module without a ``target datalayout`` line has LLVM's default layout, not x86-64's:
there an ``i64`` is 4-byte aligned (``{ i32, i64 }`` puts its second field at offset 4)
and integers wider than 64 bits too. Sizes and offsets follow LLVM's rules
(DataLayout::getAlignment): an integer width not listed takes the alignment of the next
wider listed one (the widest if none is wider); a vector size not listed is aligned to
its store size rounded up to a power of two; a float format not listed likewise."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..errors import Unsupported
from .types import ArrayType, FloatType, IntType, PtrType, StructType, Type, VectorType

# (bit width, ABI alignment in bytes): LLVM's defaults (DataLayout.cpp).
_DEFAULT_INTS = ((1, 1), (8, 1), (16, 2), (32, 4), (64, 4))
_DEFAULT_FLOATS = ((16, 2), (32, 4), (64, 8), (128, 16))
_DEFAULT_VECTORS = ((64, 8), (128, 16))

# Specifications that do not change what vecverify models: name mangling, native
# integer widths, stack alignment, function pointer alignment, non-integral address
# spaces (only address space 0 is modelled), and the obsolete stack object alignment
# ("s0:64:64": LLVM reads and ignores it).
_IGNORED = re.compile(r"m:.*|n[\d:]+|S\d+|F[in]\d+|ni:[\d:]+|s\d*:[\d:]+")


def _pow2_at_least(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


def _lookup(table: tuple[tuple[int, int], ...], bits: int) -> int | None:
    return next((align for width, align in table if width == bits), None)


@dataclass(frozen=True)
class DataLayout:
    """What a module's ``target datalayout`` says: byte order, pointer and index widths, alignments."""

    big_endian: bool = False
    pointer_bits: int = 64  # address space 0: a pointer's size in memory and ptrtoint's width
    pointer_align: int = 8  # bytes
    index_bits: int = 64  # getelementptr's arithmetic width
    ints: tuple[tuple[int, int], ...] = _DEFAULT_INTS  # sorted by width
    floats: tuple[tuple[int, int], ...] = _DEFAULT_FLOATS
    vectors: tuple[tuple[int, int], ...] = _DEFAULT_VECTORS
    aggregate_align: int = 1
    text: str = field(default="", compare=False)  # as written (for messages)

    def abi_align(self, t: Type) -> int:
        """The ABI alignment of ``t`` in bytes."""
        if isinstance(t, IntType):
            wider = [a for w, a in self.ints if w >= t.bits]
            return wider[0] if wider else self.ints[-1][1]
        if isinstance(t, FloatType):
            found = _lookup(self.floats, t.bits)
            return found if found is not None else _pow2_at_least(store_size(t))
        if isinstance(t, PtrType):
            self._address_space_zero(t)
            return self.pointer_align
        if isinstance(t, VectorType):
            found = _lookup(self.vectors, t.bits)
            return found if found is not None else _pow2_at_least(store_size(t, self))
        if isinstance(t, ArrayType):
            return self.abi_align(t.elem)
        if isinstance(t, StructType):
            return max([self.aggregate_align, *(self.abi_align(f) for f in t.fields)])
        raise Unsupported(f"the memory layout of {t}")

    def alloc_size(self, t: Type) -> int:
        """Bytes between consecutive elements of type ``t`` in memory."""
        if isinstance(t, ArrayType):
            return t.count * self.alloc_size(t.elem)
        if isinstance(t, StructType):
            return self.struct_layout(t)[1]
        a = self.abi_align(t)
        return (store_size(t, self) + a - 1) // a * a

    def struct_layout(self, t: StructType) -> tuple[tuple[int, ...], int]:
        """Each field's byte offset (a non-packed struct) and the struct's allocation size
        (padded to its alignment)."""
        offsets, at = [], 0
        for f in t.fields:
            a = self.abi_align(f)
            at = (at + a - 1) // a * a
            offsets.append(at)
            at += self.alloc_size(f)
        a = self.abi_align(t)
        return tuple(offsets), (at + a - 1) // a * a

    @staticmethod
    def _address_space_zero(t: PtrType) -> None:
        if t.addrspace != 0:
            raise Unsupported(f"the memory layout of {t}")


DEFAULT_LAYOUT = DataLayout()


def store_size(t: Type, layout: DataLayout = DEFAULT_LAYOUT) -> int:
    """Bytes a load or store of a scalar or vector ``t`` touches."""
    if isinstance(t, PtrType):
        return layout.pointer_bits // 8
    if isinstance(t, IntType | FloatType | VectorType):
        return (t.bits + 7) // 8
    raise Unsupported(f"the store size of {t}")


def _bytes(bits_text: str, spec: str) -> int:
    bits = int(bits_text)
    if bits % 8:
        raise Unsupported(f"data layout specification '{spec}' (an alignment not in whole bytes)")
    return max(bits // 8, 1)


def _set(table: tuple[tuple[int, int], ...], width: int, align: int) -> tuple[tuple[int, int], ...]:
    return tuple(sorted({**dict(table), width: align}.items()))


def parse_datalayout(text: str) -> DataLayout:
    """The layout a ``target datalayout`` string describes (LLVM's defaults for what it
    does not say); specifications that change what the model cannot follow are
    reported unsupported by name."""
    layout = replace(DEFAULT_LAYOUT, text=text)
    for spec in filter(None, text.split("-")):
        if spec in ("e", "E"):
            layout = replace(layout, big_endian=spec == "E")
        elif m := re.fullmatch(r"p(\d*):(\d+):(\d+)(?::(\d+))?(?::(\d+))?", spec):
            if m.group(1) not in ("", "0"):
                continue  # another address space: pointers there are not modelled
            size, index = int(m.group(2)), int(m.group(5) or m.group(2))
            if size not in (8, 16, 32, 64) or index != size:
                raise Unsupported(f"data layout specification '{spec}' ({size}-bit pointers"
                                  f"{'' if index == size else f' with {index}-bit indices'})")
            layout = replace(layout, pointer_bits=size, index_bits=index, pointer_align=_bytes(m.group(3), spec))
        elif m := re.fullmatch(r"([ifv])(\d+):(\d+)(?::\d+)?", spec):
            kind, width, align = m.group(1), int(m.group(2)), _bytes(m.group(3), spec)
            if kind == "i":
                layout = replace(layout, ints=_set(layout.ints, width, align))
            elif kind == "f":
                layout = replace(layout, floats=_set(layout.floats, width, align))
            else:
                layout = replace(layout, vectors=_set(layout.vectors, width, align))
        elif m := re.fullmatch(r"a(\d*):(\d+)(?::\d+)?", spec):
            layout = replace(layout, aggregate_align=_bytes(m.group(2), spec))
        elif m := re.fullmatch(r"[AGP](\d+)", spec):
            if m.group(1) != "0":
                raise Unsupported(f"data layout specification '{spec}' (a non-zero default address space)")
        elif not _IGNORED.fullmatch(spec):
            raise Unsupported(f"data layout specification '{spec}'")
    return layout
