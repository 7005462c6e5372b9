"""Regenerate tests/golden/rouge_score_cases.json by running rouge_score 0.1.2 itself.

    python tests/golden/make_rouge_score_golden.py

The committed JSON lets the test suite check exact values without the shared corpus.
"""

import json
from pathlib import Path

from edge_cases import EDGE_CASES  # same folder; the texts are not stored in the JSON
from rouge_score import rouge_scorer

TYPES = ["rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum"]


def main() -> None:
    out = []
    for stem in (False, True):
        scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
        for name, target, prediction in EDGE_CASES:
            scores = scorer.score(target, prediction)
            out.append(
                {
                    "name": name,
                    "use_stemmer": stem,
                    # [P, R, F, python type name] per rouge type: int zeros are part of the contract.
                    "scores": {t: [*map(float, s), type(s.fmeasure).__name__] for t, s in scores.items()},
                }
            )
    path = Path(__file__).with_name("rouge_score_cases.json")
    path.write_text(json.dumps({"tool": "rouge_score 0.1.2 + nltk 3.10.4", "types": TYPES, "cases": out}, indent=1))


if __name__ == "__main__":
    main()
