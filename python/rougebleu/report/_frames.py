"""The report's tables as long-format data frames (:meth:`rougebleu.report.Report.frame`)."""

from __future__ import annotations

from rougebleu._frames import from_rows

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["frame", "rows"]


def _bucket_rows(section: dict[str, Any], counts_key: str | None) -> list[dict[str, Any]]:
    out = []
    for block in section["scores"]:
        for system, values in block["systems"].items():
            for i, (bucket, value) in enumerate(zip(section["buckets"], values)):
                row = {"metric": block["metric"], "system": system, "bucket": bucket, "score": value}
                if counts_key == "per_system":
                    row["segments"] = section["segments"][system][i]
                elif counts_key == "shared":
                    row["segments"] = section["segments"][i]
                out.append(row)
    return out


def rows(data: dict[str, Any], table: str) -> list[dict[str, Any]]:
    """The rows of one of the report's tables."""
    if table == "scores":
        return [{"metric": b["metric"], **r} for b in data["scores"] for r in b["systems"]]
    if table == "sentence_scores":
        return [
            {"metric": b["metric"], "system": system, "bucket": bucket, "segments": n}
            for b in data["sentence_scores"]
            for system, counts in b["counts"].items()
            for bucket, n in zip(b["buckets"], counts)
        ]
    if table == "reference_length":
        return _bucket_rows(data["reference_length"], "shared")
    if table == "length_ratio":
        return _bucket_rows(data["length_ratio"], "per_system")
    if table == "length_difference":
        section = data["length_difference"]
        return [
            {"system": system, "bucket": bucket, "segments": n}
            for system, counts in section["counts"].items()
            for bucket, n in zip(section["buckets"], counts)
        ]
    if table == "word_accuracy":
        section = data["word_accuracy"]
        return [
            {
                "system": system,
                "bucket": bucket,
                "reference_words": section["reference_words"][i],
                **{k: s[k][i] for k in ("output_words", "matches", "precision", "recall", "fmeasure")},
            }
            for system, s in section["systems"].items()
            for i, bucket in enumerate(section["buckets"])
        ]
    if table == "ngrams":
        return [
            {"system": c["system"], "baseline": c["baseline"], "kind": c["kind"], "more_in": who, **r}
            for c in data["ngrams"]
            for key, who in (("system_more", "system"), ("baseline_more", "baseline"))
            for r in c[key]
        ]
    raise ValueError(f"table: unknown table {table!r}")


def frame(data: dict[str, Any], table: str, library: str) -> Any:
    return from_rows(rows(data, table), library)
