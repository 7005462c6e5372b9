//! METEOR 1.5's Snowball stemmer and `-norm` normalizer against the jar's own outputs
//! (`tests/data/meteor_*_golden.tsv`, written by tests/data/make_meteor_golden.py with the jar's
//! classes): every row, exactly.
use rougebleu::meteor::normalize::normalize_english;
use rougebleu::stem::meteor_snowball::stem;

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn rows(name: &str) -> Vec<Vec<String>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    let text = std::fs::read_to_string(&path).expect("golden file");
    text.lines().map(|l| l.split('\t').map(unescape).collect()).collect()
}

#[test]
fn stems_are_the_jars() {
    let rows = rows("meteor_snowball_golden.tsv");
    assert!(rows.len() > 3000);
    let bad: Vec<_> =
        rows.iter().filter(|r| stem(&r[0]) != r[1]).map(|r| (&r[0], &r[1], stem(&r[0]))).collect();
    assert!(bad.is_empty(), "{} of {} differ, e.g. {:?}", bad.len(), rows.len(), &bad[..bad.len().min(5)]);
}

#[test]
fn normalized_lines_are_the_jars() {
    let rows = rows("meteor_normalize_golden.tsv");
    assert!(rows.len() >= 1500);
    for r in &rows {
        assert_eq!(normalize_english(&r[0], true).to_lowercase(), r[1], "-norm of {:?}", r[0]);
        assert_eq!(normalize_english(&r[0], false).to_lowercase(), r[2], "-norm -noPunct of {:?}", r[0]);
    }
}
