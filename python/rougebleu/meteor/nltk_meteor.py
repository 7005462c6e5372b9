"""NLTK 3.10.4's METEOR (``nltk.translate.meteor_score``), exactly: ``meteor_score`` and
``single_meteor_score`` with NLTK's arguments and defaults, and a batch form, :func:`meteor_scores`.

Tokens are matched in NLTK's three stages — equal words, equal Porter stems (NLTK's
``PorterStemmer()``), WordNet synonyms (the lemma names without ``_`` of ``wordnet.synsets(word)``
for every part of speech, after NLTK's ``morphy``; as in NLTK, the words this stage sees are the
stems the previous stage left) — each scanning the hypothesis from its end and taking the highest
free reference word; then NLTK's chunks and its formula (``alpha`` 0.9, ``beta``
3, ``gamma`` 0.5), 0 when nothing matches or a side is empty, the best reference with several.
WordNet 3.0 is compiled in: nothing to download.

``preprocess`` (default ``str.lower``), ``stemmer`` and ``wordnet`` are honoured: a callable other
than ``str.lower`` runs on every token first, a stemmer other than NLTK's default
``PorterStemmer()`` (and a ``wordnet`` given explicitly, e.g. another WordNet version) are called
from Python on the words of the call and their answers used; the defaults run in Rust.

Differences on purpose: a bare string where a token list is expected raises NLTK's ``TypeError``;
so does a token that is not a string (NLTK's own error would come from ``str.lower``); no
references raises ``ValueError`` naming ``references``; ``alpha``, ``beta``, ``gamma`` must be
finite numbers. Lowercasing of the default ``preprocess`` uses Rust's Unicode tables, which agree
with Python's ``str.lower`` except where the two Unicode versions differ.
"""

from __future__ import annotations

from rougebleu import _rougebleu as _native
from rougebleu._long_call import reporting

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any

    import numpy as np

    from rougebleu._long_call import ProgressArg

__all__ = ["meteor_score", "single_meteor_score", "meteor_scores", "wordnet_synonyms"]

# The per-call path of NLTK's defaults: lists or tuples of str tokens, float parameters (None
# otherwise; then the general path below runs and names what is wrong).
_LOWER = str.lower
_one_call = _native.nltk_meteor_score


def _words(tokens: Any, name: str, preprocess: Callable[[str], str]) -> list[str]:
    if isinstance(tokens, str):
        # NLTK's message, word for word.
        raise TypeError(f'"{name}" expects pre-tokenized {name} (Iterable[str]): {tokens}')
    try:
        items = list(tokens)
    except TypeError:
        raise TypeError(f"{name} must be an iterable of str tokens, got {type(tokens).__name__}") from None
    if preprocess is not str.lower:
        items = [preprocess(t) for t in items]
    for i, t in enumerate(items):
        if type(t) is not str and not isinstance(t, str):
            raise TypeError(f"{name}[{i}] must be a str token, got {type(t).__name__}")
    return items


def _number(value: Any, name: str) -> float:
    from rougebleu._args import number

    return number(value, name)


def _is_default_stemmer(stemmer: Any) -> bool:
    if stemmer is None:
        return True
    cls = type(stemmer)
    return (
        cls.__name__ == "PorterStemmer"
        and cls.__module__ == "nltk.stem.porter"
        and getattr(stemmer, "mode", None) == "NLTK_EXTENSIONS"
    )


def _lexicon(
    hypotheses: Iterable[list[str]], all_words: Iterable[str], stemmer: Any, wordnet: Any
) -> tuple[dict[str, str] | None, dict[str, set[str]] | None]:
    """The caller's stems of every word, and the caller's WordNet synonyms of the stem of every
    hypothesis word (NLTK's synonym stage looks up stems); None where built in."""
    words = list(dict.fromkeys(all_words))
    if _is_default_stemmer(stemmer):
        stems = None
        stem_of = dict(zip(words, _native.nltk_porter_stem(words)))
    else:
        stems = stem_of = {w: stemmer.stem(w) for w in words}
    synonyms = None
    if wordnet is not None:
        synonyms = {}
        for hyp in hypotheses:
            for w in hyp:
                stem = stem_of[w]
                if stem not in synonyms:
                    synonyms[stem] = {
                        name
                        for synset in wordnet.synsets(stem)
                        for name in (lemma.name() for lemma in synset.lemmas())
                        if name.find("_") < 0
                    }
    return stems, synonyms


def _scores(hyps: list[list[str]], refs: list[list[list[str]]], lower: bool, stemmer: Any, wordnet: Any,
            alpha: Any, beta: Any, gamma: Any, workers: int | None) -> np.ndarray:  # fmt: skip
    a, b, g = _number(alpha, "alpha"), _number(beta, "beta"), _number(gamma, "gamma")
    if stemmer is None and wordnet is None:
        return _native.nltk_meteor_scores(hyps, refs, a, b, g, lower, None, None, workers)
    # The caller's stemmer and WordNet see the words as NLTK gives them: preprocessed in Python.
    if lower:
        hyps = [[w.lower() for w in h] for h in hyps]
        refs = [[[w.lower() for w in r] for r in rs] for rs in refs]
    every = [w for h in hyps for w in h] + [w for rs in refs for r in rs for w in r]
    stems, synonyms = _lexicon(hyps, every, stemmer, wordnet)
    return _native.nltk_meteor_scores(hyps, refs, a, b, g, False, stems, synonyms, workers)


def single_meteor_score(
    reference: Iterable[str],
    hypothesis: Iterable[str],
    preprocess: Callable[[str], str] = str.lower,
    stemmer: Any = None,
    wordnet: Any = None,
    alpha: float = 0.9,
    beta: float = 3.0,
    gamma: float = 0.5,
) -> float:
    """``nltk.translate.meteor_score.single_meteor_score``: METEOR of one tokenized hypothesis
    against one tokenized reference (note NLTK's order: reference first)."""
    if preprocess is _LOWER and stemmer is None and wordnet is None:
        score = _one_call((reference,), hypothesis, alpha, beta, gamma)
        if score is not None:
            return score
    hyp = _words(hypothesis, "hypothesis", preprocess)
    ref = _words(reference, "reference", preprocess)
    lower = preprocess is str.lower
    if stemmer is None and wordnet is None:
        a, b, g = _number(alpha, "alpha"), _number(beta, "beta"), _number(gamma, "gamma")
        return _native.nltk_single_meteor(ref, hyp, a, b, g, lower)
    return float(_scores([hyp], [[ref]], lower, stemmer, wordnet, alpha, beta, gamma, 1)[0])


def meteor_score(
    references: Iterable[Iterable[str]],
    hypothesis: Iterable[str],
    preprocess: Callable[[str], str] = str.lower,
    stemmer: Any = None,
    wordnet: Any = None,
    alpha: float = 0.9,
    beta: float = 3.0,
    gamma: float = 0.5,
) -> float:
    """``nltk.translate.meteor_score.meteor_score``: the best ``single_meteor_score`` of the
    hypothesis over its references."""
    if preprocess is _LOWER and stemmer is None and wordnet is None:
        score = _one_call(references, hypothesis, alpha, beta, gamma)
        if score is not None:
            return score
    hyp = _words(hypothesis, "hypothesis", preprocess)
    refs = [_words(r, "reference", preprocess) for r in references]  # a str gives NLTK's TypeError
    if not refs:
        raise ValueError("references: no reference given (NLTK's max() of nothing)")
    return float(_scores([hyp], [refs], preprocess is str.lower, stemmer, wordnet, alpha, beta, gamma, 1)[0])


def meteor_scores(
    hypotheses: Sequence[Iterable[str]],
    references: Sequence[Sequence[Iterable[str]]],
    *,
    preprocess: Callable[[str], str] = str.lower,
    stemmer: Any = None,
    wordnet: Any = None,
    alpha: float = 0.9,
    beta: float = 3.0,
    gamma: float = 0.5,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> np.ndarray:
    """``meteor_score(references[i], hypotheses[i])`` for every i, float64, in one call:
    `hypotheses[i]` is a token list, `references[i]` a list of token lists."""
    with reporting(progress, "meteor_scores"):
        if (preprocess is _LOWER and stemmer is None and wordnet is None and type(hypotheses) is list
                and type(references) is list and len(hypotheses) == len(references)):  # fmt: skip
            # Lists of token lists go to the extension as they are; it refuses anything else
            # with a TypeError, and then the checks below name what is wrong.
            try:
                a, b, g = _number(alpha, "alpha"), _number(beta, "beta"), _number(gamma, "gamma")
                return _native.nltk_meteor_scores(hypotheses, references, a, b, g, True, None, None, workers)
            except TypeError:
                pass
        if isinstance(hypotheses, str) or isinstance(references, str):
            raise TypeError("hypotheses and references must be sequences of token lists, not strings")
        hyps = [_words(h, f"hypotheses[{i}]", preprocess) for i, h in enumerate(hypotheses)]
        refs = []
        for i, rs in enumerate(references):
            if isinstance(rs, str):
                raise TypeError(f"references[{i}] must be a list of token lists, not a string")
            refs.append([_words(r, f"references[{i}][{k}]", preprocess) for k, r in enumerate(rs)])
        if len(hyps) != len(refs):
            raise ValueError(f"hypotheses has {len(hyps)} items but references has {len(refs)}")
        return _scores(hyps, refs, preprocess is str.lower, stemmer, wordnet, alpha, beta, gamma, workers)


def wordnet_synonyms(word: str) -> list[str]:
    """The names NLTK's ``meteor_score`` gathers for a hypothesis word: the lemma names without
    ``_`` of ``nltk.corpus.wordnet.synsets(word)`` (WordNet 3.0), sorted (the word itself aside)."""
    if not isinstance(word, str):
        raise TypeError(f"word must be a str, got {type(word).__name__}")
    return _native.nltk_wordnet_synonyms(word)
