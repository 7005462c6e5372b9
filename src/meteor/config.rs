//! The options of METEOR 1.5: normalization, task parameter sets, matcher modules and their
//! weights, beam size — with the jar's English defaults and names. The names of the string options
//! are their [`Vocabulary`] tables here (listed for the front ends by `crate::options`).
use crate::error::{Error, Result};
use crate::options::Vocabulary;

/// What the jar does to a line before aligning it (`-norm`, `-norm -noPunct`, `-lower`, none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Normalization {
    /// Lines as given (the jar without `-norm` or `-lower`).
    None,
    /// Lowercase only (`-lower`).
    Lower,
    /// Tokenize, normalize punctuation, lowercase (`-norm`).
    Norm,
    /// As `Norm`, then drop punctuation (`-norm -noPunct`).
    NormNoPunct,
}

impl Vocabulary for Normalization {
    const ARGUMENT: &'static str = "normalize";
    const WHAT: &'static str = "normalization";
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("norm", Normalization::Norm),
        ("norm_nopunct", Normalization::NormNoPunct),
        ("lower", Normalization::Lower),
        ("none", Normalization::None),
    ];
}

impl Normalization {
    /// The jar's name in its Eval ID (`Constants.getNormName`).
    pub fn eval_id_name(self) -> &'static str {
        match self {
            Normalization::None => "no_norm",
            Normalization::Lower => "lc_only",
            Normalization::Norm => "norm",
            Normalization::NormNoPunct => "norm_nopunct",
        }
    }
}

/// The matchers, in the jar's order of stages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Module {
    Exact,
    Stem,
    Synonym,
    Paraphrase,
}

impl Vocabulary for Module {
    const ARGUMENT: &'static str = "modules";
    const WHAT: &'static str = "module";
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("exact", Module::Exact),
        ("stem", Module::Stem),
        ("synonym", Module::Synonym),
        ("paraphrase", Module::Paraphrase),
    ];
    // The jar lowercases module names (Constants.getModuleID).
    const IGNORE_CASE: bool = true;
}

impl Module {
    pub fn short_name(self) -> &'static str {
        match self {
            Module::Exact => "ex",
            Module::Stem => "st",
            Module::Synonym => "sy",
            Module::Paraphrase => "pa",
        }
    }

    pub fn name(self) -> &'static str {
        Self::CHOICES[self as usize].0
    }
}

/// The jar's English task parameter sets (`-t`): `(alpha, beta, gamma, delta)` and module
/// weights (exact, stem, synonym, paraphrase).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    Rank,
    Adq,
    Hter,
    Li,
    Tune,
    Util,
    Universal,
}

impl Vocabulary for Task {
    const ARGUMENT: &'static str = "task";
    const WHAT: &'static str = "task";
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("rank", Task::Rank),
        ("default", Task::Rank),
        ("adq", Task::Adq),
        ("hter", Task::Hter),
        ("li", Task::Li),
        ("tune", Task::Tune),
        ("util", Task::Util),
        ("universal", Task::Universal),
    ];
    // The jar lowercases task names (Constants.getTaskID).
    const IGNORE_CASE: bool = true;
}

impl Task {
    pub fn name(self) -> &'static str {
        match self {
            Task::Rank => "rank",
            Task::Adq => "adq",
            Task::Hter => "hter",
            Task::Li => "li",
            Task::Tune => "tune",
            Task::Util => "util",
            Task::Universal => "universal",
        }
    }

    /// `(alpha, beta, gamma, delta)` for English (`Constants.getParameters(LANG_EN, task)`).
    pub fn parameters(self) -> [f64; 4] {
        match self {
            Task::Rank => [0.85, 0.20, 0.60, 0.75],
            Task::Adq => [0.75, 1.40, 0.45, 0.70],
            Task::Hter => [0.40, 1.50, 0.35, 0.55],
            Task::Util => [0.65, 0.1, 0.55, 0.65],
            Task::Li => [0.75, 1.40, 0.70, 0.50],
            Task::Tune => [0.5, 1.0, 0.5, 0.5],
            Task::Universal => [0.70, 1.40, 0.30, 0.70],
        }
    }

    /// Module weights for English, in module order exact, stem, synonym, paraphrase (the
    /// universal task has only exact and paraphrase modules: its weights are 1.0 and 0.6).
    pub fn weights(self) -> Vec<f64> {
        match self {
            Task::Rank => vec![1.0, 0.6, 0.8, 0.6],
            Task::Adq => vec![1.0, 1.0, 0.6, 0.8],
            Task::Hter => vec![1.0, 0.2, 0.6, 0.8],
            Task::Util => vec![1.0, 0.0, 0.0, 0.8],
            Task::Li => vec![1.0, 0.5, 0.5, 0.5],
            Task::Tune => vec![1.0, 0.5, 0.5, 0.5],
            Task::Universal => vec![1.0, 0.6],
        }
    }

    /// The task's modules for English.
    pub fn modules(self) -> Vec<Module> {
        match self {
            Task::Universal => vec![Module::Exact, Module::Paraphrase],
            _ => vec![Module::Exact, Module::Stem, Module::Synonym, Module::Paraphrase],
        }
    }
}

/// One METEOR 1.5 configuration, as `MeteorConfiguration` holds it for `-l en`.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub normalization: Normalization,
    /// `(alpha, beta, gamma, delta)`.
    pub parameters: [f64; 4],
    pub modules: Vec<Module>,
    /// One per module (fewer: the modules past the last weight count for nothing, as in the jar).
    pub weights: Vec<f64>,
    pub beam_size: usize,
    /// Character-based precision and recall (`-ch`).
    pub char_based: bool,
    /// The task name in the Eval ID (`custom` once parameters, modules or weights are set).
    pub task_name: &'static str,
}

impl Default for Config {
    /// `-l en -norm`: the ranking task's parameters, all four modules.
    fn default() -> Self {
        Config::for_task(Task::Rank, Normalization::Norm)
    }
}

impl Config {
    pub fn for_task(task: Task, normalization: Normalization) -> Self {
        Config {
            normalization,
            parameters: task.parameters(),
            modules: task.modules(),
            weights: task.weights(),
            beam_size: 40,
            char_based: false,
            task_name: task.name(),
        }
    }

    /// The configuration the jar builds from its command-line options (`MeteorConfiguration`
    /// from `-t`, `-p`, `-w`, `-m`, in the jar's order): the task's parameters, modules and
    /// weights; `-p` replaces the parameters and, as in the jar, makes the task "custom", whose
    /// weights are the adequacy task's (1.0 1.0 0.6 0.8) unless `-w` gives others; `-m` keeps
    /// the weights of the first modules and gives 0.0 to the others.
    pub fn from_options(
        task: Task,
        normalization: Normalization,
        parameters: Option<[f64; 4]>,
        weights: Option<Vec<f64>>,
        modules: Option<Vec<Module>>,
    ) -> Result<Config> {
        let mut c = Config::for_task(task, normalization);
        if let Some(p) = parameters {
            c = Config::for_task(Task::Adq, normalization);
            c.parameters = p;
            c.task_name = "custom";
        }
        if let Some(w) = weights {
            c.weights = w;
            c.task_name = "custom";
        }
        if let Some(m) = modules {
            c.weights = (0..m.len()).map(|i| c.weights.get(i).copied().unwrap_or(0.0)).collect();
            c.modules = m;
            c.task_name = "custom";
        }
        c.validate()?;
        Ok(c)
    }

    /// Checks the combination: at least one module, no module twice, no more weights than
    /// modules, finite parameters and weights, a beam of at least one path.
    pub fn validate(&self) -> Result<()> {
        if self.modules.is_empty() {
            return Err(Error::value("modules", "at least one module is needed"));
        }
        for (i, m) in self.modules.iter().enumerate() {
            if self.modules[..i].contains(m) {
                return Err(Error::value("modules", format!("{:?} is listed twice", m.name())));
            }
        }
        if self.weights.len() > self.modules.len() {
            return Err(Error::value(
                "weights",
                format!("{} weights for {} modules", self.weights.len(), self.modules.len()),
            ));
        }
        if let Some(w) = self.weights.iter().find(|w| !w.is_finite()) {
            return Err(Error::value("weights", format!("must be finite numbers, got {w}")));
        }
        if let Some(p) = self.parameters.iter().find(|p| !p.is_finite()) {
            return Err(Error::value("parameters", format!("must be finite numbers, got {p}")));
        }
        if self.beam_size == 0 {
            return Err(Error::value("beam_size", "must be at least 1"));
        }
        Ok(())
    }

    pub fn uses(&self, module: Module) -> bool {
        self.modules.contains(&module)
    }

    /// The jar's Eval ID, e.g. `meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy_pa-1.0_0.6_0.8_0.6`
    /// (numbers as Java prints doubles).
    pub fn eval_id(&self) -> String {
        let join = |xs: &[f64]| xs.iter().map(|&x| java_double(x)).collect::<Vec<_>>().join("_");
        let modules: Vec<&str> = self.modules.iter().map(|m| m.short_name()).collect();
        format!(
            "meteor-1.5-{}-en-{}-{}-{}-{}",
            if self.char_based { "ch" } else { "wo" },
            self.normalization.eval_id_name(),
            join(&self.parameters),
            modules.join("_"),
            join(&self.weights)
        )
    }
}

/// `Double.toString` for the short decimals of parameters and weights (as Java prints them:
/// at least one digit after the point).
pub fn java_double(x: f64) -> String {
    if x.is_finite() && x.abs() >= 1e-3 && x.abs() < 1e7 {
        let s = format!("{x}");
        if s.contains('.') {
            s
        } else {
            format!("{s}.0")
        }
    } else {
        // Outside Java's plain range it writes d.dddE<n>; Rust's {:e} gives the same digits.
        let s = format!("{x:e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let m = if m.contains('.') { m.to_string() } else { format!("{m}.0") };
        format!("{m}E{e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_eval_id_is_the_jars() {
        assert_eq!(
            Config::default().eval_id(),
            "meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy_pa-1.0_0.6_0.8_0.6"
        );
    }

    #[test]
    fn bad_options_name_the_argument() {
        assert!(Normalization::parse("lowercase").unwrap_err().to_string().starts_with("normalize:"));
        assert!(Module::parse("wordnet").unwrap_err().to_string().starts_with("modules:"));
        assert_eq!(Module::parse("Exact").unwrap(), Module::Exact);
        assert_eq!(Task::parse("HTER").unwrap(), Task::Hter);
        let twice = Config { modules: vec![Module::Exact, Module::Exact], ..Config::default() };
        assert!(twice.validate().is_err());
        let fewer = Config { modules: vec![Module::Exact], ..Config::default() };
        assert!(fewer.validate().unwrap_err().to_string().starts_with("weights:"));
    }
}
