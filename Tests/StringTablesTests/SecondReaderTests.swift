import Foundation
import Testing
@testable import StringTables

// Labelgen's XLIFF and CSV readers checked against the readers of the tools translators
// and game developers use on the same files: translate-toolkit (through
// scripts/second-readers/xliff_units.py) and Godot 3's CSV translation importer (through
// scripts/second-readers/godot_csv.gd). scripts/ensure-test-tools.sh installs both.

@Suite("Second readers: translate-toolkit's XLIFF and Godot's CSV reading agree with Labelgen's")
struct SecondReaderTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let translateToolkit = ExternalProgram.pythonWithTranslateToolkit()
    static let godot = ExternalProgram.find("godot3-server")

    // MARK: - XLIFF 1.2 against translate-toolkit

    @Test("every XLIFF 1.2 fixture: translate-toolkit and Labelgen agree per unit on text, drawn or untranslated, and note",
          .enabled(if: translateToolkit != nil,
                   "needs translate-toolkit in Debian's Python (package translate-toolkit; scripts/ensure-test-tools.sh)"))
    func xliffUnitsAgree() throws {
        let python = try #require(Self.translateToolkit)
        let fixtures = XLIFFFixtures(folder: Self.packageRoot.appendingPathComponent("Tests/Fixtures/xliff"))
        let files = fixtures.files
        try #require(!files.isEmpty, "no .xlf, .xliff or .xcloc fixture in \(fixtures.folder.path)")
        let script = Self.packageRoot.appendingPathComponent("scripts/second-readers/xliff_units.py").path
        let run = try ExternalProgram.run(python, [script] + files.map(\.xliff.path), timeout: 120)
        try #require(run.status == 0, "xliff_units.py exited \(run.status): \(run.standardError)")
        let read = try JSONDecoder().decode([ToolkitFile].self, from: Data(run.standardOutput.utf8))
        let versionOne = read.filter { $0.version?.hasPrefix("1.") == true }
        #expect(!versionOne.isEmpty, "translate-toolkit reads XLIFF 1.x only, and no fixture is 1.x")
        var compared = 0
        for (file, toolkit) in zip(files, read) where toolkit.version?.hasPrefix("1.") == true {
            let labelgen = try LabelgenXLIFF.read(file.table)
            for unit in toolkit.units {
                if try compare(unit, of: toolkit, with: labelgen, source: file.xliff.lastPathComponent) { compared += 1 }
            }
        }
        #expect(compared > 0, "no unit of the XLIFF 1.x fixtures was compared")
    }

    /// Checks one unit; false when Labelgen has nothing to compare it with (a case of an
    /// Xcode substitution in a string that is not drawn).
    private func compare(_ unit: ToolkitUnit, of file: ToolkitFile, with labelgen: LabelgenXLIFF,
                         source: String) throws -> Bool {
        let key = unit.labelgenKey(fileKeys: labelgen.keysByFile)
        let place = "\(source): unit \(unit.id) (key \(key.name))"
        let table = try #require(labelgen.table(translatedInto: file.drawnLanguage),
                                 "\(place): Labelgen drew no \(file.drawnLanguage ?? "source") table")
        let translatedIntoItself = file.targetLanguage == nil || file.targetLanguage == file.sourceLanguage
        let text = translatedIntoItself ? unit.sourceText : unit.targetText
        let untranslated = text == nil || (unit.isUntranslated && !translatedIntoItself)
        switch key {
        case .substitutionCase(let base):
            // The case's text is drawn inside the texts of the string that uses it.
            let variants = table.entries.filter { $0.key.hasPrefix(base + "#") }
            guard let text, !untranslated, !variants.isEmpty else { return false }
            #expect(variants.contains { text.isPart(of: $0.details?.plainValue ?? $0.value) },
                    "\(place): translate-toolkit reads \(text.expected.debugDescription), which none of Labelgen's \(base)# variants holds: \(variants.map(\.value))")
            return true
        case .entry(let key) where text.map(XcodeSubstitution.isUsed(in:)) == true:
            // Labelgen expands a text that uses substitutions into one variant per case.
            let variants = table.entries.filter { $0.key.hasPrefix(key + "#") }
            guard let text, !untranslated else {
                #expect(variants.isEmpty, "\(place): translate-toolkit reads it untranslated, Labelgen draws \(variants.map(\.value))")
                return true
            }
            #expect(!variants.isEmpty, "\(place): translate-toolkit reads \(text.expected.debugDescription), Labelgen has no \(key)# variant")
            for variant in variants {
                let drawn = variant.details?.plainValue ?? variant.value
                #expect(ToolkitText.holds(XcodeSubstitution.textAround(text.expected), inOrder: drawn),
                        "\(place): translate-toolkit reads \(text.expected.debugDescription), Labelgen's \(variant.key) \(drawn.debugDescription)")
            }
            return true
        case .entry(let key):
            let entry = table.entries.first { $0.key == key }
            guard let text, !untranslated else {
                #expect(entry == nil, "\(place): translate-toolkit reads it untranslated (state \(unit.state ?? "none"), target \(unit.target.debugDescription)), Labelgen draws \(entry?.value.debugDescription ?? "")")
                #expect(table.untranslatedKeys.contains(key), "\(place): translate-toolkit reads it untranslated, Labelgen does not list it as untranslated")
                return true
            }
            guard let entry else {
                Issue.record("\(place): translate-toolkit reads \(text.expected.debugDescription) (state \(unit.state ?? "none")), Labelgen has no entry")
                return true
            }
            let drawn = entry.details?.plainValue ?? entry.value
            #expect(text.matches(drawn), "\(place): translate-toolkit reads \(text.expected.debugDescription), Labelgen \(drawn.debugDescription)")
            let note = entry.details?.note ?? ""
            let expectedNote = unit.noteSpace == "preserve" ? unit.notes : XMLSpace.collapsed(unit.notes)
            let actualNote = unit.noteSpace == "preserve" ? note : XMLSpace.collapsed(note)
            #expect(actualNote == expectedNote, "\(place): translate-toolkit's notes \(unit.notes.debugDescription), Labelgen's \(note.debugDescription)")
            return true
        }
    }

    // MARK: - CSV against Godot 3's importer

    @Test("Godot 3's CSV importer and Labelgen read the same key, locale and text from every cell",
          .enabled(if: godot != nil, "needs Godot 3's headless binary (Debian package godot3-server; scripts/ensure-test-tools.sh)"),
          arguments: ["Localizations/tables/strings.csv", "Tests/Fixtures/csv/godot-edge.csv"])
    func csvCellsAgree(_ path: String) throws {
        let url = Self.packageRoot.appendingPathComponent(path)
        let godot = try GodotTranslations.read(url, with: try #require(Self.godot),
                                               script: Self.packageRoot.appendingPathComponent("scripts/second-readers/godot_csv.gd"))
        #expect(!godot.endedEarly, "\(path): Godot stopped importing before the end of the file")
        // Godot 3 knows no script subtags; Godot 4 reads zh_Hans, which the demo uses so
        // that Labelgen's zh-Hans styles apply.
        for unknown in godot.unknownLocales {
            let subtags = unknown.split(separator: "_")
            #expect(subtags.count == 2 && subtags[1].count == 4, "\(path): Godot 3 does not know the locale \(unknown)")
        }
        if path.hasSuffix("godot-edge.csv") {
            #expect(godot.unknownLocales.isEmpty, "the fixture must be a file Godot 3 imports: \(godot.unknownLocales)")
        }

        let tables = try StringTable.loadAll(contentsOf: url)
        let locales = godot.locales.map(StringTable.normalizedLocale)
        #expect(tables.map(\.locale) == locales, "\(path): Labelgen's locales, in column order")
        for (column, locale) in zip(godot.locales, locales) {
            guard let table = tables.first(where: { $0.locale == locale }) else { continue }
            let translated = godot.keys.filter { godot.strings[$0]?[column]?.isEmpty == false }
            #expect(table.entries.map(\.key) == translated, "\(path), \(locale): the keys with a text, in file order")
            #expect(table.untranslatedKeys == godot.keys.filter { !translated.contains($0) },
                    "\(path), \(locale): the keys with an empty cell, in file order")
            for entry in table.entries {
                let text = godot.strings[entry.key]?[column]
                #expect(entry.value == text, "\(path), \(locale), \(entry.key): Godot reads \(text.debugDescription), Labelgen \(entry.value.debugDescription)")
            }
        }
    }
}

// MARK: - Running the second readers

/// A program the comparisons run, found on PATH, run with a time limit.
enum ExternalProgram {
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    enum Failure: Error, CustomStringConvertible {
        case timedOut(String, seconds: Double)
        var description: String {
            switch self {
            case .timedOut(let command, let seconds): "\(command) did not finish in \(seconds) s"
            }
        }
    }

    /// The first executable `name` in PATH's folders.
    static func find(_ name: String) -> String? {
        candidates(name).first
    }

    /// The first `python3` on PATH that imports translate-toolkit's XLIFF module: a
    /// Python of a version manager may come first on PATH without Debian's packages.
    static func pythonWithTranslateToolkit() -> String? {
        candidates("python3").first { python in
            (try? run(python, ["-c", "import translate.storage.xliff"], timeout: 30).status) == 0
        }
    }

    private static func candidates(_ name: String) -> [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        var found: [String] = []
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if !found.contains(candidate), FileManager.default.isExecutableFile(atPath: candidate) {
                found.append(candidate)
            }
        }
        return found
    }

    /// Runs `program` with `arguments` and what it prints, ended after `timeout` seconds.
    static func run(_ program: String, _ arguments: [String], in folder: URL? = nil,
                    environment changes: [String: String] = [:], timeout: Double) throws -> Run {
        let captures = try TemporaryDirectory()
        defer { captures.cleanUp() }
        let output = try captures.write("", to: "stdout")
        let errors = try captures.write("", to: "stderr")
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(changes) { $1 }
        process.standardInput = FileHandle.nullDevice
        // Files rather than pipes: a full pipe would stall a program that prints a lot.
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            finished.wait()
            throw Failure.timedOut(([program] + arguments).joined(separator: " "), seconds: timeout)
        }
        try outputHandle.close()
        try errorHandle.close()
        return Run(status: process.terminationStatus,
                   standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
                   standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }
}

// MARK: - What translate-toolkit reads

/// The XLIFF fixtures: files of their own, and the files inside `.xcloc` bundles, which
/// Labelgen reads as one table per bundle.
struct XLIFFFixtures {
    struct File {
        /// What translate-toolkit reads.
        var xliff: URL
        /// What Labelgen reads: the file, or the bundle holding it.
        var table: URL
    }

    var folder: URL

    var files: [File] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [File] = []
        for case let url as URL in walker {
            let kind = url.pathExtension.lowercased()
            if kind == "xcloc" {
                walker.skipDescendants()
                let contents = url.appendingPathComponent("Localized Contents")
                let inside = (try? FileManager.default.contentsOfDirectory(at: contents, includingPropertiesForKeys: nil)) ?? []
                found += inside.filter { ["xliff", "xlf"].contains($0.pathExtension.lowercased()) }
                    .sorted { $0.path < $1.path }
                    .map { File(xliff: $0, table: url) }
            } else if ["xliff", "xlf"].contains(kind) {
                found.append(File(xliff: url, table: url))
            }
        }
        return found.sorted { ($0.table.path, $0.xliff.path) < ($1.table.path, $1.xliff.path) }
    }
}

/// One file as xliff_units.py prints translate-toolkit's reading of it.
struct ToolkitFile: Decodable {
    var path: String
    var version: String?
    var sourceLanguage: String?
    var targetLanguage: String?
    var units: [ToolkitUnit]

    /// The locale of the table Labelgen draws from the file: the target language, or the
    /// source language for a file translated into none or into itself.
    var drawnLanguage: String? {
        (targetLanguage ?? sourceLanguage).map(StringTable.normalizedLocale)
    }
}

/// One `<trans-unit>` as translate-toolkit reads it; see xliff_units.py for the fields.
struct ToolkitUnit: Decodable {
    var original: String?
    var id: String
    var resname: String?
    var source: String?
    var target: String?
    var state: String?
    var notes: String
    var noteSpace: String
    var sourceSpace: String
    var sourceCodes: [String]
    var sourceRuns: [String]
    var targetSpace: String
    var targetCodes: [String]
    var targetRuns: [String]

    /// Labelgen's rule over translate-toolkit's reading: no target or an empty one (which
    /// translate-toolkit gives its empty state) or the file's own `new` and
    /// `needs-translation` (which it reads as needing work, as it does any target that
    /// is not approved, so its state alone cannot tell).
    var isUntranslated: Bool {
        guard let target, !target.isEmpty else { return true }
        return state == "new" || state == "needs-translation"
    }

    var sourceText: ToolkitText? {
        source.map { ToolkitText(expected: $0, space: sourceSpace, codes: sourceCodes, runs: sourceRuns) }
    }

    var targetText: ToolkitText? {
        target.map { ToolkitText(expected: $0, space: targetSpace, codes: targetCodes, runs: targetRuns) }
    }

    /// The key Labelgen gives the unit: its resname, else its id, with Xcode's variation
    /// paths (`key|==|plural.one`, `key|==|device.iphone.plural.other`) as the String
    /// Catalog reader names variants (`key#one`, `key#iphone#other`); prefixed by the
    /// `<file original>` when the keys are read by file. A case of an Xcode substitution
    /// (`key|==|substitutions.coins.plural.one`) has no entry of its own.
    func labelgenKey(fileKeys: Bool) -> LabelgenKey {
        let name = resname ?? id
        var key = name
        var isSubstitutionCase = false
        if let separator = name.range(of: "|==|") {
            key = String(name[..<separator.lowerBound])
            let path = name[separator.upperBound...].split(separator: ".").map(String.init)
            var index = 0
            while index + 1 < path.count, !isSubstitutionCase {
                switch path[index] {
                case "plural", "device": key += "#" + path[index + 1]
                case "substitutions": isSubstitutionCase = true
                default: key = name
                }
                index += 2
            }
            if !isSubstitutionCase, index != path.count { key = name }
        }
        let prefixed = fileKeys ? "\(original ?? "")/\(key)" : key
        return isSubstitutionCase ? .substitutionCase(base: prefixed) : .entry(prefixed)
    }
}

/// What a unit is in Labelgen's table.
enum LabelgenKey {
    /// The entry of this key, or the key listed untranslated.
    case entry(String)
    /// One case of a substitution that `base#…` variants hold.
    case substitutionCase(base: String)

    var name: String {
        switch self {
        case .entry(let key): key
        case .substitutionCase(let base): base + " substitution"
        }
    }
}

/// Xcode's substitutions: a text holds `%#@name@` (or `%1$#@name@`), and units of their
/// own give each plural case of `name`.
enum XcodeSubstitution {
    static var pattern: Regex<Substring> { /%(?:\d+\$)?#@[^@\s]+@/ }

    static func isUsed(in text: ToolkitText) -> Bool {
        text.expected.contains(pattern)
    }

    /// The text around the substitutions, which every expanded variant holds in order.
    static func textAround(_ text: String) -> [String] {
        text.split(separator: pattern, omittingEmptySubsequences: false).map(String.init)
    }
}

/// A text as translate-toolkit reads it and how to compare Labelgen's with it.
struct ToolkitText {
    var expected: String
    var space: String
    var codes: [String]
    var runs: [String]

    /// XLIFF 1.2's elements for native code, whose content translate-toolkit reads as
    /// text and Labelgen turns into markup, placeholders or nothing.
    static let nativeCodes: Set<String> = ["bpt", "ept", "ph", "it", "x", "bx", "ex"]

    /// Whether Labelgen's text (its plain text, without the markup it made of bold and
    /// italic codes) reads as translate-toolkit's: equal where the text has no native
    /// code, else holding the text between the codes, in order. Where translate-toolkit
    /// collapsed white space (XLIFF 1.2 lets it without xml:space="preserve"), the
    /// comparison collapses Labelgen's too.
    func matches(_ labelgen: String) -> Bool {
        let collapse = space != "preserve"
        let drawn = collapse ? XMLSpace.collapsed(labelgen) : labelgen
        if codes.allSatisfy({ !Self.nativeCodes.contains($0) }) {
            return drawn == expected
        }
        return Self.holds(runs.map { collapse ? XMLSpace.collapsed($0) : $0 }, inOrder: drawn)
    }

    /// Whether the text, or its text between native codes, is a part of `labelgen`.
    func isPart(of labelgen: String) -> Bool {
        let collapse = space != "preserve"
        let drawn = collapse ? XMLSpace.collapsed(labelgen) : labelgen
        let pieces = codes.allSatisfy({ !Self.nativeCodes.contains($0) }) ? [expected] : runs
        return Self.holds(pieces.map { collapse ? XMLSpace.collapsed($0) : $0 }, inOrder: drawn)
    }

    /// Whether `text` holds each of `pieces`, one after another.
    static func holds(_ pieces: [String], inOrder text: String) -> Bool {
        var rest = text[...]
        for piece in pieces {
            guard !piece.isEmpty else { continue }
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}

/// XPath's normalize-space(), which translate-toolkit applies to texts without
/// xml:space="preserve": runs of space, tab, CR and LF become one space, ends trimmed.
enum XMLSpace {
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { " \t\r\n".contains($0) }).joined(separator: " ")
    }
}

/// What Labelgen reads from an XLIFF file or bundle, keyed as translate-toolkit's units
/// can be matched: by unit, or by `<file>` and unit where units share keys across files.
struct LabelgenXLIFF {
    var tables: [StringTable]
    var keysByFile: Bool

    static func read(_ url: URL) throws(StringTableError) -> LabelgenXLIFF {
        do {
            return LabelgenXLIFF(tables: try StringTable.loadAll(contentsOf: url), keysByFile: false)
        } catch where error.kind == .duplicateKey {
            var options = TableReadOptions()
            options.xliffKeys = .file
            return LabelgenXLIFF(tables: try StringTable.loadAll(contentsOf: url, options: options), keysByFile: true)
        }
    }

    func table(translatedInto locale: String?) -> StringTable? {
        tables.first { $0.locale == locale } ?? (tables.count == 1 ? tables.first : nil)
    }
}

// MARK: - What Godot reads

/// What godot_csv.gd prints: each locale's Translation after Godot 3's importer.
struct GodotTranslations: Decodable {
    var keyHeader: String
    var locales: [String]
    var unknownLocales: [String]
    var keys: [String]
    var strings: [String: [String: String]]
    var endedEarly: Bool

    /// Godot's reading of the CSV at `url`, in a project folder of its own, since Godot
    /// writes its logs into the project.
    static func read(_ url: URL, with godot: String, script: URL) throws -> GodotTranslations {
        let project = try TemporaryDirectory()
        defer { project.cleanUp() }
        _ = try project.write("", to: "project.godot")
        let run = try ExternalProgram.run(godot, ["--path", project.url.path, "-s", script.path, url.path],
                                          environment: ["LANG": "en_US.UTF-8"], timeout: 60)
        // Godot prints its banner first and exits 0 even when the script fails to load.
        let json = run.standardOutput.split(separator: "\n").last { $0.hasPrefix("{") }
        let printed = try #require(json, "godot_csv.gd printed no JSON (exit \(run.status)): \(run.standardOutput)\(run.standardError)")
        #expect(run.status == 0, "godot_csv.gd exited \(run.status): \(run.standardError)")
        return try JSONDecoder().decode(GodotTranslations.self, from: Data(printed.utf8))
    }
}
