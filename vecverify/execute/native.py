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

Pointer arguments point into memory blocks: byte buffers placed 64-byte aligned between
guard bytes (a changed guard byte is an out-of-bounds write, reported in the result). By default each pointer argument gets a block of its own; a :class:`Memory`
lets several point into one block at offsets (aliasing), or be null.

Division by zero and ``INT_MIN / -1`` trap natively, misaligned vector accesses may
fault: callers run only inputs the semantics say are free of UB.
"""

from __future__ import annotations

import ctypes
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

import llvmlite.binding as llvm

from ..errors import Unsupported
from ..ir.function import Function, Module
from ..ir.types import FloatType, IntType, PtrType, StructType, Type, VectorType
from ..llvm import parse_module
from .codegen import object_code
from .sizes import store_size

if TYPE_CHECKING:  # numpy is imported where it is used: a single run (a counterexample's replay) needs none
    import numpy as np

GUARD = 64
GUARD_BYTE = 0xA5
BLOCK_ALIGN = 64  # the widest alignment an x86 instruction demands (AVX-512)
SLOT_ALIGN = 16
_CACHE_SIZE = 64
AVOIDED_FEATURES = ("avx512", "avx10", "amx")


def _round_up(n: int, k: int) -> int:
    return (n + k - 1) // k * k


def _encode(value: Any, t: Type) -> bytes:
    """An argument as the wrapper reads it (see _load_arg): every lane on its own."""
    if isinstance(t, VectorType):
        lanes = list(value)
        if len(lanes) != t.count:
            raise ValueError(f"{t} needs {t.count} lanes, got {len(lanes)}")
        return b"".join(_encode(lane, t.elem) for lane in lanes)
    if isinstance(t, IntType | FloatType):
        return (int(value) & ((1 << t.bits) - 1)).to_bytes(store_size(t), "little")
    raise Unsupported(f"native execution of a value of type {t}")


def _decode(data: bytes, t: Type) -> Any:
    """A result as the wrapper stores it (see _store_result): every scalar lane on its own."""
    return _decode_at(data, t, 0)[0]


def _decode_at(data: bytes, t: Type, pos: int) -> tuple[Any, int]:
    if isinstance(t, StructType):
        out = []
        for f in t.fields:
            value, pos = _decode_at(data, f, pos)
            out.append(value)
        return out, pos
    if isinstance(t, VectorType):
        lanes = []
        for _ in range(t.count):
            value, pos = _decode_at(data, t.elem, pos)
            lanes.append(value)
        return lanes, pos
    assert isinstance(t, IntType | FloatType | PtrType)
    size = store_size(t)
    return int.from_bytes(data[pos : pos + size], "little") & ((1 << t.bits) - 1), pos + size


def _load_arg(t: Type, name: str, lines: list[str], pos: int) -> int:
    """Load argument ``name`` from ``%args + pos`` lane by lane, the way _encode lays it
    out. (LLVM 22 on x86 loads a vector of sub-byte lanes wider than 64 bits from the
    wrong bytes: ``load <12 x i6>`` reads lane 11 from byte 0. Scalar loads avoid it.)"""
    if isinstance(t, VectorType):
        prev = "poison"
        for k in range(t.count):
            pos = _load_arg(t.elem, f"{name}.{k}", lines, pos)
            now = name if k == t.count - 1 else f"{name}.v{k}"
            lines.append(f"  {now} = insertelement {t} {prev}, {t.elem} {name}.{k}, i64 {k}")
            prev = now
        return pos
    lines.append(f"  {name}.at = getelementptr i8, ptr %args, i64 {pos}")
    lines.append(f"  {name} = load {t}, ptr {name}.at, align 1")
    return pos + (8 if isinstance(t, PtrType) else store_size(t))


def _store_result(t: Type, value: str, lines: list[str], pos: int) -> int:
    """Store ``value`` at ``%ret + pos``, lane by lane: a vector stored whole would pack
    sub-byte lanes, and a poison lane could then spill into its neighbours' bits."""
    if isinstance(t, StructType | VectorType):
        parts = list(enumerate(t.fields)) if isinstance(t, StructType) else [(i, t.elem) for i in range(t.count)]
        for k, part_type in parts:
            name = f"{value}.{k}"
            if isinstance(t, StructType):
                lines.append(f"  {name} = extractvalue {t} {value}, {k}")
            else:
                lines.append(f"  {name} = extractelement {t} {value}, i64 {k}")
            pos = _store_result(part_type, name, lines, pos)
        return pos
    lines.append(f"  {value}.at = getelementptr i8, ptr %ret, i64 {pos}")
    lines.append(f"  store {t} {value}, ptr {value}.at, align 1")
    return pos + store_size(t)


def _result_size(t: Type) -> int:
    if isinstance(t, StructType):
        return sum(_result_size(f) for f in t.fields)
    if isinstance(t, VectorType):
        return t.count * store_size(t.elem)
    return store_size(t)


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
            size = 8 if isinstance(a.type, PtrType) else _result_size(a.type)
            offsets.append(pos)
            pos += _round_up(size, SLOT_ALIGN)
        ret = 0 if str(fn.ret_type) == "void" else _result_size(fn.ret_type)
        if isinstance(fn.ret_type, PtrType):
            raise Unsupported(f"native execution of @{fn.name}: it returns a pointer")
        return Frame(tuple(offsets), max(pos, SLOT_ALIGN), _round_up(max(ret, 1), SLOT_ALIGN))


def _wrappers(fn: Function, frame: Frame) -> str:
    """The IR text of both wrappers of ``fn``: one call, and a loop over ``n`` calls."""
    body: list[str] = []
    names = []
    for i, (a, off) in enumerate(zip(fn.args, frame.offsets, strict=True)):
        _load_arg(a.type, f"%a{i}", body, off)
        names.append(f"{a.type} %a{i}")
    # Inlined (see codegen_worker._object_code): no calling convention between the wrapper and the
    # function, whose lowering of odd vector types LLVM gets wrong (a returned
    # <12 x i6> comes back through memory, and is read from the wrong bytes).
    call = f"call {fn.ret_type} @{fn.name}({', '.join(names)}) alwaysinline"
    if str(fn.ret_type) == "void":
        body.append(f"  {call}")
    else:
        body.append(f"  %r = {call}")
        _store_result(fn.ret_type, "%r", body, 0)
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
    return "\n".join(batch)


@dataclass
class Memory:
    """The memory a call sees: blocks of bytes, and where each pointer argument points
    (``(block index, byte offset)``, or None for a null pointer)."""

    blocks: list[Any]  # bytes-like: bytes, bytearray, a numpy array of uint8
    pointers: dict[int, tuple[int, int] | None]

    @staticmethod
    def separate(fn: Function, buffers: dict[int, Any] | None) -> Memory:
        """Each pointer argument ``i`` at the start of a block of its own, ``buffers[i]``."""
        import numpy as np

        blocks: list[np.ndarray] = []
        pointers: dict[int, tuple[int, int] | None] = {}
        for i, a in enumerate(fn.args):
            if isinstance(a.type, PtrType):
                pointers[i] = (len(blocks), 0)
                blocks.append(np.asarray((buffers or {})[i], dtype=np.uint8).ravel())
        return Memory(blocks, pointers)


@dataclass
class NativeResult:
    """A native call's result: the returned value, each block's final bytes, writes out of bounds."""

    value: Any  # None for void
    buffers: list[np.ndarray]  # final contents of each block (by default: of each pointer argument's)
    oob_writes: list[int] = field(default_factory=list)  # pointer arguments whose block was written out of bounds

    def lanes(self) -> list[int]:
        """The returned value's lanes in the semantics' order (none for void)."""
        return lanes_of(self.value) if self.value is not None else []


class _Guarded:
    """Blocks placed aligned between guard bytes, in one bytearray each."""

    def __init__(self, blocks: list[Any]):
        self.arrays: list[bytearray] = []
        self.starts: list[int] = []
        self.bases: list[int] = []
        for data in blocks:
            n = len(data)
            g = bytearray([GUARD_BYTE]) * (n + 2 * GUARD + BLOCK_ALIGN)
            # a ctypes view exports the buffer: the bytearray cannot move while it lives
            base = ctypes.addressof((ctypes.c_char * len(g)).from_buffer(g))
            start = GUARD + (-(base + GUARD)) % BLOCK_ALIGN
            g[start : start + n] = memoryview(data).cast("B")
            self.arrays.append(g)
            self.starts.append(start)
            self.bases.append(base)

    def address(self, block: int, offset: int) -> int:
        return self.bases[block] + self.starts[block] + offset

    def finals(self, sizes: list[int]) -> tuple[list[bytes], list[int]]:
        out, bad = [], []
        for k, (g, s, n) in enumerate(zip(self.arrays, self.starts, sizes, strict=True)):
            if g.count(GUARD_BYTE, 0, s) != s or g.count(GUARD_BYTE, s + n) != len(g) - s - n:
                bad.append(k)
            out.append(bytes(g[s : s + n]))
        return out, bad


@cache
def _load_runtime_libraries() -> None:
    """The code generator calls helper functions for what the CPU cannot do (``double``
    to ``half``, ``i128`` division, ...): libgcc has them, libm the rest (fmod for frem,
    ...). Loaded for the JIT's symbol lookup; a helper it cannot find would be called at
    address 0."""

    for name, soname in (("gcc_s", "libgcc_s.so.1"), ("m", "libm.so.6")):
        try:  # by its usual name first (find_library runs ldconfig: ~8 ms)
            llvm.load_library_permanently(soname)
            continue
        except RuntimeError:
            pass
        import ctypes.util

        path = ctypes.util.find_library(name)
        if path is not None:
            llvm.load_library_permanently(path)


@cache
def _machine_spec(cpu: str = "") -> tuple[str, str]:
    """(CPU name, features) of the code generator: the named ``cpu`` (benchmarks name
    one, e.g. x86-64-v3), or by default this machine's CPU with its features, but for
    AVX-512 (and what builds on it): LLVM 22's AVX-512 lowering aborts the process on
    some valid IR (a call passing ``<1 x i1>``: "Cannot emit physreg copy instruction";
    ``bitcast half to <16 x i1>``: "Cannot select"), found by the cross-check
    (properties/crosscheck.py)."""
    if cpu:
        return cpu, ""
    features = llvm.get_host_cpu_features()
    for name in list(features):
        if name.startswith(AVOIDED_FEATURES):
            features[name] = False
    return llvm.get_host_cpu_name(), features.flatten()


def host_features() -> frozenset[str]:
    """The CPU features the code generator uses by default (see _machine_spec)."""
    return frozenset(f[1:] for f in _machine_spec()[1].split(",") if f.startswith("+"))


def _target_machine(cpu: str = "") -> Any:
    """A target machine for one JIT engine (which owns it); the object code comes from
    codegen.py's process, made for the same CPU and features."""
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    _load_runtime_libraries()
    name, features = _machine_spec(cpu)
    return llvm.Target.from_default_triple().create_target_machine(cpu=name, features=features, opt=2)


def prepare_jit() -> None:
    """What every JIT engine of this process needs, done now (the warm server does it
    once for all its commands): LLVM's native target, the runtime libraries (found with
    ``ldconfig``: ~8 ms), this machine's CPU and features."""
    machine_data_layout()


@cache
def machine_data_layout() -> str:
    """The data layout the JIT compiles every module with (a module without one gets it)."""
    return str(_target_machine().target_data)


class CompiledModule:
    """A module compiled once; call any of its functions many times."""

    def __init__(self, module: Module, text: str, cpu: str = ""):
        self.functions = dict(module.functions)
        self.frames = {name: Frame.of(fn) for name, fn in self.functions.items()}
        wrappers = "\n".join(_wrappers(fn, self.frames[name]) for name, fn in self.functions.items())
        machine = _target_machine(cpu)
        obj = object_code(text + "\n" + wrappers, *_machine_spec(cpu), module.source_name)
        self._engine = llvm.create_mcjit_compiler(llvm.parse_assembly(""), machine)
        self._engine.add_object_file(llvm.ObjectFileRef.from_data(obj))
        self._engine.finalize_object()
        many = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)
        self._batches = {n: many(self._engine.get_function_address(f"__vv_batch.{n}")) for n in self.functions}

    def _arg_block(self, fn: Function, frame: Frame, args: list[Any], out: bytearray) -> None:
        for i, a in enumerate(fn.args):
            if isinstance(a.type, PtrType):
                continue
            raw = _encode(args[i], a.type)
            out[frame.offsets[i] : frame.offsets[i] + len(raw)] = raw

    def caller(
        self, name: str, args: list[Any], buffers: dict[int, np.ndarray] | list[dict[int, np.ndarray]],
        repeat: int = 1,
    ) -> Callable[[], None]:
        """A call of ``name`` with its arguments marshalled once, for timing loops: pointer
        argument ``i`` is ``buffers[i]`` itself (no copy, no guard bytes), so the caller
        keeps the arrays alive and sees what the function writes. ``repeat``: the call
        makes that many calls in native code (short calls are not timed as ctypes).
        A list of buffer sets: call k takes set k mod their number (a function updating
        memory in place then does not read what the call before it wrote: see
        ``bench loop --buffer-sets``)."""
        fn, frame = self.functions[name], self.frames[name]
        sets = buffers if isinstance(buffers, list) else [buffers]
        blocks = []
        for bufs in sets:
            one = bytearray(frame.args_size)
            self._arg_block(fn, frame, args, one)
            for i, a in enumerate(fn.args):
                if isinstance(a.type, PtrType):
                    one[frame.offsets[i] : frame.offsets[i] + 8] = bufs[i].ctypes.data.to_bytes(8, "little")
            blocks.append(one)
        block = bytearray(b"".join(blocks[k % len(blocks)] for k in range(repeat)))
        result = bytearray(max(1, frame.ret_size * repeat))
        args_at = ctypes.addressof((ctypes.c_char * len(block)).from_buffer(block))
        ret_at = ctypes.addressof((ctypes.c_char * len(result)).from_buffer(result))
        call = self._batches[name]

        def run() -> None:
            call(args_at, ret_at, repeat)
            _ = (block, result, buffers)  # keep the marshalled memory alive with the closure

        return run

    def run(
        self, name: str, args: list[Any], buffers: dict[int, Any] | None = None, memory: Memory | None = None
    ) -> NativeResult:
        """Call ``name``: non-pointer arguments from ``args``; pointer argument ``i`` gets
        ``buffers[i]`` (bytes, copied into a guarded block of its own), or points where
        ``memory`` says. Each block's final bytes come back as a numpy array."""
        value, finals, oob = self.run_bytes(name, args, buffers, memory)
        if not finals:
            return NativeResult(value, [], oob)
        import numpy as np

        return NativeResult(value, [np.frombuffer(bytearray(b), dtype=np.uint8) for b in finals], oob)

    def run_bytes(
        self, name: str, args: list[Any], buffers: dict[int, Any] | None = None, memory: Memory | None = None
    ) -> tuple[Any, list[bytes], list[int]]:
        """:meth:`run` without numpy: the returned value, each block's final bytes, and
        the pointer arguments whose block was written out of bounds."""
        fn, frame = self.functions[name], self.frames[name]
        block = bytearray(frame.args_size)
        self._arg_block(fn, frame, args, block)
        guarded = None
        if any(isinstance(a.type, PtrType) for a in fn.args) or memory is not None:
            mem = memory if memory is not None else Memory.separate(fn, buffers)
            guarded = _Guarded(mem.blocks)
            for i, where in mem.pointers.items():
                address = 0 if where is None else guarded.address(*where)
                block[frame.offsets[i] : frame.offsets[i] + 8] = address.to_bytes(8, "little")
        result = bytearray(frame.ret_size)
        args_buf = (ctypes.c_char * len(block)).from_buffer(block)
        ret_buf = (ctypes.c_char * len(result)).from_buffer(result)
        self._batches[name](ctypes.addressof(args_buf), ctypes.addressof(ret_buf), 1)
        value = None if str(fn.ret_type) == "void" else _decode(bytes(result), fn.ret_type)
        if guarded is None:
            return value, [], []
        finals, bad = guarded.finals([len(b) for b in mem.blocks])
        oob = sorted(i for i, w in mem.pointers.items() if w is not None and w[0] in bad)
        return value, finals, oob

    def run_batch(self, name: str, inputs: list[list[Any]]) -> list[Any]:
        """Call ``name`` (no pointer arguments) once per argument list, in one native
        call: the results, in order."""
        fn, frame = self.functions[name], self.frames[name]
        if any(isinstance(a.type, PtrType) for a in fn.args):
            raise Unsupported(f"batched native runs of @{name}: pointer arguments")
        import numpy as np

        n = len(inputs)
        blocks = np.zeros((max(n, 1), frame.args_size), dtype=np.uint8)
        for i, a in enumerate(fn.args):
            column = _columns([args[i] for args in inputs], a.type)
            if column is not None:
                blocks[:n, frame.offsets[i] : frame.offsets[i] + column.shape[1]] = column
                continue
            for k, args in enumerate(inputs):
                raw = _encode(args[i], a.type)
                blocks[k, frame.offsets[i] : frame.offsets[i] + len(raw)] = np.frombuffer(raw, dtype=np.uint8)
        results = np.zeros((max(n, 1), frame.ret_size), dtype=np.uint8)
        self._batches[name](blocks.ctypes.data, results.ctypes.data, n)
        rt = fn.ret_type
        if str(rt) == "void":
            return [None] * n
        lanes = _from_columns(results[:n], rt)
        if lanes is not None:
            return lanes
        raw = results.tobytes()
        return [_decode(raw[k * frame.ret_size : (k + 1) * frame.ret_size], rt) for k in range(n)]


def _lane_layout(t: Type) -> tuple[int, int, int] | None:
    """(lanes, bytes per lane, bits) for a scalar or vector whose lanes numpy can hold."""
    if not isinstance(t, IntType | FloatType | VectorType):
        return None
    s = t.scalar
    if not isinstance(s, IntType | FloatType) or store_size(s) not in (1, 2, 4, 8):
        return None
    return t.lanes, store_size(s), s.bits


def _columns(values: list[Any], t: Type) -> np.ndarray | None:
    """One argument of many inputs as rows of bytes, the way _encode lays it out."""
    layout = _lane_layout(t)
    if layout is None:
        return None
    lanes, size, bits = layout
    import numpy as np

    mask = (1 << bits) - 1
    flat = [v & mask for v in values] if lanes == 1 and not t.is_vector else [x & mask for v in values for x in v]
    return np.array(flat, dtype=np.uint64).astype(f"<u{size}").view(np.uint8).reshape(len(values), lanes * size)


def _from_columns(rows: np.ndarray, t: Type) -> list[Any] | None:
    layout = _lane_layout(t)
    if layout is None:
        return None
    lanes, size, bits = layout
    import numpy as np

    values = np.ascontiguousarray(rows[:, : lanes * size]).view(f"<u{size}").astype(np.uint64) & np.uint64((1 << bits) - 1)
    out: list[Any] = values.tolist()
    return out if t.is_vector else [v[0] for v in out]


_compiled: OrderedDict[str, CompiledModule] = OrderedDict()


def compile_module(text: str, cpu: str = "") -> CompiledModule:
    """Compile LLVM IR text (cached by its hash: a campaign compiles each module once)
    for ``cpu`` (default: this machine's, see _target_machine)."""
    key = f"{cpu}\n{text}"  # the text itself (hashlib: 3 ms of a counterexample's replay)
    if key in _compiled:
        _compiled.move_to_end(key)
        return _compiled[key]
    compiled = CompiledModule(parse_module(text, "<native>"), text, cpu)
    _compiled[key] = compiled
    if len(_compiled) > _CACHE_SIZE:
        _compiled.popitem(last=False)
    return compiled


def execute(
    text: str, name: str, args: list[Any], buffers: dict[int, Any] | None = None, memory: Memory | None = None
) -> NativeResult:
    return compile_module(text).run(name, args, buffers, memory)
