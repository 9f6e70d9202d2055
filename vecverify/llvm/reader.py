"""Reading LLVM IR text into the IR model.

LLVM itself (through llvmlite) parses and verifies the input first, so every syntax or
type error is reported the way LLVM reports it. Then LLVM's canonical printed form of
the module is parsed by a small recursive-descent parser into :mod:`vecverify.ir`.
Everything the model does not capture and that could change the meaning of the code is
reported as :class:`~vecverify.errors.Unsupported`, by name; what cannot change meaning
(debug info, most metadata, descriptive attributes) is dropped.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..errors import InputError, Unsupported
from ..ir.floats import bits_from_double, bits_from_float, bits_from_half, double_bits_to_float_bits
from ..ir.function import Block, Declaration, Function, Module
from ..ir.types import (
    DOUBLE,
    FLOAT,
    HALF,
    I1,
    I8,
    I32,
    PTR,
    VOID,
    ArrayType,
    FloatType,
    IntType,
    PtrType,
    StructType,
    Type,
    VectorType,
)
from ..ir.values import (
    FAST_MATH_FLAGS,
    Alloca,
    Argument,
    BinOp,
    Br,
    Call,
    Cast,
    Constant,
    ConstArray,
    ConstFloat,
    ConstInt,
    ConstNull,
    ConstPoison,
    ConstStruct,
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
from .callees import resolve_calls
from .lexer import Token, tokenize, unescape_bytes
from .types import TYPE_KEYWORDS, TypeParser, starts_type

# --------------------------------------------------------------------------- vocabulary

INT_BINOPS = frozenset(
    {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor"}
)
FP_BINOPS = frozenset({"fadd", "fsub", "fmul", "fdiv", "frem"})
CASTS = frozenset(
    {"trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "bitcast"}
)
UNSUPPORTED_CASTS = frozenset({"ptrtoint", "inttoptr", "addrspacecast", "ptrtoaddr"})
UNSUPPORTED_INSTRUCTIONS = frozenset(
    {"invoke", "landingpad", "callbr", "indirectbr", "va_arg",
     "atomicrmw", "cmpxchg", "fence", "resume", "cleanuppad", "catchpad",
     "catchswitch", "catchret", "cleanupret"}
)
ALL_FMF = ("reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn")
INT_FLAGS = frozenset({"nuw", "nsw", "exact", "disjoint"})
ICMP_PREDS = frozenset({"eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"})
FCMP_PREDS = frozenset(
    {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
     "ule", "une", "uno", "true"}
)
# Metadata that changes the meaning of an instruction: not modelled, so rejected.
SEMANTIC_METADATA = frozenset(
    {"!range", "!nonnull", "!noundef", "!align", "!dereferenceable",
     "!dereferenceable_or_null", "!fpmath", "!noalias.addrspace"}
)
CONSTANT_EXPRESSIONS = (
    INT_BINOPS | FP_BINOPS | CASTS | UNSUPPORTED_CASTS
    | {"getelementptr", "icmp", "fcmp", "select", "extractelement", "insertelement",
       "shufflevector", "fneg"}
)
VALUE_KEYWORDS = frozenset(
    {"true", "false", "null", "none", "poison", "undef", "zeroinitializer", "splat", "asm",
     "blockaddress", "dso_local_equivalent", "no_cfi", "ptrauth", "c"}
) | CONSTANT_EXPRESSIONS

# Attributes: what is modelled, what cannot change meaning, and the rest is rejected.
PARAM_IGNORED = frozenset({"zeroext", "signext", "inreg", "nocapture", "captures", "nofree", "noext"})
RET_IGNORED = frozenset({"zeroext", "signext", "inreg", "noext"})
FN_ATTRS_UNSUPPORTED = frozenset({"strictfp", "noreturn"})
DENORMAL_ATTRS = ('"denormal-fp-math"', '"denormal-fp-math-f32"')
LINKAGE_WORDS = frozenset(
    {"private", "internal", "external", "weak", "weak_odr", "linkonce", "linkonce_odr",
     "available_externally", "common", "extern_weak", "appending", "dso_local",
     "dso_preemptable", "hidden", "protected", "default", "dllimport", "dllexport",
     "unnamed_addr", "local_unnamed_addr", "thread_local"}
)
# Intrinsics without meaning for the verifier: their calls are dropped.
DROPPED_INTRINSICS = ("llvm.dbg.", "llvm.experimental.noalias.scope.decl", "llvm.pseudoprobe",
                      "llvm.donothing")
_CC_RE = re.compile(r"[a-z_0-9]*cc$")

Attr = tuple[str, str | None]  # (name, argument text); string attributes keep their quotes


@dataclass(eq=False)
class _Forward(Value):
    """A placeholder for a local value used before its definition (phis, unreachable code)."""

    type: Type
    name: str | None

    def ref(self) -> str:
        return f"%{self.name}"


class LLVMParseError(Exception):
    """Raised inside the parser; converted to InputError with the source name."""


# --------------------------------------------------------------------------- entry points


def read_module(path: str | os.PathLike[str], lenient: bool = False) -> Module:
    """Read and parse an LLVM IR text file (``lenient``: see parse_module)."""
    name = os.fspath(path)
    if os.path.isdir(name):
        raise InputError(f"{name}: is a directory, not an LLVM IR file")
    try:
        with open(name, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}") from None
    if data.startswith(b"BC\xc0\xde") or data.startswith(b"\xde\xc0\x17\x0b"):
        raise InputError(f"{name}: is LLVM bitcode, not LLVM IR text (use llvm-dis)")
    if b"\x00" in data:
        raise InputError(f"{name}: is a binary file, not LLVM IR text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{name}: is not UTF-8 text, not LLVM IR text") from None
    return parse_module(text, name, lenient)


def parse_module(text: str, source_name: str = "<input>", lenient: bool = False) -> Module:
    """Parse LLVM IR text (verified by LLVM first) into a :class:`Module`. Anything not
    modelled raises Unsupported, unless ``lenient``: then a function using it is left
    out of ``functions`` and named in ``opaque`` (for tools that rewrite the functions
    they can and keep the others as they are; never for a verdict on the module)."""
    if not isinstance(text, str):
        raise InputError(f"{source_name}: expected LLVM IR text")
    if not text.strip():
        raise InputError(f"{source_name}: empty input, no LLVM IR")
    if "\x00" in text:
        raise InputError(f"{source_name}: is a binary file, not LLVM IR text")
    canonical = canonicalize(text, source_name)
    try:
        return _Parser(canonical, source_name, lenient).parse_module()
    except LLVMParseError as e:
        raise InputError(f"{source_name}: error: {e}") from None
    except RecursionError:
        raise InputError(f"{source_name}: error: input nested too deeply") from None


def canonicalize(text: str, source_name: str = "<input>") -> str:
    """Parse and verify ``text`` with LLVM; return LLVM's printed form of the module."""
    import llvmlite.binding as llvm

    try:
        with _quiet_stderr():
            mod = llvm.parse_assembly(text)
    except RuntimeError as e:
        raise InputError(_llvm_message(str(e), source_name)) from None
    try:
        mod.verify()
    except RuntimeError as e:
        raise InputError(_llvm_message(str(e), source_name)) from None
    return str(mod)


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Keep LLVM's warnings (written straight to file descriptor 2, for example
    "ignoring debug info with an invalid version") off the user's terminal."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


_LOC_RE = re.compile(r"^<string>:(\d+):(\d+):\s*")


def _llvm_message(msg: str, source_name: str) -> str:
    """One line from LLVM's (multi-line) diagnostic."""
    lines = [ln for ln in msg.splitlines() if ln.strip()]
    if lines and lines[0].startswith("LLVM IR parsing error"):
        lines = lines[1:]
    if not lines:
        return f"{source_name}: error: LLVM rejected the input"
    first = lines[0]
    m = _LOC_RE.match(first)
    if m:
        return f"{source_name}:{m.group(1)}:{m.group(2)}: " + first[m.end():].strip()
    first = first.strip()
    if not first.startswith("error:"):
        first = "error: " + first
    out = f"{source_name}: {first}"
    if len(lines) > 1 and lines[1].startswith(" "):
        out += f" (at '{lines[1].strip()}')"
    return out


# --------------------------------------------------------------------------- the parser


class _Parser(TypeParser):
    def __init__(self, text: str, source_name: str, lenient: bool = False) -> None:
        self.text = text
        self.lenient = lenient
        self.lines = text.splitlines()
        self.source_name = source_name
        self.toks = tokenize(text, source_name)
        self.pos = 0
        self.where: str | None = None
        self.attr_groups: dict[str, list[Attr]] = {}
        self.big_endian = False  # LLVM prints the data layout before any function
        self.named_type_starts: dict[str, int] = {}
        self.named_types: dict[str, Type] = {}
        self.md_nodes: dict[str, int] = {}  # metadata node name -> index of its first token
        self.globals: dict[str, GlobalVariable] = {}
        # per function
        self.scope: dict[str, Value] = {}
        self.forwards: dict[str, _Forward] = {}
        # Constant expressions met in the instruction being read, as instructions of
        # their own to run just before it (None outside function bodies).
        self.hoisted: list[Instruction] | None = None
        self.hoisted_count = 0

    # ----------------------------------------------------------------- token helpers

    def peek(self, k: int = 0) -> Token:
        i = self.pos + k
        return self.toks[i] if i < len(self.toks) else self.toks[-1]

    def next(self) -> Token:
        tok = self.toks[self.pos]
        if tok.kind != "eof":
            self.pos += 1
        return tok

    def error(self, tok: Token, msg: str) -> Exception:
        return LLVMParseError(f"line {tok.line}:{tok.col} of LLVM's output: {msg}")

    def expect(self, text: str | None = None, kind: str | None = None) -> Token:
        tok = self.next()
        if (text is not None and tok.text != text) or (kind is not None and tok.kind != kind):
            raise self.error(tok, f"expected '{text or kind}', found '{tok}'")
        return tok

    def accept(self, text: str) -> bool:
        tok = self.peek()
        if tok.text == text and tok.kind in ("ident", "punct", "dots"):
            self.pos += 1
            return True
        return False

    def skip_line(self) -> None:
        line = self.peek().line
        while self.peek().kind != "eof" and self.peek().line == line:
            self.next()

    def skip_balanced(self) -> None:
        """Skip a bracketed group starting at the current token (which opens it)."""
        pairs = {"(": ")", "{": "}", "[": "]", "<": ">"}
        stack: list[str] = []
        while True:
            tok = self.next()
            if tok.kind == "eof":
                raise self.error(tok, "unbalanced brackets")
            if tok.kind == "punct" and tok.text in pairs:
                stack.append(pairs[tok.text])
            elif tok.kind == "punct" and stack and tok.text == stack[-1]:
                stack.pop()
            if not stack:
                return

    def group_text(self) -> str:
        """The raw text of a bracketed group starting at the current token, brackets excluded."""
        start = self.pos
        self.skip_balanced()
        return " ".join(t.text for t in self.toks[start + 1 : self.pos - 1])

    # ----------------------------------------------------------------- module level

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
                self.big_endian = check_datalayout(self.peek(3).value)
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
        align = 1
        while self.peek().line == start_line and self.peek().kind != "eof":
            t = self.next()
            if t.text == "align":
                align = int(self.expect(kind="int").text)
        return GlobalVariable(PTR, name, value_type, None if replaceable else init, is_constant, align)

    def line_tokens(self) -> list[Token]:
        line = self.peek().line
        out = []
        i = self.pos
        while self.toks[i].kind != "eof" and self.toks[i].line == line:
            out.append(self.toks[i])
            i += 1
        return out

    def prescan_attribute_groups(self) -> None:
        toks = self.toks
        for i, tok in enumerate(toks):
            if (tok.kind == "ident" and tok.text == "attributes" and tok.col == 1
                    and toks[i + 1].kind == "attrgrp"):
                self.pos = i + 3
                self.expect("{")
                attrs: list[Attr] = []
                while self.peek().text != "}" and self.peek().kind != "eof":
                    attrs.extend(self.parse_one_attr())
                self.attr_groups[toks[i + 1].text] = attrs

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
            if self.peek().kind == "dots":
                raise Unsupported("variadic function")
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

    # ----------------------------------------------------------------- attributes

    def parse_one_attr(self) -> list[Attr]:
        """One attribute (or an attribute group reference, expanded)."""
        tok = self.next()
        if tok.kind == "attrgrp":
            return list(self.attr_groups.get(tok.text, []))
        if tok.kind == "str":
            if self.peek().text == "=" and self.peek(1).kind == "str":
                self.next()
                return [(tok.text, self.next().value)]
            return [(tok.text, None)]
        if tok.kind == "ident":
            if self.peek().text == "(":
                return [(tok.text, self.group_text())]
            if tok.text in ("align", "alignstack") and self.peek().kind == "int":
                return [(tok.text, self.next().text)]
            return [(tok.text, None)]
        raise self.error(tok, f"expected an attribute, found '{tok}'")

    def parse_param_attrs(self, *, before_value: bool) -> list[Attr]:
        """Attributes after a parameter's type: until a name, ',' or ')' (declaration
        parameters) or until the value (call arguments)."""
        out: list[Attr] = []
        while True:
            tok = self.peek()
            if tok.kind == "ident":
                if before_value and tok.text in VALUE_KEYWORDS:
                    return out
            elif tok.kind != "str":
                return out
            out.extend(self.parse_one_attr())

    def parse_ret_attrs(self) -> list[Attr]:
        """Attributes before a return type."""
        out: list[Attr] = []
        while True:
            tok = self.peek()
            if tok.kind == "ident" and not starts_type(tok):
                out.extend(self.parse_one_attr())
            elif tok.kind == "str":
                out.extend(self.parse_one_attr())
            else:
                return out

    def param_attrs(self, attrs: list[Attr], *, intrinsic_call: bool = False) -> ParamAttrs:
        pa = ParamAttrs()
        for name, arg in attrs:
            if name in ("noalias", "noundef", "nonnull", "readonly", "writeonly"):
                setattr(pa, name, True)
            elif name in ("dereferenceable", "dereferenceable_or_null", "align"):
                setattr(pa, name, self.int_arg(name, arg))
            elif name == "range":
                pa.range = self.range_arg(arg)
            elif name in PARAM_IGNORED or (intrinsic_call and name == "immarg"):
                pass
            else:
                raise self.unsupported(f"parameter attribute {name}")
        return pa

    def ret_attrs(self, attrs: list[Attr]) -> ParamAttrs:
        pa = ParamAttrs()
        for name, arg in attrs:
            if name in ("noundef", "nonnull"):
                setattr(pa, name, True)
            elif name == "align":
                pa.align = self.int_arg(name, arg)
            elif name == "range":
                pa.range = self.range_arg(arg)
            elif name in RET_IGNORED:
                pass
            else:
                raise self.unsupported(f"return attribute {name}")
        return pa

    def range_arg(self, arg: str | None) -> tuple[int, int, int]:
        """``range(iN lo, hi)``'s (N, lo, hi)."""
        m = re.fullmatch(r"i(\d+) (-?\d+) , (-?\d+)", (arg or "").strip())
        if m is None:
            raise self.unsupported(f"range({arg})")
        return int(m.group(1)), int(m.group(2)), int(m.group(3))

    def int_arg(self, name: str, arg: str | None) -> int:
        try:
            return int(arg or "")
        except ValueError:
            raise LLVMParseError(f"attribute {name} without a number") from None

    def check_fn_attrs(self, attrs: list[Attr]) -> None:
        for name, arg in attrs:
            if name in FN_ATTRS_UNSUPPORTED:
                raise self.unsupported(f"function attribute {name}")
            if name in DENORMAL_ATTRS and (arg or "").replace(" ", "") not in ("ieee,ieee", "ieee", ""):
                raise self.unsupported(f"function attribute {name}={arg}")
            if name == "denormal_fpenv":
                raise self.unsupported(f"function attribute denormal_fpenv({arg})")

    # ----------------------------------------------------------------- functions

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
        self.check_fn_attrs(fn_attrs)
        fn = Function(name, ret_type, args, [], ret_attrs,
                      willreturn=any(a[0] == "willreturn" for a in fn_attrs), big_endian=self.big_endian)
        first = True
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
                if self.hoisted and isinstance(inst, Phi):
                    raise self.unsupported("constant expression in a phi")
                block.instructions.extend(self.hoisted)
                self.hoisted = None
                if inst is None:
                    continue
                block.instructions.append(inst)
                if inst.name is not None and inst.name.isdigit():
                    next_slot = int(inst.name) + 1
        self.resolve_forwards(fn)
        self.where = None
        return fn

    def skip_linkage(self) -> None:
        while True:
            tok = self.peek()
            if tok.kind != "ident":
                return
            if tok.text in LINKAGE_WORDS or (_CC_RE.match(tok.text) and tok.text != "cc"):
                if tok.text in TYPE_KEYWORDS:
                    return
                self.next()
            elif tok.text == "cc" and self.peek(1).kind == "int":
                self.next()
                self.next()
            else:
                return

    def resolve_forwards(self, fn: Function) -> None:
        if not self.forwards:
            return
        for inst in fn.instructions():
            for i, op in enumerate(inst.operands):
                if isinstance(op, _Forward):
                    assert op.name is not None
                    target = self.scope.get(op.name)
                    if target is None:
                        raise LLVMParseError(f"use of undefined value '%{op.name}' in @{fn.name}")
                    inst.operands[i] = target

    # ----------------------------------------------------------------- values

    def local(self, name: str, ty: Type) -> Value:
        v = self.scope.get(name)
        if v is not None:
            return v
        fwd = self.forwards.get(name)
        if fwd is None:
            fwd = self.forwards[name] = _Forward(ty, name)
        return fwd

    def define(self, inst: Instruction) -> Instruction:
        if inst.name is not None:
            self.scope[inst.name] = inst
        return inst

    def parse_typed_value(self) -> Value:
        ty = self.parse_type()
        return self.parse_value(ty)

    def parse_value(self, ty: Type) -> Value:
        tok = self.next()
        k = tok.kind
        if k == "lvar":
            return self.local(tok.value, ty)
        if k == "gvar":
            g = self.globals.get(tok.value)
            if g is None:
                raise self.unsupported(f"reference to @{tok.value}")
            return g
        if k in ("mdvar", "excl"):
            raise self.unsupported("metadata argument")
        if k == "int":
            if isinstance(ty, IntType):
                return ConstInt(ty, int(tok.text))
            raise self.error(tok, f"integer constant for type {ty}")
        if k in ("float", "hex"):
            if isinstance(ty, FloatType):
                return ConstFloat(ty, self.float_bits(tok, ty))
            raise self.error(tok, f"floating-point constant for type {ty}")
        if k == "punct" and tok.text == "{":
            if not isinstance(ty, StructType):
                raise self.error(tok, f"struct constant for type {ty}")
            fields: list[Constant] = []
            while self.peek().text != "}":
                v = self.parse_value(self.parse_type())
                if not isinstance(v, Constant):
                    raise self.error(tok, "non-constant struct field")
                fields.append(v)
                if not self.accept(","):
                    break
            self.expect("}")
            if len(fields) != len(ty.fields):
                raise self.error(tok, "wrong number of struct fields")
            return ConstStruct(ty, tuple(fields))
        if k == "punct" and tok.text == "[":
            if not isinstance(ty, ArrayType):
                raise self.error(tok, f"array constant for type {ty}")
            items: list[Constant] = []
            while self.peek().text != "]":
                v = self.parse_value(self.parse_type())
                if not isinstance(v, Constant):
                    raise self.error(tok, "non-constant array element")
                items.append(v)
                if not self.accept(","):
                    break
            self.expect("]")
            if len(items) != ty.count:
                raise self.error(tok, "wrong number of array elements")
            return ConstArray(ty, tuple(items))
        if k == "punct" and tok.text == "<":
            if not isinstance(ty, VectorType):
                raise self.error(tok, f"vector constant for type {ty}")
            elems: list[Constant] = []
            while True:
                ety = self.parse_type()
                v = self.parse_value(ety)
                if not isinstance(v, Constant):
                    raise self.error(tok, "non-constant vector element")
                elems.append(v)
                if not self.accept(","):
                    break
            self.expect(">")
            if len(elems) != ty.count:
                raise self.error(tok, "wrong number of vector elements")
            return ConstVector(ty, tuple(elems))
        if k == "ident":
            t = tok.text
            if t in ("true", "false"):
                if ty == I1:
                    return ConstInt(I1, 1 if t == "true" else 0)
                if isinstance(ty, VectorType) and ty.elem == I1:  # not printed by LLVM
                    c = ConstInt(I1, 1 if t == "true" else 0)
                    return ConstVector(ty, tuple(c for _ in range(ty.count)))
                raise self.error(tok, f"boolean constant for type {ty}")
            if t == "poison":
                return ConstPoison(ty)
            if t == "undef":
                return ConstUndef(ty)
            if t == "null":
                if isinstance(ty, PtrType):
                    return ConstNull(ty)
                raise self.error(tok, f"null for type {ty}")
            if t == "zeroinitializer":
                return zero_constant(ty)
            if t == "splat":
                self.expect("(")
                ety = self.parse_type()
                v = self.parse_value(ety)
                self.expect(")")
                if not isinstance(ty, VectorType) or not isinstance(v, Constant):
                    raise self.error(tok, f"splat for type {ty}")
                return ConstVector(ty, tuple(v for _ in range(ty.count)))
            if t == "asm":
                raise self.unsupported("inline asm")
            if t == "none":
                raise self.unsupported("token value")
            if t in CONSTANT_EXPRESSIONS:
                return self.constant_expression(t, tok)
            if t in ("blockaddress", "dso_local_equivalent", "no_cfi", "ptrauth"):
                raise self.unsupported(t)
            if t == "c" and self.peek().kind == "str":
                data = unescape_bytes(self.next().text[1:-1])
                if not isinstance(ty, ArrayType) or ty.elem != I8 or ty.count != len(data):
                    raise self.error(tok, f"string constant for type {ty}")
                return ConstArray(ty, tuple(ConstInt(I8, b) for b in data))
        raise self.error(tok, f"expected a value, found '{tok}'")

    def constant_expression(self, op: str, tok: Token) -> Value:
        """A constant expression in an instruction's operand, read as an instruction of its
        own that runs just before it: the same operation without UB, so the meaning is
        the same. (Elsewhere, in global initializers, they are not modelled.)"""
        if self.hoisted is None:
            raise self.unsupported(f"constant expression ({op}) outside a function body")
        name = None
        inst: Instruction
        if op == "getelementptr":
            gep_flags = self.parse_gep_flags()
            self.expect("(")
            gep = self.parse_gep(name, tok)
            inst = GetElementPtr(gep.type, name, gep.operands, source_type=gep.source_type,
                                 flags=frozenset(gep_flags | gep.flags))
        elif op in INT_BINOPS:
            flags = self.parse_words(INT_FLAGS)
            self.expect("(")
            a = self.parse_typed_value()
            self.expect(",")
            b = self.parse_typed_value()
            inst = BinOp(a.type, name, [a, b], op=op, flags=flags)
        elif op in CASTS | UNSUPPORTED_CASTS | {"extractelement", "insertelement", "shufflevector"}:
            self.expect("(")
            parsed = self.parse_opcode(op, name, tok)
            assert parsed is not None
            inst = parsed
        else:  # LLVM 22 has no other constant expressions
            raise self.unsupported(f"constant expression ({op})")
        self.expect(")")
        return self.hoist(inst)

    def float_bits(self, tok: Token, ty: FloatType) -> int:
        t = tok.text
        if tok.kind == "hex":
            if t.startswith("0xH"):
                if ty != HALF:
                    raise self.error(tok, f"half constant for type {ty}")
                return int(t[3:], 16)
            if t[2] in "KLMR":
                raise self.error(tok, f"constant {t} for type {ty}")
            bits = int(t[2:], 16)
            if ty == DOUBLE:
                return bits
            if ty == FLOAT:
                return double_bits_to_float_bits(bits)
            raise self.error(tok, f"double constant for type {ty}")
        value = float(t)
        if ty == DOUBLE:
            return bits_from_double(value)
        if ty == FLOAT:
            return bits_from_float(value)
        return bits_from_half(value)

    # ----------------------------------------------------------------- instructions

    def parse_fmf(self) -> frozenset[str]:
        flags: set[str] = set()
        while self.peek().kind == "ident" and self.peek().text in FAST_MATH_FLAGS:
            f = self.next().text
            if f == "fast":
                flags.update(ALL_FMF)
            else:
                flags.add(f)
        return frozenset(flags)

    def parse_words(self, allowed: frozenset[str]) -> frozenset[str]:
        flags: set[str] = set()
        while self.peek().kind == "ident" and self.peek().text in allowed:
            flags.add(self.next().text)
        return frozenset(flags)

    def parse_instruction(self) -> Instruction | None:
        """One instruction, or None for a dropped one (a debug intrinsic call)."""
        name: str | None = None
        if self.peek().kind == "lvar" and self.peek(1).text == "=":
            name = self.next().value
            self.next()
        tok = self.expect(kind="ident")
        op = tok.text
        inst = self.parse_opcode(op, name, tok)
        if inst is None:
            return None
        self.parse_attachments(inst)
        return self.define(inst)

    def parse_attachments(self, inst: Instruction) -> None:
        while self.peek().text == "," and self.peek(1).kind == "mdvar":
            self.next()
            kind = self.next().text
            if isinstance(inst, Load) and kind == "!noundef":
                inst.noundef = True
            elif isinstance(inst, Load) and kind == "!range" and self.peek().kind == "mdvar":
                inst.ranges = self.range_node(self.peek().text)
            elif kind in SEMANTIC_METADATA:
                raise self.unsupported(f"{kind} metadata")
            self.skip_metadata_value()

    def prescan_named_types(self) -> None:
        """Where the body of each ``%T = type ...`` starts."""
        toks = self.toks
        for i, tok in enumerate(toks[:-2]):
            if tok.kind == "lvar" and tok.col == 1 and toks[i + 1].text == "=" and toks[i + 2].text == "type":
                self.named_type_starts[tok.text] = i + 3

    def prescan_metadata(self) -> None:
        """Where each numbered metadata node ``!N = [distinct] !{...}`` starts."""
        toks = self.toks
        for i, tok in enumerate(toks[:-1]):
            if tok.kind == "mdvar" and tok.col == 1 and toks[i + 1].text == "=":
                j = i + 2
                if toks[j].text == "distinct":
                    j += 1
                self.md_nodes[tok.text] = j

    def range_node(self, name: str) -> tuple[tuple[int, int], ...]:
        """The pairs ``[lo, hi)`` of a ``!range`` node ``!{T lo, T hi, ...}``, as unsigned
        values of T's width (a pair may wrap around)."""
        start = self.md_nodes.get(name)
        if start is None:
            raise self.unsupported(f"!range {name} without its node")
        saved = self.pos
        self.pos = start
        try:
            self.expect(kind="excl")
            self.expect("{")
            values: list[int] = []
            while not self.accept("}"):
                if values:
                    self.expect(",")
                ty = self.parse_type()
                if not isinstance(ty, IntType):
                    raise self.unsupported(f"!range of {ty}")
                values.append(int(self.expect(kind="int").text) % (1 << ty.bits))
        finally:
            self.pos = saved
        if not values or len(values) % 2:
            raise self.error(self.peek(), f"malformed !range node {name}")
        return tuple(zip(values[::2], values[1::2], strict=True))

    def skip_metadata_value(self) -> None:
        tok = self.next()
        if tok.kind == "mdvar":
            if self.peek().text == "(":  # !DIExpression(...) and the like
                self.skip_balanced()
            return
        if tok.kind == "excl":
            nxt = self.peek()
            if nxt.kind == "str":
                self.next()
                return
            if nxt.text == "{":
                self.skip_balanced()
                return
        raise self.error(tok, f"expected metadata, found '{tok}'")

    def parse_opcode(self, op: str, name: str | None, tok: Token) -> Instruction | None:
        if op in INT_BINOPS:
            flags = self.parse_words(INT_FLAGS)
            ty = self.parse_type()
            a = self.parse_value(ty)
            self.expect(",")
            b = self.parse_value(ty)
            return BinOp(ty, name, [a, b], op=op, flags=flags)
        if op in FP_BINOPS:
            flags = self.parse_fmf()
            ty = self.parse_type()
            a = self.parse_value(ty)
            self.expect(",")
            b = self.parse_value(ty)
            return BinOp(ty, name, [a, b], op=op, flags=flags)
        if op == "fneg":
            flags = self.parse_fmf()
            ty = self.parse_type()
            return FNeg(ty, name, [self.parse_value(ty)], flags=flags)
        if op == "icmp":
            flags = self.parse_words(frozenset({"samesign"}))
            pred = self.expect(kind="ident").text
            if pred not in ICMP_PREDS:
                raise self.error(tok, f"unknown icmp predicate {pred}")
            ty = self.parse_type()
            a = self.parse_value(ty)
            self.expect(",")
            b = self.parse_value(ty)
            return ICmp(bool_type(ty), name, [a, b], pred=pred, flags=flags)
        if op == "fcmp":
            flags = self.parse_fmf()
            pred = self.expect(kind="ident").text
            if pred not in FCMP_PREDS:
                raise self.error(tok, f"unknown fcmp predicate {pred}")
            ty = self.parse_type()
            a = self.parse_value(ty)
            self.expect(",")
            b = self.parse_value(ty)
            return FCmp(bool_type(ty), name, [a, b], pred=pred, flags=flags)
        if op == "select":
            flags = self.parse_fmf()
            c = self.parse_typed_value()
            self.expect(",")
            a = self.parse_typed_value()
            self.expect(",")
            b = self.parse_typed_value()
            return Select(a.type, name, [c, a, b], flags=flags)
        if op in CASTS:
            flags = self.parse_words(frozenset({"nneg", "nuw", "nsw"})) | self.parse_fmf()
            v = self.parse_typed_value()
            self.expect("to")
            ty = self.parse_type()
            return Cast(ty, name, [v], op=op, flags=flags)
        if op in UNSUPPORTED_CASTS:
            raise self.unsupported(f"{op} cast")
        if op == "freeze":
            v = self.parse_typed_value()
            return Freeze(v.type, name, [v])
        if op == "extractelement":
            v = self.parse_typed_value()
            self.expect(",")
            i = self.parse_typed_value()
            if not isinstance(v.type, VectorType):
                raise self.error(tok, "extractelement of a non-vector")
            return ExtractElement(v.type.elem, name, [v, i])
        if op == "insertelement":
            v = self.parse_typed_value()
            self.expect(",")
            e = self.parse_typed_value()
            self.expect(",")
            i = self.parse_typed_value()
            return InsertElement(v.type, name, [v, e, i])
        if op == "shufflevector":
            return self.parse_shuffle(name, tok)
        if op == "getelementptr":
            return self.parse_gep(name, tok)
        if op == "load":
            return self.parse_load(name)
        if op == "alloca":
            return self.parse_alloca(name)
        if op == "extractvalue":
            agg = self.parse_typed_value()
            indices = self.parse_aggregate_indices()
            for index in indices[:-1]:  # nested: one extractvalue per level
                agg = self.hoist(ExtractValue(self.field_type(agg.type, index), None, [agg], index=index))
            return ExtractValue(self.field_type(agg.type, indices[-1]), name, [agg], index=indices[-1])
        if op == "insertvalue":
            agg = self.parse_typed_value()
            self.expect(",")
            elt = self.parse_typed_value()
            indices = self.parse_aggregate_indices()
            return self.insert_value(agg, elt, indices, name)
        if op == "store":
            return self.parse_store()
        if op == "phi":
            flags = self.parse_fmf()
            ty = self.parse_type()
            ops: list[Value] = []
            blocks: list[str] = []
            while True:
                self.expect("[")
                ops.append(self.parse_value(ty))
                self.expect(",")
                blocks.append(self.expect(kind="lvar").value)
                self.expect("]")
                if not (self.peek().text == "," and self.peek(1).text == "["):
                    break
                self.next()
            return Phi(ty, name, ops, blocks=blocks, flags=flags)
        if op == "br":
            if self.accept("label"):
                return Br(VOID, None, [], targets=[self.expect(kind="lvar").value])
            c = self.parse_typed_value()
            self.expect(",")
            self.expect("label")
            t1 = self.expect(kind="lvar").value
            self.expect(",")
            self.expect("label")
            t2 = self.expect(kind="lvar").value
            return Br(VOID, None, [c], targets=[t1, t2])
        if op == "switch":
            v = self.parse_typed_value()
            self.expect(",")
            self.expect("label")
            targets = [self.expect(kind="lvar").value]
            ops = [v]
            self.expect("[")
            while not self.accept("]"):
                ops.append(self.parse_typed_value())
                self.expect(",")
                self.expect("label")
                targets.append(self.expect(kind="lvar").value)
            return Switch(VOID, None, ops, targets=targets)
        if op == "ret":
            if self.accept("void"):
                return Ret(VOID, None, [])
            return Ret(VOID, None, [self.parse_typed_value()])
        if op == "unreachable":
            return Unreachable(VOID, None, [])
        if op in ("call", "tail", "musttail", "notail"):
            if op != "call":
                self.expect("call")
            return self.parse_call(name, tok)
        if op in UNSUPPORTED_INSTRUCTIONS:
            raise self.unsupported(op)
        raise self.unsupported(f"instruction {op}")

    def parse_aggregate_indices(self) -> list[int]:
        indices = []
        while self.peek().text == "," and self.peek(1).kind == "int":
            self.next()
            indices.append(int(self.next().text))
        if not indices:
            raise self.error(self.peek(), "expected an index")
        return indices

    def field_type(self, t: Type, index: int) -> Type:
        if isinstance(t, StructType) and index < len(t.fields):
            return t.fields[index]
        if isinstance(t, ArrayType) and index < t.count:
            return t.elem
        raise self.unsupported(f"aggregate index {index} into {t}")

    def insert_value(self, agg: Value, elt: Value, indices: list[int], name: str | None) -> InsertValue:
        """``insertvalue agg, elt, i, j...`` as one level at a time: the inner aggregate
        taken out, updated, and put back."""
        if len(indices) > 1:
            inner = self.hoist(ExtractValue(self.field_type(agg.type, indices[0]), None, [agg],
                                            index=indices[0]))
            elt = self.hoist(self.insert_value(inner, elt, indices[1:], None))
        self.field_type(agg.type, indices[0])
        return InsertValue(agg.type, name, [agg, elt], index=indices[0])

    def hoist(self, inst: Instruction) -> Instruction:
        """An instruction of the reader's own, run just before the one being read (it
        gets a name no LLVM value has)."""
        if self.hoisted is None:
            raise self.unsupported(f"{inst.opcode} outside a function body")
        inst.name = f"vecverify.{self.hoisted_count}"
        self.hoisted_count += 1
        self.hoisted.append(inst)
        return inst

    def parse_shuffle(self, name: str | None, tok: Token) -> ShuffleVector:
        a = self.parse_typed_value()
        self.expect(",")
        b = self.parse_typed_value()
        self.expect(",")
        m = self.parse_typed_value()
        if not isinstance(a.type, VectorType) or not isinstance(m.type, VectorType):
            raise self.error(tok, "shufflevector of non-vectors")
        mask: list[int | None] = []
        if isinstance(m, ConstPoison | ConstUndef):
            mask = [None] * m.type.count
        elif isinstance(m, ConstVector):
            for e in m.elems:
                if isinstance(e, ConstInt):
                    mask.append(e.value)
                elif isinstance(e, ConstPoison | ConstUndef):
                    mask.append(None)
                else:
                    raise self.error(tok, "bad shufflevector mask")
        else:
            raise self.error(tok, "bad shufflevector mask")
        return ShuffleVector(VectorType(m.type.count, a.type.elem), name, [a, b], mask=tuple(mask))

    def parse_gep_flags(self) -> set[str]:
        flags: set[str] = set()
        while self.peek().kind == "ident" and self.peek().text in ("inbounds", "nusw", "nuw",
                                                                   "inrange"):
            f = self.next().text
            if f == "inrange":
                raise self.unsupported("getelementptr inrange")
            flags.add(f)
        return flags

    def parse_gep(self, name: str | None, tok: Token) -> GetElementPtr:
        flags = self.parse_gep_flags()
        src = self.parse_type()
        ops: list[Value] = []
        while self.accept(","):
            if self.peek().kind == "mdvar":  # metadata attachment follows
                self.pos -= 1
                break
            ops.append(self.parse_typed_value())
        if not ops:
            raise self.error(tok, "getelementptr without a base")
        lanes = max((v.type.count for v in ops if isinstance(v.type, VectorType)), default=0)
        rty: Type = VectorType(lanes, PtrType()) if lanes else PtrType()
        return GetElementPtr(rty, name, ops, source_type=src, flags=frozenset(flags))

    def parse_align(self) -> int:
        align = 1
        while self.peek().text == "," and self.peek(1).kind == "ident":
            self.next()
            word = self.next().text
            if word == "align":
                align = int(self.expect(kind="int").text)
            else:
                raise self.error(self.peek(), f"unexpected '{word}'")
        return align

    def parse_alloca(self, name: str | None) -> Alloca:
        if self.peek().text == "inalloca":
            raise self.unsupported("alloca inalloca")
        ty = self.parse_type()
        count: Value = ConstInt(I32, 1)
        if self.peek().text == "," and self.peek(1).kind != "ident":
            self.next()
            count = self.parse_typed_value()
        align = 1
        while self.peek().text == ",":
            self.next()
            word = self.next().text
            if word == "align":
                align = int(self.expect(kind="int").text)
            else:  # addrspace(N)
                raise self.unsupported(f"alloca with {word}")
        return Alloca(PTR, name, [count], allocated_type=ty, align=align)

    def parse_load(self, name: str | None) -> Load:
        if self.peek().text == "atomic":
            raise self.unsupported("load atomic")
        if self.peek().text == "volatile":
            raise self.unsupported("volatile load")
        ty = self.parse_type()
        self.expect(",")
        p = self.parse_typed_value()
        return Load(ty, name, [p], align=self.parse_align())

    def parse_store(self) -> Store:
        if self.peek().text == "atomic":
            raise self.unsupported("store atomic")
        if self.peek().text == "volatile":
            raise self.unsupported("volatile store")
        v = self.parse_typed_value()
        self.expect(",")
        p = self.parse_typed_value()
        return Store(VOID, None, [v, p], align=self.parse_align())

    def parse_call(self, name: str | None, tok: Token) -> Call | None:
        flags = self.parse_fmf()
        self.skip_linkage()  # calling conventions
        ret_attr_list = self.parse_ret_attrs()
        if self.peek().text == "addrspace":
            self.next()
            self.skip_balanced()
        ret_type = self.parse_type()
        fn_type = ""
        if self.peek().text == "(":  # an explicit function type (varargs callees)
            self.next()
            params: list[str] = []
            while not self.accept(")"):
                if params:
                    self.expect(",")
                if self.peek().kind == "dots":
                    self.next()
                    params.append("...")
                else:
                    params.append(str(self.parse_type()))
            fn_type = f"{ret_type} ({', '.join(params)})"
        callee_tok = self.next()
        if callee_tok.kind == "ident" and callee_tok.text == "asm":
            raise self.unsupported("inline asm")
        if callee_tok.kind == "lvar":
            raise self.unsupported("indirect call")
        if callee_tok.kind != "gvar":
            raise self.unsupported(f"call to {callee_tok.text}")
        callee = callee_tok.value
        intrinsic = callee.startswith("llvm.")
        if "..." in fn_type:
            raise self.unsupported(f"variadic call to {callee_tok.text}")
        if callee.startswith("llvm.experimental.constrained."):
            raise self.unsupported(f"constrained floating-point call to {callee_tok.text}")
        if callee.startswith(DROPPED_INTRINSICS):
            while self.peek().line == callee_tok.line and self.peek().kind != "eof":
                self.next()  # the arguments, attributes and attachments
            return None
        ret_attrs = self.ret_attrs(ret_attr_list)
        self.expect("(")
        args: list[Value] = []
        arg_attrs: list[ParamAttrs] = []
        while self.peek().text != ")":
            if args:
                self.expect(",")
            ty = self.parse_type()
            attrs = self.param_attrs(self.parse_param_attrs(before_value=True),
                                     intrinsic_call=intrinsic)
            args.append(self.parse_value(ty))
            arg_attrs.append(attrs)
        line = self.expect(")").line
        fn_attrs: list[Attr] = []
        while True:
            t = self.peek()
            if t.line != line:
                break
            if t.kind in ("attrgrp", "str", "ident"):
                fn_attrs.extend(self.parse_one_attr())
            elif t.kind == "punct" and t.text == "[":
                bundle = self.peek(1)
                what = f" {bundle.text}" if bundle.kind == "str" else ""
                raise self.unsupported(f"operand bundle{what}")
            else:
                break
        # noreturn on a call is modelled (unknown calls, traps); on a definition it is not.
        self.check_fn_attrs([a for a in fn_attrs if a[0] != "noreturn"])
        if not fn_type:
            fn_type = f"{ret_type} ({', '.join(str(a.type) for a in args)})"
        while arg_attrs and arg_attrs[-1] == ParamAttrs():
            arg_attrs.pop()
        return Call(ret_type, name if ret_type != VOID else None, args, callee=callee,
                    flags=flags, callee_type=fn_type, arg_attrs=arg_attrs, ret_attrs=ret_attrs,
                    fn_attrs=tuple(fn_attrs) if not intrinsic else ())


# --------------------------------------------------------------------------- helpers


def check_datalayout(layout: str) -> bool:
    """Whether the data layout is big-endian; reject those that change what the model
    assumes: 64-bit pointers (and 64-bit GEP indices) in address space 0."""
    big_endian = False
    for spec in layout.split("-"):
        if spec == "E":
            big_endian = True
        m = re.fullmatch(r"p0?:(\d+)(?::\d+)*", spec)
        if m:
            fields = spec.split(":")
            if fields[1] != "64":
                raise Unsupported(f"{fields[1]}-bit pointers (data layout)")
            if len(fields) > 4 and fields[4] != "64":
                raise Unsupported(f"{fields[4]}-bit pointer indices (data layout)")
    return big_endian


def bool_type(t: Type) -> Type:
    return VectorType(t.count, I1) if isinstance(t, VectorType) else I1


def zero_constant(t: Type) -> Constant:
    """``zeroinitializer`` spelled out."""
    if isinstance(t, IntType):
        return ConstInt(t, 0)
    if isinstance(t, FloatType):
        return ConstFloat(t, 0)
    if isinstance(t, PtrType):
        return ConstNull(t)
    if isinstance(t, VectorType):
        return ConstVector(t, tuple(zero_constant(t.elem) for _ in range(t.count)))
    if isinstance(t, ArrayType):
        return ConstArray(t, tuple(zero_constant(t.elem) for _ in range(t.count)))
    if isinstance(t, StructType):
        return ConstStruct(t, tuple(zero_constant(f) for f in t.fields))
    raise LLVMParseError(f"zeroinitializer of type {t}")
