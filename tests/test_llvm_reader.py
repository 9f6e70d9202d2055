"""The LLVM IR reader: the parsed model, and one-line errors for bad input."""

from __future__ import annotations

import math
import struct
from pathlib import Path

import pytest

from vecverify.errors import InputError, Unsupported
from vecverify.ir.floats import bits_from_double, bits_from_float, double_from_bits
from vecverify.ir.function import Function
from vecverify.ir.types import DOUBLE, FLOAT, HALF, I1, I32, I64, PTR, VOID, VectorType
from vecverify.ir.values import (
    Argument,
    BinOp,
    Br,
    Call,
    Cast,
    ConstFloat,
    ConstInt,
    ConstNull,
    ConstPoison,
    ConstUndef,
    ConstVector,
    ExtractElement,
    FCmp,
    FNeg,
    Freeze,
    GetElementPtr,
    ICmp,
    InsertElement,
    Load,
    Phi,
    Ret,
    Select,
    ShuffleVector,
    Store,
    Switch,
    Unreachable,
)
from vecverify.llvm import parse_module, print_module, read_module

DATA = Path(__file__).parent / "data" / "llvm"


def fn(text: str, name: str = "f") -> Function:
    return parse_module(text, "t.ll").functions[name]


def insts(f: Function) -> list:
    return list(f.instructions())


# --------------------------------------------------------------------------- structure


def test_module_functions_and_declarations() -> None:
    m = parse_module(
        """
        declare float @llvm.fabs.f32(float)
        declare void @unused(i32)
        define float @src(float %x) {
          %r = call float @llvm.fabs.f32(float %x)
          ret float %r
        }
        define float @tgt(float %x) {
          ret float %x
        }
        """,
        "m.ll",
    )
    assert list(m.functions) == ["src", "tgt"]
    assert set(m.declarations) == {"llvm.fabs.f32", "unused"}
    assert m.declarations["llvm.fabs.f32"].text.startswith("declare float @llvm.fabs.f32(float")
    assert "#" not in m.declarations["llvm.fabs.f32"].text
    assert m.source_name == "m.ll"
    src = m.functions["src"]
    assert src.ret_type == FLOAT
    assert [a.name for a in src.args] == ["x"]
    call = src.entry.instructions[0]
    assert isinstance(call, Call)
    assert call.callee == "llvm.fabs.f32"
    assert call.type == FLOAT
    assert call.operands == [src.args[0]]
    assert call.callee_type == "float (float)"
    ret = src.entry.instructions[1]
    assert isinstance(ret, Ret) and ret.operands[0] is call


def test_unnamed_values_and_blocks_numbered() -> None:
    f = fn(
        """
        define i32 @f(i32, i32) {
          %3 = add i32 %0, %1
          br label %4
        4:
          ret i32 %3
        }
        """
    )
    assert [a.name for a in f.args] == ["0", "1"]
    assert [b.name for b in f.blocks] == ["2", "4"]
    add = f.blocks[0].instructions[0]
    assert add.name == "3" and add.operands == f.args
    br = f.blocks[0].instructions[1]
    assert isinstance(br, Br) and br.targets == ["4"] and br.operands == []
    assert f.blocks[1].instructions[0].operands[0] is add


def test_quoted_names() -> None:
    f = fn(
        """
        define i32 @"my f"(i32 %"a b") {
        "entry block":
          %"x\\22y" = add i32 %"a b", 1
          ret i32 %"x\\22y"
        }
        """,
        "my f",
    )
    assert f.args[0].name == "a b"
    assert f.blocks[0].name == "entry block"
    assert f.blocks[0].instructions[0].name == 'x"y'


def test_int_binops_flags() -> None:
    f = fn(
        """
        define i8 @f(i8 %a, i8 %b) {
          %1 = add nuw nsw i8 %a, %b
          %2 = sub nsw i8 %1, -1
          %3 = udiv exact i8 %2, 3
          %4 = or disjoint i8 %3, 128
          %5 = shl nuw i8 %4, 255
          %6 = xor i8 %5, %b
          ret i8 %6
        }
        """
    )
    i = insts(f)
    assert all(isinstance(x, BinOp) for x in i[:6])
    assert [x.op for x in i[:6]] == ["add", "sub", "udiv", "or", "shl", "xor"]
    assert i[0].flags == {"nuw", "nsw"}
    assert i[1].flags == {"nsw"}
    assert i[2].flags == {"exact"}
    assert i[3].flags == {"disjoint"}
    assert i[5].flags == frozenset()
    assert isinstance(i[1].operands[1], ConstInt) and i[1].operands[1].value == 255
    assert i[1].operands[1].signed() == -1
    assert i[3].operands[1].value == 128 and i[3].operands[1].signed() == -128
    assert i[4].operands[1].value == 255


def test_float_ops_fast_math_and_constants() -> None:
    f = fn(
        """
        define double @f(double %a, float %b, half %h) {
          %1 = fadd nnan nsz double %a, 1.5
          %2 = fmul fast double %1, 0x7FF8000000000001
          %3 = fneg ninf double %2
          %4 = fsub float %b, 0x36A0000000000000
          %5 = fdiv float %4, 0x7FF4000000000000
          %6 = frem half %h, 0xH7E01
          %7 = fcmp nnan olt double %3, -0.0
          %8 = fadd float %b, 1.25e-1
          %9 = fadd double %a, 1.0e300
          ret double %3
        }
        """
    )
    i = insts(f)
    assert i[0].op == "fadd" and i[0].flags == {"nnan", "nsz"}
    assert i[0].operands[1].bits == bits_from_double(1.5)
    assert i[1].flags >= {"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"}
    assert isinstance(i[1].operands[1], ConstFloat)
    assert i[1].operands[1].bits == 0x7FF8000000000001  # NaN payload kept
    assert isinstance(i[2], FNeg) and i[2].flags == {"ninf"}
    # the smallest float subnormal, written as the double with the same value
    assert i[3].operands[1].type == FLOAT and i[3].operands[1].bits == 0x00000001
    # a float signalling NaN keeps its payload
    assert i[4].operands[1].bits == 0x7FA00000
    assert i[5].operands[1].type == HALF and i[5].operands[1].bits == 0x7E01
    assert isinstance(i[6], FCmp) and i[6].pred == "olt" and i[6].flags == {"nnan"}
    assert i[6].type == I1
    assert i[6].operands[1].bits == 1 << 63  # -0.0
    assert i[7].operands[1].bits == bits_from_float(0.125)
    assert double_from_bits(i[8].operands[1].bits) == 1.0e300


def test_icmp_select_casts_freeze() -> None:
    f = fn(
        """
        define i64 @f(i32 %a, <2 x i32> %v, float %x) {
          %c = icmp samesign ult i32 %a, 10
          %d = icmp sge <2 x i32> %v, zeroinitializer
          %s = select nnan i1 %c, float %x, float 2.0
          %z = zext nneg i32 %a to i64
          %t = trunc nuw nsw i32 %a to i8
          %u = uitofp nneg i32 %a to float
          %e = fpext float %s to double
          %b = bitcast <2 x i32> %v to i64
          %fr = freeze i64 %z
          ret i64 %fr
        }
        """
    )
    i = insts(f)
    assert isinstance(i[0], ICmp) and i[0].pred == "ult" and i[0].flags == {"samesign"}
    assert i[1].type == VectorType(2, I1) and i[1].pred == "sge"
    zero = i[1].operands[1]
    assert isinstance(zero, ConstVector) and all(
        isinstance(e, ConstInt) and e.value == 0 for e in zero.elems
    )
    assert isinstance(i[2], Select) and i[2].flags == {"nnan"} and i[2].type == FLOAT
    assert i[2].operands[0] is i[0]
    casts = i[3:8]
    assert all(isinstance(c, Cast) for c in casts)
    assert [c.op for c in casts] == ["zext", "trunc", "uitofp", "fpext", "bitcast"]
    assert casts[0].flags == {"nneg"} and casts[0].type == I64
    assert casts[1].flags == {"nuw", "nsw"}
    assert casts[2].flags == {"nneg"}
    assert isinstance(i[8], Freeze) and i[8].type == I64


def test_vector_constants_splat_poison_undef() -> None:
    f = fn(
        """
        define <4 x i32> @f(<4 x i32> %v) {
          %1 = add <4 x i32> %v, splat (i32 7)
          %2 = mul <4 x i32> %1, <i32 1, i32 poison, i32 -1, i32 undef>
          %3 = sub <4 x i32> %2, poison
          %4 = sub <4 x i32> %3, undef
          ret <4 x i32> %4
        }
        """
    )
    i = insts(f)
    splat = i[0].operands[1]
    assert isinstance(splat, ConstVector) and splat.type == VectorType(4, I32)
    assert [e.value for e in splat.elems] == [7, 7, 7, 7]
    vec = i[1].operands[1]
    assert isinstance(vec.elems[0], ConstInt) and vec.elems[0].value == 1
    assert isinstance(vec.elems[1], ConstPoison)
    assert vec.elems[2].value == 0xFFFFFFFF
    assert isinstance(vec.elems[3], ConstUndef)
    assert isinstance(i[2].operands[1], ConstPoison) and i[2].operands[1].type == VectorType(4, I32)
    assert isinstance(i[3].operands[1], ConstUndef)


def test_zeroinitializer_float_and_ptr_vectors() -> None:
    f = fn(
        """
        define void @f(ptr %p) {
          store <2 x double> zeroinitializer, ptr %p, align 16
          store <2 x ptr> zeroinitializer, ptr %p, align 16
          store <2 x i1> <i1 true, i1 false>, ptr %p, align 1
          store ptr null, ptr %p, align 8
          ret void
        }
        """
    )
    i = insts(f)
    zd = i[0].operands[0]
    assert all(isinstance(e, ConstFloat) and e.bits == 0 and e.type == DOUBLE for e in zd.elems)
    zp = i[1].operands[0]
    assert all(isinstance(e, ConstNull) for e in zp.elems)
    b = i[2].operands[0]
    assert [e.value for e in b.elems] == [1, 0]
    assert isinstance(i[3].operands[0], ConstNull) and i[3].operands[0].type == PTR


def test_shufflevector_masks() -> None:
    f = fn(
        """
        define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b) {
          %1 = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 poison, i32 7, i32 undef>
          %2 = shufflevector <4 x i32> %a, <4 x i32> poison, <2 x i32> zeroinitializer
          %3 = shufflevector <4 x i32> %a, <4 x i32> %b, <8 x i32> poison
          %4 = extractelement <4 x i32> %a, i64 3
          %5 = insertelement <4 x i32> %1, i32 %4, i32 0
          ret <4 x i32> %5
        }
        """
    )
    i = insts(f)
    assert isinstance(i[0], ShuffleVector) and i[0].mask == (0, None, 7, None)
    assert i[0].operands == f.args
    assert i[1].mask == (0, 0) and i[1].type == VectorType(2, I32)
    assert isinstance(i[1].operands[1], ConstPoison)
    assert i[2].mask == (None,) * 8 and i[2].type == VectorType(8, I32)
    assert isinstance(i[3], ExtractElement) and i[3].type == I32
    assert i[3].operands[1].type == I64 and i[3].operands[1].value == 3
    assert isinstance(i[4], InsertElement) and i[4].operands[:2] == [i[0], i[3]]


def test_memory_gep_params() -> None:
    f = fn(
        """
        define void @f(ptr noalias noundef nonnull align 16 dereferenceable(64) %p,
                       ptr readonly dereferenceable_or_null(8) %q, ptr writeonly nocapture %r,
                       i32 zeroext %n) {
          %g = getelementptr inbounds nuw i32, ptr %p, i64 1
          %h = getelementptr nusw i8, ptr %q, i32 %n
          %vg = getelementptr i32, ptr %p, <4 x i64> <i64 0, i64 1, i64 2, i64 3>
          %l = load <4 x float>, ptr %g, align 4
          store <4 x float> %l, ptr %h, align 2
          ret void
        }
        """
    )
    p, q, r, n = f.args
    assert isinstance(p, Argument)
    assert p.attrs.noalias and p.attrs.noundef and p.attrs.nonnull
    assert p.attrs.align == 16 and p.attrs.dereferenceable == 64
    assert q.attrs.readonly and q.attrs.dereferenceable_or_null == 8 and not q.attrs.noalias
    assert r.attrs.writeonly
    assert str(n.attrs) == ""
    assert [a.index for a in f.args] == [0, 1, 2, 3]
    i = insts(f)
    g, h, vg, ld, st = i[:5]
    assert isinstance(g, GetElementPtr) and g.source_type == I32 and g.flags == {"inbounds", "nuw"}
    assert g.operands[0] is p and g.type == PTR
    assert h.flags == {"nusw"} and h.operands[1] is n
    assert vg.type == VectorType(4, PTR)
    assert isinstance(ld, Load) and ld.align == 4 and ld.type == VectorType(4, FLOAT)
    assert isinstance(st, Store) and st.align == 2 and st.operands == [ld, h] and st.type == VOID


def test_return_attrs_and_ignored_function_attrs() -> None:
    f = fn(
        """
        define noundef nonnull align 8 ptr @f(ptr %p) #0 {
          ret ptr %p
        }
        attributes #0 = { nounwind willreturn mustprogress norecurse memory(none) "frame-pointer"="all" "denormal-fp-math"="ieee,ieee" }
        """
    )
    assert f.ret_attrs.noundef and f.ret_attrs.nonnull and f.ret_attrs.align == 8


def test_phi_forward_references_and_loops() -> None:
    f = fn(
        """
        define i32 @f(i32 %n) {
        entry:
          br label %loop
        loop:
          %i = phi i32 [ 0, %entry ], [ %next, %loop ]
          %acc = phi nnan float [ 0.0, %entry ], [ %acc2, %loop ]
          %acc2 = fadd float %acc, 1.0
          %next = add nuw i32 %i, 1
          %c = icmp ult i32 %next, %n
          br i1 %c, label %loop, label %exit
        exit:
          ret i32 %i
        }
        """
    )
    loop = f.block("loop")
    phi = loop.instructions[0]
    assert isinstance(phi, Phi) and phi.blocks == ["entry", "loop"]
    assert isinstance(phi.operands[0], ConstInt)
    assert phi.operands[1] is loop.instructions[3]  # forward reference resolved
    acc = loop.instructions[1]
    assert acc.flags == {"nnan"} and acc.operands[1] is loop.instructions[2]
    br = loop.instructions[-1]
    assert br.targets == ["loop", "exit"] and br.operands[0] is loop.instructions[4]
    assert f.block("entry").successors() == ["loop"]


def test_switch_and_unreachable() -> None:
    f = fn(
        """
        define i8 @f(i8 %x) {
          switch i8 %x, label %d [
            i8 0, label %a
            i8 -1, label %b
          ]
        a:
          ret i8 1
        b:
          unreachable
        d:
          ret i8 0
        }
        """
    )
    sw = f.entry.instructions[0]
    assert isinstance(sw, Switch)
    assert sw.targets == ["d", "a", "b"]
    assert sw.operands[0] is f.args[0]
    assert [c.value for c in sw.operands[1:]] == [0, 255]
    assert isinstance(f.block("b").instructions[0], Unreachable)
    assert f.entry.name == "0"


def test_intrinsic_calls_and_attributes() -> None:
    m = parse_module(
        """
        declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr, i32 immarg, <4 x i1>, <4 x i32>)
        define <4 x i32> @f(ptr %p, <4 x i1> %m, float %x) {
          %v = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr %p, i32 4, <4 x i1> %m, <4 x i32> poison)
          %y = tail call nnan float @llvm.fma.f32(float %x, float %x, float 1.0) #0
          %z = call noundef i32 @llvm.ctpop.i32(i32 noundef 5)
          call void @llvm.assume(i1 true)
          ret <4 x i32> %v
        }
        attributes #0 = { nounwind }
        """
    )
    f = m.functions["f"]
    v, y, z, a = insts(f)[:4]
    assert isinstance(v, Call) and v.callee == "llvm.masked.load.v4i32.p0"
    # LLVM 22 turns the alignment operand into an attribute
    assert len(v.operands) == 3 and v.arg_attrs[0].align == 4
    assert y.flags == {"nnan"} and y.callee == "llvm.fma.f32"
    assert z.ret_attrs.noundef and z.arg_attrs[0].noundef
    assert a.name is None and a.type == VOID
    assert "llvm.fma.f32" in m.declarations


def test_metadata_and_debug_info_dropped() -> None:
    f = fn(
        """
        define i32 @f(ptr %p) !dbg !4 {
          %x = load i32, ptr %p, align 4, !tbaa !10
          #dbg_value(i32 %x, !9, !DIExpression(), !12)
          %y = add i32 %x, 1, !dbg !12
          ret i32 %y, !dbg !12
        }
        !llvm.module.flags = !{!0}
        !llvm.dbg.cu = !{!2}
        !0 = !{i32 2, !"Debug Info Version", i32 3}
        !2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: FullDebug)
        !3 = !DIFile(filename: "a.c", directory: "/")
        !4 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 1, type: !5, unit: !2)
        !5 = !DISubroutineType(types: !6)
        !6 = !{}
        !9 = !DILocalVariable(name: "x", scope: !4, file: !3, line: 2, type: !13)
        !10 = !{!11, !11, i64 0}
        !11 = !{!"int", !14, i64 0}
        !14 = !{!"omnipotent char", !15, i64 0}
        !15 = !{!"Simple C TBAA"}
        !12 = !DILocation(line: 2, scope: !4)
        !13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
        """
    )
    assert [i.opcode for i in insts(f)] == ["load", "add", "ret"]


def test_read_module_from_file(tmp_path: Path) -> None:
    p = tmp_path / "ok.ll"
    p.write_text("define i32 @f(i32 %x) {\n  ret i32 %x\n}\n")
    m = read_module(p)
    assert list(m.functions) == ["f"] and m.source_name == str(p)


def test_data_file_parses() -> None:
    m = read_module(DATA / "vector_kernel.ll")
    assert {"src", "tgt"} <= set(m.functions)


# --------------------------------------------------------------------------- bad input


def one_line(e: pytest.ExceptionInfo) -> str:
    msg = str(e.value)
    assert "\n" not in msg and msg.strip() == msg and msg
    return msg


@pytest.mark.parametrize(
    "text, expected",
    [
        ("define void @f() {\n  %x = add i32 %y, 1\n  ret void\n}\n",
         "t.ll:2:16: error: use of undefined value '%y'"),
        ("define void @f() {\n  ret i32 1\n}\n", "t.ll:2:"),
        ("define void @f() {\n  ret void\n", "t.ll:"),  # truncated
        ("define i32 @f(i32 %x) {\n  %y = add i32 %x,\n", "t.ll:"),  # truncated mid-instruction
        ("this is not IR\n", "t.ll:1:1: error:"),
        ("define i32 @f() {\n  %2 = add i32 1, 2\n  ret i32 %1\n}\n", "t.ll:3:"),  # bad numbering
    ],
)
def test_llvm_errors_are_one_line(text: str, expected: str) -> None:
    with pytest.raises(InputError) as e:
        parse_module(text, "t.ll")
    assert one_line(e).startswith(expected), str(e.value)
    assert "<string>" not in str(e.value)


def test_verifier_error_is_one_line() -> None:
    text = "define i32 @f(i32 %x) {\n  %a = add i32 %b, 1\n  %b = add i32 %x, 1\n  ret i32 %a\n}\n"
    with pytest.raises(InputError) as e:
        parse_module(text, "t.ll")
    msg = one_line(e)
    assert msg.startswith("t.ll: error: ") and "dominate" in msg


@pytest.mark.parametrize("text", ["", "   \n\n"])
def test_empty_input(text: str) -> None:
    with pytest.raises(InputError) as e:
        parse_module(text, "e.ll")
    assert one_line(e) == "e.ll: empty input, no LLVM IR"


def test_file_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError) as e:
        read_module(tmp_path / "missing.ll")
    assert one_line(e).endswith("missing.ll: no such file")
    with pytest.raises(InputError) as e:
        read_module(tmp_path)
    assert "is a directory" in one_line(e)
    empty = tmp_path / "empty.ll"
    empty.write_text("")
    with pytest.raises(InputError) as e:
        read_module(empty)
    assert "empty input" in one_line(e)
    binary = tmp_path / "bin.ll"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00" + bytes(range(256)))
    with pytest.raises(InputError) as e:
        read_module(binary)
    assert "binary" in one_line(e)
    latin = tmp_path / "latin.ll"
    latin.write_bytes(b"; caf\xe9\ndefine void @f() {\n  ret void\n}\n")
    with pytest.raises(InputError) as e:
        read_module(latin)
    assert "not UTF-8" in one_line(e)
    bc = tmp_path / "x.bc"
    bc.write_bytes(b"BC\xc0\xde" + b"\x35\x14\x00\x00" * 8)
    with pytest.raises(InputError) as e:
        read_module(bc)
    assert "bitcode" in one_line(e)


U = "define void @f(ptr %p, i32 %x) {\n"


@pytest.mark.parametrize(
    "body, what",
    [
        ("  %v = load atomic i32, ptr %p seq_cst, align 4\n  ret void\n", "load atomic"),
        ("  store atomic i32 %x, ptr %p release, align 4\n  ret void\n", "store atomic"),
        ("  %v = atomicrmw add ptr %p, i32 1 seq_cst\n  ret void\n", "atomicrmw"),
        ("  %v = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst\n  ret void\n", "cmpxchg"),
        ("  fence seq_cst\n  ret void\n", "fence"),
        ("  %v = load volatile i32, ptr %p, align 4\n  ret void\n", "volatile load"),
        ("  store volatile i32 %x, ptr %p, align 4\n  ret void\n", "volatile store"),
        ("  %a = alloca inalloca i32, align 4\n  ret void\n", "alloca inalloca"),
        ("  call void @abort()\n  ret void\n", "call to library function @abort"),
        ("  call void @foo() #9\n  ret void\n", "function attribute strictfp"),
        ("  call void %p()\n  ret void\n", "indirect call"),
        ("  call void asm sideeffect \"nop\", \"\"()\n  ret void\n", "inline asm"),
        ("  %i = inttoptr i32 %x to ptr\n  ret void\n", "inttoptr cast"),
        ("  %v = load ptr, ptr %p, align 8, !nonnull !1\n  ret void\n", "!nonnull metadata"),
        ("  %a = add i20000 0, 1\n  ret void\n", "integer type i20000"),
        ("  %a = add <100000 x i32> zeroinitializer, zeroinitializer\n  ret void\n",
         "vector of 100000 lanes (limit 1024)"),
        ("  %a = add <vscale x 2048 x i32> zeroinitializer, zeroinitializer\n  ret void\n",
         "vector of 2048 lanes at vscale 1 (limit 1024)"),
        ("  %a = fadd x86_fp80 0xK00000000000000000000, 0xK00000000000000000000\n  ret void\n",
         "x86_fp80 type"),
        ("  %a = fadd ppc_fp128 0xM00000000000000000000000000000000, 0xM00000000000000000000000000000000\n"
         "  ret void\n", "ppc_fp128 type"),
        ("  %v = load <{ i32, i8 }>, ptr %p, align 4\n  ret void\n", "struct type"),
        ("  %v = load { <{ i32 }> }, ptr %p, align 4\n  ret void\n", "struct type"),
        ("  call void @llvm.assume(i1 true) [ \"noundef\"(ptr %p) ]\n  ret void\n",
         'operand bundle "noundef"'),
        ("  store ptr addrspace(1) null, ptr %p, align 8\n  ret void\n",
         "pointer in addrspace(1)"),
    ],
)
def test_unsupported_in_body(body: str, what: str) -> None:
    text = (U + body + "}\n!0 = !{i32 0, i32 10}\n!1 = !{}\ndeclare void @foo()\ndeclare void @abort()\n"
            "attributes #9 = { strictfp }\n")
    with pytest.raises(Unsupported) as e:
        parse_module(text, "u.ll")
    assert e.value.what == what
    assert e.value.where == "f"
    assert one_line(e) == f"unsupported: {what} in @f"


# The scalar loop of LLVM's test llvm/test/Transforms/LoopVectorize/X86/parallel-loops.ll
# (@parallel_loop, LLVM 22; Apache-2.0 WITH LLVM-exception), cut to its accesses: its
# llvm.loop node lists the accesses' group as parallel, which LoopVectorize relies on to
# load a[i+1..i+3] before the store to a[a[i]] (the loop is refuted without it).
PARALLEL_LOOP = """define void @parallel_loop(ptr %a, ptr %b) {
entry:
  br label %for.body

for.body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %for.body ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %ai = load i32, ptr %pa, align 4, !llvm.access.group !13
  %k = sext i32 %ai to i64
  %pk = getelementptr inbounds i32, ptr %a, i64 %k
  store i32 0, ptr %pk, align 4, !llvm.access.group !13
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 512
  br i1 %done, label %for.end, label %for.body, !llvm.loop !3

for.end:
  ret void
}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.parallel_accesses", !13}
!13 = distinct !{}
"""


def test_parallel_loop_metadata_is_unsupported() -> None:
    """A loop whose llvm.loop node (through the nodes it lists) holds
    llvm.loop.parallel_accesses promises what is not modelled: reported, never dropped."""
    with pytest.raises(Unsupported) as e:
        parse_module(PARALLEL_LOOP, "p.ll")
    assert e.value.what.startswith("llvm.loop.parallel_accesses metadata")
    assert e.value.where == "parallel_loop"
    # other loop metadata (hints: unroll, vectorize widths, mustprogress) is dropped
    hints = PARALLEL_LOOP.replace('!"llvm.loop.parallel_accesses", !13', '!"llvm.loop.mustprogress"')
    assert parse_module(hints, "h.ll").functions["parallel_loop"].back_edges()
    old = PARALLEL_LOOP.replace("!llvm.access.group !13", "!llvm.mem.parallel_loop_access !3").replace(
        '!"llvm.loop.parallel_accesses", !13', '!"llvm.loop.mustprogress"')
    with pytest.raises(Unsupported, match="llvm.mem.parallel_loop_access metadata"):
        parse_module(old, "o.ll")


@pytest.mark.parametrize(
    "text, what",
    [
        ("@g = thread_local global i32 0\ndefine i32 @f() {\n  %v = load i32, ptr @g\n  ret i32 %v\n}\n",
         "thread_local global variable @g"),
        ("define void @f(ptr byval(i32) %p) {\n  ret void\n}\n", "parameter attribute byval"),
        ("define i32 @f(i32 returned %p) {\n  ret i32 %p\n}\n", "parameter attribute returned"),
        ("define void @f(float nofpclass(nan) %p) {\n  ret void\n}\n",
         "parameter attribute nofpclass"),
        ("define noalias ptr @f(ptr %p) {\n  ret ptr %p\n}\n", "return attribute noalias"),
        ("define void @f() strictfp {\n  ret void\n}\n", "function attribute strictfp"),
        ("define float @f(float %x) denormal_fpenv(ieee|ieee|ieee) {\n  ret float %x\n}\n",
         "function attribute denormal_fpenv(ieee|ieee|ieee)"),
        ("define void @f(i32 %x, ...) {\n  ret void\n}\n", "variadic function"),
        ("define ptr @f() {\n  %x = getelementptr i8, ptr inttoptr (i64 4 to ptr), i64 1\n  ret ptr %x\n}\n",
         "inttoptr cast"),
        ("@g = global i32 0\n@h = global ptr getelementptr (i8, ptr @g, i64 1)\n"
         "define ptr @f() {\n  %x = load ptr, ptr @h\n  ret ptr %x\n}\n",
         "constant expression (getelementptr) outside a function body"),
        ("define ptr @f() {\n  ret ptr @f\n}\n", "reference to @f"),
    ],
)
def test_unsupported_elsewhere(text: str, what: str) -> None:
    with pytest.raises(Unsupported) as e:
        parse_module(text, "u.ll")
    assert e.value.what == what
    one_line(e)


def test_first_unsupported_wins() -> None:
    text = U + "  %a = alloca inalloca i32\n  %v = load atomic i32, ptr %p seq_cst, align 4\n  ret void\n}\n"
    with pytest.raises(Unsupported) as e:
        parse_module(text)
    assert e.value.what == "alloca inalloca"


def test_i128_and_1024_lanes_supported() -> None:
    f = fn(
        "define <1024 x i8> @f(i128 %x, <1024 x i8> %v) {\n"
        "  %y = add i128 %x, 170141183460469231731687303715884105727\n"
        "  ret <1024 x i8> %v\n}\n"
    )
    assert f.args[1].type == VectorType(1024, f.args[1].type.elem)
    assert f.entry.instructions[0].operands[1].value == (1 << 127) - 1


def test_float_decimal_exactness() -> None:
    # Decimal constants written by LLVM are exact: check a few against struct packing.
    f = fn(
        "define float @f(float %x) {\n"
        "  %a = fadd float %x, 3.25\n"
        "  %b = fadd float %a, -3.75e-1\n"
        "  %c = fadd float %b, 0x3FB99999A0000000\n"
        "  ret float %c\n}\n"
    )
    a, b, c = insts(f)[:3]
    assert a.operands[1].bits == struct.unpack("<I", struct.pack("<f", 3.25))[0]
    assert b.operands[1].bits == struct.unpack("<I", struct.pack("<f", -3.75e-1))[0]
    assert c.operands[1].bits == struct.unpack("<I", struct.pack("<f", 0.1))[0]
    assert not math.isnan(double_from_bits(0))


def test_debug_and_scope_intrinsics_dropped() -> None:
    m = parse_module(
        """
        declare void @llvm.dbg.value(metadata, metadata, metadata)
        declare void @llvm.experimental.noalias.scope.decl(metadata)
        define i32 @f(i32 %x) {
          call void @llvm.experimental.noalias.scope.decl(metadata !0)
          call void @llvm.dbg.value(metadata i32 %x, metadata !4, metadata !DIExpression())
          %y = add i32 %x, 1
          ret i32 %y
        }
        !0 = !{!2}
        !2 = distinct !{!2, !3, !"scope"}
        !3 = distinct !{!3, !"domain"}
        !4 = !{}
        """
    )
    assert [i.opcode for i in m.functions["f"].instructions()] == ["add", "ret"]


def test_strictfp_definition_unsupported_constrained_call_read() -> None:
    text = (
        "define float @f(float %a) strictfp {\n"
        "  %r = call float @llvm.experimental.constrained.fadd.f32(float %a, float 0.0,"
        ' metadata !"round.upward", metadata !"fpexcept.strict") strictfp\n'
        "  ret float %r\n}\n"
        "declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)\n"
    )
    with pytest.raises(Unsupported) as e:
        parse_module(text)
    assert e.value.what in ("function attribute strictfp",)
    # Without strictfp on the definition the call is read, its metadata kept.
    text = text.replace(") strictfp {", ") {")
    call = parse_module(text).functions["f"].blocks[0].instructions[0]
    assert isinstance(call, Call) and call.fp_env == ("round.upward", "fpexcept.strict")


def test_llvm_warnings_do_not_reach_stderr(capfd: pytest.CaptureFixture[str]) -> None:
    parse_module(
        "define void @f() !dbg !0 {\n  ret void\n}\n"
        "!llvm.dbg.cu = !{!1}\n"
        '!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2)\n'
        '!2 = !DIFile(filename: "a.c", directory: "/")\n'
        '!0 = distinct !DISubprogram(name: "f", scope: !2, file: !2, unit: !1)\n'
    )
    assert capfd.readouterr().err == ""


@pytest.mark.parametrize(
    "layout, what",
    [
        ("E-p:64:64", None),  # big-endian: modelled (Function.big_endian)
        ("e-p:32:32", None),  # narrower pointers: modelled (semantics/core.py, PTR_ADDR_BITS)
        ("e-p:40:64:64:32", "data layout specification 'p:40:64:64:32' (40-bit pointers with 32-bit indices)"),
        ("e-p:64:64:64:32", "data layout specification 'p:64:64:64:32' (64-bit pointers with 32-bit indices)"),
        ("e-m:o-i64:64-f80:128-n8:16:32:64-S128", None),
        ("e-p:64:64-p1:16:16", None),
        ("e-i64:32:64-a:0:64", None),  # sizes and alignments: modelled (ir/layout.py)
        ("e-A5", "data layout specification 'A5' (a non-zero default address space)"),
        ("e-G1", "data layout specification 'G1' (a non-zero default address space)"),
    ],
)
def test_datalayout(layout: str, what: str | None) -> None:
    text = f'target datalayout = "{layout}"\ndefine void @f() {{\n  ret void\n}}\n'
    if what is None:
        assert parse_module(text).functions["f"].big_endian == layout.startswith("E")
        return
    with pytest.raises(Unsupported) as e:
        parse_module(text)
    assert e.value.what == what and e.value.where is None


def test_unicode_and_escaped_names_round_trip() -> None:
    from vecverify.llvm import print_module

    text = 'define i32 @"f\\C3\\A9"(i32 %"\\C3\\A9t\\C3\\A9") {\n  %"a\\5Cb" = add i32 %"\\C3\\A9t\\C3\\A9", 1\n  ret i32 %"a\\5Cb"\n}\n'
    m = parse_module(text)
    f = m.functions["f\u00e9"]
    assert f.args[0].name == "\u00e9t\u00e9"
    assert f.entry.instructions[0].name == "a\\b"
    p = print_module(m)
    assert print_module(parse_module(p)) == p


def test_globals_and_arrays() -> None:
    text = (
        '@x = global i32 7, align 4\n'
        '@t = private unnamed_addr constant [3 x i16] [i16 1, i16 2, i16 3], align 2\n'
        '@s = private constant [3 x i8] c"a\\0A\\00"\n'
        '@e = external global [8 x i32], align 16\n'
        'define i16 @f(i64 %i) {\n'
        '  %p = getelementptr inbounds [3 x i16], ptr @t, i64 0, i64 %i\n'
        '  %v = load i16, ptr %p, align 2\n'
        '  store i32 1, ptr @x, align 4\n'
        '  ret i16 %v\n}\n'
    )
    m = parse_module(text, "g.ll")
    x, t, s, e = (m.globals[n] for n in ("x", "t", "s", "e"))
    assert x.initializer is not None and x.initializer.ref() == "7" and not x.is_constant
    assert t.is_constant and str(t.value_type) == "[3 x i16]"
    assert s.initializer is not None and s.initializer.ref() == "[i8 97, i8 10, i8 0]"
    assert e.initializer is None and e.align == 16
    again = parse_module(print_module(m), "again.ll")
    assert print_module(again) == print_module(m)


def test_load_range_and_noundef_metadata_are_read() -> None:
    text = (U + "  %v = load i32, ptr %p, align 4, !range !0, !noundef !1\n  ret void\n}\n"
            "!0 = !{i32 -2, i32 10, i32 20, i32 30}\n!1 = !{}\n")
    load = next(i for i in parse_module(text, "m.ll").functions["f"].instructions() if isinstance(i, Load))
    assert load.ranges == ((2**32 - 2, 10), (20, 30)) and load.noundef


@pytest.mark.parametrize("attrs, modes", [
    ("denormal_fpenv(positivezero)", "denormal_fpenv(positivezero)"),
    ("denormal_fpenv(preservesign|ieee)", "denormal_fpenv(preservesign|ieee)"),
    ("denormal_fpenv(ieee,ieee)", "denormal_fpenv(ieee)"),
    ("denormal_fpenv(positivezero, float: ieee)", "denormal_fpenv(positivezero, float: ieee)"),
    ("denormal_fpenv(float: dynamic)", "denormal_fpenv(float: dynamic)"),
    ("denormal_fpenv(preservesign, float: preservesign)", "denormal_fpenv(preservesign)"),
    ('"denormal-fp-math"="preserve-sign,positive-zero"', "denormal_fpenv(preservesign|positivezero)"),
    ('"denormal-fp-math-f32"="positive-zero,positive-zero"', "denormal_fpenv(float: positivezero)"),
    ("nounwind", "denormal_fpenv(ieee)"),
])
def test_denormal_modes_are_read(attrs: str, modes: str) -> None:
    """LLVM 23's denormal_fpenv and the string attributes before it, as one model."""
    fn = parse_module(f"define float @f(float %x) {attrs} {{\n  ret float %x\n}}\n").functions["f"]
    assert str(fn.denormal) == modes


def test_named_types_that_expand_beyond_reason_are_unsupported() -> None:
    """Named struct types are expanded where used; nesting that grows as 8^depth (Alive2's
    memory/gep-large) is reported unsupported by name instead of hanging the printer."""
    defs = [f"%t{k} = type {{ {', '.join([f'%t{k + 1}'] * 8)} }}" for k in range(8)] + ["%t8 = type { i32, i32 }"]
    text = "\n".join(defs) + "\ndefine i64 @f(ptr %p) {\n  %q = getelementptr %t0, ptr %p, i64 1\n  ret i64 0\n}\n"
    with pytest.raises(Unsupported, match=r"struct type %t\d+ of \d+ fields"):
        parse_module(text, "<nested>")
    small = "%s = type { %u, %u }\n%u = type { i32, i8 }\ndefine void @f(ptr %p) {\n  %q = getelementptr %s, ptr %p, i64 1\n  ret void\n}\n"
    assert parse_module(small, "<small>").functions["f"]
