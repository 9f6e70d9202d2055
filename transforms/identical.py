"""Whether two functions are the same function up to the names of their instructions.

A function refines itself (every behaviour of the target is one of the source's, the
same set), so such a pair needs no solver: ``vecverify prove`` calls it correct at once.
It matters for lane-split obligations (transforms/lanes.py), where most of a shuffle
merge's lanes compute, on scalars, exactly what the source's lane does.

The comparison is structural and conservative: same class for every value, every field
of every instruction, argument, block and function equal (dataclass fields, compared
generically, so a field added later is compared too) except the names of instructions,
whose uses are compared through the position of their definition. Arguments must match
by position, type, attributes and name; block labels must be equal; constants compare
field by field. Anything it does not know (a value of another kind) makes the pair not
identical, so the solver decides it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from vecverify.ir.function import Function
from vecverify.ir.values import Argument, Constant, GlobalVariable, Instruction, Value


class _Differ(Exception):
    pass


def identical(src: Function, tgt: Function) -> bool:
    """True only when ``tgt`` is ``src`` with other instruction (and function) names."""
    try:
        _Matcher().functions(src, tgt)
    except _Differ:
        return False
    return True


class _Matcher:
    def __init__(self) -> None:
        # An instruction of the source -> the target's at the same place.
        self.paired: dict[int, Instruction] = {}

    def functions(self, a: Function, b: Function) -> None:
        self.fields(a, b, skip=("name", "args", "blocks"))
        if len(a.args) != len(b.args) or len(a.blocks) != len(b.blocks):
            raise _Differ
        for arg_a, arg_b in zip(a.args, b.args, strict=True):
            self.fields(arg_a, arg_b, skip=())  # names too: the inputs are the arguments
        for ba, bb in zip(a.blocks, b.blocks, strict=True):
            if ba.name != bb.name or len(ba.instructions) != len(bb.instructions):
                raise _Differ
        for ba, bb in zip(a.blocks, b.blocks, strict=True):
            for x, y in zip(ba.instructions, bb.instructions, strict=True):
                self.paired[id(x)] = y
        for ba, bb in zip(a.blocks, b.blocks, strict=True):
            for x, y in zip(ba.instructions, bb.instructions, strict=True):
                self.fields(x, y, skip=("name",))

    def fields(self, a: Any, b: Any, skip: tuple[str, ...]) -> None:
        if type(a) is not type(b) or not dataclasses.is_dataclass(a):
            raise _Differ
        for f in dataclasses.fields(a):
            if f.name not in skip:
                self.equal(getattr(a, f.name), getattr(b, f.name))

    def equal(self, a: Any, b: Any) -> None:
        """Field values: operands (values) through the pairing, containers element-wise,
        anything else (types, flags, attributes, numbers, strings) by ==."""
        if isinstance(a, Value) or isinstance(b, Value):
            self.value(a, b)
        elif isinstance(a, (list, tuple)):
            if type(a) is not type(b) or len(a) != len(b):
                raise _Differ
            for x, y in zip(a, b, strict=True):
                self.equal(x, y)
        elif isinstance(a, (dict, set)) or isinstance(b, (dict, set)):
            raise _Differ  # (no such field today: not compared, so not identical)
        elif type(a) is not type(b) or a != b:
            raise _Differ

    def value(self, a: Any, b: Any) -> None:
        if type(a) is not type(b):
            raise _Differ
        if isinstance(a, Instruction):
            if self.paired.get(id(a)) is not b:
                raise _Differ
        elif isinstance(a, Argument):
            # (both functions' arguments were compared whole: the same position suffices)
            if a.index != b.index or a.name != b.name:
                raise _Differ
        elif isinstance(a, GlobalVariable):
            if a is not b:
                raise _Differ
        elif isinstance(a, Constant):
            self.fields(a, b, skip=())
        else:
            raise _Differ
