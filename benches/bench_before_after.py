"""Before and after a change: rougebleu's per-call and batch workloads timed in two interpreters,
each with its own build of rougebleu installed, taking turns in one run.

    python benches/bench_before_after.py BEFORE_PYTHON AFTER_PYTHON [--rounds 5] [--only percall|batch]

BEFORE_PYTHON and AFTER_PYTHON are the interpreters of two virtualenvs, each holding one release
wheel (`maturin build --release` of each commit, `pip install` of the wheel). The workloads are the
rougebleu side of the other benchmarks, without their peers (a change is compared with itself):

- per call (bench_percall.py): every rougebleu row, one pair per call from a Python loop over 200
  REALSumm pairs cut to 5-50 words; µs per call, CPU time of the calling thread, fastest of three
  inner rounds;
- batch, one thread (`workers=1` and RAYON_NUM_THREADS=1): `rouge()` and `score_batch` on REALSumm
  (bench_rouge.py, four types, stemming), BLEU, chrF, chrF++ and TER on WMT17 en-de (bench_bleu.py,
  bench_chrf.py, bench_ter.py: corpus scores, sentence scores, the all-pairs matrices); ms, CPU time
  of the process, fastest of two inner runs.

Each round starts one child per interpreter, in alternating order (before first in odd rounds, after
first in even ones), and a workload's figure is its fastest over all rounds: the machine is shared,
and the fastest run is the one least disturbed by other work. Every child also returns a digest of
each workload's numbers, and the two builds must agree on all of them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import subprocess
import sys
import time
from typing import Any, Callable

from _common import CORPUS, lines
from bench_percall import TYPES4, load_texts, loop, per_call_us, words
from bench_rouge import load_pairs

WMT = CORPUS / "mt" / "wmt17_en-de"
SYSTEM = "uedin-nmt.4722"


def digest(values: Any) -> str:
    """A short fingerprint of a result's numbers (floats by their repr, so equal means bit-equal)."""
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]


def _numbers(result: Any) -> Any:
    """The numbers of whatever a rougebleu call returns, in a form that repr()s stably."""
    if hasattr(result, "tolist"):
        return result.tolist()
    if isinstance(result, dict):
        return {k: _numbers(v) for k, v in result.items()}
    if isinstance(result, (list, tuple)):
        return [_numbers(v) for v in result]
    if hasattr(result, "fmeasure"):
        return [_numbers(result.precision), _numbers(result.recall), _numbers(result.fmeasure)]
    if hasattr(result, "score"):
        return result.score
    return result


def percall_workloads() -> list[tuple[str, Callable[..., Any], list[tuple]]]:
    """(name, function, pairs): the rougebleu rows of bench_percall.py."""
    import rougebleu
    from rougebleu.rouge_score import rouge_scorer as drop_in

    texts = load_texts(200)
    out: list[tuple[str, Callable[..., Any], list[tuple]]] = []

    def pairs_of(n: int) -> list[tuple]:
        return [(words(r, n), words(c, n)) for r, c, _ in texts]

    for types in (TYPES4, ["rouge1"]):
        for n in (5, 15, 50):
            for stem in (False, True):
                case = f"score {'4 types' if len(types) == 4 else 'rouge1'}, {n} words, stem={'on' if stem else 'off'}"
                out.append(
                    (f"{case} (rouge_score drop-in)", drop_in.RougeScorer(types, use_stemmer=stem).score, pairs_of(n))
                )
                out.append((f"{case} (RougeScorer)", rougebleu.RougeScorer(types, use_stemmer=stem).score, pairs_of(n)))
    for n in (15, 50):
        for t in ("rougeL", "rougeLsum"):
            out.append((f"score {t}, {n} words (RougeScorer)", rougebleu.RougeScorer([t]).score, pairs_of(n)))
    multi = [([words(x, 15) for x in (r, *others)], words(c, 15)) for r, c, others in texts]
    scorer = rougebleu.RougeScorer(TYPES4, use_stemmer=True)
    out.append(("score_multi 4 types, 3 refs, 15 words, stem=on", scorer.score_multi, multi))
    for n in (5, 12, 50):
        mt_pairs = [(words(c, n), [words(r, n)]) for r, c, _ in texts]
        out.append(
            (
                f"BLEU(effective_order=True).sentence_score, {n} words",
                rougebleu.BLEU(effective_order=True).sentence_score,
                mt_pairs,
            )
        )
        out.append((f"sentence_bleu, {n} words", rougebleu.sentence_bleu, mt_pairs))
        out.append((f"CHRF().sentence_score, {n} words", rougebleu.CHRF().sentence_score, mt_pairs))
        out.append((f"TER().sentence_score, {n} words", rougebleu.TER().sentence_score, mt_pairs))
    return out


def batch_workloads() -> list[tuple[str, Callable[[], Any]]]:
    """(name, call): the rougebleu side of the batch benchmarks, one thread."""
    import rougebleu

    preds, refs = load_pairs(CORPUS, 1)
    ref = lines(WMT / "newstest2017.en-de.ref.de")
    hyp = lines(WMT / f"newstest2017.{SYSTEM}.en-de.de")
    scorer = rougebleu.RougeScorer(TYPES4, use_stemmer=True)
    bleu, chrf, chrfpp, ter = (
        rougebleu.BLEU(effective_order=True),
        rougebleu.CHRF(),
        rougebleu.CHRF(word_order=2),
        rougebleu.TER(),
    )

    def ter_corpus() -> Any:
        metric = rougebleu.TER()
        return metric.score_from_statistics(metric.segment_statistics(hyp, [ref], workers=1))

    return [
        (
            "rouge(), REALSumm 2,400 pairs",
            lambda: rougebleu.rouge(preds, refs, rouge_types=TYPES4, use_stemmer=True, workers=1),
        ),
        ("RougeScorer.score_batch, REALSumm 2,400 pairs", lambda: scorer.score_batch(refs, preds)),
        ("BLEU().corpus_score, 3,004 segments", lambda: rougebleu.BLEU().corpus_score(hyp, [ref])),
        ("BLEU sentence_scores, 3,004 segments", lambda: bleu.sentence_scores(hyp, [ref], workers=1)),
        ("BLEU pairwise 1,000 x 1,000", lambda: bleu.pairwise(hyp[:1000], ref[:1000], workers=1)),
        ("CHRF().corpus_score, 3,004 segments", lambda: rougebleu.CHRF().corpus_score(hyp, [ref])),
        ("chrF++ corpus_score, 3,004 segments", lambda: rougebleu.CHRF(word_order=2).corpus_score(hyp, [ref])),
        ("chrF sentence_scores, 3,004 segments", lambda: chrf.sentence_scores(hyp, [ref], workers=1)),
        ("chrF++ sentence_scores, 3,004 segments", lambda: chrfpp.sentence_scores(hyp, [ref], workers=1)),
        ("chrF pairwise 1,000 x 1,000", lambda: chrf.pairwise(hyp[:1000], ref[:1000], workers=1)),
        ("TER corpus (segment_statistics), 3,004 segments", ter_corpus),
        ("TER pairwise 300 x 300", lambda: ter.pairwise(hyp[:300], ref[:300], workers=1)),
    ]


def child(only: str | None) -> None:
    """Runs in each interpreter: time every workload once, print {name: [time, digest]} as JSON."""
    from rougebleu import _rougebleu

    with open(_rougebleu.__file__, "rb") as f:
        native = hashlib.sha256(f.read()).hexdigest()[:16]
    out: dict[str, Any] = {"_module": f"{_rougebleu.__file__} (sha256 {native})"}
    if only in (None, "percall"):
        for name, fn, pairs in percall_workloads():
            check = digest([_numbers(fn(*p)) for p in pairs[:20]])
            (us,) = per_call_us([loop(fn, pairs)], 3, 0.05)
            out[f"percall|{name}"] = [us / len(pairs), check]
    if only in (None, "batch"):
        for name, call in batch_workloads():
            check = digest(_numbers(call()))  # also the warm-up: thread pools, page faults
            best = math.inf
            for _ in range(2):
                t0 = time.process_time()
                call()
                best = min(best, time.process_time() - t0)
            out[f"batch|{name}"] = [best * 1e3, check]
    print(json.dumps(out))


def run_child(python: str, only: str | None) -> dict[str, Any]:
    env = dict(os.environ, RAYON_NUM_THREADS="1", ROUGEBLEU_CORPUS=str(CORPUS))
    cmd = [python, __file__, "--child", *(["--only", only] if only else [])]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before", nargs="?", help="interpreter with the 'before' build of rougebleu")
    ap.add_argument("after", nargs="?", help="interpreter with the 'after' build of rougebleu")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", choices=["percall", "batch"])
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.only)
        return
    if not (args.before and args.after):
        ap.error("give the two interpreters: BEFORE_PYTHON AFTER_PYTHON")

    sides = {"before": args.before, "after": args.after}
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    checks: dict[str, dict[str, str]] = {"before": {}, "after": {}}
    loads = [os.getloadavg()[0]]
    modules: dict[str, str] = {}
    for r in range(args.rounds):
        order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
        for side in order:
            got = run_child(sides[side], args.only)
            modules[side] = got.pop("_module")
            if r == 0:
                print(f"{side}: {sides[side]} -> {modules[side]}", flush=True)
            for key, (t, check) in got.items():
                best[side][key] = min(best[side].get(key, math.inf), t)
                checks[side][key] = check
            loads.append(os.getloadavg()[0])
        if r == 0 and modules["before"].split()[-1] == modules["after"].split()[-1]:
            sys.exit("both interpreters load the same native module: the builds are not two builds")
        print(f"round {r + 1}/{args.rounds} done, load average {loads[-1]:.1f}", file=sys.stderr, flush=True)

    differ = [k for k in checks["after"] if checks["before"].get(k) != checks["after"][k]]
    print(f"\n{args.rounds} rounds, alternating; load average (1 min) {min(loads):.1f}-{max(loads):.1f}")
    for group, unit in (
        ("percall", "µs per call, CPU time of the calling thread"),
        ("batch", "ms, CPU time, one thread"),
    ):
        keys = [k for k in best["after"] if k.startswith(group + "|")]
        if not keys:
            continue
        print(f"\n{group}: {unit}, fastest of all rounds\n")
        print("| workload | before | after | after / before |")
        print("| --- | ---: | ---: | ---: |")
        ratios = []
        for k in keys:
            b, a = best["before"][k], best["after"][k]
            ratios.append(a / b)
            print(f"| {k.split('|', 1)[1]} | {b:.2f} | {a:.2f} | {a / b:.2f} |")
        geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(
            f"\ngeometric mean of after / before over {len(ratios)} rows: {geo:.3f}; range {min(ratios):.2f}-{max(ratios):.2f}"
        )
    if differ:
        print(f"\nTHE BUILDS DISAGREE on {len(differ)} workloads: {', '.join(differ)}")
        sys.exit(1)
    print("\nBoth builds give the same numbers on every workload.")


if __name__ == "__main__":
    main()
