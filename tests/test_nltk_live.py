"""`rougebleu.nltk` against NLTK 3.10.4 run live (test extra): every smoothing method, weight tuples and
lists of tuples, auto_reweigh, custom SmoothingFunction parameters, non-string tokens, and edge cases
(empty and short hypotheses, no unigram match, corpus-level methods 5-7 using the last segment)."""

from __future__ import annotations

import math
import random
import warnings
from pathlib import Path

import pytest

from rougebleu import nltk as rn

bs = pytest.importorskip("nltk.translate.bleu_score")

WEIGHTS = [
    (0.25, 0.25, 0.25, 0.25),
    (1.0,),
    (0.5, 0.5),
    (0.3, 0.3, 0.4),
    (0.2, 0.2, 0.2, 0.2, 0.2),
    [(0.5, 0.5), (1 / 3, 1 / 3, 1 / 3), (0.25, 0.25, 0.25, 0.25)],
    (0, 0.5, 0.5, 0),
]

SEGMENTS = [
    (["the cat is on the mat".split(), "there is a cat on the mat".split()], "the the the the the the the".split()),
    (["a b c d e".split()], "a b c d e".split()),
    (["a b c d e".split()], "a b".split()),
    (["a b c d e".split()], []),
    (["x y".split(), "x y z w v".split()], "x y z".split()),
    (["one two three four five six".split()], "one two four three six five".split()),
    (["one two three four".split()], "five six seven".split()),
    (["a b c a b c a b".split()], "a b c a b c a b c".split()),
    (
        [
            "It is a guide to action that ensures that the military will forever heed Party commands".split(),
            (
                "It is the guiding principle which guarantees the military forces always being under "
                "the command of the Party"
            ).split(),
        ],
        "It is a guide to action which ensures that the military always obeys the commands of the party".split(),
    ),
]

SMOOTHERS = ["method0", "method1", "method2", "method3", "method4", "method5", "method6", "method7", None]


def _run(fn, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return fn(*args, **kw)
        except (AssertionError, IndexError, ZeroDivisionError) as e:
            return type(e).__name__ if not isinstance(e, AssertionError) else "AssertionError"


def _same(a, b) -> bool:
    return (
        a == b and type(a) is type(b)
        if not isinstance(a, list)
        else a == b and [type(x) for x in a] == [type(x) for x in b]
    )


@pytest.mark.parametrize("smoother", SMOOTHERS)
def test_sentence_and_corpus_match_nltk(smoother: str | None) -> None:
    for params in [dict(), dict(epsilon=0.3, alpha=2, k=3)]:
        ours = getattr(rn.SmoothingFunction(**params), smoother) if smoother else None
        theirs = getattr(bs.SmoothingFunction(**params), smoother) if smoother else None
        for weights in WEIGHTS:
            for reweigh in (False, True):
                for refs, hyp in SEGMENTS:
                    a = _run(rn.sentence_bleu, refs, hyp, weights, ours, reweigh)
                    b = _run(bs.sentence_bleu, refs, hyp, weights, theirs, reweigh)
                    # Where NLTK fails (method6's assertion, too few orders) ours fails the same way.
                    assert _same(a, b), (smoother, params, weights, reweigh, hyp, a, b)
                refs_l = [r for r, _ in SEGMENTS]
                hyps_l = [h for _, h in SEGMENTS]
                for order in (hyps_l, hyps_l[::-1], hyps_l[2:5]):
                    idx = [hyps_l.index(h) for h in order]
                    a = _run(rn.corpus_bleu, [refs_l[i] for i in idx], order, weights, ours, reweigh)
                    b = _run(bs.corpus_bleu, [refs_l[i] for i in idx], order, weights, theirs, reweigh)
                    assert _same(a, b), (smoother, weights, reweigh, a, b)


def test_random_corpora_and_non_string_tokens() -> None:
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(12)]
    for trial in range(60):
        n = rng.randint(1, 6)
        hyps = [[rng.choice(vocab) for _ in range(rng.randint(0, 9))] for _ in range(n)]
        refs = [
            [[rng.choice(vocab) for _ in range(rng.randint(1, 9))] for _ in range(rng.randint(1, 3))] for _ in range(n)
        ]
        as_ints = trial % 2 == 1
        if as_ints:
            # Any hashable tokens work (ints here): these take the pure-Python counting path.
            hyps = [[int(w[1:]) for w in h] for h in hyps]
            refs = [[[int(w[1:]) for w in r] for r in rs] for rs in refs]
        for sm in ["method0", "method1", "method3", "method4", "method5", "method7"]:
            a = _run(rn.corpus_bleu, refs, hyps, smoothing_function=getattr(rn.SmoothingFunction(), sm))
            b = _run(bs.corpus_bleu, refs, hyps, smoothing_function=getattr(bs.SmoothingFunction(), sm))
            assert _same(a, b), (trial, sm, a, b)


def test_nltk_doctest_values_and_quirks() -> None:
    refs, hyp = SEGMENTS[-1]
    got = rn.sentence_bleu(refs, hyp, weights=[(1.0,), (0.5, 0.5), (1 / 3, 1 / 3, 1 / 3), (0.25,) * 4])
    assert got == bs.sentence_bleu(refs, hyp, weights=[(1.0,), (0.5, 0.5), (1 / 3, 1 / 3, 1 / 3), (0.25,) * 4])
    # No unigram match: the integer 0 (a list of them for several weight tuples).
    assert rn.sentence_bleu([["a"]], ["b"]) == 0 and type(rn.sentence_bleu([["a"]], ["b"])) is int
    assert rn.sentence_bleu([["a"]], ["b"], weights=[(1.0,), (0.5, 0.5)]) == [0, 0]
    # method0 turns a zero order into sys.float_info.min: a tiny positive score, and a warning.
    with pytest.warns(UserWarning):
        tiny = rn.sentence_bleu([["a", "b", "c", "d"]], ["a", "b", "x", "y"])
    assert 0 < tiny < 1e-100
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert tiny == bs.sentence_bleu([["a", "b", "c", "d"]], ["a", "b", "x", "y"])


def test_bad_input_raises_clear_errors() -> None:
    with pytest.raises(ValueError, match="list_of_references has 1 items but hypotheses has 2"):
        rn.corpus_bleu([[["a"]]], [["a"], ["b"]])
    with pytest.raises(TypeError, match="hypothesis must be a list of tokens, not a str"):
        rn.sentence_bleu([["a"]], "a")
    with pytest.raises(TypeError, match=r"references\[0\] must be a list of tokens"):
        rn.sentence_bleu(["a b"], ["a"])
    with pytest.raises(ValueError, match="non-negative"):
        rn.sentence_bleu([["a"]], ["a"], weights=(0.5, -0.5))
    with pytest.raises(ValueError, match="non-negative"):
        rn.sentence_bleu([["a"]], ["a"], weights=(math.nan,))
    with pytest.raises(ValueError, match="at least one reference"):
        rn.sentence_bleu([], ["a"])
    with pytest.raises(rn.SmoothingError):
        rn.sentence_bleu(
            [["a", "b", "x", "d"]], ["a", "b", "c", "d"], smoothing_function=rn.SmoothingFunction().method6
        )
    # SmoothingError is also an AssertionError, as NLTK raises there.
    with pytest.raises(AssertionError):
        rn.sentence_bleu(
            [["a", "x", "c", "d"]], ["a", "b", "c", "d"], smoothing_function=rn.SmoothingFunction().method6
        )


def test_import_does_not_shadow_nltk() -> None:
    import nltk

    assert Path(nltk.__file__).parent.name == "nltk" and "rougebleu" not in nltk.__file__
    assert rn.__name__ == "rougebleu.nltk"


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    "refs, hyp, kwargs",
    [
        # One weight set given inside a list: NLTK returns a scalar.
        ([["a", "b"]], ["a", "b"], {"weights": [(0.5, 0.5)]}),
        ([[]], [], {"weights": [(0.25,) * 4]}),
        ([["a", "b", "c"]], ["a", "b", "x"], {"weights": [(0.5, 0.5)]}),
        # Two sets: a list either way.
        ([["a", "b"]], ["a", "b"], {"weights": [(0.5, 0.5), (1.0,)]}),
        # auto_reweigh compares the weights to the default *tuple*: a list is not reweighted.
        ([["a"]], ["a"], {"weights": [0.25] * 4, "auto_reweigh": True}),
        ([["a"]], ["a"], {"weights": (0.25,) * 4, "auto_reweigh": True}),
        ([["a", "b"]], ["a", "b"], {"weights": [[0.25] * 4, (0.25,) * 4], "auto_reweigh": True}),
        # Tokens holding a lone surrogate are compared as Python strings, as NLTK does.
        ([["\udcff", "a"]], ["\udcff", "a"], {"weights": (0.5, 0.5)}),
        ([["\ud800", "b", "c"]], ["\ud800", "b", "d"], {"weights": (0.5, 0.5)}),
    ],
)
def test_weight_forms_and_odd_tokens_as_nltk(refs, hyp, kwargs) -> None:
    ours = rn.sentence_bleu(refs, hyp, **kwargs)
    theirs = bs.sentence_bleu(refs, hyp, **kwargs)
    assert type(ours) is type(theirs)
    assert ours == theirs


def _public(module: object) -> set[str]:
    return {name for name in dir(module) if not name.startswith("_")}


def test_every_public_name_of_nltk_bleu_score() -> None:
    import collections
    import math as math_module
    import sys
    import warnings as warnings_module

    missing = _public(bs) - _public(rn)
    assert missing == set(), missing
    # The names NLTK imports there are the same objects here.
    assert (rn.Counter, rn.math, rn.sys, rn.warnings) == (collections.Counter, math_module, sys, warnings_module)
    # Its own Fraction: the value reduced, the parts as given unless _normalize=True.
    for args in [(0, 7), (2, 4), (6, 3, True), (5, 1)]:
        ours, theirs = rn.Fraction(*args), bs.Fraction(*args)
        assert (ours.numerator, ours.denominator) == (theirs.numerator, theirs.denominator), args
        assert float(ours) == float(theirs) and ours == float(theirs) and ours == rn.Fraction(args[0], args[1], True)
    assert rn.Fraction(2, 4) + rn.Fraction(1, 4) == rn.Fraction(3, 4, True) and rn.Fraction(2, 4) in {0.5}
    hyp, refs = "the the the the the the the".split(), ["the cat is on the mat".split()]
    for n in (1, 2):
        ours, theirs = rn.modified_precision(refs, hyp, n), bs.modified_precision(refs, hyp, n)
        assert (ours.numerator, ours.denominator) == (theirs.numerator, theirs.denominator)


@pytest.mark.parametrize(
    "seq, n, kwargs",
    [
        ([1, 2, 3, 4, 5], 3, {}),
        ("abc", 1, {}),
        ([1, 2], 3, {}),
        ([1, 2], 0, {}),
        ([], 2, {"pad_left": True, "pad_right": True}),
        ([1, 2, 3], 2, {"pad_right": True}),
        ([1, 2, 3], 3, {"pad_left": True, "left_pad_symbol": "<s>"}),
        ([1, 2, 3, 4], 2, {"pad_left": True, "pad_right": True, "left_pad_symbol": "<s>", "right_pad_symbol": "</s>"}),
    ],
)
def test_ngrams_as_nltk(seq, n, kwargs) -> None:
    items = list(seq)
    assert list(rn.ngrams(iter(items), n, **kwargs)) == list(bs.ngrams(iter(items), n, **kwargs))
