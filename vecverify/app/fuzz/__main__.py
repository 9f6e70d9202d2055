"""``python -m vecverify.app.fuzz fuzz ...`` / ``python -m vecverify.app.fuzz mutants``: the
two commands without the main command line."""

from __future__ import annotations

import sys

from ...errors import InputError
from ...exit_codes import EXIT_BAD_INPUT, EXIT_INTERRUPTED
from ..commands import fuzz, mutants
from ..options import Parser


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="vecverify")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    fuzz.add_command(sub)
    mutants.add_command(sub)
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except InputError as e:
        print(f"vecverify: error: {e}", file=sys.stderr)
        code = EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("vecverify: interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
    return code


if __name__ == "__main__":
    raise SystemExit(main())
