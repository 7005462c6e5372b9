"""TokenizedDocument: MATLAB-style tokenization, display and preprocessing."""

from __future__ import annotations

import numpy as np

from rougebleu import TokenizedDocument, TokenizedDocumentArray, tokenizedDocument
from rougebleu.matlab import STOP_WORDS


def toks(text: str) -> list[str]:
    return tokenizedDocument(text).tokens


def kinds(text: str) -> list[str]:
    return tokenizedDocument(text).token_types


def test_punctuation_is_its_own_token() -> None:
    assert toks("The lazy dog.") == ["The", "lazy", "dog", "."]
    assert toks('"Stop!", he said; then left...') == [
        '"',
        "Stop",
        "!",
        '"',
        ",",
        "he",
        "said",
        ";",
        "then",
        "left",
        ".",
        ".",
        ".",
    ]
    assert toks("well-known (really)") == ["well", "-", "known", "(", "really", ")"]
    assert kinds("dog . 42") == ["letters", "punctuation", "digits"]


def test_contractions_and_numbers_stay_whole() -> None:
    assert toks("I don't think it's John's, can’t be.") == [
        "I",
        "don't",
        "think",
        "it's",
        "John's",
        ",",
        "can’t",
        "be",
        ".",
    ]
    assert toks("Pay $3.50 or 1,000 yen by 3pm") == ["Pay", "$", "3.50", "or", "1,000", "yen", "by", "3pm"]
    assert kinds("3.50 3pm can't") == ["digits", "other", "letters"]


def test_urls_emails_hashtags_mentions_emoticons() -> None:
    text = "Visit https://www.mathworks.com/help/index.html?s=1. Mail info@mathworks.com, #MATLAB @MathWorks :-) <3"
    assert toks(text) == [
        "Visit",
        "https://www.mathworks.com/help/index.html?s=1",
        ".",
        "Mail",
        "info@mathworks.com",
        ",",
        "#MATLAB",
        "@MathWorks",
        ":-)",
        "<3",
    ]
    assert kinds(text)[1:] == [
        "web-address",
        "punctuation",
        "letters",
        "email-address",
        "punctuation",
        "hashtag",
        "at-mention",
        "emoticon",
        "emoticon",
    ]
    assert toks("see www.example.org/a_(b)") == ["see", "www.example.org/a_(b)"]
    assert toks("(at http://x.org)") == ["(", "at", "http://x.org", ")"]


def test_emoji_are_whole_tokens() -> None:
    assert toks("Great👍🏽 day 😀😀 👨‍👩‍👧 🇫🇷!") == ["Great", "👍🏽", "day", "😀", "😀", "👨‍👩‍👧", "🇫🇷", "!"]
    assert kinds("👍🏽 👨‍👩‍👧 🇫🇷") == ["emoji", "emoji", "emoji"]


def test_construction_forms() -> None:
    doc = TokenizedDocument("one two.")
    assert isinstance(doc, TokenizedDocument) and len(doc) == 3 and doc.doclength == 3
    arr = TokenizedDocument(["one two.", "three"])
    assert isinstance(arr, TokenizedDocumentArray) and len(arr) == 2
    assert arr.doclength.tolist() == [3, 1]
    assert TokenizedDocument(np.array(["a b", "c"])).tokens == [["a", "b"], ["c"]]
    words = TokenizedDocument(["New York", "is", "big."], tokenize_method="none")
    assert isinstance(words, TokenizedDocument)
    assert words.tokens == ["New York", "is", "big."]
    assert words.token_types == ["other", "letters", "other"]
    nested = TokenizedDocument([["a", "b"], ["c"]])
    assert isinstance(nested, TokenizedDocumentArray) and nested.tokens == [["a", "b"], ["c"]]
    assert len(TokenizedDocument("")) == 0 and len(TokenizedDocument()) == 0


def test_display() -> None:
    assert str(tokenizedDocument("a b c")) == "3 tokens: a b c"
    assert str(tokenizedDocument("word")) == "1 token: word"
    arr = tokenizedDocument(["a b c d e f g h i j", "x"])
    assert repr(arr) == "2×1 tokenizedDocument:\n\n    10 tokens: a b c d e f g h i j\n     1 token: x"


def test_lower_upper_join() -> None:
    doc = tokenizedDocument("The Fox.")
    assert doc.lower().tokens == ["the", "fox", "."]
    assert doc.upper().tokens == ["THE", "FOX", "."]
    assert doc.join_words() == "The Fox ." and doc.joinWords("_") == "The_Fox_."
    assert doc.tokens == ["The", "Fox", "."]  # unchanged: methods return new documents


def test_erase_punctuation() -> None:
    doc = tokenizedDocument("Hello, world! It's $5.00 :) #tag see http://a.org.")
    assert doc.erase_punctuation().tokens == ["Hello", "world", "Its", "500", ":)", "#tag", "see", "http://a.org"]
    assert doc.erasePunctuation() == doc.erase_punctuation()


def test_stop_words() -> None:
    doc = tokenizedDocument("The fox and THE dog didn't see it")
    assert doc.remove_stop_words().tokens == ["fox", "dog", "see"]
    assert doc.removeStopWords(ignore_case=False).tokens == ["The", "fox", "THE", "dog", "see"]
    assert {"the", "and", "it", "didn't"} <= STOP_WORDS and "fox" not in STOP_WORDS


def test_remove_words() -> None:
    doc = tokenizedDocument("a B b c")
    assert doc.remove_words("b").tokens == ["a", "B", "c"]
    assert doc.removeWords(["b", "c"], ignore_case=True).tokens == ["a"]
    assert doc.remove_words([0, -1]).tokens == ["B", "b"]


def test_normalize_words_is_porter_stemming() -> None:
    # MATLAB's normalizeWords page: "a strongly worded collection of words" and "another".
    doc = tokenizedDocument("A strongly worded collection of words. Another")
    assert doc.normalize_words().tokens == ["a", "strongli", "word", "collect", "of", "word", ".", "anoth"]
    assert doc.normalizeWords() == doc.normalize_words()


def test_sentence_details() -> None:
    doc = tokenizedDocument('He left. "Why?!" she asked (quietly.) Then')
    assert doc.sentence_numbers is None
    assert doc.sentences == [doc.tokens]
    s = doc.add_sentence_details()
    assert s.sentences == [
        ["He", "left", "."],
        ['"', "Why", "?", "!", '"'],
        ["she", "asked", "(", "quietly", ".", ")"],
        ["Then"],
    ]
    assert s.sentence_numbers[:3] == [1, 1, 1]
    assert s.token_details()[0] == {"token": "He", "type": "letters", "sentence_number": 1}
    # Sentence numbers survive removal of tokens.
    assert s.erase_punctuation().sentences == [["He", "left"], ["Why"], ["she", "asked", "quietly"], ["Then"]]
    assert s.addSentenceDetails() == s


def test_arrays_are_vectorized() -> None:
    arr = tokenizedDocument(["The Fox.", "A Dog!"])
    assert arr.lower().tokens == [["the", "fox", "."], ["a", "dog", "!"]]
    assert arr.erase_punctuation().remove_stop_words().tokens == [["Fox"], ["Dog"]]
    assert arr.join_words() == ["The Fox .", "A Dog !"]
    assert isinstance(arr[0], TokenizedDocument) and isinstance(arr[:1], TokenizedDocumentArray)
    assert arr.normalizeWords().tokens == [["the", "fox", "."], ["a", "dog", "!"]]
