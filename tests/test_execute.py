"""Native execution through llvmlite's JIT: values in and out bit for bit, buffers,
guard bytes, the compile cache."""

from __future__ import annotations

import numpy as np
import pytest

from vecverify.errors import Unsupported
from vecverify.execute import compile_module, execute
from vecverify.execute.codegen import object_code
from vecverify.ir.floats import bits_from_float


def test_scalar_integers_of_odd_widths() -> None:
    text = (
        "define i8 @add8(i8 %a, i8 %b) {\n %r = add i8 %a, %b\n ret i8 %r\n}\n"
        "define i1 @lt(i33 %a, i33 %b) {\n %r = icmp slt i33 %a, %b\n ret i1 %r\n}\n"
        "define i128 @mul(i128 %a, i128 %b) {\n %r = mul i128 %a, %b\n ret i128 %r\n}\n"
    )
    assert execute(text, "add8", [200, 100]).value == (300 & 0xFF)
    assert execute(text, "lt", [(1 << 33) - 1, 0]).value == 1  # -1 < 0 signed
    a, b = (1 << 100) + 3, (1 << 20) + 7
    assert execute(text, "mul", [a, b]).value == (a * b) % (1 << 128)


def test_float_nan_payload_survives_fneg() -> None:
    text = "define float @neg(float %x) {\n %r = fneg float %x\n ret float %r\n}\n"
    snan = 0x7F800001
    assert execute(text, "neg", [snan]).value == snan | 0x80000000
    assert execute(text, "neg", [bits_from_float(1.5)]).value == bits_from_float(-1.5)


def test_vectors_and_shuffles() -> None:
    text = (
        "define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b) {\n"
        " %s = add <4 x i32> %a, %b\n"
        " %r = shufflevector <4 x i32> %s, <4 x i32> %a, <4 x i32> <i32 3, i32 4, i32 1, i32 7>\n"
        " ret <4 x i32> %r\n}\n"
        "define <8 x i1> @cmp(<8 x i8> %a) {\n %r = icmp ugt <8 x i8> %a, splat (i8 3)\n ret <8 x i1> %r\n}\n"
        "define <3 x i32> @three(<3 x i32> %a) {\n %r = mul <3 x i32> %a, splat (i32 3)\n ret <3 x i32> %r\n}\n"
    )
    r = execute(text, "f", [[1, 2, 3, 4], [10, 20, 30, 40]]).value
    assert r == [44, 1, 22, 4]
    assert execute(text, "cmp", [[0, 1, 2, 3, 4, 5, 6, 7]]).value == [0, 0, 0, 0, 1, 1, 1, 1]
    assert execute(text, "three", [[1, 2, 0xFFFFFFFF]]).value == [3, 6, 0xFFFFFFFD]


def test_pointer_buffers_and_guard_bytes() -> None:
    text = (
        "define void @copy2(ptr %dst, ptr %src) {\n"
        " %v = load <2 x i32>, ptr %src, align 4\n"
        " %w = shl <2 x i32> %v, splat (i32 1)\n"
        " store <2 x i32> %w, ptr %dst, align 4\n ret void\n}\n"
        "define void @oob(ptr %p) {\n %q = getelementptr i8, ptr %p, i64 8\n store i32 1, ptr %q\n ret void\n}\n"
    )
    src = np.array([5, 7], dtype=np.int32).view(np.uint8)
    r = execute(text, "copy2", [None, None], {0: np.zeros(8, dtype=np.uint8), 1: src})
    assert r.value is None and not r.oob_writes
    assert list(r.buffers[0].view(np.int32)) == [10, 14]
    assert list(r.buffers[1].view(np.int32)) == [5, 7]
    r = execute(text, "oob", [None], {0: np.zeros(8, dtype=np.uint8)})
    assert r.oob_writes == [0]


def test_compiled_once_per_text() -> None:
    text = "define i32 @id(i32 %x) {\n ret i32 %x\n}\n"
    assert compile_module(text) is compile_module(text)
    assert compile_module(text).run("id", [7]).value == 7


def test_odd_vectors_round_trip_lane_by_lane() -> None:
    """Vectors of sub-byte lanes cross the wrapper lane by lane: LLVM 22 on x86 reads a
    <12 x i6> passed through memory from the wrong bytes (lane 11 from byte 0)."""
    for t, n in (("<12 x i6>", 12), ("<10 x i12>", 10), ("<9 x i1>", 9), ("<3 x i33>", 3)):
        text = f"define {t} @g({t} %a) {{\n  ret {t} %a\n}}\n"
        for k in range(n):
            lanes = [0] * n
            lanes[k] = 1
            assert execute(text, "g", [lanes]).value == lanes, (t, k)


def test_batched_runs_match_single_runs() -> None:
    text = (
        "define <3 x i16> @f(<3 x i16> %a, i64 %b) {\n %t = trunc i64 %b to i16\n"
        " %s = insertelement <3 x i16> poison, i16 %t, i32 0\n"
        " %v = shufflevector <3 x i16> %s, <3 x i16> poison, <3 x i32> zeroinitializer\n"
        " %r = sub <3 x i16> %a, %v\n ret <3 x i16> %r\n}\n"
        "define { i8, i1 } @o(i8 %a, i8 %b) {\n %r = call { i8, i1 } @llvm.uadd.with.overflow.i8(i8 %a, i8 %b)\n"
        " ret { i8, i1 } %r\n}\n"
        "declare { i8, i1 } @llvm.uadd.with.overflow.i8(i8, i8)\n"
    )
    module = compile_module(text)
    inputs = [[[k, 2 * k, 0xFFFF], k * 0x10001] for k in range(50)]
    assert module.run_batch("f", inputs) == [module.run("f", a).value for a in inputs]
    assert module.run("o", [200, 100]).value == [44, 1]
    assert module.run_batch("o", [[1, 2], [255, 1]]) == [[3, 0], [0, 1]]


def test_aliasing_pointers_share_a_block() -> None:
    """Two pointer arguments into one block, natively and in the semantics."""
    from vecverify.execute import Memory
    from vecverify.llvm import parse_module
    from vecverify.semantics.concrete import ConcreteInput, evaluate

    text = (
        "define i32 @f(ptr %p, ptr %q) {\n store i32 7, ptr %q, align 4\n"
        " %v = load i32, ptr %p, align 4\n ret i32 %v\n}\n"
    )
    fn = parse_module(text).functions["f"]
    block = bytes(range(16))
    for q_offset, expected in ((4, 7), (8, 0x07060504)):
        native = execute(text, "f", [None, None], memory=Memory([np.frombuffer(block, np.uint8)], {0: (0, 4), 1: (0, q_offset)}))
        assert native.value == expected
        ev = evaluate(fn, ConcreteInput([None, None], [block], {0: (0, 4), 1: (0, q_offset)}))
        assert ev.ub is False and ev.lanes[0].value == expected
        assert ev.allows([native.value], [list(native.buffers[0])])
        assert not ev.allows([native.value ^ 1], [list(native.buffers[0])])


def test_code_generator_abort_is_unsupported_and_the_next_module_compiles() -> None:
    """LLVM's x86 back end aborts on llvm.canonicalize.v2f32 (valid IR): the helper
    process dies, not the caller; the module is unsupported with LLVM's message, and the
    next module gets a new helper."""
    aborts = (
        "declare <2 x float> @llvm.canonicalize.v2f32(<2 x float>)\n"
        "define <2 x float> @f(<2 x float> %x) {\n"
        "  %r = call <2 x float> @llvm.canonicalize.v2f32(<2 x float> %x)\n  ret <2 x float> %r\n}\n"
    )
    with pytest.raises(Unsupported, match="code generator failed .*(UNREACHABLE|LLVM ERROR)"):
        compile_module(aborts)
    fine = "define i32 @g(i32 %x) {\n  %r = add i32 %x, 1\n  ret i32 %r\n}\n"
    assert execute(fine, "g", [41]).value == 42


def test_code_generator_helper_reports_what_llvm_rejects() -> None:
    with pytest.raises(Unsupported, match="LLVM rejected <m>"):
        object_code("define i32 @g(i32 %x) {\n  ret i64 0\n}\n", "", "", "<m>")
    assert object_code("define void @h() {\n  ret void\n}\n", "", "", "<m>")[:4] == b"\x7fELF"


_CRASHING = """
define void @src(ptr %p, i64 %n) {
  store i32 0, ptr %p
  ret void
}
define void @wild(ptr %p, i64 %n) {
  %q = getelementptr i8, ptr %p, i64 100000000000
  store i32 0, ptr %q
  ret void
}
"""


def test_a_crashing_vectorized_function_is_a_mismatch_and_the_runs_go_on() -> None:
    """Native runs happen in a child process (execute/isolated.py): a target that writes
    far out of its buffer is a mismatch per input, a source that does so skips the input
    (the source is UB there), and the caller's process lives on."""
    from vecverify.execute.memory_runs import compare_on_memory
    from vecverify.llvm import parse_module

    m = parse_module(_CRASHING, "crash")
    src, wild = m.functions["src"], m.functions["wild"]
    bad = compare_on_memory(src, wild, 3, seed=0)
    assert bad.runs == 3 and len(bad.mismatches) == 3
    assert all("the vectorized function crashed (SIGSEGV" in line for line in bad.mismatches)
    ub = compare_on_memory(wild, src, 2, seed=0)
    assert (ub.runs, ub.skipped, len(ub.source_crashes)) == (0, 2, 2)
    assert compare_on_memory(src, src, 2, seed=0).mismatches == []


def test_isolated_runs_report_a_stalled_item_and_raise_the_work_s_errors() -> None:
    import time

    from vecverify.execute.isolated import Crash, run_isolated

    def work(i: int, stage: object) -> int:
        stage("sleeping" if i == 1 else "quick")  # type: ignore[operator]
        if i == 1:
            time.sleep(30)
        return i * i

    got = list(run_isolated(3, work, idle_seconds=1.0))
    assert got[0] == (0, 0) and got[2] == (2, 4)
    assert isinstance(got[1][1], Crash) and got[1][1].stage == "sleeping" and "no answer" in got[1][1].how

    def failing(i: int, stage: object) -> int:
        raise Unsupported("not this one")

    with pytest.raises(Unsupported, match="not this one"):
        list(run_isolated(2, failing))


def test_code_generator_calls_llvm_directly_as_llvmlite_does() -> None:
    """The helper process's direct calls into llvmlite's library (codegen_worker._Direct)
    make the object code llvmlite.binding makes, and reject what it rejects, alike."""
    from vecverify.execute import codegen_worker as worker
    from vecverify.llvmlib import library_path

    path = library_path()
    assert path is not None
    direct, through = worker._Direct(path), worker._ThroughLlvmlite()
    text = ("define <4 x i32> @f(<4 x i32> %x, ptr %p) {\n  %y = load <4 x i32>, ptr %p, align 4\n"
            "  %r = mul <4 x i32> %x, %y\n  ret <4 x i32> %r\n}\n")
    made = [b.object_code(text, b.target_machine("", "")) for b in (direct, through)]
    assert made[0][:4] == b"\x7fELF" and made[0] == made[1]
    bad = "define i32 @g(i32 %x) {\n  ret i64 0\n}\n"
    messages = []
    for b in (direct, through):
        with pytest.raises(RuntimeError) as e:
            b.object_code(bad, b.target_machine("", ""))
        messages.append(str(e.value))
    assert "LLVM IR parsing error" in messages[0] and messages[0] == messages[1]


def test_a_run_without_numpy_sees_what_run_sees() -> None:
    """run_bytes (a counterexample's replay: no numpy) and run give the same value, final
    bytes and out-of-bounds report."""
    text = ("define i32 @f(ptr %p) {\n  %q = getelementptr i8, ptr %p, i64 4\n  store i32 7, ptr %q\n"
            "  %v = load i32, ptr %p\n  ret i32 %v\n}\n")
    compiled = compile_module(text)
    for block in (bytes([1, 2, 3, 4, 5, 6, 7, 8]), bytes([9, 9, 9, 9])):  # the second is written past its end
        value, finals, oob = compiled.run_bytes("f", [None], buffers={0: np.frombuffer(block, np.uint8)})
        result = compiled.run("f", [None], buffers={0: np.frombuffer(block, np.uint8)})
        assert value == result.value == int.from_bytes(block[:4], "little")
        assert finals == [b.tobytes() for b in result.buffers] and oob == result.oob_writes
        assert oob == ([] if len(block) == 8 else [0]) and finals[0][4:8] == (b"\x07\0\0\0" if len(block) == 8 else b"")


def test_native_buffers_agree_where_both_hold_a_nan_of_any_sign() -> None:
    """Two native results of a float pointee agree where both elements are NaNs (an
    operation's NaN result may take any sign and payload: x86's FMA that folds a negation
    keeps an input NaN's sign, the negation computed apart flips it); a NaN against a
    number, or two numbers, still differ."""
    import numpy as np

    from vecverify.execute.memory_runs import agree_but_nan_bits
    from vecverify.ir.types import FloatType

    f32 = FloatType("float", 8, 24)
    src = np.array([1.5, np.nan, -2.0], dtype=np.float32)
    flipped = src.copy()
    flipped.view(np.uint32)[1] ^= 0x8000_0000  # the NaN's sign
    assert agree_but_nan_bits(src.view(np.uint8), flipped.view(np.uint8), f32)
    number = src.copy()
    number[1] = 0.0
    assert not agree_but_nan_bits(src.view(np.uint8), number.view(np.uint8), f32)
    other = src.copy()
    other[0] = -1.5
    assert not agree_but_nan_bits(src.view(np.uint8), other.view(np.uint8), f32)


def test_a_timing_caller_rotates_its_buffer_sets() -> None:
    """``caller`` with buffer sets: call k of the repeated calls updates set k mod K (what
    `bench loop --buffer-sets` times); one set is every call's."""
    text = """
define void @inc(ptr %p, i32 %by) {
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, %by
  store i32 %w, ptr %p, align 4
  ret void
}
"""
    m = compile_module(text)
    sets = [{0: np.zeros(1, dtype=np.int32)} for _ in range(3)]
    m.caller("inc", [None, 2], sets, repeat=7)()
    assert [int(s[0][0]) for s in sets] == [6, 4, 4]  # calls 0, 3, 6 / 1, 4 / 2, 5
    one = {0: np.zeros(1, dtype=np.int32)}
    m.caller("inc", [None, 1], one, repeat=5)()
    assert int(one[0][0]) == 5
