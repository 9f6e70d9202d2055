"""Checking pairs: choose the function pairs of a file or two, run the refinement check on
each, and turn every user-caused failure into a verdict rather than an exception (the
files of a test case, with the native witness: compare.py)."""

from __future__ import annotations

import time
from pathlib import Path

from .errors import InputError, InternalError, OutOfTime, SignatureMismatch, Unsupported
from .interrupts import stands_for_interrupt
from .ir.function import Function, Module
from .ir.values import Call
from .llvm import read_module as _read
from .loops import check_loops
from .refine import ERR_SIGNATURE, CheckOptions, Verdict
from .scalable import check_each_vscale, is_scalable


def read_module(path: Path) -> Module:
    return _read(path)


def select_pairs(
    src_mod: Module, tgt_mod: Module, same_file: bool, src_fn: str | None, tgt_fn: str | None
) -> list[tuple[Function, Function]]:
    """``@src``/``@tgt`` (or the named functions) in one file; functions paired by name in
    two files."""
    if src_fn or tgt_fn:
        if src_fn is None or tgt_fn is None:
            raise InputError("give both --src-fn and --tgt-fn, or neither")
        return [(_function(src_mod, src_fn), _function(tgt_mod, tgt_fn))]
    if same_file:
        # @src with @tgt, and @srcN with @tgtN (Alive2's convention for several pairs).
        pairs = [
            (f, src_mod.functions["tgt" + name[3:]])
            for name, f in src_mod.functions.items()
            if name.startswith("src") and "tgt" + name[3:] in src_mod.functions
        ]
        if not pairs:
            missing = "@src" if "src" not in src_mod.functions else "@tgt"
            raise InputError(f"{src_mod.source_name}: no function {missing}")
        return pairs
    names = [n for n in src_mod.functions if n in tgt_mod.functions]
    if not names:
        raise InputError(f"no function of {src_mod.source_name} is defined in {tgt_mod.source_name}")
    return [(src_mod.functions[n], tgt_mod.functions[n]) for n in names]


def _function(mod: Module, name: str) -> Function:
    try:
        return mod.functions[name]
    except KeyError:
        raise InputError(f"{mod.source_name}: no function @{name}") from None


def check_pair(src: Function, tgt: Function, options: CheckOptions) -> Verdict:
    """The refinement check, with unsupported constructs as a verdict, not an exception."""
    if src.denormal != tgt.denormal:
        # As Alive2: a function's denormal mode is part of its contract with its callers
        # (they set the environment up for it), so a target may not change it.
        return Verdict("incorrect", "Function attributes not refined",
                       detail=f"@{src.name} has {src.denormal}, @{tgt.name} has {tgt.denormal}")
    start = time.monotonic()
    try:
        if is_scalable(src) or is_scalable(tgt):
            verdict = check_each_vscale(src, tgt, options, check_loops)
        else:
            verdict = check_loops(src, tgt, options)
        if verdict.status == "correct":
            _check_fp_exceptions(src, tgt)
        return _judge_promises(src, tgt, verdict)
    except Unsupported as e:
        return Verdict("unsupported", detail=str(e))
    except OutOfTime as e:  # the deadline passed while the terms were built: failed to prove
        return Verdict("failed", detail=f"solver gave up: {e}", seconds=time.monotonic() - start)
    except SignatureMismatch as e:  # this pair's error: the file's other pairs are still checked
        return Verdict("error", ERR_SIGNATURE, detail=str(e))
    except InputError:
        raise
    except InternalError as e:
        return Verdict("internal", detail=f"internal error: {e}")
    except Exception as e:  # a bug: report it on one line, never as a verdict
        if stands_for_interrupt(e):  # Ctrl-C, disguised by ctypes (interrupts.py)
            raise KeyboardInterrupt from e
        return Verdict("internal", detail=f"internal error: {type(e).__name__}: {e}")


def _judge_promises(src: Function, tgt: Function, verdict: Verdict) -> Verdict:
    """Metadata promises (Function.promises) are not modelled: each function is read as
    if it made none, so more defined than it is. The target's make it less defined: a
    proof is not one for it (a counterexample still is: the target is at best UB there).
    The source's may rule out a counterexample's inputs (a proof still holds). A function
    checked against itself makes the same promises on both sides: its verdict stands."""
    def unsupported(fn: Function, why: str) -> Verdict:
        kinds = ", ".join(sorted(fn.promises))
        return Verdict("unsupported", detail=str(Unsupported(
            f"{kinds} metadata (a promise whose breaking is UB, not modelled: {why})", fn.name)))
    if tgt is src:
        return verdict
    if verdict.status == "correct" and tgt.promises:
        return unsupported(tgt, "the transformation is correct for the target without it")
    if verdict.status == "incorrect" and src.promises:
        return unsupported(src, "the counterexample is one for the source without it")
    return verdict


def _check_fp_exceptions(src: Function, tgt: Function) -> None:
    """Floating-point status flags and traps are not modelled: a check that holds for
    the values does not show that a constrained intrinsic under fpexcept.strict or
    fpexcept.maytrap keeps its exceptions (LangRef), so such a pair is not "correct"."""
    for fn in (src, tgt):
        for inst in fn.instructions():
            if isinstance(inst, Call) and inst.fp_env is not None and inst.fp_env[1] != "fpexcept.ignore":
                raise Unsupported(f"floating-point exceptions ({inst.fp_env[1]}) of @{inst.callee} "
                                  "(the values refine; exceptions are not modelled)", fn.name)
