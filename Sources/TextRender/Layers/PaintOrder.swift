import StyledText

/// The layers of a label, bottom first: the one list that says what is drawn over what.
let paintOrder: [any TextLayer.Type] = [
    ShadowLayer.self,
    ExtrudeLayer.self,
    OutlineLayer.self,
    FillLayer.self,
    BevelLayer.self,
    InnerShadowLayer.self,
    PictureLayer.self,
]

/// Where a layer is drawn.
enum LayerStage {
    /// Under the text, composited on the canvas.
    case behind
    /// In the text's group, added: these parts partition the outlined silhouette (the
    /// outlines' rings, the fill, the colour pictures), so their sum is exact coverage,
    /// with no seam at anti-aliased edges.
    case text
    /// In the text's group, composited over the fill and clipped to the glyphs.
    case inside
}

/// The drawing side of one layer effect.
protocol TextLayer: Sendable {
    static var stage: LayerStage { get }
    /// Whether it reads ``LabelMasks/outlined``; the last layer that does may change it
    /// in place.
    static var readsOutlined: Bool { get }
    /// The layer for `style`, or nil when the style has none of it.
    init?(style: LabelStyle)
    /// - Parameter ownsOutlined: No later layer reads ``LabelMasks/outlined``.
    func draw(on context: CairoContext, masks: LabelMasks, ownsOutlined: Bool) throws(RenderError)
}

extension TextLayer {
    static var readsOutlined: Bool { false }
}

enum LayerStack {
    /// Draws `style`'s layers in paint order: the text's layers as one group composited
    /// over what is behind it, switching between adding and compositing as the stages
    /// change.
    static func draw(_ style: LabelStyle, masks: LabelMasks, on context: CairoContext) throws(RenderError) {
        let layers = paintOrder.compactMap { $0.init(style: style) }
        var stage = LayerStage.behind
        for (index, layer) in layers.enumerated() {
            let kind = type(of: layer)
            if kind.stage != stage {
                precondition(kind.stage != .behind, "a layer behind the text is listed after the text's")
                if stage == .behind { context.pushGroup() }
                context.setOperator(kind.stage == .text ? .add : .over)
                stage = kind.stage
            }
            let ownsOutlined = kind.readsOutlined && !layers[(index + 1)...].contains { type(of: $0).readsOutlined }
            try layer.draw(on: context, masks: masks, ownsOutlined: ownsOutlined)
        }
        guard stage != .behind else { return }
        context.popGroupToSource()
        context.setOperator(.over)
        context.paint()
        try context.check("filling the text")
    }
}
