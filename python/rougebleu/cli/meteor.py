"""``rougebleu meteor``: METEOR of one or more system outputs against line-aligned references.

By default METEOR 1.5 as ``java -jar meteor-1.5.jar SYS REF -l en -norm`` computes it (segment
scores, and the system score of the summed statistics); ``--jar-output`` prints the jar's own
plaintext report for one system, line for line. ``--nltk`` scores with NLTK's ``meteor_score``
instead (whitespace tokens; the mean over segments, as Hugging Face ``evaluate`` reports it).

Files hold one text per line (UTF-8). Several ``-r`` files are several references per segment; each
segment keeps its best. The paraphrase table is found as for ``rougebleu.METEOR`` (``--paraphrase-table``,
``$ROUGEBLEU_PARAPHRASE_TABLE`` or an installed pycocoevalcap). Exit codes: 0 on success, 1 for
unusable input (missing file, line counts that differ, no paraphrase table), 2 for bad usage.
"""

from __future__ import annotations

import sys

from rougebleu._rougebleu import OPTIONS

TYPE_CHECKING = False  # not typing's: keep start-up light
if TYPE_CHECKING:
    import argparse
    from typing import Any

PROG = "rougebleu meteor"
TASK_NAMES = {
    "rank": "Ranking",
    "adq": "Adequacy",
    "hter": "HTER",
    "li": "Language-Independent",
    "tune": "Tune",
    "util": "Translator-Utility",
    "universal": "Universal",
    "custom": "Custom",
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    io = p.add_argument_group("input")
    io.add_argument("-r", "--references", required=True, nargs="+", action="extend", metavar="REF",
                    help="reference file(s), line-aligned; several = several references a segment")  # fmt: skip
    io.add_argument("-p", "--predictions", nargs="+", action="extend", metavar="SYS",
                    help="system output file(s); '-' or none = standard input")  # fmt: skip
    io.add_argument("-n", "--names", nargs="+", metavar="NAME", help="system names (default: the file names)")
    jar = p.add_argument_group("METEOR 1.5 (the jar's options)")
    jar.add_argument("--normalize", default="norm", choices=OPTIONS["meteor.normalize"],
                     help="the jar's -norm (default), -norm -noPunct, -lower, or none")  # fmt: skip
    jar.add_argument("-t", "--task", default="rank", choices=[t for t in OPTIONS["meteor.task"] if t != "default"],
                     help="the jar's -t (default rank)")  # fmt: skip
    jar.add_argument("--parameters", metavar="'A B G D'", help="the jar's -p: alpha beta gamma delta")
    jar.add_argument("-m", "--modules", metavar="'M ...'", help="the jar's -m: exact stem synonym paraphrase")
    jar.add_argument("-w", "--weights", metavar="'W ...'", help="the jar's -w: one weight per module")
    jar.add_argument("-x", "--beam-size", type=int, default=40, help="the jar's -x (default 40)")
    jar.add_argument("--ch", action="store_true", help="the jar's -ch: character-based precision and recall")
    jar.add_argument("--paraphrase-table", metavar="PATH", help="paraphrase-en.gz (default: pycocoevalcap's)")
    jar.add_argument("--pycocoevalcap", action="store_true", help="pycocoevalcap's string handling (|||)")
    out = p.add_argument_group("output")
    out.add_argument("--nltk", action="store_true", help="NLTK's meteor_score (whitespace tokens) instead of the jar")
    out.add_argument("--segments", action="store_true", help="also print every segment's score")
    out.add_argument("--jar-output", action="store_true", help="the jar's plaintext report (one system)")
    out.add_argument("--format", default="text", choices=("text", "json"), help="output format (default text)")
    out.add_argument("--workers", type=int, default=None, help="threads (default: all cores)")


class InputError(Exception):
    """Input the command cannot use: reported on stderr with exit code 1."""


def _read(path: str) -> list[str]:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
    except OSError as e:
        raise InputError(f"{PROG}: cannot read {path}: {e.strerror or e}") from None
    # Lines as Java's readLine splits them (\n, \r, \r\n).
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _java(x: float) -> str:
    """Java's Double.toString for the values the report prints."""
    s = repr(float(x))
    if "e" in s or "E" in s:
        mantissa, exponent = s.lower().split("e")
        if "." not in mantissa:
            mantissa += ".0"
        return f"{mantissa}E{int(exponent)}"
    return s


def _count(x: float) -> str:
    """The jar's DecimalFormat("#.##########") of a count."""
    return str(int(x)) if float(x).is_integer() else f"{x:.10f}".rstrip("0").rstrip(".")


def _row(cells: list[str]) -> str:
    """The six match counts of a line of the jar's stage table, in its columns."""
    return f"{cells[0]:>7}   {cells[1]:>7}  {cells[2]:>7}    {cells[3]:>7}   {cells[4]:>7}  {cells[5]:>7}"


def jar_report(metric: Any, scores: Any, corpus: Any) -> str:
    """The jar's plaintext output: header, segment scores, system statistics."""
    stats = corpus.statistics
    modules = metric.modules
    lines = [
        "Meteor version: 1.5",
        "",
        f"Eval ID:        {metric.eval_id}",
        "",
        "Language:       English",
        "Format:         plaintext",
        f"Task:           {TASK_NAMES[metric.task_name]}",
        f"Modules:        {' '.join(modules)}",
        f"Weights:        {' '.join(_java(w) for w in metric.weights)}",
        f"Parameters:     {' '.join(_java(p) for p in metric.parameters)}",
        "",
    ]
    lines += [f"Segment {i + 1} score:\t{_java(s)}" for i, s in enumerate(scores)]
    lines += [
        "",
        "System level statistics:",
        "",
        "",
        "           Test Matches                  Reference Matches",
        "Stage      Content  Function    Total    Content  Function    Total",
    ]
    totals = [0.0, 0.0, 0.0, 0.0]
    for k in range(len(metric.weights)):
        tc, rc, tf, rf = stats[4 + 4 * k : 8 + 4 * k]
        cells = [_count(v) for v in (tc, tf, tc + tf, rc, rf, rc + rf)]
        lines.append(f"{k + 1:1d}          " + _row(cells))
        totals = [totals[0] + tc, totals[1] + tf, totals[2] + rc, totals[3] + rf]
    tc, tf, rc, rf = totals
    cells = [_count(v) for v in (tc, tf, tc + tf, rc, rf, rc + rf)]
    unit = "char" if metric.char_based else "word"
    lines += [
        "Total      " + _row(cells),
        "",
        f"Test {unit}s:             {_count(stats[0])}",
        f"Reference {unit}s:        {_count(stats[1])}",
        f"Chunks:                 {_count(stats[20])}",
        f"Precision:              {_java(corpus.precision)}",
        f"Recall:                 {_java(corpus.recall)}",
        f"f1:                     {_java(corpus.f1)}",
        f"fMean:                  {_java(corpus.f_mean)}",
        f"Fragmentation penalty:  {_java(corpus.fragmentation_penalty)}",
        "",
        f"Final score:            {_java(corpus.score)}",
    ]
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except InputError as e:
        print(e, file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    import json

    refs = [_read(r) for r in args.references]
    predictions = args.predictions or ["-"]
    systems = [_read(p) for p in predictions]
    names = args.names or predictions
    if len(names) != len(systems):
        raise InputError(f"{PROG}: {len(names)} names for {len(systems)} systems")
    for path, lines in [*zip(args.references, refs), *zip(predictions, systems)]:
        if len(lines) != len(refs[0]):
            raise InputError(f"{PROG}: {path} has {len(lines)} lines, {args.references[0]} has {len(refs[0])}")
    if args.jar_output and (args.nltk or len(systems) != 1):
        raise InputError(f"{PROG}: --jar-output reports one system scored by METEOR 1.5 (no --nltk)")
    results = []
    if args.nltk:
        from rougebleu.meteor.nltk_meteor import meteor_scores

        per_item = [[r[i].split() for r in refs] for i in range(len(refs[0]))]
        for name, lines in zip(names, systems):
            scores = meteor_scores([h.split() for h in lines], per_item, workers=args.workers)
            mean = float(sum(scores.tolist()) / len(scores)) if len(scores) else 0.0
            results.append({"name": name, "score": mean, "segments": scores.tolist(), "signature": "nltk-3.10.4"})
    else:
        from rougebleu.meteor.jar import METEOR

        split = lambda s: s.split() if s else None  # noqa: E731
        try:
            metric = METEOR(
                normalize=args.normalize,
                task=args.task,
                parameters=[float(x) for x in args.parameters.split()] if args.parameters else None,
                weights=[float(x) for x in args.weights.split()] if args.weights else None,
                modules=split(args.modules),
                beam_size=args.beam_size,
                char_based=args.ch,
                paraphrase_table=args.paraphrase_table,
                pycocoevalcap=args.pycocoevalcap,
            )
        except ValueError as e:
            raise InputError(f"{PROG}: {e}") from None
        for name, lines in zip(names, systems):
            stats = metric.segment_statistics(lines, refs, workers=args.workers)
            corpus = metric.score_from_statistics(stats)
            scores = metric._scorer.scores(stats)
            if args.jar_output:
                print(jar_report(metric, scores.tolist(), corpus))
                return 0
            signature = str(metric.get_signature())
            results.append({"name": name, "score": corpus.score, "segments": scores.tolist(), "signature": signature})
    if args.format == "json":
        for r in results:
            if not args.segments:
                del r["segments"]
        print(json.dumps(results if len(results) > 1 else results[0], indent=1, ensure_ascii=False))
        return 0
    width = max(len(r["name"]) for r in results)
    for r in results:
        print(f"{r['name']:<{width}}  METEOR|{r['signature']} = {r['score']:.4f}")
        if args.segments:
            for i, s in enumerate(r["segments"]):
                print(f"{r['name']}\t{i + 1}\t{s!r}")
    return 0
