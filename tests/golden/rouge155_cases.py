"""Self-made inputs for the ROUGE-1.5.5 parity cases (see make_rouge155_cases.py).

Four evaluation units, systems A, B and C (C has no summary in unit 3), two or three models
each, written as SPL, SEE and ISI files and as Basic Element (SIMPLE) files. The texts exercise
hyphens, case, digits, punctuation, stop words, words the stemmer and the WordNet exceptions
change, non-ASCII bytes, CRLF line ends, blank and whitespace-only lines, and a peer without a
single token.
"""

from __future__ import annotations

from pathlib import Path

UNITS = [
    {
        "models": [
            "The state-of-the-art system was running faster than the old one.\nChildren went to school in 2004.",
            "A new state of the art system runs fast.\nThe children are going to the schools.",
        ],
        "peers": {
            "A": "The system was running faster.\nChildren went to schools in 2004 and 2005.",
            "B": "State-of-the-art systems run faster than old ones, the report said.",
            "C": "school children went running\nthe the the system system",
        },
    },
    {
        "models": [
            "Agreement on the arguments was better than expected.\r\nThe parties agreed quickly.",
            "The parties reached an agreement; their arguments were the best.",
        ],
        "peers": {
            "A": "The parties' agreement was better than the arguments suggested.",
            "B": "   \nAn agreement!\n\nThe best arguments, quickly agreed.",
            "C": "Caf\u00e9 na\u00efve r\u00e9sum\u00e9 -- the agreement was expected.",
        },
    },
    {
        "models": [
            "Hurricane Gilbert swept toward the Dominican Republic Sunday.\nWinds reached 110 mph.",
            "Gilbert, a powerful hurricane, hit the Dominican Republic with winds of 110 mph.",
            "The hurricane moved west; officials in the Dominican Republic warned residents.",
        ],
        "peers": {
            "A": "Hurricane Gilbert hit the Dominican Republic on Sunday with 110 mph winds.",
            "B": "Officials warned residents as the powerful storm moved toward the republic.",
        },
    },
    {
        "models": [
            "Police killed the gunman.",
            "The gunman was shot dead by police officers on Monday.",
        ],
        "peers": {
            "A": "police kill the gunman",
            "B": "the gunman kill police",
            "C": "?!",
        },
    },
]

BE = {
    "model": "gilbert|hurricane|nn\nswept|gilbert|subj\nswept|dominican republic|toward\nreached|winds|subj\n"
    "winds|nil|nil\nreached|110 mph|obj\n",
    "A": "hit|gilbert|subj\nhit|dominican republic|obj\ngilbert|hurricane|nn\nwinds|110 mph|nn\nwinds|nil|nil\n",
    "B": "moved|storm|subj\nstorm|powerful|mod\nwarned|officials|subj\nwinds|nil|nil\nmoved|republic|toward\n",
}


def _see(text: str, name: str) -> str:
    lines = [f'<html>\n<head>\n<title>{name}</title>\n</head>\n<body bgcolor="white">']
    for i, s in enumerate(t for t in text.replace("\r\n", "\n").split("\n") if t.strip()):
        lines.append(f'<a name="{i + 1}">[{i + 1}]</a> <a href="#{i + 1}" id={i + 1}>{s}</a>')
    lines.append("</body>\n</html>\n")
    return "\n".join(lines)


def _isi(text: str) -> str:
    sents = [t for t in text.replace("\r\n", "\n").split("\n") if t.strip()]
    body = "\n".join(f'<S SNTNO="{i + 1}">{s}</S>' for i, s in enumerate(sents))
    return f"<DOC>\n<TEXT>\n{body}\n</TEXT>\n</DOC>\n"


def _config(fmt: str, ext: str) -> str:
    parts = ['<ROUGE-EVAL version="1.0">']
    for u, unit in enumerate(UNITS, 1):
        parts.append(f'<EVAL ID="{u}">\n<PEER-ROOT>\n{fmt.lower()}\n</PEER-ROOT>')
        parts.append(f'<MODEL-ROOT>\n{fmt.lower()}\n</MODEL-ROOT>\n<INPUT-FORMAT TYPE="{fmt}">\n</INPUT-FORMAT>')
        parts.append("<PEERS>")
        for p in unit["peers"]:
            parts.append(f'<P ID="{p}">u{u}.{p}.{ext}</P>')
        parts.append("</PEERS>\n<MODELS>")
        for m in range(len(unit["models"])):
            parts.append(f'<M ID="{m}">u{u}.m{m}.{ext}</M>')
        parts.append("</MODELS>\n</EVAL>")
    parts.append("</ROUGE-EVAL>\n")
    return "\n".join(parts)


def write_inputs(root: Path) -> None:
    """Writes every summary, the three XML configurations, a -z file list and the BE files."""
    for fmt, ext, render in (
        ("SPL", "spl", lambda t, n: t if t.endswith("\n") else t + "\n"),
        ("SEE", "html", _see),
        ("ISI", "isi", lambda t, n: _isi(t)),
    ):
        d = root / fmt.lower()
        d.mkdir(parents=True, exist_ok=True)
        for u, unit in enumerate(UNITS, 1):
            for m, text in enumerate(unit["models"]):
                (d / f"u{u}.m{m}.{ext}").write_bytes(render(text, f"u{u}.m{m}").encode("utf-8"))
            for p, text in unit["peers"].items():
                (d / f"u{u}.{p}.{ext}").write_bytes(render(text, f"u{u}.{p}").encode("utf-8"))
        (root / f"{fmt.lower()}.xml").write_text(_config(fmt, ext))
    lst = "# peer model...\n\n" + "".join(
        f"spl/u{u}.A.spl " + " ".join(f"spl/u{u}.m{m}.spl" for m in range(len(unit["models"]))) + "\n"
        for u, unit in enumerate(UNITS, 1)
    )
    (root / "spl.lst").write_text(lst)
    be = root / "be"
    be.mkdir(exist_ok=True)
    for name, text in BE.items():
        (be / f"{name}.be").write_text(text)
    (root / "be.lst").write_text("be/A.be be/model.be\n")


CASES: list[list[str]] = [
    ["-n", "3", "-w", "1.2", "-2", "4", "-U", "-d", "-a", "spl.xml"],
    ["-n", "3", "-w", "1.2", "-2", "4", "-U", "-d", "-a", "-m", "-s", "spl.xml"],
    ["-n", "2", "-x", "-2", "-1", "-u", "-f", "B", "-d", "-a", "-m", "spl.xml"],
    ["-n", "2", "-w", "1.5", "-f", "B", "-p", "0.3", "-d", "-a", "-c", "90", "-r", "200", "spl.xml"],
    ["-n", "2", "-w", "1.2", "-2", "2", "-U", "-t", "1", "-d", "-a", "spl.xml"],
    ["-n", "2", "-w", "1.2", "-2", "3", "-t", "2", "-d", "-a", "spl.xml"],
    ["-n", "2", "-w", "1.2", "-l", "12", "-d", "-a", "-m", "spl.xml"],
    ["-n", "2", "-w", "1.2", "-2", "4", "-u", "-b", "40", "-d", "-a", "-s", "spl.xml"],
    ["-M", "-n", "2", "-w", "1.2", "-2", "4", "-U", "-d", "-a", "spl.xml"],
    ["-n", "2", "-w", "1.2", "-2", "0", "-U", "-d", "-a", "-m", "see.xml"],
    ["-n", "2", "-w", "1.2", "-2", "4", "-u", "-d", "-a", "-f", "B", "isi.xml"],
    ["-n", "2", "-w", "1.2", "-l", "7", "-d", "-a", "see.xml"],
    ["-n", "2", "-w", "1.2", "-b", "30", "-d", "-a", "-m", "isi.xml"],
    ["-n", "2", "-w", "1.2", "-d", "-z", "SPL", "spl.lst", "sysZ"],
    ["-n", "1", "-d", "spl.xml", "B"],
    ["-n", "2", "-c", "100", "-r", "7", "-a", "spl.xml"],
    ["-n", "2", "-c", "0", "-r", "10", "-p", "1", "-a", "spl.xml"],
    ["-n", "2", "-p", "0", "-t", "1", "-c", "97.5", "-r", "333", "-a", "-f", "B", "spl.xml"],
    ["-3", "HM1", "-m", "-d", "-z", "SIMPLE", "be.lst", "be1"],
    ["-3", "HMR2", "-d", "-z", "SIMPLE", "be.lst"],
    ["-3", "H", "-z", "SIMPLE", "be.lst", "x"],
    ["-3", "HMR1", "-M", "-z", "SIMPLE", "be.lst", "x"],
]
