"""``rougebleu meteor``: the API's numbers from files, the jar's plaintext report (against the gold
report of the standalone jar, and against the jar itself when Java is installed), NLTK's mode, and
its exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import read_json
from rougebleu.__main__ import main
from rougebleu.meteor import METEOR
from rougebleu.meteor._resources import find_paraphrase_table
from rougebleu.meteor.nltk_meteor import meteor_scores

HYPS = ["The cat sat on the mat.", "A man rides a horse on the beach", "two dogs play in the snow"]
REFS_A = ["The cat is sitting on the mat.", "a man is riding a horse along the beach", "Two dogs are playing."]
REFS_B = ["A cat sits on a mat", "men ride horses", "dogs playing in the snow outside"]
NO_TABLE = ["-m", "exact stem synonym"]
needs_table = pytest.mark.skipif(
    find_paraphrase_table() is None, reason="no paraphrase table (pip install pycocoevalcap)"
)


@pytest.fixture
def files(tmp_path):
    paths = {}
    for name, lines in (("hyp", HYPS), ("ref_a", REFS_A), ("ref_b", REFS_B)):
        paths[name] = tmp_path / f"{name}.txt"
        paths[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


def test_json_equals_the_api(files, capsys):
    args = ["meteor", "-r", str(files["ref_a"]), str(files["ref_b"]), "-p", str(files["hyp"]), *NO_TABLE]
    assert main([*args, "--format", "json", "--segments"]) == 0
    got = json.loads(capsys.readouterr().out)
    metric = METEOR(modules=["exact", "stem", "synonym"])
    assert got["score"] == metric.corpus_score(HYPS, [REFS_A, REFS_B]).score
    assert got["segments"] == metric.sentence_scores(HYPS, [REFS_A, REFS_B]).tolist()
    assert got["signature"] == str(metric.get_signature())


def test_nltk_mode(files, capsys):
    assert main(["meteor", "--nltk", "-r", str(files["ref_a"]), "-p", str(files["hyp"]), "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    scores = meteor_scores([h.split() for h in HYPS], [[r.split()] for r in REFS_A]).tolist()
    assert got["score"] == sum(scores) / len(scores)


def test_text_output_names_each_system(files, capsys):
    hyp = str(files["hyp"])
    assert main(["meteor", "-r", str(files["ref_a"]), "-p", hyp, hyp, "-n", "sys1", "sys2", *NO_TABLE]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == ["sys1", "sys2"]
    prefix = "METEOR|nrefs:1|impl:meteor-1.5-jar|"
    assert out[0].split(prefix)[1] == out[1].split(prefix)[1]


def test_exit_codes(files, tmp_path, capsys):
    ref, hyp = str(files["ref_a"]), str(files["hyp"])
    assert main(["meteor", "-r", str(tmp_path / "missing.txt"), "-p", hyp, *NO_TABLE]) == 1
    short = tmp_path / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    assert main(["meteor", "-r", ref, "-p", str(short), *NO_TABLE]) == 1
    assert main(["meteor", "-r", ref, "-p", hyp, hyp, "--jar-output", *NO_TABLE]) == 1
    assert main(["meteor", "-r", ref, "-p", hyp, "-m", "exact exact"]) == 1
    assert "lines" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["meteor", "-r", ref, "-p", hyp, "--normalize", "bogus"])
    assert e.value.code == 2


@needs_table
def test_jar_report_equals_the_gold_report(corpus, tmp_path, capsys):
    gold = read_json(corpus / "nlg" / "gold_meteor15.json")["runs"]["wmt21-ICL-A"]
    mt = corpus / "mt" / "wmt21_en-de"
    lo, hi = gold["segments"]
    for name, source in (("hyp", "newstest2021.en-de.hyp.ICL.de"), ("ref", "newstest2021.en-de.ref.A.de")):
        lines = (mt / source).read_text(encoding="utf-8").split("\n")[lo : hi + 1]
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["meteor", "-r", str(tmp_path / "ref"), "-p", str(tmp_path / "hyp"), "--jar-output"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip("\n").endswith(gold["system_block"])
    segments = [line.split("\t")[1] for line in out.splitlines() if line.startswith("Segment ")]
    assert [float(s) for s in segments] == gold["segment_scores"]
    assert f"Eval ID:        {gold['eval_id']}" in out


@pytest.mark.skipif(not shutil.which("java"), reason="needs Java")
@needs_table
@pytest.mark.parametrize("options", [["-norm"], ["-lower", "-t", "hter", "-m", "exact synonym", "-w", "1 0.7"]])
def test_jar_report_equals_the_jars(files, capsys, options):
    jar = Path(find_paraphrase_table()).parents[1] / "meteor-1.5.jar"
    ours = ["meteor", "-r", str(files["ref_a"]), "-p", str(files["hyp"]), "--jar-output"]
    if "-norm" not in options:
        ours += ["--normalize", "lower", "-t", "hter", "-m", "exact synonym", "-w", "1 0.7"]
    assert main(ours) == 0
    want = subprocess.run(
        ["java", "-Xmx2G", "-jar", str(jar), str(files["hyp"]), str(files["ref_a"]), "-l", "en", *options],
        capture_output=True,
        text=True,
        cwd=jar.parent,
        check=True,
        timeout=300,
    ).stdout
    assert capsys.readouterr().out == want


def test_command_line_entry_point(files):
    out = subprocess.run(
        [sys.executable, "-m", "rougebleu", "meteor", "-r", str(files["ref_a"]), "-p", str(files["hyp"]), *NO_TABLE],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "METEOR|nrefs:1|impl:meteor-1.5-jar|eval:meteor-1.5-wo-en-norm-" in out
