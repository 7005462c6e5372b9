"""System comparison reports: :func:`compare` scores several systems against the first (the
baseline) with every metric asked for, tests the differences (paired bootstrap, approximate
randomization), and shows where they come from with compare-mt's analyses (scores by length,
word accuracy by frequency, characteristic n-grams, the segments that differ most). The
:class:`Report` it returns writes HTML (one self-contained file with plots), Markdown, JSON and
LaTeX, displays itself in notebooks, gives its tables as data frames and draws a matplotlib figure.
The command ``rougebleu compare`` is its command-line form.
"""

from __future__ import annotations

from rougebleu.report._compare import compare
from rougebleu.report._report import Report

__all__ = ["Report", "compare"]
