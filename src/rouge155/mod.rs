//! ROUGE-1.5.5 (Perl) compatibility mode.
