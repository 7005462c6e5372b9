"""`rougebleu.compare` and `rougebleu compare`: the report's numbers are the library's own, its
analyses agree with compare-mt 0.2.10 where compare-mt defines them the same way, and bad inputs
get the commands' usual errors.

compare-mt reads pre-tokenized text (it splits lines at single spaces); it is given the sacrebleu
13a tokens the report uses, so both count the same words. Its BLEU is its own (whitespace tokens,
no smoothing, another brevity penalty) and its sentence-level scores NLTK's: the report's scores
are sacrebleu's and rouge_score's on purpose, so only the buckets, word accuracy and n-gram counts
are compared with it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import rougebleu
from rougebleu import _rougebleu as _native
from rougebleu.report import _buckets

WMT21 = "wmt21_en-de"
SYSTEMS = ("Facebook-AI", "UEdin", "ICL")


def _lines(path: Path) -> list[str]:
    with open(path, encoding="utf-8", newline="\n") as f:
        return [line.rstrip() for line in f]


@pytest.fixture(scope="module")
def wmt21(corpus: Path) -> dict:
    folder = corpus / "mt" / WMT21
    return {
        "folder": folder,
        "ref": _lines(folder / "newstest2021.en-de.ref.A.de"),
        "ref_c": _lines(folder / "newstest2021.en-de.ref.C.de"),
        "src": _lines(folder / "newstest2021.en-de.src.en"),
        "systems": {s: _lines(folder / f"newstest2021.en-de.hyp.{s}.de") for s in SYSTEMS},
    }


@pytest.fixture(scope="module")
def report(wmt21: dict) -> rougebleu.Report:
    return rougebleu.compare(
        wmt21["systems"],
        wmt21["ref"],
        metrics=["bleu", "chrf", "ter"],
        sources=wmt21["src"],
        paired_bs_n=300,
        paired_ar_n=300,
        seed=7,
        ngram_kinds=["match", "over", "under"],
        ngram_top=15,
        examples=3,
    )


# -- the numbers are the library's ------------------------------------------------------------------


def test_mt_scores_intervals_and_p_values_equal_the_library(wmt21: dict, report: rougebleu.Report) -> None:
    named = list(wmt21["systems"].items())
    for key, metric in (("bleu", rougebleu.BLEU()), ("chrf", rougebleu.CHRF()), ("ter", rougebleu.TER())):
        _, bs = rougebleu.paired_test(metric, named, [wmt21["ref"]], test_type="bs", n_samples=300, seed=7)
        _, ar = rougebleu.paired_test(metric, named, [wmt21["ref"]], test_type="ar", n_samples=300, seed=7)
        for (name, hyps), b, a in zip(named, bs, ar):
            row = report.score(key, name)
            assert row["score"] == metric.corpus_score(hyps, [wmt21["ref"]]).score == b.score
            assert (row["p_bootstrap"], row["mean"], row["ci"]) == (b.p_value, b.mean, b.ci)
            assert row["p_randomization"] == a.p_value
            assert row["low"] == b.mean - b.ci and row["high"] == b.mean + b.ci
    # The signatures are the metrics' own.
    sigs = {m["key"]: m["signature"] for m in report.data["metrics"]}
    assert sigs["bleu"].startswith("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:")
    assert sigs["chrf"].startswith("nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:")


def test_sentence_scores_and_wins_are_the_metrics_sentence_scores(wmt21: dict, report: rougebleu.Report) -> None:
    ref = [wmt21["ref"]]
    base, other = (wmt21["systems"][s] for s in SYSTEMS[:2])
    sentence = {
        "bleu": lambda h: rougebleu.BLEU(effective_order=True).sentence_scores(h, ref),
        "chrf": lambda h: rougebleu.CHRF().sentence_scores(h, ref),
        "ter": lambda h: rougebleu.TER().sentence_scores(h, ref),
    }
    for key, score in sentence.items():
        b, o = score(base), score(other)
        better, worse = (o > b, o < b) if key != "ter" else (o < b, o > b)
        row = report.score(key, SYSTEMS[1])
        assert (row["wins"], row["losses"]) == (int(better.sum()), int(worse.sum()))
        assert row["wins"] + row["ties"] + row["losses"] == len(b)
        block = next(x for x in report.data["sentence_scores"] if x["metric"] == key)
        scale = 100.0
        cutoffs = [x * scale / 10.0 for x in range(1, 10)]
        assert block["counts"][SYSTEMS[1]] == _buckets.counts(o, cutoffs)
    # The sentence BLEU of the largest differences is sacrebleu's sentence_bleu.
    ex = report.data["examples"]["comparisons"][0]["system_better"][0]
    i = ex["segment"]
    assert ex["system"]["score"] == rougebleu.sentence_bleu(other[i], [wmt21["ref"][i]]).score
    assert ex["difference"] > 0 and ex["source"] == wmt21["src"][i]


def test_bucket_scores_are_corpus_scores_of_the_buckets(wmt21: dict, report: rougebleu.Report) -> None:
    tokens = _native.bleu_tokenize(wmt21["ref"], "13a", False)
    lengths = [len(t) for t in tokens]
    section = report.data["reference_length"]
    for b, label in enumerate(section["buckets"]):
        idx = [i for i, n in enumerate(lengths) if _buckets.bucket_of(n, _buckets.REFERENCE_LENGTH) == b]
        assert section["segments"][b] == len(idx)
        for key, metric in (("bleu", rougebleu.BLEU()), ("ter", rougebleu.TER())):
            scores = next(x for x in section["scores"] if x["metric"] == key)["systems"]
            hyps = [wmt21["systems"][SYSTEMS[2]][i] for i in idx]
            expected = metric.corpus_score(hyps, [[wmt21["ref"][i] for i in idx]]).score if idx else None
            assert scores[SYSTEMS[2]][b] == expected, (key, label)


def test_rouge_equals_rouge_corpus_and_rouge_paired_test(corpus: Path) -> None:
    from conftest import read_jsonl

    items = read_jsonl(corpus / "summ" / "realsumm_cnndm.jsonl")
    by: dict = {}
    refs: dict = {}
    for it in items:
        by.setdefault(it["system"], {})[it["doc_id"]] = it["candidate"]
        refs[it["doc_id"]] = it["references"][0]
    docs = sorted(refs)
    systems = {s: [by[s][d] for d in docs] for s in sorted(by)[:3]}
    references = [refs[d] for d in docs]
    types = ["rouge1", "rougeL", "rougeLsum"]
    report = rougebleu.compare(
        systems, references, metrics=types, use_stemmer=True, paired_bs_n=400, paired_ar_n=500, seed=11
    )
    bs = rougebleu.rouge_paired_test(systems, references, rouge_types=types, use_stemmer=True, n_samples=400, seed=11)
    ar = rougebleu.rouge_paired_test(
        systems, references, rouge_types=types, use_stemmer=True, test_type="ar", n_samples=500, seed=11
    )
    for name, preds in systems.items():
        corpus_scores = rougebleu.rouge_corpus(preds, references, rouge_types=types, use_stemmer=True, n_bootstrap=0)
        for t in types:
            row = report.score(t, name)
            assert row["score"] == corpus_scores[t].fmeasure.score
            b = next(r for r in bs[t] if r.system == name)
            a = next(r for r in ar[t] if r.system == name)
            assert (row["p_bootstrap"], row["mean"], row["ci"], row["p_randomization"]) == (
                b.p_value,
                b.mean,
                b.ci,
                a.p_value,
            )
    settings = next(m for m in report.data["metrics"] if m["key"] == "rougeLsum")
    # ROUGE's signature, the stemmer and the macro average in it.
    assert settings["signature"] == rougebleu.rouge_signature(["rougeLsum"], use_stemmer=True, average="macro")
    assert settings["settings"]["use_stemmer"] is True and settings["settings"]["multi_ref"] == "max"


# -- compare-mt ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def compare_mt() -> object:
    return pytest.importorskip("compare_mt.bucketers")


def _tokens(texts: list[str]) -> list[list[str]]:
    return _native.bleu_tokenize(texts, "13a", False)


def test_word_accuracy_by_frequency_equals_compare_mt(
    wmt21: dict, report: rougebleu.Report, compare_mt, tmp_path
) -> None:
    bucketers = compare_mt
    ref = _tokens(wmt21["ref"])
    outs = [_tokens(wmt21["systems"][s]) for s in SYSTEMS]
    section = report.data["word_accuracy"]
    freq_file = tmp_path / "train.tok"
    freq_file.write_text(
        "\n".join(" ".join(t) for t in _tokens(wmt21["ref_c"] + wmt21["src"])) + "\n", encoding="utf-8"
    )
    other = rougebleu.compare(
        wmt21["systems"], wmt21["ref"], metrics=["bleu"], freq_corpus=wmt21["ref_c"] + wmt21["src"], paired_bs_n=10
    ).data["word_accuracy"]
    agreed = 0
    for ours, bucketer in (
        (section, bucketers.FreqWordBucketer(freq_data=ref)),
        (other, bucketers.FreqWordBucketer(freq_corpus_file=str(freq_file))),
    ):
        statistics, *_ = bucketer.calc_statistics(ref, outs)
        assert ours["buckets"] == bucketer.bucket_strs
        for name, stats in zip(SYSTEMS, statistics):
            mine = ours["systems"][name]
            for b, (mcnt, rcnt, ocnt, rec, prec, fmeas) in enumerate(stats):
                assert (mine["matches"][b], ours["reference_words"][b], mine["output_words"][b]) == (mcnt, rcnt, ocnt)
                assert (mine["recall"][b], mine["precision"][b], mine["fmeasure"][b]) == (rec, prec, fmeas)
                agreed += 1
    assert agreed == 2 * len(SYSTEMS) * 9


def test_sentence_buckets_equal_compare_mt(wmt21: dict, report: rougebleu.Report, compare_mt) -> None:
    bucketers = compare_mt
    ref = _tokens(wmt21["ref"])
    outs = [_tokens(wmt21["systems"][s]) for s in SYSTEMS]
    length = bucketers.LengthSentenceBucketer()
    section = report.data["reference_length"]
    assert section["buckets"] == length.bucket_strs
    assert section["segments"] == [len(b[0]) for b in length.create_bucketed_corpus(outs[0], ref=ref)]
    diff = bucketers.LengthDiffSentenceBucketer()
    section = report.data["length_difference"]
    assert section["buckets"] == diff.bucket_strs
    for name, out in zip(SYSTEMS, outs):
        assert section["counts"][name] == [len(b[0]) for b in diff.create_bucketed_corpus(out, ref=ref)]
    # Sentence-level score buckets: compare-mt's cutoffs and bucketing, on the report's own scores.
    score = bucketers.ScoreSentenceBucketer("sentbleu")
    block = next(x for x in report.data["sentence_scores"] if x["metric"] == "bleu")
    assert block["buckets"] == score.bucket_strs
    sentence = rougebleu.BLEU(effective_order=True).sentence_scores(wmt21["systems"][SYSTEMS[0]], [wmt21["ref"]])
    expected = [0] * len(score.bucket_strs)
    for s in sentence:
        expected[score.cutoff_into_bucket(s)] += 1
    assert block["counts"][SYSTEMS[0]] == expected


@pytest.mark.parametrize("kind", ["match", "over", "under"])
def test_characteristic_ngrams_equal_compare_mt(wmt21: dict, report: rougebleu.Report, compare_mt, kind: str) -> None:
    from compare_mt import ngram_utils, stat_utils

    ref = _tokens(wmt21["ref"])
    index = ["total", "match", "over", "under"].index(kind)
    counts = [
        ngram_utils.compare_ngrams(ref, _tokens(wmt21["systems"][s]), min_length=1, max_length=4)[index]
        for s in SYSTEMS
    ]
    top = report.data["settings"]["ngrams"]["top"]
    for s in (1, 2):
        # compare-mt's direction "s-0": the system on the left, the baseline on the right.
        scores = stat_utils.extract_salient_features(counts[s], counts[0], alpha=1.0)
        ranked = sorted(scores.values(), reverse=True)
        c = next(x for x in report.data["ngrams"] if x["system"] == SYSTEMS[s] and x["kind"] == kind)
        for rows, expected in ((c["system_more"], ranked[:top]), (c["baseline_more"], sorted(scores.values())[:top])):
            assert [r["score"] for r in rows] == expected
            for r in rows:
                key = tuple(r["ngram"].split(" "))
                assert (r["system"], r["baseline"], r["score"]) == (counts[s][key], counts[0][key], scores[key])


# -- output formats ------------------------------------------------------------------------------


def test_formats_hold_every_section(report: rougebleu.Report, tmp_path: Path) -> None:
    from rougebleu.report._tables import SECTIONS

    for ext in (".html", ".md", ".json", ".tex", ".txt"):
        report.save(tmp_path / f"r{ext}")
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data == json.loads(report.to_json())
    assert data["scores"][0]["systems"][1]["p_bootstrap"] == report.score("bleu", SYSTEMS[1])["p_bootstrap"]
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    markdown = (tmp_path / "r.md").read_text(encoding="utf-8")
    for sid, title in SECTIONS.items():
        assert f'<section id="{sid}">' in html
        assert f"## {title}" in markdown
    assert "<script" not in html and "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert html.count("<svg") >= 10
    tex = (tmp_path / "r.tex").read_text(encoding="utf-8")
    assert "\\begin{tabular}{lrrr}" in tex and "Facebook-AI" in tex and "\\bottomrule" in tex
    assert (tmp_path / "r.txt").read_text(encoding="utf-8") == report.to_text()
    assert "BLEU" in repr(report) and report._repr_html_().startswith('<div class="rb-report">')
    with pytest.raises(ValueError, match="format"):
        report.save(tmp_path / "r.pdf")


def test_frames(report: rougebleu.Report) -> None:
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    scores = report.frame("scores")
    assert isinstance(scores, pd.DataFrame) and len(scores) == 3 * len(SYSTEMS)
    assert (
        scores.loc[(scores.metric == "bleu") & (scores.system == "UEdin"), "score"].item()
        == report.score("bleu", "UEdin")["score"]
    )
    ngrams = report.frame("ngrams", library="polars")
    assert isinstance(ngrams, pl.DataFrame) and set(ngrams["kind"].unique()) == {"match", "over", "under"}
    for table in ("sentence_scores", "reference_length", "length_ratio", "length_difference", "word_accuracy"):
        assert len(report.frame(table)) > 0
    with pytest.raises(ValueError, match="table"):
        report.frame("nope")


# -- bad inputs ----------------------------------------------------------------------------------


def test_bad_inputs_name_the_argument() -> None:
    a, b = ["a b c", "d e"], ["a b", "d"]
    with pytest.raises(ValueError, match="at least two systems"):
        rougebleu.compare({"a": a}, a)
    with pytest.raises(ValueError, match="systems: b has 1 segments"):
        rougebleu.compare({"a": a, "b": b[:1]}, a)
    with pytest.raises(ValueError, match="references: 1 segments"):
        rougebleu.compare({"a": a, "b": b}, a[:1])
    with pytest.raises(ValueError, match="no segments"):
        rougebleu.compare({"a": [], "b": []}, [])
    with pytest.raises(ValueError, match="unknown metric 'blue'"):
        rougebleu.compare({"a": a, "b": b}, a, metrics=["blue"])
    with pytest.raises(ValueError, match="rouge"):
        rougebleu.compare({"a": a, "b": b}, a, metrics=["rougeX"])
    with pytest.raises(ValueError, match="given more than once"):
        rougebleu.compare({"a": a, "b": b}, a, metrics=["bleu", rougebleu.BLEU()])
    with pytest.raises(TypeError, match="systems"):
        rougebleu.compare("abc", a)
    with pytest.raises(ValueError, match="tokenize"):
        rougebleu.compare({"a": a, "b": b}, a, tokenize="moses")
    with pytest.raises(ValueError, match="ngram_kinds"):
        rougebleu.compare({"a": a, "b": b}, a, ngram_kinds=["missing"])
    with pytest.raises(ValueError, match="paired_bs_n"):
        rougebleu.compare({"a": a, "b": b}, a, paired_bs_n=0)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rougebleu", "compare", *args], capture_output=True, text=True)


def test_command_writes_every_format_and_refuses_bad_input(tmp_path: Path) -> None:
    ref, a, b = tmp_path / "ref.txt", tmp_path / "a.txt", tmp_path / "b.txt"
    ref.write_text("the cat sat on the mat\na quick brown fox\nhello world\n", encoding="utf-8")
    a.write_text("the cat sat on a mat\nthe quick brown fox\nhello there world\n", encoding="utf-8")
    b.write_text("a cat sat\na fox\nhello world\n", encoding="utf-8")
    out = _cli("-r", str(ref), str(a), str(b), "-m", "bleu", "rouge1", "--paired-bs-n", "50", "--names", "A", "B")
    assert out.returncode == 0, out.stderr
    assert "BLEU" in out.stdout and "rouge1 F" in out.stdout and "(baseline)" in out.stdout
    report = rougebleu.compare(
        {"A": _lines(a), "B": _lines(b)}, _lines(ref), metrics=["bleu", "rouge1"], paired_bs_n=50
    )
    assert out.stdout == report.to_text()
    targets = [tmp_path / f"r{ext}" for ext in (".html", ".json", ".md", ".tex")]
    out = _cli("-r", str(ref), str(a), str(b), "--paired-bs-n", "50", *(x for t in targets for x in ("-o", str(t))))
    assert out.returncode == 0 and out.stdout == "", out.stderr
    assert all(t.stat().st_size > 0 for t in targets)
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    short = tmp_path / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    for args, message in (
        ([str(a)], "at least two system files"),
        ([str(a), str(short)], "short.txt has 1 lines but"),
        ([str(a), str(empty)], "empty.txt is empty"),
        ([str(a), str(b), "-m", "bleu", "meteor2"], "unknown metric 'meteor2'"),
        ([str(a), str(tmp_path / "missing.txt")], "cannot read"),
        ([str(a), str(b), "-o", str(tmp_path / "r.pdf")], "format comes from the extension"),
        ([str(a), str(b), "--seed", "x"], "--seed must be an integer"),
    ):
        out = _cli("-r", str(ref), *args)
        assert out.returncode == 1 and out.stderr.startswith("rougebleu compare: error: "), (args, out.stderr)
        assert message in out.stderr, (args, out.stderr)
    assert _cli(str(a), str(b)).returncode == 2  # no reference: a usage error


def test_default_names_are_the_shortest_distinct_path_tails(tmp_path: Path) -> None:
    from rougebleu.cli.compare import default_names

    assert default_names(["runs/x/a.de", "runs/y/b.de"]) == ["a.de", "b.de"]
    assert default_names(["runs/sys1/out.txt", "runs/sys2/out.txt"]) == ["sys1/out.txt", "sys2/out.txt"]
    assert default_names(["out.txt", "other/out.txt"]) == ["out.txt", "other/out.txt"]
    assert default_names(["a.txt", "a.txt"]) == ["a.txt", "a.txt (2)"]
    ref, a, b = tmp_path / "ref.txt", tmp_path / "sys1" / "out.txt", tmp_path / "sys2" / "out.txt"
    for path, text in ((ref, "the cat sat on the mat\n"), (a, "the cat sat\n"), (b, "a cat sat on the mat\n")):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    out = _cli("-r", str(ref), str(a), str(b), "-m", "bleu", "--paired-bs-n", "20", "-o", str(tmp_path / "r.json"))
    assert out.returncode == 0, out.stderr
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data["systems"] == ["sys1/out.txt", "sys2/out.txt"]


def test_long_system_names_do_not_squeeze_the_charts() -> None:
    from rougebleu.report import _svg

    long = "/very/long/folder/of/system/outputs/newstest2021.en-de.hyp."
    series = [(long + "A.de", [1.0, 2.0] * 10), (long + "B.de", [2.0, 1.0] * 10)]
    svg = _svg.bars([f"b{i}" for i in range(20)], series, title="t", ylabel="y")
    # Twenty groups keep 36 px each however long the legend's names, which are shortened in the middle
    # and kept whole in their hover titles.
    width = float(svg.split('width="', 1)[1].split('"', 1)[0])
    assert width >= 56 + 36 * 20
    assert long + "A.de" in svg and "\u2026" in svg
    legend = re.findall(r"<text [^>]*>([^<>]*)<title>", svg)
    assert len(legend) == 2 and all(len(name) <= 28 for name in legend), legend


def test_rouge_sentences_from_literal_newlines_in_the_command(tmp_path: Path) -> None:
    ref, a, b = tmp_path / "ref.txt", tmp_path / "a.txt", tmp_path / "b.txt"
    ref.write_text("one two\\nthree four\n", encoding="utf-8")
    a.write_text("three four\\none two\n", encoding="utf-8")
    b.write_text("one two three four\n", encoding="utf-8")
    out = _cli("-r", str(ref), str(a), str(b), "-m", "rougeLsum", "--paired-bs-n", "20", "-o", str(tmp_path / "r.json"))
    assert out.returncode == 0, out.stderr
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    expected = rougebleu.rouge(["three four\none two"], ["one two\nthree four"], rouge_types=["rougeLsum"])
    assert data["scores"][0]["systems"][0]["score"] == float(np.mean(expected["rougeLsum"].fmeasure)) == 1.0


def test_plot_is_a_matplotlib_figure(report: rougebleu.Report) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    fig = report.plot("chrf")
    assert isinstance(fig, matplotlib.figure.Figure) and len(fig.axes) == 3
    # The interval panel draws one dot per system at its score.
    dots = [line.get_xdata()[0] for line in fig.axes[0].lines]
    assert dots == [report.score("chrf", s)["score"] for s in SYSTEMS]
    with pytest.raises(ValueError, match="metric"):
        report.plot("rouge1")


# -- long reports ----------------------------------------------------------------------------------


def test_progress_is_reported_and_never_decreases() -> None:
    seen: list[tuple[int, int]] = []
    texts = [f"a b c {i % 7} d {i % 11}" for i in range(300)]
    rougebleu.compare(
        {"a": texts, "b": texts[::-1]},
        texts,
        metrics=["bleu", "rouge1"],
        paired_bs_n=50,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen and seen[-1][0] == seen[-1][1]
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(seen, seen[1:]))
