import Foundation
import Testing
import TestSupport
@testable import LabelBatch

/// A run writes its manifests an entry at a time, from where each entry waits; the bytes
/// must be those of the whole manifest encoded at once, or shards would not merge into
/// a full run's bytes and an unchanged folder would be rewritten.
@Suite("Manifests written an entry at a time")
struct ManifestLayoutTests {
    @Test("head, entries and tail are the whole manifest's bytes, entries read back alone")
    func piecesMakeTheWhole() throws {
        var random = SplitMix64(seed: 36)
        let encoder = JSONFile.encoder()
        for _ in 0..<300 {
            let manifest = ManifestReaderTests.manifest(&random)
            var header = manifest
            header.labels = []
            let layout = try JSONFileLayout(header, arrayKey: "labels", hasElements: !manifest.labels.isEmpty)
            var streamed = layout.head
            for (index, label) in manifest.labels.enumerated() {
                if index > 0 { streamed.append(JSONFileLayout.separator) }
                let entry = try JSONFileLayout.element(label, encoder: encoder)
                #expect(try ManifestReader.label(in: entry) == label)
                streamed.append(entry)
            }
            streamed.append(layout.tail)
            #expect(streamed == (try JSONFile.encode(manifest)))
        }
    }

    @Test("an earlier manifest's entries point at their own bytes, which decode to the label")
    func previousEntries() throws {
        var random = SplitMix64(seed: 37)
        let folder = try Scratch()
        defer { folder.remove() }
        for _ in 0..<50 {
            let manifest = ManifestReaderTests.manifest(&random)
            try JSONFile.encode(manifest).write(to: folder.url.appendingPathComponent("manifest.json"))
            let previous = try #require(PreviousManifest.read(in: folder.url))
            var header = manifest
            header.labels = []
            #expect(previous.header == header)
            #expect(previous.entries.map(\.key) == manifest.labels.map(\.key))
            for (entry, label) in zip(previous.entries, manifest.labels) {
                #expect(try previous.label(entry) == label)
                #expect(entry.files == label.images.map(\.file))
                #expect(entry.inputHash == label.inputHash && entry.fontFiles == label.fontFiles)
                // What the manifest writer copies for a kept label is what it would encode.
                #expect(JSONFileLayout.indent + (try previous.bytes(of: entry))
                        == (try JSONFileLayout.element(label, encoder: JSONFile.encoder())))
            }
        }
    }

    @Test("a manifest of many megabytes is read through its mapping, pages given back as it goes, every entry in place")
    func largeManifestMapped() throws {
        var random = SplitMix64(seed: 38)
        let folder = try Scratch()
        defer { folder.remove() }
        var manifest = ManifestReaderTests.manifest(&random)
        while manifest.labels.count < 40_000 {
            manifest.labels += ManifestReaderTests.manifest(&random).labels
        }
        let data = try JSONFile.encode(manifest)
        // Several of the reader's 4 MB steps, and an end that is no whole page.
        #expect(data.count > 12 << 20 && data.count % 4096 != 0, "\(data.count) bytes")
        try data.write(to: folder.url.appendingPathComponent("manifest.json"))
        let previous = try #require(PreviousManifest.read(in: folder.url))
        #expect(previous.entries.count == manifest.labels.count)
        for index in Swift.stride(from: 0, to: manifest.labels.count, by: 97) + [manifest.labels.count - 1] {
            #expect(try previous.label(previous.entries[index]) == manifest.labels[index])
        }
        #expect(previous.entries.map(\.key) == manifest.labels.map(\.key))
    }

    @Test("a file written in pieces is left untouched when its bytes are the same, and replaced when not")
    func piecesCompareWithTheFile() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("big.json")
        // Over a megabyte, so the comparison spans several of the writer's buffers.
        let piece = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        func write(_ pieces: Int, last: UInt8 = 0) throws -> Bool {
            try AtomicWriter.write(to: url) { writer in
                for _ in 0..<pieces { try writer.append(piece) }
                try writer.append(Data([last]))
            }
        }
        #expect(try write(20))
        let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        #expect(try !write(20))
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int == inode)
        #expect(try write(20, last: 1))
        #expect(try write(19, last: 1))
        #expect(try Data(contentsOf: url).count == 19 * piece.count + 1)
        #expect(try write(21, last: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["big.json"])
    }
}

extension ManifestLayoutTests {
    @Test("the report written an entry at a time is the report encoded whole")
    func reportInPieces() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("report.json")
        let awkward = ManifestReaderTests.awkward
        for count in [0, 1, 7] {
            let entries = (0..<count).map { index in
                RunReport.Entry(locale: "de", key: awkward[index % awkward.count] + "\(index)", status: .rendered,
                                fontSize: index % 2 == 0 ? 24 : nil, requestedFontSize: 24, sizeShare: 0.5, lines: index,
                                wrapStyle: "balance", fit: "shrunk", truncated: index % 3 == 0,
                                fallbackFonts: index % 2 == 0 ? [] : ["Noto Sans Thai"], missingCharacters: [],
                                unfilledPlaceholders: [], milliseconds: 1.5, failures: index == 3 ? ["fails --strict"] : [])
            }
            let report = RunReport(tool: "labelgen 0.3.0", style: "score.json", labels: entries,
                                   untranslated: count == 0 ? [:] : ["fr": ["a", "b"]])
            try report.write(to: url)
            #expect(try Data(contentsOf: url) == (try JSONFile.encode(report)))
        }
    }
}
