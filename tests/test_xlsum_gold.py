"""The XL-Sum multilingual scorer's numbers and tokens, exactly, on the multilingual corpus.

`multilingual/gold_xlsum_rouge.json` holds the scorer's P/R/F of rouge1, rouge2, rougeL and
rougeLsum for 3,900 pairs (26 languages x 150) in four settings (the pair's language or
`lang=None`, with and without stemming); `gold_xlsum_tokens.jsonl` its tokens for 50 texts per
language. Both were made by `multilingual-rouge` 0.0.1 itself (see the corpus README).
Chinese, Thai and Japanese need the `multilingual` extra (jieba, pythainlp, fugashi + unidic-lite).
"""

from __future__ import annotations

import collections
import importlib.util

import pytest

from conftest import read_json, read_jsonl
from rougebleu import rouge
from rougebleu.multilingual import xlsum_tokens

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
SETTINGS = {
    "lang_nostem": (True, False),
    "lang_stem": (True, True),
    "none_nostem": (False, False),
    "none_stem": (False, True),
}
SEGMENTER_PACKAGES = {"chinese": ["jieba"], "thai": ["pythainlp"], "japanese": ["fugashi", "unidic_lite"]}


@pytest.fixture(scope="module")
def data(corpus):
    root = corpus / "multilingual"
    if not root.is_dir():
        pytest.skip("multilingual corpus absent")
    pairs = read_jsonl(root / "pairs.jsonl")
    gold = read_json(root / "gold_xlsum_rouge.json")["results"]
    by_lang = collections.defaultdict(list)
    for p in pairs:
        by_lang[p["lang"]].append(p)
    return by_lang, gold


def _need_segmenter(lang: str) -> None:
    for module in SEGMENTER_PACKAGES.get(lang, []):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} not installed (the multilingual extra)")


def _lang_arg(lang: str, use_lang: bool) -> str:
    return lang if use_lang else "und"


LANGS = [
    "english", "german", "french", "spanish", "portuguese", "italian", "dutch", "swedish", "danish", "norwegian",
    "finnish", "hungarian", "romanian", "russian", "arabic", "turkish", "hindi", "bengali", "chinese", "thai",
    "japanese", "burmese", "korean", "greek", "vietnamese", "amharic",
]  # fmt: skip


@pytest.mark.parametrize("setting", list(SETTINGS))
@pytest.mark.parametrize("lang", LANGS)
def test_scores_match_the_xlsum_scorer(data, lang, setting):
    by_lang, gold = data
    use_lang, stem = SETTINGS[setting]
    if use_lang:
        _need_segmenter(lang)
    pairs = by_lang[lang]
    assert len(pairs) == 150
    try:
        got = rouge(
            [p["candidate"] for p in pairs],
            [p["references"][0] for p in pairs],
            rouge_types=TYPES,
            use_stemmer=stem,
            lang=_lang_arg(lang, use_lang),
            workers=2,
        )
    except ValueError as e:
        if "not available in this build" in str(e):
            pytest.skip(str(e))
        raise
    per_item = gold[setting]["per_item"]
    mismatches = []
    for i, p in enumerate(pairs):
        want = per_item[p["id"]]
        have = [[float(got[t].precision[i]), float(got[t].recall[i]), float(got[t].fmeasure[i])] for t in TYPES]
        if have != want:
            mismatches.append((p["id"], have, want))
    assert not mismatches, f"{len(mismatches)}/150 pairs differ; first: {mismatches[0]}"


@pytest.fixture(scope="module")
def token_rows(corpus):
    path = corpus / "multilingual" / "gold_xlsum_tokens.jsonl"
    if not path.is_file():
        pytest.skip("multilingual corpus absent")
    return read_jsonl(path)


@pytest.mark.parametrize("lang", LANGS)
def test_tokens_match_the_xlsum_scorer(token_rows, lang):
    _need_segmenter(lang)
    rows = [r for r in token_rows if r["lang"] == lang]
    assert len(rows) == 50
    for r in rows:
        tokens, lines = xlsum_tokens(r["text"], lang)
        assert tokens == r["tokens"], r["id"]
        assert lines == r["lsum_tokens"], r["id"]
        none_tokens, none_lines = xlsum_tokens(r["text"], "und")
        assert none_tokens == r.get("none_tokens", r["tokens"]), r["id"]
        assert none_lines == r["lsum_tokens"], r["id"]
        if "stemmed" in r:
            try:
                stemmed, stemmed_lines = xlsum_tokens(r["text"], lang, use_stemmer=True)
            except ValueError as e:
                if "not available in this build" in str(e):
                    pytest.skip(str(e))
                raise
            assert stemmed == r["stemmed"], r["id"]
            assert stemmed_lines == r["lsum_stemmed"], r["id"]
