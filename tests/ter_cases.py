"""Edge cases for TER: `name -> (hypotheses, reference streams)`. Shared by the golden-file generator
(`tests/golden/make_ter_golden.py`, which runs sacrebleu on them) and the tests."""

from __future__ import annotations


def lcg_words(seed: int, n: int, vocab: int) -> str:
    """`n` words `w0..w{vocab-1}` from a 64-bit linear congruential generator (portable, no `random`)."""
    x = seed & 0xFFFFFFFFFFFFFFFF
    out = []
    for _ in range(n):
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        out.append(f"w{(x >> 33) % vocab}")
    return " ".join(out)


def _blocks_moved(n: int, block: int) -> tuple[str, str]:
    """A reference of `n` distinct words and a hypothesis with its blocks of `block` words in a
    shuffled order (many shifts, within and beyond the 50-word shift distance)."""
    ref = [f"t{i}" for i in range(n)]
    blocks = [ref[i : i + block] for i in range(0, n, block)]
    order = sorted(range(len(blocks)), key=lambda k: (k * 7919) % len(blocks))
    hyp = [w for k in order for w in blocks[k]]
    return " ".join(hyp), " ".join(ref)


# (seed, hyp words, ref words, vocabulary) whose shift search runs out of its 1,000-candidate budget
# with a pending improving shift (checked against sacrebleu's internals by the live test).
BUDGET_SEEDS = [(1, 40, 42, 3), (1, 60, 60, 8), (1, 220, 230, 6), (2, 40, 42, 3), (3, 60, 60, 8)]

_moved_h, _moved_r = _blocks_moved(240, 8)

EDGE_CASES: dict[str, tuple[list[str], list[list[str | None]]]] = {
    "empty_both": ([""], [[""]]),
    "empty_hyp": ([""], [["a b c"]]),
    "empty_ref": (["a b c"], [[""]]),
    "whitespace_only": (["  \t "], [[" \n "]]),
    "one_word_same": (["a"], [["a"]]),
    "one_word_diff": (["a"], [["b"]]),
    "identical": (["the cat sat on the mat ."], [["the cat sat on the mat ."]]),
    "disjoint": (["a b c d e f"], [["u v w x y z"]]),
    "single_shift": (["d e f g h a b c"], [["a b c d e f g h"]]),
    "unicode_spaces": (["a\u00a0b\u2009c\u3000d\x1ce\x85f", "\ufeffa b"], [["a b c d e f", "a b"]]),
    "lowercase_specials": (
        ["İstanbul ΟΔΟΣ STRASSE Straße", "ΑΣ. ΑΣ Α Σ", "ǅ ǈ ẞ K Å"],
        [["i̇stanbul οδος strasse straße", "ας. ας α σ", "ǆ ǉ ß k å"]],
    ),
    "entities_punct": (
        ["He said &quot;No&quot; &amp; left.", "Jim's car, 3.5 km; 3-4 (ok)!", "x..3 a.,b 5.,5 'S"],
        [['He said "no" & left .', "Jim 's car , 3.5 km ; 3 - 4 ( ok ) !", "x . . 3 a . , b 5 . , 5 's"]],
    ),
    "newlines": (["line\n-break and\nmore"], [["linebreak and more"]]),
    "cjk": (
        ["美众院公布对特", "りの拳銃を持", "カタカナとひらがな。", "ｶﾀｶﾅ、（全角）！テスト"],
        [["美众院公布了对特", "りの拳銃を持つ", "ひらがなとカタカナ。", "ｶﾀｶﾅ（全角）テスト"]],
    ),
    "cjk_ranges": (
        ["㈠㈡ab㋿ 㐀㿢㿣 ⺀⺁ ㇀ ㌀ 豈 ︰ 〈a〉 ｡ｰ"],
        [["㈠ ㈡ ab ㋿ 㐀 㿢㿣 ⺀ ⺁ ㇀ ㌀ 豈 ︰ 〈 a 〉 ｡ ｰ"]],
    ),
    "kana_only": (["ひらがな", "カタカナ"], [["ひら がな", "カタ カナ"]]),
    "multi_ref_none": (["a b c", "x y", "p q r s"], [["a b c d", None, "p r q s"], ["a c b", "x", None]]),
    "long_reordered": ([_moved_h], [[_moved_r]]),
    "beam_widening_short_hyp": (["w1 w2 w3"], [[lcg_words(7, 400, 50)]]),
    "beam_widening_long_hyp": ([lcg_words(8, 400, 50)], [["w1 w2"]]),
    "long_random": ([lcg_words(9, 260, 30)], [[lcg_words(10, 250, 30)]]),
    "budget": (
        [lcg_words(s, n, v) for s, n, _, v in BUDGET_SEEDS],
        [[lcg_words(s + 1000, m, v) for s, _, m, v in BUDGET_SEEDS]],
    ),
}
