import Foundation
import StyledText

/// Draws the extrusion: the outlined glyphs moved step by step to the end of the sweep,
/// a pixel or less apart, so the copies join into solid sides. Each pixel takes the
/// largest coverage of any step (adding them would harden the edges that run along the
/// sweep) and, with a gradient, the colour of the nearest step that covers it, as the
/// sides nearer the front hide those behind.
struct ExtrudeLayer: TextLayer {
    static let stage = LayerStage.behind
    static let readsOutlined = true
    let extrude: Extrude

    init?(style: LabelStyle) {
        guard let extrude = style.extrude, extrude.paints else { return nil }
        self.extrude = extrude
    }

    func draw(on context: CairoContext, masks: LabelMasks, ownsOutlined: Bool) throws(RenderError) {
        guard let grown = masks.outlinedRegion else { return }
        let canvas = masks.canvas
        let shape = masks.outlined ?? masks.silhouette
        let end = extrude.sweep
        let (dx, dy) = (end.x * canvas.scale, end.y * canvas.scale)
        // A sweep longer than the canvas leaves it: more steps would draw nothing new.
        let length = min((dx * dx + dy * dy).squareRoot(), Double(canvas.width + canvas.height))
        let steps = max(1, Int(length.rounded(.up)))
        // The pixels the outlined glyphs can cover anywhere along the sweep.
        let x0 = max(0, min(grown.x0, grown.x0 + Int(dx.rounded(.down))))
        let y0 = max(0, min(grown.y0, grown.y0 + Int(dy.rounded(.down))))
        let x1 = min(canvas.width, max(grown.x1, grown.x1 + Int(dx.rounded(.up))))
        let y1 = min(canvas.height, max(grown.y1, grown.y1 + Int(dy.rounded(.up))))
        guard x0 < x1, y0 < y1 else { return }
        let width = x1 - x0

        let coverage = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let step = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let stepContext = CairoContext(step)
        stepContext.setSource(Color(red: 0, green: 0, blue: 0))
        // Where along the sweep each pixel's colour comes from, 0 at the front, 1 at the back.
        var depthAt = extrude.gradient == nil ? [] : [Float](repeating: 0, count: width * (y1 - y0))
        for index in stride(from: steps, through: 1, by: -1) {
            let fraction = Double(index) / Double(steps)
            step.withPixels { data, stride in
                for y in y0..<y1 { (data + y * stride + x0).update(repeating: 0, count: width) }
            }
            stepContext.mask(shape, x: dx * fraction, y: dy * fraction)
            try stepContext.check("drawing the extrusion")
            coverage.withPixels { out, stride in
                step.withPixels { data, _ in
                    for y in y0..<y1 {
                        let row = y * stride
                        for x in x0..<x1 {
                            let c = data[row + x]
                            guard c > 0 else { continue }
                            if c > out[row + x] { out[row + x] = c }
                            if !depthAt.isEmpty {
                                // The nearer step covers the farther in proportion to its coverage.
                                let here = (y - y0) * width + x - x0
                                depthAt[here] += (Float(fraction) - depthAt[here]) * Float(c) / 255
                            }
                        }
                    }
                }
            }
        }
        if let gradient = extrude.gradient {
            try paint(gradient, coverage: coverage, depthAt: depthAt, region: (x0, y0, x1, y1), on: context)
        } else {
            context.setSource(extrude.color)
            context.mask(coverage, x: 0, y: 0)
        }
        try context.check("drawing the extrusion")
    }

    /// Paints each pixel of `coverage` in the gradient's colour at its depth along the sweep.
    private func paint(_ gradient: Gradient, coverage: CairoSurface, depthAt: [Float],
                       region: (x0: Int, y0: Int, x1: Int, y1: Int), on context: CairoContext) throws(RenderError) {
        let colors = gradient.colors
        let locations = gradient.locations.count == colors.count
            ? gradient.locations
            : colors.indices.map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
        // 256 shades along the sweep, premultiplied, in Cairo's byte order (B, G, R, A).
        let shades: [(b: Float, g: Float, r: Float, a: Float)] = (0...255).map { level in
            let t = Double(level) / 255
            let upper = locations.firstIndex { $0 >= t } ?? colors.count - 1
            let lower = max(0, upper - 1)
            let span = locations[upper] - locations[lower]
            let w = upper == lower || span <= 0 ? 1 : min(1, max(0, (t - locations[lower]) / span))
            let (from, to) = (colors[lower], colors[upper])
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * w }
            let alpha = mix(from.alpha, to.alpha)
            return (Float(mix(from.blue, to.blue) * alpha), Float(mix(from.green, to.green) * alpha),
                    Float(mix(from.red, to.red) * alpha), Float(alpha))
        }
        let width = region.x1 - region.x0
        let sides = try CairoSurface(width: coverage.width, height: coverage.height, format: .argb)
        sides.withPixels { out, stride in
            coverage.withPixels { covered, alphaStride in
                for y in region.y0..<region.y1 {
                    for x in region.x0..<region.x1 {
                        let c = Float(covered[y * alphaStride + x]) / 255
                        guard c > 0 else { continue }
                        let shade = shades[Int((depthAt[(y - region.y0) * width + x - region.x0] * 255).rounded())]
                        let pixel = out + y * stride + 4 * x
                        pixel[0] = UInt8((shade.b * c * 255).rounded())
                        pixel[1] = UInt8((shade.g * c * 255).rounded())
                        pixel[2] = UInt8((shade.r * c * 255).rounded())
                        pixel[3] = UInt8((shade.a * c * 255).rounded())
                    }
                }
            }
        }
        context.setSource(sides, x: 0, y: 0)
        context.paint()
    }
}
