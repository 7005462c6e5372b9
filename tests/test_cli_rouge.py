"""`rougebleu rouge`: the command against the Python API, against rouge_score on REALSumm, and its errors."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

import rougebleu
from conftest import read_jsonl
from rougebleu.__main__ import main
from rougebleu.rouge_significance import paired_test_on_scores

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def _write(path, texts):
    path.write_text("".join(t.replace("\n", "\\n") + "\n" for t in texts), encoding="utf-8")
    return str(path)


def _run_json(capsys, *argv):
    assert main(["rouge", *argv, "-f", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def realsumm(corpus):
    """Three REALSumm systems on the same 100 documents, with their single references."""
    rows = read_jsonl(corpus / "summ" / "realsumm_cnndm.jsonl")
    by_system: dict[str, dict[int, dict]] = {}
    for r in rows:
        by_system.setdefault(r["system"], {})[r["doc_id"]] = r
    names = sorted(by_system)[:3]
    docs = sorted(set.intersection(*(set(by_system[n]) for n in names)))
    refs = [by_system[names[0]][d]["references"][0] for d in docs]
    systems = {n: [by_system[n][d]["candidate"] for d in docs] for n in names}
    return systems, refs


@pytest.fixture
def files(tmp_path, realsumm):
    systems, refs = realsumm
    paths = {n: _write(tmp_path / f"{n}.txt", preds) for n, preds in systems.items()}
    return paths, _write(tmp_path / "ref.txt", refs)


def test_corpus_scores_equal_the_python_api(capsys, files, realsumm):
    systems, refs = realsumm
    paths, ref = files
    name, path = next(iter(paths.items()))
    out = _run_json(capsys, "-r", ref, "-p", path, "--stem")
    assert out["pairs"] == len(refs) and out["rouge_types"] == TYPES and out["stemming"] is True
    expected = rougebleu.rouge_corpus(systems[name], refs, use_stemmer=True, n_bootstrap=0)
    (entry,) = out["systems"]
    assert entry["name"] == path
    for t in TYPES:
        assert entry["scores"][t] == {m: getattr(expected[t], m).score for m in ("precision", "recall", "fmeasure")}


def test_per_pair_scores_are_rouge_scores(capsys, files, realsumm, tmp_path):
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    systems, refs = realsumm
    paths, ref = files
    per_pair = tmp_path / "pairs.tsv"
    out = _run_json(capsys, "-r", ref, "-p", *paths.values(), "-n", *paths, "--per-pair", str(per_pair))
    assert [s["name"] for s in out["systems"]] == list(paths)
    lines = per_pair.read_text(encoding="utf-8").splitlines()
    assert lines[0].split("\t") == ["system", "pair", "type", "precision", "recall", "fmeasure"]
    assert len(lines) == 1 + len(paths) * len(TYPES) * len(refs)
    scorer = rouge_scorer.RougeScorer(TYPES)
    reference = {n: [scorer.score(r, p) for r, p in zip(refs, preds)] for n, preds in systems.items()}
    for line in lines[1:]:
        name, i, t, p, r, f = line.split("\t")
        s = reference[name][int(i)][t]
        assert (float(p), float(r), float(f)) == (s.precision, s.recall, s.fmeasure)
    # The corpus score is the mean of these per-pair scores.
    for entry in out["systems"]:
        f = [reference[entry["name"]][i]["rouge2"].fmeasure for i in range(len(refs))]
        assert entry["scores"]["rouge2"]["fmeasure"] == pytest.approx(float(np.mean(f)), rel=1e-15)


@pytest.mark.parametrize("test", ["bs", "ar"])
def test_paired_tests_equal_the_api_on_per_pair_scores(capsys, files, realsumm, test):
    systems, refs = realsumm
    paths, ref = files
    n = "300" if test == "bs" else "1000"
    out = _run_json(
        capsys,
        "-r",
        ref,
        "-p",
        *paths.values(),
        "-n",
        *paths,
        f"--paired-{test}",
        f"--paired-{test}-n",
        n,
        "-t",
        "rouge1",
        "rougeL",
        "--seed",
        "7",
    )
    assert out["paired_test"] == {
        "test": test,
        "samples": int(n),
        "measure": "fmeasure",
        "seed": 7,
        "baseline": next(iter(paths)),
    }
    for t in ("rouge1", "rougeL"):
        per_pair = [(name, rougebleu.rouge(p, refs, rouge_types=[t])[t].fmeasure) for name, p in systems.items()]
        expected = paired_test_on_scores(per_pair, test_type=test, n_samples=int(n), seed=7)
        got = [s["paired"][t] for s in out["systems"]]
        assert got == [{"p_value": r.p_value, "mean": r.mean, "ci": r.ci} for r in expected]
        assert got[0]["p_value"] is None and all(0 < g["p_value"] <= 1 for g in got[1:])


def test_confidence_is_rouge_corpus_bootstrap(capsys, files, realsumm):
    systems, refs = realsumm
    paths, ref = files
    name, path = next(iter(paths.items()))
    out = _run_json(
        capsys, "-r", ref, "-p", path, "--confidence", "--confidence-n", "200", "--seed", "3", "-t", "rougeLsum"
    )
    expected = rougebleu.rouge_corpus(systems[name], refs, rouge_types=["rougeLsum"], n_bootstrap=200, seed=3)
    row = out["systems"][0]["scores"]["rougeLsum"]
    for m in ("precision", "recall", "fmeasure"):
        iv = getattr(expected["rougeLsum"], m)
        assert (row[m], row[f"{m}_low"], row[f"{m}_high"]) == (iv.score, iv.low, iv.high)
        assert iv.low < iv.score < iv.high


def test_text_and_tsv_show_the_same_numbers(capsys, files):
    paths, ref = files
    argv = ["rouge", "-r", ref, "-p", *paths.values(), "-n", *paths, "--paired-bs", "--paired-bs-n", "200"]
    result = _run_json(capsys, *argv[1:])
    assert main([*argv, "-f", "tsv"]) == 0
    tsv = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert tsv[0] == ["system", "type", "precision", "recall", "fmeasure", "p_value", "bootstrap_mean", "bootstrap_ci"]
    assert len(tsv) == 1 + len(paths) * len(TYPES)
    for row in tsv[1:]:
        entry = next(s for s in result["systems"] if s["name"] == row[0])
        assert float(row[4]) == entry["scores"][row[1]]["fmeasure"]
    assert main([*argv, "-w", "4"]) == 0
    text = capsys.readouterr().out
    for entry in result["systems"]:
        line = next(x for x in text.splitlines() if x.startswith(entry["name"] + " ") and " rouge2 " in x)
        assert f"{entry['scores']['rouge2']['fmeasure']:.4f}" in line
        assert ("(baseline)" in line) == (entry["paired"]["rouge2"]["p_value"] is None)
    assert "paired bootstrap resampling (200 samples, seed 12345)" in text


def test_several_reference_files_and_multi_ref(capsys, tmp_path):
    preds = ["the cat sat on the mat", "a fox jumps"]
    r1 = ["a cat sat", "the quick fox jumps high"]
    r2 = ["the cat is on the mat", "foxes jump"]
    p = _write(tmp_path / "p.txt", preds)
    a, b = _write(tmp_path / "a.txt", r1), _write(tmp_path / "b.txt", r2)
    for mode in ("max", "pooled", "mean"):
        out = _run_json(capsys, "-r", a, b, "-p", p, "--multi-ref", mode, "-t", "rouge1")
        assert out["references_per_pair"] == 2
        expected = rougebleu.rouge_corpus(
            preds, [list(x) for x in zip(r1, r2)], rouge_types=["rouge1"], multi_ref=mode, n_bootstrap=0
        )
        assert out["systems"][0]["scores"]["rouge1"]["fmeasure"] == expected["rouge1"].fmeasure.score


def test_reads_standard_input_and_keeps_newlines(tmp_path):
    ref = _write(tmp_path / "r.txt", ["one two.\nthree four", "five"])
    for argv in (["-r", ref], ["-r", ref, "-p", "-"]):
        proc = subprocess.run(
            [sys.executable, "-m", "rougebleu", "rouge", *argv, "-f", "json", "-t", "rougeLsum"],
            input="one two.\\nthree five\nfive\n",
            capture_output=True,
            text=True,
            check=True,
        )
        out = json.loads(proc.stdout)
        assert out["systems"][0]["name"] == "stdin"
        expected = rougebleu.rouge_corpus(
            ["one two.\nthree five", "five"], ["one two.\nthree four", "five"], rouge_types=["rougeLsum"], n_bootstrap=0
        )
        assert out["systems"][0]["scores"]["rougeLsum"]["fmeasure"] == expected["rougeLsum"].fmeasure.score


@pytest.mark.parametrize(
    "argv,code,message",
    [
        (["-r", "{missing}", "-p", "{p}"], 1, "cannot read"),
        (["-r", "{short}", "-p", "{p}"], 1, "has 2 lines but the references have 1"),
        (["-r", "{r}", "-p", "{p}", "--paired-bs"], 1, "at least two prediction files"),
        (["-r", "{r}", "-p", "{p}", "{p}", "--paired-bs", "--paired-ar"], 1, "choose one paired test"),
        (["-r", "{r}", "-p", "{p}", "-t", "rouge0"], 1, "rouge0"),
        (["-r", "{r}", "-p", "{p}", "{p}"], 1, "names must differ"),
        (["-r", "{r}", "-p", "{p}", "--seed", "x"], 1, "--seed"),
        (["-r", "{r}", "-p", "{p}", "-f", "xml"], 2, "invalid choice"),
        (["-p", "{p}"], 2, "required"),
    ],
)
def test_errors_exit_with_a_message(tmp_path, argv, code, message):
    paths = {
        "p": _write(tmp_path / "p.txt", ["a b", "c d"]),
        "r": _write(tmp_path / "r.txt", ["a b", "c e"]),
        "short": _write(tmp_path / "s.txt", ["a"]),
        "missing": str(tmp_path / "nope.txt"),
    }
    argv = [a.format(**paths) for a in argv]
    proc = subprocess.run([sys.executable, "-m", "rougebleu", "rouge", *argv], capture_output=True, text=True)
    assert proc.returncode == code
    assert message in proc.stderr and proc.stdout == ""
    assert "Traceback" not in proc.stderr
