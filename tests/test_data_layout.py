"""The data layout model (vecverify/ir/layout.py) against LLVM's own DataLayout (read
through llvmlite): for data layout strings and types Hypothesis draws, the allocation
size, the ABI alignment and every struct field's offset agree; and a pair whose
verdict depends on the layout gets the verdict the layout implies."""

from __future__ import annotations

import llvmlite.binding as llvm
from hypothesis import given, settings
from hypothesis import strategies as st

from vecverify.checker import check_pair
from vecverify.ir.layout import parse_datalayout
from vecverify.ir.types import ArrayType, StructType, Type
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions

SCALARS = ["i1", "i8", "i12", "i16", "i24", "i32", "i40", "i64", "i72", "i128", "i256", "half", "bfloat",
           "float", "double", "fp128", "ptr", "<2 x i8>", "<3 x i32>", "<2 x i64>", "<4 x float>",
           "<3 x double>", "<8 x i16>", "<5 x i1>"]


def _types() -> st.SearchStrategy[str]:
    return st.recursive(
        st.sampled_from(SCALARS),
        lambda inner: st.one_of(
            st.tuples(st.integers(0, 3), inner).map(lambda p: f"[{p[0]} x {p[1]}]"),
            st.lists(inner, min_size=0, max_size=4).map(lambda fs: "{ " + ", ".join(fs) + " }" if fs else "{}"),
        ),
        max_leaves=6,
    )


def _alignment() -> st.SearchStrategy[str]:
    return st.sampled_from(["8", "16", "32", "64", "128"])


def _specs() -> st.SearchStrategy[str]:
    spec = st.one_of(
        st.tuples(st.sampled_from(["i16", "i32", "i64", "i128", "i48"]), _alignment()).map(":".join),
        st.tuples(st.sampled_from(["f32", "f64", "f80", "f128"]), _alignment()).map(":".join),
        st.tuples(st.sampled_from(["v64", "v128", "v96", "v256"]), _alignment()).map(":".join),
        _alignment().map(lambda a: f"a:{a}"),
        st.sampled_from(["p:64:64", "p:64:32", "m:e", "n8:16:32:64", "S128", "E", "e"]),
    )
    return st.lists(spec, max_size=5).map("-".join)


def _llvm_facts(layout: str, type_text: str) -> tuple[int, int, list[int]]:
    module = llvm.parse_assembly(f'target datalayout = "{layout}"\n@g = external global {type_text}\n')
    data = llvm.create_target_data(module.data_layout)
    t = module.get_global_variable("g").global_value_type
    offsets = [data.get_element_offset(t, i) for i in range(len(list(t.elements)))] if t.is_struct else []
    return data.get_abi_size(t), data.get_abi_alignment(t), offsets


def _our_type(type_text: str) -> Type:
    module = parse_module(f"@g = external global {type_text}\ndefine void @f() {{\n  ret void\n}}\n")
    return module.globals["g"].value_type


@settings(max_examples=150, deadline=None)
@given(layout=_specs(), type_text=_types())
def test_sizes_alignments_and_offsets_are_llvms(layout: str, type_text: str) -> None:
    size, align, offsets = _llvm_facts(layout, type_text)
    ours = parse_datalayout(layout)
    t = _our_type(type_text)
    assert (ours.alloc_size(t), ours.abi_align(t)) == (size, align)
    if isinstance(t, StructType):
        assert list(ours.struct_layout(t)[0]) == offsets
    if isinstance(t, ArrayType) and t.count:
        assert ours.alloc_size(t.elem) * t.count == size


PAIR = """{layout}
define ptr @src(ptr %p) {{
  %q = getelementptr {{ i32, i64 }}, ptr %p, i64 0, i32 1
  ret ptr %q
}}
define ptr @tgt(ptr %p) {{
  %q = getelementptr i8, ptr %p, i64 {offset}
  ret ptr %q
}}
"""


def test_a_struct_field_offset_follows_the_module_layout() -> None:
    """Without a data layout an i64 is 4-byte aligned (LLVM's default, not x86-64's)."""
    cases = [("", 4, "correct"), ("", 8, "incorrect"),
             ('target datalayout = "e-i64:64"', 8, "correct"), ('target datalayout = "e-i64:64"', 4, "incorrect")]
    for layout, offset, verdict in cases:
        module = parse_module(PAIR.format(layout=layout, offset=offset))
        result = check_pair(module.functions["src"], module.functions["tgt"], CheckOptions(timeout_ms=10_000))
        assert result.status == verdict, (layout, offset, result.status)


def test_addresses_in_an_address_space_too_small_for_an_aligned_block() -> None:
    """8-bit pointers: no block base 4096-byte aligned and above null fits; the bases are
    then aligned less (more layouts, not fewer). The check looks at an address and has
    inputs (it once had none and held vacuously: `ret undef` for `ret false` was called
    correct); at 16 bits the same pair is refuted too
    (corpus/layout/p16-samesign-undef-fail.srctgt.ll)."""
    text = """target datalayout = "p:{bits}:{bits}:{bits}"
define i1 @src(ptr %a) {{
  %c = icmp samesign eq ptr %a, null
  ret i1 false
}}
define i1 @tgt(ptr %a) {{
  ret i1 undef
}}
"""
    for bits in (8, 16):
        module = parse_module(text.format(bits=bits))
        result = check_pair(module.functions["src"], module.functions["tgt"], CheckOptions(timeout_ms=10_000))
        assert result.status == "incorrect", (bits, result.status, result.detail)


def test_gep_wrap_flags_in_an_8_bit_address_space() -> None:
    """getelementptr's nusw/nuw without inbounds are decided on absolute addresses, which
    8-bit pointers have too (aligned less, see above); with inbounds (the base and the
    result in one block) the offsets decide them. Either way the truncated index's nuw
    is seen."""
    text = """target datalayout = "p:8:8"
define ptr @src(ptr %x, i16 %i) {{
  %t = trunc i16 %i to i8
  %p = getelementptr {flags} i8, ptr %x, i8 %t
  ret ptr %p
}}
define ptr @tgt(ptr %x, i16 %i) {{
  %p = getelementptr {flags} i8, ptr %x, i16 %i
  ret ptr %p
}}
"""
    for flags in ("nuw", "inbounds nuw"):
        module = parse_module(text.format(flags=flags))
        result = check_pair(module.functions["src"], module.functions["tgt"], CheckOptions(timeout_ms=10_000))
        assert result.status == "incorrect", (flags, result.status, result.detail)
