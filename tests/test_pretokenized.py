"""Pre-tokenized input: token lists and integer token ids give the numbers of the texts they came from.

The tokens here are rouge_score's own (``rouge_score_tokenize``, per line for rougeLsum), so the
pre-tokenized path must reproduce the text path bit for bit; ids are the same tokens numbered
through a vocabulary, as a model tokenizer would give them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import rougebleu
from conftest import read_jsonl
from rougebleu._rougebleu import rouge_score_tokenize

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeSU4"]
FLAT_TYPES = [t for t in TYPES if t != "rougeLsum"]


@pytest.fixture(scope="module")
def realsumm(corpus: Path) -> tuple[list[str], list[list[str]]]:
    items = read_jsonl(corpus / "summ" / "realsumm_cnndm.jsonl")[:300]
    return [it["candidate"] for it in items], [it["references"] for it in items]


def tokens(text: str, stem: bool = False) -> list[str]:
    return rouge_score_tokenize(text, stem)


def sentences(text: str, stem: bool = False) -> list[list[str]]:
    # rouge_score's rougeLsum: non-empty newline-separated lines, each tokenized.
    return [tokens(line, stem) for line in text.split("\n") if line]


class Vocab(dict):
    def ids(self, toks: list[str]) -> list[int]:
        # Large, sparse ids, as a model vocabulary has.
        return [self.setdefault(t, 1_000_003 * len(self) + 250_000) for t in toks]


def assert_same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        for x, y in zip(a[k], b[k]):
            np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("stem", [False, True])
def test_string_tokens_equal_the_text_path(realsumm, stem):
    preds, refs = realsumm
    refs = [r[0] for r in refs]
    want = rougebleu.rouge(preds, refs, rouge_types=FLAT_TYPES, use_stemmer=stem)
    got = rougebleu.rouge(
        [tokens(p, stem) for p in preds], [tokens(r, stem) for r in refs], rouge_types=FLAT_TYPES, pretokenized=True
    )
    assert_same(got, want)


def test_sentences_for_rougelsum_equal_the_text_path(realsumm):
    preds, refs = realsumm
    refs = [r[0] for r in refs]
    want = rougebleu.rouge(preds, refs, rouge_types=TYPES, workers=2)
    got = rougebleu.rouge(
        [sentences(p) for p in preds], [sentences(r) for r in refs], rouge_types=TYPES, pretokenized=True, workers=2
    )
    assert_same(got, want)


def test_integer_ids_equal_the_text_path(realsumm):
    preds, refs = realsumm
    refs = [r[0] for r in refs]
    vocab = Vocab()
    want = rougebleu.rouge(preds, refs, rouge_types=FLAT_TYPES)
    as_lists = ([vocab.ids(tokens(p)) for p in preds], [vocab.ids(tokens(r)) for r in refs])
    assert_same(rougebleu.rouge(*as_lists, rouge_types=FLAT_TYPES, pretokenized=True), want)
    for dtype in (np.int64, np.uint64, np.int32):
        small = Vocab() if dtype is np.int32 else vocab
        arrays = (
            [
                np.array(small.ids(tokens(p)) if dtype is not np.int32 else small.ids(tokens(p)), dtype=dtype)
                for p in preds
            ],
            [np.array(small.ids(tokens(r)), dtype=dtype) for r in refs],
        )
        if dtype is np.int32:
            # Ids below 2**31: renumber into that range.
            remap = {v: i for i, v in enumerate(small.values())}
            arrays = tuple([np.array([remap[x] for x in a.tolist()], np.int32) for a in side] for side in arrays)
        assert_same(rougebleu.rouge(*arrays, rouge_types=FLAT_TYPES, pretokenized=True), want)
    # Sentences of ids for rougeLsum.
    lsum = (
        [[vocab.ids(s) for s in sentences(p)] for p in preds],
        [[np.array(vocab.ids(s)) for s in sentences(r)] for r in refs],
    )
    assert_same(
        rougebleu.rouge(*lsum, rouge_types=["rougeL", "rougeLsum"], pretokenized=True),
        rougebleu.rouge(preds, refs, rouge_types=["rougeL", "rougeLsum"]),
    )


def test_several_references_and_the_other_batch_calls(realsumm):
    preds, refs = realsumm
    multi = [[r[0], p[::-1]] for p, r in zip(preds, refs)]
    tok_p = [tokens(p) for p in preds]
    tok_m = [[tokens(r) for r in rs] for rs in multi]
    assert_same(
        rougebleu.rouge(tok_p, tok_m, rouge_types=FLAT_TYPES, pretokenized=True),
        rougebleu.rouge(preds, multi, rouge_types=FLAT_TYPES),
    )
    sent_p = [sentences(p) for p in preds]
    sent_m = [[sentences(r) for r in rs] for rs in multi]
    assert_same(
        rougebleu.rouge(sent_p, sent_m, rouge_types=TYPES, pretokenized=True),
        rougebleu.rouge(preds, multi, rouge_types=TYPES),
    )
    assert rougebleu.rouge_corpus(sent_p, sent_m, rouge_types=TYPES, pretokenized=True, n_bootstrap=20) == (
        rougebleu.rouge_corpus(preds, multi, rouge_types=TYPES, n_bootstrap=20)
    )
    scorer = rougebleu.RougeScorer(TYPES)
    assert scorer.score_batch(sent_m, sent_p, pretokenized=True) == scorer.score_batch(multi, preds)
    # Ids from a model tokenizer: identical token sequences score 1.
    ids = np.array([5, 250_000, 17, 5], np.int64)
    out = rougebleu.rouge([ids], [ids.tolist()], rouge_types=["rouge1", "rouge2", "rougeL"], pretokenized=True)
    assert all(v.fmeasure[0] == 1.0 for v in out.values())


def test_empty_texts_follow_rouge_score():
    want = rougebleu.rouge(["", "a b"], ["a", ""], rouge_types=TYPES)
    got = rougebleu.rouge([[], [["a", "b"]]], [[["a"]], []], rouge_types=TYPES, pretokenized=True)
    assert_same(got, want)


def test_bad_pretokenized_input():
    with pytest.raises(TypeError, match=r"references\[0\]: pre-tokenized texts mix string tokens and integer ids"):
        rougebleu.rouge([["a"]], [[1]], rouge_types=["rouge1"], pretokenized=True)
    with pytest.raises(ValueError, match="use_stemmer"):
        rougebleu.rouge([["a"]], [["a"]], use_stemmer=True, pretokenized=True)
    with pytest.raises(
        TypeError, match=r"predictions\[0\]: with rougeLsum, a pre-tokenized text is a list of sentences"
    ):
        rougebleu.rouge([["a", "b"]], [[["a"]]], rouge_types=["rougeLsum"], pretokenized=True)
    with pytest.raises(
        TypeError, match=r"predictions\[0\]\[1\] must be a token \(str\) or a token id \(int\), got float"
    ):
        rougebleu.rouge([[1, 2.5]], [[1]], rouge_types=["rouge1"], pretokenized=True)
    with pytest.raises(TypeError, match=r"predictions\[0\] must be a list of tokens"):
        rougebleu.rouge(["a b"], [["a"]], rouge_types=["rouge1"], pretokenized=True)
    with pytest.raises(ValueError, match="same length"):
        rougebleu.rouge([["a"]], [], rouge_types=["rouge1"], pretokenized=True)
    with pytest.raises(TypeError, match=r"references\[0\] must be a pre-tokenized text or a list of them"):
        rougebleu.rouge([["a"]], [[[["a"]]]], rouge_types=["rouge1"], pretokenized=True)
    with pytest.raises(ValueError, match="one-dimensional"):
        rougebleu.rouge([np.zeros((2, 2), np.int64)], [[1]], rouge_types=["rouge1"], pretokenized=True)
