"""``rougebleu rouge155``: a drop-in replacement for the ``ROUGE-1.5.5.pl`` command line.

Same options, same configuration files, same report on standard output, byte for byte; the
warnings ROUGE-1.5.5 prints about peers missing from an evaluation unit go to standard error.
Errors (bad options, unreadable or malformed configurations, missing summaries, a missing data
directory) are reported on standard error with exit status 1 (2 for usage errors).
"""

from __future__ import annotations

import math
import os
import sys

from rougebleu.rouge155.config import ConfigError, default_data_dir, read_config

# Only what the interpreter has loaded anyway (no typing, collections.abc, argparse): callers
# run this command once per evaluation, so its start-up is part of every run.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["UsageError", "main", "parse_args"]

PROG = "rougebleu rouge155"

USAGE = f"""usage: {PROG} [options] CONFIG [systemID]

Scores summaries exactly as ROUGE-1.5.5.pl does and prints its report.
CONFIG is a ROUGE XML evaluation file, or with -z a list of 'peer model1 ... modelN' lines.
systemID selects the system (peer ID) to evaluate; -a evaluates all of them.

options (as in ROUGE-1.5.5):
  -a          evaluate every system in CONFIG
  -c CF       confidence level of the bootstrap interval, 0..100 (default 95)
  -d          also print the per-evaluation R, P, F
  -e DIR      ROUGE data directory (smart_common_words.txt, WordNet-2.0-Exceptions/*.exc);
              default $ROUGE_EVAL_HOME, else the current directory; needed by -m, -M and -s
  -n N        compute ROUGE-1 .. ROUGE-N
  -x          do not compute ROUGE-L
  -w W        compute ROUGE-W with f(k) = k^W (W > 1, typically 1.2)
  -2 D        compute ROUGE-S with at most D words between the two (negative: no limit)
  -u          with -2: report ROUGE-SU (skip-bigrams plus unigrams) instead of ROUGE-S
  -U          with -2: report both ROUGE-S and ROUGE-SU
  -3 MODE     Basic Elements scoring, MODE one of H, HM, HMR, HM1, HMR1, HMR2 (disables ROUGE-L)
  -m          stem with Porter's stemmer and the WordNet 2.0 exception list
  -M          stem the model summaries only
  -s          remove the SMART stop words
  -l N        use only the first N words of each summary
  -b N        use only the first N bytes of each summary
  -f A|B      several models: A pools their counts (default), B keeps the best model
  -p ALPHA    F-measure weight 0..1: F = PR / ((1-ALPHA)P + ALPHA R) (default 0.5)
  -t 0|1|2    0 average per evaluation unit (default), 1 per token (corpus counts),
              2 print the raw counts
  -r N        number of bootstrap resamples (default 1000)
  -z FORMAT   CONFIG is a file list of SEE, SPL, ISI or SIMPLE summaries
  -v          accepted and ignored (ROUGE-1.5.5's debugging output is not reproduced)
  -h, -H      print this help

options of rougebleu:
  --jackknife     leave-one-out over the models (DUC's estimate of human performance):
                  each unit scores the mean of its scores with one model left out;
                  the averages are plain means (no interval)
  --workers N     threads (default: all cores; 1 = serial); results do not depend on it
"""

_FLAGS = set("ahHdmMsuUvx")
_WITH_VALUE = set("bcefln ptr23wz".replace(" ", ""))


class UsageError(ValueError):
    """A command line that ROUGE-1.5.5 would not accept, or that would make it compute nonsense."""


def _getopts(argv: list[str]) -> tuple[dict[str, str | bool], list[str]]:
    """Getopt::Std's ``getopts`` for ROUGE-1.5.5's option string: single-letter options, bundling
    (``-am``), values attached (``-n4``) or separate (``-2 -1``), options only before the first
    argument, ``--`` ends them, a repeated option keeps its last value."""
    opts: dict[str, str | bool] = {}
    args = list(argv)
    while args and len(args[0]) >= 2 and args[0].startswith("-"):
        if args[0] == "--":
            args.pop(0)
            break
        first, rest = args[0][1], args[0][2:]
        if first in _WITH_VALUE:
            args.pop(0)
            if rest == "":
                if not args:
                    raise UsageError(f"option -{first} needs a value")
                rest = args.pop(0)
            opts[first] = rest
        elif first in _FLAGS:
            opts[first] = True
            if rest == "":
                args.pop(0)
            else:
                args[0] = "-" + rest
        else:
            raise UsageError(f"unknown option -{first}")
    return opts, args


def _number(opts, key, what, cast=float, check=None, msg=""):
    raw = opts.get(key)
    if raw is None:
        return None
    try:
        v = cast(raw)
    except ValueError:
        raise UsageError(f"-{key} {raw}: {what} must be {'an integer' if cast is int else 'a number'}") from None
    if check is not None and not check(v):
        raise UsageError(f"-{key} {raw}: {msg}")
    return v


def parse_args(argv: Sequence[str]) -> dict:
    """The command line as keyword arguments of the engine plus what the CLI needs."""
    argv = list(argv)
    extras: dict[str, Any] = {"jackknife": False, "workers": None}
    rest: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--jackknife":
            extras["jackknife"] = True
        elif a == "--workers" or a.startswith("--workers="):
            if a == "--workers":
                if i + 1 >= len(argv):
                    raise UsageError("--workers needs a value")
                i += 1
                val = argv[i]
            else:
                val = a.split("=", 1)[1]
            try:
                extras["workers"] = int(val)
            except ValueError:
                raise UsageError(f"--workers {val}: must be an integer") from None
        elif a.startswith("--") and a != "--":
            raise UsageError(f"unknown option {a}")
        else:
            rest.append(a)
        i += 1
    opts, args = _getopts(rest)
    if opts.get("h") or opts.get("H"):
        return {"help": True}
    if not args:
        raise UsageError("give the ROUGE configuration file (see -h)")
    if len(args) > 2:
        raise UsageError(f"unexpected arguments after CONFIG and systemID: {' '.join(args[2:])}")
    if "l" in opts and "b" in opts:
        raise UsageError("give a length limit in words (-l) or in bytes (-b), not both")

    confidence = _number(opts, "c", "the confidence level", float, lambda v: 0 <= v <= 100, "must be within 0..100")
    ngram = _number(opts, "n", "the n-gram size", int, lambda v: v >= 1, "the n-gram size must be at least 1")
    weight = _number(
        opts,
        "w",
        "the ROUGE-W weight",
        float,
        lambda v: v > 1 and math.isfinite(v),
        "ROUGE-W needs a weight greater than 1",
    )
    gap = _number(opts, "2", "the skip distance", int)
    alpha = _number(opts, "p", "alpha", float, lambda v: 0 <= v <= 1, "alpha must be within 0..1")
    resamples = _number(opts, "r", "the number of resamples", int, lambda v: v >= 1, "needs at least 1 resample")
    words = _number(opts, "l", "the word limit", int, lambda v: v >= 0, "the word limit cannot be negative")
    nbytes = _number(opts, "b", "the byte limit", int, lambda v: v >= 0, "the byte limit cannot be negative")
    counting = str(opts.get("t", "0"))
    if counting not in ("0", "1", "2"):
        raise UsageError(f"-t {counting}: must be 0, 1 or 2")
    multi = str(opts.get("f", "A"))
    if multi not in ("A", "B"):
        raise UsageError(f"-f {multi}: must be A (model average) or B (best model)")
    be = opts.get("3")
    be = None if be is None else str(be)
    if be is not None and be not in ("H", "HM", "HMR", "HM1", "HMR1", "HMR2"):
        raise UsageError(f"-3 {be}: must be one of H, HM, HMR, HM1, HMR1, HMR2")
    list_format = opts.get("z")
    list_format = None if list_format is None else str(list_format)
    if list_format is not None and list_format.upper() not in ("SEE", "SPL", "ISI", "SIMPLE"):
        raise UsageError(f"-z {list_format}: must be SEE, SPL, ISI or SIMPLE")
    if opts.get("m") and opts.get("M"):
        raise UsageError("-M (stem models only) cannot be combined with -m")
    if opts.get("u"):
        skip_unigrams = "only"
    elif opts.get("U"):
        skip_unigrams = "both"
    else:
        skip_unigrams = "no"

    system = args[1] if len(args) > 1 else None
    if list_format is None and not opts.get("a") and system is None:
        raise UsageError("give a system ID to evaluate, or -a to evaluate all systems")
    return {
        "help": False,
        "config": args[0],
        "system": system,
        "all": bool(opts.get("a")) and list_format is None,
        "list_format": list_format,
        "per_eval": bool(opts.get("d")),
        "data_dir": opts.get("e"),
        "labels": (opts.get("w", ""), opts.get("2", ""), opts.get("c", "95")),
        "engine": {
            "max_ngram": ngram or 0,
            "lcs": not opts.get("x"),
            "wlcs_weight": weight,
            "skip_gap": gap,
            "skip_unigrams": skip_unigrams,
            "be_mode": be,
            "stem": bool(opts.get("m")),
            "stem_models_only": bool(opts.get("M")),
            "stopwords": bool(opts.get("s")),
            "limit_words": words or 0,
            "limit_bytes": nbytes or 0,
            "multi": multi,
            "alpha": 0.5 if alpha is None else alpha,
            "counting": int(counting),
            "resamples": 1000 if resamples is None else resamples,
            "confidence": 95.0 if confidence is None else confidence,
            "jackknife": extras["jackknife"],
        },
        "workers": extras["workers"],
    }


def build_run(config, systems: list[str]):
    """The engine's evaluation list for `systems` (paths; Rust reads the files)."""
    index = {s: i for i, s in enumerate(systems)}
    evals = []
    for u in config.evals:
        peers = [(index[s], u.peer_path(s)) for s in u.peers if s in index]
        evals.append((u.id, u.format, peers, u.model_paths()))
    return evals


def run(parsed: dict, out=None, err=None) -> int:
    from rougebleu._rougebleu import Rouge155Core

    out = out or sys.stdout
    err = err or sys.stderr
    eng = dict(parsed["engine"])
    if eng["stem"] or eng["stem_models_only"] or eng["stopwords"]:
        data_dir, origin = default_data_dir(parsed["data_dir"])
        if not os.path.isdir(data_dir):
            raise ConfigError(f"ROUGE data directory {data_dir!r} (from {origin}) does not exist")
        eng["data_dir"] = data_dir
    core = Rouge155Core(**eng)
    system_id = parsed["system"] if parsed["system"] is not None else "X"
    config = read_config(parsed["config"], parsed["list_format"], system_id)
    if parsed["all"]:
        systems = sorted(config.systems)
    else:
        systems = [system_id]
        if not any(system_id in u.peers for u in config.evals):
            known = ", ".join(sorted(config.systems)[:20])
            raise ConfigError(f"{parsed['config']}: no peer with ID {system_id!r} (peer IDs: {known})")
    res = core.evaluate(
        systems,
        build_run(config, systems),
        workers=parsed["workers"],
        report=True,
        per_eval=parsed["per_eval"],
        labels=parsed["labels"],
        series=False,
    )
    for w in res["warnings"]:
        print(w, file=err)
    text = res["report_per_eval"] if parsed["per_eval"] else res["report"]
    data = text.encode("utf-8", "surrogateescape")
    buf = getattr(out, "buffer", None)
    if buf is not None:
        out.flush()
        buf.write(data)
        buf.flush()
    else:
        out.write(text)
        out.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    try:
        parsed = parse_args(argv)
        if parsed["help"]:
            sys.stdout.write(USAGE)
            return 0
        return run(parsed)
    except UsageError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        print(f"(see {PROG} -h)", file=sys.stderr)
        return 2
    except (ConfigError, ValueError, OSError) as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
