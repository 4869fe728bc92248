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
    /// A run long enough (eighty images) that interrupts spread over it land in each of its
    /// stages: the outputs of a first run, which the interrupted runs start from, and of
    /// the run they interrupt, let to finish.
    static func prepare(_ tmp: TempDir) async throws -> (old: [String: Data], new: [String: Data]) {
        try tmp.writeJSON(Styles.basic(scales: [1], extra: ["shadows": [["blur": 4, "offset": [0, 2]]]]),
                          to: "style.json")
        var old: [String: String] = [:], new: [String: String] = [:]
        for index in 0..<80 {
            old["label.\(index)"] = "Label number \(index)"
            new["label.\(index)"] = "Label number \(index)!"
        }
        try tmp.writeJSON(old, to: "old/en.json")
        try tmp.writeJSON(new, to: "new/en.json")
        let oldRun = try await runToEnd(table: tmp("old/en.json"), tmp, out: tmp("before"))
        try #require(oldRun == 0, "the first run failed with \(oldRun)")
        let newRun = try await runToEnd(table: tmp("new/en.json"), tmp, out: tmp("after"))
        try #require(newRun == 0, "the second run failed with \(newRun)")
        return (try Files.contents(tmp("before")), try Files.contents(tmp("after")))
    }

    /// When, in a run, a signal is sent. Moments are told by what the run has done, not by
    /// the clock: a timing measured once says nothing on a machine whose load changes
    /// while the test runs.
    enum Moment: CustomStringConvertible {
        /// This long after spawning: labelgen is starting, reading the table or the style.
        case afterSpawn(milliseconds: Int)
        /// Once this many of the previous run's images have been replaced, each by a rename
        /// that gives it a new inode: labelgen is drawing and placing its files.
        case afterPlacing(images: Int)

        var description: String {
            switch self {
            case .afterSpawn(let milliseconds): "\(milliseconds) ms after spawning"
            case .afterPlacing(let images): "after \(images) images were placed"
            }
        }

        /// Six moments in the start-up, twenty-two spread over the drawing and two once
        /// every image is in place, while the manifests are written.
        static func spread(images: Int) -> [Moment] {
            let startUp = [0, 0, 2, 2, 10, 10].map { Moment.afterSpawn(milliseconds: $0) }
            let drawing = (0..<22).map { Moment.afterPlacing(images: 1 + $0 * (images - 2) / 21) }
            return startUp + drawing + [.afterPlacing(images: images), .afterPlacing(images: images)]
        }
    }

    /// How many of `previous` (path to inode) now have another inode.
    static func replaced(in folder: URL, previous: [String: UInt64]) -> Int {
        previous.reduce(0) { count, entry in
            var info = stat()
            let changed = stat(folder.appendingPathComponent(entry.key).path, &info) == 0 && UInt64(info.st_ino) != entry.value
            return count + (changed ? 1 : 0)
        }
    }

    @Test("SIGINT and SIGTERM at thirty moments from spawn to the end of a run: 130 or 143, no temporary file, every file whole",
          .disabled(if: ThreadStress.underThreadSanitizer,
                    "thirty runs of labelgen take minutes under ThreadSanitizer; the plain and AddressSanitizer runs cover it"))
    func interruptsSpreadOverARun() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let (old, new) = try await Self.prepare(tmp)
        let images = old.keys.filter { $0.hasSuffix(".png") }
        try #require(images.count == 80, "the first run wrote \(images.count) images")
        let out = tmp("out")
        var endings: [String: Int] = [:]
        let moments = Moment.spread(images: images.count)
        for (attempt, moment) in moments.enumerated() {
            let signal = attempt % 2 == 0 ? SIGINT : SIGTERM
            try? FileManager.default.removeItem(at: out)
            try FileManager.default.copyItem(at: tmp("before"), to: out)
            let inodes = try Files.identities(out).filter { $0.key.hasSuffix(".png") }.mapValues(\.inode)

            let child = try Child(arguments: [tmp("new/en.json").path, "--style", tmp("style.json").path,
                                              "--out", out.path, "--quiet"])
            // Waiting blocks this thread instead of suspending the task: a suspended task
            // may resume only once other tests free a thread, long after the moment.
            switch moment {
            case .afterSpawn(let milliseconds):
                if milliseconds > 0 { usleep(UInt32(milliseconds * 1000)) }
            case .afterPlacing(let count):
                let deadline = Date().addingTimeInterval(300)
                while child.isRunning, Date() < deadline, Self.replaced(in: out, previous: inodes) < count {
                    usleep(1000)
                }
            }
            kill(child.pid, signal)
            let ending = try await child.waitForExit(within: 300)

            let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
            let when = "\(name) \(moment)"
            switch ending {
            case .exited(128 + signal): endings["handled", default: 0] += 1
            case .exited(0): endings["finished first", default: 0] += 1
            case .signalled(signal): endings["ended by the signal", default: 0] += 1
            default: Issue.record("\(when): ended with \(ending)")
            }
            let leftovers = Files.list(tmp.url).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty, "\(when): temporary files left: \(leftovers.prefix(5)) (\(leftovers.count) in all)")
            // Labels and the manifest only, hidden files included: no lock file either.
            let strays = Files.list(out).filter {
                $0 != "en/manifest.json" && !($0.hasPrefix("en/label.") && $0.hasSuffix(".png")) && !$0.hasSuffix(".tmp")
            }
            #expect(strays.isEmpty, "\(when): files that are no output: \(strays)")
            for (file, data) in try Files.contents(out) where data != old[file] && data != new[file] {
                Issue.record("\(when): \(file) is neither the previous run's nor this run's (\(data.count) bytes)")
            }
            if ending == .exited(0) {
                #expect(try Files.contents(out) == new, "\(when): the run finished but its outputs differ")
            }
        }
        // Signals sent while images are being placed reach a run that is still drawing, so
        // most of them must be handled; were the handler missing, none would be.
        #expect(endings["handled", default: 0] >= moments.count / 2, "\(endings)")
        print("interrupts at \(moments.count) moments: \(endings)")
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
        let child = try Child(arguments: [tmp("en.json").path, "--style", tmp("style.json").path,
                                          "--out", tmp("out").path, "--jobs", "2", "--quiet"])
        defer {
            kill(child.pid, SIGKILL)
            var status: Int32 = 0
            waitpid(child.pid, &status, 0)
        }
        // Once an image is staged, the run is drawing on its worker threads. The wait
        // blocks this thread, as the interrupts test's does, so the test looks at once.
        let deadline = Date().addingTimeInterval(60)
        while child.isRunning, Date() < deadline,
              !Files.list(tmp("out")).contains(where: { $0.hasSuffix(".tmp") }) {
            usleep(5000)
        }
        try #require(child.isRunning, "the run ended before its threads could be looked at")
        let tasks = "/proc/\(child.pid)/task"
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

    /// Runs labelgen to its end and gives its exit status (-1 if a signal ended it).
    static func runToEnd(table: URL, _ tmp: TempDir, out: URL) async throws -> Int32 {
        let child = try Child(arguments: [table.path, "--style", tmp("style.json").path, "--out", out.path, "--quiet"])
        let ending = try await child.waitForExit(within: 300)
        guard case .exited(let status) = ending else { return -1 }
        return status
    }
}

/// labelgen started as a shell starts a command: no signal blocked, SIGINT and SIGTERM at
/// their default action. (`Process` would pass on the mask of the test thread that starts
/// it, which may block them already, and hide a start-up that forgets to.)
struct Child {
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t

    /// Starts labelgen with `arguments`; what it prints on standard error goes to
    /// `standardError` when given, else nowhere.
    init(arguments: [String], standardError: URL? = nil) throws {
        let executable = try CLI.executable().path
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &interrupts)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, standardError?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)

        var environment = ProcessInfo.processInfo.environment
        environment["LABELGEN_FONTS"] = CLI.fontsFolder.path
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable]) }
        self.pid = pid
    }

    /// Whether it is still running.
    var isRunning: Bool { kill(pid, 0) == 0 && !isZombie }

    private var isZombie: Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = status.lastIndex(of: ")") else { return false }
        return status[status.index(close, offsetBy: 2)] == "Z"
    }

    /// Waits for it to end; kills it, and fails, if it takes longer than `seconds`.
    func waitForExit(within seconds: Double = 30) async throws -> Ending {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                Issue.record("labelgen did not end within \(Int(seconds)) s")
                waitpid(pid, &status, 0)
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        // The wait status: the low seven bits are the signal that ended it, or 0 for an
        // exit whose status is in the next byte.
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }
}
