"""All-pairs utilities: ROUGE matrices, and the MBR expected utility and top-k neighbours of any
metric, computed in Rust row by row (GIL released, all cores) without building the N x M matrix.

- :func:`rouge_pairwise`: precision, recall and F of every hypothesis against every reference,
  each text tokenized and profiled once (``BLEU.pairwise`` is BLEU's counterpart).
- :func:`expected_utility`: for each hypothesis, the mean (or weighted mean) utility against the
  pseudo-references -- the minimum-Bayes-risk decision rule picks the hypothesis with the largest.
- :func:`top_k`: for each query, the ``k`` most similar candidates (near-duplicate search,
  retrieval of the closest references).

A metric is one of:

- ``"bleu"`` (sentence BLEU as ``BLEU(effective_order=True)`` scores it, 0-100) or a configured
  :class:`~rougebleu.BLEU`;
- a rouge type name (``"rougeL"``, ``"rouge2"``, ...; its F-measure, 0-1, with ``use_stemmer``);
- ``"chrf"`` (``CHRF()``), ``"chrf++"`` (``CHRF(word_order=2)``) or a configured
  :class:`~rougebleu.CHRF` (sentence chrF, 0-100);
- ``"ter"`` (``TER()``) or a configured :class:`~rougebleu.TER` (sentence TER, 0-100 and more);
- ``"meteor"`` (``METEOR()``, METEOR 1.5 as the jar computes it, 0-1; needs its paraphrase table)
  or a configured :class:`~rougebleu.METEOR`;
- ``"cider-d"``, ``"cider"`` or a configured :class:`~rougebleu.caption.CiderD` /
  :class:`~rougebleu.caption.Cider` (each reference alone; tokenized captions or token ids; document
  frequencies the object's, else the references', each a document).

Each value is exactly ``metric.sentence_score(hypothesis, [reference]).score`` (for a rouge type,
``rouge()`` of the pair). TER is an error rate, lower is better: :func:`expected_utility` returns
the mean TER as it is, an expected loss (MBR then picks the hypothesis with the smallest), and
:func:`top_k` returns the ``k`` candidates with the lowest TER, lowest first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rougebleu import _args
from rougebleu import _rougebleu as _native
from rougebleu._long_call import reporting
from rougebleu.mt.bleu import BLEU
from rougebleu.mt.chrf import CHRF
from rougebleu.mt.ter import TER
from rougebleu.rouge_family.batch import RougeArrays
from rougebleu.rouge_family.scorer import f_weight_alpha

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._long_call import ProgressArg

__all__ = ["rouge_pairwise", "expected_utility", "top_k"]


def rouge_pairwise(
    hypotheses: Sequence[str | bytes],
    references: Sequence[str | bytes],
    *,
    rouge_type: str = "rougeL",
    use_stemmer: bool = False,
    alpha: float | None = None,
    beta: float | None = None,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> RougeArrays:
    """ROUGE of every hypothesis against every reference: ``RougeArrays(precision, recall,
    fmeasure)``, each a float64 ``(len(hypotheses), len(references))`` array (views of one
    ``(N, M, 3)`` array). Entry ``[i, j]`` equals ``rouge([hypotheses[i]], [references[j]], ...)``
    bit for bit; each text is tokenized, stemmed and profiled once. A matrix too large to allocate
    is a ``MemoryError`` naming its size, before any work."""
    with reporting(progress, "rouge_pairwise"):
        if not isinstance(rouge_type, str):
            raise TypeError(f"rouge_type must be a str, not {type(rouge_type).__name__}")
        prf = _native.rouge_pairwise(
            _args.string_list(hypotheses, "hypotheses", False),
            _args.string_list(references, "references", False),
            rouge_type,
            _args.flag(use_stemmer, "use_stemmer"),
            f_weight_alpha(alpha, beta),
            workers,
        )
        return RougeArrays(prf[:, :, 0], prf[:, :, 1], prf[:, :, 2])


#: The metrics named by a string, as the objects they stand for.
_NAMED: dict[str, Any] = {
    "bleu": lambda: BLEU(effective_order=True),
    "chrf": lambda: CHRF(),
    "chrf++": lambda: CHRF(word_order=2),
    "ter": lambda: TER(),
}


def _cider_options(metric: Any) -> tuple | None:
    """CIDEr-D / CIDEr (each reference alone, see :class:`rougebleu.caption.CiderD`), if ``metric``
    names one: ``"cider-d"``, ``"cider"`` or a configured object."""
    from rougebleu.caption.cider import Cider, CiderD

    if isinstance(metric, str) and metric in ("cider-d", "cider"):
        metric = CiderD() if metric == "cider-d" else Cider()
    return metric._options() if isinstance(metric, CiderD) else None


def _metric_options(metric: Any, use_stemmer: bool, texts: list[list[str]]) -> tuple[dict, list[list[str]]]:
    """The native metric arguments, and the texts as the metric wants them (BLEU, chrF and TER
    lowercase in Python, with str.lower, as sacrebleu does)."""
    if isinstance(metric, str) and metric in _NAMED:
        metric = _NAMED[metric]()
    from rougebleu.meteor.jar import METEOR

    if isinstance(metric, str) and metric == "meteor":
        metric = METEOR()
    if isinstance(metric, METEOR):
        if metric.pycocoevalcap:
            raise ValueError("metric: a METEOR with pycocoevalcap=True scores items, not pairs; use METEOR()")
        return {"meteor": metric._scorer}, texts
    if isinstance(metric, BLEU):
        m = metric
        return {"bleu": m._native_options()}, [m._lower(t) for t in texts]
    if isinstance(metric, CHRF):
        return {"chrf": metric._options()}, [metric._lower(t) for t in texts]
    if isinstance(metric, TER):
        return {"ter": metric._opts()}, [metric._lower(t) for t in texts]
    if isinstance(metric, str) and metric.startswith("rouge"):
        return {"rouge": (metric, _args.flag(use_stemmer, "use_stemmer"), None)}, texts
    raise ValueError(
        "metric: expected 'bleu', 'chrf', 'chrf++', 'ter', 'meteor', 'cider-d', 'cider', a BLEU, CHRF, TER, "
        "METEOR, CiderD or Cider object, "
        f"or a rouge type name such as 'rougeL', got {metric!r}"
    )


def expected_utility(
    hypotheses: Sequence[str],
    pseudo_references: Sequence[str],
    *,
    metric: Any = "bleu",
    weights: Sequence[float] | np.ndarray | None = None,
    use_stemmer: bool = False,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> np.ndarray:
    """The expected utility of each hypothesis (minimum Bayes risk decoding): float64 ``(N,)``,
    ``math.fsum(u[i, :]) / M`` for the utilities ``u[i, j] = metric(hypotheses[i],
    pseudo_references[j])``, or ``math.fsum(w[j] * u[i, j]) / math.fsum(w)`` with ``weights``
    (one non-negative weight per pseudo-reference, e.g. sample probabilities). The sums are
    correctly rounded, so the result equals the full-matrix computation with ``math.fsum`` exactly,
    in O(N) memory. Usually ``pseudo_references`` is the hypotheses themselves.

    ``metric`` is ``"bleu"``, a :class:`~rougebleu.BLEU`, a rouge type name, ``"chrf"``,
    ``"chrf++"``, a :class:`~rougebleu.CHRF`, ``"ter"``, a :class:`~rougebleu.TER`, ``"meteor"``
    or a :class:`~rougebleu.METEOR` (see the module docstring). TER is a loss: the result is then
    the expected TER, and MBR picks the hypothesis with the smallest (``np.argmin``) instead of the
    largest."""
    with reporting(progress, "expected_utility"):
        w = None
        if weights is not None:
            if isinstance(weights, (str, bytes)):
                raise TypeError("weights must be a sequence of numbers")
            w = [_args.number(x, "weights") for x in np.asarray(weights, dtype=object).reshape(-1)]
        cider = _cider_options(metric)
        if cider is not None:
            return _native.cider_expected_utility(hypotheses, pseudo_references, cider, weights=w, workers=workers)
        hyps = _args.string_list(hypotheses, "hypotheses")
        refs = _args.string_list(pseudo_references, "pseudo_references")
        options, (hyps, refs) = _metric_options(metric, use_stemmer, [hyps, refs])
        return _native.allpairs_expected_utility(hyps, refs, weights=w, workers=workers, **options)


def top_k(
    queries: Sequence[str],
    candidates: Sequence[str],
    k: int,
    *,
    metric: Any = "bleu",
    use_stemmer: bool = False,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` most similar candidates of each query: ``(indices, scores)``, int64 and float64
    arrays ``(len(queries), min(k, len(candidates)))``, best first, ties broken by the lower
    candidate index. Scores are ``metric(queries[i], candidates[j])``, for the metrics
    :func:`expected_utility` takes. For TER, an error rate, the best are the lowest: the ``k``
    candidates with the lowest TER, in ascending order. Memory O(N·k): the similarity matrix is
    never built, so 100,000 x 100,000 runs in a few MB."""
    with reporting(progress, "top_k"):
        kk = _args.bounded_integer(k, "k", 1, 2**62)
        cider = _cider_options(metric)
        if cider is not None:
            return _native.cider_top_k(queries, candidates, kk, cider, workers=workers)
        qs = _args.string_list(queries, "queries")
        cs = _args.string_list(candidates, "candidates")
        options, (qs, cs) = _metric_options(metric, use_stemmer, [qs, cs])
        return _native.allpairs_top_k(qs, cs, kk, workers=workers, **options)
