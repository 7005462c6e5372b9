"""The Python API of the ROUGE-1.5.5 mode on hand-computed cases (Lin 2004's examples under
ROUGE-1.5.5's definitions) and its agreement with the command line."""

from __future__ import annotations

import numpy as np
import pytest

from rougebleu.rouge155 import EvalItem, Rouge155

S1 = "police killed the gunman"
S2 = "police kill the gunman"
S3 = "the gunman kill police"


def rpf(res, measure, system="s", unit="1"):
    return res.item(system, measure, unit)


def test_lcs_and_skip_bigrams_on_the_paper_example():
    r = Rouge155(max_n=1, skip_distance=-1, skip_unigrams="both")
    res = r.evaluate([({"s": S2}, [S1]), ({"s": S3}, [S1])])
    assert res.measures == ("ROUGE-1", "ROUGE-L", "ROUGE-S*", "ROUGE-SU*")
    # S2: LCS "police the gunman" = 3/4; skip-bigrams shared (police,the) (police,gunman)
    # (the,gunman) = 3 of 6; SU adds the unigrams of all but the last token: police, the.
    assert rpf(res, "ROUGE-L") == (0.75, 0.75, 0.75)
    assert rpf(res, "ROUGE-S*") == (0.5, 0.5, 0.5)
    assert rpf(res, "ROUGE-SU*") == (0.55556, 0.55556, 0.55556)
    # S3: LCS "the gunman" = 2/4, one shared skip-bigram (the,gunman) = 1/6.
    assert rpf(res, "ROUGE-L", unit="2") == (0.5, 0.5, 0.5)
    assert rpf(res, "ROUGE-S*", unit="2") == (0.16667, 0.16667, 0.16667)


def test_rouge_w_counts_the_reference_length_twice():
    # Identical single-sentence texts: ROUGE-1.5.5 prints R = 0.75786, P = 1 (f applied twice).
    res = Rouge155(max_n=0, rouge_l=False, rouge_w=1.2).evaluate([({"s": "a b c d"}, ["a b c d"])])
    assert rpf(res, "ROUGE-W-1.2") == (0.75786, 1.0, 0.86225)


def test_f_is_computed_from_the_rounded_r_and_p():
    res = Rouge155(max_n=1, rouge_l=False, alpha=0.3).evaluate([({"s": "a b c"}, ["a b d e f g"])])
    r, p, f = rpf(res, "ROUGE-1")
    assert (r, p) == (0.33333, 0.66667)
    assert f == float(f"{r * p / (0.7 * p + 0.3 * r):.5f}")


def test_pooled_best_and_jackknife():
    evals = [({"s": "a b"}, ["a b", "a c", "c d"])]
    pooled = Rouge155(max_n=1, rouge_l=False).evaluate(evals)
    assert rpf(pooled, "ROUGE-1") == (0.5, 0.5, 0.5)  # 3 hits / 6 model tokens, / (3 x 2)
    best = Rouge155(max_n=1, rouge_l=False, multi_ref="B").evaluate(evals)
    assert rpf(best, "ROUGE-1") == (1.0, 1.0, 1.0)
    jack = Rouge155(max_n=1, rouge_l=False, jackknife=True).evaluate(evals)
    # leave out "a b": 1/4; "a c": 2/4; "c d": 3/4 -> mean 0.5
    assert rpf(jack, "ROUGE-1") == pytest.approx((0.5, 0.5, 0.5), abs=1e-15)
    assert jack.per_system["s"]["ROUGE-1"].recall[0] == pytest.approx(0.5)


def test_counts_mode_sums_raw_counts():
    res = Rouge155(max_n=1, rouge_l=False, counting="counts").evaluate(
        [({"s": "a b"}, ["a b c"]), ({"s": "x"}, ["x y"])]
    )
    sc = res.per_system["s"]["ROUGE-1"]
    assert (sc.recall[0], sc.precision[0], sc.fmeasure[0]) == (5.0, 3.0, 3.0)
    assert "s ROUGE-1 M_count: 5 P_count: 3 H_count: 3" in res.report()


def test_sentences_as_list_or_lines_agree():
    a = Rouge155(max_n=2).evaluate([({"s": "One two.\nThree four."}, ["one two three\n\nfour"])])
    b = Rouge155(max_n=2).evaluate([({"s": ["One two.", "Three four."]}, [["one two three", "four"]])])
    assert np.array_equal(a.scores, b.scores)
    assert a.report(per_eval=True) == b.report(per_eval=True)


def test_missing_systems_are_nan_and_warned():
    res = Rouge155(max_n=1).evaluate([EvalItem({"a": "x y", "b": "y"}, ["x y"]), EvalItem({"a": "x"}, ["x"])])
    assert res.systems == ("a", "b")
    assert res.item("b", "ROUGE-1", "2") is None
    assert np.isnan(res.scores[1, 0, 1]).all()
    assert any("peer b does not exist for evaluation 2" in w for w in res.warnings)


def test_workers_give_identical_results():
    evals = [
        ({f"s{k}": f"w{k} w{i} w{i + 1} x y" for k in range(3)}, [f"w{i} w{i + 1} x", "y x w1"]) for i in range(30)
    ]
    r = Rouge155(max_n=2, rouge_w=1.2, skip_distance=4, skip_unigrams="both")
    a, b = r.evaluate(evals, workers=1), r.evaluate(evals, workers=4)
    assert np.array_equal(a.scores, b.scores)
    assert a.report(per_eval=True) == b.report(per_eval=True)


def test_config_and_memory_agree(tmp_path):
    texts = {
        "p1": "the cat sat on the mat\nit was happy",
        "m1": "a cat sat on a mat",
        "m2": "the cat was on the mat",
    }
    for name, t in texts.items():
        (tmp_path / f"{name}.spl").write_text(t + "\n")
    (tmp_path / "c.xml").write_text(
        f'<ROUGE-EVAL><EVAL ID="7"><PEER-ROOT>{tmp_path}</PEER-ROOT><MODEL-ROOT>{tmp_path}</MODEL-ROOT>'
        '<INPUT-FORMAT TYPE="SPL"/><PEERS><P ID="p">p1.spl</P></PEERS>'
        '<MODELS><M ID="1">m1.spl</M><M ID="2">m2.spl</M></MODELS></EVAL></ROUGE-EVAL>'
    )
    r = Rouge155(max_n=2, rouge_w=1.2, skip_distance=4)
    a = r.evaluate_config(str(tmp_path / "c.xml"))
    b = r.evaluate([EvalItem({"p": texts["p1"]}, [texts["m1"], texts["m2"]], id="7")])
    assert a.report(per_eval=True) == b.report(per_eval=True)
