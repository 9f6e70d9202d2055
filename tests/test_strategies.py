"""The strategies draw valid, well-shaped programs, and shrink to minimal ones."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from properties.kernel import Const, Kernel, Load, Op, evaluate, random_inputs
from properties.strategies import KernelProfile, fp_available, kernels, straight_line_programs
from vecverify.llvm import parse_module

FAST = settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@FAST
@given(kernels())
def test_kernels_are_valid_ir_with_exact_dereferenceable(k: Kernel) -> None:
    fn = parse_module(k.text, "k").functions["src"]
    assert 2 <= k.n <= 16
    assert [a.attrs.dereferenceable for a in fn.args] == k.buffer_sizes()
    assert all(a.attrs.noalias for a in fn.args)
    assert sum(1 for i in fn.instructions() if i.opcode == "store") == k.outputs
    assert k.outputs == (1 if k.reduce else k.n)
    assert all(i.flags >= {"inbounds"} for i in fn.instructions() if i.opcode == "getelementptr")
    if not fp_available():
        assert k.elem.startswith("i")


@FAST
@given(straight_line_programs())
def test_straight_line_programs_are_valid_ir(p) -> None:  # noqa: ANN001
    fn = parse_module(p.text, "p").functions[p.name]
    assert 5 <= p.instructions <= 40
    assert str(fn.args[-1].type) == "ptr" and fn.args[-1].attrs.dereferenceable == p.buffer_bytes


def test_kernels_shrink_to_the_minimal_kernel() -> None:
    k = find(kernels(), lambda k: True, settings=settings(database=None))
    assert k.n == 2 and k.elem == "i8" and k.variations == ("iso", "iso")
    assert k.lanes == (Op("add", Load(0), Const(1)), Op("add", Load(0), Const(1)))


def test_shrinking_keeps_only_what_the_property_needs() -> None:
    # "some lane shifts while another multiplies": the paper's shl-vs-mul pair, nothing more.
    k = find(kernels(KernelProfile(types=("i32",))),
             lambda k: {"shl", "mul"} <= {e.op for e in k.lanes if isinstance(e, Op)},
             settings=settings(database=None, max_examples=2000, derandomize=True))
    assert k.n == 2 and all(isinstance(e, Op) and isinstance(e.lhs, Load) for e in k.lanes)


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_lane_variations_all_occur(data: st.DataObject) -> None:
    k = data.draw(kernels())
    test_lane_variations_all_occur.seen |= set(k.variations)  # type: ignore[attr-defined]


test_lane_variations_all_occur.seen = set()  # type: ignore[attr-defined]


def test_lane_variations_cover_the_paper_kinds() -> None:
    test_lane_variations_all_occur()
    assert {"iso", "kind", "missing", "copy", "const", "commuted"} <= test_lane_variations_all_occur.seen  # type: ignore[attr-defined]


def test_reference_model_poison() -> None:
    # shl nsw i8 -1, 7 is INT_MIN (defined); shl nsw 1, 7 changes the sign (poison).
    k = Kernel("i8", (Op("shl", Load(0), Const(7), ("nsw",)), Op("add", Load(0), Const(1), ("nuw",))))
    from properties.kernel import Inputs

    assert evaluate(k, Inputs({0: [0xFF, 0xFF]})) == [0x80, None]
    assert evaluate(k, Inputs({0: [1, 3]})) == [None, 4]
    assert random_inputs(k, random.Random(0)).arrays[0][0] < 256


def test_reductions_are_drawn_for_integers_only() -> None:
    seen = []

    @settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(kernels())
    def prop(k: Kernel) -> None:
        if k.reduce is not None:
            assert k.elem.startswith("i") and k.n >= 4 and k.outputs == 1
            seen.append(k.reduce.op)

    prop()
    assert seen  # reductions occur
    for op in ("add", "xor", "smax"):  # and each kind can be drawn
        find(kernels(), lambda k, op=op: k.reduce is not None and k.reduce.op == op,
             settings=settings(database=None, max_examples=2000, derandomize=True))


class _Identity:
    """A transform that returns its input unchanged: runs the pipeline on the source."""

    name = "identity"

    def apply(self, fn, options=None):  # noqa: ANN001, ANN201
        import copy

        return copy.deepcopy(fn)


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(kernels(KernelProfile(types=("i8", "i16", "i32", "i64"), reduce_prob=1.0)), st.integers(0, 2**32 - 1))
def test_the_reference_model_agrees_with_native_runs_on_reductions(k: Kernel, seed: int) -> None:
    from vecverify.app.fuzz import native
    from vecverify.app.fuzz.pipeline import run_program

    out = run_program(k, _Identity(), seed)
    assert out.proof == "correct" and out.failure == "", out.message
    if native.available():
        assert out.native_runs > 0 and not out.model_mismatch


def test_reference_model_of_reductions() -> None:
    from properties.kernel import Inputs, Reduce

    lanes = tuple(Load(0) for _ in range(4))
    a = Inputs({0: [0x7F, 1, 0x80, 2]})  # i8: 127, 1, -128, 2
    assert evaluate(Kernel("i8", lanes, reduce=Reduce("add")), a) == [(127 + 1 - 128 + 2) & 0xFF]
    assert evaluate(Kernel("i8", lanes, reduce=Reduce("add", ("nsw",))), a) == [None]  # 127 + 1 overflows
    assert evaluate(Kernel("i8", lanes, reduce=Reduce("smax")), a) == [0x7F]
    assert evaluate(Kernel("i8", lanes, reduce=Reduce("umax")), a) == [0x80]
    assert evaluate(Kernel("i8", lanes, reduce=Reduce("smin")), a) == [0x80]
    assert evaluate(Kernel("i8", lanes, reduce=Reduce("umin")), a) == [1]
