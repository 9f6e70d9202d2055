"""The command line: ``vecverify COMMAND ...``.

The commands are modules of ``vecverify.app.commands`` (and of other packages, through the
entry-point group ``vecverify.commands``), found without importing them: only the
command that runs is imported, so ``vecverify --help`` and ``vecverify check`` load
neither the transforms nor numpy. Every error a user can cause is one line and an exit
code (``vecverify/exit_codes.py``).
"""

from __future__ import annotations

import argparse
import sys

from .. import dataclass_code  # noqa: F401  (first: the dataclasses imported below take their code from its cache)
from ..errors import InputError, InternalError, Unsupported, VecverifyError
from ..exit_codes import EXIT_BAD_INPUT, EXIT_INCONCLUSIVE, EXIT_INTERNAL, EXIT_INTERRUPTED
from .commands import CommandInfo, builtin_commands, plugin_commands
from .options import Parser


def _chosen(argv: list[str]) -> str | None:
    """The command named on the command line (the top level has no options but -h)."""
    return next((a for a in argv if not a.startswith("-")), None)


def _commands(chosen: str | None) -> list[CommandInfo]:
    builtin = list(builtin_commands())
    if chosen is not None and any(c.name == chosen for c in builtin):
        return builtin
    # The plugins' commands are looked up only when the command is not ours (or for the list).
    return builtin + [c for c in plugin_commands() if all(c.name != b.name for b in builtin)]


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: the chosen command with all its options, the others by
    name and help line only (``None``: every command in full)."""
    chosen = _chosen(argv) if argv is not None else None
    parser = Parser(prog="vecverify", description="Verify SIMD vectorization transforms.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for info in _commands(chosen):
        if argv is None or info.name == chosen:
            info.load().add_command(sub)
        else:
            sub.add_parser(info.name, help=info.help)
    return parser


# Parsers built ahead by the warm server (server.preload), for its forked children.
_PREBUILT: dict[str, argparse.ArgumentParser] = {}


# Command lines parsed once by prebuild: argparse matches the arguments with regular
# expressions built from the options' nargs, compiled at their first use in a process
# (~1 ms each); these fill re's cache with the usual ones.
_WARM_ARGS = (["a.ll"], ["a.ll", "b.ll"], ["--unroll", "1", "--disable-undef-input", "a.ll", "b.ll"])


def prebuild(command: str) -> None:
    """Build the parser of ``command`` now, for :func:`main` to use (a served command
    then does not build it: a tenth of a small check's time in its forked child), and
    parse a few command lines with it (nothing of a parse stays in the parser)."""
    import contextlib
    import io

    parser = _PREBUILT[command] = build_parser([command])
    for args in _WARM_ARGS:
        with contextlib.suppress(SystemExit), contextlib.redirect_stderr(io.StringIO()):
            parser.parse_known_args([command, *args])


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    chosen = _chosen(argv)
    parser = _PREBUILT.pop(chosen, None) if chosen is not None else None
    args = (parser or build_parser(argv)).parse_args(argv)
    from ..interrupts import install  # Ctrl-C reaches us while Z3 solves (loads Z3: after parsing)

    install()
    try:
        code: int = args.run(args)
    except Unsupported as e:
        print(f"vecverify: {e}", file=sys.stderr)
        code = EXIT_INCONCLUSIVE
    except InternalError as e:
        print(f"vecverify: internal error: {e}", file=sys.stderr)
        code = EXIT_INTERNAL
    except (InputError, VecverifyError) as e:
        print(f"vecverify: error: {e}", file=sys.stderr)
        code = EXIT_BAD_INPUT
    except KeyboardInterrupt:
        from ..interrupts import came

        came()
        print("vecverify: interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
    except BrokenPipeError:
        code = 0
    sys.stdout.flush()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
