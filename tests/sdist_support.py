"""A reference project's source distribution, for the tests that run its own test files
through our drop-in modules: downloaded with pip at test time, skipping (with pip's reason) when
the download fails, so that a machine without PyPI skips these tests instead of failing them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def sdist_archive(folder: Path, requirement: str, archive: str) -> Path:
    """The sdist `archive` (its file name) of `requirement` ("name==version"), downloaded into `folder`."""
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", requirement, "-d", str(folder)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        pytest.skip(f"could not download the {requirement} sdist: {e}")
    path = folder / archive
    if done.returncode != 0 or not path.is_file():
        pytest.skip(f"could not download the {requirement} sdist with pip: {done.stderr.strip()[-300:]}")
    return path
