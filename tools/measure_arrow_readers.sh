#!/usr/bin/env bash
# What reading Arrow text columns would cost with the maintained crates instead of our own reader
# (src/columns/arrow.rs): three throwaway PyO3 modules that each sum the bytes of an Arrow
# stream's strings -- with our reader, with arrow-rs' C data interface (arrow-array 59, `ffi`),
# and with pyo3-arrow 0.20 -- built from clean in release (fat LTO, as the wheel is). Prints the
# crates each build compiles, the CPU seconds of a clean build, and the stripped and deflated size
# of the module. Usage: tools/measure_arrow_readers.sh [WORKDIR]   (docs/columns.md has the figures)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
profile='
[profile.release]
lto = "fat"
codegen-units = 1
panic = "unwind"'
common='pyo3 = { version = "0.30", features = ["abi3-py310", "extension-module"] }
numpy = "0.30"'
bytes_fn='fn bytes(a: &dyn Array) -> usize {
    match a.data_type() {
        DataType::Utf8 => a.as_string::<i32>().iter().flatten().map(str::len).sum(),
        DataType::LargeUtf8 => a.as_string::<i64>().iter().flatten().map(str::len).sum(),
        DataType::Utf8View => a.as_string_view().iter().flatten().map(str::len).sum(),
        DataType::List(_) => bytes(a.as_list::<i32>().values().as_ref()),
        DataType::LargeList(_) => bytes(a.as_list::<i64>().values().as_ref()),
        _ => 0,
    }
}'
crate() {  # name, extra dependencies, lib.rs
  mkdir -p "$work/$1/src"
  printf '[package]\nname = "%s"\nversion = "0.1.0"\nedition = "2021"\n[lib]\ncrate-type = ["cdylib"]\n[dependencies]\n%s\n%s\n%s\n' \
    "$1" "$common" "$2" "$profile" > "$work/$1/Cargo.toml"
  printf '%s\n' "$3" > "$work/$1/src/lib.rs"
}
sed '/^#\[cfg(test)\]/,$d' "$repo/src/columns/arrow.rs" > "$work/arrow.rs.in"
crate ours "" '#[path = "../../arrow.rs.in"]
mod arrow;
use arrow::*;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods};
fn err(e: String) -> PyErr { pyo3::exceptions::PyValueError::new_err(e) }
#[pyfunction]
fn text_bytes(obj: &Bound<'"'"'_, PyAny>) -> PyResult<usize> {
    let capsule = obj.call_method0("__arrow_c_stream__")?;
    let p = capsule.cast::<PyCapsule>()?.pointer_checked(Some(c"arrow_array_stream"))?.as_ptr().cast::<FfiStream>();
    let mut stream = unsafe { OwnedStream::take(p) };
    let layout = Layout::of(&stream.schema().map_err(err)?).map_err(err)?;
    let mut n = 0;
    while let Some(a) = stream.next_chunk().map_err(err)? {
        n += match read_chunk(&a, &layout).map_err(err)? {
            Chunk::Strings(s) => (0..s.len()).filter_map(|i| s.get(i)).map(str::len).sum::<usize>(),
            Chunk::Lists(l) => (0..l.values.len()).filter_map(|i| l.values.get(i)).map(str::len).sum(),
        };
    }
    Ok(n)
}
#[pymodule]
fn ours(m: &Bound<'"'"'_, PyModule>) -> PyResult<()> { m.add_function(wrap_pyfunction!(text_bytes, m)?) }'
crate arrowrs 'arrow-array = { version = "59", features = ["ffi"] }
arrow-schema = { version = "59", features = ["ffi"] }
arrow-data = { version = "59", features = ["ffi"] }' "use arrow_array::ffi::{from_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{cast::AsArray, make_array, Array};
use arrow_schema::DataType;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods};
$bytes_fn"'
fn err(e: impl ToString) -> PyErr { pyo3::exceptions::PyValueError::new_err(e.to_string()) }
#[pyfunction]
fn text_bytes(obj: &Bound<'"'"'_, PyAny>) -> PyResult<usize> {
    let capsule = obj.call_method0("__arrow_c_stream__")?;
    let p = capsule.cast::<PyCapsule>()?.pointer_checked(Some(c"arrow_array_stream"))?.as_ptr().cast::<FFI_ArrowArrayStream>();
    let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(p) };
    let mut schema = FFI_ArrowSchema::empty();
    if unsafe { (stream.get_schema.unwrap())(&mut stream, &mut schema) } != 0 { return Err(err("schema")); }
    let mut n = 0;
    loop {
        let mut array = FFI_ArrowArray::empty();
        if unsafe { (stream.get_next.unwrap())(&mut stream, &mut array) } != 0 { return Err(err("next")); }
        if array.is_released() { break; }
        n += bytes(make_array(unsafe { from_ffi(array, &schema) }.map_err(err)?).as_ref());
    }
    Ok(n)
}
#[pymodule]
fn arrowrs(m: &Bound<'"'"'_, PyModule>) -> PyResult<()> { m.add_function(wrap_pyfunction!(text_bytes, m)?) }'
# pyo3-arrow's default buffer_protocol feature needs the buffer API, which abi3-py310 lacks.
crate pyo3arrow 'pyo3-arrow = { version = "0.20", default-features = false }
arrow-array = "59"
arrow-schema = "59"' "use arrow_array::{cast::AsArray, Array};
use arrow_schema::DataType;
use pyo3::prelude::*;
use pyo3_arrow::PyChunkedArray;
$bytes_fn"'
#[pyfunction]
fn text_bytes(column: PyChunkedArray) -> usize { column.chunks().iter().map(|c| bytes(c.as_ref())).sum() }
#[pymodule]
fn pyo3arrow(m: &Bound<'"'"'_, PyModule>) -> PyResult<()> { m.add_function(wrap_pyfunction!(text_bytes, m)?) }'
for c in ours arrowrs pyo3arrow; do
  (cd "$work/$c" && cargo fetch -q)
  crates=$(cd "$work/$c" && cargo tree -e normal,build --prefix none | sed 's/ (\*)//' | sort -u | wc -l)
  cpu=$( { cd "$work/$c" && /usr/bin/time -f "%U %S" cargo build --release -q 2>&1 >/dev/null; } | tail -1 | awk '{print $1 + $2}')
  so=$(ls "$work/$c"/target/release/lib*.so)
  strip -o "$work/$c.so" "$so"
  python3 -c "import sys, zlib; d = open(sys.argv[1], 'rb').read(); print(f'{sys.argv[2]}: {sys.argv[3]} crates, {sys.argv[4]} CPU s clean build, {len(d) / 1e6:.2f} MB stripped, {len(zlib.compress(d, 6)) / 1e6:.2f} MB deflated')" "$work/$c.so" "$c" "$crates" "$cpu"
done
