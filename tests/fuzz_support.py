"""Text strategies and comparison counting for the differential and property fuzz tests.

Texts are built to hit tokenizer edge cases: every Unicode space and control character, HTML
entities, numbers with separators, CJK, kana, Hangul, Thai, Arabic, Devanagari, emoji sequences
(ZWJ, skin tones, flags, variation selectors), combining marks, case-mapping oddities (İ, ß, final
sigma, the Kelvin sign, ligatures), very long tokens, and empty or whitespace-only texts. A small
English vocabulary makes texts overlap, so scores are not all zero.
"""

from __future__ import annotations

import sys
from collections import Counter

from hypothesis import strategies as st

SPACES = "".join(chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()) + "\u200b\u2060\ufeff\u180e"
CONTROLS = "".join(chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)])
WORDS = ["the", "cat", "sat", "on", "mat", "running", "runs", "dogs", "a", "b", "it's", "U.S.", "e-mail"]
PIECES = [
    *WORDS,
    "&amp;",
    "&quot;",
    "&lt;",
    "&gt;",
    "&#39;",
    "&apos;",
    "&nbsp;",
    "1,000",
    "3.14",
    "1.000,5",
    "-12",
    "10%",
    "$5",
    "1 000",
    "12:30",
    "2026-11-24",
    "北京欢迎你",
    "中文",
    "東京",
    "ひらがな",
    "カタカナ",
    "ｶﾀｶﾅ",
    "한국어",
    "ภาษาไทย",
    "العربية",
    "हिन्दी",
    "👍🏽",
    "👨\u200d👩\u200d👧",
    "🇫🇷",
    "❤\ufe0f",
    "😀",
    "e\u0301",
    "a\u0308",
    "n\u0303o",
    "\u0301",
    "İstanbul",
    "straße",
    "ΣΑΣ",
    "όσος",
    "\u212a",
    "ﬁne",
    "ǅ",
    "...",
    "--",
    "'",
    '"',
    "(",
    ")",
    "[x]",
    "<b>",
    "\\",
    "@",
    "#tag",
]
_PUNCT_AND_SCRIPT = st.characters(blacklist_categories=("Cs",), max_codepoint=0x2FFFF)
_LONG_TOKEN = st.text(alphabet="abcdefghij", min_size=60, max_size=300)
_SEPARATORS = st.sampled_from([" ", " ", " ", "", "\n", "  ", "\t"]) | st.sampled_from(list(SPACES))

token = (
    st.sampled_from(PIECES)
    | st.sampled_from(WORDS)
    | st.text(_PUNCT_AND_SCRIPT, min_size=1, max_size=4)
    | st.sampled_from(list(CONTROLS))
    | _LONG_TOKEN
)


@st.composite
def texts(draw, max_tokens: int = 25) -> str:
    """One text: tokens joined by assorted separators; sometimes empty or only whitespace."""
    kind = draw(st.integers(0, 19))
    if kind == 0:
        return ""
    if kind == 1:
        return draw(st.text(st.sampled_from(list(SPACES + CONTROLS)), max_size=6))
    tokens = draw(st.lists(token, max_size=max_tokens))
    out = []
    for t in tokens:
        out.append(t)
        out.append(draw(_SEPARATORS))
    return "".join(out)


def pairs(min_size: int = 1, max_size: int = 6):
    """Lists of (prediction, reference) pairs; references sometimes copy or shuffle the prediction."""
    return st.lists(st.tuples(texts(), texts()), min_size=min_size, max_size=max_size)


# Comparisons made against a reference, per target; conftest prints them after the run.
COMPARISONS: Counter[str] = Counter()


def count(target: str, n: int = 1) -> None:
    COMPARISONS[target] += n
