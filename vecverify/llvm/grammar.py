"""The grammar of a module in LLVM's printed form: globals, declarations, function
definitions (the instruction, value, type and attribute rules are in their own
modules; the support policy in policy.py).
"""

from __future__ import annotations

import re
from functools import partial

from ..errors import Unsupported
from ..ir.function import Block, Declaration, Function, Module, Scalable
from ..ir.layout import DEFAULT_LAYOUT, parse_datalayout
from ..ir.types import (
    PTR,
    Type,
)
from ..ir.values import (
    Argument,
    Constant,
    GlobalVariable,
    Instruction,
    Value,
)
from ..ir.vscale import VScaleRange
from .annotations import Attr
from .callees import memory_locations, resolve_calls
from .constants import ForwardValue
from .cursor import LLVMParseError, TokenCursor
from .denormal import denormal_modes
from .instructions import InstructionGrammar
from .policy import DENORMAL_ATTRS, LINKAGE_WORDS


class ModuleGrammar(InstructionGrammar):
    """A recursive-descent parser of one module."""

    def __init__(self, text: str, source_name: str, lenient: bool = False, vscale: int | None = None) -> None:
        TokenCursor.__init__(self, text, source_name)
        self.lenient = lenient
        # Scalable vectors are read at one vscale: ``vscale``, or 1 for the copy a plain
        # read makes (never checked: see vecverify/ir/vscale.Scalable).
        self.vscale = vscale or 1
        self.instantiated = vscale is not None
        self.scalable_seen = False
        self._at_vscale: dict[int, Module] = {}
        self.where: str | None = None
        self.attr_groups: dict[str, list[Attr]] = {}
        self.layout = DEFAULT_LAYOUT  # LLVM prints the data layout before any function
        self.named_type_starts: dict[str, int] = {}
        self.named_types: dict[str, Type] = {}
        self.md_nodes: dict[str, int] = {}  # metadata node name -> index of its first token
        self.promises: set[str] = set()
        self.globals: dict[str, GlobalVariable] = {}
        # per function
        self.scope: dict[str, Value] = {}
        self.forwards: dict[str, ForwardValue] = {}
        # Constant expressions met in the instruction being read, as instructions of
        # their own to run just before it (None outside function bodies).
        self.hoisted: list[Instruction] | None = None
        self.hoisted_count = 0
        self.edge_hoisted: list[tuple[str, list[Instruction]]] = []

    def parse_module(self) -> Module:
        module = Module(source_name=self.source_name, text=self.text)
        self.prescan_attribute_groups()
        self.prescan_metadata()
        self.prescan_named_types()
        self.pos = 0
        while True:
            tok = self.peek()
            if tok.kind == "eof":
                for name, what in resolve_calls(module, self.lenient).items():
                    del module.functions[name]
                    module.opaque[name] = what
                return module
            t = tok.text
            if tok.kind == "ident" and t == "target" and self.peek(1).text == "datalayout":
                self.layout = parse_datalayout(self.peek(3).value)  # unsupported specifications raise
                self.skip_line()
            elif tok.kind == "ident" and t in ("source_filename", "target", "uselistorder",
                                               "uselistorder_bb"):
                self.skip_line()
            elif tok.kind == "ident" and t == "attributes":
                self.next()
                self.next()
                self.expect("=")
                self.skip_balanced()
            elif tok.kind in ("mdvar", "excl", "comdat"):
                self.skip_line()
            elif tok.kind == "lvar":  # %T = type ...
                self.skip_line()
            elif tok.kind == "gvar":
                line = [x.text for x in self.line_tokens()]
                if "alias" in line:
                    raise Unsupported(f"alias {tok.text}")
                if "ifunc" in line:
                    raise Unsupported(f"ifunc {tok.text}")
                g = self.parse_global()
                module.globals[g.name or ""] = g
                self.globals[g.name or ""] = g
            elif tok.kind == "ident" and t == "declare":
                decl = self.parse_declaration()
                module.declarations[decl.name] = decl
            elif tok.kind == "ident" and t == "define":
                self.parse_definition(module)
            elif tok.kind == "ident" and t == "module":
                raise Unsupported("module asm")
            else:
                raise self.error(tok, f"unexpected '{tok}' at top level")

    def parse_definition(self, module: Module) -> None:
        start = self.pos
        name = next((t.value for t in self.line_tokens() if t.kind == "gvar"), "")
        first_line = self.peek().line
        try:
            fn = self.parse_function()
            module.functions[fn.name] = fn
        except Unsupported as e:
            if not self.lenient:
                raise
            module.opaque[name] = str(e)
            self.pos = start
            self._skip_function_body()
        module.spans[name] = (first_line - 1, self.toks[self.pos - 1].line - 1)

    def _skip_function_body(self) -> None:
        """From ``define`` to the ``}`` that closes the function (in LLVM's printed form
        it is the first one in column 1)."""
        while True:
            tok = self.next()
            if tok.kind == "eof" or (tok.text == "}" and tok.col == 1):
                return

    def parse_global(self) -> GlobalVariable:
        """``@g = [linkage, visibility, unnamed_addr...] global|constant T [init], align N``.
        Initializers a linker may replace (weak, linkonce, common is fine) count as
        unknown contents, like external globals."""
        start_line = self.peek().line
        tok = self.next()
        name = tok.value
        self.expect("=")
        replaceable = False
        while self.peek().kind == "ident" and self.peek().text not in ("global", "constant"):
            word = self.next().text
            if word in ("thread_local", "addrspace", "externally_initialized"):
                raise Unsupported(f"{word} global variable @{name}")
            if word in ("weak", "weak_odr", "linkonce", "linkonce_odr", "extern_weak", "external",
                        "available_externally"):
                replaceable = True
            if self.peek().text == "(":
                self.skip_balanced()
        is_constant = self.next().text == "constant"
        value_type = self.parse_type()
        init: Constant | None = None
        if self.peek().line == start_line and self.peek().text != ",":
            value = self.parse_value(value_type)
            if not isinstance(value, Constant) or isinstance(value, GlobalVariable):
                raise Unsupported(f"initializer of global variable @{name}")
            init = value
        align = 0  # not stated
        while self.peek().line == start_line and self.peek().kind != "eof":
            t = self.next()
            if t.text == "align":
                align = int(self.expect(kind="int").text)
        return GlobalVariable(PTR, name, value_type, None if replaceable else init, is_constant, align)

    def parse_declaration(self) -> Declaration:
        """``declare [linkage] [ret attrs] T @name(T [attrs], ...) [fn attrs]``. What a
        declaration says that is not modelled is kept as ``unsupported`` and reported
        only if the function is called."""
        tok = self.expect("declare")
        line_no = tok.line
        name = None
        for t in self.line_tokens():
            if t.kind == "gvar":
                name = t.value
                break
        if name is None:
            raise self.error(tok, "declaration without a name")
        text = self.lines[line_no - 1]
        text = re.sub(r"\s+#[0-9]+", "", text).rstrip()
        decl = Declaration(name, text)
        start = self.pos
        try:
            self._declaration_attrs(decl, line_no)
        except Unsupported as e:
            decl.unsupported = e.what
        except LLVMParseError:
            decl.unsupported = "the declaration's form"
        self.pos = start
        self.skip_line()
        return decl

    def _declaration_attrs(self, decl: Declaration, line_no: int) -> None:
        self.skip_linkage()
        decl.ret_attrs = self.ret_attrs(self.parse_ret_attrs())
        self.parse_type()
        self.expect(kind="gvar")
        self.expect("(")
        while not self.accept(")"):
            if decl.param_attrs:
                self.expect(",")
            if self.peek().kind == "dots":  # variadic: the extra arguments have no attributes
                self.next()
                continue
            self.parse_type()
            decl.param_attrs.append(self.param_attrs(self.parse_param_attrs(before_value=False)))
            if self.peek().kind == "lvar":
                self.next()
        while self.peek().line == line_no and self.peek().kind != "eof":
            tok = self.peek()
            if tok.kind == "ident" and tok.text in ("unnamed_addr", "local_unnamed_addr"):
                self.next()
            elif tok.kind in ("attrgrp", "str", "ident"):
                decl.fn_attrs.extend(self.parse_one_attr())
            else:
                raise Unsupported(f"'{tok.text}' in a declaration")

    def parse_function(self) -> Function:
        self.expect("define")
        self.where = None
        self.skip_linkage()
        ret_attr_list = self.parse_ret_attrs()
        # Find the name first so that unsupported things report where they are.
        for t in self.line_tokens():
            if t.kind == "gvar":
                self.where = t.value
                break
        self.scalable_seen = False
        ret_type = self.parse_type()
        name = self.expect(kind="gvar").value
        self.where = name
        self.scope = {}
        self.forwards = {}
        ret_attrs = self.ret_attrs(ret_attr_list)
        self.expect("(")
        args: list[Argument] = []
        next_slot = 0
        while not self.accept(")"):
            if args:
                self.expect(",")
            if self.peek().kind == "dots":
                raise self.unsupported("variadic function")
            ty = self.parse_type()
            attrs = self.param_attrs(self.parse_param_attrs(before_value=False))
            if self.peek().kind == "lvar":
                aname = self.next().value
            else:
                aname = str(next_slot)
            if aname.isdigit():
                next_slot += 1
            arg = Argument(ty, aname, attrs, len(args))
            args.append(arg)
            self.scope[aname] = arg
        fn_attrs: list[Attr] = []
        while not self.accept("{"):
            tok = self.peek()
            if tok.kind == "eof":
                raise self.error(tok, "expected '{'")
            if tok.kind == "ident" and tok.text in ("section", "partition", "gc"):
                self.next()
                self.next()
            elif tok.kind == "ident" and tok.text == "comdat":
                self.next()
                if self.peek().text == "(":
                    self.skip_balanced()
            elif tok.kind == "ident" and tok.text == "align":
                self.next()
                self.next()
            elif tok.kind == "ident" and tok.text in ("prefix", "prologue"):
                raise self.unsupported(f"function {tok.text} data")
            elif tok.kind == "ident" and tok.text == "personality":
                self.next()
                self.parse_type()
                self.next()
            elif tok.kind == "ident" and tok.text in LINKAGE_WORDS:
                self.next()
            elif tok.kind == "ident" and tok.text == "addrspace":
                self.next()
                self.skip_balanced()
            elif tok.kind == "mdvar":
                self.next()
                self.skip_metadata_value()
            else:
                fn_attrs.extend(self.parse_one_attr())
        denormal = denormal_modes(fn_attrs)
        fn_attrs = [a for a in fn_attrs if a[0] not in DENORMAL_ATTRS]
        self.check_definition_attrs(fn_attrs)
        fn = Function(name, ret_type, args, [], ret_attrs,
                      willreturn=any(a[0] == "willreturn" for a in fn_attrs), layout=self.layout,
                      memory=memory_locations(fn_attrs),
                      denormal=denormal)
        first = True
        self.promises = set()
        while not self.accept("}"):
            tok = self.peek()
            if tok.kind == "label":
                self.next()
                bname = tok.value
            elif first:
                bname = str(next_slot)
            else:
                raise self.error(tok, f"expected a block label, found '{tok}'")
            if bname.isdigit():
                next_slot = int(bname) + 1
            first = False
            block = Block(bname)
            fn.blocks.append(block)
            while True:
                tok = self.peek()
                if tok.kind in ("label", "eof") or (tok.kind == "punct" and tok.text == "}"):
                    break
                if tok.kind == "dbgrec":
                    self.next()
                    self.skip_balanced()
                    continue
                self.hoisted = []
                inst = self.parse_instruction()
                block.instructions.extend(self.hoisted)
                self.hoisted = None
                if inst is None:
                    continue
                block.instructions.append(inst)
                if inst.name is not None and inst.name.isdigit():
                    next_slot = int(inst.name) + 1
        fn.promises = frozenset(self.promises)
        self.place_edge_hoisted(fn)
        self.resolve_forwards(fn)
        self.where = None
        range_attr = next((a for a in fn_attrs if a[0] == "vscale_range"), None)
        if range_attr is not None:
            fn.vscale_range = VScaleRange.parse(range_attr[1])
        if self.scalable_seen:
            fn.scalable = Scalable(self.vscale, partial(self.function_at_vscale, name), self.instantiated)
        return fn

    def function_at_vscale(self, name: str, vscale: int) -> Function:
        """Function ``name`` read again with its scalable vectors at ``vscale``."""
        module = self._at_vscale.get(vscale)
        if module is None:
            module = self._at_vscale[vscale] = ModuleGrammar(self.text, self.source_name, vscale=vscale).parse_module()
        return module.functions[name]

    def place_edge_hoisted(self, fn: Function) -> None:
        """A phi's constant expressions run at the end of the block each flows in from,
        before its terminator (they have no UB: evaluating them on the block's other
        edges too changes nothing)."""
        blocks = {b.name: b for b in fn.blocks}
        for name, insts in self.edge_hoisted:
            block = blocks.get(name)
            if block is None or not block.instructions:
                raise LLVMParseError(f"phi in @{fn.name} names block %{name}, which has no terminator")
            block.instructions[-1:-1] = insts
        self.edge_hoisted = []

    def resolve_forwards(self, fn: Function) -> None:
        if not self.forwards:
            return
        for inst in fn.instructions():
            for i, op in enumerate(inst.operands):
                if isinstance(op, ForwardValue):
                    assert op.name is not None
                    target = self.scope.get(op.name)
                    if target is None:
                        raise LLVMParseError(f"use of undefined value '%{op.name}' in @{fn.name}")
                    inst.operands[i] = target

    def prescan_named_types(self) -> None:
        """Where the body of each ``%T = type ...`` starts."""
        toks = self.toks
        for i, tok in enumerate(toks[:-2]):
            if tok.kind == "lvar" and tok.col == 1 and toks[i + 1].text == "=" and toks[i + 2].text == "type":
                self.named_type_starts[tok.text] = i + 3
