"""``rouge()``: columnar ROUGE over many pairs, returning NumPy arrays."""

from __future__ import annotations

from typing import NamedTuple, Sequence

import numpy as np

from rougebleu._rougebleu import RougeCore
from rougebleu.rouge_scorer import check_rouge_types

__all__ = ["rouge", "RougeArrays"]

DEFAULT_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


class RougeArrays(NamedTuple):
    """Per-prediction precision, recall and F-measure of one rouge type (float64 arrays)."""

    precision: np.ndarray
    recall: np.ndarray
    fmeasure: np.ndarray


def rouge(
    predictions: Sequence[str | bytes],
    references: Sequence[str | bytes | Sequence[str | bytes]],
    *,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    workers: int | None = None,
) -> dict[str, RougeArrays]:
    """ROUGE of every ``predictions[i]`` against ``references[i]``, as rouge_score computes it.

    ``references[i]`` is one reference text or a list of them; with several, each rouge type
    takes the reference with the best F-measure (rouge_score's ``score_multi``). Returns
    ``{rouge_type: RougeArrays(precision, recall, fmeasure)}`` with one float64 entry per
    prediction. Note the argument order: predictions first (rouge_score's ``score`` takes the
    target first).

    Runs in Rust with the GIL released, over ``workers`` threads (``None``/``-1``: all cores,
    honouring ``RAYON_NUM_THREADS``; ``1``: serial); the results are identical for any value.
    """
    types = check_rouge_types(rouge_types)
    prf, _ = RougeCore(types, bool(use_stemmer)).score_batch(predictions, references, workers)
    return {t: RougeArrays(prf[:, k, 0].copy(), prf[:, k, 1].copy(), prf[:, k, 2].copy()) for k, t in enumerate(types)}
