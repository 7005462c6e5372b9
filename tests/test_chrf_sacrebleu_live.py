"""chrF/chrF++ against sacrebleu 2.6.0 run live (test extra): every system of the corpus (per-segment
statistics, sentence and corpus scores), an option grid over orders, beta, case, whitespace and
smoothing, edge cases, signatures and text forms, bootstrap intervals and the compat functions."""

from __future__ import annotations

import itertools
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from chrf_cases import CHRF_CASES, ORDERS

from rougebleu import _rougebleu as native
from rougebleu.mt.chrf import CHRF, corpus_chrf, sentence_chrf

sacrebleu = pytest.importorskip("sacrebleu")

FLAGS = [
    dict(beta=b, lowercase=lc, whitespace=ws, eps_smoothing=eps)
    for b, lc, ws, eps in itertools.product((1, 2, 3), (False, True), (False, True), (False, True))
]


@lru_cache(maxsize=None)
def _lines(path: str) -> tuple[str, ...]:
    with open(path, encoding="utf-8", newline="\n") as f:
        return tuple(line.rstrip("\n") for line in f)


def _mt(corpus: Path, folder: str, name: str) -> list[str]:
    return list(_lines(str(corpus / "mt" / folder / name)))


def _systems(corpus: Path, testset: str) -> tuple[dict[str, list[str]], list[list[str]], int | None]:
    """Systems, reference streams and how many segments the live comparison uses (sacrebleu takes
    about a millisecond per segment; the gold and published-table tests cover the full sets)."""
    folder = corpus / "mt" / testset
    if testset == "wmt17_en-de":
        files = sorted(p.name for p in folder.glob("newstest2017.*.en-de.de") if ".ref." not in p.name)
        refs = [_mt(corpus, testset, "newstest2017.en-de.ref.de")]
        return {f: _mt(corpus, testset, f) for f in files}, refs, 1000
    if testset == "wmt21_en-de":
        files = sorted(p.name for p in folder.glob("newstest2021.en-de.hyp.*.de"))
        refs = [_mt(corpus, testset, f"newstest2021.en-de.ref.{r}.de") for r in "ACD"]
        return {f: _mt(corpus, testset, f) for f in files}, refs, 400
    pair = testset.split(":")[1]
    tgt = pair.split("-")[1]
    files = sorted(p.name for p in (corpus / "mt" / "wmt22_general").glob(f"generaltest2022.{pair}.hyp.*.{tgt}"))
    refs = [_mt(corpus, "wmt22_general", f"generaltest2022.{pair}.ref.{r}.{tgt}") for r in "BA"]
    # Every system, on the first 500 segments (the published table covers the full sets).
    return {f: _mt(corpus, "wmt22_general", f) for f in files}, refs, 500


def _compare(kw: dict, hyps: list[str], refs: list[list[str | None]]) -> None:
    ours, theirs = CHRF(**kw), sacrebleu.CHRF(**kw)
    sb_stats = theirs._extract_corpus_statistics(hyps, refs)
    st = ours.segment_statistics(hyps, refs)
    assert st.dtype == np.int64 and st.tolist() == sb_stats, kw
    # Sentence scores: sacrebleu's sentence_score is the F of the segment's own statistics.
    assert ours.sentence_scores(hyps, refs, workers=1).tolist() == [theirs._compute_f_score(s) for s in sb_stats], kw
    a, b = ours.corpus_score(hyps, refs), theirs._aggregate_and_compute(sb_stats)
    assert (a.score, a.name, a.char_order, a.word_order, a.beta) == (
        b.score,
        b.name,
        b.char_order,
        b.word_order,
        b.beta,
    )
    theirs.corpus_score(hyps, refs)
    assert str(ours.get_signature()).rsplit("|", 1)[0] == str(theirs.get_signature()).rsplit("|", 1)[0], kw
    assert a.format(width=4) == b.format(width=4)


@pytest.mark.parametrize("testset", ["wmt17_en-de", "wmt21_en-de", "wmt22:en-de", "wmt22:en-zh"])
@pytest.mark.parametrize("word_order", [0, 2])
def test_every_system_live(corpus: Path, testset: str, word_order: int) -> None:
    systems, refs, n = _systems(corpus, testset)
    assert len(systems) >= 4
    refs = [r[:n] for r in refs]
    for hyps in systems.values():
        _compare(dict(word_order=word_order), hyps[:n], refs)


def test_option_grid_live(corpus: Path) -> None:
    """All character orders 0-6 x word orders 0-6, each with one of the 24 flag combinations in
    turn, plus every flag combination for chrF and chrF++, on samples of three test sets."""
    samples = [
        (
            _mt(corpus, "wmt17_en-de", "newstest2017.online-A.0.en-de.de")[:120],
            [_mt(corpus, "wmt17_en-de", "newstest2017.en-de.ref.de")[:120]],
        ),
        (
            _mt(corpus, "wmt21_en-de", "newstest2021.en-de.hyp.ICL.de")[:60],
            [_mt(corpus, "wmt21_en-de", f"newstest2021.en-de.ref.{r}.de")[:60] for r in "AC"],
        ),
        (
            _mt(corpus, "wmt22_general", "generaltest2022.en-zh.hyp.Online-B.zh")[:60],
            [_mt(corpus, "wmt22_general", "generaltest2022.en-zh.ref.A.zh")[:60]],
        ),
    ]
    combos = [
        dict(char_order=c, word_order=w, **FLAGS[(7 * c + w) % len(FLAGS)])
        for c in range(7)
        for w in range(7)
        if c + w > 0
    ]
    combos += [dict(char_order=6, word_order=w, **f) for w in (0, 2) for f in FLAGS]
    assert len(combos) == 96
    for i, kw in enumerate(combos):
        hyps, refs = samples[i % len(samples)]
        _compare(kw, hyps, refs)


@pytest.mark.parametrize("case", sorted(CHRF_CASES))
def test_edge_cases_live(case: str) -> None:
    hyps, refs = CHRF_CASES[case]
    for (c, w), flags in itertools.product(ORDERS, FLAGS):
        kw = dict(char_order=c, word_order=w, **flags)
        _compare(kw, hyps, refs)
        for i, h in enumerate(hyps):
            seg_refs = [r[i] for r in refs]
            if all(r is None for r in seg_refs):
                continue
            assert (
                CHRF(**kw).sentence_score(h, seg_refs).score == sacrebleu.CHRF(**kw).sentence_score(h, seg_refs).score
            )


def test_lowercase_on_every_code_point() -> None:
    chars = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF and not chr(c).isspace()]
    hyps = ["".join(chars[i : i + 5000]) for i in range(0, len(chars), 5000)] + ["ΟΔΟΣ", "ΟΔΟΣ.", "Σ", "ΑΣ Α"]
    refs = [[h.lower()[::-1] for h in hyps]]
    kw = dict(char_order=1, lowercase=True)
    assert CHRF(**kw).segment_statistics(hyps, refs).tolist() == sacrebleu.CHRF(**kw)._extract_corpus_statistics(
        hyps, refs
    )


def test_whitespace_set_on_every_code_point() -> None:
    # Each code point between two letters: removed before character n-grams exactly when Python's
    # str.split() splits on it; a separate word for chrF++ likewise.
    chars = [chr(c) for c in range(0x3100) if not 0xD800 <= c <= 0xDFFF]
    hyps = ["a" + c + "b" for c in chars]
    refs = [["ab"] * len(hyps)]
    for kw in [dict(char_order=2), dict(char_order=1, word_order=1)]:
        ours = CHRF(**kw).segment_statistics(hyps, refs).tolist()
        assert ours == sacrebleu.CHRF(**kw)._extract_corpus_statistics(hyps, refs)


@pytest.mark.parametrize(
    "kw", [dict(), dict(word_order=2), dict(eps_smoothing=True, beta=1), dict(char_order=0, word_order=1)]
)
def test_bootstrap_interval_equals_sacrebleu(corpus: Path, kw: dict) -> None:
    hyps = _mt(corpus, "wmt17_en-de", "newstest2017.KIT.4950.en-de.de")[:400]
    refs = [_mt(corpus, "wmt17_en-de", "newstest2017.en-de.ref.de")[:400]]
    a, b = CHRF(**kw), sacrebleu.CHRF(**kw)
    sa, sb = a.corpus_score(hyps, refs, n_bootstrap=300), b.corpus_score(hyps, refs, n_bootstrap=300)
    assert (sa.score, sa._mean, sa._ci) == (sb.score, sb._mean, sb._ci)
    # sacrebleu's mean and interval are NumPy float32 scalars, and so are ours.
    assert (type(sa._mean), type(sa._ci)) == (type(sb._mean), type(sb._ci)) == (np.float32, np.float32)
    assert sa.format(width=5) == sb.format(width=5)
    assert str(a.get_signature()).rsplit("|", 1)[0] == str(b.get_signature()).rsplit("|", 1)[0]
    assert "bs:300|seed:12345" in str(a.get_signature())


def test_bootstrap_degenerate_resamples() -> None:
    # A resample without any match scores a Python 0.0 in sacrebleu, the others a float32. All 0.0:
    # the same numbers. A mix: sacrebleu's statistics.mean raises TypeError; rougebleu gives the mean.
    hyps, refs = ["x", "y"], [["z", "w"]]
    for kw in [dict(), dict(word_order=2)]:
        a, b = CHRF(**kw), sacrebleu.CHRF(**kw)
        sa, sb = a.corpus_score(hyps, refs, n_bootstrap=50), b.corpus_score(hyps, refs, n_bootstrap=50)
        assert (sa.score, sa._mean, sa._ci) == (sb.score, sb._mean, sb._ci) == (0.0, 0.0, 0.0), kw
    hyps, refs = ["x", "abc", "y"], [["z", "abc", "w"]]
    with pytest.raises(TypeError):
        sacrebleu.CHRF().corpus_score(hyps, refs, n_bootstrap=50)
    sa = CHRF().corpus_score(hyps, refs, n_bootstrap=50)
    assert 0 < sa._mean < 100 and sa._ci == 50.0


def test_signature_short_form_json_and_repr() -> None:
    hyps, refs = CHRF_CASES["punctuation_splits"]
    for kw in [dict(), dict(word_order=2, lowercase=True), dict(whitespace=True, eps_smoothing=True, beta=3)]:
        a, b = CHRF(**kw), sacrebleu.CHRF(**kw)
        sa, sb = a.corpus_score(hyps, refs), b.corpus_score(hyps, refs)
        sig_a, sig_b = a.get_signature(), b.get_signature()
        assert sig_a.format(short=True).replace(
            f"v:sacrebleu-2.6.0+rougebleu-{native.__version__}", "v:2.6.0"
        ) == sig_b.format(short=True)
        assert sa.format(signature=str(sig_b), is_json=True) == sb.format(signature=str(sig_b), is_json=True)
        assert sa.format(score_only=True, width=1) == sb.format(score_only=True, width=1)
        assert repr(sa) == repr(sb) and str(sa) == str(sb)
    hyps, refs = CHRF_CASES["missing_references"]
    a = CHRF()
    a.corpus_score(hyps, refs)
    assert str(a.get_signature()).startswith("nrefs:var|")


def test_compat_functions() -> None:
    hyps, refs = CHRF_CASES["punctuation_splits"]
    for kw in [dict(), dict(word_order=2, remove_whitespace=False), dict(char_order=3, beta=1, eps_smoothing=True)]:
        assert corpus_chrf(hyps, refs, **kw).score == sacrebleu.corpus_chrf(hyps, refs, **kw).score
        for i, h in enumerate(hyps):
            r = [s[i] for s in refs]
            assert sentence_chrf(h, r, **kw).score == sacrebleu.sentence_chrf(h, r, **kw).score


def test_cached_references_equal_sacrebleu(corpus: Path) -> None:
    refs = [_mt(corpus, "wmt21_en-de", f"newstest2021.en-de.ref.{r}.de") for r in "AC"]
    ours, theirs = CHRF(word_order=2, references=refs), sacrebleu.CHRF(word_order=2, references=refs)
    for name in ["Facebook-AI", "ICL"]:
        hyps = _mt(corpus, "wmt21_en-de", f"newstest2021.en-de.hyp.{name}.de")
        assert ours.corpus_score(hyps, None).score == theirs.corpus_score(hyps, None).score


def test_random_texts_live() -> None:
    """Seeded random texts over an alphabet of letters, punctuation, Python whitespace, non-spaces
    that look like spaces, cased Greek/Turkish letters and CJK, with random options and 1-3
    references per segment (some None)."""
    import random

    rng = random.Random(20261124)
    alphabet = (
        list("aab.,!(\"'-?") + [" ", " ", "\t", "\u00a0", "\x1c", "\u3000", "\u200b", "\ufeff"] + list("ΣσςİIıßÉ价格")
    )
    for _ in range(60):
        n = rng.randint(1, 8)

        def text() -> str:
            return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 25)))

        hyps = [text() for _ in range(n)]
        k = rng.randint(1, 3)
        refs: list[list[str | None]] = [[text() for _ in range(n)] for _ in range(k)]
        for i in range(n):
            if k > 1 and rng.random() < 0.3:
                refs[rng.randrange(1, k)][i] = None
        kw = dict(char_order=rng.randint(0, 7), word_order=rng.randint(0, 4), **rng.choice(FLAGS))
        if kw["char_order"] + kw["word_order"] == 0:
            kw["char_order"] = 1
        _compare(kw, hyps, refs)
        pw = CHRF(**kw).pairwise(hyps, [r for r in refs[0] if r is not None])
        sb = sacrebleu.CHRF(**kw)
        want = [[sb.sentence_score(h, [r]).score for r in refs[0] if r is not None] for h in hyps]
        assert pw.tolist() == want, kw
