"""Time rougebleu's two METEORs against their references, side by side, on the conformance corpus.

Build first with `maturin develop --release`, then:
    python benches/bench_meteor.py [CORPUS_DIR]     (or: make bench-meteor)
(default corpus: ../shared/corpus next to the repository). Each comparison also checks that the
numbers agree.

1. NLTK 3.10.4's `meteor_score`, one thread, WordNet loaded on both sides (NLTK's reader warmed by
   a first call; rougebleu's compiled-in WordNet decoded by one), whitespace tokens: a loop of
   NLTK's `meteor_score` per segment against rougebleu's `meteor_scores(workers=1)` and a loop of
   `rougebleu.nltk.meteor_score`, on COCO (all references), E2E, WMT21 (three references) and
   SummEval (eleven). CPU time of the process (`time.process_time`), best of three.
2. METEOR 1.5 on the 2,000 COCO images of pycocoevalcap's gold (PTB-tokenized): pycocoevalcap's
   `Meteor().compute_score` (the jar, started by it: JVM start and paraphrase-table load included)
   against `rougebleu.meteor.pycocoevalcap_meteor`, each as a whole Python process that reads the
   texts and prints the score (rougebleu's paraphrase-table cache built by an earlier process, as
   the second and later runs find it). Wall time and CPU time (user + system over all threads) of
   each process, best of three; rougebleu uses its default threads (all cores).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

from _common import CORPUS, best_of

WMT = "mt/wmt21_en-de"


def cpu_best_of(fn: Callable[[], Any]) -> tuple[float, Any]:
    # CPU time: the one-thread comparison stays fair on a machine others share.
    return best_of(fn, 3, clock=time.process_time)


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
    os.environ.setdefault("NLTK_DATA", str(root / "nlg" / "nltk_data"))
    from nltk.translate import meteor_score as nltk_meteor

    from rougebleu.meteor.nltk_meteor import meteor_scores
    from rougebleu.nltk import meteor_score

    nltk_meteor.meteor_score([["warm", "up"]], ["warming", "up", "wordnet"])  # loads WordNet (seconds)
    meteor_score([["warm", "up"]], ["warming", "up", "wordnet"])  # decodes rougebleu's WordNet
    print("1. NLTK meteor_score, one thread, CPU ms (per segment in µs)")
    print(
        f"{'set':<36}{'NLTK loop':>16}{'rougebleu loop':>18}{'rougebleu batch':>18}{'loop ratio':>12}{'batch ratio':>13}"
    )
    for name, (hyps, refs) in nltk_sets(root).items():
        n = len(hyps)
        t_nltk, want = cpu_best_of(lambda: [nltk_meteor.meteor_score(r, h) for h, r in zip(hyps, refs)])
        t_loop, got_loop = cpu_best_of(lambda: [meteor_score(r, h) for h, r in zip(hyps, refs)])
        t_batch, got = cpu_best_of(lambda: meteor_scores(hyps, refs, workers=1).tolist())
        assert got == want and got_loop == want, name
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
C = sys.argv[1]
tok = json.load(open(C + "/ptb_tokenized.json"))["tokens"]
data = [json.loads(l) for l in open(C + "/coco_val2017_human_loo.jsonl")]
print(repr(pycocoevalcap_meteor([tok[d["candidate"]] for d in data], [[tok[r] for r in d["references"]] for d in data])[0]))
"""


def run_process(script: str, folder: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + system, all threads, the JVM's included) and stdout of a
    Python process running `script`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", script, str(folder)], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.stdout.strip()


def part_jar(root: Path) -> None:
    folder = root / "nlg" / "coco"
    gold = json.loads((folder / "gold_pycocoevalcap.json").read_text(encoding="utf-8"))
    want = gold["runs"]["human_loo"]["corpus"]["METEOR"]
    run_process(OURS_SCRIPT, folder)  # builds the paraphrase-table cache if missing
    print("\n2. METEOR 1.5, pycocoevalcap's COCO run (2,000 images, 8,004 references), whole processes")
    print(f"{'':<34}{'wall s':>8}{'CPU s':>8}")
    times: dict[str, tuple[float, float]] = {}
    for name, script in (("pycocoevalcap Meteor (jar)", JAR_SCRIPT), ("rougebleu pycocoevalcap_meteor", OURS_SCRIPT)):
        best = (float("inf"), float("inf"))
        for _ in range(3):
            wall, cpu, out = run_process(script, folder)
            assert float(out) == want, (name, out, want)
            best = (min(best[0], wall), min(best[1], cpu))
        times[name] = best
        print(f"{name:<34}{best[0]:>8.3f}{best[1]:>8.3f}")
    jar, ours = times["pycocoevalcap Meteor (jar)"], times["rougebleu pycocoevalcap_meteor"]
    print(f"{'ratio':<34}{jar[0] / ours[0]:>7.0f}x{jar[1] / ours[1]:>7.0f}x   (score {want!r} from both)")


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    print(f"cores={os.cpu_count()}")
    part_nltk(root)
    part_jar(root)


if __name__ == "__main__":
    main()
