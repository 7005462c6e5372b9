"""METEOR 1.5's Python API: options and their errors, the batch calls against the one-pair calls,
mergeable statistics, workers, the paraphrase table's absence and cache. The numbers themselves
are checked against the jar's in test_meteor_jar_gold.py and test_meteor_jar_live.py."""

from __future__ import annotations

import numpy as np
import pytest

import rougebleu
from rougebleu.meteor import METEOR, _resources, pycocoevalcap_meteor
from rougebleu.meteor._resources import find_paraphrase_table

HYPS = [
    "The cat sat on the mat.",
    "A man is riding a horse on the beach",
    "two dogs play in the snow",
    "",
    "It's the U.S.-based firm's plan, isn't it?",
]
REFS = [
    ["The cat is sitting on the mat.", "A cat sits on a mat"],
    ["a man rides a horse along the beach", None],
    ["Two dogs are playing in the snow.", "dogs playing outside"],
    ["an empty hypothesis", None],
    ["The firm, based in the US, has a plan.", None],
]
STREAMS = [[r[k] for r in REFS] for k in range(2)]

# Without the paraphrase module no table is needed: these run everywhere.
NO_TABLE = {"modules": ["exact", "stem", "synonym"]}

needs_table = pytest.mark.skipif(
    find_paraphrase_table() is None, reason="no paraphrase table (pip install pycocoevalcap)"
)


def test_top_level_names():
    assert rougebleu.METEOR is METEOR
    m = METEOR(**NO_TABLE)
    assert m.modules == ["exact", "stem", "synonym"]
    # -m keeps the first weights of the task: rank's 1.0, 0.6, 0.8.
    assert m.weights == [1.0, 0.6, 0.8]
    assert m.parameters == (0.85, 0.2, 0.6, 0.75)
    assert m.eval_id == "meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy-1.0_0.6_0.8"


def test_parameters_switch_to_the_adequacy_weights_as_the_jars_p_does():
    m = METEOR(parameters=(0.5, 1, 0.5, 0.5), **NO_TABLE)
    assert m.weights == [1.0, 1.0, 0.6]
    assert METEOR(parameters=(0.5, 1, 0.5, 0.5), weights=[1, 0.5, 0.5], **NO_TABLE).weights == [1.0, 0.5, 0.5]


def test_batch_calls_agree_with_single_calls():
    m = METEOR(**NO_TABLE)
    scores = m.sentence_scores(HYPS, STREAMS)
    for i, h in enumerate(HYPS):
        assert m.sentence_score(h, [r for r in REFS[i]]).score == scores[i]
    pair = m.pairwise(HYPS, [r[0] for r in REFS])
    for i, h in enumerate(HYPS):
        for j, r in enumerate(REFS):
            assert pair[i, j] == m.sentence_score(h, [r[0]]).score
    assert scores[3] == 0.0  # an empty hypothesis scores 0, not NaN
    assert m.sentence_score("the same words .", ["The same words."]).score == 1.0


def test_statistics_are_mergeable_and_workers_do_not_change_anything():
    m = METEOR(**NO_TABLE)
    stats = m.segment_statistics(HYPS, STREAMS, workers=1)
    assert stats.shape == (5, 23)
    assert np.array_equal(stats, m.segment_statistics(HYPS, STREAMS, workers=2))
    whole = m.corpus_score(HYPS, STREAMS)
    assert m.score_from_statistics(stats).score == whole.score
    parts = np.vstack(
        [
            m.segment_statistics(HYPS[:2], [s[:2] for s in STREAMS]),
            m.segment_statistics(HYPS[2:], [s[2:] for s in STREAMS]),
        ]
    )
    assert m.score_from_statistics(parts).score == whole.score
    # The corpus score is the score of the summed statistics, not the mean of the segments'.
    assert whole.score != pytest.approx(float(np.mean(m.sentence_scores(HYPS, STREAMS))), abs=1e-6)
    assert whole.statistics[0] == stats[:, 0].sum()


def test_expected_utility_and_top_k_take_meteor():
    import math

    m = METEOR(**NO_TABLE)
    texts = [h for h in HYPS if h] + [r[0] for r in REFS]
    u = m.pairwise(texts, texts)
    eu = rougebleu.expected_utility(texts, texts, metric=m)
    assert eu.tolist() == [math.fsum(row) / len(texts) for row in u.tolist()]
    idx, scores = rougebleu.top_k(texts, texts, 2, metric=m)
    for i, row in enumerate(u.tolist()):
        best = sorted(range(len(row)), key=lambda j: (-row[j], j))[:2]
        assert idx[i].tolist() == best and scores[i].tolist() == [row[j] for j in best]
    with pytest.raises(ValueError, match="pycocoevalcap"):
        rougebleu.top_k(texts, texts, 1, metric=METEOR(pycocoevalcap=True, **NO_TABLE))


def test_signature_names_the_jar():
    m = METEOR(**NO_TABLE)
    m.corpus_score(HYPS, STREAMS)
    sig = str(m.get_signature())
    assert sig.startswith("nrefs:2|impl:meteor-1.5-jar|eval:meteor-1.5-wo-en-norm-")
    assert sig.endswith(f"version:meteor-1.5+rougebleu-{rougebleu.__version__}")
    coco = METEOR(pycocoevalcap=True, **NO_TABLE)
    with pytest.raises(ValueError, match="references unknown"):
        coco.get_signature()
    coco.corpus_score(HYPS, STREAMS)
    assert "|io:pycocoevalcap|" in str(coco.get_signature())


def test_cached_references():
    m = METEOR(references=STREAMS, **NO_TABLE)
    assert m.corpus_score(HYPS, None).score == METEOR(**NO_TABLE).corpus_score(HYPS, STREAMS).score


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"normalize": "lowercase"}, ValueError, "normalize"),
        ({"normalize": 1}, TypeError, "normalize"),
        ({"task": "ranking"}, ValueError, "task"),
        ({"parameters": (0.85, 0.2, 0.6)}, ValueError, "parameters"),
        ({"parameters": "0.85 0.2 0.6 0.75"}, TypeError, "parameters"),
        ({"weights": [1.0, 0.6, 0.8, 0.6, 0.1], "modules": None}, ValueError, "weights"),
        ({"weights": [float("nan"), 1, 1]}, ValueError, "weights"),
        ({"modules": ["exact", "exact"]}, ValueError, "modules"),
        ({"modules": ["wordnet"]}, ValueError, "modules"),
        ({"modules": "exact"}, TypeError, "modules"),
        ({"beam_size": 0}, ValueError, "beam_size"),
        ({"beam_size": 2.5}, TypeError, "beam_size"),
        ({"char_based": 1}, TypeError, "char_based"),
        ({"pycocoevalcap": "yes"}, TypeError, "pycocoevalcap"),
        ({"paraphrase_table": 3}, TypeError, "paraphrase_table"),
    ],
)
def test_bad_options(options, error, words):
    kwargs = {**NO_TABLE, **options}
    if kwargs["modules"] is None:
        del kwargs["modules"]
        kwargs["paraphrase_table"] = find_paraphrase_table() or __file__  # checked before it is read
    with pytest.raises(error, match=words):
        METEOR(**kwargs)


def test_bad_inputs_name_the_argument():
    m = METEOR(**NO_TABLE)
    with pytest.raises(ValueError, match="segments"):
        m.corpus_score(HYPS[:3], STREAMS)
    with pytest.raises(ValueError, match="references"):
        m.corpus_score(["a"], [[None]])
    with pytest.raises(TypeError, match="hypotheses"):
        m.corpus_score("a single string", STREAMS)
    with pytest.raises(TypeError, match=r"hypotheses\[1\]"):
        m.sentence_scores(["a", 2], [["a", "b"]])
    with pytest.raises(TypeError, match="references"):
        m.sentence_score("a", "a")
    with pytest.raises(ValueError, match="surrogate"):
        m.sentence_scores(["\ud800"], [["a"]])
    with pytest.raises(ValueError, match="stats"):
        m.score_from_statistics(np.zeros((2, 22)))
    with pytest.raises(ValueError, match="workers"):
        m.sentence_scores(HYPS, STREAMS, workers=0)
    with pytest.raises(ValueError, match="references"):
        m.corpus_score(["a"], None)


def test_missing_paraphrase_table_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(_resources, "find_paraphrase_table", lambda path=None: None)
    monkeypatch.setattr("rougebleu.meteor.jar.find_paraphrase_table", lambda path=None: None)
    with pytest.raises(ValueError, match="paraphrase_table: METEOR 1.5's paraphrase module needs"):
        METEOR()
    with pytest.raises(ValueError, match="paraphrase_table"):
        pycocoevalcap_meteor(["a"], [["a"]])
    METEOR(**NO_TABLE)  # fine without


def test_paraphrase_table_path_is_checked(tmp_path):
    with pytest.raises(ValueError, match="no such file"):
        METEOR(paraphrase_table=tmp_path / "missing.gz")
    bad = tmp_path / "bad.gz"
    bad.write_bytes(b"not gzip")
    with pytest.raises(ValueError, match="paraphrase_table"):
        METEOR(paraphrase_table=bad, cache=False)


def test_a_small_paraphrase_table_and_its_cache(tmp_path):
    import gzip

    table = tmp_path / "para.gz"
    with gzip.open(table, "wt", encoding="utf-8") as f:
        f.write("0.1\nzzfoo\nzzbar\n0.2\nin order to\nto\n")
    cache = tmp_path / "cache"
    m = METEOR(paraphrase_table=table, cache=cache)
    assert len(list(cache.iterdir())) == 1
    with_para = m.sentence_score("a cat on the zzbar", ["a cat on the zzfoo"]).score
    without = METEOR(**NO_TABLE).sentence_score("a cat on the zzbar", ["a cat on the zzfoo"]).score
    assert with_para > without
    # The cache is read the second time (and gives the same numbers).
    assert (
        METEOR(paraphrase_table=table, cache=cache).sentence_score("a cat on the zzbar", ["a cat on the zzfoo"]).score
        == with_para
    )


def test_pycocoevalcap_string_handling():
    m = METEOR(pycocoevalcap=True, **NO_TABLE)
    # The wrapper removes ||| from the hypothesis, and the jar splits references at |||.
    assert m.sentence_score("a dog ||| runs", ["a dog runs"]).score == 1.0
    split = m.sentence_score("a cat", ["a dog ||| a cat"]).score
    assert split == 1.0
    with pytest.raises(ValueError, match="line break"):
        m.sentence_score("a\ncat", ["a cat"])
    with pytest.raises(TypeError, match=r"references\[0\]"):
        pycocoevalcap_meteor(["a"], ["a"])
    with pytest.raises(ValueError, match=r"references\[0\]"):
        pycocoevalcap_meteor(["a"], [[]])


def test_cache_dir_choices(monkeypatch, tmp_path):
    assert _resources.cache_dir(False) is None
    assert _resources.cache_dir(tmp_path) == str(tmp_path)
    monkeypatch.setenv("ROUGEBLEU_CACHE_DIR", str(tmp_path / "x"))
    assert _resources.cache_dir(True) == str(tmp_path / "x")
    with pytest.raises(TypeError, match="cache"):
        _resources.cache_dir(3)


@needs_table
def test_default_is_the_jar_with_paraphrases():
    m = METEOR()
    assert m.modules == ["exact", "stem", "synonym", "paraphrase"]
    assert m.weights == [1.0, 0.6, 0.8, 0.6]
    # A paraphrase match that exact, stem and synonym matching cannot make.
    hyp, ref = "they came with a view to win", "they came in order to win"
    assert m.sentence_score(hyp, [ref]).score > METEOR(**NO_TABLE).sentence_score(hyp, [ref]).score
