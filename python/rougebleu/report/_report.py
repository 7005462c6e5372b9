"""`Report`: the result of :func:`rougebleu.compare`, its output formats, notebook display, frames
and figure."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Report", "FORMATS"]

#: File extension -> format of :meth:`Report.save`.
FORMATS = {".html": "html", ".htm": "html", ".md": "markdown", ".json": "json", ".tex": "latex", ".txt": "text"}

#: The tables :meth:`Report.frame` builds.
FRAMES = (
    "scores",
    "sentence_scores",
    "reference_length",
    "length_ratio",
    "length_difference",
    "word_accuracy",
    "ngrams",
)


class Report:
    """A system comparison (see :func:`rougebleu.compare`). ``data`` holds every number as plain
    Python values (what :meth:`to_json` writes); the other forms are drawn from it."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    @property
    def systems(self) -> list[str]:
        """The systems' names, the baseline first."""
        return list(self.data["systems"])

    @property
    def metrics(self) -> list[str]:
        """The metrics' keys (``bleu``, ``chrf``, ``rougeL``, ...)."""
        return [m["key"] for m in self.data["metrics"]]

    def score(self, metric: str, system: str) -> dict[str, Any]:
        """The corpus-score row of `system` on `metric`: score, mean, ci, low, high, p-values,
        wins/ties/losses."""
        for block in self.data["scores"]:
            if block["metric"] == metric:
                for row in block["systems"]:
                    if row["system"] == system:
                        return dict(row)
                raise KeyError(f"system {system!r} is not in the report; it has {', '.join(self.systems)}")
        raise KeyError(f"metric {metric!r} is not in the report; it has {', '.join(self.metrics)}")

    # -- output formats ----------------------------------------------------------------------------

    def to_json(self, indent: int | None = 1) -> str:
        """Every number of the report, the settings and each metric's signature, as JSON."""
        import json

        return json.dumps(self.data, indent=indent, ensure_ascii=False, allow_nan=False)

    def to_html(self) -> str:
        """One self-contained HTML document: inline CSS and SVG plots, no script, no network."""
        from rougebleu.report._html import document

        return document(self.data)

    def to_markdown(self) -> str:
        """The tables in Markdown."""
        from rougebleu.report._formats import markdown

        return markdown(self.data)

    def to_latex(self) -> str:
        """A LaTeX (booktabs) table of the corpus scores with intervals and significance marks."""
        from rougebleu.report._formats import latex

        return latex(self.data)

    def to_text(self) -> str:
        """The plain-text summary: corpus scores, intervals, tests and signatures."""
        from rougebleu.report._formats import text

        return text(self.data)

    def save(self, path: str | os.PathLike[str], format: str | None = None) -> None:
        """Write the report to `path`, in `format` (``html``, ``markdown``, ``json``, ``latex``,
        ``text``) or by the file's extension (``.html``, ``.md``, ``.json``, ``.tex``, ``.txt``)."""
        if format is None:
            ext = os.path.splitext(os.fspath(path))[1].lower()
            if ext not in FORMATS:
                raise ValueError(
                    f"path: cannot tell the format from {os.fspath(path)!r}; use one of "
                    f"{', '.join(sorted(FORMATS))} or pass format="
                )
            format = FORMATS[ext]
        writers = {
            "html": self.to_html,
            "markdown": self.to_markdown,
            "json": self.to_json,
            "latex": self.to_latex,
            "text": self.to_text,
        }
        if format not in writers:
            raise ValueError(f"format: unknown format {format!r}; expected one of {', '.join(writers)}")
        content = writers[format]()
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(content if content.endswith("\n") else content + "\n")

    # -- notebooks -----------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<rougebleu Report: {', '.join(self.systems)}; {', '.join(self.metrics)}>\n{self.to_text()}"

    def _repr_html_(self) -> str:
        from rougebleu.report._html import fragment

        return fragment(self.data)

    def frame(self, table: str = "scores", library: str = "pandas") -> Any:
        """One of the report's tables as a pandas or Polars data frame (long format: one row per
        system and bucket or n-gram): ``scores``, ``sentence_scores``, ``reference_length``,
        ``length_ratio``, ``length_difference``, ``word_accuracy`` or ``ngrams``."""
        from rougebleu.report._frames import frame

        if table not in FRAMES:
            raise ValueError(f"table: unknown table {table!r}; expected one of {', '.join(FRAMES)}")
        return frame(self.data, table, library)

    def plot(self, metric: str | None = None) -> Any:
        """A matplotlib figure: the corpus scores with their intervals, the sentence-level score
        distributions and the scores by reference length, of `metric` (default: the first). Needs
        the ``plot`` extra (matplotlib)."""
        from rougebleu.report._plot import report_figure

        return report_figure(self.data, metric or self.metrics[0])
