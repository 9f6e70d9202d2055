"""The native witness for scalable vectors: AArch64 with SVE, or RISC-V with vectors,
under qemu.

This machine's JIT has no scalable vectors, so functions that use them are compiled by
clang-22 for another machine (linked statically with lld) and run under qemu-user with
the vector length pinned (a :class:`ScalableTarget`):

* ``SVE``: ``aarch64-linux-gnu``, ``-march=armv8-a+sve``, run under ``qemu-aarch64 -cpu
  max,sve-max-vq=K,sve-default-vector-length=16K``: the SVE registers are ``K x 128``
  bits, so ``vscale`` is K (1..16).
* ``RVV``: ``riscv64-linux-gnu``, ``-march=rv64gc_zve64d`` (RISC-V's vector instructions
  for elements up to 64 bits; LLVM's vscale is VLEN / 64, and ``-march=rv64gcv`` assumes
  VLEN >= 128: the backend refuses a function whose ``vscale_range`` starts at 1), run
  under ``qemu-riscv64 -cpu rv64,v=true,vlen=64K`` (a full V machine) for vscale K >= 2
  and ``-cpu rv64,v=false,Zve64f=true,vlen=64`` for vscale 1 (V needs VLEN >= 128);
  qemu 7.2 takes VLEN up to 1024: vscale 1..16. qemu 7.2 has no Zve64d: vectors of
  double do not run at vscale 1 (an illegal instruction there), so a program with them
  is not run at vscale 1 (:meth:`SveModule.unable` says why).

One binary holds a batch of functions; one qemu process per vscale runs every input of
the batch.

Each function gets a wrapper ``void @vv.wN(ptr %slots)``: ``slots[i]`` points at
argument i's bytes (a pointer argument: its buffer), ``slots[n]`` at the result's; the
wrapper loads the arguments (``i1`` lanes as bytes), calls the function and stores the
result. A C driver reads records from stdin (function, slot offsets, input bytes) and
writes the result bytes and the input region afterwards (the buffers as the function
left them). Lanes go in and out as unsigned integers (floats as their bits).

Needs Debian's ``clang-22``, ``lld-22``, ``qemu-user`` and the target's cross C library
(``libc6-dev-arm64-cross`` and ``libgcc-12-dev-arm64-cross``; ``-riscv64-cross`` for
RISC-V); :func:`missing` says what is absent.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Unsupported
from ..ir.function import Function
from ..ir.types import FloatType, IntType, PtrType, StructType, Type, VectorType
from ..toolchain import tool_path

MAX_VQ = 16  # qemu's and the architecture's largest SVE length: 2048 bits


@dataclass(frozen=True)
class ScalableTarget:
    """A machine with scalable vectors that qemu-user runs: how to compile for it, what
    it needs installed, and the CPU that pins vscale."""

    name: str  # "SVE", "RISC-V V": for lines and messages
    triple: str
    march: str
    qemu: str  # the qemu-user binary
    libc_packages: tuple[str, str]  # (the C library, libgcc), Debian's cross packages
    gcc_cross: str  # the directory under /usr/lib/gcc-cross

    @property
    def packages(self) -> tuple[str, ...]:
        return ("clang-22", "lld-22", *self.libc_packages, "qemu-user")

    @property
    def flags(self) -> tuple[str, ...]:
        return (f"--target={self.triple}", f"-march={self.march}", "-fuse-ld=lld", "-static")

    @property
    def cross_libc(self) -> Path:
        return Path(f"/usr/{self.triple}/lib/libc.a")

    def cpu(self, vscale: int) -> str:
        """qemu's ``-cpu`` with vector registers of ``vscale`` x (128 bits on SVE, 64 on
        RISC-V)."""
        if self.qemu == "qemu-aarch64":
            return qemu_cpu(vscale)
        if vscale == 1:  # V needs VLEN >= 128; Zve64f runs the same instructions at 64
            return "rv64,v=false,Zve64f=true,vlen=64,elen=64,vext_spec=v1.0"
        return f"rv64,v=true,vlen={64 * vscale},vext_spec=v1.0"

    def unable(self, vscale: int, module_text: str) -> str | None:
        """Why a program of ``module_text`` cannot run at ``vscale`` on this machine
        under qemu, or None."""
        if self.qemu == "qemu-riscv64" and vscale == 1 and "x double>" in module_text:
            return "vectors of double at VLEN 64 need Zve64d, which qemu 7.2 lacks"
        return None


SVE = ScalableTarget("SVE", "aarch64-linux-gnu", "armv8-a+sve", "qemu-aarch64",
                     ("libc6-dev-arm64-cross", "libgcc-12-dev-arm64-cross"), "aarch64-linux-gnu")
RVV = ScalableTarget("RISC-V V", "riscv64-linux-gnu", "rv64gc_zve64d", "qemu-riscv64",
                     ("libc6-dev-riscv64-cross", "libgcc-12-dev-riscv64-cross"), "riscv64-linux-gnu")
SCALABLE_WITNESSES = {"sve": SVE, "rvv": RVV}  # by vectorize --target
IN_BYTES = 1 << 16
OUT_BYTES = 1 << 14
BUFFER_ALIGN = 64

_DRIVER = r"""
#include <stdint.h>
#include <stdio.h>
#include <string.h>
typedef void (*wrapper)(void **);
extern const wrapper vv_wrappers[];
static unsigned char in_region[%(in)d] __attribute__((aligned(64)));
static unsigned char out_region[%(out)d] __attribute__((aligned(64)));
static int get(void *p, size_t n) { return fread(p, 1, n, stdin) == n; }
int main(void) {
  uint32_t head[4], offsets[256];
  void *slots[257];
  while (get(head, sizeof head)) {  /* function, slots, input bytes, result bytes */
    if (head[1] > 256 || head[2] > sizeof in_region || head[3] > sizeof out_region) return 2;
    if (!get(offsets, 4 * head[1]) || !get(in_region, head[2])) return 3;
    for (uint32_t i = 0; i < head[1]; i++) slots[i] = in_region + offsets[i];
    slots[head[1]] = out_region;
    memset(out_region, 0, head[3]);
    vv_wrappers[head[0]](slots);
    fwrite(out_region, 1, head[3], stdout);
    fwrite(in_region, 1, head[2], stdout);
    fflush(stdout);
  }
  return 0;
}
"""


def qemu_cpu(vscale: int) -> str:
    """qemu's CPU with SVE registers of ``vscale`` x 128 bits. ``sve-max-vq`` caps the
    length; a process starts at qemu-user's default length (64 bytes, as Linux's
    ``sve_default_vector_length``), so lengths above it are asked for too."""
    return f"max,sve-max-vq={vscale},sve-default-vector-length={16 * vscale}"


def missing(target: ScalableTarget = SVE) -> str | None:
    """What the witness for ``target`` lacks on this machine (with the packages that
    provide it), or None when it can run."""
    absent = []
    if tool_path("clang") is None:
        absent.append("clang-22")
    if shutil.which("ld.lld-22") is None and shutil.which("ld.lld") is None:
        absent.append("lld-22")
    libc, libgcc = target.libc_packages
    if not target.cross_libc.is_file():
        absent.append(libc)
    if not any(Path(f"/usr/lib/gcc-cross/{target.gcc_cross}").glob("*/libgcc.a")):
        absent.append(libgcc)
    if shutil.which(target.qemu) is None:
        absent.append("qemu-user")
    if not absent:
        return None
    return f"not installed: {', '.join(absent)} (apt-get install -y {' '.join(target.packages)})"


def _lane_type(t: Type) -> tuple[int, int]:
    """(minimum lanes, bytes per lane in the slot) of an argument or result type."""
    if isinstance(t, VectorType):
        n = t.count // t.vscale if t.vscale else t.count
        return n, _elem_bytes(t.elem)
    if isinstance(t, IntType | FloatType):
        return 1, _elem_bytes(t)
    raise Unsupported(f"scalable witness: a value of type {t}")


def _elem_bytes(t: Type) -> int:
    if isinstance(t, IntType):
        if t.bits == 1:
            return 1  # passed as a byte, truncated by the wrapper
        if t.bits % 8 or t.bits > 64:
            raise Unsupported(f"scalable witness: elements of type {t}")
        return t.bits // 8
    if isinstance(t, FloatType):
        if t.name not in ("half", "float", "double"):
            raise Unsupported(f"scalable witness: elements of type {t}")
        return t.bits // 8
    raise Unsupported(f"scalable witness: elements of type {t}")


def _lanes_at(t: Type, vscale: int) -> int:
    n, _ = _lane_type(t)
    return n * vscale if isinstance(t, VectorType) and t.vscale else n


def _byte_type(t: Type) -> str:
    """The type a value is passed as: its own, with i1 lanes widened to i8."""
    if isinstance(t, VectorType) and t.elem == IntType(1):
        return str(t).replace("i1>", "i8>")
    return "i8" if t == IntType(1) else str(t)


def _fields(t: Type) -> list[Type]:
    return list(t.fields) if isinstance(t, StructType) else [t]


def wrapper_text(fn: Function, index: int) -> str:
    """``void @vv.w<index>(ptr %slots)``: loads ``fn``'s arguments from their slots, calls
    it, stores its result (each field after the previous one) in the last slot."""
    lines = [f"define void @vv.w{index}(ptr %slots) {{"]
    args = []
    for i, a in enumerate(fn.args):
        lines.append(f"  %s{i} = getelementptr ptr, ptr %slots, i64 {i}")
        lines.append(f"  %p{i} = load ptr, ptr %s{i}")
        if isinstance(a.type, PtrType):
            args.append(f"ptr %p{i}")
            continue
        bt = _byte_type(a.type)
        lines.append(f"  %b{i} = load {bt}, ptr %p{i}, align 1")
        if bt != str(a.type):
            lines.append(f"  %a{i} = trunc {bt} %b{i} to {a.type}")
            args.append(f"{a.type} %a{i}")
        else:
            args.append(f"{a.type} %b{i}")
    n = len(fn.args)
    lines.append(f"  %rs = getelementptr ptr, ptr %slots, i64 {n}")
    lines.append("  %q0 = load ptr, ptr %rs")
    call = f"call {fn.ret_type} @{fn.name}({', '.join(args)})"
    if str(fn.ret_type) == "void":
        lines.append(f"  {call}")
    else:
        lines.append(f"  %r = {call}")
        fields = _fields(fn.ret_type)
        for k, ft in enumerate(fields):
            value = "%r" if len(fields) == 1 else f"%f{k}"
            if len(fields) > 1:
                lines.append(f"  %f{k} = extractvalue {fn.ret_type} %r, {k}")
            bt = _byte_type(ft)
            if bt != str(ft):
                lines.append(f"  %z{k} = zext {ft} {value} to {bt}")
                value = f"%z{k}"
            lines.append(f"  store {bt} {value}, ptr %q{k}, align 1")
            lines.append(f"  %q{k + 1} = getelementptr {bt}, ptr %q{k}, i64 1")
    lines += ["  ret void", "}"]
    return "\n".join(lines)


@dataclass
class SveRun:
    """One native run: the result's lanes (unsigned; all fields' lanes in order) and
    each pointer argument's buffer afterwards (by argument index)."""

    lanes: list[int]
    buffers: dict[int, bytes]


class SveModule:
    """A batch of functions compiled into one program for ``target`` (AArch64+SVE by
    default; see the module docstring); :meth:`run` runs inputs of them at one vscale."""

    def __init__(self, module_text: str, functions: Sequence[Function], workdir: Path | None = None,
                 target: ScalableTarget = SVE) -> None:
        self.target = target
        reason = missing(target)
        if reason is not None:
            raise Unsupported(f"{target.name} witness: {reason}")
        self.functions = list(functions)
        for fn in self.functions:
            for t in [a.type for a in fn.args if not isinstance(a.type, PtrType)] + [
                    f for f in _fields(fn.ret_type) if str(f) != "void"]:
                _lane_type(t)
        self._dir = Path(tempfile.mkdtemp(prefix="vecverify-sve-", dir=workdir))
        wrappers = [wrapper_text(fn, i) for i, fn in enumerate(self.functions)]
        table = ", ".join(f"ptr @vv.w{i}" for i in range(len(self.functions)))
        self.module_text = module_text
        ir = "\n".join([module_text, *wrappers,
                        f"@vv_wrappers = constant [{len(self.functions)} x ptr] [{table}]"])
        (self._dir / "cases.ll").write_text(ir)
        (self._dir / "driver.c").write_text(_DRIVER % {"in": IN_BYTES, "out": OUT_BYTES})
        self.binary = self._dir / "cases"
        clang = tool_path("clang")
        assert clang is not None
        done = subprocess.run([str(clang), *target.flags, "-O1", "-w", str(self._dir / "driver.c"),
                               str(self._dir / "cases.ll"), "-o", str(self.binary)],
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()
            raise Unsupported(f"{target.name} witness: clang-22 failed: {' / '.join(tail[:3])}")

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)

    def unable(self, vscale: int) -> str | None:
        """Why the program cannot run at ``vscale`` (:meth:`ScalableTarget.unable`), or None."""
        return self.target.unable(vscale, self.module_text)

    def run(self, vscale: int, inputs: Sequence[tuple[int, Sequence[Any], dict[int, bytes]]]) -> list[SveRun]:
        """Each input ``(function index, argument values, buffers by argument index)``
        run at ``vscale`` (1..16): vector arguments have ``N * vscale`` lanes."""
        if not 1 <= vscale <= MAX_VQ:
            raise ValueError(f"vscale {vscale} outside qemu's 1..{MAX_VQ}")
        reason = self.unable(vscale)
        if reason is not None:
            raise Unsupported(f"{self.target.name} witness at vscale {vscale}: {reason}")
        records, shapes = [], []
        for index, args, buffers in inputs:
            record, shape = self._record(index, args, buffers, vscale)
            records.append(record)
            shapes.append(shape)
        done = subprocess.run([self.target.qemu, "-cpu", self.target.cpu(vscale), str(self.binary)],
                              input=b"".join(records), capture_output=True, timeout=600)
        if done.returncode != 0:
            raise RuntimeError(f"the {self.target.name} program failed under qemu (exit {done.returncode}): "
                               f"{done.stderr.decode(errors='replace').strip()[:200]}")
        out, pos, runs = done.stdout, 0, []
        for index, (ret_bytes, in_len, buffer_at) in zip((i for i, _, _ in inputs), shapes, strict=True):
            result, pos = out[pos:pos + ret_bytes], pos + ret_bytes
            region, pos = out[pos:pos + in_len], pos + in_len
            runs.append(SveRun(self._lanes(self.functions[index], result, vscale),
                               {i: region[at:at + n] for i, (at, n) in buffer_at.items()}))
        if pos != len(out):
            raise RuntimeError(f"the {self.target.name} program wrote {len(out)} bytes, {pos} expected")
        return runs

    def _record(self, index: int, args: Sequence[Any], buffers: dict[int, bytes],
                vscale: int) -> tuple[bytes, tuple[int, int, dict[int, tuple[int, int]]]]:
        fn = self.functions[index]
        region = bytearray()
        offsets: list[int] = []
        buffer_at: dict[int, tuple[int, int]] = {}
        for i, (a, value) in enumerate(zip(fn.args, args, strict=True)):
            region += bytes(-len(region) % BUFFER_ALIGN)
            offsets.append(len(region))
            if isinstance(a.type, PtrType):
                data = buffers.get(i, b"")
                buffer_at[i] = (len(region), len(data))
                region += data + bytes(BUFFER_ALIGN)  # (a pointer one past the end stays in the region)
                continue
            lanes = value if isinstance(value, list) else [value]
            if len(lanes) != _lanes_at(a.type, vscale):
                raise ValueError(f"argument {i} of @{fn.name}: {len(lanes)} lanes, {_lanes_at(a.type, vscale)} at vscale {vscale}")
            _, size = _lane_type(a.type)
            for lane in lanes:
                region += int(lane).to_bytes(size, "little")
        if len(region) > IN_BYTES:
            raise ValueError(f"inputs of @{fn.name}: {len(region)} bytes (limit {IN_BYTES})")
        ret_bytes = sum(_lanes_at(f, vscale) * _lane_type(f)[1] for f in _fields(fn.ret_type) if str(f) != "void")
        head = struct.pack("<4I", index, len(offsets), len(region), ret_bytes)
        return head + struct.pack(f"<{len(offsets)}I", *offsets) + bytes(region), (ret_bytes, len(region), buffer_at)

    @staticmethod
    def _lanes(fn: Function, data: bytes, vscale: int) -> list[int]:
        lanes, pos = [], 0
        for f in _fields(fn.ret_type):
            if str(f) == "void":
                continue
            _, size = _lane_type(f)
            for _ in range(_lanes_at(f, vscale)):
                lanes.append(int.from_bytes(data[pos:pos + size], "little"))
                pos += size
        return lanes
