"""Hugging Face ``evaluate``'s two other BLEUs, as its metric scripts compute them:

- ``bleu``: tensorflow/nmt's ``compute_bleu`` (corpus n-gram matches against the merged references,
  the brevity penalty from the *shortest* reference of each segment, optional add-one smoothing);
- ``google_bleu``: GLEU, NLTK's ``corpus_gleu`` (per segment the reference with the best
  ``matches / max(hypothesis n-grams, reference n-grams)``, the first one on ties, summed over
  the corpus);

both on the tokens of ``evaluate``'s ``Tokenizer13a`` (mteval-v13a: sacrebleu's 13a, returning the
token list) or of a ``tokenizer`` callable. The float arithmetic follows the scripts operation by
operation, so the values are theirs bit for bit; where they divide by zero (an empty corpus side),
:class:`EmptyCorpusError` says so, and it is a `ZeroDivisionError` as theirs.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

__all__ = ["EmptyCorpusError", "nmt_bleu", "google_bleu", "tokenize_13a"]


class EmptyCorpusError(ZeroDivisionError, ValueError):
    """The predictions (or the shortest references) have no tokens at all: nmt's BLEU divides by
    their length (evaluate raises `ZeroDivisionError`)."""


# mteval-v13a's language-dependent rules, applied in this order: punctuation and symbols apart,
# period and comma apart unless next to a digit, a dash after a digit apart.
_RULES = [
    (re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])"), r" \1 "),
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
]


@lru_cache(maxsize=2**16)
def _tokens_13a(line: str) -> tuple[str, ...]:
    line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in line:
        line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    line = f" {line} "
    for rule, replacement in _RULES:
        line = rule.sub(replacement, line)
    return tuple(line.split())


def tokenize_13a(line: str) -> list[str]:
    """``evaluate``'s ``Tokenizer13a()(line)``: the tokens of mteval-v13a (no right strip first,
    unlike sacrebleu's BLEU)."""
    if not isinstance(line, str):
        raise TypeError(f"a text to tokenize must be a str, got {type(line).__name__}")
    return list(_tokens_13a(line))


def _tokenized(
    predictions: Sequence[str], references: Sequence[Any], tokenizer: Callable[[str], Sequence[Any]] | None
) -> tuple[list[Sequence[Any]], list[list[Sequence[Any]]]]:
    """Predictions and per-prediction reference lists as tokens (a flat list of strings is one
    reference each, as the scripts read it)."""
    from rougebleu._args import not_one_text, same_length

    not_one_text(predictions, "predictions", "a list of strings")
    not_one_text(references, "references", "a list (one reference, or a list of them, per prediction)")
    if len(references) == 0:
        raise ValueError("references is empty; give one reference (or a list of them) per prediction")
    same_length(predictions, references, "predictions and references")
    tok = tokenizer if tokenizer is not None else tokenize_13a
    refs = [[r] for r in references] if isinstance(references[0], str) else references
    return [tok(p) for p in predictions], [[tok(r) for r in group] for group in refs]


def _ngrams(tokens: Sequence[Any], low: int, high: int) -> Counter:
    return Counter(tuple(tokens[i : i + n]) for n in range(low, high + 1) for i in range(len(tokens) - n + 1))


def _native_counts(hyps: list[Any], refs: list[Any], order: int) -> Any:
    """Per segment: hypothesis length, then the n-gram matches of orders 1..`order` clipped by the
    most any one reference has (the scripts' merged counts), then the hypothesis's n-gram counts;
    counted natively. None where Python must count (tokens that are not str, orders past the
    native bound)."""
    from rougebleu import _rougebleu as _native
    from rougebleu.limits import MAX_NGRAM_ORDER

    if order > MAX_NGRAM_ORDER or not hyps:
        return None
    try:
        return _native.bleu_token_stats(hyps, refs, order)
    except (TypeError, UnicodeError):
        return None


def nmt_bleu(
    predictions: Sequence[str],
    references: Sequence[Any],
    tokenizer: Callable[[str], Sequence[Any]] | None = None,
    max_order: int = 4,
    smooth: bool = False,
) -> dict[str, Any]:
    """``evaluate.load("bleu").compute(...)``: ``bleu``, ``precisions``, ``brevity_penalty``,
    ``length_ratio``, ``translation_length``, ``reference_length``."""
    from rougebleu._args import bounded_integer, flag
    from rougebleu.limits import MAX_NGRAM_ORDER

    order = bounded_integer(max_order, "max_order", 1, MAX_NGRAM_ORDER)
    smooth = flag(smooth, "smooth")
    hyps, refs = _tokenized(predictions, references, tokenizer)
    if any(not group for group in refs):
        raise ValueError("each prediction needs at least one reference")
    # nmt's brevity penalty takes the shortest reference (sacrebleu's statistics: the closest).
    reference_length = sum(min(len(r) for r in group) for group in refs)
    translation_length = sum(len(h) for h in hyps)
    stats = _native_counts(hyps, refs, order)
    if stats is not None:
        sums = stats.sum(axis=0)
        matches = [int(x) for x in sums[2 : 2 + order]]
        possible = [int(x) for x in sums[2 + order : 2 + 2 * order]]
    else:
        matches, possible = [0] * order, [0] * order
        for hyp, group in zip(hyps, refs):
            merged: Counter = Counter()
            for r in group:
                merged |= _ngrams(r, 1, order)
            for gram, count in (_ngrams(hyp, 1, order) & merged).items():
                matches[len(gram) - 1] += count
            for n in range(1, order + 1):
                possible[n - 1] += max(len(hyp) - n + 1, 0)
    if smooth:
        precisions = [(matches[i] + 1.0) / (possible[i] + 1.0) for i in range(order)]
    else:
        precisions = [float(matches[i]) / possible[i] if possible[i] > 0 else 0.0 for i in range(order)]
    geo_mean = math.exp(sum((1.0 / order) * math.log(p) for p in precisions)) if min(precisions) > 0 else 0
    if reference_length == 0:
        raise EmptyCorpusError("float division by zero: the references have no tokens (length ratio)")
    ratio = float(translation_length) / reference_length
    if ratio > 1.0:
        bp = 1.0
    elif ratio == 0:
        raise EmptyCorpusError("float division by zero: the predictions have no tokens (brevity penalty)")
    else:
        bp = math.exp(1 - 1.0 / ratio)
    return {
        "bleu": geo_mean * bp,
        "precisions": precisions,
        "brevity_penalty": bp,
        "length_ratio": ratio,
        "translation_length": translation_length,
        "reference_length": reference_length,
    }


def google_bleu(
    predictions: Sequence[str],
    references: Sequence[Any],
    tokenizer: Callable[[str], Sequence[Any]] | None = None,
    min_len: int = 1,
    max_len: int = 4,
) -> dict[str, float]:
    """``evaluate.load("google_bleu").compute(...)``: ``{"google_bleu": GLEU}``."""
    from rougebleu._args import integer

    low, high = integer(min_len, "min_len", minimum=1), integer(max_len, "max_len", minimum=1)
    hyps, refs = _tokenized(predictions, references, tokenizer)
    count = lambda n_tokens: sum(max(n_tokens - n + 1, 0) for n in range(low, high + 1))  # noqa: E731
    # Each (prediction, reference) pair's matches of orders low..high, natively where possible.
    pairs = [(i, r) for i, group in enumerate(refs) for r in group]
    stats = _native_counts([hyps[i] for i, _ in pairs], [[r] for _, r in pairs], high) if high >= low else None
    corpus_match = corpus_all = 0
    k = 0
    for hyp, group in zip(hyps, refs):
        hyp_grams = _ngrams(hyp, low, high) if stats is None else None
        hyp_total = count(len(hyp))
        best: tuple[int, int] | None = None
        for r in group:
            n_all = max(hyp_total, count(len(r)))
            if n_all > 0:
                if stats is not None:
                    tp = int(stats[k, 2 + low - 1 : 2 + high].sum())
                else:
                    assert hyp_grams is not None
                    tp = sum((_ngrams(r, low, high) & hyp_grams).values())
                # The best ratio; on a tie the first reference (max() keeps the first).
                if best is None or tp / n_all > best[0] / best[1]:
                    best = (tp, n_all)
            k += 1
        if best is not None:
            corpus_match += best[0]
            corpus_all += best[1]
    return {"google_bleu": 0.0 if corpus_all == 0 else corpus_match / corpus_all}
