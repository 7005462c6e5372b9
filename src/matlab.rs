//! MATLAB Text Analytics Toolbox-compatible tokenization and scoring.
