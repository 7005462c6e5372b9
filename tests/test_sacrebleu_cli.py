"""`rougebleu sacrebleu` against sacrebleu 2.6.0's own command, run side by side as processes.

Every argument set of the grid runs `python -m sacrebleu ARGS` and `python -m rougebleu sacrebleu
ARGS` in the same folder on the same WMT17/WMT21 files and compares standard output byte for byte
(after putting rougebleu's version where sacrebleu writes its own into signatures) and the exit
status; for usage errors, sacrebleu's message lines must appear in ours. Files are cut to a few
hundred segments (and resample counts kept small) so that sacrebleu's slow paired tests fit in CI.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sacrebleu")
pytest.importorskip("tabulate")

from conftest import read_terminal  # noqa: E402
from rougebleu._rougebleu import __version__  # noqa: E402

N_LINES = 250
WMT17 = ("newstest2017.en-de.ref.de", ["KIT.4950", "uedin-nmt.4722", "online-A.0"])
WMT21_REFS = ["A", "C", "D"]
WMT21_SYSTEMS = ["Facebook-AI", "Online-W"]


def _lines(path: Path, n: int | None = N_LINES) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines[:n] if n else lines


def _write(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8", newline="\n")


@pytest.fixture(scope="module")
def files(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with short, relative file names (they appear in the tables)."""
    wmt17 = corpus / "mt" / "wmt17_en-de"
    wmt21 = corpus / "mt" / "wmt21_en-de"
    if not (wmt17 / WMT17[0]).exists() or not wmt21.is_dir():
        pytest.skip("WMT17/WMT21 files not in the corpus")
    d = tmp_path_factory.mktemp("sacrebleu_cli")
    _write(d / "ref.de", _lines(wmt17 / WMT17[0]))
    _write(d / "full_ref.de", _lines(wmt17 / WMT17[0], None))
    for name, system in zip("abc", WMT17[1]):
        _write(d / f"{name}.de", _lines(wmt17 / f"newstest2017.{system}.en-de.de"))
    _write(d / "full_a.de", _lines(wmt17 / f"newstest2017.{WMT17[1][0]}.en-de.de", None))
    _write(d / "short.de", _lines(d / "a.de")[:-1])
    _write(d / "empty.de", [])
    refs21 = [_lines(wmt21 / f"newstest2021.en-de.ref.{r}.de") for r in WMT21_REFS]
    for r, lines in zip(WMT21_REFS, refs21):
        _write(d / f"ref21{r}.de", lines)
    _write(d / "refs21.tsv", ["\t".join(parts) for parts in zip(*refs21)])
    for i, s in enumerate(WMT21_SYSTEMS):
        _write(d / f"h21_{i}.de", _lines(wmt21 / f"newstest2021.en-de.hyp.{s}.de"))
    for name in ("ref", "a"):
        with gzip.open(d / f"{name}.de.gz", "wt", encoding="utf-8", newline="\n") as f:
            f.write((d / f"{name}.de").read_text(encoding="utf-8"))
    systems = [_lines(d / f"{n}.de") for n in "abc"]
    _write(d / "three.tsv", ["\t".join(parts) for parts in zip(*systems)])
    _write(d / "ragged.tsv", ["\t".join(parts) for parts in zip(*systems)][:-1] + ["only one field"])
    return d


def _run(cmd: list[str], cwd: Path, env: dict | None, stdin: str | None) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "SACREBLEU_FORMAT", "SACREBLEU_SEED")}
    full_env.update(env or {})
    data = (cwd / stdin).read_bytes() if stdin else b""
    return subprocess.run(cmd, cwd=cwd, env=full_env, input=data, capture_output=True, timeout=600)


def _both(files: Path, args: list[str], env: dict | None = None, stdin: str | None = None):
    ref = _run([sys.executable, "-m", "sacrebleu", *args], files, env, stdin)
    ours = _run([sys.executable, "-m", "rougebleu", "sacrebleu", *args], files, env, stdin)
    return ref, ours


def _as_ours(stdout: bytes) -> bytes:
    """sacrebleu's output with the version field naming sacrebleu 2.6.0 and rougebleu (the one
    intended difference)."""
    text = stdout.decode("utf-8")
    ours = f"sacrebleu-2.6.0+rougebleu-{__version__}"
    for old, new in [
        ("version:2.6.0", f"version:{ours}"),
        ("|v:2.6.0", f"|v:{ours}"),
        ('"version": "2.6.0"', f'"version": "{ours}"'),
        ('"v": "2.6.0"', f'"v": "{ours}"'),
    ]:
        text = text.replace(old, new)
    return text.encode("utf-8")


ALL3 = ["-m", "bleu", "chrf", "ter"]
# (id, arguments, environment, file on standard input)
GRID = [
    ("json-bleu", ["ref.de", "-i", "a.de"], None, None),
    ("json-no-system", ["ref.de", "-i"], None, None),
    ("gzip-files", ["ref.de.gz", "-i", "a.de.gz", "-f", "text"], None, None),
    ("smooth-value-ignored-by-exp", ["ref.de", "-i", "a.de", "-s", "exp", "-sv", "0.5"], None, None),
    ("chrf-word-order-3", ["ref.de", "-i", "a.de", "-m", "chrf", "-cw", "3", "-cc", "0", "-f", "text"], None, None),
    ("json-3metrics", ["ref.de", "-i", "a.de", *ALL3], None, None),
    ("text-3metrics", ["ref.de", "-i", "a.de", *ALL3, "-f", "text"], None, None),
    ("text-short-w3", ["ref.de", "-i", "a.de", *ALL3, "-f", "text", "-sh", "-w", "3"], None, None),
    ("latex-single-system", ["ref.de", "-i", "a.de", "-f", "latex", "-m", "chrf"], None, None),
    ("json-short-ignored", ["ref.de", "-i", "a.de", "-sh", "-m", "ter"], None, None),
    ("score-only", ["ref.de", "-i", "a.de", "-b", *ALL3, "-f", "text"], None, None),
    ("score-only-json", ["ref.de", "-i", "a.de", "-b"], None, None),
    ("env-format-text", ["ref.de", "-i", "a.de", *ALL3], {"SACREBLEU_FORMAT": "TEXT"}, None),
    ("full-wmt17", ["full_ref.de", "-i", "full_a.de", "-m", "bleu", "chrf", "-f", "text"], None, None),
    (
        "chrf++-eps",
        ["ref.de", "-i", "a.de", "-m", "chrf", "-cw", "2", "--chrf-eps-smoothing", "-f", "text"],
        None,
        None,
    ),
    (
        "chrf-options",
        ["ref.de", "-i", "a.de", "-m", "chrf", "--chrf-whitespace", "--chrf-lowercase", "-cc", "4", "--chrf-beta", "3"],
        None,
        None,
    ),
    (
        "ter-options",
        [
            "ref.de",
            "-i",
            "a.de",
            "-m",
            "ter",
            "--ter-normalized",
            "--ter-no-punct",
            "--ter-case-sensitive",
            "-f",
            "text",
        ],
        None,
        None,
    ),
    ("ter-asian", ["ref.de", "-i", "a.de", "-m", "ter", "--ter-asian-support"], None, None),
    ("lc-intl", ["ref.de", "-i", "a.de", "-lc", "-tok", "intl", "-f", "text"], None, None),
    ("tok-char", ["ref.de", "-i", "a.de", "-tok", "char", "-f", "text"], None, None),
    ("tok-none", ["ref.de", "-i", "a.de", "-tok", "none"], None, None),
    ("tok-zh", ["ref.de", "-i", "a.de", "-tok", "zh", "-f", "text", "-w", "4"], None, None),
    ("smooth-floor", ["ref.de", "-i", "a.de", "-s", "floor", "-sv", "0.2", "-f", "text"], None, None),
    ("smooth-add-k", ["ref.de", "-i", "a.de", "-s", "add-k"], None, None),
    ("smooth-none", ["ref.de", "-i", "a.de", "-s", "none", "-f", "text", "-sh"], None, None),
    ("confidence-text", ["ref.de", "-i", "a.de", *ALL3, "--confidence", "-cin", "200", "-f", "text"], None, None),
    ("confidence-json", ["ref.de", "-i", "a.de", *ALL3, "-ci", "-cin", "150", "-w", "2"], None, None),
    (
        "confidence-seed",
        ["ref.de", "-i", "a.de", "-ci", "-cin", "100", "-f", "text", "-sh"],
        {"SACREBLEU_SEED": "7"},
        None,
    ),
    ("sentence-bleu", ["ref.de", "-i", "a.de", "-sl"], None, None),
    ("sentence-chrf-short", ["ref.de", "-i", "a.de", "-sl", "-m", "chrf", "-sh", "-w", "2"], None, None),
    ("sentence-ter-b", ["ref.de", "-i", "a.de", "-sl", "-m", "ter", "-b"], None, None),
    ("stdin-one", ["ref.de", *ALL3, "-f", "text"], None, "a.de"),
    ("stdin-three", ["ref.de", "-m", "bleu", "chrf", "-f", "text"], None, "three.tsv"),
    ("stdin-paired-bs", ["ref.de", "--paired-bs", "-pbsn", "60", "-f", "text"], None, "three.tsv"),
    ("multi-text", ["ref.de", "-i", "a.de", "b.de", "c.de", *ALL3, "-f", "text"], None, None),
    ("multi-latex-short", ["ref.de", "-i", "a.de", "b.de", "c.de", *ALL3, "-f", "latex", "-sh"], None, None),
    ("multi-json", ["ref.de", "-i", "a.de", "b.de", "c.de", *ALL3], None, None),
    (
        "paired-bs-text",
        ["ref.de", "-i", "a.de", "b.de", "c.de", *ALL3, "--paired-bs", "-pbsn", "100", "-f", "text"],
        None,
        None,
    ),
    (
        "paired-bs-latex",
        [
            "ref.de",
            "-i",
            "a.de",
            "b.de",
            "c.de",
            "-m",
            "bleu",
            "chrf",
            "--paired-bs",
            "-pbsn",
            "80",
            "-f",
            "latex",
            "-w",
            "2",
        ],
        None,
        None,
    ),
    ("paired-bs-json-bleu", ["ref.de", "-i", "a.de", "b.de", "c.de", "--paired-bs", "-pbsn", "80"], None, None),
    (
        "paired-bs-seed",
        ["ref.de", "-i", "a.de", "b.de", "c.de", "-pbs", "-pbsn", "50", "-m", "ter", "-f", "text", "-sh"],
        {"SACREBLEU_SEED": "3"},
        None,
    ),
    ("paired-bs-default-n", ["ref.de", "-i", "a.de", "b.de", "--paired-bs", "-pbsn", "0", "-f", "text"], None, None),
    (
        "paired-bs-baseline-twice",
        ["ref.de", "-i", "a.de", "a.de", "b.de", "--paired-bs", "-pbsn", "40", "-f", "text"],
        None,
        None,
    ),
    (
        "paired-ar-text",
        ["ref.de", "-i", "a.de", "b.de", "c.de", *ALL3, "--paired-ar", "-parn", "200", "-f", "text"],
        None,
        None,
    ),
    (
        "paired-ar-latex",
        ["ref.de", "-i", "a.de", "b.de", "c.de", "-m", "chrf", "ter", "-par", "-parn", "150", "-f", "latex"],
        None,
        None,
    ),
    (
        "paired-ar-json-bleu",
        ["ref.de", "-i", "a.de", "b.de", "c.de", "--paired-ar", "-parn", "100", "-j", "2"],
        None,
        None,
    ),
    ("num-refs", ["refs21.tsv", "-nr", "3", "-i", "h21_0.de", *ALL3, "-f", "text"], None, None),
    (
        "num-refs-paired",
        [
            "refs21.tsv",
            "--num-refs",
            "3",
            "-i",
            "h21_0.de",
            "h21_1.de",
            "-m",
            "bleu",
            "ter",
            "--paired-bs",
            "-pbsn",
            "50",
            "-f",
            "text",
        ],
        None,
        None,
    ),
    (
        "three-ref-files",
        ["ref21A.de", "ref21C.de", "ref21D.de", "-i", "h21_0.de", "h21_1.de", *ALL3, "-f", "text"],
        None,
        None,
    ),
    (
        "three-refs-confidence",
        ["ref21A.de", "ref21C.de", "ref21D.de", "-i", "h21_1.de", *ALL3, "-ci", "-cin", "100"],
        None,
        None,
    ),
]


@pytest.mark.parametrize("args,env,stdin", [g[1:] for g in GRID], ids=[g[0] for g in GRID])
def test_same_output_as_sacrebleu(files: Path, args: list[str], env: dict | None, stdin: str | None) -> None:
    ref, ours = _both(files, args, env, stdin)
    assert ref.returncode == 0, ref.stderr.decode()[-2000:]
    assert ours.returncode == 0, ours.stderr.decode()[-2000:]
    assert ours.stdout == _as_ours(ref.stdout)


# (id, arguments, file on standard input, whether our message repeats sacrebleu's)
ERRORS = [
    ("missing-reference", ["nope.de", "-i", "a.de"], None, False),
    ("text-no-system", ["ref.de", "-i", "-f", "text"], None, False),
    ("paired-no-system", ["ref.de", "-i", "--paired-bs"], None, False),
    ("missing-system", ["ref.de", "-i", "nope.de"], None, False),
    ("no-references", ["-i", "a.de"], None, False),
    ("line-count", ["ref.de", "-i", "short.de"], None, True),
    ("empty-system", ["ref.de", "-i", "empty.de"], None, True),
    ("sentence-two-metrics", ["ref.de", "-i", "a.de", "-sl", "-m", "bleu", "chrf"], None, True),
    ("sentence-two-systems", ["ref.de", "-i", "a.de", "b.de", "-sl"], None, True),
    ("sentence-confidence", ["ref.de", "-i", "a.de", "-sl", "--confidence"], None, True),
    ("paired-one-system", ["ref.de", "-i", "a.de", "--paired-bs"], None, True),
    ("confidence-two-systems", ["ref.de", "-i", "a.de", "b.de", "--confidence"], None, True),
    ("same-system-twice", ["ref.de", "-i", "a.de", "b.de", "a.de"], None, True),
    ("num-refs-fields", ["ref.de", "-nr", "2", "-i", "a.de"], None, True),
    ("num-refs-two-files", ["ref.de", "ref.de", "-nr", "2", "-i", "a.de"], None, True),
    ("ragged-stdin", ["ref.de"], "ragged.tsv", True),
    ("unknown-metric", ["ref.de", "-i", "a.de", "-m", "meteor"], None, False),
    ("both-paired-tests", ["ref.de", "-i", "a.de", "b.de", "--paired-bs", "--paired-ar"], None, False),
    (
        "paired-json-chrf-float32",
        ["ref.de", "-i", "a.de", "b.de", "-m", "chrf", "--paired-bs", "-pbsn", "30"],
        None,
        False,
    ),
]


@pytest.mark.parametrize("args,stdin,same_message", [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS])
def test_same_errors_as_sacrebleu(files: Path, args: list[str], stdin: str | None, same_message: bool) -> None:
    ref, ours = _both(files, args, None, stdin)
    assert ref.returncode != 0
    assert (ours.returncode, ours.stdout) == (ref.returncode, ref.stdout)
    assert ours.stderr.strip(), "an error needs a message"
    assert b"Traceback" not in ours.stderr
    if same_message:
        expected = [line for line in ref.stderr.decode().splitlines() if line.startswith("sacreBLEU: ")]
        assert expected and all(line in ours.stderr.decode() for line in expected)


@pytest.mark.parametrize(
    "args",
    [
        ["-t", "wmt17", "-l", "en-de", "-i", "a.de"],
        ["ref.de", "--echo", "src"],
        ["--list"],
        ["ref.de", "-i", "a.de", "-d"],
    ],
)
def test_test_set_options_say_to_pass_local_files(files: Path, args: list[str]) -> None:
    ours = _run([sys.executable, "-m", "rougebleu", "sacrebleu", *args], files, None, None)
    assert ours.returncode == 1 and ours.stdout == b""
    assert b"Pass local files instead" in ours.stderr


def test_language_pair_picks_the_tokenizer_as_sacrebleu(files: Path) -> None:
    ref, ours = _both(files, ["ref.de", "-i", "a.de", "-l", "en-zh", "-f", "text"])
    assert ref.returncode == ours.returncode == 0
    assert ours.stdout == _as_ours(ref.stdout) and b"tok:zh" in ours.stdout


def test_python_dash_m_and_console_script_agree(files: Path) -> None:
    via_main = _run([sys.executable, "-m", "rougebleu.cli.sacrebleu", "ref.de", "-i", "a.de"], files, None, None)
    via_sub = _run([sys.executable, "-m", "rougebleu", "sacrebleu", "ref.de", "-i", "a.de"], files, None, None)
    assert via_main.returncode == via_sub.returncode == 0
    assert via_main.stdout == via_sub.stdout and b'"name": "BLEU"' in via_sub.stdout


def _run_on_terminal(cmd: list[str], cwd: Path, env: dict) -> bytes:
    """Standard output of `cmd` when it is a terminal (a pseudo-terminal)."""
    pty = pytest.importorskip("pty")
    full_env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "SACREBLEU_FORMAT", "SACREBLEU_SEED")}
    full_env.update(env)
    leader, follower = pty.openpty()
    proc = subprocess.Popen(cmd, cwd=cwd, env=full_env, stdout=follower, stderr=subprocess.DEVNULL)
    os.close(follower)
    out = read_terminal(leader)
    proc.wait(timeout=600)
    os.close(leader)
    return out


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize(
    "args,env",
    [
        (["ref.de", "-i", "a.de", "b.de", "c.de", *ALL3, "--paired-bs", "-pbsn", "40", "-f", "text"], {}),
        (["ref.de", "-i", "a.de", "-m", "bleu", "chrf", "--confidence", "-cin", "50", "-f", "text"], {}),
        (["ref.de", "-i", "a.de", "b.de", "-m", "chrf", "--paired-ar", "-parn", "60", "-f", "latex"], {}),
        (["ref.de", "-i", "a.de", "b.de", "--paired-ar", "-parn", "60", "-f", "text"], {"NO_COLOR": "1"}),
    ],
    ids=["paired-bs", "confidence", "paired-ar-latex", "no-color"],
)
def test_terminal_colors_as_sacrebleu(files: Path, args: list[str], env: dict) -> None:
    ref = _run_on_terminal([sys.executable, "-m", "sacrebleu", *args], files, env)
    ours = _run_on_terminal([sys.executable, "-m", "rougebleu", "sacrebleu", *args], files, env)
    assert ours == _as_ours(ref)
    assert (b"\x1b[" in ours) == ("NO_COLOR" not in env)


@pytest.mark.parametrize("test_type", ["bs", "ar"])
def test_paired_tests_with_ter_equal_sacrebleu_exactly(files: Path, test_type: str) -> None:
    """The command's TER columns rest on this: every float of sacrebleu's PairedTest for TER (and
    BLEU beside it, sharing the draws), with three references of unequal lengths (fractional
    average lengths, so float32 sums depend on the order of the additions)."""
    import sacrebleu as real
    from sacrebleu.significance import PairedTest as RealPairedTest

    from rougebleu import BLEU, TER, paired_test
    from rougebleu.mt.significance import PairedTest

    n = 100  # sacrebleu's TER is slow
    refs = [_lines(files / f"ref21{r}.de")[:n] for r in WMT21_REFS]
    systems = [(f"s{i}", _lines(files / f"h21_{i}.de")[:n]) for i in range(len(WMT21_SYSTEMS))]
    systems.append(("s2", _lines(files / "h21_0.de")[:n][::-1]))
    kw = dict(test_type=test_type, n_samples=120 if test_type == "bs" else 300, n_ar_confidence=90)
    sig_a, res_a = PairedTest(systems, {"BLEU": BLEU(references=refs), "TER": TER(references=refs)}, None, **kw)()
    sig_b, res_b = RealPairedTest(
        systems, {"BLEU": real.BLEU(references=refs), "TER": real.TER(references=refs)}, None, **kw
    )()
    assert res_a["System"] == res_b["System"]
    for name in ["BLEU", "TER"]:
        for a, b in zip(res_a[name], res_b[name]):
            assert (a.score, a.p_value, a.mean, a.ci) == (b.score, b.p_value, b.mean, b.ci), name
            # float32 where sacrebleu's are (the JSON report fails on them); BLEU's float64 values
            # may be Python floats where sacrebleu has NumPy float64 (same value, str and JSON).
            assert isinstance(a.mean, np.float32) == isinstance(b.mean, np.float32)
            assert isinstance(a.mean, float) == isinstance(b.mean, float)
        assert str(sig_a[name]).rsplit("|", 1)[0] == str(sig_b[name]).rsplit("|", 1)[0]
    _, plain = paired_test(TER(), systems, refs, **kw)
    assert [(r.score, r.p_value) for r in plain] == [(r.score, r.p_value) for r in res_b["TER"]]
