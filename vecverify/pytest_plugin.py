"""The pytest plugin: vecverify as a correctness gate in a project's test suite.

- ``vecverify.assert_refines(src, tgt, **options)``: IR text, paths or IR functions;
  fails with the alive-tv counterexample as the message.
- the ``vecverify_checker`` fixture: a checker configured from the command line / ini.
- ``*.srctgt.ll``, ``*.src.ll``/``*.tgt.ll`` and ``*.ident.ll`` files under the paths
  named in the ini option ``vecverify_paths`` are collected as test items, with Alive2's
  ``; ERROR:`` expectations.
- ``--vecverify-timeout MS`` and ``--vecverify-unroll N`` (or the ini options of the same
  names with underscores).

Heavy modules (z3, llvmlite) are imported only when a check runs, so registering the
plugin costs a project that does not use it nothing.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .ir.function import Function
    from .refine import CheckOptions, Verdict


class RefinementError(AssertionError):
    """A transformation that does not refine its source (or could not be proved to)."""


def _function(value: Any, default_name: str, name: str | None) -> Function:
    # z3 and the reader load when a check runs, not with the plugin (every pytest run)
    from .ir.function import Function
    from .llvm import parse_module, read_module

    if isinstance(value, Function):
        return value
    if isinstance(value, Path) or (isinstance(value, str) and "\n" not in value and value.endswith(".ll")):
        module = read_module(Path(value))
    else:
        module = parse_module(str(value), "<assert_refines>")
    wanted = name or (default_name if default_name in module.functions else None)
    if wanted is None:
        if len(module.functions) != 1:
            raise ValueError(f"say which function: src_fn=/tgt_fn= (found {', '.join(module.functions)})")
        return next(iter(module.functions.values()))
    try:
        return module.functions[wanted]
    except KeyError:
        raise ValueError(f"no function @{wanted}") from None


def _options(base: CheckOptions | None, overrides: dict[str, Any]) -> CheckOptions:
    # z3 and the reader load when a check runs, not with the plugin (every pytest run)
    from .refine import CheckOptions

    return replace(base or CheckOptions(), **overrides)


def _failure_text(verdict: Verdict) -> str:
    # z3 and the reader load when a check runs, not with the plugin (every pytest run)
    from .report import verdict_text

    return verdict_text(verdict)


def assert_refines(
    src: Any, tgt: Any, *, src_fn: str | None = None, tgt_fn: str | None = None,
    _base: CheckOptions | None = None, **options: Any,
) -> Verdict:
    """Fail unless ``tgt`` refines ``src``. Failed-to-prove and unsupported fail too."""
    s = _function(src, "src", src_fn)
    t = _function(tgt, "tgt", tgt_fn)
    verdict = _verdict(s, t, _options(_base, options))
    if verdict.status != "correct":
        raise RefinementError(f"@{t.name} does not refine @{s.name}:\n{_failure_text(verdict)}")
    return verdict


class Checker:
    """What the ``vecverify_checker`` fixture gives: checks with the session's options."""

    def __init__(self, options: CheckOptions):
        self.options = options

    def assert_refines(self, src: Any, tgt: Any, **kwargs: Any) -> Verdict:
        return assert_refines(src, tgt, _base=self.options, **kwargs)

    def check(self, src: Any, tgt: Any, src_fn: str | None = None, tgt_fn: str | None = None) -> Verdict:
        return _verdict(_function(src, "src", src_fn), _function(tgt, "tgt", tgt_fn), self.options)


def _verdict(src: Function, tgt: Function, options: CheckOptions) -> Verdict:
    """The proof's verdict, through the one comparison service (no native runs)."""
    # z3 and the reader load when a check runs, not with the plugin (every pytest run)
    from .compare import Witness, compare_functions

    return compare_functions(src, tgt, options, Witness(replay=False)).verdict


# ----------------------------------------------------------------------------- hooks


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("vecverify")
    group.addoption("--vecverify-timeout", type=int, default=None, help="solver time limit per query (ms)")
    group.addoption("--vecverify-unroll", type=int, default=None, help="loop unroll bound")
    parser.addini("vecverify_paths", "folders whose .ll test files are collected", type="paths", default=[])
    parser.addini("vecverify_timeout", "solver time limit per query (ms)", default="")
    parser.addini("vecverify_unroll", "loop unroll bound", default="")


def session_options(config: pytest.Config) -> CheckOptions:
    # z3 and the reader load when a check runs, not with the plugin (every pytest run)
    from .refine import CheckOptions

    opts = CheckOptions()
    timeout = config.getoption("--vecverify-timeout") or config.getini("vecverify_timeout")
    unroll = config.getoption("--vecverify-unroll")
    if unroll is None and config.getini("vecverify_unroll"):
        unroll = config.getini("vecverify_unroll")
    if timeout:
        opts = replace(opts, timeout_ms=int(timeout))
    if unroll is not None and unroll != "":
        opts = replace(opts, unroll=int(unroll))
    return opts


@pytest.fixture
def vecverify_checker(request: pytest.FixtureRequest) -> Checker:
    return Checker(session_options(request.config))


_SUFFIXES = (".srctgt.ll", ".src.ll", ".ident.ll")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if not file_path.name.endswith(_SUFFIXES):
        return None
    roots = [Path(p) for p in parent.config.getini("vecverify_paths")]
    if not any(file_path.is_relative_to(r) for r in roots):
        return None
    return LLFile.from_parent(parent, path=file_path)


class LLFile(pytest.File):
    def collect(self) -> Any:
        yield LLItem.from_parent(self, name=self.path.name)


class LLItem(pytest.Item):
    """One alive-tv test file: it must verify, or fail with its ``; ERROR:`` line."""

    def runtest(self) -> None:
        # z3 and the reader load when a check runs, not with the plugin (every pytest run)
        from .compare import compare_case
        from .testfile import load_case

        case = load_case(self.path)
        assert case is not None
        results = compare_case(case, session_options(self.config))
        texts = [_failure_text(r.verdict) for r in results]
        if case.expected_error is None:
            bad = [t for r, t in zip(results, texts, strict=True) if r.verdict.status != "correct"]
            if bad:
                raise RefinementError("\n\n".join(bad))
            return
        if not any(
            r.verdict.status == "incorrect" and (r.verdict.error or "").startswith(case.expected_error)
            for r in results
        ):
            raise RefinementError(f"expected ERROR: {case.expected_error}, got:\n" + "\n\n".join(texts))
        _guard_examples(texts)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, RefinementError):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"vecverify: {self.name}"


def _guard_examples(texts: list[str]) -> None:
    """A counterexample whose two sides print the same value shows no difference: a bug
    of the check or of its printing, whatever the verdict (issue 22)."""
    from .report import same_values_shown

    for text in texts:
        if (same := same_values_shown(text)) is not None:
            raise RefinementError(f"the counterexample shows the same value on both sides ({same}):\n{text}")
