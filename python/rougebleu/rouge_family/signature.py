"""ROUGE's reproducibility signature: every option of :func:`rougebleu.rouge`,
:func:`rougebleu.rouge_corpus` and :class:`rougebleu.RougeScorer` that can change a number, in the
grammar of :mod:`rougebleu.signature` (fields listed in ``https://rougebleu.github.io/rougebleu/signatures/``), e.g.
``types:rouge1+rougeL|tok:rouge_score|stem:no|multi:max|jk:no|f:f1|version:rouge_score-0.1.2+rougebleu-0.1.0``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rougebleu import _args
from rougebleu.rouge_family.batch import DEFAULT_SEED
from rougebleu.signature import format_signature

__all__ = ["rouge_signature"]


def rouge_signature(
    rouge_types: Sequence[str],
    *,
    use_stemmer: bool = False,
    multi_ref: str = "max",
    jackknife: bool = False,
    alpha: float | None = None,
    beta: float | None = None,
    lang: str | None = None,
    tokenizer: Any = None,
    pretokenized: bool = False,
    split_summaries: bool = False,
    average: str | None = None,
    n_bootstrap: int = 0,
    confidence: float = 0.95,
    seed: int | None = DEFAULT_SEED,
) -> str:
    """The signature of ROUGE scores computed with these options (those of :func:`rougebleu.rouge`;
    for :func:`rougebleu.rouge_corpus` also ``average`` and, when an interval is given,
    ``n_bootstrap``, ``confidence`` and ``seed``). The options are checked as the scoring calls
    check them."""
    from rougebleu.rouge_family.scorer import f_weight_alpha, make_core

    named = tokenizer if isinstance(tokenizer, str) or tokenizer is None else None
    types, _ = make_core(rouge_types, use_stemmer, multi_ref, None, None, jackknife, lang, named)
    weight = f_weight_alpha(alpha, beta)
    fields: list[tuple[str, Any]] = [
        ("types", "+".join(types)),
        ("tok", _tokenization(lang, tokenizer, _args.flag(pretokenized, "pretokenized"))),
        ("stem", use_stemmer),
        # How rougeLsum splits sentences: only where it is scored.
        (
            "lsum",
            ("nltk" if _args.flag(split_summaries, "split_summaries") else "newline") if "rougeLsum" in types else None,
        ),
        ("multi", multi_ref),
        ("jk", jackknife),
        ("f", "f1" if weight is None else f"alpha-{weight!r}"),
    ]
    if average is not None:
        fields.append(("avg", _args.option(average, "rouge.average", "average")))
    resamples = _args.n_bootstrap(n_bootstrap)
    if resamples:
        fields += [("bs", resamples), ("ci", repr(_args.confidence(confidence))), ("rs", seed)]
    return format_signature(fields, "xlsum" if lang is not None else "rouge_score")


def _tokenization(lang: str | None, tokenizer: Any, pretokenized: bool) -> str:
    """What turned texts into tokens: given tokens, a user's tokenizer object, the XL-Sum pipeline
    of a language (by its canonical name), or a named tokenizer (rouge_score's by default)."""
    if pretokenized:
        return "pretokenized"
    if lang is not None:
        from rougebleu.rouge_family.multilingual import resolve_language

        return f"xlsum-{resolve_language(lang)[0]}"
    if tokenizer is None:
        return "rouge_score"
    if isinstance(tokenizer, str):
        return tokenizer
    return "custom"
