"""The two table layouts sacrebleu's multi-system report uses, drawn to the byte as `tabulate`
(0.9/0.10) draws them with sacrebleu's settings: `fancy_grid` (box-drawing characters) for text and
`latex_booktabs` for LaTeX, headers from the column names, the first column right-aligned and the
others centred, one space of padding, every column at least two wider than its header.

Cells are strings, optionally colored with ANSI codes: widths and padding are computed on the
visible text. As in tabulate, a column whose cells all read as numbers is re-formatted with the
float format (integers are left as written), and multi-line cells (text only) are split into
lines that are centred one by one and padded at the bottom.
"""

from __future__ import annotations

import math

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["render"]

_ANSI_PATTERN = r"\x1b\[\d+(?:;\d+)*m"
_LATEX_ESCAPES = {
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "^": r"\^{}",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "\\": r"\textbackslash{}",
    "<": r"\ensuremath{<}",
    ">": r"\ensuremath{>}",
}
# tabulate's type ranking: a column takes the most generic type of its cells.
_RANK = {"none": 0, "bool": 1, "int": 2, "float": 3, "str": 5}


def _visible(text: str) -> str:
    if "\x1b" not in text:
        return text  # no colors (pipes, files): no need to import `re`
    import re

    return re.sub(_ANSI_PATTERN, "", text)


def _lines(text: str) -> list[str]:
    # tabulate splits cells at "\r", "\n" or "\r\n" with the regex r"\r|\n|\r\n", whose first
    # branch wins: every "\r" and every "\n" is a break.
    return text.replace("\r", "\n").split("\n")


def _cell_type(text: str) -> str:
    text = _visible(text)
    if not text:
        return "none"
    if text in ("True", "False"):
        return "bool"
    try:
        int(text)
        return "int"
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return "str"
    # Overflowing literals ("1e999") stay text; "inf"/"nan" written as such are numbers.
    if (math.isinf(value) or math.isnan(value)) and text.strip().lower() not in ("inf", "-inf", "nan"):
        return "str"
    return "float"


def _format_column(cells: list[str], floatfmt: str) -> list[str]:
    kind = max((_cell_type(c) for c in cells), key=_RANK.__getitem__, default="none")
    if kind != "float":
        return cells
    out = []
    for cell in cells:
        raw = _visible(cell)
        try:
            out.append(cell.replace(raw, format(float(raw), floatfmt)) if raw else cell)
        except ValueError:  # "True" in a numeric column stays as written
            out.append(cell)
    return out


def _pad(text: str, width: int, align: str) -> str:
    gap = width - len(_visible(text))
    if gap <= 0:
        return text
    if align == "right":
        return " " * gap + text
    left = gap // 2  # str.format's "^": the odd space goes to the right
    return " " * left + text + " " * (gap - left)


def _latex_escape(text: str) -> str:
    return "".join(_LATEX_ESCAPES.get(ch, ch) for ch in text)


def render(headers: Sequence[str], columns: Sequence[Sequence[str]], *, latex: bool, floatfmt: str) -> str:
    """The table of `columns` (lists of cells, one list per header) as tabulate prints it."""
    aligns = ["right"] + ["center"] * (len(headers) - 1)
    cols = [_format_column([c.strip() for c in col], floatfmt) for col in columns]
    multiline = not latex and any("\r" in t or "\n" in t for t in [*headers, *(c for col in cols for c in col)])
    widths = []
    for header, col in zip(headers, cols):
        cell_width = max((len(_visible(line)) for c in col for line in _lines(c)), default=0)
        widths.append(max(len(_visible(header)) + 2, cell_width))
    head = [_pad(h, w, a) for h, w, a in zip(headers, widths, aligns)]
    rows = [list(r) for r in zip(*cols)]
    if latex:
        spec = "".join("r" if a == "right" else "c" for a in aligns)
        lines = ["\\begin{tabular}{" + spec + "}", "\\toprule", _latex_row(head), "\\midrule"]
        lines += [_latex_row([_pad(c, w, a) for c, w, a in zip(row, widths, aligns)]) for row in rows]
        lines += ["\\bottomrule", "\\end{tabular}"]
        return "\n".join(lines)

    def rule(left: str, fill: str, mid: str, right: str) -> str:
        return left + mid.join(fill * (w + 2) for w in widths) + right

    def physical(cells: Sequence[str]) -> str:
        return ("│" + "│".join(f" {c} " for c in cells) + "│").rstrip()

    lines = [rule("╒", "═", "╤", "╕"), physical(head), rule("╞", "═", "╪", "╡")]
    for i, row in enumerate(rows):
        if i:
            lines.append(rule("├", "─", "┼", "┤"))
        if not multiline:
            lines.append(physical([_pad(c, w, a) for c, w, a in zip(row, widths, aligns)]))
            continue
        split = [c.splitlines() for c in row]
        height = max(len(s) for s in split)
        padded = [
            [_pad(line, w, a) for line in s] + [" " * w] * (height - len(s)) for s, w, a in zip(split, widths, aligns)
        ]
        lines += [physical([p[k] for p in padded]) for k in range(height)]
    lines.append(rule("╘", "═", "╧", "╛"))
    return "\n".join(lines)


def _latex_row(cells: Sequence[str]) -> str:
    return ("&".join(_latex_escape(f" {c} ") for c in cells) + "\\\\").rstrip()
