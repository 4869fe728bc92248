import Foundation
import StyledText

extension CairoPattern {
    /// A linear gradient across the rectangle at the gradient's angle (90 = top to
    /// bottom), long enough that its first and last colours reach the corners, as CSS does.
    static func linear(_ gradient: Gradient, top: Double, bottom: Double, left: Double, right: Double) -> CairoPattern {
        let radians = gradient.angle * .pi / 180
        let dx = cos(radians), dy = sin(radians)
        let width = right - left, height = bottom - top
        let half = (abs(width * dx) + abs(height * dy)) / 2
        let cx = (left + right) / 2, cy = (top + bottom) / 2
        let pattern = CairoPattern(linearFromX: cx - dx * half, y0: cy - dy * half, toX: cx + dx * half, y1: cy + dy * half)
        let locations = gradient.locations.count == gradient.colors.count
            ? gradient.locations
            : gradient.colors.indices.map { gradient.colors.count == 1 ? 0 : Double($0) / Double(gradient.colors.count - 1) }
        for (color, location) in zip(gradient.colors, locations) {
            pattern.addColorStop(location, color)
        }
        pattern.setExtend(.pad)
        return pattern
    }
}
