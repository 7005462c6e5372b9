"""BLEU against sacrebleu 2.6.0 run live (test extra): tokenizers over every code point, the edge-case
grid with effective order and odd n-gram orders, signatures and text forms, bootstrap intervals,
paired tests, reference caching, and a WMT22 sample (en-zh with `zh`, en-de with two references)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bleu_cases import EDGE_CASES, SMOOTHINGS, TOKENIZERS

from rougebleu import _rougebleu as native
from rougebleu.mt._bleu_significance import paired_test
from rougebleu.mt.bleu import BLEU, corpus_bleu, sentence_bleu

sacrebleu = pytest.importorskip("sacrebleu")
from sacrebleu.significance import PairedTest  # noqa: E402
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh  # noqa: E402


def _sb_tokenizer(name: str):
    from sacrebleu.metrics.bleu import _get_tokenizer

    return _get_tokenizer(name)()


def _all_chars() -> list[str]:
    return [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]


def _tokenizer_chars() -> list[str]:
    # The BMP, the supplementary ideographic planes and the tag block: every range any of the
    # tokenizers treats specially (planes 4-13 are unassigned, 15-16 private use).
    cps = list(range(0x0, 0x30000)) + list(range(0xE0000, 0xE0200))
    return [chr(c) for c in cps if not 0xD800 <= c <= 0xDFFF]


@pytest.mark.parametrize("tok", ["13a", "intl", "zh", "char"])
def test_tokenizers_on_every_code_point(tok: str) -> None:
    chars = _tokenizer_chars()
    # Each code point in the contexts the regular expressions look at: after a letter, before a
    # digit, after a digit, next to punctuation.
    lines = ["".join(f"a{c}1{c}.{c}b {c}" for c in chars[i : i + 64]) for i in range(0, len(chars), 64)]
    sb = _sb_tokenizer(tok)
    ours = native.bleu_tokenize(lines, tok, False)
    bad = [i for i, (line, got) in enumerate(zip(lines, ours)) if got != sb(line.rstrip()).split()]
    assert bad == []


def test_zh_range_table_is_bug_compatible() -> None:
    chars = _tokenizer_chars()
    sacre = [c for c in chars if TokenizerZh._is_chinese_char(c)]
    # Letters the 13a post-tokenizer never splits, so only the range table isolates them.
    assert all(native.bleu_tokenize([f"a{c}a"], "zh", False)[0] == ["a", c, "a"] for c in sacre if c.isalpha())
    assert "\u2001" in sacre and "\u2a6d" in sacre and "\U00020000" not in sacre and "\u2a6e" not in sacre
    for c in ["\u2010", "\u2a6d", "\u2f81", "\u2fa1"]:
        assert native.bleu_tokenize([f"a{c}a"], "zh", False)[0] == ["a", c, "a"]
    for c in ["\u2a6e", "\U00020000", "\U0002f800"]:
        assert native.bleu_tokenize([f"a{c}a"], "zh", False)[0] != ["a", c, "a"]
    fixed = native.bleu_tokenize(["𠀀𠀁", "价格€100"], "zh-fixed", False)
    assert fixed == [["𠀀", "𠀁"], ["价", "格", "€100"]]


def test_lowercase_on_every_code_point() -> None:
    # BLEU(lowercase=True) lower-cases with Python's own str.lower (the running Python's Unicode
    # tables, as sacrebleu does), Final_Sigma included.
    chars = [c for c in _all_chars() if not c.isspace()]
    hyps = [" ".join(chars[i : i + 4000]) for i in range(0, len(chars), 4000)] + ["ΟΔΟΣ", "ΟΔΟΣ.", "Σ", "ΑΣ Α"]
    a = BLEU(tokenize="none", lowercase=True, max_ngram_order=1)
    b = sacrebleu.BLEU(tokenize="none", lowercase=True, max_ngram_order=1)
    refs = [[h.lower() for h in hyps]]
    assert a.corpus_score(hyps, refs).counts == b.corpus_score(hyps, refs).counts
    assert a.corpus_score(hyps, refs).score == b.corpus_score(hyps, refs).score


@pytest.mark.parametrize("case", sorted(EDGE_CASES))
def test_edge_case_grid_live(case: str) -> None:
    hyps, refs = EDGE_CASES[case]
    for tok in TOKENIZERS:
        for lc in (False, True):
            for sm, sv in SMOOTHINGS:
                for eff in (False, True):
                    for order in (1, 2, 4, 6):
                        kw = dict(
                            tokenize=tok,
                            lowercase=lc,
                            smooth_method=sm,
                            smooth_value=sv,
                            effective_order=eff,
                            max_ngram_order=order,
                        )
                        a = BLEU(**kw)
                        b = sacrebleu.BLEU(**kw)
                        sa, sb = a.corpus_score(hyps, refs), b.corpus_score(hyps, refs)
                        assert (sa.score, sa.counts, sa.totals, sa.precisions, sa.bp, sa.sys_len, sa.ref_len) == (
                            sb.score,
                            sb.counts,
                            sb.totals,
                            sb.precisions,
                            sb.bp,
                            sb.sys_len,
                            sb.ref_len,
                        ), kw
                        assert str(a.get_signature()).rsplit("|", 1)[0] == str(b.get_signature()).rsplit("|", 1)[0]
                        assert sa.format(width=3) == sb.format(width=3)


def test_signature_short_form_json_and_repr() -> None:
    hyps, refs = EDGE_CASES["non_ascii_punctuation"]
    for kw in [dict(), dict(smooth_method="floor"), dict(smooth_method="add-k", smooth_value=2), dict(lowercase=True)]:
        a, b = BLEU(**kw), sacrebleu.BLEU(**kw)
        sa, sb = a.corpus_score(hyps, refs), b.corpus_score(hyps, refs)
        sig_a, sig_b = a.get_signature(), b.get_signature()
        assert sig_a.format(short=True).replace(
            f"v:sacrebleu-2.6.0+rougebleu-{native.__version__}", "v:2.6.0"
        ) == sig_b.format(short=True)
        assert sa.format(signature=str(sig_b), is_json=True) == sb.format(signature=str(sig_b), is_json=True)
        assert sa.format(score_only=True, width=1) == sb.format(score_only=True, width=1)
        assert repr(sa) == repr(sb)
        assert sa.ratio == sb.ratio and sa.prec_str == sb.prec_str
    assert (
        json.loads(sa.format(signature=str(sig_a), is_json=True))["version"]
        == f"sacrebleu-2.6.0+rougebleu-{native.__version__}"
    )
    # Variable reference counts.
    hyps, refs = EDGE_CASES["missing_references"]
    a, b = BLEU(), sacrebleu.BLEU()
    a.corpus_score(hyps, refs)
    b.corpus_score(hyps, refs)
    assert str(a.get_signature()).startswith("nrefs:var|") and str(b.get_signature()).startswith("nrefs:var|")


def test_compat_functions() -> None:
    hyps, refs = EDGE_CASES["non_ascii_punctuation"]
    for kw in [dict(), dict(smooth_method="none", tokenize="intl", lowercase=True, use_effective_order=True)]:
        assert corpus_bleu(hyps, refs, **kw).score == sacrebleu.corpus_bleu(hyps, refs, **kw).score
    h, r = "Das ist ein kleiner Test .", ["Das ist ein Test .", "Dies ist ein kleiner Test."]
    for kw in [
        dict(),
        dict(smooth_method="floor", smooth_value=0.2),
        dict(tokenize="char"),
        dict(use_effective_order=False),
    ]:
        assert sentence_bleu(h, r, **kw).score == sacrebleu.sentence_bleu(h, r, **kw).score


def _mt(corpus: Path, folder: str, name: str, n: int | None = None) -> list[str]:
    with open(corpus / "mt" / folder / name, encoding="utf-8", newline="\n") as f:
        lines = [line.rstrip("\n") for line in f]
    return lines[:n] if n else lines


def test_bootstrap_interval_equals_sacrebleu(corpus: Path) -> None:
    ref = _mt(corpus, "wmt17_en-de", "newstest2017.en-de.ref.de", 500)
    hyp = _mt(corpus, "wmt17_en-de", "newstest2017.online-A.0.en-de.de", 500)
    for kw in [
        dict(),
        dict(smooth_method="add-k", effective_order=True),
        dict(smooth_method="floor", smooth_value=0.3),
    ]:
        a, b = BLEU(**kw), sacrebleu.BLEU(**kw)
        sa, sb = a.corpus_score(hyp, [ref], n_bootstrap=300), b.corpus_score(hyp, [ref], n_bootstrap=300)
        assert (sa.score, sa._mean, sa._ci) == (sb.score, sb._mean, sb._ci)
        assert sa.format() == sb.format()
        assert str(a.get_signature()).rsplit("|", 1)[0] == str(b.get_signature()).rsplit("|", 1)[0]
    # Each float32 resample score, not only the summary.
    from sacrebleu.significance import _bootstrap_resample

    b = sacrebleu.BLEU()
    _, scores = _bootstrap_resample(b._extract_corpus_statistics(hyp, [ref]), b, 200)
    from rougebleu.mt.significance import default_rng

    a = BLEU()
    idx = default_rng(12345).choice(len(hyp), 200)
    # Native rows (the commands' path) and a NumPy array (rougebleu.stats') alike.
    for stats in (a._segment_rows(hyp, [ref]), a.segment_statistics(hyp, [ref])):
        assert a._resample_scores(stats, idx).tolist() == [s.score for s in scores]


@pytest.mark.parametrize("test_type,n_samples,n_conf", [("bs", 200, -1), ("ar", 300, -1), ("ar", 200, 100)])
def test_paired_tests_equal_sacrebleu(corpus: Path, test_type: str, n_samples: int, n_conf: int) -> None:
    ref = _mt(corpus, "wmt17_en-de", "newstest2017.en-de.ref.de", 300)
    systems = [
        (s, _mt(corpus, "wmt17_en-de", f"newstest2017.{s}.en-de.de", 300))
        for s in ["uedin-nmt.4722", "online-A.0", "PROMT-Rule-based.4735"]
    ]
    sigs, scores = PairedTest(
        systems, {"BLEU": sacrebleu.BLEU()}, [ref], test_type=test_type, n_samples=n_samples, n_ar_confidence=n_conf
    )()
    sig, res = paired_test(BLEU(), systems, [ref], test_type=test_type, n_samples=n_samples, n_ar_confidence=n_conf)
    assert [(r.score, r.p_value, r.mean, r.ci) for r in res] == [
        (s.score, s.p_value, s.mean, s.ci) for s in scores["BLEU"]
    ]
    assert str(sig).rsplit("|", 1)[0] == str(sigs["BLEU"]).rsplit("|", 1)[0]


def test_paired_test_seed_argument_is_sacrebleus_seed(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ref = _mt(corpus, "wmt17_en-de", "newstest2017.en-de.ref.de", 200)
    systems = [(s, _mt(corpus, "wmt17_en-de", f"newstest2017.{s}.en-de.de", 200)) for s in ["KIT.4950", "online-A.0"]]
    monkeypatch.setenv("SACREBLEU_SEED", "7")
    sigs, scores = PairedTest(systems, {"BLEU": sacrebleu.BLEU()}, [ref], test_type="bs", n_samples=200)()
    monkeypatch.setenv("SACREBLEU_SEED", "12345")  # the argument wins over the variable
    sig, res = paired_test(BLEU(), systems, [ref], test_type="bs", n_samples=200, seed=7)
    assert [(r.p_value, r.mean, r.ci) for r in res] == [(s.p_value, s.mean, s.ci) for s in scores["BLEU"]]
    assert "seed:7" in str(sig)
    with pytest.raises(ValueError, match="seed"):
        paired_test(BLEU(), systems, [ref], seed=-3)


def test_wmt22_sample_corpus_and_sentence(corpus: Path) -> None:
    folder = "wmt22_general"
    for pair, system, tgt in [("en-zh", "HuaweiTSC", "zh"), ("en-de", "OpenNMT", "de")]:
        refs = [_mt(corpus, folder, f"generaltest2022.{pair}.ref.{r}.{tgt}", 300) for r in "AB"]
        hyps = _mt(corpus, folder, f"generaltest2022.{pair}.hyp.{system}.{tgt}", 300)
        for tok in ["zh", "13a", "intl"]:
            for nref in (1, 2):
                for sm in ["exp", "none"]:
                    kw = dict(tokenize=tok, smooth_method=sm)
                    sa = BLEU(**kw).corpus_score(hyps, refs[:nref])
                    sb = sacrebleu.BLEU(**kw).corpus_score(hyps, refs[:nref])
                    assert (sa.score, sa.counts, sa.totals, sa.ref_len) == (sb.score, sb.counts, sb.totals, sb.ref_len)
                m = sacrebleu.BLEU(tokenize=tok, effective_order=True)
                want = [m.sentence_score(h, [r[i] for r in refs[:nref]]).score for i, h in enumerate(hyps)]
                assert BLEU(tokenize=tok, effective_order=True).sentence_scores(hyps, refs[:nref]).tolist() == want


def test_reference_cache_is_reused_for_many_systems(corpus: Path) -> None:
    refs = [_mt(corpus, "wmt21_en-de", f"newstest2021.en-de.ref.{r}.de", 400) for r in "ACD"]
    ours = BLEU(references=refs)
    theirs = sacrebleu.BLEU(references=refs)
    for s in ["Facebook-AI", "ICL"]:
        hyps = _mt(corpus, "wmt21_en-de", f"newstest2021.en-de.hyp.{s}.de", 400)
        assert ours.corpus_score(hyps, None).score == theirs.corpus_score(hyps, None).score
        assert ours.sentence_scores(hyps).tolist() == ours.sentence_scores(hyps, refs).tolist()
    assert str(ours.get_signature()).startswith("nrefs:3|")
