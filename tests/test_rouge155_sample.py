"""Acceptance: ROUGE-1.5.5's own sample test. Run in a copy of sample-test/ with each argument
list of COMMANDS.txt, the command line reproduces every file of sample-output/ byte for byte
(bootstrap intervals included)."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import pytest

from rougebleu.rouge155.cli import main


def _commands(corpus: Path) -> list[tuple[str, list[str]]]:
    lines = (corpus / "rouge155_sample" / "COMMANDS.txt").read_text().splitlines()
    out = []
    for line in lines:
        if line.strip() and not line.startswith("#"):
            name, args = line.split("|", 1)
            out.append((name, args.split()))
    return out


@pytest.fixture(scope="module")
def sample(corpus, tmp_path_factory) -> Path:
    dst = tmp_path_factory.mktemp("rouge155_sample") / "sample-test"
    shutil.copytree(corpus / "rouge155_sample" / "sample-test", dst)
    for p in [dst, *dst.rglob("*")]:
        p.chmod(p.stat().st_mode | stat.S_IWUSR)
    return dst


def test_all_seventeen_outputs_are_byte_identical(corpus, sample, monkeypatch, capsysbinary):
    commands = _commands(corpus)
    assert len(commands) == 17
    expected_dir = corpus / "rouge155_sample" / "sample-output"
    assert sorted(p.name for p in expected_dir.iterdir()) == sorted(n for n, _ in commands)
    monkeypatch.chdir(sample)
    data = str(corpus / "rouge155_data")
    identical = []
    for name, args in commands:
        assert main(["-e", data, *args]) == 0, name
        got = capsysbinary.readouterr().out
        want = (expected_dir / name).read_bytes()
        if got == want:
            identical.append(name)
        else:
            diff = next(i for i, (a, b) in enumerate(zip(got.splitlines(), want.splitlines())) if a != b)
            pytest.fail(f"{name}: line {diff + 1}: {got.splitlines()[diff]!r} != {want.splitlines()[diff]!r}")
    assert len(identical) == 17


def test_data_dir_from_environment(corpus, sample, monkeypatch, capsysbinary):
    monkeypatch.chdir(sample)
    monkeypatch.setenv("ROUGE_EVAL_HOME", str(corpus / "rouge155_data"))
    assert main(["-n", "4", "-m", "-s", "DUC2002-ROUGE.in.26.spl.xml", "26"]) == 0
    a = capsysbinary.readouterr().out
    assert main(["-e", str(corpus / "rouge155_data"), "-n", "4", "-m", "-s", "DUC2002-ROUGE.in.26.spl.xml", "26"]) == 0
    assert a == capsysbinary.readouterr().out
    assert b"26 ROUGE-4 Average_F:" in a


@pytest.mark.parametrize("entry", [["-m", "rougebleu", "rouge155"], ["-m", "rougebleu.rouge155"]])
def test_entry_points(corpus, sample, entry):
    import subprocess
    import sys

    args = ["-e", str(corpus / "rouge155_data"), "-n", "4", "-z", "SPL", "DUC2002-ROUGE.in.26.spl.lst", "26"]
    proc = subprocess.run([sys.executable, *entry, *args], cwd=sample, capture_output=True, check=True)
    want = (corpus / "rouge155_sample" / "sample-output" / "DUC2002-ROUGE.in.26.spl.lst.out").read_bytes()
    assert proc.stdout == want


DETAIL = json.loads((Path(__file__).parent / "golden" / "rouge155_sample_detail.json").read_text())["cases"]


@pytest.mark.parametrize("case", DETAIL, ids=lambda c: " ".join(c["args"]))
def test_json_evaluations_are_perl_s_detail_lines(case, corpus, sample, monkeypatch, capsysbinary):
    """``--json`` holds every evaluation's values, with or without ``-d``: written as Perl writes
    its ``-d`` lines, they are the lines ROUGE-1.5.5.pl printed for the sample (recorded in
    tests/golden/rouge155_sample_detail.json by make_rouge155_sample_detail.py), in its order."""
    monkeypatch.chdir(sample)
    docs = []
    for args in (case["args"], [a for a in case["args"] if a != "-d"]):
        assert main(["--json", "-e", str(corpus / "rouge155_data"), *args]) == 0
        docs.append(json.loads(capsysbinary.readouterr().out))
    assert docs[0] == docs[1]
    counts = "-t" in case["args"]
    keys = ("model_count", "peer_count", "hit_count") if counts else ("R", "P", "F")
    lines = []
    for system in docs[0]["systems"]:
        name = system["name"]
        for measure, scores in system["scores"].items():
            for e in scores["evaluations"]:
                r, p, f = (("%.15g" if counts else "%7.5f") % e[k] for k in keys)
                lines.append(f"{name} {measure} Eval {e['id']}.{name} R:{r} P:{p} F:{f}")
    assert len(lines) == len(case["detail"]) >= 400
    assert lines == case["detail"]
