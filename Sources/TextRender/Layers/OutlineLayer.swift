import StyledText

/// Paints each outline through its ring, in its colour or gradient: the runs' strokes,
/// then the stacked outlines outward. The rings and the fill partition the outlined
/// silhouette, so adding them gives exact coverage at anti-aliased edges: no dark or
/// light seam between an outline and the fill.
struct OutlineLayer: TextLayer {
    static let stage = LayerStage.text

    /// Always there: markup may outline runs of a style without outlines.
    init?(style: LabelStyle) {}

    func draw(on context: CairoContext, masks: LabelMasks, ownsOutlined: Bool) throws(RenderError) {
        guard !masks.rings.isEmpty, let region = masks.outlinedRegion else { return }
        context.save()
        defer { context.restore() }
        context.clip(to: region)
        for ring in masks.rings {
            if let gradient = ring.stroke.gradient {
                drawGradient(gradient, through: ring.mask, masks: masks, on: context)
            } else {
                context.setSource(ring.stroke.color)
                context.mask(ring.mask, x: 0, y: 0)
            }
        }
    }

    /// An outline painted with a gradient through its ring: across the label's ink grown
    /// by the outlines, or with ``GradientScope/line`` across each line's, the rows
    /// between two lines split halfway between their inks.
    private func drawGradient(_ gradient: Gradient, through ring: CairoSurface, masks: LabelMasks,
                              on context: CairoContext) {
        let outset = masks.outlinePixels
        let inks = masks.paths.lineInk.compactMap { $0 }
        if gradient.scope == .label || inks.count < 2 {
            guard let ink = masks.labelInk else { return }
            context.setSource(CairoPattern.linear(gradient, top: ink.top - outset, bottom: ink.bottom + outset,
                                           left: ink.left - outset, right: ink.right + outset))
            context.mask(ring, x: 0, y: 0)
            return
        }
        for (index, ink) in inks.enumerated() {
            let top = index == 0 ? 0 : ((inks[index - 1].bottom + ink.top) / 2).rounded()
            let bottom = index == inks.count - 1 ? Double(masks.canvas.height) : ((ink.bottom + inks[index + 1].top) / 2).rounded()
            guard bottom > top else { continue }
            context.save()
            context.rectangle(x: 0, y: top, width: Double(masks.canvas.width), height: bottom - top)
            context.clip()
            context.setSource(CairoPattern.linear(gradient, top: ink.top - outset, bottom: ink.bottom + outset,
                                           left: ink.left - outset, right: ink.right + outset))
            context.mask(ring, x: 0, y: 0)
            context.restore()
        }
    }
}
