//! Text columns: the rows of a batch argument read without a Python string per row, from any
//! thread. Arrow chunks are borrowed in place ([`arrow`]), NumPy and object arrays arrive as owned
//! texts, and files read natively as lines are shared with the object that read them.
//!
//! Nulls are kept as `None` rows; each caller applies its rule (an error naming the row, or
//! sacrebleu's missing reference). The binding layer (`src/python/columns.rs`) decides which
//! Python objects are columns and hands their Arrow structs or texts to the constructors here.
pub mod arrow;

use std::sync::Arc;

use arrow::{read_chunk, Chunk, FfiResult, Layout, OwnedArray, OwnedSchema, OwnedStream, StringChunk};

use crate::text::lines::Lines;

/// A column of texts (`None`: a null row).
pub struct TextColumn {
    rows: Rows,
}

enum Rows {
    /// Validated Arrow chunks; `starts[c]` is the first row of chunk `c`. `_keep` owns the
    /// imported arrays whose buffers the chunks point into.
    Arrow { chunks: Vec<StringChunk>, starts: Vec<usize>, len: usize, _keep: Vec<OwnedArray> },
    /// Texts decoded or copied from NumPy arrays.
    Owned(Vec<Option<String>>),
    /// The lines of a file read natively, shared with the object that read them.
    Lines(Arc<Lines>),
}

impl TextColumn {
    /// A column of owned texts.
    pub fn owned(texts: Vec<Option<String>>) -> Self {
        TextColumn { rows: Rows::Owned(texts) }
    }

    /// The lines of a file, one row each (never null).
    pub fn lines(lines: Arc<Lines>) -> Self {
        TextColumn { rows: Rows::Lines(lines) }
    }

    fn arrow(chunks: Vec<StringChunk>, keep: Vec<OwnedArray>) -> Self {
        let mut starts = Vec::with_capacity(chunks.len());
        let mut len = 0;
        for c in &chunks {
            starts.push(len);
            len += c.len();
        }
        TextColumn { rows: Rows::Arrow { chunks, starts, len, _keep: keep } }
    }

    pub fn len(&self) -> usize {
        match &self.rows {
            Rows::Arrow { len, .. } => *len,
            Rows::Owned(v) => v.len(),
            Rows::Lines(l) => l.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row `i`, `None` when null.
    pub fn get(&self, i: usize) -> Option<&str> {
        match &self.rows {
            Rows::Arrow { chunks, starts, .. } => {
                let c = starts.partition_point(|&s| s <= i) - 1;
                chunks[c].get(i - starts[c])
            }
            Rows::Owned(v) => v[i].as_deref(),
            Rows::Lines(l) => Some(l.get(i)),
        }
    }

    /// Every row in order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = Option<&str>> + '_> {
        match &self.rows {
            Rows::Arrow { chunks, .. } => {
                Box::new(chunks.iter().flat_map(|c| (0..c.len()).map(move |i| c.get(i))))
            }
            Rows::Owned(v) => Box::new(v.iter().map(|s| s.as_deref())),
            Rows::Lines(l) => Box::new(l.iter().map(Some)),
        }
    }
}

/// A column whose rows are lists of texts (several references per row).
pub struct ListColumn {
    /// Row `i` holds `values[a..b]`; `None`: a null row.
    ranges: Vec<Option<(usize, usize)>>,
    values: TextColumn,
}

impl ListColumn {
    /// Rows `ranges` (half-open, `None`: null) over `values`.
    ///
    /// # Panics
    /// When a range does not lie in `values` (the caller builds both together).
    pub fn new(ranges: Vec<Option<(usize, usize)>>, values: TextColumn) -> Self {
        assert!(
            ranges.iter().flatten().all(|&(a, b)| a <= b && b <= values.len()),
            "list ranges out of bounds"
        );
        ListColumn { ranges, values }
    }

    pub fn len(&self) -> usize {
        self.ranges.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The texts of row `i`, or `None` for a null row.
    pub fn row(&self, i: usize) -> Option<impl Iterator<Item = Option<&str>> + '_> {
        self.ranges[i].map(|(a, b)| (a..b).map(move |k| self.values.get(k)))
    }
}

/// A batch argument read as a column.
pub enum Column {
    Text(TextColumn),
    List(ListColumn),
}

impl Column {
    pub fn len(&self) -> usize {
        match self {
            Column::Text(t) => t.len(),
            Column::List(l) => l.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The column an Arrow stream holds (a pyarrow `ChunkedArray`, a Polars or pandas `Series`),
    /// read chunk by chunk. The message of an error says what was found; the caller names the
    /// argument.
    pub fn from_arrow_stream(mut stream: OwnedStream) -> FfiResult<Column> {
        let layout = Layout::of(&stream.schema()?)?;
        let mut arrays = Vec::new();
        while let Some(a) = stream.next_chunk()? {
            arrays.push(a);
        }
        Self::from_arrow_arrays(arrays, &layout)
    }

    /// The column of one Arrow array (a pyarrow `Array`).
    pub fn from_arrow_array(schema: OwnedSchema, array: OwnedArray) -> FfiResult<Column> {
        Self::from_arrow_arrays(vec![array], &Layout::of(&schema)?)
    }

    /// The chunks `arrays`, all of layout `layout`, as one column that keeps them alive.
    fn from_arrow_arrays(arrays: Vec<OwnedArray>, layout: &Layout) -> FfiResult<Column> {
        let chunks = arrays.iter().map(|a| read_chunk(a, layout)).collect::<FfiResult<Vec<_>>>()?;
        if let Layout::List { .. } = layout {
            let mut ranges = Vec::new();
            let mut values = Vec::with_capacity(chunks.len());
            let mut base = 0;
            for c in chunks {
                let Chunk::Lists(l) = c else { unreachable!("a list layout reads list chunks") };
                ranges.extend(l.ranges.iter().map(|r| r.map(|(a, b)| (base + a, base + b))));
                base += l.values.len();
                values.push(l.values);
            }
            return Ok(Column::List(ListColumn { ranges, values: TextColumn::arrow(values, arrays) }));
        }
        let strings = chunks
            .into_iter()
            .map(|c| match c {
                Chunk::Strings(s) => s,
                Chunk::Lists(_) => unreachable!("a string layout reads string chunks"),
            })
            .collect();
        Ok(Column::Text(TextColumn::arrow(strings, arrays)))
    }
}
