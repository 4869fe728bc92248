@testable import TextRender
import Testing

@Suite("Line gradient bands")
struct FillBandTests {
    @Test("a line whose ink lies off the canvas has no band, and does not trap")
    func lineOffCanvas() {
        let inside = (top: 10.0, bottom: 30.0, left: 0.0, right: 50.0)
        let below = (top: 95.0, bottom: 140.0, left: 0.0, right: 50.0)
        let above = (top: -60.0, bottom: -20.0, left: 0.0, right: 50.0)
        let bands = FillLayer.separateBands([above, inside, below], height: 80)
        #expect(bands?.count == 3)
        #expect(bands?[0] == nil && bands?[2] == nil)
        #expect(bands?[1] == 9..<31)
    }
}
