"""Campaign output: the live progress bar, the summary table, JSON and JUnit XML."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from .campaign import MIN_PROGRAMS_ALL_DECLINED, CampaignResult, Event


class LiveProgress:
    """A rich progress bar on stderr (programs/s, proofs, native runs, failures)."""

    def __init__(self, console: Any, budget: float | None, total: int | None) -> None:
        # rich (heavy): only for a live campaign on a terminal
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self.progress = Progress(
            TextColumn("[bold]fuzz[/]"), BarColumn(), TextColumn("{task.fields[stats]}"),
            TimeElapsedColumn(), console=console, transient=True,
        )
        self.budget, self.total = budget, total
        self.start = time.monotonic()
        self.counts = {"programs": 0, "proofs": 0, "native": 0, "failures": 0}
        self.findings: set[tuple[Any, ...]] = set()
        self.task = self.progress.add_task("fuzz", total=budget or total, stats="")

    def __enter__(self) -> LiveProgress:
        self.progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.__exit__(*exc)  # type: ignore[arg-type]

    def __call__(self, event: Event) -> None:
        c = self.counts
        if event["type"] == "program":
            c["programs"] += 1
            c["proofs"] += bool(event["proof"])
            c["native"] += event["native_runs"]
        elif event["type"] == "finding":
            self.findings.add((*event["unit"], *event["finding"].signature))
            c["failures"] = len(self.findings)
        elapsed = time.monotonic() - self.start
        rate = c["programs"] / elapsed if elapsed > 0 else 0.0
        done = elapsed if self.budget else c["programs"]
        self.progress.update(self.task, completed=done, stats=(
            f"{c['programs']} programs ({rate:.1f}/s)  {c['proofs']} proofs  "
            f"{c['native']} native runs  [{'red' if c['failures'] else 'green'}]{c['failures']} failures[/]"))


def _indent(text: str) -> str:
    return "\n".join(f"     {line}" for line in text.rstrip().splitlines())


def _catch(t: float | None) -> str:
    return "-" if t is None else f"{t:.2f}s"


def summary_table(result: CampaignResult) -> Any:
    # rich (heavy): only for the printed summary
    from rich.table import Table

    title = (f"vecverify fuzz: seed {result.seed}, shard {result.shard[0]}/{result.shard[1]}, "
             f"{result.seconds:.1f}s" + (" (interrupted)" if result.interrupted else ""))
    table = Table(title=title)
    for col in ("transform", "programs", "declined", "proved", "refuted", "inconclusive",
                "native runs", "failures", "programs/s"):
        table.add_column(col, justify="left" if col == "transform" else "right")
    per: dict[str, int] = {}
    for f in result.findings:
        per[f.transform] = per.get(f.transform, 0) + 1
    for name in result.transforms:
        s = result.stats[name]
        native = str(s.native_runs) if result.native_available else "unavailable"
        rate = s.programs / result.seconds if result.seconds else 0.0
        fails = per.get(name, 0)
        declined = f"[red]{s.declined} (all)[/]" if s.all_declined else str(s.declined)
        table.add_row(name, str(s.programs), declined, str(s.proved), str(s.refuted),
                      str(s.inconclusive), native, f"[red]{fails}[/]" if fails else "0", f"{rate:.1f}")
    return table


def print_summary(result: CampaignResult, console: Any) -> None:
    console.print(summary_table(result))
    if not result.native_available:
        console.print(f"native: unavailable ({result.native_note})")
    for f in result.findings:
        console.print(f"[red]FAIL[/] {f.transform}: {f.kind}: {f.message}", markup=True, highlight=False)
        console.print(f"     {f.description}", highlight=False)
        if f.path:
            console.print(f"     saved: {f.path}", highlight=False)
        console.print(_indent(f.text), highlight=False, markup=False)
        if f.report:
            console.print(_indent(f.report), highlight=False, markup=False)
    for p in result.problems:
        console.print(f"[red]PROBLEM[/] {p}", highlight=False)
    for name, s in result.stats.items():
        if s.all_declined and s.programs < MIN_PROGRAMS_ALL_DECLINED:
            console.print(f"[yellow]note[/] {name} declined all {s.programs} of its programs (too few to say more)",
                          highlight=False)
    for e in result.errors:
        console.print(f"[yellow]note[/] {e}", highlight=False)
    for e in result.lost:
        console.print(f"[red]LOST[/] {e} (not run: lost on the cluster)", highlight=False)
    console.print(f"{result.programs} programs, {result.failures} failures, seed {result.seed}", highlight=False)


def write_json(result: CampaignResult, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result.to_json(), indent=2) + "\n")


def write_junit(result: CampaignResult, path: Path) -> None:
    """One test suite per transform: a passing case for the campaign, one failing case
    per finding (its message, the kernel and the corpus file)."""
    suites = ET.Element("testsuites", name="vecverify fuzz", time=f"{result.seconds:.3f}")
    for name in result.transforms:
        s = result.stats[name]
        found = [f for f in result.findings if f.transform == name]
        suite = ET.SubElement(suites, "testsuite", name=f"fuzz.{name}", tests=str(1 + len(found)),
                              failures=str(len(found)), errors="0", time=f"{s.proof_seconds:.3f}")
        props = ET.SubElement(suite, "properties")
        for k, v in (("seed", result.seed), ("programs", s.programs), ("declined", s.declined),
                     ("native_runs", s.native_runs if result.native_available else "unavailable")):
            ET.SubElement(props, "property", name=k, value=str(v))
        case = ET.SubElement(suite, "testcase", classname=f"fuzz.{name}", name="campaign")
        if s.all_declined:
            ET.SubElement(case, "skipped", message=f"declined all {s.programs} programs: nothing exercised")
        for f in found:
            found_case = ET.SubElement(suite, "testcase", classname=f"fuzz.{name}",
                                       name=f"{f.kind}: {f.description[:80]}")
            fail = ET.SubElement(found_case, "failure", message=f.message, type=f.kind)
            fail.text = f"{f.description}\nseed {f.seed}\n{f.path}\n\n{f.text}\n{f.report}"
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(suites).write(path, encoding="unicode", xml_declaration=True)
