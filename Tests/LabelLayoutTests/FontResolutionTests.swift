import Foundation
import LabelLayout
import StyledText
import Testing

@Suite("Font resolution")
struct FontResolutionTests {
    @Test("a family resolves to the bundled file, by weight")
    func bundledFamily() throws {
        let regular = try engine.fontChain(for: FontSpec(family: "Noto Sans", size: 20), locale: "en")
        let bold = try engine.fontChain(for: FontSpec(family: "Noto Sans", weight: 700, size: 20), locale: "en")
        #expect(regular[0].path.hasSuffix("Fonts/NotoSans-Regular.ttf"))
        #expect(bold[0].path.hasSuffix("Fonts/NotoSans-Bold.ttf"))
        #expect(bold[0].family == "Noto Sans")
    }

    @Test("bundled fonts win even when the host has the same family installed")
    func bundledBeforeHost() throws {
        // Debian's fonts-noto-core installs Noto Sans too; with host fonts allowed, the
        // style must still get the bundled file so output does not depend on the host.
        let withHost = LayoutEngine(fonts: FontSources(
            bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: true))
        let chain = try withHost.fontChain(for: FontSpec(family: "Noto Sans", weight: 700, size: 20), locale: "en")
        #expect(chain[0].path.hasPrefix(packageRoot.appendingPathComponent("Fonts").path))
        let layout = try withHost.layout("Score 日本語 مرحبا", style: style(), locale: "en")
        for run in layout.lines.flatMap(\.runs) {
            #expect(run.face.path.hasPrefix(packageRoot.appendingPathComponent("Fonts").path), "\(run.face)")
        }
    }

    @Test("the fallback chain holds every bundled script family, in the style's metrics")
    func fallbackChain() throws {
        let shared = ["Noto Sans Hebrew", "Noto Sans CJK JP", "Noto Sans Symbols", "Noto Sans Symbols2", "Noto Sans Math", "Noto Color Emoji"]
        let tall = ["Noto Sans Arabic", "Noto Sans Thai", "Noto Sans Devanagari"]
        let compact = tall.map { $0 + " UI" }
        for (metrics, wanted, unwanted) in [(VerticalMetrics.compact, compact, tall), (.tall, tall, compact)] {
            let chain = try engine.fontChain(for: FontSpec(family: "Noto Sans", size: 20, metrics: metrics), locale: "en")
            let families = Set(chain.map(\.family))
            for family in shared + wanted {
                #expect(families.contains(family), "\(metrics): missing \(family)")
            }
            for family in unwanted {
                #expect(!families.contains(family), "\(metrics): has \(family)")
            }
        }
    }

    @Test("an unknown family is an error naming it")
    func unknownFamily() {
        #expect {
            _ = try engine.fontChain(for: FontSpec(family: "Comic Papyrus", size: 20), locale: "en")
        } throws: { error in
            "\(error)".contains("Comic Papyrus")
        }
    }

    @Test("font.files pins a file, relative paths resolved against the search folders")
    func pinnedFile() throws {
        let pinned = LayoutEngine(fonts: FontSources(
            bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false,
            fileSearchDirectories: [packageRoot.path]))
        let chain = try pinned.fontChain(for: FontSpec(size: 20, files: ["Fonts/NotoSansHebrew-Bold.ttf"]), locale: "he")
        #expect(chain[0].path.hasSuffix("NotoSansHebrew-Bold.ttf"))
        // The family and weight are read from the file itself.
        #expect(chain[0].family == "Noto Sans Hebrew")
        #expect(chain[0].weight == 700)
        #expect {
            _ = try pinned.fontChain(for: FontSpec(size: 20, files: ["Fonts/Missing.ttf"]), locale: "en")
        } throws: { "\($0)".contains("Missing.ttf") }
    }

    @Test("a file that is not a font is a clear error")
    func notAFont() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("fake.ttf"))
        let pinned = LayoutEngine(fonts: FontSources(bundledDirectories: [], useHostFonts: false,
                                                     fileSearchDirectories: [folder.path]))
        #expect {
            _ = try pinned.fontChain(for: FontSpec(size: 20, files: ["fake.ttf"]), locale: "en")
        } throws: { "\($0)".contains("fake.ttf") }
    }
}
