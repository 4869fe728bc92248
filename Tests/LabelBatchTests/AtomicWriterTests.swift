import Foundation
import Testing
@testable import LabelBatch

/// Staging, flushing and renaming files, as a batch writes its outputs.
@Suite("Atomic writes")
struct AtomicWriterTests {
    @Test("staged files hold their bytes, with the permissions any new file gets, only after the commit")
    func stagedFilesCommit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bytes = (0..<3).map { Data((0..<(70_000 + $0)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }) }
        let targets = (0..<3).map { scratch("out/\($0 == 2 ? "de/" : "")label-\($0).png") }
        try FileManager.default.createDirectory(at: scratch("out"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: targets[0])
        let staged = try zip(bytes, targets).map { try #require(try AtomicWriter.stage($0, for: $1)) }
        // Until renamed, the targets are as they were.
        #expect(try Data(contentsOf: targets[0]) == Data("old".utf8))
        #expect(!FileManager.default.fileExists(atPath: targets[1].path))

        try AtomicWriter.flush(staged)
        staged.forEach { #expect(FileManager.default.fileExists(atPath: $0.temporary)) }
        for file in staged { try AtomicWriter.commit(file) }
        for (data, target) in zip(bytes, targets) {
            #expect(try Data(contentsOf: target) == data, "\(target.lastPathComponent)")
        }
        #expect(try scratch.files(in: "out").allSatisfy { !$0.hasSuffix(".tmp") })

        // The mode a file created by Foundation gets here (0666 less the umask).
        let reference = scratch("reference")
        #expect(FileManager.default.createFile(atPath: reference.path, contents: Data()))
        let expected = try FileManager.default.attributesOfItem(atPath: reference.path)[.posixPermissions] as? Int
        for target in targets {
            #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int == expected)
        }
    }

    @Test("a file that already holds the bytes is not staged, and write() says it wrote nothing")
    func unchangedFilesAreLeftAlone() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let target = scratch("same.json")
        #expect(try AtomicWriter.write(Data("{}".utf8), to: target))
        #expect(try AtomicWriter.stage(Data("{}".utf8), for: target) == nil)
        #expect(try !AtomicWriter.write(Data("{}".utf8), to: target))
        #expect(try AtomicWriter.write(Data("[]".utf8), to: target))
        #expect(try Data(contentsOf: target) == Data("[]".utf8))
    }

    @Test("a staged file that cannot be created is an error in the system's words, and leaves nothing")
    func uncreatableFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // 250 bytes is a legal name, but not with the temporary file's prefix and suffix.
        let name = String(repeating: "n", count: 246) + ".png"
        do {
            _ = try AtomicWriter.stage(Data("x".utf8), for: scratch("out/\(name)"))
            Issue.record("a temporary name over 255 bytes was created")
        } catch {
            #expect(AtomicWriter.reason(error) == "File name too long")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("out").path).isEmpty)
    }

    @Test("a list of staged files gives back every folder, name and tag in order, across its reads, and leaves no file")
    func stagedFileListRoundTrip() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let list = try StagedFileList(in: scratch.url)
        var generator = SystemRandomNumberGenerator()
        let folders = ["/a/", "/b/ü/", "/c/\(String(repeating: "x", count: 200))/"]
        // Names of every length up to 300 bytes, some not ASCII, so that entries straddle reads.
        let files = (0..<6000).map { index in
            AtomicWriter.Staged(folder: folders[index % 3],
                                name: String(repeating: index % 7 == 0 ? "é" : "k", count: Int.random(in: 0...150, using: &generator)),
                                tag: UInt32.random(in: .min ... .max, using: &generator))
        }
        try list.append(files.prefix(2500))
        try list.append(files.dropFirst(2500))
        var read: [AtomicWriter.Staged] = []
        try list.forEach { read.append($0) }
        #expect(list.count == files.count && read.count == files.count)
        #expect(read.map(\.folder) == files.map(\.folder) && read.map(\.name) == files.map(\.name)
                && read.map(\.tag) == files.map(\.tag))
        #expect(Set(list.allFolders) == Set(folders))
        #expect(try scratch.files(in: "") == [], "the list left a file in its folder")
    }
}
