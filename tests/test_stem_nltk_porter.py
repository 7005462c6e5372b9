"""Parity of the native NLTK Porter stemmer with nltk.stem.porter.PorterStemmer (NLTK 3.10.4)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from conftest import read_jsonl
from rougebleu._rougebleu import nltk_porter_stem

porter = pytest.importorskip("nltk.stem.porter")
tokenize = pytest.importorskip("rouge_score.tokenize")

GOLDEN = Path(__file__).parent / "data" / "nltk_porter_golden.tsv"
CORPUS_FILES = ("summ/realsumm_cnndm.jsonl", "summ/summeval_cnndm.jsonl", "rouge_score_testdata/large.jsonl")


def _compare(words: list[str]) -> list[tuple[str, str, str]]:
    stemmer = porter.PorterStemmer()
    ours = nltk_porter_stem(words)
    assert len(ours) == len(words)
    return [(w, got, want) for w, got in zip(words, ours) if got != (want := stemmer.stem(w))]


def test_golden_file_matches_nltk_and_us():
    pairs = [line.split("\t") for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line]
    stemmer = porter.PorterStemmer()
    # The committed file must still be what NLTK says, and what we say.
    assert [stemmer.stem(w) for w, _ in pairs] == [s for _, s in pairs]
    assert nltk_porter_stem([w for w, _ in pairs]) == [s for _, s in pairs]


def test_corpus_tokens_match_nltk(corpus):
    words: set[str] = set()
    for rel in CORPUS_FILES:
        for item in read_jsonl(corpus / rel):
            for text in [item["candidate"], *item["references"]]:
                words.update(t for t in tokenize.tokenize(text, None) if len(t) > 3)
    words_sorted = sorted(words)
    mismatches = _compare(words_sorted)
    print(f"corpus: {len(words_sorted)} distinct tokens compared, {len(mismatches)} mismatches")
    assert len(words_sorted) > 20000
    assert mismatches == []


STEMS = [
    "",
    "b",
    "y",
    "a",
    "e",
    "ab",
    "ba",
    "yy",
    "ay",
    "ey",
    "by",
    "tr",
    "ov",
    "sk",
    "oa",
    "bay",
    "toy",
    "hop",
    "hopp",
    "fil",
    "fail",
    "ceas",
    "conf",
    "troub",
    "siz",
    "gen",
    "geo",
    "theo",
    "archaeo",
    "agr",
    "arg",
    "sens",
    "form",
    "electr",
    "rel",
    "valen",
    "dig",
    "radic",
    "differ",
    "vil",
    "analog",
    "predic",
    "feud",
    "decis",
    "call",
    "adopt",
    "commun",
    "activ",
    "effect",
    "bowdl",
    "prob",
    "syzyg",
    "yyy",
    "tann",
    "fizz",
    "hiss",
    "spi",
    "di",
    "fl",
    "x",
    "w",
    "aw",
    "ax",
    "a1",
    "12",
    "ib",
    "ent",
]
SUFFIXES = [
    "",
    "s",
    "es",
    "ss",
    "sses",
    "ies",
    "ied",
    "ed",
    "eed",
    "ing",
    "ating",
    "bling",
    "izing",
    "y",
    "ly",
    "ational",
    "tional",
    "enci",
    "anci",
    "izer",
    "bli",
    "abli",
    "alli",
    "entli",
    "eli",
    "ousli",
    "ization",
    "ation",
    "ator",
    "alism",
    "iveness",
    "fulness",
    "ousness",
    "aliti",
    "iviti",
    "biliti",
    "fulli",
    "logi",
    "logies",
    "icate",
    "ative",
    "alize",
    "iciti",
    "ical",
    "ful",
    "ness",
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ment",
    "ent",
    "ion",
    "sion",
    "tion",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
    "e",
    "le",
    "ll",
    "lled",
    "alled",
    "ically",
    "ations",
    "ements",
    "fully",
    "ously",
]


def tricky_words() -> list[str]:
    words = {p + s for p in STEMS for s in SUFFIXES}
    words.update(p + s + t for p in STEMS[::3] for s in SUFFIXES[::2] for t in ("s", "ed", "ing", "ly"))
    # Every string of up to 4 letters over an alphabet that exercises vowels, y and the doubled letters.
    alphabet = "aeiouylsztbdw"
    for n in range(1, 5):
        words.update("".join(t) for t in itertools.product(alphabet, repeat=n))
    rng = random.Random(1234)
    pieces = ["a", "e", "i", "o", "u", "y", "yy", "b", "l", "ll", "s", "ss", "t", "tt", "z", "c", "r", "n", "g", "1"]
    for _ in range(20000):
        stem = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 5)))
        words.add(stem + rng.choice(SUFFIXES) + rng.choice(["", "", "s", "ed", "ing"]))
    # NLTK lowercases first and exempts words of at most two characters.
    base = sorted(words)
    words.update(w.upper() for w in base[::97])
    words.update(w.capitalize() for w in base[::89])
    return sorted(words)


def test_tricky_words_match_nltk():
    words = tricky_words()
    mismatches = _compare(words)
    print(f"tricky: {len(words)} distinct words compared, {len(mismatches)} mismatches")
    assert len(words) > 30000
    assert mismatches == []


def test_non_ascii_words_match_nltk():
    words = ["café", "naïve", "résumés", "aꀀꀀing", "ꀀꀀing", "éies", "İİs", "\u212aies", "straße", "ΣΟΦΟΣ"]
    assert _compare(words) == []
