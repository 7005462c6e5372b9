//! The scanner: longest match over the rules of [`super::grammar`], their actions, and the line
//! structure of the output.
use std::cell::RefCell;
use std::sync::OnceLock;

use super::automaton::{Alphabet, LazyDfa, Nfa, DEAD, NO_RULE};
use super::grammar::{self, Action};
use super::pattern::{Node, UnitSet};

/// The compiled grammar, shared by every thread.
struct Grammar {
    alphabet: Alphabet,
    nfa: Nfa,
    actions: Vec<Action>,
    /// For a rule with trailing context: automata of its head and of its reversed trail, to find
    /// where the token ends inside the match.
    splits: Vec<Option<(Nfa, Nfa)>>,
}

fn grammar() -> &'static Grammar {
    static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
    GRAMMAR.get_or_init(|| {
        let macros = grammar::macros();
        let rules = grammar::rules();
        let parsed: Vec<(Node, Option<Node>)> =
            rules.iter().map(|r| (macros.parse(r.head), r.trail.map(|t| macros.parse(t)))).collect();
        let mut sets: Vec<UnitSet> = Vec::new();
        for (head, trail) in &parsed {
            head.for_each_set(&mut |s| sets.push(s.clone()));
            if let Some(t) = trail {
                t.for_each_set(&mut |s| sets.push(s.clone()));
            }
        }
        sets.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        sets.dedup();
        let alphabet = Alphabet::new(&sets);
        let whole: Vec<Node> = parsed
            .iter()
            .map(|(h, t)| match t {
                None => h.clone(),
                Some(t) => Node::Concat(vec![h.clone(), t.clone()]),
            })
            .collect();
        let nfa = Nfa::new(&alphabet, &whole.iter().collect::<Vec<_>>());
        let splits = parsed
            .iter()
            .map(|(h, t)| {
                t.as_ref().map(|t| (Nfa::new(&alphabet, &[h]), Nfa::new(&alphabet, &[&t.reversed()])))
            })
            .collect();
        Grammar { alphabet, nfa, actions: rules.iter().map(|r| r.action).collect(), splits }
    })
}

/// A thread's automata, built as its texts need them and kept for the next ones.
struct Automata {
    main: LazyDfa<'static>,
    /// Per rule with trailing context: the automata of its head and of its reversed trail.
    splits: Vec<Option<(LazyDfa<'static>, LazyDfa<'static>)>>,
}

impl Automata {
    fn new(g: &'static Grammar) -> Self {
        let splits = g
            .splits
            .iter()
            .map(|s| s.as_ref().map(|(h, t)| (LazyDfa::new(h, &g.alphabet), LazyDfa::new(t, &g.alphabet))))
            .collect();
        Automata { main: LazyDfa::new(&g.nfa, &g.alphabet), splits }
    }
}

thread_local! {
    static AUTOMATA: RefCell<Option<Automata>> = const { RefCell::new(None) };
}

/// What the scanner found at a position.
pub enum Token<'a> {
    /// A token's text (before lowercasing).
    Text(&'a str),
    /// A line break; `newline` tells whether it holds a `\n`.
    Break { newline: bool },
}

/// Calls `emit` with the tokens and line breaks of `units`, in order, as `PTBLexer` with
/// pycocoevalcap's options produces them: from `start` (a position where the program's own scan
/// has a token boundary, such as the start of a line) to the first token that starts at or after
/// `stop`, the rules still looking at what follows `stop`. Returns where the last token ended: past
/// `stop` if a token ran over it.
pub fn scan_from(units: &[u16], start: usize, stop: usize, mut emit: impl FnMut(Token<'_>)) -> usize {
    AUTOMATA.with(|cell| {
        let mut slot = cell.borrow_mut();
        let g = grammar();
        let automata = slot.get_or_insert_with(|| Automata::new(g));
        let mut ends = (Vec::new(), Vec::new());
        let mut text = String::new();
        let mut pos = start;
        while pos < stop {
            let (rule, end) = longest_match(&mut automata.main, &g.alphabet, units, pos);
            let cut = match &mut automata.splits[rule as usize] {
                None => end,
                Some((head, trail)) => split(&g.alphabet, head, trail, &units[pos..end], &mut ends) + pos,
            };
            pos = apply(g.actions[rule as usize], units, pos, cut, &mut text, &mut emit);
        }
        pos
    })
}

/// The rule and end of the longest match at `pos` (the first rule among equally long ones).
fn longest_match(dfa: &mut LazyDfa, alphabet: &Alphabet, units: &[u16], pos: usize) -> (u16, usize) {
    let mut state = dfa.start();
    let mut best = (NO_RULE, pos);
    for (i, &u) in units[pos..].iter().enumerate() {
        state = dfa.next(state, alphabet.class(u));
        if state == DEAD {
            break;
        }
        let rule = dfa.accepts(state);
        if rule != NO_RULE {
            best = (rule, pos + i + 1);
        }
    }
    // `.` and the line-break rule match any single unit, so there is always a match.
    debug_assert!(best.0 != NO_RULE);
    best
}

/// Where the head of a `head/trail` match ends: the last position at which the head matches
/// what precedes and the trail what follows (as the JFlex scanner decides it).
fn split(
    alphabet: &Alphabet,
    head: &mut LazyDfa,
    trail: &mut LazyDfa,
    text: &[u16],
    ends: &mut (Vec<bool>, Vec<bool>),
) -> usize {
    head.match_ends(alphabet, text.iter().copied(), &mut ends.0);
    trail.match_ends(alphabet, text.iter().rev().copied(), &mut ends.1);
    (0..=text.len())
        .rev()
        .find(|&p| ends.0[p] && ends.1[text.len() - p])
        .expect("a match of head and trail splits somewhere")
}

/// UTF-16 units as text into `out`; an unpaired surrogate is `?`, as Java's UTF-8 writer prints it.
fn decode_into(units: &[u16], out: &mut String) {
    out.clear();
    if units.iter().all(|&u| u < 0x80) {
        out.extend(units.iter().map(|&u| u as u8 as char));
    } else {
        out.extend(char::decode_utf16(units.iter().copied()).map(|c| c.unwrap_or('?')));
    }
}

/// Emits what `action` makes of the match `start..end` (using `text` as scratch space); returns
/// where scanning goes on.
fn apply(
    action: Action,
    units: &[u16],
    start: usize,
    end: usize,
    text: &mut String,
    emit: &mut impl FnMut(Token<'_>),
) -> usize {
    use Action::*;
    let matched = &units[start..end];
    let mut token = |t: &str| emit(Token::Text(t));
    let mut next = end;
    match action {
        Keep => {
            decode_into(matched, text);
            token(text)
        }
        Split(n) => {
            next = end - n as usize;
            decode_into(&units[start..next], text);
            token(text);
        }
        SpacesToNbsp => {
            decode_into(matched, text);
            token(&text.replace(' ', "\u{a0}"))
        }
        Dash => token("--"),
        Ampersand => {
            decode_into(matched, text);
            token(&normalize_amp(text))
        }
        SoftHyphens => {
            decode_into(matched, text);
            token(&remove_soft_hyphens(text))
        }
        OpeningQuote | ClosingQuote => {
            decode_into(matched, text);
            token(&latex_quotes(text, action == OpeningQuote))
        }
        Fraction => {
            decode_into(matched, text);
            token(&fraction(text))
        }
        Currency => {
            decode_into(matched, text);
            token(&currency(text))
        }
        SentenceFinalAcronym => {
            // `I.` gives `I` and then `.`; `U.S.` gives `U.S.` and then `.` again.
            decode_into(if matched.len() == 2 { &matched[..1] } else { matched }, text);
            token(text);
            next = end - 1;
        }
        SentenceFinalAbbreviation => {
            decode_into(matched, text);
            token(text);
            next = end - 1;
        }
        Phone => {
            decode_into(matched, text);
            token(&text.replace(' ', "\u{a0}").replace('(', "-LRB-").replace(')', "-RRB-"))
        }
        LessThan => token("<"),
        GreaterThan => token(">"),
        Brackets => {
            decode_into(matched, text);
            token(&text.replace('(', "-LRB-").replace(')', "-RRB-"))
        }
        Fixed(s) => token(s),
        Hyphens if (3..=4).contains(&matched.len()) => token("--"),
        Ellipsis => token("..."),
        Hyphens => {
            decode_into(matched, text);
            token(text)
        }
        Skip | Untokenizable => {}
        Newline => emit(Token::Break { newline: matched.contains(&(b'\n' as u16)) }),
    }
    next
}

/// `&amp;` in any case becomes `&`.
fn normalize_amp(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.len() >= 5 && tail.as_bytes()[..5].eq_ignore_ascii_case(b"&amp;") {
            out.push('&');
            rest = &tail[5..];
        } else {
            out.push('&');
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

fn remove_soft_hyphens(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\u{ad}') {
        return text.into();
    }
    let out: String = text.chars().filter(|&c| c != '\u{ad}').collect();
    if out.is_empty() {
        "-".into()
    } else {
        out.into()
    }
}

/// The tokenizer's LaTeX-style quotes: ASCII quotes (and their `&apos;` / `&quot;` entities)
/// by the side they are probably on, curly and angle quotes by their direction.
fn latex_quotes(text: &str, opening: bool) -> String {
    let (single, double) = if opening { ("`", "``") } else { ("'", "''") };
    let text = text.replace("&apos;", single).replace("&quot;", double);
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        match c {
            '\'' => out.push_str(single),
            '"' => out.push_str(double),
            '\u{91}' | '\u{2018}' | '\u{201B}' | '\u{2039}' => out.push('`'),
            '\u{92}' | '\u{2019}' | '\u{203A}' => out.push('\''),
            '\u{93}' | '\u{201C}' | '\u{AB}' => out.push_str("``"),
            '\u{94}' | '\u{201D}' | '\u{BB}' => out.push_str("''"),
            c => out.push(c),
        }
    }
    out
}

fn fraction(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        match c {
            '\u{BC}' => out.push_str("1/4"),
            '\u{BD}' => out.push_str("1/2"),
            '\u{BE}' => out.push_str("3/4"),
            '\u{2153}' => out.push_str("1/3"),
            '\u{2154}' => out.push_str("2/3"),
            c => out.push(c),
        }
    }
    out
}

fn currency(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        match c {
            '\u{A2}' => out.push_str("cents"),
            '\u{A3}' => out.push('#'),
            '\u{80}' | '\u{A4}' | '\u{20A0}' | '\u{20AC}' => out.push('$'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut out = Vec::new();
        scan_from(&units, 0, units.len(), |t| match t {
            Token::Text(text) => out.push(text.to_owned()),
            Token::Break { newline } => out.push(if newline { "\n" } else { "<br>" }.into()),
        });
        out
    }

    #[test]
    fn words_clitics_and_punctuation() {
        assert_eq!(tokens("It's a dog, isn't it?"), ["It", "'s", "a", "dog", ",", "is", "n't", "it", "?"]);
        assert_eq!(
            tokens("I cannot go; gonna stay."),
            ["I", "can", "not", "go", ";", "gon", "na", "stay", "."]
        );
        assert_eq!(tokens("\"Hi\" (there)"), ["``", "Hi", "''", "-LRB-", "there", "-RRB-"]);
    }

    #[test]
    fn normalizations() {
        assert_eq!(tokens("\u{a3}20-\u{a3}25 \u{20ac}5"), ["#", "20", "-", "#", "25", "$", "5"]);
        assert_eq!(tokens("a\u{2014}b \u{2026}"), ["a", "--", "b", "..."]);
        assert_eq!(tokens("AT&amp;T R&D"), ["AT&T", "R&D"]);
        assert_eq!(tokens("\u{bd} cup"), ["1/2", "cup"]);
    }

    #[test]
    fn abbreviations_and_acronyms() {
        assert_eq!(tokens("the U.S. army"), ["the", "U.S.", "army"]);
        assert_eq!(tokens("in the U.S. The "), ["in", "the", "U.S.", ".", "The"]);
        assert_eq!(tokens("Mr. Smith etc."), ["Mr.", "Smith", "etc.", "."]);
    }

    #[test]
    fn line_breaks() {
        assert_eq!(tokens("a\nb\r\nc\rd"), ["a", "\n", "b", "\n", "c", "<br>", "d"]);
    }

    #[test]
    fn helpers() {
        assert_eq!(normalize_amp("a&AMP;b&c&amp;"), "a&b&c&");
        assert_eq!(remove_soft_hyphens("\u{ad}\u{ad}"), "-");
        assert_eq!(remove_soft_hyphens("co\u{ad}op"), "coop");
        assert_eq!(latex_quotes("\u{201c}&apos;", true), "```");
        let mut s = String::new();
        decode_into(&[0x61, 0xD800, 0x62], &mut s);
        assert_eq!(s, "a?b");
    }
}
