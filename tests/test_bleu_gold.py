"""BLEU parity with the sacrebleu 2.6.0 gold files (WMT17 and WMT21 en-de) and the WMT22 organisers'
published BLEU table: every record, exact equality of score and every statistic."""

from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from conftest import read_json
from rougebleu.mt.bleu import BLEU

TESTSETS = ["wmt17_en-de", "wmt21_en-de"]


@lru_cache(maxsize=None)
def _lines(path: str) -> tuple[str, ...]:
    # sacrebleu's CLI reads files as utf-8 (not utf-8-sig), one segment per line.
    with open(path, encoding="utf-8", newline="\n") as f:
        return tuple(line.rstrip("\n") for line in f)


def _data(corpus: Path, testset: str):
    gold = read_json(corpus / "mt" / testset / "gold_sacrebleu.json")
    folder = corpus / "mt" / testset

    def system(name: str) -> list[str]:
        return list(_lines(str(folder / gold["systems"][name])))

    def refs(ref_set: str) -> list[list[str]]:
        return [list(_lines(str(folder / gold["references"][r]))) for r in gold["ref_sets"][ref_set]]

    return gold, system, refs


def _bleu(args: dict) -> BLEU:
    return BLEU(
        tokenize=args.get("tokenize", "13a"),
        lowercase=args.get("lowercase", False),
        smooth_method=args.get("smooth_method", "exp"),
        smooth_value=args.get("smooth_value"),
        effective_order=args.get("effective_order", False),
        force=args.get("force", False),
    )


@pytest.mark.parametrize("testset", TESTSETS)
def test_corpus_bleu_every_gold_record(corpus: Path, testset: str) -> None:
    gold, system, refs = _data(corpus, testset)
    records = [r for r in gold["corpus"] if r["metric"] == "BLEU"]
    assert len(records) >= 160
    mismatches = []
    stats_cache: dict = {}
    for rec in records:
        metric = _bleu(rec["args"])
        group = (rec["system"], rec["refs"], metric.tokenize, metric.lowercase)
        if group not in stats_cache:
            # The full corpus_score path once per system x references x tokenization x case ...
            s = metric.corpus_score(system(rec["system"]), refs(rec["refs"]))
            stats_cache[group] = metric.segment_statistics(system(rec["system"]), refs(rec["refs"]))
        else:
            # ... and the same per-segment statistics, summed, for the other smoothing methods.
            metric.num_refs = len(gold["ref_sets"][rec["refs"]])
            s = metric.score_from_statistics(stats_cache[group].sum(axis=0))
        got = (s.score, s.counts, s.totals, s.precisions, s.bp, s.sys_len, s.ref_len)
        want = tuple(rec[k] for k in ("score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len"))
        sig = str(metric.get_signature()).rsplit("|version:", 1)[0]
        if got != want or sig != rec["signature"].rsplit("|version:", 1)[0]:
            mismatches.append((rec["call"], rec["system"], rec["refs"], got, want, sig))
    assert mismatches == []


@pytest.mark.parametrize("testset", TESTSETS)
def test_sentence_bleu_every_gold_record(corpus: Path, testset: str) -> None:
    gold, system, refs = _data(corpus, testset)
    records = [r for r in gold["sentence"] if r["metric"] == "BLEU" and "scores" in r]
    assert records
    compared = 0
    for rec in records:
        metric = _bleu(rec["args"])
        hyps, rs = system(rec["system"]), refs(rec["refs"])
        scores = metric.sentence_scores(hyps, rs, workers=1)
        assert scores.dtype == np.float64
        assert scores.tolist() == rec["scores"], rec["call"]
        compared += len(scores)
        if "stats" in rec:
            st = metric.segment_statistics(hyps, rs)
            assert rec["stats_fields"] == ["c1", "c2", "c3", "c4", "t1", "t2", "t3", "t4", "sys_len", "ref_len"]
            ours = np.concatenate([st[:, 2:], st[:, :2]], axis=1)
            assert ours.tolist() == rec["stats"], rec["call"]
        # The one-at-a-time API on a slice of the same record.
        for i in range(0, len(hyps), 97):
            assert metric.sentence_score(hyps[i], [r[i] for r in rs]).score == rec["scores"][i]
    assert compared > 10_000


def test_wmt22_published_bleu_table(corpus: Path) -> None:
    folder = corpus / "mt" / "wmt22_general"
    with open(folder / "automatic-scores.en-de_en-zh.tsv", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["metric"].startswith("bleu-")]
    assert len(rows) == 66
    metrics: dict = {}
    worst = 0.0
    for row in rows:
        pair = row["pair"]
        tgt = pair.split("-")[1]
        names = {"bleu-A": ["A"], "bleu-B": ["B"], "bleu-all": ["A", "B"]}[row["metric"]]
        refs = [list(_lines(str(folder / f"generaltest2022.{pair}.ref.{n}.{tgt}"))) for n in names]
        hyps = list(_lines(str(folder / f"generaltest2022.{pair}.hyp.{row['system']}.{tgt}")))
        key = (tgt, tuple(names))
        if key not in metrics:
            # One cached reference set per language and reference choice, reused for every system.
            metrics[key] = BLEU(trg_lang=tgt, references=refs)
        score = metrics[key].corpus_score(hyps, None).score
        worst = max(worst, abs(score - float(row["score"])))
    assert worst < 1e-9
