"""Charts as inline SVG, written by hand: no plotting library, no display, no browser needed to draw
them, and the HTML report stays one self-contained file. Two kinds: grouped bars (per-bucket
scores, counts, distributions) and dot-and-whisker intervals (bootstrap intervals). Every mark
carries a `<title>`, which browsers show on hover without any script.
"""

from __future__ import annotations

import math
from html import escape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["PALETTE", "bars", "intervals"]

#: compare-mt's bar colours (colour-blind friendly enough, and printable).
PALETTE = ("#7293CB", "#E1974C", "#84BA5B", "#D35E60", "#808585", "#9067A7", "#AB6857", "#CCC210")

_FONT = 'font-family="system-ui, sans-serif" font-size="11"'


def _colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values from `low` to at least `high` (steps of 1, 2 or 5 times a power of ten)."""
    if not (math.isfinite(low) and math.isfinite(high)) or high <= low:
        high = low + 1.0
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    v = first
    while v < high + step * 0.999:
        ticks.append(round(v, 12))
        v += step
    return ticks


def _label(v: float) -> str:
    return f"{v:g}"


#: Longest system name drawn in full beside a chart; longer ones are shortened in the middle (the
#: full name stays in the marks' hover titles), so that a long file path cannot squeeze the plot.
_NAME_CHARS = 28


def _short(name: str) -> str:
    if len(name) <= _NAME_CHARS:
        return name
    keep = _NAME_CHARS - 1
    return name[: keep // 2] + "\u2026" + name[len(name) - (keep - keep // 2) :]


def _legend(names: Sequence[str], x: float, y: float) -> str:
    parts = []
    for i, name in enumerate(names):
        parts.append(
            f'<rect x="{x:.1f}" y="{y + 16 * i:.1f}" width="10" height="10" fill="{_colour(i)}"/>'
            f'<text x="{x + 14:.1f}" y="{y + 16 * i + 9:.1f}" {_FONT}>{escape(_short(name))}'
            f"<title>{escape(name)}</title></text>"
        )
    return "".join(parts)


def bars(
    categories: Sequence[str],
    series: Sequence[tuple[str, Sequence[float | None]]],
    *,
    title: str,
    ylabel: str,
    width: int = 720,
    height: int = 280,
) -> str:
    """Grouped bars: one group per category, one bar per series (a missing value draws none)."""
    legend_w = 16 + 7 * max((len(_short(n)) for n, _ in series), default=4)
    left, right, top, bottom = 56, legend_w + 20, 28, 62
    # Every bar group keeps room for its rotated label, widening the chart rather than overlapping.
    plot_w, plot_h = max(width - left - right, 36 * len(categories)), height - top - bottom
    width = left + plot_w + right
    values = [v for _, vs in series for v in vs if v is not None and math.isfinite(v)]
    low = min(0.0, min(values, default=0.0))
    ticks = _ticks(low, max(values, default=1.0))
    y0, y1 = ticks[0], ticks[-1]

    def y(v: float) -> float:
        return top + plot_h * (1 - (v - y0) / (y1 - y0))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="{left}" y="16" {_FONT} font-weight="bold">{escape(title)}</text>',
    ]
    for t in ticks:
        out.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#ddd"/>'
            f'<text x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end" {_FONT}>{_label(t)}</text>'
        )
    out.append(
        f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle" {_FONT}>'
        f"{escape(ylabel)}</text>"
    )
    group_w = plot_w / max(len(categories), 1)
    bar_w = group_w * 0.8 / max(len(series), 1)
    base = y(max(0.0, y0))
    for c, category in enumerate(categories):
        gx = left + c * group_w + group_w * 0.1
        for s, (name, vs) in enumerate(series):
            v = vs[c] if c < len(vs) else None
            if v is None or not math.isfinite(v):
                continue
            top_y, bottom_y = min(y(v), base), max(y(v), base)
            out.append(
                f'<rect x="{gx + s * bar_w:.1f}" y="{top_y:.1f}" width="{max(bar_w - 1, 1):.1f}" '
                f'height="{max(bottom_y - top_y, 0.5):.1f}" fill="{_colour(s)}">'
                f"<title>{escape(name)}, {escape(category)}: {v:g}</title></rect>"
            )
        out.append(
            f'<text transform="translate({gx + group_w * 0.4:.1f} {top + plot_h + 12}) rotate(30)" {_FONT}>'
            f"{escape(category)}</text>"
        )
    out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{base:.1f}" y2="{base:.1f}" stroke="#555"/>')
    out.append(_legend([n for n, _ in series], left + plot_w + 16, top))
    out.append("</svg>")
    return "".join(out)


def intervals(
    rows: Sequence[tuple[str, float, float | None, float | None]],
    *,
    title: str,
    xlabel: str,
    width: int = 720,
) -> str:
    """One line per system: its score (a dot) and its interval (a whisker from low to high)."""
    label_w = 12 + 7 * max((len(_short(r[0])) for r in rows), default=4)
    left, right, top, bottom = label_w, 24, 28, 40
    row_h = 24
    height = top + bottom + row_h * len(rows)
    plot_w = width - left - right
    values = [v for r in rows for v in r[1:] if v is not None and math.isfinite(v)]
    lo, hi = min(values, default=0.0), max(values, default=1.0)
    pad = (hi - lo) * 0.15 or max(abs(hi), 1.0) * 0.05
    ticks = _ticks(lo - pad, hi + pad)
    x0, x1 = ticks[0], ticks[-1]

    def x(v: float) -> float:
        return left + plot_w * (v - x0) / (x1 - x0)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="8" y="16" {_FONT} font-weight="bold">{escape(title)}</text>',
    ]
    axis_y = top + row_h * len(rows)
    for t in ticks:
        out.append(
            f'<line x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" y2="{axis_y}" stroke="#ddd"/>'
            f'<text x="{x(t):.1f}" y="{axis_y + 14}" text-anchor="middle" {_FONT}>{_label(t)}</text>'
        )
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{axis_y + 32}" text-anchor="middle" {_FONT}>{escape(xlabel)}</text>'
    )
    for i, (name, score, low, high) in enumerate(rows):
        cy = top + row_h * i + row_h / 2
        out.append(
            f'<text x="{left - 8}" y="{cy + 4:.1f}" text-anchor="end" {_FONT}>{escape(_short(name))}'
            f"<title>{escape(name)}</title></text>"
        )
        tip = f"{name}: {score:g}" + ("" if low is None or high is None else f" [{low:g}, {high:g}]")
        if low is not None and high is not None:
            out.append(
                f'<line x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{cy:.1f}" y2="{cy:.1f}" stroke="{_colour(i)}" '
                f'stroke-width="3"><title>{escape(tip)}</title></line>'
            )
        out.append(
            f'<circle cx="{x(score):.1f}" cy="{cy:.1f}" r="5" fill="{_colour(i)}" stroke="#333">'
            f"<title>{escape(tip)}</title></circle>"
        )
    out.append("</svg>")
    return "".join(out)
