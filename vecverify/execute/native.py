"""Native execution of LLVM IR functions through llvmlite's JIT (LLVM 22's code generator).

Each function is called through a generated wrapper ``void @__vv_call.NAME(ptr %args,
ptr %ret)`` that loads every argument from its slot in an argument block and stores the
result into a result block, so scalars and vectors pass by value with no guessing about
the platform's calling convention. Slots are 64 bytes apart (room for any value up to
<16 x i32>; larger values are refused). Values are marshalled as LLVM stores them:
integers as unsigned Python ints (two's complement bit patterns), floats as their raw
IEEE bits (so NaN payloads survive), vectors as lists of those; vectors of i1 are packed
bits. Pointer arguments are numpy byte buffers, passed with guard bytes on both sides:
a changed guard byte is an out-of-bounds write, reported in the result.

Division by zero and ``INT_MIN / -1`` trap natively: callers run only inputs the
semantics say are free of UB.
"""

from __future__ import annotations

import ctypes
import hashlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import Unsupported
from ..ir.function import Function, Module
from ..ir.types import FloatType, IntType, PtrType, Type, VectorType

SLOT = 64
GUARD = 64
GUARD_BYTE = 0xA5
_CACHE_SIZE = 64


def _store_size(t: Type) -> int:
    if isinstance(t, IntType | FloatType | PtrType):
        return (t.bits + 7) // 8
    if isinstance(t, VectorType):
        return (t.count * t.elem.bits + 7) // 8
    raise Unsupported(f"native execution of a value of type {t}")


def _slot_check(t: Type) -> None:
    if _store_size(t) > SLOT:
        raise Unsupported(f"native execution of a value of type {t} (over {SLOT} bytes)")


def _encode(value: Any, t: Type) -> bytes:
    """A Python value as the bytes LLVM keeps in memory for type ``t``."""
    if isinstance(t, VectorType):
        lanes = list(value)
        if len(lanes) != t.count:
            raise ValueError(f"{t} needs {t.count} lanes, got {len(lanes)}")
        bits = t.elem.bits
        whole = 0
        for i, lane in enumerate(lanes):
            whole |= (int(lane) & ((1 << bits) - 1)) << (i * bits)
        return whole.to_bytes(_store_size(t), "little")
    if isinstance(t, IntType | FloatType):
        return (int(value) & ((1 << t.bits) - 1)).to_bytes(_store_size(t), "little")
    raise Unsupported(f"native execution of a value of type {t}")


def _decode(data: bytes, t: Type) -> Any:
    whole = int.from_bytes(data[: _store_size(t)], "little")
    if isinstance(t, VectorType):
        bits = t.elem.bits
        return [(whole >> (i * bits)) & ((1 << bits) - 1) for i in range(t.count)]
    assert isinstance(t, IntType | FloatType | PtrType)
    return whole & ((1 << t.bits) - 1)


def _wrapper(fn: Function) -> str:
    """The IR text of the wrapper for ``fn``."""
    lines = [f"define void @__vv_call.{fn.name}(ptr %args, ptr %ret) {{"]
    names = []
    for i, a in enumerate(fn.args):
        _slot_check(a.type)
        lines.append(f"  %p{i} = getelementptr i8, ptr %args, i64 {i * SLOT}")
        lines.append(f"  %a{i} = load {a.type}, ptr %p{i}, align 1")
        names.append(f"{a.type} %a{i}")
    call = f"call {fn.ret_type} @{fn.name}({', '.join(names)})"
    if str(fn.ret_type) == "void":
        lines.append(f"  {call}")
    else:
        _slot_check(fn.ret_type)
        lines.append(f"  %r = {call}")
        lines.append(f"  store {fn.ret_type} %r, ptr %ret, align 1")
    lines += ["  ret void", "}"]
    return "\n".join(lines)


@dataclass
class NativeResult:
    value: Any  # None for void
    buffers: list[np.ndarray]  # final contents of each pointer argument's buffer
    oob_writes: list[int] = field(default_factory=list)  # argument indices written out of bounds


class CompiledModule:
    """A module compiled once; call any of its functions many times."""

    def __init__(self, module: Module, text: str, cpu: str = ""):
        import llvmlite.binding as llvm

        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        wrappers = "\n".join(_wrapper(fn) for fn in module.functions.values())
        ir = llvm.parse_assembly(text + "\n" + wrappers)
        ir.verify()
        target = llvm.Target.from_default_triple()
        # cpu "" is the generic one of the triple; benchmarks name one (e.g. x86-64-v3).
        self._tm = target.create_target_machine(cpu=cpu, opt=2)
        self._engine = llvm.create_mcjit_compiler(ir, self._tm)
        self._engine.finalize_object()
        self.functions = dict(module.functions)
        proto = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)
        self._calls = {
            name: proto(self._engine.get_function_address(f"__vv_call.{name}")) for name in self.functions
        }

    def caller(self, name: str, args: list[Any], buffers: dict[int, np.ndarray]) -> Callable[[], None]:
        """A call of ``name`` with its arguments marshalled once, for timing loops: pointer
        argument ``i`` is ``buffers[i]`` itself (no copy, no guard bytes), so the caller
        keeps the arrays alive and sees what the function writes."""
        fn = self.functions[name]
        block = np.zeros(SLOT * max(1, len(fn.args)), dtype=np.uint8)
        for i, a in enumerate(fn.args):
            raw = (buffers[i].ctypes.data.to_bytes(8, "little") if isinstance(a.type, PtrType)
                   else _encode(args[i], a.type))
            block[i * SLOT : i * SLOT + len(raw)] = np.frombuffer(raw, dtype=np.uint8)
        result = np.zeros(SLOT, dtype=np.uint8)
        call, args_at, ret_at = self._calls[name], block.ctypes.data, result.ctypes.data

        def run() -> None:
            call(args_at, ret_at)
            _ = (block, result, buffers)  # keep the marshalled memory alive with the closure

        return run

    def run(self, name: str, args: list[Any], buffers: dict[int, np.ndarray] | None = None) -> NativeResult:
        """Call ``name``: non-pointer arguments from ``args``; pointer argument ``i`` gets
        ``buffers[i]`` (bytes, copied into a guarded buffer)."""
        fn = self.functions[name]
        block = np.zeros(SLOT * max(1, len(fn.args)), dtype=np.uint8)
        guarded: dict[int, np.ndarray] = {}
        for i, a in enumerate(fn.args):
            if isinstance(a.type, PtrType):
                data = np.asarray((buffers or {})[i], dtype=np.uint8).ravel()
                g = np.full(len(data) + 2 * GUARD, GUARD_BYTE, dtype=np.uint8)
                g[GUARD : GUARD + len(data)] = data
                guarded[i] = g
                address = g.ctypes.data + GUARD
                block[i * SLOT : i * SLOT + 8] = np.frombuffer(address.to_bytes(8, "little"), dtype=np.uint8)
            else:
                raw = _encode(args[i], a.type)
                block[i * SLOT : i * SLOT + len(raw)] = np.frombuffer(raw, dtype=np.uint8)
        result = np.zeros(SLOT, dtype=np.uint8)
        self._calls[name](block.ctypes.data, result.ctypes.data)
        value = None if str(fn.ret_type) == "void" else _decode(result.tobytes(), fn.ret_type)
        finals, oob = [], []
        for i, g in guarded.items():
            n = len(g) - 2 * GUARD
            if (g[:GUARD] != GUARD_BYTE).any() or (g[GUARD + n :] != GUARD_BYTE).any():
                oob.append(i)
            finals.append(g[GUARD : GUARD + n].copy())
        return NativeResult(value, finals, oob)


_compiled: OrderedDict[str, CompiledModule] = OrderedDict()


def compile_module(text: str, cpu: str = "") -> CompiledModule:
    """Compile LLVM IR text (cached by its hash: a campaign compiles each module once)
    for ``cpu`` (default: the triple's generic CPU)."""
    from ..llvm import parse_module

    key = hashlib.sha256(f"{cpu}\n{text}".encode()).hexdigest()
    if key in _compiled:
        _compiled.move_to_end(key)
        return _compiled[key]
    compiled = CompiledModule(parse_module(text, "<native>"), text, cpu)
    _compiled[key] = compiled
    if len(_compiled) > _CACHE_SIZE:
        _compiled.popitem(last=False)
    return compiled


def execute(text: str, name: str, args: list[Any], buffers: dict[int, np.ndarray] | None = None) -> NativeResult:
    return compile_module(text).run(name, args, buffers)
