import Foundation

/// This folder in the package checkout, where `BundledHyphenation` (in LabelFonts) looks
/// when no resource bundle is found. The target exists for its resources.
package enum LabelgenHyphenationSource {
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
}
