"""The drop-in ``rougebleu.rouge_score`` against rouge_score 0.1.2 itself: what it accepts and
rejects, and when; its numbers on real data; and the one-call paths against the batch APIs."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from conftest import read_jsonl
from rougebleu.rouge_score import io, rouge_scorer, scoring, tokenize, tokenizers

ref_scorer = pytest.importorskip("rouge_score.rouge_scorer")
ref_scoring = pytest.importorskip("rouge_score.scoring")
ref_tokenize = pytest.importorskip("rouge_score.tokenize")

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def outcome(fn, *args):
    """The result, or the exception's type and message."""
    try:
        return ("ok", fn(*args))
    except Exception as e:  # noqa: BLE001 - the point is to compare any exception
        return ("raised", type(e), str(e))


def both(types, *args, method="score", **kwargs):
    ours = rouge_scorer.RougeScorer(types, **kwargs)
    theirs = ref_scorer.RougeScorer(types, **kwargs)
    return outcome(getattr(ours, method), *args), outcome(getattr(theirs, method), *args)


@pytest.mark.parametrize(
    "types",
    [
        ["rougen"],
        ["rouge0"],
        ["rouge10"],
        ["rougex"],
        ["rougeL "],
        ["rouge1", "rougeW"],
        ["rouge1", "rouge0", "rougeLsum"],
        "rouge1",
        "rougeL",
        None,
        [1],
        [b"rouge2"],
        ["rouge1\n"],
        [],
        ("rouge1", "rougeL"),
        ["rouge9", "rougeLsum", "rouge1", "rouge1"],
    ],
)
def test_rouge_types_are_checked_at_score_as_rouge_score_does(types):
    rouge_scorer.RougeScorer(types)  # never raises here
    ours, theirs = both(types, "testing one two\nthree", "testing two")
    assert ours == theirs


@pytest.mark.parametrize(
    "target, prediction",
    [
        ("", ""),
        ("a b c", ""),
        ("The cat sat.", "the CAT sat"),
        ("İstanbul \u212a x", "i̇stanbul k"),
        (b"bytes Text", b"text"),
        (b"\xc4\xb0x y", "ix y"),
        ("lone \ud800 surrogate", "lone surrogate"),
        ("x\n\ny\n", "y\nx"),
        (None, "a"),
        ("a", 3),
        (b"\xff", "a"),
    ],
)
@pytest.mark.parametrize("stem", [False, True])
def test_texts_of_any_kind_give_rouge_score_s_result(target, prediction, stem):
    ours, theirs = both(TYPES, target, prediction, use_stemmer=stem)
    assert ours == theirs
    if ours[0] == "ok":
        for k, v in ours[1].items():
            assert [type(x) for x in v] == [type(x) for x in theirs[1][k]]  # int zeros stay ints


@pytest.mark.parametrize(
    "targets", [[], ["a b", "b c"], ("a b", "c"), iter(["x", "a b"]), "a b", ["a", None], [b"a b", "b"]]
)
def test_score_multi_as_rouge_score(targets):
    if not isinstance(targets, (str, list, tuple)):
        targets = list(targets)
        ours = outcome(rouge_scorer.RougeScorer(TYPES).score_multi, iter(targets), "a b c")
        theirs = outcome(ref_scorer.RougeScorer(TYPES).score_multi, iter(targets), "a b c")
        assert ours == theirs
    ours, theirs = both(TYPES, targets, "a b c", method="score_multi")
    assert ours == theirs


class WhitespaceTokenizer(tokenizers.Tokenizer):
    def tokenize(self, text):
        return text.lower().split()


def test_custom_tokenizer_split_and_rouge_types_set_later():
    text_t, text_p = "The cat, the hat.\nA bat", "the hat; a cat\nthe bat"
    ours = rouge_scorer.RougeScorer(TYPES, tokenizer=WhitespaceTokenizer())
    theirs = ref_scorer.RougeScorer(TYPES, tokenizer=WhitespaceTokenizer())
    assert ours.score(text_t, text_p) == theirs.score(text_t, text_p)
    default = rouge_scorer.RougeScorer(["rouge1"])
    default.rouge_types = ["rouge2", "rougeLsum"]
    assert default.score(text_t, text_p) == ref_scorer.RougeScorer(["rouge2", "rougeLsum"]).score(text_t, text_p)
    default.rouge_types.append("rougeX")
    with pytest.raises(ValueError, match="Invalid rouge type: rougeX"):
        default.score(text_t, text_p)


def overriding(base):
    class Overriding(base):
        def score(self, target, prediction):
            return super().score(target + " extra words", prediction)

    return Overriding


def test_score_multi_uses_an_overridden_score():
    ours = overriding(rouge_scorer.RougeScorer)(TYPES).score_multi(["a b", "c a"], "a c")
    assert ours == overriding(ref_scorer.RougeScorer)(TYPES).score_multi(["a b", "c a"], "a c")
    assert ours != rouge_scorer.RougeScorer(TYPES).score_multi(["a b", "c a"], "a c")


def test_tokenize_module_as_rouge_score():
    from nltk.stem import porter

    nltk_stemmer = porter.PorterStemmer()
    for text in ["one Two three", "one\n Two \nthree", "Running ponies' hooves", "naïve café", b"BYTES text"]:
        assert tokenize.tokenize(text, None) == ref_tokenize.tokenize(text, None)
        assert tokenize.tokenize(text, nltk_stemmer) == ref_tokenize.tokenize(text, nltk_stemmer)
        assert tokenize.tokenize(text, tokenize.PorterStemmer()) == ref_tokenize.tokenize(text, nltk_stemmer)
    assert tokenizers.DefaultTokenizer(True).tokenize("the friends had a meeting") == [
        "the",
        "friend",
        "had",
        "a",
        "meet",
    ]
    with pytest.raises(AttributeError):
        tokenize.tokenize(None, None)


def test_helpers_match_rouge_score():
    ref, can = [1, 2, 3, 4, 5], [2, 5, 3, 4]
    assert rouge_scorer._lcs_table(ref, can) == ref_scorer._lcs_table(ref, can)
    assert rouge_scorer.lcs_ind(ref, can) == ref_scorer.lcs_ind(ref, can)
    refs, cans = [["a", "b", "c"], ["d", "e"]], [["a", "d"], ["b", "e", "c"]]
    assert rouge_scorer._summary_level_lcs(refs, cans) == ref_scorer._summary_level_lcs(refs, cans)
    a, b = rouge_scorer._create_ngrams(list("abcab"), 2), rouge_scorer._create_ngrams(list("abab"), 2)
    assert rouge_scorer._score_ngrams(a, b) == ref_scorer._score_ngrams(a, b)


def test_bootstrap_aggregator_matches_rouge_score_under_the_same_seed():
    rng = np.random.default_rng(0)
    rows = [{"rouge1": scoring.Score(*rng.random(3)), "rougeL": scoring.Score(*rng.random(3))} for _ in range(50)]
    out = []
    for mod in (scoring, ref_scoring):
        agg = mod.BootstrapAggregator(n_samples=200)
        for r in rows:
            agg.add_scores(r)
        np.random.seed(7)
        out.append({k: tuple(tuple(x) for x in v) for k, v in agg.aggregate().items()})
    assert out[0] == out[1]
    for bad in ((-0.1, 10), (1.5, 10), (0.9, 0)):
        assert outcome(scoring.BootstrapAggregator, *bad)[:2] == outcome(ref_scoring.BootstrapAggregator, *bad)[:2]
    scoring.BootstrapAggregator(n_samples=2.5)  # accepted, as in rouge_score
    assert issubclass(rouge_scorer.RougeScorer, scoring.BaseScorer)


def test_io_writes_rouge_score_s_csv(tmp_path):
    (tmp_path / "t.txt").write_text("a b c\nd e\n")
    (tmp_path / "p.txt").write_text("a c\nd f\n")
    for per_example in (True, False):
        texts = []
        for mod_io, mod_scorer, mod_scoring in ((io, rouge_scorer, scoring), (None, ref_scorer, ref_scoring)):
            if mod_io is None:
                from rouge_score import io as mod_io
            out = tmp_path / "out.csv"
            np.random.seed(3)
            agg = None if per_example else mod_scoring.BootstrapAggregator(n_samples=50)
            mod_io.compute_scores_and_write_to_csv(
                str(tmp_path / "t.txt"), str(tmp_path / "p.txt"), str(out), mod_scorer.RougeScorer(TYPES), agg
            )
            texts.append(out.read_text())
        assert texts[0] == texts[1]


@pytest.fixture(scope="module")
def realsumm(corpus):
    items = read_jsonl(corpus / "summ" / "realsumm_cnndm.jsonl")
    return items[::6]  # 400 pairs, all systems and documents


@pytest.mark.parametrize("stem", [False, True])
def test_real_data_bit_identical_to_rouge_score_and_to_the_batch_api(realsumm, stem):
    import rougebleu

    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
    main = rougebleu.RougeScorer(TYPES, use_stemmer=stem)
    theirs = ref_scorer.RougeScorer(TYPES, use_stemmer=stem)
    targets = [it["references"][0] for it in realsumm]
    preds = [it["candidate"] for it in realsumm]
    batch = main.score_batch(targets, preds, workers=1)
    for i, (t, p) in enumerate(zip(targets, preds)):
        got = ours.score(t, p)
        assert got == main.score(t, p) == batch[i]
        if i % 4 == 0:  # rouge_score itself is slow
            assert got == theirs.score(t, p)
    multi = [[it["references"][0], it["candidate"][::-1], it["references"][0][:200]] for it in realsumm[:40]]
    for refs, p in zip(multi, preds):
        assert ours.score_multi(refs, p) == theirs.score_multi(refs, p) == main.score_multi(refs, p)


def test_real_data_sentence_bleu_bit_identical(realsumm):
    import sacrebleu

    import rougebleu

    hyps = [it["candidate"] for it in realsumm[:150]]
    refs = [it["references"][0] for it in realsumm[:150]]
    for kwargs in ({"effective_order": True}, {}, {"smooth_method": "add-k"}, {"tokenize": "intl"}):
        ours, theirs = rougebleu.BLEU(**kwargs), sacrebleu.metrics.BLEU(**kwargs)
        batch = ours.sentence_scores(hyps, [refs])
        for i, (h, r) in enumerate(zip(hyps, refs)):
            a, b = ours.sentence_score(h, [r]), theirs.sentence_score(h, [r])
            assert (a.score, a.counts, a.totals, a.precisions, a.bp, a.sys_len, a.ref_len) == (
                b.score,
                b.counts,
                b.totals,
                b.precisions,
                b.bp,
                b.sys_len,
                b.ref_len,
            )
            assert a.score == batch[i]
            assert str(a) == str(b)
    for h, r in zip(hyps[:30], refs[:30]):
        assert (
            rougebleu.sentence_bleu(h, [r, None, h[:40]]).score == sacrebleu.sentence_bleu(h, [r, None, h[:40]]).score
        )
        assert rougebleu.sentence_bleu(h, [r], smooth_method="floor").score == (
            sacrebleu.sentence_bleu(h, [r], smooth_method="floor").score
        )


def test_bleu_objects_still_pickle():
    import rougebleu

    fresh = rougebleu.BLEU(effective_order=True)
    metric = pickle.loads(pickle.dumps(fresh))
    assert metric.sentence_score("a b c d", ["a b c e"]).score == fresh.sentence_score("a b c d", ["a b c e"]).score


def test_drop_in_scorers_pickle_like_rouge_score_s():
    for scorer in (rouge_scorer.RougeScorer(TYPES, use_stemmer=True), rouge_scorer.RougeScorer(["rougeX"])):
        copy = pickle.loads(pickle.dumps(scorer))
        assert outcome(copy.score, "The cats ran", "a cat runs") == outcome(scorer.score, "The cats ran", "a cat runs")
        assert isinstance(copy, scoring.BaseScorer)
