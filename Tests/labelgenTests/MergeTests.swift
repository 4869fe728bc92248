import Foundation
import Testing

/// `labelgen merge`: shards run into folders of their own, as CI runners do, joined again.
@Suite("labelgen merge: shards run apart, joined into one folder")
struct MergeTests {
    private static let keys = (1...10).map { "key\($0)" }

    /// Two locales, with a key in `de` that is not drawn (a placeholder without a sample).
    private func setUp(_ tmp: TempDir, deEdit: String? = nil, dropping dropped: String? = nil) throws {
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        var en = Dictionary(uniqueKeysWithValues: Self.keys.map { ($0, "Label \($0)") })
        var de = Dictionary(uniqueKeysWithValues: Self.keys.map { ($0, "Etikett \($0)") })
        de["key3"] = deEdit ?? de["key3"]
        de["greeting"] = "Hallo %@"
        if let dropped { en[dropped] = nil; de[dropped] = nil }
        try tmp.writeJSON(en, to: "en.json")
        try tmp.writeJSON(de, to: "de.json")
    }

    private func generate(_ tmp: TempDir, into folder: String, _ extra: [String] = []) async throws -> CLIResult {
        try await CLI.run([tmp("en.json").path, tmp("de.json").path, "--style", tmp("style.json").path,
                           "--out", tmp(folder).path, "--quiet"] + extra)
    }

    private func generateShards(_ tmp: TempDir) async throws {
        for k in 1...3 {
            let result = try await generate(tmp, into: "shard\(k)", ["--shard", "\(k)/3"])
            #expect(result.status == 0, "\(result)")
        }
    }

    private func merge(_ tmp: TempDir, _ folders: [String], into out: String = "merged") async throws -> CLIResult {
        try await CLI.run(["merge"] + folders.map { tmp($0).path } + ["--out", tmp(out).path])
    }

    @Test("three shards in three folders merge into the bytes of a full run, and again after a change")
    func threeShards() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        try await generateShards(tmp)
        let merged = try await merge(tmp, ["shard1", "shard2", "shard3"])
        #expect(merged.status == 0, "\(merged)")
        #expect(merged.stderr.contains("de: 10 labels") && merged.stderr.contains("en: 10 labels"), "\(merged)")
        #expect(try await generate(tmp, into: "full").status == 0)
        #expect(try Files.contents(tmp("merged")) == Files.contents(tmp("full")))
        for k in 1...3 {
            #expect(Files.list(tmp("shard\(k)")).count < Files.list(tmp("full")).count, "shard \(k) holds only a part")
        }

        // A key gone from the tables: its images leave the merged folder, as they leave a full run's.
        try setUp(tmp, dropping: "key7")
        try await generateShards(tmp)
        let again = try await merge(tmp, ["shard1", "shard2", "shard3"])
        #expect(again.status == 0, "\(again)")
        #expect(try await generate(tmp, into: "full").status == 0)
        #expect(try Files.contents(tmp("merged")) == Files.contents(tmp("full")))
        #expect(!FileManager.default.fileExists(atPath: tmp("merged/en/key7.png").path))
    }

    @Test("two of three shards fail, naming the locale whose labels are missing, and write nothing")
    func missingShard() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        try await generateShards(tmp)
        let result = try await merge(tmp, ["shard1", "shard3"])
        #expect(result.status == 2, "\(result)")
        let message = try #require(result.stderr.split(separator: "\n").first.map(String.init))
        #expect(message.contains(" of 10 labels: a shard is missing")
                && (message.contains("labelgen: de: ") || message.contains("labelgen: en: ")), "\(result)")
        #expect(Files.list(tmp("merged")).isEmpty)
    }

    @Test("a shard rerun on a changed table fails as different inputs, naming both folders")
    func differentInputs() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        try await generateShards(tmp)
        try setUp(tmp, deEdit: "Geändert")
        #expect(try await generate(tmp, into: "shard2", ["--shard", "2/3"]).status == 0)
        try #require(FileManager.default.fileExists(atPath: tmp("shard2/de/manifest.json").path))
        let result = try await merge(tmp, ["shard1", "shard2", "shard3"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("de: ") && result.stderr.contains("came from different inputs")
                && result.stderr.contains(tmp("shard2").path), "\(result)")
        #expect(Files.list(tmp("merged")).isEmpty)
    }

    @Test("folders that are no run's output, or whose runs were limited by --keys, are refused")
    func notShardFolders() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await generate(tmp, into: "partial", ["--keys", "key1"]).status == 0)
        let partial = try await merge(tmp, ["partial"])
        #expect(partial.status == 2 && partial.stderr.contains("does not record its run's inputs"), "\(partial)")
        try FileManager.default.createDirectory(at: tmp("empty"), withIntermediateDirectories: true)
        let empty = try await merge(tmp, ["empty"])
        #expect(empty.status == 2 && empty.stderr.contains("has no <locale>/manifest.json"), "\(empty)")
        let none = try await CLI.run(["merge", "--out", tmp("merged").path])
        #expect(none.status == 2, "\(none)")
    }
}
