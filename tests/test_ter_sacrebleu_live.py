"""TER parity with live sacrebleu 2.6.0 (skipped when it is not installed): the tokenizer on every
code point and on random tricky text for all 16 option combinations, statistics over the option grid
on real WMT data (en-de and en-zh), multi-reference segments, the 1,000-candidate budget, random word
sequences over small vocabularies (hypothesis), and the bootstrap interval. sacrebleu's TER is slow,
so the real-data checks sample segments."""

from __future__ import annotations

import itertools
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ter_cases import BUDGET_SEEDS, lcg_words

from rougebleu import _rougebleu as native
from rougebleu.mt.ter import TER

sacrebleu = pytest.importorskip("sacrebleu")
from sacrebleu.metrics import lib_ter  # noqa: E402
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer  # noqa: E402

OPTIONS = ("normalized", "no_punct", "asian_support", "case_sensitive")
GRID = [dict(zip(OPTIONS, flags)) for flags in itertools.product((False, True), repeat=4)]


@lru_cache(maxsize=None)
def _lines(path: str) -> tuple[str, ...]:
    with open(path, encoding="utf-8", newline="\n") as f:
        return tuple(line.rstrip("\n") for line in f)


def _our_words(texts: list[str], opts: dict, reference: bool) -> list[list[str]]:
    lowered = texts if opts["case_sensitive"] else [t.lower() for t in texts]
    kw = {k: opts[k] for k in ("normalized", "no_punct", "asian_support")}
    return native.ter_tokenize(lowered, **kw, reference=reference)


def _their_words(texts: list[str], opts: dict, reference: bool) -> list[list[str]]:
    tok = TercomTokenizer(**opts)
    out = []
    for t in texts:
        s = tok(t.rstrip())
        if reference:  # sacrebleu preprocesses references twice (caching, then word extraction)
            s = tok(s.rstrip())
        out.append(s.split())
    return out


def _all_chars() -> list[str]:
    # Every BMP code point (where all of the tokenizer's classes live) and every 61st astral one.
    bmp = [c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
    return [chr(c) for c in bmp + list(range(0x10000, 0x110000, 61))]


@pytest.mark.parametrize("opts", GRID, ids=lambda o: "".join("1" if v else "0" for v in o.values()))
def test_tokenizer_on_every_bmp_code_point(opts: dict) -> None:
    chars = _all_chars()
    # Each character alone between letters, and next to a digit, a period and an apostrophe.
    texts = [" ".join(f"a{c}b" for c in chars[i : i + 3000]) for i in range(0, len(chars), 3000)]
    texts += ["".join(f"{c}.3'S{c}" for c in chars[i : i + 3000]) for i in range(0, 0x3500, 3000)]
    for reference in (False, True):
        assert _our_words(texts, opts, reference) == _their_words(texts, opts, reference)


def test_tokenizer_on_random_tricky_text() -> None:
    alphabet = list("aZ3.,-'s&;:()?!\" \n\t/") + [
        "&quot;", "&amp;", "&lt;", "&gt;", "'s ", "\n-", "。", "中", "ア", "ぁ", "\u3000", "ｰ", "（", "、",
        "㈠", "㿣", "\u00a0", "İ", "Σ", "ß", "\ufeff", "\x1c", "5", "0-", ".5",
    ]  # fmt: skip
    x = 12345
    texts = []
    for _ in range(3000):
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        n = (x >> 40) % 18
        parts = []
        for _ in range(n):
            x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            parts.append(alphabet[(x >> 33) % len(alphabet)])
        texts.append("".join(parts))
    for opts in GRID:
        for reference in (False, True):
            assert _our_words(texts, opts, reference) == _their_words(texts, opts, reference), opts


def _segment_stats(metric, hyp: str, refs: list[str | None]) -> list:
    return metric._extract_corpus_statistics([hyp], [[r] for r in refs])[0]


def _check_grid(hyps: list[str], streams: list[list[str | None]]) -> None:
    for opts in GRID:
        ours = TER(**opts).segment_statistics(hyps, streams, workers=1)
        theirs = sacrebleu.metrics.TER(**opts)
        for i, h in enumerate(hyps):
            assert ours[i].tolist() == _segment_stats(theirs, h, [s[i] for s in streams]), (opts, i)
        a = TER(**opts).corpus_score(hyps, streams)
        b = sacrebleu.metrics.TER(**opts).corpus_score(hyps, streams)
        assert (a.score, a.num_edits, a.ref_length) == (b.score, b.num_edits, b.ref_length), opts


def test_option_grid_wmt17(corpus: Path) -> None:
    folder = corpus / "mt" / "wmt17_en-de"
    hyps = list(_lines(str(folder / "newstest2017.online-A.0.en-de.de")))[::75]
    refs = list(_lines(str(folder / "newstest2017.en-de.ref.de")))[::75]
    _check_grid(hyps, [refs])


def test_option_grid_wmt22_en_zh(corpus: Path) -> None:
    root = corpus / "mt" / "wmt22_general"
    hyps = list(_lines(str(root / "generaltest2022.en-zh.hyp.HuaweiTSC.zh")))[5::150]
    refs = [list(_lines(str(root / f"generaltest2022.en-zh.ref.{k}.zh")))[5::150] for k in "AB"]
    _check_grid(hyps, refs)


def test_multi_reference_segments(corpus: Path) -> None:
    folder = corpus / "mt" / "wmt21_en-de"
    hyps = list(_lines(str(folder / "newstest2021.en-de.hyp.Online-W.de")))[::20]
    streams = [list(_lines(str(folder / f"newstest2021.en-de.ref.{k}.de")))[::20] for k in "ACD"]
    streams[1][3] = None  # a missing reference: the average is over the two present ones
    ours = TER().segment_statistics(hyps, streams)
    theirs = sacrebleu.metrics.TER()
    for i, h in enumerate(hyps):
        assert ours[i].tolist() == _segment_stats(theirs, h, [s[i] for s in streams if s[i] is not None]), i


def _budget_trace(hyp: list[str], ref: list[str]) -> tuple[int, int | None]:
    """Run sacrebleu's shift loop; return the candidates checked and the pending gain when the budget
    stopped the search (None when it stopped for lack of an improving shift)."""
    ed = lib_ter.BeamEditDistance(ref)
    words, checked = hyp, 0
    while True:
        delta, words_next, checked = lib_ter._shift(words, ref, ed, checked)
        if checked >= 1000:
            return checked, delta
        if delta <= 0:
            return checked, None
        words = words_next


@pytest.mark.parametrize("seed, n, m, vocab", [c for c in BUDGET_SEEDS if c[1] <= 60])
def test_candidate_budget_leaves_the_pending_shift_unapplied(seed: int, n: int, m: int, vocab: int) -> None:
    hyp, ref = lcg_words(seed, n, vocab), lcg_words(seed + 1000, m, vocab)
    checked, pending = _budget_trace(hyp.split(), ref.split())
    assert checked >= 1000 and pending is not None and pending > 0
    edits, ref_len = lib_ter.translation_edit_rate(hyp.split(), ref.split())
    assert TER().segment_statistics([hyp], [[ref]]).tolist() == [[edits, ref_len]]


def test_bootstrap_interval(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = corpus / "mt" / "wmt17_en-de"
    hyps = list(_lines(str(folder / "newstest2017.KIT.4950.en-de.de")))[:150]
    refs = [list(_lines(str(folder / "newstest2017.en-de.ref.de")))[:150]]
    for seed in ("12345", "7"):
        monkeypatch.setenv("SACREBLEU_SEED", seed)
        ours, theirs = TER(), sacrebleu.metrics.TER()
        a = ours.corpus_score(hyps, refs, n_bootstrap=200)
        b = theirs.corpus_score(hyps, refs, n_bootstrap=200)
        assert (a.score, a._mean, a._ci) == (b.score, b._mean, b._ci)
        assert str(a) == str(b)
        assert str(ours.get_signature()).rsplit("|version:")[0] == str(theirs.get_signature()).rsplit("|version:")[0]


@given(
    st.integers(1, 8).flatmap(
        lambda v: st.tuples(
            st.lists(st.integers(0, v - 1), max_size=30),
            st.lists(st.integers(0, v - 1), max_size=30),
        )
    )
)
@settings(max_examples=300, deadline=None)
def test_random_word_sequences(pair: tuple[list[int], list[int]]) -> None:
    # Small vocabularies: many matching blocks, ties between candidate shifts and in the trace.
    hyp, ref = ([f"w{i}" for i in seq] for seq in pair)
    expected = lib_ter.translation_edit_rate(hyp, ref)
    assert TER().segment_statistics([" ".join(hyp)], [[" ".join(ref)]]).tolist() == [list(expected)]
