//! A minimal reader of the Arrow C data interface for text columns: `utf8`, `large_utf8`,
//! `utf8_view` and `list`/`large_list` of those, imported from any producer (pyarrow, Polars,
//! pandas, DuckDB, ...) without copying their buffers.
//!
//! Why hand-written rather than the `arrow` crate's FFI (or `pyo3-arrow`): rougebleu reads only
//! these few layouts, and those crates add dependencies, build time and wheel size for array
//! kernels it would never call (measured in docs/architecture.md, "Reading Arrow"). The structs
//! below are the stable ABI of <https://arrow.apache.org/docs/format/CDataInterface.html>;
//! everything read through them is validated here (offsets in order, view ranges inside their
//! buffers, UTF-8) before any `&str` is handed out, so a faulty producer gives an error, never
//! undefined behaviour. What the interface gives no way to check is trusted, as every consumer
//! trusts it: that each buffer is as long as the array's `offset + length` (and, for strings, its
//! last offset) says.
//!
//! The unit and property tests (`arrow/tests.rs`) play the producer: they build arrays in Rust,
//! then corrupt their offsets, lengths, null bitmaps, views and UTF-8.
use std::ffi::{c_char, c_void, CStr};
use std::ptr;

/// `struct ArrowSchema` of the C data interface.
#[repr(C)]
pub struct FfiSchema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut FfiSchema,
    dictionary: *mut FfiSchema,
    release: Option<unsafe extern "C" fn(*mut FfiSchema)>,
    private_data: *mut c_void,
}

/// `struct ArrowArray` of the C data interface.
#[repr(C)]
pub struct FfiArray {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut FfiArray,
    dictionary: *mut FfiArray,
    release: Option<unsafe extern "C" fn(*mut FfiArray)>,
    private_data: *mut c_void,
}

/// `struct ArrowArrayStream` of the C stream interface.
#[repr(C)]
pub struct FfiStream {
    get_schema: Option<unsafe extern "C" fn(*mut FfiStream, *mut FfiSchema) -> i32>,
    get_next: Option<unsafe extern "C" fn(*mut FfiStream, *mut FfiArray) -> i32>,
    get_last_error: Option<unsafe extern "C" fn(*mut FfiStream) -> *const c_char>,
    release: Option<unsafe extern "C" fn(*mut FfiStream)>,
    private_data: *mut c_void,
}

/// An import problem: the message says what was found (the caller names the argument).
pub type FfiResult<T> = Result<T, String>;

/// A schema we own (moved out of its producer's capsule); released on drop.
pub struct OwnedSchema(Box<FfiSchema>);

/// An array we own (moved out of its producer); released on drop, which frees its children too.
pub struct OwnedArray(Box<FfiArray>);

/// A stream we own; released on drop.
pub struct OwnedStream(Box<FfiStream>);

// SAFETY: the C data interface requires producers to make `release` callable from any thread,
// and the buffers are immutable while the array is alive.
unsafe impl Send for OwnedArray {}
unsafe impl Sync for OwnedArray {}

impl Drop for OwnedSchema {
    fn drop(&mut self) {
        if let Some(release) = self.0.release {
            // SAFETY: the struct was moved to us with a live release callback, called once.
            unsafe { release(&mut *self.0) }
        }
    }
}

impl Drop for OwnedArray {
    fn drop(&mut self) {
        if let Some(release) = self.0.release {
            // SAFETY: as for the schema.
            unsafe { release(&mut *self.0) }
        }
    }
}

impl Drop for OwnedStream {
    fn drop(&mut self) {
        if let Some(release) = self.0.release {
            // SAFETY: as for the schema.
            unsafe { release(&mut *self.0) }
        }
    }
}

impl OwnedSchema {
    /// Takes over the schema at `p`, leaving it released (`release = NULL`) so that the
    /// producer's capsule destructor does not free it a second time (the interface's "move").
    ///
    /// # Safety
    /// `p` points to a valid, unreleased `ArrowSchema`.
    pub unsafe fn take(p: *mut FfiSchema) -> Self {
        let owned = Box::new(ptr::read(p));
        (*p).release = None;
        OwnedSchema(owned)
    }
}

impl OwnedArray {
    /// Takes over the array at `p` (see [`OwnedSchema::take`]).
    ///
    /// # Safety
    /// `p` points to a valid, unreleased `ArrowArray`.
    pub unsafe fn take(p: *mut FfiArray) -> Self {
        let owned = Box::new(ptr::read(p));
        (*p).release = None;
        OwnedArray(owned)
    }
}

impl OwnedStream {
    /// Takes over the stream at `p` (see [`OwnedSchema::take`]).
    ///
    /// # Safety
    /// `p` points to a valid, unreleased `ArrowArrayStream`.
    pub unsafe fn take(p: *mut FfiStream) -> Self {
        let owned = Box::new(ptr::read(p));
        (*p).release = None;
        OwnedStream(owned)
    }

    fn error(&mut self, code: i32) -> String {
        let msg = self.0.get_last_error.and_then(|f| {
            // SAFETY: the callback returns NULL or a NUL-terminated string valid until the next call.
            let p = unsafe { f(&mut *self.0) };
            (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
        });
        format!("the Arrow stream failed (error {code}): {}", msg.unwrap_or_default())
    }

    pub fn schema(&mut self) -> FfiResult<OwnedSchema> {
        let get = self.0.get_schema.ok_or("the Arrow stream has been released")?;
        let mut out = std::mem::MaybeUninit::<FfiSchema>::zeroed();
        // SAFETY: `out` is writable; on success the producer fills it with a schema we own.
        let code = unsafe { get(&mut *self.0, out.as_mut_ptr()) };
        if code != 0 {
            return Err(self.error(code));
        }
        Ok(OwnedSchema(Box::new(unsafe { out.assume_init() })))
    }

    /// The next chunk, or `None` at the end of the stream.
    pub fn next_chunk(&mut self) -> FfiResult<Option<OwnedArray>> {
        let get = self.0.get_next.ok_or("the Arrow stream has been released")?;
        let mut out = std::mem::MaybeUninit::<FfiArray>::zeroed();
        // SAFETY: as in `schema`; a released (NULL `release`) array marks the end.
        let code = unsafe { get(&mut *self.0, out.as_mut_ptr()) };
        if code != 0 {
            return Err(self.error(code));
        }
        let array = unsafe { out.assume_init() };
        Ok(array.release.is_some().then(|| OwnedArray(Box::new(array))))
    }
}

/// The layouts read here, from a schema's format strings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// `n`: every row is null.
    Null,
    /// `u` (32-bit offsets), `U` (64-bit offsets).
    Utf8 { large: bool },
    /// `vu`: 16-byte views into variadic buffers.
    Utf8View,
    /// `+l`, `+L`: a list of one of the string layouts above.
    List { large: bool, values: Box<Layout> },
}

impl Layout {
    /// The layout of `schema`, or a message naming the unsupported Arrow type.
    pub fn of(schema: &OwnedSchema) -> FfiResult<Layout> {
        Self::of_raw(&schema.0)
    }

    fn of_raw(s: &FfiSchema) -> FfiResult<Layout> {
        if s.format.is_null() {
            return Err("the Arrow schema has no format".into());
        }
        // SAFETY: a valid schema's format is a NUL-terminated string.
        let format = unsafe { CStr::from_ptr(s.format) }.to_string_lossy();
        if !s.dictionary.is_null() {
            return Err(
                "a dictionary-encoded (categorical) column is not read; decode it to strings first".into()
            );
        }
        Ok(match &*format {
            "n" => Layout::Null,
            "u" => Layout::Utf8 { large: false },
            "U" => Layout::Utf8 { large: true },
            "vu" => Layout::Utf8View,
            "+l" | "+L" => {
                if s.n_children != 1 || s.children.is_null() {
                    return Err("an Arrow list schema without its child".into());
                }
                // SAFETY: n_children == 1, so children[0] is a valid schema pointer.
                let child = unsafe { &**s.children };
                let values = Self::of_raw(child)?;
                if matches!(values, Layout::List { .. }) {
                    return Err("a list of lists is not a text column".into());
                }
                Layout::List { large: &*format == "+L", values: Box::new(values) }
            }
            other => return Err(format!("Arrow type with format {other:?} is not a text column")),
        })
    }
}

/// Row `i`'s validity bit (`true`: valid); `bitmap` may be NULL when nothing is null.
#[inline]
fn valid(bitmap: *const u8, i: usize) -> bool {
    // SAFETY: callers check that the bitmap covers `offset + length` bits.
    bitmap.is_null() || unsafe { *bitmap.add(i / 8) } & (1 << (i % 8)) != 0
}

fn as_len(v: i64, what: &str) -> FfiResult<usize> {
    usize::try_from(v).map_err(|_| format!("the Arrow array has a negative {what} ({v})"))
}

/// Offsets `offset..=end` of a 32-bit (`large`: 64-bit) offsets buffer, widened.
///
/// # Safety
/// `raw` points to at least `end + 1` offsets.
unsafe fn read_offsets(raw: *const u8, large: bool, offset: usize, end: usize) -> Vec<i64> {
    if large {
        std::slice::from_raw_parts(raw as *const i64, end + 1)[offset..].to_vec()
    } else {
        std::slice::from_raw_parts(raw as *const i32, end + 1)[offset..]
            .iter()
            .map(|&o| i64::from(o))
            .collect()
    }
}

fn buffer(a: &FfiArray, k: usize) -> *const u8 {
    // SAFETY: callers check `n_buffers > k` first.
    unsafe { *a.buffers.add(k) as *const u8 }
}

/// Where one chunk's strings are, checked: every non-null row's bytes are valid UTF-8 in bounds.
#[derive(Clone, Copy)]
enum Bytes {
    AllNull,
    /// No row has a byte (every valid row is empty), so no buffer is read.
    Empty,
    Offsets32 {
        offsets: *const i32,
        data: *const u8,
    },
    Offsets64 {
        offsets: *const i64,
        data: *const u8,
    },
    /// 16-byte views into the variadic data `buffers`.
    Views {
        views: *const u8,
        buffers: *const *const u8,
    },
}

/// One validated chunk of strings: rows `offset..offset + len` of an imported array.
#[derive(Clone, Copy)]
pub struct StringChunk {
    bytes: Bytes,
    validity: *const u8,
    offset: usize,
    len: usize,
}

// SAFETY: the pointers reach immutable buffers kept alive by the `OwnedArray` they came from,
// which is kept with them (see `TextColumn`).
unsafe impl Send for StringChunk {}
unsafe impl Sync for StringChunk {}

impl StringChunk {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Row `i` (0-based within the chunk), `None` when null.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&str> {
        debug_assert!(i < self.len);
        let j = self.offset + i;
        if !valid(self.validity, j) {
            return None;
        }
        // SAFETY: `import` checked, for every valid row, that its byte range lies in its buffer
        // and is UTF-8.
        unsafe {
            let slice = match self.bytes {
                Bytes::AllNull => return None,
                Bytes::Empty => return Some(""),
                Bytes::Offsets32 { offsets, data } => {
                    let (a, b) = (*offsets.add(j) as usize, *offsets.add(j + 1) as usize);
                    std::slice::from_raw_parts(data.add(a), b - a)
                }
                Bytes::Offsets64 { offsets, data } => {
                    let (a, b) = (*offsets.add(j) as usize, *offsets.add(j + 1) as usize);
                    std::slice::from_raw_parts(data.add(a), b - a)
                }
                Bytes::Views { views, buffers } => {
                    let v = views.add(16 * j);
                    let len = ptr::read_unaligned(v as *const u32) as usize;
                    if len <= 12 {
                        std::slice::from_raw_parts(v.add(4), len)
                    } else {
                        let k = ptr::read_unaligned(v.add(8) as *const u32) as usize;
                        let at = ptr::read_unaligned(v.add(12) as *const u32) as usize;
                        std::slice::from_raw_parts((*buffers.add(k)).add(at), len)
                    }
                }
            };
            Some(std::str::from_utf8_unchecked(slice))
        }
    }

    /// Reads and validates the strings of `a` (whose layout is `layout`, not a list).
    fn import(a: &FfiArray, layout: &Layout) -> FfiResult<StringChunk> {
        let len = as_len(a.length, "length")?;
        let offset = as_len(a.offset, "offset")?;
        let end = offset.checked_add(len).ok_or("the Arrow array is too long")?;
        let nulls = a.null_count != 0;
        if *layout == Layout::Null {
            return Ok(StringChunk { bytes: Bytes::AllNull, validity: ptr::null(), offset, len });
        }
        // utf8: validity, offsets, data; utf8_view: validity, views, data buffers..., sizes.
        if a.n_buffers < 3 || a.buffers.is_null() {
            return Err("the Arrow array has too few buffers".into());
        }
        let validity = if nulls { buffer(a, 0) } else { ptr::null() };
        let mut chunk = StringChunk { bytes: Bytes::AllNull, validity, offset, len };
        let check = |bytes: &[u8], row: usize| {
            std::str::from_utf8(bytes).map(|_| ()).map_err(|e| format!("row {row} is not valid UTF-8: {e}"))
        };
        match layout {
            Layout::Utf8 { large } => {
                if len == 0 {
                    chunk.bytes = Bytes::Empty;
                    return Ok(chunk);
                }
                let data = buffer(a, 2);
                let raw = buffer(a, 1);
                if raw.is_null() {
                    return Err("the Arrow string array has no offsets buffer".into());
                }
                // The offsets of rows offset..=end, widened; their order and bounds checked once.
                // SAFETY: a valid string array has offset + length + 1 offsets.
                let offs = unsafe { read_offsets(raw, *large, offset, end) };
                if offs[0] < 0 || offs.windows(2).any(|w| w[1] < w[0]) {
                    return Err("the Arrow string offsets are not in order".into());
                }
                let (first, last) = (offs[0] as usize, offs[len] as usize);
                if last == first {
                    // Every row is empty: a producer may then give no data buffer at all, and
                    // the offsets need not be 0, so nothing is read through them.
                    chunk.bytes = Bytes::Empty;
                    return Ok(chunk);
                }
                if data.is_null() {
                    return Err("the Arrow string array has no data buffer".into());
                }
                // SAFETY: the data buffer holds at least `last` bytes (the last offset).
                let all = unsafe { std::slice::from_raw_parts(data, last) };
                let is_valid = |i: usize| !nulls || valid(validity, offset + i);
                // Fast path: the whole range is UTF-8 and every valid row starts and ends on a
                // character boundary. Null rows may hold anything, so otherwise check row by row.
                let boundary = |o: i64| {
                    let o = o as usize;
                    o == all.len() || (all[o] as i8) >= -0x40
                };
                let whole_ok = std::str::from_utf8(&all[first..last]).is_ok()
                    && (0..len).all(|i| !is_valid(i) || (boundary(offs[i]) && boundary(offs[i + 1])));
                if !whole_ok {
                    for i in (0..len).filter(|&i| is_valid(i)) {
                        check(&all[offs[i] as usize..offs[i + 1] as usize], i)?;
                    }
                }
                chunk.bytes = if *large {
                    Bytes::Offsets64 { offsets: raw as *const i64, data }
                } else {
                    Bytes::Offsets32 { offsets: raw as *const i32, data }
                };
            }
            Layout::Utf8View => {
                // Buffers: validity, views, data buffers..., and last the int64 sizes of the
                // data buffers (the C interface's extra buffer for view types).
                let n_data = as_len(a.n_buffers, "buffer count")?.checked_sub(3).ok_or("too few buffers")?;
                let views = buffer(a, 1);
                if len > 0 && views.is_null() {
                    return Err("the Arrow string view array has no views buffer".into());
                }
                let sizes = buffer(a, 2 + n_data) as *const i64;
                if n_data > 0 && sizes.is_null() {
                    return Err("the Arrow string view array has no buffer sizes".into());
                }
                // SAFETY: n_buffers = 3 + n_data, so these pointers exist.
                let data_ptrs = unsafe { a.buffers.add(2) } as *const *const u8;
                for i in 0..len {
                    if nulls && !valid(validity, offset + i) {
                        continue;
                    }
                    // SAFETY: a valid view array has offset + length views of 16 bytes.
                    let v = unsafe { views.add(16 * (offset + i)) };
                    let n = unsafe { ptr::read_unaligned(v as *const u32) } as usize;
                    let bytes = if n <= 12 {
                        unsafe { std::slice::from_raw_parts(v.add(4), n) }
                    } else {
                        let k = unsafe { ptr::read_unaligned(v.add(8) as *const u32) } as usize;
                        let at = unsafe { ptr::read_unaligned(v.add(12) as *const u32) } as usize;
                        if k >= n_data {
                            return Err(format!("row {i} points to data buffer {k} of {n_data}"));
                        }
                        let size = unsafe { *sizes.add(k) };
                        let base = unsafe { *data_ptrs.add(k) };
                        if base.is_null()
                            || size < 0
                            || at.checked_add(n).map_or(true, |e| e as u64 > size as u64)
                        {
                            return Err(format!("row {i} lies outside its data buffer"));
                        }
                        unsafe { std::slice::from_raw_parts(base.add(at), n) }
                    };
                    check(bytes, i)?;
                }
                chunk.bytes = Bytes::Views { views, buffers: data_ptrs };
            }
            Layout::Null | Layout::List { .. } => unreachable!("handled by the caller"),
        }
        Ok(chunk)
    }
}

/// One validated chunk of a list column: row `i` holds values `ranges[i]` of `values`
/// (`None`: a null row).
pub struct ListChunk {
    pub ranges: Vec<Option<(usize, usize)>>,
    pub values: StringChunk,
}

/// A chunk read from an imported array: strings, or lists of strings.
pub enum Chunk {
    Strings(StringChunk),
    Lists(ListChunk),
}

/// Reads the chunk `array` of layout `layout`; the returned views borrow `array`'s buffers, so
/// the caller keeps `array` alive as long as it uses them.
pub fn read_chunk(array: &OwnedArray, layout: &Layout) -> FfiResult<Chunk> {
    let a = &*array.0;
    match layout {
        Layout::List { large, values } => {
            let len = as_len(a.length, "length")?;
            let offset = as_len(a.offset, "offset")?;
            let end = offset.checked_add(len).ok_or("the Arrow array is too long")?;
            if a.n_buffers < 2 || a.buffers.is_null() || a.n_children != 1 || a.children.is_null() {
                return Err("the Arrow list array is missing its offsets or its child".into());
            }
            // SAFETY: n_children == 1.
            let child = unsafe { &**a.children };
            let values = StringChunk::import(child, values)?;
            let nulls = a.null_count != 0;
            let validity = if nulls { buffer(a, 0) } else { ptr::null() };
            let raw = buffer(a, 1);
            if len > 0 && raw.is_null() {
                return Err("the Arrow list array has no offsets buffer".into());
            }
            let offs: Vec<i64> = if len == 0 {
                vec![0]
            } else {
                // SAFETY: a valid list array has offset + length + 1 offsets.
                unsafe { read_offsets(raw, *large, offset, end) }
            };
            if offs[0] < 0 || offs.windows(2).any(|w| w[1] < w[0]) || offs[len] as u64 > values.len() as u64 {
                return Err("the Arrow list offsets are out of order or out of bounds".into());
            }
            let ranges = (0..len)
                .map(|i| {
                    (!nulls || valid(validity, offset + i)).then(|| (offs[i] as usize, offs[i + 1] as usize))
                })
                .collect();
            Ok(Chunk::Lists(ListChunk { ranges, values }))
        }
        _ => Ok(Chunk::Strings(StringChunk::import(a, layout)?)),
    }
}

#[cfg(test)]
mod tests;
