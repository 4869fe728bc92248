import Foundation
import Testing
@testable import LabelBatch

/// What the sweep for killed runs' staged files removes when a run locks its output folder
/// and plans: only names of the staged form, only in the folders runs write, only in
/// folders no other run holds, only of processes that are gone.
@Suite("Leftover sweep")
struct LeftoverSweepTests {
    /// A process id that names no process: one that has just ended, until the kernel
    /// reuses it.
    private static func endedProcess() throws -> Int32 {
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        try #require(kill(ended.processIdentifier, 0) != 0)
        return ended.processIdentifier
    }

    /// Writes a small file at each of `names`, making their folders.
    private static func plant(_ names: some Sequence<String>, in scratch: Scratch) throws {
        for name in names {
            try FileManager.default.createDirectory(at: scratch(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: scratch(name))
        }
    }

    /// Writes `out/<locale>/manifest.json` by a real run of one label.
    private static func runOnce(_ locale: String, in scratch: Scratch, folder: String = "out") throws {
        _ = try runAll(try batchRun([table(locale, ["play": "Play"])], into: scratch, folder: folder))
    }

    /// Another process that holds the `flock(2)` lock a run takes on each of `folders`
    /// until killed, once it has said so.
    private static func holder(of folders: [URL]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import fcntl, os, sys, time
            fds = [os.open(path, os.O_RDONLY) for path in sys.argv[1:]]
            for fd in fds: fcntl.flock(fd, fcntl.LOCK_EX)
            print("held", flush=True)
            time.sleep(7200)
            """] + folders.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        if !said.hasPrefix("held") { kill(process.processIdentifier, SIGKILL) }
        try #require(said.hasPrefix("held"), "the holder said \(said.debugDescription)")
        return process
    }

    private static func exists(_ name: String, in scratch: Scratch) -> Bool {
        FileManager.default.fileExists(atPath: scratch(name).path)
    }

    @Test("a staged name is exactly .<name>.<pid>.<8 uppercase hex>.tmp: signs, leading zeros, lowercase, other lengths are not")
    func stagedNamePattern() {
        #expect(AtomicWriter.stagingProcess(ofName: ".play@2x.png.4242.0A1B2C3D.tmp") == 4242)
        #expect(AtomicWriter.stagingProcess(ofName: ".a.b.c.7.FFFFFFFF.tmp") == 7)
        for name in [".x.+4242.0A1B2C3D.tmp", ".x.-4242.0A1B2C3D.tmp", ".x.04242.0A1B2C3D.tmp", ".x.0.0A1B2C3D.tmp",
                     ".x.4242.0a1b2c3d.tmp", ".x.4242.0A1B2C3.tmp", ".x.4242.0A1B2C3D0.tmp", ".x.4242.0A1B2C3D.tmp.bak",
                     "x.4242.0A1B2C3D.tmp", "..4242.0A1B2C3D.tmp", ".x.42 42.0A1B2C3D.tmp", ".x.4242.0A1B2C3G.tmp",
                     ".x.\u{FF14}242.0A1B2C3D.tmp", ".x.4242.\u{FF10}A1B2C3D.tmp", ".x.99999999999.0A1B2C3D.tmp",
                     ".x.4242_0A1B2C3D.tmp", ".x4242.0A1B2C3D.tmp"] {
            #expect(AtomicWriter.stagingProcess(ofName: name) == nil, "\(name)")
        }
    }

    @Test("a killed run's files go from the top and the locale folders a manifest names; a user's folders, anything deeper and near names stay")
    func onlyWhereRunsWrite() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.runOnce("de", in: scratch)
        let dead = try Self.endedProcess(), own = getpid()
        let files = [
            "out/.report.json.\(dead).0A1B2C3D.tmp": false,
            "out/de/.play@2x.png.\(dead).DEADBEEF.tmp": false,
            "out/_diff/de/.play.diff.png.\(dead).12345678.tmp": false,
            // This process's own staging, in a folder it holds.
            "out/de/.play.png.\(own).ABCDEF01.tmp": true,
            // A user's folders: no manifest names them, at any depth.
            "out/notes/.x.\(dead).ABCDEF01.tmp": true,
            "out/notes/drafts/.x.\(dead).ABCDEF01.tmp": true,
            "out/de/deeper/.x.png.\(dead).0A1B2C3D.tmp": true,
            "out/de/deeper/still/.x.png.\(dead).0A1B2C3D.tmp": true,
            "out/de/deeper/still/more/.x.png.\(dead).0A1B2C3D.tmp": true,
            "out/_diff/notes/.x.diff.png.\(dead).0A1B2C3D.tmp": true,
            // A manifest.json that labelgen did not write does not make a locale folder.
            "out/web/.x.\(dead).0A1B2C3D.tmp": true,
            // Names near the staged form.
            "out/de/.play.png.+\(dead).0A1B2C3D.tmp": true, "out/de/.play.png.0\(dead).0A1B2C3D.tmp": true,
            "out/de/.play.png.\(dead).abcdef01.tmp": true, "out/de/.notes.tmp": true,
        ]
        try Self.plant(files.keys, in: scratch)
        try Data(#"{ "name" : "app", "tool" : "labelgen" }"#.utf8).write(to: scratch("out/web/manifest.json"))

        let lock = try OutputFolderLock(folder: scratch("out"))
        for (name, kept) in files.sorted(by: { $0.key < $1.key }) {
            #expect(Self.exists(name, in: scratch) == kept, "\(name)")
        }
        #expect(Self.exists("out/de/manifest.json", in: scratch) && Self.exists("out/de/play.png", in: scratch))
        lock.release()
    }

    @Test("a locale folder, or the folder of diffs, that is a symbolic link is never swept through")
    func neverThroughLinks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Real locale folders elsewhere, with labelgen's manifests, linked into OUT.
        try Self.runOnce("de", in: scratch, folder: "elsewhere")
        try Self.runOnce("fr", in: scratch, folder: "out")
        let dead = try Self.endedProcess()
        let staged = [
            "elsewhere/de/.play.png.\(dead).0A1B2C3D.tmp", "elsewhere/_diff/fr/.play.diff.png.\(dead).0A1B2C3D.tmp",
        ]
        try Self.plant(staged, in: scratch)
        try FileManager.default.createSymbolicLink(at: scratch("out/de"), withDestinationURL: scratch("elsewhere/de"))
        try FileManager.default.createSymbolicLink(at: scratch("out/_diff"), withDestinationURL: scratch("elsewhere/_diff"))

        let lock = try OutputFolderLock(folder: scratch("out"))
        #expect(lock.removeLeftovers(inLocales: ["de", "fr"]) == 0)
        for name in staged { #expect(Self.exists(name, in: scratch), "\(name)") }
        lock.release()
    }

    @Test("a locale folder another run holds as its output folder keeps its staged files, whatever their pid says, until that run ends")
    func heldFolderPassedOver() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.runOnce("de", in: scratch)
        // The pid a process in another pid namespace would record: none that is alive here.
        let invisible = try Self.endedProcess()
        let staged = ["out/de/.play.png.\(invisible).0A1B2C3D.tmp", "out/_diff/de/.play.diff.png.\(invisible).0A1B2C3D.tmp"]
        try Self.plant(staged, in: scratch)
        let holder = try Self.holder(of: [scratch("out/de"), scratch("out/_diff/de")])
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }

        let lock = try OutputFolderLock(folder: scratch("out"))
        #expect(lock.removeLeftovers(inLocales: ["de"]) == 0)
        for name in staged { #expect(Self.exists(name, in: scratch), "\(name)") }
        lock.release()

        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        // Nobody holds the folders now: what is left is a killed run's.
        let next = try OutputFolderLock(folder: scratch("out"))
        for name in staged { #expect(!Self.exists(name, in: scratch), "\(name)") }
        next.release()
    }

    @Test("files a live process staged in the output folder (a run into the folder around it) stay, though the folder is held")
    func liveStagingKept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch("outer/de"), withIntermediateDirectories: true)
        // A run into `outer` holds it and stages its German labels in `outer/de`, which
        // another run takes as its output folder.
        let outer = try Self.holder(of: [scratch("outer")])
        defer { if outer.isRunning { kill(outer.processIdentifier, SIGKILL) } }
        let staged = "outer/de/.play.png.\(outer.processIdentifier).0A1B2C3D.tmp"
        try Self.plant([staged], in: scratch)

        let lock = try OutputFolderLock(folder: scratch("outer/de"))
        #expect(Self.exists(staged, in: scratch))
        lock.release()
    }

    @Test("a killed first run's staged images, in a locale folder no manifest names yet, go once a run plans that locale")
    func runsOwnLocalesSwept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dead = try Self.endedProcess()
        let staged = ["out/en/.play.png.\(dead).0A1B2C3D.tmp", "out/_diff/en/.play.diff.png.\(dead).0A1B2C3D.tmp"]
        try Self.plant(staged, in: scratch)
        let lock = try OutputFolderLock(folder: scratch("out"))
        for name in staged { #expect(Self.exists(name, in: scratch), "swept a folder no manifest names: \(name)") }
        let plan = try batchRun([table("en", ["play": "Play"])], into: scratch).plan(holding: lock)
        #expect(plan.locales == ["en"])
        for name in staged { #expect(!Self.exists(name, in: scratch), "\(name)") }
        lock.release()
    }

    @Test("a killed merge's staged images, in a locale folder of the merged folder no manifest names yet, go when shards are merged again")
    func mergedLocalesSwept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tables = [table("en", ["play": "Play", "quit": "Quit"])]
        for index in 1...2 {
            _ = try runAll(try batchRun(tables, into: scratch, folder: "shard\(index)", shard: Shard(index: index, count: 2)))
        }
        let staged = "merged/en/.play.png.\(try Self.endedProcess()).0A1B2C3D.tmp"
        try Self.plant([staged], in: scratch)
        let merge = ShardMerge(shardFolders: [scratch("shard1"), scratch("shard2")], outputFolder: scratch("merged"))
        #expect(try merge.run().labels == ["en": 2])
        #expect(!Self.exists(staged, in: scratch))
        #expect(Self.exists("merged/en/manifest.json", in: scratch))
    }
}
