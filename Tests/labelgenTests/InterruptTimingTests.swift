import Foundation
import Testing
import TestSupport

/// An interrupt may come at any moment of a run: while labelgen starts, reads, draws,
/// renames its files into place or writes its manifests. Whenever it comes, the run ends
/// with 130 or 143 (or, before labelgen's first instruction, with the signal itself), no
/// temporary file is left, and every output file, manifests included, is whole: either
/// as the previous run left it or as this run would have written it.
@Suite("Interrupts at any moment of a run")
struct InterruptTimingTests {
    /// A run long enough (a hundred and sixty images) that interrupts spread over it land in
    /// each of its stages.
    static func prepare(_ tmp: TempDir) throws -> (old: [String: Data], new: [String: Data], duration: Double) {
        try tmp.writeJSON(Styles.basic(scales: [1, 2], extra: ["shadows": [["blur": 4, "offset": [0, 2]]]]),
                          to: "style.json")
        var old: [String: String] = [:], new: [String: String] = [:]
        for index in 0..<80 {
            old["label.\(index)"] = "Label number \(index)"
            new["label.\(index)"] = "Label number \(index)!"
        }
        try tmp.writeJSON(old, to: "old/en.json")
        try tmp.writeJSON(new, to: "new/en.json")
        let oldRun = try runToEnd(table: tmp("old/en.json"), tmp, out: tmp("before"))
        try #require(oldRun.status == 0, "the first run failed with \(oldRun.status)")
        let newRun = try runToEnd(table: tmp("new/en.json"), tmp, out: tmp("after"))
        try #require(newRun.status == 0, "the second run failed with \(newRun.status)")
        return (try Files.contents(tmp("before")), try Files.contents(tmp("after")), newRun.seconds)
    }

    @Test("SIGINT and SIGTERM at thirty moments from spawn to the end of a run: 130 or 143, no temporary file, every file whole",
          .disabled(if: ThreadStress.underThreadSanitizer,
                    "thirty runs of labelgen take minutes under ThreadSanitizer; the plain and AddressSanitizer runs cover it"))
    func interruptsSpreadOverARun() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let (old, new, duration) = try Self.prepare(tmp)
        let out = tmp("out")
        var endings: [String: Int] = [:]
        let attempts = 30
        for attempt in 0..<attempts {
            let signal = attempt % 2 == 0 ? SIGINT : SIGTERM
            // From the instant of spawning to a little past the run's usual length.
            let delay = duration * 1.1 * Double(attempt / 2) / Double(attempts / 2 - 1)
            try? FileManager.default.removeItem(at: out)
            try FileManager.default.copyItem(at: tmp("before"), to: out)

            let process = try Self.start([tmp("new/en.json").path, "--style", tmp("style.json").path,
                                          "--out", out.path, "--quiet"])
            if delay > 0 { try await Task.sleep(for: .milliseconds(Int(delay * 1000))) }
            kill(process.processIdentifier, signal)
            try await Self.waitForExit(process)

            let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
            let moment = "\(name) after \(Int(delay * 1000)) ms"
            switch (process.terminationReason, process.terminationStatus) {
            case (.exit, 128 + signal): endings["handled", default: 0] += 1
            case (.exit, 0): endings["finished first", default: 0] += 1
            case (.uncaughtSignal, signal): endings["ended by the signal", default: 0] += 1
            case (let reason, let status):
                Issue.record("\(moment): ended with \(reason == .exit ? "exit status" : "signal") \(status)")
            }
            let leftovers = Files.list(tmp.url).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty, "\(moment): temporary files left: \(leftovers.prefix(5)) (\(leftovers.count) in all)")
            for (file, data) in try Files.contents(out) where data != old[file] && data != new[file] {
                Issue.record("\(moment): \(file) is neither the previous run's nor this run's (\(data.count) bytes)")
            }
            if process.terminationStatus == 0 {
                #expect(try Files.contents(out) == new, "\(moment): the run finished but its outputs differ")
            }
        }
        // The spread must have reached the drawing, not only the start-up.
        #expect(endings["handled", default: 0] >= attempts / 2, "\(endings)")
        print("interrupts at \(attempts) moments: \(endings)")
    }

    @Test("SIGINT and SIGTERM are blocked in every thread of a running labelgen, so none can end it mid-write")
    func signalsBlockedInEveryThread() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2, 3], extra: ["shadows": [["blur": 8, "offset": [0, 2]]]]),
                          to: "style.json")
        var table: [String: String] = [:]
        for index in 0..<2000 { table["filler.\(index)"] = "Filler label number \(index)" }
        try tmp.writeJSON(table, to: "en.json")
        let process = try Self.start([tmp("en.json").path, "--style", tmp("style.json").path,
                                      "--out", tmp("out").path, "--jobs", "2", "--quiet"])
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // Once an image is staged, the run is drawing on its worker threads.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline,
              !Files.list(tmp("out")).contains(where: { $0.hasSuffix(".tmp") }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(process.isRunning, "the run ended before its threads could be looked at")
        let tasks = "/proc/\(process.processIdentifier)/task"
        let threads = try FileManager.default.contentsOfDirectory(atPath: tasks)
        #expect(threads.count > 1, "labelgen runs \(threads.count) thread")
        for thread in threads {
            guard let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
                  let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            else { continue } // the thread ended meanwhile
            for (name, number) in [("SIGINT", SIGINT), ("SIGTERM", SIGTERM)] {
                #expect(mask & (1 << UInt64(number - 1)) != 0, "thread \(thread) does not block \(name): SigBlk \(line)")
            }
        }
    }

    // MARK: - Running labelgen

    struct Finished {
        var status: Int32
        var seconds: Double
    }

    static func runToEnd(table: URL, _ tmp: TempDir, out: URL) throws -> Finished {
        let started = Date()
        let process = try start([table.path, "--style", tmp("style.json").path, "--out", out.path, "--quiet"])
        process.waitUntilExit()
        return Finished(status: process.terminationStatus, seconds: Date().timeIntervalSince(started))
    }

    /// Starts labelgen with the bundled fonts, printing nothing.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = arguments
        process.currentDirectoryURL = CLI.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["LABELGEN_FONTS"] = CLI.fontsFolder.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits for the process to end; kills it, and fails, if it takes longer than 30 s.
    static func waitForExit(_ process: Process) async throws {
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("labelgen did not end within 30 s of the signal")
        }
        process.waitUntilExit()
    }
}
