"""Instructions: one grammar rule per opcode, into the IR model; constant
expressions and nested aggregate indices become instructions of the reader's own
(hoisted) just before the instruction that uses them (a phi's: at the end of the block
its value flows in from).
"""

from __future__ import annotations

from ..ir.types import (
    I32,
    PTR,
    VOID,
    ArrayType,
    PtrType,
    StructType,
    Type,
    VectorType,
)
from ..ir.values import (
    FAST_MATH_FLAGS,
    Alloca,
    BinOp,
    Br,
    Call,
    Cast,
    Constant,
    ConstInt,
    ConstPoison,
    ConstUndef,
    ConstVector,
    ExtractElement,
    ExtractValue,
    FCmp,
    FNeg,
    Freeze,
    GetElementPtr,
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
    VScaleCall,
)
from .annotations import Attr
from .constants import ValueGrammar, bool_type
from .lexer import Token
from .policy import (
    ALL_FMF,
    ASSUME_BUNDLES,
    CASTS,
    CONSTRAINED_FP,
    DROPPED_INTRINSICS,
    EXCEPTION_BEHAVIOURS,
    FCMP_PREDS,
    FP_BINOPS,
    ICMP_PREDS,
    INT_BINOPS,
    INT_FLAGS,
    ROUNDING_MODES,
    UNSUPPORTED_CASTS,
    UNSUPPORTED_INSTRUCTIONS,
)


class InstructionGrammar(ValueGrammar):
    hoisted: list[Instruction] | None
    hoisted_count: int
    # A phi's constant expressions, per incoming block: they run at that block's end
    # (ModuleGrammar places them once the function's blocks are all read).
    edge_hoisted: list[tuple[str, list[Instruction]]]

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
                first_hoisted = len(self.hoisted or ())
                ops.append(self.parse_value(ty))
                self.expect(",")
                blocks.append(self.expect(kind="lvar").value)
                self.expect("]")
                if self.hoisted is not None and len(self.hoisted) > first_hoisted:
                    self.edge_hoisted.append((blocks[-1], self.hoisted[first_hoisted:]))
                    del self.hoisted[first_hoisted:]
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
            call = self.parse_call(name, tok)
            if call is not None and op != "call":
                call.marker = op
            return call
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

    def vector_of_expressions(self, ty: VectorType, lanes: list[Value], tok: Token) -> Value:
        """A vector constant whose lanes include constant expressions (hoisted already):
        the constant lanes as a vector (poison where an expression goes), then one
        insertelement per expression lane, hoisted like the expressions."""
        if self.hoisted is None:
            raise self.unsupported("constant expression in a vector constant outside a function body")
        base = ConstVector(ty, tuple(v if isinstance(v, Constant) else ConstPoison(ty.elem) for v in lanes))
        vec: Value = base
        for k, v in enumerate(lanes):
            if not isinstance(v, Constant):
                vec = self.hoist(InsertElement(ty, None, [vec, v, ConstInt(I32, k)]))
        return vec

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
        return ShuffleVector(m.type.of(a.type.elem), name, [a, b], mask=tuple(mask))

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
        vectors = [v.type for v in ops if isinstance(v.type, VectorType)]
        rty: Type = max(vectors, key=lambda t: t.count).of(PtrType()) if vectors else PtrType()
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
        align = 0  # not stated: its type's ABI alignment
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
        if "..." in fn_type and intrinsic:
            raise self.unsupported(f"variadic call to {callee_tok.text}")
        constrained = callee.startswith("llvm.experimental.constrained.")
        if constrained and callee.split(".")[3] not in CONSTRAINED_FP:
            raise self.unsupported(f"constrained floating-point call to {callee_tok.text}")
        if callee.startswith(DROPPED_INTRINSICS):
            while self.peek().line == callee_tok.line and self.peek().kind != "eof":
                self.next()  # the arguments, attributes and attachments
            return None
        ret_attrs = self.ret_attrs(ret_attr_list)
        self.expect("(")
        args: list[Value] = []
        arg_attrs: list[ParamAttrs] = []
        metadata: list[str] = []  # a constrained intrinsic's rounding and exception arguments
        while self.peek().text != ")":
            if args or metadata:
                self.expect(",")
            if constrained and self.peek().text == "metadata":
                self.next()
                metadata.append(self.metadata_string())
                continue
            ty = self.parse_type()
            attrs = self.param_attrs(self.parse_param_attrs(before_value=True),
                                     intrinsic_call=intrinsic)
            args.append(self.parse_value(ty))
            arg_attrs.append(attrs)
        line = self.expect(")").line
        n_args = len(args)
        bundles: tuple[tuple[str, int], ...] = ()
        fn_attrs: list[Attr] = []
        while True:
            t = self.peek()
            if t.line != line:
                break
            if t.kind in ("attrgrp", "str", "ident"):
                fn_attrs.extend(self.parse_one_attr())
            elif t.kind == "punct" and t.text == "[" and callee == "llvm.assume":
                bundles = self.assume_bundles(args)
            elif t.kind == "punct" and t.text == "[":
                bundle = self.peek(1)
                what = f" {bundle.text}" if bundle.kind == "str" else ""
                raise self.unsupported(f"operand bundle{what}")
            else:
                break
        # noreturn on a call is modelled (unknown calls, traps); on a definition it is not.
        # strictfp on a constrained call only says what the metadata arguments say.
        self.check_fn_attrs([a for a in fn_attrs if a[0] != "noreturn" and not (constrained and a[0] == "strictfp")])
        fp_env = self.constrained_fp_env(callee_tok.text, metadata) if constrained else None
        if not fn_type:
            fn_type = f"{ret_type} ({', '.join(str(a.type) for a in args[:n_args])})"
        while arg_attrs and arg_attrs[-1] == ParamAttrs():
            arg_attrs.pop()
        if callee.startswith("llvm.vscale."):
            self.scalable_seen = True
            return VScaleCall(ret_type, name, args, callee=callee, callee_type=fn_type, vscale=self.vscale)
        return Call(ret_type, name if ret_type != VOID else None, args, callee=callee,
                    flags=flags, callee_type=fn_type, arg_attrs=arg_attrs, ret_attrs=ret_attrs,
                    fn_attrs=tuple(fn_attrs) if not intrinsic else (), fp_env=fp_env, bundles=bundles)

    def assume_bundles(self, args: list[Value]) -> tuple[tuple[str, int], ...]:
        """``[ "align"(ptr %p, i64 A[, i64 off]), "nonnull"(ptr %p), "cold"() ]`` on an
        llvm.assume: each bundle's values are appended to ``args``; returns (tag, number
        of values) per bundle kept (cold and ignore say nothing about values)."""
        self.expect("[")
        bundles: list[tuple[str, int]] = []
        while True:
            tag = self.expect(kind="str").value
            if tag not in ASSUME_BUNDLES:
                raise self.unsupported(f'operand bundle "{tag}"')
            self.expect("(")
            values: list[Value] = []
            while not self.accept(")"):
                if values:
                    self.expect(",")
                values.append(self.parse_typed_value())
            if tag in ("align", "nonnull"):
                args.extend(values)
                bundles.append((tag, len(values)))
            if not self.accept(","):
                break
        self.expect("]")
        return tuple(bundles)

    def metadata_string(self) -> str:
        """``!"text"``: a metadata string argument."""
        self.expect(kind="excl")
        return self.expect(kind="str").value

    def constrained_fp_env(self, callee: str, metadata: list[str]) -> tuple[str, str]:
        """The (rounding mode, exception behaviour) arguments of a constrained intrinsic;
        the conversions and comparisons that take no rounding mode are not modelled."""
        if len(metadata) != 2 or metadata[0] not in ROUNDING_MODES or metadata[1] not in EXCEPTION_BEHAVIOURS:
            raise self.unsupported(f"constrained floating-point call to {callee} with arguments {metadata}")
        return metadata[0], metadata[1]
