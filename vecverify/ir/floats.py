"""Conversions between IEEE encodings that LLVM's text format needs.

LLVM writes a ``float`` constant in hex as the ``double`` with the same value (every
float is exactly a double), and ``half`` as ``0xH`` followed by its 16 bits.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass

from .types import FLOAT_TYPES, FloatType


def float_bits_to_double_bits(bits: int) -> int:
    """The double encoding of the float with encoding ``bits`` (NaN payloads preserved)."""
    sign = bits >> 31
    exp = (bits >> 23) & 0xFF
    frac = bits & 0x7FFFFF
    if exp == 0xFF:  # inf / NaN: keep the payload in the top fraction bits
        return (sign << 63) | (0x7FF << 52) | (frac << 29)
    (d,) = struct.unpack("<d", struct.pack("<d", struct.unpack("<f", struct.pack("<I", bits))[0]))
    return int(struct.unpack("<Q", struct.pack("<d", d))[0])


def double_bits_to_float_bits(bits: int) -> int:
    """The float encoding of a double that is exactly representable as a float."""
    sign = bits >> 63
    exp = (bits >> 52) & 0x7FF
    frac = bits & ((1 << 52) - 1)
    if exp == 0x7FF:
        return (sign << 31) | (0xFF << 23) | (frac >> 29)
    (d,) = struct.unpack("<d", struct.pack("<Q", bits))
    return int(struct.unpack("<I", struct.pack("<f", d))[0])


def double_from_bits(bits: int) -> float:
    return float(struct.unpack("<d", struct.pack("<Q", bits))[0])


def bits_from_double(x: float) -> int:
    return int(struct.unpack("<Q", struct.pack("<d", x))[0])


def float_from_bits(bits: int) -> float:
    return float(struct.unpack("<f", struct.pack("<I", bits))[0])


def bits_from_float(x: float) -> int:
    return int(struct.unpack("<I", struct.pack("<f", x))[0])


def half_from_bits(bits: int) -> float:
    return float(struct.unpack("<e", struct.pack("<H", bits))[0])


def bits_from_half(x: float) -> int:
    return int(struct.unpack("<H", struct.pack("<e", x))[0])


def decode(bits: int, type_name: str) -> float:
    """The Python float an encoding stands for (NaN payloads are lost; an fp128 value
    rounded to the nearest double, for display)."""
    exact = {"half": half_from_bits, "float": float_from_bits, "double": double_from_bits,
             "bfloat": lambda b: float_from_bits(b << 16)}
    if type_name in exact:
        return exact[type_name](bits)

    t = FLOAT_TYPES[type_name]
    m = t.sbits - 1
    bias = (1 << (t.ebits - 1)) - 1
    sign = -1.0 if bits >> (t.bits - 1) else 1.0
    field = (bits >> m) & ((1 << t.ebits) - 1)
    frac = bits & ((1 << m) - 1)
    if field == (1 << t.ebits) - 1:
        return sign * math.inf if frac == 0 else math.nan
    significand = frac | (1 << m) if field else frac
    try:
        return sign * math.ldexp(significand, max(field, 1) - bias - m)
    except OverflowError:
        return sign * math.inf


def special_encodings(t: FloatType) -> dict[str, int]:
    """Positive encodings of the values where floating-point semantics go wrong, by name
    (negate one by setting the sign bit, ``1 << (t.bits - 1)``)."""
    m = t.sbits - 1
    exp_all = ((1 << t.ebits) - 1) << m
    bias = (1 << (t.ebits - 1)) - 1
    one = bias << m
    quiet = 1 << (m - 1)
    return {
        "zero": 0, "one": one, "1.5": one + quiet, "two": one + (1 << m), "0.5": (bias - 1) << m,
        "2.5": (bias + 1) << m | (1 << (m - 2)), "infinity": exp_all,
        "quiet NaN": exp_all | quiet, "quiet NaN 1": exp_all | quiet | 1, "quiet NaN 0x55": exp_all | quiet | 0x55,
        "signalling NaN 1": exp_all | 1, "signalling NaN": exp_all | (quiet >> 1),
        "smallest subnormal": 1, "largest subnormal": (1 << m) - 1, "a subnormal": quiet,
        "smallest normal": 1 << m, "largest finite": exp_all - 1,
        "2**m": (bias + m) << m, "2**m + 2": ((bias + m) << m) | 1,  # no fraction bits left
    }


# Denormal handling of a function (LangRef: ``denormal_fpenv``, formerly the
# "denormal-fp-math" string attributes): for results (output) and operands (input) of
# floating-point operations, one of these kinds.
DENORMAL_KINDS = ("ieee", "preservesign", "positivezero", "dynamic")


@dataclass(frozen=True)
class DenormalMode:
    """A ``denormal-fp-math`` mode: how results (output) and operands (input) treat denormals."""

    output: str = "ieee"
    input: str = "ieee"

    def __str__(self) -> str:
        return self.output if self.output == self.input else f"{self.output}|{self.input}"


@dataclass(frozen=True)
class DenormalModes:
    """The function's default mode and, when given, the one for ``float``."""

    default: DenormalMode = DenormalMode()
    f32: DenormalMode | None = None

    def for_type(self, t: FloatType) -> DenormalMode:
        if self.f32 is not None and t.bits == 32:
            return self.f32
        return self.default

    @property
    def is_ieee(self) -> bool:
        return self.default == DenormalMode() and self.f32 in (None, DenormalMode())

    def __str__(self) -> str:
        parts = [] if self.default == DenormalMode() and self.f32 is not None else [str(self.default)]
        if self.f32 is not None:
            parts.append(f"float: {self.f32}")
        return f"denormal_fpenv({', '.join(parts)})"


IEEE_DENORMALS = DenormalModes()
