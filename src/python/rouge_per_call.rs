//! The per-call path of `RougeScorer.score` / `score_multi`: from the strings to rouge_score's
//! result dict (`{type: Score(p, r, f)}`) in one native call, with no intermediate Python objects
//! (`RougeDictScorer`, made by `RougeCore.dict_scorer`), and the base class through which the
//! Python `RougeScorer` takes that path while its options allow (`RougeScorerBase`).
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyList, PyString, PyTuple, PyType};

use super::guard::guard;
use super::long_call::{self, Size};
use crate::rouge::multi::TypeScore;
use crate::rouge::scorer::{Scorer, Text};

thread_local! {
    /// The per-call path's scores, reused from call to call.
    static SCORES: std::cell::Cell<Vec<TypeScore>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Texts longer than this (in bytes, all together) are scored through the long-call door (detached
/// from the interpreter, interruptible); shorter ones are not worth the hand-over.
const DETACH_BYTES: usize = 1 << 14;

/// The per-call path: `score(target, prediction)` -> `{key: score_cls(p, r, f)}` built here, with
/// no intermediate Python objects. Made by `RougeCore.dict_scorer`.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct RougeDictScorer {
    scorer: Scorer,
    keys: Vec<Py<PyAny>>,
    score_cls: Py<PyType>,
    int_zero: Py<PyAny>,
    /// `tuple.__new__`'s slot: a namedtuple's `__new__` is `tuple.__new__(cls, (p, r, f))` written
    /// in Python; calling the slot builds the same object without running Python code.
    tuple_new: ffi::newfunc,
    /// Whether `score_cls` allocates with `PyType_GenericAlloc`: then a score is built as
    /// `tuple.__new__` builds it (allocate, fill the three items) without its intermediate tuple.
    generic_alloc: bool,
}

/// The text of an exact `str`, or `None` (any other type, a lone surrogate): those take the
/// caller's general path, which raises or converts exactly as the reference does.
fn plain_str<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    obj.cast_exact::<PyString>().ok()?.to_str().ok()
}

impl RougeDictScorer {
    /// The scorer of `RougeCore.dict_scorer` (which checked `keys` against the types).
    pub fn new(
        scorer: Scorer,
        keys: Vec<Py<PyAny>>,
        score_cls: &Bound<'_, PyType>,
        int_zero: Py<PyAny>,
    ) -> PyResult<Self> {
        if !score_cls.is_subclass_of::<PyTuple>()? {
            return Err(PyTypeError::new_err("score_cls must be a namedtuple class"));
        }
        // SAFETY: tuple is a static type; PyType_GetSlot accepts static types since Python 3.10
        // (the abi3 floor), and tuple always has a tp_new.
        let tuple_new = unsafe {
            let slot = ffi::PyType_GetSlot(std::ptr::addr_of_mut!(ffi::PyTuple_Type), ffi::Py_tp_new);
            if slot.is_null() {
                return Err(PyTypeError::new_err("tuple has no tp_new"));
            }
            std::mem::transmute::<*mut std::ffi::c_void, ffi::newfunc>(slot)
        };
        // SAFETY: `score_cls` is a heap type (a Python class), whose slots PyType_GetSlot reads.
        let alloc = unsafe { ffi::PyType_GetSlot(score_cls.as_ptr().cast(), ffi::Py_tp_alloc) };
        // Only the generic allocator is known to track the new object for the GC, as
        // `tuple.__new__` makes sure of. (Where the addresses of one function can differ, as
        // through an import stub, this is false and scores take `tuple.__new__`.)
        let generic: ffi::allocfunc = ffi::PyType_GenericAlloc;
        let generic_alloc = std::ptr::eq(alloc.cast_const(), generic as *const std::ffi::c_void);
        Ok(RougeDictScorer {
            scorer,
            keys,
            score_cls: score_cls.clone().unbind(),
            int_zero,
            tuple_new,
            generic_alloc,
        })
    }

    fn build<'py>(&self, py: Python<'py>, scores: &[TypeScore]) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        // `tuple.__new__`'s argument tuple, refilled for each score (it holds the only reference).
        let args = PyTuple::new(py, [py.None()])?;
        for (key, s) in self.keys.iter().zip(scores) {
            if s.int_zero {
                d.set_item(key.bind(py), self.int_zero.bind(py))?;
            } else if self.generic_alloc {
                let items = [s.prf.precision, s.prf.recall, s.prf.fmeasure].map(|x| PyFloat::new(py, x));
                // SAFETY: `score_cls` is a subclass of tuple (checked in `dict_scorer`) whose
                // allocator is PyType_GenericAlloc, which returns a new GC-tracked instance with
                // room for 3 items, all NULL, or NULL with an exception set. The items are filled
                // before anything else can see it (nothing in between allocates); PyTuple_SetItem
                // accepts tuple subclasses at reference count 1, and steals each item.
                let value = unsafe {
                    let obj = ffi::PyType_GenericAlloc(self.score_cls.as_ptr().cast(), 3);
                    let obj = Bound::from_owned_ptr_or_err(py, obj)?;
                    for (i, item) in (0..).zip(items) {
                        if ffi::PyTuple_SetItem(obj.as_ptr(), i, item.into_ptr()) != 0 {
                            return Err(PyErr::fetch(py));
                        }
                    }
                    obj
                };
                d.set_item(key.bind(py), value)?;
            } else {
                let fields = PyTuple::new(py, [s.prf.precision, s.prf.recall, s.prf.fmeasure])?;
                // SAFETY: `args` is a 1-tuple created above and referenced only here (tp_new does
                // not keep it); PyTuple_SetItem steals `fields` and releases the previous item.
                unsafe {
                    if ffi::PyTuple_SetItem(args.as_ptr(), 0, fields.into_ptr()) != 0 {
                        return Err(PyErr::fetch(py));
                    }
                }
                // SAFETY: `score_cls` is a subclass of tuple (checked in `dict_scorer`), the slot is
                // tuple's own `tp_new`, and `args` is the 1-tuple it expects; it returns a new
                // reference or NULL with an exception set.
                let value = unsafe {
                    let obj = (self.tuple_new)(
                        self.score_cls.as_ptr().cast::<ffi::PyTypeObject>(),
                        args.as_ptr(),
                        std::ptr::null_mut(),
                    );
                    Bound::from_owned_ptr_or_err(py, obj)?
                };
                d.set_item(key.bind(py), value)?;
            }
        }
        Ok(d)
    }

    fn run<'py>(&self, py: Python<'py>, targets: &[Text], prediction: Text) -> PyResult<Bound<'py, PyDict>> {
        // This thread's buffer, taken out for the call (a nested call finds it empty and
        // allocates its own) and put back after.
        let mut out = SCORES.take();
        out.clear();
        let bytes = prediction.text.len() + targets.iter().map(|t| t.text.len()).sum::<usize>();
        if bytes > DETACH_BYTES {
            long_call::run(py, Size::bytes(1, bytes), || {
                self.scorer.score_multi_into(targets, prediction, &mut out)
            })?;
        } else {
            self.scorer.score_multi_into(targets, prediction, &mut out);
        }
        let d = self.build(py, &out);
        SCORES.set(out);
        d
    }
}

#[pymethods]
impl RougeDictScorer {
    /// `{key: Score}` of `prediction` against `target`, or `None` unless both are exact `str`s.
    fn score<'py>(
        &self,
        py: Python<'py>,
        target: &Bound<'py, PyAny>,
        prediction: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        guard("RougeDictScorer.score", || {
            let (Some(t), Some(p)) = (plain_str(target), plain_str(prediction)) else {
                return Ok(None);
            };
            self.run(py, &[t.into()], p.into()).map(Some)
        })
    }

    /// `score_multi`'s `{key: Score}`, or `None` unless `targets` is a non-empty list or tuple of
    /// exact `str`s and `prediction` is one.
    fn score_multi<'py>(
        &self,
        py: Python<'py>,
        targets: &Bound<'py, PyAny>,
        prediction: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        guard("RougeDictScorer.score_multi", || {
            let Some(p) = plain_str(prediction) else { return Ok(None) };
            let items: Vec<Bound<'py, PyAny>> = if let Ok(list) = targets.cast_exact::<PyList>() {
                list.iter().collect()
            } else if let Ok(tuple) = targets.cast_exact::<PyTuple>() {
                tuple.iter().collect()
            } else {
                return Ok(None);
            };
            let mut texts: Vec<Text> = Vec::with_capacity(items.len());
            for item in &items {
                let Some(t) = plain_str(item) else { return Ok(None) };
                texts.push(t.into());
            }
            if texts.is_empty() {
                return Ok(None);
            }
            self.run(py, &texts, p.into()).map(Some)
        })
    }
}

/// A base class for Python scorer classes whose `score`/`score_multi` should cost one native
/// call: the subclass installs a `RougeDictScorer` with `_set_fast(rouge_types, scorer)` and
/// defines `_score_general(target, prediction)` and `_score_multi_general(targets, prediction)`
/// for everything else. The fast path is taken while `self.rouge_types` still equals the list it
/// was installed for, and, for `score_multi`, while the class has not overridden `score`.
#[pyclass(subclass, module = "rougebleu._rougebleu")]
pub struct RougeScorerBase {
    fast: Option<(Py<PyAny>, Py<RougeDictScorer>)>,
}

/// `current` equals `snapshot` (a tuple): the same sequence type (list or tuple) and equal items,
/// checked by identity first (the common case: the very same strings).
fn same_types(current: &Bound<'_, PyAny>, snapshot: &Bound<'_, PyTuple>) -> PyResult<bool> {
    let same = |a: Bound<'_, PyAny>, b: Bound<'_, PyAny>| -> PyResult<bool> {
        Ok(a.is(&b) || (a.cast_exact::<PyString>().is_ok() && a.eq(&b)?))
    };
    if let Ok(list) = current.cast_exact::<PyList>() {
        if list.len() != snapshot.len() {
            return Ok(false);
        }
        for (a, b) in list.iter().zip(snapshot.iter()) {
            if !same(a, b)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    if let Ok(tuple) = current.cast_exact::<PyTuple>() {
        if tuple.len() != snapshot.len() {
            return Ok(false);
        }
        for (a, b) in tuple.iter().zip(snapshot.iter()) {
            if !same(a, b)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    Ok(false)
}

impl RougeScorerBase {
    /// The installed scorer, if `self.rouge_types` is still what it was installed for.
    fn current<'py>(slf: &Bound<'py, Self>) -> PyResult<Option<Bound<'py, RougeDictScorer>>> {
        let py = slf.py();
        let this = slf.borrow();
        let Some((snapshot, scorer)) = &this.fast else { return Ok(None) };
        let types = slf.getattr(intern!(py, "rouge_types"))?;
        let snapshot = snapshot.bind(py).cast::<PyTuple>()?;
        Ok(same_types(&types, snapshot)?.then(|| scorer.bind(py).clone()))
    }
}

#[pymethods]
impl RougeScorerBase {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        guard("RougeScorerBase.new", || Ok(RougeScorerBase { fast: None }))
    }

    /// Install (or with `None`, remove) the one-call path for `rouge_types`.
    fn _set_fast(
        &mut self,
        rouge_types: &Bound<'_, PyAny>,
        scorer: Option<Py<RougeDictScorer>>,
    ) -> PyResult<()> {
        guard("RougeScorerBase._set_fast", || {
            self.fast = match scorer {
                Some(s) => Some((
                    PyTuple::new(rouge_types.py(), rouge_types.try_iter()?.collect::<PyResult<Vec<_>>>()?)?
                        .into_any()
                        .unbind(),
                    s,
                )),
                None => None,
            };
            Ok(())
        })
    }

    /// `{rouge_type: Score}` of `prediction` against `target` (the reference first).
    fn score<'py>(
        slf: &Bound<'py, Self>,
        target: &Bound<'py, PyAny>,
        prediction: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("RougeScorerBase.score", || {
            if let Some(scorer) = Self::current(slf)? {
                if let Some(d) = scorer.get().score(slf.py(), target, prediction)? {
                    return Ok(d.into_any());
                }
            }
            slf.call_method1(intern!(slf.py(), "_score_general"), (target, prediction))
        })
    }

    /// Per rouge type, the score against the target with the highest F-measure (first on ties).
    fn score_multi<'py>(
        slf: &Bound<'py, Self>,
        targets: &Bound<'py, PyAny>,
        prediction: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("RougeScorerBase.score_multi", || {
            let py = slf.py();
            // A subclass's own `score` must be what score_multi uses.
            let own_score = slf.get_type().getattr(intern!(py, "score"))?;
            let base_score = py.get_type::<RougeScorerBase>().getattr(intern!(py, "score"))?;
            if own_score.is(&base_score) {
                if let Some(scorer) = Self::current(slf)? {
                    if let Some(d) = scorer.get().score_multi(py, targets, prediction)? {
                        return Ok(d.into_any());
                    }
                }
            }
            slf.call_method1(intern!(py, "_score_multi_general"), (targets, prediction))
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RougeDictScorer>()?;
    m.add_class::<RougeScorerBase>()?;
    Ok(())
}
