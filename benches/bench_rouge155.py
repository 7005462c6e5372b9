"""ROUGE-1.5.5 compatibility mode against the Perl ROUGE-1.5.5.pl, side by side.

    maturin develop --release
    python benches/bench_rouge155.py [--perl ROUGE-1.5.5.pl --perl-data DATA_DIR_WITH_DB] [--skip-realsumm]

1. ROUGE-1.5.5's sample test: each of the 17 commands of rouge155_sample/COMMANDS.txt, run in
   a copy of sample-test/ (Perl as a process; ours as a process `python -m rougebleu.rouge155`
   and in-process `main()`), outputs checked byte for byte against sample-output/.
2. REALSumm (2400 summaries, 100 documents x 24 systems, one reference) written as SPL files
   with an XML configuration, scored with `-c 95 -r 1000 -n 2 -2 4 -U -w 1.2 -a` (ROUGE-1, 2, L,
   W-1.2, S4, SU4 with bootstrap intervals), with and without -m.

Perl needs XML::DOM and DB_File and a data directory holding WordNet-2.0.exc.db; without
--perl only our timings are printed. The corpus is read from ../shared/corpus (or
$ROUGEBLEU_CORPUS).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("ROUGEBLEU_CORPUS", REPO.parent / "shared" / "corpus"))
DATA = CORPUS / "rouge155_data"


def run_process(cmd: list[str], cwd: Path) -> tuple[float, bytes]:
    t = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, check=False)
    el = time.perf_counter() - t
    if p.returncode != 0:
        raise RuntimeError(f"{cmd[:3]} failed: {p.stderr.decode(errors='replace')[-500:]}")
    return el, p.stdout


def run_inprocess(args: list[str], cwd: Path, workers: int | None = None) -> tuple[float, bytes]:
    from rougebleu.rouge155.cli import main

    old = os.getcwd()
    os.chdir(cwd)
    buf = io.BytesIO()
    wrapper = io.TextIOWrapper(buf, encoding="utf-8")
    extra = [] if workers is None else ["--workers", str(workers)]
    try:
        with contextlib.redirect_stdout(wrapper):
            t = time.perf_counter()
            code = main([*extra, *args])
            el = time.perf_counter() - t
            wrapper.flush()
    finally:
        os.chdir(old)
    assert code == 0
    return el, buf.getvalue()


def best_of(k: int, fn):
    runs = [fn() for _ in range(k)]
    return min(r[0] for r in runs), runs[0][1]


def sample_test(perl: list[str] | None, perl_data: str | None, tmp: Path) -> None:
    src = CORPUS / "rouge155_sample"
    work = tmp / "sample-test"
    shutil.copytree(src / "sample-test", work)
    for p in [work, *work.rglob("*")]:
        p.chmod(p.stat().st_mode | stat.S_IWUSR)
    commands = []
    for line in (src / "COMMANDS.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, args = line.split("|", 1)
            commands.append((name, args.split()))
    print("\n## 1. ROUGE-1.5.5 sample test (17 commands)\n")
    print(
        "| output | Perl (s) | ours, process (s) | ours, in-process (s) | identical | Perl / process | Perl / in-process |"
    )
    print("| --- | ---: | ---: | ---: | :---: | ---: | ---: |")
    tot = [0.0, 0.0, 0.0]
    for name, args in commands:
        want = (src / "sample-output" / name).read_bytes()
        ours_args = ["-e", str(DATA), *args]
        t_proc, out_proc = best_of(
            3, lambda a=ours_args: run_process([sys.executable, "-m", "rougebleu.rouge155", *a], work)
        )
        t_in, out_in = best_of(3, lambda a=ours_args: run_inprocess(a, work))
        same = out_proc == want and out_in == want
        t_perl = None
        if perl:
            t_perl, out_perl = run_process([*perl, "-e", perl_data, *args], work)
            same = same and out_perl == want
            tot[0] += t_perl
        tot[1] += t_proc
        tot[2] += t_in
        pr = f"{t_perl:.2f}" if t_perl else "-"
        r1 = f"{t_perl / t_proc:.0f}x" if t_perl else "-"
        r2 = f"{t_perl / t_in:.0f}x" if t_perl else "-"
        print(f"| {name} | {pr} | {t_proc:.3f} | {t_in:.4f} | {'yes' if same else 'NO'} | {r1} | {r2} |")
    pr = f"{tot[0]:.1f}" if perl else "-"
    r1 = f"{tot[0] / tot[1]:.0f}x" if perl else "-"
    r2 = f"{tot[0] / tot[2]:.0f}x" if perl else "-"
    print(f"| **total** | {pr} | {tot[1]:.2f} | {tot[2]:.3f} | | {r1} | {r2} |")


def write_realsumm(root: Path) -> None:
    rows = [
        json.loads(line) for line in (CORPUS / "summ" / "realsumm_cnndm.jsonl").open(encoding="utf-8") if line.strip()
    ]
    docs: dict[str, list[dict]] = {}
    for r in rows:
        docs.setdefault(r["doc_id"], []).append(r)
    (root / "p").mkdir()
    (root / "m").mkdir()
    parts = ['<ROUGE-EVAL version="1.0">']
    for i, items in enumerate(docs.values(), 1):
        (root / "m" / f"{i}.ref").write_bytes((items[0]["references"][0] + "\n").encode("utf-8"))
        parts.append(f'<EVAL ID="{i}">\n<PEER-ROOT>p</PEER-ROOT>\n<MODEL-ROOT>m</MODEL-ROOT>')
        parts.append('<INPUT-FORMAT TYPE="SPL">\n</INPUT-FORMAT>\n<PEERS>')
        for r in items:
            sid = re.sub(r"[^A-Za-z0-9_-]", "_", r["system"])
            (root / "p" / f"{i}.{sid}").write_bytes((r["candidate"] + "\n").encode("utf-8"))
            parts.append(f'<P ID="{sid}">{i}.{sid}</P>')
        parts.append(f'</PEERS>\n<MODELS>\n<M ID="0">{i}.ref</M>\n</MODELS>\n</EVAL>')
    parts.append("</ROUGE-EVAL>\n")
    (root / "config.xml").write_text("\n".join(parts))


def realsumm(perl: list[str] | None, perl_data: str | None, tmp: Path) -> None:
    root = tmp / "realsumm"
    root.mkdir()
    write_realsumm(root)
    base = ["-c", "95", "-r", "1000", "-n", "2", "-2", "4", "-U", "-w", "1.2", "-a"]
    print("\n## 2. REALSumm, 2400 summaries, `-c 95 -r 1000 -n 2 -2 4 -U -w 1.2 -a` (+ `-m`)\n")
    print(
        "| options | Perl (s) | ours, process (s) | ours in-process, all cores (s) | ours in-process, 1 thread (s) | identical | Perl / process | Perl / 1 thread |"
    )
    print("| --- | ---: | ---: | ---: | ---: | :---: | ---: | ---: |")
    for extra in ([], ["-m"]):
        args = [*base, *extra, "config.xml"]
        ours = ["-e", str(DATA), *args]
        t_proc, out_proc = best_of(
            3, lambda a=ours: run_process([sys.executable, "-m", "rougebleu.rouge155", *a], root)
        )
        t_all, out_all = best_of(3, lambda a=ours: run_inprocess(a, root))
        t_one, out_one = best_of(3, lambda a=ours: run_inprocess(a, root, workers=1))
        same = out_proc == out_all == out_one
        t_perl = None
        if perl:
            t_perl, out_perl = run_process([*perl, "-e", perl_data, *args], root)
            same = same and out_perl == out_proc
        pr = f"{t_perl:.1f}" if t_perl else "-"
        r1 = f"{t_perl / t_proc:.0f}x" if t_perl else "-"
        r2 = f"{t_perl / t_one:.0f}x" if t_perl else "-"
        print(
            f"| `{' '.join(extra) or '(none)'}` | {pr} | {t_proc:.3f} | {t_all:.3f} | {t_one:.3f} | {'yes' if same else 'NO'} | {r1} | {r2} |"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--perl", help="path of ROUGE-1.5.5.pl (run with the system perl)")
    ap.add_argument("--perl-data", help="ROUGE data directory with WordNet-2.0.exc.db, for Perl")
    ap.add_argument("--skip-realsumm", action="store_true")
    a = ap.parse_args()
    perl = ["perl", a.perl] if a.perl else None
    if perl and not a.perl_data:
        ap.error("--perl needs --perl-data")
    import rougebleu

    print(f"rougebleu {rougebleu.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        sample_test(perl, a.perl_data, Path(tmp))
        if not a.skip_realsumm:
            realsumm(perl, a.perl_data, Path(tmp))


if __name__ == "__main__":
    main()
