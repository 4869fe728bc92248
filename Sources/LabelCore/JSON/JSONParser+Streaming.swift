import Foundation

/// Reading string tables and String Catalogs in one pass, a chunk of the file at a time,
/// so memory does not grow with the file.
extension JSONParser {
    /// Reads a string table (an object of strings and nested objects) without building
    /// the document: `visit` gets each string with its dotted key (`menu.play`), in
    /// document order, and returns false to stop.
    ///
    /// - Returns: false when `visit` stopped, the document is not such a table, or it is
    ///   not valid JSON; the caller then parses it whole for the precise message.
    package static func streamStrings(_ data: Data, _ visit: (String, String) -> Bool) -> Bool {
        (try? withParser(data) { (parser: inout JSONParser) throws(JSONSyntaxError) -> Bool in
            try parser.streamTable(visit)
        }) ?? false
    }

    /// ``streamStrings(_:_:)`` for a file read a chunk at a time, so memory does not grow
    /// with the file. Also false when the file cannot be read.
    package static func streamStrings(_ file: ChunkedFile, _ visit: (String, String) -> Bool) -> Bool {
        guard let first = file.next() else { return false }
        var parser = JSONParser(bytes: first)
        parser.file = file
        let valid = (try? parser.streamTable(visit)) ?? false
        return valid && !file.failed
    }

    private mutating func streamTable(_ visit: (String, String) -> Bool) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        // Numbers, literals and arrays are never read while streaming: they end the
        // stream here, so nothing ever looks back past the current chunk.
        guard peek() == UInt8(ascii: "{"), try streamObject(prefix: nil, visit) else { return false }
        try expectEnd()
        return true
    }

    private mutating func streamObject(prefix: String?, _ visit: (String, String) -> Bool) throws(JSONSyntaxError) -> Bool {
        try walkObject { (parser: inout JSONParser, name: String, _: Int) throws(JSONSyntaxError) -> Bool in
            let key = prefix.map { $0 + "." + name } ?? name
            switch parser.peek() {
            case UInt8(ascii: "{"): return try parser.streamObject(prefix: key, visit)
            case UInt8(ascii: "\""): return visit(key, try parser.parseString())
            default: return false
            }
        }
    }

    /// Reads a document whose root is an object without building it whole: `visit`
    /// gets each member of the root's object named `expanded` in turn, its value built,
    /// with `true`, and every other member of the root, with `false`; it returns false
    /// to stop. Made for files with one large object of small values, as a String
    /// Catalog's `strings`.
    ///
    /// - Returns: false when `visit` stopped, the root is not an object, `expanded` is
    ///   not an object or names a member twice (told apart by hashes, so perhaps two
    ///   that only share one), the document is not valid JSON, or the file cannot be
    ///   read; the caller then parses it whole for the precise message.
    package static func streamMembers(_ file: ChunkedFile, expanding expanded: String,
                                      _ visit: (_ isExpanded: Bool, _ name: String, _ value: JSONValue) -> Bool) -> Bool {
        guard let first = file.next() else { return false }
        var parser = JSONParser(bytes: first)
        parser.file = file
        let valid = (try? parser.streamRoot(expanding: expanded, visit)) ?? false
        return valid && !file.failed
    }

    private mutating func streamRoot(
        expanding expanded: String, _ visit: (Bool, String, JSONValue) -> Bool
    ) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { return false }
        var names: Set<String> = []
        let complete = try walkObject { (parser: inout JSONParser, name: String, _: Int) throws(JSONSyntaxError) -> Bool in
            guard names.insert(name).inserted else { return false }
            guard name == expanded else { return visit(false, name, try parser.parseValue()) }
            guard parser.peek() == UInt8(ascii: "{") else { return false }
            // One hash per member rather than its name, half the memory.
            var hashes: Set<Int> = []
            return try parser.walkObject { (parser: inout JSONParser, member: String, _: Int) throws(JSONSyntaxError) -> Bool in
                guard hashes.insert(member.hashValue).inserted else { return false }
                return visit(true, member, try parser.parseValue())
            }
        }
        guard complete else { return false }
        try expectEnd()
        return true
    }
}
