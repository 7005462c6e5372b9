"""Edge cases for BLEU parity: each is (hypotheses, reference streams), sacrebleu's layout."""

from __future__ import annotations

EDGE_CASES: dict[str, tuple[list[str], list[list[str | None]]]] = {
    "bom_first_token": (["\ufeffDas ist gut.", "Ja."], [["Das ist gut.", "Ja ."]]),
    "info_separators": (["a\x1cb\x1dc\x1ed\x1fe f", "x\x1fy"], [["a b c d e f", "x y"]]),
    "nbsp_and_unicode_spaces": (["1\u00a0000 Euro\u2009heute\u3000ja", "a\u2028b"], [["1 000 Euro heute ja", "a b"]]),
    "entities": (
        ["a &amp;lt; b &quot;c&quot; &apos;d&apos; &#39; &amp;quot; &gt;", "Tom &amp; Jerry"],
        [["a < b \"c\" 'd' ' &quot; >", "Tom & Jerry"]],
    ),
    "non_ascii_punctuation": (
        ["«Ja», sagte er – ¿no? „Gut“… 3,5 % 1990-2000 U.S.A. e.g. 3.14", "Preis: 3.000,50 € (ca.)!"],
        [["« Ja » , sagte er - ¿ no ? „ Gut “ ... 3,5 % 1990 - 2000 USA e.g. 3.14", "Preis : 3.000,50 € ( ca . ) !"]],
    ),
    "cjk_and_ranges": (
        ["价格€100—“好”《书》。", "𠀀𠀁 丽 ⺀ ㄅ ☀✂ ㈀ ㌀ ＡＢ", "日本語のテキスト、カタカナ。"],
        [["价格 € 100 — “ 好 ” 《 书 》 。", "𠀀 𠀁 丽 ⺀ ㄅ ☀ ✂ ㈀ ㌀ ＡＢ", "日本語 の テキスト 、 カタカナ 。"]],
    ),
    "general_punctuation_block": (
        ["a\u2010b \u2013 c \u2026 \u2030 \u20ac \u2190 \u2200 \u2500 \u2a6d \u2a6e \u2f81 \u2fa2", "x"],
        [["a \u2010 b \u2013 c", "x"]],
    ),
    "short_hypotheses": (["a", "a b", "a b c", "", "x y z w"], [["a", "a b", "a b c d", "q", "x y z w"]]),
    "reference_length_ties": (
        ["one two three four five", "a b c d e f g"],
        [["one two three four", "a b c d e f"], ["one two three four five six", "a b c d e f g h"]],
    ),
    "empty_hypotheses_and_references": (["", "", "a b c"], [["", "a b", ""], ["x", "", "a b c"]]),
    "missing_references": (
        ["the cat sat", "a dog", "hello world"],
        [["the cat sat", None, "hello"], ["a cat", "a dog", None]],
    ),
    "lowercase_unicode": (
        ["ΣΟΦΟΣ ΟΔΟΣ İstanbul STRASSE Ǆemal", "ÀÉÎÕÜ ÆØÅ"],
        [["σοφος οδος i̇stanbul strasse ǆemal", "àéîõü æøå"]],
    ),
    "no_match_at_all": (["foo bar baz", "qux"], [["one two three", "four"]]),
    "trailing_whitespace_and_newlines": (
        ["Hallo Welt. \n", "zweite-\nZeile <skipped> hier\t "],
        [["Hallo Welt.", "zweiteZeile hier"]],
    ),
    "repeated_ngrams_clipping": (
        ["the the the the the the the"],
        [["the cat is on the mat"], ["there is a cat on the mat"]],
    ),
}

TOKENIZERS = ["13a", "intl", "zh", "char", "none"]
SMOOTHINGS: list[tuple[str, float | None]] = [
    ("exp", None),
    ("floor", None),
    ("floor", 0.5),
    ("add-k", None),
    ("add-k", 2),
    ("add-k", 0.5),
    ("none", None),
]
