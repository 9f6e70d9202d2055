"""What a function says about vscale: the values it may run at (``vscale_range``).

LangRef: ``vscale_range(min, max)`` says vscale is a power of two in ``min..max``
(``max`` 0: unbounded); a function without it makes no assumption (any vscale >= 1).
vecverify checks a scalable pair once per vscale value; where the function's own range
is unbounded the values checked stop at ``DEFAULT_VSCALE_MAX`` and every verdict says
so (``bounded``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .types import IntType
from .values import BinOp, ConstInt, Value, VScaleCall

# AArch64 SVE's architectural maximum (2048-bit vectors: vscale 16); RISC-V V allows
# longer ones (VLEN up to 65536 bits, vscale 1024), which a verdict's bound then omits.
DEFAULT_VSCALE_MAX = 16


@dataclass(frozen=True)
class VScaleRange:
    """The values ``vscale`` may take in a function (its ``vscale_range``; none: unbounded)."""

    lo: int = 1
    hi: int = 0  # 0: unbounded (no attribute, or vscale_range(min, 0))
    attribute: bool = False  # stated by vscale_range (vscale then a power of two)

    @staticmethod
    def parse(arg: str | None) -> VScaleRange:
        """``vscale_range(min[, max])``'s argument text."""
        nums = [int(x) for x in (arg or "").replace(",", " ").split()]
        lo = nums[0] if nums else 1
        hi = nums[1] if len(nums) > 1 else lo
        return VScaleRange(lo, hi, True)

    def stated(self) -> str:
        if not self.attribute:
            return "no vscale_range"
        return f"vscale_range({self.lo},{self.hi})"

    def bound(self, limit: int = DEFAULT_VSCALE_MAX) -> int:
        return self.hi if self.hi else max(limit, self.lo)

    @property
    def bounded(self) -> bool:
        """Whether the values checked stop short of what the function allows."""
        return self.hi == 0

    def values(self, limit: int = DEFAULT_VSCALE_MAX) -> list[int]:
        """The vscale values to check: every one the function allows, up to ``limit``
        where it allows more."""
        top = self.bound(limit)
        if self.attribute:
            return [v for v in (1 << k for k in range(top.bit_length())) if self.lo <= v <= top]
        return list(range(self.lo, top + 1))

    def describe(self, limit: int = DEFAULT_VSCALE_MAX) -> str:
        """``every vscale in 1..16 (vscale_range(1,16): powers of two)``: the values and
        where they come from, with the bound where it is vecverify's."""
        vals = self.values(limit)
        kind = "powers of two" if self.attribute else "LangRef assumes nothing without vscale_range"
        span = f"{vals[0]}..{vals[-1]}" if len(vals) > 1 else str(vals[0])
        bound = f"; bounded: vscale above {vals[-1]} not checked" if self.bounded else ""
        return f"every vscale in {span} ({self.stated()}: {kind}{bound})"

    def allows(self, v: int) -> bool:
        """Whether the function may run at vscale ``v``."""
        if v < self.lo or (self.hi and v > self.hi):
            return False
        return not self.attribute or v & (v - 1) == 0


def vscale_constant(value: Value) -> int | None:
    """The value of ``value`` in a function read at one vscale when it is a constant there
    (``llvm.vscale``, and integer constants combined with ``mul``/``shl``/``add``/``sub``:
    LoopVectorize's ``vscale x N`` steps), unsigned at its width; None otherwise."""
    if isinstance(value, ConstInt):
        return value.value
    if isinstance(value, VScaleCall):
        return value.vscale if value.vscale and isinstance(value.type, IntType) and not value.vscale >> value.type.bits else None
    if not isinstance(value, BinOp) or value.op not in _FOLDS or not isinstance(value.type, IntType):
        return None
    a, b = (vscale_constant(op) for op in value.operands)
    if a is None or b is None:
        return None
    exact = _FOLDS[value.op](a, b)
    if exact < 0 or exact >> value.type.bits:  # wraps: the flags would make it poison
        return None
    return exact


_FOLDS = {"mul": lambda a, b: a * b, "shl": lambda a, b: a << b if b < 128 else -1,
          "add": lambda a, b: a + b, "sub": lambda a, b: a - b}
