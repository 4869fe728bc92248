@testable import LabelLayout
import Testing

@Suite("Cut measure")
struct CutMeasureTests {
    /// ICU reports UTF-16 offsets; each must map back to the scalar it starts, also after
    /// characters outside the BMP (emoji, skin tones), which take two code units.
    @Test("the UTF-16 of a cut's window maps back to its scalars past surrogate pairs")
    func utf16MapsBackToScalars() {
        let text = "a👍🏿…b 😀c"
        let scalars = text.unicodeScalars.map(\.value)
        let (utf16, scalarAt) = CutMeasure.utf16(of: scalars)
        #expect(utf16 == Array(text.utf16))
        #expect(scalarAt.count == utf16.count + 1)
        var expected: [Int] = []
        for (index, scalar) in text.unicodeScalars.enumerated() {
            expected.append(index)
            if scalar.value > 0xFFFF { expected.append(-1) }
        }
        expected.append(-1)
        #expect(scalarAt == expected)
        // A value that is no scalar (a lone surrogate) stands as U+FFFD.
        #expect(CutMeasure.utf16(of: [0x61, 0xD800, 0x62]).utf16 == [0x61, 0xFFFD, 0x62])
    }
}
