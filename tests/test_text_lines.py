"""`TextLines`: files read natively as lines, exactly as Python (and so sacrebleu's command) reads
them, and usable wherever the metrics take a column."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rougebleu
from rougebleu._rougebleu import TextLines


def _python_lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as f:
        return [line.rstrip() for line in f]


def _every_character() -> str:
    chars = (chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF and c != 0x0A)
    return "".join(f"x{c}y{c}{c}\n" for c in chars)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n",
        "a b\nc d \t\n",
        "no final newline  ",
        "crlf\r\nlone\rcr\r\n\r\n",
        "\ufeffbom first\n",
        " lead\u00a0\u3000\u2028\u001c\u0085\n\u200bzero width\n",
        _every_character(),
    ],
    ids=["empty", "one-empty-line", "plain", "no-final-newline", "cr", "bom", "unicode-spaces", "every-character"],
)
def test_lines_equal_pythons(tmp_path: Path, text: str) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(text.encode("utf-8"))
    lines = TextLines.read(str(path))
    assert lines is not None
    expected = _python_lines(path)
    assert len(lines) == len(expected)
    assert list(lines) == expected


def test_unreadable_files_are_left_to_python(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("caf\xe9\n".encode("latin-1"))
    good = tmp_path / "good.txt"
    good.write_text("a\n b \n", encoding="utf-8")
    assert TextLines.read(str(bad)) is None
    assert TextLines.read(str(tmp_path / "missing.txt")) is None
    assert TextLines.read(str(tmp_path)) is None  # a folder
    many = TextLines.read_many([str(good), str(bad), str(tmp_path / "missing.txt"), str(good)])
    assert [None if m is None else list(m) for m in many] == [["a", " b"], None, None, ["a", " b"]]


def test_indexing(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_text("a\nb \nc\n", encoding="utf-8")
    lines = TextLines.read(path)
    assert (lines[0], lines[-1], lines[-3], len(lines)) == ("a", "c", "a", 3)
    assert repr(lines) == "<TextLines: 3 lines>"
    for i in (3, -4):
        with pytest.raises(IndexError):
            lines[i]
    with pytest.raises(TypeError):
        TextLines.read(3)


def test_the_metrics_read_them_as_columns(corpus: Path) -> None:
    wmt17 = corpus / "mt" / "wmt17_en-de"
    ref_path, hyp_path = wmt17 / "newstest2017.en-de.ref.de", wmt17 / "newstest2017.online-A.0.en-de.de"
    if not ref_path.exists():
        pytest.skip("WMT17 files not in the corpus")
    ref, hyp = TextLines.read(ref_path), TextLines.read(hyp_path)
    ref_list, hyp_list = _python_lines(ref_path), _python_lines(hyp_path)
    assert rougebleu._rougebleu.is_column(hyp)
    for metric in (rougebleu.BLEU(), rougebleu.BLEU(lowercase=True), rougebleu.CHRF(word_order=2), rougebleu.TER()):
        expected = metric.corpus_score(hyp_list, [ref_list])
        got = metric.corpus_score(hyp, [ref])
        assert (got.score, str(got)) == (expected.score, str(expected)), type(metric).__name__
    cached = rougebleu.BLEU(references=[ref])
    assert cached.corpus_score(hyp, None).score == rougebleu.BLEU().corpus_score(hyp_list, [ref_list]).score


def test_the_command_words_decoding_errors_as_before(tmp_path: Path) -> None:
    (tmp_path / "ref").write_bytes(b"caf\xe9\n")
    (tmp_path / "hyp").write_text("cafe\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "rougebleu", "sacrebleu", "ref", "-i", "hyp"]
    out = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 1 and out.stdout == ""
    assert "ref: cannot read as utf-8: 'utf-8' codec can't decode byte 0xe9" in out.stderr
    latin = subprocess.run([*cmd, "-e", "latin-1", "-b", "-f", "text"], cwd=tmp_path, capture_output=True, text=True)
    assert latin.returncode == 0 and latin.stdout.strip() == "0.0"
