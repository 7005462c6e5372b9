"""Edge-case texts for ROUGE: (name, target, prediction). Shared by the golden generator and tests."""

_WORDS = [
    "the",
    "cat",
    "sat",
    "on",
    "the",
    "mat",
    "while",
    "running",
    "dogs",
    "were",
    "jumping",
    "over",
    "generously",
    "sized",
    "fences",
]
LONG_A = " ".join(_WORDS[(i * 7) % len(_WORDS)] for i in range(20000))
SHORT_B = " ".join(_WORDS[(i * 5 + 3) % len(_WORDS)] for i in range(300))

EDGE_CASES = [
    ("readme", "The quick brown fox jumps over the lazy dog", "The quick brown dog jumps on the log."),
    ("both_empty", "", ""),
    ("empty_target", "", "some words here"),
    ("empty_prediction", "some words here", ""),
    ("whitespace_only", "   \n\t \n", "words\n  \n"),
    ("punctuation_only", "!!! ... ,,, ---", "?? -- ;;"),
    ("punct_vs_words", "... !!!", "hello world"),
    ("non_ascii", "Café naïve résumé £100 — déjà vu", "cafe naive resume 100 deja vu"),
    ("cjk", "北京欢迎你 2008 年", "北京 2008"),
    ("dotted_capital_i", "İstanbul is large", "istanbul is large"),
    ("kelvin_sign", "It was 300\u212a today", "it was 300k today"),
    ("crlf", "First line here.\r\nSecond line there.\r\n", "first line.\r\nsecond line there"),
    ("leading_trailing_newlines", "\n\nalpha beta gamma\n\ndelta epsilon\n\n", "\nalpha gamma\ndelta\n"),
    ("repeated_tokens", "a a a b b a b a", "a b a b a b b b a"),
    ("stemming", "The runners were running and jumped generously", "A runner runs, jumping generous jumps"),
    ("numbers", "In 2019, 3.5 million people paid $1,000", "3 5 million people paid 1000 in 2019"),
    ("multi_sentence", "the cat sat.\nthe dog ran.\na bird flew", "a dog sat.\nthe cat ran\nthe bird"),
    # 20,000 tokens against 300: rouge_score's pure-Python LCS table stays affordable.
    ("long_20000_token_target", LONG_A, SHORT_B),
    ("long_20000_token_prediction", SHORT_B, LONG_A),
]
