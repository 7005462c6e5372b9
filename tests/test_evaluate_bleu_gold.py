"""``rougebleu.evaluate``'s ``bleu`` and ``google_bleu`` against every value in the corpus's
``evaluate_gold``: what Hugging Face evaluate's scripts' ``_compute`` returned on WMT21 en-de
(corpus and per segment, 13a and whitespace tokens, every order and smoothing) and on edge cases,
errors included. Each result is compared key by key, floats bit for bit, types too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rougebleu import evaluate


def _lines(corpus: Path, spec: dict) -> list[str]:
    first, last = spec["lines"]
    return (corpus / spec["file"]).read_text(encoding="utf-8").split("\n")[first - 1 : last]


def _inputs(corpus: Path, spec: dict) -> tuple[list[str], list]:
    if isinstance(spec["predictions"], list):
        return spec["predictions"], spec["references"]
    preds = _lines(corpus, spec["predictions"])
    refs_spec = spec["references"]
    columns = [_lines(corpus, {"file": f, "lines": refs_spec["lines"]}) for f in refs_spec["files"]]
    return preds, [list(group) for group in zip(*columns)]


def _options(config: dict) -> dict:
    options = dict(config)
    if options.get("tokenizer") == "str.split":
        options["tokenizer"] = str.split
    return options


def _check(got_call, want) -> None:
    if "error" in want:
        with pytest.raises(ZeroDivisionError) as e:
            got_call()
        assert want["error"] == "ZeroDivisionError" and isinstance(e.value, ValueError)
        assert str(e.value).startswith(want["message"])
        return
    got = got_call()
    assert list(got) == list(want)
    for key, value in want.items():
        assert got[key] == value and type(got[key]) is type(value), (key, got[key], value)
        if isinstance(value, list):
            assert [type(v) for v in got[key]] == [type(v) for v in value]


@pytest.mark.parametrize("metric", ["bleu", "google_bleu"])
def test_every_gold_value(corpus: Path, metric: str) -> None:
    path = corpus / "evaluate_gold" / f"gold_evaluate_{metric}.json"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    gold = json.loads(path.read_text(encoding="utf-8"))
    module = evaluate.load(metric)
    checked = 0
    for name, spec in gold["input_sets"].items():
        preds, refs = _inputs(corpus, spec)
        assert len(preds) == len(refs) == spec["n"], name
        for config_name, want in gold["results"][name].items():
            options = _options(gold["configs"][config_name])
            if spec["mode"] == "per_segment" or isinstance(want, list):
                assert len(want) == len(preds)
                for p, r, w in zip(preds, refs, want):
                    _check(lambda p=p, r=r: module.compute(predictions=[p], references=[r], **options), w)
                    checked += 1
            else:
                _check(lambda: module.compute(predictions=preds, references=refs, **options), want)
                checked += 1
    expected = {"bleu": 731 + 600, "google_bleu": 817 + 480}[metric]
    print(f"{metric}: {checked} gold values equal")
    assert checked == expected
