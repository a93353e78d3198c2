# Thin wrapper: `make demo` and `make test` are all a new user needs.
BUILD ?= build
JOBS ?= $(shell nproc)

# The sanitizer build: clang, Debug, -fsanitize=address,undefined, with the fuzz targets.
SANITIZE_BUILD ?= build-sanitize
FUZZ_SECONDS ?= 600

.PHONY: deps configure build demo test test-release sanitize-build test-sanitize fuzz mutate bench clean

# The installer may use sudo: `make deps` runs it; configure only checks, quickly and silently,
# and runs it when a package is missing.
deps:
	@scripts/install-deps.sh

configure:
	@scripts/install-deps.sh --check || scripts/install-deps.sh
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/optinet pops --d 4 --g 4 --seed 1 --vcd traces/pops_demo.vcd --json $(BUILD)/pops_demo.json

# CI runs this: the release suite, then the same suite (and bounded fuzzing) under the sanitizers.
test: test-release test-sanitize

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

sanitize-build: configure
	@CC=clang CXX=clang++ cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=Debug \
	  -DOPTINET_SANITIZE=ON >/dev/null
	@cmake --build $(SANITIZE_BUILD) -j $(JOBS)

test-sanitize: sanitize-build
	cd $(SANITIZE_BUILD) && ctest --output-on-failure -j $(JOBS) -LE repository

# The mutant catalogue (tests/mutants/catalogue.toml) against the suite; not part of CI's run.
mutate: configure
	/usr/bin/python3 scripts/dev/mutate.py --jobs $(JOBS)

# Longer fuzzing (FUZZ_SECONDS per target), then what was found is merged into the corpus.
fuzz: sanitize-build
	scripts/dev/fuzz.sh $(SANITIZE_BUILD) $(FUZZ_SECONDS)

bench: build
	bench/pops_scaling.sh

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD)
