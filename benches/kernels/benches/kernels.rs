//! The kernels under the metrics, timed alone: what a change to one of them costs or saves,
//! without the binding layer, the tokenizers' callers or the thread pool. The inputs are
//! generated (a fixed seed, Zipf-like word frequencies as in text), so the benchmark needs no
//! corpus; the metric-level benchmarks against the reference tools are the Python scripts next to
//! this crate (benches/RESULTS.md).
//!
//! `make bench-kernels` (or `cargo bench --manifest-path benches/kernels/Cargo.toml`); criterion
//! keeps the last run under benches/kernels/target/criterion and reports the change against it.
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rougebleu::kernels::{lcs, ngram, skip_bigram, wlcs};
use rougebleu::text::rouge_score::{tokenize, Lowercase};
use rougebleu::text::sacrebleu::{preprocess, Tokenizer};

/// A deterministic stream of token ids with Zipf-like frequencies over `vocab` types.
struct Words {
    state: u64,
    vocab: u32,
}

impl Words {
    fn new(seed: u64, vocab: u32) -> Self {
        Words { state: seed | 1, vocab }
    }

    fn next(&mut self) -> u32 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        // Squaring a uniform draw favours the small ids, as frequent words are frequent.
        let u = (self.state >> 11) as f64 / (1u64 << 53) as f64;
        (u * u * f64::from(self.vocab)) as u32
    }

    fn text(&mut self, len: usize) -> Vec<u32> {
        (0..len).map(|_| self.next()).collect()
    }
}

/// Word forms for the tokenizer inputs: ids spelled as short words, with some punctuation.
fn spelled(ids: &[u32]) -> String {
    const PIECES: [&str; 8] = ["tion", "al", "ing", "re", "s", "the", "con", "ed"];
    let mut out = String::new();
    for (i, &id) in ids.iter().enumerate() {
        if i > 0 {
            out.push(if id % 17 == 0 { ',' } else { ' ' });
            if id % 17 == 0 {
                out.push(' ');
            }
        }
        let mut x = id as usize + 1;
        while x > 0 {
            out.push_str(PIECES[x % 8]);
            x /= 8;
        }
        if id % 29 == 0 {
            out.push('.');
        }
    }
    out
}

/// A pair of texts that share most of their words, as a system output and its reference do.
fn pair(len: usize, seed: u64) -> (Vec<u32>, Vec<u32>) {
    let mut w = Words::new(seed, 5_000);
    let reference = w.text(len);
    let candidate = reference.iter().map(|&t| if w.next() % 4 == 0 { w.next() } else { t }).collect();
    (reference, candidate)
}

const LENGTHS: [usize; 3] = [30, 120, 600];

fn overlap_kernels(c: &mut Criterion) {
    let mut g = c.benchmark_group("pair");
    for len in LENGTHS {
        let (r, h) = pair(len, len as u64);
        g.throughput(Throughput::Elements(len as u64));
        g.bench_with_input(BenchmarkId::new("ngram_overlap_n2", len), &len, |b, _| {
            b.iter(|| ngram::overlap(black_box(&r), black_box(&h), 2))
        });
        g.bench_with_input(BenchmarkId::new("lcs_len", len), &len, |b, _| {
            b.iter(|| lcs::lcs_len(black_box(&r), black_box(&h)))
        });
        g.bench_with_input(BenchmarkId::new("wlcs_1.2", len), &len, |b, _| {
            b.iter(|| wlcs::wlcs(black_box(&r), black_box(&h), 1.2))
        });
        g.bench_with_input(BenchmarkId::new("skip_bigram_4", len), &len, |b, _| {
            b.iter(|| skip_bigram::hits(black_box(&r), black_box(&h), skip_bigram::SkipDistance::Max(4)))
        });
        g.bench_with_input(BenchmarkId::new("ter_pair", len), &len, |b, _| {
            b.iter(|| rougebleu::ter::shift::ter_pair(black_box(&h), black_box(&r)))
        });
    }
    g.finish();
}

fn summary_level(c: &mut Criterion) {
    // rougeLsum over sentences of 20 tokens: 10 reference and 10 candidate sentences.
    let (r, h) = pair(200, 7);
    let rs: Vec<&[u32]> = r.chunks(20).collect();
    let hs: Vec<&[u32]> = h.chunks(20).collect();
    c.bench_function("union_lcs_hits/10x10_sentences", |b| {
        b.iter(|| lcs::union_lcs_hits(black_box(&rs), black_box(&hs)))
    });
}

fn tokenizers(c: &mut Criterion) {
    let mut g = c.benchmark_group("tokenize");
    let text = spelled(&Words::new(11, 5_000).text(600));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("rouge_score", |b| b.iter(|| tokenize(black_box(&text), Lowercase::Unicode)));
    g.bench_function("sacrebleu_13a", |b| {
        b.iter(|| preprocess(black_box(&text), Tokenizer::T13a, false).len())
    });
    g.bench_function("sacrebleu_intl", |b| {
        b.iter(|| preprocess(black_box(&text), Tokenizer::Intl, false).len())
    });
    let words: Vec<String> = tokenize(&text, Lowercase::Unicode);
    g.bench_function("nltk_porter_stem", |b| {
        b.iter(|| words.iter().map(|w| rougebleu::stem::nltk_porter::stem(black_box(w)).len()).sum::<usize>())
    });
    g.finish();
}

criterion_group!(benches, overlap_kernels, summary_level, tokenizers);
criterion_main!(benches);
