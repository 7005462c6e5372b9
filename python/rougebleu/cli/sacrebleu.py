"""`rougebleu sacrebleu [ARGS]`: sacrebleu 2.6.0's command line on local files and standard input.

    rougebleu sacrebleu REF [REF ...] -i SYS [SYS ...] [-m bleu chrf ter] [options]
    cat SYS | rougebleu sacrebleu REF

Same arguments, same standard output byte for byte (JSON, text and LaTeX reports, sentence-level
lines, bootstrap intervals, paired-test tables), same exit codes and error messages for bad usage;
the `version:` field of signatures is rougebleu's. The scores come from :mod:`rougebleu.mt`; paired
tests from :mod:`rougebleu.mt.significance` with sacrebleu's seeded draws (`SACREBLEU_SEED`).

Not offered: sacrebleu's built-in test sets (`-t`, `--echo`, `--list`, `--download`,
`--citation`, `--origlang`, `--subset`, `--detail`) -- pass reference files instead -- and the
tokenizers that need MeCab or SentencePiece models. `-l` chooses the BLEU tokenizer from the
target language, as sacrebleu does for local files.

The option table and its two readers live in :mod:`rougebleu.cli._sacrebleu_args`; reading the
files, sacrebleu's checks and the scoring here; the report layouts in
:mod:`rougebleu.cli._sacrebleu_report`.
Imports are deferred so that a run costs little more than the scoring itself.
"""

from __future__ import annotations

import sys

from rougebleu.cli._sacrebleu_args import FORMATS, Namespace, fast_parse

TYPE_CHECKING = False  # not typing's: keep the start-up of the command light
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import Any

__all__ = ["build_parser", "main", "parse_args", "run"]

# Exit status sacrebleu uses for malformed tab-separated input (references or systems).
EXIT_BAD_FIELDS = 17


class UsageError(Exception):
    """A message for standard error (one or more lines) and sacrebleu's exit status."""

    def __init__(self, *lines: str, status: int = 1) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines
        self.status = status


def build_parser() -> argparse.ArgumentParser:
    """sacrebleu's options, names, defaults and types as an argparse parser (help texts are
    rougebleu's own); the table lives in :mod:`rougebleu.cli._sacrebleu_args`."""
    from rougebleu.cli import _sacrebleu_args

    return _sacrebleu_args.build_parser(f"%(prog)s {_version()} (sacrebleu {_sacrebleu_args.SACREBLEU_VERSION})")


def _version() -> str:
    from rougebleu._rougebleu import __version__

    return __version__


# -- reading ------------------------------------------------------------------------------------


def _open(path: str, encoding: str) -> Any:
    # Lines end at "\n" only (a lone "\r" stays inside the line), gzip files are read as text.
    if path.endswith(".gz"):
        import gzip

        return gzip.open(path, mode="rt", encoding=encoding, newline="\n")
    return open(path, encoding=encoding, newline="\n")


class _Files:
    """The command's files in `encoding`. Plain UTF-8 files (the usual case) are read natively,
    all together and in parallel, as columns the metrics read without a Python string per line;
    any file that cannot be read so is read line by line here, which words the error."""

    def __init__(self, paths: Sequence[str], encoding: str) -> None:
        self.encoding = encoding
        self._native: dict[str, Any] = {}
        if encoding.lower().replace("_", "-") in ("utf-8", "utf8"):
            plain = [p for p in dict.fromkeys(paths) if not p.endswith(".gz")]
            if plain:
                from rougebleu._rougebleu import TextLines

                self._native = dict(zip(plain, TextLines.read_many(plain)))

    def read(self, path: str) -> Sequence[str]:
        lines = self._native.get(path)
        if lines is not None:
            return lines  # type: ignore[no-any-return]
        try:
            with _open(path, self.encoding) as f:
                return [line.rstrip() for line in f]
        except OSError as err:
            raise UsageError(f"{path}: {err.strerror or err}") from err
        except (UnicodeDecodeError, LookupError) as err:
            raise UsageError(f"{path}: cannot read as {self.encoding}: {err}") from err


def _read_references(args: Namespace, files: _Files) -> list[Sequence[str]]:
    n = args.num_refs
    streams: list[Sequence[str]] = [[] for _ in range(max(len(args.refs), n))]
    for k, path in enumerate(args.refs):
        lines = files.read(path)
        if n == 1:
            streams[k] = lines
            continue
        for lineno, line in enumerate(lines, 1):
            fields = line.split("\t", n - 1)
            if len(fields) != n:
                raise UsageError(
                    f"FATAL: line {lineno}: expected {n} fields, but found {len(fields)}.", status=EXIT_BAD_FIELDS
                )
            for j, field in enumerate(fields):
                streams[j].append(field)  # type: ignore[attr-defined]
    return streams


def _read_stdin(encoding: str) -> list[list[str]]:
    import io

    # Universal newlines, as sacrebleu's own wrapper of standard input reads them.
    stream = io.TextIOWrapper(sys.stdin.buffer, encoding=encoding)
    try:
        first = stream.readline().rstrip().split("\t")
        systems = [[field] for field in first]
        for line in stream:
            fields = line.rstrip().split("\t")
            if len(fields) != len(systems):
                raise UsageError(
                    "FATAL: the number of tab-delimited fields in the input stream differ across lines.",
                    status=EXIT_BAD_FIELDS,
                )
            for system, field in zip(systems, fields):
                system.append(field.rstrip())
    except UnicodeDecodeError as err:
        raise UsageError(f"standard input: cannot read as {encoding}: {err}") from err
    return systems


def _read_systems(args: Namespace, files: _Files, paired: bool, info: Any) -> tuple[list[Sequence[str]], list[str]]:
    if args.input is None:
        systems: list[Sequence[str]] = list(_read_stdin(args.encoding))
        names = [f"System {i + 1}" for i in range(len(systems))]
        if paired:
            names = ["Baseline"] + [f"System {i + 1}" for i in range(len(systems) - 1)]
        return systems, names
    systems, names = [], []
    for path in args.input:
        if path in names:
            if paired and path == names[0]:
                info(f"Ignoring {path!r} as it was also given as the baseline.")
                continue
            raise UsageError(
                f"{path!r} already used to name a system.", "Make sure to have a different basename for each system."
            )
        systems.append(files.read(path))
        names.append(path)
    if paired and names:
        names[0] = f"Baseline: {names[0]}"
    return systems, names


# -- checks in sacrebleu's order ----------------------------------------------------------------


def _check_usage(args: Namespace) -> None:
    test_set_only = [
        ("--download", args.download),
        ("--list", args.list),
        ("--citation", args.citation),
        ("-t/--test-set", args.test_set),
        ("--echo", args.echo),
        ("--origlang", args.origlang),
        ("--subset", args.subset),
        ("--detail", args.detail),
    ]
    for option, value in test_set_only:
        if value:
            raise UsageError(
                f"{option} needs sacrebleu's built-in test sets, which rougebleu does not offer.",
                "Pass local files instead: rougebleu sacrebleu REF [REF ...] -i SYSTEM [SYSTEM ...]",
            )
    if args.sentence_level and len(args.metrics) > 1:
        raise UsageError("Only one metric can be used in sentence-level mode.")
    if args.num_refs != 1 and len(args.refs) > 1:
        raise UsageError(
            "The --num-refs argument allows you to provide any number of tab-delimited references in a single file.",
            "You can only use it with externally provided references, however (i.e., not with `-t`),",
            "and you cannot then provide multiple reference files.",
        )
    if not args.refs:
        raise UsageError(
            "If manual references given, make sure to provide them before the -i/--input argument to avoid confusion.",
            "rougebleu does not offer sacrebleu's built-in test sets (-t): pass reference files.",
        )


def _check_systems(args: Namespace, systems: list[Sequence[str]], refs: list[Sequence[str]], paired: bool) -> None:
    if args.sentence_level:
        if len(systems) > 1:
            raise UsageError("Only one system can be evaluated in sentence-level mode.")
        if args.confidence or paired:
            raise UsageError("Statistical tests are unavailable in sentence-level mode.")
    if paired and len(systems) == 1:
        raise UsageError("Paired tests require multiple input systems given to --input (-i).")
    if len(systems) > 1 and args.confidence:
        raise UsageError("Use paired tests (--paired) for multiple systems.")
    for system in systems:
        if not system:
            raise UsageError("Test set None contains no sentence")
        if any(len(stream) != len(system) for stream in refs):
            raise UsageError("System and reference streams have different lengths.")


# -- scoring ------------------------------------------------------------------------------------


def _metrics(args: Namespace, refs: list[Sequence[str]]) -> dict[str, Any]:
    built: dict[str, Any] = {}
    for name in args.metrics:
        if name == "bleu":
            from rougebleu.mt.bleu import BLEU

            trg_lang = args.langpair.split("-")[1] if args.langpair else ""
            built["BLEU"] = BLEU(
                lowercase=args.bleu_lowercase,
                force=args.bleu_force,
                tokenize=args.bleu_tokenize,
                smooth_method=args.bleu_smooth_method,
                smooth_value=args.bleu_smooth_value,
                effective_order=args.sentence_level,
                trg_lang=trg_lang,
                references=refs,
            )
        elif name == "chrf":
            from rougebleu.mt.chrf import CHRF

            built["CHRF"] = CHRF(
                char_order=args.chrf_char_order,
                word_order=args.chrf_word_order,
                beta=args.chrf_beta,
                lowercase=args.chrf_lowercase,
                whitespace=args.chrf_whitespace,
                eps_smoothing=args.chrf_eps_smoothing,
                references=refs,
            )
        else:
            from rougebleu.mt.ter import TER

            built["TER"] = TER(
                normalized=args.ter_normalized,
                no_punct=args.ter_no_punct,
                asian_support=args.ter_asian_support,
                case_sensitive=args.ter_case_sensitive,
                references=refs,
            )
    return built


def _sentence_level(args: Namespace, metric: Any, system: Sequence[str], refs: list[Sequence[str]]) -> str:
    lines = []
    for hyp, *seg_refs in zip(system, *refs):
        score = metric.sentence_score(hyp, seg_refs)
        lines.append(score.format(args.width, args.score_only, metric.get_signature().format(args.short)))
    return "\n".join(lines)


def _report(args: Namespace, systems: list[Sequence[str]], names: list[str], metrics: dict[str, Any]) -> str:
    from rougebleu.cli._sacrebleu_report import Colors, results_table, single_results

    color = Colors(_colors_enabled(args))
    if len(systems) == 1:
        lines = []
        for key in sorted(metrics):
            n_bootstrap = args.confidence_n if args.confidence else 1
            score = metrics[key].corpus_score(systems[0], None, n_bootstrap=n_bootstrap)
            sig = metrics[key].get_signature().format(args.short if args.format != "json" else False)
            lines.append(score.format(args.width, args.score_only, sig, args.format == "json"))
        return single_results(lines, args.format == "json", color)

    paired = "bs" if args.paired_bs else "ar" if args.paired_ar else None
    if paired is None:
        sigs: dict[str, str] = {}
        scores: dict[str, list[Any]] = {"System": names}
        for system in systems:
            for key in sorted(metrics):
                score = metrics[key].corpus_score(system, None)
                sigs[score.name] = metrics[key].get_signature().format(args.short)
                scores.setdefault(score.name, []).append(score.format(args.width, True))
        paired_n = 0
    else:
        from rougebleu.mt.significance import PairedTest

        n = args.paired_bs_n if paired == "bs" else args.paired_ar_n
        test = PairedTest(list(zip(names, systems)), metrics, None, paired, n, n_jobs=args.paired_jobs)
        signatures, scores = test()
        sigs = {k: v.format(args.short) for k, v in signatures.items()}
        paired_n = n  # the banner shows the number asked for, as sacrebleu's does
    return results_table(scores, sigs, fmt=args.format, width=args.width, paired=paired, paired_n=paired_n, color=color)


def _colors_enabled(args: Namespace) -> bool:
    import os

    if args.no_color or os.environ.get("NO_COLOR"):
        return False
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


# -- entry point --------------------------------------------------------------------------------


def parse_args(argv: Sequence[str]) -> Namespace:
    """sacrebleu's arguments (argparse exits with status 2 on bad usage); `SACREBLEU_FORMAT`
    overrides `--format` when it names one. Plain command lines are read without argparse."""
    import os

    values = fast_parse(argv)
    if values is None:
        values = vars(build_parser().parse_args(list(argv)))
    fmt = os.environ.get("SACREBLEU_FORMAT", "").lower()
    if fmt in FORMATS:
        values["format"] = fmt
    return Namespace(**values)


def run(args: Namespace) -> str:
    """Read, score and return the report (raises :class:`UsageError`)."""
    quiet = args.quiet

    def info(message: str) -> None:
        if not quiet:
            print(f"sacreBLEU: {message}", file=sys.stderr)

    paired = bool(args.paired_bs or args.paired_ar)
    _check_usage(args)
    files = _Files([*args.refs, *(args.input or [])], args.encoding)
    refs = _read_references(args, files)
    systems, names = _read_systems(args, files, paired, info)
    if not systems:  # `-i` without files: sacrebleu prints an empty JSON list, or fails
        if paired or args.sentence_level or args.format != "json":
            raise UsageError("no system output given to -i/--input")
        info("Found 0 systems.")
        return "[]"
    _check_systems(args, systems, refs, paired)
    try:
        metrics = _metrics(args, refs)
    except (TypeError, ValueError) as err:
        raise UsageError(str(err)) from err
    if args.sentence_level:
        ((_, metric),) = metrics.items()
        return _sentence_level(args, metric, systems[0], refs)
    if len(systems) > 1:
        info(f"Found {len(systems)} systems.")
    try:
        return _report(args, systems, names, metrics)
    except TypeError as err:  # JSON of float32 results: sacrebleu fails here too
        raise UsageError(f"cannot write the results as JSON: {err}") from err


def _write(text: str) -> None:
    try:
        sys.stdout.buffer.write(text.encode("utf-8"))  # UTF-8 whatever the locale, as sacrebleu
        sys.stdout.flush()
    except AttributeError:  # a replaced stdout without a byte buffer (tests)
        sys.stdout.write(text)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns sacrebleu's exit status (argparse's usage errors exit with 2)."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    colors = _colors_enabled(args)
    status = 0
    try:
        try:
            from rougebleu._long_call import for_terminal, reporting

            with reporting(for_terminal(), "sacrebleu"):
                report = run(args)
            _write(report + "\n")
        except UsageError as err:
            for line in err.lines:
                print(f"sacreBLEU: {line}", file=sys.stderr)
            status = err.status
        if colors:  # sacrebleu's colorama resets the terminal's colors when the process ends
            _write("\x1b[0m")
    except BrokenPipeError:
        pass
    return status


if __name__ == "__main__":
    sys.exit(main())
