"""rougebleu.nltk.meteor_score's arguments and errors, the batch form against the one-call forms,
and workers; without NLTK (its numbers: test_nltk_meteor_gold.py and test_nltk_meteor_live.py)."""

from __future__ import annotations

import numpy as np
import pytest

from rougebleu.meteor.nltk_meteor import meteor_scores, wordnet_synonyms
from rougebleu.nltk import meteor_score, single_meteor_score

HYPS = [
    "the quick brown dogs were running to their houses".split(),
    "A car on the road".split(),
    [],
    "Über café naïve Straße".split(),
]
REFS = [
    ["a fast brown dog ran home".split(), "the dog runs to the house".split()],
    ["an automobile on a street".split()],
    ["nothing".split()],
    ["über cafe naive strasse".split(), []],
]


def test_batch_equals_one_calls_for_any_workers():
    batch = meteor_scores(HYPS, REFS)
    assert batch.dtype == np.float64
    assert batch.tolist() == [meteor_score(r, h) for h, r in zip(HYPS, REFS)]
    assert batch.tolist() == [max(single_meteor_score(x, h) for x in r) for h, r in zip(HYPS, REFS)]
    assert np.array_equal(meteor_scores(HYPS, REFS, workers=1), meteor_scores(HYPS, REFS, workers=2))
    assert batch[2] == 0.0  # an empty hypothesis
    assert meteor_score(["the car".split()], "The Car".split()) == meteor_score(["the car".split()], ["the", "car"])


def test_batch_reads_token_lists_and_tuples_in_place():
    # The extension copies every token of a call into one buffer: tuples, str subclasses and
    # every position of a token must read as the lists of str do.
    from rougebleu import _rougebleu

    class Word(str):
        pass

    refs = [[tuple(Word(w) for w in r) for r in rs] for rs in REFS]
    want = meteor_scores(HYPS, REFS).tolist()
    assert meteor_scores([tuple(h) for h in HYPS], refs).tolist() == want
    assert _rougebleu.nltk_meteor_scores(tuple(HYPS), tuple(REFS), 0.9, 3.0, 0.5, True).tolist() == want
    with pytest.raises(TypeError, match=r"hypotheses\[1\]"):
        _rougebleu.nltk_meteor_scores([["a"], ["b", 3]], [[["a"]], [["b"]]], 0.9, 3.0, 0.5, True)
    with pytest.raises(TypeError, match=r"references\[1\]\[0\]"):
        _rougebleu.nltk_meteor_scores([["a"], ["b"]], [[["a"]], [{"b"}]], 0.9, 3.0, 0.5, True)
    with pytest.raises(ValueError, match="segment 1 has no reference"):
        _rougebleu.nltk_meteor_scores([["a"], ["b"]], [[["a"]], []], 0.9, 3.0, 0.5, True)


def test_per_call_path_equals_the_general_path():
    # Lists of str with NLTK's defaults take the per-call path; other shapes, int parameters and a
    # preprocess of the caller's take the general one: the same numbers.
    from rougebleu import _rougebleu

    def general(refs, hyp, **kw):
        return meteor_score(refs, hyp, preprocess=lambda w: w.lower(), **kw)

    for h, refs in zip(HYPS, REFS):
        want = general(refs, h)
        assert meteor_score(refs, h) == want
        assert meteor_score(tuple(tuple(r) for r in refs), tuple(h)) == want
        assert meteor_score((r for r in refs), iter(h)) == want
        assert meteor_score(refs, h, beta=3) == want
        assert single_meteor_score(refs[0], h) == general(refs[:1], h)
        assert _rougebleu.nltk_meteor_score(refs, h, 0.9, 3.0, 0.5) == want
    # What the per-call path leaves to the general one.
    assert _rougebleu.nltk_meteor_score(iter([["a"]]), ["a"], 0.9, 3.0, 0.5) is None
    assert _rougebleu.nltk_meteor_score([["a"]], ["a"], 0.9, 3, 0.5) is None
    assert _rougebleu.nltk_meteor_score([["a"]], ["a"], float("nan"), 3.0, 0.5) is None
    assert _rougebleu.nltk_meteor_score([], ["a"], 0.9, 3.0, 0.5) is None
    assert _rougebleu.nltk_meteor_score([["a", 1]], ["a"], 0.9, 3.0, 0.5) is None
    long = ["w%d" % (i % 50) for i in range(1100)]
    assert _rougebleu.nltk_meteor_score([long], long, 0.9, 3.0, 0.5) is None  # the long-call door
    assert meteor_score([long[:1000]], long) == general([long[:1000]], long)


def test_parameters_and_preprocess():
    h, r = "the cat sat on the mat".split(), "on the mat the cat sat".split()
    assert single_meteor_score(r, h, gamma=0.0) == 1.0  # no fragmentation penalty
    assert single_meteor_score(r, h, preprocess=str.upper) == single_meteor_score(r, h)
    # Without lowercasing "Cat" and "cat" still match in the stem stage (Porter lowercases).
    assert single_meteor_score(["Cat"], ["cat"], preprocess=lambda t: t) == 0.5


def test_wordnet_synonyms():
    assert "automobile" in wordnet_synonyms("car")
    assert wordnet_synonyms("xyzzy") == []
    with pytest.raises(TypeError, match="word"):
        wordnet_synonyms(1)


def test_errors():
    with pytest.raises(TypeError, match='"hypothesis" expects pre-tokenized hypothesis'):
        meteor_score([["a"]], "a")
    with pytest.raises(TypeError, match='"reference" expects pre-tokenized reference'):
        single_meteor_score("a", ["a"])
    with pytest.raises(TypeError, match=r"hypothesis\[1\]"):
        single_meteor_score(["a"], ["a", 2])
    with pytest.raises(ValueError, match="references"):
        meteor_score([], ["a"])
    with pytest.raises(ValueError, match="alpha"):
        meteor_score([["a"]], ["a"], alpha=float("nan"))
    with pytest.raises(TypeError, match="beta"):
        meteor_score([["a"]], ["a"], beta="3")
    with pytest.raises(ValueError, match="items"):
        meteor_scores([["a"]], [])
    with pytest.raises(ValueError, match="references"):
        meteor_scores([["a"]], [[]])
    with pytest.raises(TypeError, match=r"references\[0\]"):
        meteor_scores([["a"]], ["a b"])
    with pytest.raises(ValueError, match="workers"):
        meteor_scores([["a"]], [[["a"]]], workers=0)
