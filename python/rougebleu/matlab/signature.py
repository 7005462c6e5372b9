"""The signatures of the MATLAB-style scores (https://rougebleu.github.io/rougebleu/signatures/): every option of
``rougeEvaluationScore`` and ``bleuEvaluationScore`` that can change a number, checked as those
functions check them, in the one grammar of :mod:`rougebleu.signature`."""

from __future__ import annotations

from collections.abc import Sequence

from rougebleu._args import flag
from rougebleu.matlab._inputs import RougeMethod, _rouge_options, _weights
from rougebleu.signature import format_signature

__all__ = ["bleu_evaluation_signature", "rouge_evaluation_signature"]


def rouge_evaluation_signature(
    *,
    rouge_method: RougeMethod = "n-grams",
    ngram_length: int = 1,
    skip_distance: float | None = 4,
    beta: float = 1.0,
    weight: float = 1.2,
) -> str:
    """``fn:rougeEvaluationScore|method:...|n:...|skip:...|beta:...|w:...|version:matlab-docs+rougebleu-...``
    (``skip:inf`` for any gap)."""
    o = _rouge_options(rouge_method, ngram_length, skip_distance, beta, weight)
    skip = o["skip_distance"]
    fields = [
        ("fn", "rougeEvaluationScore"),
        ("method", o["rouge_method"].lower()),
        ("n", o["ngram_length"]),
        ("skip", "inf" if skip is None or skip == float("inf") else repr(skip)),
        ("beta", repr(o["beta"])),
        ("w", repr(o["weight"])),
    ]
    return format_signature(fields, "matlab")


def bleu_evaluation_signature(
    *, ngram_weights: Sequence[float] | float = (0.25, 0.25, 0.25, 0.25), ignore_case: bool = False
) -> str:
    """``fn:bleuEvaluationScore|weights:<w1>+<w2>+...|case:...|version:matlab-docs+rougebleu-...``."""
    weights = "+".join(repr(w) for w in _weights(ngram_weights))
    case = "ignore" if flag(ignore_case, "ignore_case") else "mixed"
    return format_signature([("fn", "bleuEvaluationScore"), ("weights", weights), ("case", case)], "matlab")
