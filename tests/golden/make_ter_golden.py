"""Regenerate `ter_sacrebleu_cases.json`: sacrebleu 2.6.0's TER on the edge cases of `tests/ter_cases.py`
(all 16 option combinations, synthetic long cases with default options), on the WMT22 systems of
the conformance corpus (corpus level), and the statistics of every segment of two systems.

Run from the repository root with sacrebleu installed (takes a few minutes; sacrebleu's TER is slow):
    python tests/golden/make_ter_golden.py [CORPUS_DIR]
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import sacrebleu
from sacrebleu.metrics import TER

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from ter_cases import EDGE_CASES  # noqa: E402

# Synthetic lowercase word lists: every option gives the same tokens, so only the defaults are run.
DEFAULT_ONLY = {"long_reordered", "beam_widening_short_hyp", "beam_widening_long_hyp", "long_random", "budget"}
OPTIONS = ("normalized", "no_punct", "asian_support", "case_sensitive")


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def edge_records() -> list[dict]:
    out = []
    for name, (hyps, refs) in EDGE_CASES.items():
        grids = [(False,) * 4] if name in DEFAULT_ONLY else list(itertools.product((False, True), repeat=4))
        for flags in grids:
            args = dict(zip(OPTIONS, flags))
            c = TER(**args).corpus_score(hyps, refs)
            m = TER(**args)
            sentence = []
            for i, h in enumerate(hyps):
                s = m.sentence_score(h, [r[i] for r in refs if r[i] is not None])
                sentence.append([s.score, s.num_edits, s.ref_length])
            out.append(
                {
                    "case": name,
                    "args": args,
                    "corpus": [c.score, c.num_edits, c.ref_length],
                    "sentence": sentence,
                }
            )
    return out


def wmt22_records(corpus: Path) -> list[dict]:
    root = corpus / "mt" / "wmt22_general"
    out = []
    plan = []
    for pair, tgt in (("en-de", "de"), ("en-zh", "zh")):
        refs = {k: read_lines(root / f"generaltest2022.{pair}.ref.{k}.{tgt}") for k in "AB"}
        systems = sorted(p.name.split(".hyp.")[1][: -len(tgt) - 1] for p in root.glob(f"generaltest2022.{pair}.hyp.*"))
        for sysname in systems:
            plan.append((pair, tgt, sysname, "A", {}, refs))
        plan.append((pair, tgt, systems[0], "A+B", {}, refs))
    zh_refs = {k: read_lines(root / f"generaltest2022.en-zh.ref.{k}.zh") for k in "AB"}
    for sysname in ("HuaweiTSC", "Online-B"):
        for args in ({"normalized": True, "asian_support": True}, {"no_punct": True, "asian_support": True}):
            plan.append(("en-zh", "zh", sysname, "A", args, zh_refs))
    for pair, tgt, sysname, refset, args, refs in plan:
        hyps = read_lines(root / f"generaltest2022.{pair}.hyp.{sysname}.{tgt}")
        streams = [refs[k] for k in refset.split("+")]
        s = TER(**args).corpus_score(hyps, streams)
        out.append(
            {
                "pair": pair,
                "system": sysname,
                "refs": refset,
                "args": args,
                "score": s.score,
                "num_edits": s.num_edits,
                "ref_length": s.ref_length,
            }
        )
        print(out[-1], file=sys.stderr, flush=True)
    return out


def segment_records(corpus: Path) -> list[dict]:
    """sacrebleu's per-segment statistics `[num_edits, avg_ref_len]` of every segment of two systems."""
    plan = [
        ("wmt21_en-de", "newstest2021.en-de.hyp.Online-W.de", [f"newstest2021.en-de.ref.{k}.de" for k in "ACD"], {}),
        (
            "wmt22_general",
            "generaltest2022.en-zh.hyp.HuaweiTSC.zh",
            ["generaltest2022.en-zh.ref.A.zh"],
            {"normalized": True, "asian_support": True},
        ),
    ]
    out = []
    for testset, hyp_file, ref_files, args in plan:
        folder = corpus / "mt" / testset
        hyps = read_lines(folder / hyp_file)
        streams = [read_lines(folder / f) for f in ref_files]
        stats = TER(**args)._extract_corpus_statistics(hyps, streams)
        out.append({"testset": testset, "system": hyp_file, "refs": ref_files, "args": args, "stats": stats})
        print(testset, hyp_file, len(stats), file=sys.stderr, flush=True)
    return out


def main() -> None:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "shared" / "corpus"
    meta = {"tool": "sacrebleu", "tool_version": sacrebleu.__version__, "cases": "tests/ter_cases.py"}
    data = {
        "generator": meta,
        "records": edge_records(),
        "wmt22": wmt22_records(corpus),
        "segments": segment_records(corpus),
    }
    with open(HERE / "ter_sacrebleu_cases.json", "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    main()
