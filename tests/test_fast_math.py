"""The approximating fast-math flags (vecverify/semantics/floating.py): contract's fusion
choice against this machine's code generator (which fuses on an FMA CPU), and the
places where a flag is reported unsupported by name."""

from __future__ import annotations

import pytest

from vecverify.checker import check_pair
from vecverify.execute import execute
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions
from vecverify.semantics.concrete import evaluate

# x * y + z where rounding the product first changes the sum's last bit.
X, Y, Z = 0xBFE6B82BD1EA2FA4, 0xBFF9D6FB4F7580CD, 0xBFE584DFCECA0CA0
UNFUSED, FUSED = 0x3FDE58519A9E3230, 0x3FDE58519A9E3231

MUL_ADD = """define double @f(double %x, double %y, double %z) {{
  %m = fmul{mul} double %x, %y
  %r = fadd{add} double %m, %z
  ret double %r
}}
"""


def _allowed(text: str) -> tuple[bool, bool]:
    """Whether the semantics allow (the unfused, the fused) result on X, Y, Z."""
    fn = parse_module(text, "case.ll").functions["f"]
    ev = evaluate(fn, [X, Y, Z])
    return ev.allows([UNFUSED]), ev.allows([FUSED])


def test_contract_on_both_allows_the_fused_and_the_unfused_result() -> None:
    text = MUL_ADD.format(mul=" contract", add=" contract")
    assert _allowed(text) == (True, True)
    fn = parse_module(text, "case.ll").functions["f"]
    assert not evaluate(fn, [X, Y, Z]).allows([FUSED + 1])
    native = execute(text, "f", [X, Y, Z]).value
    if native != FUSED:
        pytest.skip(f"the code generator did not fuse here (no FMA?): {native:#x}")


@pytest.mark.parametrize("mul, add", [(" contract", ""), ("", " contract"), ("", "")])
def test_contract_on_one_side_only_is_no_licence(mul: str, add: str) -> None:
    text = MUL_ADD.format(mul=mul, add=add)
    assert _allowed(text) == (True, False)
    assert execute(text, "f", [X, Y, Z]).value == UNFUSED  # nor does the code generator fuse


def test_a_product_used_twice_is_kept_rounded_natively_and_allowed() -> None:
    text = """define { double, double } @f(double %x, double %y, double %z) {
  %m = fmul contract double %x, %y
  %r = fadd contract double %m, %z
  %s = insertvalue { double, double } poison, double %r, 0
  %t = insertvalue { double, double } %s, double %m, 1
  ret { double, double } %t
}
"""
    native = execute(text, "f", [X, Y, Z]).lanes()
    fn = parse_module(text, "case.ll").functions["f"]
    assert evaluate(fn, [X, Y, Z]).allows(native)


def _verdict(body_src: str, body_tgt: str, params: str = "double %x, double %y, double %z") -> tuple[str, str]:
    m = parse_module(f"define double @src({params}) {{\n{body_src}}}\ndefine double @tgt({params}) {{\n{body_tgt}}}\n"
                     "declare double @llvm.fma.f64(double, double, double)\n")
    v = check_pair(m.functions["src"], m.functions["tgt"], CheckOptions(timeout_ms=20_000))
    return v.status, v.detail or ""


def test_contraction_through_an_fneg_is_unsupported() -> None:
    status, detail = _verdict(
        "  %m = fmul contract double %x, %y\n  %n = fneg double %m\n  %r = fadd contract double %n, %z\n"
        "  ret double %r\n",
        "  %nx = fneg double %x\n  %r = call double @llvm.fma.f64(double %nx, double %y, double %z)\n"
        "  ret double %r\n")
    assert status == "unsupported" and "fneg of an fmul contract" in detail


@pytest.mark.parametrize("flag", ["arcp", "afn", "contract"])
def test_a_flag_on_fdiv_is_unsupported_by_name(flag: str) -> None:
    status, detail = _verdict(f"  %r = fdiv {flag} double %x, %y\n  ret double %r\n",
                              "  %r = fdiv double %x, %y\n  ret double %r\n")
    assert status == "unsupported" and f"fast-math flag {flag} on fdiv" in detail
