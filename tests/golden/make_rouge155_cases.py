"""Regenerates rouge155_perl_cases.json: small self-made summaries scored by ROUGE-1.5.5.pl.

Usage: python make_rouge155_cases.py ROUGE-1.5.5.pl DATA_DIR

DATA_DIR is a ROUGE data directory with smart_common_words.txt and WordNet-2.0.exc.db (Perl
needs XML::DOM and DB_File). The inputs are defined in rouge155_cases.py next to this file;
each case records the arguments, the files written and Perl's exact standard output.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rouge155_cases import CASES, write_inputs


def main() -> None:
    script, data_dir = sys.argv[1], sys.argv[2]
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        write_inputs(Path(tmp))
        for args in CASES:
            proc = subprocess.run(["perl", script, "-e", data_dir, *args], cwd=tmp, capture_output=True, check=True)
            out.append({"args": args, "stdout": proc.stdout.decode("latin-1")})
    dest = Path(__file__).resolve().parent / "rouge155_perl_cases.json"
    dest.write_text(json.dumps({"tool": "ROUGE-1.5.5.pl, perl 5.36", "cases": out}, indent=0) + "\n")


if __name__ == "__main__":
    main()
