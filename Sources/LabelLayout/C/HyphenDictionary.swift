import CHyphen
import LabelFonts
import Foundation

/// One libhyphen dictionary (a `.dic` file of hyphenation patterns), loaded once.
///
/// libhyphen works on bytes in the dictionary's own encoding (its first line names it:
/// UTF-8, or ISO 8859-1 for older dictionaries such as German and Dutch) and reports
/// points per character. This type takes and gives characters, so callers never see bytes.
final class HyphenDictionary: @unchecked Sendable {
    // @unchecked: after loading, libhyphen only reads the dictionary
    // (hnj_hyphen_hyphenate3 writes into the caller's buffers alone), so any number of
    // threads may hyphenate with it at once; it is freed once, in deinit.
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    private let isUTF8: Bool
    /// The dictionary's own LEFTHYPHENMIN and RIGHTHYPHENMIN (0 when it names none).
    let leftMinimum: Int
    let rightMinimum: Int

    /// Words longer than this are left whole: no real word is, and libhyphen's buffers
    /// grow with the word.
    static let longestWord = 200

    init(path: String) throws(LayoutError) {
        guard let dictionary = hnj_hyphen_load(path) else { throw .hyphenationDictionaryUnreadable(path: path) }
        let charset = withUnsafeBytes(of: dictionary.pointee.cset) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self).uppercased()
        }
        guard dictionary.pointee.utf8 != 0 || ["ISO8859-1", "ISO-8859-1"].contains(charset) else {
            hnj_hyphen_free(dictionary)
            throw .hyphenationDictionaryUnreadable(path: path)
        }
        self.dictionary = dictionary
        isUTF8 = dictionary.pointee.utf8 != 0
        leftMinimum = Int(dictionary.pointee.lhmin)
        rightMinimum = Int(dictionary.pointee.rhmin)
    }

    deinit {
        hnj_hyphen_free(dictionary)
    }

    /// Where `word` may be hyphenated: each index `i` in `1..<word.count` such that a line
    /// may end after `word[..<i]` with a hyphen. `word` is one lowercase letter per
    /// character, as the patterns are written. Points closer than `leftMinimum` and
    /// `rightMinimum` characters to the word's ends (or the dictionary's own, if larger)
    /// are left out, and so are points where the dictionary would change the spelling
    /// (non-standard hyphenation, old German "Schiffahrt" to "Schiff-fahrt").
    func points(in word: [Unicode.Scalar], leftMinimum: Int, rightMinimum: Int) -> [Int] {
        guard word.count >= leftMinimum + rightMinimum, word.count <= Self.longestWord,
              var bytes = encoded(word) else { return [] }
        let size = bytes.count
        // libhyphen writes a digit per byte plus a few past the end.
        var marks = [CChar](repeating: 0, count: size + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        bytes.append(0)
        _ = bytes.withUnsafeBufferPointer { text in
            hnj_hyphen_hyphenate3(dictionary, text.baseAddress, Int32(size), &marks, nil,
                                  &replacements, &positions, &cuts,
                                  Int32(leftMinimum), Int32(rightMinimum), 0, 0)
        }
        // After hyphenation (and, for UTF-8, libhyphen's normalization) marks are per
        // character: an odd digit at i allows a break after character i.
        var points: [Int] = []
        for i in 0..<(word.count - 1) where marks[i] & 1 == 1 {
            if let replacements, replacements[i] != nil { continue }
            points.append(i + 1)
        }
        if let replacements {
            for i in 0..<size { free(replacements[i]) }
            free(replacements)
        }
        free(positions)
        free(cuts)
        return points
    }

    /// The word in the dictionary's encoding, or nil when it has a letter the encoding lacks.
    private func encoded(_ word: [Unicode.Scalar]) -> [CChar]? {
        if isUTF8 {
            return word.flatMap { Array(String($0).utf8) }.map { CChar(bitPattern: $0) }
        }
        var bytes: [CChar] = []
        bytes.reserveCapacity(word.count)
        for scalar in word {
            guard scalar.value < 0x100 else { return nil }
            bytes.append(CChar(bitPattern: UInt8(scalar.value)))
        }
        return bytes
    }
}

/// The hyphenation dictionaries of the languages labels are laid out in, each loaded on
/// first use and kept; safe to share between threads.
final class HyphenDictionaryCache: Sendable {
    /// One cache for the process: the dictionaries are bundled files that no engine
    /// setting changes, and German's takes seconds to load (docs/hyphenation.md).
    static let shared = HyphenDictionaryCache()

    /// Loaded under the lock, so that two threads never both spend seconds on German's;
    /// the dictionaries themselves are safe to share (see HyphenDictionary).
    private let loaded = LockedCache<String, HyphenDictionary?>()

    /// The dictionary for a language code ("de"), or nil when Labelgen bundles none.
    func dictionary(for language: String) throws(LayoutError) -> HyphenDictionary? {
        guard BundledHyphenation.files[language] != nil else { return nil }
        let result: Result<HyphenDictionary?, LayoutError> = loaded.withLock { loaded in
            if let known = loaded[language] { return .success(known) }
            guard let path = BundledHyphenation.dictionary(for: language) else {
                return .failure(.hyphenationDictionaryUnreadable(
                    path: "\(BundledHyphenation.files[language]!) (no bundled Hyphenation folder)"))
            }
            do throws(LayoutError) {
                let dictionary = try HyphenDictionary(path: path)
                loaded[language] = dictionary
                return .success(dictionary)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
