"""Paired significance tests on ROUGE: the same draws, formulas and intervals as sacrebleu's.

sacrebleu's test functions take any object with its metric methods, so they are run here on
per-pair values directly. The values are multiples of 1/1024, so that sacrebleu's float32
statistics and every sum are exact and the two computations must agree to the last bit.
"""

from __future__ import annotations

import numpy as np
import pytest

import rougebleu
from rougebleu.rouge_significance import paired_test_on_scores, rouge_paired_test

significance = pytest.importorskip("sacrebleu.significance")


class _Result:
    def __init__(self, score: float) -> None:
        self.score = score


class _MeanOfValues:
    """A sacrebleu-shaped metric whose "hypotheses" are per-pair values and whose score is their mean."""

    def _extract_corpus_statistics(self, hypotheses, references):
        return np.array([[v, 1.0] for v in hypotheses])

    def _compute_score_from_stats(self, stats):
        return _Result(float(stats[0]) / float(stats[1]))

    def _aggregate_and_compute(self, stats):
        return self._compute_score_from_stats(np.asarray(stats).sum(axis=0))


def _systems(n: int = 150, k: int = 3) -> list[tuple[str, np.ndarray]]:
    rng = np.random.default_rng(7)
    base = rng.integers(0, 1025, size=n) / 1024
    out = [("baseline", base)]
    for i in range(1, k):
        noise = rng.integers(-40, 60 * i, size=n) / 1024
        out.append((f"system{i}", np.clip(base + noise, 0, 1)))
    return out


def _sacrebleu_run(systems, test, n_samples, n_ar_confidence=-1, seed=12345):
    metric = _MeanOfValues()
    bl_name, bl_values = systems[0]
    bl_stats = metric._extract_corpus_statistics(list(bl_values), None)
    bl_score = metric._aggregate_and_compute(bl_stats)
    info = {"m": (bl_stats, significance.Result(bl_score.score))}
    func = significance._paired_bs_test if test == "bs" else significance._paired_ar_test
    out = []
    for name, values in systems[1:]:
        _, res = func(info, name, list(values), None, {"m": metric}, n_samples, n_ar_confidence, seed)
        out.append(res["m"])
    return bl_score.score, out


@pytest.mark.parametrize("test,n", [("bs", 1000), ("bs", 300), ("ar", 2000)])
def test_p_values_and_intervals_equal_sacrebleus(test, n):
    systems = _systems()
    bl_score, expected = _sacrebleu_run(systems, test, n, n_ar_confidence=500 if test == "ar" else -1)
    ours = paired_test_on_scores(systems, test_type=test, n_samples=n, n_bootstrap=500 if test == "ar" else -1)
    assert ours[0].score == bl_score and ours[0].p_value is None
    assert len(ours) == len(expected) + 1
    for mine, theirs in zip(ours[1:], expected):
        assert mine.score == theirs.score
        assert mine.p_value == theirs.p_value
        assert mine.mean == theirs.mean
        assert mine.ci == theirs.ci
    # The last system is much better than the baseline: the test must see it.
    assert ours[-1].p_value < 0.05


def test_baseline_interval_equals_sacrebleus_bootstrap(monkeypatch):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    systems = _systems(k=2)
    metric = _MeanOfValues()
    _, scores = significance._bootstrap_resample(
        metric._extract_corpus_statistics(list(systems[0][1]), None), metric, 1000
    )
    mean, ci = significance.estimate_ci(np.array([s.score for s in scores]))
    ours = paired_test_on_scores(systems, test_type="bs", n_samples=1000)
    assert (ours[0].mean, ours[0].ci) == (mean, ci)


def test_a_system_against_itself_gets_sacrebleus_p_value():
    # sacrebleu counts strictly larger differences, so a copy of the baseline (all differences 0)
    # gets the smallest p-value, 1 / (n + 1), in both tests; the copy is kept, as sacrebleu's users see it.
    systems = _systems(k=2)
    same = [systems[0], ("copy", systems[0][1].copy())]
    for test in ("bs", "ar"):
        res = paired_test_on_scores(same, test_type=test, n_samples=500)
        _, expected = _sacrebleu_run(same, test, 500)
        assert res[1].p_value == expected[0].p_value == 1 / 501


def test_seed_changes_the_draws_and_none_is_random():
    systems = _systems()
    a = paired_test_on_scores(systems, n_samples=200, seed=1)
    b = paired_test_on_scores(systems, n_samples=200, seed=2)
    assert [r.mean for r in a] != [r.mean for r in b]
    assert paired_test_on_scores(systems, n_samples=200, seed=1) == a


def test_rouge_paired_test_tests_the_per_pair_scores_of_rouge():
    refs = ["the cat sat on the mat", "a quick brown fox", "hello there world", "rain in spain falls"] * 5
    good = ["the cat sat on a mat", "the quick brown fox", "hello world", "the rain in spain falls"] * 5
    bad = ["dogs bark", "a slow fox", "bye", "snow"] * 5
    res = rouge_paired_test({"good": good, "bad": bad}, refs, rouge_types=["rouge1", "rougeL"], n_samples=300)
    assert list(res) == ["rouge1", "rougeL"]
    for t, results in res.items():
        per_pair = {
            name: rougebleu.rouge(p, refs, rouge_types=[t])[t].fmeasure for name, p in (("good", good), ("bad", bad))
        }
        assert results == paired_test_on_scores(list(per_pair.items()), n_samples=300)
        assert results[1].p_value < 0.01


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        ({"test_type": "t"}, ValueError, "test_type"),
        ({"n_samples": -1}, ValueError, "n_samples"),
        ({"n_samples": 1.5}, TypeError, "n_samples"),
        ({"n_bootstrap": -2}, ValueError, "n_bootstrap"),
    ],
)
def test_bad_options_name_the_argument(kwargs, error, match):
    with pytest.raises(error, match=match):
        paired_test_on_scores(_systems(), **kwargs)


def test_bad_systems_are_refused():
    with pytest.raises(ValueError, match="systems"):
        paired_test_on_scores(_systems()[:1])
    with pytest.raises(ValueError, match="systems"):
        paired_test_on_scores([("a", np.zeros(3)), ("b", np.zeros(4))])
    with pytest.raises(ValueError, match="measure"):
        rouge_paired_test({"a": ["x"], "b": ["y"]}, ["x"], measure="f1")
