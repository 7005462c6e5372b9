"""chrF without sacrebleu: committed sacrebleu golden values, batch calls equal the one-at-a-time
API, results independent of the number of workers, statistics round trips."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from chrf_cases import CHRF_CASES

from rougebleu import CHRF, CHRFScore, corpus_chrf, sentence_chrf

GOLDEN = Path(__file__).with_name("golden") / "chrf_sacrebleu_cases.json"

TEXTS = [
    "Das ist ein kleiner Test.",
    "Dies ist ein Test (klein).",
    "",
    "a",
    "价格是一百欧元。",
    "ΟΔΟΣ σας, İstanbul!",
    "the the the the cat",
    "x\u00a0y\x1fz  w",
    "Hallo, Welt! Hallo, Welt!",
    "«Ja», sagte er – ¿no?",
]
OPTIONS = [
    dict(),
    dict(word_order=2),
    dict(word_order=2, lowercase=True, beta=1),
    dict(char_order=3, whitespace=True, eps_smoothing=True),
    dict(char_order=0, word_order=3),
    dict(char_order=9, word_order=5, beta=0.5),
]


def test_golden_sacrebleu_values() -> None:
    gold = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert gold["version"] == "2.6.0" and len(gold["records"]) >= 50
    for rec in gold["records"]:
        hyps, refs = CHRF_CASES[rec["case"]]
        m = CHRF(**rec["options"])
        assert m.segment_statistics(hyps, refs).tolist() == rec["stats"], rec
        assert m.sentence_scores(hyps, refs).tolist() == rec["sentence_scores"], rec
        score = m.corpus_score(hyps, refs)
        assert score.score == rec["score"] and str(score) == rec["text"]
        assert str(m.get_signature()).rsplit("|", 1)[0] == rec["signature"].rsplit("|", 1)[0]


def test_known_values() -> None:
    assert sentence_chrf("", [""]).score == 0.0
    assert sentence_chrf("abc", ["abc"]).score == 100.0
    assert sentence_chrf("abc", ["xyz"]).score == 0.0
    assert str(sentence_chrf("ab", ["ab"], word_order=2)) == "chrF2++ = 100.00"
    score = corpus_chrf(["Das ist ein Test."], [["Das ist kein Test."]])
    assert isinstance(score, CHRFScore) and score.name == "chrF2" and 0 < score.score < 100


@pytest.mark.parametrize("kw", OPTIONS)
def test_pairwise_equals_sentence_score(kw: dict) -> None:
    m = CHRF(**kw)
    got = m.pairwise(TEXTS, TEXTS[::-1], workers=2)
    assert got.shape == (len(TEXTS), len(TEXTS)) and got.dtype == np.float64
    want = [[m.sentence_score(h, [r]).score for r in TEXTS[::-1]] for h in TEXTS]
    assert got.tolist() == want
    assert m.pairwise([], TEXTS).shape == (0, len(TEXTS))
    assert m.pairwise(TEXTS, []).shape == (len(TEXTS), 0)


@pytest.mark.parametrize("kw", OPTIONS)
def test_sentence_scores_and_statistics(kw: dict) -> None:
    refs = [TEXTS[1:] + TEXTS[:1], [None] * 3 + TEXTS[3:]]
    m = CHRF(**kw)
    scores = m.sentence_scores(TEXTS, refs)
    want = [m.sentence_score(h, [r[i] for r in refs]).score for i, h in enumerate(TEXTS)]
    assert scores.tolist() == want
    stats = m.segment_statistics(TEXTS, refs)
    assert stats.shape == (len(TEXTS), 3 * (m.char_order + m.word_order))
    assert m.scores_from_statistics(stats).tolist() == want
    assert m.score_from_statistics(stats.sum(axis=0)).score == m.corpus_score(TEXTS, refs).score
    # The reference cache gives the same numbers for any system.
    cached = CHRF(**kw, references=refs)
    assert cached.sentence_scores(TEXTS).tolist() == want
    assert cached.segment_statistics(TEXTS).tolist() == stats.tolist()
    assert cached.corpus_score(TEXTS, None).score == m.corpus_score(TEXTS, refs).score


def test_workers_do_not_change_results() -> None:
    hyps = [f"{TEXTS[i % len(TEXTS)]} {i}" for i in range(300)]
    refs = [[TEXTS[(i * 7) % len(TEXTS)] for i in range(300)]]
    m = CHRF(word_order=2)
    base = m.sentence_scores(hyps, refs, workers=1)
    pw = m.pairwise(hyps[:60], hyps[:50], workers=1)
    for w in (2, None, -1):
        assert m.sentence_scores(hyps, refs, workers=w).tolist() == base.tolist()
        assert (
            m.segment_statistics(hyps, refs, workers=w).tolist() == m.segment_statistics(hyps, refs, workers=1).tolist()
        )
        assert m.pairwise(hyps[:60], hyps[:50], workers=w).tolist() == pw.tolist()


def test_lowercase_is_python_lower() -> None:
    # Python's str.lower: İ -> i + U+0307, final sigma, ß stays.
    m = CHRF(char_order=1, lowercase=True)
    assert m.sentence_score("İΣΑΣ ß", ["i̇σας ß"]).score == 100.0
    assert m.sentence_score("ΑΣ", ["ας"]).score == 100.0 and m.sentence_score("ΑΣ", ["ασ"]).score < 100.0
