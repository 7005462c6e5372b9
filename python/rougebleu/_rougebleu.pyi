# Type stubs of the native extension module. The public API lives in the Python modules.
import os
from collections.abc import Callable, Sequence
from typing import Any, Literal, final

import numpy as np
import numpy.typing as npt

__version__: str
MAX_NGRAM_ORDER: int
MAX_WLCS_WEIGHT: float
MAX_BOOTSTRAP: int
MAX_BETA: float
MAX_WORKERS: int

# The vocabularies of the string options (src/options.rs, one table per option next to the enum
# that validates it): "family.argument" -> the accepted names. The aliases below spell them as
# Literal types for the signatures of the public API; tests/test_options.py checks that every
# Literal of the package agrees with OPTIONS.
OPTIONS: dict[str, tuple[str, ...]]
DEFAULT_ROUGE_TYPES: tuple[str, ...]

def check_option(vocabulary: str, value: object, name: str) -> str: ...

_BleuTokenize = Literal["13a", "intl", "zh", "zh-fixed", "char", "none"]
# sacrebleu's tokenizers (OPTIONS["sacrebleu.tokenize"]); those that need a model or MeCab run in Python.
_SacrebleuTokenize = Literal[
    "none", "zh", "13a", "intl", "char", "ja-mecab", "ko-mecab", "spm", "flores101", "flores200", "spBLEU-1K"
]
_SmoothMethod = Literal["none", "floor", "add-k", "exp"]
_MultiRef = Literal["max", "pooled", "best-recall", "mean"]
_Average = Literal["macro", "micro"]
_RougeTokenizer = Literal["rouge_score", "unicode"]

class InternalError(RuntimeError):
    """An internal error of rougebleu (a bug): a panic in the core, caught at the entry point."""

def _inject_internal_error(call: str | None = None) -> None: ...
def _set_progress(callback: Callable[[int, int], object] | None = None) -> Callable[[int, int], object] | None: ...

# rouge_score-compatible ROUGE and the ROUGE family (src/python/rouge.rs).
_ScoreTuple = tuple[float, float, float, bool]  # precision, recall, fmeasure, int_zero
_Text = str | bytes
_TokenizedText = tuple[list[str], list[list[str]]]  # tokens, tokens of each sentence

@final
class RougeCore:
    def __new__(
        cls,
        rouge_types: list[str],
        use_stemmer: bool,
        multi_ref: str = "max",
        alpha: float | None = None,
        jackknife: bool = False,
        lang: str | None = None,
        tokenizer: str | object | None = None,
    ) -> RougeCore: ...
    @property
    def segmenter(self) -> Literal["chinese", "thai", "japanese"] | None: ...
    def score(self, target: _Text, prediction: _Text) -> list[_ScoreTuple]: ...
    def score_multi(self, targets: Sequence[_Text], prediction: _Text) -> list[_ScoreTuple]: ...
    # predictions/references: sequences, text columns (see columns.rs) or, with pretokenized, token lists.
    def score_batch(
        self, predictions: Any, references: Any, workers: int | None = None, pretokenized: bool = False
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]: ...
    def score_batch_dicts(
        self,
        predictions: Any,
        references: Any,
        rouge_types: list[str],
        score_cls: Any,
        int_zero: Any,
        workers: int | None = None,
        pretokenized: bool = False,
        references_name: str = "references",
    ) -> list[dict[str, Any]]: ...
    def score_systems(
        self, systems: list[Any], references: Any, workers: int | None = None
    ) -> npt.NDArray[np.float64]: ...
    def score_tokens(self, targets: list[_TokenizedText], prediction: _TokenizedText) -> list[_ScoreTuple]: ...
    def dict_scorer(self, keys: list[Any], score_cls: type, int_zero: Any) -> RougeDictScorer: ...
    def corpus(
        self,
        predictions: Any,
        references: Any,
        average: str,
        n_bootstrap: int,
        confidence: float,
        seed: int,
        workers: int | None = None,
        pretokenized: bool = False,
    ) -> list[tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]]: ...
    def item_stats(
        self, predictions: Sequence[_Text], references: Sequence[_Text | Sequence[_Text]], workers: int | None = None
    ) -> npt.NDArray[np.float64]: ...
    def corpus_from_items(
        self,
        items: npt.NDArray[np.float64],
        average: str,
        n_bootstrap: int,
        confidence: float,
        seed: int,
        workers: int | None = None,
    ) -> list[tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]]: ...
    def finish_counts(self, totals: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]: ...

# The per-call path: None unless the texts are exact str (a non-empty list/tuple of them for targets).
@final
class RougeDictScorer:
    def score(self, target: object, prediction: object) -> dict[Any, Any] | None: ...
    def score_multi(self, targets: object, prediction: object) -> dict[Any, Any] | None: ...

# Base of the RougeScorer classes: score/score_multi in one native call, else the subclass's
# _score_general/_score_multi_general.
class RougeScorerBase:
    def __new__(cls, *_args: Any, **_kwargs: Any) -> RougeScorerBase: ...
    def _set_fast(self, rouge_types: Any, scorer: RougeDictScorer | None) -> None: ...
    def score(self, target: Any, prediction: Any) -> Any: ...
    def score_multi(self, targets: Any, prediction: Any) -> Any: ...

def rouge_score_tokenize(text: _Text, use_stemmer: bool = False) -> list[str]: ...

# NLTK's Porter stemmer (src/python/stem.rs).
def nltk_porter_stem(words: list[str]) -> list[str]: ...

# NLTK's Snowball stemmers and the XL-Sum scorer's stemmers (src/python/stem.rs).
def multilingual_stem(
    words: Sequence[str],
    language: str,
    ignore_stopwords: bool = False,
    xlsum: bool = False,
    workers: int | None = None,
) -> list[str]: ...
def snowball_stem_sequence(
    words: Sequence[str], language: str, ignore_stopwords: bool, arabic_settled: bool
) -> tuple[list[str], bool]: ...
def snowball_stopwords(language: str) -> list[str]: ...
def stem_languages() -> list[str]: ...

# MATLAB-style API (src/python/matlab.rs). A document is (tokens, sentence_lengths).

def matlab_tokenize(texts: Sequence[str], workers: int | None = None) -> list[tuple[list[str], list[int]]]: ...
def matlab_stem(words: Sequence[str]) -> list[str]: ...
def matlab_rouge(
    candidates: Sequence[tuple[Sequence[str], Sequence[int]]],
    references: Sequence[Sequence[tuple[Sequence[str], Sequence[int]]]],
    *,
    rouge_method: str,
    ngram_length: int,
    skip_distance: int | None,
    beta: float,
    weight: float,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def matlab_bleu(
    candidates: Sequence[Sequence[str]],
    references: Sequence[Sequence[Sequence[str]]],
    *,
    ngram_weights: Sequence[float],
    ignore_case: bool,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def matlab_lexrank(documents: Sequence[Sequence[str]], workers: int | None = None) -> npt.NDArray[np.float64]: ...

# ROUGE-1.5.5 (Perl) compatibility mode (rougebleu.rouge155).

@final
class Rouge155Core:
    def __new__(
        cls,
        *,
        max_ngram: int = 0,
        lcs: bool = True,
        wlcs_weight: float | None = None,
        skip_gap: int | None = None,
        skip_unigrams: Literal["no", "only", "both"] = "no",
        be_mode: Literal["H", "HM", "HMR", "HM1", "HMR1", "HMR2"] | None = None,
        stem: bool = False,
        stem_models_only: bool = False,
        stopwords: bool = False,
        limit_words: int = 0,
        limit_bytes: int = 0,
        multi: Literal["A", "B"] = "A",
        alpha: float = 0.5,
        counting: Literal["macro", "micro", "counts"] = "macro",
        resamples: int = 1000,
        confidence: float = 95.0,
        jackknife: bool = False,
        data_dir: str | None = None,
    ) -> Rouge155Core: ...
    def signature(self) -> str: ...
    def measure_names(self, labels: tuple[str, str, str] | None = None) -> list[str]: ...
    def evaluate(
        self,
        systems: list[str],
        evals: Sequence[tuple[str, str, Sequence[tuple[int, str | bytes]], Sequence[str | bytes]]],
        *,
        workers: int | None = None,
        report: bool = False,
        per_eval: bool = False,
        labels: tuple[str, str, str] | None = None,
        series: bool = True,
    ) -> dict[str, Any]: ...
    def evaluate_config(
        self,
        path: str,
        *,
        system: str | None = None,
        list_format: str | None = None,
        workers: int | None = None,
        labels: tuple[str, str, str] | None = None,
    ) -> dict[str, Any]: ...

class ConfigError(ValueError):
    """A ROUGE-1.5.5 configuration file that cannot be read or does not describe an evaluation."""

def rouge155_stem(token: str, data_dir: str | None = None) -> str: ...
def rouge155_main(argv: list[str]) -> tuple[int, bytes, str]: ...

# BLEU (src/python/bleu.rs)

@final
class BleuReferences:
    def __new__(
        cls,
        streams: list[list[str | None]],
        tokenize: str,
        lowercase: bool,
        max_ngram_order: int,
        workers: int | None = None,
    ) -> BleuReferences: ...
    @property
    def num_refs(self) -> int: ...
    def __len__(self) -> int: ...
    def stats(self, hypotheses: list[str], workers: int | None = None) -> SegmentRows: ...
    def stats_many(self, systems: list[Any], workers: int | None = None) -> list[SegmentRows]: ...
    def sentence_scores(
        self,
        hypotheses: list[str],
        smooth_method: str,
        smooth_value: float | None,
        effective_order: bool,
        workers: int | None = None,
    ) -> npt.NDArray[np.float64]: ...

@final
class BleuSentence:
    def __new__(
        cls,
        tokenize: str,
        lowercase: bool,
        max_ngram_order: int,
        smooth_method: str,
        smooth_value: float | None,
        effective_order: bool,
    ) -> BleuSentence: ...
    # (score, counts, totals, precisions, bp, sys_len, ref_len, num_refs), or None for the general path.
    def score(
        self, hypothesis: object, references: object
    ) -> tuple[float, list[int], list[int], list[float], float, int, int, int] | None: ...

def bleu_score_from_stats(
    stats: list[int], smooth_method: str, smooth_value: float | None, effective_order: bool
) -> tuple[float, list[float], list[float], list[float], float, int, int]: ...
def bleu_scores_from_stats(
    stats: npt.NDArray[np.int64],
    smooth_method: str,
    smooth_value: float | None,
    effective_order: bool,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def bleu_pairwise(
    hypotheses: list[str],
    references: list[str],
    tokenize: str,
    lowercase: bool,
    max_ngram_order: int,
    smooth_method: str,
    smooth_value: float | None,
    effective_order: bool,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def bleu_bootstrap_scores(
    stats: npt.NDArray[np.int64],
    idx: npt.NDArray[np.int64],
    smooth_method: str,
    smooth_value: float | None,
    effective_order: bool,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def bleu_resample_scores(
    stats: SegmentRows,
    idx: ResampleIndices,
    smooth_method: str,
    smooth_value: float | None,
    effective_order: bool,
    workers: int | None = None,
) -> ResampleScores: ...
def bleu_shared_resample_scores(
    systems: list[SegmentRows],
    generator: NumpyGenerator,
    n_samples: int,
    smooth_method: str,
    smooth_value: float | None,
    effective_order: bool,
    workers: int | None = None,
) -> list[ResampleScores]: ...
def bleu_randomization_scores(
    baseline: npt.NDArray[np.int64],
    system: npt.NDArray[np.int64],
    swap: npt.NDArray[np.bool_],
    smooth_method: str,
    smooth_value: float | None,
    effective_order: bool,
    workers: int | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
def bleu_tokenize(texts: list[str], tokenize: str = "13a", lowercase: bool = False) -> list[list[str]]: ...
def bleu_token_stats(
    hypotheses: list[list[str]],
    references: list[list[list[str]]],
    max_ngram_order: int,
    workers: int | None = None,
) -> npt.NDArray[np.int64]: ...
def bleu_stats(
    hypotheses: list[str],
    streams: list[list[str | None]],
    tokenize: str,
    lowercase: bool,
    max_ngram_order: int,
    workers: int | None = None,
) -> tuple[SegmentRows, int]: ...
def bleu_sentence_scores(
    hypotheses: list[str],
    streams: list[list[str | None]],
    tokenize: str,
    lowercase: bool,
    max_ngram_order: int,
    smooth_method: str,
    smooth_value: float | None,
    effective_order: bool,
    workers: int | None = None,
) -> tuple[npt.NDArray[np.float64], int]: ...

# -- all pairs ---------------------------------------------------------------------------------

_BleuOptions = tuple[str, bool, int, str, float | None, bool]
_RougeOptions = tuple[str, bool, float | None]
_TerOptions = tuple[bool, bool, bool, bool]  # normalized, no_punct, asian_support, lowercase

def rouge_pairwise(
    hypotheses: Sequence[_Text],
    references: Sequence[_Text],
    rouge_type: str,
    use_stemmer: bool = False,
    alpha: float | None = None,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def allpairs_expected_utility(
    hypotheses: Sequence[str],
    references: Sequence[str],
    bleu: _BleuOptions | None = None,
    rouge: _RougeOptions | None = None,
    weights: Sequence[float] | None = None,
    workers: int | None = None,
    chrf: _ChrfOptions | None = None,
    ter: _TerOptions | None = None,
    meteor: Meteor15Scorer | None = None,
) -> npt.NDArray[np.float64]: ...
def allpairs_top_k(
    queries: Sequence[str],
    candidates: Sequence[str],
    k: int,
    bleu: _BleuOptions | None = None,
    rouge: _RougeOptions | None = None,
    workers: int | None = None,
    chrf: _ChrfOptions | None = None,
    ter: _TerOptions | None = None,
    meteor: Meteor15Scorer | None = None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]: ...

# TER (src/python/ter.rs)

@final
class TerReferences:
    def __new__(
        cls,
        streams: list[list[str | None]],
        normalized: bool,
        no_punct: bool,
        asian_support: bool,
        lowercase: bool,
        workers: int | None = None,
    ) -> TerReferences: ...
    @property
    def num_refs(self) -> int: ...
    def __len__(self) -> int: ...
    def stats(self, hypotheses: list[str], workers: int | None = None) -> TerRows: ...

@final
class TerRows:
    def __len__(self) -> int: ...
    def totals(self) -> tuple[int, float]: ...
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> npt.NDArray[np.float64]: ...

@final
class TerSentence:
    def __new__(cls, normalized: bool, no_punct: bool, asian_support: bool, lowercase: bool) -> TerSentence: ...
    # (edits, average reference length, num_refs), or None for the general path.
    def score(self, hypothesis: object, references: object) -> tuple[int, float, int] | None: ...

def ter_stats(
    hypotheses: list[str],
    streams: list[list[str | None]],
    normalized: bool,
    no_punct: bool,
    asian_support: bool,
    lowercase: bool,
    workers: int | None = None,
) -> tuple[TerRows, int]: ...
def ter_pairwise(
    hypotheses: list[str],
    candidates: list[str],
    normalized: bool,
    no_punct: bool,
    asian_support: bool,
    lowercase: bool,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def ter_scores_from_stats(stats: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]: ...
def ter_corpus_totals(stats: npt.NDArray[np.float64]) -> tuple[int, float]: ...
def ter_bootstrap_scores(
    stats: npt.NDArray[np.float64], idx: npt.NDArray[np.int64], workers: int | None = None
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]: ...
def ter_tokenize(
    texts: list[str],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    lowercase: bool = False,
    reference: bool = False,
) -> list[list[str]]: ...

# chrF / chrF++ (src/python/chrf.rs)
_ChrfOptions = tuple[int, int, float, bool, bool]  # char_order, word_order, beta, whitespace, eps_smoothing

@final
class ChrfReferences:
    def __new__(cls, streams: Sequence[Sequence[str | None]]) -> ChrfReferences: ...
    @property
    def num_refs(self) -> int: ...
    def __len__(self) -> int: ...
    def stats(self, hypotheses: Sequence[str], options: _ChrfOptions, workers: int | None = None) -> SegmentRows: ...
    def sentence_scores(
        self, hypotheses: Sequence[str], options: _ChrfOptions, workers: int | None = None
    ) -> npt.NDArray[np.float64]: ...

@final
class ChrfSentence:
    def __new__(cls, options: _ChrfOptions, lowercase: bool) -> ChrfSentence: ...
    # (score, num_refs), or None for the general path.
    def score(self, hypothesis: object, references: object) -> tuple[float, int] | None: ...

def chrf_stats(
    hypotheses: Sequence[str],
    streams: Sequence[Sequence[str | None]],
    options: _ChrfOptions,
    workers: int | None = None,
) -> tuple[SegmentRows, int]: ...
def chrf_sentence_scores(
    hypotheses: Sequence[str],
    streams: Sequence[Sequence[str | None]],
    options: _ChrfOptions,
    workers: int | None = None,
) -> tuple[npt.NDArray[np.float64], int]: ...
def chrf_score_from_stats(stats: list[int], beta: float, eps_smoothing: bool) -> float: ...
def chrf_scores_from_stats(
    stats: npt.NDArray[np.int64], beta: float, eps_smoothing: bool, workers: int | None = None
) -> npt.NDArray[np.float64]: ...
def chrf_pairwise(
    hypotheses: Sequence[str],
    candidates: Sequence[str],
    options: _ChrfOptions,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def chrf_bootstrap_scores(
    stats: npt.NDArray[np.int64],
    idx: npt.NDArray[np.int64],
    beta: float,
    eps_smoothing: bool,
    workers: int | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]: ...

# METEOR 1.5 as the jar computes it (src/python/meteor.rs)
@final
class MeteorRows:
    def __len__(self) -> int: ...
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> npt.NDArray[np.float64]: ...
    def lines(self) -> list[str]: ...

@final
class Meteor15Scorer:
    def __new__(
        cls,
        *,
        normalize: str = "norm",
        task: str = "rank",
        parameters: tuple[float, float, float, float] | None = None,
        weights: list[float] | None = None,
        modules: list[str] | None = None,
        beam_size: int = 40,
        char_based: bool = False,
        paraphrase_table: str | os.PathLike[str] | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
    ) -> Meteor15Scorer: ...
    @property
    def eval_id(self) -> str: ...
    @property
    def parameters(self) -> tuple[float, float, float, float]: ...
    @property
    def weights(self) -> list[float]: ...
    @property
    def modules(self) -> list[str]: ...
    def words(self, text: str) -> list[str]: ...
    def stats(self, hypotheses: Any, streams: Any, stdio: bool = False, workers: int | None = None) -> MeteorRows: ...
    def pairwise(self, hypotheses: Any, candidates: Any, workers: int | None = None) -> npt.NDArray[np.float64]: ...
    def scores(self, stats: MeteorRows | npt.NDArray[np.float64]) -> npt.NDArray[np.float64]: ...
    def score_list(self, stats: MeteorRows) -> list[float]: ...
    def corpus(
        self, stats: MeteorRows | npt.NDArray[np.float64]
    ) -> tuple[float, float, float, float, float, float, list[float]]: ...

# NLTK's meteor_score (rougebleu.meteor.nltk_meteor); stems/synonyms replace the built-in ones.
def nltk_meteor_scores(
    hypotheses: list[list[str]],
    references: list[list[list[str]]],
    alpha: float,
    beta: float,
    gamma: float,
    lowercase: bool,
    stems: dict[str, str] | None = None,
    synonyms: dict[str, set[str]] | None = None,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def nltk_single_meteor(
    reference: list[str],
    hypothesis: list[str],
    alpha: float,
    beta: float,
    gamma: float,
    lowercase: bool,
    stems: dict[str, str] | None = None,
    synonyms: dict[str, set[str]] | None = None,
) -> float: ...

# meteor_score with NLTK's defaults for lists/tuples of str tokens; None: take the general path.
def nltk_meteor_score(references: Any, hypothesis: Any, alpha: Any, beta: Any, gamma: Any) -> float | None: ...
def nltk_wordnet_synonyms(word: str) -> list[str]: ...

# The COCO caption suite (src/python/caption.rs). A text is a str or a sequence of token ids.
_CaptionText = str | Sequence[int] | npt.NDArray[np.integer]
_CiderOptions = tuple[str, int, float, CiderFrequencies | None]  # variant, order, sigma, frequencies

def ptb_tokenize(texts: Any, workers: int | None = None) -> list[str]: ...
def ptb_lines(texts: Any, lowercase: bool = True) -> list[str]: ...
def caption_suite(
    candidates: Any,
    references: Any,
    bleu: int = 0,
    rouge_l: bool = False,
    cider: Literal["cider-d", "cider"] | None = None,
    order: int = 4,
    sigma: float = 6.0,
    frequencies: CiderFrequencies | None = None,
    tokenize: bool = False,
    workers: int | None = None,
    lists: bool = False,
    samples: int = 1,
    tokens: bool = False,
) -> dict[str, Any]: ...

@final
class CiderFrequencies:
    @staticmethod
    def from_references(references: Any, order: int = 4, tokenize: bool = False) -> CiderFrequencies: ...
    @staticmethod
    def from_counts(ngrams: Any, counts: Sequence[float], ref_len: float, order: int = 4) -> CiderFrequencies: ...
    def to_bytes(self) -> bytes: ...
    @staticmethod
    def from_bytes(data: bytes) -> CiderFrequencies: ...
    def write(self, path: str | os.PathLike[str]) -> None: ...
    @staticmethod
    def read(path: str | os.PathLike[str]) -> CiderFrequencies: ...
    @property
    def order(self) -> int: ...
    @property
    def ref_len(self) -> float: ...
    @property
    def by_words(self) -> bool: ...
    def __len__(self) -> int: ...
    def get(self, ngram: _CaptionText) -> float: ...

def cider_pairwise(
    hypotheses: Any, references: Any, options: _CiderOptions, workers: int | None = None
) -> npt.NDArray[np.float64]: ...
def cider_expected_utility(
    hypotheses: Any,
    references: Any,
    options: _CiderOptions,
    weights: list[float] | None = None,
    workers: int | None = None,
) -> npt.NDArray[np.float64]: ...
def cider_top_k(
    queries: Any, candidates: Any, k: int, options: _CiderOptions, workers: int | None = None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]: ...

# XL-Sum multilingual mode (rougebleu.rouge_family.multilingual).
def xlsum_language(lang: str) -> tuple[str, str]: ...
def xlsum_languages() -> tuple[list[str], list[tuple[str, str]]]: ...
def xlsum_sanitize(text: str | bytes) -> str: ...
def xlsum_presegment(text: str | bytes, segment: Callable[[str], list[str]], what: str = "text") -> str: ...
def xlsum_tokenize(
    text: str | bytes,
    lang: str,
    use_stemmer: bool = False,
    load_segmenter: Callable[[str], Callable[[str], list[str]]] | None = None,
) -> tuple[list[str], list[list[str]]]: ...
def unicode_tokenize(text: str | bytes) -> list[str]: ...

# Exact sums behind rougebleu.stats (src/python/stats.rs): little-endian two's complement integers
# in units of 2^-1074, one per column.
def exact_column_sums(values: npt.NDArray[np.float64]) -> list[bytes]: ...

# Text columns (src/python/columns.rs): Arrow C data interface, pandas, NumPy.
def is_column(obj: object) -> bool: ...
def column_texts(obj: object, name: str = "texts") -> list[Any]: ...

@final
class TextLines:
    @staticmethod
    def read(path: str | os.PathLike[str]) -> TextLines | None: ...
    @staticmethod
    def read_many(paths: Sequence[str | os.PathLike[str]]) -> list[TextLines | None]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, key: int, /) -> str: ...

# -- significance tests: NumPy's draws and sacrebleu's summaries, natively --------------------

@final
class NumpyGenerator:
    def __new__(cls, entropy: list[int]) -> NumpyGenerator: ...
    def choice(self, n: int, rows: int) -> ResampleIndices: ...
    def booleans(self, rows: int, n: int) -> npt.NDArray[np.bool_]: ...

@final
class ResampleIndices:
    @property
    def shape(self) -> tuple[int, int]: ...
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> npt.NDArray[np.int64]: ...

@final
class SegmentRows:
    def __len__(self) -> int: ...
    def totals(self) -> list[int]: ...
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> npt.NDArray[np.int64]: ...

@final
class ResampleScores:
    def __new__(cls, scores: list[float]) -> ResampleScores: ...
    def tolist(self) -> list[float]: ...
    def estimate_ci(self) -> tuple[float, float]: ...
    def p_value(self, baseline: ResampleScores, real_difference: float) -> float: ...
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> npt.NDArray[np.float64]: ...

def mean_resample_scores(
    values: npt.NDArray[np.float64], generator: NumpyGenerator, n_samples: int
) -> list[ResampleScores]: ...
def mean_randomization_scores(
    values: npt.NDArray[np.float64], pairs: list[tuple[int, int]], generator: NumpyGenerator, n_samples: int
) -> list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]: ...

# -- the comparison report's word-level analyses ----------------------------------------------

def report_word_analysis(
    references: Sequence[str] | Any,
    systems: Sequence[Sequence[str] | Any],
    freq_corpus: Sequence[str] | Any | None,
    tokenize: str,
    lowercase: bool,
    freq_cutoffs: list[int],
    min_order: int,
    max_order: int,
    ngram_kinds: list[str],
    top: int,
    alpha: float,
) -> dict[str, Any]: ...
def lines_with_sentence_breaks(lines: TextLines) -> list[str]: ...
