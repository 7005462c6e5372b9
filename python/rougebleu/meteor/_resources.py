"""Where METEOR 1.5's paraphrase table and its cache are.

The table (``paraphrase-en.gz``, 60 MB, shipped with the METEOR 1.5 jar and with pycocoevalcap) is
never part of rougebleu: it is read from the path the caller gives, else from the
``ROUGEBLEU_PARAPHRASE_TABLE`` environment variable, else from an installed pycocoevalcap
(``pycocoevalcap/meteor/data/paraphrase-en.gz``). Reading its 272 MB of text takes seconds, so the
first use writes a binary form of it (about 160 MB) to a cache folder, and later processes read
that in milliseconds: ``ROUGEBLEU_CACHE_DIR`` if set, else the platform's user cache folder
(``$XDG_CACHE_HOME/rougebleu`` or ``~/.cache/rougebleu`` on Linux, ``~/Library/Caches/rougebleu`` on
macOS, ``%LOCALAPPDATA%\\rougebleu\\Cache`` on Windows). A cache file is tied to the table's path,
size and modification time; deleting the folder is always safe.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["find_paraphrase_table", "cache_dir", "MISSING_TABLE"]

MISSING_TABLE = (
    "METEOR 1.5's paraphrase module needs the jar's paraphrase table (paraphrase-en.gz, 60 MB), which "
    "rougebleu does not ship: pass paraphrase_table='path/to/paraphrase-en.gz' (it comes with the METEOR 1.5 "
    "release and with pycocoevalcap), set ROUGEBLEU_PARAPHRASE_TABLE, or pip install pycocoevalcap. "
    "modules=('exact', 'stem', 'synonym') scores without paraphrases (not the jar's default score)."
)


def find_paraphrase_table(path: Any = None) -> str | None:
    """The paraphrase table to use: `path`, else ``$ROUGEBLEU_PARAPHRASE_TABLE``, else an installed
    pycocoevalcap's copy; None when there is none."""
    if path is not None:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"paraphrase_table must be a path (str or os.PathLike), got {type(path).__name__}")
        path = os.fspath(path)
        if not os.path.isfile(path):
            raise ValueError(f"paraphrase_table: no such file: {path!r}")
        return path
    env = os.environ.get("ROUGEBLEU_PARAPHRASE_TABLE")
    if env:
        if not os.path.isfile(env):
            raise ValueError(f"ROUGEBLEU_PARAPHRASE_TABLE: no such file: {env!r}")
        return env
    import importlib.util

    try:
        spec = importlib.util.find_spec("pycocoevalcap")
    except (ImportError, ValueError):
        spec = None
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        candidate = os.path.join(folder, "meteor", "data", "paraphrase-en.gz")
        if os.path.isfile(candidate):
            return candidate
    return None


def cache_dir(cache: Any = True) -> str | None:
    """The folder for the table's cache: `cache` itself if a path, the default folder if True,
    no cache if False or None."""
    if cache is None or cache is False:
        return None
    if cache is not True:
        if not isinstance(cache, (str, os.PathLike)):
            raise TypeError(f"cache must be True, False or a folder path, got {type(cache).__name__}")
        return os.fspath(cache)
    env = os.environ.get("ROUGEBLEU_CACHE_DIR")
    if env:
        return env
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
        return os.path.join(base, "rougebleu", "Cache")
    if sys.platform == "darwin":
        return os.path.expanduser("~/Library/Caches/rougebleu")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(base, "rougebleu")
