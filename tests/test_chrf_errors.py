"""chrF bad input: clear TypeErrors and ValueErrors naming the argument, never a panic."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rougebleu import _rougebleu as native
from rougebleu.mt.chrf import CHRF, corpus_chrf, sentence_chrf


@pytest.mark.parametrize(
    ("kw", "exc", "match"),
    [
        (dict(char_order=-1), ValueError, "char_order"),
        (dict(word_order=-1), ValueError, "word_order"),
        (dict(char_order=0, word_order=0), ValueError, "both 0"),
        (dict(char_order=101), ValueError, "char_order must be between 0 and 100"),
        (dict(word_order=10**30), ValueError, "word_order"),
        (dict(char_order=2.5), TypeError, "char_order"),
        (dict(char_order=True), TypeError, "char_order"),
        (dict(beta=0), ValueError, "beta"),
        (dict(beta=-2), ValueError, "beta"),
        (dict(beta=math.nan), ValueError, "beta"),
        (dict(beta=math.inf), ValueError, "beta"),
        (dict(beta=1001), ValueError, "beta"),
        (dict(beta="2"), TypeError, "beta"),
        (dict(beta=None), TypeError, "beta"),
        (dict(tokenize="13a"), TypeError, "tokenize"),
        # Switches are bools: sacrebleu would take the string "no" as true.
        (dict(lowercase="no"), TypeError, "lowercase must be a bool"),
        (dict(whitespace="yes"), TypeError, "whitespace must be a bool"),
        (dict(eps_smoothing=None), TypeError, "eps_smoothing must be a bool"),
    ],
)
def test_bad_options(kw: dict, exc: type, match: str) -> None:
    with pytest.raises(exc, match=match):
        CHRF(**kw)


@pytest.mark.parametrize("n", [2**63, 10**30, 10_000_001])
def test_n_bootstrap_is_bounded(n: int) -> None:
    # Beyond the bound: a ValueError naming it (NumPy's "Maximum allowed dimension exceeded" or an
    # OverflowError before), and before any work.
    with pytest.raises(ValueError, match="n_bootstrap must be an integer of at most 10000000, got"):
        CHRF().corpus_score(["a b"], [["a c"]], n_bootstrap=n)


def test_switches_accept_python_and_numpy_bools_only() -> None:
    assert CHRF(lowercase=np.bool_(True)).lowercase is True
    assert CHRF(whitespace=False).whitespace is False
    with pytest.raises(TypeError, match="lowercase must be a bool"):
        CHRF(lowercase=1)


def test_bad_options_in_compat_functions() -> None:
    with pytest.raises(ValueError, match="char_order"):
        corpus_chrf(["a"], [["a"]], char_order=-3)
    with pytest.raises(ValueError, match="beta"):
        sentence_chrf("a", ["a"], beta=0)


def test_native_options_are_checked_before_any_work() -> None:
    for opts in [(10**6, 0, 2.0, False, False), (6, 101, 2.0, False, False), (0, 0, 2.0, False, False)]:
        with pytest.raises(ValueError):
            native.chrf_pairwise(["a"], ["a"], opts)
    with pytest.raises(ValueError, match="beta"):
        native.chrf_stats(["a"], [["a"]], (6, 0, -1.0, False, False))
    with pytest.raises((ValueError, OverflowError)):
        native.chrf_stats(["a"], [["a"]], (2**70, 0, 2.0, False, False))


def test_non_string_items_name_the_argument() -> None:
    m = CHRF()
    with pytest.raises(TypeError, match=r"hypotheses\[1\] must be a str, got int"):
        m.corpus_score(["a", 3], [["a", "b"]])
    with pytest.raises(TypeError, match=r"hypotheses\[1\] must be a str, got bytes"):
        m.sentence_scores(["a", b"b"], [["a", "b"]])
    with pytest.raises(TypeError, match=r"references\[0\]\[1\]"):
        m.corpus_score(["a", "b"], [["a", b"b"]])
    with pytest.raises(TypeError, match=r"candidates\[0\]"):
        m.pairwise(["a"], [None])
    with pytest.raises(TypeError, match=r"hypotheses\[0\]"):
        CHRF(lowercase=True).sentence_scores([1], [["a"]])
    with pytest.raises(TypeError, match="hypothesis"):
        m.sentence_score(None, ["a"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"references\[1\]"):
        m.sentence_score("a", ["a", 2])


def test_bare_strings_are_refused() -> None:
    m = CHRF()
    with pytest.raises(TypeError, match="hypotheses"):
        m.corpus_score("abc", [["abc"]])
    with pytest.raises(TypeError, match="references"):
        m.corpus_score(["abc"], "abc")
    with pytest.raises(TypeError, match=r"references\[0\]"):
        m.corpus_score(["abc"], ["abc"])
    with pytest.raises(TypeError, match="references"):
        m.sentence_score("abc", "abc")
    with pytest.raises(TypeError, match="candidates"):
        m.pairwise(["a"], "abc")


def test_lone_surrogates_are_value_errors() -> None:
    bad = "ok \ud800 no"
    m = CHRF()
    with pytest.raises(ValueError, match=r"hypotheses\[3\].*surrogate"):
        m.corpus_score(["a", "b", "c", bad], [["a", "b", "c", "d"]])
    with pytest.raises(ValueError, match=r"references\[1\]\[0\].*surrogate"):
        m.corpus_score(["a"], [["a"], [bad]])
    with pytest.raises(ValueError, match=r"candidates\[2\].*surrogate"):
        m.pairwise(["a"], ["a", "b", bad])
    with pytest.raises(ValueError, match=r"hypotheses\[0\].*surrogate"):
        CHRF(lowercase=True, references=[["a"]]).sentence_scores([bad])


def test_lengths_and_missing_references() -> None:
    m = CHRF()
    with pytest.raises(ValueError, match="truncates"):
        m.corpus_score(["a", "b"], [["a"]])
    with pytest.raises(ValueError, match="reference stream 1"):
        m.corpus_score(["a"], [["a"], ["a", "b"]])
    with pytest.raises(ValueError, match="no reference"):
        m.corpus_score(["a"], [[None]])
    with pytest.raises(ValueError, match="no reference"):
        m.sentence_score("a", [])
    with pytest.raises(ValueError, match="no reference stream"):
        m.corpus_score(["a"], [])
    with pytest.raises(ValueError, match="cached"):
        m.corpus_score(["a"], None)
    with pytest.raises(ValueError, match="truncates"):
        CHRF(references=[["a", "b"]]).sentence_scores(["a"])
    with pytest.raises(ValueError, match="Number of references unknown"):
        CHRF().get_signature()


def test_bad_statistics_and_workers() -> None:
    m = CHRF()
    with pytest.raises(ValueError, match="stats"):
        m.score_from_statistics([1, 2, 3])
    with pytest.raises(ValueError, match="non-negative"):
        m.score_from_statistics([-1] * 18)
    with pytest.raises(ValueError, match="stats"):
        m.scores_from_statistics(np.zeros((2, 5), np.int64))
    with pytest.raises(ValueError, match="workers"):
        m.sentence_scores(["a"], [["a"]], workers=0)
    with pytest.raises(TypeError, match="n_bootstrap"):
        m.corpus_score(["a"], [["a"]], n_bootstrap=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="idx"):
        native.chrf_bootstrap_scores(np.zeros((2, 3), np.int64), np.full((1, 2), 5, np.int64), 2.0, False)


def test_large_orders_within_the_bound_work() -> None:
    m = CHRF(char_order=100, word_order=100)
    text = "ab " * 200
    assert m.sentence_score(text, [text]).score == 100.0
    assert m.pairwise([text], [text, "x"]).tolist()[0][0] == 100.0
