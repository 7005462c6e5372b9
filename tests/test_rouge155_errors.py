"""Bad input to the ROUGE-1.5.5 mode: clear errors that name the option, file and line; a
malformed configuration never gives silent zeros."""

from __future__ import annotations

from pathlib import Path

import pytest

from rougebleu.rouge155 import EvalItem, Rouge155, rouge155_stem
from rougebleu.rouge155.cli import main

GOOD_XML = """<ROUGE-EVAL version="1.0">
<EVAL ID="1">
<PEER-ROOT>p</PEER-ROOT>
<MODEL-ROOT>m</MODEL-ROOT>
<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>
<PEERS><P ID="S1">a.txt</P></PEERS>
<MODELS><M ID="A">a.txt</M><M ID="B">b.txt</M></MODELS>
</EVAL>
</ROUGE-EVAL>
"""


@pytest.fixture
def tree(tmp_path, monkeypatch) -> Path:
    (tmp_path / "p").mkdir()
    (tmp_path / "m").mkdir()
    (tmp_path / "p" / "a.txt").write_text("police killed the gunman\n")
    (tmp_path / "m" / "a.txt").write_text("police kill the gunman\n")
    (tmp_path / "m" / "b.txt").write_text("the gunman kill police\n")
    (tmp_path / "c.xml").write_text(GOOD_XML)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ROUGE_EVAL_HOME", raising=False)
    monkeypatch.delenv("RED_EVAL_HOME", raising=False)
    return tmp_path


def run(capsys, *args):
    code = main(list(args))
    return code, capsys.readouterr()


def test_good_config_runs(tree, capsys):
    code, out = run(capsys, "-n", "1", "-a", "c.xml")
    assert code == 0 and "S1 ROUGE-1 Average_R: 0.75000" in out.out


@pytest.mark.parametrize(
    "args, needle",
    [
        (["-q", "c.xml", "S1"], "unknown option -q"),
        (["--frobnicate", "c.xml"], "unknown option --frobnicate"),
        (["-w", "1", "-a", "c.xml"], "greater than 1"),
        (["-w", "0.5", "-a", "c.xml"], "greater than 1"),
        (["-w", "x", "-a", "c.xml"], "must be a number"),
        (["-n", "0", "-a", "c.xml"], "from 1 to 100"),
        (["-2", "1.5", "-a", "c.xml"], "skip distance must be an integer"),
        (["-p", "1.5", "-a", "c.xml"], "alpha must be within 0..1"),
        (["-c", "101", "-a", "c.xml"], "0..100"),
        (["-r", "0", "-a", "c.xml"], "needs 1 to 10000000 resamples"),
        (["-t", "3", "-a", "c.xml"], "must be 0, 1 or 2"),
        (["-f", "C", "-a", "c.xml"], "A (model average) or B"),
        (["-l", "10", "-b", "10", "-a", "c.xml"], "not both"),
        (["-3", "XY", "-a", "c.xml"], "HMR2"),
        (["-z", "XML", "c.xml"], "SEE, SPL, ISI or SIMPLE"),
        (["-m", "-M", "-a", "c.xml"], "cannot be combined"),
        (["c.xml"], "system ID"),
        ([], "configuration file"),
        (["-n"], "needs a value"),
        (["-a", "c.xml", "S1", "extra"], "unexpected arguments"),
    ],
)
def test_usage_errors(tree, capsys, args, needle):
    code, out = run(capsys, *args)
    assert code == 2
    assert needle in out.err
    assert out.out == ""


def write(tree: Path, name: str, text: str) -> None:
    (tree / name).write_text(text)


@pytest.mark.parametrize(
    "config, needle",
    [
        ("<ROUGE-EVAL>\n<EVAL ID='1'>\n<PEERS>\n</EVAL>\n", "bad.xml, line 4: malformed XML"),
        ("<ROUGE-EVAL></ROUGE-EVAL>", "no <EVAL> element"),
        (GOOD_XML.replace('<EVAL ID="1">', "<EVAL>"), "bad.xml, line 2: <EVAL> has no ID attribute"),
        (GOOD_XML.replace('<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>', ""), "has no <INPUT-FORMAT"),
        (GOOD_XML.replace('TYPE="SPL"', 'TYPE="TXT"'), "bad.xml, line 5: unknown input format 'TXT'"),
        (GOOD_XML.replace('<M ID="A">a.txt</M><M ID="B">b.txt</M>', ""), "has no <MODELS>"),
        (
            GOOD_XML.replace('<P ID="S1">a.txt</P>', '<P ID="S1"></P>'),
            "line 6: peer 'S1' of EVAL '1' names no file",
        ),
        (GOOD_XML.replace("b.txt</M>", "zz.txt</M>"), "cannot read model summary m/zz.txt"),
        (GOOD_XML.replace("<PEER-ROOT>p<", "<PEER-ROOT>q<"), "cannot read peer summary q/a.txt"),
    ],
)
def test_bad_configs_name_the_problem(tree, capsys, config, needle):
    write(tree, "bad.xml", config)
    code, out = run(capsys, "-n", "1", "-a", "bad.xml")
    assert code == 1
    assert needle in out.err, out.err
    assert out.out == ""


def test_unreadable_config(tree, capsys):
    code, out = run(capsys, "-a", "nope.xml")
    assert code == 1 and "cannot read configuration nope.xml" in out.err


def test_unknown_system(tree, capsys):
    code, out = run(capsys, "-n", "1", "c.xml", "S9")
    assert code == 1 and "no peer with ID 'S9'" in out.err


def test_file_list_line_without_models(tree, capsys):
    write(tree, "l.lst", "# comment\np/a.txt m/a.txt\n\np/a.txt\n")
    code, out = run(capsys, "-n", "1", "-z", "SPL", "l.lst", "S")
    assert code == 1 and "l.lst, line 4: a file list line needs a peer and at least one model" in out.err


def test_stemming_needs_the_data_dir(tree, capsys):
    code, out = run(capsys, "-m", "-n", "1", "-a", "c.xml")
    assert code == 1
    assert "smart_common_words.txt" in out.err or "WordNet" in out.err
    code, out = run(capsys, "-s", "-e", "missing-dir", "-n", "1", "-a", "c.xml")
    assert code == 1 and "ROUGE data directory 'missing-dir' (from -e) does not exist" in out.err


def test_basic_elements_need_simple_files(tree, capsys):
    code, out = run(capsys, "-3", "HM", "-a", "c.xml")
    assert code == 1 and "needs input format SIMPLE" in out.err


def test_malformed_be_line(tree, capsys):
    write(tree, "x.be", "a|b|c\nonly|two\n")
    write(tree, "be.lst", "x.be x.be\n")
    code, out = run(capsys, "-3", "HM", "-z", "SIMPLE", "be.lst")
    assert code == 1 and "x.be, line 2: a Basic Element line must be HEAD|MODIFIER|RELATION" in out.err


def test_help(capsys):
    code, out = run(capsys, "-h")
    assert code == 0 and "usage: rougebleu rouge155" in out.out


@pytest.mark.parametrize(
    "kwargs, exc, needle",
    [
        ({"rouge_w": 1.0}, ValueError, "w > 1"),
        ({"rouge_w": 0.5}, ValueError, "w > 1"),
        ({"max_n": -1}, ValueError, "max_n"),
        ({"max_n": 1.5}, TypeError, "max_n"),
        ({"skip_distance": 1.5}, ValueError, "skip_distance: must be an integer"),
        ({"alpha": 1.5}, ValueError, "alpha"),
        ({"alpha": -0.1}, ValueError, "alpha"),
        ({"confidence": 120}, ValueError, "confidence"),
        ({"word_limit": 0}, ValueError, "word_limit"),
        ({"word_limit": 5, "byte_limit": 5}, ValueError, "not both"),
        ({"counting": "tokens"}, ValueError, "counting"),
        ({"multi_ref": "C"}, ValueError, "multi_ref"),
        ({"basic_elements": "Q"}, ValueError, "be_mode"),
        ({"skip_unigrams": "yes"}, ValueError, "skip_unigrams"),
        ({"max_n": 0, "rouge_l": False}, ValueError, "no measure"),
        ({"stem": True, "data_dir": "/nonexistent-rouge-dir"}, OSError, "does not exist"),
        ({"jackknife": True, "counting": "micro"}, ValueError, "jackknif"),
    ],
)
def test_api_rejects_bad_options(kwargs, exc, needle):
    with pytest.raises(exc, match=needle):
        Rouge155(**kwargs)


def test_api_rejects_bad_evals():
    r = Rouge155(max_n=1)
    with pytest.raises(TypeError):
        r.evaluate("not a list")
    with pytest.raises(TypeError):
        r.evaluate([({"s": 3}, ["x"])])
    with pytest.raises(ValueError, match="models must be a non-empty list"):
        r.evaluate([({"s": "x"}, [])])
    with pytest.raises(ValueError, match="duplicate unit id"):
        r.evaluate([EvalItem({"s": "x"}, ["x"], id="1"), EvalItem({"s": "x"}, ["x"], id="1")])
    with pytest.raises(ValueError, match="evals is empty"):
        r.evaluate([])
    with pytest.raises(ValueError, match="have no summary in any unit"):
        r.evaluate([({"s": "x"}, ["x"])], systems=["s", "t"])
    with pytest.raises(OSError, match="at least 2 models"):
        Rouge155(max_n=1, jackknife=True).evaluate([({"s": "x"}, ["x"])])


def test_stem_function(corpus):
    assert rouge155_stem("agreement") == "agreem"
    assert rouge155_stem("better") == "better"
    assert rouge155_stem("better", str(corpus / "rouge155_data")) == "well"
    assert rouge155_stem("children", str(corpus / "rouge155_data")) == "child"
