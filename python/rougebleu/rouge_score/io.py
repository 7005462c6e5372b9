"""``rouge_score.io``: score the records of target and prediction files and write a CSV.

Same files, checks and CSV layout as rouge_score (``%f`` numbers); messages go to the standard
``logging`` module instead of absl's.
"""

from __future__ import annotations

import glob
import itertools
import logging

__all__ = ["compute_scores_and_write_to_csv"]

_log = logging.getLogger(__name__)


def compute_scores_and_write_to_csv(
    target_filepattern, prediction_filepattern, output_filename, scorer, aggregator, delimiter="\n"
):
    """Score the records of the files matching the two patterns (paired in sorted order) and write
    the aggregates (``score_type,low,mid,high`` rows, when ``aggregator`` is given) or the
    per-record scores (``id,<type>-P,<type>-R,<type>-F,...``) to ``output_filename``.

    Raises ``ValueError`` when the patterns match no files or different numbers of files, or when
    two paired files hold different numbers of records.
    """
    target_filenames = _glob(target_filepattern)
    prediction_filenames = _glob(prediction_filepattern)
    if len(target_filenames) < 1 or len(target_filenames) != len(prediction_filenames):
        raise ValueError(
            "Must have equal and positive number of target and "
            "prediction files. Found: %d target files (%s),"
            " %d prediction files (%s)."
            % (len(target_filenames), target_filepattern, len(prediction_filenames), prediction_filepattern)
        )
    scores = _compute_scores(target_filenames, prediction_filenames, scorer, delimiter)
    if aggregator:
        for score in scores:
            aggregator.add_scores(score)
        _write_aggregates_to_csv(output_filename, aggregator.aggregate())
    else:
        _write_scores_to_csv(output_filename, scores)


def _glob(filepattern):
    return glob.glob(filepattern)


def _open(filepattern, mode="r"):
    return open(filepattern, mode)


def _record_gen(filename, delimiter):
    """The records of a file; a final delimiter is expected (without one, the last record counts)."""
    with _open(filename) as f:
        records = f.read().split(delimiter if isinstance(delimiter, str) else delimiter.decode("utf-8"))
    if records[-1]:
        _log.warning("Expected delimiter at end of file")
    else:
        records = records[:-1]
    yield from records


def _compute_scores(target_filenames, prediction_filenames, scorer, delimiter):
    scores = []
    for target_filename, prediction_filename in zip(sorted(target_filenames), sorted(prediction_filenames)):
        _log.info("Reading targets from %s.", target_filename)
        _log.info("Reading predictions from %s.", prediction_filename)
        targets = _record_gen(target_filename, delimiter)
        preds = _record_gen(prediction_filename, delimiter)
        for target_rec, prediction_rec in itertools.zip_longest(targets, preds):
            if target_rec is None or prediction_rec is None:
                raise ValueError(
                    "Must have equal number of lines across target and "
                    "prediction files. Mismatch between files: %s, %s." % (target_filename, prediction_filename)
                )
            scores.append(scorer.score(target_rec, prediction_rec))
    return scores


def _write_aggregates_to_csv(output_filename, aggregates):
    _log.info("Writing results to %s.", output_filename)
    with _open(output_filename, "w") as output_file:
        output_file.write("score_type,low,mid,high\n")
        for score_type, aggregate in sorted(aggregates.items()):
            for letter, field in (("R", "recall"), ("P", "precision"), ("F", "fmeasure")):
                low, mid, high = (getattr(getattr(aggregate, b), field) for b in ("low", "mid", "high"))
                output_file.write("%s-%s,%f,%f,%f\n" % (score_type, letter, low, mid, high))
    _log.info("Finished writing results.")


def _write_scores_to_csv(output_filename, scores):
    if len(scores) < 1:
        _log.warning("No scores to write")
        return
    rouge_types = sorted(scores[0].keys())
    _log.info("Writing results to %s.", output_filename)
    with _open(output_filename, "w") as out_file:
        out_file.write("id")
        for rouge_type in rouge_types:
            out_file.write(",{t}-P,{t}-R,{t}-F".format(t=rouge_type))
        out_file.write("\n")
        for i, result in enumerate(scores):
            out_file.write("%d" % i)
            for rouge_type in rouge_types:
                s = result[rouge_type]
                out_file.write(",%f,%f,%f" % (s.precision, s.recall, s.fmeasure))
            out_file.write("\n")
    _log.info("Finished writing results.")
