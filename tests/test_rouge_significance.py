"""Paired significance tests on ROUGE: the same draws, formulas and intervals as sacrebleu's.

sacrebleu's test functions take any object with its metric methods, so they are run here on
per-pair values directly. The values are multiples of 1/1024, so that sacrebleu's float32
statistics and every sum are exact and the two computations must agree to the last bit.
"""

from __future__ import annotations

import numpy as np
import pytest

import rougebleu
from rougebleu.rouge_significance import paired_test_on_scores, paired_tests_on_columns, rouge_paired_test

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


def _numpy_reference(scores, test, n_samples, n_bootstrap, seed):
    """The tests written with NumPy arrays, as the formulas read: what the native draws and means
    must give to the last bit, on values that are not exact in any sum."""
    arrays = [np.asarray(v) for _, v in scores]
    base, n = arrays[0], len(arrays[0])

    def interval(x):
        s = np.sort(x)
        cut = len(s) // 40
        return float(s.mean()), float(0.5 * (s[len(s) - cut - 1] - s[cut]))

    def p_value(null, observed):
        return (int(np.count_nonzero(null > observed)) + 1) / (len(null) + 1)

    confidence_n = n_samples if test == "bs" else n_bootstrap
    idx = np.random.default_rng(seed).choice(n, size=(confidence_n, n), replace=True) if confidence_n > 0 else None
    out = [(float(base.mean()), None, *(interval(base[idx].mean(axis=1)) if idx is not None else (None, None)))]
    for values in arrays[1:]:
        rng = np.random.default_rng(seed)
        observed = abs(float(base.mean()) - float(values.mean()))
        if test == "bs":
            idx = rng.choice(n, size=(n_samples, n), replace=True)
            sys_scores = values[idx].mean(axis=1)
            diffs = np.abs(sys_scores - base[idx].mean(axis=1))
            out.append((float(values.mean()), p_value(diffs - diffs.mean(), observed), *interval(sys_scores)))
        else:
            swap = rng.integers(2, size=(n_samples, n), dtype=bool)
            a = np.where(swap, base, values).mean(axis=1)
            b = np.where(swap, values, base).mean(axis=1)
            ci = (None, None)
            if n_bootstrap > 0:
                ci = interval(values[rng.choice(n, size=(n_bootstrap, n), replace=True)].mean(axis=1))
            out.append((float(values.mean()), p_value(np.abs(a - b), observed), *ci))
    return out


@pytest.mark.parametrize(
    "test,n_samples,n_bootstrap,n", [("bs", 300, -1, 2000), ("ar", 500, 200, 1500), ("ar", 64, -1, 130)]
)
def test_native_draws_and_means_are_numpys_to_the_last_bit(test, n_samples, n_bootstrap, n):
    rng = np.random.default_rng(3)
    base = rng.random(n)
    scores = [("base", base)] + [(f"s{i}", np.clip(base + rng.normal(0.01 * i, 0.1, n), 0, 1)) for i in (1, 2, 3)]
    ours = paired_test_on_scores(scores, test_type=test, n_samples=n_samples, n_bootstrap=n_bootstrap, seed=99)
    expected = _numpy_reference(scores, test, n_samples, n_bootstrap, 99)
    assert [(r.score, r.p_value, r.mean, r.ci) for r in ours] == expected


def test_several_measures_at_once_equal_one_call_each():
    rng = np.random.default_rng(4)
    names = ["a", "b", "c"]
    columns = {key: [rng.random(400) for _ in names] for key in ("rouge1", "rougeL")}
    for test in ("bs", "ar"):
        for seed in (5, None):
            together = paired_tests_on_columns(
                names, columns, test_type=test, n_samples=200, n_bootstrap=100, seed=seed
            )
            for key, arrays in columns.items():
                one = paired_test_on_scores(
                    list(zip(names, arrays)), test_type=test, n_samples=200, n_bootstrap=100, seed=seed
                )
                if seed is not None:
                    assert together[key] == one
                else:  # fresh draws: only the point scores repeat
                    assert [r.score for r in together[key]] == [r.score for r in one]


def test_a_negative_or_fractional_seed_names_the_argument():
    with pytest.raises(ValueError, match="seed"):
        paired_test_on_scores(_systems(), seed=-1)
    with pytest.raises(TypeError, match="seed"):
        paired_test_on_scores(_systems(), seed=1.5)
