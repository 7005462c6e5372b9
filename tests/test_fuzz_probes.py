"""The hostile-user probes, kept as a suite: inputs that once aborted the interpreter (texts of many
distinct words, matrices that fill an address-space limit, tables far larger than their text) and
calls that ignored Ctrl-C for seconds inside one huge item. Each case runs in its own interpreter,
under an address-space limit (`RLIMIT_AS`, as a container or a batch job sets it) for the memory
probes, and must end with a value or an exception, never a signal; the interpreter must go on
working. The interrupt probes send a real SIGINT while the one item is being computed and require
`KeyboardInterrupt` within half a second, with no work left running.

The "ci" fuzz profile (every test run) runs the cases marked for it, in seconds; `make fuzz`
("long") runs all of them at the sizes the probes found the defects with.
"""

# The probes are one-line programs, kept whole on their lines.
# ruff: noqa: E501

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap

import pytest
from interrupt_support import assert_ctrl_c_stops

LONG = os.environ.get("ROUGEBLEU_FUZZ_PROFILE") == "long"
GB = 1024**3

# 150,000 distinct words: the match masks of the bit-parallel LCS took distinct words x length bits
# (2.8 GB), the full table of the union-LCS backtrack as much again.
DISTINCT = "t = ' '.join('w%d' % i for i in range(150_000)); half = t[: len(t) // 2] + '\\n' + t[len(t) // 2 :]"

# The first square ROUGE matrix, stepping down from 9,000 rows, that the limit does not refuse up front.
EDGE = (
    "def edge():\n"
    "    for n in range(9000, 3000, -20):\n"
    "        h = ['w%d x y z' % i for i in range(n)]\n"
    "        try:\n"
    "            return rougebleu.rouge_pairwise(h, h, rouge_type='rouge1').fmeasure.shape\n"
    "        except MemoryError as e:\n"
    "            if 'pairwise ROUGE matrices' not in str(e):\n"
    "                raise\n"
)

# (id, setup, expression, caps in GB, expected: "value <repr>" or "either", in the ci sample)
MEMORY = [
    (
        "rougeL-distinct",
        DISTINCT,
        "rougebleu.RougeScorer(['rougeL']).score(t, t)['rougeL'].fmeasure",
        (1, 2),
        "value 1.0",
        True,
    ),
    (
        "rougeLsum-distinct",
        DISTINCT,
        "rougebleu.RougeScorer(['rougeLsum']).score(half, half)['rougeLsum'].fmeasure",
        (1,),
        "value 1.0",
        True,
    ),
    (
        "rouge-batch-rougeL",
        DISTINCT,
        "float(rougebleu.rouge([t], [t], rouge_types=['rougeL'])['rougeL'].fmeasure[0])",
        (2,),
        "value 1.0",
        False,
    ),
    (
        "rouge-pairwise-rougeLsum",
        DISTINCT,
        "float(rougebleu.rouge_pairwise([half], [half], rouge_type='rougeLsum').fmeasure[0, 0])",
        (2,),
        "value 1.0",
        False,
    ),
    (
        "top-k-rougeL",
        DISTINCT,
        "float(rougebleu.top_k([t], [t], 1, metric='rougeL')[1][0, 0])",
        (2,),
        "value 1.0",
        False,
    ),
    (
        "drop-in-rougeL",
        DISTINCT,
        "__import__('rougebleu.rouge_score.rouge_scorer', fromlist=['_']).RougeScorer(['rougeL']).score(t, t)['rougeL'].fmeasure",
        (2,),
        "value 1.0",
        False,
    ),
    (
        "pretokenized-ids",
        "ids = list(range(150_000))",
        "float(rougebleu.rouge([ids], [ids], rouge_types=['rougeL'], pretokenized=True)['rougeL'].fmeasure[0])",
        (2,),
        "value 1.0",
        False,
    ),
    (
        "rougeW-distinct",
        DISTINCT,
        "rougebleu.RougeScorer(['rougeW-1.2']).score(half, half)['rougeW-1.2'].fmeasure",
        (1,),
        "value 1.0",
        False,
    ),
    # The matrix fits the limit; the small allocations after it once aborted.
    (
        "rouge-pairwise-9000",
        "h = ['w%d x y z' % i for i in range(9000)]",
        "rougebleu.rouge_pairwise(h, h, rouge_type='rouge1').fmeasure.shape",
        (2,),
        "either",
        True,
    ),
    # The largest matrix the limit allows (found by stepping down from a refused one), which
    # leaves the call its headroom and no more: the threads a call uses once started only after
    # such a matrix, and glibc aborted when one could not get its thread-local storage.
    (
        "rouge-pairwise-edge",
        EDGE,
        "edge()",
        (1, 2),
        "either",
        True,
    ),
    (
        "bleu-100mb",
        "s = ' '.join('t%d' % i for i in range(12_000_000))",
        "rougebleu.BLEU().corpus_score([s], [[s]]).score",
        (1,),
        "either",
        False,
    ),
    (
        "bleu-order-100",
        "s = ' '.join('t%d' % i for i in range(1_200_000))",
        "rougebleu.BLEU(max_ngram_order=100).corpus_score([s], [[s]]).score",
        (1,),
        "either",
        True,
    ),
    (
        "chrf-orders-100",
        "s = ' '.join('c%d' % i for i in range(1_200_000))",
        "rougebleu.CHRF(char_order=100, word_order=100).sentence_score(s, [s]).score",
        (1,),
        "either",
        True,
    ),
    (
        "ter-long-pair",
        "s = ' '.join('w%d' % (i % 5000) for i in range(200_000))",
        "rougebleu.TER().sentence_score(s, [s]).score",
        (1,),
        "value 0.0",
        False,
    ),
    (
        "rouge-six-types-100mb",
        "s = (' '.join('w%d' % i for i in range(100_000)) + ' ') * 150",
        "rougebleu.rouge([s], [s], rouge_types=['rouge1', 'rouge2', 'rouge3', 'rouge4', 'rougeS4', 'rougeSU4'])['rouge1'].fmeasure[0]",
        (1,),
        "either",
        False,
    ),
    (
        "rouge-arrow-2m-rows",
        "import pyarrow as pa; a = pa.array(['w%d x y' % i for i in range(2_000_000)])",
        "float(rougebleu.rouge(a, a, rouge_types=['rouge1'])['rouge1'].fmeasure[-1])",
        (1,),
        "either",
        True,
    ),
]
if LONG:
    MEMORY.append(
        (
            "rougeL-600k-distinct-no-limit",
            "t = ' '.join('w%d' % i for i in range(600_000))",
            "rougebleu.RougeScorer(['rougeL']).score(t, t)['rougeL'].fmeasure",
            (0,),
            "value 1.0",
            False,
        )
    )

MEMORY_CASES = [
    pytest.param(case, cap, id=f"{case[0]}-{cap}GB") for case in MEMORY for cap in case[3] if LONG or case[5]
]

CHILD = textwrap.dedent(
    """
    import rougebleu
    {setup}
    try:
        v = {expr}
    except MemoryError as e:
        print("MemoryError", e, flush=True)
    else:
        print("value", repr(v), flush=True)
    assert rougebleu.sentence_bleu('a b c d', ['a b c d']).score > 99
    print("still works", flush=True)
    """
)


def _limit(cap: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if cap:
            resource.setrlimit(resource.RLIMIT_AS, (cap * GB, cap * GB))

    return apply


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="address-space limits are a Linux test")
@pytest.mark.parametrize(("case", "cap"), MEMORY_CASES)
def test_no_input_aborts_the_interpreter_under_a_memory_limit(case, cap):
    name, setup, expr, _, expected, _ = case
    if "pyarrow" in setup:
        pytest.importorskip("pyarrow")
    code = CHILD.format(setup=setup, expr=expr)
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=600, preexec_fn=_limit(cap)
    )
    assert p.returncode == 0, f"{name} under {cap} GB: exit status {p.returncode}\n{p.stderr[-3000:]}"
    first, last = p.stdout.splitlines()[0], p.stdout.splitlines()[-1]
    assert last == "still works", p.stdout
    if expected == "either":
        assert first.startswith(("value ", "MemoryError ")), first
        if first.startswith("MemoryError"):
            assert "cannot allocate" in first, first  # it says how much, and what it was for
    else:
        assert first == expected, first


# Calls that spend seconds inside one item: (id, setup, call, in the ci sample).
INTERRUPTS = [
    (
        "ter-20k-word-pair",
        "h = ' '.join('w%d' % (i % 5000) for i in range(20_000)); r = ' '.join('w%d' % (i * 7 % 5000) for i in range(20_000))",
        "rougebleu.TER().sentence_score(h, [r])",
        True,
    ),
    (
        "ter-corpus-40x10k",
        "hs = [' '.join('w%d' % (i * k % 3000) for i in range(10_000)) for k in range(1, 41)]; rs = [' '.join('w%d' % (i * (k + 3) % 3000) for i in range(10_000)) for k in range(1, 41)]",
        "rougebleu.TER().corpus_score(hs, [rs])",
        False,
    ),
    (
        "ter-batch-40x3k",
        "hs = [' '.join('w%d' % (i * k % 900) for i in range(3000)) for k in range(1, 41)]; rs = [' '.join('w%d' % (i * (k + 3) % 900) for i in range(3000)) for k in range(1, 41)]",
        "rougebleu.TER().sentence_scores(hs, [rs], workers=1)",
        False,
    ),
    (
        "chrf-50mb-segment",
        "import random; random.seed(0); s = ''.join(random.choice('abcdefgh ') for _ in range(5_000_000)) * 10",
        "rougebleu.CHRF().corpus_score([s], [[s[::-1]]])",
        False,
    ),
    (
        "rougeL-1m-tokens",
        "a = ' '.join('w%d' % (i % 50_000) for i in range(1_000_000)); b = ' '.join('w%d' % (i * 3 % 50_000) for i in range(1_000_000))",
        "rougebleu.RougeScorer(['rougeL']).score(a, b)",
        True,
    ),
    (
        "rougeLsum-long-lines",
        "a = '\\n'.join(' '.join('w%d' % (i % 5000) for i in range(200_000)) for _ in range(3)); b = '\\n'.join(' '.join('w%d' % (i * 3 % 5000) for i in range(200_000)) for _ in range(3))",
        "rougebleu.RougeScorer(['rougeLsum']).score(a, b)",
        False,
    ),
    (
        "rougeW-long",
        "a = ' '.join('w%d' % (i % 500) for i in range(60_000)); b = ' '.join('w%d' % (i * 3 % 500) for i in range(60_000))",
        "rougebleu.RougeScorer(['rougeW-1.2']).score(a, b)",
        False,
    ),
    (
        "stemming-huge-text",
        "s = ' '.join('word%dings' % i for i in range(3_000_000))",
        "rougebleu.RougeScorer(['rouge1'], use_stemmer=True).score(s, s)",
        False,
    ),
    (
        "bleu-huge-segment",
        "s = ' '.join('t%d' % (i % 100_000) for i in range(8_000_000))",
        "rougebleu.BLEU().corpus_score([s], [[s]])",
        False,
    ),
]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a subprocess is a POSIX test")
@pytest.mark.parametrize("case", [c for c in INTERRUPTS if LONG or c[3]], ids=lambda c: c[0])
def test_ctrl_c_stops_inside_one_huge_item(case):
    _, setup, call, _ = case
    # The signal comes well inside the call, which takes seconds on its one item.
    assert_ctrl_c_stops(setup, call, announce=True, delay=0.3)
