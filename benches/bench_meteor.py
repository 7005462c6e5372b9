"""Time rougebleu's two METEORs against their references, side by side, on the conformance corpus.

Build first with `maturin develop --release`, then:
    python benches/bench_meteor.py [CORPUS_DIR]     (or: make bench-meteor)
(default corpus: ../shared/corpus next to the repository). Each comparison also checks that the
numbers agree.

1. NLTK 3.10.4's `meteor_score`, one thread, WordNet loaded on both sides (NLTK's reader warmed by
   a first call; rougebleu's compiled-in WordNet decoded by one), whitespace tokens: a loop of
   NLTK's `meteor_score` per segment against rougebleu's `meteor_scores(workers=1)` and a loop of
   `rougebleu.nltk.meteor_score`, on COCO (all references), E2E, WMT21 (three references) and
   SummEval (eleven). CPU time of the process (`time.process_time`), best of three runs of each
   side, the sides interleaved.
2. METEOR 1.5 on the 2,000 COCO images of pycocoevalcap's gold (PTB-tokenized): pycocoevalcap's
   `Meteor().compute_score` (the jar, started by it: JVM start and paraphrase-table load included)
   against `rougebleu.meteor.pycocoevalcap_meteor`, each as a whole Python process that reads the
   texts and prints the score (rougebleu's paraphrase-table cache built by an earlier process, as
   the second and later runs find it). Wall time and CPU time (user + system over all threads) of
   each process, best of three, the processes interleaved; rougebleu with one thread (the jar
   scores its lines on one) and with its default threads (all cores).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _common import CORPUS, cpu_best_of

WMT = "mt/wmt21_en-de"


def read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def nltk_sets(root: Path) -> dict[str, tuple[list[list[str]], list[list[list[str]]]]]:
    coco = read_jsonl(root / "nlg/coco/coco_val2017_human_loo.jsonl")[:1000]
    e2e = read_jsonl(root / "nlg/e2e/e2e_test_visible.jsonl")
    mt = root / WMT
    hyp = (mt / "newstest2021.en-de.hyp.Facebook-AI.de").read_text(encoding="utf-8").split("\n")[:501]
    refs = [(mt / f"newstest2021.en-de.ref.{r}.de").read_text(encoding="utf-8").split("\n")[:501] for r in "ACD"]
    summ = read_jsonl(root / "summ/summeval_cnndm.jsonl")
    docs: list[str] = []
    for d in summ:
        if d["doc_id"] not in docs:
            docs.append(d["doc_id"])
    summ = [d for d in summ if d["doc_id"] in docs[:25]]
    return {
        "COCO, 1000 items x 4-6 refs": ([d["candidate"].split() for d in coco], [[r.split() for r in d["references"]] for d in coco]),
        "E2E, 630 outputs x 1-45 refs": (
            [d["outputs"][s].split() for s in ("tgen", "slug") for d in e2e],
            [[r.split() for r in d["references"]] for _ in ("tgen", "slug") for d in e2e],
        ),
        "WMT21, 501 segments x 3 refs": ([h.split() for h in hyp], [[r[i].split() for r in refs] for i in range(501)]),
        "SummEval, 400 summaries x 11 refs": ([d["candidate"].split() for d in summ], [[r.split() for r in d["references"]] for d in summ]),
    }  # fmt: skip


def part_nltk(root: Path) -> None:
    # The token lists first: made after NLTK has loaded WordNet, they lie scattered among its
    # objects, and reading them takes rougebleu longer than scoring them (COCO 10 µs a segment
    # instead of 5; NLTK, at a millisecond, cannot tell).
    sets = nltk_sets(root)
    os.environ.setdefault("NLTK_DATA", str(root / "nlg" / "nltk_data"))
    from nltk.translate import meteor_score as nltk_meteor

    from rougebleu.meteor.nltk_meteor import meteor_scores
    from rougebleu.nltk import meteor_score

    nltk_meteor.meteor_score([["warm", "up"]], ["warming", "up", "wordnet"])  # loads WordNet (seconds)
    meteor_score([["warm", "up"]], ["warming", "up", "wordnet"])  # decodes rougebleu's WordNet
    print(f"1. NLTK meteor_score, one thread, CPU ms (per segment in µs); load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'set':<36}{'NLTK loop':>16}{'rougebleu loop':>18}{'rougebleu batch':>18}{'loop ratio':>12}{'batch ratio':>13}"
    )
    for name, (hyps, refs) in sets.items():
        n = len(hyps)
        runs = {
            "nltk": lambda: [nltk_meteor.meteor_score(r, h) for h, r in zip(hyps, refs)],
            "loop": lambda: [meteor_score(r, h) for h, r in zip(hyps, refs)],
            "batch": lambda: meteor_scores(hyps, refs, workers=1).tolist(),
        }
        best: dict[str, float] = {}
        results: dict[str, Any] = {}
        for _ in range(3):  # the sides interleaved, so that a change of load hits them alike
            for side, run in runs.items():
                # NLTK's seconds once a round; rougebleu's milliseconds best of three (the first
                # after NLTK's run finds the processor's caches full of NLTK's objects).
                seconds, results[side] = cpu_best_of(run, 1 if side == "nltk" else 3)
                best[side] = min(best.get(side, float("inf")), seconds)
        t_nltk, t_loop, t_batch = best["nltk"], best["loop"], best["batch"]
        want = results["nltk"]
        assert results["batch"] == want and results["loop"] == want, name
        cell = lambda t: f"{1000 * t:.1f} ({1e6 * t / n:.0f})"  # noqa: E731
        print(
            f"{name:<36}{cell(t_nltk):>16}{cell(t_loop):>18}{cell(t_batch):>18}{t_nltk / t_loop:>11.0f}x{t_nltk / t_batch:>12.0f}x"
        )


JAR_SCRIPT = """
import json, sys
from pycocoevalcap.meteor.meteor import Meteor
C = sys.argv[1]
tok = json.load(open(C + "/ptb_tokenized.json"))["tokens"]
data = [json.loads(l) for l in open(C + "/coco_val2017_human_loo.jsonl")]
gts = {d["id"]: [tok[r] for r in d["references"]] for d in data}
res = {d["id"]: [tok[d["candidate"]]] for d in data}
print(repr(Meteor().compute_score(gts, res)[0]))
"""

OURS_SCRIPT = """
import json, sys
from rougebleu.meteor import pycocoevalcap_meteor
C, workers = sys.argv[1], (None if sys.argv[2] == "default" else int(sys.argv[2]))
tok = json.load(open(C + "/ptb_tokenized.json"))["tokens"]
data = [json.loads(l) for l in open(C + "/coco_val2017_human_loo.jsonl")]
hyps, refs = [tok[d["candidate"]] for d in data], [[tok[r] for r in d["references"]] for d in data]
print(repr(pycocoevalcap_meteor(hyps, refs, workers=workers)[0]))
"""


def run_process(script: str, folder: Path, *args: str) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + system, all threads, the JVM's included) and stdout of a
    Python process running `script`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    command = [sys.executable, "-c", script, str(folder), *args]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.stdout.strip()


def part_jar(root: Path) -> None:
    folder = root / "nlg" / "coco"
    gold = json.loads((folder / "gold_pycocoevalcap.json").read_text(encoding="utf-8"))
    want = gold["runs"]["human_loo"]["corpus"]["METEOR"]
    run_process(OURS_SCRIPT, folder, "1")  # builds the paraphrase-table cache if missing
    print("\n2. METEOR 1.5, pycocoevalcap's COCO run (2,000 images, 8,004 references), whole processes")
    print(f"{'':<40}{'wall s':>8}{'CPU s':>8}{'wall ratio':>12}{'CPU ratio':>11}")
    sides = {
        "pycocoevalcap Meteor (jar)": (JAR_SCRIPT, ()),
        "rougebleu, one thread": (OURS_SCRIPT, ("1",)),
        "rougebleu, default threads": (OURS_SCRIPT, ("default",)),
    }
    best = {name: (float("inf"), float("inf")) for name in sides}
    for _ in range(3):  # the sides interleaved, so that a change of load hits them alike
        for name, (script, args) in sides.items():
            wall, cpu, out = run_process(script, folder, *args)
            assert float(out) == want, (name, out, want)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    jar = best["pycocoevalcap Meteor (jar)"]
    for name, (wall, cpu) in best.items():
        print(f"{name:<40}{wall:>8.3f}{cpu:>8.3f}{jar[0] / wall:>11.0f}x{jar[1] / cpu:>10.0f}x")
    print(f"(score {want!r} from every process; load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    print(f"cores={os.cpu_count()}")
    part_nltk(root)
    part_jar(root)


if __name__ == "__main__":
    main()
