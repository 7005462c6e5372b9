"""`rougebleu sacrebleu` against sacrebleu 2.6.0's own command, as whole processes, side by side.

    maturin develop --release
    python benches/bench_sacrebleu_cli.py [--rounds 3] [--sacrebleu-rounds 1] [--paired-metrics bleu]

1. Scoring: `REF -i SYSTEM -m bleu chrf ter` on a WMT17 en-de system (3,004 segments), JSON
   and text reports.
2. Paired bootstrap: `REF -i S1 .. S5 --paired-bs` (1,000 resamples, the default) on the five
   WMT17 en-de systems of the corpus, `-m bleu` unless --paired-metrics says otherwise.

Each command runs as a fresh process (interpreter start-up and imports included; wall-clock and
CPU time, user + system, of the process): sacrebleu as
`python -m sacrebleu`, ours as `python -m rougebleu sacrebleu` and as the `rougebleu` console
script next to the interpreter. Standard output is checked to be identical (rougebleu's version in
the signatures aside) before any figure is printed. Both packages' modules are byte-compiled first,
as pip compiles them when it installs a wheel (where PYTHONDONTWRITEBYTECODE is set, every start
would otherwise compile each imported module from source). Best of N rounds per form; the corpus is read
from ../shared/corpus (or $ROUGEBLEU_CORPUS). First, for scale, the same timing of what every form
pays before it scores anything: the interpreter starting (`python -c pass`, with this
environment's site-packages) and importing NumPy, which both commands load.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPUS  # noqa: E402

WMT17 = CORPUS / "mt" / "wmt17_en-de"
REF = "newstest2017.en-de.ref.de"
SYSTEMS = ["KIT.4950", "uedin-nmt.4722", "online-A.0", "online-B.0", "PROMT-Rule-based.4735"]


def timed(cmd: list[str], rounds: int) -> tuple[float, float, bytes]:
    """Best wall-clock time and best CPU time (user + system of the child) of `rounds` runs."""
    skip = ("NO_COLOR", "SACREBLEU_FORMAT", "SACREBLEU_SEED", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in skip}
    best, best_cpu, out = float("inf"), float("inf"), b""
    for _ in range(rounds):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        p = subprocess.run(cmd, cwd=WMT17, env=env, capture_output=True, check=False)
        best = min(best, time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best_cpu = min(best_cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if p.returncode != 0:
            raise RuntimeError(f"{cmd[:4]} failed: {p.stderr.decode(errors='replace')[-800:]}")
        out = p.stdout
    return best, best_cpu, out


def compile_packages() -> None:
    """Byte-compile rougebleu and sacrebleu, as an installation from wheels leaves them."""
    import compileall
    import importlib.util

    for name in ("rougebleu", "sacrebleu"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None:
            compileall.compile_dir(Path(spec.origin).parent, quiet=1)


def floor(rounds: int) -> None:
    """Start-up costs that every form pays, timed like the commands."""
    print("start-up, best of", rounds)
    print(f"  {'':<45} {'wall':>9}   {'CPU':>8}")
    for name, code in (("python -c pass", "pass"), ("python -c 'import numpy'", "import numpy")):
        t, cpu, _ = timed([sys.executable, "-c", code], rounds)
        print(f"  {name:<45} {t:8.3f}s   {cpu:7.3f}s")


def compare(label: str, args: list[str], rounds: int, sacrebleu_rounds: int) -> None:
    from rougebleu._rougebleu import __version__

    script = Path(sys.executable).with_name("rougebleu")
    forms = [("sacrebleu (python -m sacrebleu)", [sys.executable, "-m", "sacrebleu"], sacrebleu_rounds)]
    forms.append(
        ("rougebleu (python -m rougebleu sacrebleu)", [sys.executable, "-m", "rougebleu", "sacrebleu"], rounds)
    )
    if script.exists():
        forms.append(("rougebleu (console script)", [str(script), "sacrebleu"], rounds))
    results = []
    for name, cmd, n in forms:
        t, cpu, out = timed([*cmd, *args], n)
        results.append((name, t, cpu, out))
    expected = results[0][3].replace(b"2.6.0", __version__.encode())
    for name, _, _, out in results[1:]:
        if out != expected:
            raise SystemExit(f"{label}: {name} printed something else than sacrebleu")
    base, base_cpu = results[0][1], results[0][2]
    print(f"\n{label}\n  sacrebleu {' '.join(args)}")
    print(f"  {'':<45} {'wall':>9}   {'ratio':>6}   {'CPU':>8}   {'ratio':>6}")
    for name, t, cpu, _ in results:
        print(f"  {name:<45} {t:8.3f}s   {base / t:5.1f}x   {cpu:7.3f}s   {base_cpu / cpu:5.1f}x")
    print(f"  load average {os.getloadavg()[0]:.2f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3, help="best of N for rougebleu (default 3)")
    ap.add_argument("--sacrebleu-rounds", type=int, default=1, help="best of N for sacrebleu (default 1)")
    ap.add_argument("--paired-metrics", nargs="+", default=["bleu"], help="metrics of the paired test")
    ap.add_argument("--skip-paired", action="store_true")
    ap.add_argument("--skip-single", action="store_true")
    a = ap.parse_args()
    if not (WMT17 / REF).exists():
        raise SystemExit(f"WMT17 files not found under {WMT17} (set ROUGEBLEU_CORPUS)")
    compile_packages()
    floor(a.rounds)
    if not a.skip_single:
        one = [REF, "-i", f"newstest2017.{SYSTEMS[0]}.en-de.de", "-m", "bleu", "chrf", "ter"]
        compare("1. one system, BLEU + chrF + TER, JSON (3,004 segments)", one, a.rounds, a.sacrebleu_rounds)
        compare("   the same, text report", [*one, "-f", "text"], a.rounds, a.sacrebleu_rounds)
    if not a.skip_paired:
        five = [REF, "-i", *(f"newstest2017.{s}.en-de.de" for s in SYSTEMS), "-m", *a.paired_metrics]
        compare(
            f"2. paired bootstrap, 5 systems x 1,000 resamples, {' + '.join(a.paired_metrics)}",
            [*five, "--paired-bs", "-f", "text"],
            a.rounds,
            a.sacrebleu_rounds,
        )


if __name__ == "__main__":
    main()
