"""ROUGE-1.5.5 gold files of the shared corpus (REALSumm, SummEval single / 11 references with
-f A and -f B, with and without stemming, rouge_score's test data, the leave-one-out jackknife):
every per-item R/P/F and every printed per-system average and interval must be equal at the
printed precision. Scored in memory through :class:`rougebleu.rouge155.Rouge155`, the inputs
laid out as the gold generator wrote its SPL configuration (one unit per doc_id numbered in
corpus order, peer ID = system with characters outside [A-Za-z0-9_-] replaced by '_')."""

from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path

import pytest

from conftest import read_json, read_jsonl
from rougebleu.rouge155 import Rouge155

SUMM = [
    "realsumm_single_nostem",
    "realsumm_single_stem",
    "summeval_single_nostem",
    "summeval_single_stem",
    "summeval_multi_fA_nostem",
    "summeval_multi_fA_stem",
    "summeval_multi_fB_nostem",
    "summeval_multi_fB_stem",
    "summeval_jackknife_fA_stem",
]
RSTD = [f"rstd_{c}_{s}" for c in ("small", "large", "multi") for s in ("nostem", "stem")]


def _paths(corpus: Path, setting: str) -> tuple[Path, Path]:
    if setting.startswith("rstd_"):
        d = corpus / "rouge_score_testdata"
        return d / f"gold_rouge155_{setting}.json", d / f"{setting.split('_')[1]}.jsonl"
    d = corpus / "summ"
    return d / f"gold_rouge155_{setting}.json", d / f"{setting.split('_')[0]}_cnndm.jsonl"


def _evaluate(corpus: Path, setting: str, gold: dict, rows: list[dict]):
    opts = gold["options"]
    multi = "_multi_" in setting or "jackknife" in setting
    docs: OrderedDict[str, list[dict]] = OrderedDict()
    for r in rows:
        docs.setdefault(r.get("doc_id", r["id"]), []).append(r)
    if "jackknife" in setting:  # the first 50 doc_ids in sorted order
        keep = set(sorted(docs)[:50])
        docs = OrderedDict((k, v) for k, v in docs.items() if k in keep)
    evals, where = [], {}
    for i, items in enumerate(docs.values()):
        peers = {}
        for r in items:
            system = re.sub(r"[^A-Za-z0-9_-]", "_", r.get("system", "1"))
            peers[system] = r["candidate"]
            where[r["id"]] = (str(i + 1), system)
        refs = items[0]["references"]
        evals.append((peers, refs if multi else refs[:1]))
    kw = {
        "max_n": int(opts[opts.index("-n") + 1]),
        "stem": "-m" in opts,
        "multi_ref": opts[opts.index("-f") + 1] if "-f" in opts else "A",
        "jackknife": "jackknife" in setting,
        "data_dir": str(corpus / "rouge155_data"),
    }
    if "-w" in opts:
        kw["rouge_w"] = float(opts[opts.index("-w") + 1])
    if "-2" in opts:
        kw.update(skip_distance=int(opts[opts.index("-2") + 1]), skip_unigrams="both" if "-U" in opts else "no")
    return Rouge155(**kw).evaluate(evals), where


@pytest.mark.parametrize("setting", SUMM + RSTD)
def test_gold_rouge155(corpus, setting):
    gold_path, data_path = _paths(corpus, setting)
    gold = read_json(gold_path)
    res, where = _evaluate(corpus, setting, gold, read_jsonl(data_path))
    assert list(res.measures) == gold["metrics"]
    jack = "jackknife" in setting
    # Jackknife values are means of rounded values (full floats in the gold file).
    close = (lambda a, b: abs(a - b) <= 1e-12) if jack else (lambda a, b: a == b)

    compared = equal = 0
    first_bad = None
    for item_id, values in gold["per_item"].items():
        eval_id, system = where[item_id]
        for mi, m in enumerate(gold["metrics"]):
            ours = res.item(system, m, eval_id)
            for k in range(3):
                compared += 1
                if close(ours[k], values[mi][k]):
                    equal += 1
                elif first_bad is None:
                    first_bad = (item_id, m, "RPF"[k], ours[k], values[mi][k])
    assert compared == gold["n_items"] * len(gold["metrics"]) * 3
    assert equal == compared, f"{compared - equal} per-item values differ, first {first_bad}"

    sys_compared = sys_equal = 0
    for system, per in gold["per_system"].items():
        for m, d in per.items():
            sc = res.per_system[system][m]
            for k, f in enumerate("RPF"):
                ours = (sc.recall, sc.precision, sc.fmeasure)[k]
                for j, g in enumerate(d[f]):
                    sys_compared += 1
                    sys_equal += close(ours[j], g)
                    assert close(ours[j], g), (system, m, f, j, ours[j], g)
            if "plain_mean" in d:
                # Not printed by ROUGE-1.5.5 (the gold generator's %7.5f of the plain mean, whose
                # summation order can flip a tie in the 5th decimal): within one unit there.
                for k in range(3):
                    assert abs(sc.plain_mean[k] - d["plain_mean"][k]) <= 1e-5 + 1e-12
    assert sys_compared == sys_equal > 0
    print(f"{setting}: per-item {equal}/{compared}, per-system {sys_equal}/{sys_compared} equal")
