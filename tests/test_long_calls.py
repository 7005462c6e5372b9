"""Long calls: Ctrl-C stops them within half a second with no work left running, progress is
reported with counts that never decrease, and impossible results are refused up front with a
MemoryError naming their size. The interrupt tests send a real SIGINT to a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
from interrupt_support import assert_ctrl_c_stops

import rougebleu
from conftest import read_terminal

TEXTS_EXPR = '[f"sentence {i} of the test with a few more words {i % 97} and {i % 13}" for i in range(4000)]'
TEXTS = eval(TEXTS_EXPR)

# Calls that take several seconds on one core (each line is run in the child). Each reports its
# progress to `ready`, which says "ready" at the first report: the SIGINT then reaches the call
# itself, not the reading of its arguments.
LONG_CALLS = {
    "bleu_pairwise": "rougebleu.BLEU(effective_order=True).pairwise(texts * 4, texts * 4, workers=1, progress=ready)",
    "chrf_pairwise": "rougebleu.CHRF().pairwise(texts * 2, texts * 2, workers=1, progress=ready)",
    "ter_pairwise": "rougebleu.TER().pairwise(texts, texts, workers=1, progress=ready)",
    "rouge_batch": "rougebleu.rouge(texts * 60, texts * 60, use_stemmer=True, workers=1, progress=ready)",
    "rouge_corpus_bootstrap": "rougebleu.rouge_corpus(texts, texts, n_bootstrap=10_000_000, workers=2, progress=ready)",
    "top_k": "rougebleu.top_k(texts * 4, texts * 4, 5, metric='bleu', workers=1, progress=ready)",
    # A comparison report: its ROUGE paired bootstrap.
    "compare": "rougebleu.compare([texts, texts[::-1]], texts, metrics=['rouge1'], paired_bs_n=5**9, progress=ready)",
    # The paired bootstrap resampling every system in one pass (its progress set for the thread).
    "paired_bootstrap": (
        "with __import__('rougebleu._long_call', fromlist=['_']).reporting(ready): "
        "rougebleu.paired_test(rougebleu.BLEU(references=[texts]), [('a', texts), ('b', texts[::-1])], "
        "n_samples=5_000_000)"
    ),
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a subprocess is a POSIX test")
@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call_within_half_a_second(name):
    assert_ctrl_c_stops(f"texts = {TEXTS_EXPR}", LONG_CALLS[name])


def _recorder():
    seen: list[tuple[int, int]] = []
    return seen, lambda done, total: seen.append((done, total))


def _paired_p_values(progress):
    from rougebleu._long_call import reporting

    with reporting(progress):
        _, results = rougebleu.paired_test(
            rougebleu.BLEU(references=[TEXTS]), [("a", TEXTS), ("b", TEXTS[::-1]), ("c", TEXTS[1:] + TEXTS[:1])]
        )
    return [(r.score, r.p_value, r.mean, r.ci) for r in results]


def _check_counts(seen):
    assert seen, "progress was never reported"
    dones = [d for d, _ in seen]
    totals = [t for _, t in seen]
    assert dones == sorted(dones) and totals == sorted(totals)
    assert all(0 <= d <= t for d, t in seen)
    assert seen[-1][0] == seen[-1][1] > 0


@pytest.mark.parametrize(
    "call",
    [
        lambda p: rougebleu.BLEU(effective_order=True).pairwise(TEXTS[:800], TEXTS[:800], progress=p),
        lambda p: rougebleu.BLEU().corpus_score(TEXTS, [TEXTS[::-1]], n_bootstrap=200, progress=p).score,
        lambda p: rougebleu.CHRF().sentence_scores(TEXTS, [TEXTS[::-1]], progress=p),
        lambda p: rougebleu.TER().segment_statistics(TEXTS[:500], [TEXTS[1:501]], progress=p),
        lambda p: (
            rougebleu.rouge(TEXTS, TEXTS[::-1], rouge_types=["rouge2", "rougeLsum"], progress=p)["rouge2"].fmeasure
        ),
        lambda p: rougebleu.rouge_corpus(TEXTS, TEXTS[::-1], n_bootstrap=500, progress=p)["rouge1"],
        lambda p: rougebleu.RougeScorer(["rougeL"]).score_batch(TEXTS, TEXTS[::-1], progress=p)[-1],
        lambda p: rougebleu.rouge_pairwise(TEXTS[:300], TEXTS[:400], rouge_type="rougeLsum", progress=p).fmeasure,
        lambda p: rougebleu.expected_utility(TEXTS[:300], TEXTS[:300], metric="chrf", progress=p),
        lambda p: rougebleu.top_k(TEXTS[:300], TEXTS, 3, metric="ter", progress=p)[0],
        _paired_p_values,
    ],
    ids=[
        "bleu_pairwise",
        "bleu_corpus_bootstrap",
        "chrf_sentences",
        "ter_statistics",
        "rouge",
        "rouge_corpus",
        "score_batch",
        "rouge_pairwise",
        "expected_utility",
        "top_k",
        "paired_bootstrap",
    ],
)
def test_progress_counts_never_decrease_and_results_do_not_change(call):
    seen, progress = _recorder()
    with_progress = call(progress)
    _check_counts(seen)
    without = call(None)
    assert np.array_equal(np.asarray(with_progress, dtype=object), np.asarray(without, dtype=object))


# Outer calls whose progress callback makes calls of its own (before, six of these recursed until
# RecursionError: the nested calls reported into the callback that made them).
NESTING = {
    "rouge": lambda p: rougebleu.rouge(TEXTS * 3, TEXTS[::-1] * 3, rouge_types=["rouge1"], progress=p),
    "bleu_corpus": lambda p: rougebleu.BLEU().corpus_score(TEXTS * 3, [TEXTS[::-1] * 3], progress=p),
    "chrf_sentences": lambda p: rougebleu.CHRF().sentence_scores(TEXTS, [TEXTS[::-1]], progress=p),
    "ter_statistics": lambda p: rougebleu.TER().segment_statistics(TEXTS[:1500], [TEXTS[1:1501]], progress=p),
    "rouge_pairwise": lambda p: rougebleu.rouge_pairwise(TEXTS[:200], TEXTS[:300], progress=p),
    "top_k": lambda p: rougebleu.top_k(TEXTS[:200], TEXTS[:300], 2, metric="chrf", progress=p),
}


@pytest.mark.parametrize("name", sorted(NESTING))
def test_progress_belongs_to_the_call_that_asked_for_it(name):
    outer: list[tuple[int, int]] = []
    inner: list[list[tuple[int, int]]] = []

    def callback(done, total):
        outer.append((done, total))
        # The same kind of call from inside the callback, long enough to report: without progress
        # it reports nothing here, and with its own callback it reports there only.
        NESTING[name](None)
        inner.append([])
        NESTING[name](lambda d, t: inner[-1].append((d, t)))

    first = NESTING[name](callback)
    _check_counts(outer)
    for seen in inner:
        _check_counts(seen)
    # The callback saw its own call only: its final count is that of a call made alone.
    alone = []
    again = NESTING[name](lambda d, t: alone.append((d, t)))
    assert outer[-1] == alone[-1]
    assert _plain(first) == _plain(again)


def _plain(x):
    """A result as plain values, for `==`."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    if isinstance(x, np.ndarray):
        return x.tolist()
    if hasattr(x, "fmeasure"):
        return [_plain(x.precision), _plain(x.recall), _plain(x.fmeasure)]
    return getattr(x, "score", x)


def test_progress_true_draws_a_tqdm_bar_and_closes_it(capsys):
    pytest.importorskip("tqdm")
    out = rougebleu.BLEU(effective_order=True).pairwise(TEXTS[:1500], TEXTS[:1500], progress=True, workers=1)
    assert out.shape == (1500, 1500)
    # Nothing is left set: the next call reports nothing and needs no tqdm.
    assert rougebleu._rougebleu._set_progress(None) is None


def test_a_failing_progress_callback_stops_the_call_with_its_error():
    def fail(done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        rougebleu.BLEU(effective_order=True).pairwise(TEXTS[:1500], TEXTS[:1500], progress=fail, workers=1)
    assert rougebleu._rougebleu._set_progress(None) is None


@pytest.mark.parametrize("bad", ["yes", 1, 2.5, object()])
def test_progress_must_be_a_bool_a_callable_or_none(bad):
    with pytest.raises(TypeError, match="progress"):
        rougebleu.rouge(["a"], ["a"], progress=bad)


HUGE = 400_000  # 400,000^2 float64 = 1.28 TB


@pytest.mark.parametrize(
    "call",
    [
        lambda t: rougebleu.BLEU(effective_order=True).pairwise(t, t),
        lambda t: rougebleu.CHRF().pairwise(t, t),
        lambda t: rougebleu.TER().pairwise(t, t),
        lambda t: rougebleu.rouge_pairwise(t, t, rouge_type="rouge1"),
    ],
    ids=["bleu", "chrf", "ter", "rouge"],
)
def test_an_impossible_matrix_is_refused_up_front(call):
    texts = ["a b"] * HUGE
    started = time.perf_counter()
    with pytest.raises(MemoryError, match=rf"\({HUGE} x {HUGE}\).*cannot allocate \d+ bytes") as err:
        call(texts)
    assert time.perf_counter() - started < 5
    if os.path.exists("/proc/meminfo"):  # Linux: the refusal says what the system has
        assert "bytes of memory available" in str(err.value)


def _rouge_command(tmp_path):
    ref, sys_ = tmp_path / "ref.txt", tmp_path / "sys.txt"
    # 100,000 pairs of 100-word texts: each scoring call runs for well over a tenth of a second.
    lines = [" ".join(TEXTS[i % 3990 : i % 3990 + 10]) for i in range(100_000)]
    ref.write_text("\n".join(lines) + "\n")
    sys_.write_text("\n".join(lines[::-1]) + "\n")
    cmd = [sys.executable, "-m", "rougebleu", "rouge", "-r", str(ref), "-p", str(sys_), "--stem", "-f", "json"]
    return cmd, {**os.environ, "RAYON_NUM_THREADS": "1"}


def test_the_commands_show_no_bar_in_pipes(tmp_path):
    cmd, env = _rouge_command(tmp_path)
    done = subprocess.run(cmd, capture_output=True, env=env, timeout=300)
    assert done.returncode == 0
    assert done.stderr == b""
    assert done.stdout.startswith(b"{")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_commands_show_a_bar_on_a_terminal_and_keep_stdout_clean(tmp_path):
    pytest.importorskip("tqdm")
    import fcntl
    import pty
    import struct
    import termios

    cmd, env = _rouge_command(tmp_path)
    leader, follower = pty.openpty()
    # A new pseudo-terminal is 0 columns wide, where tqdm draws nothing: make it 80 x 24.
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=follower, env=env)
    os.close(follower)
    try:
        seen = read_terminal(leader)
        stdout = child.communicate(timeout=300)[0]
    finally:
        os.close(leader)
        child.kill()
    assert child.returncode == 0
    assert b"item" in seen and b"%" in seen, seen[-300:]
    assert stdout.startswith(b"{") and b"item" not in stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the thread names in /proc")
@pytest.mark.parametrize("threads", ["1", "2"])
def test_rayon_num_threads_sizes_the_threads_that_run_long_calls(threads):
    # A long call runs on the call threads, and its `workers=None` passes in their pool: both follow
    # RAYON_NUM_THREADS, as the global pool does.
    code = textwrap.dedent(
        f"""
        import os, rougebleu
        texts = {TEXTS_EXPR}
        rougebleu.BLEU().sentence_scores(texts, [texts[::-1]])
        names = [open(f"/proc/self/task/{{t}}/comm").read().strip() for t in os.listdir("/proc/self/task")]
        print(sum(n.startswith("rougebleu-call") for n in names))
        """
    )
    env = dict(os.environ, RAYON_NUM_THREADS=threads)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == [threads]
