"""The instruction vocabulary in one place: the opcodes, the flags each may carry and
the comparison predicates (LLVM's LangRef). The generators of programs (properties/)
draw from these tables; the orders are the ones they draw in.
"""

from __future__ import annotations

# Integer binary operators and the poison-generating flags each may carry.
INT_BINOP_FLAGS: dict[str, tuple[str, ...]] = {
    "add": ("nsw", "nuw"), "sub": ("nsw", "nuw"), "mul": ("nsw", "nuw"), "shl": ("nsw", "nuw"),
    "lshr": ("exact",), "ashr": ("exact",), "udiv": ("exact",), "sdiv": ("exact",),
    "urem": (), "srem": (), "and": (), "or": ("disjoint",), "xor": (),
}
INT_BINOPS = frozenset(INT_BINOP_FLAGS)
INT_FLAGS = frozenset(f for flags in INT_BINOP_FLAGS.values() for f in flags)
FP_BINOPS = ("fadd", "fsub", "fmul", "fdiv", "frem")
FAST_MATH_FLAGS = ("reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn")
ICMP_PREDS = ("eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle")
FCMP_PREDS = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
              "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true")
CASTS = ("trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "bitcast")
