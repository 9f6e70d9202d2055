"""`vecverify report`: one static HTML page from the JSON the commands write, opened in
headless Chromium: no script error, every figure decoded and drawn (none empty), and a
screenshot that is not blank. The page's own check (data-* attributes on its body) is
shown to catch a broken figure and a script error."""

from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

BIN = Path(sys.executable).parent
VECVERIFY = str(BIN / "vecverify")
REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "report"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (./dev installs it)")

FIGURES = 6  # verdicts, proof times, rule proofs, native speed, conformance, fuzz


def _vecverify(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([VECVERIFY, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A report from JSON written now (check, prove) and kept (opt-tv, fuzz, bench loop,
    two conformance runs)."""
    tmp = tmp_path_factory.mktemp("report")
    check = _vecverify("check", str(REPO / "corpus" / "undef"), "--json")
    assert check.returncode in (0, 1), check.stderr
    (tmp / "check.json").write_text(check.stdout)
    prove = _vecverify("prove", "binrep.shl-mul", "--types", "i8", "--json", "--jobs", "1")
    assert prove.returncode == 0, prove.stderr
    (tmp / "prove.json").write_text(prove.stdout)
    out = tmp / "report.html"
    done = _vecverify("report", str(tmp / "check.json"), str(tmp / "prove.json"), *map(str, sorted(DATA.glob("*.json"))),
                      "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{out}: {FIGURES} figures from 7 files"
    return out


def _figures(html: str) -> list[np.ndarray]:
    import matplotlib.image

    return [matplotlib.image.imread(io.BytesIO(base64.b64decode(data)), format="png")
            for data in re.findall(r'<img class="plot" [^>]*src="data:image/png;base64,([^"]+)"', html)]


def _drawn(image: np.ndarray) -> float:
    """The share of coloured pixels (bars, lines, markers): an empty plot has only the
    white background and the black and grey of its axes and labels."""
    rgb = image[..., :3]
    return float(((rgb.max(axis=-1) - rgb.min(axis=-1)) > 0.15).mean())


def test_every_figure_has_something_drawn(page: Path) -> None:
    html = page.read_text()
    figures = _figures(html)
    assert len(figures) == FIGURES
    for image in figures:
        assert _drawn(image) > 0.002
    assert "No data for this section" not in html
    assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html  # nothing fetched


def _chromium(url: str, profile: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--disable-background-networking", "--disable-component-update", "--disable-sync",
                           f"--user-data-dir={profile}", *extra, url],
                          capture_output=True, text=True, timeout=180)


def _body_attributes(dom: str) -> dict[str, str]:
    body = re.search(r"<body([^>]*)>", dom)
    assert body is not None, dom[:500]
    return dict(re.findall(r'(data-[\w-]+)="([^"]*)"', body.group(1)))


@needs_chromium
def test_chromium_shows_every_figure_without_a_script_error(page: Path, tmp_path: Path) -> None:
    dom = _chromium(page.as_uri(), tmp_path / "profile", "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert _body_attributes(dom.stdout) == {"data-plots-ok": str(FIGURES), "data-plots-broken": "0",
                                            "data-js-errors": "0"}
    shot = tmp_path / "report.png"
    done = _chromium(page.as_uri(), tmp_path / "profile2", "--window-size=1100,4000", f"--screenshot={shot}")
    assert done.returncode == 0 and shot.is_file(), done.stderr[-2000:]
    import matplotlib.image

    image = matplotlib.image.imread(shot)
    assert image.shape[0] == 4000 and image.shape[1] == 1100
    assert _drawn(image) > 0.01  # the figures are on the screen, not a blank page


@needs_chromium
def test_the_pages_check_catches_a_broken_figure_and_a_script_error(page: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.html"
    broken.write_text(page.read_text().replace(
        "</body>", '<img class="plot" src="data:image/png;base64,AAAA"><script>no_such_function();</script></body>'))
    dom = _chromium(broken.as_uri(), tmp_path / "profile", "--dump-dom")
    assert _body_attributes(dom.stdout) == {"data-plots-ok": str(FIGURES), "data-plots-broken": "1",
                                            "data-js-errors": "1"}


def test_sections_without_data_say_so(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    done = _vecverify("report", str(DATA / "fuzz.json"), "-o", str(out))
    assert done.returncode == 0 and done.stdout.strip() == f"{out}: 1 figures from 1 files"
    assert out.read_text().count("No data for this section") == FIGURES - 1


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"something": 1}')
    for name in ("x.json", "other.json", "missing.json"):
        done = _vecverify("report", str(tmp_path / name), "-o", str(tmp_path / "r.html"))
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and name in done.stderr, done.stderr
