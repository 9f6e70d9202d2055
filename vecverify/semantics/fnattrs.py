"""The promises a function's own attributes make about its memory accesses, and the UB
of breaking them (LangRef):

* ``memory(...)`` (and readnone/readonly/writeonly/argmemonly/...): a write to a
  location kind the attribute does not allow is UB ("immediate undefined behavior");
  a read it does not allow is reported unsupported (LangRef: under ``write`` it reads
  poison before the function writes the location, under ``none`` it is unobserved);
  reading allocas and constant globals is always allowed;
* a ``readonly`` (``writeonly``) parameter: writing (reading) through a pointer *based
  on* it is UB, even where the memory may be written (read) through other pointers;
* ``captures(none)`` / ``nocapture`` (and other restricting ``captures(...)``): where the
  function may let the pointer escape (returns a pointer based on it, passes it to a
  call that may capture it), the function is reported unsupported: what escapes
  where is not modelled.

"Based on" is read from the function's text: a pointer's *roots* are the arguments,
globals and allocas it is computed from through getelementptr, select, phi, casts and
vector lanes; a pointer with another origin (a call's result) has an unknown root. An
access whose roots decide the question is UB (or not) whenever it executes; one whose
roots leave it open (a select of a readonly argument and another pointer) is reported
unsupported, never guessed. Comparisons and ptrtoint of a ``captures(none)`` pointer
are not counted as captures (LLVM's own runtime checks compare such pointers).

An access through a pointer a call returned is reported unsupported: the model gives
such a pointer no object of its own (Alive2 gives it a fresh block the callee may own).
"""

from __future__ import annotations

from ..errors import Unsupported
from ..ir.function import Function
from ..ir.types import ArrayType, PtrType, StructType, Type, VectorType
from ..ir.values import (
    Alloca,
    Argument,
    Call,
    Cast,
    ConstNull,
    ConstPoison,
    ConstUndef,
    ExtractElement,
    Freeze,
    GetElementPtr,
    GlobalVariable,
    ICmp,
    InsertElement,
    Instruction,
    Load,
    Phi,
    Ret,
    Select,
    ShuffleVector,
    Store,
    Value,
)
from .core import intrinsic_base_name

# ("arg", index), ("global", name), ("constant", name): a constant global, ("local", None):
# an alloca, ("unknown", None)
Root = tuple[str, object]
UNKNOWN: Root = ("unknown", None)
LOCAL: Root = ("local", None)

# Intrinsics that access memory through a pointer operand: (operand index, kind) each.
_INTRINSIC_ACCESSES: dict[str, tuple[tuple[int, str], ...]] = {
    "llvm.memset": ((0, "write"),), "llvm.memset.inline": ((0, "write"),),
    "llvm.memcpy": ((0, "write"), (1, "read")), "llvm.memcpy.inline": ((0, "write"), (1, "read")),
    "llvm.memmove": ((0, "write"), (1, "read")),
    "llvm.masked.load": ((0, "read"),), "llvm.masked.store": ((1, "write"),),
    "llvm.masked.gather": ((0, "read"),), "llvm.masked.scatter": ((1, "write"),),
}


def is_pointer(t: Type) -> bool:
    """A pointer or a vector of pointers."""
    return isinstance(t, PtrType) or (isinstance(t, VectorType) and isinstance(t.elem, PtrType))


def pointer_roots(fn: Function) -> dict[Value, frozenset[Root]]:
    """The roots of every pointer-valued instruction of ``fn`` (a fixpoint over phis)."""
    roots: dict[Value, frozenset[Root]] = {}
    changed = True
    while changed:
        changed = False
        for inst in fn.instructions():
            new = _instruction_roots(inst, roots)
            if new is not None and roots.get(inst) != new:
                roots[inst] = new
                changed = True
    return roots


def roots_of(v: Value, roots: dict[Value, frozenset[Root]]) -> frozenset[Root]:
    if isinstance(v, Argument):
        return frozenset({("arg", v.index)})
    if isinstance(v, GlobalVariable):
        return frozenset({("constant" if v.is_constant else "global", v.name)})
    if isinstance(v, ConstNull | ConstPoison | ConstUndef):
        return frozenset()  # an access through these is UB on its own
    if isinstance(v, Instruction):
        return roots.get(v, frozenset())  # not computed yet (a phi's later operand)
    return frozenset({UNKNOWN})


def _instruction_roots(inst: Instruction, roots: dict[Value, frozenset[Root]]) -> frozenset[Root] | None:
    if not is_pointer(inst.type):
        return None
    ops = inst.operands
    if isinstance(inst, Alloca):
        return frozenset({LOCAL})
    if isinstance(inst, GetElementPtr | Cast | Freeze | ExtractElement):
        return roots_of(ops[0], roots)
    if isinstance(inst, Select):
        return roots_of(ops[1], roots) | roots_of(ops[2], roots)
    if isinstance(inst, Phi | InsertElement | ShuffleVector):
        out: frozenset[Root] = frozenset()
        for v in ops[:2] if isinstance(inst, InsertElement | ShuffleVector) else ops:
            out |= roots_of(v, roots)
        return out
    return frozenset({UNKNOWN})


def _holds_no_bytes(t: Type) -> bool:
    """An empty aggregate (``{}``, ``[0 x i32]``, a struct of such): a load or store of it
    touches no memory, so no attribute about reading or writing is broken by it (as
    alive-tv reads it)."""
    if isinstance(t, StructType):
        return all(_holds_no_bytes(f) for f in t.fields)
    if isinstance(t, ArrayType):
        return t.count == 0 or _holds_no_bytes(t.elem)
    return False


def _accesses(inst: Instruction) -> list[tuple[Value, str]]:
    """The pointer operands through which ``inst`` itself reads or writes memory (none
    for an access of no bytes)."""
    if isinstance(inst, Load):
        return [] if _holds_no_bytes(inst.type) else [(inst.operands[0], "read")]
    if isinstance(inst, Store):
        return [] if _holds_no_bytes(inst.operands[0].type) else [(inst.operands[1], "write")]
    if isinstance(inst, Call) and inst.callee.startswith("llvm."):
        found = _INTRINSIC_ACCESSES.get(intrinsic_base_name(inst.callee), ())
        return [(inst.operands[i], kind) for i, kind in found if i < len(inst.operands)]
    return []


class FunctionPromises:
    """The instructions of one function whose execution is UB by its own attributes
    (``ub_instructions``); built once per function, raising Unsupported where the
    attributes' meaning cannot be decided from its text."""

    def __init__(self, fn: Function):
        self.fn = fn
        self.ub_instructions: dict[Instruction, str] = {}  # -> why (for messages and tests)
        readonly = {a.index for a in fn.args if a.attrs.readonly}
        writeonly = {a.index for a in fn.args if a.attrs.writeonly}
        no_capture = {a.index for a in fn.args if a.attrs.captures is not None}
        returned_pointers = any(isinstance(i, Call) and is_pointer(i.type) for i in fn.instructions())
        if fn.memory is None and not readonly and not writeonly and not no_capture and not returned_pointers:
            return
        self.roots = pointer_roots(fn)
        self.barred = {"write": readonly, "read": writeonly}
        addresses = self._address_values(no_capture) if no_capture else {}
        for inst in fn.instructions():
            for ptr, kind in _accesses(inst):
                roots = roots_of(ptr, self.roots)
                if UNKNOWN in roots:
                    # A call's pointer result has no block of its own in the model (the
                    # callee's memory is not modelled): an access through it is not.
                    raise self._unsupported(f"a {kind} through a pointer returned by a call")
                self._access(inst, roots, kind)
            if isinstance(inst, Call) and inst.effects is not None:
                self._unknown_call(inst)
            if no_capture:
                self._captures(inst, no_capture, addresses)

    def _unsupported(self, what: str) -> Unsupported:
        return Unsupported(what, self.fn.name)

    def _arg_name(self, index: int) -> str:
        return f"%{self.fn.args[index].name}"

    def _access(self, inst: Instruction, roots: frozenset[Root], kind: str) -> None:
        barred = {r[1] for r in roots if r[0] == "arg" and r[1] in self.barred[kind]}
        attr = "readonly" if kind == "write" else "writeonly"
        if barred:
            name = self._arg_name(min(barred))  # type: ignore[type-var]
            if len(roots) > 1:
                raise self._unsupported(f"a {kind} through a pointer that may or may not be based on {attr} {name}")
            self.ub_instructions[inst] = f"{kind} through {attr} {name}"
            return
        if self.fn.memory is None:
            return
        kinds = {"arg": "argmem", "global": "other", "constant": "other", "unknown": None}
        allowed: set[bool] = set()
        for r in roots:
            # Allocas are the function's own; a constant global is read as no memory
            # (LangRef: reading constant memory is allowed whatever memory(...) says).
            if r == LOCAL or (r[0] == "constant" and kind == "read"):
                continue
            locs = ("argmem", "other") if kinds[r[0]] is None else (kinds[r[0]],)
            for loc in locs:
                assert loc is not None
                r_ok, w_ok = self.fn.memory[loc]
                allowed.add(r_ok if kind == "read" else w_ok)
        if allowed == {False} and kind == "read":
            # LangRef: under `write` a read before the function writes the location is
            # poison, under `none` it is not observed: neither is modelled (nor UB).
            raise self._unsupported("a read of memory its memory attribute does not allow (the value read "
                                    "is not modelled)")
        if allowed == {False}:  # LangRef: writing a location only read is immediate UB
            self.ub_instructions[inst] = f"{kind} of memory its memory attribute does not allow"
        elif allowed == {True, False}:
            raise self._unsupported(f"a {kind} of memory its memory attribute may or may not allow "
                                    "(a pointer of several origins)")

    def _unknown_call(self, inst: Call) -> None:
        effects = inst.effects
        assert effects is not None
        for op in inst.operands:
            if not is_pointer(op.type):
                continue
            roots = roots_of(op, self.roots)
            for kind, may in (("write", effects.writes), ("read", effects.reads)):
                barred = {r[1] for r in roots if r[0] == "arg" and r[1] in self.barred[kind]}
                if may and barred:
                    attr = "readonly" if kind == "write" else "writeonly"
                    raise self._unsupported(f"{attr} {self._arg_name(min(barred))} passed to @{inst.callee}, "  # type: ignore[type-var]
                                            f"which may {kind} through it")
        memory = self.fn.memory
        if memory is None:
            return
        # What the callee may access, as locations of this function: its argmem is the
        # memory its pointer arguments reach (argmem here for arguments, other memory
        # for globals, nothing for allocas), the rest is the same kind here.
        arg_locs: set[str] = set()
        for op in inst.operands:
            if is_pointer(op.type):
                for r in roots_of(op, self.roots):
                    arg_locs |= {"arg": {"argmem"}, "global": {"other"}, "constant": {"other"},
                                 "local": set()}.get(r[0], {"argmem", "other"})
        for loc, r_ok, w_ok in effects.locations:
            mine = arg_locs if loc == "argmem" else {loc}
            for kind, may in (("read", r_ok), ("write", w_ok)):
                if may and not all(memory[m][0 if kind == "read" else 1] for m in mine):
                    raise self._unsupported(
                        f"a call of @{inst.callee}, which may {kind} {loc} memory, in a function whose "
                        "memory attribute does not allow it (whether the callee does is not modelled)")

    def _restricted(self, v: Value, no_capture: set[int]) -> int | None:
        """The captures-restricted argument ``v`` may be based on, if any."""
        hit = [r[1] for r in roots_of(v, self.roots) if r[0] == "arg" and r[1] in no_capture]
        return hit[0] if hit else None  # type: ignore[return-value]

    def _address_values(self, no_capture: set[int]) -> dict[Value, int]:
        """The values that carry something of a captures-restricted argument's address:
        a ptrtoint or comparison of a pointer based on it, and whatever is computed from
        those (data flow only, to a fixed point through phis). LLVM's runtime checks
        compare such pointers and branch: that is no capture, and no data flows out."""
        out: dict[Value, int] = {}
        changed = True
        while changed:
            changed = False
            for inst in self.fn.instructions():
                if inst in out or is_pointer(inst.type):
                    continue
                found = None
                if (isinstance(inst, ICmp) or (isinstance(inst, Cast) and inst.op == "ptrtoint")):
                    found = next((i for op in inst.operands if is_pointer(op.type)
                                  and (i := self._restricted(op, no_capture)) is not None), None)
                if found is None:
                    found = next((out[op] for op in inst.operands if op in out), None)
                if found is not None:
                    out[inst] = found
                    changed = True
        return out

    def _captures(self, inst: Instruction, no_capture: set[int], addresses: dict[Value, int]) -> None:
        def restricted(v: Value) -> int | None:
            return self._restricted(v, no_capture) if is_pointer(v.type) else addresses.get(v)

        escapes: list[tuple[Value, str]] = []
        if isinstance(inst, Ret) and inst.operands:
            escapes.append((inst.operands[0], "returned"))
        if isinstance(inst, Store):
            escapes.append((inst.operands[0], "stored"))
        if isinstance(inst, Call) and inst.effects is not None:
            escapes += [(op, f"passed to @{inst.callee}") for i, op in enumerate(inst.operands)
                        if i not in inst.nocapture_args]
        for v, how in escapes:
            if (i := restricted(v)) is not None:
                attrs = self.fn.args[i].attrs
                what = "which" if is_pointer(v.type) else "whose address (through ptrtoint or a comparison)"
                raise self._unsupported(f"captures({attrs.captures}) on {self._arg_name(i)}, {what} may be {how} "
                                        "(capturing is not modelled)")


__all__ = ["FunctionPromises", "pointer_roots", "roots_of"]
