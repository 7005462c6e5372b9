# Type stubs of the native extension module. The public API lives in the Python modules.
__version__: str
def nltk_porter_stem(words: list[str]) -> list[str]: ...

# MATLAB-style API (src/python/matlab.rs). A document is (tokens, sentence_lengths).
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

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
