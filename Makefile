# Thin wrapper: `make demo` and `make test` are all a new user needs.
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: deps configure build demo test bench clean

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

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	bench/pops_scaling.sh

clean:
	rm -rf $(BUILD)
