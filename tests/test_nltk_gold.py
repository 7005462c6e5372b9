"""NLTK parity with the NLTK 3.10.4 gold files (WMT17 and WMT21 en-de): every corpus and sentence
record, exact equality (type included: NLTK's integer 0, `None` where NLTK's method6 raises)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from conftest import read_json
from rougebleu import _rougebleu as native
from rougebleu import nltk as rn
from rougebleu.nltk import SmoothingError

TESTSETS = ["wmt17_en-de", "wmt21_en-de"]


def _loader(corpus: Path, testset: str):
    gold = read_json(corpus / "mt" / testset / "gold_nltk.json")
    folder = corpus / "mt" / testset
    cache: dict = {}

    def tokens(fname: str, tokenization: str) -> list[list[str]]:
        if (fname, tokenization) not in cache:
            with open(folder / fname, encoding="utf-8", newline="\n") as f:
                lines = [line.rstrip("\n") for line in f]
            # The gold's "13a" tokens are sacrebleu's Tokenizer13a output split on whitespace.
            if tokenization == "13a":
                toks = native.bleu_tokenize(lines, "13a", False)
            else:
                toks = [line.split() for line in lines]
            cache[fname, tokenization] = toks
        return cache[fname, tokenization]

    def segment_data(rec: dict):
        hyps = tokens(gold["systems"][rec["system"]], rec["tokenization"])
        refs = [tokens(gold["references"][r], rec["tokenization"]) for r in gold["ref_sets"][rec["refs"]]]
        return hyps, [list(x) for x in zip(*refs)]

    return gold, segment_data


@pytest.mark.parametrize("testset", TESTSETS)
def test_corpus_bleu_every_gold_record(corpus: Path, testset: str) -> None:
    gold, segment_data = _loader(corpus, testset)
    bad = []
    for rec in gold["corpus"]:
        hyps, refs = segment_data(rec)
        fn = getattr(rn.SmoothingFunction(), rec["smoothing"])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                got = rn.corpus_bleu(refs, hyps, smoothing_function=fn)
            except SmoothingError:
                got = None
        if got != rec["score"] or type(got) is not type(rec["score"]):
            bad.append((rec["call"], rec["system"], rec["refs"], got, rec["score"]))
    assert len(gold["corpus"]) >= 80
    assert bad == []


@pytest.mark.parametrize("testset", TESTSETS)
def test_sentence_bleu_every_gold_record(corpus: Path, testset: str) -> None:
    gold, segment_data = _loader(corpus, testset)
    compared = 0
    for rec in gold["sentence"]:
        hyps, refs = segment_data(rec)
        fn = getattr(rn.SmoothingFunction(), rec["smoothing"])
        got = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for h, r in zip(hyps, refs):
                try:
                    got.append(rn.sentence_bleu(r, h, smoothing_function=fn))
                except SmoothingError:
                    got.append(None)
        assert got == rec["scores"], rec["call"]
        assert [type(x) for x in got] == [type(x) for x in rec["scores"]], rec["call"]
        if "errors" in rec:
            assert got.count(None) == sum(rec["errors"].values())
        compared += len(got)
    assert compared > 60_000
