"""What this machine's JIT can run natively, checked before a function is run: no pointer
values but arguments, the machine's byte order and data layout, no bfloat or fp128
values (LLVM 22's JIT crashes on some, or needs runtime functions the process may lack),
no global variables (the native module and the concrete evaluation give them no block yet).
"""

from __future__ import annotations

from ..errors import Unsupported
from ..ir.function import Function
from ..ir.layout import DataLayout, parse_datalayout
from ..ir.types import ArrayType, FloatType, PtrType, StructType, Type, VectorType
from ..ir.values import Alloca, GetElementPtr, GlobalVariable, Load, Store


def _mentions(t: Type, names: tuple[str, ...]) -> bool:
    if isinstance(t, VectorType):
        return str(t.elem) in names
    if isinstance(t, StructType):
        return any(_mentions(f, names) for f in t.fields)
    if isinstance(t, ArrayType):
        return _mentions(t.elem, names)
    return isinstance(t, FloatType) and t.name in names


def check_native_support(fn: Function, layout: bool = True) -> None:
    """Unsupported, naming the reason, when ``fn`` cannot be run natively here
    (``layout=False``: all but :func:`check_machine_layout`, which loads the JIT)."""
    if isinstance(fn.ret_type, PtrType) or any(isinstance(a.type, VectorType) and isinstance(a.type.elem, PtrType)
                                                for a in fn.args):
        raise Unsupported(f"native runs of @{fn.name}: pointer values other than arguments")
    if fn.big_endian:
        raise Unsupported(f"native runs of @{fn.name}: a big-endian module on this machine")
    if layout:
        check_machine_layout(fn)
    # LLVM 22's JIT (llvmlite) crashes on some bfloat code and calls runtime functions
    # for fp128 that the process may lack: neither is run.
    values = [*fn.args, *fn.instructions()]
    if any(_mentions(v.type, ("bfloat", "fp128")) for v in values) or any(
            _mentions(op.type, ("bfloat", "fp128")) for inst in fn.instructions() for op in inst.operands):
        raise Unsupported(f"native runs of @{fn.name}: bfloat or fp128 values")
    # The concrete evaluation and the native module give global variables no block yet.
    if any(isinstance(op, GlobalVariable) for inst in fn.instructions() for op in inst.operands):
        raise Unsupported(f"native runs of @{fn.name}: global variables")


def _memory_types(fn: Function) -> list[Type]:
    """The types ``fn`` lays out in memory: what it allocates, steps over and accesses."""
    out: list[Type] = []
    for inst in fn.instructions():
        if isinstance(inst, Alloca) and inst.allocated_type is not None:
            out.append(inst.allocated_type)
        elif isinstance(inst, GetElementPtr) and inst.source_type is not None:
            out.append(inst.source_type)
        elif isinstance(inst, Load):
            out.append(inst.type)
        elif isinstance(inst, Store):
            out.append(inst.operands[0].type)
    return out


def _layout_facts(layout: DataLayout, t: Type) -> tuple[object, ...]:
    """What a data layout decides about ``t`` and the types inside it."""
    inner: tuple[object, ...] = ()
    if isinstance(t, StructType):
        inner = (layout.struct_layout(t), *(_layout_facts(layout, f) for f in t.fields))
    elif isinstance(t, ArrayType | VectorType):
        inner = _layout_facts(layout, t.elem)
    return layout.alloc_size(t), layout.abi_align(t), inner


def check_machine_layout(fn: Function) -> None:
    """The JIT lays memory out as this machine's data layout says (a module without
    one, as most hand-written tests, has LLVM's default: an i64 4-byte aligned): refuse
    a function whose types in memory the two lay out differently."""
    from .native import machine_data_layout  # llvmlite's JIT: loaded for a function about to run

    machine = parse_datalayout(machine_data_layout())
    for t in _memory_types(fn):
        if _layout_facts(fn.layout, t) != _layout_facts(machine, t):
            raise Unsupported(f"native runs of @{fn.name}: {t} is laid out differently by the module's "
                              "data layout and this machine's")
