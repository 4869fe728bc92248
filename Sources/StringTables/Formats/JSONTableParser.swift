import Foundation
import StyledText

/// Reads JSON string tables: `{"title": "Titel", "menu": {"play": "Spielen"}}` gives
/// the keys `title` and `menu.play`, in file order.
struct JSONTableParser {
    let source: String

    /// The table's entries whose keys `keeping` accepts (all without it); every key is
    /// still checked for duplicates.
    func entries(from data: Data, keeping: ((String) -> Bool)? = nil) throws(StringTableError) -> [StringTable.Entry] {
        // Most tables are valid: they are read in one pass without building the whole
        // document (a million keys would need several times the file's size). Anything
        // wrong, a duplicate key included, is read again whole to say exactly what.
        if let streamed = Self.streamedEntries(keeping: keeping, { JSONParser.streamStrings(data, $0) }) {
            return streamed
        }
        return try wholeDocumentEntries(data, keeping: keeping)
    }

    /// The file's entries read a chunk at a time, so only the kept strings and a hash
    /// per key stay in memory, however large the file; nil when the file cannot be read
    /// or is not a valid table, which the caller then reads whole to say why.
    func streamedEntries(contentsOf path: String, keeping: ((String) -> Bool)? = nil,
                         chunkSize: Int = 1 << 20) -> [StringTable.Entry]? {
        guard let file = ChunkedFile(path: path, chunkSize: chunkSize) else { return nil }
        return Self.streamedEntries(keeping: keeping) { JSONParser.streamStrings(file, $0) }
    }

    private static func streamedEntries(
        keeping: ((String) -> Bool)?, _ stream: ((String, String) -> Bool) -> Bool
    ) -> [StringTable.Entry]? {
        var streamed: [StringTable.Entry] = []
        // Keys are told apart by their hashes, half the memory of the keys themselves;
        // a repeated hash, a duplicate key or (all but never) a collision, sends the
        // table to the whole-document parser, which decides exactly.
        var hashes: Set<Int> = []
        let valid = stream { key, value in
            guard hashes.insert(key.hashValue).inserted else { return false }
            if keeping?(key) ?? true { streamed.append(StringTable.Entry(key: key, value: value)) }
            return true
        }
        return valid ? streamed : nil
    }

    /// The entries of `data` parsed as one document, which says exactly what is wrong
    /// with a table the one-pass reader stepped aside from.
    func wholeDocumentEntries(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> [StringTable.Entry] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw StringTableError(error, file: source)
        }
        guard case .object = root else {
            throw StringTableError(.invalidValue, file: source, place: SourcePlace(JSONPath()),
                                   message: "expected an object of strings, got \(root.brief)")
        }
        var entries: [StringTable.Entry] = []
        // Only the keys are remembered for finding clashes; where the earlier one came
        // from is looked up again when there is one (a path per key would cost more
        // memory than the table itself).
        var seen: Set<String> = []
        var path = JSONPath()
        try flatten(root, prefix: nil, path: &path, into: &entries, seen: &seen, root: root)
        if let keeping { entries.removeAll { !keeping($0.key) } }
        return entries
    }

    private func flatten(
        _ value: JSONValue, prefix: String?, path: inout JSONPath,
        into entries: inout [StringTable.Entry], seen: inout Set<String>, root: JSONValue
    ) throws(StringTableError) {
        switch value {
        case .object(let members):
            for member in members {
                let key = prefix.map { $0 + "." + member.key } ?? member.key
                path.components.append(.key(member.key))
                try flatten(member.value, prefix: key, path: &path, into: &entries, seen: &seen, root: root)
                path.components.removeLast()
            }
        case .string(let text):
            // Only the root is an object without a prefix, and it never reaches here.
            let key = prefix ?? ""
            if !seen.insert(key).inserted {
                let earlier = Self.firstPath(of: key, in: root).map { " at \($0)" } ?? ""
                throw StringTableError(
                    .duplicateKey, file: source, place: SourcePlace(path),
                    message: "key \(JSONValue.quoted(key)) is already defined\(earlier)")
            }
            entries.append(StringTable.Entry(key: key, value: text))
        default:
            throw StringTableError(.invalidValue, file: source, place: SourcePlace(path),
                                   message: "expected a string or an object, got \(value.brief)")
        }
    }

    /// Where the first string with the flattened `key` sits.
    private static func firstPath(of key: String, in value: JSONValue, prefix: String? = nil,
                                  path: JSONPath = JSONPath()) -> JSONPath? {
        switch value {
        case .object(let members):
            for member in members {
                let flattened = prefix.map { $0 + "." + member.key } ?? member.key
                if let found = firstPath(of: key, in: member.value, prefix: flattened, path: path.appending(member.key)) {
                    return found
                }
            }
            return nil
        case .string:
            return prefix == key ? path : nil
        default:
            return nil
        }
    }
}

extension JSONTableParser: StringTableReader {
    static let format = StringTableFormat.json

    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        // Filtered as it streams: a table of a million keys holds only those kept.
        .single(TableContent(entries: try entries(from: data, keeping: keeping)))
    }

    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? {
        streamedEntries(contentsOf: path, keeping: keeping, chunkSize: chunkSize).map { .single(TableContent(entries: $0)) }
    }

    func readRefusedStream(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        // Not through a second one-pass read: the file's stream was refused already.
        .single(TableContent(entries: try wholeDocumentEntries(data, keeping: keeping)))
    }
}
