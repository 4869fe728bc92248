import Foundation

extension BatchRun.Checks {
    /// How far a rendered image may stray from its golden image and still match.
    ///
    /// Written out (on the command line, say) it is `DELTA[,SHARE%]`:
    /// - `DELTA`, a whole number 0…255: how many levels a pixel may differ by in any
    ///   channel and still count as equal. `0` asks for identical pixels.
    /// - `SHARE%`, optional, 0%…100%: the share of all pixels that may differ by more.
    ///   It must carry its `%`, so `0.1` can never be misread as 10%.
    ///
    /// Examples: `2` (the default), `0`, `2,0.1%`, `16,1%`.
    public struct Tolerance: Sendable, Hashable, CustomStringConvertible {
        /// Levels, 0…255, a pixel may differ by in any channel and still be equal.
        public var delta: Int
        /// Share of all pixels, 0…1, that may differ by more than `delta`.
        public var share: Double

        /// Two levels and no pixel beyond them. Output is byte-identical with the same
        /// fonts and libraries, so any difference comes from a different FreeType, Cairo
        /// or pixman, whose anti-aliasing and gradient rounding wander by a level or two.
        /// A real change (a glyph, a colour, a pixel of offset) moves edge pixels by tens
        /// of levels, and may touch only a handful of them (the dot of an i), so no share
        /// of pixels is forgiven unless asked for.
        public static let `default` = Tolerance(delta: 2, share: 0)

        /// `delta` levels, 0…255, with `share`, 0…1, of the pixels allowed beyond them.
        public init(delta: Int, share: Double = 0) {
            precondition((0...255).contains(delta) && (0...1).contains(share), "tolerance out of range")
            self.delta = delta
            self.share = share
        }

        /// Reads `DELTA[,SHARE%]`; spaces around either part are allowed.
        package init(parsing text: String) throws(GoldenCheck.ToleranceSyntaxError) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count <= 2, !(parts.count == 1 && parts[0].isEmpty) else {
                throw GoldenCheck.ToleranceSyntaxError("expected DELTA or DELTA,SHARE%, such as 2 or 2,0.1%")
            }
            guard parts[0].allSatisfy(\.isASCIIDigit), let delta = Int(parts[0]), delta <= 255 else {
                throw GoldenCheck.ToleranceSyntaxError("the difference per channel must be a whole number from 0 to 255, got \"\(parts[0])\"")
            }
            var share = 0.0
            if parts.count == 2 {
                let written = parts[1]
                guard written.hasSuffix("%") else {
                    throw GoldenCheck.ToleranceSyntaxError("the share of pixels must end in %, as in \(delta),0.1%; got \"\(written)\"")
                }
                let number = written.dropLast().trimmingCharacters(in: .whitespaces)
                // Double() would also take "nan", "inf" and hexadecimal; a share is plain decimal.
                guard !number.isEmpty, number.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
                      let percent = Double(number), percent <= 100 else {
                    throw GoldenCheck.ToleranceSyntaxError("the share of pixels must be a number from 0% to 100%, got \"\(written)\"")
                }
                share = percent / 100
            }
            self.init(delta: delta, share: share)
        }

        /// How many pixels of an image of `total` may differ by more than `delta`.
        package func allowedPixels(outOf total: Int) -> Int {
            // The slack keeps "0.1% of 1000" at 1 pixel although 0.1 / 100 is not
            // exactly 0.001 in binary.
            Int((share * Double(total) + 1e-9).rounded(.down))
        }

        /// The command-line form, which parses back to the same tolerance.
        public var description: String {
            share == 0 ? "\(delta)" : "\(delta),\(String(format: "%g", share * 100))%"
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
