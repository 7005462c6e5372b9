"""What type checkers see: a static ``__all__`` with explicit re-exports (so ``mypy --strict`` and
pyright accept ``from rougebleu import BLEU``), ``Literal`` option types that catch a misspelt
option before the code runs, typed results, and switches that must be bools."""

from __future__ import annotations

import ast
import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rougebleu

PACKAGE = Path(rougebleu.__file__).parent
# The modules whose public names a user imports: the package and its drop-ins.
PUBLIC_MODULES = [
    "rougebleu",
    "rougebleu.nltk",
    "rougebleu.sacrebleu",
    "rougebleu.sacrebleu.metrics",
    "rougebleu.evaluate",
    "rougebleu.rouge_score.rouge_scorer",
    "rougebleu.rouge_score.scoring",
    "rougebleu.signature",
]


def _static_all(path: Path) -> list[str]:
    """The `__all__` of a module as written: a list of string literals (else the test fails)."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            assert isinstance(node.value, ast.List), f"{path.name}: __all__ is not a list literal"
            assert all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.value.elts), path
            return [e.value for e in node.value.elts]  # type: ignore[attr-defined]
    raise AssertionError(f"{path} has no __all__")


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_all_is_static_and_every_name_resolves(module: str) -> None:
    mod = importlib.import_module(module)
    path = Path(mod.__file__)
    names = _static_all(path)
    assert names == list(mod.__all__)
    assert len(set(names)) == len(names)
    for name in names:
        assert getattr(mod, name) is not None, name


def test_the_package_all_lists_exactly_the_lazy_exports() -> None:
    assert set(rougebleu.__all__) == {"__version__", *rougebleu._EXPORTS}


def _snippet() -> str:
    lines, used = [], []
    for k, module in enumerate(PUBLIC_MODULES):
        mod = importlib.import_module(module)
        for name in mod.__all__:
            # An alias per module: the drop-ins share names (corpus_bleu, RougeScorer, ...).
            lines.append(f"from {module} import {name} as m{k}_{name}")
            used.append(f"m{k}_{name}")
    lines.append(f"every_name = ({', '.join(used)},)")
    # A few calls whose types the checkers follow (a wrong option name would be an error).
    lines += [
        "from rougebleu import BLEU, RougeScorer, rouge, rouge_corpus",
        'arrays = rouge(["a b"], ["a c"], rouge_types=["rouge1"], multi_ref="pooled", tokenizer="unicode")',
        'corpus = rouge_corpus(["a b"], ["a c"], average="micro")',
        'scorer = RougeScorer(["rougeL"], use_stemmer=True, multi_ref="best-recall")',
        'f: float = scorer.score("a b", "a c")["rougeL"].fmeasure',
        'b: float = BLEU(tokenize="intl", smooth_method="floor").corpus_score(["a"], [["a"]]).score',
        "print(every_name, arrays, corpus, f, b)",
    ]
    return "\n".join(lines) + "\n"


BAD_OPTION = 'from rougebleu import rouge\nrouge(["a"], ["a"], multi_ref="maximum")\n'


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)


def test_mypy_strict_accepts_a_user_snippet_and_catches_a_bad_option(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is in the lint and test extras")
    (tmp_path / "snippet.py").write_text(_snippet())
    (tmp_path / "bad.py").write_text(BAD_OPTION)
    base = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache")]
    good = _run([*base, "snippet.py"], tmp_path)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = _run([*base, "bad.py"], tmp_path)
    assert bad.returncode == 1 and "'maximum'" in bad.stdout and "multi_ref" in bad.stdout, bad.stdout


def test_pyright_strict_accepts_a_user_snippet_and_catches_a_bad_option(tmp_path: Path) -> None:
    if shutil.which("pyright") is None:
        pytest.skip("pyright (the test extra's) is not on PATH")
    (tmp_path / "snippet.py").write_text(_snippet())
    (tmp_path / "bad.py").write_text(BAD_OPTION)
    (tmp_path / "pyrightconfig.json").write_text('{"typeCheckingMode": "strict", "pythonVersion": "3.10"}')
    pyright = ["pyright", "--pythonpath", sys.executable]
    good = _run([*pyright, "snippet.py"], tmp_path)
    assert good.returncode == 0 and "0 errors" in good.stdout, good.stdout + good.stderr
    bad = _run([*pyright, "bad.py"], tmp_path)
    assert bad.returncode == 1 and "'maximum'" in bad.stdout, bad.stdout


SWITCHES = [
    ("RougeScorer use_stemmer", lambda v: rougebleu.RougeScorer(["rouge1"], use_stemmer=v), "use_stemmer"),
    ("rouge use_stemmer", lambda v: rougebleu.rouge(["a"], ["a"], use_stemmer=v), "use_stemmer"),
    ("rouge jackknife", lambda v: rougebleu.rouge(["a"], [["a", "b"]], jackknife=v), "jackknife"),
    (
        "rouge pretokenized",
        lambda v: rougebleu.rouge(
            ["a"] if v is False else [["a"]], ["a"] if v is False else [["a"]], rouge_types=["rouge1"], pretokenized=v
        ),
        "pretokenized",
    ),
    ("rouge_corpus use_stemmer", lambda v: rougebleu.rouge_corpus(["a"], ["a"], use_stemmer=v), "use_stemmer"),
    ("rouge_pairwise use_stemmer", lambda v: rougebleu.rouge_pairwise(["a"], ["a"], use_stemmer=v), "use_stemmer"),
    ("BLEU lowercase", lambda v: rougebleu.BLEU(lowercase=v), "lowercase"),
    ("BLEU effective_order", lambda v: rougebleu.BLEU(effective_order=v), "effective_order"),
    ("sentence_bleu lowercase", lambda v: rougebleu.sentence_bleu("a", ["a"], lowercase=v), "lowercase"),
    ("CHRF whitespace", lambda v: rougebleu.CHRF(whitespace=v), "whitespace"),
    ("CHRF eps_smoothing", lambda v: rougebleu.CHRF(eps_smoothing=v), "eps_smoothing"),
    ("sentence_chrf remove_whitespace", lambda v: rougebleu.sentence_chrf("a", ["a"], remove_whitespace=v), "remove"),
]


@pytest.mark.parametrize("case", SWITCHES, ids=[c[0] for c in SWITCHES])
def test_switches_must_be_bools(case: tuple) -> None:
    _, call, name = case
    for bad in ("yes", "no", None, 2):
        with pytest.raises(TypeError, match=f"{name}.* must be a bool"):
            call(bad)
    call(True)
    call(False)


def test_split_summaries_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="split_summaries must be a bool"):
        rougebleu.RougeScorer(["rougeLsum"], split_summaries="yes")
