//! The package's suffixes and state machines (`TurkishStemmer/suffixes`, `states`), as data.

/// A suffix: its spellings (all of one length per suffix), the optional connecting letter(s)
/// before it, and whether vowel harmony must hold for it to be removed.
pub(super) struct Suffix {
    forms: &'static [&'static str],
    optional: &'static [char],
    pub(super) check_harmony: bool,
}

impl Suffix {
    /// The byte length of the spelling the word ends with (the package's `(a|b|...)$` regex).
    pub(super) fn matched_len(&self, word: &str) -> Option<usize> {
        self.forms.iter().find(|f| word.ends_with(**f)).map(|f| f.len())
    }

    /// The optional letter the word ends with, if this suffix has one.
    pub(super) fn optional_letter(&self, word: &str) -> Option<char> {
        word.chars().last().filter(|c| self.optional.contains(c))
    }
}

pub(super) struct State {
    pub(super) is_final: bool,
    pub(super) suffixes: &'static [usize],
}

pub(super) struct Machine {
    pub(super) suffixes: &'static [Suffix],
    /// State 0 is the initial state.
    pub(super) states: &'static [State],
    pub(super) next_state: fn(usize, usize) -> usize,
}

const fn sfx(forms: &'static [&'static str], optional: &'static [char], check_harmony: bool) -> Suffix {
    Suffix { forms, optional, check_harmony }
}

const U: &[char] = &['ı', 'i', 'u', 'ü'];

// Nominal verb suffixes; index = the package's S-number.
const NV_SUFFIXES: &[Suffix] = &[
    sfx(&[], &[], true), // (no S0)
    sfx(&["ım", "im", "um", "üm"], &['y'], true),
    sfx(&["sın", "sin", "sun", "sün"], &[], true),
    sfx(&["ız", "iz", "uz", "üz"], &['y'], true),
    sfx(&["sınız", "siniz", "sunuz", "sünüz"], &[], true),
    sfx(&["lar", "ler"], &[], true),
    sfx(&["m"], &[], true),
    sfx(&["n"], &[], true),
    sfx(&["k"], &[], true),
    sfx(&["nız", "niz", "nuz", "nüz"], &[], true),
    sfx(&["tır", "tir", "tur", "tür", "dır", "dir", "dur", "dür"], &[], true),
    sfx(&["casına", "çasına", "cesine", "çesine"], &[], true),
    sfx(&["dı", "di", "du", "dü", "tı", "ti", "tu", "tü"], &['y'], true),
    sfx(&["sa", "se"], &['y'], true),
    sfx(&["muş", "miş", "müş", "mış"], &['y'], true),
    sfx(&["ken"], &['y'], true),
];

// States A..H = 0..7. A's suffixes in the package's priority order.
const NV_STATES: &[State] = &[
    State { is_final: false, suffixes: &[11, 4, 14, 15, 2, 5, 9, 10, 3, 1, 12, 13, 6, 7, 8] },
    State { is_final: true, suffixes: &[14] },
    State { is_final: true, suffixes: &[10, 12, 13, 14] },
    State { is_final: false, suffixes: &[12, 13] },
    State { is_final: true, suffixes: &[1, 2, 3, 4, 5, 14] },
    State { is_final: true, suffixes: &[] },
    State { is_final: false, suffixes: &[14] },
    State { is_final: false, suffixes: &[1, 2, 3, 4, 5, 14] },
];

fn nv_next(state: usize, s: usize) -> usize {
    const B: usize = 1;
    const C: usize = 2;
    const D: usize = 3;
    const E: usize = 4;
    const F: usize = 5;
    const G: usize = 6;
    const H: usize = 7;
    if state == 0 {
        match s {
            1..=4 => B,
            5 => C,
            6..=9 => D,
            10 => E,
            11 => H,
            _ => F, // 12..=15
        }
    } else {
        // The package's FT and FF tables agree on every suffix these states have.
        match s {
            1..=5 => G,
            _ => F, // 10, 12, 13, 14
        }
    }
}

pub(super) static NOMINAL_VERB: Machine =
    Machine { suffixes: NV_SUFFIXES, states: NV_STATES, next_state: nv_next };

// Noun suffixes; index = the package's S-number.
const NOUN_SUFFIXES: &[Suffix] = &[
    sfx(&[], &[], true), // (no S0)
    sfx(&["lar", "ler"], &[], true),
    sfx(&["m"], U, true),
    sfx(&["mız", "miz", "muz", "müz"], U, true),
    sfx(&["ın", "in", "un", "ün"], &[], true),
    sfx(&["nız", "niz", "nuz", "nüz"], U, true),
    sfx(&["ı", "i", "u", "ü"], &['s'], true),
    sfx(&["ları", "leri"], &[], true),
    sfx(&["ı", "i", "u", "ü"], &['y'], true),
    sfx(&["nı", "ni", "nu", "nü"], &[], true),
    sfx(&["ın", "in", "un", "ün"], &['n'], true),
    sfx(&["a", "e"], &['y'], true),
    sfx(&["na", "ne"], &[], true),
    sfx(&["da", "de", "ta", "te"], &[], true),
    sfx(&["nta", "nte", "nda", "nde"], &[], true),
    sfx(&["dan", "tan", "den", "ten"], &[], true),
    sfx(&["ndan", "ntan", "nden", "nten"], &[], true),
    sfx(&["la", "le"], &['y'], true),
    sfx(&["ki"], &[], false),
    sfx(&["ca", "ce"], &['n'], true),
];

// States A, B, C, D, E, F, G, H, K, L, M = 0..10.
const NOUN_STATES: &[State] = &[
    State { is_final: true, suffixes: &[16, 7, 3, 5, 1, 14, 15, 17, 10, 19, 4, 9, 12, 13, 18, 2, 6, 8, 11] },
    State { is_final: true, suffixes: &[1, 2, 3, 4, 5] },
    State { is_final: false, suffixes: &[6, 7] },
    State { is_final: false, suffixes: &[10, 13, 14] },
    State { is_final: true, suffixes: &[1, 2, 3, 4, 5, 6, 7, 18] },
    State { is_final: false, suffixes: &[6, 7, 18] },
    State { is_final: true, suffixes: &[1, 2, 3, 4, 5, 18] },
    State { is_final: true, suffixes: &[1] },
    State { is_final: true, suffixes: &[] },
    State { is_final: true, suffixes: &[18] },
    // The package lists S6 twice in M; both transitions are kept.
    State { is_final: true, suffixes: &[1, 2, 3, 4, 5, 6, 6, 7] },
];

fn noun_next(state: usize, s: usize) -> usize {
    const B: usize = 1;
    const C: usize = 2;
    const D: usize = 3;
    const E: usize = 4;
    const F: usize = 5;
    const G: usize = 6;
    const H: usize = 7;
    const K: usize = 8;
    const L: usize = 9;
    const M: usize = 10;
    let initial_final = state == 0; // the package's TT table
    let non_final = matches!(state, 2 | 3 | 5); // C, D, F: the FF table
    match s {
        18 => D,
        7 => K,
        1 => L,
        2..=6 if initial_final || !non_final => H,
        6 => H, // FF: S6 -> H
        8 | 11 if initial_final => B,
        13 => B, // TT and FF
        9 | 16 if initial_final => C,
        10 => E, // TT and FF
        17 if initial_final => E,
        12 if initial_final => F,
        14 => F, // TT and FF
        15 if initial_final => G,
        19 if initial_final => M,
        _ => unreachable!("the package has no transition for S{s} from state {state}"),
    }
}

pub(super) static NOUN: Machine =
    Machine { suffixes: NOUN_SUFFIXES, states: NOUN_STATES, next_state: noun_next };

const DER_SUFFIXES: &[Suffix] = &[sfx(&["lı", "li", "lu", "lü"], &[], true)];
const DER_STATES: &[State] =
    &[State { is_final: false, suffixes: &[0] }, State { is_final: true, suffixes: &[] }];

fn der_next(_state: usize, _s: usize) -> usize {
    1
}

pub(super) static DERIVATIONAL: Machine =
    Machine { suffixes: DER_SUFFIXES, states: DER_STATES, next_state: der_next };
