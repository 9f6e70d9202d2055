"""The LLVM IR printer: valid, exact, renumbered text; round trips on Alive2's suite."""

from __future__ import annotations

from pathlib import Path

import llvmlite.binding as llvm
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vecverify.errors import InputError, Unsupported
from vecverify.ir.function import Block, Function, Module
from vecverify.ir.types import FLOAT, HALF, I32, VOID, VectorType
from vecverify.ir.values import (
    Argument,
    BinOp,
    Br,
    Call,
    ConstFloat,
    ConstInt,
    ConstPoison,
    ExtractElement,
    ParamAttrs,
    Phi,
    Ret,
    ShuffleVector,
)
from vecverify.llvm import parse_module, print_function, print_module

ALIVE2 = Path("/work/shared/conformance/alive2")


def roundtrip(text: str) -> str:
    """parse -> print -> LLVM parses -> parse -> print: identical; returns the print."""
    p1 = print_module(parse_module(text, "in.ll"))
    llvm.parse_assembly(p1).verify()
    p2 = print_module(parse_module(p1, "printed.ll"))
    assert p1 == p2
    return p1


def test_print_everything_the_model_carries() -> None:
    text = """
    declare float @llvm.fma.f32(float, float, float)
    define noundef <4 x float> @f(<4 x float> %a, ptr noalias nonnull align 16 dereferenceable(16) %p,
                                  i32 %n, half %h) {
    entry:
      %x = fadd nnan nsz <4 x float> %a, <float 1.0, float 0x7FF8000020000000, float -0.0, float poison>
      %y = shufflevector <4 x float> %x, <4 x float> poison, <4 x i32> <i32 3, i32 poison, i32 0, i32 0>
      %c = icmp samesign ult i32 %n, 4
      %g = getelementptr inbounds nuw float, ptr %p, i32 %n
      %l = load float, ptr %g, align 4
      %m = call fast float @llvm.fma.f32(float %l, float %l, float 2.0)
      %m2 = tail call float @llvm.fma.f32(float %l, float %l, float %m)
      %z = zext nneg i32 %n to i64
      %t = trunc nuw i64 %z to i16
      %hh = fadd half %h, 0xH7C01
      br i1 %c, label %loop, label %exit
    loop:
      %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
      %i2 = add nuw nsw i32 %i, 1
      %d = icmp eq i32 %i2, %n
      br i1 %d, label %exit, label %loop
    exit:
      %r = insertelement <4 x float> %y, float %m, i64 1
      switch i32 %n, label %e2 [
        i32 7, label %e2
      ]
    e2:
      ret <4 x float> %r
    }
    """
    out = roundtrip(text)
    for piece in [
        "define noundef <4 x float> @f(<4 x float> %a, ptr noalias nonnull dereferenceable(16) "
        "align 16 %p, i32 %n, half %h)",
        "fadd nnan nsz <4 x float> %a, <float 0x3FF0000000000000, float 0x7FF8000020000000, "
        "float 0x8000000000000000, float poison>",
        "<4 x i32> <i32 3, i32 poison, i32 0, i32 0>",
        "icmp samesign ult i32 %n, 4",
        "getelementptr inbounds nuw float, ptr %p, i32 %n",
        "load float, ptr %g, align 4",
        "call fast float @llvm.fma.f32(float %l, float %l, float 0x4000000000000000)",
        "tail call float @llvm.fma.f32(float %l, float %l, float %m)",  # the marker changes what is UB
        "zext nneg i32 %n to i64",
        "trunc nuw i64 %z to i16",
        "fadd half %h, 0xH7C01",
        "phi i32 [ 0, %entry ], [ %i2, %loop ]",
        "add nuw nsw i32 %i, 1",
        "declare float @llvm.fma.f32(float, float, float)",
    ]:
        assert piece in out, piece


def test_unnamed_values_print_like_llvm() -> None:
    text = """
    define i32 @f(i32, i32) {
      %3 = add i32 %0, %1
      br label %4
    4:
      %5 = phi i32 [ %3, %2 ]
      ret i32 %5
    }
    """
    out = roundtrip(text)
    canon = str(llvm.parse_assembly(text))
    # same numbering as LLVM's own printer
    for line in ("%3 = add i32 %0, %1", "br label %4", "%5 = phi i32 [ %3, %2 ]"):
        assert line in out and line in canon


def _make(args: list[Argument], blocks: list[Block], ret=I32) -> Function:
    return Function("g", ret, args, blocks)


def test_renumbering_after_edits() -> None:
    m = parse_module(
        """
        define i32 @g(i32 %0) {
          %2 = add i32 %0, 1
          %3 = mul i32 %2, 3
          br label %4
        4:
          %5 = sub i32 %3, %2
          ret i32 %5
        }
        """
    )
    f = m.functions["g"]
    entry = f.blocks[0]
    # delete %2's use and %2 itself; insert a new unnamed instruction in block 4
    add, mul = entry.instructions[0], entry.instructions[1]
    mul.operands[0] = f.args[0]
    del entry.instructions[0]
    sub = f.blocks[1].instructions[0]
    sub.operands[1] = f.args[0]
    extra = BinOp(I32, None, [sub, ConstInt(I32, 2)], op="xor")
    f.blocks[1].instructions.insert(1, extra)
    f.blocks[1].instructions[-1].operands[0] = extra
    text = print_module(m)
    assert "%2 = mul i32 %0, 3" in text
    assert "br label %3" in text and "\n3:\n" in text
    assert "%4 = sub i32 %2, %0" in text
    assert "%5 = xor i32 %4, 2" in text and "ret i32 %5" in text
    llvm.parse_assembly(text).verify()
    assert add not in f.instructions()


def test_built_function_with_clashing_and_odd_names() -> None:
    a = Argument(I32, "x y", ParamAttrs(noundef=True), 0)
    b = Argument(I32, "x y", ParamAttrs(), 1)
    add = BinOp(I32, "sum", [a, b], op="add", flags=frozenset({"nsw"}))
    add2 = BinOp(I32, "sum", [add, ConstInt(I32, -1)], op="add")
    nm = BinOp(I32, None, [add2, add2], op="mul")
    f = _make([a, b], [Block("entry", [add, add2, nm, Ret(VOID, None, [nm])])])
    text = print_function(f)
    assert 'define i32 @g(i32 noundef %"x y", i32 %"x y.1")' in text
    assert '%sum = add nsw i32 %"x y", %"x y.1"' in text
    assert "%sum.1 = add i32 %sum, -1" in text
    assert "%0 = mul i32 %sum.1, %sum.1" in text
    llvm.parse_assembly(text).verify()


def test_shuffle_poison_mask_and_floats_exact() -> None:
    v4 = VectorType(4, FLOAT)
    a = Argument(v4, "a", ParamAttrs(), 0)
    h = Argument(HALF, "h", ParamAttrs(), 1)
    sh = ShuffleVector(v4, "s", [a, ConstPoison(v4)], mask=(None, 1, None, 7))
    snan = ConstFloat(FLOAT, 0x7F800001)  # a float signalling NaN with payload 1
    fa = BinOp(FLOAT, "e", [ConstFloat(FLOAT, 0x00000001), snan], op="fadd")
    hh = BinOp(HALF, "hh", [h, ConstFloat(HALF, 0x8001)], op="fmul")
    f = Function("g", v4, [a, h], [Block("entry", [sh, fa, hh, Ret(VOID, None, [sh])])])
    text = print_function(f)
    assert "<4 x i32> <i32 poison, i32 1, i32 poison, i32 7>" in text
    assert "0x36A0000000000000, 0x7FF0000020000000" in text
    assert "0xH8001" in text
    m = parse_module(text)
    g = m.functions["g"]
    fa2 = g.entry.instructions[1]
    assert [c.bits for c in fa2.operands] == [0x00000001, 0x7F800001]
    assert g.entry.instructions[0].mask == (None, 1, None, 7)
    assert g.entry.instructions[2].operands[1].bits == 0x8001


def test_print_module_synthesizes_intrinsic_declarations() -> None:
    x = Argument(FLOAT, "x", ParamAttrs(), 0)
    c = Call(FLOAT, "r", [x], callee="llvm.fabs.f32", flags=frozenset({"nnan"}))
    f = Function("g", FLOAT, [x], [Block("entry", [c, Ret(VOID, None, [c])])])
    m = Module({"g": f})
    text = print_module(m)
    assert "declare float @llvm.fabs.f32(float)" in text
    assert "%r = call nnan float @llvm.fabs.f32(float %x)" in text
    llvm.parse_assembly(text).verify()


def test_numeric_block_labels_and_branches() -> None:
    x = Argument(I32, None, ParamAttrs(), 0)
    b1 = Block("7", [Br(VOID, None, [], targets=["9"])])
    phi = Phi(I32, None, [x], blocks=["7"])
    b2 = Block("9", [phi, Ret(VOID, None, [phi])])
    text = print_function(Function("g", I32, [x], [b1, b2]))
    assert "define i32 @g(i32 %0) {\n  br label %2\n\n2:\n  %3 = phi i32 [ %0, %1 ]" in text
    llvm.parse_assembly(text).verify()


# --------------------------------------------------------------------------- Alive2's suite


def test_alive2_suite_round_trips() -> None:
    files = sorted(ALIVE2.rglob("*.ll"))
    if not files:
        pytest.skip("Alive2 suite not present")
    parsed = unsupported = bad = 0
    failures: list[str] = []
    for path in files:
        try:
            m = parse_module(path.read_text(encoding="utf-8", errors="replace"), str(path))
        except Unsupported:
            unsupported += 1
            continue
        except InputError:
            bad += 1
            continue
        parsed += 1
        try:
            p1 = print_module(m)
            llvm.parse_assembly(p1).verify()
            p2 = print_module(parse_module(p1, "printed.ll"))
            if p1 != p2:
                failures.append(f"{path}: second print differs")
        except Exception as e:  # noqa: BLE001 - collect every failure
            failures.append(f"{path}: {type(e).__name__}: {str(e).splitlines()[0]}")
    print(f"alive2: {len(files)} files, {parsed} parsed and round-tripped, "
          f"{unsupported} unsupported, {bad} rejected as bad input")
    assert not failures, "\n".join(failures[:20])
    assert parsed >= 0.3 * len(files)
    assert bad <= 0.02 * len(files)


# --------------------------------------------------------------------------- generated programs


@st.composite
def programs(draw: st.DrawFn) -> Function:
    """Straight-line programs over i32 and <4 x i32>, mostly unnamed values, then a few
    instructions deleted (uses rewired to an argument): numbering must stay valid."""
    v4 = VectorType(4, I32)
    args = [Argument(I32, draw(st.sampled_from([None, "a", "0"])), ParamAttrs(), 0),
            Argument(v4, None, ParamAttrs(), 1)]
    scalars: list = [args[0]]
    vectors: list = [args[1]]
    insts: list = []
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["bin", "vbin", "shuf", "ext", "named"]))
        name = "n" if kind == "named" else None
        if kind in ("bin", "named"):
            a = draw(st.sampled_from(scalars))
            b = draw(st.sampled_from(scalars + [ConstInt(I32, draw(st.integers(-5, 5)))]))
            op = draw(st.sampled_from(["add", "sub", "mul", "and", "xor"]))
            flags = frozenset(draw(st.sets(st.sampled_from(["nsw", "nuw"])))) if op in (
                "add", "sub", "mul") else frozenset()
            inst = BinOp(I32, name, [a, b], op=op, flags=flags)
            scalars.append(inst)
        elif kind == "vbin":
            a, b = draw(st.sampled_from(vectors)), draw(st.sampled_from(vectors))
            inst = BinOp(v4, None, [a, b], op="or", flags=frozenset({"disjoint"}))
            vectors.append(inst)
        elif kind == "shuf":
            a, b = draw(st.sampled_from(vectors)), draw(st.sampled_from(vectors))
            mask = tuple(draw(st.lists(st.one_of(st.none(), st.integers(0, 7)),
                                       min_size=4, max_size=4)))
            inst = ShuffleVector(v4, None, [a, b], mask=mask)
            vectors.append(inst)
        else:
            inst = ExtractElement(I32, None, [draw(st.sampled_from(vectors)),
                                              ConstInt(I32, draw(st.integers(0, 3)))])
            scalars.append(inst)
        insts.append(inst)
    ret = Ret(VOID, None, [scalars[-1]])
    body = insts + [ret]
    # delete some instructions, rewiring their uses to the matching argument
    for victim in draw(st.lists(st.sampled_from(insts), max_size=3, unique_by=id)):
        repl = args[0] if victim.type == I32 else args[1]
        for inst in body:
            inst.operands = [repl if o is victim else o for o in inst.operands]
        body.remove(victim)
    blocks = [Block("entry" if draw(st.booleans()) else "2", body)]
    return Function("g", I32, args, blocks)


@settings(max_examples=60, deadline=None)
@given(programs())
def test_generated_programs_print_valid_ir(f: Function) -> None:
    text = print_function(f)
    llvm.parse_assembly(text).verify()
    m = parse_module(text)
    assert print_module(m) == text
    g = m.functions["g"]
    assert len(list(g.instructions())) == len(list(f.instructions()))
