//! The COCO caption evaluation suite (pycocoevalcap 1.2, the coco-caption code) on tokenized
//! captions: coco-caption's BLEU, ROUGE-L and CIDEr-D, and plain CIDEr.
//!
//! - [`words`]: tokenized captions -> token ids, split as each scorer splits them.
//! - [`ngrams`]: n-gram ids of any order, each text's counts in pycocoevalcap's order.
//! - [`captions`]: a batch of items (a candidate and its references) read once for every metric.
//! - [`bleu`], [`rouge_l`], [`cider`]: the scorers.
//! - [`pairs`]: CIDEr-D of all pairs, for minimum Bayes risk decoding and nearest captions.
//! - [`suite`]: the requested metrics of a batch, per item and over the corpus.
//! - [`pyfloat`]: the float arithmetic of Python and NumPy that the scores' last bits depend on.
//!
//! The PTB tokenizer that turns raw captions into the scorers' input is
//! [`crate::text::ptb`].
pub mod bleu;
pub mod captions;
pub mod cider;
pub mod ngrams;
pub mod pairs;
pub mod pyfloat;
pub mod rouge_l;
pub mod suite;
pub mod words;
