"""Packaging budgets: import cost, no NumPy at import, complete metadata, and the wheel's size and tags.

The import tests run against whichever rougebleu is installed (the development install here; the
freshly installed wheel when tests/test_wheel_install.py runs this file inside its virtualenv). The
wheel tests need ROUGEBLEU_WHEEL (a built wheel: `make wheel-test`) and skip without it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from conftest import REPO

IMPORT_BUDGET_S = 0.030
WHEEL_BUDGET_BYTES = 5 * 1024 * 1024
WHEEL = os.environ.get("ROUGEBLEU_WHEEL")
needs_wheel = pytest.mark.skipif(not WHEEL, reason="set ROUGEBLEU_WHEEL to a built wheel (make wheel-test)")

# What a user of PyPI sees on the project page and what resolvers rely on.
REQUIRED_URLS = {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}
REQUIRED_CLASSIFIERS = {
    "License :: OSI Approved :: MIT License",
    "Programming Language :: Python :: 3 :: Only",
    "Programming Language :: Python :: 3.10",
    "Programming Language :: Python :: 3.14",
    "Programming Language :: Rust",
    "Operating System :: POSIX :: Linux",
    "Operating System :: MacOS",
    "Operating System :: Microsoft :: Windows",
    "Typing :: Typed",
}
EXTRAS = {"test", "bench"}


def _fresh_import(code: str) -> str:
    """Run `code` in a new interpreter (no site customisation of ours) and return its stdout."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return out.stdout.strip()


def test_import_rougebleu_costs_under_30_ms_in_a_fresh_interpreter():
    probe = "import time; t = time.perf_counter(); import rougebleu; print(time.perf_counter() - t)"
    # The minimum of several runs: the machine's other load only ever adds time.
    times = [float(_fresh_import(probe)) for _ in range(7)]
    assert min(times) < IMPORT_BUDGET_S, f"import rougebleu took {min(times) * 1e3:.1f} ms at best: {times}"


def test_import_rougebleu_does_not_import_numpy():
    loaded = _fresh_import("import sys, rougebleu; print(sorted(m for m in sys.modules if m.split('.')[0] == 'numpy'))")
    assert loaded == "[]"


def test_the_rouge155_command_path_does_not_import_numpy():
    code = "import sys; import rougebleu.rouge155.cli; print('numpy' in sys.modules)"
    assert _fresh_import(code) == "False"


def _check_metadata(meta) -> None:
    assert meta["Name"] == "rougebleu"
    assert meta.get("License-Expression") == "MIT" or meta.get("License") == "MIT"
    assert meta["Requires-Python"] == ">=3.10"
    urls = {u.split(",", 1)[0].strip() for u in meta.get_all("Project-URL") or []}
    assert REQUIRED_URLS <= urls, REQUIRED_URLS - urls
    classifiers = set(meta.get_all("Classifier") or [])
    assert REQUIRED_CLASSIFIERS <= classifiers, REQUIRED_CLASSIFIERS - classifiers
    assert EXTRAS <= set(meta.get_all("Provides-Extra") or [])
    requires = meta.get_all("Requires-Dist") or []
    assert any(re.match(r"numpy\s*>=", r) for r in requires), requires
    assert any("extra == 'test'" in r or 'extra == "test"' in r for r in requires)
    assert meta["Summary"] and meta["Description-Content-Type"].startswith("text/markdown")
    assert meta.get("Keywords") or meta.get_all("Keywords")


def test_pyproject_declares_complete_metadata():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == ">=3.10"
    assert project["license"] in ("MIT", {"text": "MIT"})
    assert REQUIRED_URLS <= set(project["urls"])
    assert REQUIRED_CLASSIFIERS <= set(project["classifiers"])
    assert EXTRAS <= set(project["optional-dependencies"])
    assert project["keywords"] and project["authors"]


def _wheel() -> Path:
    path = Path(WHEEL)
    assert path.is_file(), path
    return path


@needs_wheel
def test_wheel_is_under_5_mb():
    size = _wheel().stat().st_size
    assert size < WHEEL_BUDGET_BYTES, f"{size / 2**20:.2f} MiB"


@needs_wheel
def test_wheel_is_one_abi3_wheel_for_python_3_10_and_later():
    name = _wheel().name
    m = re.fullmatch(r"rougebleu-([^-]+)-cp310-abi3-([^-]+)\.whl", name)
    assert m, name
    platform = m.group(2)
    if "linux" in platform:
        # manylinux2014 (glibc 2.17) or musllinux; never a bare linux_x86_64 tag PyPI would refuse.
        assert re.search(r"(manylinux_2_17|manylinux2014|manylinux_2_28|musllinux_1_2)_", platform), platform


@needs_wheel
def test_wheel_metadata_is_complete_and_carries_the_native_command():
    with zipfile.ZipFile(_wheel()) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        scripts = [n for n in names if re.search(r"\.data/scripts/rouge155(\.exe)?$", n)]
        assert scripts, "the native rouge155 program is not in the wheel's scripts"
        info = zf.getinfo(scripts[0])
        if not scripts[0].endswith(".exe"):
            assert (info.external_attr >> 16) & 0o111, "rouge155 is not executable"
        assert info.file_size > 100_000  # a program, not a placeholder
        assert any(n.endswith("rougebleu/py.typed") for n in names)
        assert any(n.endswith("rougebleu/data/example.jsonl") for n in names)
    _check_metadata(meta)
