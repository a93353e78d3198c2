# Thin wrapper: `make demo` and `make test` are all a new user needs.
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: deps configure build demo test bench clean

deps:
	@scripts/install-deps.sh

configure: deps
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
