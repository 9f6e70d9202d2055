"""``vecverify mutants``: a short campaign per mutant, stopped once the proof (and, for
value bugs, a native run) has caught it; one row per mutant."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import native
from .campaign import DEFAULT_TIMEOUT_MS, CampaignOptions, run_campaign
from .mutants import all_mutants, get_mutant


@dataclass
class SurveyRow:
    mutant: str
    description: str
    programs: int
    proof_seconds: float | None  # until the proof first refuted a program; None: not caught
    native_seconds: float | None  # until a native run first disagreed
    native: str  # "caught", "missed", "poison only", "unavailable"
    why: str = ""

    @property
    def caught(self) -> bool:
        return self.proof_seconds is not None


def survey(names: list[str] | None = None, *, max_examples: int = 60, budget: float = 30.0,
           seed: int = 0, database: Any = None, timeout_ms: int | None = None) -> list[SurveyRow]:
    """A short campaign per mutant that stops once the proof (and, for value bugs, a
    native run) has caught it."""
    rows = []
    for m in all_mutants() if names is None else [get_mutant(n) for n in names]:
        r = run_campaign(CampaignOptions(
            mutant=m.name, max_examples=max_examples, budget=budget, seed=seed, corpus=None,
            database=database, survey=True, timeout_ms=timeout_ms or DEFAULT_TIMEOUT_MS, chunk=max_examples,
        ))
        s = r.stats[m.name]
        if not native.available():
            how = "unavailable"
        elif s.first_native_catch is not None:
            how = "caught"
        else:
            how = "missed" if m.native_visible else "poison only"
        rows.append(SurveyRow(m.name, m.description, s.programs, s.first_proof_catch, s.first_native_catch, how,
                              m.why))
    return rows
