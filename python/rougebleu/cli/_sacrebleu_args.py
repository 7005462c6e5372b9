"""The arguments of `rougebleu sacrebleu`: one table of sacrebleu 2.6.0's options, read two ways.

- :func:`build_parser` turns the table into an `argparse` parser: help, `--version`, and every
  usage error with argparse's messages and exit status 2, as sacrebleu's own parser gives them.
- :func:`fast_parse` reads the plain command lines that scripts run (reference files first, then
  options spelled out in full, each at most once, with valid values) straight from the table,
  without importing argparse. Importing and building argparse costs about as much as scoring a
  test set, and the command is timed as a whole process. Anything else -- abbreviations,
  `--opt=value`, values that start with "-", repeated or conflicting options, bad values, help
  -- returns None, and the caller asks argparse. So both readings give the same values wherever
  the fast one answers (`tests/test_sacrebleu_args.py` checks this), and argparse alone words
  the errors.
"""

from __future__ import annotations

from rougebleu._rougebleu import OPTIONS

TYPE_CHECKING = False  # not typing's: keep the start-up of the command light
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import Any

__all__ = ["GROUPS", "Namespace", "Option", "build_parser", "fast_parse"]

SACREBLEU_VERSION = "2.6.0"
METRIC_NAMES = ("bleu", "chrf", "ter")
# sacrebleu's --tokenize choices (the vocabularies are Rust's: OPTIONS), of which some need models
# rougebleu does not ship.
TOKENIZE_CHOICES = OPTIONS["sacrebleu.tokenize"]
SMOOTH_CHOICES = OPTIONS["bleu.smooth_method"]
FORMATS = ("json", "text", "latex")
NOT_OFFERED = "not offered by rougebleu (built-in test sets); pass local files"


class Option:
    """One option: its flags, where its value goes (`dest`, derived from the first long flag as
    argparse derives it), and how many values it takes: `flag` (store_true), one value (`nargs`
    None), or a list (`nargs` "*" or "+"). `exclusive` names a mutually exclusive set."""

    __slots__ = ("flags", "dest", "nargs", "type", "choices", "default", "help", "flag", "exclusive")

    def __init__(
        self,
        *flags: str,
        dest: str | None = None,
        nargs: str | None = None,
        type: Callable[[str], Any] | None = None,  # noqa: A002 (argparse's name)
        choices: Sequence[str] | None = None,
        default: Any = None,
        help: str | None = None,  # noqa: A002 (argparse's name)
        flag: bool = False,
        exclusive: str | None = None,
    ) -> None:
        self.flags = flags
        long = next((f for f in flags if f.startswith("--")), flags[0])
        self.dest = dest or long.lstrip("-").replace("-", "_")
        self.nargs, self.type, self.choices = nargs, type, choices
        self.default = False if flag and default is None else default
        self.help, self.flag, self.exclusive = help, flag, exclusive

    def argparse_kwargs(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"dest": self.dest, "default": self.default, "help": self.help}
        if self.flag:
            kw["action"] = "store_true"
            return kw
        for name in ("nargs", "type", "choices"):
            if getattr(self, name) is not None:
                kw[name] = getattr(self, name)
        return kw


class Namespace:
    """The parsed arguments as attributes (argparse's `Namespace`, without importing argparse)."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)

    def __getattr__(self, name: str) -> Any:  # only reached for a missing name
        raise AttributeError(name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Namespace) and vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"Namespace({', '.join(f'{k}={v!r}' for k, v in sorted(vars(self).items()))})"


# (group title, its options); the first group is the parser's own.
GROUPS: list[tuple[str | None, list[Option]]] = [
    (
        None,
        [
            Option("--citation", "--cite", flag=True, help=NOT_OFFERED),
            Option("--list", flag=True, help=NOT_OFFERED),
            Option("--test-set", "-t", type=str, help=NOT_OFFERED),
            Option(
                "--language-pair",
                "-l",
                dest="langpair",
                help="SRC-TRG language pair: the target language picks BLEU's default tokenizer",
            ),
            Option("--origlang", "-ol", help=NOT_OFFERED),
            Option("--subset", help=NOT_OFFERED),
            Option("--download", type=str, help=NOT_OFFERED),
            Option("--echo", nargs="+", type=str, help=NOT_OFFERED),
            Option(
                "--input",
                "-i",
                type=str,
                nargs="*",
                help="system output file(s), one segment per line (default: standard input, systems separated by tabs)",
            ),
            Option(
                "--num-refs",
                "-nr",
                type=int,
                default=1,
                help="references per line of the single reference file, tab-separated (default: %(default)s)",
            ),
            Option("--encoding", "-e", type=str, default="utf-8", help="file encoding (default: %(default)s)"),
            Option(
                "--metrics",
                "-m",
                choices=METRIC_NAMES,
                nargs="+",
                default=["bleu"],
                help="metrics to compute (default: bleu)",
            ),
            Option("--sentence-level", "-sl", flag=True, help="one score per segment"),
        ],
    ),
    (
        "BLEU",
        [
            Option(
                "--smooth-method",
                "-s",
                choices=SMOOTH_CHOICES,
                default="exp",
                dest="bleu_smooth_method",
                help="smoothing method (default: %(default)s)",
            ),
            Option(
                "--smooth-value",
                "-sv",
                type=float,
                dest="bleu_smooth_value",
                help="value for floor (default 0.1) and add-k (default 1)",
            ),
            Option(
                "--tokenize",
                "-tok",
                choices=TOKENIZE_CHOICES,
                dest="bleu_tokenize",
                help="tokenizer (default: 13a, zh for Chinese targets)",
            ),
            Option("--lowercase", "-lc", dest="bleu_lowercase", flag=True, help="case-insensitive BLEU"),
            Option(
                "--force",
                dest="bleu_force",
                flag=True,
                help="accepted for compatibility (no tokenization warnings are printed)",
            ),
        ],
    ),
    (
        "chrF",
        [
            Option("--chrf-char-order", "-cc", type=int, default=6, help="character n-gram order (default: 6)"),
            Option("--chrf-word-order", "-cw", type=int, default=0, help="word n-gram order; 2 = chrF++ (default: 0)"),
            Option("--chrf-beta", type=int, default=2, help="recall weight (default: 2)"),
            Option("--chrf-whitespace", flag=True, help="keep spaces in character n-grams"),
            Option("--chrf-lowercase", flag=True, help="case-insensitive chrF"),
            Option(
                "--chrf-eps-smoothing",
                flag=True,
                help="epsilon smoothing (chrF++.py, NLTK, Moses) instead of effective order",
            ),
        ],
    ),
    (
        "TER (defaults as tercom)",
        [
            Option("--ter-case-sensitive", flag=True, help="case-sensitive TER"),
            Option("--ter-asian-support", flag=True, help="split Asian characters"),
            Option("--ter-no-punct", flag=True, help="remove punctuation"),
            Option("--ter-normalized", flag=True, help="tercom's normalization and tokenization"),
        ],
    ),
    (
        "Bootstrap interval of one system",
        [
            Option("--confidence", "-ci", flag=True, help="95%% bootstrap interval of each score"),
            Option("--confidence-n", "-cin", type=int, default=1000, help="resamples (default: %(default)s)"),
        ],
    ),
    (
        "Paired significance tests between systems (the first is the baseline)",
        [
            Option("--paired-ar", "-par", flag=True, exclusive="paired", help="approximate randomization"),
            Option("--paired-bs", "-pbs", flag=True, exclusive="paired", help="paired bootstrap resampling"),
            Option("--paired-ar-n", "-parn", type=int, default=10000, help="AR trials (default: %(default)s)"),
            Option("--paired-bs-n", "-pbsn", type=int, default=1000, help="bootstrap resamples (default: %(default)s)"),
            Option(
                "--paired-jobs",
                "-j",
                type=int,
                default=1,
                help="accepted for compatibility; results do not depend on it",
            ),
        ],
    ),
    (
        "Report",
        [
            Option("--quiet", "-q", flag=True, help="no informational messages"),
            Option("--short", "-sh", flag=True, help="short signatures"),
            Option("--score-only", "-b", flag=True, help="print the scores only"),
            Option("--width", "-w", type=int, default=1, help="decimals (default: %(default)s)"),
            Option("--detail", "-d", flag=True, help=NOT_OFFERED),
            Option("--no-color", "-nc", flag=True, help="no terminal colors"),
            Option(
                "--format",
                "-f",
                default="json",
                choices=FORMATS,
                help="json or text (one system), text or latex tables (several); "
                "SACREBLEU_FORMAT overrides it (default: %(default)s)",
            ),
        ],
    ),
]

# The positional argument, given before any option.
REFS_HELP = "reference file(s), given before -i"


def build_parser(version: str) -> argparse.ArgumentParser:
    """sacrebleu's options, names, defaults and types as an argparse parser (help texts are
    rougebleu's own); `version` is what `--version` prints."""
    import argparse

    p = argparse.ArgumentParser(
        prog="rougebleu sacrebleu",
        description="sacrebleu 2.6.0's command line, computed by rougebleu: "
        "rougebleu sacrebleu REF [REF ...] -i SYSTEM [SYSTEM ...] (or the system on standard input).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for title, options in GROUPS:
        group: Any = p if title is None else p.add_argument_group(title)
        exclusive: dict[str, Any] = {}
        for opt in options:
            target = group
            if opt.exclusive is not None:
                if opt.exclusive not in exclusive:
                    exclusive[opt.exclusive] = group.add_mutually_exclusive_group()
                target = exclusive[opt.exclusive]
            target.add_argument(*opt.flags, **opt.argparse_kwargs())
        if title is None:
            p.add_argument("refs", nargs="*", default=[], help=REFS_HELP)
    p.add_argument("--version", "-V", action="version", version=version)
    return p


def _by_flag() -> dict[str, Option]:
    return {flag: opt for _, options in GROUPS for opt in options for flag in opt.flags}


def _value(opt: Option, text: str) -> tuple[bool, Any]:
    """`(True, value)` when argparse would accept `text` for `opt`, else `(False, None)`."""
    if opt.type is not None:
        try:
            value = opt.type(text)
        except (TypeError, ValueError):
            return False, None
    else:
        value = text
    if opt.choices is not None and value not in opt.choices:
        return False, None
    return True, value


def fast_parse(argv: Sequence[str]) -> dict[str, Any] | None:
    """The values of `argv` as argparse would parse them (a dict of `dest` -> value), or None
    when `argv` is not a plain command line (see the module docstring)."""
    n = len(argv)
    i = 0
    while i < n and not argv[i].startswith("-"):
        i += 1
    if i == 0:
        return None  # argparse's own rules place positionals that come after options
    values: dict[str, Any] = {"refs": list(argv[:i])}
    by_flag = _by_flag()
    seen: set[str] = set()
    exclusive: set[str] = set()
    while i < n:
        opt = by_flag.get(argv[i])
        if opt is None or opt.dest in seen:
            return None
        if opt.exclusive is not None:
            if opt.exclusive in exclusive:
                return None
            exclusive.add(opt.exclusive)
        seen.add(opt.dest)
        i += 1
        if opt.flag:
            values[opt.dest] = True
            continue
        if opt.nargs is None:
            if i == n or argv[i].startswith("-"):
                return None
            ok, values[opt.dest] = _value(opt, argv[i])
            if not ok:
                return None
            i += 1
            continue
        items = []
        while i < n and not argv[i].startswith("-"):
            ok, value = _value(opt, argv[i])
            if not ok:
                return None
            items.append(value)
            i += 1
        if opt.nargs == "+" and not items:
            return None
        values[opt.dest] = items
    for _, options in GROUPS:
        for opt in options:
            if opt.dest not in values:
                default = opt.default
                values[opt.dest] = list(default) if isinstance(default, list) else default
    return values
