"""Command line: python -m rougebleu (or rougebleu).

rougebleu                        score the bundled example corpus and print a table
rougebleu rouge -r REF -p SYS... ROUGE of system outputs (one text per line), intervals, paired tests
rougebleu compare -r REF A B...  compare systems: report (HTML, Markdown, JSON, LaTeX) with tests and analyses
rougebleu rouge155 ...           ROUGE-1.5.5.pl-compatible command (same options and report)
rougebleu meteor -r REF -p SYS   METEOR 1.5 as its jar computes it (or NLTK's meteor_score, --nltk)
rougebleu sacrebleu ...          sacrebleu-compatible command (same options and output)

Each command takes --help and --version.
"""

from __future__ import annotations

import sys

from rougebleu._rougebleu import DEFAULT_ROUGE_TYPES

TYPE_CHECKING = False  # not typing's: `rougebleu rouge155` must start fast (see main)
if TYPE_CHECKING:
    from collections.abc import Sequence

ROUGE_TYPES = DEFAULT_ROUGE_TYPES


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    line = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def example_corpus() -> list[dict]:
    """The small example corpus shipped with the package: documents x systems with one reference."""
    import json
    from importlib import resources

    text = resources.files("rougebleu").joinpath("data/example.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def demo(use_stemmer: bool = True) -> str:
    """Score the bundled example corpus per system: mean ROUGE F1 (x100) and corpus BLEU."""
    from collections import defaultdict

    import rougebleu

    by_system: dict[str, list[dict]] = defaultdict(list)
    for item in example_corpus():
        by_system[item["system"]].append(item)
    header = ["system", "pairs", *(f"{t} F1" for t in ROUGE_TYPES)]
    import numpy as np

    bleu = getattr(rougebleu, "corpus_bleu", None)
    if bleu is not None:
        header.append("BLEU")
    rows = []
    for system, items in sorted(by_system.items()):
        preds = [it["prediction"] for it in items]
        refs = [it["reference"] for it in items]
        scores = rougebleu.rouge(preds, refs, rouge_types=ROUGE_TYPES, use_stemmer=use_stemmer)
        row = [system, str(len(items)), *(f"{100 * float(np.mean(scores[t].fmeasure)):.2f}" for t in ROUGE_TYPES)]
        if bleu is not None:
            row.append(f"{bleu(preds, [refs]).score:.2f}")
        rows.append(row)
    stem = "with" if use_stemmer else "without"
    return (
        f"rougebleu {rougebleu.__version__}: bundled example corpus, ROUGE {stem} Porter stemming "
        f"(rouge_score-compatible)\n\n" + _table(header, rows)
    )


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "rouge155":
        # Before any other import: scripts call this once per evaluation, as they called Perl.
        from rougebleu.rouge155.cli import main as rouge155_main

        return rouge155_main(argv[1:])
    # The commands never multiply matrices: NumPy's BLAS pool would only start (and spin)
    # threads, which costs a command a sixth of its CPU time. A user's setting is kept.
    import os

    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if argv and argv[0] == "sacrebleu":
        # Also before any other import: timed as a whole process, like sacrebleu's own command.
        from rougebleu.cli.sacrebleu import main as sacrebleu_main

        return sacrebleu_main(argv[1:])
    import argparse

    from rougebleu._rougebleu import __version__
    from rougebleu.cli import rouge as rouge_cli
    from rougebleu.cli._help import PlainHelp

    parser = argparse.ArgumentParser(prog="rougebleu", description=__doc__, formatter_class=PlainHelp)
    parser.add_argument("--version", "-V", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--no-stem", action="store_true", help="example corpus: score without stemming")
    sub = parser.add_subparsers(dest="command")
    from rougebleu.cli import compare as compare_cli
    from rougebleu.cli import meteor as meteor_cli

    commands = {
        "rouge": (rouge_cli, "ROUGE of system outputs against references, with intervals and paired tests"),
        "compare": (compare_cli, "compare systems against a baseline: a report with paired tests, analyses and plots"),
        "meteor": (meteor_cli, "METEOR 1.5 as its jar computes it (or NLTK's meteor_score) of system outputs"),
    }
    for name, (module, summary) in commands.items():
        description = getattr(module, "DESCRIPTION", module.__doc__)
        p = sub.add_parser(name, help=summary, description=description, formatter_class=PlainHelp)
        p.add_argument("--version", "-V", action="version", version=f"rougebleu {name} {__version__}")
        module.add_arguments(p)
    sub.add_parser("rouge155", help="ROUGE-1.5.5.pl-compatible command; see 'rougebleu rouge155 -h'")
    sub.add_parser("sacrebleu", help="sacrebleu-compatible command; see 'rougebleu sacrebleu -h'")
    args = parser.parse_args(argv)
    if args.command in commands:
        return commands[args.command][0].main(args)
    else:
        print(demo(use_stemmer=not args.no_stem))
    return 0


def console() -> None:
    """The command as a process (the `rougebleu` console script, `python -m rougebleu`): `main()`,
    then standard output and error flushed and the process ended at once. A finished command
    needs none of the interpreter's teardown (freeing every object and module one by one, which
    the exit frees anyway), and it costs a few milliseconds of a run that takes tens. A usage
    error or an exception leaves through the interpreter as usual."""
    status = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            status = status or 120  # what the interpreter reports when its final flush fails
    import os

    os._exit(status)


if __name__ == "__main__":
    console()
