"""rougebleu.evaluate returns Hugging Face evaluate's dictionaries; rougebleu.metrics merges across
ranks. `evaluate` itself loads its metric scripts from the Hub, so the expected dictionaries are
built here the way those scripts build them, from the real rouge_score and sacrebleu."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
from rouge_score import rouge_scorer, scoring

import rougebleu
from conftest import read_jsonl
from rougebleu import evaluate as rb_evaluate
from rougebleu.metrics import BleuMetric, ChrfMetric, RougeMetric, TerMetric


def _summ(corpus: Path) -> tuple[list[str], list[str], list[list[str]]]:
    rows = read_jsonl(corpus / "summ/summeval_cnndm.jsonl")[::50]
    return [r["candidate"] for r in rows], [r["references"][0] for r in rows], [r["references"][:3] for r in rows]


def _evaluate_rouge(predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False, tokenizer=None):
    """evaluate's metrics/rouge/rouge.py `_compute`, on the real rouge_score."""
    rouge_types = rouge_types or ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    multi = isinstance(references[0], list)

    class Tok:
        def tokenize(self, text):
            return tokenizer(text)

    scorer = rouge_scorer.RougeScorer(rouge_types, use_stemmer=use_stemmer, tokenizer=Tok() if tokenizer else None)
    scores = [scorer.score_multi(r, p) if multi else scorer.score(r, p) for r, p in zip(references, predictions)]
    if use_aggregator:
        agg = scoring.BootstrapAggregator()
        for s in scores:
            agg.add_scores(s)
        return {k: v.mid.fmeasure for k, v in agg.aggregate().items()}
    return {k: [s[k].fmeasure for s in scores] for k in scores[0]}


def _same(a: dict, b: dict) -> None:
    assert list(a) == list(b)
    for k in a:
        assert a[k] == b[k] and type(a[k]) is type(b[k]), k
        if isinstance(a[k], list):
            assert [type(x) for x in a[k]] == [type(x) for x in b[k]], k


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"use_aggregator": False},
        {"use_stemmer": True, "rouge_types": ["rougeLsum", "rouge1"]},
        {"tokenizer": str.split, "use_aggregator": False},
    ],
)
def test_rouge_dicts_equal_evaluates(corpus: Path, kwargs):
    preds, refs, multi = _summ(corpus)
    preds[0] = ""  # rougeL's int zeros, as rouge_score returns them
    for references in (refs, multi):
        np.random.seed(7)
        want = _evaluate_rouge(preds, references, **kwargs)
        np.random.seed(7)
        got = rb_evaluate.load("rouge").compute(predictions=preds, references=references, **kwargs)
        _same(got, want)


def test_mt_dicts_equal_evaluates(corpus: Path):
    folder = corpus / "mt/wmt21_en-de"
    read = lambda name: (folder / name).read_text(encoding="utf-8").splitlines()[:300]  # noqa: E731
    hyps = read("newstest2021.en-de.hyp.UEdin.de")
    streams = [read(f"newstest2021.en-de.ref.{r}.de") for r in "AC"]
    per_row = [[s[i] for s in streams] for i in range(len(hyps))]

    b = sacrebleu.corpus_bleu(hyps, streams, smooth_method="floor", lowercase=True)
    want = {k: getattr(b, k) for k in ("score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len")}
    got = rb_evaluate.sacrebleu(hyps, per_row, smooth_method="floor", lowercase=True)
    _same(got, want)

    c = sacrebleu.CHRF(word_order=2).corpus_score(hyps, streams)
    _same(rb_evaluate.load("chrf").compute(predictions=hyps, references=per_row, word_order=2), {
        "score": c.score, "char_order": c.char_order, "word_order": c.word_order, "beta": c.beta
    })  # fmt: skip

    t = sacrebleu.TER(no_punct=True, case_sensitive=True).corpus_score(hyps, [streams[0]])
    got = rb_evaluate.ter(hyps, streams[0], ignore_punct=True, case_sensitive=True)
    _same(got, {"score": t.score, "num_edits": t.num_edits, "ref_length": t.ref_length})

    with pytest.raises(ValueError, match="same number of references"):
        rb_evaluate.sacrebleu(["a", "b"], [["a"], ["b", "c"]])
    with pytest.raises(ValueError, match="unknown metric"):
        rb_evaluate.load("bertscore")


def test_add_batch_then_compute():
    m = rb_evaluate.load("sacrebleu")
    m.add_batch(predictions=["the cat sat"], references=[["the cat sat on"]])
    m.add(prediction="a dog", reference=["a dog ran"])
    got = m.compute()
    assert got == rb_evaluate.sacrebleu(["the cat sat", "a dog"], [["the cat sat on"], ["a dog ran"]])
    assert m.compute(predictions=["x"], references=["x"])["score"] == pytest.approx(0.0)  # state was cleared


def test_metric_classes_merge_across_ranks():
    rng = random.Random(4)
    words = "the cat sat on a mat dog ran far away".split()
    text = lambda lo=0: " ".join(rng.choices(words, k=rng.randint(lo, 12)))  # noqa: E731
    preds = [text() for _ in range(90)]
    refs = [[text(1), text(1)] for _ in range(90)]
    streams = [[r[k] for r in refs] for k in range(2)]
    for cls, whole in (
        (RougeMetric, lambda: {t: tuple(iv.score for iv in v) for t, v in rougebleu.rouge_corpus(
            preds, refs, n_bootstrap=0).items()}),
        (BleuMetric, lambda: rougebleu.BLEU().corpus_score(preds, streams)),
        (ChrfMetric, lambda: rougebleu.CHRF().corpus_score(preds, streams)),
        (TerMetric, lambda: rougebleu.TER().corpus_score(preds, streams)),
    ):  # fmt: skip
        ranks = [cls() for _ in range(3)]
        for step in range(0, 90, 10):  # rank r gets every third batch
            ranks[(step // 10) % 3].update(preds[step : step + 10], refs[step : step + 10])
        ranks[2].merge_state([ranks[1].state_bytes(), ranks[0]])
        got, want = ranks[2].compute(), whole()
        if cls is RougeMetric:
            assert got == want
        else:
            assert str(got) == str(want) and got.score == want.score
        ranks[2].reset()
        assert ranks[2].stats.n == 0


def test_datasets_map_recipe():
    datasets = pytest.importorskip("datasets")
    preds = ["the cat sat on the mat", "a dog ran far", ""]
    refs = ["the cat lay on the mat", "the dog ran away", "nothing here"]
    ds = datasets.Dataset.from_dict({"prediction": preds, "reference": refs})

    # The recipe of docs/engines.md: batched map, one native call per batch.
    def add_rouge(batch):
        scores = rougebleu.rouge(batch["prediction"], batch["reference"], rouge_types=["rouge1", "rougeL"])
        return {f"{t}_f": scores[t].fmeasure for t in scores}

    scored = ds.map(add_rouge, batched=True, batch_size=2)
    expect = rougebleu.rouge(preds, refs, rouge_types=["rouge1", "rougeL"])
    assert scored["rouge1_f"] == list(expect["rouge1"].fmeasure)
    assert scored["rougeL_f"] == list(expect["rougeL"].fmeasure)
    metric = RougeMetric(rouge_types=["rouge1"])
    for batch in ds.iter(batch_size=2):
        metric.update(batch["prediction"], batch["reference"])
    assert (
        metric.compute()["rouge1"].fmeasure
        == rougebleu.rouge_corpus(preds, refs, n_bootstrap=0)["rouge1"].fmeasure.score
    )
