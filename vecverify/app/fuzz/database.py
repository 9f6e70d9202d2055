"""Hypothesis' example database for campaigns: where failing examples are kept, so that
a re-run replays them first.

By default a directory (``.vecverify/hypothesis``): one file per example, written
atomically, so every process of a campaign (``--jobs``) and every campaign on the
machine may share it. CI workers on other machines share one of two ways:

* cache the directory between runs (each shard restores it, runs, saves it): shards
  write examples under per-transform keys as separate files, so merged caches lose
  nothing;
* or give ``--shared-database redis://HOST:PORT/DB``: the directory and a Redis store
  together (Hypothesis' ``MultiplexedDatabase`` of a ``DirectoryBasedExampleDatabase``
  and a ``RedisExampleDatabase``; needs the ``redis`` package). Any number of workers
  and shards may share one Redis database: reads see every worker's failures, writes
  go to both stores.

Only the first unit of each transform in a campaign reads the database (later units
would all replay the same examples); every unit writes to it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import InputError


@dataclass(frozen=True)
class SharedDatabase:
    """A local directory and a Redis store, by URL (picklable: each worker process
    connects on its own)."""

    directory: Path | None
    redis_url: str

    def build(self) -> Any:
        # Hypothesis (heavy): only when a campaign runs
        from hypothesis.database import DirectoryBasedExampleDatabase, MultiplexedDatabase

        try:
            # optional: the redis package, only for --shared-database
            import redis
            from hypothesis.extra.redis import RedisExampleDatabase
        except ImportError:
            raise InputError("--shared-database needs the redis package (pip install redis)") from None
        shared = RedisExampleDatabase(redis.Redis.from_url(self.redis_url))
        if self.directory is None:
            return shared
        return MultiplexedDatabase(DirectoryBasedExampleDatabase(str(self.directory)), shared)


def check_redis_url(url: str) -> str:
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise InputError(f"--shared-database {url}: expected a redis://HOST:PORT/DB URL")
    return url


def example_database(spec: Any, replay: bool) -> Any:
    """The ExampleDatabase for one unit: ``spec`` is a directory, a SharedDatabase, an
    ExampleDatabase, or None (no database); without ``replay`` it only records."""
    if spec is None:
        return None
    # Hypothesis (heavy): only when a campaign runs
    from hypothesis.database import DirectoryBasedExampleDatabase

    if isinstance(spec, str | Path):
        base = DirectoryBasedExampleDatabase(str(spec))
    elif isinstance(spec, SharedDatabase):
        base = spec.build()
    else:
        base = spec
    return base if replay else WriteOnlyDatabase(base)


def _write_only_class() -> type:
    # Hypothesis (heavy): only when a campaign runs
    from hypothesis.database import ExampleDatabase

    class _WriteOnly(ExampleDatabase):
        """Saves go through; fetches find nothing (no replay in later rounds)."""

        def __init__(self, base: Any) -> None:
            super().__init__()
            self.base = base

        def save(self, key: bytes, value: bytes) -> None:
            self.base.save(key, value)

        def fetch(self, key: bytes) -> Iterator[bytes]:
            return iter(())

        def delete(self, key: bytes, value: bytes) -> None:
            self.base.delete(key, value)

        def move(self, src: bytes, dest: bytes, value: bytes) -> None:
            self.base.move(src, dest, value)

    return _WriteOnly


def WriteOnlyDatabase(base: Any) -> Any:  # noqa: N802 - a class made on first use (lazy import)
    return _write_only_class()(base)
