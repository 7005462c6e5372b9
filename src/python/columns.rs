//! Text columns as batch arguments: which Python objects are columns, and how each reaches a
//! [`Column`] (`src/columns/`) without a Python `str` per row.
//!
//! Arrow data (anything with `__arrow_c_stream__` or `__arrow_c_array__`: pyarrow, Polars,
//! pandas' Arrow-backed strings, DuckDB, ...) is taken out of its PyCapsules here and read in
//! place by `crate::columns::arrow`. NumPy fixed-width `str_` arrays are decoded from their UCS-4
//! buffer, and object arrays (pandas' `object` dtype) copy the UTF-8 of the `str`s they hold.
//!
//! Files read natively as lines (`TextLines`) are columns too.
//!
//! Nulls (`None`, NaN, `pandas.NA`, Arrow nulls) are kept as `None` rows; each caller applies
//! its rule (an error naming the row, or sacrebleu's missing reference).
use numpy::{PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule, PyCapsuleMethods, PyFloat, PyList, PyString, PyTuple};

use super::errors::{surrogate_error, type_name};
use super::text_lines::TextLines;
use crate::columns::arrow::{FfiArray, FfiSchema, FfiStream, OwnedArray, OwnedSchema, OwnedStream};
pub use crate::columns::{Column, ListColumn, TextColumn};

fn has(obj: &Bound<'_, PyAny>, name: &str) -> bool {
    obj.get_type().hasattr(name).unwrap_or(false)
}

/// Whether `obj` is read as a column (rather than iterated as a Python sequence).
pub fn is_column(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyString>() {
        return false;
    }
    obj.is_instance_of::<TextLines>()
        || has(obj, "__arrow_c_stream__")
        || has(obj, "__arrow_c_array__")
        || obj.cast::<PyUntypedArray>().is_ok()
        || is_pandas(obj)
}

fn is_pandas(obj: &Bound<'_, PyAny>) -> bool {
    obj.get_type()
        .module()
        .map(|m| m.to_str().is_ok_and(|m| m == "pandas" || m.starts_with("pandas.")))
        .unwrap_or(false)
        && has(obj, "to_numpy")
}

/// `obj` as a column, or `None` when it is not one (a list, a tuple, another iterable: the
/// caller's sequence path takes it). `what` names the argument in errors.
pub fn column(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<Column>> {
    if !is_column(obj) {
        return Ok(None);
    }
    if let Ok(lines) = obj.cast::<TextLines>() {
        return Ok(Some(Column::Text(TextColumn::lines(lines.get().lines.clone()))));
    }
    let arrow_err = |e: String| PyValueError::new_err(format!("{what}: {e}"));
    if has(obj, "__arrow_c_stream__") || has(obj, "__arrow_c_array__") {
        let imported = if has(obj, "__arrow_c_stream__") { from_stream(obj) } else { from_array(obj) };
        match imported {
            Ok(c) => return Ok(Some(c.map_err(arrow_err)?)),
            // pandas exports through pyarrow: without it (or for object data pyarrow refuses),
            // read the values as NumPy does.
            Err(_) if is_pandas(obj) => {}
            Err(e) => return Err(e),
        }
    }
    let array = if let Ok(a) = obj.cast::<PyUntypedArray>() {
        a.clone()
    } else {
        obj.call_method0("to_numpy")?.cast_into::<PyUntypedArray>()?
    };
    numpy_column(&array, what).map(Some)
}

fn capsule_ptr<T>(capsule: &Bound<'_, PyAny>, name: &std::ffi::CStr) -> PyResult<*mut T> {
    let capsule = capsule.cast::<PyCapsule>()?;
    Ok(capsule.pointer_checked(Some(name))?.as_ptr().cast::<T>())
}

/// A stream (pyarrow `ChunkedArray`, Polars and pandas `Series`) read chunk by chunk.
fn from_stream(obj: &Bound<'_, PyAny>) -> PyResult<Result<Column, String>> {
    let capsule = obj.call_method0("__arrow_c_stream__")?;
    // SAFETY: a capsule named "arrow_array_stream" holds an ArrowArrayStream (the PyCapsule
    // protocol); taking it marks the capsule's copy released.
    let stream = unsafe { OwnedStream::take(capsule_ptr::<FfiStream>(&capsule, c"arrow_array_stream")?) };
    Ok(Column::from_arrow_stream(stream))
}

/// A single array (pyarrow `Array`) through `__arrow_c_array__`.
fn from_array(obj: &Bound<'_, PyAny>) -> PyResult<Result<Column, String>> {
    let pair = obj.call_method0("__arrow_c_array__")?;
    let (schema, array): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract()?;
    // SAFETY: capsules named "arrow_schema"/"arrow_array" hold those structs (PyCapsule protocol).
    let schema = unsafe { OwnedSchema::take(capsule_ptr::<FfiSchema>(&schema, c"arrow_schema")?) };
    let array = unsafe { OwnedArray::take(capsule_ptr::<FfiArray>(&array, c"arrow_array")?) };
    Ok(Column::from_arrow_array(schema, array))
}

/// Whether a NumPy/pandas object item means "missing": `None`, a float NaN, `pandas.NA`/`NaT`.
fn is_null(item: &Bound<'_, PyAny>) -> bool {
    item.is_none()
        || item.cast::<PyFloat>().is_ok_and(|f| f.value().is_nan())
        || matches!(type_name(item).as_str(), "NAType" | "NaTType")
}

fn numpy_column(array: &Bound<'_, PyUntypedArray>, what: &str) -> PyResult<Column> {
    if array.ndim() != 1 {
        return Err(PyValueError::new_err(format!(
            "{what} must be a one-dimensional array, got {} dimensions",
            array.ndim()
        )));
    }
    let dtype = array.dtype();
    match dtype.kind() {
        b'U' => Ok(Column::Text(TextColumn::owned(ucs4_texts(array, what)?))),
        b'O' | b'T' => object_column(array.as_any(), what),
        b'S' => Err(PyTypeError::new_err(format!(
            "{what}: a NumPy bytes array is not text; decode it first (e.g. numpy.char.decode(a, 'utf-8'))"
        ))),
        _ => Err(PyTypeError::new_err(format!(
            "{what} must hold strings, got a NumPy array of {}",
            dtype.str()?
        ))),
    }
}

/// The texts of a NumPy fixed-width `str_` array (UCS-4, NUL-padded, as NumPy strips them).
fn ucs4_texts(array: &Bound<'_, PyUntypedArray>, what: &str) -> PyResult<Vec<Option<String>>> {
    let dtype = array.dtype();
    let width = dtype.itemsize() / 4;
    let swap = match dtype.byteorder() {
        b'>' => cfg!(target_endian = "little"),
        b'<' => cfg!(target_endian = "big"),
        _ => false,
    };
    let n = array.len();
    let stride = array.strides()[0];
    // SAFETY: a NumPy array's data pointer and stride address its `n` items of `itemsize` bytes.
    let data = unsafe { (*array.as_array_ptr()).fields.data } as *const u8;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let item = unsafe { data.offset(i as isize * stride) };
        let mut s = String::new();
        let mut units = (0..width)
            .map(|k| {
                let mut b = [0u8; 4];
                unsafe { std::ptr::copy_nonoverlapping(item.add(4 * k), b.as_mut_ptr(), 4) };
                let v = u32::from_ne_bytes(b);
                if swap {
                    v.swap_bytes()
                } else {
                    v
                }
            })
            .collect::<Vec<u32>>();
        while units.last() == Some(&0) {
            units.pop();
        }
        for u in units {
            s.push(char::from_u32(u).ok_or_else(|| {
                PyValueError::new_err(format!("{what}[{i}] holds U+{u:04X}, which is not valid Unicode text"))
            })?);
        }
        out.push(Some(s));
    }
    Ok(out)
}

fn text_of(item: &Bound<'_, PyAny>, what: impl FnOnce() -> String) -> PyResult<Option<String>> {
    if let Ok(s) = item.cast::<PyString>() {
        return Ok(Some(s.to_str().map_err(|_| surrogate_error(what()))?.to_owned()));
    }
    if is_null(item) {
        return Ok(None);
    }
    Err(PyTypeError::new_err(format!("{} must be a str, got {}", what(), type_name(item))))
}

/// The rows of an object array: `str` or null, or for several references per row, lists of them.
fn object_column(array: &Bound<'_, PyAny>, what: &str) -> PyResult<Column> {
    let mut texts: Vec<Option<String>> = Vec::new();
    let mut ranges: Vec<Option<(usize, usize)>> = Vec::new();
    let mut lists = false;
    for (i, item) in array.try_iter()?.enumerate() {
        let item = item?;
        let is_seq = !item.is_instance_of::<PyString>()
            && !item.is_instance_of::<PyBytes>()
            && (item.is_instance_of::<PyList>()
                || item.is_instance_of::<PyTuple>()
                || item.cast::<PyUntypedArray>().is_ok());
        if is_seq {
            lists = true;
            let start = texts.len();
            for (k, v) in item.try_iter()?.enumerate() {
                texts.push(text_of(&v?, || format!("{what}[{i}][{k}]"))?);
            }
            ranges.push(Some((start, texts.len())));
        } else {
            let t = text_of(&item, || format!("{what}[{i}]"))?;
            ranges.push(t.is_some().then_some((texts.len(), texts.len() + 1)));
            if t.is_some() {
                texts.push(t);
            }
        }
    }
    if lists {
        return Ok(Column::List(ListColumn::new(ranges, TextColumn::owned(texts))));
    }
    // One text per row: put the nulls back in place.
    let rows = ranges.into_iter().map(|r| r.and_then(|(a, _)| texts[a].take())).collect();
    Ok(Column::Text(TextColumn::owned(rows)))
}

/// `column_texts(obj, name)`: a column's rows as a list of `str`/`None` (lists of them for a
/// list column), for the paths that need Python strings (a Python tokenizer, `str.lower`).
#[pyfunction]
#[pyo3(signature = (obj, name = "texts"))]
pub fn column_texts<'py>(
    py: Python<'py>,
    obj: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<Bound<'py, PyList>> {
    super::guard::guard("column_texts", || {
        let Some(col) = column(obj, name)? else {
            return Err(PyTypeError::new_err(format!("{name} is not a column ({})", type_name(obj))));
        };
        match col {
            Column::Text(t) => PyList::new(py, t.iter()),
            Column::List(l) => {
                let rows = (0..l.len())
                    .map(|i| match l.row(i) {
                        None => Ok(py.None().into_bound(py)),
                        Some(r) => Ok(PyList::new(py, r)?.into_any()),
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, rows)
            }
        }
    })
}

/// `is_column(obj)`: whether the batch calls read `obj` as a column.
#[pyfunction(name = "is_column")]
pub fn is_column_py(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    super::guard::guard("is_column", || Ok(is_column(obj)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(column_texts, m)?)?;
    m.add_function(wrap_pyfunction!(is_column_py, m)?)?;
    Ok(())
}
