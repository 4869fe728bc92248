import Foundation
@testable import LabelLayout
import Testing

/// The character classes the pipeline asks about, held against Unicode's property files
/// for every code point: the standard library answers them, so a toolchain with other
/// Unicode data would show here first.
@Suite("Unicode properties the pipeline uses")
struct UnicodePropertyTests {
    @Test("characters that decide no font: Default_Ignorable_Code_Point, and the tab and line ends",
          .enabled(if: UnicodeTestFiles.exists(UnicodeTestFiles.derivedCoreProperties),
                   "needs \(UnicodeTestFiles.derivedCoreProperties) (Debian package unicode-data)"))
    func defaultIgnorable() throws {
        var expected = try UnicodeTestFiles.codePoints(with: "Default_Ignorable_Code_Point",
                                                      in: UnicodeTestFiles.derivedCoreProperties)
        try #require(expected.count > 4000, "\(expected.count) default ignorables read")
        expected.formUnion([0x09, 0x0A, 0x0D])
        let wrong = (0...UInt32(0x10FFFF)).filter { Itemizer.isDefaultIgnorable($0) != expected.contains($0) }
        #expect(wrong.isEmpty, "differ: \(wrong.prefix(20).map { String($0, radix: 16) })")
    }

    @Test("spaces a line may end in: White_Space but the three no-break spaces",
          .enabled(if: UnicodeTestFiles.exists(UnicodeTestFiles.propList),
                   "needs \(UnicodeTestFiles.propList) (Debian package unicode-data)"))
    func trailingSpace() throws {
        var expected = try UnicodeTestFiles.codePoints(with: "White_Space", in: UnicodeTestFiles.propList)
        try #require(expected.count == 25, "\(expected.count) white space characters read")
        expected.subtract([0xA0, 0x2007, 0x202F])
        let wrong = (0...UInt32(0x10FFFF)).filter { LineBreaker.isTrailingSpace($0) != expected.contains($0) }
        #expect(wrong.isEmpty, "differ: \(wrong.map { String($0, radix: 16) })")
    }
}
