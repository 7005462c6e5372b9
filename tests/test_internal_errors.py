"""No panic reaches Python as PyO3's PanicException (a BaseException): every entry point of the
extension runs through one guard that turns an internal error into ``rougebleu.InternalError``,
a RuntimeError naming the call. An internal error is injected into each entry point in turn,
through the public API where there is one."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import rougebleu
from rougebleu import _rougebleu as native
from rougebleu import nltk as rb_nltk
from rougebleu.rouge155 import Rouge155

SRC = Path(__file__).resolve().parent.parent / "src" / "python"


class Tok:
    def tokenize(self, text):
        return text.split()


def _bleu_refs():
    return native.BleuReferences([["a b"]], "13a", False, 4)


STATS = np.array([[2, 2, 2, 1, 0, 0, 2, 1, 0, 0]], dtype=np.int64)

# entry point -> a call that reaches it
CALLS = {
    "bleu_stats": lambda: rougebleu.BLEU().segment_statistics(["a"], [["a"]]),
    "bleu_sentence_scores": lambda: rougebleu.BLEU().sentence_scores(["a"], [["a"]]),
    "BleuReferences.new": lambda: rougebleu.BLEU(references=[["a"]]),
    "BleuReferences.num_refs": lambda r: r.num_refs,
    "BleuReferences.__len__": lambda r: len(r),
    "BleuReferences.sentence_scores": lambda r: r.sentence_scores(["a"], "exp", None, False),
    "BleuReferences.stats": lambda r: r.stats(["a"]),
    "bleu_score_from_stats": lambda: rougebleu.BLEU().score_from_statistics(STATS[0]),
    "bleu_scores_from_stats": lambda: native.bleu_scores_from_stats(STATS, "exp", None, False),
    "bleu_pairwise": lambda: rougebleu.BLEU().pairwise(["a"], ["a"]),
    "bleu_bootstrap_scores": lambda: native.bleu_bootstrap_scores(
        STATS, np.zeros((2, 1), np.int64), "exp", None, False
    ),
    "bleu_randomization_scores": lambda: native.bleu_randomization_scores(
        STATS, STATS, np.zeros((1, 1), dtype=bool), "exp", None, False
    ),
    "bleu_tokenize": lambda: native.bleu_tokenize(["a b"]),
    "bleu_token_stats": lambda: rb_nltk.sentence_bleu([["a", "b"]], ["a", "b"], weights=(0.5, 0.5)),
    "matlab_tokenize": lambda: rougebleu.tokenizedDocument("a b"),
    "matlab_stem": lambda: native.matlab_stem(["running"]),
    "matlab_rouge": lambda d=None: rougebleu.rouge_evaluation_score(d, d),
    "matlab_bleu": lambda d=None: rougebleu.bleu_evaluation_score(d, d),
    "matlab_lexrank": lambda d=None: rougebleu.lexrank_scores([d, d]),
    "RougeCore.new": lambda: rougebleu.RougeScorer(["rouge1"]),
    "RougeCore.score": lambda s=None: s.score("a b", "a c"),
    "RougeCore.score_multi": lambda s=None: s.score_multi(["a b"], "a c"),
    "RougeCore.score_batch": lambda s: s._core.score_batch(["a b"], ["a c"]),
    "RougeCore.score_batch_dicts": lambda s=None: s.score_batch(["a b"], ["a c"]),
    "RougeCore.score_tokens": lambda t=None: t.score("a b", "a c"),
    "RougeCore.corpus": lambda s: s._core.corpus(["a b"], ["a c"], "macro", 0, 0.95, 0),
    "rouge_score_tokenize": lambda: native.rouge_score_tokenize("a b"),
    "Rouge155Core.new": lambda: Rouge155(),
    "Rouge155Core.measure_names": lambda r=None: r.measures,
    "Rouge155Core.evaluate": lambda r=None: r.evaluate([({"s": "a b"}, ["a b"])]),
    "Rouge155Core.evaluate_config": lambda r=None: r._core.evaluate_config("missing.xml"),
    "rouge155_main": lambda: native.rouge155_main(["-h"]),
    "rouge155_stem": lambda: native.rouge155_stem("running"),
    "nltk_porter_stem": lambda: native.nltk_porter_stem(["running"]),
    "rouge_pairwise": lambda: rougebleu.rouge_pairwise(["a b"], ["a c"]),
    "allpairs_expected_utility": lambda: rougebleu.expected_utility(["a b"], ["a c"]),
    "allpairs_top_k": lambda: rougebleu.top_k(["a b"], ["a c"], 1),
    "ter_stats": lambda: rougebleu.TER().segment_statistics(["a"], [["a"]]),
    "ter_pairwise": lambda: rougebleu.TER().pairwise(["a"], ["a"]),
    "ter_scores_from_stats": lambda: native.ter_scores_from_stats(np.array([[1.0, 2.0]])),
    "ter_corpus_totals": lambda: native.ter_corpus_totals(np.array([[1.0, 2.0]])),
    "ter_tokenize": lambda: native.ter_tokenize(["a b"]),
    "TerReferences.new": lambda: rougebleu.TER(references=[["a"]]),
    "TerReferences.num_refs": lambda r: r.num_refs,
    "TerReferences.__len__": lambda r: len(r),
    "TerReferences.stats": lambda r: r.stats(["a"]),
}


def _prepared_argument(name: str):
    """Objects a call needs, built before the error is injected (building them is another entry point)."""
    if name.startswith("BleuReferences.") and name != "BleuReferences.new":
        return _bleu_refs()
    if name.startswith("TerReferences.") and name != "TerReferences.new":
        return native.TerReferences([["a b"]], False, False, False, False)
    if name.startswith("matlab_") and name not in ("matlab_tokenize", "matlab_stem"):
        return rougebleu.tokenizedDocument("a b c")
    if name == "RougeCore.score_tokens":
        return rougebleu.RougeScorer(["rouge1"], tokenizer=Tok())
    if name.startswith("RougeCore.") and name != "RougeCore.new":
        return rougebleu.RougeScorer(["rouge1"])
    if name.startswith("Rouge155Core.") and name != "Rouge155Core.new":
        return Rouge155()
    return None


def test_every_entry_point_is_guarded():
    """Each #[pyfunction] and #[pymethods] function runs its body through guard(...), and this
    file exercises every guarded name."""
    guarded, entry_points = set(), 0
    for path in SRC.glob("*.rs"):
        text = path.read_text()
        guarded |= set(re.findall(r'guard\("([\w.]+)"', text))
        entry_points += len(re.findall(r"#\[pyfunction\]", text))
        for block in re.findall(r"#\[pymethods\]\nimpl[^{]*\{(.*?)\n\}", text, flags=re.S):
            entry_points += len(re.findall(r"\n    (?:pub )?fn \w+", block))
    entry_points -= 1  # the injection hook itself is not guarded
    assert len(guarded) == entry_points
    assert guarded == set(CALLS)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_an_internal_error_becomes_internal_error(name):
    arg = _prepared_argument(name)
    call = CALLS[name] if arg is None else (lambda: CALLS[name](arg))
    native._inject_internal_error()
    with pytest.raises(rougebleu.InternalError, match=rf"^{re.escape(name)}: internal error: injected"):
        call()
    # The interpreter and the entry point work afterwards.
    if name != "Rouge155Core.evaluate_config":  # (its file does not exist)
        call()


def test_internal_error_is_a_runtime_error():
    assert issubclass(rougebleu.InternalError, RuntimeError)
    assert issubclass(rougebleu.InternalError, Exception)
