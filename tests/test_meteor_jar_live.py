"""METEOR 1.5 against the jar itself, run here: `java -jar meteor-1.5.jar - - -stdio ...` as
pycocoevalcap drives it, with its options varied (normalization, tasks, parameters, modules, beam,
character-based scoring), on real captions and on texts made to reach the normalizer's and the
matchers' corners. Each item's 23 statistics must be the jar's line, character for character, and
each score and the corpus score (the jar's EVAL answers) bit for bit.

Needs Java and the jar (pycocoevalcap ships it); skipped without them.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import read_json, read_jsonl
from rougebleu.meteor import METEOR
from rougebleu.meteor._resources import find_paraphrase_table

TABLE = find_paraphrase_table()
JAR = Path(TABLE).parents[1] / "meteor-1.5.jar" if TABLE else None
JAVA = shutil.which("java")

pytestmark = pytest.mark.skipif(
    not (JAVA and JAR and JAR.is_file()), reason="needs Java on PATH and meteor-1.5.jar (pip install pycocoevalcap)"
)

EDGE = [
    "It's the U.S.-based firm's 1990's plan, isn't it?",
    "Wait... what?! “Quoted” and ``old'' -- no, 1,000.50 dollars; a,b,c.",
    "Mr. Smith and No. 5 and e.g. etc. Inc. went home.",
    "Ünïcödé café naïve Straße ÆØÅ Ж жук 😀 tab\there\u00a0nbsp\u2003em",
    "the the the the cat cat sat sat",
    "running runs ran runner quickly quick",
    "automobile car motorcar auto machine",
    "Aa BB aa bb",  # equal Java hashes: the jar counts them as exact matches
    "hyphen-ated well-known state-of-the-art",
    "a ||| b",
    "double  spaces   here",
    "",
    " ".join(f"word{k % 7}" for k in range(70)),
]


def _items(corpus: Path) -> list[tuple[str, list[str]]]:
    tokens = read_json(corpus / "nlg" / "coco" / "ptb_tokenized.json")["tokens"]
    coco = read_jsonl(corpus / "nlg" / "coco" / "coco_val2017_human_loo.jsonl")[:120]
    e2e = read_jsonl(corpus / "nlg" / "e2e" / "e2e_test_visible.jsonl")[:25]
    items = [(tokens[d["candidate"]], [tokens[r] for r in d["references"]]) for d in coco]
    # Raw text too, for the normalizer (a line break would break the one-line protocol).
    items += [(d["candidate"].replace("\n", " "), [r.replace("\n", " ") for r in d["references"]]) for d in coco[:40]]
    items += [(d["outputs"]["tgen"], d["references"][:6]) for d in e2e]
    refs = [d["candidate"] for d in coco[40:60]]
    items += [(EDGE[k], [EDGE[(k + 3) % len(EDGE)], refs[k], EDGE[k].upper()]) for k in range(len(EDGE))]
    return items


def _jar(options: list[str], items: list[tuple[str, list[str]]]) -> tuple[list[str], list[float], float]:
    """What pycocoevalcap's wrapper sends and reads back: a SCORE line per item (answered by the
    item's statistics), then one EVAL line (answered by each item's score and the corpus score)."""
    jar = subprocess.Popen(
        [JAVA, "-jar", "-Xmx2G", str(JAR), "-", "-", "-stdio", "-l", "en", *options],
        cwd=JAR.parent,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        stats = []
        for hyp, refs in items:
            hyp = hyp.replace("|||", "").replace("  ", " ")
            jar.stdin.write((" ||| ".join(("SCORE", " ||| ".join(refs), hyp)) + "\n").encode())
            jar.stdin.flush()
            stats.append(jar.stdout.readline().decode().strip())
        jar.stdin.write(("EVAL ||| " + " ||| ".join(stats) + "\n").encode())
        jar.stdin.flush()
        scores = [float(jar.stdout.readline()) for _ in range(len(items) + 1)]
    finally:
        jar.stdin.close()
        jar.wait(timeout=60)
    return stats, scores[:-1], scores[-1]


CONFIGS = [
    (["-norm"], {}),
    (["-norm", "-m", "exact stem synonym"], {"modules": ["exact", "stem", "synonym"]}),
    (["-lower", "-m", "exact stem synonym"], {"normalize": "lower", "modules": ["exact", "stem", "synonym"]}),
    (
        ["-norm", "-noPunct", "-t", "hter", "-m", "exact stem synonym"],
        {"normalize": "norm_nopunct", "task": "hter", "modules": ["exact", "stem", "synonym"]},
    ),
    (
        ["-norm", "-ch", "-x", "3", "-m", "exact stem synonym"],
        {"char_based": True, "beam_size": 3, "modules": ["exact", "stem", "synonym"]},
    ),
    (
        ["-p", "0.5 1.5 0.45 0.6", "-m", "synonym exact", "-w", "0.9 0.4"],
        {
            "normalize": "none",
            "parameters": (0.5, 1.5, 0.45, 0.6),
            "modules": ["synonym", "exact"],
            "weights": [0.9, 0.4],
        },
    ),
]


@pytest.mark.parametrize("options, kwargs", CONFIGS, ids=[" ".join(c[0]) for c in CONFIGS])
def test_jar_stdio_statistics_and_scores(corpus, options, kwargs):
    items = _items(corpus)
    want_stats, want_scores, want_corpus = _jar(options, items)
    metric = METEOR(pycocoevalcap=True, **kwargs)
    width = max(len(r) for _, r in items)
    streams = [[r[k] if k < len(r) else None for _, r in items] for k in range(width)]
    hyps = [h for h, _ in items]
    rows = metric._scorer.stats(hyps, streams, True, 1)
    assert rows.lines() == want_stats
    assert metric._scorer.scores(rows).tolist() == want_scores
    assert metric.score_from_statistics(rows).score == want_corpus
