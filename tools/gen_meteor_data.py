"""Generate the data the METEOR scorers compile in (src/meteor/data/), from their upstream files:

- `wordnet.bin`: WordNet 3.0 in one compact file, serving both METEORs:
  * NLTK's `meteor_score` needs what `nltk.corpus.wordnet.synsets(word)` gives: the lemmas of each
    part of speech with their synsets (`index.*`), the lemma names of each synset (`data.*`, as
    NLTK spells them: adjective markers such as `(a)` removed, case kept) and the exception lists
    of `morphy` (`*.exc`);
  * METEOR 1.5's synonym module reads the jar's `synonym/english.synsets` (every lemma with the
    synset offsets of all its parts of speech, one integer space for all of them) and
    `synonym/english.exceptions`. Both are WordNet 3.0 too: the same lemmas, the same exception
    lists, the same lemma-synset relation. What differs is the offsets, and METEOR only compares
    them for equality; two synsets of different parts of speech that start at the same byte offset
    of their files are one synset to METEOR. The file therefore stores only those merges, and this
    script checks that every lemma's METEOR synsets, rebuilt from the WordNet relation and the
    merges, are exactly the jar's (and that the jar's exceptions are WordNet's).
- `jar_lists.rs`: METEOR 1.5's English function words (`function/english.words`) and the
  nonbreaking prefixes of its normalizer (`nonbreaking/english.prefixes`), as Rust constants.

    python tools/gen_meteor_data.py WORDNET_ZIP METEOR_JAR

WORDNET_ZIP: nltk_data's `corpora/wordnet.zip` (WordNet 3.0; the conformance corpus has one at
`nlg/nltk_data/corpora/wordnet.zip`). METEOR_JAR: `meteor-1.5.jar` (pycocoevalcap 1.2 ships it in
`pycocoevalcap/meteor/`). Provenance and licences: src/meteor/data/NOTICE.md.

Layout of `wordnet.bin` (little-endian): magic, then sections in this order, each a u32 byte
length and the bytes. Integers in sections are LEB128 unless said otherwise.
  1. lemmas: the lemma strings (lowercase ASCII, `_` for spaces) sorted by bytes, front-coded: per
     lemma a byte (the length of the prefix shared with the previous lemma), the rest, "\n";
  2. part-of-speech starts: 5 u32, the first dense synset id of nouns, verbs, adjectives, adverbs,
     and the number of synsets. Within a part of speech, synsets are numbered by their
     alphabetically first lemma (then by offset), which keeps the member lists below small;
  3. members: per synset, the number of its lemmas, then their lemma ids ascending: the first as
     the difference from the previous synset's first (restarting at each part of speech), the
     others as differences from the one before;
  4. cases: one byte per (synset, lemma) pair of section 3, in that order: how NLTK spells the
     lemma's name in that synset: 0 as the lemma, 1 first letter upper-case, 2 all upper-case,
     3 the next line of section 5 (space-separated names, for the few other spellings and for
     synsets holding two spellings of one lemma, such as `A` and `a`). Always 0 for lemmas with
     `_`: NLTK's meteor_score leaves those names out, so their spelling is not kept;
  5. explicit names, "\n"-ended lines;
  6. exceptions: lines "p\tform\tbase base ...\n", p one of n v a r (the `*.exc` files);
  7. merges: the synsets METEOR cannot tell apart, lines "id id ...\n" of dense ids.
"""

from __future__ import annotations

import re
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "meteor" / "data"
POS = ["noun", "verb", "adj", "adv"]
POS_LETTER = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
MAGIC = b"RBWORDNET\x00\x01\x00"


def leb128(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_wordnet(zip_path: Path):
    """Synsets keyed (part of speech, offset): their NLTK lemma names; each lemma's synsets; the
    exception lists."""
    z = zipfile.ZipFile(zip_path)

    def text(name: str) -> str:
        return z.read(f"wordnet/{name}").decode("utf-8")

    names: dict[tuple[str, int], list[str]] = {}
    for pos in POS:
        for line in text(f"data.{pos}").splitlines():
            if line.startswith("  "):
                continue
            fields = line.split()
            offset, count = int(fields[0]), int(fields[3], 16)
            # NLTK: re.match(r"(.*?)(\([^()]*\))?$", name) drops an adjective's marker.
            names[(pos, offset)] = [re.match(r"(.*?)(\([^()]*\))?$", fields[4 + 2 * k]).group(1) for k in range(count)]
    lemma_synsets: dict[str, set[tuple[str, int]]] = defaultdict(set)
    for pos in POS:
        for line in text(f"index.{pos}").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split()
            lemma, n_synsets, n_pointers = fields[0], int(fields[2]), int(fields[3])
            offsets = [int(x) for x in fields[6 + n_pointers : 6 + n_pointers + n_synsets]]
            assert len(offsets) == n_synsets, line
            lemma_synsets[lemma].update((pos, o) for o in offsets)
    exceptions: list[tuple[str, str, list[str]]] = []
    for pos in POS:
        for line in text(f"{pos}.exc").splitlines():
            terms = line.split()
            if terms:
                exceptions.append((POS_LETTER[pos], terms[0], terms[1:]))
    return names, lemma_synsets, exceptions


def read_jar(jar_path: Path):
    z = zipfile.ZipFile(jar_path)

    def lines(name: str) -> list[str]:
        # Java's BufferedReader.readLine: no empty last line for a trailing newline.
        parts = z.read(name).decode("utf-8").split("\n")
        if parts and parts[-1] == "":
            parts.pop()
        return [p[:-1] if p.endswith("\r") else p for p in parts]

    syn = lines("synonym/english.synsets")
    meteor_synsets = {syn[i]: {int(x) for x in syn[i + 1].split()} for i in range(0, len(syn), 2)}
    exc = lines("synonym/english.exceptions")
    meteor_exceptions: dict[str, set[str]] = defaultdict(set)
    for i in range(0, len(exc), 2):
        for form in exc[i + 1].split():
            meteor_exceptions[form].add(exc[i])
    return meteor_synsets, meteor_exceptions, lines("function/english.words"), lines("nonbreaking/english.prefixes")


def meteor_integers(keys, members, meteor_synsets) -> dict:
    """METEOR's integer for every synset: its offset in Princeton's release of WordNet 3.0. That is
    this copy's offset for nouns and adverbs, and a few bytes off for adjectives and verbs (the
    Debian build's gloss spacing), in the same order; so each adjective or verb synset gets the
    integer, among those all its lemmas have, nearest to its offset moved by the shift of the
    synset before it. The caller checks the result against every lemma."""
    value = {}
    shift = {"adj": 0, "verb": 0}
    for key in sorted(keys, key=lambda k: (POS.index(k[0]), k[1])):
        pos, offset = key
        if pos in ("noun", "adv"):
            value[key] = offset
            continue
        candidates = set.intersection(*(set(meteor_synsets[lemma]) for lemma in members[key]))
        target = offset + shift[pos]
        value[key] = min(candidates, key=lambda c: (abs(c - target), c))
        shift[pos] = value[key] - offset
    return value


def case_code(name: str, lemma: str) -> int | None:
    if name == lemma:
        return 0
    if name == lemma[:1].upper() + lemma[1:]:
        return 1
    if name == lemma.upper():
        return 2
    return None


def rust_str(s: str) -> str:
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 32 or ord(c) > 126:
            out.append(f"\\u{{{ord(c):x}}}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def jar_lists(function_words: list[str], prefixes: list[str]) -> str:
    out = [
        "//! METEOR 1.5's English word lists, as its jar ships them (generated by",
        "//! tools/gen_meteor_data.py from `function/english.words` and `nonbreaking/english.prefixes`",
        "//! of meteor-1.5.jar; do not edit). Provenance and licences: data/NOTICE.md.",
        "",
        "/// The function words (the lines of `function/english.words`, in file order).",
        "pub(super) const FUNCTION_WORDS: &[&str] = &[",
    ]
    out.extend(f"    {rust_str(w)}," for w in function_words)
    out += [
        "];",
        "",
        "/// The lines of `nonbreaking/english.prefixes`, in file order (comments and blank lines",
        "/// included: the normalizer reads them as the jar does).",
        "pub(super) const NONBREAKING_PREFIX_LINES: &[&str] = &[",
    ]
    out.extend(f"    {rust_str(p)}," for p in prefixes)
    out.append("];")
    return "\n".join(out) + "\n"


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    names, lemma_synsets, exceptions = read_wordnet(Path(sys.argv[1]))
    meteor_synsets, meteor_exceptions, function_words, prefixes = read_jar(Path(sys.argv[2]))

    lemmas = sorted(lemma_synsets, key=lambda s: s.encode("utf-8"))
    if not all(lemma.isascii() and lemma == lemma.lower() and "\n" not in lemma for lemma in lemmas):
        sys.exit("a lemma is not lowercase ASCII")
    lemma_id = {lemma: i for i, lemma in enumerate(lemmas)}
    members: dict[tuple[str, int], list[str]] = defaultdict(list)
    for lemma in lemmas:
        for key in lemma_synsets[lemma]:
            members[key].append(lemma)
    if set(members) != set(names):
        sys.exit("the index and data files list different synsets")

    # Dense ids: by part of speech, then by the first lemma, then by offset.
    order = sorted(names, key=lambda k: (POS.index(k[0]), lemma_id[members[k][0]], k[1]))
    dense = {key: i for i, key in enumerate(order)}
    starts = [next(i for i, k in enumerate(order) if k[0] == pos) for pos in POS] + [len(order)]

    # NLTK's names of each synset, as case codes of its (synset, lemma) pairs.
    cases = bytearray()
    explicit: list[str] = []
    members_section = bytearray()
    for pos_start, key in ((dense[k] in starts, k) for k in order):
        ids = [lemma_id[m] for m in members[key]]  # ascending: lemmas were visited in order
        if pos_start:
            previous_first = 0
        members_section += leb128(len(ids)) + leb128(ids[0] - previous_first)
        previous_first = ids[0]
        for a, b in zip(ids, ids[1:]):
            members_section += leb128(b - a)
        spelled: dict[str, list[str]] = defaultdict(list)
        for name in names[key]:
            spelled[name.lower()].append(name)
        if sorted(spelled) != sorted(members[key]):
            sys.exit(f"synset {key}: names {names[key]} vs index lemmas {members[key]}")
        for lemma in members[key]:
            forms = spelled[lemma]
            # NLTK's meteor_score skips names with "_": their spelling is not kept.
            code = 0 if "_" in lemma else case_code(forms[0], lemma) if len(forms) == 1 else None
            if code is None:
                code = 3
                explicit.append(" ".join(forms))
            cases.append(code)

    # METEOR's exceptions are WordNet's, all parts of speech together.
    wordnet_exceptions: dict[str, set[str]] = defaultdict(set)
    for _, form, bases in exceptions:
        wordnet_exceptions[form].update(bases)
    if set(lemmas) != set(meteor_synsets) or dict(wordnet_exceptions) != dict(meteor_exceptions):
        sys.exit("the jar's synonym data is not WordNet 3.0's")
    value = meteor_integers(order, members, meteor_synsets)
    # The proof: every lemma's METEOR synsets are exactly the integers of its WordNet synsets.
    for lemma in lemmas:
        if {value[key] for key in lemma_synsets[lemma]} != meteor_synsets[lemma]:
            sys.exit(f"{lemma}: rebuilt METEOR synsets differ from the jar's")
    groups: dict[int, list[int]] = defaultdict(list)
    for key in order:
        groups[value[key]].append(dense[key])
    merges = [g for g in groups.values() if len(g) > 1]

    front_coded = bytearray()
    previous = b""
    for lemma in lemmas:
        b = lemma.encode("utf-8")
        k = 0
        while k < min(len(b), len(previous), 255) and b[k] == previous[k]:
            k += 1
        front_coded += bytes([k]) + b[k:] + b"\n"
        previous = b
    sections = [
        bytes(front_coded),
        b"".join(x.to_bytes(4, "little") for x in starts),
        bytes(members_section),
        bytes(cases),
        "".join(e + "\n" for e in explicit).encode("utf-8"),
        "".join(f"{p}\t{f}\t{' '.join(b)}\n" for p, f, b in exceptions).encode("utf-8"),
        "".join(" ".join(map(str, g)) + "\n" for g in merges).encode("utf-8"),
    ]
    blob = bytearray(MAGIC)
    for section in sections:
        blob += len(section).to_bytes(4, "little") + section
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "wordnet.bin").write_bytes(bytes(blob))
    (ROOT / "src" / "meteor" / "jar_lists.rs").write_text(jar_lists(function_words, prefixes), encoding="utf-8")
    print(
        f"{len(lemmas)} lemmas, {len(order)} synsets, {len(explicit)} explicit names, "
        f"{len(exceptions)} exceptions, {len(merges)} METEOR merges; wordnet.bin {len(blob)} bytes"
    )


if __name__ == "__main__":
    main()
