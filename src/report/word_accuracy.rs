//! Word accuracy by frequency bucket, as compare-mt's `FreqWordBucketer.calc_statistics` counts it:
//! a hypothesis word matches the next occurrence of itself in the reference not matched yet, so
//! per segment a word type matches `min(hypothesis count, reference count)` times; a word's bucket
//! is that of its frequency (in the references, or in a training corpus).
use super::slots::Slots;

/// Reference words, and per system hypothesis words and matched words, per frequency bucket.
pub struct WordCounts {
    /// The bucket of each word id seen before the counting (later ones have frequency 0).
    bucket: Vec<u8>,
    unseen: u8,
    ref_totals: Vec<u64>,
    out_totals: Vec<Vec<u64>>,
    matched: Vec<Vec<u64>>,
    /// The current segment's reference words: word id -> index into `available`.
    words: Slots,
    available: Vec<u32>,
    left: Vec<u32>,
}

/// [`WordCounts`] once every segment is counted.
pub struct Bucketed {
    pub ref_totals: Vec<u64>,
    pub out_totals: Vec<Vec<u64>>,
    pub matches: Vec<Vec<u64>>,
}

/// compare-mt's `cutoff_into_bucket`: the first bucket whose cutoff exceeds `value`, else the last.
pub fn bucket_of(value: u64, cutoffs: &[u64]) -> usize {
    cutoffs.iter().position(|&c| value < c).unwrap_or(cutoffs.len())
}

impl WordCounts {
    /// Counters for `systems` systems, with each word's bucket from `frequency[word id]` (at most
    /// 255 cutoffs).
    pub fn new(systems: usize, cutoffs: &[u64], frequency: Vec<u64>) -> Self {
        let buckets = cutoffs.len() + 1;
        WordCounts {
            bucket: frequency.iter().map(|&f| bucket_of(f, cutoffs) as u8).collect(),
            unseen: bucket_of(0, cutoffs) as u8,
            ref_totals: vec![0; buckets],
            out_totals: vec![vec![0; buckets]; systems],
            matched: vec![vec![0; buckets]; systems],
            words: Slots::default(),
            available: Vec::new(),
            left: Vec::new(),
        }
    }

    #[inline]
    fn bucket(&self, word: u32) -> usize {
        self.bucket.get(word as usize).copied().unwrap_or(self.unseen) as usize
    }

    /// Counts one segment: its reference's token ids and each system's.
    pub fn add_segment(&mut self, reference: &[u32], hyps: &[Vec<u32>]) {
        self.words.clear();
        self.available.clear();
        for &w in reference {
            let b = self.bucket(w);
            self.ref_totals[b] += 1;
            let next = self.available.len() as u32;
            let at = self.words.get_or_insert(w as u64, next);
            if at == next {
                self.available.push(0);
            }
            self.available[at as usize] += 1;
        }
        for (s, hyp) in hyps.iter().enumerate() {
            self.left.clear();
            self.left.extend_from_slice(&self.available);
            for &w in hyp {
                let b = self.bucket(w);
                self.out_totals[s][b] += 1;
                if let Some(at) = self.words.get(w as u64) {
                    if self.left[at as usize] > 0 {
                        self.left[at as usize] -= 1;
                        self.matched[s][b] += 1;
                    }
                }
            }
        }
    }

    pub fn into_buckets(self) -> Bucketed {
        Bucketed { ref_totals: self.ref_totals, out_totals: self.out_totals, matches: self.matched }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipped_matches_per_bucket() {
        // Frequencies (from the references): words 0 and 1 twice, word 2 once, word 3 never.
        // Buckets: <1, 1, >=2.
        let mut w = WordCounts::new(2, &[1, 2], vec![2, 2, 1]);
        // Words 0 1 0 2 in the reference; system 0 says 0 0 0 3, system 1 says 2 1.
        w.add_segment(&[0, 1, 0, 2], &[vec![0, 0, 0, 3], vec![2, 1]]);
        w.add_segment(&[1], &[vec![1, 1], vec![]]);
        let b = w.into_buckets();
        assert_eq!(b.ref_totals, [0, 1, 4]);
        assert_eq!(b.out_totals, [vec![1, 0, 5], vec![0, 1, 1]]);
        assert_eq!(b.matches, [vec![0, 0, 3], vec![0, 1, 1]]);
        assert_eq!(bucket_of(0, &[1, 2]), 0);
        assert_eq!(bucket_of(1000, &[1, 2]), 2);
    }
}
