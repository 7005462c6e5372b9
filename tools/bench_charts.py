"""Charts of the benchmark tables of ``benches/RESULTS.md``, as SVG, for the performance page.

Each chart names a section of RESULTS.md, the table in it (by its first header cell) and the
columns to draw; the numbers are read from the table as it stands, so the charts follow the
figures whenever the benchmarks are rerun. The site's build draws them (tools/docs_hooks.py);
``make docs-charts`` writes them to a folder to look at:

    python tools/bench_charts.py OUT_DIR

A chart whose table has moved or changed its columns is an error naming it, not a silent gap.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path

NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


@dataclass(frozen=True)
class Bars:
    """A horizontal bar per row: the number in ``column`` (its last number if ``last``)."""

    section: str  # the start of the section's heading
    header: str  # the first header cell of the table
    column: str
    title: str
    unit: str
    log: bool = True
    last: bool = False
    # Short labels for the rows, in order, where the table's own are sentences; their number must
    # match the rows drawn, so a table that gains or loses a row is an error, not a mislabelled bar.
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lines:
    """One line per value of ``series``: ``y`` against ``x``."""

    section: str
    header: str
    x: str
    y: str
    title: str


CHARTS: dict[str, Bars | Lines] = {
    "rouge": Bars(
        "ROUGE, rouge_score-compatible",
        "one thread",
        "pairs/s",
        "ROUGE 1+2+L+Lsum with stemming, REALSumm x4, one thread",
        "pairs/s",
    ),
    "rouge-family": Bars(
        "ROUGE-W, ROUGE-S4, ROUGE-SU4", "measure", "ratio", "ROUGE-W, S, SU: speed-up over rouge-metric", "x"
    ),
    "bleu": Bars(
        "BLEU (sacrebleu-compatible",
        "system",
        "now vs sacrebleu",
        "Corpus BLEU, WMT17 en-de systems: speed-up over sacrebleu",
        "x",
    ),
    "chrf": Bars(
        "chrF / chrF++",
        "task",
        "ratio before → after",
        "chrF and chrF++: speed-up over sacrebleu and fastchrf",
        "x",
        last=True,
    ),
    "ter": Bars("TER (sacrebleu-compatible", "workload", "ratio", "TER: speed-up over sacrebleu, per run", "x"),
    "sentence-bleu": Bars(
        "One pair per call", "case", "vs sacrebleu", "BLEU, one pair per call: speed-up over sacrebleu", "x", log=False
    ),
    "sentence-chrf-ter": Bars(
        "One pair per call",
        "case",
        "vs sacrebleu, before → after",
        "chrF and TER, one pair per call: speed-up over sacrebleu",
        "x",
        last=True,
    ),
    "sentence": Bars(
        "Sentence scores against the loop users write",
        "metric",
        "ratio",
        "sentence_scores, 3,004 WMT17 segments: speed-up over the sacrebleu loop",
        "x",
    ),
    "meteor": Bars(
        "METEOR: NLTK's",
        "set",
        "loop ratio",
        "NLTK's meteor_score, per segment: speed-up over NLTK",
        "x",
    ),
    "caption": Bars(
        "COCO caption suite",
        "task",
        "ratio",
        "COCO caption suite: speed-up over pycocoevalcap",
        "x",
        labels=(
            "suite, warm (a new METEOR JVM per call)",
            "suite, warm (METEOR JVM kept)",
            "suite without METEOR, warm",
            "suite as processes",
            "CIDEr-D rewards, one thread",
            "CIDEr-D rewards, corpus df",
        ),
    ),
    "xlsum": Bars(
        "XL-Sum multilingual ROUGE",
        "language",
        "cold ratio",
        "Multilingual ROUGE, first call: speed-up over the XL-Sum scorer",
        "x",
        log=False,
    ),
    "threads": Lines(
        "Thread scaling on 16 cores",
        "workload",
        "threads",
        "speed-up vs 1 thread",
        "Batch calls on 16 cores: speed-up over one thread",
    ),
}


def tables(markdown: str) -> list[tuple[str, list[str], list[list[str]]]]:
    """(section heading, header cells, rows of cells) of every table, in order."""
    found = []
    section = ""
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            section = line[3:].strip()
        if line.startswith("|") and i + 1 < len(lines) and re.match(r"^\|\s*:?-{3}", lines[i + 1]):
            header = _cells(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            found.append((section, header, rows))
            continue
        i += 1
    return found


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _number(cell: str, last: bool = False) -> float | None:
    found = NUMBER.findall(cell)
    if not found:
        return None
    return float((found[-1] if last else found[0]).replace(",", ""))


#: Longest label drawn in full; longer ones lose their middle. With it, every chart fits the page's
#: text column (about 680 px) and is drawn at its own size, its text as large as the page's.
LABEL_CHARS = 44
PAGE_WIDTH = 680


def _label(cell: str) -> str:
    text = re.sub(r"[`*]", "", cell)
    if len(text) <= LABEL_CHARS:
        return text
    head = (LABEL_CHARS - 1) * 2 // 3
    return text[:head].rstrip(" ,") + "\u2026" + text[len(text) - (LABEL_CHARS - 1 - head) :].lstrip(" ,")


def _table(spec: Bars | Lines, all_tables, columns: list[str]) -> tuple[list[str], list[list[str]]]:
    """The last table of the section with that first header cell and those columns: a section
    appends the newer runs of its benchmark."""
    for section, header, rows in reversed(all_tables):
        if section.startswith(spec.section) and header[0] == spec.header and set(columns) <= set(header):
            return header, rows
    raise ValueError(
        f"benches/RESULTS.md has no table '{spec.header}' with the columns {columns} "
        f"under a section '{spec.section}...'"
    )


def bar_data(spec: Bars, all_tables) -> list[tuple[str, float]]:
    header, rows = _table(spec, all_tables, [spec.column])
    col = header.index(spec.column)
    data = []
    previous = ""
    for row in rows:
        label = _label(row[0]) or previous
        if not _label(row[0]) and len(row) > 1:
            label = f"{previous}, {header[1]} {_label(row[1])}"  # a continuation row: another run
        else:
            previous = label
        value = _number(row[col], spec.last) if col < len(row) else None
        if value is not None:
            data.append((label, value))
    if not data:
        raise ValueError(f"the column '{spec.column}' of '{spec.header}' holds no number")
    if spec.labels:
        if len(spec.labels) != len(data):
            raise ValueError(f"'{spec.title}' names {len(spec.labels)} rows but its table has {len(data)}")
        data = [(label, value) for label, (_, value) in zip(spec.labels, data)]
    return data


def line_data(spec: Lines, all_tables) -> dict[str, list[tuple[float, float]]]:
    header, rows = _table(spec, all_tables, [spec.x, spec.y])
    x, y = header.index(spec.x), header.index(spec.y)
    series: dict[str, list[tuple[float, float]]] = {}
    for row in rows:
        vx, vy = _number(row[x]), _number(row[y])
        if vx is not None and vy is not None:
            series.setdefault(_label(row[0]), []).append((vx, vy))
    return series


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def bars_svg(spec: Bars, data: list[tuple[str, float]]) -> str:
    label_width = 7 * max(len(label) for label, _ in data) + 16
    row, top = 22, 34
    plot = max(PAGE_WIDTH - label_width - 110, 200)
    height = top + row * len(data) + 12
    width = label_width + plot + 110
    top_value = max(v for _, v in data)

    def scale(v: float) -> float:
        if spec.log:
            return plot * math.log10(max(v, 1)) / math.log10(max(top_value, 10))
        return plot * v / top_value

    out = [_svg_open(width, height), _text(8, 20, spec.title + (" (log scale)" if spec.log else ""), bold=True)]
    for i, (label, value) in enumerate(data):
        y = top + i * row
        out.append(_text(label_width - 8, y + 15, label, anchor="end"))
        out.append(f'<rect x="{label_width}" y="{y + 3}" width="{max(scale(value), 1):.1f}" height="{row - 6}" />')
        out.append(_text(label_width + scale(value) + 6, y + 15, f"{_fmt(value)} {spec.unit}".rstrip()))
    return "\n".join(out) + "\n</svg>\n"


def lines_svg(spec: Lines, series: dict[str, list[tuple[float, float]]]) -> str:
    left, top, plot_w, plot_h = 50, 34, 420, 240
    width, height = left + plot_w + 170, top + plot_h + 40
    xs = sorted({x for points in series.values() for x, _ in points})
    top_y = max(y for points in series.values() for _, y in points)

    def px(x: float) -> float:  # threads double at each step: a log axis spaces them evenly
        return left + plot_w * (math.log2(x) / math.log2(max(xs)) if max(xs) > 1 else 0)

    def py(y: float) -> float:
        return top + plot_h * (1 - y / top_y)

    out = [_svg_open(width, height), _text(8, 20, spec.title, bold=True)]
    out.append(f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" />')
    out.append(f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" />')
    for x in xs:
        out.append(_text(px(x), top + plot_h + 16, _fmt(x), anchor="middle"))
    out.append(_text(left + plot_w / 2, top + plot_h + 34, spec.x, anchor="middle"))
    for tick in range(1, int(top_y) + 1, max(1, int(top_y) // 5)):
        out.append(_text(left - 6, py(tick) + 4, f"{tick}x", anchor="end"))
    for i, (name, points) in enumerate(series.items()):
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
        out.append(f'<polyline class="s{i % len(PALETTE)}" points="{path}" />')
        last_x, last_y = points[-1]
        out.append(_text(left + plot_w + 8, top + 14 + 16 * i, f"{name} ({_fmt(last_y)}x)", cls=f"l{i % len(PALETTE)}"))
    return "\n".join(out) + "\n</svg>\n"


PALETTE = ["#3f51b5", "#e65100", "#2e7d32", "#ad1457", "#00838f", "#6d4c41", "#7b1fa2", "#827717"]


def _svg_open(width: float, height: float) -> str:
    series = "".join(f".s{i}{{fill:none;stroke:{c};stroke-width:2}}.l{i}{{fill:{c}}}" for i, c in enumerate(PALETTE))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="12">\n'
        f"<style>rect{{fill:#3f51b5}}.bg{{fill:#fff}}text{{fill:#333}}.axis{{stroke:#999}}{series}</style>\n"
        # A white ground, so the dark colour scheme of the site does not hide the labels.
        f'<rect class="bg" width="{width:.0f}" height="{height:.0f}" />'
    )


def _text(x: float, y: float, s: str, anchor: str = "start", bold: bool = False, cls: str = "") -> str:
    extra = ' font-weight="bold"' if bold else ""
    extra += f' class="{cls}"' if cls else ""
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>{escape(s)}</text>'


def charts(results: Path) -> dict[str, str]:
    """Every chart of :data:`CHARTS` as SVG text, by name."""
    all_tables = tables(results.read_text(encoding="utf-8"))
    out = {}
    for name, spec in CHARTS.items():
        if isinstance(spec, Bars):
            out[name] = bars_svg(spec, bar_data(spec, all_tables))
        else:
            out[name] = lines_svg(spec, line_data(spec, all_tables))
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    repo = Path(__file__).resolve().parents[1]
    for name, svg in charts(repo / "benches" / "RESULTS.md").items():
        (out / f"{name}.svg").write_text(svg, encoding="utf-8")
        print(out / f"{name}.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
