"""Hostile and careless input, each case in its own interpreter under an address-space limit
(as a process in a container or a batch job has): the call must raise an exception that names
the argument or the size, and the interpreter must go on working. Before the limits existed,
these cases aborted the process, raised PyO3's PanicException, overflowed or returned wrong values."""

from __future__ import annotations

import resource
import subprocess
import sys
import textwrap

import pytest

LIMIT_BYTES = 4 * 1024**3

# After the case, the interpreter must still score something.
STILL_WORKS = (
    "import rougebleu; assert rougebleu.sentence_bleu('a b c d', ['a b c d']).score > 99; print('still works')"
)

# (id, code that must raise, exception type, text the message must contain)
RAISING = [
    ("bleu-order-2**40", "rougebleu.BLEU(max_ngram_order=2**40)", "ValueError", "max_ngram_order"),
    (
        "bleu-order-10**8",
        "rougebleu.BLEU(max_ngram_order=10**8).sentence_score('a b', ['a b'])",
        "ValueError",
        "max_ngram_order",
    ),
    ("bleu-order-2**62", "rougebleu.BLEU(max_ngram_order=2**62)", "ValueError", "max_ngram_order"),
    ("bleu-order-2**63-1", "rougebleu.BLEU(max_ngram_order=2**63 - 1)", "ValueError", "max_ngram_order"),
    ("bleu-order-2**64", "rougebleu.BLEU(max_ngram_order=2**64)", "ValueError", "max_ngram_order"),
    (
        "bleu-order-native",
        "rougebleu._rougebleu.bleu_stats(['a'], [['a']], '13a', False, 2**40)",
        "ValueError",
        "max_ngram_order",
    ),
    (
        "rouge-corpus-bootstrap-10**9",
        "rougebleu.rouge_corpus(['a b'], ['a c'], rouge_types=['rouge1'], n_bootstrap=10**9)",
        "ValueError",
        "n_bootstrap",
    ),
    (
        "rouge-corpus-bootstrap-2**62",
        "rougebleu.rouge_corpus(['a b'], ['a c'], rouge_types=['rouge1'], n_bootstrap=2**62)",
        "ValueError",
        "n_bootstrap",
    ),
    (
        "bleu-bootstrap-10**9",
        "rougebleu.BLEU().corpus_score(['a b'], [['a b']], n_bootstrap=10**9)",
        "ValueError",
        "n_bootstrap",
    ),
    ("aggregator-samples", "rougebleu.BootstrapAggregator(n_samples=10**12)", "ValueError", "n_samples"),
    ("confidence", "rougebleu.rouge_corpus(['a'], ['a'], confidence=1.5)", "ValueError", "confidence"),
    ("rouge-n-huge", "rougebleu.RougeScorer(['rouge100000'])", "ValueError", "rouge_types"),
    ("rouge-w-huge", "rougebleu.RougeScorer(['rougeW-400'])", "ValueError", "rouge_types"),
    (
        "matlab-weight",
        "d = rougebleu.tokenizedDocument('the cat sat'); "
        "rougebleu.rouge_evaluation_score(d, d, rouge_method='weighted-subsequences', weight=1000)",
        "ValueError",
        "weight",
    ),
    (
        "matlab-ngram-length",
        "d = rougebleu.tokenizedDocument('the cat'); rougebleu.rouge_evaluation_score(d, d, ngram_length=2**70)",
        "ValueError",
        "ngram_length",
    ),
    (
        "matlab-ngram-weights",
        "d = rougebleu.tokenizedDocument('the cat'); "
        "rougebleu.bleu_evaluation_score(d, d, ngram_weights=[1.0] * 10**6)",
        "ValueError",
        "ngram_weights",
    ),
    (
        "nltk-weights",
        "from rougebleu import nltk as N; N.sentence_bleu([['a']], ['a'], weights=(0.1,) * 10**6)",
        "ValueError",
        "weights",
    ),
    ("workers-2**63", "rougebleu.rouge(['a'], ['a'], workers=2**63)", "ValueError", "workers"),
    ("workers-20000", "rougebleu.rouge(['a b c'] * 50, ['a b d'] * 50, workers=20000)", "ValueError", "workers"),
    ("workers-bool", "rougebleu.BLEU().sentence_scores(['a'], [['a']], workers=True)", "TypeError", "workers"),
    ("beta-1e200", "rougebleu.RougeScorer(['rouge1'], beta=1e200)", "ValueError", "beta"),
    ("stats-2**70", "rougebleu.BLEU().score_from_statistics([2**70] * 10)", "ValueError", "stats"),
    ("bleu-surrogate", "rougebleu.BLEU().corpus_score(['a \\ud800'], [['a']])", "ValueError", "hypotheses[0]"),
    (
        "bleu-surrogate-ref",
        "rougebleu.BLEU().corpus_score(['a'], [['b \\udc00']])",
        "ValueError",
        "references[0][0]",
    ),
    (
        "bleu-pairwise-30k",
        "h = ['a b c %d' % i for i in range(30000)]; rougebleu.BLEU(effective_order=True).pairwise(h, h)",
        "MemoryError",
        "7200000000 bytes",
    ),
    (
        "lexrank-40k",
        "docs = [rougebleu.tokenizedDocument('a b %d' % i) for i in range(40000)]; rougebleu.lexrank_scores(docs)",
        "MemoryError",
        "12800000000 bytes",
    ),
]

RAISING += [
    ("rouge155-max-n", "from rougebleu.rouge155 import Rouge155; Rouge155(max_n=10**9)", "ValueError", "max_n"),
    (
        "rouge155-resamples",
        "from rougebleu.rouge155 import Rouge155; Rouge155(resamples=2**70)",
        "ValueError",
        "resamples",
    ),
    # The command line reports a usage error (exit status 2) instead of aborting.
    (
        "rouge155-cli-n",
        "code, _, err = rougebleu._rougebleu.rouge155_main(['-n', '1000000000', '-a', 'x.xml']); "
        "raise ValueError(f'{code} {err}')",
        "ValueError",
        "2 rougebleu rouge155: error: -n 1000000000",
    ),
    (
        "rouge155-cli-r",
        "code, _, err = rougebleu._rougebleu.rouge155_main(['-r', '100000000000', '-a', 'x.xml']); "
        "raise ValueError(f'{code} {err}')",
        "ValueError",
        "-r 100000000000: needs 1 to 10000000 resamples",
    ),
]

RAISING += [
    ("chrf-stats-2**70", "rougebleu.CHRF().score_from_statistics([2**70] * 18)", "ValueError", "stats"),
    ("chrf-order", "rougebleu.CHRF(char_order=2**40)", "ValueError", "char_order"),
    ("chrf-beta", "rougebleu.CHRF(beta=1e300)", "ValueError", "beta"),
    ("ter-stats", "rougebleu.TER().score_from_statistics([[1e308, 2]])", "ValueError", "stats"),
    ("ter-flag", "rougebleu.TER(normalized='no')", "TypeError", "normalized"),
    (
        "chrf-pairwise-30k",
        "h = ['a b c %d' % i for i in range(30000)]; rougebleu.CHRF().pairwise(h, h)",
        "MemoryError",
        "bytes",
    ),
    (
        "ter-pairwise-30k",
        "h = ['a b c %d' % i for i in range(30000)]; rougebleu.TER().pairwise(h, h)",
        "MemoryError",
        "bytes",
    ),
    (
        "rouge-pairwise-30k",
        "h = ['a b c %d' % i for i in range(30000)]; rougebleu.rouge_pairwise(h, h)",
        "MemoryError",
        "21600000000 bytes",
    ),
    ("top-k", "rougebleu.top_k(['a'], ['a'], 0)", "ValueError", "k must be"),
]

# (id, code printing a value, expected output)
VALUES = [
    (
        "rougeS-d-2**64-2",
        "print(rougebleu.RougeScorer(['rougeS18446744073709551614']).score('a b c', 'a c b')"
        "['rougeS18446744073709551614'].fmeasure)",
        "0.6666666666666666",
    ),
    (
        "rougeS-SU-d-2**64-1",
        "s = rougebleu.RougeScorer(['rougeS18446744073709551615', 'rougeSU18446744073709551615', "
        "'rougeS*', 'rougeSU*']).score('a b c', 'a c b'); print(sorted({round(v.fmeasure, 12) for v in s.values()}))",
        "[0.666666666667, 0.833333333333]",
    ),
    (
        "rougeW-30-identical",
        "t = ' '.join(map(str, range(200))); "
        "print(rougebleu.RougeScorer(['rougeW-30']).score(t, t)['rougeW-30'].fmeasure)",
        "1.0",
    ),
    (
        "matlab-weight-30",
        "d = rougebleu.tokenizedDocument('the cat sat'); print(rougebleu.rouge_evaluation_score("
        "d, d, rouge_method='weighted-subsequences', weight=30))",
        "1.0",
    ),
    (
        "matlab-skip-distance-huge",
        "d = rougebleu.tokenizedDocument('the cat sat'); print(rougebleu."
        "rouge_evaluation_score(d, d, rouge_method='skip-bigrams', skip_distance=2**80))",
        "1.0",
    ),
]


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))


def _run(body: str) -> subprocess.CompletedProcess:
    code = "import rougebleu\n" + textwrap.dedent(body) + "\n" + STILL_WORKS
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, preexec_fn=_limit)


@pytest.mark.parametrize("case", RAISING, ids=[c[0] for c in RAISING])
def test_bad_input_raises_and_the_interpreter_survives(case):
    _, call, exc, needle = case
    body = f"""
    try:
        {call}
    except Exception as e:
        print('raised', type(e).__name__, e)
    else:
        print('no exception')
    """
    p = _run(body)
    assert p.returncode == 0, p.stderr[-2000:]
    first = p.stdout.splitlines()[0]
    assert first.startswith(f"raised {exc} "), first
    assert needle in first, first
    assert p.stdout.splitlines()[-1] == "still works"


@pytest.mark.parametrize("case", VALUES, ids=[c[0] for c in VALUES])
def test_extreme_but_valid_options_give_the_right_value(case):
    _, body, expected = case
    p = _run(body)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.splitlines() == [expected, "still works"]
