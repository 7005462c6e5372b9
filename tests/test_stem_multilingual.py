"""NLTK's Snowball stemmers and the XL-Sum scorer's Turkish/Hindi/Bengali stemmers (rougebleu.stem).

Gold: every row of the corpus's multilingual/gold_snowball_stems.tsv (NLTK 3.10.4, both columns)
and the stemmed tokens of multilingual/gold_xlsum_tokens.jsonl (the XL-Sum scorer itself). Live:
nltk's SnowballStemmer and the TurkishStemmer package when installed (test extra).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from rougebleu.stem import LANGUAGES, SNOWBALL_LANGUAGES, SnowballStemmer, stem_words

GOLDEN = Path(__file__).parent / "data" / "stem_multilingual_golden.tsv"
SNOWBALL_COUNTS = {
    "arabic": 5861,
    "danish": 3820,
    "dutch": 3787,
    "english": 3543,
    "finnish": 5392,
    "french": 4085,
    "german": 4273,
    "hungarian": 5333,
    "italian": 4144,
    "norwegian": 3981,
    "porter": 3543,
    "portuguese": 4147,
    "romanian": 4468,
    "russian": 5350,
    "spanish": 4173,
    "swedish": 3960,
}


def _gold_rows(corpus: Path) -> dict[str, list[tuple[str, str, str]]]:
    path = corpus / "multilingual" / "gold_snowball_stems.tsv"
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert lines[0].split("\t") == ["lang", "word", "stem", "stem_ignore_stopwords"]
    rows: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for line in lines[1:]:
        lang, word, stem, stem_ign = line.split("\t")
        rows[lang].append((word, stem, stem_ign))
    return rows


@pytest.fixture(scope="module")
def gold(corpus) -> dict[str, list[tuple[str, str, str]]]:
    return _gold_rows(corpus)


def test_gold_snowball_stems_every_row_both_columns(gold):
    assert {lang: len(rows) for lang, rows in gold.items()} == SNOWBALL_COUNTS
    assert sum(SNOWBALL_COUNTS.values()) == 69_860
    mismatches: Counter[str] = Counter()
    for lang, rows in gold.items():
        words = [w for w, _, _ in rows]
        plain = stem_words(words, lang)
        ignoring = stem_words(words, lang, ignore_stopwords=lang != "porter")
        for (word, want, want_ign), got, got_ign in zip(rows, plain, ignoring):
            mismatches[lang] += (got != want) + (got_ign != want_ign)
    print("gold_snowball_stems.tsv mismatches per language:", dict(mismatches))
    assert sum(mismatches.values()) == 0


def test_gold_in_file_order_through_nltk_style_objects(gold):
    # One stemmer object per column, called word after word as NLTK's objects were: this also
    # reproduces the Arabic stemmer's state carried from word to word.
    for lang, rows in gold.items():
        words = [w for w, _, _ in rows]
        assert SnowballStemmer(lang).stem_words(words) == [s for _, s, _ in rows], lang
        if lang != "porter":
            assert SnowballStemmer(lang, ignore_stopwords=True).stem_words(words) == [s for _, _, s in rows], lang


def test_golden_file():
    rows = [line.split("\t") for line in GOLDEN.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert len({r[0] for r in rows}) == 19  # 15 Snowball languages, porter, turkish, hindi, bengali
    for lang, word, stem, stem_ign in rows:
        if lang in SNOWBALL_LANGUAGES:
            assert stem_words([word], lang) == [stem], (lang, word)
            assert stem_words([word], lang, ignore_stopwords=lang != "porter") == [stem_ign], (lang, word)
        else:
            assert stem_words([word], lang) == [stem], (lang, word)


XLSUM_STEMMED = [*[lang for lang in SNOWBALL_LANGUAGES if lang != "porter"], "turkish", "hindi", "bengali"]


def test_xlsum_token_views_stemmed_exactly(corpus):
    """The scorer's own stemmed tokens: stems only for tokens of more than 3 code points."""
    texts = defaultdict(list)
    with (corpus / "multilingual" / "gold_xlsum_tokens.jsonl").open(encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            if item["lang"] in XLSUM_STEMMED:
                texts[item["lang"]].append(item)
    assert sorted(texts) == sorted(XLSUM_STEMMED)
    counts = {}
    for lang, items in texts.items():
        n = 0
        for item in items:
            assert "stemmed" in item, (lang, item["id"])
            lists = [(item["tokens"], item["stemmed"])]
            lists += list(zip(item["lsum_tokens"], item["lsum_stemmed"]))
            for tokens, want in lists:
                got = stem_words(tokens, lang, ignore_stopwords=True, xlsum=True)
                assert got == want, (lang, item["id"], [(t, g, w) for t, g, w in zip(tokens, got, want) if g != w])
                n += len(tokens)
        counts[lang] = n
    print("XL-Sum stemmed tokens compared per language:", counts)
    assert all(n > 1000 for n in counts.values())


def test_stem_words_is_the_same_for_any_workers(gold):
    words = [w for w, _, _ in gold["german"]] + [w for w, _, _ in gold["arabic"]]
    for lang in ("german", "arabic"):
        one = stem_words(words, lang, workers=1)
        assert stem_words(words, lang, workers=4) == one
        assert stem_words(words, lang, workers=-1) == one


# --- live parity with the references ---------------------------------------------------------


@pytest.fixture(scope="module")
def nltk_snowball(corpus):
    snowball = pytest.importorskip("nltk.stem.snowball")
    import nltk

    data = str(corpus / "multilingual" / "nltk_data")
    if data not in nltk.data.path:
        nltk.data.path.insert(0, data)
    os.environ.setdefault("NLTK_DATA", data)
    return snowball


@pytest.mark.parametrize("language", [lang for lang in SNOWBALL_LANGUAGES if lang != "porter"])
def test_live_nltk_on_a_sample_and_stopword_lists(nltk_snowball, gold, language):
    from nltk.corpus import stopwords

    assert SnowballStemmer(language, ignore_stopwords=True).stopwords == frozenset(stopwords.words(language))
    # The compiled-in list is NLTK's, word for word and in order.
    from rougebleu import _rougebleu

    assert _rougebleu.snowball_stopwords(language) == stopwords.words(language)
    rnd = random.Random(language)
    words = [w for w, _, _ in gold[language]]
    # Gold words, their capitalised and upper-case forms, and words of other languages.
    sample = rnd.sample(words, 300)
    sample += [w.capitalize() for w in sample[:100]] + [w.upper() for w in sample[100:150]]
    sample += rnd.sample([w for w, _, _ in gold["german" if language != "german" else "french"]], 50)
    for ignore in (False, True):
        theirs = nltk_snowball.SnowballStemmer(language, ignore_stopwords=ignore)
        ours = SnowballStemmer(language, ignore_stopwords=ignore)
        assert [ours.stem(w) for w in sample] == [theirs.stem(w) for w in sample]


def test_live_nltk_arabic_history_from_a_fresh_object(nltk_snowball):
    # NLTK never resets the Arabic verb-step-1 flag: "سيكتبونه" sets it, and afterwards "أرجو"
    # (and 33 other corpus words) stems differently than on a fresh object.
    words = ["أرجو", "بنحو", "سيكتبونه", "أرجو", "بنحو"]
    theirs = nltk_snowball.SnowballStemmer("arabic")
    want = [theirs.stem(w) for w in words]
    assert want[0] != want[3] and want[1] != want[4]
    ours = SnowballStemmer("arabic")
    assert [ours.stem(w) for w in words] == want
    # stem_words uses the settled state: what a long-lived stemmer gives.
    assert stem_words(["أرجو", "بنحو"], "arabic") == want[3:]


hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

# Letters each stemmer's rules look at, plus a few others (digits, ASCII, apostrophes).
ALPHABETS = {
    "arabic": "ابتثجحخدذرسشصضطظعغفقكلمنهويىةءأإآؤئًٌٍَُِّْـ،؛؟-",
    "danish": "abcdefghijklmnoprstuvyæøå",
    "dutch": "abcdefghijklmnoprstuvyèéëïäöüáíóú",
    "english": "abcdefghijklmnoprstuvwxyY'’",
    "finnish": "abdeghijklmnoprstuvyäö",
    "french": "abcdefghijlmnopqrstuvxyzâàçéèêëîïôûùü",
    "german": "abcdefghiklmnoprstuvwyzäöüß",
    "hungarian": "abcdefghijklmnoprstuvyzáéíóöõúüû",
    "italian": "abcdeghilmnopqrstuvzàèéìòóù",
    "norwegian": "abdefgijklmnoprstuvyæøå",
    "portuguese": "abcdeghilmnopqrstuvxzáâãçéêíóôõúü",
    "romanian": "abcdefgilmnoprstuvzăâîşţ",
    "russian": "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЯ",
    "spanish": "abcdeghilmnopqrstuvyzáéíñóúü",
    "swedish": "abdefgiklmnoprstuvyäåö",
}


@pytest.mark.parametrize("language", sorted(ALPHABETS))
def test_property_random_words_match_nltk(nltk_snowball, language):
    theirs = {b: nltk_snowball.SnowballStemmer(language, ignore_stopwords=b) for b in (False, True)}
    ours = {b: SnowballStemmer(language, ignore_stopwords=b) for b in (False, True)}

    @given(st.text(alphabet=ALPHABETS[language], min_size=1, max_size=14), st.booleans())
    def check(word, ignore):
        try:
            want = theirs[ignore].stem(word)
        except IndexError:  # NLTK itself fails on a few degenerate strings
            return
        assert ours[ignore].stem(word) == want

    check()


def test_live_turkish_stemmer_package(corpus):
    turkish = pytest.importorskip("TurkishStemmer")
    theirs = turkish.TurkishStemmer()
    words = set()
    with (corpus / "multilingual" / "pairs.jsonl").open(encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            if item["lang"] == "turkish":
                for text in (item["candidate"], *item["references"]):
                    words.update(w.strip(".,;:!?\"'()").lower() for w in text.split())
    words = sorted(w for w in words if w)
    ours = stem_words(words, "turkish")
    bad = [(w, o, theirs.stem(w)) for w, o in zip(words, ours) if o != theirs.stem(w)]
    print(f"turkish: {len(words)} words compared with TurkishStemmer 1.3, {len(bad)} mismatches")
    assert len(words) > 2000
    assert bad == []


def _corpus_words(corpus: Path, lang: str) -> list[str]:
    words = set()
    with (corpus / "multilingual" / "pairs.jsonl").open(encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            if item["lang"] == lang:
                for text in (item["candidate"], *item["references"]):
                    words.update(w.strip(".,;:!?\"'()।") for w in text.lower().split())
    return sorted(w for w in words if w)


def test_live_xlsum_hindi_and_bengali_stemmers(corpus):
    """The XL-Sum scorer's own stemmers (PyPI multilingual-rouge 0.0.1), when installed."""
    stemmers = pytest.importorskip("multilingual_rouge.stemmers")
    from multilingual_rouge.bengali_stemmer.parser import RafiStemmer

    # The wheel lacks its rules file; the corpus has the upstream one our rules are generated from.
    with (corpus / "multilingual" / "bengali_stemmer" / "common.rules").open(encoding="utf-8") as f:
        bengali = RafiStemmer(f)
    for lang, theirs in (("hindi", stemmers.HindiStemmer()), ("bengali", bengali.stem_word)):
        words = _corpus_words(corpus, lang)
        ours = stem_words(words, lang)
        bad = [(w, o) for w, o in zip(words, ours) if o != theirs(w)]
        print(f"{lang}: {len(words)} words compared with the XL-Sum scorer's stemmer, {len(bad)} mismatches")
        assert len(words) > 2000
        assert bad == []


# --- bad input ---------------------------------------------------------------------------------


def test_bad_input():
    with pytest.raises(ValueError, match="language"):
        SnowballStemmer("klingon")
    with pytest.raises(ValueError, match="language"):
        stem_words(["a"], "klingon")
    with pytest.raises(TypeError, match="language"):
        stem_words(["a"], None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="words"):
        stem_words("running", "english")
    with pytest.raises(TypeError, match="words"):
        stem_words(["a", 1], "english")  # type: ignore[list-item]
    with pytest.raises(TypeError, match="word"):
        SnowballStemmer("english").stem(b"running")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ignore_stopwords"):
        SnowballStemmer("english", ignore_stopwords=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="workers"):
        stem_words(["a"], "english", workers=0)


def test_languages():
    assert set(LANGUAGES) == set(SNOWBALL_LANGUAGES) | {"turkish", "hindi", "bengali"}
    assert SnowballStemmer.languages == SNOWBALL_LANGUAGES
    assert stem_words([], "hindi") == []
    assert SnowballStemmer("porter", ignore_stopwords=True).stopwords == frozenset()
