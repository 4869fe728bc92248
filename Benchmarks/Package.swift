// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The benchmark harness is a package of its own so that `make test` never builds it.
// It depends on Labelgen by path; SwiftPM names a path dependency after its folder,
// which is whatever the checkout is called, so the name is read from the path.
let labelgen = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "LabelgenBenchmarks",
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // Cairo's own PNG writer, measured against our encoder.
        .systemLibrary(name: "CBenchCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .executableTarget(
            name: "labelgen-bench",
            dependencies: [
                "CBenchCairo",
                .product(name: "StyledText", package: labelgen),
                .product(name: "StringTables", package: labelgen),
                .product(name: "LabelLayout", package: labelgen),
                .product(name: "TextRender", package: labelgen),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
