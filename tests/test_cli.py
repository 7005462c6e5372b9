"""The command line: the bundled example corpus (the README's main job) and the file scorer."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

import rougebleu
from rougebleu.__main__ import example_corpus, main


def test_example_corpus_is_bundled_with_the_package():
    items = example_corpus()
    assert len(items) == 10
    assert {it["system"] for it in items} == {"extractive", "abstractive"}
    assert all(it["prediction"] and it["reference"] for it in items)


def test_main_job_prints_a_table_of_the_example_corpus():
    out = subprocess.run([sys.executable, "-m", "rougebleu"], capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("system"))
    assert header.split() == [
        "system",
        "pairs",
        "rouge1",
        "F1",
        "rouge2",
        "F1",
        "rougeL",
        "F1",
        "rougeLsum",
        "F1",
        "BLEU",
    ]
    rows = {
        line.split()[0]: line.split()[1:] for line in lines if line.split()[:1] in (["extractive"], ["abstractive"])
    }
    # The printed numbers are the means of rouge() on the bundled pairs, x100.
    for system, cells in rows.items():
        items = [it for it in example_corpus() if it["system"] == system]
        scores = rougebleu.rouge(
            [it["prediction"] for it in items], [it["reference"] for it in items], use_stemmer=True
        )
        assert cells[0] == str(len(items))
        assert cells[1] == f"{100 * float(np.mean(scores['rouge1'].fmeasure)):.2f}"
        bleu = rougebleu.corpus_bleu([it["prediction"] for it in items], [[it["reference"] for it in items]])
        assert cells[-1] == f"{bleu.score:.2f}"


def test_rouge_subcommand_scores_line_aligned_files(tmp_path, capsys):
    preds = tmp_path / "pred.txt"
    refs = tmp_path / "ref.txt"
    preds.write_text("the cat sat\\nand ran\nhello world\n", encoding="utf-8")
    refs.write_text("a cat sat down\nhello there world\n", encoding="utf-8")
    assert main(["rouge", "-p", str(preds), "-r", str(refs), "-t", "rouge1", "rougeLsum"]) == 0
    out = capsys.readouterr().out
    expected = rougebleu.rouge(
        ["the cat sat\nand ran", "hello world"],
        ["a cat sat down", "hello there world"],
        rouge_types=["rouge1", "rougeLsum"],
    )
    line = next(line for line in out.splitlines() if line.split()[1:2] == ["rouge1"])
    assert line.split()[2:] == [
        f"{float(np.mean(getattr(expected['rouge1'], f))):.6f}" for f in ("precision", "recall", "fmeasure")
    ]


def test_rouge_subcommand_rejects_misaligned_files(tmp_path, capsys):
    preds = tmp_path / "pred.txt"
    refs = tmp_path / "ref.txt"
    preds.write_text("a\nb\n", encoding="utf-8")
    refs.write_text("a\n", encoding="utf-8")
    assert main(["rouge", "-p", str(preds), "-r", str(refs)]) == 1
    assert "has 2 lines but the references have 1" in capsys.readouterr().err


def test_rouge155_command_imports_nothing_heavy(tmp_path):
    # The command is run once per evaluation by pyrouge-style callers, so its start-up is part of
    # every run: beyond the package it may load nothing the interpreter had not loaded already (no
    # NumPy, typing, dataclasses, argparse, re, importlib); all of its work is in the extension.
    (tmp_path / "peer.txt").write_text("the cat sat on the mat\nit was happy\n", encoding="utf-8")
    (tmp_path / "model.txt").write_text("a cat sat on a mat\n", encoding="utf-8")
    (tmp_path / "list.txt").write_text("peer.txt model.txt\n", encoding="utf-8")
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "from rougebleu.__main__ import main\n"
        "rc = main(['rouge155', '-a', '-n', '2', '-z', 'SPL', 'list.txt'])\n"
        "new = sorted(m for m in set(sys.modules) - before if not m.startswith('rougebleu'))\n"
        "print('NEW-MODULES', rc, *new)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert "X ROUGE-1 Average_R: 0.66667" in out
    last = out.strip().splitlines()[-1].split()
    assert last[:2] == ["NEW-MODULES", "0"]
    assert set(last[2:]) <= {"__future__"}, last[2:]
