import Foundation
import Testing
import TestSupport
@testable import LabelBatch
import StyledText

/// The fast manifest reader must read what `JSONDecoder` reads, and take nothing it would
/// refuse: which of the two read a manifest must never change what a run keeps.
@Suite("Manifest reader")
struct ManifestReaderTests {
    /// Text that needs escaping in JSON: quotes, backslashes, controls, slashes,
    /// characters beyond the BMP and right-to-left text.
    static let awkward = ["Score", "say \"hi\"", "back\\slash", "tab\there\nnewline", "a/b", "ÄÖü ß",
                          "😀 emoji 👩‍👩‍👧", "مرحبا بالعالم", "\u{1}\u{1F}", "", "日本語のテキスト…"]

    static func manifest(_ random: inout SplitMix64) -> Manifest {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        func maybe<T>(_ value: @autoclosure () -> T) -> T? { random.next() % 2 == 0 ? value() : nil }
        func number() -> Double { pick([0, 1, 16, 34.125, 47.875, 1e-3, 123456.789, 0.1, 2.5e10]) }
        func ints() -> [Int] { (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 5000) - 100 } }
        func image() -> Manifest.Image {
            Manifest.Image(scale: pick([1, 2, 3, 1.5]), file: pick(awkward) + ".png",
                           width: Int(random.next() % 3000), height: Int(random.next() % 3000),
                           boxOrigin: ints(), baselines: ints(), hash: ContentHash.hex(random.next()),
                           atlas: maybe(Manifest.AtlasFrame(sheet: "atlas-0@2x.png", frame: ints(), offset: ints())))
        }
        func label() -> Manifest.Label {
            Manifest.Label(key: pick(awkward) + String(random.next() % 100), text: pick(awkward),
                           fontSize: number(), requestedFontSize: number(), fit: pick(["fits", "shrunk", "truncated"]),
                           truncated: random.next() % 2 == 0, lines: (0..<Int(random.next() % 3)).map { _ in pick(awkward) },
                           box: Manifest.Size(width: number(), height: number()),
                           missingCharacters: maybe(["U+0E3F"]), fallbackFonts: maybe([pick(awkward)]),
                           images: (0..<Int(random.next() % 3)).map { _ in image() },
                           fontFiles: maybe(["NotoSans-Bold.ttf", pick(awkward)]),
                           inputHash: maybe(ContentHash.hex(random.next())))
        }
        let sheet = Manifest.Sheet(scale: 2, image: "atlas-0@2x.png", data: "atlas-0@2x.json", width: 1024,
                                   height: 512, hash: ContentHash.hex(random.next()))
        return Manifest(tool: "labelgen 0.2.0", locale: pick(["de", "ar", "zh-Hans"]), style: pick(awkward),
                        fonts: maybe([Manifest.Font(file: "NotoSans-Bold.ttf", family: pick(awkward), hash: "0123456789abcdef")]),
                        inputs: maybe(Manifest.Inputs(hash: ContentHash.hex(random.next()), labels: Int(random.next() % 9999))),
                        labels: (0..<Int(random.next() % 6)).map { _ in label() },
                        atlas: maybe(Manifest.Atlas(maximumSide: 2048, padding: 2, extrusion: 1, sheets: [sheet])))
    }

    @Test("reads every manifest labelgen writes exactly as JSONDecoder does")
    func roundTrip() throws {
        var random = SplitMix64(seed: 21)
        for _ in 0..<300 {
            let original = Self.manifest(&random)
            let data = try JSONFile.encode(original)
            let read = try ManifestReader.read(data)
            #expect(read == original)
            #expect(read == (try JSONDecoder().decode(Manifest.self, from: data)))
        }
    }

    @Test("reads compact JSON, escapes JSONEncoder never writes, and keys it does not know")
    func otherSpellings() throws {
        let json = #"""
        {"tool":"labelgen 0.2.0","locale":"de","style":"s\u00e9\/x \ud83d\ude00","future":{"a":[1,2.5e3,null,true]},
         "labels":[{"key":"k","text":"T","fontSize":3.2E1,"requestedFontSize":-0.5,"fit":"fits","truncated":false,
         "lines":[],"box":{"width":1,"height":2},"images":[],"inputHash":null,"fontFiles":null}],"fonts":null}
        """#
        let read = try ManifestReader.read(Data(json.utf8))
        #expect(read == (try JSONDecoder().decode(Manifest.self, from: Data(json.utf8))))
        #expect(read.style == "sé/x 😀")
        #expect(read.labels.first?.fontSize == 32)
    }

    /// Every prefix of a manifest, and the manifest with single bytes changed: wherever
    /// the fast reader takes a document, JSONDecoder takes it too and reads the same.
    @Test("takes nothing JSONDecoder refuses, and reads what it takes the same way")
    func neverDisagrees() throws {
        var random = SplitMix64(seed: 5)
        var original = Self.manifest(&random)
        while original.labels.isEmpty || original.labels[0].images.isEmpty { original = Self.manifest(&random) }
        let bytes = [UInt8](try JSONFile.encode(original))
        var candidates: [[UInt8]] = (0..<bytes.count).map { Array(bytes[..<$0]) }
        let replacements = Array("\"\\{}[],:0-.e9 tnu".utf8) + [0x01, 0xFF]
        for offset in stride(from: 0, to: bytes.count, by: 3) {
            var changed = bytes
            changed[offset] = replacements[offset % replacements.count]
            candidates.append(changed)
        }
        // Spellings the fast reader leaves to JSONDecoder or that are wrong for their field.
        let text = String(decoding: bytes, as: UTF8.self)
        for (from, to) in [("\"tool\" : ", "\"tool\" : \"first\", \"tool\" : "),  // JSONDecoder keeps the first
                           ("\"height\" : ", "\"height\" : 2.0, \"h\" : "),  // an Int JSONDecoder takes
                           ("\"height\" : ", "\"height\" : 2e1, \"h\" : "),
                           ("\"truncated\" : ", "\"truncated\" : 0, \"x\" : "),
                           ("\"baselines\" : ", "\"baselines\" : 01, \"x\" : "),
                           ("\"fontSize\" : ", "\"fontSize\" : 1e400, \"x\" : ")] {
            candidates.append(Array(text.replacingOccurrences(of: from, with: to).utf8))
        }
        var taken = 0
        for candidate in candidates {
            guard let fast = try? ManifestReader.read(Data(candidate)) else { continue }
            taken += 1
            let slow = try? JSONDecoder().decode(Manifest.self, from: Data(candidate))
            #expect(slow == fast, "\(String(decoding: candidate, as: UTF8.self))")
        }
        #expect(taken > 1, "the original and some harmless changes (white space) are taken")
    }

    /// labelgen never writes these; a manifest it cannot read only costs a full redraw.
    @Test("a manifest with an unusual spelling or a field given twice is refused, saying where")
    func refuses() throws {
        let json = #"{"tool":"t","locale":"de","style":"s","labels":[{"key":"k","text":"T","fontSize":1,"#
            + #""requestedFontSize":1,"fit":"fits","truncated":false,"lines":[],"box":{"width":1,"height":2},"#
            + #""images":[{"scale":1,"file":"k.png","width":4.0,"height":2,"boxOrigin":[0,0],"baselines":[],"hash":"h"}]}]}"#
        #expect(throws: JSONSyntaxError.self) { try ManifestReader.read(Data(json.utf8)) }
        #expect(ManifestReader.decode(Data(json.utf8)) == nil)
        #expect(ManifestReader.decode(Data("{".utf8)) == nil)
        let twice = "{\"tool\": \"t\",\n \"tool\": \"u\", \"locale\": \"de\", \"style\": \"s\", \"labels\": []}"
        #expect(throws: JSONSyntaxError(.duplicateKey, line: 2, column: 2, message: "duplicate key \"tool\" in the same object")) {
            try ManifestReader.read(Data(twice.utf8))
        }
        let missing = #"{"tool": "t", "locale": "de", "labels": []}"#
        #expect(throws: JSONSyntaxError(.syntax, line: 1, column: 43, message: "missing \"style\"")) {
            try ManifestReader.read(Data(missing.utf8))
        }
    }

    /// A manifest is read from the output folder, which another program may have written.
    @Test("nesting too deep under a field it does not know is refused, not followed down the stack")
    func deepNesting() {
        let deep = #"{"tool": "t", "locale": "de", "style": "s", "labels": [], "x": "# + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: JSONSyntaxError.self) { try ManifestReader.read(Data(deep.utf8)) }
    }

    @Test("hashes are written as sixteen lowercase hex digits")
    func hexDigits() {
        var random = SplitMix64(seed: 9)
        for value in [0, 1, 0xF, 0xABCDEF, UInt64.max, 1 << 63] + (0..<100).map({ _ in random.next() }) {
            #expect(ContentHash.hex(value) == String(format: "%016llx", value))
        }
    }
}
