//! The rules of Stanford CoreNLP 3.4.1's PTB tokenizer (`PTBLexer`), with the options
//! pycocoevalcap runs it with: the default PTB3 normalizations (`ptb3Escaping`), newlines as
//! tokens (`-preserveLines`), untokenizable characters deleted.
//!
//! Each rule is an expression in JFlex's notation ([`super::pattern`]), an optional trailing
//! context (`head/trail` in JFlex: the trail must follow but is not part of the token, and it
//! counts in the length of the match), and what the token becomes ([`Action`]). The scanner takes
//! the longest match and, between equally long ones, the rule listed first. The named
//! expressions are those the rules share; the order is that of their first use.
use super::pattern::Macros;

/// What a matched rule makes of its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// The text is the token.
    Keep,
    /// The text but its last `n` units is the token; those are scanned again (`cannot` ->
    /// `can` + `not`).
    Split(u8),
    /// Spaces become no-break spaces (U+00A0), so that a token never holds a space.
    SpacesToNbsp,
    /// A dash entity or character: `--`.
    Dash,
    /// `&amp;` (any case) becomes `&`.
    Ampersand,
    /// Soft hyphens (U+00AD) are removed (a token of nothing but them becomes `-`).
    SoftHyphens,
    /// Quotes in LaTeX style: `` ` `` and ``` `` ``` for an opening one, `'` and `''` otherwise.
    OpeningQuote,
    ClosingQuote,
    /// The vulgar fractions 1/4, 1/2, 3/4, 1/3, 2/3 are spelled with digits.
    Fraction,
    /// Cent, pound and generic currency signs as PTB writes them: `cents`, `#`, `$`.
    Currency,
    /// An acronym before a sentence-starting word: a one-letter one loses its period; a longer
    /// one keeps it and the period is a token again (`U.S.` `.`).
    SentenceFinalAcronym,
    /// An abbreviation ending a sentence keeps its period and the period is a token again.
    SentenceFinalAbbreviation,
    /// A phone number: spaces become U+00A0, brackets `-LRB-` / `-RRB-`.
    Phone,
    /// `&lt;` / `&gt;` become `<` / `>`.
    LessThan,
    GreaterThan,
    /// Round brackets inside the token become `-LRB-` / `-RRB-` (smileys).
    Brackets,
    /// The token is this text.
    Fixed(&'static str),
    /// Three or four hyphens are a dash, `--`.
    Hyphens,
    /// Any ellipsis is `...`.
    Ellipsis,
    /// Nothing: spaces, zero-width characters, DEL, `&nbsp;`.
    Skip,
    /// A line break: the end of a line.
    Newline,
    /// A character no rule knows: deleted (the jar logs a warning for the first one).
    Untokenizable,
}

pub struct Rule {
    pub head: &'static str,
    pub trail: Option<&'static str>,
    pub action: Action,
}

/// The named expressions, in an order where each uses only earlier ones.
pub fn macros() -> Macros {
    let mut m = Macros::default();
    let defs: &[(&str, &str)] = &[
        // Markup: a start tag with attributes, an end tag, or a declaration / instruction.
        (
            "SGML",
            r#"\<([!\?][A-Za-z\-][^>\r\n]*|[A-Za-z][A-Za-z0-9_:\.\-]*([ ]+([A-Za-z][A-Za-z0-9_:\.\-]*|[A-Za-z][A-Za-z0-9_:\.\-]*[ ]*=[ ]*('[^']*'|\"[^\"]*\")))*[ ]*\/?|\/[A-Za-z][A-Za-z0-9_:\.\-]*)[ ]*\>"#,
        ),
        ("SPMDASH", r"&(MD|mdash|ndash);|[\u0096\u0097\u2013\u2014\u2015]"),
        ("SPAMP", "&amp;"),
        ("SPPUNC", "&(HT|TL|UR|LR|QC|QL|QR|odq|cdq|#[0-9]+);"),
        ("SPLET", "&[aeiouAEIOU](acute|grave|uml);"),
        ("SPACE", r"[ \t\u00A0\u2000-\u200A\u3000]"),
        ("SPACES", "{SPACE}+"),
        ("NEWLINE", r"\r|\r?\n|\u2028|\u2029|\u000B|\u000C|\u0085"),
        ("SPACENL", "({SPACE}|{NEWLINE})"),
        ("SPACENLS", "{SPACENL}+"),
        ("SENTEND", "{SPACENL}({SPACENL}|[:uppercase:]|{SGML})"),
        ("DIGIT", r"[:digit:]|[\u07C0-\u07C9]"),
        ("DATE", r"{DIGIT}{1,2}[\-\/]{DIGIT}{1,2}[\-\/]{DIGIT}{2,4}"),
        ("NUM", r"{DIGIT}+|{DIGIT}*([.:,\u00AD\u066B\u066C]{DIGIT}+)+"),
        // A sign, but no brackets: bracketed numbers are too often years or times.
        ("NUMBER", r"[\-+]?{NUM}"),
        ("SUBSUPNUM", r"[\u207A\u207B\u208A\u208B]?([\u2070\u00B9\u00B2\u00B3\u2074-\u2079]+|[\u2080-\u2089]+)"),
        ("FRAC", r"({DIGIT}{1,4}[- \u00A0])?{DIGIT}{1,4}(\\?\/|\u2044){DIGIT}{1,4}"),
        ("FRAC2", r"[\u00BC\u00BD\u00BE\u2153-\u215E]"),
        ("DOLSIGN", r"([A-Z]*\$|#)"),
        ("DOLSIGN2", r"[\u00A2\u00A3\u00A4\u00A5\u0080\u20A0\u20AC\u060B\u0E3F\u20A4\uFFE0\uFFE1\uFFE5\uFFE6]"),
        // Letters: Java's, entity-spelled vowels with accents, and combining marks and other
        // characters of the scripts up to U+0ECD that Java does not count as letters.
        (
            "LETTER",
            r"([:letter:]|{SPLET}|[\u00AD\u0237-\u024F\u02C2-\u02C5\u02D2-\u02DF\u02E5-\u02FF\u0300-\u036F\u0370-\u037D\u0384\u0385\u03CF\u03F6\u03FC-\u03FF\u0483-\u0487\u04CF\u04F6-\u04FF\u0510-\u0525\u055A-\u055F\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\u0615-\u061A\u063B-\u063F\u064B-\u065E\u0670\u06D6-\u06EF\u06FA-\u06FF\u070F\u0711\u0730-\u074F\u0750-\u077F\u07A6-\u07B1\u07CA-\u07F5\u07FA\u0900-\u0903\u093C\u093E-\u094E\u0951-\u0955\u0962-\u0963\u0981-\u0983\u09BC-\u09C4\u09C7\u09C8\u09CB-\u09CD\u09D7\u09E2\u09E3\u0A01-\u0A03\u0A3C\u0A3E-\u0A4F\u0A81-\u0A83\u0ABC-\u0ACF\u0B82\u0BBE-\u0BC2\u0BC6-\u0BC8\u0BCA-\u0BCD\u0C01-\u0C03\u0C3E-\u0C56\u0D3E-\u0D44\u0D46-\u0D48\u0E30-\u0E3A\u0E47-\u0E4E\u0EB1-\u0EBC\u0EC8-\u0ECD])",
        ),
        ("WORD", "{LETTER}({LETTER}|{DIGIT})*([.!?]{LETTER}({LETTER}|{DIGIT})*)*"),
        (
            "FILENAME_EXT",
            "bat|bmp|c|class|cgi|cpp|dll|doc|docx|exe|gif|gz|h|htm|html|jar|java|jpeg|jpg|mov|mp3|pdf|php|pl|png|ppt|ps|py|sql|tar|txt|wav|x|xml|zip",
        ),
        ("FILENAME", "({LETTER}|{DIGIT})+([.]({LETTER}|{DIGIT})+)*([.]{FILENAME_EXT})"),
        ("APOS", r"['\u0092\u2019]|&apos;"),
        // Apostrophe-like characters that may stand inside a word, rightly or not.
        ("APOSETCETERA", r"{APOS}|[`\u0091\u2018\u201B]"),
        ("HYPHEN", r"[-_\u058A\u2010\u2011]"),
        // Hyphenated words, with elided O'/D'/L' prefixes.
        (
            "THING",
            "([dDoOlL]{APOSETCETERA}([:letter:]|[:digit:]))?([:letter:]|[:digit:])+({HYPHEN}([dDoOlL]{APOSETCETERA}([:letter:]|[:digit:]))?([:letter:]|[:digit:])+)*",
        ),
        ("THINGA", "[A-Z]+(([+&]|{SPAMP})[A-Z]+)+"),
        ("THING3", r"[A-Za-z0-9]+(-[A-Za-z]+){0,2}(\\?\/[A-Za-z0-9]+(-[A-Za-z]+){0,2}){1,2}"),
        ("ACRO", r"[A-Za-z](\.[A-Za-z])*|(Canada|Sino|Korean|EU|Japan|non)-U\.S|U\.S\.-(U\.K|U\.S\.S\.R)"),
        ("ACRO2", r"[A-Za-z](\.[A-Za-z])+|(Canada|Sino|Korean|EU|Japan|non)-U\.S|U\.S\.-(U\.K|U\.S\.S\.R)"),
        ("HTHING", r"[A-Za-z0-9][A-Za-z0-9.,\u00AD]*(-([A-Za-z0-9\u00AD]+|{ACRO2}\.))+"),
        // Clitics: 's 'm 'd 're 've 'll, and n't (after a word not ending in n).
        ("REDAUX", "{APOS}([msdMSD]|re|ve|ll)"),
        ("SWORD", r"[A-Za-z\u00AD]*[A-MO-Za-mo-z](\u00AD)*"),
        ("SREDAUX", "n{APOSETCETERA}t"),
        // Words that keep their apostrophe.
        (
            "APOWORD",
            r"{APOS}n{APOS}?|[lLdDjJ]{APOS}|Dunkin{APOS}|somethin{APOS}|ol{APOS}|{APOS}em|[A-HJ-XZn]{APOSETCETERA}[:letter:]{2}[:letter:]*|{APOS}[2-9]0s|{APOS}till?|[:letter:][:letter:]*[aeiouyAEIOUY]{APOSETCETERA}[aeiouA-Z][:letter:]*|{APOS}cause|cont'd\.?|'twas|nor'easter|c'mon|e'er|s'mores|ev'ry|li'l|nat'l|O{APOSETCETERA}o",
        ),
        ("APOWORD2", "y{APOS}"),
        ("FULLURL", r#"https?:\/\/[^ \t\n\f\r\"<>|(){}]+[^ \t\n\f\r\"<>|.!?(){},-]"#),
        // Note the range `,-_` in the second class: it leaves out digits and capitals.
        (
            "LIKELYURL",
            r#"((www\.([^ \t\n\f\r\"<>|.!?(){},]+\.)+[a-zA-Z]{2,4})|(([^ \t\n\f\r\"`'<>|.!?(){},-_$]+\.)+(com|net|org|edu)))(\/[^ \t\n\f\r\"<>|()]+[^ \t\n\f\r\"<>|.!?(){},-])?"#,
        ),
        (
            "EMAIL",
            r#"(&lt;|<)?[a-zA-Z0-9][^ \t\n\f\r\"<>|()\u00A0{}]*@([^ \t\n\f\r\"<>|(){}.\u00A0]+\.)*([^ \t\n\f\r\"<>|(){}.\u00A0]+)(&gt;|>)?"#,
        ),
        ("TWITTER_NAME", "@[a-zA-Z_][a-zA-Z_0-9]*"),
        ("TWITTER_CATEGORY", "#{LETTER}+"),
        ("TWITTER", "{TWITTER_NAME}|{TWITTER_CATEGORY}"),
        // Abbreviations usually followed by a lower-case word (else a sentence ends after them).
        ("ABMONTH", "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"),
        ("ABDAYS", "Mon|Tue|Tues|Wed|Thu|Thurs|Fri"),
        (
            "ABSTATE",
            "Ala|Ariz|[A]z|[A]rk|Calif|Colo|Conn|Ct|Dak|[D]el|Fla|Ga|[I]ll|Ind|Kans?|Ky|[L]a|[M]ass|Md|Mich|Minn|[M]iss|Mo|Mont|Neb|Nev|Okla|[O]re|[P]a|Penn|Tenn|[T]ex|Va|Vt|[W]ash|Wisc?|Wyo",
        ),
        ("ABCOMP", "Inc|Cos?|Corp|Pp?t[ye]s?|Ltd|Plc|Rt|Bancorp|Bhd|Assn|Univ|Intl|Sys"),
        ("ABNUM", "tel|est|ext|sq"),
        (r"ABPTIT", r"Jr|Sr|Bros|(Ed|Ph)\.D|Blvd|Rd|Esq"),
        ("ABBREV1", r"({ABMONTH}|{ABDAYS}|{ABSTATE}|{ABCOMP}|{ABNUM}|{ABPTIT}|etc|al|seq|Bldg)\."),
        // Abbreviations usually followed by a capitalized word, and acronyms.
        (
            "ABTITLE",
            "Mr|Mrs|Ms|[M]iss|Drs?|Profs?|Sens?|Reps?|Attys?|Lt|Col|Gen|Messrs|Govs?|Adm|Rev|Maj|Sgt|Cpl|Pvt|Capt|Ste?|Ave|Pres|Lieut|Hon|Brig|Co?mdr|Pfc|Spc|Supts?|Det|Mt|Ft|Adj|Adv|Asst|Assoc|Ens|Insp|Mlle|Mme|Msgr|Sfc",
        ),
        ("ABCOMP2", "Invt|Elec|Natl|M[ft]g|Dept"),
        ("ABBREV4", r"{ABTITLE}|vs|Alex|Wm|Jos|Cie|a\.k\.a|cf|TREAS|Ph|{ACRO}|{ABCOMP2}"),
        ("ABBREV2", r"{ABBREV4}\."),
        ("ACRONYM", r"({ACRO})\."),
        // Abbreviations only before a number.
        ("ABBREV3", r"(ca|figs?|prop|nos?|art|bldg|prop|pp|op)\."),
        // Phone numbers; the dotted form apart, so that it is not a decimal number.
        (
            "PHONE",
            r"(\([0-9]{2,3}\)[ \u00A0]?|(\+\+?)?([0-9]{2,4}[\- \u00A0])?[0-9]{2,4}[\- \u00A0])[0-9]{3,4}[\- \u00A0]?[0-9]{3,5}|((\+\+?)?[0-9]{2,4}\.)?[0-9]{2,4}\.[0-9]{3,4}\.[0-9]{3,5}",
        ),
        ("FAKEDUCKFEET", "<<|>>"),
        ("LESSTHAN", "<|&lt;"),
        ("GREATERTHAN", ">|&gt;"),
        ("HYPHENS", r"\-+"),
        ("LDOTS", r"\.{3,5}|(\.[ \u00A0]){2,4}\.|[\u0085\u2026]"),
        ("ATS", "@+"),
        ("UNDS", "_+"),
        ("ASTS", r"\*+|(\\\*){1,3}"),
        ("HASHES", "#+"),
        ("FNMARKS", "{ATS}|{HASHES}|{UNDS}"),
        ("INSENTP", r"[,;:\u3001]"),
        (
            "QUOTES",
            r"{APOS}|''|[`\u2018\u2019\u201A\u201B\u201C\u201D\u0091\u0092\u0093\u0094\u201E\u201F\u2039\u203A\u00AB\u00BB]{1,2}",
        ),
        ("DBLQUOT", r#"\"|&quot;"#),
        ("TBSPEC", r"-(RRB|LRB|RCB|LCB|RSB|LSB)-|C\.D\.s|pro-|anti-|S(&|&amp;)P-500|S(&|&amp;)Ls|Cap{APOS}n|c{APOS}est"),
        ("TBSPEC2", "{APOS}[0-9][0-9]"),
        ("SMILEY", r"[<>]?[:;=][\-o\*']?[\(\)DPdpO\\{@\|\[\]]"),
        // The first alternative is written `...x=~<>]` in the original, where JFlex reads `~<` as
        // "anything up to the first `<`": `[^<]*<`.
        (
            "ASIANSMILEY",
            r"[\^x=~<>]\.\[\^x=[^<]*<>\]|[\-\^x=~<>']_[\-\^x=~<>']|\([\-\^x=~<>'][_.]?[\-\^x=~<>']\)|\([\^x=~<>']-[\^x=~<>'`]\)",
        ),
        // Symbols that are tokens of their own (U+2200-U+2BFF: mathematical and other symbols).
        (
            "MISCSYMBOL",
            r"[+%&~\^|\\\u00A6\u00A7\u00A8\u00A9\u00AC\u00AE\u00AF\u00B0-\u00B3\u00B4-\u00BA\u00D7\u00F7\u0387\u05BE\u05C0\u05C3\u05C6\u05F3\u05F4\u0600-\u0603\u0606-\u060A\u060C\u0614\u061B\u061E\u066A\u066D\u0703-\u070D\u07F6\u07F7\u07F8\u0964\u0965\u0E4F\u1FBD\u2016\u2017\u2020-\u2023\u2030-\u2038\u203B\u203E-\u2042\u2044\u207A-\u207F\u208A-\u208E\u2100-\u214F\u2190-\u21FF\u2200-\u2BFF\u3012\u30FB\uFF01-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF65\uFF65]",
        ),
    ];
    for &(name, pattern) in defs {
        m.define(name, pattern);
    }
    m
}

/// The rules, in priority order.
pub fn rules() -> Vec<Rule> {
    use Action::*;
    let rule = |head, trail, action| Rule { head, trail, action };
    // The words after which an acronym's period ends the sentence (capitalized: case matters).
    const SENTENCE_STARTS: &str = r"({SPACENLS})([A]bout|[A]ccording|[A]dditionally|[A]fter|[A]n|[A]|[A]s|[A]t|[B]ut|[E]arlier|[H]e|[H]er|[H]ere|[H]owever|[I]f|[I]n|[I]t|[L]ast|[M]any|[M]ore|[M]r\.|[M]s\.|[N]ow|[O]nce|[O]ne|[O]ther|[O]ur|[S]he|[S]ince|[S]o|[S]ome|[S]uch|[T]hat|[T]he|[T]heir|[T]hen|[T]here|[T]hese|[T]hey|[T]his|[W]e|[W]hen|[W]hile|[W]hat|[Y]et|[Y]ou|{SGML}){SPACENL}";
    vec![
        rule("c[+][+]", None, Keep),
        rule("(c|f)#", None, Keep),
        // Assimilations are split: can not, 't was, 't is, gon na, ...
        rule("cannot", None, Split(3)),
        rule("'twas", None, Split(3)),
        rule("'tis", None, Split(2)),
        rule("gonna|gotta|lemme|gimme|wanna", None, Split(2)),
        rule("{SGML}", None, SpacesToNbsp),
        rule("{SPMDASH}", None, Dash),
        rule("{SPAMP}", None, Ampersand),
        rule("{SPPUNC}", None, Keep),
        rule("{WORD}", Some("{REDAUX}"), SoftHyphens),
        rule("{SWORD}", Some("{SREDAUX}"), SoftHyphens),
        rule("{WORD}", None, SoftHyphens),
        rule("{APOWORD}", None, Keep),
        rule("{APOWORD2}", Some("[:letter:]"), Keep),
        rule("{FULLURL}", None, Keep),
        rule("{LIKELYURL}", None, Keep),
        rule("{EMAIL}", None, Keep),
        rule("{TWITTER}", None, Keep),
        rule("{REDAUX}", Some("[^A-Za-z]"), ClosingQuote),
        rule("{SREDAUX}", Some("[^A-Za-z]"), ClosingQuote),
        rule("{DATE}", None, Keep),
        rule("{NUMBER}", None, SoftHyphens),
        rule("{SUBSUPNUM}", None, Keep),
        rule("{FRAC}", None, SpacesToNbsp),
        rule("{FRAC2}", None, Fraction),
        rule("{TBSPEC}", None, Ampersand),
        rule("{THING3}", None, Keep),
        rule("{DOLSIGN}", None, Keep),
        rule("{DOLSIGN2}", None, Currency),
        rule("{ACRONYM}", Some(SENTENCE_STARTS), SentenceFinalAcronym),
        rule("{ABBREV3}", Some("{SPACENL}?[:digit:]"), Keep),
        rule(r"(pt[eyEY]|co)\.", Some("{SPACE}(ltd|lim)"), Keep),
        rule("{ABBREV1}", Some("{SENTEND}"), SentenceFinalAbbreviation),
        rule("{ABBREV1}", Some("[^][^]"), Keep),
        // Only at the end of the text: the rule above takes it whenever two units follow.
        rule("{ABBREV1}", None, SentenceFinalAbbreviation),
        rule("{ABBREV2}", None, Keep),
        rule("{ABBREV4}", Some("{SPACE}"), Keep),
        rule("{ACRO}", Some("{SPACENL}"), Keep),
        rule("{TBSPEC2}", Some("{SPACENL}"), Keep),
        rule("{FILENAME}", Some("({SPACENL}|[.?!,])"), Keep),
        rule(r"{WORD}\.", Some("{INSENTP}"), SoftHyphens),
        rule("{PHONE}", None, Phone),
        rule("{DBLQUOT}", Some("[A-Za-z0-9$]"), OpeningQuote),
        rule("{DBLQUOT}", None, ClosingQuote),
        rule(r"\x7f", None, Skip),
        rule("{LESSTHAN}", None, LessThan),
        rule("{GREATERTHAN}", None, GreaterThan),
        rule("{SMILEY}", Some("[^A-Za-z0-9]"), Brackets),
        rule("{ASIANSMILEY}", None, Brackets),
        rule(r"\{", None, Fixed("-LCB-")),
        rule(r"\}", None, Fixed("-RCB-")),
        rule(r"\[", None, Fixed("-LSB-")),
        rule(r"\]", None, Fixed("-RSB-")),
        rule(r"\(", None, Fixed("-LRB-")),
        rule(r"\)", None, Fixed("-RRB-")),
        rule("{HYPHENS}", None, Hyphens),
        rule("{LDOTS}", None, Ellipsis),
        rule("{FNMARKS}", None, Keep),
        rule("{ASTS}", None, Keep),
        rule("{INSENTP}", None, Keep),
        rule("[?!]+", None, Keep),
        rule(r"[.\u00A1\u00BF\u037E\u0589\u061F\u06D4\u0700-\u0702\u07FA\u3002]", None, Keep),
        rule("=", None, Keep),
        rule(r"\/", None, Keep),
        rule(r"{HTHING}\.", Some("{INSENTP}"), SoftHyphens),
        rule("{HTHING}", None, SoftHyphens),
        rule(r"{THING}\.", Some("{INSENTP}"), Keep),
        rule("{THING}", None, Keep),
        rule(r"{THINGA}\.", Some("{INSENTP}"), Ampersand),
        rule("{THINGA}", None, Ampersand),
        // A quote before a word opens (often, not always, right).
        rule("'", Some(r"[A-Za-z][^ \t\n\r\u00A0]"), OpeningQuote),
        // Also needed at the very end of a text ("it's").
        rule("{REDAUX}", None, ClosingQuote),
        rule("{SREDAUX}", None, ClosingQuote),
        rule("{QUOTES}", None, ClosingQuote),
        rule("{FAKEDUCKFEET}", None, Keep),
        rule("{MISCSYMBOL}", None, Keep),
        rule(r"\0|{SPACES}|[\u200B\u200E-\u200F\uFEFF]", None, Skip),
        rule("{NEWLINE}", None, Newline),
        rule("&nbsp;", None, Skip),
        rule(".", None, Untokenizable),
    ]
}
