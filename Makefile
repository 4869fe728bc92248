# Labelgen: `make demo` renders the demo labels, `make test` runs every test.
# Both install missing system libraries first (see scripts/ensure-deps.sh).

SWIFT ?= swift
DEMO_OUT ?= out/demo
LABELGEN = .build/release/labelgen
STRINGS = $(wildcard Localizations/strings/*.json)

.PHONY: deps build demo test clean

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build -c release --product labelgen

# One run per style, each on the keys that use it.
demo: build
	$(LABELGEN) $(STRINGS) --style Localizations/styles/button.json --keys 'menu.*' --out $(DEMO_OUT)/button
	$(LABELGEN) $(STRINGS) --style Localizations/styles/score.json  --keys 'hud.*'  --out $(DEMO_OUT)/score
	$(LABELGEN) $(STRINGS) --style Localizations/styles/title.json  --keys 'title.*' --out $(DEMO_OUT)/title
	$(LABELGEN) $(STRINGS) --style Localizations/styles/tip.json    --keys 'tip.*'  --out $(DEMO_OUT)/tip
	$(LABELGEN) $(STRINGS) --style Localizations/styles/dialog.json --keys 'dialog.*' --out $(DEMO_OUT)/dialog
	$(LABELGEN) $(STRINGS) --style Localizations/styles/meme.json   --keys 'meme.*' --out $(DEMO_OUT)/meme
	@echo "Demo labels are in $(DEMO_OUT)/<style>/<locale>/"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build out
