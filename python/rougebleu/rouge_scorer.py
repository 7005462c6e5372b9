"""``RougeScorer``: a drop-in replacement for ``rouge_score.rouge_scorer.RougeScorer``.

Same constructor, same ``score(target, prediction)`` (reference first) and
``score_multi(targets, prediction)``, same numbers (rouge_score 0.1.2 with NLTK 3.10's Porter
stemmer) -- computed in Rust -- plus ``score_batch`` that scores many pairs in parallel.
"""

from __future__ import annotations

from typing import Any, Sequence

from rougebleu._rougebleu import RougeCore, rouge_score_tokenize
from rougebleu.scoring import Score

__all__ = ["RougeScorer"]

TextLike = "str | bytes"
_INT_ZERO = Score(precision=0, recall=0, fmeasure=0)


def check_rouge_types(rouge_types: Any) -> list[str]:
    """Validate ``rouge_types``: a non-empty list of type names (not a bare string)."""
    if isinstance(rouge_types, (str, bytes)):
        raise TypeError(f"rouge_types must be a list of rouge type names such as ['rouge1'], not {rouge_types!r}")
    try:
        types = list(rouge_types)
    except TypeError:
        raise TypeError(f"rouge_types must be a list of strings, not {type(rouge_types).__name__}") from None
    for t in types:
        if not isinstance(t, str):
            raise TypeError(f"rouge_types must contain strings, not {type(t).__name__}")
    if not types:
        raise ValueError("rouge_types must name at least one rouge type")
    return types


def _to_scores(types: Sequence[str], tuples: Sequence[tuple]) -> dict[str, Score]:
    return {
        t: _INT_ZERO if int_zero else Score(p, r, f)
        for t, (p, r, f, int_zero) in zip(types, tuples)
    }


class RougeScorer:
    """Calculate ROUGE scores between texts, exactly as ``rouge_score`` 0.1.2 does.

    Args:
        rouge_types: names such as ``["rouge1", "rouge2", "rougeL", "rougeLsum"]``
            (``rouge1`` .. ``rouge9``, ``rougeL``: whole-text LCS, ``rougeLsum``: summary-level
            LCS over newline-separated sentences).
        use_stemmer: stem tokens longer than 3 characters with NLTK's Porter stemmer.
        split_summaries: for ``rougeLsum``, split sentences with ``nltk.sent_tokenize`` instead of
            on newlines (needs nltk and its punkt data).
        tokenizer: an object with ``tokenize(text) -> list[str]`` replacing the default tokenizer
            (``use_stemmer`` is then the tokenizer's business, as in rouge_score).

    ``score`` returns ``{rouge_type: Score(precision, recall, fmeasure)}``. As in rouge_score,
    ``rougeL``/``rougeLsum`` are the ints ``Score(0, 0, 0)`` when either text has no tokens.
    """

    def __init__(
        self,
        rouge_types: Sequence[str],
        use_stemmer: bool = False,
        split_summaries: bool = False,
        tokenizer: Any = None,
    ):
        self.rouge_types = check_rouge_types(rouge_types)
        self._core = RougeCore(self.rouge_types, bool(use_stemmer))
        self._use_stemmer = bool(use_stemmer)
        if tokenizer is not None and not callable(getattr(tokenizer, "tokenize", None)):
            raise TypeError("tokenizer must have a tokenize(text) method")
        self._tokenizer = tokenizer
        self._split_summaries = bool(split_summaries)
        if self._split_summaries:
            self._sent_tokenize = _load_sent_tokenize()

    # -- rouge_score API ---------------------------------------------------------------------
    def score(self, target: str | bytes, prediction: str | bytes) -> dict[str, Score]:
        """Scores of ``prediction`` against ``target`` (the reference comes first)."""
        if self._needs_python_tokens(target, prediction):
            return self._score_python_tokens(target, prediction)
        return _to_scores(self.rouge_types, self._core.score(target, prediction))

    def score_multi(self, targets: Sequence[str | bytes], prediction: str | bytes) -> dict[str, Score]:
        """Per rouge type, the score against the target with the highest F-measure (first on ties)."""
        if isinstance(targets, (str, bytes)):
            raise TypeError("targets must be a list of strings, not a single string")
        targets = list(targets)
        if not targets:
            raise ValueError("targets must contain at least one text")
        if self._needs_python_tokens(prediction, *targets):
            per_target = [self._score_python_tokens(t, prediction) for t in targets]
            return {k: max(per_target, key=lambda s: s[k].fmeasure)[k] for k in self.rouge_types}
        return _to_scores(self.rouge_types, self._core.score_multi(targets, prediction))

    # -- batch API ---------------------------------------------------------------------------
    def score_batch(
        self,
        targets: Sequence[str | bytes | Sequence[str | bytes]],
        predictions: Sequence[str | bytes],
        *,
        workers: int | None = None,
    ) -> list[dict[str, Score]]:
        """``score(targets[i], predictions[i])`` for every i, in parallel, in input order.

        ``targets[i]`` may be a list of references (then ``score_multi``'s rule applies).
        ``workers``: ``None`` or ``-1`` = all cores (``RAYON_NUM_THREADS`` is honoured), ``1`` =
        serial. The GIL is released while scoring; results do not depend on ``workers``.
        """
        if self._tokenizer is not None or self._split_summaries:
            return [
                self.score_multi(t, p) if not isinstance(t, (str, bytes)) else self.score(t, p)
                for t, p in _zip_checked(targets, predictions)
            ]
        return self._core.score_batch_dicts(predictions, targets, self.rouge_types, Score, _INT_ZERO, workers)

    # -- slow path: a user tokenizer, nltk sentence splitting, bytes that lower differently ---
    def _needs_python_tokens(self, *texts: Any) -> bool:
        if self._tokenizer is not None or self._split_summaries:
            return True
        # bytes.lower() leaves U+0130 and U+212A alone where str.lower() maps them into ASCII, and
        # rouge_score lowercases bytes (whole-text types) and str (rougeLsum sentences) differently.
        return any(isinstance(t, bytes) and (b"\xc4\xb0" in t or b"\xe2\x84\xaa" in t) for t in texts)

    def _tokenize(self, text: str | bytes) -> list:
        if self._tokenizer is not None:
            return list(self._tokenizer.tokenize(text))
        return rouge_score_tokenize(text, self._use_stemmer)

    def _sentences(self, text: str | bytes) -> list[str]:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        sents = self._sent_tokenize(text) if self._split_summaries else text.split("\n")
        return [s for s in sents if len(s)]

    def _score_python_tokens(self, target: str | bytes, prediction: str | bytes) -> dict[str, Score]:
        for name, value in (("target", target), ("prediction", prediction)):
            if not isinstance(value, (str, bytes)):
                raise TypeError(f"{name} must be str or bytes, not {type(value).__name__}")
        vocab: dict = {}

        def ids(tokens: list) -> list[str]:
            # Any hashable token works: map each to a stable string id.
            return [vocab.setdefault(tok, str(len(vocab))) for tok in tokens]

        whole = self.rouge_types != ["rougeLsum"]
        tt = ids(self._tokenize(target)) if whole else []
        pt = ids(self._tokenize(prediction)) if whole else []
        lsum = "rougeLsum" in self.rouge_types
        ts = [ids(self._tokenize(s)) for s in self._sentences(target)] if lsum else []
        ps = [ids(self._tokenize(s)) for s in self._sentences(prediction)] if lsum else []
        return _to_scores(self.rouge_types, self._core.score_tokens(tt, pt, ts, ps))


def _zip_checked(a: Sequence, b: Sequence) -> list:
    for name, v in (("targets", a), ("predictions", b)):
        if isinstance(v, (str, bytes)):
            raise TypeError(f"{name} must be a list of strings, not a single string")
    a, b = list(a), list(b)
    if len(a) != len(b):
        raise ValueError(f"targets and predictions must have the same length, got {len(a)} and {len(b)}")
    return list(zip(a, b))


def _load_sent_tokenize():
    """``nltk.sent_tokenize``, checked to be usable now rather than at the first score."""
    try:
        import nltk
    except ImportError as e:
        raise ImportError("split_summaries=True needs nltk: pip install nltk") from e
    try:
        nltk.sent_tokenize("Check. Punkt.")
    except LookupError as e:
        raise LookupError(
            "split_summaries=True needs NLTK's punkt sentence tokenizer data: "
            "run python -c \"import nltk; nltk.download('punkt_tab')\""
        ) from e
    return nltk.sent_tokenize
