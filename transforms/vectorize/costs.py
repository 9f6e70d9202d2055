"""The cost model: one table per target, in reciprocal-throughput units (roughly, cycles
per instruction issued back to back), after LLVM's X86 cost tables and Agner Fog's
instruction tables, rounded to small integers. The vectorizer compares the scalar cost
of what a tree replaces with the vector cost of what it emits, and vectorizes only when
the vector code is strictly cheaper (LLVM's SLP threshold 0; the SLP-M paper's
``benefit > 0``).

A vector wider than one register costs one instruction per register it occupies.
Operations the target has no vector instruction for (integer division, 8-bit multiply
and shifts, 64-bit multiply, per-lane shifts on SSE4) are priced as what LLVM lowers
them to: several instructions, or scalarization (extract, scalar op, insert per lane).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vecverify.ir.types import FloatType, IntType, Type, VectorType

SCALAR = {
    "add": 1, "sub": 1, "and": 1, "or": 1, "xor": 1, "shl": 1, "lshr": 1, "ashr": 1,
    "mul": 1, "udiv": 20, "sdiv": 20, "urem": 20, "srem": 20,
    "fadd": 1, "fsub": 1, "fmul": 1, "fdiv": 4, "frem": 20, "fneg": 1,
    "load": 1, "store": 1, "icmp": 1, "fcmp": 1, "select": 1, "cast": 1, "call": 1,
}


@dataclass(frozen=True)
class Target:
    name: str
    register_bits: int
    # (opcode, element bits or "f32"/"f64") -> cost per register; missing: DEFAULT_VECTOR
    vector: dict[tuple[str, str], int] = field(default_factory=dict)
    variable_shift: dict[str, int] = field(default_factory=dict)  # element key -> cost
    insert: int = 1  # insertelement (a gather pays one per lane)
    extract: int = 1
    shuffle: int = 1  # one blend or permutation of one register
    broadcast: int = 1

    def registers(self, t: VectorType) -> int:
        bits = t.count * _elem_bits(t.elem)
        return max(1, -(-bits // self.register_bits))

    def max_lanes(self, elem: Type) -> int:
        return max(1, self.register_bits // _elem_bits(elem))

    def vector_op(self, op: str, t: VectorType, uniform_shift: bool = True) -> int:
        key = _elem_key(t.elem)
        regs = self.registers(t)
        if op in ("shl", "lshr", "ashr") and not uniform_shift:
            return regs * self.variable_shift.get(key, self.scalarized(op, t))
        if (op, key) in self.vector:
            return regs * self.vector[(op, key)]
        if op in ("udiv", "sdiv", "urem", "srem", "frem"):
            return self.scalarized(op, t)
        return regs * DEFAULT_VECTOR

    def scalarized(self, op: str, t: VectorType) -> int:
        return t.count * (SCALAR.get(op, 1) + self.insert + self.extract)

    def reduction(self, t: VectorType) -> int:
        """A horizontal reduction: log2(N) shuffle + op steps, then one extract."""
        steps = max(1, (t.count - 1).bit_length())
        return steps * (self.shuffle + 1) + self.extract


DEFAULT_VECTOR = 1


def _elem_bits(t: Type) -> int:
    if isinstance(t, IntType):
        return max(8, t.bits)
    if isinstance(t, FloatType):
        return t.bits
    return 64  # pointers


def _elem_key(t: Type) -> str:
    return f"f{t.bits}" if isinstance(t, FloatType) else f"i{_elem_bits(t)}"


def _common() -> dict[tuple[str, str], int]:
    table: dict[tuple[str, str], int] = {}
    # x86 has no 8-bit multiply or shift: widened and packed again.
    table[("mul", "i8")] = 6
    for op in ("shl", "lshr", "ashr"):
        table[(op, "i8")] = 4
    table[("ashr", "i64")] = 4  # no psraq before AVX-512
    table[("fdiv", "f32")] = 5
    table[("fdiv", "f64")] = 8
    return table


SSE4 = Target(
    "sse4", 128,
    vector={**_common(), ("mul", "i32"): 2, ("mul", "i64"): 8},
    # No per-lane shifts before AVX2: four shifts and blends.
    variable_shift={"i16": 8, "i32": 6, "i64": 4, "i8": 10},
)
AVX2 = Target(
    "avx2", 256,
    vector={**_common(), ("mul", "i32"): 2, ("mul", "i64"): 6, ("fdiv", "f32"): 10, ("fdiv", "f64"): 16},
    # vpsllvd/vpsllvq/vpsrlvd exist; vpsravq and 16-bit ones do not.
    variable_shift={"i32": 1, "i64": 1, "i16": 6, "i8": 10},
)
# Scalable-vector machines (``vectorize --vla``): ``register_bits`` is one register at
# vscale 1 (SVE: 128 bits x vscale; RISC-V V: VLEN = 64 x vscale, LMUL 1), so a loop's
# known-minimum lanes N of ``<vscale x N x T>`` are chosen at vscale 1. Both have lane-wise
# shifts, multiplies and masked moves; divisions stay costly.
SVE = Target("sve", 128, vector={("fdiv", "f32"): 5, ("fdiv", "f64"): 8})
RVV = Target("rvv", 64, vector={("fdiv", "f32"): 5, ("fdiv", "f64"): 8})
SCALABLE_TARGETS = ("sve", "rvv")
TARGETS = {"sse4": SSE4, "avx2": AVX2, "sve": SVE, "rvv": RVV}
