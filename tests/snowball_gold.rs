//! Every row of the conformance corpus's `multilingual/gold_snowball_stems.tsv` (NLTK 3.10.4
//! `SnowballStemmer(lang)` and `SnowballStemmer(lang, ignore_stopwords=True)`), both columns.
//! Skips when the corpus is absent (set ROUGEBLEU_CORPUS to its folder).
use std::collections::BTreeMap;
use std::path::PathBuf;

use rougebleu::stem::multilingual::Stemmer;

fn gold() -> Option<String> {
    let root = std::env::var_os("ROUGEBLEU_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    std::fs::read_to_string(root.join("multilingual/gold_snowball_stems.tsv")).ok()
}

#[test]
fn gold_snowball_stems_exact() {
    let Some(text) = gold() else {
        eprintln!("conformance corpus not found: skipped");
        return;
    };
    // language -> (rows, mismatches)
    let mut per_lang: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut examples = Vec::new();
    let mut rows = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(rows.next(), Some("lang\tword\tstem\tstem_ignore_stopwords"));
    for line in rows {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "{line:?}");
        let (lang, word, plain, ignoring) = (f[0], f[1], f[2], f[3]);
        let entry = per_lang.entry(lang.to_string()).or_default();
        entry.0 += 1;
        let Some(s) = Stemmer::snowball(lang, false) else {
            entry.1 += 1;
            continue;
        };
        let s_ign = Stemmer::snowball(lang, lang != "porter").unwrap();
        let (got, got_ign) = (s.stem(word), s_ign.stem(word));
        if got != plain || got_ign != ignoring {
            entry.1 += 1;
            if examples.len() < 40 {
                examples.push(format!("{lang} {word:?}: {got:?}/{got_ign:?}, NLTK {plain:?}/{ignoring:?}"));
            }
        }
    }
    for (lang, (n, bad)) in &per_lang {
        eprintln!("{lang}: {n} rows, {bad} mismatches");
    }
    let total: usize = per_lang.values().map(|v| v.0).sum();
    assert_eq!(total, 69_860);
    // The counts the corpus README gives, so that a truncated file cannot pass.
    let expected = [
        ("arabic", 5861),
        ("danish", 3820),
        ("dutch", 3787),
        ("english", 3543),
        ("finnish", 5392),
        ("french", 4085),
        ("german", 4273),
        ("hungarian", 5333),
        ("italian", 4144),
        ("norwegian", 3981),
        ("porter", 3543),
        ("portuguese", 4147),
        ("romanian", 4468),
        ("russian", 5350),
        ("spanish", 4173),
        ("swedish", 3960),
    ];
    for (lang, n) in expected {
        assert_eq!(per_lang.get(lang).map(|v| v.0), Some(n), "{lang}");
    }
    assert!(per_lang.values().all(|v| v.1 == 0), "{per_lang:?}");
    assert!(examples.is_empty(), "{}", examples.join("\n"));
}
