"""The two kinds of error a user can cause, each reported as one line."""

from __future__ import annotations


class VecverifyError(Exception):
    """Base: a message fit to print on one line."""


class InputError(VecverifyError):
    """The input is not valid IR, or misses something (a function, a file): exit 2."""


class SignatureMismatch(InputError):
    """Source and target functions of different types: nothing to compare. A pair's
    error (alive-tv's "Signature mismatch between src and tgt"), not the whole file's."""


class Unsupported(VecverifyError):
    """Valid IR using something vecverify does not model: reported by name, exit 3."""

    def __init__(self, what: str, where: str | None = None) -> None:
        self.what = what
        self.where = where
        super().__init__(f"unsupported: {what}" + (f" in @{where}" if where else ""))


class InternalError(VecverifyError):
    """A bug in vecverify itself (for example a counterexample that does not replay)."""


class OutOfTime(Exception):
    """The whole check's time limit (CheckOptions.deadline) ran out before its queries
    were decided, while the terms were still being built: "failed to prove", never a
    verdict of its own (checker.check_pair turns it into a failed one). Not a
    VecverifyError: no user caused it, and it is never printed as an error line."""

    def __init__(self, where: str) -> None:
        self.where = where
        super().__init__(f"timeout (the time limit of the whole check ran out while building the terms of @{where})")
