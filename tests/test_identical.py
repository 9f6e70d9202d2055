"""transforms/identical.py: a pair is called identical (and so proved without the solver)
only when the target is the source with other instruction names.

Properties: a copy with every instruction renamed is identical; a copy with one change
(a flag, an operand, a constant, an opcode, a predicate, an argument's attribute) is
called identical only if the printer, with the names made positional, prints both the
same (an independent view of what the functions say; a change may leave the function as
it was: an operand swapped with an equal one). And on rule obligations the shortcut agrees
with the refinement check."""

from __future__ import annotations

import copy
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from properties.strategies import straight_line_programs
from transforms.identical import identical
from transforms.prove import _options, _pairs, prove_rule
from transforms.registry import get_rule
from vecverify.checker import check_pair
from vecverify.ir.function import Function
from vecverify.ir.values import BinOp, Call, Constant, ConstInt, ICmp, Instruction, Value
from vecverify.llvm import parse_module
from vecverify.llvm.printer import print_function


def _function(text: str) -> Function:
    return next(iter(parse_module(text, "identical.ll").functions.values()))


def _renamed(fn: Function, prefix: str) -> Function:
    out = copy.deepcopy(fn)
    for k, inst in enumerate(out.instructions()):
        if inst.name is not None:
            inst.name = f"{prefix}{k}"
    return out


def _positional_text(fn: Function) -> str:
    return print_function(_renamed(fn, "v")).split("\n", 1)[1]  # (the define line names the function)


def _change(fn: Function, pick: int, how: int) -> Function:
    """A copy of ``fn`` with one change at the ``pick``-th instruction (``how`` selects
    which, among those that apply to it)."""
    out = copy.deepcopy(fn)
    insts = [i for i in out.instructions() if i.operands]
    inst = insts[pick % len(insts)]
    changes = []
    if len(inst.operands) >= 2:
        changes.append(lambda i: setattr(i, "operands", [i.operands[1], i.operands[0], *i.operands[2:]]))
    others = [v for v in (*out.args, *out.instructions()) if v.type == inst.operands[0].type
              and v is not inst.operands[0] and not _after(out, v, inst)]
    if others:
        changes.append(lambda i: setattr(i, "operands", [others[how % len(others)], *i.operands[1:]]))
    if isinstance(inst, (BinOp, Call)):
        changes.append(lambda i: setattr(i, "flags", i.flags ^ {"nsz" if "nnan" in i.flags else "nnan"}))
    if isinstance(inst, BinOp):
        changes.append(lambda i: setattr(i, "op", "sub" if i.op != "sub" else "add"))
    if isinstance(inst, ICmp):
        changes.append(lambda i: setattr(i, "pred", "ne" if i.pred != "ne" else "eq"))
    consts = [k for k, v in enumerate(inst.operands) if isinstance(v, ConstInt)]
    if consts:
        k = consts[how % len(consts)]
        c = inst.operands[k]
        assert isinstance(c, ConstInt)
        changes.append(lambda i: i.operands.__setitem__(k, ConstInt(c.type, c.value + 1)))
    changes.append(lambda _: setattr(out.args[0], "attrs", replace(out.args[0].attrs, noundef=not out.args[0].attrs.noundef)))
    changes[how % len(changes)](inst)
    return out


def _after(fn: Function, v: Value, inst: Instruction) -> bool:
    order = {id(i): k for k, i in enumerate(fn.instructions())}
    return id(v) in order and order[id(v)] >= order[id(inst)]


@settings(max_examples=25, deadline=None)
@given(straight_line_programs(max_instructions=20))
def test_a_renamed_copy_is_identical(program) -> None:
    fn = _function(program.text)
    assert identical(fn, _renamed(fn, "other.name."))


@settings(max_examples=60, deadline=None)
@given(straight_line_programs(max_instructions=20), st.integers(0, 1000), st.integers(0, 1000))
def test_a_changed_copy_is_identical_only_if_it_prints_the_same(program, pick: int, how: int) -> None:
    fn = _function(program.text)
    changed = _change(fn, pick, how)
    if identical(fn, _renamed(changed, "x")):
        assert _positional_text(fn) == _positional_text(changed)


def test_distinct_arguments_and_constants_are_told_apart() -> None:
    a = _function("define i8 @f(i8 %x, i8 %y) {\n  %r = sub i8 %x, %y\n  ret i8 %r\n}\n")
    swapped = _function("define i8 @f(i8 %x, i8 %y) {\n  %s = sub i8 %y, %x\n  ret i8 %s\n}\n")
    other_constant = _function("define i8 @f(i8 %x, i8 %y) {\n  %r = sub i8 %x, 1\n  ret i8 %r\n}\n")
    other_flag = _function("define i8 @f(i8 %x, i8 %y) {\n  %r = sub nsw i8 %x, %y\n  ret i8 %r\n}\n")
    assert identical(a, _renamed(a, "t"))
    for b in (swapped, other_constant, other_flag):
        assert not identical(a, b)
    assert isinstance(other_constant.blocks[0].instructions[0].operands[1], Constant)


def test_the_shortcut_agrees_with_the_refinement_check_on_rule_lanes() -> None:
    rule = get_rule("shuffle.add-sub")
    pairs = _pairs(rule, rule.obligation("<2 x i32>", None))
    assert isinstance(pairs, list) and len(pairs) == 2
    for _, (src, tgt) in pairs:
        assert identical(src, tgt)
        assert check_pair(src, tgt, _options(20_000)).status == "correct"
    result = prove_rule(rule, "<2 x i32>")
    assert result.result == "proved"
