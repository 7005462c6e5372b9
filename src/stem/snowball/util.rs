//! Python string semantics for the ports of `nltk/stem/snowball.py`.
//!
//! NLTK's stemmers are written with Python slices and negative indices (`word[-2]`,
//! `r1[:-len(suffix)]`, `word[-5:-2]`), all counted in code points and clamped at the ends. The
//! ports keep words as `Vec<char>` and go through these helpers so that each line of a port reads
//! like the line of NLTK it reproduces, including the clamping at short words.

/// A word as code points (what Python's `len`, indexing and slicing count).
pub(crate) type W = Vec<char>;

pub(crate) fn w(s: &str) -> W {
    s.chars().collect()
}

pub(crate) fn s(w: &[char]) -> String {
    let mut out = String::with_capacity(w.len() + w.len() / 2);
    out.extend(w);
    out
}

/// Python's `word[i]` (negative from the end). Out of range, Python raises `IndexError`, which
/// only happens on words NLTK itself cannot stem; we return NUL, which belongs to no letter class.
pub(crate) fn ix(w: &[char], i: isize) -> char {
    let n = w.len() as isize;
    let j = if i < 0 { n + i } else { i };
    if j < 0 || j >= n {
        '\0'
    } else {
        w[j as usize]
    }
}

fn clamp(n: isize, i: isize) -> usize {
    let j = if i < 0 { n + i } else { i };
    j.clamp(0, n) as usize
}

/// Python's `word[a:b]`.
pub(crate) fn sl(w: &[char], a: isize, b: isize) -> &[char] {
    let n = w.len() as isize;
    let (a, b) = (clamp(n, a), clamp(n, b));
    if a >= b {
        &[]
    } else {
        &w[a..b]
    }
}

/// Python's `word[a:]`.
pub(crate) fn from(w: &[char], a: isize) -> &[char] {
    &w[clamp(w.len() as isize, a)..]
}

/// Python's `word[:b]`.
pub(crate) fn upto(w: &[char], b: isize) -> &[char] {
    &w[..clamp(w.len() as isize, b)]
}

/// `slice == "text"`.
pub(crate) fn eq(w: &[char], t: &str) -> bool {
    w.iter().copied().eq(t.chars())
}

/// `word.endswith(suffix)`.
pub(crate) fn ends(w: &[char], suffix: &str) -> bool {
    let mut it = w.iter().rev();
    for c in suffix.chars().rev() {
        if it.next() != Some(&c) {
            return false;
        }
    }
    true
}

/// `word.endswith((a, b, ...))`.
pub(crate) fn ends_any(w: &[char], suffixes: &[&str]) -> bool {
    suffixes.iter().any(|x| ends(w, x))
}

/// `word.startswith(prefix)`.
pub(crate) fn starts(w: &[char], prefix: &str) -> bool {
    let mut it = w.iter();
    for c in prefix.chars() {
        if it.next() != Some(&c) {
            return false;
        }
    }
    true
}

/// `"text" in slice` (substring test).
pub(crate) fn has(w: &[char], t: &str) -> bool {
    let k = t.chars().count();
    k == 0 || w.windows(k).any(|x| eq(x, t))
}

/// `c in "letters"`.
pub(crate) fn isin(c: char, set: &str) -> bool {
    c != '\0' && set.contains(c)
}

/// The number of code points of a suffix (Python's `len(suffix)`).
pub(crate) fn n(t: &str) -> isize {
    t.chars().count() as isize
}

/// `word = word[:-k]`: note that Python's `word[:-0]` is empty.
pub(crate) fn cut(w: &mut W, k: isize) {
    let keep = upto(w, -k).len();
    w.truncate(keep);
}

/// `word = word[:-len(suffix)]` for a suffix.
pub(crate) fn cut_s(w: &mut W, suffix: &str) {
    cut(w, n(suffix));
}

/// NLTK's `suffix_replace(word, old, new)`: `word[:-len(old)] + new`.
pub(crate) fn srep(w: &mut W, old: &str, new: &str) {
    cut(w, n(old));
    w.extend(new.chars());
}

/// `word.replace(a, b)` for single characters.
pub(crate) fn replace_char(w: &mut W, a: char, b: char) {
    for c in w.iter_mut() {
        if *c == a {
            *c = b;
        }
    }
}

/// `word.replace(a, b)` for strings: non-overlapping, left to right, as Python does.
pub(crate) fn replace(w: &[char], a: &str, b: &str) -> W {
    let k = a.chars().count();
    let mut out = W::with_capacity(w.len());
    let mut i = 0;
    while i < w.len() {
        if k > 0 && starts(&w[i..], a) {
            out.extend(b.chars());
            i += k;
        } else {
            out.push(w[i]);
            i += 1;
        }
    }
    out
}

/// `_StandardStemmer._r1r2_standard`: R1 is what follows the first non-vowel after a vowel, R2
/// the same inside R1.
pub(crate) fn r1r2_standard(word: &[char], vowels: &str) -> (W, W) {
    let r1 = after_vc(word, vowels);
    let r2 = after_vc(&r1, vowels);
    (r1, r2)
}

fn after_vc(word: &[char], vowels: &str) -> W {
    for i in 1..word.len() {
        if !isin(word[i], vowels) && isin(word[i - 1], vowels) {
            return word[i + 1..].to_vec();
        }
    }
    W::new()
}

/// `_StandardStemmer._rv_standard`.
pub(crate) fn rv_standard(word: &[char], vowels: &str) -> W {
    if word.len() >= 2 {
        if !isin(word[1], vowels) {
            for i in 2..word.len() {
                if isin(word[i], vowels) {
                    return word[i + 1..].to_vec();
                }
            }
        } else if isin(word[0], vowels) && isin(word[1], vowels) {
            for i in 2..word.len() {
                if !isin(word[i], vowels) {
                    return word[i + 1..].to_vec();
                }
            }
        } else {
            return from(word, 3).to_vec();
        }
    }
    W::new()
}

/// `_ScandinavianStemmer._r1_scandinavian`: standard R1, moved so that at least three letters
/// precede it.
pub(crate) fn r1_scandinavian(word: &[char], vowels: &str) -> W {
    for i in 1..word.len() {
        if !isin(word[i], vowels) && isin(word[i - 1], vowels) {
            return if i + 1 < 3 { from(word, 3).to_vec() } else { word[i + 1..].to_vec() };
        }
    }
    W::new()
}

/// The German/Dutch adjustment: R1 starts at the fourth letter at the earliest.
pub(crate) fn r1_at_least_3(word: &[char], vowels: &str, r1: &mut W) {
    for i in 1..word.len() {
        if !isin(word[i], vowels) && isin(word[i - 1], vowels) {
            if i + 1 < 3 {
                *r1 = from(word, 3).to_vec();
            }
            break;
        }
    }
}

/// A list of ASCII suffixes as a trie of their reversed bytes, to find the suffixes a word ends
/// with in one walk from its end instead of one test per suffix (Russian has hundreds).
pub(crate) struct SuffixTrie {
    list: &'static [&'static str],
    nodes: Vec<TrieNode>,
}

/// A trie node: its (byte, child) edges, and the list index of the suffix ending here.
type TrieNode = (Vec<(u8, u32)>, Option<u32>);

impl SuffixTrie {
    pub(crate) fn new(list: &'static [&'static str]) -> SuffixTrie {
        let mut nodes = vec![(Vec::new(), None)];
        for (index, suffix) in list.iter().enumerate() {
            assert!(suffix.is_ascii() && !suffix.is_empty() && suffix.len() <= 32);
            let mut node = 0;
            for &b in suffix.as_bytes().iter().rev() {
                node = match nodes[node].0.iter().find(|e: &&(u8, u32)| e.0 == b) {
                    Some(&(_, child)) => child as usize,
                    None => {
                        nodes.push((Vec::new(), None));
                        let child = nodes.len() - 1;
                        nodes[node].0.push((b, child as u32));
                        child
                    }
                };
            }
            // A repeated suffix keeps its first place, where NLTK's loop meets it first.
            nodes[node].1.get_or_insert(index as u32);
        }
        SuffixTrie { list, nodes }
    }

    /// The first suffix in list order that `word` ends with and `accept` takes, as NLTK's
    /// `for suffix in list: if word.endswith(suffix) and condition: ...; break` finds it.
    pub(crate) fn first(
        &self,
        word: &[u8],
        mut accept: impl FnMut(&'static str) -> bool,
    ) -> Option<&'static str> {
        let mut found = [0u32; 32];
        let mut n = 0;
        let mut node = 0;
        for &b in word.iter().rev() {
            match self.nodes[node].0.iter().find(|e| e.0 == b) {
                Some(&(_, child)) => node = child as usize,
                None => break,
            }
            if let Some(index) = self.nodes[node].1 {
                found[n] = index;
                n += 1;
            }
        }
        let found = &mut found[..n];
        found.sort_unstable();
        found.iter().map(|&i| self.list[i as usize]).find(|s| accept(s))
    }
}
