"""Write the golden files of METEOR 1.5's stemmer and normalizer (tests/meteor_jar_gold.rs reads
them) by running the jar's own classes:

- `meteor_snowball_golden.tsv`: word, the jar's Snowball English stem (`englishStemmer`);
- `meteor_normalize_golden.tsv`: text, `Normalizer.normalizeLine(text, LANG_EN, true)` lowercased,
  the same with `false` (`-norm -noPunct`), tab-separated (tabs in the texts are written `\\t`).

    python tests/data/make_meteor_golden.py [path/to/meteor-1.5.jar]

Needs a JDK (javac, java) and the jar (default: the one pycocoevalcap ships). The words and texts
are generated here (a fixed seed) from patterns that reach every step of both.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

HARNESS = """
import java.io.*;
import org.tartarus.snowball.ext.englishStemmer;
import edu.cmu.meteor.util.*;
public class Harness {
  public static void main(String[] a) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, "UTF-8"));
    englishStemmer s = new englishStemmer();
    String line;
    while ((line = in.readLine()) != null) {
      if (a[0].equals("stem")) { s.setCurrent(line); s.stem(); out.println(s.getCurrent()); }
      else { out.println(Normalizer.normalizeLine(line, Constants.LANG_EN, true).toLowerCase());
             out.println(Normalizer.normalizeLine(line, Constants.LANG_EN, false).toLowerCase()); }
    }
    out.flush();
  }
}
"""

SUFFIXES = [
    "", "s", "es", "ies", "ied", "sses", "ss", "us", "'s", "'", "'s'", "ed", "eed", "ing", "edly", "eedly",
    "ingly", "ational", "tional", "enci", "anci", "izer", "ization", "ation", "ator", "alism", "aliti", "alli",
    "fulness", "ousli", "ousness", "iveness", "iviti", "biliti", "bli", "ogi", "fulli", "lessli", "li", "icate",
    "ative", "alize", "iciti", "ical", "ful", "ness", "ance", "ence", "able", "ible", "ant", "ement", "ment",
    "ent", "ism", "ate", "iti", "ous", "ive", "ize", "ion", "sion", "tion", "al", "er", "ic", "e", "l", "ll", "y",
]  # fmt: skip
STEMS = [
    "generat", "communit", "arsen", "hop", "hope", "tap", "cry", "say", "fly", "bu", "consign", "knack", "sky",
    "news", "dy", "ly", "ty", "idl", "gentl", "earl", "onl", "singl", "ugl", "cann", "inn", "out", "herr", "earr",
    "succe", "proce", "exce", "y", "ay", "oy", "bb", "bl", "at", "iz", "fizz", "luxur", "realiz", "rat", "xy",
    "Run", "RUNN", "Y", "aY", "é", "cafe", "café", "😀",
]  # fmt: skip
SPECIAL = ["skis", "skies", "dying", "lying", "tying", "idly", "gently", "ugly", "early", "only", "singly",
           "sky", "news", "howe", "atlas", "cosmos", "bias", "andes", "inning", "outing", "canning", "herring",
           "earring", "proceed", "exceed", "succeed", "a", "ab", "'a", "''", "yyy", "ayyy"]  # fmt: skip

TEXT_PIECES = [
    "It's", "the", "U.S.-based", "firm's", "1990's", "plan", ",", "isn't", "it", "?", "Wait", "...", "what",
    "!", "“Quoted”", "``old''", "--", "no", "1,000.50", "a,b,c", "Mr.", "Smith", "No.", "5", "e.g.", "etc.",
    "Inc.", "Ünïcödé", "café", "Straße", "Жук", "😀", "\t", "\u00a0", "\u2003", "\u3000", "–", "—", "‘x’",
    "$3.50", "50%", "(a)", "[b]", "{c}", "a/b", "x-y", "x - y", "3-4", ".", "..", "....", "DOTMULTI", "'",
    "'s", "o'clock", "rock'n'roll", "'90s", "can't", "l'homme", "A.", "B.", "end.", "Prof.", "Dr.", "x.y.z.",
]  # fmt: skip


def words() -> list[str]:
    out = set(SPECIAL)
    for stem in STEMS:
        for suffix in SUFFIXES:
            out.add(stem + suffix)
    return sorted(out)


def texts() -> list[str]:
    rng = random.Random(28)
    out = []
    for _ in range(1500):
        out.append(" ".join(rng.choice(TEXT_PIECES) for _ in range(rng.randint(1, 12))))
        if rng.random() < 0.3:
            out[-1] = out[-1].replace(" ", rng.choice(["", " ", "  "]), rng.randint(0, 3))
    return out


def run(jar: Path, mode: str, lines: list[str]) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "Harness.java").write_text(HARNESS, encoding="utf-8")
        subprocess.run(["javac", "-cp", str(jar), "-d", tmp, str(Path(tmp) / "Harness.java")], check=True)
        out = subprocess.run(
            ["java", "-cp", f"{jar}:{tmp}", "Harness", mode],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=True,
        ).stdout
    return out.split("\n")[:-1]


def escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("\t", "\\t")


def main() -> None:
    if len(sys.argv) > 1:
        jar = Path(sys.argv[1])
    else:
        from rougebleu.meteor._resources import find_paraphrase_table

        jar = Path(find_paraphrase_table()).parents[1] / "meteor-1.5.jar"
    ws = words()
    stems = run(jar, "stem", ws)
    (HERE / "meteor_snowball_golden.tsv").write_text(
        "".join(f"{escape(w)}\t{escape(s)}\n" for w, s in zip(ws, stems, strict=True)), encoding="utf-8"
    )
    ts = texts()
    norm = run(jar, "norm", ts)
    rows = [f"{escape(t)}\t{escape(norm[2 * k])}\t{escape(norm[2 * k + 1])}\n" for k, t in enumerate(ts)]
    (HERE / "meteor_normalize_golden.tsv").write_text("".join(rows), encoding="utf-8")
    print(f"{len(ws)} stems, {len(ts)} texts")


if __name__ == "__main__":
    main()
