import Foundation

/// Unicode's own conformance files, as Debian's `unicode-data` installs them (Unicode
/// 15.0 on Debian 12, the version of the ICU and FriBidi there). `scripts/ensure-deps.sh`
/// installs the package; on a machine without it the tests that read them are skipped.
enum UnicodeTestFiles {
    static let bidiCharacterTest = "/usr/share/unicode/BidiCharacterTest.txt"
    static let graphemeBreakTest = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"
    static let derivedCoreProperties = "/usr/share/unicode/DerivedCoreProperties.txt"
    static let propList = "/usr/share/unicode/PropList.txt"

    static func exists(_ path: String) -> Bool { FileManager.default.isReadableFile(atPath: path) }

    /// Whether to run every case of the files (`LABELGEN_CONFORMANCE=full`, as
    /// `make conformance` does) rather than the fixed sample `make test` runs.
    static var isFull: Bool { ProcessInfo.processInfo.environment["LABELGEN_CONFORMANCE"] == "full" }

    /// Every line of a file, split into its data and its comment (after "#"), the blanks
    /// after the data removed. The bytes are scanned by hand: the files are ASCII but for
    /// GraphemeBreakTest's ÷ and × marks, and cutting BidiCharacterTest's 7 MB into
    /// Characters, or even into UTF-8 slices, took seconds in a debug build.
    static func lines(_ path: String) throws -> [(data: String, comment: String)] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var lines: [(data: String, comment: String)] = []
        bytes.withUnsafeBufferPointer { buffer in
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }
            var start = 0
            while start <= buffer.count {
                var end = start
                while end < buffer.count && buffer[end] != 0x0A { end += 1 }
                var hash = start
                while hash < end && buffer[hash] != 0x23 { hash += 1 }  // "#"
                var dataEnd = hash
                while dataEnd > start && (buffer[dataEnd - 1] == 0x20 || buffer[dataEnd - 1] == 0x09) { dataEnd -= 1 }
                lines.append((text(start..<dataEnd), text(min(hash + 1, end)..<end)))
                start = end + 1
            }
        }
        return lines
    }

    /// Scalars written as space-separated hexadecimal code points ("05D0 0020 0028").
    static func scalars<S: StringProtocol>(_ field: S) -> [Unicode.Scalar] {
        field.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
    }

    static func hex(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map { String(format: "%04X", $0.value) }.joined(separator: " ")
    }

    /// The code points a property file gives `property`: lines such as
    /// `200B..200F    ; Default_Ignorable_Code_Point # Cf   [5] ...`.
    static func codePoints(with property: String, in path: String) throws -> Set<UInt32> {
        var result = Set<UInt32>()
        for line in try lines(path) {
            let fields = line.data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2, fields[1] == property else { continue }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt32($0, radix: 16) }
            guard let first = bounds.first, let last = bounds.last else { continue }
            for value in first...last { result.insert(value) }
        }
        return result
    }
}
