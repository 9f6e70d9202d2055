"""What ``vecverify vectorize`` does to a module, written once for the command and for
the workers of its ``--jobs`` (which vectorize one function of the file again)."""

from __future__ import annotations

import argparse
from typing import Any

from transforms.interleave import combine_module
from transforms.loop.vectorizer import vectorize_module_loops
from transforms.slp import vectorize_module
from transforms.slp.vectorizer import SLPOptions
from vecverify.ir.function import Module
from vecverify.llvm import read_module


def vectorize(module: Module, args: argparse.Namespace) -> tuple[Module, list[Any], list[Any], list[Any]]:
    """(the vectorized module, loop reports, SLP trees, interleaved combines)."""
    options = SLPOptions(target=args.target, max_depth=args.max_depth, families=args.transforms,
                         reductions=not args.no_reductions)
    # Loops first (transforms/loop), then SLP on the blocks that stay scalar, then
    # vector loads de-interleaved by shuffles (transforms/interleave).
    looped, loop_reports = (module, []) if args.no_loops else \
        vectorize_module_loops(module, args.target, args.vf, args.tail, args.uf, args.index32,
                               args.epilogue_vf)
    out, reports = vectorize_module(looped, options)
    out, interleaved = combine_module(out)
    return out, loop_reports, reports, interleaved


def vectorized_function(args: argparse.Namespace, name: str) -> tuple[Any, Any, list[Any]]:
    """The function ``name`` of ``args.file`` vectorized as the command does it:
    (input, output, its vectorized loops' reports), for a worker of ``--jobs``."""
    module = read_module(args.file, lenient=True)
    one = Module({name: module.functions[name]}, dict(module.declarations), module.source_name, dict(module.globals))
    out, loop_reports, _, _ = vectorize(one, args)
    return one.functions[name], out.functions[name], [r for r in loop_reports if r.vectorized]
