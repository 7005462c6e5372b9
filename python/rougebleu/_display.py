"""How results show themselves in notebooks: small HTML tables for ``_repr_html_`` (escaped,
styled inline so they read the same in any front end), and the ``.plot()`` of corpus results."""

from __future__ import annotations

from html import escape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["html_table", "number"]

_CELL = "padding:2px 8px;border:1px solid #ccc;text-align:right"
_HEAD = "padding:2px 8px;border:1px solid #ccc;background:#396AB1;color:#fff"


def number(value: Any, places: int = 4) -> str:
    """A cell's text: floats to `places` decimals, None as a dash, anything else as str."""
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{places}f}"
    return str(value)


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = "", places: int = 4) -> str:
    """A table of `rows` under `header` (the first column left-aligned)."""
    out = ['<table style="border-collapse:collapse;font-size:0.9em">']
    if caption:
        out.append(f'<caption style="text-align:left;font-weight:600">{escape(caption)}</caption>')
    out.append("<tr>" + "".join(f'<th style="{_HEAD}">{escape(h)}</th>' for h in header) + "</tr>")
    for row in rows:
        cells = [
            f'<td style="{_CELL}{";text-align:left" if i == 0 else ""}">{escape(number(v, places))}</td>'
            for i, v in enumerate(row)
        ]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "".join(out)
