"""Mergeable statistics: parts merged in any order and grouping give the whole corpus's score, bit
for bit; the exact sum is the exact sum; serialization round-trips."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rougebleu
from conftest import read_jsonl
from rougebleu import _rougebleu as native
from rougebleu.stats import BleuStats, ChrfStats, RougeStats, TerStats, from_bytes, from_row, merge

WORDS = "the cat sat on a mat dog ran far away über café naïve 東京".split()


def _text(rng: random.Random, lo: int = 0) -> str:
    return " ".join(rng.choices(WORDS, k=rng.randint(lo, 14)))


def _pairs(seed: int, n: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    return [_text(rng) for _ in range(n)], [_text(rng, 1) for _ in range(n)]


def _split(n: int, cuts: list[int]) -> list[tuple[int, int]]:
    bounds = sorted({0, n, *(c % (n + 1) for c in cuts)})
    return list(zip(bounds, bounds[1:])) or [(0, 0)]


def _merge_in_order(parts: list, order: list[int], tree: bool):
    """Merge `parts` in the given order, left to right or as a balanced tree."""
    chosen = [parts[i] for i in order]
    if not tree:
        return merge(chosen)
    while len(chosen) > 1:
        chosen = [chosen[i] + chosen[i + 1] if i + 1 < len(chosen) else chosen[i] for i in range(0, len(chosen), 2)]
    return chosen[0]


# -- the exact sum -------------------------------------------------------------------------------

finite = st.floats(allow_nan=False, allow_infinity=False)


@given(st.lists(finite, max_size=40))
def test_exact_column_sum_is_the_exact_sum(xs):
    (b,) = native.exact_column_sums(np.array(xs, dtype=np.float64).reshape(-1, 1))
    exact = sum((Fraction(x) for x in xs), Fraction(0))
    assert Fraction(int.from_bytes(b, "little", signed=True), 2**1074) == exact


@given(st.lists(finite, min_size=1, max_size=40))
def test_rounded_mean_is_correct(xs):
    from rougebleu.stats import _exact_ints, _rounded

    (s,) = _exact_ints(np.array(xs).reshape(-1, 1))
    exact = sum((Fraction(x) for x in xs), Fraction(0)) / len(xs)
    got = _rounded(s, len(xs))
    if math.isinf(got):
        return  # the exact mean of doubles is finite, but its nearest double can round to infinity
    assert got == float(exact)  # Fraction -> float rounds correctly, ties to even
    # rouge_corpus's Rust mean of the same values (via the macro average) agrees: see below


def test_exact_sum_refuses_non_finite():
    with pytest.raises(ValueError, match="row 1, column 0"):
        native.exact_column_sums(np.array([[1.0], [np.nan]]))


def test_rouge_corpus_macro_is_the_correctly_rounded_mean():
    preds, refs = _pairs(3, 300)
    per_pair = rougebleu.rouge(preds, refs, rouge_types=["rouge1", "rougeL"])
    corpus = rougebleu.rouge_corpus(preds, refs, rouge_types=["rouge1", "rougeL"], n_bootstrap=0)
    for t in ("rouge1", "rougeL"):
        for field in ("precision", "recall", "fmeasure"):
            values = getattr(per_pair[t], field)
            exact = sum((Fraction(float(x)) for x in values), Fraction(0)) / len(values)
            assert getattr(corpus[t], field).score == float(exact)


# -- the property: any partition, any merge order ------------------------------------------------


@given(
    seed=st.integers(0, 10**6),
    n=st.integers(0, 60),
    cuts=st.lists(st.integers(0, 10**4), max_size=8),
    shuffle=st.randoms(use_true_random=False),
    tree=st.booleans(),
)
def test_rouge_partitions_merge_bit_identically(seed, n, cuts, shuffle, tree):
    preds, refs = _pairs(seed, n)
    types = ["rouge1", "rouge2", "rougeL", "rougeW-1.2", "rougeSU4"]
    whole = RougeStats.compute(preds, refs, rouge_types=types)
    parts = [RougeStats.compute(preds[a:b], refs[a:b], rouge_types=types) for a, b in _split(n, cuts)]
    order = list(range(len(parts)))
    shuffle.shuffle(order)
    merged = _merge_in_order(parts, order, tree)
    assert merged == whole
    for average in ("macro", "micro"):
        direct = rougebleu.rouge_corpus(preds, refs, rouge_types=types, average=average, n_bootstrap=0)
        assert merged.score(average) == {t: tuple(iv.score for iv in direct[t]) for t in types}


@given(
    seed=st.integers(0, 10**6),
    n=st.integers(0, 40),
    cuts=st.lists(st.integers(0, 10**4), max_size=6),
    shuffle=st.randoms(use_true_random=False),
    tree=st.booleans(),
)
def test_mt_partitions_merge_bit_identically(seed, n, cuts, shuffle, tree):
    hyps, refs = _pairs(seed, n)
    refs2 = _pairs(seed + 1, n)[1]
    streams = [refs, refs2]
    for cls, opts, metric in (
        (BleuStats, {}, rougebleu.BLEU()),
        (ChrfStats, {"word_order": 2}, rougebleu.CHRF(word_order=2)),
        (TerStats, {}, rougebleu.TER()),
    ):
        parts = [cls.compute(hyps[a:b], [s[a:b] for s in streams], **opts) for a, b in _split(n, cuts)]
        order = list(range(len(parts)))
        shuffle.shuffle(order)
        merged = _merge_in_order(parts, order, tree)
        assert merged == cls.compute(hyps, streams, **opts)
        if n and cls is not TerStats:
            assert merged.score().score == metric.corpus_score(hyps, streams).score


@pytest.mark.parametrize("n_parts", [1, 2, 7])
def test_bootstrap_from_merged_parts_equals_single_process(n_parts):
    preds, refs = _pairs(11, 120)
    kw = {"rouge_types": ["rouge1", "rougeLsum"], "use_stemmer": True}
    bounds = _split(120, [120 * k // n_parts for k in range(1, n_parts)])
    parts = [RougeStats.compute(preds[a:b], refs[a:b], keep_items=True, **kw) for a, b in bounds]
    # grouped as a tree, still in corpus order
    merged = parts[0] if n_parts == 1 else _merge_in_order(parts, list(range(n_parts)), tree=True)
    for average in ("macro", "micro"):
        expect = rougebleu.rouge_corpus(preds, refs, average=average, n_bootstrap=200, seed=5, **kw)
        assert merged.corpus(average=average, n_bootstrap=200, seed=5) == expect
        assert merged.corpus(average=average, n_bootstrap=200, seed=5, workers=2) == expect

    hyps, mt_refs = _pairs(12, 120)
    for cls, metric in ((BleuStats, rougebleu.BLEU()), (ChrfStats, rougebleu.CHRF()), (TerStats, rougebleu.TER())):
        parts = [cls.compute(hyps[a:b], [mt_refs[a:b]], keep_items=True) for a, b in bounds]
        got = merge(parts).corpus_score(n_bootstrap=100)
        want = metric.corpus_score(hyps, [mt_refs], n_bootstrap=100)
        assert (got.score, got.mean, got.ci) == (want.score, want.mean, want.ci)


def test_ter_exact_lengths_match_sacrebleu_with_one_reference_and_document_multi_ref():
    hyps, refs = _pairs(21, 200)
    stats = TerStats.compute(hyps, [refs])
    assert stats.score().score == rougebleu.corpus_ter(hyps, [refs]).score
    # Three references: lengths are thirds; the exact sum rounds once.
    streams = [refs, _pairs(22, 200)[1], _pairs(23, 200)[1]]
    three = TerStats.compute(hyps, streams, keep_items=True)
    exact_len = sum((Fraction(float(x)) for x in three.items[:, 1]), Fraction(0))
    assert three.score().ref_length == float(exact_len)
    assert three.corpus_score().score == rougebleu.corpus_ter(hyps, streams).score  # sacrebleu's own order


# -- serialization, errors -----------------------------------------------------------------------


@pytest.mark.parametrize("keep", [False, True])
def test_bytes_and_rows_round_trip(keep):
    preds, refs = _pairs(5, 30)
    all_stats = [
        RougeStats.compute(preds, refs, rouge_types=["rouge1", "rougeW-1.2"], keep_items=keep),
        RougeStats.compute(preds, refs, multi_ref="mean", keep_items=keep),
        BleuStats.compute(preds, [refs], keep_items=keep, tokenize="intl", smooth_method="floor"),
        ChrfStats.compute(preds, [refs], keep_items=keep, char_order=4, word_order=1),
        TerStats.compute(preds, [refs, refs[::-1]], keep_items=keep, normalized=True),
    ]
    for s in all_stats:
        assert from_bytes(s.to_bytes()) == s
        row = s.to_row()
        assert from_row(row) == s
        assert all(isinstance(v, (int, str, bytes, type(None))) for v in row.values())


def test_rows_make_an_arrow_table():
    pa = pytest.importorskip("pyarrow")
    preds, refs = _pairs(6, 50)
    parts = [RougeStats.compute(preds[i : i + 10], refs[i : i + 10]) for i in range(0, 50, 10)]
    table = pa.Table.from_pylist([p.to_row() for p in parts])
    back = merge(from_row(r) for r in table.to_pylist())
    assert back == RougeStats.compute(preds, refs)


def test_merge_refuses_mismatches():
    preds, refs = _pairs(7, 10)
    a = RougeStats.compute(preds, refs)
    with pytest.raises(ValueError, match="different options"):
        a + RougeStats.compute(preds, refs, use_stemmer=True)
    with pytest.raises(TypeError, match="cannot merge"):
        a + BleuStats.compute(preds, [refs])
    with pytest.raises(ValueError, match="nothing to merge"):
        merge([])
    with pytest.raises(ValueError, match="keep_items"):
        a.corpus(n_bootstrap=10)
    with pytest.raises(ValueError, match="micro"):
        RougeStats.compute(preds, refs, multi_ref="mean").score("micro")
    with pytest.raises(ValueError, match="bad header"):
        from_bytes(b"nope")
    with pytest.raises(TypeError, match="unexpected option"):
        BleuStats.compute(preds, [refs], rouge_types=["rouge1"])
    assert sum([a, a]) == a + a  # sum() starts from 0
    assert (a + RougeStats.compute(preds, refs, keep_items=True)).items is None


# -- real data -----------------------------------------------------------------------------------


def test_realsumm_and_wmt_shards_equal_the_whole(corpus: Path):
    rows = read_jsonl(corpus / "summ/realsumm_cnndm.jsonl")[::4]
    preds = [r["candidate"] for r in rows]
    refs = [r["references"][0] for r in rows]
    types = ["rouge1", "rouge2", "rougeLsum"]
    shards = [RougeStats.compute(preds[i::5], refs[i::5], rouge_types=types, use_stemmer=True) for i in range(5)]
    merged = merge(reversed(shards))
    for average in ("macro", "micro"):
        kw = {"rouge_types": types, "use_stemmer": True, "average": average}
        direct = rougebleu.rouge_corpus(preds, refs, n_bootstrap=0, **kw)
        assert merged.score(average) == {t: tuple(iv.score for iv in direct[t]) for t in types}

    folder = corpus / "mt/wmt21_en-de"
    read = lambda name: (folder / name).read_text(encoding="utf-8").splitlines()[:600]  # noqa: E731
    hyps = read("newstest2021.en-de.hyp.Online-W.de")
    streams = [read(f"newstest2021.en-de.ref.{r}.de") for r in "AC"]
    import sacrebleu

    for cls, ref_metric in (
        (BleuStats, sacrebleu.BLEU()),
        (ChrfStats, sacrebleu.CHRF(word_order=2)),
        (TerStats, sacrebleu.TER()),
    ):
        opts = {"word_order": 2} if cls is ChrfStats else {}
        shards = [cls.compute(hyps[i::3], [s[i::3] for s in streams], **opts) for i in range(3)]
        got = merge(shards[::-1]).score()
        want = ref_metric.corpus_score(hyps, streams)
        assert got.score == want.score, cls.__name__
