"""What the engine adapters (:mod:`rougebleu.spark`, :mod:`rougebleu.ray`) run on one batch of rows:
per-row scores and the mergeable statistics of the batch, for any of the four metrics.

A batch is a prediction column and a reference column; a reference cell is one text, or a list of
texts for several references per row (ROUGE takes them as rouge_score's ``score_multi``; BLEU, chrF
and TER as sacrebleu's reference streams, rows with fewer references padded with ``None``, which
sacrebleu and rougebleu skip).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rougebleu import stats as _stats

METRICS = ("rouge", "bleu", "chrf", "ter")

_STATS_CLASSES: dict[str, Any] = {
    "rouge": _stats.RougeStats,
    "bleu": _stats.BleuStats,
    "chrf": _stats.ChrfStats,
    "ter": _stats.TerStats,
}


def check_metric(metric: Any) -> str:
    if metric not in METRICS:
        raise ValueError(f"metric: unknown metric {metric!r}; expected one of {', '.join(map(repr, METRICS))}")
    return metric


def streams(references: Sequence[Any]) -> list[list[str | None]]:
    """sacrebleu's stream layout of per-row references (a text or a list of texts per row)."""
    rows = [[r] if r is None or isinstance(r, str) else list(r) for r in references]
    width = max((len(r) for r in rows), default=1) or 1
    return [[row[k] if k < len(row) else None for row in rows] for k in range(width)]


def columns(batch: Any, prediction_col: str, reference_col: str) -> tuple[Any, Any]:
    """A batch's prediction and reference columns, as Arrow arrays: the native calls read their
    buffers in place (no Python string per cell), a list column as several references per row."""
    return batch.column(prediction_col), batch.column(reference_col)


def _mt_references(references: Any) -> Any:
    # A Python list holds one reference (or list of references) per row, sacrebleu's streams are
    # the transpose; an Arrow column is read as it is (a text column is one stream, a list column
    # gives each row's references).
    return streams(references) if isinstance(references, list) else references


def _mt_metric(metric: str, options: dict[str, Any]) -> Any:
    return _STATS_CLASSES[metric]._metric_object(options)


def score_columns(
    metric: str, predictions: Any, references: Any, options: dict[str, Any], workers: int | None = 1
) -> dict[str, np.ndarray]:
    """Per-row scores as named float64 columns: ``{type}_precision``/``_recall``/``_fmeasure`` per
    rouge type, or one column named after the metric (sentence BLEU, chrF, TER)."""
    if metric == "rouge":
        from rougebleu.rouge_family.batch import rouge

        result = rouge(predictions, references, workers=workers, **options)
        return {f"{t}_{f}": getattr(a, f) for t, a in result.items() for f in ("precision", "recall", "fmeasure")}
    if not len(predictions):
        return {metric: np.zeros(0)}
    scorer = _mt_metric(metric, options)
    return {metric: scorer.sentence_scores(predictions, _mt_references(references), workers=workers)}


def output_names(metric: str, options: dict[str, Any]) -> list[str]:
    """The names of :func:`score_columns`' columns."""
    if metric == "rouge":
        from rougebleu.rouge_family.batch import DEFAULT_TYPES

        types = options.get("rouge_types", DEFAULT_TYPES)
        return [f"{t}_{f}" for t in types for f in ("precision", "recall", "fmeasure")]
    return [metric]


def statistics(
    metric: str,
    predictions: Any,
    references: Any,
    options: dict[str, Any],
    keep_items: bool = False,
    workers: int | None = 1,
) -> _stats.Stats:
    """The mergeable statistics of one batch."""
    cls = _STATS_CLASSES[metric]
    kw = {"keep_items": keep_items, "workers": workers, **options}
    if metric == "rouge":
        return cls.compute(predictions, references, **kw)
    return cls.compute(predictions, _mt_references(references) if len(predictions) else [[]], **kw)


def empty_statistics(metric: str, options: dict[str, Any]) -> _stats.Stats:
    """The statistics of no rows (what an empty DataFrame or dataset scores to)."""
    return statistics(metric, [], [], options)
