"""`Report.plot()`: one metric's corpus scores with intervals, sentence-level score distribution
and scores by reference length, as one matplotlib figure (the ``plot`` extra)."""

from __future__ import annotations

from rougebleu import _plot
from rougebleu.report import _tables

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["report_figure"]


def report_figure(data: dict[str, Any], metric: str) -> Any:
    info = _tables.metric_info(data)
    if metric not in info:
        raise ValueError(f"metric: {metric!r} is not in the report; it has {', '.join(info)}")
    name = info[metric]["name"]
    plt = _plot.pyplot()
    fig, axes = plt.subplots(3, 1, figsize=(7.0, 9.0), layout="constrained")
    scores = next(b for b in data["scores"] if b["metric"] == metric)
    rows = [(r["system"], r["score"], r["low"], r["high"]) for r in scores["systems"]]
    _plot.intervals(rows, title=f"{name}: score and 95% bootstrap interval", xlabel=name, ax=axes[0])
    dist = next(b for b in data["sentence_scores"] if b["metric"] == metric)
    _plot.bars(
        dist["buckets"], list(dist["counts"].items()), title=f"sentence-level {name}", ylabel="segments", ax=axes[1]
    )
    length = data["reference_length"]
    by_length = next(b for b in length["scores"] if b["metric"] == metric)
    series = list(by_length["systems"].items())
    _plot.bars(length["buckets"], series, title=f"{name} by reference length", ylabel=name, ax=axes[2])
    return fig
