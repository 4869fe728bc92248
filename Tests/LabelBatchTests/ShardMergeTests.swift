import Foundation
import LabelBatch
import StringTables
import Testing

/// ``ShardMerge``: the folders of shards run apart, checked and joined.
@Suite("ShardMerge: shard folders joined into the bytes of a full run")
struct ShardMergeTests {
    private static let tables = ["en", "de"].map { locale in
        table(locale, Dictionary(uniqueKeysWithValues: (1...9).map { ("key\($0)", "\(locale) \($0)") }))
    }

    /// Runs shards 1...3 of `tables` into `shard1`...`shard3`.
    private func runShards(_ scratch: Scratch, _ tables: [StringTable] = Self.tables) throws {
        for index in 1...3 {
            try runAll(try batchRun(tables, into: scratch, folder: "shard\(index)", shard: Shard(index: index, count: 3)))
        }
    }

    private func merge(_ scratch: Scratch, _ folders: [String]) -> ShardMerge {
        ShardMerge(shardFolders: folders.map { scratch($0) }, outputFolder: scratch("merged"))
    }

    @Test("every shard's manifest records the full run's inputs; a run limited to keys records none")
    func inputsRecorded() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runShards(scratch)
        try runAll(try batchRun(Self.tables, into: scratch))
        let full = try manifest("de", in: scratch)
        #expect(full.inputs?.labels == 9)
        for index in 1...3 {
            let url = scratch("shard\(index)/de/manifest.json")
            let shard = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
            #expect(shard.inputs == full.inputs && shard.labels.count < 9)
        }
        try runAll(try batchRun(Self.tables, into: scratch, folder: "keys", keys: ["key1"]))
        let keys = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: scratch("keys/de/manifest.json")))
        #expect(keys.inputs == nil)
    }

    @Test("three shard folders merge into the bytes of a full run; merging again writes nothing")
    func mergesShards() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runShards(scratch)
        let result = try merge(scratch, ["shard1", "shard2", "shard3"]).run()
        #expect(result.labels == ["de": 9, "en": 9])
        try runAll(try batchRun(Self.tables, into: scratch, folder: "full"))
        let full = try scratch.contents(of: "full")
        let merged = try scratch.contents(of: "merged")
        #expect(merged == full)
        let strays = merged.keys.filter { !$0.hasSuffix(".png") && !$0.hasSuffix("/manifest.json") }
        #expect(strays.isEmpty, "files that are no output: \(strays)")
        #expect(try merge(scratch, ["shard1", "shard2", "shard3"]).run().filesWritten == 0)
    }

    @Test("a shard manifest rewritten in another layout still merges into the bytes of a full run")
    func mergesReformattedManifest() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runShards(scratch)
        // One line, fields in another order: the same manifest to any reader.
        let url = scratch("shard2/de/manifest.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]).write(to: url)
        #expect(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count == 1)
        _ = try merge(scratch, ["shard1", "shard2", "shard3"]).run()
        try runAll(try batchRun(Self.tables, into: scratch, folder: "full"))
        #expect(try scratch.contents(of: "merged") == scratch.contents(of: "full"))
    }

    @Test("a missing shard, a shard of other inputs, a changed image and a conflicting entry each fail and write nothing")
    func refusesBadShards() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runShards(scratch)
        do throws(ShardMergeError) {
            _ = try merge(scratch, ["shard1", "shard2"]).run()
            Issue.record("two of three shards merged")
        } catch {
            guard case .labelCount(_, let merged, 9) = error, merged < 9 else { Issue.record("\(error)"); return }
        }

        // Shard 2 again from a table with one string changed.
        var edited = Self.tables
        edited[1] = table("de", Dictionary(uniqueKeysWithValues: (1...9).map { ("key\($0)", $0 == 5 ? "neu" : "de \($0)") }))
        try runAll(try batchRun(edited, into: scratch, folder: "other", shard: Shard(index: 2, count: 3)))
        do throws(ShardMergeError) {
            _ = try merge(scratch, ["shard1", "other", "shard3"]).run()
            Issue.record("shards of different inputs merged")
        } catch {
            guard case .differentInputs("de", _, let second) = error else { Issue.record("\(error)"); return }
            #expect(second.hasSuffix("other"))
        }

        // An image whose bytes are not those its manifest lists.
        let de = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: scratch("shard1/de/manifest.json")))
        let image = scratch("shard1/de").appendingPathComponent(try #require(de.labels.first?.images.first?.file))
        let bytes = try Data(contentsOf: image)
        try Data(bytes.reversed()).write(to: image)
        do throws(ShardMergeError) {
            _ = try merge(scratch, ["shard1", "shard2", "shard3"]).run()
            Issue.record("a changed image was merged")
        } catch {
            guard case .missingImage(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == image.path)
        }
        try bytes.write(to: image)

        // The same key with another entry in a second folder.
        var copy = de
        copy.labels = [de.labels[0]]
        copy.labels[0].text += "!"
        try JSONFile.encode(copy).write(to: scratch("shard2/de/manifest.json"))
        do throws(ShardMergeError) {
            _ = try merge(scratch, ["shard1", "shard2", "shard3"]).run()
            Issue.record("conflicting entries were merged")
        } catch {
            guard case .conflictingEntries("de", de.labels[0].key, _, _) = error else { Issue.record("\(error)"); return }
        }
        #expect(try scratch.files(in: "merged").isEmpty)
    }
}
