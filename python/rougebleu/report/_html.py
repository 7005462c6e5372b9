"""The report as one self-contained HTML file: inline CSS and SVG, no script, nothing fetched (the
page's icon is an empty data URL, so a browser does not ask for one), readable with JavaScript off
and from disk. Tables that would make the page long sit in `<details>` elements, which open
without script. The same markup, with its style scoped to one element, is a notebook's
`_repr_html_`.
"""

from __future__ import annotations

from html import escape

from rougebleu.report import _svg, _tables

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["document", "fragment"]

_CSS = """
.rb-report { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; line-height: 1.4;
  max-width: 1100px; margin: 0 auto; padding: 0 16px 48px; }
.rb-report h1 { font-size: 1.6em; margin: 0.6em 0 0.2em; }
.rb-report h2 { font-size: 1.25em; border-bottom: 2px solid #396AB1; padding-bottom: 2px; margin-top: 1.8em; }
.rb-report h3 { font-size: 1.05em; margin: 1.2em 0 0.4em; }
.rb-report nav a { margin-right: 0.9em; color: #396AB1; }
.rb-report table { border-collapse: collapse; margin: 0.4em 0 1em; font-size: 0.9em; }
.rb-report caption { text-align: left; font-weight: 600; padding: 2px 0; }
.rb-report th, .rb-report td { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }
.rb-report th { background: #396AB1; color: #fff; }
.rb-report td:first-child, .rb-report th:first-child { text-align: left; }
.rb-report tr:nth-child(even) td { background: #f4f6fa; }
.rb-report td.text { text-align: left; font-family: ui-monospace, monospace; }
.rb-report td.name { text-align: left; }
.rb-report .note { color: #555; font-size: 0.9em; }
.rb-report .charts svg { display: block; margin: 0.5em 0; max-width: 100%; height: auto; }
.rb-report .pair { display: flex; flex-wrap: wrap; gap: 24px; }
.rb-report .example { border: 1px solid #ddd; border-radius: 4px; padding: 6px 10px; margin: 8px 0; }
.rb-report .example p { margin: 2px 0; display: grid; grid-template-columns: 15em 1fr; gap: 0 8px; }
.rb-report .example p:first-child { display: block; }
.rb-report .who { color: #555; overflow-wrap: anywhere; }
.rb-report .toks { font-family: ui-monospace, monospace; font-size: 0.9em; }
.rb-report .m1 { background: #dbe8f8; } .rb-report .m2 { background: #b5d0f0; }
.rb-report .m3 { background: #8fb8e8; } .rb-report .m4 { background: #6aa0e0; }
.rb-report details { margin: 0.3em 0 1em; } .rb-report summary { cursor: pointer; color: #396AB1; }
"""


def _table(table: Any, classes: Sequence[str] = ()) -> str:
    caption, header, rows = table
    out = [f"<table><caption>{escape(caption)}</caption><thead><tr>"]
    out += [f"<th>{escape(h)}</th>" for h in header]
    out.append("</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>")
        for i, cell in enumerate(row):
            cls = f' class="{classes[i]}"' if i < len(classes) and classes[i] else ""
            out.append(f"<td{cls}>{escape(cell)}</td>")
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _details(summary: str, body: str) -> str:
    return f"<details><summary>{escape(summary)}</summary>{body}</details>"


def _section(sid: str, body: str, note: str = "") -> str:
    title = _tables.SECTIONS[sid]
    note_html = f'<p class="note">{note}</p>' if note else ""
    return f'<section id="{sid}"><h2>{escape(title)}</h2>{note_html}{body}</section>'


def _scores(data: dict[str, Any]) -> str:
    info = _tables.metric_info(data)
    charts = []
    for block in data["scores"]:
        m = info[block["metric"]]
        rows = [(r["system"], r["score"], r["low"], r["high"]) for r in block["systems"]]
        charts.append(_svg.intervals(rows, title=f"{m['name']}: score and 95% bootstrap interval", xlabel=m["name"]))
    s = data["settings"]
    note = (
        f"Intervals: mean ± half width of the 95% interval of {s['paired_bootstrap']['samples']} paired bootstrap "
        f"resamples (sacrebleu's); p-values against the baseline <b>{escape(data['baseline'])}</b>, "
        f"* p &lt; {_tables.SIGNIFICANT}; wins / ties / losses count segments by sentence-level score."
    )
    return _section(
        "scores",
        "".join(_table(t, ["", "name"]) for t in _tables.scores(data)) + f'<div class="charts">{"".join(charts)}</div>',
        note,
    )


def _bucket_bars(section_rows: Any, buckets: Sequence[str], title: str, ylabel: str) -> str:
    series = [(name, values) for name, values in section_rows.items()]
    return _svg.bars(buckets, series, title=title, ylabel=ylabel)


def _distributions(data: dict[str, Any]) -> str:
    info = _tables.metric_info(data)
    parts = []
    for block, table in zip(data["sentence_scores"], _tables.sentence_scores(data)):
        name = info[block["metric"]]["name"]
        parts.append(_bucket_bars(block["counts"], block["buckets"], f"Segments by sentence-level {name}", "segments"))
        parts.append(_details("table", _table(table)))
    return _section("distributions", f'<div class="charts">{"".join(parts)}</div>')


def _bucket_section(data: dict[str, Any], sid: str, key: str, tables: list, what: str, note: str) -> str:
    info = _tables.metric_info(data)
    section = data[key]
    parts = []
    for block, table in zip(section["scores"], tables):
        name = info[block["metric"]]["name"]
        parts.append(_bucket_bars(block["systems"], section["buckets"], f"{name} by {what}", name))
        parts.append(_details("table", _table(table)))
    return _section(sid, f'<div class="charts">{"".join(parts)}</div>', note)


def _length_difference(data: dict[str, Any]) -> str:
    section = data["length_difference"]
    chart = _bucket_bars(section["counts"], section["buckets"], "Segments by length difference (tokens)", "segments")
    body = f'<div class="charts">{chart}</div>' + _details("table", _table(_tables.length_difference(data)[0]))
    return _section(
        "length-difference", body, "Hypothesis length minus reference length, in tokens (compare-mt's buckets)."
    )


def _word_accuracy(data: dict[str, Any]) -> str:
    section = data["word_accuracy"]
    series = {name: s["fmeasure"] for name, s in section["systems"].items()}
    chart = _bucket_bars(series, section["buckets"], "Word F-measure by frequency", "F-measure")
    note = (
        f"A word's frequency in the {escape(section['frequency_from'])}; a hypothesis word matches an unused "
        "occurrence of itself in the reference (compare-mt's word accuracy)."
    )
    return _section(
        "word-accuracy", f'<div class="charts">{chart}</div>' + _table(_tables.word_accuracy(data)[0]), note
    )


def _ngrams(data: dict[str, Any]) -> str:
    tables = _tables.ngrams(data)
    s = data["settings"]["ngrams"]
    note = (
        f"Score (a + {s['alpha']:g}) / (a + b + {2 * s['alpha']:g}) of an n-gram's counts a (system) and b "
        f"(baseline) over the corpus, orders {s['orders'][0]}-{s['orders'][1]} (compare-mt's salient n-grams)."
    )
    pairs = []
    for i in range(0, len(tables), 2):
        pair = "".join(_table(t, ["text"]) for t in tables[i : i + 2])
        pairs.append(f'<div class="pair">{pair}</div>')
    return _section("ngrams", "".join(pairs), note)


def _tokens(tokens: Sequence[str], levels: Sequence[int] | None = None) -> str:
    if levels is None:
        return escape(" ".join(tokens))
    return " ".join(f'<span class="m{lv}">{escape(t)}</span>' if lv else escape(t) for t, lv in zip(tokens, levels))


def _example(e: dict[str, Any], baseline: str, system: str, places: int) -> str:
    src = (
        f'<p><span class="who">source</span><span class="toks">{escape(e["source"])}</span></p>' if e["source"] else ""
    )
    return (
        f'<div class="example"><p><b>segment {e["segment"] + 1}</b>: difference {e["difference"]:+.{places}f}</p>{src}'
        f'<p><span class="who">reference</span><span class="toks">{_tokens(e["reference"])}</span></p>'
        f'<p><span class="who">{escape(baseline)} ({e["baseline"]["score"]:.{places}f})</span>'
        f'<span class="toks">{_tokens(e["baseline"]["tokens"], e["baseline"]["match"])}</span></p>'
        f'<p><span class="who">{escape(system)} ({e["system"]["score"]:.{places}f})</span>'
        f'<span class="toks">{_tokens(e["system"]["tokens"], e["system"]["match"])}</span></p></div>'
    )


def _examples(data: dict[str, Any]) -> str:
    ex = data["examples"]
    m = _tables.metric_info(data)[ex["metric"]]
    places = _tables.decimals(m)
    parts = []
    for c in ex["comparisons"]:
        for key, who in (("system_better", c["system"]), ("baseline_better", c["baseline"])):
            items = "".join(_example(e, c["baseline"], c["system"], places) for e in c[key])
            parts.append(f"<h3>{escape(who)} better ({escape(c['system'])} vs {escape(c['baseline'])})</h3>")
            parts.append(items or '<p class="note">none</p>')
    note = (
        f"The segments with the largest differences of sentence-level {escape(m['name'])}; shaded tokens lie in an "
        'n-gram of the reference: <span class="m1">1</span> <span class="m2">2</span> <span class="m3">3</span> '
        '<span class="m4">4</span> tokens long.'
    )
    return _section("examples", "".join(parts), note)


def _settings(data: dict[str, Any]) -> str:
    general, metrics = _tables.settings(data)
    return _section("settings", _table(general, ["", "text"]) + _table(metrics, ["", "text", "text"]))


def _body(data: dict[str, Any]) -> str:
    names = data["systems"]
    nav = "".join(f'<a href="#{sid}">{escape(title)}</a>' for sid, title in _tables.SECTIONS.items())
    head = (
        f"<header><h1>System comparison: {escape(', '.join(names[1:]))} against {escape(names[0])}</h1>"
        f'<p class="note">{data["segments"]} segments, {data["settings"]["references"]} reference(s) per segment; '
        f"rougebleu {escape(data['version'])}</p><nav>{nav}</nav></header>"
    )
    ratio_note = "Each system's segments by its own hypothesis/reference length ratio in tokens; (segments) per bucket."
    length_note = "Corpus score of the segments whose (first) reference has that many tokens (compare-mt's buckets)."
    sections = [
        _scores(data),
        _distributions(data),
        _bucket_section(
            data,
            "reference-length",
            "reference_length",
            _tables.reference_length(data),
            "reference length",
            length_note,
        ),
        _bucket_section(data, "length-ratio", "length_ratio", _tables.length_ratio(data), "length ratio", ratio_note),
        _length_difference(data),
        _word_accuracy(data),
        _ngrams(data),
        _examples(data),
        _settings(data),
    ]
    return head + "".join(sections)


def fragment(data: dict[str, Any]) -> str:
    """The report as one `<div>` with its own scoped style (a notebook's `_repr_html_`)."""
    return f'<div class="rb-report"><style>{_CSS}</style>{_body(data)}</div>'


def document(data: dict[str, Any]) -> str:
    """The report as a complete HTML document."""
    title = f"rougebleu compare: {', '.join(data['systems'])}"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="icon" href="data:,"><title>{escape(title)}</title><style>{_CSS}</style></head>'
        f'<body><main class="rb-report">{_body(data)}</main></body></html>\n'
    )
