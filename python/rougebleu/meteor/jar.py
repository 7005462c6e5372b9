"""METEOR 1.5 exactly as the METEOR 1.5 jar computes it (``meteor-1.5.jar``, Denkowski & Lavie 2014:
the METEOR of coco-caption/pycocoevalcap, nlg-eval and the E2E metrics), without Java.

``METEOR(...)`` takes the jar's English options and returns its numbers, segment and system scores
alike, to the last bit on the conformance corpus:

- normalization (``-norm``: its Moses-style tokenizer, then lowercasing; ``norm_nopunct``, ``lower``,
  ``none``), the task parameter sets (``-t``: rank, the default, adq, hter, li, tune, util,
  universal), ``parameters`` (``-p``: alpha, beta, gamma, delta), ``modules`` and ``weights``
  (``-m``/``-w``), ``beam_size`` (``-x``), ``char_based`` (``-ch``);
- the four matchers (exact, Snowball stem, WordNet synonym, paraphrase), the jar's beam search for
  the alignment, its fragmentation penalty, the best of several references;
- the **system score from summed statistics** (the jar's 23 numbers per segment, added up), not a
  mean of segment scores.

The paraphrase table is not shipped (see :mod:`rougebleu.meteor._resources`): ``paraphrase_table=``,
``$ROUGEBLEU_PARAPHRASE_TABLE`` or an installed pycocoevalcap; without one, the paraphrase module
raises ``ValueError`` rather than giving a different score. WordNet's synonym sets are compiled in.

``pycocoevalcap=True`` adds the string handling of pycocoevalcap's ``Meteor`` wrapper around the
jar's ``-stdio`` mode (``|||`` removed from hypotheses, double spaces made single, references split
at ``|||``); :func:`pycocoevalcap_meteor` is ``Meteor().compute_score`` on PTB-tokenized texts.

Quirks of the jar kept on purpose (each changes numbers): words are compared by Java's 32-bit
string hash; ``parameters=`` without ``weights=`` switches to the adequacy task's weights, as the
jar's ``-p`` does; ``task="util"`` is word-based, as the jar's command line makes it; the penalty
uses ``x ** beta`` rounded as Java's ``Math.pow`` on x86-64 rounds it (exactly for segments; a corpus
score may differ in its last bit about once in 2,800 corpora, see
https://rougebleu.github.io/rougebleu/meteor/).
"""

from __future__ import annotations

import os

from rougebleu import _rougebleu as _native
from rougebleu._long_call import reporting
from rougebleu._rougebleu import OPTIONS, check_option
from rougebleu.meteor._resources import MISSING_TABLE, cache_dir, find_paraphrase_table
from rougebleu.mt._args import reference_streams, sentence_references, text_list
from rougebleu.mt._base import Score, Signature

TYPE_CHECKING = False  # not typing's: NumPy and typing stay out of a corpus score's imports
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    import numpy as np

    from rougebleu._long_call import ProgressArg

__all__ = ["METEOR", "METEORScore", "METEORSignature", "corpus_meteor", "sentence_meteor", "pycocoevalcap_meteor"]

# The names of the options, from their one home (src/meteor/config.rs).
NORMALIZATIONS = OPTIONS["meteor.normalize"]
TASKS = OPTIONS["meteor.task"]
MODULES = OPTIONS["meteor.modules"]


def _choice(value: Any, name: str, vocabulary: str) -> str:
    # The jar lowercases task and module names; check_option accepts them in any case.
    return check_option(vocabulary, value, name).lower()


def _numbers(value: Any, name: str, length: int | None = None) -> list[float] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of numbers, not a string")
    from rougebleu._args import number

    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{name} must be a sequence of numbers, got {type(value).__name__}") from None
    out = [number(v, f"{name}[{i}]") for i, v in enumerate(items)]
    if length is not None and len(out) != length:
        raise ValueError(f"{name}: expected {length} numbers (alpha, beta, gamma, delta), got {len(out)}")
    return out


def _flag(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise TypeError(f"{name} must be a bool, got {type(value).__name__}")
    return value


class METEORScore(Score):
    """A METEOR 1.5 score: `score` on the jar's 0-1 scale, with the jar's system-level figures
    (`precision`, `recall`, `f1`, `f_mean`, `fragmentation_penalty`, `chunks`, `test_length`,
    `reference_length`) and `statistics`, the 23 summed statistics it was computed from."""

    def __init__(self, score: float, precision: float, recall: float, f1: float, f_mean: float, penalty: float,
                 statistics: list[float]) -> None:  # fmt: skip
        super().__init__("METEOR", score)
        self.precision = precision
        self.recall = recall
        self.f1 = f1
        self.f_mean = f_mean
        self.fragmentation_penalty = penalty
        self.statistics = statistics
        self.test_length = statistics[0]
        self.reference_length = statistics[1]
        self.chunks = statistics[20]

    def format(self, width: int = 4, score_only: bool = False, signature: str = "", is_json: bool = False) -> str:
        """The score as the jar prints it, four decimals by default (sacrebleu's ``Score.format``)."""
        return super().format(width, score_only, signature, is_json)


class METEORSignature(Signature):
    """``nrefs:N|impl:meteor-1.5-jar|eval:<the jar's Eval ID>|version:...`` (``io:pycocoevalcap``
    when the wrapper's string handling is on)."""

    REFERENCE = "meteor"  # the version field: meteor-1.5+rougebleu-<version>
    _ABBR = {**Signature._ABBR, "impl": "i", "eval": "e", "io": "io"}

    def __init__(self, args: dict[str, Any]) -> None:
        super().__init__(args)
        self.info.update({"impl": "meteor-1.5-jar", "eval": args["eval_id"]})
        if args.get("pycocoevalcap"):
            self.info["io"] = "pycocoevalcap"


class METEOR:
    """METEOR 1.5 as the jar computes it (see the module docstring for each option).

    `references` use sacrebleu's stream layout (`references[k][i]`: reference k of segment i,
    `None` a missing one); each segment keeps its best reference. The batch calls take `workers`
    and `progress=` and stop at once on Ctrl-C.
    """

    def __init__(
        self,
        normalize: str = "norm",
        task: str = "rank",
        parameters: Sequence[float] | None = None,
        weights: Sequence[float] | None = None,
        modules: Sequence[str] | None = None,
        beam_size: int = 40,
        char_based: bool = False,
        paraphrase_table: Any = None,
        cache: Any = True,
        pycocoevalcap: bool = False,
        references: Sequence[Sequence[str | None]] | None = None,
    ) -> None:
        from rougebleu._args import integer

        self.normalize = _choice(normalize, "normalize", "meteor.normalize")
        self.task = _choice(task, "task", "meteor.task")
        params = _numbers(parameters, "parameters", 4)
        weight_list = _numbers(weights, "weights")
        if modules is not None:
            if isinstance(modules, (str, bytes)):
                raise TypeError("modules must be a sequence of module names, not a single string")
            modules = [_choice(m, "modules", "meteor.modules") for m in modules]
        self.beam_size = integer(beam_size, "beam_size", 1)
        self.char_based = _flag(char_based, "char_based")
        self.pycocoevalcap = _flag(pycocoevalcap, "pycocoevalcap")
        needs_table = "paraphrase" in (modules if modules is not None else ["paraphrase"])
        if paraphrase_table is not None and not isinstance(paraphrase_table, (str, os.PathLike)):
            raise TypeError(
                f"paraphrase_table must be a path (str or os.PathLike), got {type(paraphrase_table).__name__}"
            )
        table = find_paraphrase_table(paraphrase_table) if needs_table else None
        if needs_table and table is None:
            raise ValueError("paraphrase_table: " + MISSING_TABLE)
        self.paraphrase_table = table
        self._scorer = _native.Meteor15Scorer(
            normalize=self.normalize,
            task=self.task,
            parameters=(params[0], params[1], params[2], params[3]) if params is not None else None,
            weights=weight_list,
            modules=modules,
            beam_size=self.beam_size,
            char_based=self.char_based,
            paraphrase_table=table,
            cache_dir=cache_dir(cache) if table is not None else None,
        )
        # The task the jar's report names: "custom" once -p, -w or -m are given.
        custom = parameters is not None or weights is not None or modules is not None
        self.task_name = "custom" if custom else ("rank" if self.task == "default" else self.task)
        self.parameters = self._scorer.parameters
        self.weights = self._scorer.weights
        self.modules = self._scorer.modules
        self.eval_id = self._scorer.eval_id
        self.num_refs: int | None = None
        self._references: list | None = None
        if references is not None:
            self._references = reference_streams(references)
            self.num_refs = len(self._references)

    # -- statistics -------------------------------------------------------------------------------

    def _rows(self, hypotheses: Any, references: Any, workers: int | None) -> Any:
        hyps = text_list(hypotheses, "hypotheses", check_items=False)
        if references is None:
            if self._references is None:
                raise ValueError("references: none given and no references were cached by METEOR(references=...)")
            streams = self._references
        else:
            streams = reference_streams(references)
            self.num_refs = len(streams)
        # The native call checks the segments of every stream against the hypotheses.
        return self._scorer.stats(hyps, streams, self.pycocoevalcap, workers)

    def segment_statistics(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None = None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """The jar's 23 statistics of each segment against its best reference, float64 `(n, 23)`:
        mergeable (rows of parts of a corpus stack into the whole corpus's); pass them (or their
        column sums) to :meth:`score_from_statistics`."""
        with reporting(progress, "segment_statistics"):
            import numpy as np

            return np.asarray(self._rows(hypotheses, references, workers))

    def score_from_statistics(self, stats: Any) -> METEORScore:
        """The score of statistics: rows summed as the jar sums segments (a perfect segment's chunk
        is not added), or one row of already summed statistics."""
        if not isinstance(stats, _native.MeteorRows):
            import numpy as np

            stats = np.asarray(stats, dtype=np.float64)
            if stats.ndim == 1:
                stats = stats.reshape(1, -1)
            if stats.ndim != 2 or stats.shape[1] != 23:
                raise ValueError(f"stats: expected rows of 23 statistics, got shape {stats.shape}")
            stats = np.ascontiguousarray(stats)
        score, precision, recall, f1, f_mean, penalty, totals = self._scorer.corpus(stats)
        return METEORScore(score, precision, recall, f1, f_mean, penalty, totals)

    # -- sacrebleu-shaped API ---------------------------------------------------------------------

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> METEORScore:
        """The system score: the jar's score of the segments' summed statistics."""
        with reporting(progress, "corpus_score"):
            return self.score_from_statistics(self._rows(hypotheses, references, workers))

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> METEORScore:
        """METEOR of one hypothesis against its references (the best one counts)."""
        if not isinstance(hypothesis, str):
            raise TypeError(f"hypothesis must be a str, got {type(hypothesis).__name__}")
        refs = [[r] for r in sentence_references(references)]
        return self.score_from_statistics(self._scorer.stats([hypothesis], refs, self.pycocoevalcap, 1))

    def sentence_scores(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None = None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """The score of every segment, float64: `out[i]` equals `sentence_score(hypotheses[i],
        [refs[i] for refs in references]).score`."""
        with reporting(progress, "sentence_scores"):
            return self._scorer.scores(self._rows(hypotheses, references, workers))

    def pairwise(
        self,
        hypotheses: Sequence[str],
        candidates: Sequence[str],
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """All-pairs sentence METEOR, float64 `(len(hypotheses), len(candidates))`: `out[i, j]`
        equals `sentence_score(hypotheses[i], [candidates[j]]).score`."""
        with reporting(progress, "pairwise"):
            hyps = text_list(hypotheses, "hypotheses", check_items=False)
            cands = text_list(candidates, "candidates", check_items=False)
            return self._scorer.pairwise(hyps, cands, workers)

    def words(self, text: str) -> list[str]:
        """The words the jar aligns for `text` (after normalization and lowercasing)."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        return self._scorer.words(text)

    def get_signature(self) -> METEORSignature:
        """The reproducibility signature (known once references have been seen)."""
        return METEORSignature(self.__dict__)

    def __repr__(self) -> str:
        return f"METEOR({self.eval_id})"


def corpus_meteor(hypotheses: Sequence[str], references: Sequence[Sequence[str | None]], **options: Any) -> METEORScore:
    """The jar's system score (`METEOR(**options).corpus_score`)."""
    return METEOR(**options).corpus_score(hypotheses, references)


def sentence_meteor(hypothesis: str, references: Sequence[str | None], **options: Any) -> METEORScore:
    """The jar's segment score (`METEOR(**options).sentence_score`)."""
    return METEOR(**options).sentence_score(hypothesis, references)


def pycocoevalcap_meteor(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    paraphrase_table: Any = None,
    cache: Any = True,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> tuple[float, list[float]]:
    """``pycocoevalcap.meteor.meteor.Meteor().compute_score(gts, res)`` for texts already
    tokenized as pycocoevalcap tokenizes them (its PTBTokenizer): `hypotheses[i]` is item i's
    caption, `references[i]` its references. Returns ``(corpus score, per-item scores)`` as
    pycocoevalcap does: the jar's ``-stdio -l en -norm`` mode, each item against its best
    reference, the corpus score computed from the summed statistics (not the mean of the items)."""
    with reporting(progress, "pycocoevalcap_meteor"):
        hyps = text_list(hypotheses, "hypotheses")
        if isinstance(references, (str, bytes)):
            raise TypeError("references must be a sequence of reference lists, not a string")
        per_item = []
        for i, refs in enumerate(references):
            if isinstance(refs, (str, bytes)):
                raise TypeError(f"references[{i}] must be a sequence of strings, not a string")
            refs = list(refs)
            for k, r in enumerate(refs):
                if not isinstance(r, str):
                    raise TypeError(f"references[{i}][{k}] must be a str, got {type(r).__name__}")
            if not refs:
                raise ValueError(f"references[{i}]: an item needs at least one reference")
            per_item.append(refs)
        width = max((len(r) for r in per_item), default=1)
        streams = [[r[k] if k < len(r) else None for r in per_item] for k in range(width)]
        metric = METEOR(paraphrase_table=paraphrase_table, cache=cache, pycocoevalcap=True)
        rows = metric._scorer.stats(hyps, streams, True, workers)
        scores = metric._scorer.score_list(rows)
        return metric._scorer.corpus(rows)[0], scores
