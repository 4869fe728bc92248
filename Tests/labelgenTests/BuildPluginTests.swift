import Foundation
import Testing
import TextRender

/// LabelgenPlugin as a package that uses it sees it: Examples/LabelsDemo, copied into
/// `.build/labels-demo` (the tests edit the copy) and built there from nothing with
/// `swift build`. The build compiles
/// labelgen and Labelgen's libraries anew, a few minutes on two cores; both tests share it.
@Suite("LabelgenPlugin", .serialized)
struct BuildPluginTests {
    @Test("a clean build puts every label and manifest labels.json asks for into the target's Bundle.module")
    func cleanBuild() async throws {
        let first = try await LabelsDemo.ready().firstBuild
        #expect(first.output.contains(LabelsDemo.pluginStep), "no labelgen step in the build log:\n\(first.output)")

        // labels.json: keys hud.*, scales 1 and 2, two locales, the style's box 320 x 80.
        let bundled = first.bundleFiles
        var expected = ["de/manifest.json", "en/manifest.json"]
        for locale in ["de", "en"] {
            for key in ["hud.lives", "hud.score"] {
                expected += ["\(locale)/\(key).png", "\(locale)/\(key)@2x.png"]
            }
        }
        // Hidden files included: nothing but labels and manifests, no lock file.
        #expect(bundled == expected.sorted(), "the bundle's Labels folder holds \(bundled)")
        for (file, size) in first.imageSizes {
            let expectedSize = file.hasSuffix("@2x.png") ? (640, 160) : (320, 80)
            #expect(size.width == expectedSize.0 && size.height == expectedSize.1, "\(file) is \(size.width)x\(size.height)")
        }
        #expect(first.imageSizes.count == 8, "decoded \(first.imageSizes.keys.sorted())")

        // The example's program reads the manifests through Bundle.module and checks that
        // every image they list is there.
        #expect(first.run.status == 0, "LabelsDemo failed:\n\(first.run.output)")
        #expect(first.run.output.contains("de/hud.score@2x.png 640x160"), "\(first.run.output)")
        #expect(first.run.output.contains("hud.score@2x in German: hud.score@2x.png"), "\(first.run.output)")
        #expect(first.run.output.split(separator: "\n").count == 9, "\(first.run.output)")
    }

    @Test("a build with nothing changed runs no labelgen; an edited table or labels.json runs it; a bad labels.json fails naming the file")
    func incremental() async throws {
        let demo = try await LabelsDemo.ready()

        // SwiftPM links the plugin's tool once more on the build after a clean one, and a
        // new labelgen is a changed input, so nothing is promised of that build. From then
        // on nothing changed, and nothing may run.
        try #require(try demo.build().status == 0)
        let settled = try Files.identities(demo.labels)
        try #require(settled.count == 10, "labelgen's output folder \(demo.labels.path) holds \(settled.keys.sorted())")
        let quiet = try demo.build()
        #expect(quiet.status == 0, "\(quiet.output)")
        #expect(!quiet.output.contains(LabelsDemo.pluginStep), "labelgen ran with nothing changed:\n\(quiet.output)")
        #expect(try Files.identities(demo.labels) == settled, "generated files were rewritten with nothing changed")

        // One German string changes: labelgen runs, and only that label's images change.
        let table = demo.folder.appendingPathComponent("Sources/LabelsDemo/strings/de.json")
        let original = try String(contentsOf: table, encoding: .utf8)
        try #require(original.contains("\"Punkte\""))
        let before = try Files.contents(demo.bundleLabels)
        try original.replacingOccurrences(of: "\"Punkte\"", with: "\"Punktestand\"")
            .write(to: table, atomically: true, encoding: .utf8)
        let edited = try demo.build()
        #expect(edited.status == 0, "\(edited.output)")
        #expect(edited.output.contains(LabelsDemo.pluginStep), "labelgen did not run after a table changed:\n\(edited.output)")
        let after = try Files.contents(demo.bundleLabels)
        let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }
        #expect(changed == ["de/hud.score.png", "de/hud.score@2x.png", "de/manifest.json"],
                "files that changed in the bundle: \(changed.sorted())")

        // An edit of labels.json itself takes effect in the next build, though SwiftPM
        // does not plan the build again for it (the plugin's plan is kept).
        let config = demo.folder.appendingPathComponent("Sources/LabelsDemo/labels.json")
        let configText = try String(contentsOf: config, encoding: .utf8)
        try #require(configText.contains("\"scales\": [1, 2]"))
        try configText.replacingOccurrences(of: "\"scales\": [1, 2]", with: "\"scales\": [1]")
            .write(to: config, atomically: true, encoding: .utf8)
        let oneScale = try demo.build()
        #expect(oneScale.status == 0, "\(oneScale.output)")
        #expect(Files.list(demo.bundleLabels) == ["de/hud.lives.png", "de/hud.score.png", "de/manifest.json",
                                                  "en/hud.lives.png", "en/hud.score.png", "en/manifest.json"],
                "after scales [1]: \(Files.list(demo.bundleLabels))")

        // A misspelt field stops the build, naming file and field.
        try configText.replacingOccurrences(of: "\"scales\"", with: "\"scale\"")
            .write(to: config, atomically: true, encoding: .utf8)
        let broken = try demo.build()
        #expect(broken.status != 0, "a labels.json with an unknown field built:\n\(broken.output)")
        #expect(broken.output.contains("labels.json:5:3: $.scale: unknown field"), "\(broken.output)")
    }
}

/// The README shows the example's manifest and labels.json, so that what it shows is built.
@Suite("LabelgenPlugin in the README")
struct BuildPluginReadmeTests {
    @Test("the README's plugin manifest and labels.json are those of Examples/LabelsDemo, which the plugin tests build")
    func readmeShowsTheExample() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let heading = "## Generating labels during swift build\n"
        let section = try #require(readme.components(separatedBy: heading).dropFirst().first?
            .components(separatedBy: "\n## ").first, "no section \(heading)")
        let example = CLI.packageRoot.appendingPathComponent("Examples/LabelsDemo")
        let manifest = try String(contentsOf: example.appendingPathComponent("Package.swift"), encoding: .utf8)
            .replacingOccurrences(of: ".package(name: \"labelgen\", path: \"../..\"),",
                                  with: ".package(url: \"https://github.com/your-studio/labelgen\", branch: \"main\"),")
        let labels = try String(contentsOf: example.appendingPathComponent("Sources/LabelsDemo/labels.json"), encoding: .utf8)
        #expect(Self.block("swift", in: section) == manifest, "README's manifest differs from Examples/LabelsDemo/Package.swift")
        #expect(Self.block("json", in: section) == labels, "README's labels.json differs from the example's")
    }

    /// The first fenced block of `language` in `markdown`, with its final newline.
    static func block(_ language: String, in markdown: String) -> String? {
        guard let start = markdown.range(of: "```\(language)\n"),
              let end = markdown.range(of: "\n```", range: start.upperBound..<markdown.endIndex) else { return nil }
        return String(markdown[start.upperBound..<end.lowerBound]) + "\n"
    }
}

/// The example package, copied and built once for the suite.
private struct LabelsDemo: Sendable {
    /// What the first build made, read before any test changes the copy.
    struct FirstBuild: Sendable {
        var status: Int32
        var output: String
        /// Every file below Labels/ in the resource bundle, relative to it.
        var bundleFiles: [String]
        /// The size each PNG there decodes to.
        var imageSizes: [String: (width: Int, height: Int)]
        /// The example's executable, run from another folder.
        var run: (status: Int32, output: String)
    }

    /// The build log line SwiftPM prints when the plugin's command runs.
    static let pluginStep = "Generating labels for LabelsDemo"

    var folder: URL
    var firstBuild: FirstBuild
    /// Why the example cannot be built on this machine, if it cannot.
    var unavailable: String?

    /// The example, built; cancels the calling test, reported as skipped, when the
    /// example's dependencies cannot be had.
    static func ready() async throws -> LabelsDemo {
        let demo = try await built.value
        if let reason = demo.unavailable { try Test.cancel(Comment(rawValue: reason)) }
        try #require(demo.firstBuild.status == 0, "the example does not build:\n\(demo.firstBuild.output)")
        return demo
    }

    var scratch: URL { folder.appendingPathComponent(".build") }
    /// The group's output folder in the plugin's work directory; SwiftPM names the package
    /// part after the folder the package is in.
    var labels: URL {
        scratch.appendingPathComponent("plugins/outputs/\(folder.lastPathComponent)/LabelsDemo/destination/LabelgenPlugin/Labels")
    }
    var bundleLabels: URL { scratch.appendingPathComponent("debug/LabelsDemo_LabelsDemo.resources/Labels") }

    static let built = Task { try make() }

    /// `swift build` of the copy, with labelgen's fonts found as a user's build finds them.
    func build() throws -> (status: Int32, output: String) {
        try Shell.run("swift", ["build", "--package-path", folder.path, "--scratch-path", scratch.path],
                      environment: ["LABELGEN_FONTS": nil])
    }

    static func make() throws -> LabelsDemo {
        // Inside this checkout's build folder, two levels down as the example is, so its
        // manifest's `path: "../.."` names this checkout unchanged; removed first, so the
        // build starts from nothing.
        let folder = CLI.packageRoot.appendingPathComponent(".build/labels-demo")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = CLI.packageRoot.appendingPathComponent("Examples/LabelsDemo")
        for part in ["Package.swift", "Sources"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(part), to: folder.appendingPathComponent(part))
        }
        var demo = LabelsDemo(folder: folder, firstBuild: FirstBuild(status: -1, output: "", bundleFiles: [], imageSizes: [:],
                                                                   run: (-1, "")))
        let (status, output) = try demo.build()
        if status != 0, output.contains("Could not resolve package dependencies") || output.contains("failed to clone") {
            demo.unavailable = "the example's dependencies cannot be fetched here (no network and no package cache):\n\(output)"
        }
        demo.firstBuild.status = status
        demo.firstBuild.output = output
        guard status == 0 else { return demo }
        demo.firstBuild.bundleFiles = Files.list(demo.bundleLabels)
        for file in demo.firstBuild.bundleFiles where file.hasSuffix(".png") {
            let image = try PNGDecoder().decode(contentsOf: demo.bundleLabels.appendingPathComponent(file))
            demo.firstBuild.imageSizes[file] = (image.width, image.height)
        }
        demo.firstBuild.run = try Shell.run(demo.scratch.appendingPathComponent("debug/LabelsDemo").path, [],
                                            in: FileManager.default.temporaryDirectory)
        return demo
    }
}
