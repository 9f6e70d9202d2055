"""What opt and clang write, read and modelled: each construct's semantics run against
the machine (native cross-check) on inputs where the semantics say it is defined.
(Correct and incorrect pairs of each are in corpus/opt.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from vecverify.errors import Unsupported
from vecverify.execute.runs import exec_function, standalone
from vecverify.llvm import parse_module

WIDE = """
define i200 @f(i200 %x, i200 %y) {
  %a = mul i200 %x, %y
  %b = lshr i200 %a, 67
  %c = xor i200 %b, %x
  %d = udiv i200 %c, 1234567890123456789012345
  ret i200 %d
}
"""
X86_64_LAYOUT = 'target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"'
# The machine's data layout, as clang writes it: without it the module has LLVM's
# default layout, where the i64 field sits at another offset than the JIT puts it.
STRUCT_GEP = X86_64_LAYOUT + """
%inner = type { i8, i32 }
%outer = type { i16, %inner, [3 x i16], i64 }

define i64 @f(ptr dereferenceable(32) %p, i64 %i) {
  %a = getelementptr inbounds %outer, ptr %p, i64 0, i32 1, i32 1
  %b = getelementptr inbounds %outer, ptr %p, i64 0, i32 2, i64 %i
  %c = getelementptr %outer, ptr %p, i64 0, i32 3
  %va = load i32, ptr %a
  %vb = load i16, ptr %b
  %vc = load i64, ptr %c
  %x = sext i32 %va to i64
  %y = sext i16 %vb to i64
  %s = add i64 %x, %y
  %t = add i64 %s, %vc
  ret i64 %t
}
"""
MEM = """
define i32 @f(ptr dereferenceable(16) %p, ptr noalias dereferenceable(16) %q, i8 %v) {
  call void @llvm.memset.p0.i64(ptr align 4 %p, i8 %v, i64 12, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %p, i64 7, i1 false)
  %a = getelementptr i8, ptr %p, i64 2
  call void @llvm.memmove.p0.p0.i64(ptr %p, ptr %a, i64 8, i1 false)
  %r = load i32, ptr %q
  %s = load i32, ptr %p
  %t = add i32 %r, %s
  ret i32 %t
}
"""
THREE_WAY = """
define i8 @f(i32 %x, i32 %y, <2 x i16> %a, <2 x i16> %b) {
  %s = call i8 @llvm.scmp.i8.i32(i32 %x, i32 %y)
  %u = call <2 x i8> @llvm.ucmp.v2i8.v2i16(<2 x i16> %a, <2 x i16> %b)
  %u0 = extractelement <2 x i8> %u, i64 0
  %u1 = extractelement <2 x i8> %u, i64 1
  %t = mul i8 %u1, 3
  %v = add i8 %s, %u0
  %r = add i8 %v, %t
  ret i8 %r
}
"""
CONSTEXPR = """
@t = constant [4 x i32] [i32 10, i32 20, i32 30, i32 40]

define i32 @f(i32 %x) {
  %a = load i32, ptr getelementptr inbounds ([4 x i32], ptr @t, i64 0, i64 2)
  %r = add i32 %a, %x
  ret i32 %r
}
"""


# The machine runs with IEEE denormals: flushing is allowed, never required (LangRef), so
# the semantics under a flushing mode must still allow what the machine computes.
DENORMAL = """
define float @f(float %x, float %y, double %d) denormal_fpenv(preservesign, float: positivezero|preservesign) {
  %a = fmul float %x, %y
  %b = fdiv float %a, 0x47D2CED320000000
  %t = fptrunc double %d to float
  %c = fadd float %b, %t
  %k = fcmp olt float %c, %x
  %r = select i1 %k, float %c, float %b
  ret float %r
}
"""


AGGREGATE_MEMORY = """
define i64 @f(ptr dereferenceable(32) %p, i8 %a, i32 %b, i16 %c) {
  %s0 = insertvalue { i8, i32 } poison, i8 %a, 0
  %s = insertvalue { i8, i32 } %s0, i32 %b, 1
  store { i8, i32 } %s, ptr %p
  %q = getelementptr inbounds i8, ptr %p, i64 8
  %v0 = insertvalue [3 x i16] zeroinitializer, i16 %c, 1
  store [3 x i16] %v0, ptr %q
  %t = load { i8, i32 }, ptr %p
  %x = extractvalue { i8, i32 } %t, 1
  %u = load [3 x i16], ptr %q
  %y = extractvalue [3 x i16] %u, 1
  %e = load {}, ptr %p
  %w = load i32, ptr %q
  %x64 = zext i32 %x to i64
  %y64 = zext i16 %y to i64
  %w64 = zext i32 %w to i64
  %m = mul i64 %y64, 4294967296
  %r1 = add i64 %x64, %m
  %r = xor i64 %r1, %w64
  ret i64 %r
}
"""


@pytest.mark.parametrize("text", [WIDE, STRUCT_GEP, MEM, THREE_WAY, DENORMAL, AGGREGATE_MEMORY],
                         ids=["wide-int", "struct-gep", "mem-intrinsics", "scmp-ucmp", "denormal-modes",
                              "aggregate-memory"])
def test_semantics_agree_with_the_machine(text: str) -> None:
    fn = parse_module(text).functions["f"]
    report = exec_function(fn, standalone(fn), 30, seed=3)
    defined = [r for r in report.runs if r.semantics is not None]
    assert len(defined) >= 10  # enough inputs were defined to compare
    assert not report.disagreements


def test_a_module_laid_out_unlike_the_machine_is_not_run_natively() -> None:
    fn = parse_module(STRUCT_GEP.removeprefix(X86_64_LAYOUT)).functions["f"]
    with pytest.raises(Unsupported, match="laid out differently by the module's data layout and this machine's"):
        exec_function(fn, standalone(fn), 3, seed=3)


def test_constant_expressions_become_instructions_before_their_user() -> None:
    fn = parse_module(CONSTEXPR).functions["f"]
    ops = [i.opcode for i in fn.instructions()]
    assert ops == ["getelementptr", "load", "add", "ret"]
    load = fn.blocks[0].instructions[1]
    assert load.operands[0] is fn.blocks[0].instructions[0]


def test_a_phis_constant_expressions_run_at_the_end_of_their_incoming_block() -> None:
    text = (Path(__file__).resolve().parent.parent / "corpus" / "opt" / "constexpr-phi.srctgt.ll").read_text()
    fn = parse_module(text).functions["src"]
    left = next(b for b in fn.blocks if b.name == "left")
    gep, br = left.instructions
    assert (gep.opcode, br.opcode) == ("getelementptr", "br")
    phi = next(b for b in fn.blocks if b.name == "join").instructions[0]
    assert phi.operands[phi.blocks.index("left")] is gep


@pytest.mark.parametrize("text, what", [
    ("define void @f(ptr %p, i64 %n) {\n  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 %n, i1 false)\n"
     "  ret void\n}\n", "llvm.memset with a length that is not a constant"),
    ("define void @f(ptr %p) {\n  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 4, i1 true)\n"
     "  ret void\n}\n", "volatile llvm.memset"),
    ("%T = type <{ i8, i32 }>\ndefine ptr @f(ptr %p) {\n  %q = getelementptr %T, ptr %p, i64 0, i32 1\n"
     "  ret ptr %q\n}\n", "packed struct type %T"),
])
def test_not_modelled_is_named(text: str, what: str) -> None:
    from vecverify.refine import CheckOptions, check_refinement

    with pytest.raises(Unsupported) as e:
        m = parse_module(text)
        check_refinement(m.functions["f"], m.functions["f"], CheckOptions())
    assert e.value.what == what


CONSTRAINED = """
define float @src(float %x) {
  %r = call float @llvm.experimental.constrained.fsub.f32(float %x, float 0.0, metadata !"round.upward", metadata !"{except}")
  ret float %r
}
define float @tgt(float %x) {
  ret float %x
}
"""


@pytest.mark.parametrize("except_, status", [("fpexcept.ignore", "correct"), ("fpexcept.strict", "unsupported"),
                                             ("fpexcept.maytrap", "unsupported")])
def test_constrained_exceptions_keep_a_refinement_from_being_correct(except_: str, status: str) -> None:
    """The values refine (x - 0.0 rounded upward is x); only with exceptions ignored is
    that the whole story."""
    from vecverify.checker import check_pair
    from vecverify.refine import CheckOptions

    m = parse_module(CONSTRAINED.replace("{except}", except_))
    verdict = check_pair(m.functions["src"], m.functions["tgt"], CheckOptions())
    assert verdict.status == status, verdict.detail
    if status == "unsupported":
        assert except_ in verdict.detail


def test_constrained_intrinsics_not_modelled_are_named() -> None:
    text = ('define float @f(double %x) {\n  %r = call float @llvm.experimental.constrained.fptrunc.f32.f64('
            'double %x, metadata !"round.upward", metadata !"fpexcept.ignore")\n  ret float %r\n}\n')
    with pytest.raises(Unsupported) as e:
        parse_module(text)
    assert "constrained floating-point call to @llvm.experimental.constrained.fptrunc.f32.f64" in e.value.what


@pytest.mark.parametrize("src_attrs, tgt_attrs, status", [
    ("denormal_fpenv(positivezero)", "", "incorrect"),
    ("denormal_fpenv(ieee)", "", "correct"),
    ("denormal_fpenv(preservesign, float: preservesign)", '"denormal-fp-math"="preserve-sign,preserve-sign"',
     "correct"),
])
def test_a_target_keeps_the_denormal_mode(src_attrs: str, tgt_attrs: str, status: str) -> None:
    """The mode is the function's contract with its callers: changing it is an error
    (Alive2's "Function attributes not refined"), spelling it differently is not."""
    from vecverify.checker import check_pair
    from vecverify.refine import CheckOptions

    m = parse_module(f"define float @src(float %x) {src_attrs} {{\n  ret float %x\n}}\n"
                     f"define float @tgt(float %x) {tgt_attrs} {{\n  ret float %x\n}}\n")
    verdict = check_pair(m.functions["src"], m.functions["tgt"], CheckOptions())
    assert verdict.status == status
    if status == "incorrect":
        assert verdict.error == "Function attributes not refined"


FREXP = """
define i128 @f({t} %x) {{
  %r = call {{ {t}, i32 }} @llvm.frexp.{suffix}.i32({t} %x)
  %m = extractvalue {{ {t}, i32 }} %r, 0
  %e = extractvalue {{ {t}, i32 }} %r, 1
  %mi = bitcast {t} %m to i{bits}
  %mw = zext i{bits} %mi to i128
  %ew = zext i32 %e to i128
  %s = shl i128 %ew, 64
  %o = xor i128 %s, %mw
  ret i128 %o
}}
"""


@pytest.mark.parametrize("t, suffix, bits", [("half", "f16", 16), ("float", "f32", 32), ("double", "f64", 64)])
def test_frexp_agrees_with_the_machine(t: str, suffix: str, bits: int) -> None:
    """Zeros, subnormals (normalized), normals, infinities and NaNs (exponent
    unspecified) against libm's frexp."""
    from vecverify.ir.floats import special_encodings
    from vecverify.ir.types import FLOAT_TYPES
    from vecverify.semantics.concrete import ConcreteInput

    fn = parse_module(FREXP.format(t=t, suffix=suffix, bits=bits)).functions["f"]
    sign = 1 << (bits - 1)
    edges = [e | s for e in special_encodings(FLOAT_TYPES[t]).values() for s in (0, sign)]
    edges += [1, 3, (1 << (FLOAT_TYPES[t].sbits - 2)) + 5]  # subnormals with their top bit in different places
    report = exec_function(fn, standalone(fn), 0, seed=3, given=[ConcreteInput([e]) for e in edges])
    assert len([r for r in report.runs if r.semantics is not None]) == len(edges)
    assert not report.disagreements
    random = exec_function(fn, standalone(fn), 100, seed=3)
    assert not random.disagreements


def test_assume_bundles_print_as_read() -> None:
    from vecverify.llvm import print_function

    text = ('define void @f(ptr %p, i64 %k) {\n  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 32, i64 %k), '
            '"cold"(), "nonnull"(ptr %p) ]\n  ret void\n}\n')
    printed = print_function(parse_module(text).functions["f"])
    assert '[ "align"(ptr %p, i64 32, i64 %k), "nonnull"(ptr %p) ]' in printed
    assert print_function(parse_module(printed).functions["f"]) == printed


def test_assume_alignment_beyond_the_block_alignment_is_named() -> None:
    from vecverify.refine import CheckOptions, check_refinement

    m = parse_module('define void @f(ptr %p) {\n  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 8192) ]\n'
                     '  ret void\n}\n')
    with pytest.raises(Unsupported) as e:
        check_refinement(m.functions["f"], m.functions["f"], CheckOptions())
    assert e.value.what == '"align" bundle with alignment 8192'


@pytest.mark.parametrize("alignment", [0, 3])
def test_assume_alignment_not_a_power_of_two_is_named(alignment: int) -> None:
    """0 is no power of two either: it was taken as alignment 1 (no fact; Alive2 calls the
    bundle UB; differential campaign seed 5309, mutant 1902)."""
    from vecverify.refine import CheckOptions, check_refinement

    m = parse_module(f'define void @f(ptr %p) {{\n  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 {alignment}) ]\n'
                     '  ret void\n}\n')
    with pytest.raises(Unsupported) as e:
        check_refinement(m.functions["f"], m.functions["f"], CheckOptions())
    assert e.value.what == f'"align" bundle with alignment {alignment}'


def test_ptrtoint_of_a_function_with_allocas_is_named() -> None:
    from vecverify.checker import check_pair
    from vecverify.refine import CheckOptions

    m = parse_module("define i64 @f() {\n  %a = alloca i32\n  %i = ptrtoint ptr %a to i64\n  ret i64 %i\n}\n")
    verdict = check_pair(m.functions["f"], m.functions["f"], CheckOptions())
    assert verdict.status == "unsupported"
    assert "ptrtoint in a function with allocas" in verdict.detail
