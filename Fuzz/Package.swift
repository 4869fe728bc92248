// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets, kept out of the main package so `make test` never compiles them.
// Build and run them with `make fuzz` (see the Makefile); a plain `swift build` here
// fails to link, since libFuzzer's driver is linked only under `-sanitize=fuzzer`.
let fuzzers = [
    "FuzzStyle", "FuzzJSONTable", "FuzzStringsFile", "FuzzStringCatalog", "FuzzAndroidXML",
    "FuzzGettext", "FuzzPlaceholders", "FuzzMarkup", "FuzzLayout", "FuzzFont", "FuzzPicture",
    "FuzzImageEncoder", "FuzzWebP",
]

let package = Package(
    name: "LabelgenFuzz",
    dependencies: [.package(name: "Labelgen", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "StyledText", package: "Labelgen"),
                .product(name: "StringTables", package: "Labelgen"),
                .product(name: "LabelLayout", package: "Labelgen"),
                .product(name: "TextRender", package: "Labelgen"),
            ]
        ),
    ] + fuzzers.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzSupport"],
            // No top-level code: the entry point is the target's `<module>_main`.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    },
    swiftLanguageModes: [.v6]
)
