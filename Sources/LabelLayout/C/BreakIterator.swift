import CLineBreak
import StyledText

/// An ICU break iterator of one kind for one locale, owned by this object.
///
/// ICU iterators keep state while they walk a text, so one instance is never shared
/// between threads; `BreakIteratorPool` hands each caller its own.
final class BreakIterator {
    enum Kind: Hashable, Sendable {
        /// Line-break opportunities under kinsoku rules of a strictness, in Japanese by
        /// phrase when `phrases` is set (ICU's `lw=phrase`; other languages ignore it).
        case line(LineBreakStrictness, phrases: Bool = false)
        case grapheme
        /// Word boundaries, by dictionary in Chinese, Japanese and Thai.
        case word

        /// The ICU locale keywords that pick the rules.
        var keywords: String {
            guard case .line(let strictness, let phrases) = self else { return "" }
            return "lb=\(strictness.rawValue)" + (phrases ? ";lw=phrase" : "")
        }

        var shimKind: CLBKind {
            switch self {
            case .line: return CLB_LINE
            case .grapheme: return CLB_GRAPHEME
            case .word: return CLB_WORD
            }
        }
    }

    struct Boundary: Equatable, Sendable {
        /// UTF-16 offset of the boundary (a break may happen before this unit).
        var offset: Int
        /// A mandatory break, after a newline or paragraph separator.
        var isHard: Bool
    }

    private let iterator: OpaquePointer

    init(kind: Kind, locale: String) throws(LayoutError) {
        var status: Int32 = 0
        let raw = clb_open(kind.shimKind, locale, kind.keywords, &status)
        guard let raw else {
            throw .breakIterator(locale: locale, icuError: String(cString: clb_error_name(status)))
        }
        self.iterator = raw
    }

    deinit {
        clb_close(iterator)
    }

    /// Every boundary after the start of `utf16`, the end included.
    func boundaries(_ utf16: [UInt16]) -> [Boundary] {
        guard !utf16.isEmpty else { return [] }
        let capacity = utf16.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        var status: Int32 = 0
        let count = utf16.withUnsafeBufferPointer { text in
            clb_boundaries(iterator, text.baseAddress, Int32(text.count), &offsets, &hard,
                           Int32(capacity), &status)
        }
        guard count > 0 else { return [Boundary(offset: utf16.count, isHard: false)] }
        return (0..<Int(count)).map { Boundary(offset: Int(offsets[$0]), isHard: hard[$0] != 0) }
    }
}
