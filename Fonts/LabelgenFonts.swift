import Foundation

/// This folder in the package checkout, where `BundledFonts` (in LabelFonts) looks when
/// no resource bundle is found. The target exists for its resources.
package enum LabelgenFontsSource {
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
}
