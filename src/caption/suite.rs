//! The suite's scores of a batch: each requested metric per item and over the corpus, as
//! `COCOEvalCap.evaluate()` reports them.
use super::bleu::{self, BleuStats};
use super::captions::Captions;
use super::cider::{self, Frequencies, Variant};
use super::ngrams::Marks;
use super::pyfloat::numpy_mean;
use super::rouge_l;
use crate::batch;

/// Which metrics to compute.
#[derive(Debug, Clone, Copy)]
pub struct Metrics {
    /// BLEU up to this order (1 to 4), or none.
    pub bleu: Option<usize>,
    pub rouge_l: bool,
    /// CIDEr-D or CIDEr with n-grams up to this order, or none.
    pub cider: Option<(Variant, usize)>,
}

impl Metrics {
    /// The n-gram order the batch must be read with.
    pub fn order(&self) -> usize {
        self.bleu.unwrap_or(1).max(self.cider.map_or(1, |c| c.1))
    }
}

/// Per-item values and the corpus value of one metric.
#[derive(Debug, Clone, Default)]
pub struct Column {
    pub per_item: Vec<f64>,
    pub corpus: f64,
}

#[derive(Debug, Default)]
pub struct Suite {
    /// `Bleu_1..Bleu_n`, and the summed statistics they come from.
    pub bleu: Vec<Column>,
    pub bleu_stats: Option<BleuStats>,
    pub rouge_l: Option<Column>,
    pub cider: Option<Column>,
}

thread_local! {
    static COUNTS: std::cell::RefCell<Marks<u32>> = std::cell::RefCell::new(Marks::default());
}

/// The metrics of `c`, items in parallel according to `workers`.
pub fn run(c: &Captions, metrics: Metrics, freq: Frequencies, workers: Option<usize>) -> Suite {
    let mut out = Suite::default();
    if let Some(n) = metrics.bleu {
        let stats = batch::map_range(c.len(), workers, |i| {
            COUNTS.with(|m| {
                let mut m = m.borrow_mut();
                bleu::item_stats(&c.profiles, &c.lens, c.candidate(i), c.references(i), &mut m, c.table.len())
            })
        });
        let mut total = BleuStats::default();
        let mut per_order: Vec<Vec<f64>> = vec![Vec::with_capacity(c.len()); n];
        for s in &stats {
            total += *s;
            for (k, v) in bleu::scores(s, n).into_iter().enumerate() {
                per_order[k].push(v);
            }
        }
        let corpus = bleu::scores(&total, n);
        out.bleu =
            per_order.into_iter().zip(corpus).map(|(per_item, corpus)| Column { per_item, corpus }).collect();
        out.bleu_stats = Some(total);
    }
    if metrics.rouge_l {
        let per_item =
            batch::map_range(c.len(), workers, |i| rouge_l::score(&c.words, c.candidate(i), c.references(i)));
        let corpus = numpy_mean(&per_item);
        out.rouge_l = Some(Column { per_item, corpus });
    }
    if let Some((variant, order)) = metrics.cider {
        let (per_item, corpus) = cider::scores(c, freq, variant, order, workers);
        out.cider = Some(Column { per_item, corpus });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caption::captions::Text;
    use crate::text::intern::Interner;

    fn batch(items: &[(&'static str, &[&'static str])]) -> Captions {
        let mut vocab = Interner::new();
        Captions::new(
            items.iter().map(|(c, refs)| (Text::Str(c), refs.iter().map(|r| Text::Str(r)).collect())),
            4,
            &mut vocab,
        )
        .unwrap()
    }

    #[test]
    fn a_perfect_caption_and_a_bad_one() {
        let c = batch(&[
            ("a dog runs on the grass", &["a dog runs on the grass", "a brown dog is running"]),
            ("two cats", &["a man rides a horse", "a person on a horse"]),
            ("a man on a horse", &["a man rides a horse", "the horse and its rider"]),
        ]);
        let m = Metrics { bleu: Some(4), rouge_l: true, cider: Some((Variant::CiderD { sigma: 6.0 }, 4)) };
        let s = run(&c, m, Frequencies::Batch, Some(1));
        assert_eq!(s.bleu.len(), 4);
        assert!((s.bleu[3].per_item[0] - 1.0).abs() < 1e-6);
        assert!(s.bleu[0].per_item[1] < 1e-5);
        assert_eq!(s.rouge_l.as_ref().unwrap().per_item[0], 1.0);
        assert_eq!(s.rouge_l.as_ref().unwrap().per_item[1], 0.0);
        let cider = s.cider.unwrap();
        assert_eq!(cider.per_item[1], 0.0);
        assert!(cider.per_item[0] > cider.per_item[2] && cider.per_item[2] > 0.0);
        // Any number of workers gives the same floats.
        let again = run(&c, m, Frequencies::Batch, Some(3));
        assert_eq!(again.cider.unwrap().per_item, cider.per_item);
        assert_eq!(again.bleu_stats, s.bleu_stats);
    }

    #[test]
    fn an_item_without_references_is_refused() {
        let mut vocab = Interner::new();
        let err = Captions::new([(Text::Str("a"), vec![])], 4, &mut vocab).err().unwrap();
        assert!(err.to_string().contains("item 0 has no reference"), "{err}");
    }
}
