"""Thread scaling of the batch APIs, 1 to N threads, with a Rust peer where one exists.

    maturin develop --release   # or: pip install rougebleu-*.whl numpy rouge-score-rs
    python benches/bench_threads.py [--threads 1 2 4 8 16] [--corpus DIR] [--rounds 5] [sizes...]

Every (workload, thread count) runs in a fresh subprocess with RAYON_NUM_THREADS=N and the API's
`workers=N`, so the thread pool has exactly N threads; the figure is the best of --rounds timed calls
after one warm-up call. Each subprocess also hashes its outputs; the run fails unless the outputs at N
threads are bit-identical to those at 1 thread. Thread counts above os.cpu_count() are dropped.
`--workers-none` calls with workers=None instead (rayon's global pool, sized by RAYON_NUM_THREADS).
`--control` instead runs N single-threaded processes of the same call at once and prints their
aggregate throughput: the machine's own scaling for that work, to compare the thread speed-ups with.

Workloads (corpus: --corpus, else $ROUGEBLEU_CORPUS, else ../shared/corpus next to the repository):

- rouge-N/L: `rouge(preds, refs, rouge_types=[rouge1, rouge2, rougeL, rougeLsum], use_stemmer=True)`
  on REALSumm x --rouge-repeat; peer rouge-score-rs `score_batch` (skipped if not installed).
- rouge-W/S/SU: the same call with `[rougeW-1.2, rougeS4, rougeSU4]` (no Rust peer).
- bleu-sentence: `BLEU(effective_order=True).sentence_scores(hyps, [refs])` on WMT17 en-de
  (uedin-nmt) x --bleu-copies.
- bleu-pairwise: `BLEU(effective_order=True).pairwise` on the first --pairwise-size WMT17 online-A
  hypotheses x references.
- rouge155: `Rouge155(max_n=2, rouge_w=1.2, skip_distance=4, skip_unigrams="both").evaluate` on
  REALSumm (one unit per document, its systems as peers, the reference as model) x --rouge155-repeat
  (distinct unit ids), --resamples bootstrap resamples.
- matlab-rouge: `rouge_evaluation_score_batch` ROUGE-1, ROUGE-2 and ROUGE-L (three calls) on REALSumm
  pairs x --matlab-repeat, documents built (lower + erase_punctuation) before timing.
- matlab-bleu: `bleu_evaluation_score_batch` on the same pairs (documents built before timing).
- chrf-sentence: `CHRF().sentence_scores(hyps, [refs])` on WMT17 en-de (uedin-nmt) x --chrf-copies.
- chrf-pairwise: `CHRF().pairwise` on the first --pairwise-size WMT17 online-A hypotheses x references.
- ter-sentence: `TER().sentence_scores(hyps, [refs])` on WMT17 en-de (uedin-nmt) x --ter-copies.
- ter-corpus: `TER().corpus_score(hyps, [refs])` on the same (no `workers` argument: its threads are
  rayon's global pool, sized by RAYON_NUM_THREADS=N).
- ter-pairwise: `TER().pairwise` on the first --ter-pairwise-size WMT17 online-A hypotheses x
  references.
- meteor-nltk: `rougebleu.meteor.nltk_meteor.meteor_scores` (NLTK's METEOR, batched) on the COCO
  val2017 captions (each scored against the image's other captions, split on spaces) x
  --caption-copies.
- meteor15: `METEOR(modules=["exact", "stem", "synonym"]).sentence_scores` (METEOR 1.5 without the
  paraphrase module, whose table rougebleu does not ship) on the same captions.
- caption-suite: `caption_scores(..., metrics=("Bleu", "ROUGE_L", "CIDEr"))` (PTB tokenization
  included) on the same captions.
- cider-rewards: `CiderD().rewards` of the PTB-tokenized captions against their references.
- bleu-paired: `paired_test(BLEU(references=[ref]), five WMT17 systems)`, the paired bootstrap with
  --paired-resamples resamples (statistics of the systems in one pass, then every system resampled in
  one pass while sacrebleu's index matrix is drawn, serially, a few rows at a time); no `workers`
  argument: rayon's global pool, sized by RAYON_NUM_THREADS=N.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from _common import CORPUS, best_of

WORKLOADS = [
    "rouge-N/L",
    "rouge-W/S/SU",
    "bleu-sentence",
    "bleu-pairwise",
    "rouge155",
    "matlab-rouge",
    "matlab-bleu",
    "chrf-sentence",
    "chrf-pairwise",
    "ter-sentence",
    "ter-corpus",
    "ter-pairwise",
    "bleu-paired",
    "meteor-nltk",
    "meteor15",
    "caption-suite",
    "cider-rewards",
]
PEERS = {"rouge-N/L": "rouge-score-rs"}
TYPES_NL = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
TYPES_WS = ["rougeW-1.2", "rougeS4", "rougeSU4"]
WMT17 = Path("mt") / "wmt17_en-de"
COCO = Path("nlg") / "coco" / "coco_val2017_human_loo.jsonl"


def realsumm(corpus: Path) -> list[dict]:
    with (corpus / "summ" / "realsumm_cnndm.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def wmt17(corpus: Path, name: str) -> list[str]:
    with (corpus / WMT17 / name).open(encoding="utf-8", newline="\n") as f:
        return [line.rstrip("\n") for line in f]


def coco(corpus: Path, copies: int) -> tuple[list[str], list[list[str]]]:
    """COCO val2017 captions (one scored against the image's other captions) x copies."""
    with (corpus / COCO).open(encoding="utf-8") as f:
        items = [json.loads(line) for line in f if line.strip()]
    return [it["candidate"] for it in items] * copies, [it["references"] for it in items] * copies


def digest(arrays: list[Any]) -> str:
    """SHA-256 over the raw bytes of the arrays (NumPy arrays or str), so equal means bit-identical."""
    h = hashlib.sha256()
    for a in arrays:
        h.update(a.encode("utf-8") if isinstance(a, str) else a.tobytes())
    return h.hexdigest()


def setup(
    workload: str, impl: str, threads: int | None, args: argparse.Namespace
) -> tuple[Callable[[], Any], int, str]:
    """Runs inside the subprocess: the call to time, the number of items it scores, and their unit."""
    corpus = args.corpus
    if workload in ("rouge-N/L", "rouge-W/S/SU"):
        items = realsumm(corpus)
        preds = [it["candidate"] for it in items] * args.rouge_repeat
        refs = [it["references"][0] for it in items] * args.rouge_repeat
        types = TYPES_NL if workload == "rouge-N/L" else TYPES_WS
        if impl == "rouge-score-rs":
            from rouge_score_rs import rouge_scorer

            scorer = rouge_scorer.RougeScorer(types, use_stemmer=True)
            return lambda: scorer.score_batch(refs, preds), len(preds), "pairs/s"
        import rougebleu

        def run() -> list[Any]:
            out = rougebleu.rouge(preds, refs, rouge_types=types, use_stemmer=True, workers=threads)
            return [a for t in types for a in out[t]]

        return run, len(preds), "pairs/s"

    if workload in ("bleu-sentence", "bleu-pairwise"):
        from rougebleu import BLEU

        metric = BLEU(effective_order=True)
        ref = wmt17(corpus, "newstest2017.en-de.ref.de")
        if workload == "bleu-sentence":
            hyps = wmt17(corpus, "newstest2017.uedin-nmt.4722.en-de.de") * args.bleu_copies
            refs = ref * args.bleu_copies
            return lambda: [metric.sentence_scores(hyps, [refs], workers=threads)], len(hyps), "segments/s"
        n = args.pairwise_size
        hyps = wmt17(corpus, "newstest2017.online-A.0.en-de.de")[:n]
        return lambda: [metric.pairwise(hyps, ref[:n], workers=threads)], n * n, "pairs/s"

    if workload in ("chrf-sentence", "chrf-pairwise", "ter-sentence", "ter-corpus", "ter-pairwise"):
        import numpy as np

        from rougebleu import CHRF, TER

        metric = CHRF() if workload.startswith("chrf") else TER()
        ref = wmt17(corpus, "newstest2017.en-de.ref.de")
        if workload.endswith("pairwise"):
            n = args.pairwise_size if workload == "chrf-pairwise" else args.ter_pairwise_size
            hyps = wmt17(corpus, "newstest2017.online-A.0.en-de.de")[:n]
            return lambda: [metric.pairwise(hyps, ref[:n], workers=threads)], n * n, "pairs/s"
        copies = args.chrf_copies if workload == "chrf-sentence" else args.ter_copies
        hyps = wmt17(corpus, "newstest2017.uedin-nmt.4722.en-de.de") * copies
        refs = ref * copies
        if workload == "ter-corpus":

            def corpus_ter() -> list[Any]:
                res = metric.corpus_score(hyps, [refs])
                return [np.array([res.score, res.num_edits, res.ref_length])]

            return corpus_ter, len(hyps), "segments/s"
        return lambda: [metric.sentence_scores(hyps, [refs], workers=threads)], len(hyps), "segments/s"

    if workload == "bleu-paired":
        import numpy as np

        import rougebleu

        ref = wmt17(corpus, "newstest2017.en-de.ref.de")
        names = ["KIT.4950", "uedin-nmt.4722", "online-A.0", "online-B.0", "PROMT-Rule-based.4735"]
        systems = [(n, wmt17(corpus, f"newstest2017.{n}.en-de.de")) for n in names]

        def paired() -> list[Any]:
            _, results = rougebleu.paired_test(
                rougebleu.BLEU(references=[ref]), systems, n_samples=args.paired_resamples
            )
            return [np.array([[r.score, r.p_value or 0.0, r.mean, r.ci] for r in results])]

        return paired, args.paired_resamples * len(systems), "system resamples/s"

    if workload in ("meteor-nltk", "meteor15"):
        cands, refs = coco(corpus, args.caption_copies)
        if workload == "meteor-nltk":
            from rougebleu.meteor.nltk_meteor import meteor_scores

            hyps = [c.split() for c in cands]
            ref_tokens = [[r.split() for r in rs] for rs in refs]
            return lambda: [meteor_scores(hyps, ref_tokens, workers=threads)], len(hyps), "segments/s"
        from rougebleu import METEOR

        # Without the paraphrase module: its 60 MB table is not part of rougebleu (see docs/meteor.md).
        metric = METEOR(modules=["exact", "stem", "synonym"])
        width = max(len(rs) for rs in refs)
        streams = [[rs[k] if k < len(rs) else None for rs in refs] for k in range(width)]
        return lambda: [metric.sentence_scores(cands, streams, workers=threads)], len(cands), "segments/s"

    if workload in ("caption-suite", "cider-rewards"):
        import numpy as np

        from rougebleu import caption_scores
        from rougebleu.caption import CiderD, ptb_tokenize

        cands, refs = coco(corpus, args.caption_copies)
        if workload == "caption-suite":
            metrics = ("Bleu", "ROUGE_L", "CIDEr")

            def suite() -> list[Any]:
                out = caption_scores(refs, cands, metrics=metrics, workers=threads)
                return [np.array([out[k] for k in sorted(out) if isinstance(out[k], float)])]

            return suite, len(cands), "images/s"
        tokens = ptb_tokenize(cands)
        ref_tokens = [ptb_tokenize(rs) for rs in refs]
        cider = CiderD()
        return lambda: [cider.rewards(tokens, ref_tokens, workers=threads)], len(tokens), "captions/s"

    if workload == "rouge155":
        from rougebleu.rouge155 import EvalItem, Rouge155

        docs: dict[str, list[dict]] = {}
        for r in realsumm(corpus):
            docs.setdefault(r["doc_id"], []).append(r)
        evals = [
            EvalItem(
                peers={r["system"]: r["candidate"] for r in rows},
                models=[rows[0]["references"][0]],
                id=f"{k}.{i}",
            )
            for k in range(args.rouge155_repeat)
            for i, rows in enumerate(docs.values(), 1)
        ]
        engine = Rouge155(max_n=2, rouge_w=1.2, skip_distance=4, skip_unigrams="both", resamples=args.resamples)

        def run155() -> list[Any]:
            res = engine.evaluate(evals, workers=threads)
            return [res.scores, res.report(), res.report(per_eval=True)]

        return run155, sum(len(e.peers) for e in evals), "summaries/s"

    if workload in ("matlab-rouge", "matlab-bleu"):
        from rougebleu import bleu_evaluation_score_batch, rouge_evaluation_score_batch, tokenizedDocument

        items = realsumm(corpus) * args.matlab_repeat
        cands = tokenizedDocument([it["candidate"] for it in items])
        refs = tokenizedDocument([it["references"][0] for it in items])
        if workload == "matlab-bleu":
            sets = [[d] for d in refs]
            return lambda: [bleu_evaluation_score_batch(cands, sets, workers=threads)], len(items), "pairs/s"
        cands = cands.lower().erase_punctuation()
        sets = [[d] for d in refs.lower().erase_punctuation()]

        def run_matlab() -> list[Any]:
            return [
                rouge_evaluation_score_batch(cands, sets, ngram_length=1, workers=threads),
                rouge_evaluation_score_batch(cands, sets, ngram_length=2, workers=threads),
                rouge_evaluation_score_batch(cands, sets, rouge_method="longest-common-subsequences", workers=threads),
            ]

        return run_matlab, len(items), "pairs/s"

    raise ValueError(workload)


def child(args: argparse.Namespace) -> None:
    workload, impl, threads = args.child
    # --workers-none: leave the pool to RAYON_NUM_THREADS (rayon's global pool, started once) instead
    # of passing workers=N (a pool of N threads built for each call).
    fn, n_items, unit = setup(workload, impl, None if args.workers_none else int(threads), args)
    fn()  # warm-up: stemmer caches, page faults, the first pool
    if args.start_at:
        # Control run: several such processes start their timed calls together and report the mean
        # call, so that the calls overlap.
        time.sleep(max(0.0, args.start_at - time.time()))
        t0 = time.perf_counter()
        for _ in range(args.rounds):
            out = fn()
        seconds = (time.perf_counter() - t0) / args.rounds
    else:
        seconds, out = best_of(fn, args.rounds)
    result = {"seconds": seconds, "items": n_items, "unit": unit, "per_s": n_items / seconds}
    if impl == "rougebleu":
        import numpy as np

        result["digest"] = digest(out)
        dump = Path(args.dump) / f"{WORKLOADS.index(workload)}-{threads}-{args.workers_none}.npz"
        np.savez(dump, *[np.frombuffer(a.encode("utf-8"), np.uint8) if isinstance(a, str) else a for a in out])
        result["dump"] = str(dump)
    print(json.dumps(result))


def child_command(workload: str, impl: str, threads: int, args: argparse.Namespace, dump: str) -> list[str]:
    cmd = [sys.executable, __file__, "--child", workload, impl, str(threads), "--dump", dump]
    for flag in ("corpus", "rounds", "rouge_repeat", "bleu_copies", "pairwise_size", "rouge155_repeat"):
        cmd += [f"--{flag.replace('_', '-')}", str(getattr(args, flag))]
    cmd += ["--resamples", str(args.resamples), "--matlab-repeat", str(args.matlab_repeat)]
    for flag in ("chrf_copies", "ter_copies", "ter_pairwise_size", "paired_resamples", "caption_copies"):
        cmd += [f"--{flag.replace('_', '-')}", str(getattr(args, flag))]
    if args.workers_none:
        cmd.append("--workers-none")
    return cmd


def measure(workload: str, impl: str, threads: int, args: argparse.Namespace, dump: str) -> dict:
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    cmd = child_command(workload, impl, threads, args, dump)
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        raise RuntimeError(f"{workload} / {impl} / {threads} threads failed:\n{p.stderr[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def control(workload: str, processes: int, args: argparse.Namespace, dump: str) -> float:
    """Aggregate throughput of `processes` single-threaded processes running the workload at once:
    what the machine gives for this work with no sharing inside a process (the ceiling for threads)."""
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    start = time.time() + args.control_slack
    procs = []
    for k in range(processes):
        sub = Path(dump) / f"control-{k}"
        sub.mkdir(exist_ok=True)
        cmd = child_command(workload, "rougebleu", 1, args, str(sub)) + ["--start-at", str(start)]
        procs.append(subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    total = 0.0
    for proc in procs:
        out, err = proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(f"control {workload} failed:\n{err[-2000:]}")
        total += json.loads(out.strip().splitlines()[-1])["per_s"]
    return total


def difference(a_path: str, b_path: str) -> str:
    """Where two dumps differ, for the failure message."""
    import numpy as np

    a, b = np.load(a_path), np.load(b_path)
    parts = []
    for k in a.files:
        x, y = a[k], b[k]
        if x.shape != y.shape:
            parts.append(f"output {k}: shapes {x.shape} vs {y.shape}")
        elif x.tobytes() != y.tobytes():
            if x.dtype == np.uint8:
                parts.append(f"output {k} (text) differs")
            else:
                neq = ~((x == y) | (np.isnan(x) & np.isnan(y)))
                diff = np.abs(np.where(neq, x - y, 0.0))
                parts.append(
                    f"output {k}: {int(neq.sum())} of {x.size} values differ, max |diff| {np.nanmax(diff):.3g}"
                )
    return "; ".join(parts)


def peer_available(name: str) -> bool:
    try:
        if name == "rouge-score-rs":
            import rouge_score_rs  # noqa: F401
        return True
    except ImportError:
        return False


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--threads", type=int, nargs="+", default=[1, 2, 4, 8, 16])
    p.add_argument("--corpus", type=Path, default=CORPUS)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--workloads", nargs="+", choices=WORKLOADS, default=WORKLOADS)
    p.add_argument("--rouge-repeat", type=int, default=16, help="REALSumm copies for rouge() (2,400 pairs each)")
    p.add_argument("--bleu-copies", type=int, default=40, help="WMT17 copies for sentence_scores (3,004 each)")
    p.add_argument("--pairwise-size", type=int, default=1000, help="n for the n x n pairwise matrix")
    p.add_argument("--rouge155-repeat", type=int, default=4, help="REALSumm copies for Rouge155 (100 units each)")
    p.add_argument("--resamples", type=int, default=1000, help="Rouge155 bootstrap resamples")
    p.add_argument("--matlab-repeat", type=int, default=4, help="REALSumm copies for the MATLAB batch calls")
    p.add_argument("--chrf-copies", type=int, default=40, help="WMT17 copies for chrF sentence_scores (3,004 each)")
    p.add_argument("--ter-copies", type=int, default=8, help="WMT17 copies for TER sentence_scores/corpus_score")
    p.add_argument("--ter-pairwise-size", type=int, default=400, help="n for the n x n TER pairwise matrix")
    p.add_argument("--paired-resamples", type=int, default=1000, help="resamples of the paired bootstrap")
    p.add_argument("--caption-copies", type=int, default=8, help="COCO copies for METEOR and captions (2,000 each)")
    p.add_argument("--no-peers", action="store_true")
    p.add_argument(
        "--workers-none", action="store_true", help="call with workers=None (rayon's global pool) instead of workers=N"
    )
    p.add_argument(
        "--control",
        action="store_true",
        help="instead: run N single-threaded processes at once (RAYON_NUM_THREADS=1, workers=1) and report "
        "their aggregate throughput, the machine's own scaling for the same work",
    )
    p.add_argument("--control-slack", type=float, default=10.0, help="seconds for the control processes to load")
    p.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    p.add_argument("--start-at", type=float, help=argparse.SUPPRESS)
    p.add_argument("--dump", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args)
        return

    cpus = os.cpu_count() or 1
    threads = sorted({t for t in args.threads if 1 <= t <= cpus} | {1})
    peers = {w: n for w, n in PEERS.items() if not args.no_peers and peer_available(n)}
    import rougebleu

    if args.control:
        print(f"Control: N single-threaded processes at once, mean of {args.rounds} calls each; cpus={cpus}\n")
        print("| workload | processes | aggregate throughput | vs 1 process |")
        print("| --- | ---: | ---: | ---: |")
        with tempfile.TemporaryDirectory() as dump:
            for workload in args.workloads:
                one = None
                for n in threads:
                    agg = control(workload, n, args, dump)
                    one = one or agg
                    print(f"| {workload} | {n} | {agg:,.0f} | {agg / one:.2f}x |", flush=True)
        return

    print(
        f"rougebleu {rougebleu.__version__}, Python {sys.version.split()[0]}, os.cpu_count()={cpus}; "
        f"threads {threads}; workers={'None' if args.workers_none else 'N'}; best of {args.rounds}; peers: {', '.join(peers.values()) or 'none'}\n"
    )
    print("| workload | threads | throughput | speed-up vs 1 thread | peer | peer throughput | ours / peer |")
    print("| --- | ---: | ---: | ---: | --- | ---: | ---: |")
    mismatches = []
    with tempfile.TemporaryDirectory() as dump:
        for workload in args.workloads:
            base = peer_base = None
            for n in threads:
                ours = measure(workload, "rougebleu", n, args, dump)
                base = base or ours
                row = [
                    workload,
                    str(n),
                    f"{ours['per_s']:,.0f} {ours['unit']}",
                    f"{ours['per_s'] / base['per_s']:.2f}x",
                ]
                if ours["digest"] != base["digest"]:
                    mismatches.append(f"{workload}, {n} threads: {difference(base['dump'], ours['dump'])}")
                    row[1] += " (DIFFERS)"
                if workload in peers:
                    peer = measure(workload, peers[workload], n, args, dump)
                    peer_base = peer_base or peer
                    row += [
                        peers[workload],
                        f"{peer['per_s']:,.0f} ({peer['per_s'] / peer_base['per_s']:.2f}x)",
                        f"{ours['per_s'] / peer['per_s']:.2f}x",
                    ]
                else:
                    row += ["", "", ""]
                print("| " + " | ".join(row) + " |", flush=True)
    if mismatches:
        print("\nNOT bit-identical to 1 thread:\n  " + "\n  ".join(mismatches))
        sys.exit(1)
    print(f"\nAll outputs bit-identical to the 1-thread outputs ({len(args.workloads)} workloads).")


if __name__ == "__main__":
    main()
