"""Hypothesis strategy for functions with control flow: diamonds and phis, calls of
unknown functions, loads and stores, undef and poison constants, freeze.

Each function is a chain of segments: straight-line instructions, or a diamond (a
branch, instructions on either arm, a merge with a phi of a value from each arm). The
values are i8 (i1 for conditions); the one memory is the buffer behind ``%p``. Built
simplest first, so a failure shrinks to a small function.

``renamed`` gives the same function with every block renamed and the blocks after the
entry listed in reverse order: the same behaviour, spelled differently.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

ARGS = "i8 %a, i8 %b, i1 %c, i1 %d, ptr %p"
DECLS = ("declare i8 @f(i8)", "declare void @use(i8)", "declare void @stop() noreturn")
BINOPS = ("add", "xor", "sub", "and", "or", "mul")
CONSTANTS = ("1", "0", "undef", "poison", "-1")


@dataclass(frozen=True)
class BranchingFunction:
    blocks: tuple[tuple[str, tuple[str, ...]], ...]  # (label, instructions) in order

    def text(self, name: str = "src") -> str:
        lines = [f"define i8 @{name}({ARGS}) {{"]
        for label, body in self.blocks:
            lines.append(f"{label}:")
            lines += [f"  {i}" for i in body]
        lines.append("}")
        return "\n".join(lines) + "\n"

    def module(self, *names: str) -> str:
        return "\n".join(DECLS) + "\n\n" + "\n".join(self.text(n) for n in names)

    def renamed(self) -> BranchingFunction:
        """Every block renamed; the blocks after the entry in reverse order."""
        names = {label: f"renamed.{k}" for k, (label, _) in enumerate(self.blocks)}

        def rename(inst: str) -> str:
            for old in sorted(names, key=len, reverse=True):
                inst = inst.replace(f"%{old},", f"%{names[old]},").replace(f"%{old} ", f"%{names[old]} ")
                if inst.endswith(f"%{old}"):
                    inst = inst[: -len(old) - 1] + f"%{names[old]}"
            return inst

        blocks = [(names[label], tuple(rename(i) for i in body)) for label, body in self.blocks]
        return BranchingFunction((blocks[0], *reversed(blocks[1:])))


class _Builder:
    def __init__(self, draw: st.DrawFn):
        self.draw = draw
        self.n = 0
        self.values = ["%a", "%b"]
        self.conds = ["%c", "%d"]

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def operand(self) -> str:
        return self.draw(st.sampled_from(self.values + list(CONSTANTS)))

    def instruction(self) -> list[str]:
        kind = self.draw(st.sampled_from(("binop", "call", "load", "store", "select", "use", "freeze", "icmp")))
        r = self.fresh()
        if kind == "binop":
            op = self.draw(st.sampled_from(BINOPS))
            out = [f"{r} = {op} i8 {self.operand()}, {self.operand()}"]
        elif kind == "call":
            out = [f"{r} = call i8 @f(i8 {self.operand()})"]
        elif kind == "load":
            out = [f"{r} = load i8, ptr %p"]
        elif kind == "store":
            return [f"store i8 {self.operand()}, ptr %p"]
        elif kind == "use":
            return [f"call void @use(i8 {self.operand()})"]
        elif kind == "select":
            c = self.draw(st.sampled_from(self.conds))
            out = [f"{r} = select i1 {c}, i8 {self.operand()}, i8 {self.operand()}"]
        elif kind == "freeze":
            out = [f"{r} = freeze i8 {self.operand()}"]
        else:
            out = [f"{r} = icmp ult i8 {self.operand()}, {self.operand()}"]
            self.conds.append(r)
            return out
        self.values.append(r)
        return out

    def straight(self, at_most: int) -> list[str]:
        out: list[str] = []
        for _ in range(self.draw(st.integers(0, at_most))):
            out += self.instruction()
        return out


@st.composite
def branching_functions(draw: st.DrawFn, max_segments: int = 3) -> BranchingFunction:
    b = _Builder(draw)
    blocks: list[tuple[str, tuple[str, ...]]] = []
    label, body = "entry", b.straight(3)
    for k in range(draw(st.integers(0, max_segments))):
        cond = draw(st.sampled_from(b.conds))
        then, other, merge = f"then{k}", f"else{k}", f"merge{k}"
        blocks.append((label, (*body, f"br i1 {cond}, label %{then}, label %{other}")))
        before, before_conds = list(b.values), list(b.conds)
        arms: list[tuple[str, str] | None] = []
        for arm in (then, other):
            b.values, b.conds = list(before), list(before_conds)
            arm_body = b.straight(2)
            if arm == then and draw(st.integers(0, 5)) == 0:  # an arm that never returns
                blocks.append((arm, (*arm_body, "call void @stop()", "unreachable")))
                arms.append(None)
                continue
            arms.append((arm, b.draw(st.sampled_from(b.values))))
            blocks.append((arm, (*arm_body, f"br label %{merge}")))
        b.values, b.conds = list(before), list(before_conds)
        incoming = [f"[ {v}, %{arm} ]" for a in arms if a is not None for arm, v in [a]]
        r = b.fresh()
        label, body = merge, [f"{r} = phi i8 {', '.join(incoming)}", *b.straight(2)]
        b.values.append(r)
    blocks.append((label, (*body, f"ret i8 {draw(st.sampled_from(b.values))}")))
    return BranchingFunction(tuple(blocks))
