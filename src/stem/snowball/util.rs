//! Python string semantics for the ports of `nltk/stem/snowball.py`.
//!
//! NLTK's stemmers are written with Python slices and negative indices (`word[-2]`,
//! `r1[:-len(suffix)]`, `word[-5:-2]`), all counted in code points and clamped at the ends. The
//! ports keep words as `Vec<char>` and go through these helpers so that each line of a port reads
//! like the line of NLTK it reproduces, including the clamping at short words.

/// A word as code points (what Python's `len`, indexing and slicing count): a `Vec<char>` that
/// keeps up to [`INLINE`] code points in place. The ports make a few of these a word (the word,
/// its regions, replaced copies); on the heap, allocating and freeing them cost as much as
/// stemming itself.
#[derive(Clone)]
pub(crate) struct W {
    len: usize,
    buf: [char; INLINE],
    /// The code points once there are more than [`INLINE`] (then `buf` is unused).
    heap: Vec<char>,
    spilled: bool,
}

/// Code points a [`W`] holds without allocating: all but very long words.
pub(crate) const INLINE: usize = 24;

impl W {
    pub(crate) fn new() -> W {
        W { len: 0, buf: ['\0'; INLINE], heap: Vec::new(), spilled: false }
    }

    pub(crate) fn with_capacity(n: usize) -> W {
        let mut out = W::new();
        if n > INLINE {
            out.spill(n);
        }
        out
    }

    fn spill(&mut self, extra: usize) {
        if !self.spilled {
            self.heap = Vec::with_capacity((self.len + extra).max(2 * INLINE));
            self.heap.extend_from_slice(&self.buf[..self.len]);
            self.spilled = true;
        }
    }

    pub(crate) fn push(&mut self, c: char) {
        if self.spilled {
            self.heap.push(c);
        } else if self.len < INLINE {
            self.buf[self.len] = c;
            self.len += 1;
        } else {
            self.spill(1);
            self.heap.push(c);
        }
    }

    pub(crate) fn extend_from_slice(&mut self, s: &[char]) {
        if !self.spilled && self.len + s.len() <= INLINE {
            self.buf[self.len..self.len + s.len()].copy_from_slice(s);
            self.len += s.len();
        } else {
            self.spill(s.len());
            self.heap.extend_from_slice(s);
        }
    }

    pub(crate) fn truncate(&mut self, n: usize) {
        if self.spilled {
            self.heap.truncate(n);
        } else {
            self.len = self.len.min(n);
        }
    }

    pub(crate) fn pop(&mut self) -> Option<char> {
        if self.spilled {
            self.heap.pop()
        } else if self.len > 0 {
            self.len -= 1;
            Some(self.buf[self.len])
        } else {
            None
        }
    }

    pub(crate) fn remove(&mut self, i: usize) -> char {
        if self.spilled {
            return self.heap.remove(i);
        }
        assert!(i < self.len, "remove index {i} out of range for length {}", self.len);
        let c = self.buf[i];
        self.buf.copy_within(i + 1..self.len, i);
        self.len -= 1;
        c
    }

    pub(crate) fn clear(&mut self) {
        self.truncate(0);
    }
}

impl Default for W {
    fn default() -> W {
        W::new()
    }
}

impl std::ops::Deref for W {
    type Target = [char];
    #[inline]
    fn deref(&self) -> &[char] {
        if self.spilled {
            &self.heap
        } else {
            &self.buf[..self.len]
        }
    }
}

impl std::ops::DerefMut for W {
    #[inline]
    fn deref_mut(&mut self) -> &mut [char] {
        if self.spilled {
            &mut self.heap
        } else {
            &mut self.buf[..self.len]
        }
    }
}

impl Extend<char> for W {
    fn extend<I: IntoIterator<Item = char>>(&mut self, iter: I) {
        iter.into_iter().for_each(|c| self.push(c));
    }
}

impl FromIterator<char> for W {
    fn from_iter<I: IntoIterator<Item = char>>(iter: I) -> W {
        let mut out = W::new();
        out.extend(iter);
        out
    }
}

impl PartialEq for W {
    fn eq(&self, other: &W) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for W {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// `slice.to_w()` for [`W`].
pub(crate) trait ToW {
    fn to_w(&self) -> W;
}

impl ToW for [char] {
    fn to_w(&self) -> W {
        let mut out = W::new();
        out.extend_from_slice(self);
        out
    }
}

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
    if c.is_ascii() {
        // An ASCII byte in UTF-8 is always that ASCII character, so a byte search is exact (and
        // cheaper than `str::contains`'s pattern machinery on these short sets).
        return c != '\0' && set.as_bytes().contains(&(c as u8));
    }
    set.chars().any(|s| s == c)
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
            return word[i + 1..].to_w();
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
                    return word[i + 1..].to_w();
                }
            }
        } else if isin(word[0], vowels) && isin(word[1], vowels) {
            for i in 2..word.len() {
                if !isin(word[i], vowels) {
                    return word[i + 1..].to_w();
                }
            }
        } else {
            return from(word, 3).to_w();
        }
    }
    W::new()
}

/// `_ScandinavianStemmer._r1_scandinavian`: standard R1, moved so that at least three letters
/// precede it.
pub(crate) fn r1_scandinavian(word: &[char], vowels: &str) -> W {
    for i in 1..word.len() {
        if !isin(word[i], vowels) && isin(word[i - 1], vowels) {
            return if i + 1 < 3 { from(word, 3).to_w() } else { word[i + 1..].to_w() };
        }
    }
    W::new()
}

/// The German/Dutch adjustment: R1 starts at the fourth letter at the earliest.
pub(crate) fn r1_at_least_3(word: &[char], vowels: &str, r1: &mut W) {
    for i in 1..word.len() {
        if !isin(word[i], vowels) && isin(word[i - 1], vowels) {
            if i + 1 < 3 {
                *r1 = from(word, 3).to_w();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isin_is_python_in() {
        for set in ["aeiouyäö", "bcdfghjklmnpqrstvwxz", "аеиоуыэюя", "", "ä"] {
            for c in "\0aäbyzа€🦀é\u{e4}x".chars() {
                assert_eq!(isin(c, set), c != '\0' && set.contains(c), "{c:?} in {set:?}");
            }
        }
    }

    /// A [`W`] behaves as the `Vec<char>` it stands for, in place and spilled to the heap.
    #[test]
    fn w_is_a_vec_of_chars() {
        let mut v: Vec<char> = Vec::new();
        let mut x = W::new();
        let mut state = 0x9E3779B97F4A7C15u64;
        for step in 0..20_000 {
            state = crate::test_rng::xorshift(state);
            let c = char::from_u32(0x61 + (state % 26) as u32).unwrap();
            match state % 7 {
                0..=2 => {
                    v.push(c);
                    x.push(c);
                }
                3 => {
                    let s: Vec<char> = "xyzäö".chars().collect();
                    v.extend_from_slice(&s);
                    x.extend_from_slice(&s);
                }
                4 if !v.is_empty() => {
                    let i = (state >> 8) as usize % v.len();
                    assert_eq!(v.remove(i), x.remove(i));
                }
                5 => {
                    let n = (state >> 8) as usize % (v.len() + 2);
                    v.truncate(n);
                    x.truncate(n);
                }
                _ => assert_eq!(v.pop(), x.pop()),
            }
            if step % 1000 == 999 {
                v.clear();
                x = if step % 2000 == 999 { W::new() } else { x.clone() };
                x.clear();
            }
            assert_eq!(&*x, v.as_slice());
            assert_eq!(x.to_w(), x.clone());
        }
        let long: W = "a".repeat(100).chars().collect();
        assert_eq!(long.len(), 100);
        assert_eq!(s(&long), "a".repeat(100));
    }
}
