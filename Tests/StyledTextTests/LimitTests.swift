import Foundation
import Testing
@testable import StyledText

@Suite("Style limits")
struct StyleLimitTests {
    struct Case: Sendable, CustomStringConvertible {
        var json: String
        /// Texts the error must contain: the path, what was found, the limit.
        var mentions: [String]
        var description: String { json }
    }

    static let cases: [Case] = [
        Case(json: #"{"font": {"size": 48000}}"#, mentions: ["$.font.size", "48000", "font size limit of 2000"]),
        Case(json: #"{"font": {"size": 48, "minSize": 3000}}"#, mentions: ["$.font.minSize", "3000", "2000"]),
        Case(json: #"{"font": {"size": 48}, "stroke": {"width": 1001}}"#, mentions: ["$.stroke.width", "1001", "1000"]),
        Case(json: #"{"font": {"size": 48}, "shadows": [{"blur": 5000}]}"#,
             mentions: ["$.shadows[0].blur", "5000", "blur radius limit of 1000"]),
        Case(json: #"{"font": {"size": 48}, "shadows": [{"spread": 5000}]}"#, mentions: ["$.shadows[0].spread", "5000"]),
        Case(json: #"{"font": {"size": 48}, "shadows": [{"offset": [0, -20000]}]}"#,
             mentions: ["$.shadows[0].offset[1]", "-20000", "±16384"]),
        Case(json: #"{"font": {"size": 48}, "shadows": [\#(Array(repeating: "{}", count: 17).joined(separator: ","))]}"#,
             mentions: ["$.shadows", "17 shadows", "limit of 16"]),
        Case(json: #"{"font": {"size": 48}, "box": {"width": 100000}}"#, mentions: ["$.box.width", "100000", "16384"]),
        Case(json: #"{"font": {"size": 48}, "box": {"width": 100, "height": 1e300}}"#, mentions: ["$.box.height", "16384"]),
        Case(json: #"{"font": {"size": 48}, "maxLines": 5000}"#, mentions: ["$.maxLines", "5000", "0 to 1000"]),
        Case(json: #"{"font": {"size": 48}, "scales": [1, 16]}"#, mentions: ["$.scales[1]", "16", "scale limit of 8"]),
        Case(json: #"{"font": {"size": 48}, "tracking": -1e9}"#, mentions: ["$.tracking", "16384"]),
        Case(json: #"{"font": {"size": 48}, "lineHeight": 1000}"#, mentions: ["$.lineHeight", "1000", "100"]),
        Case(json: #"{"font": {"size": 48}, "keys": {"big": {"font": {"size": 1e6}}}}"#,
             mentions: ["$.keys.big.font.size", "2000"]),
    ]

    @Test("absurd sizes are refused with their JSON path, the value and the limit", arguments: cases)
    func refused(_ example: Case) throws {
        let message = try #require(loadError(example.json), "accepted: \(example.json)")
        for text in example.mentions {
            #expect(message.contains(text), "\(message) does not mention \(text)")
        }
    }

    @Test("values at the limits are accepted")
    func atTheLimits() throws {
        let loaded = try sheet("""
            {"font": {"size": 2000, "minSize": 2000}, "stroke": {"width": 1000},
             "shadows": [\(Array(repeating: #"{"blur": 1000, "spread": 1000, "offset": [16384, -16384]}"#, count: 16)
                .joined(separator: ","))],
             "box": {"width": 16384, "height": 16384}, "maxLines": 1000, "scales": [8], "tracking": -16384}
            """)
        let style = try loaded.style(forKey: "any", locale: "en")
        #expect(style.font.size == 2000)
        #expect(style.shadows.count == 16)
    }

    @Test("a limit message gives both sizes of an image and the megapixels over")
    func excessMessage() {
        #expect(Limits.excess("x", width: 100, height: 100, side: 16384, pixels: 64 << 20) == nil)
        let side = Limits.excess("the label image", width: 20000, height: 10, side: 16384, pixels: 64 << 20)
        #expect(side == "the label image would be 20000x10 pixels; at most 16384 on a side is allowed")
        let area = Limits.excess("the label image", width: 16384, height: 8192, side: 16384, pixels: 64 << 20)
        #expect(area == "the label image would be 16384x8192 pixels (128 Mpixel); at most 64 Mpixel is allowed")
        #expect(Limits.excess("x", width: .infinity, height: 1, side: 16384, pixels: 64 << 20) != nil)
    }
}
