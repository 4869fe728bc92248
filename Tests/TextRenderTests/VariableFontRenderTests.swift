import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

@Suite("Rendering variable fonts")
struct VariableFontRenderTests {
    private func inter(wght: Double?) throws -> (layout: TextLayout, image: RGBAImage) {
        let layout = try label("Score 1234", size: 48, box: nil) { style in
            style.font.family = "Inter"
            style.font.weight = 400
            if let wght { style.font.variations = ["wght": wght] }
        }
        return (layout, try Renderer().render(layout).image)
    }

    @Test("a heavier wght draws more ink, and the drawn ink spans what the layout measured")
    func heavierInk() throws {
        let regular = try inter(wght: nil)
        let black = try inter(wght: 900)
        func coverage(_ image: RGBAImage) -> Int {
            stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) }
        }
        #expect(Double(coverage(black.image)) > 1.4 * Double(coverage(regular.image)))
        for (layout, image) in [regular, black] {
            // Outlines are drawn at the same axis values the layout measured.
            let ink = try #require(image.inkBounds(threshold: 32))
            #expect(abs(Double(ink.minX) - layout.inkBounds.minX) <= 2)
            #expect(abs(Double(ink.maxX + 1) - layout.inkBounds.maxX) <= 2)
        }
        #expect(black.image.width > regular.image.width)
    }
}
