"""Basic blocks, functions and modules."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .floats import IEEE_DENORMALS, DenormalModes
from .layout import DEFAULT_LAYOUT, DataLayout
from .types import Type
from .values import Argument, GlobalVariable, Instruction, ParamAttrs, is_terminator
from .vscale import VScaleRange


@dataclass(eq=False)
class Block:
    """A basic block: its name and instructions, the terminator last."""

    name: str
    instructions: list[Instruction] = field(default_factory=list)

    @property
    def terminator(self) -> Instruction:
        assert self.instructions and is_terminator(self.instructions[-1]), self.name
        return self.instructions[-1]

    def successors(self) -> list[str]:
        term = self.terminator
        return list(getattr(term, "targets", []))


@dataclass(frozen=True)
class Scalable:
    """A function with scalable vector types or ``llvm.vscale``: read at ``vscale``
    (its types' lanes, llvm.vscale's value). ``instantiated`` is False for the copy a
    plain read makes (at vscale 1, to have a model of it at all): that one is never
    checked, only the copies ``at(v)`` returns for each value of its range."""

    vscale: int
    at: Callable[[int], Function]
    instantiated: bool = False


@dataclass(eq=False)
class Function:
    """A function definition."""

    name: str
    ret_type: Type
    args: list[Argument]
    blocks: list[Block] = field(default_factory=list)
    # Return attributes that change meaning (noundef, nonnull, align).
    ret_attrs: ParamAttrs = field(default_factory=ParamAttrs)
    willreturn: bool = False  # not returning (a call that does not return) is UB
    # What its memory attributes allow per location kind (argmem, inaccessiblemem,
    # other): (may read, may write); None when they allow everything.
    memory: dict[str, tuple[bool, bool]] | None = None
    layout: DataLayout = DEFAULT_LAYOUT  # the module's data layout
    denormal: DenormalModes = IEEE_DENORMALS  # its denormal_fpenv attribute
    vscale_range: VScaleRange = VScaleRange()  # its vscale_range attribute
    scalable: Scalable | None = None  # set when it has scalable vectors or llvm.vscale
    # Metadata kinds on its instructions that promise what is not modelled (!tbaa,
    # !noalias, ...: llvm/policy.PROMISE_METADATA); judged with the verdict.
    promises: frozenset[str] = frozenset()

    @property
    def big_endian(self) -> bool:
        return self.layout.big_endian

    @property
    def entry(self) -> Block:
        return self.blocks[0]

    def block(self, name: str) -> Block:
        for b in self.blocks:
            if b.name == name:
                return b
        raise KeyError(name)

    def instructions(self) -> Iterator[Instruction]:
        for b in self.blocks:
            yield from b.instructions

    def signature(self) -> str:
        return f"{self.ret_type} ({', '.join(str(a.type) for a in self.args)})"

    def back_edges(self) -> list[tuple[str, str]]:
        """Edges (source, target) to a block on the stack of a depth-first search from the
        entry, in the order found: the loops' back edges (their targets the headers) when
        the control flow is reducible, as every loop clang writes is."""
        succ = {b.name: b.successors() for b in self.blocks}
        edges: list[tuple[str, str]] = []
        state: dict[str, int] = {self.entry.name: 1}  # 1 on the stack, 2 done
        stack: list[tuple[str, int]] = [(self.entry.name, 0)]
        while stack:
            name, k = stack[-1]
            if k < len(succ[name]):
                stack[-1] = (name, k + 1)
                t = succ[name][k]
                if state.get(t) == 1:
                    edges.append((name, t))
                elif t not in state:
                    state[t] = 1
                    stack.append((t, 0))
            else:
                state[name] = 2
                stack.pop()
        return edges


@dataclass(eq=False)
class Declaration:
    """A declared (external) function."""

    name: str
    text: str  # the declaration line as LLVM printed it
    fn_attrs: list[tuple[str, str | None]] = field(default_factory=list)
    ret_attrs: ParamAttrs = field(default_factory=ParamAttrs)
    param_attrs: list[ParamAttrs] = field(default_factory=list)
    unsupported: str | None = None  # what it says that is not modelled (if it is called)


@dataclass(eq=False)
class Module:
    """A module's functions, declarations and global variables."""

    functions: dict[str, Function] = field(default_factory=dict)
    declarations: dict[str, Declaration] = field(default_factory=dict)
    source_name: str = "<input>"
    globals: dict[str, GlobalVariable] = field(default_factory=dict)
    # Read leniently (see vecverify.llvm.parse_module): the functions left out as
    # unsupported (name -> what), LLVM's printed text of the module, and where each
    # defined function stands in it (first and last line, 0-based).
    opaque: dict[str, str] = field(default_factory=dict)
    text: str = ""
    spans: dict[str, tuple[int, int]] = field(default_factory=dict)

    def function(self, name: str) -> Function:
        return self.functions[name]
