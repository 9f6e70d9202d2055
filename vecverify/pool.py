"""The one start policy for worker processes (``vecverify conformance``, ``vecverify
prove --jobs``, ``vecverify fuzz --jobs``): **spawn**.

Why not fork: the parent has Z3 contexts, llvmlite's LLVM state and often threads (rich's
progress refresh, Hypothesis) by the time it starts workers; a forked child inherits
them half-way through whatever they were doing (locks held by threads that do not exist
in the child, solver state shared by accident). A spawned worker is a fresh interpreter
that imports what it needs once: slower to start (a fraction of a second per worker,
paid once, or after a worker is killed for running over its time limit), never wrong.

The one process that forks is the warm server (vecverify/app/server.py): inheriting its
loaded modules is its purpose, and it never has a thread or a solver query under way.
"""

from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor

CONTEXT = mp.get_context("spawn")


def executor(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` spawned workers, for functions and arguments that pickle."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=CONTEXT)
