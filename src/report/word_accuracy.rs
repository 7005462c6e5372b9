//! Word accuracy by frequency bucket, as compare-mt's `FreqWordBucketer.calc_statistics` counts it:
//! a hypothesis word matches the next occurrence of itself in the reference not matched yet, so
//! per segment a word type matches `min(hypothesis count, reference count)` times; a word's bucket
//! is that of its frequency (in the references, or in a training corpus).

/// Per word type (token id): reference occurrences, and per system hypothesis occurrences and
/// matches, summed over the segments.
pub struct WordCounts {
    reference: Vec<u64>,
    output: Vec<Vec<u64>>,
    matched: Vec<Vec<u64>>,
    /// The current segment's reference count of each word, and the words it touched.
    in_reference: Vec<u32>,
    used: Vec<u32>,
    touched: Vec<u32>,
}

/// [`WordCounts`] summed per frequency bucket.
pub struct Bucketed {
    pub ref_totals: Vec<u64>,
    pub out_totals: Vec<Vec<u64>>,
    pub matches: Vec<Vec<u64>>,
}

fn grow<T: Clone + Default>(v: &mut Vec<T>, id: u32) -> &mut T {
    if v.len() <= id as usize {
        v.resize(id as usize + 1, T::default());
    }
    &mut v[id as usize]
}

/// compare-mt's `cutoff_into_bucket`: the first bucket whose cutoff exceeds `value`, else the last.
pub fn bucket_of(value: u64, cutoffs: &[u64]) -> usize {
    cutoffs.iter().position(|&c| value < c).unwrap_or(cutoffs.len())
}

impl WordCounts {
    pub fn new(systems: usize) -> Self {
        WordCounts {
            reference: Vec::new(),
            output: vec![Vec::new(); systems],
            matched: vec![Vec::new(); systems],
            in_reference: Vec::new(),
            used: Vec::new(),
            touched: Vec::new(),
        }
    }

    /// Counts one segment: its reference's token ids and each system's.
    pub fn add_segment(&mut self, reference: &[u32], hyps: &[Vec<u32>]) {
        for &w in reference {
            *grow(&mut self.reference, w) += 1;
            let c = grow(&mut self.in_reference, w);
            if *c == 0 {
                self.touched.push(w);
            }
            *c += 1;
        }
        grow(&mut self.used, self.in_reference.len() as u32);
        for (s, hyp) in hyps.iter().enumerate() {
            for &w in hyp {
                *grow(&mut self.output[s], w) += 1;
                let available = self.in_reference.get(w as usize).copied().unwrap_or(0);
                if available > 0 && self.used[w as usize] < available {
                    self.used[w as usize] += 1;
                    *grow(&mut self.matched[s], w) += 1;
                }
            }
            for &w in &self.touched {
                self.used[w as usize] = 0;
            }
        }
        for &w in &self.touched {
            self.in_reference[w as usize] = 0;
        }
        self.touched.clear();
    }

    /// Each word's frequency in the references.
    pub fn reference_frequencies(&self) -> Vec<u64> {
        self.reference.clone()
    }

    /// The counts summed per bucket of `frequency[word]` (0 for words beyond it).
    pub fn by_bucket(&self, frequency: &[u64], cutoffs: &[u64], vocabulary: usize) -> Bucketed {
        let buckets = cutoffs.len() + 1;
        let bucket: Vec<usize> =
            (0..vocabulary).map(|w| bucket_of(frequency.get(w).copied().unwrap_or(0), cutoffs)).collect();
        let sum = |counts: &[u64]| {
            let mut out = vec![0u64; buckets];
            for (w, &c) in counts.iter().enumerate() {
                out[bucket[w]] += c;
            }
            out
        };
        Bucketed {
            ref_totals: sum(&self.reference),
            out_totals: self.output.iter().map(|c| sum(c)).collect(),
            matches: self.matched.iter().map(|c| sum(c)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipped_matches_per_bucket() {
        let mut w = WordCounts::new(2);
        // Words 0 1 0 2 in the reference; system 0 says 0 0 0 3, system 1 says 2 1.
        w.add_segment(&[0, 1, 0, 2], &[vec![0, 0, 0, 3], vec![2, 1]]);
        w.add_segment(&[1], &[vec![1, 1], vec![]]);
        let freq = w.reference_frequencies();
        assert_eq!(freq, [2, 2, 1]);
        // Buckets: <1, 1, >=2.
        let b = w.by_bucket(&freq, &[1, 2], 4);
        assert_eq!(b.ref_totals, [0, 1, 4]);
        assert_eq!(b.out_totals, [vec![1, 0, 5], vec![0, 1, 1]]);
        assert_eq!(b.matches, [vec![0, 0, 3], vec![0, 1, 1]]);
        assert_eq!(bucket_of(0, &[1, 2]), 0);
        assert_eq!(bucket_of(1000, &[1, 2]), 2);
    }
}
