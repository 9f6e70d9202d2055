"""Findings as corpus files in alive-tv format: ``NAME.srctgt.ll`` with ``@src`` (the
generated program) and ``@tgt`` (what the transform made of it).

A refuted or natively mismatching target is a regression case that must stay detected,
so its header carries ``; ERROR: <kind>`` (what ``vecverify check`` must report). An
inconclusive one (failed to prove, unsupported, internal error) gets no ERROR line: the
file says "this must verify", and keeps failing until the checker can decide it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Finding:
    transform: str
    kind: str  # incorrect | native | inconclusive | crash | model
    message: str
    error_line: str | None  # the expected "ERROR:" text for the corpus, if any
    seed: int  # the unit's Hypothesis seed
    master_seed: int
    text: str  # module with @src and @tgt
    description: str  # the kernel, readable
    size: int
    caught_by_proof: bool = False
    caught_natively: bool = False
    seconds: float = 0.0  # from the unit's start until first found
    path: str = ""
    created: bool = False  # this campaign wrote the file (it may remove it for a smaller one)
    report: str = ""  # the proof's counterexample (alive-tv text), if the proof saw the failure

    @property
    def signature(self) -> tuple[str, str, str]:
        return (self.transform, self.kind, self.error_line or "")

    def to_json(self) -> dict[str, object]:
        return {
            "transform": self.transform, "kind": self.kind, "message": self.message,
            "error": self.error_line, "seed": self.seed, "campaign_seed": self.master_seed,
            "kernel": self.description, "path": self.path, "caught_by_proof": self.caught_by_proof,
            "caught_natively": self.caught_natively, "seconds": round(self.seconds, 3),
            "ir": self.text, "counterexample": self.report,
        }


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "x"


def file_name(f: Finding) -> str:
    digest = hashlib.sha256(f.text.encode()).hexdigest()[:10]
    # A crash has no @tgt: kept beside the corpus, outside the alive-tv protocol.
    suffix = ".crash.ll" if f.kind == "crash" else ".srctgt.ll"
    return f"{_slug(f.transform)}-{_slug(f.kind)}-{digest}{suffix}"


def file_text(f: Finding) -> str:
    header = [
        "; vecverify fuzz finding",
        f"; transform: {f.transform}",
        f"; seed: {f.seed} (campaign seed {f.master_seed})",
        f"; kernel: {f.description}",
        f"; found: {f.kind}: {f.message}",
        f"; replay: vecverify fuzz --transform {f.transform} --seed {f.master_seed}"
        if ":" not in f.transform else f"; replay: vecverify fuzz --mutant {f.transform} --seed {f.master_seed}",
    ]
    if f.error_line:
        header.append(f"; ERROR: {f.error_line}")
    else:
        header.append("; (no ERROR line: the transformation is expected to verify once the checker can decide it)")
    return "\n".join(line.replace("\n", " ") for line in header) + "\n\n" + f.text.rstrip() + "\n"


def save(f: Finding, corpus: Path) -> tuple[Path, bool]:
    """Write the finding; returns its path and whether this call created the file (an
    identical finding already there is left as it is)."""
    corpus.mkdir(parents=True, exist_ok=True)
    path = corpus / file_name(f)
    if path.exists():
        return path, False
    tmp = path.with_suffix(".tmp")
    tmp.write_text(file_text(f))
    tmp.replace(path)  # atomic: an interrupted write never leaves half a file
    return path, True
