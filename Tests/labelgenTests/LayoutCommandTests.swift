import Foundation
import Testing

@Suite("labelgen layout")
struct LayoutCommandTests {
    @Test("prints lines in logical and visual order, with runs and glyphs, as JSON")
    func dump() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(["font": ["family": "Noto Sans", "size": 24], "box": ["width": 200], "wrap": "word"], to: "style.json")
        let result = try await CLI.run(["layout", "שלום abc 12 עולם", "--style", tmp("style.json").path, "--locale", "he"])
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["fontSize"] as? Double == 24)
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        #expect(lines[0]["text"] as? String == "שלום abc 12 עולם")
        // A right-to-left paragraph: the last Hebrew word is leftmost; "abc 12" is one
        // left-to-right run (digits after Latin letters take their direction, UAX #9 W7).
        #expect(lines[0]["visualText"] as? String == "םלוע abc 12 םולש")
        #expect(lines[0]["rightToLeft"] as? Bool == true)
        let runs = try #require(lines[0]["runs"] as? [[String: Any]])
        #expect(runs.contains { $0["font"] as? String == "Noto Sans Hebrew" })
        let glyphs = runs.flatMap { ($0["glyphs"] as? [[Double]]) ?? [] }
        #expect(glyphs.allSatisfy { $0.count == 4 })
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0[1] <= $1[1] + 1e-9 }, "glyphs run left to right")

        let bad = try await CLI.run(["layout", "x", "--style", tmp("missing.json").path])
        #expect(bad.status == 2 && bad.stderr.contains("missing.json"), "\(bad)")
    }
}
