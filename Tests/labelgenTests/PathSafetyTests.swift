import Foundation
import Testing

/// No key can write outside `OUT/<locale>/`.
@Suite("labelgen: keys become safe file names")
struct PathSafetyTests {
    static let longKey = String(String(repeating: "long-key-", count: 120).prefix(1000))

    @Test("hostile and long keys write only inside OUT/<locale>/")
    func keysStayInsideTheOutputFolder() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        let keys = ["../../escape", "a/b", ".hidden", "..", "/escape-absolute", "..\\escape-backslash", Self.longKey]
        var table: [String: String] = [:]
        for (index, key) in keys.enumerated() { table[key] = "Label \(index)" }
        try tmp.writeJSON(table, to: "input/en.json")
        // OUT lies a few folders down, so that `..` escapes would still land inside tmp.
        let out = tmp("x/y/z/out")

        let result = try await CLI.run([tmp("input/en.json").path, "--style", tmp("style.json").path, "--out", out.path])
        #expect(result.status == 0, "\(result)")

        let outPrefix = "x/y/z/out/en/"
        let inputs: Set<String> = ["style.json", "input/en.json"]
        for file in Files.list(tmp.url) where !inputs.contains(file) {
            #expect(file.hasPrefix(outPrefix), "written outside OUT/en/: \(file)")
            let name = String(file.dropFirst(outPrefix.count))
            #expect(!name.contains("/"), "written in a subfolder of OUT/en/: \(file)")
            #expect(!name.hasPrefix("."), "hidden file left in OUT/en/: \(file)")
            #expect(name.utf8.count <= 255, "file name too long: \(file)")
        }
        // Nothing named escape* anywhere else (also not relative to the working folder).
        for root in [tmp.url, CLI.packageRoot, FileManager.default.temporaryDirectory] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
            for name in names where name.lowercased().contains("escape") {
                Issue.record("\(root.path)/\(name) exists")
            }
        }
        for file in Files.list(tmp.url) where file.lowercased().contains("escape") && !file.hasPrefix(outPrefix) {
            Issue.record("escaped file \(file)")
        }

        let manifest = try ManifestFile.load(out.appendingPathComponent("en/manifest.json"))
        #expect(Set(manifest.labels.map(\.key)) == Set(keys))
        let written = Set(Files.list(out.appendingPathComponent("en")))
        var named: Set<String> = ["manifest.json"]
        for label in manifest.labels {
            #expect(label.images.count == 2, "\(label.key)")
            for image in label.images {
                #expect(!image.file.contains("/") && !image.file.hasPrefix("."), "\(label.key): \(image.file)")
                #expect(written.contains(image.file), "\(label.key): \(image.file) not written")
                named.insert(image.file)
            }
        }
        #expect(named.count == keys.count * 2 + 1, "two keys share a file name")
        #expect(written == named)
    }

    @Test("keys that differ only in case fail the run, naming both keys")
    func caseCollisionFails() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.write(#"{"Play": "Play", "play": "play"}"#, to: "en.json")
        let result = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\"Play\""), "\(result)")
        #expect(result.stderr.contains("\"play\""), "\(result)")
        #expect(result.stderr.contains("en.json"), "\(result)")
        #expect(Files.list(tmp("out")).isEmpty, "a failed run wrote \(Files.list(tmp("out")))")
    }

    @Test("keys with NUL, dots only, or 1000 non-ASCII characters get distinct, short file names")
    func unusualKeys() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        let keys = ["nul\u{0}byte", "\u{0}", ".", "...", String(repeating: "é", count: 1000),
                    String(repeating: "é", count: 999) + "e", String(repeating: "🙂", count: 1000)]
        var table: [String: String] = [:]
        for (index, key) in keys.enumerated() { table[key] = "Label \(index)" }
        try tmp.writeJSON(table, to: "en.json")

        let result = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")
        let written = Files.list(tmp("out"))
        #expect(written.count == keys.count + 1, "\(written)")
        for file in written {
            #expect(file.hasPrefix("en/") && !file.dropFirst(3).contains("/"), "\(file)")
            #expect(!file.dropFirst(3).hasPrefix("."), "\(file)")
            #expect(file.utf8.count <= 3 + 255, "\(file)")
        }
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        #expect(Set(manifest.labels.map(\.key)) == Set(keys))
    }
}
