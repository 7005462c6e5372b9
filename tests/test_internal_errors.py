"""No panic reaches Python as PyO3's PanicException (a BaseException): every entry point of the
extension runs through one guard that turns an internal error into ``rougebleu.InternalError``,
a RuntimeError naming the call. An internal error is injected into each entry point in turn,
through the public API where there is one."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import rougebleu
import rougebleu.caption
from rougebleu import _rougebleu as native
from rougebleu import nltk as rb_nltk
from rougebleu.rouge155 import Rouge155
from rougebleu.scoring import Score

SRC = Path(__file__).resolve().parent.parent / "src" / "python"


STATS = np.array([[2, 2, 2, 1, 0, 0, 2, 1, 0, 0]], dtype=np.int64)

# entry point -> a call that reaches it first, given the objects built beforehand (building an
# object is itself an entry point, so they are made before the error is injected).
CALLS = {
    "_set_progress": lambda o: native._set_progress(None),
    "is_column": lambda o: native.is_column(["a"]),
    "column_texts": lambda o: native.column_texts(np.array(["a", "b"], dtype=object)),
    "bleu_stats": lambda o: o.bleu.segment_statistics(["a"], [["a"]]),
    "bleu_sentence_scores": lambda o: o.bleu.sentence_scores(["a"], [["a"]]),
    "BleuReferences.new": lambda o: native.BleuReferences([["a b"]], "13a", False, 4),
    "BleuReferences.num_refs": lambda o: o.bleu_refs.num_refs,
    "BleuReferences.__len__": lambda o: len(o.bleu_refs),
    "BleuReferences.sentence_scores": lambda o: o.bleu_refs.sentence_scores(["a"], "exp", None, False),
    "BleuReferences.stats": lambda o: o.bleu_refs.stats(["a"]),
    "BleuReferences.stats_many": lambda o: o.bleu_refs.stats_many([["a"], ["a b"]]),
    "bleu_resample_scores": lambda o: native.bleu_resample_scores(o.rows, o.idx, "exp", None, False),
    "bleu_shared_resample_scores": lambda o: native.bleu_shared_resample_scores(
        [o.rows, o.rows], native.NumpyGenerator([1]), 3, "exp", None, False
    ),
    "TextLines.read": lambda o: native.TextLines.read(o.lines_path),
    "TextLines.read_many": lambda o: native.TextLines.read_many([o.lines_path]),
    "TextLines.__len__": lambda o: len(o.lines),
    "TextLines.__getitem__": lambda o: o.lines[0],
    "TextLines.__repr__": lambda o: repr(o.lines),
    "NumpyGenerator.new": lambda o: native.NumpyGenerator([1]),
    "NumpyGenerator.choice": lambda o: o.rng.choice(1, 2),
    "NumpyGenerator.booleans": lambda o: o.rng.booleans(2, 1),
    "ResampleIndices.shape": lambda o: o.idx.shape,
    "ResampleIndices.__array__": lambda o: o.idx.__array__(),
    "SegmentRows.__len__": lambda o: len(o.rows),
    "SegmentRows.totals": lambda o: o.rows.totals(),
    "SegmentRows.__array__": lambda o: o.rows.__array__(),
    "ResampleScores.new": lambda o: native.ResampleScores([1.0]),
    "ResampleScores.tolist": lambda o: o.scores.tolist(),
    "ResampleScores.estimate_ci": lambda o: o.scores.estimate_ci(),
    "ResampleScores.p_value": lambda o: o.scores.p_value(o.scores, 0.0),
    "ResampleScores.__array__": lambda o: o.scores.__array__(),
    "BleuSentence.new": lambda o: rougebleu.BLEU(),
    "BleuSentence.score": lambda o: o.bleu.sentence_score("a b", ["a b"]),
    "bleu_score_from_stats": lambda o: o.bleu.score_from_statistics(STATS[0]),
    "bleu_scores_from_stats": lambda o: native.bleu_scores_from_stats(STATS, "exp", None, False),
    "bleu_pairwise": lambda o: o.bleu.pairwise(["a"], ["a"]),
    "bleu_bootstrap_scores": lambda o: native.bleu_bootstrap_scores(
        STATS, np.zeros((2, 1), np.int64), "exp", None, False
    ),
    "bleu_randomization_scores": lambda o: native.bleu_randomization_scores(
        STATS, STATS, np.zeros((1, 1), dtype=bool), "exp", None, False
    ),
    "bleu_tokenize": lambda o: native.bleu_tokenize(["a b"]),
    "bleu_token_stats": lambda o: rb_nltk.sentence_bleu([["a", "b"]], ["a", "b"], weights=(0.5, 0.5)),
    "matlab_tokenize": lambda o: rougebleu.tokenizedDocument("a b"),
    "matlab_stem": lambda o: native.matlab_stem(["running"]),
    "matlab_rouge": lambda o: rougebleu.rouge_evaluation_score(o.doc, o.doc),
    "matlab_bleu": lambda o: rougebleu.bleu_evaluation_score(o.doc, o.doc),
    "matlab_lexrank": lambda o: rougebleu.lexrank_scores([o.doc, o.doc]),
    "RougeCore.new": lambda o: native.RougeCore(["rouge1"], False),
    "RougeCore.score": lambda o: o.scorer._core.score("a b", "a c"),
    "RougeCore.score_multi": lambda o: o.scorer._core.score_multi(["a b"], "a c"),
    "RougeCore.score_batch": lambda o: o.scorer._core.score_batch(["a b"], ["a c"]),
    "RougeCore.score_batch_dicts": lambda o: o.scorer.score_batch(["a b"], ["a c"]),
    "RougeCore.score_tokens": lambda o: o.scorer._core.score_tokens([(["a", "b"], [["a", "b"]])], (["a"], [["a"]])),
    "RougeCore.corpus": lambda o: o.scorer._core.corpus(["a b"], ["a c"], "macro", 0, 0.95, 0),
    "RougeCore.item_stats": lambda o: o.scorer._core.item_stats(["a b"], ["a c"]),
    "RougeCore.corpus_from_items": lambda o: o.scorer._core.corpus_from_items(np.zeros((1, 1, 6)), "macro", 0, 0.95, 0),
    "RougeCore.finish_counts": lambda o: o.scorer._core.finish_counts([(1.0, 2.0, 2.0)]),
    "exact_column_sums": lambda o: native.exact_column_sums(np.ones((2, 1))),
    "RougeCore.dict_scorer": lambda o: o.scorer._core.dict_scorer(["rouge1"], Score, Score(0, 0, 0)),
    "RougeDictScorer.score": lambda o: o.dict_scorer.score("a b", "a c"),
    "RougeDictScorer.score_multi": lambda o: o.dict_scorer.score_multi(["a b"], "a c"),
    "RougeScorerBase.new": lambda o: rougebleu.RougeScorer(["rouge1"]),
    "RougeScorerBase._set_fast": lambda o: o.scorer._set_fast(o.scorer.rouge_types, None),
    "RougeScorerBase.score": lambda o: o.scorer.score("a b", "a c"),
    "RougeScorerBase.score_multi": lambda o: o.scorer.score_multi(["a b"], "a c"),
    "rouge_score_tokenize": lambda o: native.rouge_score_tokenize("a b"),
    "Rouge155Core.new": lambda o: Rouge155(),
    "Rouge155Core.measure_names": lambda o: o.r155.measures,
    "Rouge155Core.signature": lambda o: o.r155.signature(),
    "Rouge155Core.evaluate": lambda o: o.r155.evaluate([({"s": "a b"}, ["a b"])]),
    "Rouge155Core.evaluate_config": lambda o: o.r155._core.evaluate_config("missing.xml"),
    "rouge155_main": lambda o: native.rouge155_main(["-h"]),
    "rouge155_stem": lambda o: native.rouge155_stem("running"),
    "nltk_porter_stem": lambda o: native.nltk_porter_stem(["running"]),
    "multilingual_stem": lambda o: native.multilingual_stem(["running"], "english"),
    "snowball_stem_sequence": lambda o: native.snowball_stem_sequence(["running"], "english", False, False),
    "snowball_stopwords": lambda o: native.snowball_stopwords("english"),
    "stem_languages": lambda o: native.stem_languages(),
    "xlsum_language": lambda o: native.xlsum_language("hindi"),
    "xlsum_languages": lambda o: native.xlsum_languages(),
    "xlsum_sanitize": lambda o: native.xlsum_sanitize("a b"),
    "xlsum_tokenize": lambda o: native.xlsum_tokenize("a b", "und"),
    "xlsum_presegment": lambda o: native.xlsum_presegment("a b", str.split),
    "RougeCore.segmenter": lambda o: o.scorer._core.segmenter,
    "check_option": lambda o: rougebleu.BLEU(tokenize="intl"),
    "unicode_tokenize": lambda o: native.unicode_tokenize("a b"),
    "rouge_pairwise": lambda o: rougebleu.rouge_pairwise(["a b"], ["a c"]),
    "allpairs_expected_utility": lambda o: rougebleu.expected_utility(["a b"], ["a c"], metric="rouge1"),
    "allpairs_top_k": lambda o: rougebleu.top_k(["a b"], ["a c"], 1, metric="rouge1"),
    "ter_stats": lambda o: o.ter.segment_statistics(["a"], [["a"]]),
    "ter_pairwise": lambda o: o.ter.pairwise(["a"], ["a"]),
    "ter_scores_from_stats": lambda o: native.ter_scores_from_stats(np.array([[1.0, 2.0]])),
    "ter_corpus_totals": lambda o: native.ter_corpus_totals(np.array([[1.0, 2.0]])),
    "ter_bootstrap_scores": lambda o: native.ter_bootstrap_scores(np.array([[1.0, 2.0]]), np.zeros((2, 1), np.int64)),
    "ter_tokenize": lambda o: native.ter_tokenize(["a b"]),
    "TerReferences.new": lambda o: native.TerReferences([["a b"]], False, False, False, False),
    "TerReferences.num_refs": lambda o: o.ter_refs.num_refs,
    "TerReferences.__len__": lambda o: len(o.ter_refs),
    "TerReferences.stats": lambda o: o.ter_refs.stats(["a"]),
    "TerRows.__len__": lambda o: len(o.ter_refs.stats(["a"])),
    "TerRows.totals": lambda o: o.ter_refs.stats(["a"]).totals(),
    "TerRows.__array__": lambda o: o.ter_refs.stats(["a"]).__array__(),
    "TerSentence.new": lambda o: rougebleu.TER(),
    "Meteor15Scorer.new": lambda o: native.Meteor15Scorer(modules=["exact"]),
    "Meteor15Scorer.eval_id": lambda o: o.meteor.eval_id,
    "Meteor15Scorer.parameters": lambda o: o.meteor.parameters,
    "Meteor15Scorer.weights": lambda o: o.meteor.weights,
    "Meteor15Scorer.modules": lambda o: o.meteor.modules,
    "Meteor15Scorer.words": lambda o: o.meteor.words("a b"),
    "Meteor15Scorer.stats": lambda o: o.meteor.stats(["a b"], [["a b"]]),
    "Meteor15Scorer.pairwise": lambda o: o.meteor.pairwise(["a b"], ["a b"]),
    "Meteor15Scorer.scores": lambda o: o.meteor.scores(o.meteor_rows),
    "Meteor15Scorer.corpus": lambda o: o.meteor.corpus(o.meteor_rows),
    "Meteor15Scorer.score_list": lambda o: o.meteor.score_list(o.meteor_rows),
    "MeteorRows.__len__": lambda o: len(o.meteor_rows),
    "MeteorRows.__array__": lambda o: o.meteor_rows.__array__(),
    "MeteorRows.lines": lambda o: o.meteor_rows.lines(),
    "nltk_meteor_scores": lambda o: native.nltk_meteor_scores([["a"]], [[["a"]]], 0.9, 3.0, 0.5, True),
    "nltk_single_meteor": lambda o: native.nltk_single_meteor(["a"], ["a"], 0.9, 3.0, 0.5, True),
    "nltk_meteor_score": lambda o: native.nltk_meteor_score([["a"]], ["a"], 0.9, 3.0, 0.5),
    "nltk_wordnet_synonyms": lambda o: native.nltk_wordnet_synonyms("car"),
    "TerSentence.score": lambda o: o.ter.sentence_score("a b", ["a b"]),
    "ChrfReferences.new": lambda o: native.ChrfReferences([["a b"]]),
    "ChrfReferences.num_refs": lambda o: o.chrf_refs.num_refs,
    "ChrfReferences.__len__": lambda o: len(o.chrf_refs),
    "ChrfReferences.stats": lambda o: o.chrf_refs.stats(["a"], CHRF_OPTIONS),
    "ChrfReferences.sentence_scores": lambda o: o.chrf_refs.sentence_scores(["a"], CHRF_OPTIONS),
    "ChrfSentence.new": lambda o: rougebleu.CHRF(),
    "ChrfSentence.score": lambda o: o.chrf.sentence_score("a b", ["a b"]),
    "chrf_score_from_stats": lambda o: native.chrf_score_from_stats([1] * 18, 2.0, False),
    "chrf_scores_from_stats": lambda o: native.chrf_scores_from_stats(np.ones((1, 18), np.int64), 2.0, False),
    "chrf_stats": lambda o: o.chrf.segment_statistics(["a"], [["a"]]),
    "chrf_sentence_scores": lambda o: o.chrf.sentence_scores(["a"], [["a"]]),
    "chrf_pairwise": lambda o: o.chrf.pairwise(["a"], ["a"]),
    "chrf_bootstrap_scores": lambda o: native.chrf_bootstrap_scores(
        np.ones((1, 18), np.int64), np.zeros((2, 1), np.int64), 2.0, False
    ),
    "mean_resample_scores": lambda o: native.mean_resample_scores(np.ones((3, 2)), native.NumpyGenerator([1]), 2),
    "mean_randomization_scores": lambda o: native.mean_randomization_scores(
        np.ones((3, 2)), [(0, 1)], native.NumpyGenerator([1]), 2
    ),
    "report_word_analysis": lambda o: native.report_word_analysis(
        ["a b"], [["a b"], ["a"]], None, "13a", False, [1, 2], 1, 4, ["match"], 5, 1.0
    ),
    "lines_with_sentence_breaks": lambda o: native.lines_with_sentence_breaks(o.lines),
    "RougeCore.score_systems": lambda o: o.scorer._core.score_systems([["a b"], ["a c"]], ["a c"]),
}

CHRF_OPTIONS = (6, 0, 2.0, False, False)

CALLS.update(
    {
        "ptb_tokenize": lambda o: rougebleu.caption.ptb_tokenize(["A dog."]),
        "ptb_lines": lambda o: native.ptb_lines(["A dog."]),
        "caption_suite": lambda o: rougebleu.caption_scores([["a dog"]], ["a dog"], metrics=["Bleu", "CIDEr"]),
        "cider_pairwise": lambda o: rougebleu.caption.CiderD().pairwise(["a"], ["a"]),
        "cider_expected_utility": lambda o: rougebleu.expected_utility(["a"], ["a"], metric="cider-d"),
        "cider_top_k": lambda o: rougebleu.top_k(["a"], ["a"], 1, metric="cider-d"),
        "CiderFrequencies.from_references": lambda o: native.CiderFrequencies.from_references([["a b"]]),
        "CiderFrequencies.from_counts": lambda o: native.CiderFrequencies.from_counts(["a"], [1.0], 0.0),
        "CiderFrequencies.to_bytes": lambda o: o.df.to_bytes(),
        "CiderFrequencies.from_bytes": lambda o: native.CiderFrequencies.from_bytes(o.df.to_bytes()),
        "CiderFrequencies.write": lambda o: o.df.write(o.df_path),
        "CiderFrequencies.read": lambda o: native.CiderFrequencies.read(o.df_path),
        "CiderFrequencies.order": lambda o: o.df.order,
        "CiderFrequencies.ref_len": lambda o: o.df.ref_len,
        "CiderFrequencies.by_words": lambda o: o.df.by_words,
        "CiderFrequencies.__len__": lambda o: len(o.df),
        "CiderFrequencies.get": lambda o: o.df.get("a"),
    }
)


def _objects() -> SimpleNamespace:
    import tempfile

    scorer = rougebleu.RougeScorer(["rouge1"])
    df = native.CiderFrequencies.from_references([["a b"]])
    df_path = str(Path(tempfile.mkdtemp()) / "a.df")
    df.write(df_path)
    return SimpleNamespace(
        df=df,
        df_path=df_path,
        bleu=rougebleu.BLEU(),
        bleu_refs=native.BleuReferences([["a b"]], "13a", False, 4),
        rows=native.BleuReferences([["a b"]], "13a", False, 4).stats(["a"]),
        idx=native.NumpyGenerator([1]).choice(1, 2),
        rng=native.NumpyGenerator([1]),
        scores=native.ResampleScores([1.0, 2.0]),
        doc=rougebleu.tokenizedDocument("a b c"),
        scorer=scorer,
        dict_scorer=scorer._core.dict_scorer(["rouge1"], Score, Score(0, 0, 0)),
        r155=Rouge155(),
        ter=rougebleu.TER(),
        ter_refs=native.TerReferences([["a b"]], False, False, False, False),
        meteor=native.Meteor15Scorer(modules=["exact"]),
        meteor_rows=native.Meteor15Scorer(modules=["exact"]).stats(["a b"], [["a b"]]),
        chrf=rougebleu.CHRF(),
        chrf_refs=native.ChrfReferences([["a b"]]),
        lines_path=__file__,  # any UTF-8 file
        lines=native.TextLines.read(__file__),
    )


def test_every_entry_point_is_guarded():
    """Each #[pyfunction] and #[pymethods] function runs its body through guard(...), and this
    file exercises every guarded name."""
    guarded, entry_points = set(), 0
    for path in SRC.glob("*.rs"):
        text = path.read_text()
        guarded |= set(re.findall(r'guard\("([\w.]+)"', text))
        entry_points += len(re.findall(r"#\[pyfunction[\](]", text))
        for block in re.findall(r"#\[pymethods\]\nimpl[^{]*\{(.*?)\n\}", text, flags=re.S):
            entry_points += len(re.findall(r"\n    (?:pub )?fn \w+", block))
    entry_points -= 1  # the injection hook itself is not guarded
    assert len(guarded) == entry_points
    assert guarded == set(CALLS)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_an_internal_error_becomes_internal_error(name):
    objects = _objects()
    native._inject_internal_error(name)
    with pytest.raises(rougebleu.InternalError, match=rf"^{re.escape(name)}: internal error: injected"):
        CALLS[name](objects)
    # The interpreter and the entry point work afterwards.
    if name != "Rouge155Core.evaluate_config":  # (its file does not exist)
        CALLS[name](objects)
    native._inject_internal_error(None)


def test_internal_error_is_a_runtime_error():
    assert issubclass(rougebleu.InternalError, RuntimeError)
    assert issubclass(rougebleu.InternalError, Exception)
