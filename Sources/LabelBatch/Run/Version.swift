/// Labelgen's version, as manifests and reports record it.
package enum Labelgen {
    /// The package's version. It is part of every label's input hash: labels drawn by
    /// another version are drawn again, whatever else is unchanged.
    package static let version = "0.3.0"

    /// The generator manifests and reports name, e.g. `labelgen 0.3.0`.
    static var tool: String { "labelgen \(version)" }
}
