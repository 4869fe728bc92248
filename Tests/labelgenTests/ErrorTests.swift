import Foundation
import Testing

/// Bad input or usage: exit status 2, a message naming the file and the place in it,
/// and nothing already written is damaged.
@Suite("labelgen: bad input and usage")
struct ErrorTests {
    struct BadRun: Sendable, CustomStringConvertible {
        var name: String
        /// Arguments; `$T` stands for the temporary folder.
        var arguments: [String]
        /// Texts stderr must contain.
        var mentions: [String]
        var description: String { name }
    }

    static let badRuns: [BadRun] = [
        BadRun(name: "style with an unknown field",
               arguments: ["$T/good/fr.json", "--style", "$T/typo-style.json", "--out", "$T/out"],
               mentions: ["typo-style.json", "$.font.wieght", "expected"]),
        BadRun(name: "style with a bad colour",
               arguments: ["$T/good/fr.json", "--style", "$T/colour-style.json", "--out", "$T/out"],
               mentions: ["colour-style.json", "$.fill", "#12345G", "expected"]),
        BadRun(name: "table with a number value",
               arguments: ["$T/bad/fr.json", "--style", "$T/style.json", "--out", "$T/out"],
               mentions: ["bad/fr.json", "$.n.x", "expected"]),
        BadRun(name: "missing style file",
               arguments: ["$T/good/fr.json", "--style", "$T/missing-style.json", "--out", "$T/out"],
               mentions: ["missing-style.json"]),
        BadRun(name: "unknown command-line option",
               arguments: ["$T/good/fr.json", "--style", "$T/style.json", "--out", "$T/out", "--bogus"],
               mentions: ["--bogus"]),
        BadRun(name: "--jobs 0",
               arguments: ["$T/good/fr.json", "--style", "$T/style.json", "--out", "$T/out", "--jobs", "0"],
               mentions: ["--jobs"]),
        BadRun(name: "--scales 0",
               arguments: ["$T/good/fr.json", "--style", "$T/style.json", "--out", "$T/out", "--scales", "0"],
               mentions: ["--scales"]),
        BadRun(name: "--fonts naming no folder",
               arguments: ["$T/good/fr.json", "--style", "$T/style.json", "--out", "$T/out", "--fonts", "$T/no-fonts"],
               mentions: ["no-fonts", "no such font folder"]),
        BadRun(name: "--fonts naming a file",
               arguments: ["$T/good/fr.json", "--style", "$T/style.json", "--out", "$T/out", "--fonts", "$T/style.json"],
               mentions: ["style.json", "not a folder"]),
    ]

    static func writeInputs(_ tmp: TempDir) throws {
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        try tmp.write(#"{"font": {"size": 20, "wieght": 700}}"#, to: "typo-style.json")
        try tmp.write(##"{"font": {"size": 20}, "fill": "#12345G"}"##, to: "colour-style.json")
        try tmp.write(#"{"a": "Alpha", "b": "Beta"}"#, to: "good/fr.json")
        try tmp.write(#"{"a": "Alpha", "n": {"x": 3}}"#, to: "bad/fr.json")
    }

    @Test("exits 2 naming the file and place, and leaves earlier outputs intact", arguments: badRuns)
    func badRunExits2(_ bad: BadRun) async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeInputs(tmp)

        let good = try await CLI.run([tmp("good/fr.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        try #require(good.status == 0, "\(good)")
        let before = try Files.contents(tmp("out"))
        #expect(before.count == 5)

        let result = try await CLI.run(bad.arguments.map { $0.replacingOccurrences(of: "$T", with: tmp.path) })
        #expect(result.status == 2, "\(result)")
        for text in bad.mentions {
            #expect(result.stderr.contains(text), "stderr should mention \(text): \(result)")
        }
        let after = try Files.contents(tmp("out"))
        #expect(after.keys.sorted() == before.keys.sorted(), "files after the failed run: \(after.keys.sorted())")
        for (file, data) in before where after[file] != data {
            Issue.record("\(file) changed in a failed run")
        }
    }

    /// A style whose `keys` override names a font that does not exist: the failure only
    /// shows when that label is laid out, after other labels have been rendered.
    static func writeRenderFailureInputs(_ tmp: TempDir) throws {
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(Styles.basic(scales: [1], extra: [
            "fill": "#FF0000",
            "keys": ["b": ["font": ["family": "No Such Family Xyz"]]],
        ]), to: "broken-style.json")
        try tmp.write(#"{"a": "Alpha", "b": "Beta"}"#, to: "fr.json")
    }

    @Test("a run that fails while rendering leaves the earlier outputs intact")
    func renderFailureLeavesOutputsIntact() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeRenderFailureInputs(tmp)
        let good = try await CLI.run([tmp("fr.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        try #require(good.status == 0, "\(good)")
        let before = try Files.contents(tmp("out"))

        let bad = try await CLI.run([tmp("fr.json").path, "--style", tmp("broken-style.json").path,
                                     "--out", tmp("out").path, "--jobs", "1"])
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("No Such Family Xyz"), "\(bad)")
        let after = try Files.contents(tmp("out"))
        #expect(after.keys.sorted() == before.keys.sorted())
        for (file, data) in before where after[file] != data {
            Issue.record("\(file) was rewritten by a run that failed (exit \(bad.status)); the manifest no longer matches it")
        }
    }

    @Test("an unknown font family in a style names the style file and the key")
    func fontErrorNamesTheStyleFile() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeRenderFailureInputs(tmp)
        let bad = try await CLI.run([tmp("fr.json").path, "--style", tmp("broken-style.json").path, "--out", tmp("out").path])
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("broken-style.json"), "the error comes from the style file but does not name it: \(bad)")
        #expect(bad.stderr.contains("\"b\""), "\(bad)")
        #expect(bad.stderr.contains("No Such Family Xyz"), "\(bad)")
    }

    @Test("an output that cannot be written exits 2 naming the file")
    func unwritableManifestExits2() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.write(#"{"a": "Alpha"}"#, to: "fr.json")
        // A folder where the manifest should go.
        try FileManager.default.createDirectory(at: tmp("out/fr/manifest.json"), withIntermediateDirectories: true)

        let result = try await CLI.run([tmp("fr.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 2, "exit 1 means labels failed --strict; an unwritable output is not that: \(result)")
        #expect(result.stderr.contains("manifest.json"), "\(result)")
        #expect(result.stderr.hasPrefix("labelgen: "), "\(result)")
    }

    @Test("an output folder that is a file exits 2 naming it")
    func outputFolderIsAFile() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.write(#"{"a": "Alpha"}"#, to: "fr.json")
        try tmp.write("not a folder", to: "out")
        let result = try await CLI.run([tmp("fr.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(tmp("out").path), "\(result)")
        #expect(try String(contentsOf: tmp("out"), encoding: .utf8) == "not a folder")
    }
}
