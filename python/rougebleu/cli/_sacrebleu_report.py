"""What `rougebleu sacrebleu` prints: the reports of sacrebleu 2.6.0's command, line for line.

One system: one line per metric (aligned on " = "), or JSON objects. Several systems: a table
(text or LaTeX, see :mod:`rougebleu.cli._table`) or a JSON list, and for paired tests the
explanation of the test and p-values, then the metric signatures. Colors (ANSI) only when
standard output is a terminal and neither `--no-color` nor `NO_COLOR` asks otherwise, as
sacrebleu's colorama setup behaves; pipes and files get plain text.
"""

from __future__ import annotations

from rougebleu.cli._table import render

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


__all__ = ["Colors", "paired_explanation", "results_table", "single_results"]

_ANSI_CODES = {"yellow": "\x1b[33m", "cyan": "\x1b[36m", "green": "\x1b[32m", "red": "\x1b[31m"}
_RESET = "\x1b[0m"
_CONFIDENCE = r"(\(μ = [0-9\.]+ ± [0-9\.]+\))"


class Colors:
    """Wraps text in ANSI color codes when enabled (a terminal), returns it unchanged otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, color: str) -> str:
        return f"{_ANSI_CODES[color]}{text}{_RESET}" if self.enabled else text


def single_results(lines: list[str], is_json: bool, color: Colors) -> str:
    """One system's metric lines: a JSON object (a list for several metrics), or text lines whose
    " = " signs line up."""
    if is_json:
        return "[\n" + ",\n".join(lines) + "\n]" if len(lines) > 1 else lines[0]
    if "μ" in lines[0]:
        import re

        lines = [re.sub(_CONFIDENCE, lambda m: color(m.group(), "cyan"), line) for line in lines]
    if len(lines) == 1:
        return lines[0]
    out: list[str] = []
    aligned: list[tuple[int, str]] = []
    for line in lines:
        if "=" in line:
            aligned.append((line.index("=") - 1, line))
        else:  # score only: printed as it comes, before the aligned lines
            out.append(line)
    if aligned:
        width = max(n for n, _ in aligned)
        out += [f"{line[:n]:>{width}}{line[n:]}" for n, line in aligned]
    return "\n".join(out)


def _p_value_text(p: float, color: Colors) -> str:
    text = f"(p = {p:.4f})"
    return color(text, "red") if p > 0.05 else text + "*"


def _score_cells(scores: dict[str, list[Any]], width: int, multiline: bool, color: Colors) -> dict[str, list[str]]:
    """Paired results as table cells: "score (mean ± ci)" and the p-value below (text) or after
    (LaTeX); columns with intervals get " (μ ± 95% CI)" in their name."""
    cells: dict[str, list[str]] = {"System": list(scores["System"])}
    brk = "\n" if multiline else " "
    with_ci = False  # once set, it stays set for the following columns, as in sacrebleu
    for metric, values in scores.items():
        if metric == "System":
            continue
        column = []
        for r in values:
            if isinstance(r, str):
                column.append(r)
                continue
            text = f"{r.score:.{width}f}"
            if r.mean is not None:
                with_ci = True
                text += f" ({r.mean:.{width}f} ± {r.ci:.{width}f})"
            if r.p_value is not None:
                text += brk + _p_value_text(r.p_value, color)
            column.append(text)
        cells[metric + " (μ ± 95% CI)" if with_ci else metric] = column
    return cells


def _json_value(value: Any) -> Any:
    return value if isinstance(value, str) else dict(value.__dict__)


def results_table(
    scores: dict[str, list[Any]],
    signatures: dict[str, str],
    *,
    fmt: str,
    width: int,
    paired: str | None,
    paired_n: int,
    color: Colors,
) -> str:
    """The multi-system report. `scores["System"]` names the systems, every other key one metric
    (formatted strings, or paired-test results); `paired` is "bs", "ar" or None."""
    if fmt == "json":
        names = list(scores)
        rows = []
        for i, system in enumerate(scores["System"]):
            row: dict[str, Any] = {"system": system}
            for name in names[1:]:
                row[name] = _json_value(scores[name][i])
            rows.append(row)
        import json

        # NumPy float32 values (chrF and TER resamples) are not JSON numbers: this raises
        # TypeError exactly where sacrebleu's json.dumps does.
        return json.dumps(rows, indent=4)
    latex = fmt == "latex"
    cells = _score_cells(scores, width, not latex, color)
    headers: list[str] = []
    columns: list[list[str]] = []
    has_baseline = False
    for name, column in cells.items():
        column = list(column)
        if column and (column[0].startswith("Baseline:") or has_baseline):
            has_baseline = True
            column[0] = color(column[0], "yellow")
        headers.append(color(name, "cyan"))
        columns.append(column)
    baseline_name = next((c[0] for c in cells.values() if c and c[0].startswith("Baseline:")), "")
    parts = [render(headers, columns, latex=latex, floatfmt=f".{width}f"), ""]
    if paired:
        parts.append(paired_explanation(paired, paired_n, baseline_name, color))
    parts += ["-----------------", "Metric signatures", "-----------------"]
    parts += [f" - {name:<10} {sig}" for name, sig in signatures.items()]
    return "\n".join(parts)


def paired_explanation(test: str, n: int, baseline_name: str, color: Colors) -> str:
    """The paragraph sacrebleu prints under a paired-test table (its wording, for parity)."""
    kind, unit = (
        ("bootstrap resampling", "resampling trials") if test == "bs" else ("approximate randomization", "trials")
    )
    title = f"Paired {kind} test with {n} {unit}"
    bline = color("baseline", "yellow")
    null = color("Null hypothesis", "green")
    what = (
        "   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric."
        if test == "bs"
        else "   Actual system score is provided for each metric."
    )
    lines: Sequence[str] = [
        "-" * len(title),
        title,
        "-" * len(title),
        f" - Each system is pairwise compared to {color(baseline_name, 'yellow')}.",
        what,
        "",
        f" - {null}: the system and the {bline} translations are essentially",
        f"   generated by the same underlying process. For a given system and the {bline},",
        "   the p-value is roughly the probability of the absolute score difference (delta)",
        f"   or higher occurring due to chance, under the assumption that the {null.lower()} is correct.",
        "",
        f" - Assuming a significance threshold of 0.05, the {null.lower()} can be rejected",
        '   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be attributed',
        f'   to chance, hence the system is significantly "different" than the {bline}.',
        f"   Otherwise, the p-values are {color('highlighted in red', 'red')}.",
        "",
        f' - NOTE: Significance does not tell whether a system is "better" than the {bline} but rather',
        '   emphasizes the "difference" of the systems in terms of the replicability of the delta.',
        "",
    ]
    return "\n".join(lines)
