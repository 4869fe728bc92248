import Foundation

/// A ``JSONFile`` whose top-level object holds one long array, in parts, so that a writer
/// can put the array's elements in one at a time: what comes before the first element,
/// each element as it stands in the array, and what comes after the last. Put together
/// they are exactly the bytes ``JSONFile/encode(_:)`` gives for the whole document, so
/// a file streamed this way and one encoded whole never differ. A manifest of a hundred
/// thousand labels is 75 MB, and encoding it whole took several times that in memory.
package struct JSONFileLayout {
    /// Everything before the first element; with no elements, the whole file.
    package let head: Data
    /// Everything after the last element; empty when there are no elements.
    package let tail: Data

    /// Elements are indented two levels: the document's object, then the array.
    package static let indent = Data("    ".utf8)
    /// Between two elements.
    package static let separator = Data(",\n".utf8)

    /// The parts around the elements of the array named `key` in `document`, in which
    /// that array is empty; `hasElements` tells whether any element goes between them
    /// (an empty array is written apart).
    ///
    /// - Throws: An `EncodingError` for a value JSON cannot hold.
    package init(_ document: some Encodable, arrayKey key: String, hasElements: Bool) throws {
        let whole = try JSONFile.encode(document)
        guard hasElements else {
            head = whole
            tail = Data()
            return
        }
        // Strings in JSON cannot hold a raw line break, so this can only be the array.
        let emptyArray = Data("\n  \"\(key)\" : [\n\n  ]".utf8)
        guard let found = whole.range(of: emptyArray) else {
            preconditionFailure("the document has no empty top-level array \(key)")
        }
        head = whole[..<found.lowerBound] + Data("\n  \"\(key)\" : [\n".utf8)
        tail = Data("\n  ]".utf8) + whole[found.upperBound...]
    }

    /// `value` as it stands in the array, without the separator.
    ///
    /// - Parameter encoder: ``JSONFile/encoder()``'s, kept by the caller: making one per
    ///   element costs more than the element's encoding.
    /// - Throws: An `EncodingError` for a value JSON cannot hold.
    package static func element(_ value: some Encodable, encoder: JSONEncoder) throws -> Data {
        let plain = try encoder.encode(value)
        var indented = Data(capacity: plain.count + plain.count / 8)
        indented.append(indent)
        var start = plain.startIndex
        while let newline = plain[start...].firstIndex(of: 0x0A) {
            indented.append(plain[start...newline])
            // The encoder leaves the blank line inside an empty array unindented.
            if newline + 1 < plain.endIndex, plain[newline + 1] != 0x0A { indented.append(indent) }
            start = newline + 1
        }
        indented.append(plain[start...])
        return indented
    }
}
