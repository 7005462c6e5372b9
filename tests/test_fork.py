"""A process forked after batch calls (a `multiprocessing` pool, a data-loader worker, a pre-forking
server) must be able to make batch calls of its own: the parent's worker threads do not exist in the
child, so the child has to start its own instead of waiting on them for ever. Each case runs in a
subprocess with a timeout, so that a hang fails the test instead of the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork()")

# Long enough to run on the call threads (over a thousand items), not only inline.
CALLS = """
import os, rougebleu
hyps = ['the cat sat on the mat number %d' % i for i in range(3000)]
refs = ['a cat sat on a mat number %d' % (i * 7 % 3000) for i in range(3000)]
def scores():
    return (
        rougebleu.BLEU().sentence_scores(hyps, [refs]).tolist(),
        rougebleu.rouge(hyps, refs, rouge_types=['rouge1', 'rougeL'])['rougeL'].fmeasure.tolist(),
        rougebleu.BLEU().corpus_score(hyps, [refs], n_bootstrap=50).score,
        rougebleu.rouge(hyps, refs, rouge_types=['rouge2'], workers=2)['rouge2'].fmeasure.tolist(),
    )
"""


def run(body: str) -> str:
    code = textwrap.dedent(CALLS) + textwrap.dedent(body)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout


def test_a_forked_child_scores_after_its_parent_did():
    out = run(
        """
        before = scores()
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.write(w, b'same' if scores() == before else b'different')
            finally:
                os._exit(0)
        os.close(w)
        os.waitpid(pid, 0)
        print(os.read(r, 100).decode() or 'failed', scores() == before)
        """
    )
    assert out.split() == ["same", "True"]


def test_multiprocessing_fork_workers_score_after_the_parent_did():
    out = run(
        """
        import multiprocessing as mp
        def child(_):
            return scores()
        before = scores()
        with mp.get_context('fork').Pool(2) as pool:
            results = pool.map(child, range(2))
        print(all(r == before for r in results))
        """
    )
    assert out.split() == ["True"]


def test_a_grandchild_forked_from_a_child_scores_too():
    out = run(
        """
        before = scores()
        r, w = os.pipe()
        if os.fork() == 0:
            try:
                scores()
                if os.fork() == 0:
                    try:
                        os.write(w, b'same' if scores() == before else b'different')
                    finally:
                        os._exit(0)
                os.wait()
            finally:
                os._exit(0)
        os.close(w)
        os.wait()
        print(os.read(r, 100).decode() or 'failed')
        """
    )
    assert out.split() == ["same"]
