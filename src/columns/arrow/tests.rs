//! The Arrow reader against producers written here. Each test builds arrays the way a producer
//! does (buffers it owns, a `release` callback that frees them), hands them over with `take`, and
//! checks what the reader makes of them: the layouts, the rows, the releases. The property tests
//! then corrupt valid arrays (offsets, lengths, null bitmaps and counts, views, list offsets,
//! UTF-8 bytes, missing buffers) and compare the reader with a model written with safe slices: the
//! same rows when the model reads the array, an error when it refuses it, and never a panic.
//!
//! Every corruption stays inside what the producer allocated (buffers are padded): the interface
//! gives a consumer no way to check a buffer's length, so that part of the contract is trusted,
//! and only what can be checked is varied. `PROPTEST_CASES` sets the number of cases (4,096 by
//! default; `make fuzz-arrow` runs 200,000).
use std::ffi::CString;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use proptest::prelude::*;

use super::*;
use crate::columns::Column;

/// Rows of padding a producer allocates past the rows it describes, so that a length or offset
/// corrupted upwards by up to this much still reads allocated memory.
const PAD: usize = 4;

/// A producer's array before it is handed over: `None` buffers are NULL pointers.
#[derive(Clone, Debug)]
struct Spec {
    /// Rows the buffers were allocated for (padding included): corruptions stay inside.
    capacity: usize,
    length: i64,
    null_count: i64,
    offset: i64,
    buffers: Vec<Option<Vec<u8>>>,
    children: Vec<Spec>,
}

/// What a built array owns (its `private_data`): 8-byte aligned copies of the buffers, the
/// pointer table, the children, and a counter of releases.
struct Private {
    _storage: Vec<Vec<u64>>,
    pointers: Vec<*const c_void>,
    children: Vec<*mut FfiArray>,
    releases: Arc<AtomicUsize>,
}

unsafe extern "C" fn release_array(a: *mut FfiArray) {
    let private = Box::from_raw((*a).private_data as *mut Private);
    for &child in &private.children {
        if let Some(release) = (*child).release {
            release(child);
        }
        drop(Box::from_raw(child));
    }
    private.releases.fetch_add(1, Ordering::SeqCst);
    (*a).release = None;
}

fn raw_array(spec: &Spec, releases: &Arc<AtomicUsize>) -> FfiArray {
    let mut storage = Vec::new();
    let mut pointers = Vec::new();
    for b in &spec.buffers {
        match b {
            None => pointers.push(ptr::null()),
            Some(bytes) => {
                // Offsets are read as aligned i32/i64 slices: keep every buffer 8-byte aligned.
                let mut words = vec![0u64; bytes.len().div_ceil(8).max(1)];
                // SAFETY: `words` holds at least `bytes.len()` bytes.
                unsafe {
                    ptr::copy_nonoverlapping(bytes.as_ptr(), words.as_mut_ptr() as *mut u8, bytes.len())
                };
                pointers.push(words.as_ptr() as *const c_void);
                storage.push(words);
            }
        }
    }
    let children: Vec<*mut FfiArray> =
        spec.children.iter().map(|c| Box::into_raw(Box::new(raw_array(c, releases)))).collect();
    let mut private = Box::new(Private { _storage: storage, pointers, children, releases: releases.clone() });
    FfiArray {
        length: spec.length,
        null_count: spec.null_count,
        offset: spec.offset,
        n_buffers: spec.buffers.len() as i64,
        n_children: spec.children.len() as i64,
        buffers: private.pointers.as_mut_ptr(),
        children: if private.children.is_empty() { ptr::null_mut() } else { private.children.as_mut_ptr() },
        dictionary: ptr::null_mut(),
        release: Some(release_array),
        private_data: Box::into_raw(private) as *mut c_void,
    }
}

/// The array `spec` describes, handed over to the reader; `releases` counts its releases.
fn build(spec: &Spec, releases: &Arc<AtomicUsize>) -> OwnedArray {
    let mut raw = raw_array(spec, releases);
    // SAFETY: `raw` is a valid, unreleased array made above.
    let owned = unsafe { OwnedArray::take(&mut raw) };
    assert!(raw.release.is_none(), "take leaves the producer's struct released");
    owned
}

unsafe extern "C" fn release_schema(s: *mut FfiSchema) {
    let s = &mut *s;
    drop(CString::from_raw(s.format as *mut c_char));
    if !s.children.is_null() {
        let children = Box::from_raw(ptr::slice_from_raw_parts_mut(s.children, s.n_children as usize));
        for &child in children.iter() {
            if let Some(release) = (*child).release {
                release(child);
            }
            drop(Box::from_raw(child));
        }
    }
    if !s.dictionary.is_null() {
        let d = Box::from_raw(s.dictionary);
        if let Some(release) = d.release {
            release(Box::into_raw(d));
        }
    }
    s.release = None;
}

/// A schema of format `format` with `children`; `dictionary` adds a (string) dictionary.
fn raw_schema(format: &str, children: Vec<FfiSchema>, dictionary: bool) -> FfiSchema {
    let n = children.len();
    let children = if n == 0 {
        ptr::null_mut()
    } else {
        let boxed: Box<[*mut FfiSchema]> = children.into_iter().map(|c| Box::into_raw(Box::new(c))).collect();
        Box::into_raw(boxed) as *mut *mut FfiSchema
    };
    FfiSchema {
        format: CString::new(format).unwrap().into_raw(),
        name: ptr::null(),
        metadata: ptr::null(),
        flags: 0,
        n_children: n as i64,
        children,
        dictionary: if dictionary {
            Box::into_raw(Box::new(raw_schema("u", vec![], false)))
        } else {
            ptr::null_mut()
        },
        release: Some(release_schema),
        private_data: ptr::null_mut(),
    }
}

fn schema(format: &str, children: Vec<FfiSchema>, dictionary: bool) -> OwnedSchema {
    let mut raw = raw_schema(format, children, dictionary);
    // SAFETY: a valid schema made above.
    unsafe { OwnedSchema::take(&mut raw) }
}

fn layout_of(format: &str, children: Vec<FfiSchema>) -> FfiResult<Layout> {
    Layout::of(&schema(format, children, false))
}

/// The schema of a layout (the inverse of `Layout::of`).
fn schema_of(layout: &Layout) -> OwnedSchema {
    fn raw(layout: &Layout) -> FfiSchema {
        match layout {
            Layout::Null => raw_schema("n", vec![], false),
            Layout::Utf8 { large: false } => raw_schema("u", vec![], false),
            Layout::Utf8 { large: true } => raw_schema("U", vec![], false),
            Layout::Utf8View => raw_schema("vu", vec![], false),
            Layout::List { large, values } => {
                raw_schema(if *large { "+L" } else { "+l" }, vec![raw(values)], false)
            }
        }
    }
    let mut s = raw(layout);
    // SAFETY: a valid schema made above.
    unsafe { OwnedSchema::take(&mut s) }
}

// ---- Producing valid arrays -------------------------------------------------------------------

type Rows = Vec<Option<String>>;

fn bitmap(valid: impl Iterator<Item = bool>, bits: usize) -> Vec<u8> {
    let mut b = vec![0u8; bits.div_ceil(8) + 1];
    for (i, v) in valid.enumerate() {
        if v {
            b[i / 8] |= 1 << (i % 8);
        }
    }
    b
}

/// `rows` as a string array of `layout` (`utf8`, `large_utf8` or `utf8_view`), after `skip`
/// leading rows that the array's `offset` skips. Null rows hold bytes that are not UTF-8, which
/// the reader must not look at. Every buffer is padded by [`PAD`] rows (and the data buffers by
/// spare bytes) so that a corrupted length, offset or view still points into allocated memory.
fn string_array(rows: &[Option<String>], skip: usize, layout: &Layout) -> Spec {
    let all: Vec<Option<String>> =
        (0..skip).map(|i| (i % 2 == 0).then(|| format!("skip{i}"))).chain(rows.iter().cloned()).collect();
    let bits = all.len() + PAD;
    let validity = bitmap(all.iter().map(Option::is_some), bits);
    let has_nulls = all.iter().any(Option::is_none);
    let mut spec = Spec {
        capacity: bits,
        length: rows.len() as i64,
        null_count: rows.iter().filter(|r| r.is_none()).count() as i64,
        offset: skip as i64,
        buffers: vec![has_nulls.then_some(validity)],
        children: vec![],
    };
    match layout {
        Layout::Utf8 { large } => {
            let mut data = Vec::new();
            let mut offsets = vec![0i64];
            for r in &all {
                match r {
                    Some(s) => data.extend_from_slice(s.as_bytes()),
                    None => data.extend_from_slice(&[0xFF, 0xC3]),
                }
                offsets.push(data.len() as i64);
            }
            let last = *offsets.last().unwrap();
            offsets.extend(std::iter::repeat(last).take(PAD));
            data.extend_from_slice(&[b'p'; 16]);
            let offsets: Vec<u8> = if *large {
                offsets.iter().flat_map(|o| o.to_le_bytes()).collect()
            } else {
                offsets.iter().flat_map(|&o| (o as i32).to_le_bytes()).collect()
            };
            spec.buffers.push(Some(offsets));
            spec.buffers.push(Some(data));
        }
        Layout::Utf8View => {
            // Two data buffers, long strings alternating between them.
            let mut data = [Vec::new(), Vec::new()];
            let mut views = Vec::new();
            for (i, r) in all.iter().enumerate() {
                let bytes: &[u8] = match r {
                    Some(s) => s.as_bytes(),
                    None => &[0xFF; 14],
                };
                let mut v = [0u8; 16];
                v[..4].copy_from_slice(&(bytes.len() as u32).to_le_bytes());
                if bytes.len() <= 12 {
                    v[4..4 + bytes.len()].copy_from_slice(bytes);
                } else {
                    let k = i % 2;
                    v[4..8].copy_from_slice(&bytes[..4]);
                    v[8..12].copy_from_slice(&(k as u32).to_le_bytes());
                    v[12..16].copy_from_slice(&(data[k].len() as u32).to_le_bytes());
                    data[k].extend_from_slice(bytes);
                }
                views.extend_from_slice(&v);
            }
            views.extend(std::iter::repeat(0u8).take(16 * PAD));
            let sizes: Vec<u8> = data.iter().flat_map(|d| (d.len() as i64).to_le_bytes()).collect();
            spec.buffers.push(Some(views));
            for mut d in data {
                d.extend_from_slice(&[b'p'; 16]);
                spec.buffers.push(Some(d));
            }
            spec.buffers.push(Some(sizes));
        }
        Layout::Null => {
            spec.buffers.clear();
            spec.null_count = spec.length;
        }
        Layout::List { .. } => unreachable!("see list_array"),
    }
    spec
}

type ListRows = Vec<Option<Vec<Option<String>>>>;

/// `rows` as a list array whose values are a string array of layout `values` (see
/// [`string_array`]), after `skip` rows its offset skips.
fn list_array(rows: &[Option<Vec<Option<String>>>], skip: usize, large: bool, values: &Layout) -> Spec {
    let all: Vec<Option<Vec<Option<String>>>> =
        (0..skip).map(|_| Some(vec![Some("skipped".to_owned())])).chain(rows.iter().cloned()).collect();
    let mut flat = Vec::new();
    let mut offsets = vec![0i64];
    for r in &all {
        flat.extend(r.iter().flatten().cloned());
        offsets.push(flat.len() as i64);
    }
    let last = *offsets.last().unwrap();
    offsets.extend(std::iter::repeat(last).take(PAD));
    let offsets: Vec<u8> = if large {
        offsets.iter().flat_map(|o| o.to_le_bytes()).collect()
    } else {
        offsets.iter().flat_map(|&o| (o as i32).to_le_bytes()).collect()
    };
    let has_nulls = all.iter().any(Option::is_none);
    Spec {
        capacity: all.len() + PAD,
        length: rows.len() as i64,
        null_count: rows.iter().filter(|r| r.is_none()).count() as i64,
        offset: skip as i64,
        buffers: vec![
            has_nulls.then(|| bitmap(all.iter().map(Option::is_some), all.len() + PAD)),
            Some(offsets),
        ],
        children: vec![string_array(&flat, 0, values)],
    }
}

// ---- What the reader returns, and what a model with safe slices says it should -----------------

#[derive(Debug, PartialEq)]
enum Read {
    Strings(Rows),
    Lists(ListRows),
}

fn strings_of(c: &StringChunk) -> Rows {
    (0..c.len()).map(|i| c.get(i).map(str::to_owned)).collect()
}

/// What the reader makes of `spec` read as `layout`.
fn read(spec: &Spec, layout: &Layout) -> FfiResult<Read> {
    let array = build(spec, &Arc::new(AtomicUsize::new(0)));
    Ok(match read_chunk(&array, layout)? {
        Chunk::Strings(c) => Read::Strings(strings_of(&c)),
        Chunk::Lists(l) => Read::Lists(
            l.ranges
                .iter()
                .map(|r| r.map(|(a, b)| (a..b).map(|k| l.values.get(k).map(str::to_owned)).collect()))
                .collect(),
        ),
    })
}

fn le_i64(bytes: &[u8], at: usize, large: bool) -> i64 {
    if large {
        i64::from_le_bytes(bytes[8 * at..8 * at + 8].try_into().unwrap())
    } else {
        i64::from(i32::from_le_bytes(bytes[4 * at..4 * at + 4].try_into().unwrap()))
    }
}

fn le_u32(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
}

/// `(offset, length)` of an array as the model accepts them.
fn extent(spec: &Spec) -> Option<(usize, usize)> {
    let offset = usize::try_from(spec.offset).ok()?;
    let len = usize::try_from(spec.length).ok()?;
    offset.checked_add(len)?;
    Some((offset, len))
}

/// Whether row `j` (counting from the buffer's start) is valid.
fn valid_bit(spec: &Spec, j: usize) -> bool {
    spec.null_count == 0 || spec.buffers[0].as_ref().map_or(true, |b| b[j / 8] & (1 << (j % 8)) != 0)
}

/// The model of a string array: the rows, or `None` where the reader must refuse it.
fn model_strings(spec: &Spec, layout: &Layout) -> Option<Rows> {
    let (offset, len) = extent(spec)?;
    if *layout == Layout::Null {
        return Some(vec![None; len]);
    }
    let b = &spec.buffers;
    if b.len() < 3 {
        return None;
    }
    let mut rows = Vec::with_capacity(len);
    match layout {
        Layout::Utf8 { large } => {
            if len == 0 {
                return Some(rows);
            }
            let offsets = b[1].as_ref()?;
            let offs: Vec<i64> = (offset..=offset + len).map(|j| le_i64(offsets, j, *large)).collect();
            if offs[0] < 0 || offs.windows(2).any(|w| w[1] < w[0]) {
                return None;
            }
            let no_bytes = offs[0] == offs[len];
            let data = if no_bytes { None } else { Some(b[2].as_ref()?) };
            for i in 0..len {
                rows.push(if !valid_bit(spec, offset + i) {
                    None
                } else if let Some(data) = data {
                    Some(std::str::from_utf8(&data[offs[i] as usize..offs[i + 1] as usize]).ok()?.to_owned())
                } else {
                    Some(String::new())
                });
            }
        }
        Layout::Utf8View => {
            let n_data = b.len() - 3;
            let views = b[1].as_ref();
            if len > 0 && views.is_none() {
                return None;
            }
            let sizes = b[2 + n_data].as_ref();
            if n_data > 0 && sizes.is_none() {
                return None;
            }
            for i in 0..len {
                if !valid_bit(spec, offset + i) {
                    rows.push(None);
                    continue;
                }
                let v = &views.unwrap()[16 * (offset + i)..16 * (offset + i + 1)];
                let n = le_u32(v, 0);
                let bytes = if n <= 12 {
                    &v[4..4 + n]
                } else {
                    let (k, at) = (le_u32(v, 8), le_u32(v, 12));
                    if k >= n_data {
                        return None;
                    }
                    let size = le_i64(sizes.unwrap(), k, true);
                    let base = b[2 + k].as_ref()?;
                    if size < 0 || (at + n) as i64 > size {
                        return None;
                    }
                    &base[at..at + n]
                };
                rows.push(Some(std::str::from_utf8(bytes).ok()?.to_owned()));
            }
        }
        Layout::Null | Layout::List { .. } => unreachable!(),
    }
    Some(rows)
}

/// The model of a list array.
fn model_lists(spec: &Spec, large: bool, values: &Layout) -> Option<ListRows> {
    let (offset, len) = extent(spec)?;
    if spec.buffers.len() < 2 || spec.children.len() != 1 {
        return None;
    }
    let child = model_strings(&spec.children[0], values)?;
    let offs: Vec<i64> = if len == 0 {
        vec![0]
    } else {
        let raw = spec.buffers[1].as_ref()?;
        (offset..=offset + len).map(|j| le_i64(raw, j, large)).collect()
    };
    if offs[0] < 0 || offs.windows(2).any(|w| w[1] < w[0]) || offs[len] as u64 > child.len() as u64 {
        return None;
    }
    Some(
        (0..len)
            .map(|i| {
                valid_bit(spec, offset + i).then(|| child[offs[i] as usize..offs[i + 1] as usize].to_vec())
            })
            .collect(),
    )
}

fn model(spec: &Spec, layout: &Layout) -> Option<Read> {
    match layout {
        Layout::List { large, values } => model_lists(spec, *large, values).map(Read::Lists),
        _ => model_strings(spec, layout).map(Read::Strings),
    }
}

// ---- Unit tests --------------------------------------------------------------------------------

fn rows(texts: &[Option<&str>]) -> Rows {
    texts.iter().map(|t| t.map(str::to_owned)).collect()
}

const STRING_LAYOUTS: [Layout; 3] =
    [Layout::Utf8 { large: false }, Layout::Utf8 { large: true }, Layout::Utf8View];

#[test]
fn layouts_from_format_strings() {
    assert_eq!(layout_of("u", vec![]), Ok(Layout::Utf8 { large: false }));
    assert_eq!(layout_of("U", vec![]), Ok(Layout::Utf8 { large: true }));
    assert_eq!(layout_of("vu", vec![]), Ok(Layout::Utf8View));
    assert_eq!(layout_of("n", vec![]), Ok(Layout::Null));
    assert_eq!(
        layout_of("+L", vec![raw_schema("vu", vec![], false)]),
        Ok(Layout::List { large: true, values: Box::new(Layout::Utf8View) })
    );
    assert!(layout_of("i", vec![]).unwrap_err().contains("\"i\" is not a text column"));
    assert!(layout_of("z", vec![]).is_err(), "binary is not text");
    assert!(layout_of("+l", vec![]).unwrap_err().contains("without its child"));
    let nested = raw_schema("+l", vec![raw_schema("u", vec![], false)], false);
    assert!(layout_of("+l", vec![nested]).unwrap_err().contains("list of lists"));
    assert!(Layout::of(&schema("u", vec![], true)).unwrap_err().contains("dictionary-encoded"));
    let mut no_format = raw_schema("u", vec![], false);
    let format = std::mem::replace(&mut no_format.format, ptr::null());
    // SAFETY: the schema is valid but for its format, which `of` checks first.
    let owned = unsafe { OwnedSchema::take(&mut no_format) };
    assert!(Layout::of(&owned).unwrap_err().contains("no format"));
    std::mem::forget(owned); // its release would free the NULL format
                             // SAFETY: the format taken out above, freed once.
    drop(unsafe { CString::from_raw(format as *mut c_char) });
}

#[test]
fn rows_of_every_string_layout_with_nulls_and_an_offset() {
    let texts = rows(&[
        Some("a"),
        None,
        Some(""),
        Some("日本語のテキスト、十二バイト超"),
        Some("twelve bytes"),
        None,
    ]);
    for layout in &STRING_LAYOUTS {
        for skip in [0, 3] {
            let spec = string_array(&texts, skip, layout);
            assert_eq!(read(&spec, layout), Ok(Read::Strings(texts.clone())), "{layout:?}, offset {skip}");
        }
    }
    let nulls = string_array(&rows(&[None, None]), 0, &Layout::Null);
    assert_eq!(read(&nulls, &Layout::Null), Ok(Read::Strings(vec![None, None])));
}

#[test]
fn list_rows_with_null_rows_and_null_items() {
    let lists: ListRows = vec![
        Some(rows(&[Some("one"), Some("two")])),
        None,
        Some(vec![]),
        Some(rows(&[None, Some("a reference longer than twelve bytes")])),
    ];
    for large in [false, true] {
        for values in &STRING_LAYOUTS {
            let layout = Layout::List { large, values: Box::new(values.clone()) };
            let spec = list_array(&lists, 2, large, values);
            assert_eq!(read(&spec, &layout), Ok(Read::Lists(lists.clone())), "{layout:?}");
        }
    }
}

#[test]
fn bad_offsets_and_utf8_are_errors_naming_the_fault() {
    let layout = Layout::Utf8 { large: false };
    let texts = rows(&[Some("ab"), Some("cd"), Some("é")]);
    let mut spec = string_array(&texts, 0, &layout);
    spec.buffers[1].as_mut().unwrap()[4..8].copy_from_slice(&5i32.to_le_bytes()); // 0, 5, 4: backwards
    assert!(read(&spec, &layout).unwrap_err().contains("not in order"));
    let mut spec = string_array(&texts, 0, &layout);
    spec.buffers[1].as_mut().unwrap()[..4].copy_from_slice(&(-1i32).to_le_bytes());
    assert!(read(&spec, &layout).unwrap_err().contains("not in order"));
    let mut spec = string_array(&texts, 0, &layout);
    // 0, 2, 5, 6: row 1 ends inside "é", row 2 starts inside it.
    spec.buffers[1].as_mut().unwrap()[8..12].copy_from_slice(&5i32.to_le_bytes());
    assert!(read(&spec, &layout).unwrap_err().contains("row 1 is not valid UTF-8"));
    let mut spec = string_array(&texts, 0, &layout);
    spec.length = -1;
    assert!(read(&spec, &layout).unwrap_err().contains("negative length"));
    spec.length = 1;
    spec.offset = -2;
    assert!(read(&spec, &layout).unwrap_err().contains("negative offset"));
    let mut spec = string_array(&texts, 0, &layout);
    spec.buffers[2] = None;
    assert!(read(&spec, &layout).unwrap_err().contains("no data buffer"));
    spec.buffers[1] = None;
    assert!(read(&spec, &layout).unwrap_err().contains("no offsets buffer"));
    spec.buffers.truncate(2);
    assert!(read(&spec, &layout).unwrap_err().contains("too few buffers"));
}

#[test]
fn empty_rows_need_no_data_buffer_wherever_their_offsets_point() {
    // A producer may give no data buffer when no row has a byte; the offsets of such rows need not
    // start at 0. No row may then be read through a NULL pointer.
    for layout in [Layout::Utf8 { large: false }, Layout::Utf8 { large: true }] {
        let mut spec = string_array(&rows(&[Some(""), None, Some("")]), 0, &layout);
        let large = layout == Layout::Utf8 { large: true };
        let width = if large { 8 } else { 4 };
        let offsets = spec.buffers[1].as_mut().unwrap();
        for j in 0..offsets.len() / width {
            let at = j * width;
            if large {
                offsets[at..at + 8].copy_from_slice(&7i64.to_le_bytes());
            } else {
                offsets[at..at + 4].copy_from_slice(&7i32.to_le_bytes());
            }
        }
        spec.buffers[2] = None;
        assert_eq!(read(&spec, &layout), Ok(Read::Strings(rows(&[Some(""), None, Some("")]))));
    }
}

#[test]
fn views_outside_their_buffers_are_errors() {
    let layout = Layout::Utf8View;
    let texts = rows(&[Some("a string longer than twelve")]);
    let mut spec = string_array(&texts, 0, &layout);
    spec.buffers[1].as_mut().unwrap()[8..12].copy_from_slice(&7u32.to_le_bytes());
    assert!(read(&spec, &layout).unwrap_err().contains("points to data buffer 7 of 2"));
    let mut spec = string_array(&texts, 0, &layout);
    spec.buffers[1].as_mut().unwrap()[12..16].copy_from_slice(&1u32.to_le_bytes());
    assert!(read(&spec, &layout).unwrap_err().contains("outside its data buffer"));
    let mut spec = string_array(&texts, 0, &layout);
    let sizes = spec.buffers.len() - 1;
    spec.buffers[sizes] = None;
    assert!(read(&spec, &layout).unwrap_err().contains("no buffer sizes"));
    let mut spec = string_array(&texts, 0, &layout);
    spec.buffers[1] = None;
    assert!(read(&spec, &layout).unwrap_err().contains("no views buffer"));
}

#[test]
fn list_offsets_past_the_values_are_errors() {
    let values = Layout::Utf8 { large: false };
    let layout = Layout::List { large: false, values: Box::new(values.clone()) };
    let mut spec = list_array(&[Some(rows(&[Some("x")]))], 0, false, &values);
    spec.buffers[1].as_mut().unwrap()[4..8].copy_from_slice(&2i32.to_le_bytes());
    assert!(read(&spec, &layout).unwrap_err().contains("out of bounds"));
    spec.children.clear();
    assert!(read(&spec, &layout).unwrap_err().contains("missing its offsets or its child"));
}

#[test]
fn arrays_are_released_once_when_the_column_is_dropped() {
    let releases = Arc::new(AtomicUsize::new(0));
    let values = Layout::Utf8 { large: true };
    let layout = Layout::List { large: true, values: Box::new(values.clone()) };
    let first = build(&list_array(&[Some(rows(&[Some("a"), Some("b")]))], 0, true, &values), &releases);
    let second = build(&list_array(&[None, Some(rows(&[Some("c")]))], 1, true, &values), &releases);
    let column = Column::from_arrow_arrays(vec![first, second], &layout).unwrap();
    let Column::List(list) = &column else { panic!("a list column") };
    let row = |i| list.row(i).map(|r| r.map(|t| t.map(str::to_owned)).collect::<Rows>());
    assert_eq!(
        (row(0), row(1), row(2)),
        (Some(rows(&[Some("a"), Some("b")])), None, Some(rows(&[Some("c")])))
    );
    assert_eq!(releases.load(Ordering::SeqCst), 0, "the column keeps its arrays");
    drop(column);
    assert_eq!(releases.load(Ordering::SeqCst), 4, "two lists and their two value arrays, once each");
}

#[test]
fn a_column_of_several_chunks_reads_its_rows_in_order() {
    let releases = Arc::new(AtomicUsize::new(0));
    let layout = Layout::Utf8View;
    let chunks =
        [rows(&[Some("a"), None]), rows(&[]), rows(&[Some("a text of more than twelve bytes"), Some("d")])];
    let arrays = chunks.iter().map(|c| build(&string_array(c, 1, &layout), &releases)).collect();
    let Column::Text(text) = Column::from_arrow_arrays(arrays, &layout).unwrap() else {
        panic!("a text column")
    };
    let expected: Rows = chunks.concat();
    assert_eq!(text.len(), 4);
    assert_eq!((0..4).map(|i| text.get(i).map(str::to_owned)).collect::<Rows>(), expected);
    assert_eq!(text.iter().map(|t| t.map(str::to_owned)).collect::<Rows>(), expected);
}

// ---- A stream producer ---------------------------------------------------------------------------

struct StreamState {
    chunks: Vec<Spec>,
    next: usize,
    /// Fail `get_next` at this chunk with an error message.
    fail_at: Option<usize>,
    releases: Arc<AtomicUsize>,
    message: CString,
}

unsafe extern "C" fn stream_schema(s: *mut FfiStream, out: *mut FfiSchema) -> i32 {
    out.write(raw_schema("u", vec![], false));
    let _ = s;
    0
}

unsafe extern "C" fn stream_next(s: *mut FfiStream, out: *mut FfiArray) -> i32 {
    let state = &mut *((*s).private_data as *mut StreamState);
    if state.fail_at == Some(state.next) {
        return 5;
    }
    match state.chunks.get(state.next) {
        Some(spec) => {
            state.next += 1;
            out.write(raw_array(spec, &state.releases));
        }
        None => {
            let mut end: FfiArray = std::mem::zeroed();
            end.release = None;
            out.write(end);
        }
    }
    0
}

unsafe extern "C" fn stream_error(s: *mut FfiStream) -> *const c_char {
    (*((*s).private_data as *mut StreamState)).message.as_ptr()
}

unsafe extern "C" fn stream_release(s: *mut FfiStream) {
    let state = Box::from_raw((*s).private_data as *mut StreamState);
    state.releases.fetch_add(100, Ordering::SeqCst);
    (*s).release = None;
}

fn stream(chunks: Vec<Spec>, fail_at: Option<usize>, releases: &Arc<AtomicUsize>) -> OwnedStream {
    let state = StreamState {
        chunks,
        next: 0,
        fail_at,
        releases: releases.clone(),
        message: CString::new("the producer gave up").unwrap(),
    };
    let mut raw = FfiStream {
        get_schema: Some(stream_schema),
        get_next: Some(stream_next),
        get_last_error: Some(stream_error),
        release: Some(stream_release),
        private_data: Box::into_raw(Box::new(state)) as *mut c_void,
    };
    // SAFETY: a valid stream made above.
    unsafe { OwnedStream::take(&mut raw) }
}

#[test]
fn a_stream_is_read_to_its_end_and_released() {
    let releases = Arc::new(AtomicUsize::new(0));
    let layout = Layout::Utf8 { large: false };
    let chunks = vec![
        string_array(&rows(&[Some("x")]), 0, &layout),
        string_array(&rows(&[None, Some("y")]), 2, &layout),
    ];
    let column = Column::from_arrow_stream(stream(chunks, None, &releases)).unwrap();
    assert_eq!(releases.load(Ordering::SeqCst), 100, "the stream is released once read");
    let Column::Text(text) = &column else { panic!("a text column") };
    assert_eq!(
        text.iter().map(|t| t.map(str::to_owned)).collect::<Rows>(),
        rows(&[Some("x"), None, Some("y")])
    );
    drop(column);
    assert_eq!(releases.load(Ordering::SeqCst), 102);
}

#[test]
fn a_failing_stream_is_an_error_with_its_message() {
    let releases = Arc::new(AtomicUsize::new(0));
    let layout = Layout::Utf8 { large: false };
    let chunks = vec![string_array(&rows(&[Some("x")]), 0, &layout); 2];
    let err = Column::from_arrow_stream(stream(chunks, Some(1), &releases)).err().unwrap();
    assert_eq!(err, "the Arrow stream failed (error 5): the producer gave up");
    assert_eq!(releases.load(Ordering::SeqCst), 101, "the chunk read before the error and the stream");
    let mut bad = vec![string_array(&rows(&[Some("x")]), 0, &Layout::Utf8View)];
    bad[0].buffers.truncate(2); // too few buffers for the stream's utf8 schema
    assert!(Column::from_arrow_stream(stream(bad, None, &releases)).is_err());
}

// ---- Property tests ------------------------------------------------------------------------------

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z ]{0,16}",
        prop::collection::vec(any::<char>(), 0..8).prop_map(String::from_iter),
        Just("a string of more than twelve bytes".to_owned()),
    ]
}

fn string_rows() -> impl Strategy<Value = Rows> {
    prop::collection::vec(prop::option::weighted(0.8, text()), 0..12)
}

fn string_layout() -> impl Strategy<Value = Layout> {
    prop::sample::select(STRING_LAYOUTS.to_vec())
}

/// One corruption of a built array: what a faulty producer may hand over.
#[derive(Clone, Debug)]
enum Fault {
    /// Grow or shrink `length` (within the padding) or make it negative.
    Length(i64),
    /// Move `offset` (within the padding) or make it negative.
    Offset(i64),
    NullCount(i64),
    /// Flip a bit of the null bitmap (when there is one) or drop the bitmap.
    FlipValidity(usize),
    DropValidity,
    /// Write a byte into buffer `k` at a position (offsets, views, data or sizes alike).
    Byte {
        buffer: usize,
        at: usize,
        value: u8,
    },
    /// Overwrite one offset (string or list offsets) with a value inside the data's allocation.
    OffsetValue {
        at: usize,
        value: i64,
    },
    /// Replace a buffer by NULL.
    NullBuffer(usize),
    /// Apply the fault to the list's child instead.
    InChild(Box<Fault>),
}

fn fault() -> impl Strategy<Value = Fault> {
    let leaf = prop_oneof![
        (-3i64..=PAD as i64).prop_map(Fault::Length),
        (-2i64..=PAD as i64).prop_map(Fault::Offset),
        prop_oneof![Just(-1i64), 0i64..4].prop_map(Fault::NullCount),
        (0usize..64).prop_map(Fault::FlipValidity),
        Just(Fault::DropValidity),
        (0usize..6, 0usize..512, any::<u8>()).prop_map(|(buffer, at, value)| Fault::Byte {
            buffer,
            at,
            value
        }),
        (0usize..24, -4i64..400).prop_map(|(at, value)| Fault::OffsetValue { at, value }),
        (0usize..6).prop_map(Fault::NullBuffer),
    ];
    leaf.prop_recursive(1, 2, 1, |inner| inner.prop_map(|f| Fault::InChild(Box::new(f))))
}

/// Applies `fault` to `spec` (a list's offsets are 64-bit when `large`), keeping every read the
/// reader may make inside the allocation: the part of the contract a consumer cannot check.
fn apply(spec: &mut Spec, fault: &Fault, layout: &Layout) {
    let large = matches!(layout, Layout::Utf8 { large: true } | Layout::List { large: true, .. });
    let capacity = spec.capacity;
    match fault {
        Fault::Length(d) => {
            let n = spec.length + d;
            spec.length = if n < 0 { n } else { n.min(capacity as i64 - spec.offset.max(0)) };
        }
        Fault::Offset(d) => {
            let o = (spec.offset + d).min(capacity as i64);
            spec.offset = o;
            if o >= 0 && o as usize + spec.length.max(0) as usize > capacity {
                spec.length = (capacity - o as usize) as i64;
            }
        }
        Fault::NullCount(n) => spec.null_count = *n,
        Fault::FlipValidity(bit) => {
            if let Some(Some(b)) = spec.buffers.first_mut() {
                let bit = bit % (8 * b.len());
                b[bit / 8] ^= 1 << (bit % 8);
            }
        }
        Fault::DropValidity => {
            if let Some(b) = spec.buffers.first_mut() {
                *b = None;
            }
        }
        Fault::Byte { buffer, at, value } => {
            // Not offsets (OffsetValue varies them within the allocation) nor the view buffers'
            // sizes (a consumer trusts them as it trusts every buffer's length).
            let is_list = matches!(layout, Layout::List { .. });
            let n = spec.buffers.len();
            let is_view = *layout == Layout::Utf8View;
            let k = buffer % n.max(1);
            if n == 0 || is_list || (k == 1 && !is_view) || (is_view && k == n - 1) {
                return;
            }
            if let Some(b) = spec.buffers[k].as_mut() {
                let at = at % b.len();
                if is_view && k == 1 && at % 16 < 4 {
                    // A view's length: only shorter, so that it stays inside its buffer (its
                    // buffer index and offset take any value: the sizes catch what is outside).
                    let len = &mut b[at - at % 16..at - at % 16 + 4];
                    let old = u32::from_le_bytes(len.try_into().unwrap());
                    len.copy_from_slice(&old.min(u32::from(*value)).to_le_bytes());
                } else {
                    b[at] = *value;
                }
            }
        }
        Fault::OffsetValue { at, value } => {
            let is_list = matches!(layout, Layout::List { .. });
            let is_offsets = is_list || matches!(layout, Layout::Utf8 { .. });
            let Some(Some(b)) = spec.buffers.get_mut(1).filter(|_| is_offsets) else { return };
            let width = if large { 8 } else { 4 };
            let at = at % (b.len() / width);
            // String offsets must stay inside the data allocation; list offsets are checked.
            let limit = if is_list {
                i64::MAX
            } else {
                spec.buffers.get(2).and_then(|d| d.as_ref()).map_or(0, |d| d.len() as i64)
            };
            let value = (*value).min(limit);
            let b = spec.buffers[1].as_mut().unwrap();
            if large {
                b[8 * at..8 * at + 8].copy_from_slice(&value.to_le_bytes());
            } else {
                b[4 * at..4 * at + 4].copy_from_slice(&(value as i32).to_le_bytes());
            }
        }
        Fault::NullBuffer(k) => {
            let n = spec.buffers.len();
            if n > 0 {
                spec.buffers[k % n] = None;
            }
        }
        Fault::InChild(inner) => {
            if let (Layout::List { values, .. }, Some(child)) = (layout, spec.children.first_mut()) {
                apply(child, inner, values);
            }
        }
    }
}

/// 4,096 cases per property (about a second), or `PROPTEST_CASES`.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(4096);
    ProptestConfig { cases, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn valid_string_arrays_read_back(texts in string_rows(), skip in 0usize..3, layout in string_layout()) {
        let spec = string_array(&texts, skip, &layout);
        prop_assert_eq!(read(&spec, &layout), Ok(Read::Strings(texts)));
    }

    #[test]
    fn valid_list_arrays_read_back(
        lists in prop::collection::vec(prop::option::weighted(0.8, string_rows()), 0..6),
        skip in 0usize..3,
        large in any::<bool>(),
        values in string_layout(),
    ) {
        let layout = Layout::List { large, values: Box::new(values.clone()) };
        let spec = list_array(&lists, skip, large, &values);
        prop_assert_eq!(read(&spec, &layout), Ok(Read::Lists(lists)));
    }

    #[test]
    fn corrupted_string_arrays_read_as_the_model_says(
        texts in string_rows(),
        skip in 0usize..3,
        layout in string_layout(),
        faults in prop::collection::vec(fault(), 1..4),
    ) {
        let mut spec = string_array(&texts, skip, &layout);
        for f in &faults {
            apply(&mut spec, f, &layout);
        }
        let got = read(&spec, &layout);
        match model(&spec, &layout) {
            Some(expected) => prop_assert_eq!(got, Ok(expected)),
            None => prop_assert!(got.is_err(), "accepted {:?}", got),
        }
    }

    #[test]
    fn corrupted_list_arrays_read_as_the_model_says(
        lists in prop::collection::vec(prop::option::weighted(0.8, string_rows()), 0..6),
        skip in 0usize..3,
        large in any::<bool>(),
        values in string_layout(),
        faults in prop::collection::vec(fault(), 1..4),
    ) {
        let layout = Layout::List { large, values: Box::new(values.clone()) };
        let mut spec = list_array(&lists, skip, large, &values);
        for f in &faults {
            apply(&mut spec, f, &layout);
        }
        let got = read(&spec, &layout);
        match model(&spec, &layout) {
            Some(expected) => prop_assert_eq!(got, Ok(expected)),
            None => prop_assert!(got.is_err(), "accepted {:?}", got),
        }
    }

    #[test]
    fn schemas_of_every_layout_read_back(layout in string_layout(), list in any::<bool>(), large in any::<bool>()) {
        let layout = if list { Layout::List { large, values: Box::new(layout) } } else { layout };
        prop_assert_eq!(Layout::of(&schema_of(&layout)), Ok(layout));
    }
}
