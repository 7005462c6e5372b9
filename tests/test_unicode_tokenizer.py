"""tokenizer="unicode": words in any script, so that real text never scores 0.

Checked against a plain-Python statement of its documented rule on every code point of planes
0-2 (alone and in context), for identical texts in every language of the multilingual corpus,
and against rouge_score on ASCII text.
"""

from __future__ import annotations

import collections
import random
import unicodedata

import pytest
import regex
from rouge_score import rouge_scorer

from conftest import read_jsonl
from rougebleu import RougeScorer, rouge
from rougebleu._rougebleu import unicode_tokenize
from rougebleu.multilingual import resolve_language, xlsum_tokens

NO_SPACE = regex.compile(r"[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]")


def reference(text: str) -> list[str]:
    """The documented rule: lowercase; runs of L*/M*/N*; no-space scripts one character (+ marks) each."""
    out: list[str] = []
    cur = ""
    single = False
    for c in text.lower():
        cat = unicodedata.category(c)[0]
        if cat == "M":
            cur += c
        elif cat in "LN":
            if NO_SPACE.match(c):
                if cur:
                    out.append(cur)
                cur, single = c, True
            else:
                if single and cur:
                    out.append(cur)
                    cur = ""
                single = False
                cur += c
        else:
            if cur:
                out.append(cur)
            cur, single = "", False
    if cur:
        out.append(cur)
    return out


@pytest.mark.parametrize("plane", [0, 1, 2])
def test_every_code_point_follows_the_documented_classes(plane):
    mismatches = []
    for start in range(plane << 16, (plane + 1) << 16, 512):
        chars = [chr(cp) for cp in range(start, start + 512) if not 0xD800 <= cp <= 0xDFFF]
        for c in chars:
            if unicode_tokenize(c) != reference(c):
                mismatches.append(hex(ord(c)))
        for ctx in ("a{c}b", "{c}\u0301中", "1{c} ก{c}", "{c}{c}"):
            text = " ".join(ctx.format(c=c) for c in chars)
            if unicode_tokenize(text) != reference(text):
                mismatches.append((hex(start), ctx))
    assert not mismatches, mismatches[:20]


def test_ascii_text_tokenizes_like_rouge_score():
    rng = random.Random(3)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?'\"()-\n\t$%&*+/=@[]^_`{|}~"
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    ours = RougeScorer(types, use_stemmer=True, tokenizer="unicode")
    ref = rouge_scorer.RougeScorer(types, use_stemmer=True)
    for _ in range(500):
        a = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        b = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        assert ours.score(a, b) == ref.score(a, b), (a, b)


def test_identical_texts_score_one_in_every_language(corpus):
    path = corpus / "multilingual" / "pairs.jsonl"
    if not path.is_file():
        pytest.skip("multilingual corpus absent")
    by_lang = collections.defaultdict(list)
    for p in read_jsonl(path):
        by_lang[p["lang"]].append(p["references"][0])
        by_lang[p["lang"]].append(p["candidate"])
    assert len(by_lang) == 26
    for lang, texts in by_lang.items():
        for stem in (False, True):
            got = rouge(texts, texts, tokenizer="unicode", use_stemmer=stem)
            for t, arrays in got.items():
                assert (arrays.fmeasure == 1.0).all(), (lang, stem, t)


def test_words_and_scripts():
    assert unicode_tokenize("Hindi हिंदी, Arabic العربية; Thai ภาษาไทย") == [
        "hindi", "हिंदी", "arabic", "العربية", "thai", "ภ", "า", "ษ", "า", "ไ", "ท", "ย",
    ]  # fmt: skip
    assert unicode_tokenize("ΟΔΟΣ Straße İstanbul") == ["οδος", "straße", "i̇stanbul"]


def test_bad_tokenizer_names_and_combinations():
    with pytest.raises(ValueError, match="tokenizer"):
        RougeScorer(["rouge1"], tokenizer="klingon")
    with pytest.raises(ValueError, match="lang and tokenizer"):
        RougeScorer(["rouge1"], tokenizer="unicode", lang="hindi")
    with pytest.raises(ValueError, match="lang and tokenizer"):
        rouge(["a"], ["a"], tokenizer="unicode", lang="hindi")
    with pytest.raises(TypeError, match="tokenizer"):
        rouge(["a"], ["a"], tokenizer=3)  # type: ignore[arg-type]


class _Split:
    def tokenize(self, text: str) -> list[str]:
        return text.split()


def test_lang_with_a_tokenizer_object_and_lang_of_a_wrong_type():
    # One native check serves every entry point: the same error, whichever way lang comes in.
    with pytest.raises(ValueError, match="lang and tokenizer cannot be combined"):
        RougeScorer(["rouge1"], tokenizer=_Split(), lang="hindi")
    with pytest.raises(TypeError, match="tokenizer must be a str"):
        rouge(["a"], ["a"], tokenizer=_Split())  # type: ignore[arg-type]
    assert RougeScorer(["rouge1"], tokenizer=_Split()).score("a B", "a b")["rouge1"].fmeasure == 0.5
    calls = [
        lambda: RougeScorer(["rouge1"], lang=3),
        lambda: rouge(["a"], ["a"], lang=3),
        lambda: resolve_language(3),
        lambda: xlsum_tokens("a", 3),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=r"^lang must be a language name \(str\), not int$"):
            call()
