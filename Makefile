# NZSC Lab. `make test` is what CI runs (.ci/run) and what README gives.
GO ?= go
PKGS := ./...

# The packages that run goroutines (workers, runners, bot processes, the
# progress bar, the solver's workers) and their commands: make race runs
# their short tests under the race detector.
RACE_PKGS := ./tournament/... ./roundrobin/... ./agents/... ./results/... ./play/... \
	./internal/... ./analysis/solve/... ./cmd/... ./web/...

# go test stops a package's tests after 10 minutes by default. On a
# 2-core machine shared with other work (load average 25) the slowest
# packages took 383 s (docs), 355 s (cmd/nzsc), 301 s (analysis/exploit)
# and 225 s (analysis/solve) of wall time: too close to that limit, so
# every test target gives each package 30 minutes. A hung test still
# fails, with go test's stack dump, and a busy machine no longer does.
TEST_TIMEOUT ?= 30m

.PHONY: build test test-short test-docs test-slurm race fmt-check vet tidy-check bench fuzz clean web

build:
	$(GO) build -o bin/nzsc ./cmd/nzsc

test: fmt-check vet tidy-check
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) $(PKGS)

# The quick loop while editing: the expensive tests respect -short.
test-short: fmt-check vet tidy-check
	$(GO) test -short -count=1 -timeout $(TEST_TIMEOUT) $(PKGS)

# Every command docs show, run with a fresh binary (docs/doc_test.go);
# UPDATE=1 rewrites the outputs shown in the docs instead.
test-docs:
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./docs $(if $(UPDATE),-update)

# docs/distributed.md's Slurm recipe on a one-node Slurm cluster started on
# this machine (installs Debian's slurm-wlm and munge when missing: root).
test-slurm:
	scripts/test-slurm.sh

race:
	$(GO) test -race -short -count=1 -timeout $(TEST_TIMEOUT) $(RACE_PKGS)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

# go.mod and go.sum must be what go mod tidy makes of them (a dependency
# marked // indirect that is direct, or a missing sum, fails CI).
tidy-check:
	$(GO) mod tidy -diff

# Benchmarks: five runs each so medians can be compared (benchstat).
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 5 $(PKGS)

# A short coverage-guided pass over every fuzz target; a package that does
# not build fails the target rather than being skipped.
FUZZTIME ?= 20s
fuzz:
	@for pkg in $$($(GO) list $(PKGS)); do \
	  list=$$($(GO) test -list '^Fuzz' $$pkg) || { echo "$$list"; exit 1; }; \
	  for f in $$(echo "$$list" | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

# The Play page as a static site that needs no server: the page and its
# script (the same as nzsc serve's), the engine compiled to WebAssembly,
# and the Go distribution's loader for it. Serve web/dist with any static
# file server (a browser will not load WebAssembly from file://).
WEB_DIST ?= web/dist
web:
	rm -rf $(WEB_DIST)
	$(GO) run ./cmd/nzsc-wasm/site $(WEB_DIST)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags=-s -o $(WEB_DIST)/nzsc.wasm ./cmd/nzsc-wasm
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $(WEB_DIST)/
	@ls -l $(WEB_DIST); printf 'nzsc.wasm gzipped: %s bytes\n' "$$(gzip -9 -c $(WEB_DIST)/nzsc.wasm | wc -c)"

clean:
	rm -rf bin $(WEB_DIST)
