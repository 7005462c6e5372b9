"""Every example of the documentation site and the README runs, page by page, and prints what the
page shows (tests/docs_blocks.py says how each kind of block is run and how one is marked as not run).

The pages use data they create themselves, so nothing here needs the conformance corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO
from docs_blocks import PageRun, blocks, output_matches

DOCS = REPO / "docs"
PAGES = ["README.md", *sorted(str(p.relative_to(REPO)) for p in DOCS.rglob("*.md"))]


@pytest.mark.parametrize("page", PAGES)
def test_page_examples_run(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Pages that show random draws use sacrebleu's default seed; a reader's setting must not leak in.
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    run = PageRun(tmp_path)
    for block in blocks(REPO / page, page):
        if not block.runnable or block.marked_not_run:
            continue
        if page == "README.md" and block.lang != "python" and block.lang != "pycon":
            continue  # the install commands, which CI runs itself
        run.run(block)


def test_few_blocks_are_marked_not_run():
    """A block that cannot run says so on the page; they stay few (a cluster, a download)."""
    found = [b for page in PAGES for b in blocks(REPO / page, page) if b.runnable]
    marked = [f"{b.page}:{b.line}" for b in found if b.marked_not_run]
    assert len(found) >= 80
    assert len(marked) <= 10, marked


def test_not_run_title_only_on_runnable_languages():
    """The marker belongs on Python and shell blocks; elsewhere it would hide nothing and mislead."""
    wrong = [
        f"{b.page}:{b.line}" for page in PAGES for b in blocks(REPO / page, page) if b.marked_not_run and not b.runnable
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("shown", "printed", "matches"),
    [
        ("a = 1\nb = 2", "a = 1\nb = 2\n", True),
        ("a = 1\nb = 3", "a = 1\nb = 2\n", False),
        ("a = ...\nb = 2", "a = 0.25\nb = 2\n", True),
        ("first\n...\nlast", "first\nx\ny\nlast\n", True),
        ("first\nlast", "first\nx\nlast\n", False),
        ("", "", True),
        ("", "something\n", False),
    ],
)
def test_shown_output_comparison(shown: str, printed: str, matches: bool):
    assert output_matches(shown, printed) is matches
