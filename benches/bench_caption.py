"""Time the COCO caption suite against pycocoevalcap 1.2, side by side, and check the numbers agree.

Build first with `maturin develop --release` (and `pip install pycocoevalcap==1.2`, Java on PATH),
then:
    python benches/bench_caption.py [CORPUS_DIR]
(default corpus: ../shared/corpus next to the repository; `make bench-caption`).

1. The suite in one warm process on the 2,000 COCO val2017 images (candidate = first caption,
   references = the other 4-6): pycocoevalcap's PTBTokenizer (two calls of the Java program),
   Bleu(4), Meteor(), Rouge(), Cider() vs `rougebleu.caption_scores` (tokenization included), best
   of 3, wall time (pycocoevalcap's tokenizer and METEOR run in child JVMs). pycocoevalcap is timed
   twice: as `COCOEvalCap.evaluate()` runs it (a new `Meteor()`, so a new METEOR JVM, per call) and
   with one `Meteor()` started beforehand and kept (its JVM start and paraphrase table load not
   timed). Then both sides without the METEOR column, to show where the time goes.
2. The same as processes: `python -c` scoring the file from scratch, JVM starts included, the
   median of 3 runs after one to warm the file caches.
3. CIDEr-D rewards for a self-critical training batch (100 images x 5 sampled captions, their
   references), one thread, CPU time: pycocoevalcap's `Cider().compute_score` vs
   `CiderD().rewards` (frequencies of the batch's references, as pycocoevalcap), and with
   frequencies computed once over all 2,000 images' references. OpenBLAS is held to one thread
   (`OPENBLAS_NUM_THREADS=1`, set here before NumPy loads, for both sides and the processes of 2):
   its helper threads' idle spinning would otherwise count in the process' CPU time.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", str(os.cpu_count()))
# Before NumPy loads (see the docstring): OpenBLAS' helper threads count in the process' CPU time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from _common import CORPUS, best_of, cpu_best_of  # noqa: E402


def read(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def pycocoevalcap_suite(items, meteor=None, with_meteor=True):
    """pycocoevalcap's suite as COCOEvalCap.evaluate() runs it (a new Meteor() unless one is given)."""
    from pycocoevalcap.bleu.bleu import Bleu
    from pycocoevalcap.cider.cider import Cider
    from pycocoevalcap.meteor.meteor import Meteor
    from pycocoevalcap.rouge.rouge import Rouge
    from pycocoevalcap.tokenizer.ptbtokenizer import PTBTokenizer

    gts = PTBTokenizer().tokenize({i: [{"caption": r} for r in it["references"]] for i, it in enumerate(items)})
    res = PTBTokenizer().tokenize({i: [{"caption": it["candidate"]}] for i, it in enumerate(items)})
    out = dict(zip(["Bleu_1", "Bleu_2", "Bleu_3", "Bleu_4"], Bleu(4).compute_score(gts, res, verbose=0)[0]))
    if with_meteor:
        out["METEOR"] = (meteor or Meteor()).compute_score(gts, res)[0]
    out["ROUGE_L"] = float(Rouge().compute_score(gts, res)[0])
    out["CIDEr"] = float(Cider().compute_score(gts, res)[0])
    return out


PROCESS = {
    "pycocoevalcap": (
        "import json,sys; sys.path.insert(0, {benches!r}); from bench_caption import pycocoevalcap_suite, read; "
        "from pathlib import Path; print(json.dumps(pycocoevalcap_suite(read(Path({path!r})))))"
    ),
    "rougebleu": (
        "import json; import rougebleu; items=[json.loads(l) for l in open({path!r}, encoding='utf-8')]; "
        "s=rougebleu.caption_scores([it['references'] for it in items], [it['candidate'] for it in items]); "
        "print(json.dumps(dict(s)))"
    ),
}


def run_process(name, path):
    code = PROCESS[name].format(path=str(path), benches=str(Path(__file__).parent))
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - t0, json.loads(out)


def main() -> None:
    import rougebleu
    from rougebleu.caption import CiderD, DocumentFrequencies, ptb_tokenize

    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    path = root / "nlg" / "coco" / "coco_val2017_human_loo.jsonl"
    items = read(path)
    refs, cands = [it["references"] for it in items], [it["candidate"] for it in items]
    env = f"RAYON_NUM_THREADS={os.environ['RAYON_NUM_THREADS']}  OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']}"
    print(f"cores={os.cpu_count()}  {env}  images={len(items)}")

    print("\n1. the suite (tokenization, BLEU-1..4, METEOR, ROUGE-L, CIDEr-D), one warm process, wall seconds")
    from pycocoevalcap.meteor.meteor import Meteor

    t_theirs, theirs = best_of(lambda: pycocoevalcap_suite(items), 3)
    kept = Meteor()
    pycocoevalcap_suite(items[:10], kept)  # the JVM has read its paraphrase table
    t_kept, theirs_kept = best_of(lambda: pycocoevalcap_suite(items, kept), 3)
    rougebleu.caption_scores(refs[:10], cands[:10])  # the paraphrase table's cache is read once per process
    t_ours, ours = best_of(lambda: rougebleu.caption_scores(refs, cands), 5)
    assert dict(ours) == theirs == theirs_kept, (dict(ours), theirs)
    print(f"{'pycocoevalcap, as COCOEvalCap runs it':40} {t_theirs:8.3f}   {t_theirs / t_ours:6.1f}x")
    print(f"{'pycocoevalcap, METEOR JVM kept warm':40} {t_kept:8.3f}   {t_kept / t_ours:6.1f}x")
    print(f"{'rougebleu.caption_scores':40} {t_ours:8.4f}")
    # Where the time goes: the suite without its METEOR column, both sides.
    rest = ("Bleu", "ROUGE_L", "CIDEr")
    t_theirs_rest, theirs_rest = best_of(lambda: pycocoevalcap_suite(items, with_meteor=False), 3)
    t_ours_rest, ours_rest = best_of(lambda: rougebleu.caption_scores(refs, cands, metrics=rest), 5)
    assert dict(ours_rest) == theirs_rest
    print(f"{'without METEOR: pycocoevalcap':40} {t_theirs_rest:8.3f}   {t_theirs_rest / t_ours_rest:6.1f}x")
    print(f"{'without METEOR: rougebleu':40} {t_ours_rest:8.4f}")

    print("\n2. the same as processes (python -c, from scratch), wall seconds, median of 3 after a warm-up")
    times = {}
    for name in ("pycocoevalcap", "rougebleu"):
        run_process(name, path)
        runs = [run_process(name, path) for _ in range(3)]
        assert all(r[1] == theirs for r in runs)
        times[name] = statistics.median(r[0] for r in runs)
    print(f"{'pycocoevalcap':14} {times['pycocoevalcap']:8.3f}")
    ratio = times["pycocoevalcap"] / times["rougebleu"]
    print(f"{'rougebleu':14} {times['rougebleu']:8.4f}   {ratio:6.1f}x")

    print("\n3. CIDEr-D rewards, 100 images x 5 samples (500 captions), one thread, CPU ms")
    from pycocoevalcap.cider.cider import Cider

    tok_refs = [ptb_tokenize(r) for r in refs]
    tok_cands = ptb_tokenize(cands)
    batch = range(0, 100)
    # Five distinct "sampled" captions per image (other images' captions: the work is the same).
    sampled = [tok_cands[(i * 5 + s + 1) % len(tok_cands)] for i in batch for s in range(5)]
    batch_refs = [tok_refs[i] for i in batch]
    gts = {k: batch_refs[k // 5] for k in range(len(sampled))}
    res = {k: [c] for k, c in enumerate(sampled)}
    t_theirs, (_, theirs_r) = cpu_best_of(lambda: Cider().compute_score(gts, res), 3)
    scorer = CiderD()
    t_ours, ours_r = cpu_best_of(lambda: scorer.rewards(sampled, batch_refs, samples=5, workers=1), 20)
    assert ours_r.tolist() == theirs_r.tolist()
    print(f"{'pycocoevalcap Cider':28} {t_theirs * 1e3:9.2f}")
    print(f"{'CiderD().rewards':28} {t_ours * 1e3:9.3f}   {t_theirs / t_ours:6.0f}x")
    df = DocumentFrequencies.from_references(tok_refs)
    corpus_scorer = CiderD(df)
    t_df, _ = cpu_best_of(lambda: corpus_scorer.rewards(sampled, batch_refs, samples=5, workers=1), 20)
    print(f"{'CiderD(df).rewards':28} {t_df * 1e3:9.3f}   {t_theirs / t_df:6.0f}x  (frequencies of all 2,000 images)")


if __name__ == "__main__":
    main()
