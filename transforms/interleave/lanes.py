"""Where each lane of a shufflevector tree comes from: an element of a vector load, or
nothing (a poison or undef lane), and the byte address of that element.

This is LLVM's InterleavedLoadCombine ``VectorInfo`` in the small: a shuffle's lanes are
followed through the tree down to the loads, and each load's address is a linear form
(``transforms/slp/address.py``), so every lane gets ``base + terms + constant``.
"""

from __future__ import annotations

from dataclasses import dataclass

from transforms.vectorize.address import Address, address_of, type_size
from vecverify.ir.layout import DEFAULT_LAYOUT
from vecverify.ir.types import ArrayType, Type, VectorType
from vecverify.ir.values import (
    ConstPoison,
    ConstUndef,
    GetElementPtr,
    Instruction,
    Load,
    ShuffleVector,
    Value,
)

MAX_DEPTH = 8  # shuffle levels followed (the seed's trees have two)


@dataclass(frozen=True)
class Element:
    """Lane ``index`` of the vector ``load``."""

    load: Load
    index: int


Lanes = list[Element | None]  # None: a poison or undef lane


def element_bytes(t: Type) -> int | None:
    """The size of an element of a vector type when its lanes are whole bytes, packed."""
    if not isinstance(t, VectorType):
        return None
    size = type_size(t.elem)
    return size if size is not None and size * 8 == t.elem.bits else None


def lane_sources(v: Value, depth: int = 0) -> Lanes | None:
    """The lanes of ``v`` when ``v`` is a vector load or a tree of shufflevectors over
    vector loads (poison and undef operands allowed); None otherwise."""
    t = v.type
    if not isinstance(t, VectorType):
        return None
    if isinstance(v, Load):
        return [Element(v, i) for i in range(t.count)] if element_bytes(t) is not None else None
    if isinstance(v, ConstPoison | ConstUndef):
        return [None] * t.count
    if not isinstance(v, ShuffleVector) or depth >= MAX_DEPTH:
        return None
    a, b = v.operands
    la = lane_sources(a, depth + 1)
    lb = lane_sources(b, depth + 1)
    if la is None or lb is None:
        return None
    both = la + lb
    return [None if m is None else both[m] for m in v.mask]


def tree_nodes(v: Value, depth: int = 0) -> list[Instruction]:
    """The shuffles and loads of the tree under ``v`` (``v`` included), each once."""
    out: list[Instruction] = []
    if isinstance(v, Load):
        return [v]
    if isinstance(v, ShuffleVector) and depth < MAX_DEPTH:
        out.append(v)
        for op in v.operands:
            out += [x for x in tree_nodes(op, depth + 1) if all(x is not y for y in out)]
    return out


def _gep_layout_known(ptr: Value) -> bool:
    """Whether the address analysis steps over every type on the getelementptr chain
    the way the semantics do (a ``<3 x T>`` is 4 elements wide in memory; the analysis
    would count 3). A vector's size in memory is the same in every data layout that
    does not list its width: LLVM's default layout stands for them."""
    while isinstance(ptr, GetElementPtr):
        t: Type | None = ptr.source_type
        while isinstance(t, VectorType | ArrayType):
            if isinstance(t, VectorType) and type_size(t) != DEFAULT_LAYOUT.alloc_size(t):
                return False
            t = t.elem
        ptr = ptr.operands[0]
    return True


def load_address(load: Load) -> Address | None:
    ptr = load.operands[0]
    return address_of(ptr) if _gep_layout_known(ptr) else None
