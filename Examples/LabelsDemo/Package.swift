// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "LabelsDemo",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "labelgen", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "LabelsDemo",
            exclude: ["labels.json", "strings", "styles"],
            plugins: [.plugin(name: "LabelgenPlugin", package: "labelgen")]
        ),
    ]
)
