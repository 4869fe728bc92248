import Foundation
import Testing

/// `labelgen --generate-completion-script SHELL`, loaded into the real shell and asked to
/// complete partial command lines in a folder of sample files.
@Suite("labelgen: shell completions")
struct ShellCompletionTests {
    /// Partial command lines (after `labelgen `) and words their completions must, and must
    /// not, include. The folder holds a.json, b.png, c.po and the folder sub.
    static let cases: [(line: String, includes: [String], excludes: [String])] = [
        ("gen", ["generate"], []),
        ("generate --sty", ["--style"], []),
        ("generate --style ", ["a.json", "sub"], ["b.png", "c.po"]),
        ("generate ", ["a.json", "c.po"], ["b.png"]),
        ("generate --out ", ["sub"], ["a.json"]),
        ("caption --position ", ["top", "bottom"], []),
        ("caption ", ["b.png"], ["a.json"]),
    ]

    @Test("bash completes subcommands, options, enumerated values and files by kind")
    func bash() async throws {
        let (tmp, script) = try await setUp("bash")
        defer { tmp.remove() }
        // As bash calls a completion function: the words so far, the index of the one
        // being completed, and the command, that word and the one before as arguments.
        let driver = """
            shopt -s extglob
            source '\(script.path)'
            COMP_LINE="labelgen $1"
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_POINT=${#COMP_LINE}
            _labelgen labelgen "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        for (line, includes, excludes) in Self.cases {
            let words = try Shell.lines("/bin/bash", ["-c", driver, "complete", line], in: tmp.url)
            check(words, line: line, includes: includes, excludes: excludes)
        }
    }

    @Test("fish completes subcommands, options, enumerated values and files by kind",
          .enabled(if: Shell.find("fish") != nil, "needs fish (Debian package fish)"))
    func fish() async throws {
        let (tmp, script) = try await setUp("fish")
        defer { tmp.remove() }
        let fish = try #require(Shell.find("fish"))
        for (line, includes, excludes) in Self.cases {
            let output = try Shell.lines(fish, ["-c", "source '\(script.path)'; complete -C 'labelgen \(line)'"], in: tmp.url)
            // Each line is a candidate, then a tab and its description; folders end in "/".
            let words = output.map { String($0.split(separator: "\t").first ?? "").replacingOccurrences(of: "/", with: "") }
            check(words, line: line, includes: includes, excludes: excludes)
        }
    }

    @Test("zsh parses the script and defines its completion function, which offers each option",
          .enabled(if: Shell.find("zsh") != nil, "needs zsh (Debian package zsh)"))
    func zsh() async throws {
        let (tmp, script) = try await setUp("zsh")
        defer { tmp.remove() }
        let zsh = try #require(Shell.find("zsh"))
        _ = try Shell.lines(zsh, ["-n", script.path], in: tmp.url)
        let body = try Shell.lines(zsh, ["-c", """
            autoload -U compinit && compinit -u
            source '\(script.path)'
            whence -f _labelgen_generate
            """], in: tmp.url).joined(separator: "\n")
        for option in ["--style", "--out", "--keys", "--shard", "--wait-for-lock"] {
            #expect(body.contains("\(option)["), "the generate completion lacks \(option)")
        }
        // Each option's spec ends where the next quoted one begins.
        let style = body.components(separatedBy: "--style[").dropFirst().first?.components(separatedBy: "' '").first ?? ""
        #expect(style.contains("_files -g") && style.contains("*.json"), "--style completes \(style)")
        let out = body.components(separatedBy: "--out[").dropFirst().first?.components(separatedBy: "' '").first ?? ""
        #expect(out.hasSuffix("_files -/"), "--out completes \(out)")
    }

    /// A folder of sample files and the completion script for `shell` in it.
    private func setUp(_ shell: String) async throws -> (TempDir, URL) {
        let tmp = try TempDir()
        for file in ["a.json", "b.png", "c.po"] { try tmp.write("", to: file) }
        try FileManager.default.createDirectory(at: tmp("sub"), withIntermediateDirectories: true)
        let result = try await CLI.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result)")
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("labelgen-completion-\(UUID().uuidString)")
        try Data(result.stdout.utf8).write(to: script)
        return (tmp, script)
    }

    private func check(_ words: [String], line: String, includes: [String], excludes: [String]) {
        for word in includes { #expect(words.contains(word), "labelgen \(line)<TAB> offers \(words), not \(word)") }
        for word in excludes { #expect(!words.contains(word), "labelgen \(line)<TAB> offers \(word)") }
    }
}

extension Shell {
    /// The path of `command` on PATH, if it is installed.
    static func find(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The lines `program` prints, run in `folder`; a failing exit is a test failure
    /// that shows them.
    static func lines(_ program: String, _ arguments: [String], in folder: URL) throws -> [String] {
        let (status, output) = try run(program, arguments, in: folder)
        #expect(status == 0, "\(program) \(arguments) exited \(status): \(output)")
        return output.split(separator: "\n").map(String.init)
    }
}
