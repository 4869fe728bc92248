#!/usr/bin/env python3
"""Mutation check: does the test suite notice when known behaviour breaks?

Copies the package (without build folders) to a scratch folder, builds its tests once,
then applies each fault below on its own, rebuilds, runs the tests that guard that part
of the product, and expects them to fail. A fault the tests miss is a missing test.

    python3 scripts/mutants.py                # every fault; writes docs/mutants-results.md
    python3 scripts/mutants.py centred-stroke # only the named faults; writes
                                              # $MUTANTS_DIR/mutants-partial.md, never the record

Exit status 0 when every fault was caught, 1 when one survived or no longer compiles, 2 on a
set-up error.
The list and the latest results are explained in docs/testing.md.
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = Path(os.environ.get("MUTANTS_DIR", "/tmp/labelgen-mutants"))

# name, file, exact text (must occur once), replacement, test filter (Swift Testing
# --filter, a regular expression over test names), what the fault means.
FAULTS = [
    ("no-reorder-after-wrap", "Sources/LabelLayout/Pipeline/Positioner.swift",
     "let pieces = visualOrder(pieces(in: visible, splittingAt: ellipsisRange))",
     "let pieces = bandTop == 0 ? visualOrder(pieces(in: visible, splittingAt: ellipsisRange)) : pieces(in: visible, splittingAt: ellipsisRange)",
     "BidiAndFallbackTests|CaretTests", "bidi runs are reordered on the first line only"),
    ("centred-stroke", "Sources/TextRender/Masks/Silhouettes.swift",
     "let ring = try Self.ring(outer: outer, inner: fill)", "let ring = outer",
     "EffectPixelTests|\\.RenderTests/", "the stroke is painted over the glyph interior too"),
    ("gradient-by-label", "Sources/TextRender/Layers/FillLayer.swift",
     "guard let ink = gradient.scope == .label ? masks.labelInk : lineInk else { continue }",
     "guard let ink = masks.labelInk else { continue }",
     "\\.RenderTests/|StylePromiseTests|OverlappingLineGradientTests", "a line gradient spans the whole label where markup colours some runs"),
    ("no-shadow", "Sources/TextRender/Layers/ShadowLayer.swift",
     "guard !style.shadows.isEmpty else { return nil }", "guard false else { return nil }",
     "EffectPixelTests|ImageDiffingTests", "shadows are not drawn"),
    ("fit-one-step-small", "Sources/LabelLayout/Pipeline/Fitter.swift",
     "return decision(bestSize, best, .shrunk)",
     "return decision(sizeAt(max(0, low - 1)), best, .shrunk)",
     "FitTests", "the fitted size is one grid step below the largest that fits"),
    ("no-neighbour-probe", "Sources/LabelLayout/Pipeline/Fitter.swift",
     "while k < min(steps, low + 4) {", "while k < min(steps, low + 4) && false {",
     "FitProbeTests", "sizes just above the binary search's answer are not tried"),
    ("outputs-in-place", "Sources/LabelBatch/Output/AtomicWriter.swift",
     "guard rename(temporary, staged.target) == 0 else {",
     "guard (try? Data(contentsOf: URL(fileURLWithPath: temporary))).map({ (try? $0.write(to: URL(fileURLWithPath: staged.target))) != nil && unlink(temporary) == 0 }) == true else {",
     "CaptionCommandTests|IncrementalTests", "outputs are overwritten in place instead of renamed over"),
    ("host-fonts-always", "Sources/labelgen/Options/FontOptions.swift",
     "useHostFonts: hostFonts,", "useHostFonts: true,",
     "FontSourceTests", "labelgen falls back to the host's fonts without --host-fonts"),
    ("no-ink-margin", "Sources/LabelLayout/Pipeline/Fitter.swift",
     "static let inkMargin = 1.0", "static let inkMargin = 0.0",
     "ScaleAndEdgeTests", "ink may reach the box's outermost pixel ring"),
    ("no-baseline-snap", "Sources/LabelLayout/Pipeline/Positioner.swift",
     "var snapped = baseline.rounded()", "var snapped = baseline",
     "ScaleAndEdgeTests|FitTests", "baselines are not snapped, so @2x baselines are not twice @1x"),
    ("canvas-not-multiplied", "Sources/TextRender/Masks/EffectBounds.swift",
     "x1 = Self.boxSide(layout.bounds.width, scale: scale)",
     "x1 = max(1, (layout.bounds.width * scale).rounded(.up))",
     "ScaleAndEdgeTests|\\.RenderTests/", "an @N canvas is rounded on its own instead of N times @1x"),
    ("tall-metrics-default", "Sources/LabelFonts/FontResolver.swift",
     "if metrics == .compact, let compact = named(family + \" UI\") { return compact }", "",
     "ScriptFairSizeTests", "Arabic, Thai and Devanagari keep their tall line metrics"),
    ("cjk-no-region-alias", "Sources/LabelFonts/FontResolver.swift",
     "return sorted.first { regionless($0.family) == base }", "return nil",
     "LanguageCoverageTests", "\"Noto Sans CJK TC\" no longer finds the bundled face"),
    ("bundled-folder-unchecked", "Sources/LabelFonts/FontResolver.swift",
     "        try checkBundledFolders(needed: font.files.isEmpty)\n", "",
     "DefaultFontSourceTests", "a missing font folder is not reported"),
    ("vertical-middle-is-top", "Sources/LabelLayout/Pipeline/Positioner.swift",
     "case .middle: return 0.5", "case .middle: return 0",
     "FitTests", "verticalAlign middle draws at the top"),
    ("line-height-ignored", "Sources/LabelLayout/Pipeline/Fitter.swift",
     "return (ascender * fontSize, descender * fontSize, natural * lineHeight)",
     "return (ascender * fontSize, descender * fontSize, natural)",
     "StylePromiseTests|FitTests", "lineHeight does not change line spacing"),
    ("no-ellipsis", "Sources/LabelLayout/Pipeline/Truncator.swift",
     "static let ellipsis: Unicode.Scalar = \"\\u{2026}\"", "static let ellipsis: Unicode.Scalar = \" \"",
     "FitTests|CaretTests", "truncated text ends without an ellipsis"),
    ("strict-ignored", "Sources/LabelBatch/Review/Checks.swift",
     "if strict && (entry.truncated", "if false && (entry.truncated",
     "StrictTests", "--strict lets truncated labels and missing characters pass"),
    ("no-line-bands", "Sources/TextRender/Layers/FillLayer.swift",
     "return top < bottom ? top..<bottom : nil", "return nil",
     "FillBandTests", "lines get no gradient band"),
    ("stroke-join-ignored", "Sources/TextRender/Masks/Silhouettes.swift",
     "return (try grown(.all, by: strokes[0].stroke.width * scale + extra, join: join ?? strokes[0].stroke.join), [])",
     "return (try grown(.all, by: strokes[0].stroke.width * scale + extra, join: .round), [])",
     "StylePromiseTests|EffectPixelTests", "every stroke is drawn with round joins"),
    ("no-phrases", "Sources/LabelLayout/Pipeline/BreakOpportunities.swift",
     "guard wordBreak == .phrase else { return nil }", "return nil",
     "LineBreakingTests", "Japanese, Chinese and Korean break between any characters under wordBreak phrase"),
    ("kinsoku-always-normal", "Sources/LabelLayout/C/BreakIterator.swift",
     "return \"lb=\\(strictness.rawValue)\"", "return \"lb=normal\"",
     "LineBreakingTests", "lineBreak strict lets small kana and the prolonged sound mark start a line"),
    ("balance-is-greedy", "Sources/LabelLayout/Pipeline/LineBreaker.swift",
     "guard request.style != .greedy else { return greedy }", "guard request.style == .pretty else { return greedy }",
     "TypesettingPropertyTests|LineBreakingTests", "wrapStyle balance sets lines greedily"),
    ("orphans-allowed", "Sources/LabelLayout/Pipeline/LineComposer.swift",
     "isOrphan(line, width: lineWidth, longest: costs.longest) ? Weight.orphan : 0", "0",
     "TypesettingPropertyTests|LineBreakingTests", "balance and pretty leave a lone kana or hanzi where another set of breaks fits"),
    ("stacked-join-ignored", "Sources/TextRender/Masks/Silhouettes.swift",
     "let grown = try strokedParts(extra: outset, join: stroke.join).union",
     "let grown = try strokedParts(extra: outset, join: .round).union",
     "LayerStyleTests", "a stacked outline turns corners round whatever its join"),
    ("extrude-reach-ignored", "Sources/StyledText/Effects/Extrude.swift",
     "offsets: [.init(x: 0, y: 0), .init(x: end.x, y: end.y)])", "offsets: [.init(x: 0 * end.x, y: 0)])",
     "ExtrudeTests", "the canvas and the insets leave no room for an extrusion's sweep"),
    ("effect-bounds-unchecked", "Sources/LabelLayout/LayoutEngine.swift",
     "for slot in LayerEffects.slots { try slot.check(style, limits) }",
     "for slot in LayerEffects.slots where false { try slot.check(style, limits) }",
     "LimitTests", "styles built in code skip the effects' bounds"),
    ("markup-columns-after-samples", "Sources/LabelBatch/Run/LabelPlan.swift",
     "do throws(MarkupError) { _ = try Markup.parse(entry.value) } catch {",
     "do throws(MarkupError) { _ = try Markup.parse(filled.text) } catch {",
     "MarkupCommandTests", "a markup error's column counts the placeholder samples filled in"),
    ("shadow-offset-unscaled", "Sources/TextRender/Layers/ShadowLayer.swift",
     "Self.composite(mask, clearOutside: region, x: shadow.offsetX * scale, y: shadow.offsetY * scale, on: context)",
     "Self.composite(mask, clearOutside: region, x: shadow.offsetX, y: shadow.offsetY, on: context)",
     "EffectPlacementTests", "a shadow's offset stays the same number of pixels at @2x and @3x"),
    ("last-shadow-on-top", "Sources/TextRender/Layers/ShadowLayer.swift",
     "let drawn = shadows.reversed().filter", "let drawn = shadows.filter",
     "EffectPlacementTests", "the last shadow is painted on top instead of the first"),
    ("stroke-gradient-by-label", "Sources/TextRender/Layers/OutlineLayer.swift",
     "if gradient.scope == .label || inks.count < 2 {", "if true {",
     "EffectPlacementTests", "an outline's line-scoped gradient spans the whole label"),
    ("gradient-stops-even", "Sources/TextRender/Layers/GradientPattern.swift",
     "let locations = gradient.locations.count == gradient.colors.count", "let locations = false",
     "EffectPlacementTests", "gradient locations are ignored: stops are evenly spaced"),
    ("baselines-without-origin", "Sources/TextRender/Renderer.swift",
     "Int(($0.baseline * scale + Double(canvas.originY)).rounded())", "Int(($0.baseline * scale).rounded())",
     "EffectPlacementTests", "reported baselines leave out where a tight canvas puts the box"),
    ("vertical-bottom-short", "Sources/LabelLayout/Pipeline/Positioner.swift",
     "case .bottom: return 1", "case .bottom: return 0.75",
     "FitTests", "verticalAlign bottom leaves room under the text"),
    ("identical-outputs-rewritten", "Sources/LabelBatch/Output/AtomicWriter.swift",
     "if let existing = FileManager.default.contents(atPath: folder + name), existing == data { return nil }", "",
     "IncrementalTests|PromiseTests", "files whose bytes do not change are written again, with new inodes and times"),
    ("folder-never-locked", "Sources/LabelBatch/Output/OutputFolderLock.swift",
     "if flock(fd, LOCK_EX | LOCK_NB) != 0 {", "if false {",
     "OutputFolderLockTests", "the output folder is never locked: runs into it interleave"),
    ("old-lock-file-kept", "Sources/LabelBatch/Output/OutputFolderLock.swift",
     "_ = unlinkat(fd, Self.oldLockFileName, 0)", "",
     "OutputFolderLockTests", "an older labelgen's lock file stays in the output folder"),
    ("small-is-fast", "Sources/LabelImage/Encoding/PNGEncoder.swift",
     "method = compression == .fast ? .runLength : .libdeflate", "method = .runLength",
     "ShippingTests/smallPNG|ShippingTests/incremental", "`--png small` writes the fast encoder's files"),
    ("huffman-past-15-bits", "Sources/LabelImage/Encoding/RunLengthDeflate.swift",
     "while (lengths.max() ?? 0) > limit {", "while (lengths.max() ?? 0) > limit + 6 {",
     "ImageEncodingTests/huffmanCodesReachTheLimit|PNGEncoderTests", "literal codes longer than deflate's 15 bits are written"),
    ("premultiply-truncates", "Sources/LabelImage/Premultiply.swift",
     "return UInt8((t + (t >> 8)) >> 8)", "return UInt8(c * a / 255)",
     "ImageEncodingTests/premultiplied", "premultiplied colour is rounded down instead of to the nearest value"),
    ("webp-transparent-colour-lost", "Sources/LabelImage/Encoding/WebPEncoder.swift",
     "config.exact = 1", "config.exact = 0",
     "ImageEncodingTests/webpRoundTrip", "lossless WebP changes the colour under fully transparent pixels"),
    ("empty-image-written", "Sources/LabelImage/Encoding/PNGEncoder.swift",
     "guard image.width > 0, image.height > 0 else {", "guard image.width >= 0, image.height >= 0 else {",
     "ImageEncodingTests/unwritableSizes", "an image without pixels is written as an invalid PNG"),
    ("sheet-premultiplied-twice", "Sources/LabelBatch/Atlas/AtlasBuilder.swift",
     "file = try encoder.encode(stored: sheet.image)", "file = try encoder.encode(sheet.image)",
     "ShippingTests/premultipliedWithAtlas", "a premultiplied run's sprite sheets are premultiplied a second time"),
    ("encoding-not-hashed", "Sources/LabelBatch/Run/InputHasher.swift",
     "fontSetHash, encoding,", "fontSetHash,",
     "ShippingTests/incremental", "switching the format or compression keeps the files of the old one"),
    ("killed-run-files-kept", "Sources/LabelBatch/Output/LeftoverSweep.swift",
     "if unlinkat(folder, name, 0) == 0 { removed += 1 }", "if name.isEmpty { removed += 1 }",
     "OutputLockTests/killedRunLeavesNoClaim|LeftoverSweepTests", "files a killed run staged stay in the output folder"),
    ("manifest-hyphen-dropped", "Sources/LabelLayout/Model/TextLayout.swift",
     "guard endsInHyphen else { return text }", "return text",
     "ShippingTests/hyphenatedLines", "a hyphenated line's manifest text leaves out the hyphen drawn"),
    ("snapshot-alpha-ignored", "Sources/LabelSnapshotTesting/ImageSnapshotting.swift",
     ".pullback { label in alpha == .premultiplied ? label.image.premultiplied() : label.image }", ".pullback { label in label.image }",
     "ImageDiffingTests", "a snapshot asked for premultiplied alpha stores and compares straight pixels"),
    ("atlas-reads-premultiplied-through-cairo", "Sources/LabelImage/WebPDecoder.swift",
     "if let exact = ExactPNGReader.decode(data) { return exact }", "",
     "ShippingTests/premultipliedWithAtlas", "a premultiplied PNG label is read back through Cairo, which premultiplies it again"),
    ("streamed-manifest-blank-line-indented", "Sources/LabelCore/JSON/JSONFileLayout.swift",
     "if newline + 1 < plain.endIndex, plain[newline + 1] != 0x0A { indented.append(indent) }", "indented.append(indent)",
     "ManifestLayoutTests", "a manifest written an entry at a time indents the blank line of an empty array, unlike the whole"),
    ("streamed-file-always-rewritten", "Sources/LabelBatch/Output/AtomicWriter.swift",
     "if !differs, (try? EntryStore.read(old, offset: compared, count: buffer.count)) != buffer { differs = true }",
     "differs = true",
     "ManifestLayoutTests/piecesCompareWithTheFile", "a manifest or report with the same bytes is written again"),
    ("contact-sheet-pages-split-keys", "Sources/LabelBatch/Review/ContactSheet.swift",
     "for (position, entry) in report.labels.enumerated() { pages[pageOfKey[entry.key] ?? 0].append(position) }",
     "for (position, _) in report.labels.enumerated() { pages[min(position / pageSize, pages.count - 1)].append(position) }",
     "ContactSheetPagingTests", "a paged contact sheet cuts pages by count, parting a key's locales"),
    ("merge-copies-shard-bytes", "Sources/LabelBatch/Shards/ShardMerge.swift",
     "try pieces.append(try JSONFileLayout.element(try Self.label(item), encoder: encoder))",
     "try pieces.append(JSONFileLayout.indent + item.shard.manifest.bytes(of: item.entry)); _ = encoder",
     "ShardMergeTests", "a merge copies each shard's entry as its file has it, so a reformatted shard is not merged into a run's bytes"),
    ("mapped-manifest-cut-short", "Sources/LabelBatch/Manifest/PreviousManifest.swift",
     "return try body(Data(bytesNoCopy: base, count: count, deallocator: .none)) { offset in",
     "return try body(Data(bytesNoCopy: base, count: min(count, 1 << 23), deallocator: .none)) { offset in",
     "ManifestLayoutTests", "an earlier manifest is read through its first 8 MB only"),
    ("golden-errors-swallowed", "Sources/LabelBatch/Review/Report.swift",
     "try goldenFailures?[index].get() ?? []",
     "(try? goldenFailures?[index].get()) ?? []",
     "BatchRunTests/goldenCheck", "an image --check cannot read is passed over instead of failing the run"),
    ("parts-committed-one-by-one", "Sources/LabelBatch/Run/LocaleByLocaleRun.swift",
     "staged.append(try partRun.stage(rendered))",
     "let batch = try partRun.stage(rendered); try StagedBatch.flush([batch]); _ = try batch.commit()",
     "LocaleByLocaleRunTests", "a run drawn a locale at a time puts each locale in place before the next is drawn"),
    ("parts-left-staged-on-failure", "Sources/LabelBatch/Run/LocaleByLocaleRun.swift",
     "staged.forEach { $0.discard() }\n            throw error",
     "throw error",
     "LocaleByLocaleRunTests", "a locale that fails leaves the earlier locales' staged files behind"),
    ("report-file-without-separators", "Sources/LabelBatch/Review/RunReportFile.swift",
     "if count > 0 || !bytes.isEmpty { bytes.append(JSONFileLayout.separator) }",
     "if count > 0 { bytes.append(JSONFileLayout.separator) }",
     "LocaleByLocaleRunTests", "the report of a run drawn a locale at a time runs a locale's entries together"),
    ("staged-batch-keeps-stale-images", "Sources/LabelBatch/Run/StagedBatch.swift",
     "return (written, stale.reduce(0) { $0 + $1.remove() })",
     "return (written, 0)",
     "LocaleByLocaleRunTests|BatchRunTests/staleImages", "images of keys gone from the tables stay in the output folder"),
    ("interrupt-forgets-staged-files", "Sources/LabelBatch/Output/AtomicWriter.swift",
     "for folder in folders { removeOwnStagedFiles(in: folder) }",
     "_ = folders",
     "InterruptTimingTests", "SIGINT leaves the images already staged, which only their folder records, behind"),
    ("staged-list-drops-straddling-entry", "Sources/LabelBatch/Output/StagedFileList.swift",
     "buffer = buffer.subdata(in: start..<buffer.count) + (try EntryStore.read(descriptor, offset: offset, count: chunk))",
     "buffer = try EntryStore.read(descriptor, offset: offset, count: chunk)",
     "AtomicWriterTests", "a staged image whose entry straddles two reads of the list is lost, and never renamed into place"),
    ("png-block-forgets-previous-byte", "Sources/LabelImage/Encoding/RunLengthDeflate.swift",
     "let kept = max(0, end - 1 - heldFrom)", "let kept = max(0, end - heldFrom)",
     "PNGEncoderTests", "rows compressed a block at a time cannot carry a run across a block boundary, so files change"),
    ("drawn-label-found-off-by-one", "Sources/LabelBatch/Run/DrawnLabels.swift",
     "return low < indices.count && indices[low] == index ? labels[low] : nil",
     "return low + 1 < indices.count ? labels[low + 1] : nil",
     "BatchRunTests", "a drawn label is looked up in its neighbour's place"),
    ("bidi-highest-level-only", "Sources/LabelLayout/Pipeline/Positioner.swift",
     "while level >= lowestOdd && level > 0 {", "while level >= max(lowestOdd, highest) && level > 0 {",
     "BidiConformanceTests", "rule L2 reverses only the runs at the highest bidi level"),
    ("caret-per-scalar", "Sources/LabelLayout/Pipeline/Positioner.swift",
     "graphemeStarts: text.itemized.graphemeStarts,",
     "graphemeStarts: [Bool](repeating: true, count: text.itemized.graphemeStarts.count),",
     "GraphemeConformanceTests", "carets stop between the scalars of a grapheme cluster"),
    ("caption-canvas-too-wide", "Sources/Captions/Captioner.swift",
     "if Canvas.boxSide(width, scale: band.scale) > Double(Renderer.largestSide) { width.round(.down) }", "",
     "CaptionCommandTests", "a caption on a photo 32767 pixels wide needs a canvas Cairo cannot draw"),
    ("mark-keeps-previous-font", "Sources/LabelLayout/Pipeline/Itemizer.swift",
     "return chain.first { $0.covers(base) } ?? resolver.hostFallback(for: [base.value], weight: weight, language: locale)",
     "return nil",
     "CombiningMarkTests|StrictTests", "a letter with a mark its font lacks (Hebrew with U+0301) is drawn as .notdef in the font before it"),
    ("glyph-zero-unreported", "Sources/LabelLayout/Pipeline/Shaper.swift",
     "return missing + drawnAsNotdef", "return missing",
     "CombiningMarkTests|StrictTests", "a character shaped to glyph 0 is not reported when some font covers it"),
    ("atlas-first-turn-only", "Sources/LabelBatch/Atlas/AtlasBuilder.swift",
     "for start in stride(from: 0, to: members[number].count, by: batch) {",
     "for start in stride(from: 0, to: min(batch, members[number].count), by: batch) {",
     "AtlasTests", "a sheet holds only the frames of its first turn of decoding"),
    ("atlas-right-edge-from-inside", "Sources/LabelBatch/Atlas/AtlasSheet.swift",
     "(target + rowBytes + (step - 1) * 4).copyMemory(from: row + rowBytes - 4, byteCount: 4)",
     "(target + rowBytes + (step - 1) * 4).copyMemory(from: row + rowBytes - 4 * step, byteCount: 4)",
     "AtlasTests", "a wide extrusion repeats pixels from inside the frame on its right"),
    ("glyph-outset-ink-side-fixed", "Sources/CGlyphCoverage/GlyphCoverage.c",
     "double sign = area < 0 ? -1 : 1;",
     "double sign = 1;",
     "GlyphCoverageTests", "outlines grow toward the ink in fonts that wind their outer contours the other way"),
    ("glyph-outset-never-cut", "Sources/CGlyphCoverage/GlyphCoverage.c",
     "if (s >= 0 && s <= 1 && u >= 0 && u <= 1) {",
     "if (0) {",
     "GlyphCoverageTests", "concave corners keep the doubled wedge, so edges there read too covered"),
    ("glyph-miter-unlimited", "Sources/CGlyphCoverage/GlyphCoverage.c",
     "if (kind == GLYPH_COVERAGE_JOIN_MITER && miter_limit * miter_limit * (1 + dot) >= 2) {",
     "if (kind == GLYPH_COVERAGE_JOIN_MITER) {",
     "GlyphCoverageTests", "a sharp corner's miter spikes past the limit"),
    ("glyph-join-from-chord", "Sources/CGlyphCoverage/GlyphCoverage.c",
     "j->in = unit(here->in_x != 0 || here->in_y != 0 ? (point){here->in_x, here->in_y}",
     "j->in = unit(0 ? (point){here->in_x, here->in_y}",
     "GlyphCoverageTests", "a corner's join turns from the curve's first chord, not its tangent"),
    ("fallback-unmarked", "Sources/StringTables/Reading/StringCatalog.swift",
     "let details = (entry.details ?? EntryDetails()).fallingBack(to: fallback)", "let details = entry.details",
     "TableReadOptionsTests|TableOptionsTests", "a fallback text is drawn without saying whose it is"),
    ("locales-ignored", "Sources/StringTables/StringTable.swift",
     ".filter { !$0.isSourceOnly && wanted?.contains($0.locale) != false }",
     ".filter { !$0.isSourceOnly }",
     "TableReadOptionsTests|TableOptionsTests", "--locales draws every locale of a table of several"),
    ("strict-passes-untranslated", "Sources/labelgen/GenerateCommand.swift",
     "if strict, summary.failedCount == 0, summary.untranslatedCount > 0 {",
     "if false, summary.failedCount == 0, summary.untranslatedCount > 0 {",
     "TableOptionsTests", "--strict passes a run whose tables leave keys untranslated"),
    ("limit-not-checked", "Sources/LabelBatch/Review/Checks.swift",
     "if strict, let limit = entry.limit, limit.isExceeded {", "if false, let limit = entry.limit, limit.isExceeded {",
     "TranslationTablesTests", "a label wider than its XLIFF limit passes --strict"),
    ("limit-without-outline", "Sources/LabelBatch/Run/LabelRenderer.swift",
     "return Int((layout.inkBounds.width + 2 * outline - 1e-9).rounded(.up))",
     "return Int((layout.inkBounds.width - 1e-9).rounded(.up))",
     "TranslationTablesTests", "a width limit is checked against the ink without its outline"),
    ("fallback-not-hashed", "Sources/LabelBatch/Run/InputHasher.swift",
     "if let fallback = label.details?.fallbackLocale { fields.append(\"fallback \\(fallback)\") }", "",
     "TranslationTablesTests", "a label keeps its fallback mark after its cell is translated with the same text"),
    ("codes-markup-everywhere", "Sources/LabelBatch/Run/LabelPlan.swift",
     "let value = style.markup ? entry.value : entry.details?.plainValue ?? entry.value", "let value = entry.value",
     "TranslationTablesTests", "XLIFF's bold codes show as <b> tags in a style without markup"),
    ("miter-limit-unsquared", "Sources/CGlyphCoverage/GlyphCoverage.c",
     "miter_limit * miter_limit * (1 + dot) >= 2", "miter_limit * (1 + dot) >= 2",
     "MiterLimitTests", "the miter limit is compared unsquared: corners between 29 and 60 degrees get a bevel instead of a miter"),
    ("small-filter-none", "Sources/CPNGFilter/PNGFilter.c",
     "for (int filter = 0; filter < 5; filter++) {", "for (int filter = 0; filter < 1; filter++) {",
     "PNGFilterChoiceTests", "--png small stores every row with filter None instead of the smallest-sum filter"),
    ("straighten-truncates", "Sources/LabelImage/Premultiply.swift",
     "(c * 255 + a / 2) / a", "c * 255 / a",
     "StraightenedRoundingTests", "un-premultiplying (the contact sheet's path) rounds down instead of to the nearest value"),
    ("sweep-ignores-folder-locks", "Sources/LabelBatch/Output/LeftoverSweep.swift",
     "guard flock(folder, LOCK_EX | LOCK_NB) == 0 else { return 0 }", "_ = flock(folder, LOCK_EX | LOCK_NB)",
     "LeftoverSweepTests/heldFolderPassedOver|OutputLockTests/otherNamespaceKeepsItsStaging",
     "the sweep removes staged files in a folder another run holds as its output folder"),
    ("sweep-follows-links", "Sources/LabelBatch/Output/LeftoverSweep.swift",
     "O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC", "O_RDONLY | O_DIRECTORY | O_CLOEXEC",
     "LeftoverSweepTests/neverThroughLinks", "the sweep follows a symlinked locale or diff folder out of OUT"),
    ("sweep-in-unnamed-folders", "Sources/LabelBatch/Output/LeftoverSweep.swift",
     "isFolderName(name) && withFolder(name, in: out) { hasManifest($0) ? 1 : 0 } == 1", "isFolderName(name)",
     "LeftoverSweepTests/onlyWhereRunsWrite", "the sweep removes files in a user's folder no manifest names"),
    ("any-manifest-names-a-locale", "Sources/LabelBatch/Output/LeftoverSweep.swift",
     "return isManifestEnd(String(decoding: tail, as: UTF8.self))", "return !tail.isEmpty",
     "LeftoverSweepTests/onlyWhereRunsWrite", "any manifest.json, not only labelgen's, makes a folder one the sweep empties"),
    ("staged-pid-any-spelling", "Sources/LabelBatch/Output/AtomicWriter.swift",
     "guard isProcessNumber(digits), let pid", "guard let pid",
     "LeftoverSweepTests/stagedNamePattern|LeftoverSweepTests/onlyWhereRunsWrite",
     "a pid spelled with a sign or leading zero counts as a staged name"),
    ("staged-tag-any-case", "Sources/LabelBatch/Output/AtomicWriter.swift",
     "(0x41...0x46).contains($0) }) else { return nil }",
     "(0x41...0x46).contains($0) || (0x61...0x66).contains($0) }) else { return nil }",
     "LeftoverSweepTests/stagedNamePattern|LeftoverSweepTests/onlyWhereRunsWrite", "a lowercase tag counts as a staged name"),
    ("sweep-ignores-live-processes", "Sources/LabelBatch/Output/LeftoverSweep.swift",
     "kill(pid, 0) != 0, errno == ESRCH else { continue }", "pid > 0 else { continue }",
     "LeftoverSweepTests/liveStagingKept|LeftoverSweepTests/onlyWhereRunsWrite",
     "staged files of live processes in a held folder are removed"),
    ("run-locales-not-swept", "Sources/LabelBatch/Run/BatchPlan.swift",
     "lock.removeLeftovers(inLocales: locales)", "_ = lock",
     "LeftoverSweepTests/runsOwnLocalesSwept|OutputLockTests/killedRunLeavesNoClaim",
     "a killed first run's files stay in locale folders no manifest names yet"),
    ("merge-locales-not-swept", "Sources/LabelBatch/Shards/ShardMerge.swift",
     "lock.removeLeftovers(inLocales: locales.map(\\.locale))", "_ = lock",
     "LeftoverSweepTests/mergedLocalesSwept", "a killed merge's staged files stay in the merged locale folders"),
    ("te-form-de-unjoined", "Sources/LabelLayout/Pipeline/JapanesePhrases.swift",
     "(before == 0x3066 || before == 0x3067)", "before == 0x3066",
     "JapanesePhraseJoinTests", "a te-form in de is parted from its auxiliary (yonde | iru)"),
    ("kudasai-split", "Sources/LabelLayout/Pipeline/JapanesePhrases.swift",
     "return splitsKudasaru(scalars, at: offset)", "return false",
     "JapanesePhraseJoinTests", "lines break inside kudasai where the phrase fits a line"),
    ("inside-phrase-always-offered", "Sources/LabelLayout/Pipeline/LineComposer.swift",
     "if greedyEnds.contains(where: inside.contains) { ends = (ends + inside).sorted() }",
     "ends = (ends + inside).sorted()",
     "ComposerDecisionTests", "balance and pretty break inside a phrase where greedy did not need to"),
    ("fit-grid-top-skipped", "Sources/LabelLayout/Pipeline/Fitter.swift",
     "return first..<max(first, last + 1)", "return first..<max(first, last)",
     "FitterGridTests", "the largest grid size below the style's is never tried"),
    ("no-sentence-end-bonus", "Sources/LabelLayout/Pipeline/LineComposer.swift",
     "static let sentenceEnd = -0.2", "static let sentenceEnd = 0.0",
     "ComposerDecisionTests", "the composer gives a break after a sentence no bonus"),
    ("pretty-last-line-like-others", "Sources/LabelLayout/Pipeline/LineComposer.swift",
     "guard !isLast else { return Weight.raggedLast * short * short }", "",
     "ComposerDecisionTests", "pretty costs its last line's room like the other lines"),
    ("composed-ink-unchecked", "Sources/LabelLayout/Pipeline/Fitter.swift",
     "if chosen.lines.count == greedy.lines.count && fits(chosen, fontSize: request.fontSize) { return chosen }",
     "if chosen.lines.count == greedy.lines.count { return chosen }",
     "ComposedInkTests", "composed lines are kept when their ink no longer fits the box"),
]


def run(command, cwd, log):
    with open(log, "a") as out:
        out.write("$ " + " ".join(command) + "\n")
        out.flush()
        return subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode


def main():
    begun = time.time()
    chosen = set(sys.argv[1:])
    faults = [f for f in FAULTS if not chosen or f[0] in chosen]
    unknown = chosen - {f[0] for f in FAULTS}
    if unknown:
        print("unknown fault(s): " + ", ".join(sorted(unknown)), file=sys.stderr)
        return 2
    copy = SCRATCH / "package"
    SCRATCH.mkdir(parents=True, exist_ok=True)
    log = SCRATCH / "mutants.log"
    log.write_text("")
    # A fresh copy of the sources, keeping the scratch build folder between runs.
    if copy.exists():
        for entry in copy.iterdir():
            if entry.name != ".build":
                shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    shutil.copytree(ROOT, copy, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".build", ".build-*", "out", ".git"))
    print(f"building the unchanged copy in {copy} (log: {log})", flush=True)
    if run(["swift", "build", "--build-tests"], copy, log) != 0:
        print("the unchanged package does not build", file=sys.stderr)
        return 2
    # The guarding tests must pass on the unchanged code, or a failure proves nothing.
    union = "|".join(sorted({tests for *_, tests, _ in faults}))
    if run(["swift", "test", "--skip-build", "--filter", union], copy, log) != 0:
        print("the guarding tests fail on the unchanged code; see " + str(log), file=sys.stderr)
        return 2
    results = []
    for name, file, old, new, tests, meaning in faults:
        path = copy / file
        original = path.read_text()
        if original.count(old) != 1:
            print(f"{name}: the text to change occurs {original.count(old)} times in {file}", file=sys.stderr)
            return 2
        started = time.time()
        path.write_text(original.replace(old, new))
        try:
            built = run(["swift", "build", "--build-tests"], copy, log) == 0
            failed = not built or run(["swift", "test", "--skip-build", "--filter", tests], copy, log) != 0
        finally:
            path.write_text(original)
        # A fault that does not compile proves nothing about the tests: its text has gone
        # stale and must be rewritten.
        if not built:
            verdict = "DOES NOT COMPILE"
        else:
            verdict = "caught" if failed else "SURVIVED"
        seconds = time.time() - started
        results.append((name, meaning, tests, verdict, seconds))
        print(f"{name:28} {verdict:30} {seconds:5.0f} s", flush=True)
    run(["swift", "build", "--build-tests"], copy, log)

    survived = [r for r in results if r[3] != "caught"]
    report = ["| fault | what breaks | tests run | result | seconds |", "|---|---|---|---|---:|"]
    report += [f"| `{n}` | {m} | `{t}` | {v} | {s:.0f} |" for n, m, t, v, s in results]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip() or "an unknown commit"
    summary = (f"{len(results) - len(survived)} of {len(results)} faults caught on {commit}, "
               f"{time.strftime('%Y-%m-%d', time.gmtime())}, {(time.time() - begun) / 60:.0f} minutes.")
    # Only a run of every fault is the record; a run of some writes beside the scratch
    # copy, so the record always shows the last full run.
    record = ROOT / "docs" / "mutants-results.md" if not chosen else SCRATCH / "mutants-partial.md"
    record.write_text(
        "# Mutation check: latest results\n\nMade by `make mutants` (scripts/mutants.py) over every fault; see testing.md.\n\n"
        + summary + "\n\n" + "\n".join(report) + "\n")
    print(f"{len(results) - len(survived)} caught, {len(survived)} not; results in {record}")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
