import Foundation

/// Reads JSON string tables: `{"title": "Titel", "menu": {"play": "Spielen"}}` gives
/// the keys `title` and `menu.play`, in file order.
struct JSONTableParser {
    let source: String

    func entries(from data: Data) throws(StringTableError) -> [StringTable.Entry] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw StringTableError(file: source, place: error.place, message: error.message)
        }
        guard case .object = root else {
            throw StringTableError(file: source, place: "$",
                                   message: "expected an object of strings, got \(root.brief)")
        }
        var entries: [StringTable.Entry] = []
        // Where each flattened key came from, so a clash can name both places.
        var origins: [String: JSONPath] = [:]
        try flatten(root, prefix: nil, path: JSONPath(), into: &entries, origins: &origins)
        return entries
    }

    private func flatten(
        _ value: JSONValue, prefix: String?, path: JSONPath,
        into entries: inout [StringTable.Entry], origins: inout [String: JSONPath]
    ) throws(StringTableError) {
        switch value {
        case .object(let members):
            for member in members {
                let key = prefix.map { $0 + "." + member.key } ?? member.key
                try flatten(member.value, prefix: key, path: path.appending(member.key),
                            into: &entries, origins: &origins)
            }
        case .string(let text):
            // Only the root is an object without a prefix, and it never reaches here.
            let key = prefix ?? ""
            if let earlier = origins[key] {
                throw StringTableError(
                    file: source, place: path.description,
                    message: "key \(JSONValue.quoted(key)) is already defined at \(earlier)")
            }
            origins[key] = path
            entries.append(StringTable.Entry(key: key, value: text))
        default:
            throw StringTableError(file: source, place: path.description,
                                   message: "expected a string or an object, got \(value.brief)")
        }
    }
}
