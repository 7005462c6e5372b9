"""Bad input to BLEU: clear TypeError/ValueError naming the argument, never a silent truncation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rougebleu.mt.bleu import BLEU, corpus_bleu, sentence_bleu


def test_unequal_reference_streams_raise() -> None:
    with pytest.raises(ValueError, match="reference stream 1 has 1 segments"):
        BLEU().corpus_score(["a", "b"], [["a", "b"], ["a"]])
    with pytest.raises(ValueError, match="hypotheses has 3 segments"):
        BLEU().corpus_score(["a", "b", "c"], [["a", "b"]])
    with pytest.raises(ValueError, match="references"):
        BLEU(references=[["a"], ["b", "c"]])


def test_segment_without_reference_raises() -> None:
    with pytest.raises(ValueError, match="segment 1 has no reference"):
        BLEU().corpus_score(["a", "b"], [["a", None], ["a", None]])
    with pytest.raises(ValueError, match="references"):
        BLEU().corpus_score(["a"], [])


def test_unknown_options_raise() -> None:
    with pytest.raises(ValueError, match="tokenize: unknown tokenizer 'spm2'.*'flores200'"):
        BLEU(tokenize="spm2")
    with pytest.raises(ValueError, match="smooth_method: unknown smoothing method 'add-one'"):
        BLEU(smooth_method="add-one")
    with pytest.raises(ValueError, match="max_ngram_order must be an integer from 1 to 100"):
        BLEU(max_ngram_order=0)
    with pytest.raises(TypeError, match="max_ngram_order"):
        BLEU(max_ngram_order=2.0)
    with pytest.raises(ValueError, match="smooth_value"):
        BLEU(smooth_method="floor", smooth_value=math.nan)
    with pytest.raises(ValueError, match="smooth_value"):
        BLEU(smooth_method="add-k", smooth_value=-1)
    with pytest.raises(TypeError, match="tokenize"):
        BLEU(tokenize=13)
    # Switches are bools: sacrebleu would take the string "no" as true.
    for name in ("effective_order", "lowercase", "force"):
        with pytest.raises(TypeError, match=f"{name} must be a bool"):
            BLEU(**{name: "no"})
    with pytest.raises(TypeError, match="effective_order must be a bool"):
        BLEU(effective_order=1)


def test_non_string_items_raise_type_errors() -> None:
    with pytest.raises(TypeError, match=r"hypotheses\[1\] must be a str"):
        BLEU().corpus_score(["a", 3], [["a", "b"]])
    with pytest.raises(TypeError, match="hypotheses must be a sequence of strings, not a single str"):
        BLEU().corpus_score("a b", [["a b"]])
    with pytest.raises(TypeError, match=r"references\[0\]\[1\] must be a str or None"):
        BLEU().corpus_score(["a", "b"], [["a", b"b"]])
    with pytest.raises(TypeError, match=r"references\[0\] must be a sequence of strings"):
        corpus_bleu(["a"], ["a"])
    with pytest.raises(TypeError, match="hypothesis must be a str"):
        sentence_bleu(["a"], ["a"])
    with pytest.raises(TypeError, match="references must be a sequence of strings, not a single string"):
        sentence_bleu("a", "a")
    with pytest.raises(TypeError, match=r"references\[1\]"):
        BLEU().pairwise(["a"], ["a", None])
    with pytest.raises(TypeError, match="n_bootstrap"):
        BLEU().corpus_score(["a"], [["a"]], n_bootstrap=2.5)


def test_signature_needs_references_and_statistics_are_checked() -> None:
    with pytest.raises(ValueError, match="Number of references unknown"):
        BLEU().get_signature()
    with pytest.raises(ValueError, match="stats"):
        BLEU().score_from_statistics(np.zeros(7, dtype=np.int64))
