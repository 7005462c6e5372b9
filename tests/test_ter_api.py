"""TER's Python API: batch calls equal single calls, results independent of `workers`, the reference
cache, result and signature objects, sacrebleu's compat functions, bad input, and long inputs."""

from __future__ import annotations

import time

import numpy as np
import pytest
from ter_cases import EDGE_CASES, lcg_words

import rougebleu
from rougebleu.mt.ter import TER, TERScore, TERSignature, corpus_ter, sentence_ter

HYPS = [
    "The cat sat on the mat.",
    "a b c d e f",
    "",
    "Der schnelle braune Fuchs springt über den faulen Hund .",
    "完全 不同 的 句子",
    "one",
]
REFS = [
    "The cat is on the mat.",
    "f e d c b a",
    "not empty",
    "Der braune schnelle Fuchs sprang über den Hund .",
    "",
    "one",
]


def test_exports() -> None:
    assert rougebleu.TER is TER and rougebleu.TERScore is TERScore and rougebleu.TERSignature is TERSignature
    assert rougebleu.corpus_ter is corpus_ter and rougebleu.sentence_ter is sentence_ter


def test_score_object_and_signature() -> None:
    metric = TER()
    with pytest.raises(ValueError, match="Number of references unknown"):
        metric.get_signature()
    score = metric.corpus_score(HYPS, [REFS])
    assert isinstance(score, TERScore) and score.name == "TER"
    assert isinstance(score.num_edits, int) and isinstance(score.ref_length, float)
    assert str(score) == f"TER = {score.score:.2f}" == repr(score)
    assert score.format(signature="x:1") == f"TER|x:1 = {score.score:.2f}"
    assert score.format(score_only=True) == f"{score.score:.2f}"
    assert (score.mean, score.ci) == (-1.0, -1.0)
    sig = metric.get_signature()
    assert str(sig).startswith("nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:")
    assert sig.format(short=True).startswith("#:1|c:lc|t:tercom|nr:no|pn:yes|as:no|v:")
    sig = TER(normalized=True, no_punct=True, asian_support=True, case_sensitive=True)
    sig.corpus_score(["a", "b"], [["a", "b"], [None, "c"]])
    assert str(sig.get_signature()).startswith("nrefs:var|case:mixed|tok:tercom|norm:yes|punct:no|asian:yes|")


def test_sentence_and_corpus_compat_functions() -> None:
    assert sentence_ter("a b c", ["a b d"]).score == 100 * (1 / 3.0)
    assert sentence_ter("A", ["a"], case_sensitive=True).score == 100.0
    assert corpus_ter(["a", "b"], [["a", "c"]]).score == 50.0
    s = corpus_ter(["x"], [[""]])
    assert (s.score, s.num_edits, s.ref_length) == (100.0, 1, 0.0)
    s = corpus_ter([""], [[""]])
    assert (s.score, s.num_edits, s.ref_length) == (0.0, 0, 0.0)


@pytest.mark.parametrize("opts", [{}, {"normalized": True, "no_punct": True, "asian_support": True}])
def test_batch_calls_equal_single_calls(opts: dict) -> None:
    metric = TER(**opts)
    single = [metric.sentence_score(h, [r]).score for h, r in zip(HYPS, REFS)]
    assert metric.sentence_scores(HYPS, [REFS]).tolist() == single
    matrix = metric.pairwise(HYPS, REFS)
    assert matrix.shape == (len(HYPS), len(REFS)) and matrix.dtype == np.float64
    expected = [[metric.sentence_score(h, [r]).score for r in REFS] for h in HYPS]
    assert matrix.tolist() == expected
    assert np.diag(matrix).tolist() == single
    stats = metric.segment_statistics(HYPS, [REFS])
    total = metric.score_from_statistics(stats)
    assert total.score == metric.corpus_score(HYPS, [REFS]).score
    assert [metric.score_from_statistics(row).score for row in stats] == single


def test_results_do_not_depend_on_workers() -> None:
    hyps = [lcg_words(s, 20 + s % 30, 25) for s in range(30)]
    refs = [lcg_words(s + 99, 25 + s % 20, 25) for s in range(30)]
    metric = TER()
    base = metric.segment_statistics(hyps, [refs], workers=1)
    for w in (2, None, -1):
        assert np.array_equal(metric.segment_statistics(hyps, [refs], workers=w), base)
        serial = metric.pairwise(hyps[:12], refs[:9], workers=1)
        assert np.array_equal(metric.pairwise(hyps[:12], refs[:9], workers=w), serial)
    cached = TER(references=[refs])
    assert np.array_equal(cached.segment_statistics(hyps, workers=2), base)
    assert cached.corpus_score(hyps, None).score == metric.corpus_score(hyps, [refs]).score


def test_reference_cache_is_reused_and_checked() -> None:
    metric = TER(references=[REFS, [None] * len(REFS)])
    assert metric.num_refs == 1
    a = metric.corpus_score(HYPS, None)
    assert a.score == TER().corpus_score(HYPS, [REFS]).score
    with pytest.raises(ValueError, match="truncates"):
        metric.corpus_score(HYPS[:-1], None)
    with pytest.raises(ValueError, match="no references were cached"):
        TER().corpus_score(HYPS, None)


def test_bad_input() -> None:
    m = TER()
    with pytest.raises(TypeError, match="normalized must be a bool"):
        TER(normalized="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="case_sensitive"):
        TER(case_sensitive=2)  # type: ignore[arg-type]
    assert TER(normalized=1, no_punct=np.bool_(True)).normalized is True  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        TER(beam_width=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="hypotheses must be a sequence of strings, not a single str"):
        m.corpus_score("a b", [["a b"]])
    with pytest.raises(TypeError, match=r"hypotheses\[1\] must be a str"):
        m.corpus_score(["a", 3], [["a", "b"]])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"references\[0\] must be a sequence of strings"):
        m.corpus_score(["a"], ["a"])
    with pytest.raises(TypeError, match=r"references\[0\]\[0\] must be a str or None"):
        m.corpus_score(["a"], [[b"a"]])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="reference stream 1 has 1 segments"):
        m.corpus_score(["a", "b"], [["a", "b"], ["a"]])
    with pytest.raises(ValueError, match="sacrebleu silently truncates"):
        m.corpus_score(["a", "b"], [["a"]])
    with pytest.raises(ValueError, match="segment 0 has no reference"):
        m.corpus_score(["a"], [[None]])
    with pytest.raises(ValueError, match="no reference stream"):
        m.corpus_score(["a"], [])
    with pytest.raises(TypeError, match="hypothesis must be a str"):
        m.sentence_score(["a"], ["a"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="references must be a sequence of strings, not a single string"):
        m.sentence_score("a", "a")
    with pytest.raises(TypeError, match="n_bootstrap must be an int"):
        m.corpus_score(["a"], [["a"]], n_bootstrap=2.5)  # type: ignore[arg-type]
    # Bounded as BLEU's: before, 2**63 was NumPy's "Maximum allowed dimension exceeded".
    for n in (2**63, 10**30, 10_000_001):
        with pytest.raises(ValueError, match="n_bootstrap must be an integer of at most 10000000, got"):
            m.corpus_score(["a b"], [["a c"]], n_bootstrap=n)
    with pytest.raises(ValueError, match="workers"):
        m.segment_statistics(["a"], [["a"]], workers=0)
    with pytest.raises(TypeError, match="candidates must be a sequence of strings"):
        m.pairwise(["a"], "a")
    with pytest.raises(ValueError, match="stats"):
        m.score_from_statistics([1.0, 2.0, 3.0])


@pytest.mark.parametrize("case_sensitive", [False, True])
def test_lone_surrogates_name_the_item(case_sensitive: bool) -> None:
    m = TER(case_sensitive=case_sensitive)
    with pytest.raises(ValueError, match=r"hypotheses\[3\].*surrogate"):
        m.corpus_score(["a", "b", "c", "x\ud800"], [["a", "b", "c", "d"]])
    with pytest.raises(ValueError, match=r"references\[0\]\[1\].*surrogate"):
        m.corpus_score(["a", "b"], [["a", "\udfff"]])
    with pytest.raises(ValueError, match=r"candidates\[0\].*surrogate"):
        m.pairwise(["a"], ["\udc80"])


def test_empty_corpus() -> None:
    s = TER().corpus_score([], [[]])
    assert (s.score, s.num_edits, s.ref_length) == (0.0, 0, 0.0)
    assert TER().pairwise([], ["a"]).shape == (0, 1)


def test_edge_cases_are_consistent_across_entry_points() -> None:
    for name, (hyps, refs) in EDGE_CASES.items():
        metric = TER()
        scores = metric.sentence_scores(hyps, refs)
        for i, h in enumerate(hyps):
            assert scores[i] == metric.sentence_score(h, [r[i] for r in refs]).score, name


def test_ten_thousand_words_stay_bounded() -> None:
    # sacrebleu allocates the whole |hyp| x |ref| matrix (10^8 cells here); the band stays small.
    ref = lcg_words(1, 10_000, 5000)
    hyp = lcg_words(2, 10_000, 5000)
    t = time.perf_counter()
    s = TER().sentence_score(hyp, [ref])
    assert time.perf_counter() - t < 60
    assert s.ref_length == 10_000.0 and 0 < s.num_edits <= 10_000
    assert TER().sentence_score("a b", [ref]).num_edits == 10_000  # 9,998 insertions, 2 substitutions
