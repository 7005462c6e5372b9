"""Regenerates rouge155_sample_detail.json: the per-evaluation lines (``-d``) ROUGE-1.5.5.pl prints
for its own sample test data, which the corpus's sample-output/ files (run without ``-d``) lack.

Usage: python make_rouge155_sample_detail.py ROUGE-1.5.5.pl DATA_DIR SAMPLE_TEST_DIR

DATA_DIR is a ROUGE data directory with smart_common_words.txt and WordNet-2.0.exc.db (Perl
needs XML::DOM and DB_File); SAMPLE_TEST_DIR is the corpus's rouge155_sample/sample-test. Only
the ``Eval`` lines are kept: the averages are the sample-output files'.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# Macro averages of every measure family, -t 1's per-unit counts with stemming, and -t 2's with a
# word limit.
CASES = [
    ["-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "2", "-w", "1.2", "-a", "-d", "ROUGE-test.xml"],
    ["-n", "1", "-m", "-t", "1", "-a", "-d", "ROUGE-test.xml"],
    ["-n", "1", "-t", "2", "-l", "30", "-a", "-d", "ROUGE-test.xml"],
]


def main() -> None:
    script, data_dir, sample = sys.argv[1], sys.argv[2], sys.argv[3]
    out = []
    for args in CASES:
        proc = subprocess.run(["perl", script, "-e", data_dir, *args], cwd=sample, capture_output=True, check=True)
        lines = [line for line in proc.stdout.decode("latin-1").splitlines() if " Eval " in line]
        out.append({"args": args, "detail": lines})
    dest = Path(__file__).resolve().parent / "rouge155_sample_detail.json"
    dest.write_text(json.dumps({"tool": "ROUGE-1.5.5.pl, perl 5.36", "cases": out}, indent=0) + "\n")


if __name__ == "__main__":
    main()
