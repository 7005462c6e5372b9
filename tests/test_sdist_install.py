"""The source distribution compiles into a working install (needs Rust; minutes of compiling).

Runs when ROUGEBLEU_SDIST names an sdist (`make sdist-test`, and the sdist job of
.github/workflows/release.yml); skips otherwise, so the default suite and .ci/run do not pay for a
second release build.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

SDIST = os.environ.get("ROUGEBLEU_SDIST")
pytestmark = pytest.mark.skipif(not SDIST, reason="set ROUGEBLEU_SDIST to a built sdist (make sdist-test)")


def test_sdist_holds_the_sources_and_no_prebuilt_program():
    with tarfile.open(SDIST) as tf:
        names = [n.split("/", 1)[1] for n in tf.getnames() if "/" in n]
    for needed in ("Cargo.toml", "Cargo.lock", "pyproject.toml", "src/lib.rs", "src/bin/rouge155.rs", "LICENSE"):
        assert needed in names, needed
    assert "python/rougebleu/__init__.py" in names and "python/rougebleu/data/example.jsonl" in names
    assert not [n for n in names if ".data/" in n or n.endswith((".so", ".pyd", ".dll", ".dylib"))]


def test_sdist_builds_a_working_install(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(Path(SDIST).resolve())], check=True)
    out = subprocess.run(
        [str(python), "-m", "rougebleu"], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    assert "bundled example corpus" in out and "extractive" in out and "abstractive" in out
    where = subprocess.run(
        [str(python), "-c", "import rougebleu; print(rougebleu.__file__)"], cwd=tmp_path, capture_output=True, text=True
    ).stdout
    assert str(venv) in where
