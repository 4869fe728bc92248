// swift-tools-version: 6.1
import PackageDescription

// System libraries come from pkg-config; `make` installs the Debian packages named in
// each provider when pkg-config cannot find them. The Homebrew formulas are what SwiftPM
// suggests on macOS, where Labelgen is expected to build but is not tested.
func systemLibrary(_ name: String, pkgConfig: String, apt: String, brew: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt]), .brew([brew])])
}

/// The font files in Fonts/, copied into the resource bundle of `LabelgenFonts`.
let bundledFontFiles = [
    "NotoSans-Regular.ttf", "NotoSans-Bold.ttf",
    "NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf",
    "NotoSansArabicUI-Regular.ttf", "NotoSansArabicUI-Bold.ttf",
    "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf",
    "NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf",
    "NotoSansThaiUI-Regular.ttf", "NotoSansThaiUI-Bold.ttf",
    "NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf",
    "NotoSansDevanagariUI-Regular.ttf", "NotoSansDevanagariUI-Bold.ttf",
    "NotoSansCJK-Regular-Subset.otf", "NotoSansCJK-Bold-Subset.otf",
    "NotoSansSymbols-Regular.ttf", "NotoSansSymbols-Bold.ttf",
    "NotoSansSymbols2-Regular.ttf", "NotoSansMath-Regular.ttf",
    "NotoColorEmoji-Subset.ttf", "Inter-Variable-Subset.ttf",
]

let package = Package(
    name: "Labelgen",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "StyledText", targets: ["StyledText"]),
        .library(name: "StringTables", targets: ["StringTables"]),
        .library(name: "LabelLayout", targets: ["LabelLayout"]),
        .library(name: "TextRender", targets: ["TextRender"]),
        .library(name: "Captions", targets: ["Captions"]),
        .library(name: "LabelBatch", targets: ["LabelBatch"]),
        .library(name: "LabelSnapshotTesting", targets: ["LabelSnapshotTesting"]),
        .executable(name: "labelgen", targets: ["labelgen"]),
        .plugin(name: "LabelgenPlugin", targets: ["LabelgenPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
        // `swift package generate-documentation` (`make docs`); used by no target.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev", brew: "harfbuzz"),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: "libfontconfig-dev", brew: "fontconfig"),
        systemLibrary("CFriBidi", pkgConfig: "fribidi", apt: "libfribidi-dev", brew: "fribidi"),
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev", brew: "freetype"),
        systemLibrary("CCairo", pkgConfig: "cairo", apt: "libcairo2-dev", brew: "cairo"),
        systemLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev", brew: "zlib"),
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: "libturbojpeg0-dev", brew: "jpeg-turbo"),
        systemLibrary("CDeflate", pkgConfig: "libdeflate", apt: "libdeflate-dev", brew: "libdeflate"),
        systemLibrary("CWebP", pkgConfig: "libwebp", apt: "libwebp-dev", brew: "webp"),
        // libhyphen has no pkg-config file; the module map links it by name.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"]), .brew(["hyphen"])]),
        systemLibrary("CICU", pkgConfig: "icu-uc", apt: "libicu-dev", brew: "icu4c"),
        // XML's parser, for the XLIFF reader's SAX2 events; Foundation links the same library.
        systemLibrary("CLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev", brew: "libxml2"),
        .target(name: "CLineBreak", dependencies: ["CICU"]),
        // PNG's adaptive row filters, for `--png small`.
        .target(name: "CPNGFilter"),
        // Glyph coverage, plain and grown by an outside stroke, for the cached glyph masks.
        .target(name: "CGlyphCoverage"),
        // JSON, limits, source places and locks: what every other module shares, with no
        // C library.
        .target(name: "LabelCore"),
        .target(name: "StyledText", dependencies: ["LabelCore"]),
        .target(name: "StringTables", dependencies: ["StyledText", "LabelCore", "CLibXML2"]),
        // The bundled fonts, shipped to every package that depends on Labelgen as SwiftPM
        // resources (see Fonts/README.md). Every font file in Fonts/ must be listed here;
        // a test checks the list against the folder.
        .target(
            name: "LabelgenFonts",
            path: "Fonts",
            exclude: ["README.md", "make-subsets.sh", "subsets"],
            sources: ["LabelgenFonts.swift"],
            resources: (bundledFontFiles + ["LICENSE-OFL.txt", "licenses"]).map { .copy($0) }
        ),
        // The hyphenation dictionaries, bundled like the fonts (see Hyphenation/README.md).
        .target(
            name: "LabelgenHyphenation",
            path: "Hyphenation",
            exclude: ["README.md", "make-dictionaries.sh"],
            sources: ["LabelgenHyphenation.swift"],
            resources: ["hyph_de_DE.dic", "hyph_en_US.dic", "hyph_fi.dic", "hyph_nl_NL.dic", "licenses"].map { .copy($0) }
        ),
        // Font faces, outlines, colour glyphs, fontconfig and the bundled resources; no layout.
        .target(
            name: "LabelFonts",
            dependencies: ["LabelCore", "StyledText", "LabelgenFonts", "LabelgenHyphenation", "CHarfBuzz", "CFreeType", "CFontconfig"]
        ),
        .target(
            name: "LabelLayout",
            dependencies: ["LabelFonts", "LabelCore", "StyledText", "CHarfBuzz", "CFriBidi", "CLineBreak", "CHyphen"]
        ),
        // Images and their codecs, the Cairo surface and the one compositor; no styles or layout.
        .target(
            name: "LabelImage",
            dependencies: ["LabelCore", "CCairo", "CZlib", "CTurboJPEG", "CDeflate", "CWebP", "CPNGFilter"]
        ),
        .target(
            name: "TextRender",
            dependencies: ["LabelLayout", "LabelImage", "StyledText", "LabelCore", "CCairo", "CGlyphCoverage"]
        ),
        .target(
            name: "Captions",
            dependencies: ["TextRender", "LabelImage", "LabelLayout", "StyledText"]
        ),
        .target(
            name: "LabelBatch",
            dependencies: ["TextRender", "LabelLayout", "StyledText", "StringTables", "LabelCore"]
        ),
        .target(
            name: "LabelSnapshotTesting",
            dependencies: [
                "TextRender", "LabelLayout", "StyledText", "StringTables", "LabelCore",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .executableTarget(
            name: "labelgen",
            dependencies: [
                "LabelCore", "StyledText", "StringTables", "LabelLayout", "TextRender", "Captions", "LabelBatch", "LabelFonts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Runs labelgen during `swift build` for a target that has a labels.json, and adds
        // the labels to the target's resources (docs/build-plugin.md).
        .plugin(name: "LabelgenPlugin", capability: .buildTool(), dependencies: ["labelgen"]),
        // Helpers the test targets share; not a product.
        .target(name: "TestSupport", dependencies: ["LabelCore"], path: "Tests/TestSupport"),
        .testTarget(name: "StyledTextTests", dependencies: ["StyledText", "LabelCore", "TestSupport"]),
        .testTarget(name: "StringTablesTests", dependencies: ["StringTables", "StyledText", "TestSupport"]),
        .testTarget(name: "LabelLayoutTests", dependencies: ["LabelLayout", "LabelFonts", "StyledText", "StringTables", "TestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "TextRenderTests", dependencies: ["TextRender", "LabelLayout", "StyledText", "StringTables", "CZlib", "CPNGFilter", "CGlyphCoverage", "TestSupport"]),
        .testTarget(name: "CaptionsTests", dependencies: ["Captions", "TextRender", "LabelLayout", "StyledText"]),
        .testTarget(name: "LabelBatchTests", dependencies: ["LabelBatch", "TextRender", "LabelLayout", "StyledText", "StringTables", "TestSupport"]),
        .testTarget(name: "labelgenTests", dependencies: ["labelgen", "LabelBatch", "TextRender", "Captions", "StyledText", "StringTables", "TestSupport"]),
        // Only the library, as a client's test target would depend on it: it re-exports
        // the modules its API names.
        .testTarget(
            name: "LabelSnapshotTests",
            dependencies: ["LabelSnapshotTesting"],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
