import Foundation

/// The JSON files Labelgen writes (manifests, reports): pretty-printed with sorted keys
/// and a final newline, so the same content gives the same bytes and diffs stay small.
package enum JSONFile {
    /// `value` as such a file's bytes.
    ///
    /// - Throws: An `EncodingError` for a value JSON cannot hold, such as a NaN.
    package static func encode(_ value: some Encodable) throws -> Data {
        var data = try encoder().encode(value)
        data.append(0x0A)
        return data
    }

    /// The encoder behind ``encode(_:)``, for a writer that lays out the document itself
    /// and only quotes strings with it.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
