import Foundation
import Testing

/// Fonts come from the bundle, never from the host unless asked, for the command line
/// and for a Swift package that depends on Labelgen.
@Suite("Fonts never come from the host")
struct FontSourceTests {
    /// Installed fonts that cover characters the bundled fonts lack (Ext-B kanji, Georgian).
    static let extraFonts: [URL] = [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ].map(URL.init(fileURLWithPath:)).filter { FileManager.default.fileExists(atPath: $0.path) }

    /// A fontconfig set-up that sees only `folders` (none: no host fonts at all).
    static func fontconfig(in tmp: TempDir, name: String, folders: [URL]) throws -> String {
        let dirs = folders.map { "<dir>\($0.path)</dir>" }.joined()
        let file = try tmp.write("""
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>\(dirs)<cachedir>\(tmp("cache-\(name)").path)</cachedir></fontconfig>
            """, to: "\(name).conf")
        return file.path
    }

    @Test("the same table gives the same bytes with and without an extra CJK font on the host; --host-fonts uses it",
          .enabled(if: !extraFonts.isEmpty, "needs an installed font covering characters the bundle lacks (fonts-noto-cjk or fonts-dejavu-core)"))
    func hostFontsChangeNothing() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let extra = tmp("extra")
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        for font in Self.extraFonts {
            try FileManager.default.copyItem(at: font, to: extra.appendingPathComponent(font.lastPathComponent))
        }
        let bare = try Self.fontconfig(in: tmp, name: "bare", folders: [])
        let withExtra = try Self.fontconfig(in: tmp, name: "extra", folders: [extra])
        let table = try tmp.writeJSON(["hud": ["name": "Score 日本語 𩸽 ქართული"]], to: "en.json")
        let style = try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")

        func run(_ name: String, config: String, _ extraArguments: [String] = []) async throws -> (files: [String: Data], status: Int32) {
            let result = try await CLI.run([table.path, "--style", style.path, "--out", tmp(name).path, "--quiet"] + extraArguments,
                                           environment: ["FONTCONFIG_FILE": config])
            #expect(result.status == 0, "\(name): \(result)")
            return (try Files.contents(tmp(name)), result.status)
        }
        let without = try await run("without", config: bare)
        let with = try await run("with", config: withExtra)
        #expect(without.files == with.files, "an extra host font changed the output")
        let manifest = try ManifestFile.load(tmp("with/en/manifest.json"))
        #expect(try manifest.label("hud.name").missingCharacters?.isEmpty == false)

        // Asked for, the host font is used and named.
        let host = try await run("host", config: withExtra, ["--host-fonts"])
        #expect(host.files["en/hud.name.png"] != with.files["en/hud.name.png"])
        let hostManifest = try String(decoding: #require(host.files["en/manifest.json"]), as: UTF8.self)
        #expect(Self.extraFonts.contains { hostManifest.contains($0.lastPathComponent) }, "\(hostManifest)")
    }

    @Test("a font the test puts in fontconfig's view changes nothing without --host-fonts, and is used with it")
    func placedHostFont() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        // The test font covers private-use characters no bundled font has.
        let hostFolder = tmp("host")
        try FileManager.default.createDirectory(at: hostFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Tests/Fixtures/LabelgenColrTest.ttf"),
                                         to: hostFolder.appendingPathComponent("LabelgenColrTest.ttf"))
        let bare = try Self.fontconfig(in: tmp, name: "bare", folders: [])
        let placed = try Self.fontconfig(in: tmp, name: "placed", folders: [hostFolder])
        let table = try tmp.writeJSON(["hud": ["mark": "Score \u{E001}"]], to: "en.json")
        let style = try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")

        func run(_ name: String, config: String, _ extraArguments: [String] = []) async throws -> [String: Data] {
            let result = try await CLI.run([table.path, "--style", style.path, "--out", tmp(name).path, "--quiet"] + extraArguments,
                                           environment: ["FONTCONFIG_FILE": config])
            #expect(result.status == 0, "\(name): \(result)")
            return try Files.contents(tmp(name))
        }
        let without = try await run("without", config: bare)
        let with = try await run("with", config: placed)
        #expect(!without.isEmpty && without == with, "a font in fontconfig's view changed the output")
        let manifest = try ManifestFile.load(tmp("with/en/manifest.json"))
        #expect(try manifest.label("hud.mark").missingCharacters == ["U+E001"])

        let host = try await run("host", config: placed, ["--host-fonts"])
        #expect(host["en/hud.mark.png"] != with["en/hud.mark.png"])
        let hostManifest = try ManifestFile.load(tmp("host/en/manifest.json"))
        #expect(try hostManifest.label("hud.mark").missingCharacters?.isEmpty ?? true)
        let named = try String(decoding: #require(host["en/manifest.json"]), as: UTF8.self)
        #expect(named.contains("LabelgenColrTest.ttf") || named.contains("Labelgen COLR Test"), "\(named)")
    }

    @Test("without LABELGEN_FONTS or --fonts, labelgen draws with the fonts installed with it")
    func defaultFontsFolder() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let table = try tmp.writeJSON(["menu": ["play": "Play العب 遊戲"]], to: "en.json")
        let style = try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        let result = try await CLI.run([table.path, "--style", style.path, "--out", tmp("out").path, "--quiet"],
                                       in: tmp.url, environment: ["LABELGEN_FONTS": nil])
        #expect(result.status == 0, "\(result)")
        let manifest = try String(contentsOf: tmp("out/en/manifest.json"), encoding: .utf8)
        for file in ["NotoSans-Regular.ttf", "NotoSansArabicUI-Regular.ttf", "NotoSansCJK-Regular-Subset.otf"] {
            #expect(manifest.contains(file), "\(file) not in \(manifest)")
        }
        let missing = try await CLI.run([table.path, "--style", style.path, "--out", tmp("out2").path],
                                        environment: ["LABELGEN_FONTS": tmp("nowhere").path])
        #expect(missing.status == 2 && missing.stderr.contains("nowhere"), "\(missing)")
    }
}

/// Runs a program and captures its output and error together.
enum Shell {
    static func run(_ program: String, _ arguments: [String], in directory: URL? = nil,
                    environment changes: [String: String?] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = program.hasPrefix("/") ? URL(fileURLWithPath: program) : URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("labelgen-shell-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: capture.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: capture) }
        let handle = try FileHandle(forWritingTo: capture)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: capture), as: UTF8.self))
    }
}
