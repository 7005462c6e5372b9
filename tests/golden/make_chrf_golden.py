"""Regenerate chrf_sacrebleu_cases.json: sacrebleu 2.6.0's chrF statistics and scores for a few
small cases (`python tests/golden/make_chrf_golden.py`, with sacrebleu==2.6.0 installed)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import sacrebleu

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from chrf_cases import CHRF_CASES  # noqa: E402

OPTIONS = [
    dict(),
    dict(word_order=2),
    dict(word_order=2, lowercase=True, beta=1),
    dict(char_order=3, whitespace=True, eps_smoothing=True),
    dict(char_order=0, word_order=2, beta=3),
]


def main() -> None:
    assert sacrebleu.__version__ == "2.6.0"
    records = []
    for case in sorted(CHRF_CASES):
        hyps, refs = CHRF_CASES[case]
        for kw in OPTIONS:
            m = sacrebleu.CHRF(**kw)
            stats = m._extract_corpus_statistics(hyps, refs)
            score = m.corpus_score(hyps, refs)
            records.append(
                dict(
                    case=case,
                    options=kw,
                    stats=stats,
                    sentence_scores=[m._compute_f_score(s) for s in stats],
                    score=score.score,
                    text=str(score),
                    signature=str(m.get_signature()),
                )
            )
    out = Path(__file__).with_name("chrf_sacrebleu_cases.json")
    out.write_text(json.dumps(dict(tool="sacrebleu", version="2.6.0", records=records), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
