//! METEOR 1.5's sufficient statistics (`MeteorStats`): the 23 numbers its `-stdio` mode prints
//! per segment, how they add up over segments, and the score the jar computes from them
//! (`MeteorScorer.computeMetrics`), operation for operation so that the doubles are the jar's.

/// The statistics of one segment (or, summed, of many), in the jar's order. Values are doubles,
/// as in the jar; those of aligned segments are whole numbers (words or characters).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    pub test_length: f64,
    pub reference_length: f64,
    pub test_function_words: f64,
    pub reference_function_words: f64,
    /// Per module stage: test content, reference content, test function, reference function
    /// matches (stages past the configured modules are zero).
    pub stages: [[f64; 4]; 4],
    pub chunks: f64,
    pub test_word_matches: f64,
    pub reference_word_matches: f64,
}

/// The score of some statistics and the quantities on the way (the jar's `-vOut` fields).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub f_mean: f64,
    pub fragmentation_penalty: f64,
    pub score: f64,
}

/// The number of statistics in a stats line (`MeteorStats.STATS_LENGTH`).
pub const STATS_LENGTH: usize = 23;

impl Stats {
    /// All matches of the test (or reference) side, summed stage by stage as the jar does.
    pub fn test_total_matches(&self) -> f64 {
        let mut total = 0.0;
        for stage in &self.stages {
            total += stage[0];
            total += stage[2];
        }
        total
    }

    pub fn reference_total_matches(&self) -> f64 {
        let mut total = 0.0;
        for stage in &self.stages {
            total += stage[1];
            total += stage[3];
        }
        total
    }

    /// A segment the jar treats as identical to its reference: everything matched, one chunk
    /// (no fragmentation penalty, and its chunk is not added to a corpus's).
    pub fn is_perfect(&self) -> bool {
        self.test_total_matches() == self.test_length
            && self.reference_total_matches() == self.reference_length
            && self.chunks == 1.0
    }

    /// Adds `other` as `MeteorStats.addStats` does: every statistic, except the chunk of a
    /// perfect segment.
    pub fn add(&mut self, other: &Stats) {
        self.test_length += other.test_length;
        self.reference_length += other.reference_length;
        self.test_function_words += other.test_function_words;
        self.reference_function_words += other.reference_function_words;
        for (mine, theirs) in self.stages.iter_mut().zip(&other.stages) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        if !other.is_perfect() {
            self.chunks += other.chunks;
        }
        self.test_word_matches += other.test_word_matches;
        self.reference_word_matches += other.reference_word_matches;
    }

    /// `MeteorScorer.computeMetrics`: `parameters` are (alpha, beta, gamma, delta); `weights`
    /// the module weights (stages past them count for nothing).
    pub fn score(&self, parameters: [f64; 4], weights: &[f64]) -> Score {
        let [alpha, beta, gamma, delta] = parameters;
        let test_weighted_length = (delta * (self.test_length - self.test_function_words))
            + ((1.0 - delta) * self.test_function_words);
        let reference_weighted_length = (delta * (self.reference_length - self.reference_function_words))
            + ((1.0 - delta) * self.reference_function_words);
        // Four passes in the jar's order (test content, reference content, test function,
        // reference function), so that the sums round as the jar's do.
        let stages = || self.stages.iter().zip(weights.iter().take(4));
        let (mut test_matches, mut reference_matches) = (0.0, 0.0);
        for (stage, w) in stages() {
            test_matches += stage[0] * w * delta;
        }
        for (stage, w) in stages() {
            reference_matches += stage[1] * w * delta;
        }
        for (stage, w) in stages() {
            test_matches += stage[2] * w * (1.0 - delta);
        }
        for (stage, w) in stages() {
            reference_matches += stage[3] * w * (1.0 - delta);
        }
        let precision = test_matches / test_weighted_length;
        let recall = reference_matches / reference_weighted_length;
        let f1 = (2.0 * precision * recall) / (precision + recall);
        let f_mean = 1.0 / (((1.0 - alpha) / precision) + (alpha / recall));
        let frag = if self.is_perfect() {
            0.0
        } else {
            self.chunks / ((self.test_word_matches + self.reference_word_matches) / 2.0)
        };
        // Java's Math.pow, rounded as the jar's JVM rounds it (see `pow`).
        let fragmentation_penalty = gamma * super::pow::java_pow(frag, beta);
        let score = f_mean * (1.0 - fragmentation_penalty);
        // The jar: NaN (nothing to divide by) scores 0, and a score below 0 is 0.
        let score = if score.is_nan() || score <= 0.0 { 0.0 } else { score };
        Score { precision, recall, f1, f_mean, fragmentation_penalty, score }
    }

    /// The 23 numbers in the jar's order.
    pub fn to_array(&self) -> [f64; STATS_LENGTH] {
        let mut out = [0.0; STATS_LENGTH];
        out[0] = self.test_length;
        out[1] = self.reference_length;
        out[2] = self.test_function_words;
        out[3] = self.reference_function_words;
        for (i, stage) in self.stages.iter().enumerate() {
            out[4 + 4 * i..8 + 4 * i].copy_from_slice(stage);
        }
        out[20] = self.chunks;
        out[21] = self.test_word_matches;
        out[22] = self.reference_word_matches;
        out
    }

    pub fn from_array(a: &[f64; STATS_LENGTH]) -> Stats {
        let mut stages = [[0.0; 4]; 4];
        for (i, stage) in stages.iter_mut().enumerate() {
            stage.copy_from_slice(&a[4 + 4 * i..8 + 4 * i]);
        }
        Stats {
            test_length: a[0],
            reference_length: a[1],
            test_function_words: a[2],
            reference_function_words: a[3],
            stages,
            chunks: a[20],
            test_word_matches: a[21],
            reference_word_matches: a[22],
        }
    }

    /// The line the jar's `-stdio` mode answers a `SCORE` request with (`MeteorStats.toString`).
    pub fn to_line(&self) -> String {
        self.to_array().iter().map(|&x| java_number(x)).collect::<Vec<_>>().join(" ")
    }

    /// A stats line as the jar's `EVAL` request reads it (23 numbers separated by white space).
    pub fn parse_line(line: &str) -> Option<Stats> {
        let values: Vec<f64> =
            line.split_whitespace().map(|t| t.parse::<f64>().ok()).collect::<Option<_>>()?;
        let array: [f64; STATS_LENGTH] = values.get(..STATS_LENGTH)?.try_into().ok()?;
        Some(Stats::from_array(&array))
    }
}

/// `Double.toString` of a statistic: whole numbers as Java prints them; anything else (never
/// produced by an alignment) in Rust's shortest form.
fn java_number(x: f64) -> String {
    if x >= 0.0 && x.fract() == 0.0 && x < 1e16 {
        super::java::whole_double_string(x)
    } else {
        format!("{x:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RANK: [f64; 4] = [0.85, 0.2, 0.6, 0.75];
    const WEIGHTS: [f64; 4] = [1.0, 0.6, 0.8, 0.6];

    #[test]
    fn line_round_trip_and_score() {
        // coco-632 in pycocoevalcap's run: the jar answered this line and scored it 0.15286624203821655.
        let line =
            "9.0 12.0 3.0 6.0 2.0 2.0 3.0 3.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 5.0 5.0 5.0";
        let s = Stats::parse_line(line).unwrap();
        assert_eq!(s.to_line(), line);
        assert_eq!(s.score(RANK, &WEIGHTS).score, 0.15286624203821655);
    }

    #[test]
    fn perfect_segments_add_no_chunk() {
        let perfect = Stats::parse_line("3 3 1 1 2 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 1 3 3").unwrap();
        assert!(perfect.is_perfect());
        assert_eq!(perfect.score(RANK, &WEIGHTS).score, 1.0);
        let mut total = Stats::default();
        total.add(&perfect);
        total.add(&perfect);
        assert_eq!(total.chunks, 0.0);
        // Nothing to divide by scores 0, not NaN.
        assert_eq!(Stats::default().score(RANK, &WEIGHTS).score, 0.0);
    }
}
