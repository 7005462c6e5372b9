"""Parity of the MATLAB-style scores with the references where the definitions coincide, on
real data from the shared corpus:

- ROUGE-N (recall) and ROUGE-L (F1, β = 1) of one-sentence documents against one reference are
  rouge_score's rougeN recall and rougeL F-measure; ROUGE-L with sentence details is
  rouge_score's summary-level rougeLsum (union LCS per reference sentence).
- BLEU of a candidate with at least four words and no zero n-gram precision is NLTK's
  unsmoothed ``sentence_bleu`` with weights (0.25,)*4 (same clipping and closest-length brevity
  penalty); otherwise MATLAB's score is 0.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from conftest import read_jsonl
from rougebleu import bleu_evaluation_score_batch, rouge_evaluation_score, rouge_evaluation_score_batch
from rougebleu.matlab import TokenizedDocument, tokenizedDocument

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
rouge_tokenize = pytest.importorskip("rouge_score.tokenize")
bleu_score = pytest.importorskip("nltk.translate.bleu_score")

N_ITEMS = 300


def rs_sentences(text: str) -> list[list[str]]:
    """rouge_score's tokens of each line (its rougeLsum sentence split)."""
    return [t for t in (rouge_tokenize.tokenize(s, None) for s in text.split("\n")) if t]


def with_sentences(sentences: list[list[str]]) -> TokenizedDocument:
    text = " ".join(" ".join(s) + " ." for s in sentences)
    return tokenizedDocument(text).add_sentence_details().erase_punctuation()


@pytest.fixture(scope="module")
def summ(corpus: Path) -> list[dict]:
    return read_jsonl(corpus / "summ" / "realsumm_cnndm.jsonl")[:N_ITEMS]


def test_rouge_n_and_l_match_rouge_score(summ: list[dict]) -> None:
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"])
    compared = 0
    cands, refs, cands_s, refs_s, gold = [], [], [], [], []
    for item in summ:
        c_sents, r_sents = rs_sentences(item["candidate"]), rs_sentences(item["references"][0])
        c_words = [w for s in c_sents for w in s]
        r_words = [w for s in r_sents for w in s]
        g = scorer.score(item["references"][0], item["candidate"])
        cands.append(c_words)
        refs.append([r_words])
        cands_s.append(with_sentences(c_sents))
        refs_s.append([with_sentences(r_sents)])
        gold.append(g)
    r1 = rouge_evaluation_score_batch(cands, refs)
    r2 = rouge_evaluation_score_batch(cands, refs, ngram_length=2)
    rl = rouge_evaluation_score_batch(cands, refs, rouge_method="longest-common-subsequences")
    rlsum = rouge_evaluation_score_batch(cands_s, refs_s, rouge_method="longest-common-subsequences")
    for i, g in enumerate(gold):
        assert r1[i] == g["rouge1"].recall, i
        assert r2[i] == g["rouge2"].recall, i
        assert rl[i] == g["rougeL"].fmeasure, i
        assert rlsum[i] == g["rougeLsum"].fmeasure, i
        compared += 4
    assert compared == 4 * N_ITEMS
    # And one single call for good measure.
    assert rouge_evaluation_score(cands[0], refs[0][0]) == gold[0]["rouge1"].recall


def test_bleu_matches_unsmoothed_nltk(corpus: Path) -> None:
    folder = corpus / "mt" / "wmt21_en-de"
    read = lambda name: (folder / name).read_text(encoding="utf-8").splitlines()[:N_ITEMS]
    hyps = read("newstest2021.en-de.hyp.Facebook-AI.de")
    ref_sets = list(zip(*(read(f"newstest2021.en-de.ref.{r}.de") for r in "ACD")))
    cands = [tokenizedDocument(h) for h in hyps]
    refs = [[tokenizedDocument(r) for r in rs] for rs in ref_sets]
    ours = bleu_evaluation_score_batch(cands, refs)
    equal = zero = 0
    for i, (c, rs) in enumerate(zip(cands, refs)):
        hyp, rlist = c.tokens, [r.tokens for r in rs]
        precisions = [bleu_score.modified_precision(rlist, hyp, n) for n in range(1, 5)]
        if len(hyp) >= 4 and all(Fraction(p.numerator, p.denominator) > 0 for p in precisions):
            expected = bleu_score.sentence_bleu(rlist, hyp)
            assert abs(ours[i] - expected) <= 1e-12, (i, ours[i], expected)
            equal += 1
        else:
            assert ours[i] == 0.0, i
            zero += 1
    assert equal + zero == N_ITEMS and equal > N_ITEMS // 2
