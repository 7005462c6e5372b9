"""The documentation site builds strictly (a broken link or anchor, a page missing from the
navigation, a public name without a reference page or a docstring all fail it), and the README is a
front door whose links work on a package index page.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))

import bench_charts  # noqa: E402

SITE = "https://rougebleu.github.io/rougebleu/"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_site_builds_strictly(tmp_path: Path):
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") is None:
        pytest.skip('mkdocs is not installed (pip install ".[docs]")')
    out = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr[-5000:]
    api = (tmp_path / "site" / "reference" / "rougebleu" / "index.html").read_text(encoding="utf-8")
    assert 'id="rougebleu.RougeScorer"' in api and "rouge_score" in api
    assert ":class:" not in api and "<code>~" not in api  # Sphinx roles shown as Sphinx shows them
    chart = (tmp_path / "site" / "charts" / "rouge.svg").read_text(encoding="utf-8")
    assert chart.startswith("<svg") and "rouge_score" in chart


def test_every_reference_page_in_the_navigation_exists():
    nav = re.findall(r":\s*([\w/.-]+\.md)\s*$", (REPO / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert nav and [p for p in nav if not (REPO / "docs" / p).is_file()] == []


def test_readme_is_a_front_door():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    links = LINK.findall(text)
    relative = [u for u in links if not u.startswith(("https://", "http://", "#"))]
    assert relative == [], "a package index page cannot follow relative links"
    pages = [u[len(SITE) :].split("#")[0] for u in links if u.startswith(SITE)]
    assert pages, "the README links to the site"
    for page in pages:
        source = page.rstrip("/") + ".md" if page else "index.md"
        assert (REPO / "docs" / source).is_file(), f"{page}: no docs/{source}"
    # The two Quick start commands, unchanged.
    assert 'pip install . && python -m rougebleu\npip install ".[test]" && pytest' in text


def _sources():
    """The package's Python sources and stubs (not compiled bytecode beside them)."""
    return [p for p in (REPO / "python" / "rougebleu").rglob("*") if p.suffix in (".py", ".pyi")]


def test_docstrings_point_to_the_site_not_to_files_the_wheel_lacks():
    offenders = []
    for path in _sources():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"(?<![\w/.])docs/[\w-]+\.md", line):
                offenders.append(f"{path.relative_to(REPO)}:{n}")
    assert offenders == []


def test_site_links_in_docstrings_name_pages_that_exist():
    for path in _sources():
        for page in re.findall(re.escape(SITE) + r"([\w/-]*)", path.read_text(encoding="utf-8")):
            source = page.rstrip("/") + ".md" if page else "index.md"
            assert (REPO / "docs" / source).is_file(), f"{path.name}: {SITE}{page}"


def test_charts_are_drawn_from_the_benchmark_tables():
    charts = bench_charts.charts(REPO / "benches" / "RESULTS.md")
    assert set(charts) == set(bench_charts.CHARTS)
    for name, svg in charts.items():
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>"), name
    # The numbers come from the tables: a changed figure changes the chart.
    text = (REPO / "benches" / "RESULTS.md").read_text(encoding="utf-8")
    tables = bench_charts.tables(text)
    rows = dict(bench_charts.bar_data(bench_charts.CHARTS["rouge-family"], tables))
    assert rows["S4"] > 1


def test_a_table_that_moved_is_an_error_naming_it():
    spec = bench_charts.Bars("No such section", "task", "ratio", "t", "x")
    with pytest.raises(ValueError, match="No such section"):
        bench_charts.bar_data(spec, bench_charts.tables("## Other\n\n| task | ratio |\n| --- | --- |\n| a | 2x |\n"))


def test_short_labels_must_name_every_row():
    table = bench_charts.tables("## Suite\n\n| task | ratio |\n| --- | --- |\n| a long sentence | 2x |\n| b | 3x |\n")
    spec = bench_charts.Bars("Suite", "task", "ratio", "t", "x", labels=("A", "B"))
    assert bench_charts.bar_data(spec, table) == [("A", 2.0), ("B", 3.0)]
    with pytest.raises(ValueError, match="names 1 rows but its table has 2"):
        bench_charts.bar_data(bench_charts.Bars("Suite", "task", "ratio", "t", "x", labels=("A",)), table)


def test_a_public_name_missing_from_the_reference_fails_the_build(tmp_path: Path):
    if importlib.util.find_spec("mkdocs") is None:
        pytest.skip('mkdocs is not installed (pip install ".[docs]")')
    import docs_hooks

    reference = REPO / "docs" / "reference"
    assert docs_hooks.undocumented(reference) == []
    for page in reference.glob("*.md"):
        text = page.read_text(encoding="utf-8").replace("::: rougebleu.top_k\n", "")
        (tmp_path / page.name).write_text(text, encoding="utf-8")
    problems = docs_hooks.undocumented(tmp_path)
    assert problems == [
        "rougebleu.top_k: on no page of docs/reference/",
        "rougebleu.allpairs.top_k: on no page of docs/reference/",
    ]


def test_a_public_method_without_a_docstring_is_reported():
    if importlib.util.find_spec("mkdocs") is None:
        pytest.skip('mkdocs is not installed (pip install ".[docs]")')
    import docs_hooks

    class Metric:
        """A metric."""

        def score(self):
            """The score."""

        def reset(self):
            pass

        @property
        def name(self):
            return "m"

        def _private(self):
            pass

    assert docs_hooks._methods_without_docstring(Metric) == ["reset", "name"]
