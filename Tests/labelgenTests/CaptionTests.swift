import Captions
import Foundation
import Testing
import TextRender

// `labelgen caption`, run as a user would, measured on the pixels it writes.

private let photoURL = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/coffee.jpg")
private let memeStyle = CLI.packageRoot.appendingPathComponent("Localizations/styles/meme.json").path

/// The fixture photo as the tool decodes it.
private func fixturePhoto() throws -> RGBAImage { try ImageDecoder().decode(contentsOf: photoURL) }

/// Rows (or columns) in which `a` and `b` differ by more than `tolerance` in any channel.
private func differingRows(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 0) -> (rows: [Int], columns: [Int]) {
    var rows = Set<Int>(), columns = Set<Int>()
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            if abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
                || abs(Int(p.b) - Int(q.b)) > tolerance || p.a != q.a {
                rows.insert(y)
                columns.insert(x)
            }
        }
    }
    return (rows.sorted(), columns.sorted())
}

@Suite("labelgen caption")
struct CaptionCommandTests {
    /// Runs `labelgen caption` on the fixture photo with the meme style.
    func caption(_ extra: [String], out: URL) async throws -> CLIResult {
        try await CLI.run(["caption", photoURL.path, "--style", memeStyle, "--out", out.path] + extra)
    }

    @Test("--position top: full resolution PNG, caption ink in the top band only, the rest is the photo")
    func top() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let result = try await caption(["--text", "WHEN THE ESPRESSO HITS"], out: tmp("top.png"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let data = try Data(contentsOf: tmp("top.png"))
        #expect(ImageFormat(sniffing: data) == .png)
        let image = try ImageDecoder().decode(data)
        #expect(image.width == 600 && image.height == 400)

        let changed = differingRows(image, try fixturePhoto())
        // Band: 16 px margin, down to a third of 400 px.
        #expect(!changed.rows.isEmpty)
        #expect(changed.rows.first! >= 16 && changed.rows.last! < 133, "rows \(changed.rows.first!)...\(changed.rows.last!)")
        #expect(changed.columns.first! >= 16 && changed.columns.last! < 584)
    }

    @Test("--position bottom: caption ink in the bottom band only")
    func bottom() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let result = try await caption(["--text", "AND YOU REALIZE IT'S MONDAY", "--position", "bottom"],
                                       out: tmp("bottom.png"))
        #expect(result.status == 0, "\(result)")
        let image = try ImageDecoder().decode(contentsOf: tmp("bottom.png"))
        let changed = differingRows(image, try fixturePhoto())
        #expect(!changed.rows.isEmpty)
        #expect(changed.rows.first! >= 400 - 133 && changed.rows.last! < 400 - 16,
                "rows \(changed.rows.first!)...\(changed.rows.last!)")
    }

    @Test("--text and --bottom-text: one caption along each edge, the middle untouched")
    func topAndBottom() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let result = try await caption(["--text", "TOP TEXT", "--bottom-text", "BOTTOM TEXT"], out: tmp("both.png"))
        #expect(result.status == 0, "\(result)")
        let rows = differingRows(try ImageDecoder().decode(contentsOf: tmp("both.png")), try fixturePhoto()).rows
        #expect(rows.contains { $0 < 133 } && rows.contains { $0 >= 267 })
        #expect(!rows.contains { (133..<267).contains($0) })
    }

    @Test("a long caption is shrunk to the width: no ink in the outer margin columns")
    func longCaption() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let text = "This is a very long caption that goes on and on about coffee, the morning, "
            + "and everything that follows it until lunch"
        let result = try await caption(["--text", text], out: tmp("long.png"))
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("shortened"), "\(result)")
        let changed = differingRows(try ImageDecoder().decode(contentsOf: tmp("long.png")), try fixturePhoto())
        #expect(changed.columns.first! >= 16 && changed.columns.last! < 600 - 16,
                "columns \(changed.columns.first!)...\(changed.columns.last!)")
        // Three lines fill the band's width nearly.
        #expect(changed.columns.last! - changed.columns.first! > 500)
    }

    @Test("JPEG output by extension (.jpg, .JPEG) decodes back to the photo away from the caption",
          arguments: ["out.jpg", "out.JPEG"])
    func jpegOutput(_ name: String) async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let result = try await caption(["--text", "AS JPEG", "--quality", "92"], out: tmp(name))
        #expect(result.status == 0, "\(result)")
        let data = try Data(contentsOf: tmp(name))
        #expect(ImageFormat(sniffing: data) == .jpeg)
        let image = try ImageDecoder().decode(data)
        #expect(image.width == 600 && image.height == 400)
        let photo = try fixturePhoto()
        // Far from the caption (below the top band, with a block of slack for JPEG's 8×8
        // blocks), the pixels are the photo's, within re-compression error.
        var total = 0, worst = 0
        for y in 150..<400 {
            for x in 0..<600 {
                let p = image[x, y], q = photo[x, y]
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                total += d
                worst = max(worst, d)
            }
        }
        #expect(Double(total) / Double(250 * 600) < 3, "mean \(Double(total) / Double(250 * 600))")
        #expect(worst < 60)
        // And the caption is there: white text somewhere in the top band.
        #expect((16..<133).contains { y in (16..<584).contains { x in image[x, y].r > 245 && image[x, y].g > 245 && image[x, y].b > 245 && photo[x, y].g < 200 } })
    }

    @Test("the photo's format comes from its bytes: a JPEG named .png is read")
    func sniffedInput() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try FileManager.default.copyItem(at: photoURL, to: tmp("really-a-jpeg.png"))
        let result = try await CLI.run(["caption", tmp("really-a-jpeg.png").path, "--text", "HI",
                                        "--style", memeStyle, "--out", tmp("out.png").path])
        #expect(result.status == 0, "\(result)")
        let data = try Data(contentsOf: tmp("out.png"))
        #expect(ImageFormat(sniffing: data) == .png, "the output's format follows its own name")
        let image = try ImageDecoder().decode(data)
        #expect(image.width == 600 && image.height == 400)
        // The JPEG's own pixels, decoded as JPEG: untouched below the caption, which is at
        // the top and there.
        let rows = differingRows(image, try fixturePhoto()).rows
        #expect(!rows.isEmpty && rows.last! < 200, "rows \(rows.first.map(String.init) ?? "-")...\(rows.last.map(String.init) ?? "-") differ")
    }

    @Test("a photo exactly as wide as the documented limit, 32767 pixels, is captioned to its full width")
    func widestPhoto() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        // Its scale, 32767 / 1000, is inexact in binary: the caption's canvas must still
        // come out at most as wide as the photo. The text is small, for a short band.
        let (width, height) = (32767, 300)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for start in stride(from: 0, to: pixels.count, by: 4) { (pixels[start], pixels[start + 1], pixels[start + 2]) = (30, 60, 90) }
        try PNGEncoder().encode(RGBAImage(width: width, height: height, pixels: pixels)).write(to: tmp("wide.png"))
        try tmp.writeJSON(["font": ["family": "Noto Sans", "size": 0.6, "weight": 700], "fill": "#FFFFFF", "align": "center"],
                          to: "small.json")
        let result = try await CLI.run(["caption", tmp("wide.png").path, "--text", "WIDE",
                                        "--style", tmp("small.json").path, "--out", tmp("out.png").path])
        #expect(result.status == 0, "\(result)")
        let image = try ImageDecoder().decode(contentsOf: tmp("out.png"))
        #expect(image.width == width && image.height == height)
        // Caption ink in the middle of the top band, none below it.
        let middle = (width / 2 - 1500)..<(width / 2 + 1500)
        let inked = { (y: Int) in middle.contains { image[$0, y].r != 30 } }
        #expect((0..<height / 3).contains(where: inked), "no caption was drawn")
        #expect(!(height / 3..<height).contains(where: inked), "caption ink below the top band")
    }

    @Test("a PNG photo is captioned too, keeping its pixels exactly away from the caption")
    func pngInput() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let photo = try fixturePhoto()
        try PNGEncoder().encode(photo).write(to: tmp("photo.png"))
        let result = try await CLI.run(["caption", tmp("photo.png").path, "--text", "PNG IN", "--position", "bottom",
                                        "--style", memeStyle, "--out", tmp("out.png").path])
        #expect(result.status == 0, "\(result)")
        let rows = differingRows(try ImageDecoder().decode(contentsOf: tmp("out.png")), photo).rows
        #expect(!rows.isEmpty && rows.first! >= 267)
    }

    @Test("--crop square: the centred square of the photo, captioned")
    func squareCrop() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let result = try await caption(["--text", "SQUARE", "--crop", "square"], out: tmp("square.png"))
        #expect(result.status == 0, "\(result)")
        let image = try ImageDecoder().decode(contentsOf: tmp("square.png"))
        #expect(image.width == 400 && image.height == 400)
        let cropped = try fixturePhoto().cropped(x: 100, y: 0, width: 400, height: 400)
        let changed = differingRows(image, cropped)
        // Margin on a 400 px square: 16 px; band down to 133.
        #expect(!changed.rows.isEmpty && changed.rows.last! < 133)
        #expect(changed.columns.first! >= 16 && changed.columns.last! < 384)
    }

    @Test("--frame: the frame, stretched to the photo, lies over everything")
    func frame() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        // 300×200, half the photo's size: a 10 px red border, transparent inside.
        var pixels: [UInt8] = []
        for y in 0..<200 {
            for x in 0..<300 {
                pixels += x < 10 || y < 10 || x >= 290 || y >= 190 ? [220, 20, 30, 255] : [0, 0, 0, 0]
            }
        }
        try PNGEncoder().encode(RGBAImage(width: 300, height: 200, pixels: pixels)).write(to: tmp("frame.png"))
        let result = try await caption(["--text", "FRAMED", "--frame", tmp("frame.png").path], out: tmp("framed.png"))
        #expect(result.status == 0, "\(result)")
        let image = try ImageDecoder().decode(contentsOf: tmp("framed.png"))
        #expect(image.width == 600 && image.height == 400)
        // The border is 20 px wide once stretched, on all four sides.
        for (x, y) in [(5, 200), (15, 5), (300, 395), (590, 100), (300, 12)] {
            #expect(image[x, y] == (220, 20, 30, 255), "(\(x), \(y)): \(image[x, y])")
        }
        // Inside, away from the caption, the photo shows through unchanged.
        let photo = try fixturePhoto()
        for (x, y) in [(100, 300), (300, 200), (500, 250)] {
            #expect(image[x, y] == photo[x, y], "(\(x), \(y))")
        }
    }

    /// A reader that has the old file open (here through a second name) must keep seeing
    /// it whole: the new picture goes to a new file renamed over the name. Rewriting the
    /// old file in place would change what the second name shows, and keep its inode.
    @Test("writing replaces the output atomically and leaves no temporary files")
    func atomicOutput() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        func inode(_ url: URL) throws -> UInt64 {
            let number = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber
            return try #require(number).uint64Value
        }
        let older = Data("an older picture".utf8)
        try tmp.write("an older picture", to: "out/meme.jpg")
        try FileManager.default.linkItem(at: tmp("out/meme.jpg"), to: tmp("older.jpg"))
        let olderInode = try inode(tmp("older.jpg"))
        // Control: both names are one file before the run.
        #expect(try inode(tmp("out/meme.jpg")) == olderInode)

        let result = try await caption(["--text", "NEW"], out: tmp("out/meme.jpg"))
        #expect(result.status == 0, "\(result)")
        #expect(Files.list(tmp("out")) == ["meme.jpg"])
        #expect(try ImageDecoder().decode(contentsOf: tmp("out/meme.jpg")).width == 600)
        #expect(try inode(tmp("out/meme.jpg")) != olderInode, "the output was rewritten in place")
        #expect(try Data(contentsOf: tmp("older.jpg")) == older, "the old file's bytes changed under its reader")
    }
}

@Suite("labelgen caption: bad input and usage")
struct CaptionErrorTests {
    struct BadRun: Sendable, CustomStringConvertible {
        var name: String
        /// Arguments after `caption`; `$T` stands for the temporary folder, `$P` for the photo.
        var arguments: [String]
        /// Texts stderr must contain.
        var mentions: [String]
        var description: String { name }
    }

    static let badRuns: [BadRun] = [
        BadRun(name: "missing photo", arguments: ["$T/nowhere.jpg", "--text", "x", "--out", "$T/out.png"],
               mentions: ["nowhere.jpg", "cannot read the image"]),
        BadRun(name: "GIF photo", arguments: ["$T/anim.gif", "--text", "x", "--out", "$T/out.png"],
               mentions: ["anim.gif", "GIF images are not supported"]),
        BadRun(name: "text file as photo", arguments: ["$T/notes.jpg", "--text", "x", "--out", "$T/out.png"],
               mentions: ["notes.jpg", "not a PNG or JPEG"]),
        BadRun(name: "truncated JPEG", arguments: ["$T/half.jpg", "--text", "x", "--out", "$T/out.png"],
               mentions: ["half.jpg", "corrupt JPEG"]),
        BadRun(name: "unreadable frame", arguments: ["$P", "--text", "x", "--frame", "$T/notes.jpg", "--out", "$T/out.png"],
               mentions: ["notes.jpg", "not a PNG or JPEG"]),
        BadRun(name: "output extension", arguments: ["$P", "--text", "x", "--out", "$T/out.webp"],
               mentions: ["out.webp", ".png, .jpg or .jpeg"]),
        BadRun(name: "no output extension", arguments: ["$P", "--text", "x", "--out", "$T/out"],
               mentions: ["out", ".png, .jpg or .jpeg"]),
        BadRun(name: "--quality with PNG output", arguments: ["$P", "--text", "x", "--quality", "80", "--out", "$T/out.png"],
               mentions: ["--quality", "out.png"]),
        BadRun(name: "--quality 0", arguments: ["$P", "--text", "x", "--quality", "0", "--out", "$T/out.jpg"],
               mentions: ["--quality"]),
        BadRun(name: "unknown --position", arguments: ["$P", "--text", "x", "--position", "middle", "--out", "$T/out.png"],
               mentions: ["--position", "middle"]),
        BadRun(name: "two bottom captions",
               arguments: ["$P", "--text", "x", "--position", "bottom", "--bottom-text", "y", "--out", "$T/out.png"],
               mentions: ["--bottom-text"]),
        BadRun(name: "missing --text", arguments: ["$P", "--out", "$T/out.png"], mentions: ["--text"]),
    ]

    @Test("exits 2 with a message naming the file or option, writing nothing", arguments: badRuns)
    func badRunExits2(_ bad: BadRun) async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write("GIF89a and more", to: "anim.gif")
        try tmp.write("just some notes", to: "notes.jpg")
        let jpeg = try Data(contentsOf: photoURL)
        try jpeg.prefix(jpeg.count / 3).write(to: tmp("half.jpg"))
        let before = Files.list(tmp.url)

        let arguments = bad.arguments.map {
            $0.replacingOccurrences(of: "$T", with: tmp.path).replacingOccurrences(of: "$P", with: photoURL.path)
        }
        let result = try await CLI.run(["caption"] + arguments + ["--style", memeStyle])
        #expect(result.status == 2, "\(result)")
        for text in bad.mentions {
            #expect(result.stderr.contains(text), "stderr does not mention \(text):\n\(result)")
        }
        #expect(Files.list(tmp.url) == before, "\(Files.list(tmp.url))")
    }

    @Test("a bad style file exits 2 naming it and the JSON path")
    func badStyle() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(#"{"font": {"size": 40, "wieght": 700}}"#, to: "typo.json")
        let result = try await CLI.run(["caption", photoURL.path, "--text", "x", "--style", tmp("typo.json").path,
                                        "--out", tmp("out.png").path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("typo.json") && result.stderr.contains("wieght"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: tmp("out.png").path))
    }
}

@Suite("labelgen caption: help and the default command")
struct CaptionHelpTests {
    @Test("caption --help exits 0 and states the sizing rule and the options")
    func captionHelp() async throws {
        let result = try await CLI.run(["caption", "--help"])
        #expect(result.status == 0, "\(result)")
        // ArgumentParser shortens the usage line to "[<options>]" once the options are many.
        #expect(result.stdout.contains("labelgen caption <image>") || result.stdout.contains("labelgen caption [<options>] <image>"),
                "\(result.stdout)")
        for text in ["--text", "--bottom-text", "--position", "--frame", "--crop",
                     "--quality", "1000 px", "a third"] {
            #expect(result.stdout.contains(text), "`labelgen caption --help` does not mention \(text):\n\(result.stdout)")
        }
    }

    @Test("labelgen --help still documents the default command, and lists caption")
    func rootHelp() async throws {
        let result = try await CLI.run(["--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: labelgen [generate] ") && result.stdout.contains("<strings-file>"), "\(result)")
        #expect(result.stdout.contains("caption") && result.stdout.contains("Burn a meme-style caption"), "\(result)")
    }

    @Test("the default command still runs without naming it, and by name")
    func defaultCommand() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(["v": "V"], to: "en.json")
        let plain = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("a").path])
        #expect(plain.status == 0, "\(plain)")
        let named = try await CLI.run(["generate", tmp("en.json").path, "--style", tmp("style.json").path,
                                       "--out", tmp("b").path])
        #expect(named.status == 0, "\(named)")
        let implied = try Files.contents(tmp("a")), explicit = try Files.contents(tmp("b"))
        // Both runs drew the label: equal empty folders would prove nothing.
        #expect(implied.keys.contains("en/v.png") && implied.keys.contains("en/manifest.json"), "\(implied.keys.sorted())")
        #expect(implied == explicit)
    }
}
