"""The exit codes of every command, and how a set of verdicts maps to one.

  0  everything checked is correct (for a directory: every file got its expected verdict)
  1  some transformation is incorrect (for a directory: some file got an unexpected verdict)
  2  bad input or bad usage (one line on stderr says what and where), or a job lost on a
     cluster (``lost``: named on stderr, docs/cluster.md)
  3  nothing incorrect, but something was unsupported or failed to prove
  4  internal error (a bug in vecverify: please report it)
  130 interrupted
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

EXIT_OK = 0
EXIT_INCORRECT = 1
EXIT_BAD_INPUT = 2
EXIT_INCONCLUSIVE = 3
EXIT_INTERNAL = 4
EXIT_INTERRUPTED = 130


def exit_code(counts: Mapping[str, int]) -> int:
    """The code for verdict counts by status (correct, incorrect, failed, unsupported,
    error, lost, internal): the worst one wins, incorrect first."""
    if counts.get("incorrect"):
        return EXIT_INCORRECT
    if counts.get("internal"):
        return EXIT_INTERNAL
    if counts.get("error") or counts.get("lost"):
        return EXIT_BAD_INPUT
    if counts.get("unsupported") or counts.get("failed"):
        return EXIT_INCONCLUSIVE
    return EXIT_OK


# Worst first: the order in which exit_code lets a status win.
_PRECEDENCE = (EXIT_INCORRECT, EXIT_INTERNAL, EXIT_BAD_INPUT, EXIT_INCONCLUSIVE)


def worst(codes: Iterable[int]) -> int:
    """One code for several (the opinions of one command): the worst wins, in the order
    of :func:`exit_code` (incorrect, internal, bad input, inconclusive)."""
    seen = set(codes)
    return next((c for c in _PRECEDENCE if c in seen), next((c for c in sorted(seen) if c), EXIT_OK))
