"""ROUGE, BLEU, chrF and TER on Ray Data datasets (``pip install "rougebleu[ray]"``).

- :func:`scores`: the dataset with per-row score columns added (``map_batches`` over Arrow batches).
- :func:`statistics`: the mergeable statistics of the whole dataset: each Arrow batch becomes one
  row holding its statistics as bytes, and the driver merges those rows; ``.score()`` on the
  result is bit-identical to the single-process API on the same rows, however Ray splits the data.
- :func:`corpus_score`: both in one call.

The same code runs on a laptop (``ray.init()`` starts a local cluster) and on a cluster
(``ray.init(address=...)``); the workers need ``rougebleu`` installed.
"""

from __future__ import annotations

from typing import Any

from rougebleu import _engines
from rougebleu.stats import Stats, from_bytes, merge

__all__ = ["scores", "statistics", "corpus_score"]


def scores(
    ds: Any,
    metric: str,
    prediction_col: str = "prediction",
    reference_col: str = "reference",
    *,
    workers: int | None = 1,
    batch_size: int | None = 4096,
    **options: Any,
) -> Any:
    """``ds`` with per-row score columns added, named as in :func:`rougebleu.spark.scores`
    (``{type}_precision`` ... for ROUGE, ``bleu``, ``chrf`` or ``ter``). ``workers``: threads per
    Ray task (default 1: Ray runs one task per CPU)."""
    import pyarrow as pa

    metric = _engines.check_metric(metric)
    names = _engines.output_names(metric, options)

    def score_batch(batch: Any) -> Any:
        preds, refs = _engines.columns(batch, prediction_col, reference_col)
        cols = _engines.score_columns(metric, preds, refs, options, workers)
        for name in names:
            batch = batch.append_column(name, pa.array(cols[name], type=pa.float64()))
        return batch

    return ds.map_batches(score_batch, batch_format="pyarrow", batch_size=batch_size)


def statistics(
    ds: Any,
    metric: str,
    prediction_col: str = "prediction",
    reference_col: str = "reference",
    *,
    workers: int | None = 1,
    batch_size: int | None = 4096,
    **options: Any,
) -> Stats:
    """The mergeable statistics of all rows of ``ds`` (:mod:`rougebleu.stats`)."""
    import pyarrow as pa

    metric = _engines.check_metric(metric)

    def stats_of_batch(batch: Any) -> Any:
        preds, refs = _engines.columns(batch, prediction_col, reference_col)
        s = _engines.statistics(metric, preds, refs, options, False, workers)
        return pa.table({"stats": pa.array([s.to_bytes()], type=pa.binary())})

    parts = ds.select_columns([prediction_col, reference_col]).map_batches(
        stats_of_batch, batch_format="pyarrow", batch_size=batch_size
    )
    # One small row per batch reaches the driver; the sums are exact, so the order Ray returns
    # them in does not matter.
    merged = [from_bytes(row["stats"]) for row in parts.iter_rows()]
    return merge(merged) if merged else _engines.empty_statistics(metric, options)


def corpus_score(
    ds: Any,
    metric: str,
    prediction_col: str = "prediction",
    reference_col: str = "reference",
    *,
    workers: int | None = 1,
    **options: Any,
) -> Any:
    """The corpus score of all rows, as :func:`rougebleu.spark.corpus_score`."""
    return statistics(ds, metric, prediction_col, reference_col, workers=workers, **options).score()
