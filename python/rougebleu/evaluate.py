"""The results of Hugging Face ``evaluate``'s ROUGE, BLEU, Google BLEU, sacreBLEU, chrF, TER and METEOR
metrics, without ``evaluate``.

``load(name).compute(predictions=..., references=...)`` (or the functions :func:`rouge`,
:func:`sacrebleu`, :func:`chrf`, :func:`ter`) returns the same dictionary, keys, values and value
types, as ``evaluate.load(name).compute(...)`` with the same arguments:

- ``"rouge"``: ``{type: F}`` with ``use_aggregator=True`` (the ``mid`` F-measure of rouge_score's
  ``BootstrapAggregator``, drawn from NumPy's global RNG exactly as ``evaluate`` does, so
  ``np.random.seed(s)`` beforehand gives ``evaluate``'s number after the same seed), or
  ``{type: [F per prediction]}`` with ``use_aggregator=False``; ``rouge_types``, ``use_stemmer`` and
  ``tokenizer`` (a callable ``text -> tokens``) as in ``evaluate``. A list of references per
  prediction scores against the best one (rouge_score's ``score_multi``).
- ``"bleu"``: ``bleu``, ``precisions``, ``brevity_penalty``, ``length_ratio``,
  ``translation_length``, ``reference_length`` (tensorflow/nmt's ``compute_bleu`` on ``evaluate``'s
  13a tokens; options ``tokenizer``, ``max_order``, ``smooth``).
- ``"google_bleu"``: ``google_bleu`` (NLTK's ``corpus_gleu`` on the same tokens; options
  ``tokenizer``, ``min_len``, ``max_len``). Both: :mod:`rougebleu.mt.hf_bleu`.
- ``"sacrebleu"``: ``score``, ``counts``, ``totals``, ``precisions``, ``bp``, ``sys_len``, ``ref_len``.
- ``"chrf"``: ``score``, ``char_order``, ``word_order``, ``beta``.
- ``"ter"``: ``score``, ``num_edits``, ``ref_length`` (options ``normalized``, ``ignore_punct``,
  ``support_zh_ja_chars``, ``case_sensitive``, named as ``evaluate`` names them).
- ``"meteor"``: ``{"meteor": mean}``, the NumPy mean of NLTK's ``meteor_score`` per prediction
  (``single_meteor_score`` with one reference string per prediction), texts tokenized with
  ``nltk.word_tokenize`` as the script does (that needs nltk and its ``punkt_tab`` data; the
  ``tokenizer=`` keyword, a callable ``text -> tokens``, replaces it); ``alpha``, ``beta``,
  ``gamma`` as in ``evaluate``. This is NLTK's METEOR, not the METEOR 1.5 jar's
  (:class:`rougebleu.METEOR`).
- ``"cider"``: ``{"CIDEr": score}``, pycocoevalcap's CIDEr (CIDEr-D) of the predictions, PTB-tokenized
  as pycocoevalcap does unless ``tokenize=False`` (``evaluate`` itself has no CIDEr: Java was the
  obstacle); options ``n`` and ``sigma``.

References are per prediction: one string, or a list of strings (the same number for every
prediction, as ``evaluate`` requires for the sacrebleu metrics; any number for METEOR). Loaded
metrics also collect inputs with ``add(prediction=..., reference=...)`` and
``add_batch(predictions=..., references=...)``. For training loops that merge across data-parallel
ranks see :mod:`rougebleu.metrics`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rougebleu._rougebleu import DEFAULT_ROUGE_TYPES

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._rougebleu import _BleuTokenize, _SmoothMethod

__all__ = ["load", "rouge", "bleu", "google_bleu", "sacrebleu", "chrf", "ter", "meteor", "cider", "EvaluationModule"]


class _Tokenizer:
    """A callable as rouge_score's tokenizer object (one with ``tokenize``)."""

    def __init__(self, func: Callable[[str], list[str]]) -> None:
        self.func = func

    def tokenize(self, text: str) -> list[str]:
        return self.func(text)


def rouge(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    rouge_types: Sequence[str] | None = None,
    use_aggregator: bool = True,
    use_stemmer: bool = False,
    tokenizer: Callable[[str], list[str]] | None = None,
) -> dict[str, Any]:
    """``evaluate.load("rouge").compute(...)``'s dictionary (see the module docstring)."""
    from rougebleu.rouge_family.scorer import RougeScorer
    from rougebleu.rouge_family.scoring import BootstrapAggregator

    if rouge_types is None:
        rouge_types = list(DEFAULT_ROUGE_TYPES)
    references = list(references)
    multi_ref = bool(references) and isinstance(references[0], list)
    scorer = RougeScorer(
        rouge_types=rouge_types, use_stemmer=use_stemmer, tokenizer=_Tokenizer(tokenizer) if tokenizer else None
    )
    targets = references if multi_ref else [r if isinstance(r, (str, bytes)) else str(r) for r in references]
    scores = scorer.score_batch(targets, list(predictions))
    if use_aggregator:
        aggregator = BootstrapAggregator()
        for s in scores:
            aggregator.add_scores(s)
        return {key: value.mid.fmeasure for key, value in aggregator.aggregate().items()}
    if not scores:
        return {}
    return {key: [s[key].fmeasure for s in scores] for key in scores[0]}


def _streams(references: Sequence[Any]) -> list[list[str]]:
    refs = [[r] if isinstance(r, str) else list(r) for r in references]
    width = len(refs[0]) if refs else 0
    if any(len(r) != width for r in refs):
        raise ValueError("Sacrebleu requires the same number of references for each prediction")
    return [[r[i] for r in refs] for i in range(width)]


def sacrebleu(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    smooth_method: _SmoothMethod = "exp",
    smooth_value: float | None = None,
    force: bool = False,
    lowercase: bool = False,
    tokenize: _BleuTokenize | None = None,
    use_effective_order: bool = False,
) -> dict[str, Any]:
    """``evaluate.load("sacrebleu").compute(...)``'s dictionary."""
    from rougebleu.mt.bleu import corpus_bleu

    out = corpus_bleu(
        list(predictions),
        _streams(references),
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        force=force,
        lowercase=lowercase,
        use_effective_order=use_effective_order,
        **({"tokenize": tokenize} if tokenize else {}),
    )
    return {
        "score": out.score,
        "counts": out.counts,
        "totals": out.totals,
        "precisions": out.precisions,
        "bp": out.bp,
        "sys_len": out.sys_len,
        "ref_len": out.ref_len,
    }


def bleu(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    tokenizer: Callable[[str], Sequence[Any]] | None = None,
    max_order: int = 4,
    smooth: bool = False,
) -> dict[str, Any]:
    """``evaluate.load("bleu").compute(...)``'s dictionary (``tokenizer=None``: its Tokenizer13a)."""
    from rougebleu.mt.hf_bleu import nmt_bleu

    return nmt_bleu(predictions, references, tokenizer, max_order, smooth)


def google_bleu(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    tokenizer: Callable[[str], Sequence[Any]] | None = None,
    min_len: int = 1,
    max_len: int = 4,
) -> dict[str, float]:
    """``evaluate.load("google_bleu").compute(...)``'s dictionary (``tokenizer=None``: Tokenizer13a)."""
    from rougebleu.mt.hf_bleu import google_bleu as gleu

    return gleu(predictions, references, tokenizer, min_len, max_len)


def chrf(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    char_order: int = 6,
    word_order: int = 0,
    beta: int = 2,
    lowercase: bool = False,
    whitespace: bool = False,
    eps_smoothing: bool = False,
) -> dict[str, Any]:
    """``evaluate.load("chrf").compute(...)``'s dictionary."""
    from rougebleu.mt.chrf import CHRF

    out = CHRF(char_order, word_order, beta, lowercase, whitespace, eps_smoothing).corpus_score(
        list(predictions), _streams(references)
    )
    return {"score": out.score, "char_order": out.char_order, "word_order": out.word_order, "beta": out.beta}


def ter(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    normalized: bool = False,
    ignore_punct: bool = False,
    support_zh_ja_chars: bool = False,
    case_sensitive: bool = False,
) -> dict[str, Any]:
    """``evaluate.load("ter").compute(...)``'s dictionary."""
    from rougebleu.mt.ter import TER

    metric = TER(
        normalized=normalized, no_punct=ignore_punct, asian_support=support_zh_ja_chars, case_sensitive=case_sensitive
    )
    out = metric.corpus_score(list(predictions), _streams(references))
    return {"score": out.score, "num_edits": out.num_edits, "ref_length": out.ref_length}


def meteor(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    alpha: float = 0.9,
    beta: float = 3,
    gamma: float = 0.5,
    tokenizer: Callable[[str], list[str]] | None = None,
) -> dict[str, Any]:
    """``evaluate.load("meteor").compute(...)``'s dictionary (see the module docstring)."""
    import numpy as np

    from rougebleu.meteor.nltk_meteor import meteor_scores

    if tokenizer is None:
        import nltk

        tokenize: Callable[[str], list[str]] = nltk.word_tokenize  # the script's (needs punkt_tab)
    else:
        tokenize = tokenizer
    refs: list[Any] = list(references)
    if not refs:
        raise ValueError("references: no references given")
    preds = list(predictions)
    if isinstance(refs[0], list):
        ref_tokens = [[tokenize(r) for r in group] for group in refs]
    else:
        ref_tokens = [[tokenize(r)] for r in refs]
    # The script zips references with predictions: the shorter list decides.
    n = min(len(preds), len(ref_tokens))
    scores = meteor_scores([tokenize(p) for p in preds[:n]], ref_tokens[:n], alpha=alpha, beta=beta, gamma=gamma)
    return {"meteor": np.mean(scores.tolist())}


def cider(
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    tokenize: bool = True,
    n: int = 4,
    sigma: float = 6.0,
) -> dict[str, Any]:
    """pycocoevalcap's CIDEr (CIDEr-D) of the predictions, document frequencies from their references."""
    from rougebleu.caption.cider import CiderD

    refs = [[r] if isinstance(r, str) else list(r) for r in references]
    score, _ = CiderD(n=n, sigma=sigma).score(list(predictions), refs, tokenize=tokenize)
    return {"CIDEr": score}


_FUNCTIONS: dict[str, Callable[..., dict[str, Any]]] = {
    "rouge": rouge,
    "bleu": bleu,
    "google_bleu": google_bleu,
    "sacrebleu": sacrebleu,
    "chrf": chrf,
    "ter": ter,
    "meteor": meteor,
    "cider": cider,
}


class EvaluationModule:
    """What ``load`` returns: ``compute``, ``add`` and ``add_batch`` as in ``evaluate``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._compute = _FUNCTIONS[name]
        self._predictions: list[Any] = []
        self._references: list[Any] = []

    def add(self, *, prediction: Any = None, reference: Any = None) -> None:
        """Collect one prediction and its reference for the next ``compute()``."""
        self._predictions.append(prediction)
        self._references.append(reference)

    def add_batch(self, *, predictions: Sequence[Any] = (), references: Sequence[Any] = ()) -> None:
        """Collect predictions and their references for the next ``compute()``."""
        if len(predictions) != len(references):
            raise ValueError(f"predictions and references differ in length: {len(predictions)} and {len(references)}")
        self._predictions.extend(predictions)
        self._references.extend(references)

    def compute(self, *, predictions: Sequence[Any] | None = None, references: Sequence[Any] | None = None, **kwargs):
        """The metric of the given inputs plus those added so far (which are then cleared)."""
        if predictions is not None:
            self.add_batch(predictions=predictions, references=references if references is not None else [])
        preds, refs = self._predictions, self._references
        self._predictions, self._references = [], []
        return self._compute(preds, refs, **kwargs)

    def __repr__(self) -> str:
        return f"EvaluationModule({self.name!r})"


def load(name: str) -> EvaluationModule:
    """``evaluate.load(name)`` for ``"rouge"``, ``"bleu"``, ``"google_bleu"``, ``"sacrebleu"``,
    ``"chrf"``, ``"ter"``, ``"meteor"`` and ``"cider"``."""
    if name not in _FUNCTIONS:
        raise ValueError(f"name: unknown metric {name!r}; expected one of {', '.join(map(repr, _FUNCTIONS))}")
    return EvaluationModule(name)
