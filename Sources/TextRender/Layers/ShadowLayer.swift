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
            mask.withPixels { data, stride in
                GaussianBlur(sigma: sigma).apply(
                    data, width: mask.width, height: mask.height, stride: stride,
                    region: (inkRegion.x0 - reach, inkRegion.y0 - reach, inkRegion.x1 + reach, inkRegion.y1 + reach))
            }
            context.setSource(shadow.color)
            context.mask(mask, x: shadow.offsetX * scale, y: shadow.offsetY * scale)
        }
        try context.check("drawing shadows")
    }
}
