"""Native execution of LLVM IR functions through llvmlite's JIT (LLVM 22's code generator,
for this machine's CPU).

Each function is called through a generated wrapper ``void @__vv_call.NAME(ptr %args,
ptr %ret)`` that loads every argument from its slot in an argument block and stores the
result into a result block, so scalars and vectors pass by value with no guessing about
the platform's calling convention. A second wrapper, ``@__vv_batch.NAME(ptr %args, ptr
%ret, i64 %n)``, does the same for ``n`` argument blocks in a row (one native call for
many inputs: see :meth:`CompiledModule.run_batch`). Values are marshalled as LLVM stores
them: integers as unsigned Python ints (two's complement bit patterns), floats as their
raw IEEE bits (so NaN payloads survive), vectors as lists of those (vectors of i1 and
other sub-byte lanes are packed bits), a returned struct as the list of its fields.

Pointer arguments point into memory blocks: numpy byte buffers placed 64-byte aligned
between guard bytes (a changed guard byte is an out-of-bounds write, reported in the
result). By default each pointer argument gets a block of its own; a :class:`Memory`
lets several point into one block at offsets (aliasing), or be null.

Division by zero and ``INT_MIN / -1`` trap natively, misaligned vector accesses may
fault: callers run only inputs the semantics say are free of UB.
"""

from __future__ import annotations

import ctypes
import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import Unsupported
from ..ir.function import Function, Module
from ..ir.types import FloatType, IntType, PtrType, StructType, Type, VectorType

GUARD = 64
GUARD_BYTE = 0xA5
BLOCK_ALIGN = 64  # the widest alignment an x86 instruction demands (AVX-512)
SLOT_ALIGN = 16
_CACHE_SIZE = 64


def store_size(t: Type) -> int:
    """Bytes LLVM writes for a value of type ``t`` (vectors packed, then rounded up)."""
    if isinstance(t, IntType | FloatType | PtrType):
        return (t.bits + 7) // 8
    if isinstance(t, VectorType):
        return (t.count * t.elem.bits + 7) // 8
    if isinstance(t, StructType):
        return sum(_round_up(store_size(f), SLOT_ALIGN) for f in t.fields)
    raise Unsupported(f"native execution of a value of type {t}")


def _round_up(n: int, k: int) -> int:
    return (n + k - 1) // k * k


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
        return whole.to_bytes(store_size(t), "little")
    if isinstance(t, IntType | FloatType):
        return (int(value) & ((1 << t.bits) - 1)).to_bytes(store_size(t), "little")
    raise Unsupported(f"native execution of a value of type {t}")


def _decode(data: bytes, t: Type) -> Any:
    if isinstance(t, StructType):
        out, pos = [], 0
        for f in t.fields:
            out.append(_decode(data[pos:], f))
            pos += _round_up(store_size(f), SLOT_ALIGN)
        return out
    whole = int.from_bytes(data[: store_size(t)], "little")
    if isinstance(t, VectorType):
        bits = t.elem.bits
        return [(whole >> (i * bits)) & ((1 << bits) - 1) for i in range(t.count)]
    assert isinstance(t, IntType | FloatType | PtrType)
    return whole & ((1 << t.bits) - 1)


def lanes_of(value: Any) -> list[int]:
    """A native value as its lanes, in the semantics' order (a struct: its fields' lanes)."""
    if isinstance(value, list):
        return [lane for v in value for lane in lanes_of(v)]
    return [value]


@dataclass(frozen=True)
class Frame:
    """Where each argument and the result live in the blocks the wrapper reads and writes."""

    offsets: tuple[int, ...]
    args_size: int
    ret_size: int

    @staticmethod
    def of(fn: Function) -> Frame:
        offsets, pos = [], 0
        for a in fn.args:
            size = 8 if isinstance(a.type, PtrType) else store_size(a.type)
            offsets.append(pos)
            pos += _round_up(size, SLOT_ALIGN)
        ret = 0 if str(fn.ret_type) == "void" else store_size(fn.ret_type)
        if isinstance(fn.ret_type, PtrType):
            raise Unsupported(f"native execution of @{fn.name}: it returns a pointer")
        return Frame(tuple(offsets), max(pos, SLOT_ALIGN), _round_up(max(ret, 1), SLOT_ALIGN))


def _wrappers(fn: Function, frame: Frame) -> str:
    """The IR text of both wrappers of ``fn``: one call, and a loop over ``n`` calls."""
    body = []
    names = []
    for i, (a, off) in enumerate(zip(fn.args, frame.offsets, strict=True)):
        body.append(f"  %p{i} = getelementptr i8, ptr %args, i64 {off}")
        body.append(f"  %a{i} = load {a.type}, ptr %p{i}, align 1")
        names.append(f"{a.type} %a{i}")
    call = f"call {fn.ret_type} @{fn.name}({', '.join(names)})"
    if str(fn.ret_type) == "void":
        body.append(f"  {call}")
    else:
        body.append(f"  %r = {call}")
        rt = fn.ret_type
        if isinstance(rt, StructType):
            pos = 0
            for k, f in enumerate(rt.fields):
                body.append(f"  %r{k} = extractvalue {rt} %r, {k}")
                body.append(f"  %q{k} = getelementptr i8, ptr %ret, i64 {pos}")
                body.append(f"  store {f} %r{k}, ptr %q{k}, align 1")
                pos += _round_up(store_size(f), SLOT_ALIGN)
        else:
            body.append(f"  store {rt} %r, ptr %ret, align 1")
    one = [f"define void @__vv_call.{fn.name}(ptr %args, ptr %ret) {{", *body, "  ret void", "}"]
    batch = [
        f"define void @__vv_batch.{fn.name}(ptr %args0, ptr %ret0, i64 %n) {{",
        "entry:",
        "  %none = icmp eq i64 %n, 0",
        "  br i1 %none, label %done, label %loop",
        "loop:",
        "  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]",
        f"  %aoff = mul i64 %k, {frame.args_size}",
        f"  %roff = mul i64 %k, {frame.ret_size}",
        "  %args = getelementptr i8, ptr %args0, i64 %aoff",
        "  %ret = getelementptr i8, ptr %ret0, i64 %roff",
        *body,
        "  %k1 = add i64 %k, 1",
        "  %more = icmp ult i64 %k1, %n",
        "  br i1 %more, label %loop, label %done",
        "done:",
        "  ret void",
        "}",
    ]
    return "\n".join(one + batch)


@dataclass
class Memory:
    """The memory a call sees: blocks of bytes, and where each pointer argument points
    (``(block index, byte offset)``, or None for a null pointer)."""

    blocks: list[np.ndarray]
    pointers: dict[int, tuple[int, int] | None]

    @staticmethod
    def separate(fn: Function, buffers: dict[int, Any] | None) -> Memory:
        """Each pointer argument ``i`` at the start of a block of its own, ``buffers[i]``."""
        blocks: list[np.ndarray] = []
        pointers: dict[int, tuple[int, int] | None] = {}
        for i, a in enumerate(fn.args):
            if isinstance(a.type, PtrType):
                pointers[i] = (len(blocks), 0)
                blocks.append(np.asarray((buffers or {})[i], dtype=np.uint8).ravel())
        return Memory(blocks, pointers)


@dataclass
class NativeResult:
    value: Any  # None for void
    buffers: list[np.ndarray]  # final contents of each block (by default: of each pointer argument's)
    oob_writes: list[int] = field(default_factory=list)  # pointer arguments whose block was written out of bounds


class _Guarded:
    """Blocks placed aligned between guard bytes, in one numpy array each."""

    def __init__(self, blocks: list[np.ndarray]):
        self.arrays: list[np.ndarray] = []
        self.starts: list[int] = []
        for data in blocks:
            n = len(data)
            g = np.full(n + 2 * GUARD + BLOCK_ALIGN, GUARD_BYTE, dtype=np.uint8)
            start = GUARD + (-(g.ctypes.data + GUARD)) % BLOCK_ALIGN
            g[start : start + n] = data
            self.arrays.append(g)
            self.starts.append(start)

    def address(self, block: int, offset: int) -> int:
        return int(self.arrays[block].ctypes.data) + self.starts[block] + offset

    def finals(self, sizes: list[int]) -> tuple[list[np.ndarray], list[int]]:
        out, bad = [], []
        for k, (g, s, n) in enumerate(zip(self.arrays, self.starts, sizes, strict=True)):
            if (g[:s] != GUARD_BYTE).any() or (g[s + n :] != GUARD_BYTE).any():
                bad.append(k)
            out.append(g[s : s + n].copy())
        return out, bad


def _target_machine() -> Any:
    """This machine's CPU with all its features: the code the hardware really runs."""
    import llvmlite.binding as llvm

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    target = llvm.Target.from_default_triple()
    return target.create_target_machine(
        cpu=llvm.get_host_cpu_name(), features=llvm.get_host_cpu_features().flatten(), opt=2
    )


class CompiledModule:
    """A module compiled once; call any of its functions many times."""

    def __init__(self, module: Module, text: str):
        import llvmlite.binding as llvm

        self.functions = dict(module.functions)
        self.frames = {name: Frame.of(fn) for name, fn in self.functions.items()}
        wrappers = "\n".join(_wrappers(fn, self.frames[name]) for name, fn in self.functions.items())
        ir = llvm.parse_assembly(text + "\n" + wrappers)
        ir.verify()
        self._engine = llvm.create_mcjit_compiler(ir, _target_machine())
        self._engine.finalize_object()
        one = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)
        many = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)
        self._calls = {n: one(self._engine.get_function_address(f"__vv_call.{n}")) for n in self.functions}
        self._batches = {n: many(self._engine.get_function_address(f"__vv_batch.{n}")) for n in self.functions}

    def _arg_block(self, fn: Function, frame: Frame, args: list[Any], out: np.ndarray) -> None:
        for i, a in enumerate(fn.args):
            if isinstance(a.type, PtrType):
                continue
            raw = _encode(args[i], a.type)
            out[frame.offsets[i] : frame.offsets[i] + len(raw)] = np.frombuffer(raw, dtype=np.uint8)

    def run(
        self, name: str, args: list[Any], buffers: dict[int, Any] | None = None, memory: Memory | None = None
    ) -> NativeResult:
        """Call ``name``: non-pointer arguments from ``args``; pointer argument ``i`` gets
        ``buffers[i]`` (bytes, copied into a guarded block of its own), or points where
        ``memory`` says."""
        fn, frame = self.functions[name], self.frames[name]
        mem = memory if memory is not None else Memory.separate(fn, buffers)
        block = np.zeros(frame.args_size, dtype=np.uint8)
        self._arg_block(fn, frame, args, block)
        guarded = _Guarded(mem.blocks)
        for i, where in mem.pointers.items():
            address = 0 if where is None else guarded.address(*where)
            block[frame.offsets[i] : frame.offsets[i] + 8] = np.frombuffer(address.to_bytes(8, "little"), np.uint8)
        result = np.zeros(frame.ret_size, dtype=np.uint8)
        self._calls[name](block.ctypes.data, result.ctypes.data)
        value = None if str(fn.ret_type) == "void" else _decode(result.tobytes(), fn.ret_type)
        finals, bad = guarded.finals([len(b) for b in mem.blocks])
        oob = sorted(i for i, w in mem.pointers.items() if w is not None and w[0] in bad)
        return NativeResult(value, finals, oob)

    def run_batch(self, name: str, inputs: list[list[Any]]) -> list[Any]:
        """Call ``name`` (no pointer arguments) once per argument list, in one native
        call: the results, in order."""
        fn, frame = self.functions[name], self.frames[name]
        if any(isinstance(a.type, PtrType) for a in fn.args):
            raise Unsupported(f"batched native runs of @{name}: pointer arguments")
        n = len(inputs)
        blocks = np.zeros(max(n, 1) * frame.args_size, dtype=np.uint8)
        for k, args in enumerate(inputs):
            self._arg_block(fn, frame, args, blocks[k * frame.args_size : (k + 1) * frame.args_size])
        results = np.zeros(max(n, 1) * frame.ret_size, dtype=np.uint8)
        self._batches[name](blocks.ctypes.data, results.ctypes.data, n)
        if str(fn.ret_type) == "void":
            return [None] * n
        raw = results.tobytes()
        return [_decode(raw[k * frame.ret_size : (k + 1) * frame.ret_size], fn.ret_type) for k in range(n)]


_compiled: OrderedDict[str, CompiledModule] = OrderedDict()


def compile_module(text: str) -> CompiledModule:
    """Compile LLVM IR text (cached by its hash: a campaign compiles each module once)."""
    from ..llvm import parse_module

    key = hashlib.sha256(text.encode()).hexdigest()
    if key in _compiled:
        _compiled.move_to_end(key)
        return _compiled[key]
    compiled = CompiledModule(parse_module(text, "<native>"), text)
    _compiled[key] = compiled
    if len(_compiled) > _CACHE_SIZE:
        _compiled.popitem(last=False)
    return compiled


def execute(
    text: str, name: str, args: list[Any], buffers: dict[int, Any] | None = None, memory: Memory | None = None
) -> NativeResult:
    return compile_module(text).run(name, args, buffers, memory)
