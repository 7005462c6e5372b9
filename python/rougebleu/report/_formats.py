"""The report as Markdown (for a README or a pull-request comment), as a LaTeX table of the corpus
scores, and as the plain-text summary the command prints."""

from __future__ import annotations

from rougebleu.report import _tables

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["markdown", "latex", "text"]


def _md_cell(cell: str) -> str:
    return cell.replace("|", "\\|").replace("\n", " ")


def _md_table(table: Any) -> str:
    caption, header, rows = table
    lines = [f"**{caption}**", "", "| " + " | ".join(map(_md_cell, header)) + " |"]
    lines.append("|" + "|".join([" --- "] + [" ---: "] * (len(header) - 1)) + "|")
    lines += ["| " + " | ".join(map(_md_cell, row)) + " |" for row in rows]
    return "\n".join(lines)


def _md_examples(data: dict[str, Any]) -> list[str]:
    ex = data["examples"]
    m = _tables.metric_info(data)[ex["metric"]]
    places = _tables.decimals(m)
    out = []
    for c in ex["comparisons"]:
        for key, who in (("system_better", c["system"]), ("baseline_better", c["baseline"])):
            out.append(f"**{who} better** ({c['system']} vs {c['baseline']}, sentence-level {m['name']})")
            out.append("")
            for e in c[key]:
                out.append(f"- segment {e['segment'] + 1}, difference {e['difference']:+.{places}f}")
                out.append(f"  - reference: `{' '.join(e['reference'])}`")
                out.append(
                    f"  - {c['baseline']} ({e['baseline']['score']:.{places}f}): `{' '.join(e['baseline']['tokens'])}`"
                )
                out.append(
                    f"  - {c['system']} ({e['system']['score']:.{places}f}): `{' '.join(e['system']['tokens'])}`"
                )
            if not c[key]:
                out.append("- none")
            out.append("")
    return out


def markdown(data: dict[str, Any]) -> str:
    """Every section's tables in GitHub-flavoured Markdown (the plots are the HTML report's)."""
    names = data["systems"]
    out = [
        f"# System comparison: {', '.join(names[1:])} against {names[0]}",
        "",
        f"{data['segments']} segments, {data['settings']['references']} reference(s) per segment; "
        f"rougebleu {data['version']}.",
        f"p-values against the baseline {names[0]}; * p < {_tables.SIGNIFICANT}.",
    ]
    sections = {
        "scores": _tables.scores(data),
        "distributions": _tables.sentence_scores(data),
        "reference-length": _tables.reference_length(data),
        "length-ratio": _tables.length_ratio(data),
        "length-difference": _tables.length_difference(data),
        "word-accuracy": _tables.word_accuracy(data),
        "ngrams": _tables.ngrams(data),
        "settings": _tables.settings(data),
    }
    for sid, title in _tables.SECTIONS.items():
        out += ["", f"## {title}", ""]
        if sid == "examples":
            out += _md_examples(data)
            continue
        out.append("\n\n".join(_md_table(t) for t in sections[sid]))
    return "\n".join(out).rstrip() + "\n"


_LATEX_SPECIAL = {c: "\\" + c for c in "&%$#_{}"}
_LATEX_SPECIAL.update({"~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "\\": r"\textbackslash{}"})


def _tex(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(c, c) for c in text)


def latex(data: dict[str, Any]) -> str:
    """A booktabs table of the corpus scores: one row per system, per metric the score and its
    bootstrap interval, a dagger where the difference to the baseline is significant."""
    info = _tables.metric_info(data)
    blocks = data["scores"]
    names = data["systems"]
    cols = "l" + "r" * len(blocks)
    header = " & ".join(["System", *(_tex(info[b["metric"]]["name"]) for b in blocks)])
    lines = [
        "% rougebleu compare " + _tex(data["version"]) + ": corpus scores, mean $\\pm$ 95\\% bootstrap half width",
        "\\begin{tabular}{" + cols + "}",
        "\\toprule",
        header + " \\\\",
        "\\midrule",
    ]
    for s, name in enumerate(names):
        cells = [_tex(name)]
        for b in blocks:
            r = b["systems"][s]
            d = _tables.decimals(info[b["metric"]])
            cell = f"{r['score']:.{d}f}"
            if r["ci"] is not None:
                cell += f" $\\pm$ {r['ci']:.{d}f}"
            if r["p_bootstrap"] is not None and r["p_bootstrap"] < _tables.SIGNIFICANT:
                cell += "$^\\dagger$"
            cells.append(cell)
        lines.append(" & ".join(cells) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}"]
    s = data["settings"]
    lines.append(
        f"% $^\\dagger$: p < {_tables.SIGNIFICANT} against {_tex(names[0])} "
        f"(paired bootstrap, {s['paired_bootstrap']['samples']} resamples, seed {s['seed']})"
    )
    return "\n".join(lines) + "\n"


def _text_table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def text(data: dict[str, Any]) -> str:
    """The summary a terminal shows: the corpus scores and tests, and the metrics' signatures."""
    s = data["settings"]
    ar = s["approximate_randomization"]
    head = (
        f"{data['segments']} segments, {len(data['systems'])} systems, {s['references']} reference(s) per segment; "
        f"baseline {data['baseline']}"
    )
    ((_, header, rows),) = _tables.scores(data)
    notes = [
        f"95% CI: bootstrap mean ± half width ({s['paired_bootstrap']['samples']} paired resamples, seed {s['seed']}); "
        f"* p < {_tables.SIGNIFICANT} against the baseline" + (f"; randomization: {ar['trials']} trials" if ar else ""),
        "wins / ties / losses: segments where the system's sentence-level score is better / equal / worse",
    ]
    sigs = [f"{m['name']}: {m['signature']}" for m in data["metrics"] if m["signature"]]
    sigs += [
        f"{m['name']}: " + ", ".join(f"{k}={v}" for k, v in m["settings"].items())
        for m in data["metrics"]
        if not m["signature"]
    ]
    return "\n".join([head, "", _text_table(header, rows), "", *notes, "", *sigs]) + "\n"
