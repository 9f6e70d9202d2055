"""The report page: static HTML, every figure embedded as a PNG (no network at view
time). A few lines of script check, when the page is shown, that every figure was
decoded, and record it (and any script error) on the body: ``data-plots-ok``,
``data-plots-broken``, ``data-js-errors`` (tests/test_report.py reads them in Chromium)."""

from __future__ import annotations

import base64
import html
import time
from collections.abc import Callable

from . import plots
from .read import Runs

CHECK_SCRIPT = """
window.__errors = 0;
window.addEventListener("error", function () {
  window.__errors += 1;
  document.body.setAttribute("data-js-errors", String(window.__errors));
});
window.addEventListener("load", function () {
  var ok = 0, broken = 0;
  document.querySelectorAll("img.plot").forEach(function (img) {
    if (img.complete && img.naturalWidth > 0) { ok += 1; } else { broken += 1; }
  });
  document.body.setAttribute("data-plots-ok", String(ok));
  document.body.setAttribute("data-plots-broken", String(broken));
  document.body.setAttribute("data-js-errors", String(window.__errors));
});
"""

STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1000px; color: #212121; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; }
img.plot { max-width: 100%; display: block; margin: 0.5em 0; }
table { border-collapse: collapse; font-size: 0.9em; } td, th { padding: 2px 10px; text-align: left; }
tr:nth-child(even) { background: #f5f5f5; } .none { color: #757575; font-style: italic; }
"""


def render(runs: Runs, title: str, timeout_s: float | None) -> tuple[str, int]:
    """The page and how many figures it has."""
    sections: list[tuple[str, str, Callable[[], bytes | None]]] = [
        ("Verdicts per file", "check and opt-tv: each file's functions by outcome (files with "
         "something other than correct first).", lambda: plots.verdicts_per_file(runs)),
        ("Proof times", "each verdict's time against the solver's time limit per query.",
         lambda: plots.proof_times(runs, timeout_s)),
        ("Rule proofs", "vecverify prove: each obligation's result.", lambda: plots.proof_results(runs)),
        ("Native speed", "bench loop: speed-up over the scalar loop of LLVM's code and ours, per kernel "
         "and trip count.", lambda: plots.native_speed(runs)),
        ("Conformance with Alive2", "vecverify conformance: agreement run by run (in the order the "
         "JSON files are given).", lambda: plots.conformance_over_time(runs)),
        ("Fuzz campaigns", "vecverify fuzz: programs per transform.", lambda: plots.fuzz_programs(runs)),
    ]
    body, figures = [], 0
    for heading, caption, draw in sections:
        png = draw()
        body.append(f"<h2>{html.escape(heading)}</h2>\n<p>{html.escape(caption)}</p>")
        if png is None:
            body.append('<p class="none">No data for this section in the files given.</p>')
            continue
        figures += 1
        data = base64.b64encode(png).decode("ascii")
        body.append(f'<img class="plot" alt="{html.escape(heading)}" src="data:image/png;base64,{data}">')
        if heading == "Verdicts per file" and runs.reasons:
            body.append(_reasons_table(runs))
    sources = "".join(f"<tr><td>{html.escape(p)}</td><td>{html.escape(k)}</td></tr>" for p, k in runs.sources)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>{STYLE}</style><script>{CHECK_SCRIPT}</script></head>
<body>
<h1>{html.escape(title)}</h1>
<p>Written {time.strftime("%Y-%m-%d %H:%M")} by <code>vecverify report</code> from:</p>
<table><tr><th>file</th><th>read as</th></tr>{sources}</table>
{chr(10).join(body)}
</body></html>
"""
    return page, figures


def _reasons_table(runs: Runs) -> str:
    rows = "".join(f"<tr><td>{n}</td><td>{html.escape(r)}</td></tr>" for r, n in runs.reasons.most_common(30))
    return f"<h3>Why not decided, most frequent first</h3><table><tr><th>functions</th><th>reason</th></tr>{rows}</table>"
