# Slotwise: `make run` sets up and serves the demo; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := run

BIN      := bin/slotwise
UI_SRC   := $(shell find ui/src ui/build locales -type f 2>/dev/null) webpack.config.js tsconfig.json
GO_SRC   := $(shell find backend ssr ui migrations locales -name '*.go' -o -name '*.sql' 2>/dev/null) go.mod go.sum
MANIFEST := ui/dist/client/manifest.json

.PHONY: run build deps ui types fuzz test test-ahead test-go test-ui test-e2e bench typecheck clean

## deps: install Node packages (exactly as locked) and Go modules
deps: node_modules/.installed
	@go mod download

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

## ui: build the client and server bundles with webpack
ui: $(MANIFEST)

$(MANIFEST): node_modules/.installed $(UI_SRC)
	npx --no-install webpack --mode production
	@touch $@

## build: bin/slotwise, one binary embedding both bundles, migrations and locales
build: $(BIN)

$(BIN): $(MANIFEST) $(GO_SRC)
	go build -o $(BIN) ./backend/cmd/slotwise

## run: set up and serve the demo on http://127.0.0.1:8080
run: build
	./$(BIN) serve

## test: every test (Go unit and integration, UI unit, browser), with a summary
test: build
	@scripts/test.sh

## test-ahead: every test again with the clock a year, then ten years, ahead (SLOTWISE_CLOCK_SHIFT)
test-ahead: build
	@for shift in 1y 10y; do echo "== every test with the clock $$shift ahead"; SLOTWISE_CLOCK_SHIFT=$$shift scripts/test.sh || exit 1; done

## types: regenerate ui/src/generated/*.ts from the Go types that cross the wire (tygo.yaml)
types:
	go tool tygo generate

## fuzz: every Go fuzz target for FUZZTIME each (default 2m); findings land in testdata/fuzz to commit
FUZZTIME ?= 2m
fuzz: build
	@scripts/fuzz-targets.sh | while read -r pkg target; do \
	  echo "== $$target ($$pkg)"; go test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; done

typecheck: node_modules/.installed
	npx --no-install tsc --noEmit -p .

## bench: renders per second through the Go V8 pool and under Node, and their ratio
bench: build
	@scripts/bench.sh

clean:
	rm -rf bin ui/dist/client ui/dist/server node_modules/.installed
