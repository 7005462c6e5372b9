"""matplotlib figures for ``.plot()`` (the ``plot`` extra), as torchmetrics' ``Metric.plot``
returns them: a new figure, or the caller's axes drawn on. matplotlib is imported only here, and
its non-interactive backend is left to matplotlib (a headless node gets Agg)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["pyplot", "bars", "intervals"]

#: compare-mt's colours, as in the HTML report's plots.
COLOURS = ("#7293CB", "#E1974C", "#84BA5B", "#D35E60", "#808585", "#9067A7", "#AB6857", "#CCC210")


def pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("plot() draws with matplotlib: pip install 'rougebleu[plot]' (or matplotlib)") from None
    return plt


def _axes(ax: Any, size: tuple[float, float] = (6.4, 3.6)) -> tuple[Any, Any]:
    if ax is not None:
        return ax.figure, ax
    fig, ax = pyplot().subplots(figsize=size, layout="constrained")
    return fig, ax


def bars(
    categories: Sequence[str],
    series: Sequence[tuple[str, Sequence[float | None]]],
    *,
    title: str = "",
    ylabel: str = "",
    ax: Any = None,
) -> Any:
    """Grouped bars, one group per category and one bar per series; returns the figure."""
    fig, ax = _axes(ax)
    width = 0.8 / max(len(series), 1)
    for s, (name, values) in enumerate(series):
        xs = [c + s * width for c, v in enumerate(values) if v is not None]
        ys = [v for v in values if v is not None]
        ax.bar(xs, ys, width, label=name, color=COLOURS[s % len(COLOURS)])
    ax.set_xticks([c + width * (len(series) - 1) / 2 for c in range(len(categories))], list(categories), rotation=30)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    if len(series) > 1:
        ax.legend(fontsize="small")
    return fig


def intervals(
    rows: Sequence[tuple[str, float, float | None, float | None]],
    *,
    title: str = "",
    xlabel: str = "",
    ax: Any = None,
) -> Any:
    """One row per label: a dot at the score and a whisker from low to high; returns the figure."""
    fig, ax = _axes(ax, (6.4, 0.6 + 0.45 * len(rows)))
    for i, (label, score, low, high) in enumerate(rows):
        colour = COLOURS[i % len(COLOURS)]
        if low is not None and high is not None:
            ax.hlines(i, low, high, color=colour, linewidth=3)
        ax.plot([score], [i], "o", color=colour, markeredgecolor="#333")
    ax.set_yticks(range(len(rows)), [r[0] for r in rows])
    ax.invert_yaxis()
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", color="#ddd")
    return fig
