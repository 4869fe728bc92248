import StyledText

/// Draws the shadows under the text: each one the outlined silhouette, grown by its
/// spread, blurred with a Gaussian of sigma = blur / 2 (as CSS text-shadow), offset and
/// painted in its colour. The first shadow in the style is drawn on top, as in CSS.
struct ShadowLayer: TextLayer {
    static let stage = LayerStage.behind
    static let readsOutlined = true
    let shadows: [Shadow]

    init?(style: LabelStyle) {
        guard !style.shadows.isEmpty else { return nil }
        shadows = style.shadows
    }

    /// Shadows without spread start from the outlined silhouette; when no later layer
    /// reads it, the last of them blurs it in place.
    func draw(on context: CairoContext, masks: LabelMasks, ownsOutlined: Bool) throws(RenderError) {
        guard let inkRegion = masks.inkRegion else { return }
        let scale = masks.canvas.scale
        let drawn = shadows.reversed().filter(\.paints)
        let lastUnspread = drawn.lastIndex { max(0, $0.spread) * scale == 0 }
        for (index, shadow) in drawn.enumerated() {
            guard case .outside(let spreadPoints, let blur, _) = shadow.effectReach else { continue }
            let spread = spreadPoints * scale
            let mask: CairoSurface
            if spread == 0, let stroked = masks.outlined {
                mask = index == lastUnspread && ownsOutlined ? stroked : try LabelMasks.copy(stroked)
            } else {
                mask = try masks.silhouettes.stroked(extra: spread)
            }
            let sigma = blur / 2 * scale
            let reach = Int((3 * sigma + masks.outlinePixels + spread).rounded(.up)) + 2
            let region = inkRegion.outset(by: reach)
            mask.withPixels { data, stride in
                GaussianBlur(sigma: sigma).apply(
                    data, width: mask.width, height: mask.height, stride: stride,
                    region: (region.x0, region.y0, region.x1, region.y1))
            }
            context.setSource(shadow.color)
            Self.composite(mask, clearOutside: region, x: shadow.offsetX * scale, y: shadow.offsetY * scale, on: context)
        }
        try context.check("drawing shadows")
    }

    /// Paints the source through `mask` with its top left corner at (`x`, `y`), where the
    /// mask is clear outside `region`: compositing clear coverage changes no pixel, so
    /// only the region, moved by the offset and a pixel wider each way for a fractional
    /// offset's filtering, is composited instead of the whole canvas.
    static func composite(_ mask: CairoSurface, clearOutside region: PixelRegion, x: Double, y: Double,
                          on context: CairoContext) {
        context.save()
        context.rectangle(x: (Double(region.x0) + x).rounded(.down) - 1, y: (Double(region.y0) + y).rounded(.down) - 1,
                          width: Double(region.x1 - region.x0) + 3, height: Double(region.y1 - region.y0) + 3)
        context.clip()
        context.mask(mask, x: x, y: y)
        context.restore()
    }
}
