"""``rougebleu rouge``: ROUGE of one or more system outputs against line-aligned references.

Files hold one text per line; a literal ``\\n`` inside a line is a newline (the sentence break
``rougeLsum`` splits on). Scores are rouge_score's per-pair precision/recall/F, averaged over the
pairs (the corpus number papers report). Exit codes: 0 on success, 1 for unusable input (missing
file, line counts that differ, a test that needs more systems), 2 for bad usage (argparse).
"""

from __future__ import annotations

import sys

from rougebleu._rougebleu import DEFAULT_ROUGE_TYPES, OPTIONS

TYPE_CHECKING = False  # not typing's: keep start-up light
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import Any

    from rougebleu.rouge_family.batch import RougeArrays

DEFAULT_TYPES = DEFAULT_ROUGE_TYPES
DEFAULT_SEED = 12345  # rouge_family.batch.DEFAULT_SEED (not imported: it loads NumPy); a test compares them
MEASURES = OPTIONS["rouge.measure"]
PROG = "rougebleu rouge"
# The help's description: the docstring as plain text.
DESCRIPTION = """ROUGE of one or more system outputs against line-aligned references.

Files hold one text per line; a literal \\n inside a line is a newline (the sentence break
rougeLsum splits on). Scores are rouge_score's per-pair precision/recall/F, averaged over the
pairs (the corpus number papers report). The output names every setting that differs from the
default and gives the signature of the scores (https://rougebleu.github.io/rougebleu/signatures/).
Exit codes: 0 on success, 1 for unusable input (missing file, line counts that differ, a test
that needs more systems), 2 for bad usage."""


class InputError(Exception):
    """Input the command cannot use: reported on stderr with exit code 1."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    io = p.add_argument_group("input")
    io.add_argument(
        "-r",
        "--references",
        required=True,
        nargs="+",
        action="extend",
        metavar="REF",
        help="reference file(s), line-aligned with the predictions; several = several references per pair",
    )
    io.add_argument(
        "-p",
        "--predictions",
        nargs="+",
        action="extend",
        metavar="PRED",
        help="system output file(s); give several (or -p more than once) to compare systems; "
        "'-' or none = standard input",
    )
    io.add_argument("-n", "--names", nargs="+", metavar="NAME", help="system names (default: the file names)")
    m = p.add_argument_group("scoring")
    m.add_argument(
        "-t",
        "--types",
        nargs="+",
        default=list(DEFAULT_TYPES),
        metavar="TYPE",
        help="rouge types: rouge<n>, rougeL, rougeLsum, rougeW-<w>, rougeS<d>, rougeSU<d>, rougeS*, rougeSU*",
    )
    m.add_argument("--stem", action="store_true", help="Porter stemming (rouge_score's use_stemmer=True)")
    m.add_argument(
        "--lang",
        metavar="LANG",
        help="the XL-Sum multilingual scorer's tokenizer and stemmer for this language (a name such as "
        "hindi, or an ISO 639 code such as hi; und = its language-less pipeline); default: rouge_score's",
    )
    m.add_argument(
        "--tokenizer",
        choices=OPTIONS["rouge.tokenizer"],
        default=None,
        help="rouge_score: rouge_score's own (the default); unicode: words in any script",
    )
    m.add_argument(
        "--pretokenized",
        action="store_true",
        help="each line is already tokens separated by whitespace, compared as given (no lowercasing, "
        "no stemming); a literal \\n separates the sentences of rougeLsum",
    )
    m.add_argument(
        "--multi-ref",
        default="max",
        choices=OPTIONS["rouge.multi_ref"],
        help="several references: best F (rouge_score, default), pooled counts (ROUGE-1.5.5 -f A), "
        "best recall (-f B) or mean",
    )
    m.add_argument("--jackknife", action="store_true", help="several references: average the leave-one-out scores")
    m.add_argument("--workers", type=int, default=None, help="threads (default: all cores)")
    s = p.add_argument_group("confidence and significance")
    s.add_argument("--confidence", action="store_true", help="bootstrap confidence interval of each corpus score")
    s.add_argument("--confidence-n", type=int, default=1000, metavar="N", help="bootstrap resamples (default 1000)")
    s.add_argument("--confidence-level", type=float, default=0.95, metavar="C", help="interval level (default 0.95)")
    s.add_argument(
        "--paired-bs",
        action="store_true",
        help="paired bootstrap test of every system against the first (the baseline)",
    )
    s.add_argument("--paired-bs-n", type=int, default=1000, metavar="N", help="resamples (default 1000)")
    s.add_argument("--paired-ar", action="store_true", help="paired approximate randomization test against the first")
    s.add_argument("--paired-ar-n", type=int, default=10000, metavar="N", help="trials (default 10000)")
    s.add_argument("--measure", default="fmeasure", choices=MEASURES, help="the value the paired tests compare")
    s.add_argument(
        "--seed",
        default=str(DEFAULT_SEED),
        help=f"random seed of the resampling (default {DEFAULT_SEED}, as rouge_corpus; 'none' = random)",
    )
    o = p.add_argument_group("output")
    o.add_argument("-f", "--format", default="text", choices=("text", "json", "tsv"), help="output format")
    o.add_argument("-w", "--width", type=int, default=6, help="decimals in the text table (default 6)")
    o.add_argument("--per-pair", metavar="FILE", help="also write every pair's scores to FILE (tab-separated)")


def read_texts(path: str) -> list[str]:
    """One text per line; a literal backslash-n inside a line becomes a newline."""
    try:
        if path == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{path} is not UTF-8 text: {e.reason} at byte {e.start}") from None
    return [line.replace("\\n", "\n") for line in lines]


def load_inputs(args: argparse.Namespace) -> tuple[list[tuple[str, list[str]]], list]:
    """The named systems and the references (one text, or a list of them, per pair)."""
    paths = args.predictions or ["-"]
    if paths.count("-") > 1:
        raise InputError("standard input can be read only once: give '-' as one prediction file at most")
    names = args.names or ["stdin" if p == "-" else p for p in paths]
    if len(names) != len(paths):
        raise InputError(f"--names gives {len(names)} names for {len(paths)} prediction files")
    if len(set(names)) != len(names):
        raise InputError("system names must differ (use --names)")
    ref_columns = [read_texts(r) for r in args.references]
    systems = [(name, read_texts(path)) for name, path in zip(names, paths)]
    n = len(ref_columns[0])
    for path, column in zip(args.references, ref_columns):
        if len(column) != n:
            raise InputError(
                f"reference files differ in length: {args.references[0]} has {n} lines, {path} has {len(column)}"
            )
    for (name, preds), path in zip(systems, paths):
        if len(preds) != n:
            raise InputError(f"{name} has {len(preds)} lines but the references have {n}")
    refs = [list(group) for group in zip(*ref_columns)] if len(ref_columns) > 1 else ref_columns[0]
    return systems, refs


def seed_argument(text: str) -> int | None:
    """A `--seed` value: an integer, or 'none' for fresh entropy."""
    if text.lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        raise InputError(f"--seed must be an integer or 'none', not {text!r}") from None


def _fresh_seed() -> int:
    """The interval's seed for `--seed none`: fresh entropy, as the paired tests draw."""
    import secrets

    return secrets.randbits(63)


def run(args: argparse.Namespace) -> dict:
    """Score every system; the result is what the json format prints."""
    import rougebleu
    from rougebleu.rouge_family.significance import paired_test_on_scores

    if args.paired_bs and args.paired_ar:
        raise InputError("choose one paired test: --paired-bs or --paired-ar")
    systems: list[tuple[str, list[Any]]]
    systems, refs = load_inputs(args)
    paired = "bs" if args.paired_bs else "ar" if args.paired_ar else None
    if paired and len(systems) < 2:
        raise InputError(f"--paired-{paired} compares systems: give at least two prediction files")
    seed = seed_argument(args.seed)
    if args.lang is not None and args.tokenizer is not None:
        raise InputError("--lang and --tokenizer cannot be combined: --lang selects the XL-Sum scorer's tokenizer")
    options = dict(
        rouge_types=args.types,
        use_stemmer=args.stem,
        multi_ref=args.multi_ref,
        jackknife=args.jackknife,
        lang=args.lang,
        tokenizer=args.tokenizer,
        pretokenized=args.pretokenized,
    )
    opts = dict(options, workers=args.workers)
    if args.pretokenized:
        lsum = "rougeLsum" in args.types
        systems = [(name, [_tokens(t, lsum) for t in preds]) for name, preds in systems]
        refs = [[_tokens(t, lsum) for t in r] if isinstance(r, list) else _tokens(r, lsum) for r in refs]
    per_pair: dict[str, dict[str, RougeArrays]] = {}
    out_systems: list[dict[str, Any]] = []
    for name, preds in systems:
        arrays = rougebleu.rouge(preds, refs, **opts)
        per_pair[name] = arrays
        resamples = args.confidence_n if args.confidence else 0
        corpus = rougebleu.rouge_corpus(
            preds,
            refs,
            n_bootstrap=resamples,
            confidence=args.confidence_level,
            seed=_fresh_seed() if seed is None else seed,
            **opts,
        )
        scores = {}
        for t, cs in corpus.items():
            row = {m: getattr(cs, m).score for m in MEASURES}
            if args.confidence:
                for m in MEASURES:
                    row[f"{m}_low"], row[f"{m}_high"] = getattr(cs, m).low, getattr(cs, m).high
            scores[t] = row
        out_systems.append({"name": name, "scores": scores})
    interval = (
        dict(n_bootstrap=args.confidence_n, confidence=args.confidence_level, seed=seed) if args.confidence else {}
    )
    result = {
        "version": f"rougebleu {rougebleu.__version__}",
        "signature": rougebleu.rouge_signature(average="macro", **options, **interval),  # type: ignore[arg-type]
        "pairs": len(refs),
        "references_per_pair": len(args.references),
        "rouge_types": list(per_pair[systems[0][0]]),
        "stemming": args.stem,
        "multi_ref": args.multi_ref,
        "jackknife": args.jackknife,
        "lang": args.lang,
        "tokenizer": "pretokenized" if args.pretokenized else args.tokenizer or "rouge_score",
        "average": "macro",
        "systems": out_systems,
    }
    if args.confidence:
        result["confidence"] = {"resamples": args.confidence_n, "level": args.confidence_level, "seed": seed}
    if paired:
        n = args.paired_bs_n if paired == "bs" else args.paired_ar_n
        result["paired_test"] = {
            "test": paired,
            "samples": n,
            "measure": args.measure,
            "seed": seed,
            "baseline": systems[0][0],
        }
        for t in result["rouge_types"]:
            tested = paired_test_on_scores(
                [(name, getattr(per_pair[name][t], args.measure)) for name, _ in systems],
                test_type=paired,
                n_samples=n,
                seed=seed,
            )
            for entry, res in zip(out_systems, tested):
                entry.setdefault("paired", {})[t] = {"p_value": res.p_value, "mean": res.mean, "ci": res.ci}
    if args.per_pair:
        _write_per_pair(args.per_pair, per_pair)
    return result


def _tokens(text: str, sentences: bool) -> list[str] | list[list[str]]:
    """A line given as tokens: split on whitespace (per sentence, for rougeLsum)."""
    return [s.split() for s in text.split("\n")] if sentences else text.split()


def _write_per_pair(path: str, per_pair: dict) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write("system\tpair\ttype\tprecision\trecall\tfmeasure\n")
            for name, arrays in per_pair.items():
                for t, a in arrays.items():
                    for i, (p, r, fm) in enumerate(zip(a.precision.tolist(), a.recall.tolist(), a.fmeasure.tolist())):
                        f.write(f"{name}\t{i}\t{t}\t{p!r}\t{r!r}\t{fm!r}\n")
    except OSError as e:
        raise InputError(f"cannot write {path}: {e.strerror or e}") from None


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    fmt = lambda cells: "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    return "\n".join([fmt(header), fmt(["-" * w for w in widths]), *map(fmt, rows)])


def format_text(result: dict, width: int) -> str:
    num = lambda x: f"{x:.{width}f}"  # noqa: E731
    refs = result["references_per_pair"]
    settings = [f"{result['pairs']} pairs", f"{refs} reference{'s' if refs != 1 else ''} per pair"]
    settings.append("Porter stemming" if result["stemming"] else "no stemming")
    # Every setting that differs from the default, so that different runs never read alike.
    if result["tokenizer"] != "rouge_score":
        settings.append(f"tokenizer {result['tokenizer']}")
    if result["lang"] is not None:
        settings.append(f"XL-Sum language {result['lang']}")
    if refs > 1 or result["multi_ref"] != "max":
        settings.append(f"several references: {result['multi_ref']}")
    if result["jackknife"]:
        settings.append("jackknife over the references")
    head = ", ".join(settings) + "; scores are means of the per-pair scores\n" + result["signature"]
    header = ["system", "type", *MEASURES]
    conf = result.get("confidence")
    test = result.get("paired_test")
    if conf:
        header += ["f_low", "f_high"]
    if test:
        header += [f"{test['measure']} mean ± 95% CI", "p-value"]
    rows = []
    for entry in result["systems"]:
        for t, row in entry["scores"].items():
            cells = [entry["name"], t, *(num(row[m]) for m in MEASURES)]
            if conf:
                cells += [num(row["fmeasure_low"]), num(row["fmeasure_high"])]
            if test:
                pt = entry["paired"][t]
                cells.append("" if pt["mean"] is None else f"{num(pt['mean'])} ± {num(pt['ci'])}")
                p = pt["p_value"]
                cells.append("(baseline)" if p is None else f"{p:.4f}{' *' if p < 0.05 else ''}")
            rows.append(cells)
    lines = [head, "", _table(header, rows)]
    if conf:
        lines.append(
            f"\nf_low, f_high: {100 * conf['level']:g}% bootstrap interval of fmeasure "
            f"({conf['resamples']} resamples, seed {conf['seed']})"
        )
    if test:
        name = "paired bootstrap resampling" if test["test"] == "bs" else "paired approximate randomization"
        lines.append(
            f"\n{name} ({test['samples']} samples, seed {test['seed']}) of {test['measure']} against the "
            f"baseline {test['baseline']}; * p < 0.05"
        )
    return "\n".join(lines)


def format_tsv(result: dict) -> str:
    extra = [f"{m}_{end}" for m in MEASURES for end in ("low", "high")] if "confidence" in result else []
    paired = ["p_value", "bootstrap_mean", "bootstrap_ci"] if "paired_test" in result else []
    lines = ["\t".join(["system", "type", *MEASURES, *extra, *paired])]
    for entry in result["systems"]:
        for t, row in entry["scores"].items():
            cells = [entry["name"], t, *(repr(row[k]) for k in (*MEASURES, *extra))]
            if paired:
                pt = entry["paired"][t]
                cells += ["" if pt[k] is None else repr(pt[k]) for k in ("p_value", "mean", "ci")]
            lines.append("\t".join(cells))
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    from rougebleu._long_call import for_terminal, reporting

    try:
        with reporting(for_terminal(), "rouge"):
            result = run(args)
    except InputError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1
    except (TypeError, ValueError) as e:  # an option the scorer refuses, e.g. an unknown rouge type
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1
    if args.format == "json":
        import json

        print(json.dumps(result, indent=1, ensure_ascii=False))
    elif args.format == "tsv":
        print(format_tsv(result))
    else:
        print(format_text(result, args.width))
    return 0
