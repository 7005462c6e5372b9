"""METEOR 1.5 parity with the jar, without running it: every gold value of the conformance corpus.

- pycocoevalcap 1.2's mode (`-stdio -l en -norm` on PTB-tokenized text): the jar's 23 statistics of
  every item of the three COCO runs and the five E2E runs, each item's score and the corpus score
  (computed by the jar from the summed statistics);
- the standalone jar (`-l en -norm`, with `-r N`): every segment score and the printed system figures
  of WMT21 en-de (one and three references) and E2E (up to 45 references).

Every comparison is exact (==). The default configuration needs the jar's paraphrase table: the
test extra installs pycocoevalcap, which ships it; without it these tests skip.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from conftest import read_json, read_jsonl
from rougebleu.meteor import METEOR, pycocoevalcap_meteor
from rougebleu.meteor._resources import find_paraphrase_table

needs_table = pytest.mark.skipif(
    find_paraphrase_table() is None, reason="METEOR 1.5's paraphrase table not found (pip install pycocoevalcap)"
)


@lru_cache(maxsize=None)
def _lines(path: str) -> tuple[str, ...]:
    # The jar reads lines with Java's readLine: \n, \r and \r\n end a line.
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return tuple(lines)


def _stdio_runs(corpus: Path):
    """(run name, item ids, hypotheses, references, gold run) of both gold_pycocoevalcap files."""
    for name in ("coco", "e2e"):
        gold = read_json(corpus / "nlg" / name / "gold_pycocoevalcap.json")
        tokens = read_json(corpus / "nlg" / name / "ptb_tokenized.json")["tokens"]
        for run, info in gold["runs"].items():
            if name == "coco":
                items = read_jsonl(corpus / "nlg" / "coco" / Path(info["data_file"]).name)
                candidate = "candidate"
            else:
                items = read_jsonl(
                    corpus
                    / "nlg"
                    / "e2e"
                    / ("e2e_dev_example.jsonl" if run == "dev_example" else "e2e_test_visible.jsonl")
                )
                candidate = "baseline" if run == "dev_example" else run
            by_id = {d["id"]: d for d in items}
            ids = list(info["meteor_stats"])
            hyps = [tokens[by_id[i][candidate] if name == "coco" else by_id[i]["outputs"][candidate]] for i in ids]
            refs = [[tokens[r] for r in by_id[i]["references"]] for i in ids]
            yield f"{name}/{run}", ids, hyps, refs, info


@needs_table
def test_pycocoevalcap_mode_every_item_and_corpus(corpus):
    metric = METEOR(pycocoevalcap=True)
    counts = {"items": 0, "runs": 0}
    for run, ids, hyps, refs, info in _stdio_runs(corpus):
        width = max(len(r) for r in refs)
        streams = [[r[k] if k < len(r) else None for r in refs] for k in range(width)]
        stats = metric.segment_statistics(hyps, streams)
        gold_stats = np.array([[float(x) for x in info["meteor_stats"][i].split()] for i in ids])
        assert np.array_equal(stats, gold_stats), run
        # Java prints the statistics as doubles: 12.0, never -0.0.
        assert not np.any(np.signbit(stats)), run
        scores = metric.sentence_scores(hyps, streams)
        assert scores.tolist() == [info["per_item"][i][4] for i in ids], run
        assert metric.corpus_score(hyps, streams).score == info["corpus"]["METEOR"], run
        # The one-call form pycocoevalcap's drop-in uses.
        corpus_score, item_scores = pycocoevalcap_meteor(hyps, refs)
        assert corpus_score == info["corpus"]["METEOR"] and item_scores == scores.tolist(), run
        counts["items"] += len(ids)
        counts["runs"] += 1
    assert counts == {"items": 5354, "runs": 8}


def _standalone_runs(corpus: Path):
    gold = read_json(corpus / "nlg" / "gold_meteor15.json")
    mt = corpus / "mt" / "wmt21_en-de"
    e2e = read_jsonl(corpus / "nlg" / "e2e" / "e2e_test_visible.jsonl")
    for run, info in gold["runs"].items():
        if run.startswith("wmt21"):
            system, refs = run[len("wmt21-") :].rsplit("-", 1)  # e.g. Facebook-AI, ACD
            lo, hi = info["segments"]
            hyps = list(_lines(str(mt / f"newstest2021.en-de.hyp.{system}.de")))[lo : hi + 1]
            streams = [list(_lines(str(mt / f"newstest2021.en-de.ref.{r}.de")))[lo : hi + 1] for r in refs]
        else:
            system = run.split("-", 1)[1]
            hyps = [d["outputs"][system] for d in e2e]
            width = max(len(d["references"]) for d in e2e)
            streams = [[d["references"][k] if k < len(d["references"]) else None for d in e2e] for k in range(width)]
        yield run, hyps, streams, info


@needs_table
def test_standalone_jar_every_segment_and_system_figure(corpus):
    metric = METEOR()
    assert metric.eval_id == "meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy_pa-1.0_0.6_0.8_0.6"
    n = 0
    for run, hyps, streams, info in _standalone_runs(corpus):
        assert metric.eval_id == info["eval_id"]
        assert metric.sentence_scores(hyps, streams).tolist() == info["segment_scores"], run
        score = metric.corpus_score(hyps, streams)
        system = info["system"]
        assert (score.test_length, score.reference_length, score.chunks) == (
            system["Test words"],
            system["Reference words"],
            system["Chunks"],
        ), run
        assert (score.precision, score.recall, score.f1, score.f_mean) == (
            system["Precision"],
            system["Recall"],
            system["f1"],
            system["fMean"],
        ), run
        assert score.fragmentation_penalty == system["Fragmentation penalty"], run
        assert score.score == system["Final score"], run
        # The printed table's stage rows: test and reference matches per stage.
        stats = score.statistics
        table = [line.split() for line in info["system_block"].split("\n") if line[:1] in "1234" and line[1:2] == " "]
        assert len(table) == 4, run
        for k, row in enumerate(table):
            tc, rc, tf, rf = stats[4 + 4 * k : 8 + 4 * k]
            assert [float(x) for x in row[1:]] == [tc, tf, tc + tf, rc, rf, rc + rf], (run, k)
        n += len(hyps)
    assert n == 4 * 501 + 2 * 315


@needs_table
def test_sentence_score_is_the_best_reference():
    metric = METEOR()
    refs = ["the cat sat on the mat", "a cat is sitting on a mat", "dogs bark"]
    best = max(metric.sentence_score("the cat is on the mat", [r]).score for r in refs)
    assert metric.sentence_score("the cat is on the mat", refs).score == best
    # Identical texts score exactly 1 (no fragmentation penalty).
    assert metric.sentence_score("The cat, on the mat.", ["the cat , on the mat ."]).score == 1.0
