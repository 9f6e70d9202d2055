"""Printing verdicts: alive-tv compatible text, and plain data for --json."""

from __future__ import annotations

import z3

from .ir.floats import decode
from .ir.types import I8, ArrayType, FloatType, PtrType, StructType, Type, VectorType
from .ir.values import Instruction
from .refine import ERR_UB, ERR_UNDEF, Example, Verdict
from .semantics.concrete import substitute, to_bool, to_int
from .semantics.core import PTR_ADDR_BITS, SymValue
from .semantics.executor import Behaviour
from .semantics.floating import denormal_kind_name, rounding_mode_name

RULE = "-" * 40


def format_scalar(bits: int | None, poison: bool | None, t: Type) -> str:
    """``#x0000002a (42)`` in alive-tv's style; ``poison``; ``undef`` when the value is
    not determined."""
    if poison:
        return "poison"
    if bits is None or poison is None:
        return "undef"
    s = t.scalar
    if isinstance(s, PtrType):
        if bits == 0:
            return "null"
        return f"pointer(block {bits >> PTR_ADDR_BITS}, offset {bits & ((1 << PTR_ADDR_BITS) - 1)})"
    width = s.bits
    hexs = f"#x{bits:0{(width + 3) // 4}x}" if width % 4 == 0 else f"#b{bits:0{width}b}"
    if isinstance(s, FloatType):
        return f"{hexs} ({_float_text(bits, s)})"
    signed = bits - (1 << width) if width > 1 and bits >> (width - 1) else bits
    return f"{hexs} ({bits})" if signed == bits else f"{hexs} ({bits}, {signed})"


def _float_text(bits: int, t: FloatType) -> str:
    mant_bits = t.sbits - 1
    exp = (bits >> mant_bits) & ((1 << t.ebits) - 1)
    frac = bits & ((1 << mant_bits) - 1)
    if exp == (1 << t.ebits) - 1 and frac:
        quiet = frac >> (mant_bits - 1)
        return ("-" if bits >> (t.bits - 1) else "") + ("NaN" if quiet else "SNaN")
    x = decode(bits, t.name)
    if x == 0:
        return "-0.0" if bits >> (t.bits - 1) else "+0.0"
    return repr(x)


def format_value(value: SymValue, t: Type, pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> str:
    if isinstance(t, StructType | ArrayType):  # an aggregate: its lanes, each of its own type
        parts = [format_value((lane,), lt, pairs) for lane, lt in zip(value, _lane_types(t), strict=True)]
        return ("{ " if isinstance(t, StructType) else "[ ") + ", ".join(parts) + (" }" if isinstance(t, StructType) else " ]")
    parts = [
        format_scalar(to_int(substitute(lane.value, pairs)), to_bool(substitute(lane.poison, pairs)), t)
        for lane in value
    ]
    return parts[0] if not t.is_vector else "< " + ", ".join(parts) + " >"


def _lane_types(t: Type) -> list[Type]:
    """The type of each lane of a value of type ``t`` (an aggregate's, flattened)."""
    if isinstance(t, StructType):
        return [lt for f in t.fields for lt in _lane_types(f)]
    if isinstance(t, ArrayType):
        return _lane_types(t.elem) * t.count
    if isinstance(t, VectorType):
        return [t.elem] * t.count
    return [t]


def _pairs(ex: Example, with_source: bool) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
    m = ex.model
    fixed = [(v, m.eval(v, model_completion=True)) for v in ex.inputs.variables() + ex.environment + ex.tgt.choices]
    if ex.address is not None:
        fixed.append((ex.address, m.eval(ex.address, model_completion=True)))
    return fixed + (ex.src_choices if with_source else [])


def _input_lines(ex: Example) -> list[str]:
    m = ex.model
    lines = []
    for a in ex.inputs.args:
        if a.pointer is not None:
            poison = to_bool(m.eval(a.poison[0], model_completion=True))
            bid = to_int(m.eval(a.pointer.block, model_completion=True))
            off = to_int(m.eval(a.pointer.offset, model_completion=True))
            block = next((b for b in ex.inputs.blocks if b.block_id == bid), None)
            size = to_int(m.eval(block.size, model_completion=True)) if block is not None else 0
            read_only = (block is not None and block.writable is not None
                         and to_bool(m.eval(block.writable, model_completion=True)) is False)
            null = a.null is not None and to_bool(m.eval(a.null, model_completion=True))
            desc = (
                "poison" if poison else "null" if null
                else f"pointer(block {bid}, offset {off}) [block {bid} has {size} bytes"
                + (", read-only]" if read_only else "]")
            )
            lines.append(f"{a.type} {a.name} = {desc}")
            continue
        lanes = []
        for v, p, u, lt in zip(a.values, a.poison, a.undef, _lane_types(a.type), strict=True):
            if to_bool(m.eval(p, model_completion=True)):
                lanes.append("poison")
            elif to_bool(m.eval(u, model_completion=True)):
                lanes.append("undef")
            else:
                lanes.append(format_scalar(to_int(m.eval(v, model_completion=True)), False, lt))
        if isinstance(a.type, StructType | ArrayType):  # an aggregate: its lanes in order
            text = ("{ " if isinstance(a.type, StructType) else "[ ") + ", ".join(lanes) + (
                " }" if isinstance(a.type, StructType) else " ]")
        else:
            text = lanes[0] if not a.type.is_vector else "< " + ", ".join(lanes) + " >"
        lines.append(f"{a.type} {a.name} = {text}")
    for v in ex.environment:  # the floating-point environment, where the functions read it
        name, code = str(v), to_int(m.eval(v, model_completion=True)) or 0
        if name == "env!fp.rounding_mode":
            lines.append(f"rounding mode = {rounding_mode_name(code)}")
        elif name.startswith("env!block") and name.endswith("!address"):  # ptrtoint's
            lines.append(f"block {name[len('env!block'):-len('!address')]} address = {code:#x}")
        elif name.startswith("env!fp.denormal."):  # env!fp.denormal.{default,f32}.{input,output}
            _, _, which, direction = name.split(".")
            scope = "float " if which == "f32" else ""
            lines.append(f"denormal mode ({scope}{direction}s) = {denormal_kind_name(code)}")
    return lines


def _instruction_lines(values: dict[Instruction, SymValue], pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> list[str]:
    out = []
    for inst, value in values.items():
        if inst.name is None or not value or str(inst.type) == "void":
            continue
        out.append(f"{inst.type} %{inst.name} = {format_value(value, inst.type, pairs)}")
    return out


def format_example(verdict: Verdict) -> str:
    ex = verdict.example
    assert ex is not None
    lines = ["Example:"] + _input_lines(ex)
    src_pairs = _pairs(ex, with_source=True)
    tgt_pairs = _pairs(ex, with_source=False)
    if not (ex.src.has_loops or ex.tgt.has_loops):
        lines += ["", "Source:"] + _instruction_lines(ex.src.values, src_pairs)
        lines += ["", "Target:"] + _instruction_lines(ex.tgt.values, src_pairs)
    if ex.address is not None:
        key = to_int(ex.model.eval(ex.address, model_completion=True)) or 0
        src_mem, tgt_mem = ex.src.memory, ex.tgt.memory
        a = ex.address
        lines.append(f"\nMismatch in memory at block {key >> PTR_ADDR_BITS}, offset {key & ((1 << PTR_ADDR_BITS) - 1)}")
        for label, mem, pairs in (("Source", src_mem, src_pairs), ("Target", tgt_mem, tgt_pairs)):
            data, poison_term = mem.read(a)
            byte = to_int(substitute(data, pairs))
            poison = to_bool(substitute(poison_term, pairs))
            lines.append(f"{label} value: {format_scalar(byte, poison, _BYTE)}")
    else:
        lines += _outcome_lines(verdict.error, ex, src_pairs)
    return "\n".join(lines)


UB_TRIGGERED = "UB triggered"
DID_NOT_RETURN = "function did not return!"


def _outcome_lines(error: str | None, ex: Example, pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> list[str]:
    """What each side does on the example, as it differs: its value, or that it has UB
    (the target, for "Source is more defined"), or that it did not return (the return
    domain); for "more undefined", two values the target may take."""
    def returns(b: Behaviour) -> bool:
        return to_bool(substitute(b.returned, pairs)) is not False

    src_returns, tgt_returns = returns(ex.src), returns(ex.tgt)
    t = ex.src.function.ret_type

    def value(b: Behaviour, returned: bool, with_pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> str | None:
        if not returned:
            return DID_NOT_RETURN
        return None if b.ret is None else format_value(b.ret, t, with_pairs)

    src_text = value(ex.src, src_returns, pairs)
    tgt_text = UB_TRIGGERED if error == ERR_UB else value(ex.tgt, tgt_returns, pairs)
    if error == ERR_UNDEF and tgt_text is not None and ex.target_alternative:
        other = value(ex.tgt, tgt_returns, [p for p in pairs if all(not p[0].eq(a) for a, _ in ex.target_alternative)]
                      + ex.target_alternative)
        tgt_text = f"{tgt_text} or {other} (another choice of its undef)"
    out = []
    if src_text is not None:
        out.append(f"Source value: {src_text}")
    if tgt_text is not None:
        out.append(f"Target value: {tgt_text}")
    return out


def same_values_shown(text: str) -> str | None:
    """The value both sides of a printed counterexample show, where they show the same:
    then the example does not show the difference it claims, which is a bug (of the
    check or of the printing); None where they differ. (A "more undefined" target shows
    two values: the source's is then the same as neither.)"""
    found = {}
    for line in text.splitlines():
        for side in ("Source", "Target"):
            if line.startswith(f"{side} value: "):
                found[side] = line[len(side) + 8:]
    src, tgt = found.get("Source"), found.get("Target")
    if src is None or tgt is None:
        return None
    alternatives = tgt.split(" (another choice")[0].split(" or ")
    return src if src in alternatives and len(set(alternatives)) == 1 else None


def _byte_type() -> Type:
    return I8


_BYTE = _byte_type()


ALWAYS_UB = "Source function is always UB"
ALWAYS_UB_WARNING = (
    f"{'*' * 40}\nWARNING: {ALWAYS_UB}.\nIt can be refined by any target function.\n"
    f"Please make sure this is what you wanted.\n{'*' * 40}\n\n"
)
UB_UNKNOWN_WARNING = (
    "WARNING: whether the source function is always UB is not known (the solver gave up): "
    "the verdict may be vacuous.\n\n"
)


def verdict_warnings(verdict: Verdict) -> list[str]:
    """The warnings of a verdict, one line each (for --json)."""
    if verdict.status != "correct" or verdict.source_always_ub is False:
        return []
    if verdict.source_always_ub is None:
        return [UB_UNKNOWN_WARNING.strip().removeprefix("WARNING: ")]
    return [ALWAYS_UB]


def vacuity_warning(verdict: Verdict) -> str:
    """alive-tv's warning before a correct verdict whose source is UB on every input."""
    if verdict.source_always_ub is None:
        return UB_UNKNOWN_WARNING
    return ALWAYS_UB_WARNING if verdict.source_always_ub else ""


def verdict_text(verdict: Verdict) -> str:
    """The lines alive-tv prints after the two functions."""
    if verdict.coverage:
        bound = f"\n({verdict.coverage})"
    elif verdict.has_loops:
        bound = f"\n(loops unrolled {verdict.unroll} times: executions iterating a loop more often were not checked)"
    else:
        bound = ""
    if verdict.vscale:  # scalable vectors: the values checked, or the one refuted
        bound += f"\n({verdict.vscale})"
    if verdict.status == "correct":
        return vacuity_warning(verdict) + "Transformation seems to be correct!" + bound
    if verdict.status == "incorrect":
        return (
            f"Transformation doesn't verify!{bound}\n\nERROR: {verdict.error}\n\n"
            + (format_example(verdict) if verdict.example is not None else verdict.detail)
        )
    if verdict.status == "failed":
        return f"ERROR: Couldn't prove the correctness of the transformation ({verdict.detail}){bound}"
    if verdict.error:  # an error with alive-tv's line (a signature mismatch), then the detail
        return f"ERROR: {verdict.error}" + (f"\n{verdict.detail}" if verdict.detail else "")
    return f"ERROR: {verdict.detail}"


__all__ = ["ALWAYS_UB", "RULE", "same_values_shown", "vacuity_warning", "verdict_warnings", "verdict_text", "format_example", "format_scalar"]
