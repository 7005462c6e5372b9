"""NLTK 3.10.4's own BLEU tests (``nltk/test/unit/translate/test_bleu.py`` and
``nltk/test/bleu.doctest``), run against the drop-in ``rougebleu.nltk``.

The files come from NLTK's sdist on PyPI (downloaded with pip at test time; the test skips, saying
so, when the download fails). Only their imports change: ``from nltk.translate.bleu_score import``
and ``from nltk.translate import bleu`` import from ``rougebleu.nltk`` instead; ``nltk.data``
(which the test uses to find the WMT15 files) stays NLTK's, pointed by ``NLTK_DATA`` at the
corpus's ``nltk_data``. Each file runs under pytest in a subprocess.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sdist_support import sdist_archive

SDIST = "nltk==3.10.4"
MEMBERS = {"test_bleu.py": "nltk/test/unit/translate/test_bleu.py", "bleu.doctest": "nltk/test/bleu.doctest"}


@pytest.fixture(scope="module")
def nltk_tests(tmp_path_factory) -> dict[str, str]:
    """The two test files' text, from NLTK's sdist."""
    tmp = tmp_path_factory.mktemp("nltk_sdist")
    with tarfile.open(sdist_archive(tmp, SDIST, "nltk-3.10.4.tar.gz")) as tar:
        return {
            name: tar.extractfile(f"nltk-3.10.4/{member}").read().decode("utf-8")  # type: ignore[union-attr]
            for name, member in MEMBERS.items()
        }


def _through_the_drop_in(text: str) -> str:
    """The imports of NLTK's BLEU, pointed at rougebleu.nltk; nothing else changes."""
    text, n = re.subn(r"from nltk\.translate\.bleu_score import", "from rougebleu.nltk import", text)
    text, m = re.subn(r"from nltk\.translate import bleu\b", "from rougebleu.nltk import bleu", text)
    assert n + m >= 1 and not re.search(r"^\s*(from|import) nltk\.translate", text, re.M), text[:500]
    return text


def _run(suite: Path, corpus: Path) -> dict[str, str]:
    """{test id: passed | failed | skipped} of both files, run by pytest in a subprocess."""
    report = suite / "report.xml"
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", NLTK_DATA=str(corpus / "nltk_data"))
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-glob=*.doctest"]
    cmd += ["-o", "doctest_optionflags=ELLIPSIS NORMALIZE_WHITESPACE", f"--junitxml={report}", *MEMBERS]
    done = subprocess.run(cmd, cwd=suite, capture_output=True, text=True, timeout=600, env=env)
    assert report.is_file(), done.stdout[-3000:] + done.stderr[-3000:]
    outcomes = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        test_id = f"{case.get('classname')}.{case.get('name')}"
        bad = case.find("failure") is not None or case.find("error") is not None
        outcomes[test_id] = "failed" if bad else "skipped" if case.find("skipped") is not None else "passed"
    if any(v == "failed" for v in outcomes.values()):
        print(done.stdout[-6000:])
    return outcomes


def test_nltk_bleu_suite_passes_through_the_drop_in(nltk_tests: dict[str, str], corpus: Path, tmp_path: Path):
    if not (corpus / "nltk_data" / "models" / "wmt15_eval" / "ref.ru").is_file():
        pytest.skip("the corpus has no nltk_data/models/wmt15_eval (NLTK's test data)")
    for name, text in nltk_tests.items():
        (tmp_path / name).write_text(_through_the_drop_in(text), encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    outcomes = _run(tmp_path, corpus)
    counts = {k: sum(v == k for v in outcomes.values()) for k in ("passed", "failed", "skipped")}
    print(f"NLTK 3.10.4's BLEU tests through rougebleu.nltk: {counts}")
    assert counts["failed"] == 0 and counts["skipped"] == 0, outcomes
    assert counts["passed"] >= 16, outcomes  # 16 in 3.10.4: 15 unit tests and the doctest
    assert any("doctest" in t or "bleu" == t.split(".")[-1] for t in outcomes), outcomes
