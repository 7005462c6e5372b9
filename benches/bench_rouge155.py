"""ROUGE-1.5.5 compatibility mode against the Perl ROUGE-1.5.5.pl, side by side.

    maturin develop --release && cargo build --release --bin rouge155
    python benches/bench_rouge155.py [--perl ROUGE-1.5.5.pl --perl-data DATA_DIR_WITH_DB]
        [--python VENV/bin/python] [--native target/release/rouge155] [--skip-realsumm]

1. ROUGE-1.5.5's sample test: each of the 17 commands of rouge155_sample/COMMANDS.txt, run in
   a copy of sample-test/, outputs checked byte for byte against sample-output/. Perl runs as a
   process; ours as a process three ways -- the native `rouge155` program, `python -m rougebleu
   rouge155` and the `rougebleu rouge155` console script of the interpreter given by --python
   (default: this one; a fresh venv holding only rougebleu shows the start-up a user gets) --
   and in-process (`main()`).
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


def launchers(python: str, native: str | None) -> dict[str, list[str]]:
    """The ways to start our command as a process, by column name."""
    out = {}
    if native:
        out["native"] = [native]
    out["python -m"] = [python, "-m", "rougebleu", "rouge155"]
    script = Path(python).with_name("rougebleu")
    if script.exists():
        out["console script"] = [str(script), "rouge155"]
    return out


def sample_test(perl: list[str] | None, perl_data: str | None, tmp: Path, procs: dict[str, list[str]]) -> None:
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
    cols = [*procs, "in-process"]
    print("\n## 1. ROUGE-1.5.5 sample test (17 commands, one process each)\n")
    print("| output | Perl (s) | " + " | ".join(f"{c} (s)" for c in cols) + " | identical |")
    print("| --- | ---: | " + " | ".join("---:" for _ in cols) + " | :---: |")
    tot = {c: 0.0 for c in ["Perl", *cols]}
    for name, args in commands:
        want = (src / "sample-output" / name).read_bytes()
        ours_args = ["-e", str(DATA), *args]
        times = {}
        same = True
        for col, cmd in procs.items():
            t, out = best_of(3, lambda c=cmd: run_process([*c, *ours_args], work))
            times[col] = t
            same = same and out == want
        times["in-process"], out_in = best_of(3, lambda a=ours_args: run_inprocess(a, work))
        same = same and out_in == want
        t_perl = None
        if perl:
            t_perl, out_perl = run_process([*perl, "-e", perl_data, *args], work)
            same = same and out_perl == want
            tot["Perl"] += t_perl
        for c in cols:
            tot[c] += times[c]
        pr = f"{t_perl:.2f}" if t_perl else "-"
        print(f"| {name} | {pr} | " + " | ".join(f"{times[c]:.4f}" for c in cols) + f" | {'yes' if same else 'NO'} |")
    pr = f"{tot['Perl']:.1f}" if perl else "-"
    print(f"| **total** | {pr} | " + " | ".join(f"{tot[c]:.3f}" for c in cols) + " | |")
    if perl:
        print("| **Perl / ours** | 1x | " + " | ".join(f"**{tot['Perl'] / tot[c]:.0f}x**" for c in cols) + " | |")


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


def realsumm(perl: list[str] | None, perl_data: str | None, tmp: Path, procs: dict[str, list[str]]) -> None:
    root = tmp / "realsumm"
    root.mkdir()
    write_realsumm(root)
    base = ["-c", "95", "-r", "1000", "-n", "2", "-2", "4", "-U", "-w", "1.2", "-a"]
    print("\n## 2. REALSumm, 2400 summaries, `-c 95 -r 1000 -n 2 -2 4 -U -w 1.2 -a` (+ `-m`)\n")
    cols = [*procs, "in-process, all cores", "in-process, 1 thread"]
    print("| options | Perl (s) | " + " | ".join(f"{c} (s)" for c in cols) + " | identical | Perl / slowest of ours |")
    print("| --- | ---: | " + " | ".join("---:" for _ in cols) + " | :---: | ---: |")
    for extra in ([], ["-m"]):
        args = [*base, *extra, "config.xml"]
        ours = ["-e", str(DATA), *args]
        times, outs = {}, []
        for col, cmd in procs.items():
            times[col], out = best_of(3, lambda c=cmd, a=ours: run_process([*c, *a], root))
            outs.append(out)
        times[cols[-2]], out = best_of(3, lambda a=ours: run_inprocess(a, root))
        outs.append(out)
        times[cols[-1]], out = best_of(3, lambda a=ours: run_inprocess(a, root, workers=1))
        outs.append(out)
        same = all(o == outs[0] for o in outs)
        t_perl = None
        if perl:
            t_perl, out_perl = run_process([*perl, "-e", perl_data, *args], root)
            same = same and out_perl == outs[0]
        pr = f"{t_perl:.1f}" if t_perl else "-"
        ratio = f"{t_perl / max(times.values()):.0f}x" if t_perl else "-"
        print(
            f"| `{' '.join(extra) or '(none)'}` | {pr} | "
            + " | ".join(f"{times[c]:.3f}" for c in cols)
            + f" | {'yes' if same else 'NO'} | {ratio} |"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--perl", help="path of ROUGE-1.5.5.pl (run with the system perl)")
    ap.add_argument("--perl-data", help="ROUGE data directory with WordNet-2.0.exc.db, for Perl")
    ap.add_argument("--python", default=sys.executable, help="interpreter that runs our command as a process")
    ap.add_argument("--native", help="the native rouge155 program (default: target/release/rouge155 if built)")
    ap.add_argument("--skip-realsumm", action="store_true")
    a = ap.parse_args()
    native = a.native or next((str(p) for p in [REPO / "target" / "release" / "rouge155"] if p.exists()), None)
    procs = launchers(a.python, native)
    perl = ["perl", a.perl] if a.perl else None
    if perl and not a.perl_data:
        ap.error("--perl needs --perl-data")
    import rougebleu

    print(f"rougebleu {rougebleu.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        sample_test(perl, a.perl_data, Path(tmp), procs)
        if not a.skip_realsumm:
            realsumm(perl, a.perl_data, Path(tmp), procs)


if __name__ == "__main__":
    main()
