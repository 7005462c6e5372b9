"""The report's tables as text cells, shared by the HTML, Markdown and plain-text forms: one
function per section, each returning ``(caption, header, rows)`` tables from the report's data."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Table", "SECTIONS", "metric_info", "fmt", "p_value", "scores", "sentence_scores", "reference_length"]

Table = tuple  # (caption: str, header: list[str], rows: list[list[str]])

#: Section id -> title, in report order.
SECTIONS = {
    "scores": "Corpus scores and paired tests",
    "distributions": "Sentence-level score distributions",
    "reference-length": "Scores by reference length",
    "length-ratio": "Scores by length ratio",
    "length-difference": "Segments by length difference",
    "word-accuracy": "Word accuracy by frequency",
    "ngrams": "Characteristic n-grams",
    "examples": "Largest differences",
    "settings": "Settings and signatures",
}

SIGNIFICANT = 0.05


def metric_info(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The metrics' descriptions by key."""
    return {m["key"]: m for m in data["metrics"]}


def decimals(metric: dict[str, Any]) -> int:
    return 2 if metric["scale"] > 1 else 4


def fmt(value: float | None, places: int) -> str:
    return "–" if value is None else f"{value:.{places}f}"


def p_value(p: float | None) -> str:
    if p is None:
        return ""
    return f"{p:.4f}" + (" *" if p < SIGNIFICANT else "")


def scores(data: dict[str, Any]) -> list[Table]:
    info = metric_info(data)
    ar = data["settings"]["approximate_randomization"] is not None
    header = (
        ["metric", "system", "score", "95% CI", "p (bootstrap)"]
        + (["p (rand.)"] if ar else [])
        + ["wins / ties / losses"]
    )
    rows = []
    for block in data["scores"]:
        m = info[block["metric"]]
        d = decimals(m)
        for r in block["systems"]:
            ci = "" if r["mean"] is None else f"{r['mean']:.{d}f} ± {r['ci']:.{d}f}"
            row = [m["name"], r["system"], fmt(r["score"], d), ci, p_value(r["p_bootstrap"])]
            if ar:
                row.append(p_value(r["p_randomization"]))
            row.append("(baseline)" if "wins" not in r else f"{r['wins']} / {r['ties']} / {r['losses']}")
            rows.append(row)
    return [("Corpus scores", header, rows)]


def sentence_scores(data: dict[str, Any]) -> list[Table]:
    info = metric_info(data)
    out = []
    for block in data["sentence_scores"]:
        names = list(block["counts"])
        rows = [[b, *(str(block["counts"][s][i]) for s in names)] for i, b in enumerate(block["buckets"])]
        out.append((f"Segments by sentence-level {info[block['metric']]['name']}", ["score", *names], rows))
    return out


def _bucket_scores(section: dict[str, Any], info: dict[str, Any], what: str, segments: Any) -> list[Table]:
    out = []
    for block in section["scores"]:
        m = info[block["metric"]]
        names = list(block["systems"])
        rows = []
        for i, b in enumerate(section["buckets"]):
            counts = [str(segments[i])] if isinstance(segments, list) else []
            cells = [fmt(block["systems"][s][i], decimals(m)) for s in names]
            if not isinstance(segments, list):
                cells = [f"{c} ({segments[s][i]})" for c, s in zip(cells, names)]
            rows.append([b, *counts, *cells])
        header = [what, *(["segments"] if isinstance(segments, list) else []), *names]
        out.append((f"{m['name']} by {what}", header, rows))
    return out


def reference_length(data: dict[str, Any]) -> list[Table]:
    section = data["reference_length"]
    return _bucket_scores(section, metric_info(data), "reference length", section["segments"])


def length_ratio(data: dict[str, Any]) -> list[Table]:
    section = data["length_ratio"]
    return _bucket_scores(section, metric_info(data), "length ratio", section["segments"])


def length_difference(data: dict[str, Any]) -> list[Table]:
    section = data["length_difference"]
    names = list(section["counts"])
    rows = [[b, *(str(section["counts"][s][i]) for s in names)] for i, b in enumerate(section["buckets"])]
    return [("Segments by hypothesis length minus reference length", ["length difference", *names], rows)]


def word_accuracy(data: dict[str, Any]) -> list[Table]:
    section = data["word_accuracy"]
    names = list(section["systems"])
    rows = []
    for i, b in enumerate(section["buckets"]):
        cells = [f"{section['systems'][s]['fmeasure'][i]:.4f}" for s in names]
        rows.append([b, str(section["reference_words"][i]), *cells])
    caption = f"Word F-measure by frequency in the {section['frequency_from']}"
    return [(caption, ["frequency", "reference words", *names], rows)]


def ngrams(data: dict[str, Any]) -> list[Table]:
    out = []
    for c in data["ngrams"]:
        sys, base, kind = c["system"], c["baseline"], c["kind"]
        for key, who in (("system_more", sys), ("baseline_more", base)):
            rows = [[r["ngram"], f"{r['score']:.4f}", str(r["system"]), str(r["baseline"])] for r in c[key]]
            caption = f"n-grams {who} {'matches' if kind == 'match' else kind + '-generates'} more ({sys} vs {base})"
            out.append((caption, ["n-gram", "score", sys, base], rows))
    return out


def settings(data: dict[str, Any]) -> list[Table]:
    s = data["settings"]
    ar = s["approximate_randomization"]
    ng = s["ngrams"]
    general = [
        ["segments", str(data["segments"])],
        ["systems", ", ".join(data["systems"]) + f" (baseline: {data['baseline']})"],
        ["references per segment", str(s["references"])],
        ["seed", str(s["seed"])],
        [
            "paired bootstrap",
            f"{s['paired_bootstrap']['samples']} resamples, {s['paired_bootstrap']['confidence']:.0%} intervals",
        ],
        ["approximate randomization", f"{ar['trials']} trials" if ar else "not run"],
        ["word tokens", f"sacrebleu tokenizer {s['tokenize']}" + (", lowercased" if s["lowercase"] else "")],
        ["word frequencies from", s["word_frequency_from"]],
        ["n-grams", f"{', '.join(ng['kinds'])}, orders {ng['orders'][0]}-{ng['orders'][1]}, alpha {ng['alpha']}"],
        ["rougebleu", data["version"]],
    ]
    metrics = []
    for m in data["metrics"]:
        opts = ", ".join(f"{k}={v}" for k, v in m["settings"].items())
        metrics.append([m["name"], m["signature"] or "(no signature format)", opts])
    return [("Settings", ["setting", "value"], general), ("Metrics", ["metric", "signature", "settings"], metrics)]
