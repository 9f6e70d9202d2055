"""vecverify: verification and equivalence checking for SIMD vectorization transforms."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: `import vecverify` stays cheap (the launcher's start-up)
if TYPE_CHECKING:
    from typing import Any

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # Imported on first use, so that `import vecverify` stays cheap.
    if name == "assert_refines":
        from .pytest_plugin import assert_refines

        return assert_refines
    raise AttributeError(name)
