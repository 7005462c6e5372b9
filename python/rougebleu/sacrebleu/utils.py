"""sacrebleu's `utils` without its downloads: the offline helpers under sacrebleu 2.6.0's names.

`SACREBLEU_DIR` (``$SACREBLEU``, by default ``~/.sacrebleu``), `sacrelogger`, `Color`,
`smart_open`, `my_log`, `sum_of_lists`, `args_to_dict`, `sanity_check_lengths`,
`extract_tarball`, `get_md5sum`, `print_single_results` and `print_results_table` (the reports of
``rougebleu sacrebleu``, the same text as sacrebleu's command). Not offered: the test-set database
and its downloads (`download_test_set`, `get_source_file`, `get_reference_files`,
`get_available_testsets`, `filter_subset`, ...).
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import math
import os
import sys
from collections.abc import Sequence
from typing import Any

from rougebleu.cli._sacrebleu_report import Colors, results_table, single_results

__all__ = [
    "USERHOME",
    "SACREBLEU_DIR",
    "sacrelogger",
    "Color",
    "smart_open",
    "my_log",
    "sum_of_lists",
    "args_to_dict",
    "sanity_check_lengths",
    "extract_tarball",
    "get_md5sum",
    "print_single_results",
    "print_results_table",
]

USERHOME = os.path.expanduser("~")
SACREBLEU_DIR = os.environ.get("SACREBLEU", os.path.join(USERHOME, ".sacrebleu"))
sacrelogger = logging.getLogger("sacrebleu")


class Color:
    """ANSI colors for terminal output; `ENABLE_COLORS = False` turns them off."""

    ENABLE_COLORS = True

    @staticmethod
    def format(msg: str, color: str) -> str:
        """`msg` in `color` ("red", "yellow", "cyan", "green"), or unchanged (colors off, or
        another color name)."""
        try:
            return Colors(Color.ENABLE_COLORS)(msg, color.lower())
        except KeyError:
            return msg


def smart_open(file: str, mode: str = "rt", encoding: str = "utf-8") -> Any:
    """A text file, or a gzip-compressed one when its name ends in ``.gz`` (newlines kept as
    they are, as sacrebleu reads them)."""
    if file.endswith(".gz"):
        return gzip.open(file, mode=mode, encoding=encoding, newline="\n")
    return open(file, mode=mode, encoding=encoding, newline="\n")


def my_log(num: float) -> float:
    """`math.log`, with the log of 0 floored to -9999999999."""
    return -9999999999 if num == 0.0 else math.log(num)


def sum_of_lists(lists: Sequence[Sequence[Any]]) -> list[Any]:
    """The element-wise sum of equally long numeric lists, keeping their number type (one list
    comes back as it is)."""
    if len(lists) == 1:
        return lists[0]  # type: ignore[return-value]
    zero = type(lists[0][0])(0.0)
    total = [zero] * len(lists[0])
    for values in lists:
        for i, v in enumerate(values):
            total[i] += v
    return total


def args_to_dict(args: Any, prefix: str, strip_prefix: bool = False) -> dict[str, Any]:
    """The attributes of an argparse namespace named `<prefix>_...` (without the prefix when
    `strip_prefix`)."""
    prefix += "_"
    return {(k.replace(prefix, "") if strip_prefix else k): v for k, v in vars(args).items() if k.startswith(prefix)}


def sanity_check_lengths(system: Sequence[str], refs: Sequence[Sequence[str]], test_set: str | None = None) -> None:
    """Exits with status 1, logging why, when a reference stream's length is not the system's."""
    if any(len(stream) != len(system) for stream in refs):
        sacrelogger.error("System and reference streams have different lengths.")
        if test_set:
            sacrelogger.error(
                f"Check the system output, or clear the cached test set: rm -r {SACREBLEU_DIR}/{test_set}"
            )
        sys.exit(1)


def extract_tarball(filepath: str, destdir: str) -> None:
    """Unpacks a ``.tar.gz``/``.tgz`` or ``.zip`` archive into `destdir`."""
    sacrelogger.info(f"Extracting {filepath} to {destdir}")
    if filepath.endswith((".tar.gz", ".tgz")):
        import tarfile

        with tarfile.open(filepath) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(path=destdir, filter="data")
            else:
                tar.extractall(path=destdir)
    elif filepath.endswith(".zip"):
        import zipfile

        with zipfile.ZipFile(filepath, "r") as archive:
            archive.extractall(path=destdir)


def get_md5sum(dest_path: str) -> str:
    """The MD5 hex digest of a file."""
    md5 = hashlib.md5()
    with open(dest_path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            md5.update(chunk)
    return md5.hexdigest()


def print_single_results(results: list[str], args: Any) -> None:
    """Prints one system's metric lines as sacrebleu's command does (`args.format`: json or text)."""
    print(single_results(list(results), args.format == "json", Colors(Color.ENABLE_COLORS)))


def print_results_table(results: dict[str, list[Any]], signatures: dict[str, str], args: Any) -> None:
    """Prints the multi-system table of sacrebleu's command (`args.format`, `args.width`, and the
    paired-test settings `paired_bs`/`paired_ar` with their `_n`)."""
    paired = "bs" if getattr(args, "paired_bs", False) else "ar" if getattr(args, "paired_ar", False) else None
    n = getattr(args, f"paired_{paired}_n", 0) if paired else 0
    text = results_table(
        dict(results),
        signatures,
        fmt=args.format,
        width=args.width,
        paired=paired,
        paired_n=n,
        color=Colors(Color.ENABLE_COLORS),
    )
    print(text)
