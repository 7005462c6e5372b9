"""sacrebleu's `significance`: paired bootstrap resampling (Koehn 2004) and paired approximate
randomization (Riezler & Maxwell 2005) between systems, for any mix of BLEU, chrF and TER.

The random draws come from NumPy's `default_rng` in exactly sacrebleu's order and the resampled
scores follow sacrebleu's arithmetic (float32 resample sums), so the same seed gives the same
p-values. BLEU and chrF resamples are scored in Rust; other metrics go through their
`_compute_score_from_stats`. Comparisons run in this process (`n_jobs` is accepted and ignored:
the results do not depend on it).
"""

from __future__ import annotations

import os
from typing import Any, Mapping, Sequence

import numpy as np

__all__ = ["PairedTest", "Result", "estimate_ci"]


class Result:
    """One system's result for one metric: `score`, and against the baseline `p_value`; `mean` and
    `ci` are the bootstrap mean and 95% half width when computed."""

    def __init__(
        self, score: float, p_value: float | None = None, mean: float | None = None, ci: float | None = None
    ) -> None:
        self.score = score
        self.p_value = p_value
        self.mean = mean
        self.ci = ci

    def __repr__(self) -> str:
        return ",".join(f"{k}={v}" for k, v in self.__dict__.items())


def estimate_ci(scores: np.ndarray) -> tuple[float, float]:
    """Mean and half width of the 95% interval (the 1/40 quantiles) of resample scores."""
    s = np.sort(scores)
    n = len(s)
    lower = n // 40
    return s.mean(), 0.5 * (s[n - lower - 1] - s[lower])


def _p_value(stats: np.ndarray, real_difference: float) -> float:
    # multeval's rule: strictly greater differences count, plus one on both sides.
    return (np.sum(stats > real_difference).item() + 1) / (len(stats) + 1)


def _seed() -> tuple[str, int | None]:
    seed = os.environ.get("SACREBLEU_SEED", "12345")
    return seed, (None if seed.lower() == "none" else int(seed))


def _resample_scores(metric: Any, stats: Any, idx: np.ndarray) -> np.ndarray:
    hook = getattr(metric, "_resample_scores", None)
    if hook is not None:
        return hook(np.asarray(stats, dtype=np.int64), idx)
    st = np.array(stats, dtype="float32")
    return np.array([metric._compute_score_from_stats(s.sum(0)).score for s in st[idx]])


def _randomization_scores(metric: Any, bl: Any, sys: Any, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    hook = getattr(metric, "_randomization_scores", None)
    if hook is not None:
        return hook(np.asarray(bl, dtype=np.int64), np.asarray(sys, dtype=np.int64), pos)
    neg = ~pos
    a, b = pos @ bl + neg @ sys, neg @ bl + pos @ sys
    return (
        np.array([metric._aggregate_and_compute(x).score for x in a[:, None]]),
        np.array([metric._aggregate_and_compute(x).score for x in b[:, None]]),
    )


def _bootstrap_resample(stats: Any, metric: Any, n_samples: int = 1000) -> tuple[str, np.ndarray]:
    seed_str, seed = _seed()
    rng = np.random.default_rng(seed)
    idx = rng.choice(len(stats), size=(n_samples, len(stats)), replace=True)
    return seed_str.lower(), _resample_scores(metric, stats, idx)


def _paired_bs_test(
    baseline_info: dict,
    sys_name: str,
    hypotheses: Sequence[str],
    references: Any,
    metrics: Mapping[str, Any],
    n_samples: int = 1000,
    n_ar_confidence: int = -1,
    seed: int | None = None,
) -> tuple[str, dict[str, Result]]:
    rng = np.random.default_rng(seed)
    idx = rng.choice(len(hypotheses), size=(n_samples, len(hypotheses)), replace=True)
    results = {}
    for name, metric in metrics.items():
        bl_stats, bl_result = baseline_info[name]
        sys_stats = metric._extract_corpus_statistics(hypotheses, references)
        sys_score = metric._aggregate_and_compute(sys_stats)
        diff = abs(bl_result.score - sys_score.score)
        scores_bl = _resample_scores(metric, bl_stats, idx)
        scores_sys = _resample_scores(metric, sys_stats, idx)
        sys_mean, sys_ci = estimate_ci(scores_sys)
        sample_diffs = np.abs(scores_sys - scores_bl)
        p = _p_value(sample_diffs - sample_diffs.mean(), diff)
        results[name] = Result(sys_score.score, p, sys_mean, sys_ci)
    return sys_name, results


def _paired_ar_test(
    baseline_info: dict,
    sys_name: str,
    hypotheses: Sequence[str],
    references: Any,
    metrics: Mapping[str, Any],
    n_samples: int = 10000,
    n_ar_confidence: int = -1,
    seed: int | None = None,
) -> tuple[str, dict[str, Result]]:
    rng = np.random.default_rng(seed)
    pos = rng.integers(2, size=(n_samples, len(hypotheses)), dtype=bool)
    if n_ar_confidence > 0:
        bs_idx = rng.choice(len(hypotheses), size=(n_ar_confidence, len(hypotheses)), replace=True)
    results = {}
    for name, metric in metrics.items():
        bl_stats, bl_result = baseline_info[name]
        sys_stats = metric._extract_corpus_statistics(hypotheses, references)
        sys_score = metric._aggregate_and_compute(sys_stats)
        diff = abs(bl_result.score - sys_score.score)
        a, b = _randomization_scores(metric, np.asarray(bl_stats), np.asarray(sys_stats), pos)
        res = Result(sys_score.score, _p_value(np.abs(a - b), diff))
        if n_ar_confidence > 0:
            res.mean, res.ci = estimate_ci(_resample_scores(metric, sys_stats, bs_idx))
        results[name] = res
    return sys_name, results


class PairedTest:
    """sacrebleu's `PairedTest`: compare every system of `named_systems` with the first (the
    baseline) on each metric of `metrics`; `test_type` is `"ar"` (approximate randomization,
    default 10,000 trials) or `"bs"` (paired bootstrap, default 1,000 resamples). Calling the object
    returns `(signatures, scores)` with `scores["System"]` the names and `scores[metric name]` one
    :class:`Result` per system."""

    _DEFAULT_SAMPLES = {"ar": 10000, "bs": 1000}

    def __init__(
        self,
        named_systems: list[tuple[str, Sequence[str]]],
        metrics: Mapping[str, Any],
        references: Any,
        test_type: str = "ar",
        n_samples: int = 0,
        n_ar_confidence: int = -1,
        n_jobs: int = 1,
    ) -> None:
        if test_type not in ("ar", "bs"):
            raise ValueError(f"test_type: unknown test {test_type!r}; expected 'ar' or 'bs'")
        self.test_type = test_type
        self._fn = _paired_ar_test if test_type == "ar" else _paired_bs_test
        _, self._seed = _seed()
        self.n_jobs = n_jobs
        self.references = references
        self.named_systems = named_systems
        self.n_ar_confidence = n_ar_confidence if n_ar_confidence != 0 else self._DEFAULT_SAMPLES["bs"]
        self.n_samples = n_samples if n_samples > 0 else self._DEFAULT_SAMPLES[test_type]
        self.n_systems = len(named_systems) - 1
        self._signatures: dict[str, Any] = {}
        self._baseline_info: dict[str, tuple[Any, Result]] = {}
        self.metrics: dict[str, Any] = {}
        bl_name, bl_hyps = named_systems[0]
        for metric in metrics.values():
            bl_stats = metric._extract_corpus_statistics(bl_hyps, references)
            bl_score = metric._aggregate_and_compute(bl_stats)
            confidence_n = self.n_samples if test_type == "bs" else self.n_ar_confidence
            bl_mean = bl_ci = None
            if confidence_n > 0:
                _, scores = _bootstrap_resample(bl_stats, metric, confidence_n)
                bl_mean, bl_ci = estimate_ci(scores)
            self._baseline_info[bl_score.name] = (bl_stats, Result(bl_score.score, mean=bl_mean, ci=bl_ci))
            self.metrics[bl_score.name] = metric
            sig = metric.get_signature()
            sig.update("seed", str(self._seed).lower())
            sig.update(test_type, self.n_samples)
            if self.n_ar_confidence > 0:
                sig.update("bs", self.n_ar_confidence)
            self._signatures[bl_score.name] = sig

    def __call__(self) -> tuple[dict[str, Any], dict[str, list[Any]]]:
        scores: dict[str, list[Any]] = {"System": [name for name, _ in self.named_systems]}
        for name, (_, result) in self._baseline_info.items():
            scores[name] = [result]
        # sacrebleu passes `seed if seed else None`: a seed of 0 draws fresh entropy there too.
        seed = self._seed if self._seed else None
        for sys_name, hyps in self.named_systems[1:]:
            _, results = self._fn(
                self._baseline_info,
                sys_name,
                hyps,
                self.references,
                self.metrics,
                self.n_samples,
                self.n_ar_confidence,
                seed,
            )
            for name, res in results.items():
                scores[name].append(res)
        return self._signatures, scores
