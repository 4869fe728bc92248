import Foundation

/// Finds where words may be hyphenated, by dictionary (libhyphen's patterns for the
/// label's language), and the hyphen each point shows: the fitter breaks there only when
/// breaking between words does not fit.
///
/// Left whole: words of fewer than ``minimumWordLength`` letters, so labels of everyday
/// words keep breaking between words as before; words in right-to-left runs; words written all in capitals (acronyms,
/// codes); and every word of a space-delimited token that holds a digit or a character
/// of addresses and placeholders (`@ / \ : _ { } % < > = # & + ~ |` or a dot between
/// letters), so URLs, e-mail addresses, file names and `{name}`/`%1$@` stay intact.
/// A word with a hard hyphen is hyphenated in its parts, each keeping the minimum
/// letters from the hyphen as from a word's end. A token with a soft hyphen keeps only
/// the breaks its author put there (as CSS `hyphens: auto` does).
struct Hyphenator {
    let dictionary: HyphenDictionary

    /// Letters kept before and after a hyphen when the dictionary names no minimum of its
    /// own: two and three, as TeX's and LibreOffice's defaults.
    static let defaultLeftMinimum = 2
    static let defaultRightMinimum = 3
    /// The letters a word needs to be hyphenated at all: hyphenation is for the long
    /// compounds that would otherwise shrink a label, not for everyday words.
    static let minimumWordLength = 10

    private static let addressCharacters: Set<UInt32> = Set("@/\\:_{}%<>=#&+~|".unicodeScalars.map(\.value))

    /// The hyphen shown at each hyphenation point of `text`, by the offset where a line
    /// ending there ends. Points inside a shaping cluster (a ligature) are left out, as
    /// breaking there would need the text shaped again, and so are points whose face has
    /// no hyphen.
    func hyphens(in text: ShapedText) -> [Int: ShapedGlyph] {
        var result: [Int: ShapedGlyph] = [:]
        let scalars = text.itemized.scalars
        var tokenStart = 0
        for offset in 0...scalars.count where offset == scalars.count || Self.isSpace(scalars[offset]) {
            if offset > tokenStart, Self.isHyphenatable(token: scalars[tokenStart..<offset]) {
                for word in words(in: tokenStart..<offset, of: text) {
                    addPoints(of: word, in: text, to: &result)
                }
            }
            tokenStart = offset + 1
        }
        return result
    }

    /// A word: its grapheme clusters' start offsets and the end, and one lowercase letter
    /// per cluster for the dictionary.
    private struct Word {
        var boundaries: [Int]
        var letters: [Unicode.Scalar]
    }

    /// The runs of letters in a token, as the dictionary reads them. A cluster is a letter
    /// when its first scalar is; its marks ride along (the NFC form is used where it is one
    /// scalar, "a" + U+0308 as "ä", else the base letter).
    private func words(in token: Range<Int>, of text: ShapedText) -> [Word] {
        let itemized = text.itemized
        var words: [Word] = []
        var current = Word(boundaries: [], letters: [])
        func finish(at end: Int) {
            if current.letters.count >= Self.minimumWordLength {
                current.boundaries.append(end)
                words.append(current)
            }
            current = Word(boundaries: [], letters: [])
        }
        var start = token.lowerBound
        while start < token.upperBound {
            var end = start + 1
            while end < token.upperBound, !itemized.graphemeStarts[end] { end += 1 }
            let cluster = itemized.scalars[start..<end].compactMap(Unicode.Scalar.init)
            if let letter = Self.letter(of: cluster), itemized.levels.isEmpty || itemized.levels[start] & 1 == 0 {
                current.boundaries.append(start)
                current.letters.append(letter)
            } else {
                finish(at: start)
            }
            start = end
        }
        finish(at: token.upperBound)
        return words.filter { word in
            !word.letters.allSatisfy { $0.properties.isUppercase || !$0.properties.isAlphabetic }
        }.map { word in
            var lowered = word
            lowered.letters = word.letters.map(Self.lowercased)
            return lowered
        }
    }

    private func addPoints(of word: Word, in text: ShapedText, to result: inout [Int: ShapedGlyph]) {
        let left = dictionary.leftMinimum > 0 ? dictionary.leftMinimum : Self.defaultLeftMinimum
        let right = dictionary.rightMinimum > 0 ? dictionary.rightMinimum : Self.defaultRightMinimum
        for point in dictionary.points(in: word.letters, leftMinimum: left, rightMinimum: right) {
            let offset = word.boundaries[point]
            guard text.clusterStarts[offset] else { continue }
            var cluster = offset - 1
            while cluster > 0, !text.clusterStarts[cluster] { cluster -= 1 }
            guard let item = text.items.first(where: { $0.item.range.contains(cluster) })?.item else { continue }
            let run = text.itemized.runs[item.run]
            guard run.image == nil, var hyphen = Shaper.hyphen(in: item.face, cluster: cluster) else { continue }
            hyphen.advance *= run.scale
            result[offset] = hyphen
        }
    }

    private static func isHyphenatable(token: ArraySlice<UInt32>) -> Bool {
        var previous: UInt32?
        for (index, value) in zip(token.indices, token) {
            guard let scalar = Unicode.Scalar(value) else { return false }
            if scalar.properties.numericType != nil || addressCharacters.contains(value) || value == 0xFFFC || value == 0xAD {
                return false
            }
            // A dot between letters is a domain or a file name ("example.com", "save.dat").
            if value == 0x2E, let previous, isLetter(previous), index + 1 < token.endIndex, isLetter(token[index + 1]) {
                return false
            }
            previous = value
        }
        return true
    }

    private static func isLetter(_ value: UInt32) -> Bool {
        Unicode.Scalar(value).map { isLetter($0) } ?? false
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: return true
        default: return false
        }
    }

    private static func isSpace(_ value: UInt32) -> Bool {
        LineBreaker.isTrailingSpace(value) || value == 0xA0 || value == 0x202F
    }

    /// The letter a grapheme cluster stands for in the dictionary, or nil if it is no letter.
    private static func letter(of cluster: [Unicode.Scalar]) -> Unicode.Scalar? {
        guard let first = cluster.first, isLetter(first) else { return nil }
        guard cluster.count > 1 else { return first }
        let composed = String(String.UnicodeScalarView(cluster)).precomposedStringWithCanonicalMapping.unicodeScalars
        return composed.count == 1 ? composed.first : first
    }

    /// The lowercase form where it is one scalar ("Ä" to "ä"; "İ", whose lowercase is two, stays).
    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }
}
