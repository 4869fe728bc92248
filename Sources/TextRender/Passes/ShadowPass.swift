import StyledText

/// Draws the shadows under the text: each one the stroked silhouette, grown by its
/// spread, blurred with a Gaussian of sigma = blur / 2 (as CSS text-shadow), offset and
/// painted in its colour. The first shadow in the style is drawn on top, as in CSS.
struct ShadowPass {
    let canvas: Canvas
    let silhouettes: Silhouettes
    /// Canvas pixels that hold ink, for limiting the blur to where it matters.
    let inkRegion: PixelRegion

    /// - Parameter stroked: the stroked silhouette, which shadows without spread start
    ///   from; the last of them blurs it in place, as nothing needs it after the shadows.
    func draw(_ shadows: [Shadow], on context: CairoContext, stroked: CairoSurface?) throws(RenderError) {
        let scale = canvas.scale
        let drawn = shadows.reversed().filter { $0.color.alpha > 0 }
        let lastUnspread = drawn.lastIndex { max(0, $0.spread) * scale == 0 }
        for (index, shadow) in drawn.enumerated() {
            let spread = max(0, shadow.spread) * scale
            let mask: CairoSurface
            if spread == 0, let stroked {
                mask = index == lastUnspread ? stroked : try copy(stroked)
            } else {
                mask = try silhouettes.stroked(extra: spread)
            }
            let sigma = max(0, shadow.blur) / 2 * scale
            let reach = Int((3 * sigma + silhouettes.widestStroke * scale + spread).rounded(.up)) + 2
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

    private func copy(_ source: CairoSurface) throws(RenderError) -> CairoSurface {
        let copy = try CairoSurface(width: source.width, height: source.height, format: .alpha)
        copy.withPixels { out, stride in
            source.withPixels { data, _ in out.update(from: data, count: stride * source.height) }
        }
        return copy
    }
}
