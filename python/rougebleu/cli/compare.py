"""``rougebleu compare``: is B really better than A, and where? A system comparison report.

    rougebleu compare -r REF [-r REF2 ...] SYS_A SYS_B [SYS_C ...] [-m bleu chrf] [-o report.html]

Compares every system with the first (the baseline) on each metric (``-m``: bleu, chrf, chrf++,
ter, rouge1, rouge2, rougeL, rougeLsum, rougeW-1.2, rougeSU4, ...): corpus scores with bootstrap
intervals, paired bootstrap (and with ``--paired-ar`` approximate randomization) tests with the
draws of ``rougebleu sacrebleu --paired-bs/--paired-ar``, segment-level wins, and compare-mt's
analyses: scores by reference length and length ratio, segment counts by length difference and
sentence-level score, word accuracy by frequency, characteristic n-grams, the segments that differ
most. ``-o FILE`` writes the report (format by extension: .html one self-contained file with plots,
.md, .json every number with the settings and signatures, .tex the scores table); ``-o`` may be
repeated; without it a text summary goes to standard output.

Files hold one segment per line (read as sacrebleu reads them); with a rouge type among the
metrics, a literal ``\\n`` inside a line is a sentence break (as in ``rougebleu rouge``). Exit
codes: 0 on success, 1 for unusable input (a missing or empty file, line counts that differ, one
system, an unknown metric), 2 for bad usage.
"""

from __future__ import annotations

import sys

# The input errors and --seed of `rougebleu rouge` (a light module: it imports inside its functions).
from rougebleu._rougebleu import OPTIONS
from rougebleu.cli.rouge import InputError, seed_argument

TYPE_CHECKING = False  # not typing's: keep start-up light
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import Any

PROG = "rougebleu compare"


def add_arguments(p: argparse.ArgumentParser) -> None:
    io = p.add_argument_group("input")
    io.add_argument("systems", nargs="+", metavar="SYS", help="system output files; the first is the baseline")
    io.add_argument(
        "-r",
        "--reference",
        dest="references",
        action="append",
        required=True,
        metavar="REF",
        help="reference file, line-aligned with the systems; repeat for several references per segment",
    )
    io.add_argument(
        "-n",
        "--names",
        nargs="+",
        metavar="NAME",
        help="system names (default: the file names, with as many parent folders as it takes to tell them apart)",
    )
    io.add_argument("-s", "--src", metavar="SRC", help="source file, shown with the examples")
    m = p.add_argument_group("metrics")
    m.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        default=["bleu", "chrf"],
        metavar="METRIC",
        help="bleu, chrf, chrf++, ter and rouge types (rouge1, rouge2, rougeL, rougeLsum, ...); default: bleu chrf",
    )
    m.add_argument(
        "-tok",
        "--tokenize",
        default="13a",
        choices=OPTIONS["bleu.tokenize"],
        metavar="TOKENIZE",
        help=f"BLEU's tokenizer, also the analyses' words: {', '.join(OPTIONS['bleu.tokenize'])} (default 13a)",
    )
    m.add_argument("-lc", "--lowercase", action="store_true", help="lowercase for BLEU, chrF and the analyses")
    m.add_argument("--stem", action="store_true", help="ROUGE: Porter stemming (rouge_score's use_stemmer)")
    m.add_argument(
        "--multi-ref",
        default="max",
        choices=OPTIONS["rouge.multi_ref"],
        metavar="MULTI_REF",
        help=f"ROUGE with several references: {', '.join(OPTIONS['rouge.multi_ref'])} (default max)",
    )
    m.add_argument("--lang", help="ROUGE: the XL-Sum scorer's tokenizer and stemmer for a language")
    m.add_argument("--workers", type=int, default=None, help="threads (default: all cores)")
    t = p.add_argument_group("tests")
    t.add_argument("--seed", default="12345", help="seed of the resampling (default 12345; 'none' = random)")
    t.add_argument("--paired-bs-n", type=int, default=1000, metavar="N", help="bootstrap resamples (default 1000)")
    t.add_argument("--paired-ar", action="store_true", help="also run approximate randomization")
    t.add_argument("--paired-ar-n", type=int, default=10000, metavar="N", help="randomization trials (default 10000)")
    a = p.add_argument_group("analyses")
    a.add_argument(
        "--freq-corpus", metavar="FILE", help="word frequencies from this (training) file, not the references"
    )
    a.add_argument(
        "--ngram-kinds",
        nargs="+",
        default=["match"],
        choices=OPTIONS["report.ngram_kinds"],
        metavar="KIND",
        help=f"n-grams compared: {', '.join(OPTIONS['report.ngram_kinds'])} (default match; compare-mt's types)",
    )
    a.add_argument("--ngram-orders", nargs=2, type=int, default=[1, 4], metavar=("MIN", "MAX"), help="default 1 4")
    a.add_argument("--ngram-top", type=int, default=20, metavar="K", help="n-grams listed each way (default 20)")
    a.add_argument("--examples", type=int, default=10, metavar="K", help="segments shown each way (default 10)")
    o = p.add_argument_group("output")
    o.add_argument(
        "-o",
        "--output",
        action="append",
        default=[],
        metavar="FILE",
        help="write the report: .html, .md, .json, .tex or .txt (repeatable); default: a summary on stdout",
    )


def _read(paths: Sequence[str], sentence_breaks: bool) -> dict[str, list[str]]:
    """Each file's lines as sacrebleu reads them: split at "\\n", each right-stripped; with
    `sentence_breaks`, every literal backslash-n in a line made a newline."""
    from rougebleu._rougebleu import TextLines, column_texts, lines_with_sentence_breaks

    unique = list(dict.fromkeys(paths))
    out: dict[str, list[str]] = {}
    for path, native in zip(unique, TextLines.read_many(unique)):
        if native is not None:
            # Every line as a str in one call.
            lines = lines_with_sentence_breaks(native) if sentence_breaks else column_texts(native, path)
        else:  # unreadable natively: let Python word the error
            try:
                with open(path, encoding="utf-8", newline="\n") as f:
                    lines = [line.rstrip() for line in f]
            except OSError as e:
                raise InputError(f"cannot read {path}: {e.strerror or e}") from None
            except UnicodeDecodeError as e:
                raise InputError(f"{path} is not UTF-8 text: {e.reason} at byte {e.start}") from None
            if sentence_breaks:
                lines = [line.replace("\\n", "\n") for line in lines]
        if not lines:
            raise InputError(f"{path} is empty")
        out[path] = lines
    return out


def default_names(paths: Sequence[str]) -> list[str]:
    """Each path's shortest tail of path components that no other path ends with: the file names when
    they differ (a report headed by full paths is unreadable), more folders only where they collide."""
    parts = [p.replace("\\", "/").rstrip("/").split("/") for p in paths]
    names = []
    for i, mine in enumerate(parts):
        others = [q for j, q in enumerate(parts) if j != i and q != mine]
        depth = 1
        while depth < len(mine) and any(q[-depth:] == mine[-depth:] for q in others):
            depth += 1
        names.append("/".join(mine[-depth:]))
    # The same file given twice keeps one name per position, numbered from the second on.
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            names[i] = f"{name} ({seen[name]})"
    return names


def run(args: argparse.Namespace) -> Any:
    """The report of the command's arguments."""
    from rougebleu.report import compare
    from rougebleu.report._report import FORMATS

    if len(args.systems) < 2:
        raise InputError("give at least two system files to compare (the first is the baseline)")
    for path in args.output:
        ext = path[path.rfind(".") :].lower() if "." in path else ""
        if ext not in FORMATS:
            raise InputError(f"-o {path}: the format comes from the extension, one of {', '.join(sorted(FORMATS))}")
    names = args.names or default_names(args.systems)
    if len(names) != len(args.systems):
        raise InputError(f"--names gives {len(names)} names for {len(args.systems)} system files")
    extra = [p for p in (args.src, args.freq_corpus) if p]
    # With a rouge type among the metrics, a literal \\n in a line is a sentence break (rougeLsum).
    sentence_breaks = any(m.startswith("rouge") for m in args.metrics)
    files = _read([*args.references, *args.systems, *extra], sentence_breaks)
    n = len(files[args.references[0]])
    for path in [*args.references, *args.systems, *([args.src] if args.src else [])]:
        if len(files[path]) != n:
            raise InputError(f"{path} has {len(files[path])} lines but {args.references[0]} has {n}")

    return compare(
        {name: files[path] for name, path in zip(names, args.systems)},
        [files[r] for r in args.references],
        metrics=args.metrics,
        sources=files[args.src] if args.src else None,
        seed=seed_argument(args.seed),
        paired_bs_n=args.paired_bs_n,
        paired_ar_n=args.paired_ar_n if args.paired_ar else 0,
        tokenize=args.tokenize,
        lowercase=args.lowercase,
        use_stemmer=args.stem,
        multi_ref=args.multi_ref,
        lang=args.lang,
        freq_corpus=files[args.freq_corpus] if args.freq_corpus else None,
        ngram_kinds=args.ngram_kinds,
        ngram_orders=tuple(args.ngram_orders),
        ngram_top=args.ngram_top,
        examples=args.examples,
        workers=args.workers,
    )


def main(args: argparse.Namespace) -> int:
    from rougebleu._long_call import for_terminal, reporting

    try:
        with reporting(for_terminal(), "compare"):
            report = run(args)
        for path in args.output:
            report.save(path)
    except InputError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1
    except (TypeError, ValueError) as e:  # an option or input the library refuses, e.g. an unknown metric
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"{PROG}: error: cannot write {e.filename}: {e.strerror or e}", file=sys.stderr)
        return 1
    if not args.output:
        sys.stdout.write(report.to_text())
    return 0
