"""Paired significance tests between summarization systems on ROUGE.

No ROUGE tool ships these, so they follow what MT researchers already use for BLEU: sacrebleu's
paired bootstrap resampling (Koehn 2004) and paired approximate randomization (Riezler & Maxwell
2005), with the same draws (NumPy's ``default_rng``, one generator per compared system, seeded
alike so every system sees the same resamples), the same p-value formula and the same 95%
interval of the bootstrap means. The corpus score being resampled is the macro mean of the
per-pair scores (what papers report from rouge_score), so a resample's score is the mean of the
per-pair values it picks: no text is scored twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

import numpy as np

from rougebleu import _args
from rougebleu.rouge_family.batch import DEFAULT_TYPES, rouge

__all__ = ["RougePairedResult", "rouge_paired_test", "paired_test_on_scores"]

DEFAULT_SAMPLES = {"bs": 1000, "ar": 10000}
DEFAULT_SEED = 12345  # sacrebleu's default seed for its paired tests


class RougePairedResult(NamedTuple):
    """One system on one rouge type: its corpus score (mean of the per-pair values) and, for a
    system other than the baseline, the p-value of its difference to the baseline. ``mean`` and
    ``ci`` are the mean of the bootstrap scores and the half width of their 95% interval (None
    when no bootstrap ran: the approximate-randomization baseline with ``n_bootstrap=0``)."""

    system: str
    score: float
    p_value: float | None
    mean: float | None
    ci: float | None


def _interval(scores: np.ndarray) -> tuple[float, float]:
    # The 2.5% and 97.5% order statistics of the sorted scores, as sacrebleu's estimate_ci.
    s = np.sort(scores)
    cut = len(s) // 40
    return float(s.mean()), float(0.5 * (s[len(s) - cut - 1] - s[cut]))


def _p_value(null_stats: np.ndarray, observed: float) -> float:
    return (int(np.count_nonzero(null_stats > observed)) + 1) / (len(null_stats) + 1)


def _rng(seed: int | None) -> np.random.Generator:
    # sacrebleu passes `seed if seed else None`: a seed of 0 draws fresh entropy there too.
    return np.random.default_rng(seed if seed else None)


def paired_test_on_scores(
    scores: Sequence[tuple[str, np.ndarray]],
    *,
    test_type: str = "bs",
    n_samples: int = 0,
    n_bootstrap: int = -1,
    seed: int | None = DEFAULT_SEED,
) -> list[RougePairedResult]:
    """Compare every system's per-pair scores with the first system's (the baseline).

    ``scores`` is ``[(name, per_pair_values), ...]``, all of the same length (one value per
    document). ``test_type`` is ``"bs"`` (paired bootstrap; ``n_samples`` resamples, default 1000)
    or ``"ar"`` (approximate randomization; ``n_samples`` trials, default 10000, plus a bootstrap
    interval of ``n_bootstrap`` resamples: -1 = none, 0 = 1000). ``seed=None`` draws fresh entropy.
    """
    _args.option(test_type, "significance.test_type", "test_type")
    if len(scores) < 2:
        raise ValueError("systems: give a baseline and at least one system to compare with it")
    n_samples = _args.n_bootstrap(n_samples, "n_samples") or DEFAULT_SAMPLES[test_type]
    n_bootstrap = _args.n_bootstrap(n_bootstrap, "n_bootstrap", low=-1)
    n_bootstrap = DEFAULT_SAMPLES["bs"] if n_bootstrap == 0 else n_bootstrap
    arrays = [np.asarray(values, dtype=np.float64) for _, values in scores]
    n = len(arrays[0])
    if n == 0:
        raise ValueError("systems: there are no pairs to resample")
    if any(a.ndim != 1 or len(a) != n for a in arrays):
        raise ValueError("systems: every system needs one score per pair, as many as the baseline")

    base = arrays[0]
    base_score = float(base.mean())
    confidence_n = n_samples if test_type == "bs" else n_bootstrap
    if confidence_n > 0:
        idx = _rng(seed).choice(n, size=(confidence_n, n), replace=True)
        results = [RougePairedResult(scores[0][0], base_score, None, *_interval(base[idx].mean(axis=1)))]
    else:
        results = [RougePairedResult(scores[0][0], base_score, None, None, None)]

    for (name, _), values in zip(scores[1:], arrays[1:]):
        rng = _rng(seed)  # the same draws for every system, as sacrebleu
        score = float(values.mean())
        observed = abs(base_score - score)
        mean = ci = None
        if test_type == "bs":
            idx = rng.choice(n, size=(n_samples, n), replace=True)
            sys_scores = values[idx].mean(axis=1)
            mean, ci = _interval(sys_scores)
            diffs = np.abs(sys_scores - base[idx].mean(axis=1))
            # The bootstrap differences, shifted to mean zero, estimate the null distribution.
            p = _p_value(diffs - diffs.mean(), observed)
        else:
            swap = rng.integers(2, size=(n_samples, n), dtype=bool)
            # A True draw keeps the pair's scores where they are, a False one swaps them.
            a = np.where(swap, base, values).mean(axis=1)
            b = np.where(swap, values, base).mean(axis=1)
            p = _p_value(np.abs(a - b), observed)
            if n_bootstrap > 0:
                idx = rng.choice(n, size=(n_bootstrap, n), replace=True)
                mean, ci = _interval(values[idx].mean(axis=1))
        results.append(RougePairedResult(name, score, p, mean, ci))
    return results


def rouge_paired_test(
    systems: Mapping[str, Sequence[str]] | Sequence[tuple[str, Sequence[str]]],
    references: Sequence[str | Sequence[str]],
    *,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    multi_ref: str = "max",
    measure: str = "fmeasure",
    test_type: str = "bs",
    n_samples: int = 0,
    n_bootstrap: int = -1,
    seed: int | None = DEFAULT_SEED,
    workers: int | None = None,
) -> dict[str, list[RougePairedResult]]:
    """Paired significance of every system against the first one (the baseline), per rouge type.

    ``systems`` maps names to predictions (an ordered mapping or a list of ``(name, predictions)``
    pairs; the first is the baseline), each line-aligned with ``references`` (one text or a list
    of texts per document, as :func:`rougebleu.rouge` takes them). ``measure`` picks the value
    tested: ``"fmeasure"`` (default), ``"precision"`` or ``"recall"``. See
    :func:`paired_test_on_scores` for ``test_type``, ``n_samples``, ``n_bootstrap`` and ``seed``.
    Returns ``{rouge_type: [RougePairedResult, ...]}``, baseline first.
    """
    named: list[tuple[str, Sequence[str]]] = (
        list(systems.items()) if isinstance(systems, Mapping) else [(name, preds) for name, preds in systems]
    )
    _args.option(measure, "rouge.measure", "measure")
    per_system = [
        (
            name,
            rouge(
                preds,
                references,
                rouge_types=rouge_types,
                use_stemmer=use_stemmer,
                multi_ref=multi_ref,
                workers=workers,
            ),
        )
        for name, preds in named
    ]
    types = list(per_system[0][1]) if per_system else list(rouge_types)
    return {
        t: paired_test_on_scores(
            [(name, getattr(arrays[t], measure)) for name, arrays in per_system],
            test_type=test_type,
            n_samples=n_samples,
            n_bootstrap=n_bootstrap,
            seed=seed,
        )
        for t in types
    }
