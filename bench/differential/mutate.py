"""One-edit mutants of a function, in the spirit of Alive2's alive-mutate: flags added or
dropped, operands swapped, opcodes and predicates changed, constants nudged, lanes
permuted, an instruction moved to another block, undef or poison put in an operand's
place, function, parameter and return attributes added or dropped.

Every operator edits the text of one function (``irtext``) and may produce IR that LLVM
rejects (a flag on the wrong opcode, a use before its definition): ``mutate`` asks
LLVM's verifier and tries another edit until one is valid. A mutant depends only on
the input text and the random generator, so a campaign's seed replays it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from .irtext import (
    Block,
    FunctionSpan,
    Line,
    attribute_groups,
    blocks,
    functions,
    instruction_lines,
    param_list,
    split_top,
    valid,
)

INT_FLAGS = {"add": ("nsw", "nuw"), "sub": ("nsw", "nuw"), "mul": ("nsw", "nuw"), "shl": ("nsw", "nuw"),
             "udiv": ("exact",), "sdiv": ("exact",), "lshr": ("exact",), "ashr": ("exact",),
             "or": ("disjoint",), "zext": ("nneg",), "uitofp": ("nneg",), "trunc": ("nuw", "nsw"),
             "icmp": ("samesign",), "getelementptr": ("inbounds", "nuw", "nusw")}
FMF = ("nnan", "ninf", "nsz", "arcp", "contract", "reassoc", "afn", "fast")
FP_OPS = frozenset({"fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fcmp", "select", "phi", "call",
                    "fptrunc", "fpext", "uitofp", "sitofp"})
ALL_FLAGS = frozenset(f for fs in INT_FLAGS.values() for f in fs) | frozenset(FMF)
INT_BINOPS = ("add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "udiv", "sdiv", "urem", "srem")
FP_BINOPS = ("fadd", "fsub", "fmul", "fdiv", "frem")
ICMP = ("eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle")
FCMP = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
        "une", "uno", "true")
CASTS = (("zext", "sext"), ("fptoui", "fptosi"), ("uitofp", "sitofp"))
MINMAX = ("umin", "umax", "smin", "smax")
FN_ATTRS = ("nounwind", "willreturn", "nofree", "nosync", "norecurse", "mustprogress", "noreturn",
            "memory(none)", "memory(read)", "memory(write)", "memory(argmem: read)",
            "memory(argmem: readwrite)", "memory(inaccessiblemem: readwrite)", "speculatable",
            "null_pointer_is_valid", "nocallback")
PTR_ATTRS = ("noundef", "nonnull", "noalias", "dereferenceable(1)", "dereferenceable(4)",
             "dereferenceable(16)", "dereferenceable_or_null(8)", "align 4", "align 16", "readonly",
             "writeonly", "readnone", "captures(none)", "nofree", "writable")
INT_ATTRS = ("noundef", "signext", "zeroext")
FP_ATTRS = ("noundef", "nofpclass(nan)", "nofpclass(inf)", "nofpclass(zero)", "nofpclass(sub)")
LINKAGE = frozenset({"private", "internal", "external", "weak", "weak_odr", "linkonce", "linkonce_odr",
                     "available_externally", "dso_local", "dso_preemptable", "hidden", "protected",
                     "default", "unnamed_addr", "local_unnamed_addr"})
_INT_CONST = re.compile(r"(?<![\w.%@])(i(\d+)) (-?\d+|true|false)\b(?!\))")
_FP_CONST = re.compile(r"(?<![\w.%@])(half|bfloat|float|double) (-?\d+\.\d+(?:e[+-]?\d+)?|0x[0-9A-Fa-fHKLMR]+)")
_FP_VALUES = ("0.0", "-0.0", "1.0", "-1.0", "0.5", "0x7FF8000000000000", "0x7FF0000000000000",
              "0xFFF0000000000000")
_VECTOR_CONST = re.compile(r"<((?:i\d+|half|bfloat|float|double|ptr) [^<>]*)>")
_VALUE = re.compile(r"(?<=[\s(,\[])%[\w.$-]+")

Lines = list[str]
Operator = Callable[[Lines, FunctionSpan, random.Random], Lines | None]


def _replace_line(lines: Lines, line: Line, rest: str) -> Lines:
    out = list(lines)
    out[line.index] = line.render(rest)
    return out


def _pick(rng: random.Random, items: list[Line]) -> Line | None:
    return rng.choice(items) if items else None


def _head_words(line: Line) -> tuple[list[str], int]:
    """The words of ``line`` and the index of its opcode (after tail/musttail)."""
    words = line.words
    i = 0
    while i < len(words) and words[i] in ("tail", "musttail", "notail"):
        i += 1
    return words, i


def toggle_flag(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """An instruction's flag (nsw, exact, disjoint, inbounds, nnan, ...) added or dropped."""
    candidates = [ln for ln in instruction_lines(lines, span) if ln.opcode in INT_FLAGS or ln.opcode in FP_OPS]
    line = _pick(rng, candidates)
    if line is None:
        return None
    words, op = _head_words(line)
    present = [i for i in range(op + 1, len(words)) if words[i] in ALL_FLAGS]
    present = [i for i in present if all(words[j] in ALL_FLAGS for j in range(op + 1, i))]
    if present and rng.random() < 0.5:
        del words[rng.choice(present)]
    else:
        pool = INT_FLAGS.get(line.opcode, ()) + (FMF if line.opcode in FP_OPS else ())
        new = [f for f in pool if f not in words[op + 1:op + 1 + len(present)]]
        if not new:
            return None
        words.insert(op + 1, rng.choice(new))
    return _replace_line(lines, line, " ".join(words))


def _operands(line: Line) -> tuple[str, list[str]] | None:
    """``opcode [flags] [pred] TYPE`` and the comma-separated operands after it, for
    binary operators and comparisons (``add nsw i32 %a, %b``)."""
    words, op = _head_words(line)
    i = op + 1
    while i < len(words) and (words[i] in ALL_FLAGS or words[i] in ICMP or words[i] in FCMP):
        i += 1
    head = " ".join(words[:i])
    parts = split_top(" ".join(words[i:]))
    if len(parts) != 2:
        return None
    first = parts[0]
    # the first part is "TYPE VALUE": the value is its last word (types have no spaces
    # at their end, vector types end in '>')
    m = re.match(r"^(.*[\w>\]}*]) (\S+)$", first)
    if m is None:
        return None
    return f"{head} {m.group(1)}", [m.group(2), parts[1]]


def swap_operands(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """The two operands of a binary operator or comparison swapped, or a select's arms."""
    candidates = [ln for ln in instruction_lines(lines, span)
                  if ln.opcode in INT_BINOPS or ln.opcode in FP_BINOPS or ln.opcode in ("icmp", "fcmp", "select")]
    line = _pick(rng, candidates)
    if line is None:
        return None
    if line.opcode == "select":
        words, op = _head_words(line)
        i = op + 1
        while i < len(words) and words[i] in FMF:
            i += 1
        parts = split_top(" ".join(words[i:]))
        if len(parts) != 3 or parts[1] == parts[2]:
            return None
        return _replace_line(lines, line, " ".join(words[:i]) + f" {parts[0]}, {parts[2]}, {parts[1]}")
    split = _operands(line)
    if split is None or split[1][0] == split[1][1]:
        return None
    head, (a, b) = split
    return _replace_line(lines, line, f"{head} {b}, {a}")


def change_opcode(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """Another binary operator, comparison predicate, cast of the same family, or min/max."""
    changeable = set(INT_BINOPS) | set(FP_BINOPS) | {"icmp", "fcmp"} | {c for pair in CASTS for c in pair}
    line = _pick(rng, [ln for ln in instruction_lines(lines, span)
                       if ln.opcode in changeable or re.search(r"@llvm\.[us]m(in|ax)\.", ln.rest)])
    if line is None:
        return None
    words, op = _head_words(line)
    opcode = words[op]
    if opcode in INT_BINOPS or opcode in FP_BINOPS:
        family = INT_BINOPS if opcode in INT_BINOPS else FP_BINOPS
        words[op] = rng.choice([o for o in family if o != opcode])
        if family is INT_BINOPS:  # flags of the old opcode would not parse
            words = [w for i, w in enumerate(words) if i <= op or w not in ALL_FLAGS]
        return _replace_line(lines, line, " ".join(words))
    if opcode in ("icmp", "fcmp"):
        preds = ICMP if opcode == "icmp" else FCMP
        for i in range(op + 1, len(words)):
            if words[i] in preds:
                words[i] = rng.choice([p for p in preds if p != words[i]])
                return _replace_line(lines, line, " ".join(words))
        return None
    for pair in CASTS:
        if opcode in pair:
            words[op] = pair[1 - pair.index(opcode)]
            words = [w for i, w in enumerate(words) if i <= op or w not in ("nneg",)]
            return _replace_line(lines, line, " ".join(words))
    m = re.search(r"@llvm\.(umin|umax|smin|smax)\.", line.rest)
    if m:
        new = rng.choice([x for x in MINMAX if x != m.group(1)])
        return _replace_line(lines, line, line.rest.replace(f"@llvm.{m.group(1)}.", f"@llvm.{new}."))
    return None


def _nudged_int(value: str, bits: int, rng: random.Random) -> str:
    if value in ("true", "false"):
        return "false" if value == "true" else "true"
    v = int(value)
    top = 1 << (bits - 1) if bits > 0 else 1
    choices = [v + 1, v - 1, 0, 1, -1, top - 1, -top, v ^ (1 << rng.randrange(max(1, min(bits, 64)))), 2 * v]
    new = rng.choice([c for c in choices if c != v] or [v + 1])
    lo, hi = -top, (1 << bits) - 1  # signed and unsigned spellings both parse
    new = min(max(new, lo), hi)
    if bits == 1:
        return "true" if new & 1 else "false"
    return str(new)


def nudge_constant(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """An integer constant moved by one, to 0, -1, the signed extremes or a bit flipped;
    an i1 flipped; a floating-point constant replaced by 0.0, -0.0, 1.0, NaN or an infinity."""
    sites: list[tuple[Line, re.Match[str], str]] = []
    for ln in instruction_lines(lines, span):
        if ln.opcode in ("alloca",):
            continue
        sites += [(ln, m, "int") for m in _INT_CONST.finditer(ln.rest)]
        sites += [(ln, m, "fp") for m in _FP_CONST.finditer(ln.rest)]
    if not sites:
        return None
    line, m, kind = rng.choice(sites)
    if kind == "int":
        new = _nudged_int(m.group(3), int(m.group(2)), rng)
        text = f"{m.group(1)} {new}"
    else:
        new = rng.choice([v for v in _FP_VALUES if v != m.group(2)])
        text = f"{m.group(1)} {new}"
    return _replace_line(lines, line, line.rest[:m.start()] + text + line.rest[m.end():])


def permute_lanes(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """The elements of a vector constant (a shufflevector's mask among them) permuted, or
    one mask lane pointed at another lane or made poison."""
    sites = [(ln, m) for ln in instruction_lines(lines, span) for m in _VECTOR_CONST.finditer(ln.rest)]
    if not sites:
        return None
    line, m = rng.choice(sites)
    elems = split_top(m.group(1))
    if len(elems) < 2:
        return None
    if line.opcode == "shufflevector" and m.end() == len(line.rest) and rng.random() < 0.5:
        i = rng.randrange(len(elems))
        lanes = 2 * len(elems)
        elems[i] = rng.choice([f"i32 {rng.randrange(lanes)}", "i32 poison"])
    else:
        shuffled = list(elems)
        rng.shuffle(shuffled)
        if shuffled == elems:
            shuffled = elems[1:] + elems[:1]
        elems = shuffled
    return _replace_line(lines, line, line.rest[:m.start()] + "<" + ", ".join(elems) + ">" + line.rest[m.end():])


def move_instruction(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """A non-phi, non-terminator instruction moved into another block (before its
    terminator, or after its phis)."""
    bbs = [b for b in blocks(lines, span) if b.terminator is not None]
    if len(bbs) < 2:
        return None
    movable = [(b, ln) for b in bbs for ln in b.lines
               if ln.opcode not in ("phi", "alloca", "landingpad") and ln is not b.terminator]
    if not movable:
        return None
    home, line = rng.choice(movable)
    dest: Block = rng.choice([b for b in bbs if b is not home])
    term = dest.terminator
    assert term is not None
    at = term.index if rng.random() < 0.6 else (dest.phis[-1].index + 1 if dest.phis else dest.lines[0].index)
    text = lines[line.index]
    out = list(lines)
    out.insert(at, text)
    del out[line.index + (1 if at <= line.index else 0)]
    return out


def insert_undef(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """An operand (a value or a constant) replaced by ``undef`` or ``poison``."""
    sites: list[tuple[Line, int, int]] = []
    for ln in instruction_lines(lines, span):
        for m in _VALUE.finditer(ln.rest):
            before = ln.rest[:m.start()]
            after = ln.rest[m.end():]
            if before.endswith("label ") or after.startswith(" ]") and ln.opcode == "phi":
                continue
            sites.append((ln, m.start(), m.end()))
        for m in _INT_CONST.finditer(ln.rest):
            sites.append((ln, m.start(3), m.end(3)))
    if not sites:
        return None
    line, start, end = rng.choice(sites)
    new = rng.choice(("undef", "poison"))
    return _replace_line(lines, line, line.rest[:start] + new + line.rest[end:])


def _attr_words(text: str) -> list[str]:
    """Attributes separated by spaces outside parentheses and quotes."""
    return split_top(text, " ")


def function_attribute(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """A function attribute added, or one of its attributes dropped (its attribute group
    written out inline without it)."""
    define = lines[span.define]
    parens = param_list(define)
    if parens is None:
        return None
    tail = define[parens[1] + 1:].rstrip().removesuffix("{").strip()
    groups = attribute_groups(lines)
    words = _attr_words(tail)
    inline = [w for w in words if not w.startswith("#")]
    for w in words:
        if w.startswith("#") and w[1:] in groups:
            inline += _attr_words(groups[w[1:]])
    removable = [w for w in inline if not w.startswith('"') and "=" not in w]
    if removable and rng.random() < 0.5:
        inline.remove(rng.choice(removable))
    else:
        new = [a for a in FN_ATTRS if a not in inline and not (a.startswith("memory(") and any(
            w.startswith("memory(") for w in inline))]
        if not new:
            return None
        inline.append(rng.choice(new))
    keep = [w for w in words if not w.startswith("#") and w not in inline]  # (section, gc...)
    out = list(lines)
    rest = " ".join(keep + inline)
    out[span.define] = define[:parens[1] + 1] + (" " + rest if rest else "") + " {"
    return out


def _attrs_for(type_text: str) -> tuple[str, ...]:
    if type_text == "ptr" or type_text.endswith("x ptr>"):
        return PTR_ATTRS
    if re.fullmatch(r"i(\d+)", type_text):
        bits = int(type_text[1:])
        return INT_ATTRS + (f"range({type_text} 0, {min(16, (1 << bits) - 1) or 1})",) if bits > 1 else INT_ATTRS
    if type_text in ("half", "float", "double", "bfloat") or "float" in type_text or "double" in type_text:
        return FP_ATTRS
    return ("noundef",)


def parameter_attribute(lines: Lines, span: FunctionSpan, rng: random.Random) -> Lines | None:
    """A parameter attribute or a return attribute added or dropped (noundef, nonnull,
    noalias, dereferenceable, align, range, nofpclass, ...)."""
    define = lines[span.define]
    parens = param_list(define)
    if parens is None:
        return None
    params = split_top(define[parens[0] + 1:parens[1]])
    if params and rng.random() < 0.75:
        i = rng.randrange(len(params))
        words = _attr_words(params[i])
        if len(words) < 2 or words[-1] == "...":
            return None
        type_text, attrs, name = words[0], words[1:-1], words[-1]
        if attrs and rng.random() < 0.5:
            attrs.remove(rng.choice(attrs))
        else:
            new = [a for a in _attrs_for(type_text) if a not in attrs]
            if not new:
                return None
            attrs.append(rng.choice(new))
        params[i] = " ".join([type_text, *attrs, name])
        return [*lines[:span.define],
                define[:parens[0] + 1] + ", ".join(params) + define[parens[1]:],
                *lines[span.define + 1:]]
    head = define[:define.index("@")].split()  # define [linkage...] [ret attrs] TYPE
    lead = 1
    while lead < len(head) and head[lead] in LINKAGE:
        lead += 1
    ret_type = " ".join(head[lead:])
    present = [w for w in ("noundef", "nonnull", "zeroext", "signext") if w in head[lead:-1]]
    if present and rng.random() < 0.5:
        head.remove(rng.choice(present))
    else:
        last = ret_type.split()[-1] if ret_type else ""
        new = [a for a in _attrs_for(last) if " " not in a and a not in head and "(" not in a]
        if not new or last == "void":
            return None
        head.insert(lead, rng.choice(new))
    return [*lines[:span.define], " ".join(head) + " " + define[define.index("@"):], *lines[span.define + 1:]]


# Each operator with its weight: the attribute edits apply to every function, the
# others only where their instructions are, so they are drawn less often.
OPERATORS: dict[str, tuple[Operator, int]] = {
    "flag": (toggle_flag, 3),
    "swap": (swap_operands, 3),
    "opcode": (change_opcode, 3),
    "constant": (nudge_constant, 3),
    "lanes": (permute_lanes, 3),
    "move": (move_instruction, 3),
    "undef": (insert_undef, 2),
    "fn-attr": (function_attribute, 1),
    "param-attr": (parameter_attribute, 1),
}


def mutate(text: str, function: str, rng: random.Random, tries: int = 30,
           is_valid: Callable[[str], bool] = valid) -> tuple[str, str] | None:
    """(mutant text, operator name): one valid edit of ``function`` in ``text``, or None
    when ``tries`` edits gave no valid module that differs from ``text``."""
    lines = text.splitlines()
    span = functions(lines).get(function)
    if span is None:
        return None
    names = sorted(OPERATORS)
    weights = [OPERATORS[n][1] for n in names]
    for _ in range(tries):
        name = rng.choices(names, weights)[0]
        edited = OPERATORS[name][0](lines, span, rng)
        if edited is None:
            continue
        out = "\n".join(edited) + "\n"
        if out.strip() != text.strip() and is_valid(out):
            return out, name
    return None
