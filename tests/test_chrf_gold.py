"""chrF parity with the sacrebleu 2.6.0 gold files (WMT17 and WMT21 en-de: every chrF/chrF++ record,
corpus and sentence level, exact equality) and the WMT22 organisers' published chrF table."""

from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from conftest import read_json
from rougebleu.mt.chrf import CHRF

TESTSETS = ["wmt17_en-de", "wmt21_en-de"]


@lru_cache(maxsize=None)
def _lines(path: str) -> tuple[str, ...]:
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


def _chrf(args: dict) -> CHRF:
    return CHRF(
        char_order=args.get("char_order", 6),
        word_order=args.get("word_order", 0),
        beta=args.get("beta", 2),
        lowercase=args.get("lowercase", False),
        whitespace=args.get("whitespace", False),
        eps_smoothing=args.get("eps_smoothing", False),
    )


@pytest.mark.parametrize("testset", TESTSETS)
def test_corpus_chrf_every_gold_record(corpus: Path, testset: str) -> None:
    gold, system, refs = _data(corpus, testset)
    records = [r for r in gold["corpus"] if r["metric"] in ("chrF", "chrF++")]
    assert len(records) >= 20
    mismatches = []
    for rec in records:
        metric = _chrf(rec["args"])
        s = metric.corpus_score(system(rec["system"]), refs(rec["refs"]))
        sig = str(metric.get_signature()).rsplit("|version:", 1)[0]
        name = "chrF2++" if rec["args"]["word_order"] == 2 else "chrF2"
        if s.score != rec["score"] or sig != rec["signature"].rsplit("|version:", 1)[0] or s.name != name:
            mismatches.append((rec["call"], rec["system"], rec["refs"], s.score, rec["score"], sig))
    assert mismatches == []


@pytest.mark.parametrize("testset", TESTSETS)
def test_sentence_chrf_every_gold_record(corpus: Path, testset: str) -> None:
    gold, system, refs = _data(corpus, testset)
    records = [r for r in gold["sentence"] if r["metric"] in ("chrF", "chrF++") and "scores" in r]
    assert records
    compared = 0
    for rec in records:
        metric = _chrf(rec["args"])
        hyps, rs = system(rec["system"]), refs(rec["refs"])
        scores = metric.sentence_scores(hyps, rs, workers=1)
        assert scores.dtype == np.float64
        assert scores.tolist() == rec["scores"], rec["call"]
        compared += len(scores)
        for i in range(0, len(hyps), 211):
            assert metric.sentence_score(hyps[i], [r[i] for r in rs]).score == rec["scores"][i]
    assert compared > 10_000


def test_wmt22_published_chrf_table(corpus: Path) -> None:
    """The organisers' chrF rows (sacrebleu defaults), all 66 equal to the last digit, computed
    through one cached reference set per language and reference choice.

    `chrf-all` was computed with the references in the order B, A: chrF keeps the first of the
    equally scored best references per segment, so the order matters (en-zh differs by up to 0.008
    with A, B), unlike BLEU's `bleu-all` (A, B), whose n-gram maxima do not depend on it."""
    folder = corpus / "mt" / "wmt22_general"
    with open(folder / "automatic-scores.en-de_en-zh.tsv", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["metric"].startswith("chrf-")]
    assert len(rows) == 66
    metrics: dict = {}
    mismatches = []
    for row in rows:
        pair = row["pair"]
        tgt = pair.split("-")[1]
        names = {"chrf-A": ["A"], "chrf-B": ["B"], "chrf-all": ["B", "A"]}[row["metric"]]
        key = (tgt, tuple(names))
        if key not in metrics:
            refs = [list(_lines(str(folder / f"generaltest2022.{pair}.ref.{n}.{tgt}"))) for n in names]
            metrics[key] = CHRF(references=refs)
        hyps = list(_lines(str(folder / f"generaltest2022.{pair}.hyp.{row['system']}.{tgt}")))
        score = metrics[key].corpus_score(hyps, None).score
        if score != float(row["score"]):
            mismatches.append((pair, row["system"], row["metric"], score, row["score"]))
    assert mismatches == []
    # The reference order is visible: A before B gives another en-zh score.
    refs_ab = [list(_lines(str(folder / f"generaltest2022.en-zh.ref.{n}.zh"))) for n in "AB"]
    hyps = list(_lines(str(folder / "generaltest2022.en-zh.hyp.Lan-Bridge.zh")))
    published = next(float(r["score"]) for r in rows if r["system"] == "Lan-Bridge" and r["metric"] == "chrf-all")
    assert 0.005 < abs(CHRF().corpus_score(hyps, refs_ab).score - published) < 0.01
