"""Paired significance tests between systems for BLEU, chrF and TER, as sacrebleu 2.6.0 runs them.

Paired bootstrap resampling (Koehn 2004; Moses' bootstrap-hypothesis-difference-significance.pl)
and paired approximate randomization (Riezler & Maxwell 2005; multeval), plus the bootstrap
interval of the baseline. This is the one implementation behind :func:`rougebleu.paired_test`,
the drop-in `rougebleu.sacrebleu.significance.PairedTest` and `rougebleu sacrebleu --paired-bs/ar`.

The random draws are NumPy's `default_rng` draws in exactly sacrebleu's order (one index matrix or
swap mask per compared system, shared by every metric), so the same seed gives the same p-values;
they are made natively (`_rougebleu.NumpyGenerator`, bit for bit NumPy's), so that a paired
bootstrap of rougebleu's BLEU never imports NumPy (a command's start-up). Each metric scores its
resamples through two hooks: `_resample_scores(stats, idx)` and
`_randomization_scores(baseline, system, swap)`; rougebleu's BLEU, CHRF and TER implement them in
Rust with sacrebleu's arithmetic (float32 resample sums where sacrebleu sums in float32), BLEU on
native statistics (`_segment_rows`) with native summaries of its scores. With a fixed seed every
system of a paired bootstrap shares one index matrix, so a metric with the hooks
`_segment_rows_many(systems, references)` and `_shared_resample_scores(stats, rng, n_samples)`
(rougebleu's BLEU) computes all systems' statistics in one pass and resamples them all in another,
drawing the matrix a few rows at a time instead of holding it. Any other
object with sacrebleu's `Metric` statistics methods is scored the way sacrebleu scores it.
"""

from __future__ import annotations

import os

from rougebleu import _rougebleu as _native
from rougebleu._args import option

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    import numpy as np

__all__ = ["FROM_ENV", "PairedTest", "Result", "default_rng", "entropy_words", "estimate_ci", "seed_from_env"]

DEFAULT_SAMPLES = {"ar": 10000, "bs": 1000}
#: The default of `seed` arguments: read it from `SACREBLEU_SEED`, as sacrebleu does.
FROM_ENV: Any = type("FromEnv", (), {"__repr__": lambda self: "FROM_ENV"})()


class Result:
    """One system's result for one metric: `score`, and against the baseline `p_value`; `mean` and
    `ci` are the bootstrap mean and 95% half width when computed (None otherwise)."""

    def __init__(
        self, score: float, p_value: float | None = None, mean: float | None = None, ci: float | None = None
    ) -> None:
        self.score = score
        self.p_value = p_value
        self.mean = mean
        self.ci = ci

    def __repr__(self) -> str:
        return ",".join(f"{k}={v}" for k, v in self.__dict__.items())


def estimate_ci(scores: Any) -> tuple[Any, Any]:
    """Mean and half width of the 95% interval (the 1/40 quantiles) of resample scores, in the
    scores' own dtype (float32 resamples give float32 values, as in sacrebleu)."""
    if isinstance(scores, _native.ResampleScores):
        return scores.estimate_ci()
    import numpy as np

    s = np.sort(scores)
    n = len(s)
    lower = n // 40
    return s.mean(), 0.5 * (s[n - lower - 1] - s[lower])


def seed_from_env() -> tuple[str, int | None]:
    """sacrebleu's seed: `SACREBLEU_SEED` (default 12345; "none" = fresh entropy) as given and as
    the integer passed to `default_rng`."""
    seed = os.environ.get("SACREBLEU_SEED", "12345")
    return seed, (None if seed.lower() == "none" else int(seed))


def entropy_words(seed: int | None) -> list[int]:
    """A seed as NumPy's `SeedSequence` reads it: little-endian 32-bit words; `None` draws 128
    bits of fresh entropy from the system, as `default_rng(None)` does."""
    if seed is None:
        seed = int.from_bytes(os.urandom(16), "little")  # (not `secrets`: a command's start-up)
    if seed < 0:
        raise ValueError("expected non-negative integer")  # NumPy's words for a negative seed
    words = [seed & 0xFFFFFFFF]
    while seed := seed >> 32:
        words.append(seed & 0xFFFFFFFF)
    return words


def default_rng(seed: int | None) -> Any:
    """`numpy.random.default_rng(seed)`'s draws, natively: `choice(n, rows)` gives a
    `ResampleIndices` (an `(rows, n)` matrix; `numpy.asarray` of it is NumPy's int64 matrix) and
    `booleans(rows, n)` NumPy's `integers(2, size=(rows, n), dtype=bool)`."""
    return _native.NumpyGenerator(entropy_words(seed))


def _p_value(stats: np.ndarray, real_difference: float) -> float:
    import numpy as np

    # multeval's rule: strictly greater differences count, plus one on both sides.
    return (np.sum(stats > real_difference).item() + 1) / (len(stats) + 1)


def _bootstrap_p_value(scores_sys: Any, scores_bl: Any, real_difference: float) -> float:
    # The centred absolute differences of paired resamples.
    if isinstance(scores_sys, _native.ResampleScores) and isinstance(scores_bl, _native.ResampleScores):
        return scores_sys.p_value(scores_bl, real_difference)
    import numpy as np

    sample_diffs = np.abs(np.asarray(scores_sys) - np.asarray(scores_bl))
    return _p_value(sample_diffs - sample_diffs.mean(), real_difference)


def _statistics(metric: Any, hypotheses: Sequence[str], references: Any, workers: int | None = None) -> Any:
    refs = references if references else None
    native = getattr(metric, "_segment_rows", None)
    if native is not None:  # rougebleu's BLEU: native rows, no NumPy
        return native(hypotheses, refs, workers)
    if hasattr(metric, "segment_statistics"):  # rougebleu's other metrics: an array, no Python lists
        return metric.segment_statistics(hypotheses, refs, workers=workers)
    return metric._extract_corpus_statistics(hypotheses, references)


def statistics_of_systems(
    metric: Any, systems: Sequence[Sequence[str]], references: Any, workers: int | None = None
) -> list[Any]:
    """Each system's segment statistics as the tests take them (BLEU's native rows, the others'
    arrays); the comparison report computes them with this and hands them over."""
    many = getattr(metric, "_segment_rows_many", None)
    if many is not None:  # rougebleu's BLEU: cached references counted once for every system
        return many(systems, references if references else None, workers)  # type: ignore[no-any-return]
    return [_statistics(metric, hyps, references, workers) for hyps in systems]


def _resample_scores(metric: Any, stats: Any, idx: Any) -> Any:
    hook = getattr(metric, "_resample_scores", None)
    if hook is not None:
        return hook(stats, idx)
    import numpy as np

    st = np.array(stats, dtype="float32")
    return np.array([metric._compute_score_from_stats(s.sum(0)).score for s in st[np.asarray(idx)]])


def _randomization_scores(metric: Any, bl: Any, sys: Any, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np

    bl, sys = np.asarray(bl), np.asarray(sys)
    hook = getattr(metric, "_randomization_scores", None)
    if hook is not None:
        return hook(bl, sys, pos)
    neg = ~pos
    a, b = pos @ bl + neg @ sys, neg @ bl + pos @ sys
    return (
        np.array([metric._aggregate_and_compute(x).score for x in a[:, None]]),
        np.array([metric._aggregate_and_compute(x).score for x in b[:, None]]),
    )


class _Draws:
    """The random draws of the tests: sacrebleu seeds a fresh `default_rng(seed)` for every compared
    system, so with a fixed seed every system gets the same index matrix (or swap masks): they are
    drawn once and the baseline's resample scores computed once. Without a seed (fresh entropy)
    each system gets its own draws, as in sacrebleu."""

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self._cache: dict[tuple, Any] = {}
        self._baseline_scores: dict[tuple, Any] = {}

    def _get(self, key: tuple, draw: Any) -> Any:
        if self.seed is None:
            return draw(default_rng(None))
        if key not in self._cache:
            self._cache[key] = draw(default_rng(self.seed))
        return self._cache[key]

    def bootstrap(self, n_samples: int, n: int) -> Any:
        return self._get(("bs", n_samples, n), lambda rng: rng.choice(n, n_samples))

    def randomization(self, n_samples: int, n: int, n_confidence: int) -> tuple[np.ndarray, Any]:
        def draw(rng: Any) -> tuple[np.ndarray, Any]:
            pos = rng.booleans(n_samples, n)
            # The interval's resamples are drawn right after the swap masks, as sacrebleu does.
            idx = rng.choice(n, n_confidence) if n_confidence > 0 else None
            return pos, idx

        return self._get(("ar", n_samples, n, n_confidence), draw)

    def baseline_scores(self, name: str, metric: Any, stats: Any, idx: Any) -> Any:
        if self.seed is None:
            return _resample_scores(metric, stats, idx)
        key = (name, idx.shape)
        if key not in self._baseline_scores:
            self._baseline_scores[key] = _resample_scores(metric, stats, idx)
        return self._baseline_scores[key]


def _paired_bs(
    baseline: Mapping[str, tuple[Any, Result]],
    statistics: Mapping[str, Any],
    n: int,
    metrics: Mapping[str, Any],
    n_samples: int,
    n_ar_confidence: int,
    draws: _Draws,
) -> dict[str, Result]:
    idx = draws.bootstrap(n_samples, n)
    results = {}
    for name, metric in metrics.items():
        bl_stats, bl_result = baseline[name]
        sys_stats = statistics[name]
        sys_score = metric._aggregate_and_compute(sys_stats).score
        diff = abs(bl_result.score - sys_score)
        scores_bl = draws.baseline_scores(name, metric, bl_stats, idx)
        scores_sys = _resample_scores(metric, sys_stats, idx)
        mean, ci = estimate_ci(scores_sys)
        results[name] = Result(sys_score, _bootstrap_p_value(scores_sys, scores_bl, diff), mean, ci)
    return results


def _paired_ar(
    baseline: Mapping[str, tuple[Any, Result]],
    statistics: Mapping[str, Any],
    n: int,
    metrics: Mapping[str, Any],
    n_samples: int,
    n_ar_confidence: int,
    draws: _Draws,
) -> dict[str, Result]:
    pos, bs_idx = draws.randomization(n_samples, n, n_ar_confidence)
    results = {}
    for name, metric in metrics.items():
        bl_stats, bl_result = baseline[name]
        sys_stats = statistics[name]
        sys_score = metric._aggregate_and_compute(sys_stats).score
        diff = abs(bl_result.score - sys_score)
        a, b = _randomization_scores(metric, bl_stats, sys_stats, pos)
        res = Result(sys_score, _p_value(abs(a - b), diff))
        if bs_idx is not None:
            res.mean, res.ci = estimate_ci(_resample_scores(metric, sys_stats, bs_idx))
        results[name] = res
    return results


class PairedTest:
    """sacrebleu's `PairedTest`: compare every system of `named_systems` with the first (the
    baseline) on each metric of `metrics`; `test_type` is `"ar"` (approximate randomization,
    default 10,000 trials) or `"bs"` (paired bootstrap, default 1,000 resamples); `n_ar_confidence`
    adds a bootstrap interval to AR (-1: none, 0: 1,000 resamples). Calling the object returns
    `(signatures, scores)` with `scores["System"]` the names and `scores[score name]` one
    :class:`Result` per system. `n_jobs` is accepted and ignored: comparisons run in this process
    and the results do not depend on it. The seed is read from `SACREBLEU_SEED` (default 12345)
    unless `seed` gives it (an integer, or None for fresh entropy). A caller that has the segment
    statistics already (as `segment_statistics` gives them) passes them in `statistics`: per key of
    `metrics`, one per system, the baseline's first; they are not computed again."""

    _DEFAULT_SAMPLES = DEFAULT_SAMPLES

    def __init__(
        self,
        named_systems: list[tuple[str, Sequence[str]]],
        metrics: Mapping[str, Any],
        references: Any,
        test_type: str = "ar",
        n_samples: int = 0,
        n_ar_confidence: int = -1,
        n_jobs: int = 1,
        *,
        seed: Any = FROM_ENV,
        statistics: Mapping[str, Sequence[Any]] | None = None,
    ) -> None:
        self.test_type = option(test_type, "significance.test_type", "test_type")
        self._fn = _paired_ar if test_type == "ar" else _paired_bs
        if seed is FROM_ENV:
            _, self._seed = seed_from_env()
        else:
            from rougebleu._args import integer

            self._seed = None if seed is None else integer(seed, "seed", minimum=0)
        self.n_jobs = n_jobs
        self.references = references
        self.named_systems = named_systems
        self.n_ar_confidence = n_ar_confidence if n_ar_confidence != 0 else DEFAULT_SAMPLES["bs"]
        self.n_samples = n_samples if n_samples > 0 else DEFAULT_SAMPLES[test_type]
        self.n_systems = len(named_systems) - 1
        self._signatures: dict[str, Any] = {}
        self._baseline_info: dict[str, tuple[Any, Result]] = {}
        self.metrics: dict[str, Any] = {}
        bl_hyps = named_systems[0][1]
        confidence_n = self.n_samples if test_type == "bs" else self.n_ar_confidence
        # The baseline's interval is drawn from `default_rng(seed)` (a seed of 0 included); the
        # compared systems use `seed if seed else None`. With a fixed non-zero seed both are the
        # same draws, so the bootstrap test reuses the baseline's resample scores.
        self._draws = _Draws(self._seed if self._seed else None)
        baseline_draws = self._draws if self._seed else _Draws(self._seed)
        # Statistics of the compared systems: the caller's, or for the metrics resampled together
        # computed with the baseline's (in one pass where the metric can).
        self._system_stats: dict[str, list[Any]] = {}
        for key, metric in metrics.items():
            together = self._resampled_together(metric)
            given = statistics.get(key) if statistics else None
            system_stats = None
            if given is not None:
                if len(given) != len(named_systems):
                    raise ValueError(
                        f"statistics: {key} has {len(given)} systems' statistics, not {len(named_systems)}"
                    )
                bl_stats, *system_stats = given
            elif together:
                bl_stats, *system_stats = statistics_of_systems(metric, [hyps for _, hyps in named_systems], references)
            else:
                bl_stats = _statistics(metric, bl_hyps, references)
            bl_score = metric._aggregate_and_compute(bl_stats)
            if system_stats is not None:
                self._system_stats[bl_score.name] = system_stats
            bl_mean = bl_ci = None
            # (Resampled together with the other systems: the interval comes with them.)
            if confidence_n > 0 and not together:
                idx = baseline_draws.bootstrap(confidence_n, len(bl_hyps))
                bl_mean, bl_ci = estimate_ci(baseline_draws.baseline_scores(bl_score.name, metric, bl_stats, idx))
            # Keyed by the score's name (e.g. "chrF2++"), as sacrebleu does.
            self._baseline_info[bl_score.name] = (bl_stats, Result(bl_score.score, mean=bl_mean, ci=bl_ci))
            self.metrics[bl_score.name] = metric
            sig = metric.get_signature()
            sig.update("seed", str(self._seed).lower())
            sig.update(test_type, self.n_samples)
            if self.n_ar_confidence > 0:
                sig.update("bs", self.n_ar_confidence)
            self._signatures[bl_score.name] = sig

    def _resampled_together(self, metric: Any) -> bool:
        # A paired bootstrap with a fixed seed draws one index matrix for every system (the
        # baseline's interval included): metrics that can, resample all systems in one pass.
        return self.test_type == "bs" and bool(self._seed) and hasattr(metric, "_shared_resample_scores")

    def _together(self) -> dict[str, list[Result]]:
        """The results of the compared systems on the metrics resampled together (and the
        baseline's interval on them), per metric name."""
        out: dict[str, list[Result]] = {}
        for name, metric in self.metrics.items():
            if not self._resampled_together(metric):
                continue
            bl_stats, bl_result = self._baseline_info[name]
            stats = self._system_stats[name]
            resampled = metric._shared_resample_scores([bl_stats, *stats], default_rng(self._seed), self.n_samples)
            bl_result.mean, bl_result.ci = estimate_ci(resampled[0])
            results = []
            for sys_stats, sys_scores in zip(stats, resampled[1:]):
                score = metric._aggregate_and_compute(sys_stats).score
                p_value = _bootstrap_p_value(sys_scores, resampled[0], abs(bl_result.score - score))
                results.append(Result(score, p_value, *estimate_ci(sys_scores)))
            out[name] = results
        return out

    def __call__(self) -> tuple[dict[str, Any], dict[str, list[Any]]]:
        scores: dict[str, list[Any]] = {"System": [name for name, _ in self.named_systems]}
        for name, (_, result) in self._baseline_info.items():
            scores[name] = [result]
        together = self._together()
        others = {name: m for name, m in self.metrics.items() if name not in together}
        for i, (_, hyps) in enumerate(self.named_systems[1:]):
            results = {}
            if others:
                statistics = {
                    name: self._system_stats[name][i]
                    if name in self._system_stats
                    else _statistics(metric, hyps, self.references)
                    for name, metric in others.items()
                }
                results = self._fn(
                    self._baseline_info,
                    statistics,
                    len(hyps),
                    others,
                    self.n_samples,
                    self.n_ar_confidence,
                    self._draws,
                )
            for name in self.metrics:
                scores[name].append(together[name][i] if name in together else results[name])
        return self._signatures, scores
