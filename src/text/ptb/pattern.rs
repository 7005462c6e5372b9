//! The regular expressions of the PTB grammar ([`super::grammar`]), parsed into trees over sets
//! of UTF-16 code units.
//!
//! The notation is JFlex's, the language the Stanford tokenizer is specified in, so that each rule
//! reads like its specification: `{NAME}` uses a named expression, `[...]` / `[^...]` are unit
//! classes (`a-b` ranges, `[:letter:]`, `[:digit:]`, `[:uppercase:]`, `[^]` is any unit), `.` is
//! any unit but `\n`, `\uXXXX`, `\xXX`, `\t`, `\n`, `\r`, `\f`, `\0` and `\c` escape, `{n}` and
//! `{n,m}` repeat, and whitespace outside classes is ignored. As in a `%caseless` JFlex scanner,
//! a letter outside a class matches both its cases, while classes match exactly what they list.
use std::collections::HashMap;

use super::unicode;

/// A set of UTF-16 code units: sorted, disjoint, non-adjacent inclusive ranges.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct UnitSet(pub Vec<(u16, u16)>);

impl UnitSet {
    pub fn single(u: u16) -> Self {
        UnitSet(vec![(u, u)])
    }

    pub fn all() -> Self {
        UnitSet(vec![(0, u16::MAX)])
    }

    /// The set of `ranges` in any order, overlapping or not.
    pub fn from_ranges(mut ranges: Vec<(u16, u16)>) -> Self {
        ranges.sort_unstable();
        let mut out: Vec<(u16, u16)> = Vec::with_capacity(ranges.len());
        for (a, b) in ranges {
            match out.last_mut() {
                Some(last) if a as u32 <= last.1 as u32 + 1 => last.1 = last.1.max(b),
                _ => out.push((a, b)),
            }
        }
        UnitSet(out)
    }

    pub fn complement(&self) -> Self {
        let mut out = Vec::new();
        let mut next = 0u32;
        for &(a, b) in &self.0 {
            if (a as u32) > next {
                out.push((next as u16, a - 1));
            }
            next = b as u32 + 1;
        }
        if next <= u16::MAX as u32 {
            out.push((next as u16, u16::MAX));
        }
        UnitSet(out)
    }

    #[cfg(test)]
    pub fn contains(&self, u: u16) -> bool {
        let i = self.0.partition_point(|&(_, b)| b < u);
        self.0.get(i).is_some_and(|&(a, _)| a <= u)
    }
}

/// A parsed expression.
#[derive(Debug, Clone)]
pub enum Node {
    /// One code unit of the set.
    Set(UnitSet),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    /// `min` to `max` (unbounded: `None`) repetitions.
    Repeat(Box<Node>, u32, Option<u32>),
}

impl Node {
    /// The expression matching the reversed strings of this one.
    pub fn reversed(&self) -> Node {
        match self {
            Node::Set(s) => Node::Set(s.clone()),
            Node::Concat(v) => Node::Concat(v.iter().rev().map(Node::reversed).collect()),
            Node::Alt(v) => Node::Alt(v.iter().map(Node::reversed).collect()),
            Node::Repeat(n, min, max) => Node::Repeat(Box::new(n.reversed()), *min, *max),
        }
    }

    /// Calls `f` with every unit set of the expression.
    pub fn for_each_set(&self, f: &mut impl FnMut(&UnitSet)) {
        match self {
            Node::Set(s) => f(s),
            Node::Concat(v) | Node::Alt(v) => v.iter().for_each(|n| n.for_each_set(f)),
            Node::Repeat(n, _, _) => n.for_each_set(f),
        }
    }
}

/// Named expressions, each parsed once and copied where it is used.
#[derive(Default)]
pub struct Macros(HashMap<&'static str, Node>);

impl Macros {
    /// Defines `name` (which may use the names defined before it).
    pub fn define(&mut self, name: &'static str, pattern: &str) {
        let node = self.parse(pattern);
        self.0.insert(name, node);
    }

    /// The expression of `pattern`. The grammar is fixed, so a malformed pattern is a bug of this
    /// crate and panics with its position.
    pub fn parse(&self, pattern: &str) -> Node {
        let mut p = Parser { chars: pattern.chars().collect(), pos: 0, macros: self };
        let node = p.alternation();
        assert!(p.pos == p.chars.len(), "pattern {pattern:?}: unexpected {:?} at {}", p.peek(), p.pos);
        node
    }
}

/// Java 8's `Character.toLowerCase` / `toUpperCase` of an ASCII letter, the only letters the
/// grammar writes outside classes.
fn caseless(c: char) -> UnitSet {
    if c.is_ascii_alphabetic() {
        let (l, u) = (c.to_ascii_lowercase() as u16, c.to_ascii_uppercase() as u16);
        UnitSet::from_ranges(vec![(l, l), (u, u)])
    } else {
        UnitSet::single(unit(c))
    }
}

fn unit(c: char) -> u16 {
    u16::try_from(c as u32).expect("the grammar only names units of the Basic Multilingual Plane")
}

fn table(ranges: &[(u16, u16)]) -> UnitSet {
    UnitSet(ranges.to_vec())
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    macros: &'a Macros,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) {
        assert!(self.eat(c), "expected {c:?} at {} in {:?}", self.pos, self.chars.iter().collect::<String>());
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }

    fn alternation(&mut self) -> Node {
        let mut alts = vec![self.concatenation()];
        while self.eat('|') {
            alts.push(self.concatenation());
        }
        if alts.len() == 1 {
            alts.pop().unwrap()
        } else {
            Node::Alt(alts)
        }
    }

    fn concatenation(&mut self) -> Node {
        let mut items = Vec::new();
        loop {
            self.skip_spaces();
            match self.peek() {
                None | Some('|' | ')') => break,
                _ => items.push(self.repetition()),
            }
        }
        if items.len() == 1 {
            items.pop().unwrap()
        } else {
            Node::Concat(items)
        }
    }

    fn repetition(&mut self) -> Node {
        let mut node = self.atom();
        loop {
            let (min, max) = match self.peek() {
                Some('*') => (0, None),
                Some('+') => (1, None),
                Some('?') => (0, Some(1)),
                Some('{') if self.chars.get(self.pos + 1).is_some_and(|c| c.is_ascii_digit()) => {
                    self.pos += 1;
                    let min = self.number();
                    let max = if self.eat(',') { self.number() } else { min };
                    assert!(self.peek() == Some('}'), "bad repetition at {}", self.pos);
                    (min, Some(max))
                }
                _ => return node,
            };
            self.pos += 1;
            node = Node::Repeat(Box::new(node), min, max);
        }
    }

    fn number(&mut self) -> u32 {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect::<String>().parse().expect("a repetition count")
    }

    fn atom(&mut self) -> Node {
        let c = self.peek().expect("an expression");
        self.pos += 1;
        match c {
            '(' => {
                let node = self.alternation();
                self.expect(')');
                node
            }
            '[' => {
                self.pos -= 1;
                match self.named_class() {
                    Some(set) => Node::Set(set),
                    None => {
                        self.pos += 1;
                        Node::Set(self.class())
                    }
                }
            }
            '{' => {
                let start = self.pos;
                while self.peek() != Some('}') {
                    self.pos += 1;
                }
                let name: String = self.chars[start..self.pos].iter().collect();
                self.pos += 1;
                self.macros.0.get(name.as_str()).unwrap_or_else(|| panic!("undefined {{{name}}}")).clone()
            }
            '.' => Node::Set(UnitSet::single(b'\n' as u16).complement()),
            '\\' => Node::Set(caseless(self.escape())),
            c => Node::Set(caseless(c)),
        }
    }

    /// The character of an escape sequence (after the backslash).
    fn escape(&mut self) -> char {
        let c = self.peek().expect("an escaped character");
        self.pos += 1;
        let hex = |p: &mut Self, n: usize| {
            let s: String = p.chars[p.pos..p.pos + n].iter().collect();
            p.pos += n;
            char::from_u32(u32::from_str_radix(&s, 16).expect("hex digits")).expect("a BMP character")
        };
        match c {
            'u' => hex(self, 4),
            'x' => hex(self, 2),
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            'f' => '\u{c}',
            '0' => '\0',
            c => c,
        }
    }

    /// The named class at the position (consumed), if there is one.
    fn named_class(&mut self) -> Option<UnitSet> {
        for (name, ranges) in NAMED_CLASSES {
            let n = name.chars().count();
            if self.chars.len() >= self.pos + n
                && self.chars[self.pos..self.pos + n].iter().copied().eq(name.chars())
            {
                self.pos += n;
                return Some(table(ranges));
            }
        }
        None
    }

    /// A class after its `[`, up to and including its `]`.
    fn class(&mut self) -> UnitSet {
        let negated = self.eat('^');
        let mut ranges: Vec<(u16, u16)> = Vec::new();
        if negated && self.eat(']') {
            return UnitSet::all(); // `[^]`: any unit
        }
        let mut first = true;
        loop {
            let c = self.peek().expect("an unterminated class");
            if c == ']' {
                self.pos += 1;
                break;
            }
            if let Some(set) = self.named_class() {
                ranges.extend(set.0);
                first = false;
                continue;
            }
            self.pos += 1;
            let a = if c == '\\' { self.escape() } else { c };
            // `a-b` is a range; a `-` first or last in the class is itself, as in JFlex.
            let leading_dash = c == '-' && first;
            if !leading_dash
                && self.peek() == Some('-')
                && self.chars.get(self.pos + 1).is_some_and(|&n| n != ']')
            {
                self.pos += 1;
                let d = self.peek().unwrap();
                self.pos += 1;
                let b = if d == '\\' { self.escape() } else { d };
                ranges.push((unit(a), unit(b)));
            } else {
                ranges.push((unit(a), unit(a)));
            }
            first = false;
        }
        let set = UnitSet::from_ranges(ranges);
        if negated {
            set.complement()
        } else {
            set
        }
    }
}

/// `[:letter:]`, `[:digit:]`, `[:uppercase:]`: Java 8's character properties, as JFlex baked
/// them into the tokenizer.
const NAMED_CLASSES: [(&str, &[(u16, u16)]); 3] =
    [("[:letter:]", unicode::LETTER), ("[:digit:]", unicode::DIGIT), ("[:uppercase:]", unicode::UPPERCASE)];

#[cfg(test)]
mod tests {
    use super::*;

    fn set(node: &Node) -> &UnitSet {
        match node {
            Node::Set(s) => s,
            other => panic!("not a set: {other:?}"),
        }
    }

    #[test]
    fn classes_follow_jflex() {
        let m = Macros::default();
        // `,-_` is a range (of digits and capitals among others), a final `-` is literal.
        let s = m.parse("[,-_$]");
        assert!(
            set(&s).contains(b'5' as u16) && set(&s).contains(b'Q' as u16) && !set(&s).contains(b'a' as u16)
        );
        let s = m.parse("[a,-]");
        assert!(set(&s).contains(b'-' as u16) && !set(&s).contains(b'.' as u16));
        let s = m.parse(r"[\-x]");
        assert!(
            set(&s).contains(b'-' as u16) && set(&s).contains(b'x' as u16) && !set(&s).contains(b'X' as u16)
        );
        assert_eq!(set(&m.parse("[^]")), &UnitSet::all());
        assert!(!set(&m.parse("[^ \\t]")).contains(9) && set(&m.parse("[^ \\t]")).contains(0xD800));
        assert!(
            set(&m.parse("[:letter:]")).contains(0xE9) && !set(&m.parse("[:digit:]")).contains(b'a' as u16)
        );
    }

    #[test]
    fn letters_outside_classes_are_caseless() {
        let m = Macros::default();
        assert_eq!(set(&m.parse("k")), &UnitSet::from_ranges(vec![(0x4B, 0x4B), (0x6B, 0x6B)]));
        assert_eq!(set(&m.parse("\\.")), &UnitSet::single(b'.' as u16));
        assert_eq!(set(&m.parse("\\u00AD")), &UnitSet::single(0xAD));
    }

    #[test]
    fn macros_repetitions_and_spaces() {
        let mut m = Macros::default();
        m.define("D", "[0-9]");
        match m.parse("{D}{1,2} x") {
            Node::Concat(v) => {
                assert!(matches!(v[0], Node::Repeat(_, 1, Some(2))));
                assert_eq!(v.len(), 2);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(m.parse("a|b|c"), Node::Alt(v) if v.len() == 3));
    }

    #[test]
    fn complement_and_union() {
        let s = UnitSet::from_ranges(vec![(5, 9), (1, 3), (4, 4)]);
        assert_eq!(s, UnitSet(vec![(1, 9)]));
        assert_eq!(s.complement(), UnitSet(vec![(0, 0), (10, u16::MAX)]));
        assert_eq!(s.complement().complement(), s);
    }
}
