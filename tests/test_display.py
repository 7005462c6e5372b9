"""Results in notebooks: useful reprs and `_repr_html_` tables of the score and interval objects,
`RougeScorer` and `Rouge155Result`; batch results as pandas/Polars frames in one call; `.plot()`
of corpus results as a matplotlib figure."""

from __future__ import annotations

import numpy as np
import pytest

import rougebleu
from rougebleu.rouge155 import Rouge155

PREDS = ["the cat sat on a mat", "a quick brown fox", "hello there world", "rain falls"]
REFS = ["the cat sat on the mat", "the quick brown fox jumps", "hello world", "the rain in spain falls"]


@pytest.fixture(scope="module")
def matplotlib():
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    return mpl


def test_rouge_scores_and_intervals_show_their_numbers() -> None:
    score = rougebleu.RougeScorer(["rouge1"]).score(REFS[0], PREDS[0])["rouge1"]
    html = score._repr_html_()
    assert f"{score.precision:.4f}" in html and f"{score.fmeasure:.4f}" in html and "<table" in html
    agg = rougebleu.BootstrapAggregator(seed=1)
    for r, p in zip(REFS, PREDS):
        agg.add_scores(rougebleu.RougeScorer(["rouge1"]).score(r, p))
    aggregate = agg.aggregate()["rouge1"]
    assert f"{aggregate.mid.fmeasure:.4f}" in aggregate._repr_html_()
    result = rougebleu.rouge_corpus(PREDS, REFS, rouge_types=["rouge1", "rougeL"], n_bootstrap=200, seed=3)
    assert isinstance(result, dict) and list(result) == ["rouge1", "rougeL"]
    f = result["rougeL"].fmeasure
    assert repr(f).startswith("Interval(score=") and f"{f.low:.4f}" in f._repr_html_()
    assert f"{f.high:.4f}" in result["rougeL"]._repr_html_() and "rougeL" in result._repr_html_()


def test_rouge_scorer_repr_names_its_options() -> None:
    scorer = rougebleu.RougeScorer(["rouge1", "rougeLsum"], use_stemmer=True, multi_ref="pooled")
    text = repr(scorer)
    assert text == "RougeScorer(['rouge1', 'rougeLsum'], use_stemmer=True, multi_ref='pooled')"
    again = eval(text, {"RougeScorer": rougebleu.RougeScorer})
    assert repr(again) == text and again.score("a b", "a c") == scorer.score("a b", "a c")
    assert "pooled" in scorer._repr_html_() and repr(rougebleu.RougeScorer(["rouge2"])) == "RougeScorer(['rouge2'])"


def test_mt_scores_show_their_interval() -> None:
    bleu = rougebleu.BLEU().corpus_score(PREDS * 5, [REFS * 5], n_bootstrap=100)
    html = bleu._repr_html_()
    assert "BLEU" in html and f"{bleu.score:.4f}" in html and f"{bleu.ci:.4f}" in html
    assert repr(bleu).startswith("BLEU = ")
    chrf = rougebleu.CHRF().corpus_score(PREDS, [REFS])
    assert "bootstrap" not in chrf._repr_html_() and "chrF2" in chrf._repr_html_()


def test_rouge155_result_shows_its_averages() -> None:
    result = Rouge155(max_n=1, rouge_l=False).evaluate([({"A": p, "B": r}, [r]) for p, r in zip(PREDS, REFS)])
    text = repr(result)
    assert text.startswith("Rouge155Result(2 system(s), 4 unit(s), measures ROUGE-1)")
    recall = result.per_system["A"]["ROUGE-1"].recall[0]
    assert f"R {recall}" in text and f"{recall:.5f}" in result._repr_html_()
    frame = result.to_frame()
    assert len(frame) == 8 and set(frame.columns) == {"system", "measure", "unit", "recall", "precision", "fmeasure"}
    a = frame[(frame.system == "A") & (frame.unit == "2")]
    assert tuple(a[["recall", "precision", "fmeasure"]].iloc[0]) == result.item("A", "ROUGE-1", "2")


def test_batch_results_as_frames_in_one_call() -> None:
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    arrays = rougebleu.rouge(PREDS, REFS, rouge_types=["rouge1", "rougeL"])
    frame = rougebleu.rouge(PREDS, REFS, rouge_types=["rouge1", "rougeL"], output="pandas")
    assert isinstance(frame, pd.DataFrame) and list(frame.columns)[:3] == [
        "rouge1_precision",
        "rouge1_recall",
        "rouge1_fmeasure",
    ]
    np.testing.assert_array_equal(frame["rougeL_fmeasure"].to_numpy(), arrays["rougeL"].fmeasure)
    polars = rougebleu.rouge(PREDS, REFS, rouge_types=["rouge1"], output="polars")
    assert isinstance(polars, pl.DataFrame) and polars["rouge1_recall"].to_list() == arrays["rouge1"].recall.tolist()
    corpus = rougebleu.rouge_corpus(PREDS, REFS, rouge_types=["rouge1", "rougeL"], n_bootstrap=0)
    table = corpus.to_frame("polars")
    assert table["fmeasure"].to_list() == [corpus[t].fmeasure.score for t in ("rouge1", "rougeL")]
    with pytest.raises(ValueError, match="output"):
        rougebleu.rouge(PREDS, REFS, output="excel")
    with pytest.raises(ValueError, match="library"):
        corpus.to_frame("excel")


def test_corpus_results_plot(matplotlib) -> None:
    corpus = rougebleu.rouge_corpus(PREDS, REFS, rouge_types=["rouge1", "rougeL"], n_bootstrap=100, seed=1)
    fig = corpus.plot()
    assert isinstance(fig, matplotlib.figure.Figure)
    ax = fig.axes[0]
    assert [line.get_xdata()[0] for line in ax.lines] == [corpus[t].fmeasure.score for t in ("rouge1", "rougeL")]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["rouge1", "rougeL"]
    fig = corpus["rouge1"].plot()
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["precision", "recall", "fmeasure"]
    bleu = rougebleu.BLEU().corpus_score(PREDS * 5, [REFS * 5], n_bootstrap=100)
    fig = bleu.plot()
    (whisker,) = fig.axes[0].collections  # the interval, drawn with the score
    assert np.allclose(whisker.get_segments()[0][:, 0], [bleu.mean - bleu.ci, bleu.mean + bleu.ci])
    with pytest.raises(ValueError, match="measure"):
        corpus.plot("f1")
