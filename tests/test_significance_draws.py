"""The significance tests' native pieces against NumPy itself: `default_rng` draws (index matrices
and swap masks, in sacrebleu's order) and the summaries of resample scores (`np.mean`'s pairwise
sum, `estimate_ci`, the paired-bootstrap p-value), plus the promise they exist for: BLEU from the
command line (a corpus score, its interval, paired tests) never imports NumPy."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from rougebleu import _rougebleu as _native
from rougebleu.mt.significance import default_rng, entropy_words

SEEDS = [0, 1, 12345, 2**31 - 1, 2**32, 2**64 + 3, 2**200 + 7]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", [1, 2, 3, 7, 3004, 2**16, 2**16 + 1, 2**20 + 1])
def test_choice_is_numpys(seed: int, n: int) -> None:
    rows = 3 if n > 10_000 else 40
    ours = default_rng(seed).choice(n, rows)
    assert ours.shape == (rows, n)
    expected = np.random.default_rng(seed).choice(n, size=(rows, n), replace=True)
    got = np.asarray(ours)
    assert got.dtype == np.int64
    assert np.array_equal(got, expected)


@pytest.mark.parametrize("seed", SEEDS)
def test_swap_masks_then_indices_are_numpys(seed: int) -> None:
    # Approximate randomization draws its masks, then the interval's resamples, from one generator.
    ours = default_rng(seed)
    numpy_rng = np.random.default_rng(seed)
    for rows, n in [(5, 33), (7, 64), (3, 1)]:
        assert np.array_equal(ours.booleans(rows, n), numpy_rng.integers(2, size=(rows, n), dtype=bool))
        assert np.array_equal(np.asarray(ours.choice(n, 4)), numpy_rng.choice(n, size=(4, n), replace=True))


def test_seed_words_and_fresh_entropy() -> None:
    assert entropy_words(0) == [0]
    assert entropy_words(2**64 + 3) == [3, 0, 1]
    with pytest.raises(ValueError, match="non-negative"):
        entropy_words(-1)
    a, b = (np.asarray(default_rng(None).choice(1000, 2)) for _ in range(2))
    assert not np.array_equal(a, b)  # 128 bits of system entropy each time


@pytest.mark.parametrize("seed", [1, 12345, 2**64 + 3])
@pytest.mark.parametrize("n,n_samples", [(1, 5), (57, 1), (57, 40), (300, 17), (4, 0)])
def test_shared_resamples_equal_each_system_on_the_whole_matrix(seed: int, n: int, n_samples: int) -> None:
    # The paired bootstrap resamples every system in one pass, drawing the matrix a few rows at a time.
    import random

    from rougebleu.mt.bleu import BLEU

    rnd = random.Random(seed)
    words = "the a cat sat on mat dog ran fast".split()
    sentence = lambda: " ".join(rnd.choice(words) for _ in range(rnd.randrange(12)))  # noqa: E731
    bleu = BLEU(references=[[sentence() for _ in range(n)]])
    systems = [bleu._segment_rows([sentence() for _ in range(n)], None) for _ in range(3)]
    together_rng, whole_rng = default_rng(seed), default_rng(seed)
    together = bleu._shared_resample_scores(systems, together_rng, n_samples)
    idx = whole_rng.choice(n, n_samples)
    for rows, scores in zip(systems, together):
        assert scores.tolist() == bleu._resample_scores(rows, idx).tolist()
    # Both generators end in the same state.
    assert np.array_equal(np.asarray(together_rng.choice(n, 2)), np.asarray(whole_rng.choice(n, 2)))


@pytest.mark.parametrize("lowercase", [False, True])
def test_statistics_of_several_systems_at_once(lowercase: bool) -> None:
    import random

    from rougebleu.mt.bleu import BLEU

    rnd = random.Random(5)
    words = "The the A a cat Cat sat , . on mat".split()
    sentence = lambda: " ".join(rnd.choice(words) for _ in range(rnd.randrange(15)))  # noqa: E731
    refs = [[sentence() for _ in range(60)] for _ in range(2)]
    systems = [[sentence() for _ in range(60)] for _ in range(4)]
    cached = BLEU(lowercase=lowercase, references=refs)
    one_shot = BLEU(lowercase=lowercase)
    expected = [np.asarray(cached._segment_rows(h, None)) for h in systems]
    for bleu, given in ((cached, None), (one_shot, refs)):
        together = bleu._segment_rows_many(systems, given)
        assert [np.asarray(t).tolist() for t in together] == [e.tolist() for e in expected]
    with pytest.raises(ValueError, match="59 segments but the references have 60"):
        cached._segment_rows_many([systems[0], systems[1][:-1]], None)


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="n: expected at most 2\\*\\*32 segments"):
        default_rng(1).choice(2**32 + 1, 10)
    empty = default_rng(1).choice(0, 10)  # as NumPy: nothing drawn
    assert empty.shape == (10, 0)
    assert np.asarray(empty).shape == (10, 0)
    with pytest.raises(MemoryError, match="bootstrap indices .* bytes"):
        default_rng(1).choice(3004, 10**13)
    with pytest.raises(MemoryError, match="swap masks"):
        default_rng(1).booleans(10**13, 3004)
    rows = _native.BleuReferences([["a b"]], "13a", False, 4).stats(["a"])
    with pytest.raises(ValueError, match="n_samples: must be at most 10000000"):
        _native.bleu_shared_resample_scores([rows], default_rng(1), 10**8, "exp", None, False)
    with pytest.raises(MemoryError, match="resample scores \\(200000 x 10000000\\)"):
        _native.bleu_shared_resample_scores([rows] * 200_000, default_rng(1), 10**7, "exp", None, False)
    with pytest.raises(ValueError, match="systems: statistics of different shapes"):
        other = _native.BleuReferences([["a b", "c"]], "13a", False, 4).stats(["a", "c"])
        _native.bleu_shared_resample_scores([rows, other], default_rng(1), 3, "exp", None, False)


@pytest.mark.parametrize("n", [1, 2, 7, 8, 9, 15, 16, 17, 127, 128, 129, 130, 255, 256, 257, 1000, 1001, 4097])
def test_summaries_are_numpys(n: int) -> None:
    rng = np.random.default_rng(n)
    for scale in (1.0, 100.0, 1e12):
        sys_scores = rng.random(n) * scale
        bl_scores = rng.random(n) * scale
        ours = _native.ResampleScores(sys_scores.tolist())
        # sacrebleu's estimate_ci: sorted scores, np.mean, the 1/40 quantiles.
        s = np.sort(sys_scores)
        lower = n // 40
        assert ours.estimate_ci() == (s.mean(), 0.5 * (s[n - lower - 1] - s[lower]))
        # sacrebleu's paired bootstrap p-value.
        d = np.abs(sys_scores - bl_scores)
        for real in (0.0, float(np.median(d - d.mean())), scale):
            p = (np.sum(d - d.mean() > real).item() + 1) / (n + 1)
            assert ours.p_value(_native.ResampleScores(bl_scores.tolist()), real) == p
    with pytest.raises(ValueError, match="baseline"):
        ours.p_value(_native.ResampleScores([1.0] * (n + 1)), 0.0)
    with pytest.raises(ValueError, match="scores"):
        _native.ResampleScores([]).estimate_ci()


def test_bleu_commands_do_not_import_numpy(tmp_path) -> None:
    ref = tmp_path / "ref.txt"
    ref.write_text("the cat sat on the mat .\na dog barked loudly .\nit rained all day .\n", encoding="utf-8")
    for i, text in enumerate(["the cat sat .\na dog barked .\nit rained .\n", "cat on mat\ndog\nrain all day\n"]):
        (tmp_path / f"s{i}.txt").write_text(text, encoding="utf-8")
    banner = "Paired bootstrap resampling test with 1000 resampling trials"
    runs = [
        (["-i", "s0.txt", "s1.txt", "--paired-bs", "-f", "text"], banner),
        (["-i", "s0.txt", "s1.txt", "--paired-bs", "-f", "json"], '"p_value"'),
        (["-i", "s0.txt"], '"score"'),
        (["-i", "s0.txt", "--confidence", "-f", "text"], "μ = "),
    ]
    for args, expected in runs:
        script = (
            "import sys\n"
            "from rougebleu.__main__ import main\n"
            f"status = main(['sacrebleu', 'ref.txt', *{args!r}, '-q'])\n"
            "assert status == 0, status\n"
            "assert 'numpy' not in sys.modules, 'numpy was imported'\n"
        )
        out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, check=False)
        assert out.returncode == 0, out.stderr
        assert expected in out.stdout
