"""NLTK 3.10.4's meteor_score and single_meteor_score without running NLTK: every gold value of the
conformance corpus (COCO with one and with all references, E2E, WMT21 with three references,
SummEval with eleven; two tokenizations each), exactly (==)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from conftest import read_json, read_jsonl
from rougebleu.meteor.nltk_meteor import meteor_scores
from rougebleu.nltk import meteor_score, single_meteor_score


@lru_cache(maxsize=None)
def _lines(path: str) -> tuple[str, ...]:
    with open(path, encoding="utf-8", newline="\n") as f:
        return tuple(line.rstrip("\n") for line in f)


def texts_of(corpus: Path, name: str, ids: list[str]) -> dict[str, tuple[str, list[str]]]:
    """item id -> (hypothesis text, reference texts) for one gold set."""
    nlg = corpus / "nlg"
    if name.startswith("coco"):
        items = {d["id"]: d for d in read_jsonl(nlg / "coco" / "coco_val2017_human_loo.jsonl")}
        one = name == "coco_single"
        return {i: (items[i]["candidate"], items[i]["references"][:1] if one else items[i]["references"]) for i in ids}
    if name == "e2e_multi":
        items = {d["id"]: d for d in read_jsonl(nlg / "e2e" / "e2e_test_visible.jsonl")}
        out = {}
        for i in ids:
            item, system = i.rsplit("-", 1)
            out[i] = (items[item]["outputs"][system], items[item]["references"])
        return out
    if name == "wmt21_multi":
        mt = corpus / "mt" / "wmt21_en-de"
        hyp = _lines(str(mt / "newstest2021.en-de.hyp.Facebook-AI.de"))
        refs = [_lines(str(mt / f"newstest2021.en-de.ref.{r}.de")) for r in "ACD"]
        return {i: (hyp[int(i[6:])], [r[int(i[6:])] for r in refs]) for i in ids}
    items = {d["id"]: d for d in read_jsonl(corpus / "summ" / "summeval_cnndm.jsonl")}
    return {i: (items[i]["candidate"], items[i]["references"]) for i in ids}


def test_every_gold_value(corpus):
    gold = read_json(corpus / "nlg" / "gold_nltk_meteor.json")
    word_tokens = gold["word_tokenize_tokens"]
    tokenizers = {
        "split": str.split,
        "word_tokenize": lambda text: word_tokens[text].split(" ") if text in word_tokens else text.split(),
    }
    counts = {"items": 0, "singles": 0}
    for name, info in gold["sets"].items():
        texts = texts_of(corpus, name, info["ids"])
        for tokenization, tokenize in tokenizers.items():
            per_item = info[tokenization]["per_item"]
            hyps = [tokenize(texts[i][0]) for i in info["ids"]]
            refs = [[tokenize(r) for r in texts[i][1]] for i in info["ids"]]
            batch = meteor_scores(hyps, refs)
            for k, i in enumerate(info["ids"]):
                want, singles = per_item[i]
                assert batch[k] == want, (name, tokenization, i)
                assert [single_meteor_score(r, hyps[k]) for r in refs[k]] == singles, (name, tokenization, i)
                counts["singles"] += len(singles)
            # The one-call form on a sample.
            for k, i in list(enumerate(info["ids"]))[:: max(1, len(info["ids"]) // 50)]:
                assert meteor_score(refs[k], hyps[k]) == per_item[i][0]
            counts["items"] += len(info["ids"])
    assert counts["items"] == 2 * (1000 + 1000 + 630 + 501 + 400)


@pytest.mark.parametrize("name", ["coco_multi", "e2e_multi"])
def test_gold_means(corpus, name):
    gold = read_json(corpus / "nlg" / "gold_nltk_meteor.json")["sets"][name]
    texts = texts_of(corpus, name, gold["ids"])
    hyps = [texts[i][0].split() for i in gold["ids"]]
    refs = [[r.split() for r in texts[i][1]] for i in gold["ids"]]
    scores = meteor_scores(hyps, refs, workers=2)
    assert sum(scores.tolist()) / len(scores) == pytest.approx(gold["split"]["mean"], abs=1e-15)
