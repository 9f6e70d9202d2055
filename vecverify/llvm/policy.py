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
CALLING_CONVENTION_RE = re.compile(r"[a-z_0-9]*cc$")

Attr = tuple[str, str | None]  # (name, argument text); string attributes keep their quotes
