"""Writing the IR model as LLVM IR text that LLVM (llvmlite) parses again.

Unnamed and numerically named values and blocks are renumbered at print time, in
definition order (arguments, then for each block its label and its value-producing
instructions), so a function edited by a transform still prints valid implicit
numbering. Other names print as they are (quoted where LLVM needs it, made unique if a
transform produced a clash). Floating-point constants print exactly, in hex.
"""

from __future__ import annotations

import re

from ..ir.function import Function, Module
from ..ir.opcodes import FAST_MATH_FLAGS
from ..ir.types import I32, VOID, FloatType, VectorType
from ..ir.values import (
    Alloca,
    BinOp,
    Br,
    Call,
    Cast,
    Constant,
    ConstFloat,
    ConstInt,
    ConstNull,
    ConstPoison,
    ConstUndef,
    ConstVector,
    ExtractElement,
    ExtractValue,
    FCmp,
    FNeg,
    Freeze,
    GetElementPtr,
    GlobalVariable,
    ICmp,
    InsertElement,
    InsertValue,
    Instruction,
    Load,
    ParamAttrs,
    Phi,
    Ret,
    Select,
    ShuffleVector,
    Store,
    Switch,
    Unreachable,
    Value,
)

_PLAIN_NAME = re.compile(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*$")
FMF_ORDER = FAST_MATH_FLAGS  # the order LLVM prints them in
INT_FLAG_ORDER = ("nuw", "nsw", "exact", "disjoint", "nneg", "samesign")
GEP_FLAG_ORDER = ("inbounds", "nusw", "nuw")


def quote_name(name: str) -> str:
    """A local or global name as LLVM writes it (without the sigil)."""
    if _PLAIN_NAME.match(name) or name.isdigit():
        return name
    out = []
    for ch in name.encode("utf-8"):
        c = chr(ch)
        if c == '"' or c == "\\" or ch < 0x20 or ch >= 0x7F:
            out.append(f"\\{ch:02X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def fmf_text(flags: frozenset[str]) -> str:
    fs = set(flags)
    if "fast" in fs:
        fs.update(FMF_ORDER)
    if all(f in fs for f in FMF_ORDER):
        return "fast"
    return " ".join(f for f in FMF_ORDER if f in fs)


def _ordered(flags: frozenset[str], order: tuple[str, ...]) -> str:
    return " ".join(f for f in order if f in flags)


def constant_text(c: Constant) -> str:
    """A constant operand, without its type."""
    if isinstance(c, ConstInt):
        return c.ref()
    if isinstance(c, ConstFloat | ConstNull | ConstPoison | ConstUndef):
        return c.ref()
    if isinstance(c, ConstVector):
        if c.type.scalable:  # only splats have scalable types (lanes alike at every vscale)
            return f"splat ({c.elems[0].type} {constant_text(c.elems[0])})"
        return "<" + ", ".join(f"{e.type} {constant_text(e)}" for e in c.elems) + ">"
    if isinstance(c, GlobalVariable):
        return "@" + quote_name(c.name or "")
    return c.ref()


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


class _Namer:
    """Print names for one function's values and blocks."""

    def __init__(self, fn: Function) -> None:
        self.values: dict[int, str] = {}
        self.blocks: dict[str, str] = {}
        used: set[str] = set()
        counter = 0

        def unique(name: str) -> str:
            if name not in used:
                used.add(name)
                return name
            i = 1
            while f"{name}.{i}" in used:
                i += 1
            used.add(f"{name}.{i}")
            return f"{name}.{i}"

        # Named things first so that numbering cannot collide with them.
        named: list[tuple[str, object]] = []
        for a in fn.args:
            if a.name and not a.name.isdigit():
                named.append((a.name, a))
        for b in fn.blocks:
            if not b.name.isdigit():
                named.append((b.name, b))
            for inst in b.instructions:
                if inst.type != VOID and inst.name and not inst.name.isdigit():
                    named.append((inst.name, inst))
        for name, obj in named:
            new = unique(name)
            if isinstance(obj, Value):
                self.values[id(obj)] = "%" + quote_name(new)
            else:
                self.blocks.setdefault(obj.name, quote_name(new))  # type: ignore[attr-defined]
        for a in fn.args:
            if not a.name or a.name.isdigit():
                self.values[id(a)] = f"%{counter}"
                used.add(str(counter))
                counter += 1
        for b in fn.blocks:
            if b.name.isdigit():
                self.blocks[b.name] = str(counter)
                used.add(str(counter))
                counter += 1
            for inst in b.instructions:
                if inst.type != VOID and (not inst.name or inst.name.isdigit()):
                    self.values[id(inst)] = f"%{counter}"
                    used.add(str(counter))
                    counter += 1

    def block(self, name: str) -> str:
        return self.blocks.get(name, quote_name(name))

    def ref(self, v: Value) -> str:
        if isinstance(v, Constant):
            return constant_text(v)
        got = self.values.get(id(v))
        if got is not None:
            return got
        return "%" + quote_name(v.name or "<unnamed>")

    def typed(self, v: Value) -> str:
        return f"{v.type} {self.ref(v)}"


def _attrs(pa: ParamAttrs) -> str:
    return str(pa)


def fn_attrs_text(attrs: tuple[tuple[str, str | None], ...] | list[tuple[str, str | None]]) -> str:
    """Function attributes as LLVM writes them; string attributes (which carry no meaning
    the model uses) are left out."""
    out = []
    for name, arg in attrs:
        if name.startswith('"'):
            continue
        if arg is None:
            out.append(name)
        elif name in ("align", "alignstack") and arg.isdigit():
            out.append(f"{name}({arg})" if name == "alignstack" else f"align {arg}")
        else:
            out.append(f"{name}({arg})")
    return " ".join(out)


def instruction_text(inst: Instruction, nm: _Namer) -> str:
    """One instruction, without indentation."""
    ops = inst.operands
    body = _instruction_body(inst, nm, ops)
    if inst.type != VOID and not isinstance(inst, Store | Br | Switch | Ret | Unreachable):
        return f"{nm.ref(inst)} = {body}"
    return body


def _instruction_body(inst: Instruction, nm: _Namer, ops: list[Value]) -> str:
    if isinstance(inst, BinOp):
        if isinstance(inst.type.scalar, FloatType):
            flags = fmf_text(inst.flags)
        else:
            flags = _ordered(inst.flags, INT_FLAG_ORDER)
        return _join(inst.op, flags, str(inst.type), f"{nm.ref(ops[0])}, {nm.ref(ops[1])}")
    if isinstance(inst, FNeg):
        return _join("fneg", fmf_text(inst.flags), nm.typed(ops[0]))
    if isinstance(inst, ICmp):
        return _join("icmp", _ordered(inst.flags, ("samesign",)), inst.pred,
                     f"{nm.typed(ops[0])}, {nm.ref(ops[1])}")
    if isinstance(inst, FCmp):
        return _join("fcmp", fmf_text(inst.flags), inst.pred,
                     f"{nm.typed(ops[0])}, {nm.ref(ops[1])}")
    if isinstance(inst, Select):
        return _join("select", fmf_text(inst.flags),
                     ", ".join(nm.typed(o) for o in ops[:3]))
    if isinstance(inst, Cast):
        flags = _join(_ordered(inst.flags, INT_FLAG_ORDER), fmf_text(inst.flags))
        return _join(inst.op, flags, nm.typed(ops[0]), "to", str(inst.type))
    if isinstance(inst, Freeze):
        return f"freeze {nm.typed(ops[0])}"
    if isinstance(inst, ExtractElement):
        return f"extractelement {nm.typed(ops[0])}, {nm.typed(ops[1])}"
    if isinstance(inst, InsertElement):
        return f"insertelement {', '.join(nm.typed(o) for o in ops[:3])}"
    if isinstance(inst, ShuffleVector):
        t = inst.type
        if isinstance(t, VectorType) and t.scalable:  # a splat (or poison) mask: lanes alike
            whole = "zeroinitializer" if inst.mask[0] == 0 else "poison"
            return f"shufflevector {nm.typed(ops[0])}, {nm.typed(ops[1])}, {t.of(I32)} {whole}"
        mask = ", ".join("i32 poison" if m is None else f"i32 {m}" for m in inst.mask)
        return (f"shufflevector {nm.typed(ops[0])}, {nm.typed(ops[1])}, "
                f"<{len(inst.mask)} x i32> <{mask}>")
    if isinstance(inst, GetElementPtr):
        gep_flags = set(inst.flags)
        if "inbounds" in gep_flags:
            gep_flags.discard("nusw")
        return _join("getelementptr", _ordered(frozenset(gep_flags), GEP_FLAG_ORDER),
                     f"{inst.source_type}, " + ", ".join(nm.typed(o) for o in ops))
    if isinstance(inst, ExtractValue):
        return f"extractvalue {nm.typed(ops[0])}, {inst.index}"
    if isinstance(inst, InsertValue):
        return f"insertvalue {nm.typed(ops[0])}, {nm.typed(ops[1])}, {inst.index}"
    if isinstance(inst, Alloca):
        count = ops[0]
        one = isinstance(count, ConstInt) and count.value == 1
        extra = "" if one else f", {nm.typed(count)}"
        return f"alloca {inst.allocated_type}{extra}" + (f", align {inst.align}" if inst.align else "")
    if isinstance(inst, Load):
        align = f", align {inst.align}" if inst.align else ""
        md = ""
        if inst.ranges:
            elem = inst.type.scalar
            pairs = ", ".join(f"{elem} {lo}, {elem} {hi}" for lo, hi in inst.ranges)
            md += f", !range !{{{pairs}}}"
        if inst.noundef:
            md += ", !noundef !{}"
        return f"load {inst.type}, {nm.typed(ops[0])}{align}{md}"
    if isinstance(inst, Store):
        align = f", align {inst.align}" if inst.align else ""
        return f"store {nm.typed(ops[0])}, {nm.typed(ops[1])}{align}"
    if isinstance(inst, Phi):
        incoming = ", ".join(f"[ {nm.ref(v)}, %{nm.block(b)} ]" for v, b in zip(ops, inst.blocks, strict=False))
        return _join("phi", fmf_text(inst.flags), str(inst.type), incoming)
    if isinstance(inst, Br):
        if not ops:
            return f"br label %{nm.block(inst.targets[0])}"
        return (f"br {nm.typed(ops[0])}, label %{nm.block(inst.targets[0])}, "
                f"label %{nm.block(inst.targets[1])}")
    if isinstance(inst, Switch):
        cases = "".join(f"\n    {nm.typed(c)}, label %{nm.block(t)}"
                        for c, t in zip(ops[1:], inst.targets[1:], strict=False))
        return f"switch {nm.typed(ops[0])}, label %{nm.block(inst.targets[0])} [{cases}\n  ]"
    if isinstance(inst, Ret):
        return f"ret {nm.typed(ops[0])}" if ops else "ret void"
    if isinstance(inst, Unreachable):
        return "unreachable"
    if isinstance(inst, Call):
        args = []
        for i, a in enumerate(ops):
            pa = inst.arg_attrs[i] if i < len(inst.arg_attrs) else ParamAttrs()
            args.append(_join(str(a.type), _attrs(pa), nm.ref(a)))
        args += [f'metadata !"{m}"' for m in inst.fp_env or ()]
        bundles = ""
        if inst.bundles:  # llvm.assume's: their values are the last operands
            n = sum(k for _, k in inst.bundles)
            args, texts = args[:len(args) - n], args[len(args) - n:]
            parts: list[str] = []
            for tag, k in inst.bundles:
                parts.append(f'"{tag}"({", ".join(texts[:k])})')
                texts = texts[k:]
            bundles = " [ " + ", ".join(parts) + " ]"
        callee_ty = inst.callee_type if "..." in inst.callee_type else str(inst.type)
        return _join(inst.marker, "call", fmf_text(inst.flags), _attrs(inst.ret_attrs), callee_ty,
                     f"@{quote_name(inst.callee)}({', '.join(args)}){bundles}", fn_attrs_text(inst.fn_attrs))
    raise TypeError(f"cannot print instruction {type(inst).__name__}")


def print_function(fn: Function) -> str:
    """The ``define`` of one function (no declarations)."""
    nm = _Namer(fn)
    params = ", ".join(_join(str(a.type), _attrs(a.attrs), nm.ref(a)) for a in fn.args)
    # vscale_range changes what the function means (the vscales it runs at): printed.
    rng = fn.vscale_range
    vscale = f"vscale_range({rng.lo},{rng.hi})" if rng.attribute else ""
    head = _join("define", _attrs(fn.ret_attrs), str(fn.ret_type),
                 f"@{quote_name(fn.name)}({params})", vscale, "{")
    lines = [head]
    for i, b in enumerate(fn.blocks):
        if i > 0 or not b.name.isdigit():
            if i > 0:
                lines.append("")
            lines.append(f"{nm.block(b.name)}:")
        for inst in b.instructions:
            lines.append("  " + instruction_text(inst, nm))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _declaration_for(call: Call) -> str:
    if "..." in call.callee_type:
        ret, _, params = call.callee_type.partition(" (")
        return f"declare {ret} @{quote_name(call.callee)}({params}"
    operands = call.operands[:len(call.operands) - sum(count for _, count in call.bundles)]
    params = ", ".join([str(o.type) for o in operands] + ["metadata"] * len(call.fp_env or ()))
    return f"declare {call.type} @{quote_name(call.callee)}({params})"


def print_global(g: GlobalVariable) -> str:
    kind = "constant" if g.is_constant else "global"
    name = quote_name(g.name or "")
    if g.initializer is None:
        return f"@{name} = external {kind} {g.value_type}" + (f", align {g.align}" if g.align else "")
    return f"@{name} = {kind} {g.value_type} {g.initializer.ref()}" + (f", align {g.align}" if g.align else "")


def print_module(m: Module) -> str:
    """The whole module: declarations (given, and synthesized for intrinsics called
    without one), then the functions."""
    decls = [_join(d.text, fn_attrs_text(d.fn_attrs)) for d in m.declarations.values()]
    known = set(m.declarations) | set(m.functions)
    for fn in m.functions.values():
        for inst in fn.instructions():
            if isinstance(inst, Call) and inst.callee not in known:
                known.add(inst.callee)
                decls.append(_declaration_for(inst))
    parts = []
    if m.globals:
        parts.append("\n".join(print_global(g) for g in m.globals.values()) + "\n")
    if decls:
        parts.append("\n".join(decls) + "\n")
    parts.extend(print_function(fn) for fn in m.functions.values())
    return "\n".join(parts)



def splice_module(original: Module, new: Module) -> str:
    """``original``'s own text (LLVM's printed form of what was read) with the functions
    ``new`` has changed printed anew, and declarations for what they call that the text
    lacks: everything else (attributes, metadata, functions left out as unsupported)
    stays as it was. A module without text is printed whole."""
    if not original.text:
        return print_module(new)
    lines = original.text.splitlines()
    changed = {name: fn for name, fn in new.functions.items() if original.functions.get(name) is not fn}
    for name, fn in sorted(changed.items(), key=lambda item: original.spans[item[0]], reverse=True):
        first, last = original.spans[name]
        lines[first:last + 1] = print_function(fn).splitlines()
    known = set(original.declarations) | set(original.functions) | set(original.opaque)
    extra = []
    for fn in changed.values():
        for inst in fn.instructions():
            if isinstance(inst, Call) and inst.callee not in known:
                known.add(inst.callee)
                extra.append(_declaration_for(inst))
    return "\n".join(lines + ([""] + extra if extra else [])) + "\n"
