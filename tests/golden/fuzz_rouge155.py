"""Differential fuzzing of the ROUGE-1.5.5 mode against ROUGE-1.5.5.pl (a developer tool, not a
test: it needs perl with XML::DOM and DB_File).

Usage: python fuzz_rouge155.py ROUGE-1.5.5.pl PERL_DATA_DIR DATA_DIR [FIRST_SEED [LAST_SEED]]

Each seed writes random summaries (odd spacing, tabs, CR, hyphens, punctuation, non-ASCII,
stop words, inflected words; SPL, SEE or ISI; some systems missing from some units) and a random
option set, runs both commands with -d and compares standard output byte for byte. PERL_DATA_DIR
holds WordNet-2.0.exc.db for Perl, DATA_DIR the text form for us. Runs where Perl dies (ROUGE-W
on a model without tokens divides by zero) are skipped.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

WORDS = [
    "the",
    "a",
    "of",
    "and",
    "police",
    "killed",
    "gunman",
    "running",
    "agreement",
    "better",
    "children",
    "went",
    "state-of-the-art",
    "café",
    "naïve",
    "2004",
    "$5",
    "U.S.",
    "it's",
    "don't",
    "YELLING",
    "yelling",
    "argued",
    "arguments",
    "happy",
    "happiness",
    "x",
    "y",
    "z",
    "110",
    "mph",
    "hurricane",
]
SEPS = [" ", " ", " ", "  ", "\t", ", ", ". ", "-", " -- ", "; ", " (", ") "]


def case(rng: random.Random, root: Path) -> list[str]:
    fmt = rng.choice(["SPL", "SEE", "ISI"])

    def sent() -> str:
        s = "".join(rng.choice(WORDS) + rng.choice(SEPS) for _ in range(rng.randint(0, 14)))
        return ("  " + s if rng.random() < 0.1 else s) + ("\r" if fmt == "SPL" and rng.random() < 0.1 else "")

    def doc() -> str:
        ss = [sent() for _ in range(rng.randint(1, 4))]
        if fmt == "SPL":
            return "\n".join(ss) + "\n"
        if fmt == "SEE":
            lines = ["<html><body>"]
            for i, t in enumerate(ss, 1):
                t = t + "<b>tail</b>" if rng.random() < 0.2 else t
                size = f'size="{len(t)}" ' if rng.random() < 0.5 else ""
                lines.append(
                    f'<a {size}name="{i}">[{i}]</a>{rng.choice([" ", "  ", chr(9)])}<a href="#{i}" id={i}>{t}</a>'
                )
            return "\n".join(lines) + "\n</body></html>\n"
        return "\n".join(f'<S SNTNO="{i}">{t}</S>' for i, t in enumerate(ss, 1)) + "\n"

    (root / "d").mkdir()
    parts = ['<ROUGE-EVAL version="1.0">']
    for e in range(1, rng.randint(2, 6) + 1):
        parts.append(f'<EVAL ID="{e}"><PEER-ROOT>d</PEER-ROOT><MODEL-ROOT>d</MODEL-ROOT>')
        parts.append(f'<INPUT-FORMAT TYPE="{fmt}"></INPUT-FORMAT><PEERS>')
        for s in ("s1", "s2", "s3"):
            if s == "s1" or rng.random() < 0.9:
                (root / "d" / f"{e}.{s}").write_text(doc(), encoding="utf-8")
                parts.append(f'<P ID="{s}">{e}.{s}</P>')
        parts.append("</PEERS><MODELS>")
        for m in range(rng.randint(1, 3)):
            (root / "d" / f"{e}.m{m}").write_text(doc(), encoding="utf-8")
            parts.append(f'<M ID="{m}">{e}.m{m}</M>')
        parts.append("</MODELS></EVAL>")
    parts.append("</ROUGE-EVAL>")
    (root / "c.xml").write_text("\n".join(parts))

    opts = ["-n", str(rng.randint(1, 3)), "-a", "-d", "-r", str(rng.choice([10, 100, 1000]))]
    if rng.random() < 0.7:
        opts += ["-w", rng.choice(["1.2", "1.5", "2"])]
    if rng.random() < 0.7:
        opts += ["-2", rng.choice(["-1", "0", "1", "4"]), *rng.choice([[], ["-u"], ["-U"]])]
    stem = rng.random()
    opts += ["-m"] if stem < 0.4 else ["-M"] if stem < 0.5 else []
    opts += ["-s"] if rng.random() < 0.3 else []
    r = rng.random()
    opts += ["-l", str(rng.randint(1, 20))] if r < 0.25 else ["-b", str(rng.randint(1, 80))] if r < 0.5 else []
    opts += ["-f", "B"] if rng.random() < 0.3 else []
    opts += ["-t", rng.choice(["1", "2"])] if rng.random() < 0.2 else []
    opts += ["-p", rng.choice(["0", "0.2", "1"])] if rng.random() < 0.2 else []
    opts += ["-x"] if rng.random() < 0.2 else []
    opts += ["-c", rng.choice(["90", "99", "50"])] if rng.random() < 0.2 else []
    return [*opts, "c.xml"]


def main() -> int:
    script, perl_data, data = sys.argv[1:4]
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    last = int(sys.argv[5]) if len(sys.argv) > 5 else first + 99
    same = skipped = 0
    for seed in range(first, last + 1):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            opts = case(random.Random(seed), root)
            perl = subprocess.run(["perl", script, "-e", perl_data, *opts], cwd=root, capture_output=True, check=False)
            if perl.returncode != 0:
                skipped += 1
                continue
            ours = subprocess.run(
                [sys.executable, "-m", "rougebleu.rouge155", "-e", data, *opts],
                cwd=root,
                capture_output=True,
                check=False,
            )
            if ours.stdout != perl.stdout:
                print(f"seed {seed}: outputs differ for {' '.join(opts)}")
                return 1
            same += 1
    print(f"{same} runs identical, {skipped} skipped (Perl died)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
