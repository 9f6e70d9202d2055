"""Option types shared by every command, and the parser class that makes bad usage one
line and exit code 2."""

from __future__ import annotations

import argparse
import functools
import math
import sys
from pathlib import Path
from typing import NoReturn

from ..errors import InputError
from ..exit_codes import EXIT_BAD_INPUT
from ..jobs import LOST_AFTER, Placement, check_address

# argparse translates each of its own messages through gettext, which searches the disk
# for a catalogue at every call (~40 while a command's parser is built, each a dozen
# stat calls: a tenth of a served check's time); a message's translation does not change
# within a process, so it is looked up once. Where no catalogue exists at all (gettext
# then returns every message as it is), the disk is searched once, not once per message.


def _no_catalogue() -> bool:
    """gettext finds no catalogue for argparse's messages (its domain, its directory, the
    languages of LANGUAGE, LC_ALL, LC_MESSAGES, LANG): each message is its own translation."""
    import gettext

    domain = gettext.textdomain()
    return not gettext.find(domain, gettext.bindtextdomain(domain), all=True)


if _no_catalogue():  # gettext.dgettext and dngettext, where translation() finds no file
    argparse._ = lambda message: message  # type: ignore[attr-defined]
    argparse.ngettext = lambda singular, plural, n: singular if n == 1 else plural  # type: ignore[attr-defined]
else:
    argparse._ = functools.lru_cache(maxsize=None)(argparse._)  # type: ignore[attr-defined]
    argparse.ngettext = functools.lru_cache(maxsize=None)(argparse.ngettext)  # type: ignore[attr-defined]


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``vecverify: error: ...``, exit 2."""

    def error(self, message: str) -> NoReturn:
        print(f"vecverify: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def whole(text: str) -> int:
    """A whole number (any sign)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def non_negative(text: str) -> int:
    """A whole number >= 0 (seeds, counts that may be zero)."""
    v = whole(text)
    if v < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0: {v}")
    return v


def at_least_one(text: str) -> int:
    """A whole number >= 1 (jobs, limits, time limits in milliseconds)."""
    v = whole(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {v}")
    return v


def seconds(text: str) -> float:
    """A positive, finite number of seconds."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not v > 0 or math.isinf(v):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text}")
    return v


def comma_list(text: str) -> list[str]:
    """``a,b,c`` as a list (empty items dropped)."""
    return [x.strip() for x in text.split(",") if x.strip()]


def shard(text: str) -> tuple[int, int]:
    """``I/N`` with 1 <= I <= N (1-based, as CI systems number parallel jobs)."""
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected I/N (e.g. 1/4): {text!r}") from None
    if n < 1 or not 1 <= i <= n:
        raise argparse.ArgumentTypeError(f"{text}: I must be between 1 and N")
    return i, n


def add_cluster_options(p: argparse.ArgumentParser) -> None:
    """``--cluster ADDRESS`` and ``--cluster-security FILE`` (docs/cluster.md)."""
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="run the jobs on a Dask cluster: local (--jobs workers on 127.0.0.1), "
                   "tcp://127.0.0.1:PORT, or tls://HOST:PORT with --cluster-security (docs/cluster.md)")
    p.add_argument("--cluster-security", type=Path, metavar="FILE",
                   help="Dask configuration file with the TLS certificates for a tls:// cluster")
    p.add_argument("--cluster-lost-after", type=seconds, default=LOST_AFTER, metavar="SECONDS",
                   help="a job with no worker to run it (or not done past its deadline) this long "
                   f"is reported lost (default {LOST_AFTER:g})")


def placement(args: argparse.Namespace, jobs: int) -> Placement:
    """Where the command's jobs run: ``--cluster`` (checked first: one line for a bad
    address), else ``jobs`` processes here."""
    cluster: str | None = getattr(args, "cluster", None)
    security: Path | None = getattr(args, "cluster_security", None)
    if cluster is None:
        if security is not None:
            raise InputError("--cluster-security: only with --cluster")
        return Placement(jobs=jobs)
    check_address(cluster, security)
    return Placement(jobs=jobs, cluster=cluster, security=security,
                     lost_after=getattr(args, "cluster_lost_after", LOST_AFTER))


def add_solver_option(p: argparse.ArgumentParser, default: str) -> None:
    """``--solver`` (vecverify/portfolio.py): which solvers decide the queries."""
    from ..portfolio import SOLVERS  # Z3: only for the commands that check

    p.add_argument("--solver", choices=SOLVERS, default=default,
                   help=f"which solvers decide the queries (default {default}; portfolio: Bitwuzla and "
                        "cvc5 beside Z3 where Z3 has not answered within a slice, and for a quantified "
                        "query Z3's quick search did not decide)")
