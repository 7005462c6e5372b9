"""A built wheel, installed into a fresh virtualenv with no Rust toolchain on PATH, does the job.

Runs when ROUGEBLEU_WHEEL names a wheel file (`make wheel-test`, .ci/run after the README's test
command, and every platform of .github/workflows/release.yml); skips otherwise. The virtualenv is
new and empty: pip may install only wheels into it (`--only-binary :all:`), so a wheel that did not
fit the platform would fail here instead of quietly compiling from source. In it we run the bundled
example, the command lines (the Python entry point and the native `rouge155` program), and a sample
of the suite: the fast tests, the budgets of tests/test_packaging.py, and the gold-file parity
tests of the conformance corpus (which skip where the corpus is absent).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

WHEEL = os.environ.get("ROUGEBLEU_WHEEL")
pytestmark = pytest.mark.skipif(not WHEEL, reason="set ROUGEBLEU_WHEEL to a built wheel (make wheel-test)")

# Fast, and need nothing but the package: golden values committed under tests/, the API, the CLI.
FAST_TESTS = [
    "tests/test_packaging.py",
    "tests/test_cli.py",
    "tests/test_rouge_score_golden.py",
    "tests/test_bleu_edge_cases.py",
    "tests/test_rouge_api.py",
    "tests/test_rouge_family.py",
    "tests/test_rouge155_api.py",
    "tests/test_ter_api.py",
    "tests/test_matlab_document.py",
    "tests/test_internal_errors.py",
]
# Parity with the references' recorded outputs on real data (the conformance corpus): ROUGE-1.5.5,
# sacrebleu BLEU and TER. NLTK's gold files are left to the full suite (a minute on two cores).
PARITY_SAMPLE = [
    "tests/test_rouge155_gold.py",
    "tests/test_bleu_gold.py",
    "tests/test_ter_gold.py",
]

RUST_TOOLS = ("cargo", "rustc", "rustup", "maturin")


def _env_without_rust(venv_bin: Path) -> dict[str, str]:
    """The environment with every PATH entry that holds a Rust tool removed, the venv first."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CARGO", "RUSTUP", "RUSTC", "VIRTUAL_ENV"))}
    dirs = [d for d in env.get("PATH", "").split(os.pathsep) if d]
    kept = [d for d in dirs if not any(shutil.which(t, path=d) for t in RUST_TOOLS)]
    env["PATH"] = os.pathsep.join([str(venv_bin), *kept])
    env["PYTHONNOUSERSITE"] = "1"
    env.pop("PYTHONPATH", None)
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    wheel = Path(WHEEL).resolve()
    assert wheel.is_file() and wheel.suffix == ".whl", wheel
    root = tmp_path_factory.mktemp("wheel-venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(root)], check=True)
    bin_dir = root / ("Scripts" if os.name == "nt" else "bin")
    env = _env_without_rust(bin_dir)
    for tool in RUST_TOOLS:
        assert shutil.which(tool, path=env["PATH"]) is None, f"{tool} still on PATH"
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--only-binary", ":all:", str(wheel), "pytest"],
        check=True,
        env=env,
    )
    return python, env


def _run(cmd: list[str], env: dict[str, str], cwd: Path, **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, **kw)


def _command(python: Path, name: str) -> str:
    """A command the wheel installed, by absolute path (Windows looks a bare name up in our PATH)."""
    exe = shutil.which(name, path=str(python.parent))
    assert exe is not None, f"{name} is not in the virtualenv's scripts"
    return exe


def test_the_package_comes_from_the_wheel_not_the_clone(venv, tmp_path):
    python, env = venv
    out = _run([str(python), "-c", "import rougebleu, sys; print(rougebleu.__file__)"], env, tmp_path, check=True)
    installed = Path(out.stdout.strip()).resolve()
    assert REPO not in installed.parents, installed
    assert python.parent.parent.resolve() in installed.parents, installed


def test_bundled_example_and_entry_point(venv, tmp_path):
    python, env = venv
    by_module = _run([str(python), "-m", "rougebleu"], env, tmp_path, check=True).stdout
    assert "bundled example corpus" in by_module
    assert {line.split()[0] for line in by_module.splitlines() if line.strip()} >= {"extractive", "abstractive"}
    assert _run([_command(python, "rougebleu")], env, tmp_path, check=True).stdout == by_module


def _rouge155_case(tmp_path: Path) -> list[str]:
    (tmp_path / "peer.txt").write_text("the cat sat on the mat\nit was happy\n", encoding="utf-8")
    (tmp_path / "model.txt").write_text("a cat sat on a mat\n", encoding="utf-8")
    (tmp_path / "list.txt").write_text("peer.txt model.txt\n", encoding="utf-8")
    return ["-n", "2", "-z", "SPL", "list.txt"]


def test_rouge_subcommand_on_files(venv, tmp_path):
    python, env = venv
    (tmp_path / "pred.txt").write_text("the cat sat\nhello world\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("a cat sat down\nhello there world\n", encoding="utf-8")
    cmd = [_command(python, "rougebleu"), "rouge", "-p", "pred.txt", "-r", "ref.txt", "-t", "rouge1"]
    out = _run(cmd, env, tmp_path, check=True)
    assert out.stdout.startswith("2 pairs")
    assert "rouge1" in out.stdout


def test_native_rouge155_program_matches_the_python_command(venv, tmp_path):
    """The wheel's scripts carry the native program; its report is the Python command's, byte for byte."""
    python, env = venv
    exe = _command(python, "rouge155")
    args = _rouge155_case(tmp_path)
    native = _run([exe, *args], env, tmp_path, check=True)
    by_python = _run([_command(python, "rougebleu"), "rouge155", *args], env, tmp_path, check=True)
    # 4 of the model's 6 unigrams are in the peer (cat, sat, on, mat).
    assert "X ROUGE-1 Average_R: 0.66667 (95%-conf.int. 0.66667 - 0.66667)" in native.stdout
    assert native.stdout == by_python.stdout
    with open(exe, "rb") as f:
        magic = f.read(4)
    # A native executable (ELF, Mach-O, PE), not a Python launcher script.
    assert magic in (b"\x7fELF", b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe") or magic[:2] == b"MZ", magic
    bad = _run([exe, "-n", "2", "no-such-list.txt"], env, tmp_path)
    assert bad.returncode != 0 and bad.stderr


def test_a_sample_of_the_suite_passes_against_the_installed_wheel(venv):
    python, env = venv
    env = dict(env, ROUGEBLEU_WHEEL=str(Path(WHEEL).resolve()))
    if "ROUGEBLEU_CORPUS" not in env and (REPO.parent / "shared" / "corpus").is_dir():
        env["ROUGEBLEU_CORPUS"] = str(REPO.parent / "shared" / "corpus")
    tests = [t for t in FAST_TESTS + PARITY_SAMPLE if (REPO / t).is_file()]
    out = _run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *tests], env, REPO, timeout=1800)
    print(out.stdout[-4000:], out.stderr[-2000:])
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert " passed" in out.stdout
