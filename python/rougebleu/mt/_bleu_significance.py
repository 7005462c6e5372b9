"""Paired significance tests between systems, as sacrebleu's `PairedTest` computes them for BLEU.

Paired bootstrap resampling (Koehn 2004, Moses' bootstrap-hypothesis-difference-significance.pl)
and paired approximate randomization (Riezler & Maxwell 2005, multeval). The random draws come
from NumPy's `default_rng` in exactly sacrebleu's order, so the same seed gives the same p-values;
the resampled scores are computed in Rust.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Sequence

import numpy as np

from rougebleu import _rougebleu as _native
from rougebleu._args import MAX_BOOTSTRAP, bounded_integer
from rougebleu.mt._bleu_score import BLEUSignature
from rougebleu.mt.bleu import BLEU

__all__ = ["PairedResult", "paired_test"]

_DEFAULT_SAMPLES = {"ar": 10000, "bs": 1000}


@dataclasses.dataclass
class PairedResult:
    """One system's result: its score and, against the baseline, the p-value; `mean`/`ci` are the
    bootstrap mean and 95% half width when computed (None otherwise). The baseline has no p-value."""

    system: str
    score: float
    p_value: float | None = None
    mean: float | None = None
    ci: float | None = None


def _estimate_ci(scores: np.ndarray) -> tuple[float, float]:
    s = np.sort(scores)
    n = len(s)
    lower = n // 40
    return float(s.mean()), float(0.5 * (s[n - lower - 1] - s[lower]))


def _p_value(stats: np.ndarray, real_difference: float) -> float:
    return (int(np.sum(stats > real_difference)) + 1) / (len(stats) + 1)


def paired_test(
    metric: BLEU,
    named_systems: Sequence[tuple[str, Sequence[str]]],
    references: Sequence[Sequence[str | None]] | None = None,
    *,
    test_type: str = "bs",
    n_samples: int = 0,
    n_ar_confidence: int = -1,
) -> tuple[BLEUSignature, list[PairedResult]]:
    """Compare every system with the first one (the baseline).

    `test_type` is `"bs"` (paired bootstrap, default 1000 resamples) or `"ar"` (approximate
    randomization, default 10000 trials; `n_ar_confidence > 0` adds a bootstrap interval, 0 = 1000).
    The seed is read from `SACREBLEU_SEED` (default 12345, "none" = fresh entropy), as sacrebleu does.
    Returns the signature and one :class:`PairedResult` per system, baseline first.
    """
    if test_type not in _DEFAULT_SAMPLES:
        raise ValueError(f"test_type: unknown test {test_type!r}; expected 'bs' or 'ar'")
    if len(named_systems) < 2:
        raise ValueError("named_systems: give a baseline and at least one system")
    seed_str = os.environ.get("SACREBLEU_SEED", "12345")
    seed = None if seed_str.lower() == "none" else int(seed_str)
    n_samples = bounded_integer(n_samples, "n_samples", -(2**63), MAX_BOOTSTRAP)
    n_ar_confidence = bounded_integer(n_ar_confidence, "n_ar_confidence", -(2**63), MAX_BOOTSTRAP)
    n_ar_confidence = n_ar_confidence if n_ar_confidence != 0 else _DEFAULT_SAMPLES["bs"]
    n_samples = n_samples if n_samples > 0 else _DEFAULT_SAMPLES[test_type]
    value = metric._value_f()
    opts = (metric.smooth_method, value, metric.effective_order)

    bl_name, bl_hyps = named_systems[0]
    bl_stats = metric.segment_statistics(bl_hyps, references)
    bl_score = metric.score_from_statistics(bl_stats.sum(axis=0)).score
    confidence_n = n_samples if test_type == "bs" else n_ar_confidence
    results = [PairedResult(bl_name, bl_score)]
    if confidence_n > 0:
        scores = metric._bootstrap_scores(bl_stats, confidence_n, np.random.default_rng(seed))
        results[0].mean, results[0].ci = _estimate_ci(scores)
    sig = metric.get_signature()
    sig.update("seed", str(seed).lower())
    sig.update(test_type, n_samples)
    if n_ar_confidence > 0:
        sig.update("bs", n_ar_confidence)

    for name, hyps in named_systems[1:]:
        # sacrebleu passes `seed if seed else None`: a seed of 0 is not reproducible there either.
        rng = np.random.default_rng(seed if seed else None)
        n = len(bl_stats)
        sys_stats = metric.segment_statistics(hyps, references)
        sys_score = metric.score_from_statistics(sys_stats.sum(axis=0)).score
        diff = abs(bl_score - sys_score)
        res = PairedResult(name, sys_score)
        if test_type == "bs":
            idx = rng.choice(n, size=(n_samples, n), replace=True).astype(np.int64, copy=False)
            s_bl = _native.bleu_bootstrap_scores(bl_stats, idx, *opts)
            s_sys = _native.bleu_bootstrap_scores(sys_stats, idx, *opts)
            res.mean, res.ci = _estimate_ci(s_sys)
            sample_diffs = np.abs(s_sys - s_bl)
            res.p_value = _p_value(sample_diffs - sample_diffs.mean(), diff)
        else:
            swap = rng.integers(2, size=(n_samples, n), dtype=bool)
            a, b = _native.bleu_randomization_scores(bl_stats, sys_stats, np.ascontiguousarray(swap), *opts)
            res.p_value = _p_value(np.abs(a - b), diff)
            if n_ar_confidence > 0:
                idx = rng.choice(n, size=(n_ar_confidence, n), replace=True).astype(np.int64, copy=False)
                res.mean, res.ci = _estimate_ci(_native.bleu_bootstrap_scores(sys_stats, idx, *opts))
        results.append(res)
    return sig, results
