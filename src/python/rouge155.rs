//! Python bindings for the ROUGE-1.5.5 compatibility mode: an engine object holding the options
//! and the data directory's tables, evaluating configurations detached from the interpreter.
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use super::guard::guard;
use super::long_call;
use super::workers::{threads, Workers};
use crate::error::Error;
use crate::options::Vocabulary;
use crate::rouge155::be::BeMode;
use crate::rouge155::bootstrap::Counting;
use crate::rouge155::cli;
use crate::rouge155::config::read_config;
use crate::rouge155::data::{self, Resources};
use crate::rouge155::report::{self, Labels};
use crate::rouge155::text::{Format, Limit};
use crate::rouge155::{evaluate, EvalInput, MultiRef, Options, RunInput, SkipUnigrams, Source, Summary};

/// The native core of `rougebleu.rouge155.Rouge155`.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct Rouge155Core {
    opts: Options,
    res: Resources,
}

fn source(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Source> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Source::Path(s.to_str()?.to_string()));
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Source::Bytes(b.as_bytes().to_vec()));
    }
    Err(PyTypeError::new_err(format!("{what} must be a path (str) or the summary's bytes")))
}

fn extract_evals(evals: &Bound<'_, PyAny>) -> PyResult<Vec<EvalInput>> {
    let mut out = Vec::new();
    for (i, item) in evals.try_iter()?.enumerate() {
        let item = item?;
        let t = item
            .cast::<PyTuple>()
            .map_err(|_| PyTypeError::new_err(format!("evals[{i}] must be a tuple")))?;
        if t.len() != 4 {
            return Err(PyTypeError::new_err(format!("evals[{i}] must be (id, format, peers, models)")));
        }
        let id: String = t.get_item(0)?.extract()?;
        let fmt: String = t.get_item(1)?.extract()?;
        let format = Format::parse(&fmt).ok_or_else(|| {
            Error::value("format", format!("unknown input format {fmt:?} (SEE, SPL, ISI, SIMPLE)"))
        })?;
        let mut peers = Vec::new();
        for p in t.get_item(2)?.try_iter()? {
            let p = p?;
            let pt = p
                .cast::<PyTuple>()
                .map_err(|_| PyTypeError::new_err("peers must be (system index, source) tuples"))?;
            let system: usize = pt.get_item(0)?.extract()?;
            peers.push((system, source(&pt.get_item(1)?, "a peer")?));
        }
        let mut models = Vec::new();
        for m in t.get_item(3)?.try_iter()? {
            models.push(source(&m?, "a model")?);
        }
        out.push(EvalInput { id, format, peers, models });
    }
    Ok(out)
}

#[pymethods]
impl Rouge155Core {
    #[new]
    #[pyo3(signature = (*, max_ngram=0, lcs=true, wlcs_weight=None, skip_gap=None, skip_unigrams="no",
        be_mode=None, stem=false, stem_models_only=false, stopwords=false, limit_words=0, limit_bytes=0,
        multi="A", alpha=0.5, counting="macro", resamples=1000, confidence=95.0, jackknife=false, data_dir=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        max_ngram: usize,
        lcs: bool,
        wlcs_weight: Option<f64>,
        skip_gap: Option<i64>,
        skip_unigrams: &str,
        be_mode: Option<&str>,
        stem: bool,
        stem_models_only: bool,
        stopwords: bool,
        limit_words: usize,
        limit_bytes: usize,
        multi: &str,
        alpha: f64,
        counting: &str,
        resamples: usize,
        confidence: f64,
        jackknife: bool,
        data_dir: Option<String>,
    ) -> PyResult<Self> {
        guard("Rouge155Core.new", || {
            let limit = match (limit_words, limit_bytes) {
                (0, 0) => Limit::None,
                (w, 0) => Limit::Words(w),
                (0, b) => Limit::Bytes(b),
                _ => return Err(Error::value("limit", "give a limit in words or in bytes, not both").into()),
            };
            let skip_unigrams = SkipUnigrams::parse(skip_unigrams)?;
            let be = be_mode.map(BeMode::parse).transpose()?;
            let multi = MultiRef::parse(multi)?;
            let counting = Counting::parse(counting)?;
            let opts = Options {
                max_ngram,
                lcs,
                wlcs_weight,
                skip_gap,
                skip_unigrams,
                be,
                stem,
                stem_models_only,
                stopwords,
                limit,
                multi,
                alpha,
                counting,
                resamples,
                confidence,
                jackknife,
            };
            opts.validate()?;
            let need_exc = stem || stem_models_only;
            let res = if stopwords || need_exc {
                // As the command does: -e, else $ROUGE_EVAL_HOME, else the current directory.
                let dir = data_dir.unwrap_or_else(|| cli::default_data_dir(None).0);
                data::load(std::path::Path::new(&dir), stopwords, need_exc)?
            } else {
                Resources::default()
            };
            Ok(Rouge155Core { opts, res })
        })
    }

    /// The reproducibility signature of these options (`rouge155::json::signature`).
    fn signature(&self) -> PyResult<String> {
        guard("Rouge155Core.signature", || Ok(crate::rouge155::json::signature(&self.opts)))
    }

    /// The printed names of the measures, in report order.
    #[pyo3(signature = (labels=None))]
    fn measure_names(&self, labels: Option<(String, String, String)>) -> PyResult<Vec<String>> {
        guard("Rouge155Core.measure_names", || {
            Ok({
                let labels = make_labels(&self.opts, labels);
                self.opts
                    .measures()
                    .into_iter()
                    .map(|m| report::measure_name(m, &self.opts, &labels))
                    .collect()
            })
        })
    }

    /// Evaluates `evals` = [(id, format, [(system index, path | bytes)], [path | bytes])]. With
    /// `report`, the dict holds the report (`report`) and, with `per_eval`, the `-d` report too.
    /// `series=False` leaves out the per-unit NumPy arrays, for callers that only want the
    /// report and should not import NumPy.
    #[pyo3(signature = (systems, evals, *, workers=None, report=false, per_eval=false, labels=None, series=true))]
    #[allow(clippy::too_many_arguments)]
    fn evaluate<'py>(
        &self,
        py: Python<'py>,
        systems: Vec<String>,
        evals: &Bound<'py, PyAny>,
        workers: Option<Workers>,
        report: bool,
        per_eval: bool,
        labels: Option<(String, String, String)>,
        series: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        guard("Rouge155Core.evaluate", || {
            let input = RunInput { systems, evals: extract_evals(evals)? };
            self.run(py, &input, workers, report, per_eval, labels, series)
        })
    }

    /// Evaluates a configuration file (XML, or a `-z` file list with `list_format`): every
    /// system (sorted) unless `system` is given. The dict also holds `systems` and `eval_ids`.
    #[pyo3(signature = (path, *, system=None, list_format=None, workers=None, labels=None))]
    fn evaluate_config<'py>(
        &self,
        py: Python<'py>,
        path: String,
        system: Option<String>,
        list_format: Option<String>,
        workers: Option<Workers>,
        labels: Option<(String, String, String)>,
    ) -> PyResult<Bound<'py, PyDict>> {
        guard("Rouge155Core.evaluate_config", || {
            let input = py.detach(|| -> Result<RunInput, Error> {
                let config = read_config(&path, list_format.as_deref(), system.as_deref().unwrap_or("X"))?;
                let systems = match system {
                    Some(s) => vec![s],
                    None => {
                        let mut s = config.systems.clone();
                        s.sort();
                        s
                    }
                };
                Ok(RunInput { evals: config.eval_inputs(&systems), systems })
            })?;
            let d = self.run(py, &input, workers, true, true, labels, true)?;
            d.set_item("systems", input.systems.clone())?;
            d.set_item("eval_ids", input.evals.iter().map(|e| e.id.clone()).collect::<Vec<_>>())?;
            Ok(d)
        })
    }
}

impl Rouge155Core {
    #[allow(clippy::too_many_arguments)]
    fn run<'py>(
        &self,
        py: Python<'py>,
        input: &RunInput,
        workers: Option<Workers>,
        report: bool,
        per_eval: bool,
        labels: Option<(String, String, String)>,
        series: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let workers = threads(workers);
        let labels = make_labels(&self.opts, labels);
        let (out, text, text_d) = long_call::run(py, input.evals.len(), || -> Result<_, Error> {
            let out = evaluate(input, &self.opts, &self.res, workers)?;
            let render = |d| report::render(&out, input, &self.opts, &labels, d, workers);
            let text = report.then(|| render(false));
            let text_d = (report && per_eval).then(|| render(true));
            Ok((out, text, text_d))
        })??;

        let d = PyDict::new(py);
        let names: Vec<String> =
            out.measures.iter().map(|&m| report::measure_name(m, &self.opts, &labels)).collect();
        d.set_item("measures", names)?;
        d.set_item("warnings", out.warnings.clone())?;
        d.set_item("report", text)?;
        d.set_item("report_per_eval", text_d)?;
        if !series {
            return Ok(d);
        }
        let series = PyList::empty(py);
        for s in &out.series {
            let n = s.items.len();
            let evals_idx = PyArray1::from_vec(py, s.items.iter().map(|(e, _)| *e as i64).collect());
            let values =
                PyArray1::from_vec(py, s.items.iter().flat_map(|(_, v)| v.iter().copied()).collect())
                    .reshape([n, 3])?;
            let summary: Bound<'py, PyAny> = match &s.summary {
                Summary::Interval(iv) => ("interval", iv.avg.to_vec(), iv.low.to_vec(), iv.high.to_vec())
                    .into_pyobject(py)?
                    .into_any(),
                Summary::Counts(c) => ("counts", c.to_vec()).into_pyobject(py)?.into_any(),
                Summary::Mean(m) => ("mean", m.to_vec()).into_pyobject(py)?.into_any(),
            };
            series.append((s.system, s.measure, evals_idx, values, summary, s.plain_mean.to_vec()))?;
        }
        d.set_item("series", series)?;
        Ok(d)
    }
}

/// The `rougebleu rouge155` command (ROUGE-1.5.5.pl's options): `(exit status, standard output,
/// standard error)`. The work runs detached from the interpreter.
#[pyfunction]
fn rouge155_main(py: Python<'_>, argv: Vec<String>) -> PyResult<(i32, Py<PyBytes>, String)> {
    guard("rouge155_main", || {
        Ok({
            let (code, out, err) = py.detach(|| {
                let (mut out, mut err) = (Vec::new(), Vec::new());
                let code = cli::main("rougebleu rouge155", &argv, &mut out, &mut err);
                (code, out, err)
            });
            (code, PyBytes::new(py, &out).unbind(), String::from_utf8_lossy(&err).into_owned())
        })
    })
}

fn make_labels(opts: &Options, labels: Option<(String, String, String)>) -> Labels {
    match labels {
        Some((weight, gap, confidence)) => Labels { weight, gap, confidence },
        None => Labels::from_options(opts),
    }
}

/// ROUGE-1.5.5's Porter stemmer with its WordNet exception table (`-m`), for one token.
#[pyfunction]
#[pyo3(signature = (token, data_dir=None))]
fn rouge155_stem(token: &str, data_dir: Option<String>) -> PyResult<String> {
    guard("rouge155_stem", || {
        let table = match data_dir {
            Some(dir) => data::load(std::path::Path::new(&dir), false, true)?.exceptions.unwrap_or_default(),
            None => Default::default(),
        };
        let out = crate::stem::perl_porter::morph_stem(token.as_bytes(), &table).unwrap_or_default();
        Ok(String::from_utf8_lossy(&out).into_owned())
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rouge155Core>()?;
    m.add_function(wrap_pyfunction!(rouge155_stem, m)?)?;
    m.add_function(wrap_pyfunction!(rouge155_main, m)?)?;
    Ok(())
}
