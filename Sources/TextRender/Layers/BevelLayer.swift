import Foundation
import StyledText

/// Lights the glyphs as if raised from the page (Photoshop's inner bevel, "Smooth"): the
/// glyphs' coverage, blurred over the bevel's size, is taken as their height, so it rises
/// from the edge inward and is flat in wide interiors. Each pixel's slope, lit from the
/// bevel's angle and altitude, is compared with a flat surface's: brighter slopes get
/// the highlight colour, darker ones the shadow colour, in proportion, inside the glyphs.
struct BevelLayer: TextLayer {
    static let stage = LayerStage.inside
    let bevel: Bevel

    init?(style: LabelStyle) {
        guard let bevel = style.bevel else { return nil }
        self.bevel = bevel
    }

    func draw(on context: CairoContext, masks: LabelMasks, ownsOutlined: Bool) throws(RenderError) {
        guard let inkRegion = masks.inkRegion else { return }
        let (highlight, shadow) = try lighting(canvas: masks.canvas, fill: masks.fill, inkRegion: inkRegion)
        if bevel.shadow.alpha > 0 {
            context.setSource(bevel.shadow)
            context.mask(shadow, x: 0, y: 0)
        }
        if bevel.highlight.alpha > 0 {
            context.setSource(bevel.highlight)
            context.mask(highlight, x: 0, y: 0)
        }
        try context.check("drawing the bevel")
    }

    /// How strongly each pixel takes the highlight and the shadow colour, 0 to 255.
    /// - Parameter fill: The glyphs' coverage, which clips the lighting.
    func lighting(canvas: Canvas, fill: CairoSurface, inkRegion: PixelRegion) throws(RenderError)
        -> (highlight: CairoSurface, shadow: CairoSurface) {
        let sigma = max(0.5, bevel.size * canvas.scale / 2)
        let highlight = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let shadow = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        // The light's direction, towards the light: y grows downward on the canvas.
        let azimuth = bevel.angle * .pi / 180, altitude = min(90, max(0, bevel.altitude)) * .pi / 180
        let light = (x: Float(cos(altitude) * cos(azimuth)), y: Float(-cos(altitude) * sin(azimuth)), z: Float(sin(altitude)))
        let flat = light.z
        // The steepest slope of a blurred edge is 1 / (sigma √2π) of full height per
        // pixel; scaled so, depth 1 slopes it at 45°.
        let steepness = Float(bevel.depth * sigma * (2 * Double.pi).squareRoot() / 255)
        let region = inkRegion.outset(by: Int((3 * sigma).rounded(.up)) + 2)
        fill.withPixels { glyphs, stride in
            // Heights in floats: eight bits would quantize wide slopes into visible grain.
            GaussianBlur(sigma: sigma).withBlurred(glyphs, width: canvas.width, height: canvas.height, stride: stride,
                                                   region: (region.x0, region.y0, region.x1, region.y1)) { h, area in
                highlight.withPixels { lit, _ in
                    shadow.withPixels { shaded, _ in
                        for y in 1..<max(1, area.height - 1) {
                            for x in 1..<max(1, area.width - 1) {
                                let offset = (y + area.y) * stride + x + area.x
                                let coverage = Float(glyphs[offset])
                                guard coverage > 0 else { continue }
                                let here = y * area.width + x
                                let gx = (h[here + 1] - h[here - 1]) / 2 * steepness
                                let gy = (h[here + area.width] - h[here - area.width]) / 2 * steepness
                                // The surface normal is (-gx, -gy, 1), normalized.
                                let shade = (-gx * light.x - gy * light.y + light.z) / (gx * gx + gy * gy + 1).squareRoot()
                                let brighter: Float = flat < 1 ? max(0, min(1, (shade - flat) / (1 - flat))) : 0
                                let darker: Float = flat > 0 ? max(0, min(1, (flat - shade) / flat)) : (shade < 0 ? 1 : 0)
                                lit[offset] = UInt8((brighter * coverage).rounded())
                                shaded[offset] = UInt8((darker * coverage).rounded())
                            }
                        }
                    }
                }
            }
        }
        return (highlight, shadow)
    }
}
