# NZSC Lab. `make test` is what CI runs (.ci/run) and what README gives.
GO ?= go
PKGS := ./...

.PHONY: build test fmt-check vet bench fuzz clean

build:
	$(GO) build -o bin/nzsc ./cmd/nzsc

test: fmt-check vet
	$(GO) test -count=1 $(PKGS)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

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

clean:
	rm -rf bin
