"""Edge cases for chrF parity: each is (hypotheses, reference streams), sacrebleu's layout."""

from __future__ import annotations

CHRF_CASES: dict[str, tuple[list[str], list[list[str | None]]]] = {
    "empty_hypotheses_and_references": (["", "", "a b c", "x"], [["", "a b", "", "x"]]),
    "one_character_texts": (["a", "b", "ab", "a", "."], [["a", "a", "b", "ab", "."]]),
    "identical": (["Das ist ein Test.", "a b c d e f g"], [["Das ist ein Test.", "a b c d e f g"]]),
    "disjoint": (["xyz uvw", "qqq"], [["abc def", "rrr"]]),
    "python_whitespace": (
        [
            "a\u00a0b\x1cc\x1dd\x1ee\x1ff g\x85h",
            "x\u3000y\u2028z\u2009w",
            "p\u200bq \u180er \ufeffs",
            "\x1c\x1d \u3000",
        ],
        [["a b c d e f g h", "x y z w", "p q r s", ""]],
    ),
    "lowercasing": (
        ["İSTANBUL ΟΔΟΣ ΣΑΣ. STRASSE ß Ǆemal ΌΣΟΣ", "ÀÉÎÕÜ ÆØÅ K Å"],
        [["i̇stanbul οδος σας. strasse ss ǆemal όσος", "àéîõü æøå k å"]],
    ),
    "cjk": (
        ["价格€100—“好”《书》。", "日本語のテキスト、カタカナ。", "𠀀𠀁 丽 ⺀ ㄅ ☀✂ ＡＢ"],
        [["价格是一百欧元。", "日本語 の テキスト 、 カタカナ 。", "𠀀 𠀁 丽 ⺀ ㄅ"]],
    ),
    "punctuation_splits": (
        ["(hi) ,a b. ... x.y «x» 'q' a-b .", "Hallo, Welt! (Test)", "!!"],
        [["( hi ) , a b . ... x . y « x » ' q ' a - b .", "Hallo , Welt ! ( Test )", "! !"]],
    ),
    "missing_references": (
        ["the cat sat", "a dog", "hello world"],
        [["the cat sat", None, "hello"], ["a cat", "a dog", None]],
    ),
    "multi_reference_ties": (
        ["abc abc", "the cat", "xy"],
        [["abd abd", "a cat", "xy"], ["abd abd", "the cat", "xy"], ["zzz", "the cat", ""]],
    ),
    "repeated_ngrams_clipping": (
        ["the the the the the the the", "aaaaaaaaaaaa"],
        [["the cat is on the mat", "aaa"], ["there is a cat on the mat", "aaaaaaaaaaaaaaaaaaaa"]],
    ),
    "leading_trailing_whitespace": ([" a b ", "\ta\n", "  "], [["a b", " a ", "  "]]),
}

# (char_order, word_order) pairs the edge cases run with, under every flag combination.
ORDERS = [(6, 0), (6, 2), (1, 0), (0, 1), (3, 3), (12, 4)]
