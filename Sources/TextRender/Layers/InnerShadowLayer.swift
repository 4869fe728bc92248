import StyledText

/// Draws the shadows cast inside the glyphs, over their fill: for each, the glyphs shrunk
/// by its spread (Photoshop's "choke") and moved by its offset are blurred as a drop
/// shadow is, and what they leave uncovered inside the glyphs is painted in the shadow's
/// colour. The shadow never leaves the glyphs: its coverage is multiplied by theirs.
/// With offset (0, 0) it lines every edge evenly, which is an inner glow.
struct InnerShadowLayer: TextLayer {
    static let stage = LayerStage.inside
    let shadows: [Shadow]

    init?(style: LabelStyle) {
        guard !style.innerShadows.isEmpty else { return nil }
        shadows = style.innerShadows
    }

    /// Draws the shadows, the first on top as drop shadows are.
    func draw(on context: CairoContext, masks: LabelMasks, ownsOutlined: Bool) throws(RenderError) {
        guard let inkRegion = masks.inkRegion else { return }
        let caster = Caster(canvas: masks.canvas, paths: masks.paths, fill: masks.fill, inkRegion: inkRegion)
        for shadow in shadows.reversed() where shadow.paints {
            context.setSource(shadow.color)
            context.mask(try caster.coverage(of: shadow), x: 0, y: 0)
        }
        try context.check("drawing inner shadows")
    }
}

/// The glyphs moved and blurred as one inner shadow casts them.
private struct Caster {
    let canvas: Canvas
    let paths: GlyphPaths
    /// The glyphs' coverage, which clips every inner shadow.
    let fill: CairoSurface
    let inkRegion: PixelRegion

    /// Where `shadow` darkens the glyphs, from 0 to 255.
    func coverage(of shadow: Shadow) throws(RenderError) -> CairoSurface {
        let scale = canvas.scale
        let (dx, dy) = (shadow.offsetX * scale, shadow.offsetY * scale)
        let sigma = max(0, shadow.blur) / 2 * scale
        let caster = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let context = CairoContext(caster)
        context.setSource(Color(red: 0, green: 0, blue: 0))
        context.mask(try shrunk(by: max(0, shadow.spread) * scale), x: dx, y: dy)
        try context.check("moving the glyphs for an inner shadow")

        let reach = Int((3 * sigma + abs(dx) + abs(dy)).rounded(.up)) + 2
        let region = inkRegion.outset(by: reach)
        caster.withPixels { data, stride in
            GaussianBlur(sigma: sigma).apply(data, width: caster.width, height: caster.height, stride: stride,
                                             region: (region.x0, region.y0, region.x1, region.y1))
        }
        // Inside the glyphs, the shadow is what the moved, blurred glyphs do not cover.
        caster.withPixels { shadowed, stride in
            fill.withPixels { glyphs, _ in
                for offset in 0..<(stride * caster.height) {
                    let uncovered = UInt32(255 - shadowed[offset]) * UInt32(glyphs[offset]) + 127
                    shadowed[offset] = UInt8(uncovered / 255)
                }
            }
        }
        return caster
    }

    /// The glyphs' coverage less a band of `inset` pixels along every edge.
    private func shrunk(by inset: Double) throws(RenderError) -> CairoSurface {
        guard inset > 0 else { return fill }
        let band = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let context = CairoContext(band)
        context.setFillRule(.winding)
        paths.appendAll(to: context)
        // A centred stroke of twice the inset reaches `inset` inside every edge.
        context.setLineWidth(2 * inset)
        context.setLineJoin(.round)
        context.strokePreservingPath()
        try context.check("shrinking the glyphs for an inner shadow")
        let shrunk = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        shrunk.withPixels { out, stride in
            fill.withPixels { glyphs, _ in
                band.withPixels { edge, _ in
                    for offset in 0..<(stride * canvas.height) {
                        out[offset] = glyphs[offset] > edge[offset] ? glyphs[offset] - edge[offset] : 0
                    }
                }
            }
        }
        return shrunk
    }
}
