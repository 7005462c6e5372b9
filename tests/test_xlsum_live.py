"""Live parity with the XL-Sum scorer itself (`multilingual-rouge` 0.0.1, a test extra): its
tokenization of every code point of planes 0-2 in several contexts, and scores of random texts.

Its Snowball stemmers read NLTK's stopwords: NLTK_DATA points at the corpus copy.
"""

from __future__ import annotations

import os
import random

import pytest

from conftest import corpus_root
from rougebleu import RougeScorer
from rougebleu.multilingual import xlsum_tokens

nltk_data = corpus_root() / "multilingual" / "nltk_data"
if nltk_data.is_dir():
    os.environ.setdefault("NLTK_DATA", str(nltk_data))
    # NLTK reads NLTK_DATA once, when imported: another test module may have imported it already.
    nltk = pytest.importorskip("nltk")
    if str(nltk_data) not in nltk.data.path:
        nltk.data.path.insert(0, str(nltk_data))
ref_scorer = pytest.importorskip("multilingual_rouge.rouge_scorer")
ref_wrapper = pytest.importorskip("multilingual_rouge.tokenization_wrapper")

# Languages the scorer stems with NLTK's Snowball stemmers, which need NLTK's stopwords.
SNOWBALL = {"english", "russian", "german"}
CONTEXTS = ["a{c}b", "{c}", "x {c}1", "1{c}{c}y", "{c}\u0301 z", "中{c}x"]


def ref_tokens(text: str, lang: str | None):
    tok = ref_scorer.MultiTokenizer(lang)
    tokens = ref_wrapper.tokenize(text, None, tok)
    lines = [ref_wrapper.tokenize(s, None) for s in text.split("\n") if len(s)]
    return tokens, lines


@pytest.mark.parametrize("plane", [0, 1, 2])
def test_every_code_point_tokenizes_like_the_scorer(plane):
    mismatches = []
    for start in range(plane << 16, (plane + 1) << 16, 256):
        chars = [chr(cp) for cp in range(start, start + 256) if not 0xD800 <= cp <= 0xDFFF]
        for ctx in CONTEXTS:
            # One text per block and context: the code points separated by spaces and newlines.
            text = "\n".join(" ".join(ctx.format(c=c) for c in chars[i : i + 16]) for i in range(0, len(chars), 16))
            if not text:
                continue
            got = xlsum_tokens(text, "und")
            want = ref_tokens(text, None)
            if got != (want[0], want[1]):
                mismatches.append((hex(start), ctx))
    assert not mismatches, mismatches[:10]


def _random_text(rng: random.Random) -> str:
    pools = [
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
        "αβγδΣσςΟΔΟΣ",
        "абвгдЁё",
        "हिंदीकाभारत१२३",
        "中文北京年月日",
        "ไทยภาษา",
        "မြန်မာ",
        " \t\n\u00a0\u3000.,;:!?'\"()-–—«»$€%&*+=/\\|^`~_\u0301\u200b\u0000\ufffd",
        "İıẞßǅΐﬁ",
    ]
    n = rng.randint(0, 40)
    return "".join(rng.choice(rng.choice(pools)) for _ in range(n))


@pytest.mark.filterwarnings("ignore:.*unknown stemmer language")
@pytest.mark.parametrize("lang", [None, "english", "hindi", "burmese", "greek", "russian", "german"])
def test_random_texts_score_like_the_scorer(lang):
    if lang in SNOWBALL and not nltk_data.is_dir():
        pytest.skip("the scorer's Snowball stemmers read NLTK's stopwords from the corpus (absent)")
    rng = random.Random(13)
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    for stem in (False, True):
        try:
            ours = RougeScorer(types, use_stemmer=stem, lang=lang or "und")
        except ValueError as e:
            if "not available in this build" in str(e):
                continue
            raise
        ref = ref_scorer.RougeScorer(types, use_stemmer=stem, lang=lang)
        for _ in range(300):
            a, b = _random_text(rng), _random_text(rng)
            want = ref.score(a, b)
            got = ours.score(a, b)
            for t in types:
                assert tuple(got[t]) == tuple(want[t]), (lang, stem, a, b, t)


# ISO 639 codes, refused with the name to pass: the scorer does not know codes and scores a code
# as any language it lacks (default tokenizer, no stemmer), which is rougebleu's "korean".
CODES = {"en": "english", "de": "german", "hi": "hindi", "tr": "turkish", "zh": "chinese", "ko": "korean"}


@pytest.mark.filterwarnings("ignore:.*unknown stemmer language")
@pytest.mark.parametrize("code", sorted(CODES))
def test_iso_codes_are_refused_because_the_scorer_reads_them_as_no_language(code):
    with pytest.raises(ValueError, match=f'"{code}" is an ISO 639 code; pass the language name "{CODES[code]}"'):
        RougeScorer(["rouge1"], lang=code)
    if CODES[code] in SNOWBALL and not nltk_data.is_dir():
        pytest.skip("the scorer's Snowball stemmers read NLTK's stopwords from the corpus (absent)")
    rng = random.Random(29)
    texts = [(_random_text(rng), _random_text(rng)) for _ in range(200)]
    texts += [
        ("running dogs ran quickly to the houses", "the dog runs quickly to a house"),
        ("die laufenden Kinder spielten in den Häusern", "das Kind läuft und spielt im Haus"),
        ("北京欢迎你们来中国旅游", "我们欢迎你来北京"),
    ]
    types = ["rouge1", "rougeL"]
    as_code = ref_scorer.RougeScorer(types, use_stemmer=True, lang=code)
    as_name = ref_scorer.RougeScorer(types, use_stemmer=True, lang=CODES[code])
    no_language = RougeScorer(types, use_stemmer=True, lang="korean")
    differs = False
    for a, b in texts:
        want = as_code.score(a, b)
        assert {t: tuple(v) for t, v in no_language.score(a, b).items()} == {t: tuple(v) for t, v in want.items()}
        differs |= want != as_name.score(a, b)
    # And the code does not score as its language would (where these texts show it).
    assert differs or code not in ("en", "de", "zh"), code
