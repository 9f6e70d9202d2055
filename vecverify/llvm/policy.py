"""The support policy of the reader: what LLVM IR it models, what it drops as
meaningless for the verifier, and what it reports as unsupported (by name).
"""

from __future__ import annotations

import re

from ..ir import opcodes

# The vocabulary is ir/opcodes.py's; the reader accepts all of it.
INT_BINOPS = opcodes.INT_BINOPS
FP_BINOPS = frozenset(opcodes.FP_BINOPS)
CASTS = frozenset(opcodes.CASTS) | {"ptrtoint"}  # ptrtoint: semantics/addresses.py
UNSUPPORTED_CASTS = frozenset({"inttoptr", "addrspacecast", "ptrtoaddr"})
UNSUPPORTED_INSTRUCTIONS = frozenset(
    {"invoke", "landingpad", "callbr", "indirectbr", "va_arg",
     "atomicrmw", "cmpxchg", "fence", "resume", "cleanuppad", "catchpad",
     "catchswitch", "catchret", "cleanupret"}
)
# Constrained floating-point intrinsics that are modelled (the operation under the
# rounding mode of its metadata argument), and the values those arguments may have.
CONSTRAINED_FP = frozenset({"fadd", "fsub", "fmul", "fdiv", "fma", "sqrt"})
ROUNDING_MODES = ("round.tonearest", "round.tonearestaway", "round.upward", "round.downward",
                  "round.towardzero", "round.dynamic")
EXCEPTION_BEHAVIOURS = frozenset({"fpexcept.ignore", "fpexcept.maytrap", "fpexcept.strict"})
# Operand bundles of llvm.assume that are modelled (align, nonnull) or say nothing about
# values (cold, ignore).
ASSUME_BUNDLES = frozenset({"align", "nonnull", "cold", "ignore"})
ALL_FMF = opcodes.FAST_MATH_FLAGS
INT_FLAGS = opcodes.INT_FLAGS
ICMP_PREDS = frozenset(opcodes.ICMP_PREDS)
FCMP_PREDS = frozenset(opcodes.FCMP_PREDS)
# Metadata that changes the meaning of an instruction: not modelled, so rejected.
SEMANTIC_METADATA = frozenset(
    {"!range", "!nonnull", "!noundef", "!align", "!dereferenceable",
     "!dereferenceable_or_null", "!fpmath", "!noalias.addrspace",
     # the old form of llvm.loop.parallel_accesses (annotations.py), a promise not modelled
     "!llvm.mem.parallel_loop_access"}
)
# Metadata that promises something of the program whose breaking is undefined behaviour
# (accesses that do not alias by type or by scope, memory that does not change), not
# modelled: read, kept on the function (Function.promises) and judged with the verdict
# (checker.check_pair): the source's may make a counterexample spurious, the target's a
# proof.
PROMISE_METADATA = frozenset(
    {"!tbaa", "!tbaa.struct", "!alias.scope", "!noalias", "!invariant.load", "!invariant.group"}
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
# (nofree: calls never free memory in the model; zeroext/signext/inreg/noext: the ABI.)
PARAM_IGNORED = frozenset({"zeroext", "signext", "inreg", "nofree", "noext"})
RET_IGNORED = frozenset({"zeroext", "signext", "inreg", "noext"})
FN_ATTRS_UNSUPPORTED = frozenset({"strictfp", "noreturn"})
# Attributes of a defined function (the source or target itself), judged one by one:
# an attribute that changes what is UB is modelled or reported unsupported by name,
# never dropped (docs/modelled.md lists each with its reason).
# - modelled: willreturn, the memory effects (semantics/fnattrs.py), vscale_range, the
#   denormal modes;
FN_DEF_MODELLED = frozenset(
    {"willreturn", "memory", "readnone", "readonly", "writeonly", "argmemonly",
     "inaccessiblememonly", "inaccessiblemem_or_argmemonly", "vscale_range", "denormal_fpenv"}
)
# - promises whose violation the model cannot produce: unwinding (nounwind: calls of
#   unknown functions return or not, they never unwind), synchronisation (nosync: one
#   thread), freeing (nofree: calls never free memory, docs/modelled.md), executions
#   that never end (mustprogress: beyond every unroll bound, never checked), callbacks
#   and recursion (nocallback, norecurse: a call of the function itself is a call of an
#   unknown function, matched like any);
# - attributes for the code generator, inliner, sanitizers and profilers: no meaning in
#   the IR's semantics.
FN_DEF_NO_UB = frozenset(
    {"nounwind", "nosync", "nofree", "mustprogress", "nocallback", "norecurse",
     "noinline", "alwaysinline", "inlinehint", "optnone", "optsize", "minsize", "uwtable",
     "ssp", "sspstrong", "sspreq", "cold", "hot", "nomerge", "noduplicate", "convergent",
     "nonlazybind", "noredzone", "noimplicitfloat", "nocf_check", "shadowcallstack",
     "noprofile", "skipprofile", "disable_sanitizer_instrumentation", "sanitize_address",
     "sanitize_memory", "sanitize_thread", "sanitize_hwaddress", "sanitize_memtag",
     "sanitize_numerical_stability", "sanitize_realtime", "sanitize_realtime_blocking",
     "nosanitize_coverage", "nosanitize_bounds", "safestack", "fn_ret_thunk_extern",
     "builtin", "nobuiltin", "jumptable", "no_cfi", "optforfuzzing",
     "speculative_load_hardening", "hybrid_patchable", "noreturn_with_unwind"}
)
# String attributes that change meaning (the others are code generator options).
FN_DEF_STRING_UNSUPPORTED = frozenset({'"null-pointer-is-valid"'})
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
CALLING_CONVENTION_RE = re.compile(r"[a-z_0-9]*cc$")

Attr = tuple[str, str | None]  # (name, argument text); string attributes keep their quotes
