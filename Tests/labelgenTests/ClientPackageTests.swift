import Foundation
import Testing

/// A Swift package that uses Labelgen as a game does: its manifest is the game's one the
/// README shows, pointing at this checkout by path; its sources are every Swift example in the
/// README and a program that lays out text in every script. It is built once per run (a
/// few minutes the first time: it compiles Labelgen anew) and both tests read that build.
@Suite("A client package")
struct ClientPackageTests {
    @Test("every Swift example in the README compiles in a package that depends on Labelgen")
    func readmeExamplesCompile() async throws {
        let client = try await ClientPackage.built.value
        #expect(client.examples.count >= 6, "the README's Swift examples were not found")
        #expect(client.build.status == 0, "README examples fail to compile:\n\(client.build.output)")
    }

    @Test("a Swift package that depends on Labelgen by path lays out with the bundled fonts only")
    func bundledFontsOnly() async throws {
        let client = try await ClientPackage.built.value
        try #require(client.build.status == 0, "client build failed:\n\(client.build.output)")
        // Run from another folder, as a user would.
        let run = try Shell.run(client.folder.appendingPathComponent(".build/debug/FontCheck").path, [],
                                in: FileManager.default.temporaryDirectory, environment: ["LABELGEN_FONTS": nil])
        #expect(run.status == 0, "\(run.output)")
        let paths = run.output.split(separator: "\n").map(String.init)
        #expect(paths.count >= 8, "\(run.output)")
        let buildFolders = [client.folder.appendingPathComponent(".build").path,
                            client.folder.appendingPathComponent(".build").resolvingSymlinksInPath().path]
        for path in paths {
            #expect(path.contains("_LabelgenFonts.resources/") && buildFolders.contains { path.hasPrefix($0) },
                    "not a bundled font file: \(path)")
        }
    }
}

/// The README's manifest and examples made into a package, and its build.
enum ClientPackage {
    struct Built: Sendable {
        var folder: URL
        var examples: [String]
        var build: (status: Int32, output: String)
    }

    static let built = Task { try make() }

    /// The product names in the README's manifest refer to the package as `labelgen`, its
    /// URL's last part; a path dependency is named after its folder.
    static let dependencyName = CLI.packageRoot.lastPathComponent

    static func make() throws -> Built {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = swiftBlocks(in: readme)
        // The game's Package.swift. The README shows one more, Examples/LabelsDemo's,
        // which BuildPluginReadmeTests and BuildPluginTests check and build.
        let manifests = blocks.filter { $0.hasPrefix("// swift-tools-version") && $0.contains("name: \"MyGame\"") }
        try #require(manifests.count == 1, "the README should show one Package.swift of MyGame")
        let examples = blocks.filter { !$0.hasPrefix("// swift-tools-version") }

        // Inside this package's build folder, so `make clean` removes it and a second run
        // rebuilds only what changed; the sources are written anew every time.
        let folder = CLI.packageRoot.appendingPathComponent(".build/client-package")
        for stale in ["Package.swift", "Sources", "Tests"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
        }
        func write(_ text: String, _ relative: String) throws {
            let file = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try write(try manifest(from: manifests[0]), "Package.swift")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tests/MyGameTests/__Snapshots__"),
                                                withIntermediateDirectories: true)
        for (index, example) in examples.enumerated() {
            let isTest = example.contains("@Test")
            try write(source(of: example, number: index + 1),
                      isTest ? "Tests/MyGameTests/Example\(index + 1).swift" : "Sources/MyGame/Example\(index + 1).swift")
        }
        try write(fontCheck, "Sources/FontCheck/main.swift")
        let build = try Shell.run("swift", ["build", "--build-tests", "--package-path", folder.path],
                                  environment: ["LABELGEN_FONTS": nil])
        return Built(folder: folder, examples: examples, build: build)
    }

    /// The text of every fenced block marked `swift`.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The README's manifest with the dependency on this checkout, plus the font check.
    static func manifest(from readme: String) throws -> String {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let dependency = try #require(lines.first { $0.contains(".package(url:") }, "no .package(url:) line")
        var text = readme.replacingOccurrences(of: String(dependency.drop { $0 == " " }),
                                               with: ".package(path: \"\(CLI.packageRoot.path)\"),")
        text = text.replacingOccurrences(of: "package: \"labelgen\"", with: "package: \"\(dependencyName)\"")
        text = text.replacingOccurrences(of: "    targets: [\n", with: """
                targets: [
                    .executableTarget(name: "FontCheck", dependencies: [
                        .product(name: "LabelLayout", package: "\(dependencyName)"),
                        .product(name: "StyledText", package: "\(dependencyName)"),
                    ]),

            """)
        return text
    }

    /// An example as a source file. Examples that declare functions or types are files
    /// as they stand; a few statements become the body of a function. Imports are the
    /// example's own: a missing one fails the build, as it would for a reader.
    static func source(of example: String, number: Int) -> String {
        let lines = example.split(separator: "\n", omittingEmptySubsequences: false)
        let declares = lines.contains { line in
            ["@Test", "func ", "struct ", "enum ", "extension ", "final class ", "class "].contains { line.hasPrefix($0) }
        }
        if declares { return example + "\n" }
        let imports = lines.filter { $0.hasPrefix("import ") }
        let body = lines.filter { !$0.hasPrefix("import ") }.map { "    " + $0 }
        return (imports.map(String.init) + ["", "func readmeExample\(number)() throws {"] + body + ["}", ""]).joined(separator: "\n")
    }

    /// Lays out a word of every script the bundled fonts cover and prints the font files used.
    static let fontCheck = """
        import LabelLayout
        import StyledText

        let engine = LayoutEngine()
        var style = LabelStyle(font: FontSpec(size: 32))
        style.box = Box(width: 400, height: 80)
        let samples = [("en", "Play"), ("ar", "العب الآن"), ("th", "เล่นต่อ"), ("hi", "खेलें"),
                       ("ja", "罠を回避"), ("zh-Hant", "開始遊戲"), ("ko", "쫒기다"), ("en", "🎮 ★ ≥ 3")]
        for (locale, text) in samples {
            let layout = try engine.layout(text, style: style, locale: locale)
            for run in layout.lines.flatMap(\\.runs) { print(run.face.path) }
            if !layout.missingCharacters.isEmpty { print("missing \\(locale) \\(layout.missingCharacters)") }
        }
        """
}
