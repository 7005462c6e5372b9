#!/usr/bin/env bash
# Test a built wheel the way a user gets it: tools/test_wheel.sh PYTHON DIST
#
# PYTHON is the interpreter to test with (the oldest the wheel claims, 3.10, on the release
# platforms); DIST holds exactly one wheel. tests/test_wheel_install.py makes a fresh virtualenv
# from PYTHON with no Rust toolchain on PATH, installs the wheel (wheels only, no source builds)
# and runs the bundled example, the command lines and a sample of the test suite in it.
# Used by .ci/run and .github/workflows/release.yml; needs only PYTHON and network access to PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
python="$1"
dist="$2"
shopt -s nullglob
wheels=("$dist"/rougebleu-*.whl)
if [ "${#wheels[@]}" -ne 1 ]; then
    echo "test_wheel.sh: expected one wheel in $dist, found ${#wheels[@]}" >&2
    exit 2
fi
# The outer pytest only drives the test; the package is never installed into PYTHON itself.
"$python" -m pip install -q pytest
ROUGEBLEU_WHEEL="${wheels[0]}" "$python" -m pytest -p no:cacheprovider -rs tests/test_wheel_install.py
