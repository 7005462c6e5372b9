"""MATLAB's ``rougeEvaluationScore`` and ``bleuEvaluationScore``, one candidate or a batch, under
their snake_case and MATLAB names. The numbers come from the Rust core (``src/matlab/``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rougebleu import _rougebleu
from rougebleu._args import flag, same_length
from rougebleu._long_call import reporting
from rougebleu.matlab._inputs import (
    DocumentLike,
    RougeMethod,
    _as_candidate,
    _as_references,
    _native,
    _rouge_options,
    _weights,
)
from rougebleu.matlab.document import TokenizedDocument

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._long_call import ProgressArg


# ----- ROUGE ----------------------------------------------------------------------------------
def rouge_evaluation_score(
    candidate: DocumentLike,
    references: DocumentLike | Sequence[TokenizedDocument],
    *,
    rouge_method: RougeMethod = "n-grams",
    ngram_length: int = 1,
    skip_distance: float | None = 4,
    beta: float = 1.0,
    weight: float = 1.2,
) -> float:
    """ROUGE score of one candidate against reference documents (MATLAB ``rougeEvaluationScore``).

    ``rouge_method``: ``"n-grams"`` (ROUGE-N, recall), ``"longest-common-subsequences"`` (L),
    ``"weighted-subsequences"`` / ``"weighted-longest-common-subsequences"`` (W, with
    ``f(k) = k**weight``), ``"skip-bigrams"`` (S, at most ``skip_distance`` words between the
    pair; ``None`` or ``math.inf`` for any gap) and ``"skip-bigrams-and-unigrams"`` (SU).
    L, W, S and SU are F-measures ``(1+β²)PR/(R+β²P)``. Counts are per reference sentence
    (see :meth:`TokenizedDocument.add_sentence_details`); the score is the maximum over the
    reference documents. NaN when the longest reference has no unit to count (fewer than
    ``ngram_length`` words, say) or everything is empty; 0 when only the candidate is too short.
    """
    c = _as_candidate(candidate)
    refs = _as_references(references)
    opts = _rouge_options(rouge_method, ngram_length, skip_distance, beta, weight)
    out = _rougebleu.matlab_rouge([_native(c)], [[_native(r) for r in refs]], workers=1, **opts)
    return float(out[0])


def rouge_evaluation_score_batch(
    candidates: Sequence[DocumentLike],
    references: Sequence[DocumentLike | Sequence[TokenizedDocument]],
    *,
    rouge_method: RougeMethod = "n-grams",
    ngram_length: int = 1,
    skip_distance: float | None = 4,
    beta: float = 1.0,
    weight: float = 1.2,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> np.ndarray:
    """:func:`rouge_evaluation_score` of ``candidates[i]`` against ``references[i]`` for every
    ``i``, in parallel, as a float64 array."""
    with reporting(progress, "rouge_evaluation_score_batch"):
        cands, ref_sets = _batch_inputs(candidates, references)
        opts = _rouge_options(rouge_method, ngram_length, skip_distance, beta, weight)
        return _rougebleu.matlab_rouge(
            [_native(c) for c in cands], [[_native(r) for r in rs] for rs in ref_sets], workers=workers, **opts
        )


def _batch_inputs(candidates: Any, references: Any) -> tuple[list[TokenizedDocument], list[list[TokenizedDocument]]]:
    if isinstance(candidates, (str, TokenizedDocument)):
        raise TypeError("candidates must be a sequence of candidate documents, not a single document")
    if isinstance(references, (str, TokenizedDocument)):
        raise TypeError("references must be a sequence with one reference set per candidate")
    cands = [_as_candidate(c, f"candidates[{i}]") for i, c in enumerate(candidates)]
    ref_sets = [_as_references(r, f"references[{i}]") for i, r in enumerate(references)]
    same_length(cands, ref_sets, "candidates and references")
    return cands, ref_sets


# ----- BLEU -----------------------------------------------------------------------------------
def bleu_evaluation_score(
    candidate: DocumentLike,
    references: DocumentLike | Sequence[TokenizedDocument],
    *,
    ngram_weights: Sequence[float] | float = (0.25, 0.25, 0.25, 0.25),
    ignore_case: bool = False,
) -> float:
    """BLEU score (0–1) of one candidate against reference documents (MATLAB
    ``bleuEvaluationScore``): n-grams of length 1..len(ngram_weights), weights normalised to
    sum to one, clipped counts, brevity penalty from the closest reference length, no
    smoothing. 0 when the candidate has fewer words than weights; NaN when all are empty."""
    c = _as_candidate(candidate)
    refs = _as_references(references)
    out = _rougebleu.matlab_bleu(
        [c._tokens],
        [[r._tokens for r in refs]],
        ngram_weights=_weights(ngram_weights),
        ignore_case=flag(ignore_case, "ignore_case"),
        workers=1,
    )
    return float(out[0])


def bleu_evaluation_score_batch(
    candidates: Sequence[DocumentLike],
    references: Sequence[DocumentLike | Sequence[TokenizedDocument]],
    *,
    ngram_weights: Sequence[float] | float = (0.25, 0.25, 0.25, 0.25),
    ignore_case: bool = False,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> np.ndarray:
    """:func:`bleu_evaluation_score` of ``candidates[i]`` against ``references[i]`` for every
    ``i``, in parallel, as a float64 array."""
    with reporting(progress, "bleu_evaluation_score_batch"):
        cands, ref_sets = _batch_inputs(candidates, references)
        ignore_case = flag(ignore_case, "ignore_case")
        return _rougebleu.matlab_bleu(
            [c._tokens for c in cands],
            [[r._tokens for r in rs] for rs in ref_sets],
            ngram_weights=_weights(ngram_weights),
            ignore_case=bool(ignore_case),
            workers=workers,
        )


rougeEvaluationScore = rouge_evaluation_score
bleuEvaluationScore = bleu_evaluation_score
