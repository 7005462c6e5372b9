"""`rougebleu sacrebleu`'s two readings of its arguments agree: wherever the fast reader answers,
argparse (built from the same table) accepts the command line and gives the same values."""

from __future__ import annotations

import contextlib
import io
import random
import subprocess
import sys

import pytest

from rougebleu.cli import _sacrebleu_args
from rougebleu.cli._sacrebleu_args import GROUPS, fast_parse
from rougebleu.cli.sacrebleu import build_parser, parse_args

FLAGS = [flag for _, options in GROUPS for opt in options for flag in opt.flags]
PLAIN = [
    ["ref.de"],
    ["ref.de", "-i", "a.de"],
    ["ref.de", "-i", "a.de", "b.de", "c.de", "-m", "bleu", "chrf", "ter", "--paired-bs", "-f", "text"],
    ["r1", "r2", "-i", "a", "-m", "chrf", "-cw", "2", "-cc", "4", "--chrf-beta", "3", "--chrf-eps-smoothing"],
    ["ref", "-i", "a", "-lc", "-tok", "intl", "-s", "floor", "-sv", "0.2", "-w", "3", "-b", "-sh", "-q"],
    ["ref", "-i", "a", "b", "-par", "-parn", "200", "-j", "2", "-f", "latex", "--no-color"],
    ["ref", "-i", "a", "-ci", "-cin", "150", "-m", "ter", "--ter-normalized", "--ter-case-sensitive"],
    ["ref", "-sl", "-m", "chrf", "-e", "utf8", "-nr", "1", "--force", "-l", "en-zh"],
    ["refs.tsv", "-nr", "3", "-i", "h", "-pbs", "-pbsn", "0"],
    ["ref", "-i"],
    ["", "-i", "a"],
    # Accepted as arguments, refused later with sacrebleu's own messages.
    ["ref", "-tok", "ja-mecab"],
    ["ref", "-t", "wmt17", "--echo", "src"],
]
# Lines the fast reader leaves to argparse (which accepts some and refuses others).
UNUSUAL = [
    [],
    ["-i", "a", "ref"],
    ["ref", "--metrics=chrf"],
    ["ref", "--conf"],
    ["ref", "-i", "a", "-m", "meteor"],
    ["ref", "-i", "a", "b", "--paired-bs", "--paired-ar"],
    ["ref", "-w", "-1"],
    ["ref", "-w", "x"],
    ["ref", "-w", "2", "-w", "3"],
    ["ref", "-q", "extra"],
    ["ref", "--", "-i"],
    ["ref", "-m"],
    ["ref", "-qb"],
    ["ref", "-i", "-"],
]


def _argparse(argv: list[str]) -> dict | None:
    """argparse's values, or None where it refuses the line (it exits with status 2)."""
    with contextlib.redirect_stderr(io.StringIO()), contextlib.suppress(SystemExit):
        return vars(build_parser().parse_args(argv))
    return None


@pytest.mark.parametrize("argv", PLAIN, ids=lambda a: " ".join(a) or "(empty)")
def test_plain_lines_are_read_without_argparse_and_as_argparse_reads_them(argv: list[str]) -> None:
    fast = fast_parse(argv)
    assert fast is not None
    assert fast == _argparse(argv)


@pytest.mark.parametrize("argv", UNUSUAL, ids=lambda a: " ".join(a) or "(empty)")
def test_unusual_lines_are_left_to_argparse(argv: list[str]) -> None:
    assert fast_parse(argv) is None


def test_random_lines_agree_with_argparse() -> None:
    rng = random.Random(20261126)
    words = ["ref.de", "a.de", "1", "0", "-1", "2.5", "x", "bleu", "chrf", "ter", "13a", "exp", "text", "json", ""]
    answered = 0
    for _ in range(3000):
        argv = [rng.choice(words[:2])] if rng.random() < 0.8 else []
        for _ in range(rng.randrange(7)):
            argv.append(rng.choice(FLAGS) if rng.random() < 0.5 else rng.choice(words))
        fast = fast_parse(argv)
        if fast is not None:
            answered += 1
            assert fast == _argparse(argv), argv
    assert answered > 300  # the comparison covered many lines the fast reader answers


def test_namespace_and_environment_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SACREBLEU_FORMAT", "LaTeX")
    args = parse_args(["ref", "-i", "a", "-f", "text"])
    assert args.format == "latex" and args.refs == ["ref"] and args.input == ["a"]
    assert args == parse_args(["ref", "-i", "a", "-f", "json"])
    with pytest.raises(AttributeError):
        _ = args.no_such_option


@pytest.mark.parametrize("metrics", [["bleu"], ["bleu", "chrf", "ter"]])
def test_a_plain_command_does_not_import_argparse(tmp_path, metrics) -> None:
    (tmp_path / "ref").write_text("a b c\n", encoding="utf-8")
    (tmp_path / "hyp").write_text("a b d\n", encoding="utf-8")
    # Only what the command imports counts: an environment's .pth files may import more at start-up.
    heavy = ("argparse", "re", "typing", "numpy", "statistics", "numbers")
    code = (
        "import sys; before = set(sys.modules); from rougebleu.__main__ import main; "
        f"status = main(['sacrebleu', 'ref', '-i', 'hyp', '-m', *{metrics!r}, '-f', 'text', '-q']); "
        "assert status == 0, status; "
        f"print(sorted(m for m in {heavy!r} if m in set(sys.modules) - before))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
    assert _sacrebleu_args.SACREBLEU_VERSION == "2.6.0"
