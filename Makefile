# Labelgen: `make demo` renders the demo labels, `make test` runs every test.
# Both install missing system libraries first (see scripts/ensure-deps.sh).

SWIFT ?= swift
DEMO_OUT ?= out/demo
LABELGEN = .build/release/labelgen
# The Swift runtime and Foundation linked into the binary: a run starts in 19 ms of CPU
# instead of 27, as the dynamic loader no longer binds them (docs/performance.md).
RELEASE = -c release --static-swift-stdlib
STRINGS = $(wildcard Localizations/strings/*.json)

.PHONY: deps build demo test test-tools conformance bench bench-tables docs doc-coverage man completions clean fuzz fuzz-smoke asan-test tsan-build tsan-test tsan-stress sanitize mutants

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build $(RELEASE) --product labelgen

# One run per style, each on the keys that use it: from the JSON tables, then from the
# same strings as one Godot CSV and as XLIFF 2 files, which must give the same files.
DEMO_STYLES = button:menu score:hud title:title tip:tip dialog:dialog meme:meme
DEMO_CSV = Localizations/tables/strings.csv
DEMO_XLIFF = $(wildcard Localizations/xliff/*.xlf)

# $(1): the tables, $(2): the output folder.
define demo-runs
	@set -e; for pair in $(DEMO_STYLES); do \
	  style=$${pair%%:*}; keys=$${pair##*:}; \
	  $(LABELGEN) $(1) --style Localizations/styles/$$style.json --keys "$$keys.*" --out $(2)/$$style; \
	done
endef

demo: build
	$(call demo-runs,$(STRINGS),$(DEMO_OUT))
	$(call demo-runs,$(DEMO_CSV),$(DEMO_OUT)-csv)
	$(call demo-runs,$(DEMO_XLIFF),$(DEMO_OUT)-xliff)
	diff -r $(DEMO_OUT) $(DEMO_OUT)-csv
	diff -r $(DEMO_OUT) $(DEMO_OUT)-xliff
	@echo "The CSV and XLIFF tables drew the same files as the JSON tables."
	@echo "Demo labels are in $(DEMO_OUT)/<style>/<locale>/"

# The programs some tests compare Labelgen's readers with (Godot 3, translate-toolkit),
# installed when missing like the libraries; without them those tests are skipped.
test-tools:
	@scripts/ensure-test-tools.sh

test: deps test-tools
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Every case of Unicode's BidiCharacterTest.txt (91,707) and GraphemeBreakTest.txt
# through the layout API; `make test` runs a fixed sample of the first (docs/testing.md).
conformance: deps
	$(SWIFT) build --build-tests
	LABELGEN_CONFORMANCE=full $(SWIFT) test --skip-build --filter Conformance

# Throughput, stage times, memory and latency, against Pillow, Pango+Cairo and
# ImageMagick on the same workload (README, Performance). Installs the peers first.
bench: deps
	@Benchmarks/run.sh

# How fast and in how much memory a million-row CSV, a 200 MB XLIFF and the same strings
# as JSON are read (docs/performance.md, "Reading large tables").
BENCH_SCRATCH ?= .build-bench
bench-tables: deps
	(cd Benchmarks && swift build -c release --scratch-path "../$(BENCH_SCRATCH)/harness" >/dev/null)
	BENCH_SCRATCH=$(BENCH_SCRATCH) python3 Benchmarks/table-reading.py

# The DocC documentation of every library module, one archive each in $(DOCS_OUT): a
# static web site, e.g. `python3 -m http.server -d out/docs/LabelLayout.doccarchive` and
# then /documentation/labellayout. DOCC_FLAGS go to docc:
# `make docs DOCC_FLAGS=--warnings-as-errors` fails on a broken link.
DOCS_OUT ?= out/docs
DOC_TARGETS = LabelCore StyledText StringTables LabelFonts LabelLayout LabelImage TextRender Captions LabelBatch \
	LabelSnapshotTesting
DOCC_FLAGS ?=

# The plugin moves each archive into the output folder, which must exist already.
docs: deps
	rm -rf "$(DOCS_OUT)"
	mkdir -p "$(DOCS_OUT)"
	$(SWIFT) package --allow-writing-to-directory "$(DOCS_OUT)" generate-documentation \
		$(addprefix --target ,$(DOC_TARGETS)) --experimental-skip-synthesized-symbols \
		--output-path "$(DOCS_OUT)" $(DOCC_FLAGS)
	@echo "Documentation is in $(DOCS_OUT)/<module>.doccarchive"

# Public declarations of the library modules that have no doc comment; exits 1 if any.
doc-coverage: deps
	python3 scripts/doc-coverage.py $(DOC_TARGETS)

# The manual page, $(MAN_OUT)/labelgen.1, made by swift-argument-parser's plugin from the
# help text the command prints (the plugin builds the package in debug mode first; empty
# lines become the paragraph breaks mdoc wants), then checked to describe every
# subcommand and option.
MAN_OUT ?= out/man

man: deps
	$(SWIFT) package generate-manual --configuration debug
	mkdir -p "$(MAN_OUT)"
	sed 's/^$$/.Pp/' .build/plugins/GenerateManual/outputs/labelgen/labelgen.1 > "$(MAN_OUT)/labelgen.1"
	python3 scripts/check-manual.py .build/debug/labelgen "$(MAN_OUT)/labelgen.1"

# Shell completions for bash, zsh and fish in $(COMPLETIONS_OUT) (README, Installing).
COMPLETIONS_OUT ?= out/completions

completions: build
	mkdir -p "$(COMPLETIONS_OUT)"
	$(LABELGEN) --generate-completion-script bash > "$(COMPLETIONS_OUT)/labelgen.bash"
	$(LABELGEN) --generate-completion-script zsh > "$(COMPLETIONS_OUT)/_labelgen"
	$(LABELGEN) --generate-completion-script fish > "$(COMPLETIONS_OUT)/labelgen.fish"

# Every folder the targets here build or write into, with what the scripts they run
# leave: .build (debug, release, the sanitize run's output and stripped copy),
# .build-asan and .build-tsan, the benchmark's scratch (.build-bench by default), the
# fuzz targets' build and corpus (Fuzz/.build), a build of the benchmark harness made by
# hand (Benchmarks/.build), the demo labels (out), the documentation ($(DOCS_OUT); the
# plugin's scratch files are under .build), and the mutation check's copy of the package
# and its log ($(MUTANTS_DIR); the folder itself only if that leaves it empty).
BENCH_SCRATCH ?= .build-bench
MUTANTS_DIR ?= /tmp/labelgen-mutants

clean:
	rm -rf .build .build-* "$(BENCH_SCRATCH)" Fuzz/.build Benchmarks/.build out "$(DOCS_OUT)"
	rm -rf "$(MUTANTS_DIR)/package" "$(MUTANTS_DIR)/mutants.log"
	rmdir "$(MUTANTS_DIR)" 2>/dev/null || true

# Applies known faults to a copy of the sources, one at a time, and checks the tests that
# guard each part fail (docs/testing.md). Takes about two minutes per fault.
mutants: deps
	python3 scripts/mutants.py

# libFuzzer targets in Fuzz/ (a separate package, so `make test` never builds them), each
# run for FUZZ_SECONDS. New inputs go to Fuzz/.build/fuzz/corpus, the committed seeds in
# Fuzz/Corpus stay as they are; a crashing input is saved in Fuzz/.build/fuzz/artifacts.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = FuzzStyle FuzzJSONTable FuzzStringsFile FuzzStringCatalog FuzzAndroidXML \
	FuzzGettext FuzzPlaceholders FuzzMarkup FuzzLayout FuzzFont FuzzPicture FuzzImageEncoder FuzzWebP
FUZZ_WORK = Fuzz/.build/fuzz
# The string table, font and picture targets write each input to a file and load it from
# there, in a folder of the process's own (Fuzz/Sources/FuzzSupport/ScratchFolder.swift
# says how a killed fuzzer's folder is removed). With the file on disk, two of them
# running at once got 0.6 of a core each, the rest lost to waiting for writes; with it
# in memory each uses a whole core.
FUZZ_TMPDIR := $(if $(wildcard /dev/shm/.),/dev/shm,$(or $(TMPDIR),/tmp))

# FuzzAndroidXML runs without leak checks: FoundationXML leaks an NSError on every
# malformed document, and libFuzzer then scans the whole heap after each such input,
# which ran it at 8 inputs a second instead of about 190. Valgrind checks leaks in `make sanitize`.
# The targets are built from scratch every time (under a minute): SwiftPM does not
# always recompile a fuzz target when a struct it uses from Labelgen gains a field, and
# the stale code then overruns the struct, which AddressSanitizer reports as a finding.
define run-fuzzers
	rm -rf Fuzz/.build/debug Fuzz/.build/debug.yaml Fuzz/.build/build.db Fuzz/.build/$$(uname -m)-unknown-linux-gnu
	$(SWIFT) build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
	@set -e; for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_WORK)/corpus/$$target $(FUZZ_WORK)/artifacts; \
		echo "fuzz: $$target for $(1) s"; \
		leaks=1; [ $$target != FuzzAndroidXML ] || leaks=0; \
		TMPDIR=$(FUZZ_TMPDIR) LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp Fuzz/.build/debug/$$target \
			-max_total_time=$(1) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -detect_leaks=$$leaks \
			-artifact_prefix=$(FUZZ_WORK)/artifacts/$$target- \
			$(FUZZ_WORK)/corpus/$$target Fuzz/Corpus/$$target; \
	done
endef

fuzz: deps
	$(call run-fuzzers,$(FUZZ_SECONDS))

# A short run of every target, as CI does: enough to catch a crash on the seeds and
# their first mutations.
FUZZ_SMOKE_SECONDS ?= 10

fuzz-smoke: deps
	$(call run-fuzzers,$(FUZZ_SMOKE_SECONDS))

# The tests under AddressSanitizer and ThreadSanitizer (`tsan-test`, below), each in its
# own scratch folder so the normal build is not invalidated, then one release run of
# labelgen under valgrind.
# LeakSanitizer is off for the tests: Foundation, FoundationXML and XCTest leak on their
# own, and it cannot follow Swift references kept in enum payloads, so a run interrupted
# on purpose (the SIGINT test) would exit 1. The million-key test measures peak memory,
# which ASan's shadow memory inflates past its bound. Leaks are checked by valgrind, on
# definite leaks only: the Swift runtime's caches show as "possibly lost". Valgrind 3.19
# cannot read the DWARF 5 the toolchain writes, so it runs a copy without debug info;
# its uninitialised-value reports are off, as this is a leak check: the only ones it
# makes point into Swift's own enum tests on stack copies in Generate.run.
SANITIZE_OUT ?= .build/sanitize-out

asan-test: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan \
		--skip millionKeys

# The whole suite under ThreadSanitizer, labelgen binaries the tests start included. Any
# report fails the run (exit status 66); nothing is suppressed. Tests that start labelgen
# dozens of times are skipped under it, with their reason in the test report. It takes
# too long for CI (docs/testing.md), which runs `tsan-stress` instead: the same build,
# and only the tests that share one engine, renderer or run between threads.
TSAN_TEST = TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" \
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan
TSAN_STRESS_SUITES = SharedEngineStressTests|SharedRendererStressTests|InterruptCleanupTests|BatchRunTests

tsan-build: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan

tsan-test: tsan-build
	$(TSAN_TEST)

tsan-stress: tsan-build
	$(TSAN_TEST) --filter '$(TSAN_STRESS_SUITES)'

sanitize: asan-test tsan-test
	$(SWIFT) build $(RELEASE) --product labelgen
	objcopy --strip-debug $(LABELGEN) .build/labelgen-valgrind
	rm -rf $(SANITIZE_OUT)
	valgrind --leak-check=full --errors-for-leak-kinds=definite --undef-value-errors=no --error-exitcode=1 \
		.build/labelgen-valgrind Localizations/strings/en.json Localizations/strings/ar.json \
		Localizations/strings/ja.json Localizations/strings/th.json \
		--style Localizations/styles/button.json --keys 'menu.*' --jobs 2 --quiet --out $(SANITIZE_OUT)
