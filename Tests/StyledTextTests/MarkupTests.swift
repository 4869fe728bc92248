import TestSupport
import Testing
@testable import StyledText

@Suite("Markup")
struct MarkupTests {
    // MARK: - Tags

    @Test("A string without markup parses to plain text")
    func plain() throws {
        for text in ["", "Hello", "50% off > 40% off", "Ünïcödé 👍🏽 e\u{301}", "a\nb"] {
            let parsed = try Markup.parse(text)
            #expect(parsed == StyledString(text))
            #expect(parsed.isPlain)
        }
    }

    @Test("Each simple tag sets its attribute on its range only")
    func simpleTags() throws {
        let cases: [(String, TextAttributes)] = [
            ("<b>", TextAttributes(weight: 700)),
            ("<i>", TextAttributes(italic: true)),
            ("<u>", TextAttributes(underline: true)),
            ("<s>", TextAttributes(strikethrough: true)),
        ]
        for (open, attributes) in cases {
            let close = "</" + open.dropFirst()
            let parsed = try Markup.parse("a\(open)bc\(close)d")
            #expect(parsed.text == "abcd")
            #expect(parsed.runs == [run(0..<1), run(1..<3, attributes), run(3..<4)], "\(open)")
        }
    }

    @Test("Tag and attribute names are case-insensitive")
    func caseInsensitive() throws {
        #expect(try Markup.parse("<B>x</b>").runs == [run(0..<1, TextAttributes(weight: 700))])
        #expect(try Markup.parse("<Color=#F00>x</COLOR>").runs
            == [run(0..<1, TextAttributes(color: Color(red: 1, green: 0, blue: 0)))])
        #expect(try Markup.parse("<IMG SRC=a.png HEIGHT=3>").runs
            == [run(0..<1, TextAttributes(image: InlineImage(source: "a.png", height: 3)))])
    }

    @Test("color takes #RGB, #RRGGBB and #RRGGBBAA, quoted or bare")
    func color() throws {
        let gold = try Color(hex: "#FFD700")
        for source in ["<color=#FFD700>x</color>", "<color=\"#FFD700\">x</color>", "<color='#ffd700'>x</color>",
                       "<color = #FFD700 >x</color>"] {
            #expect(try Markup.parse(source).runs == [run(0..<1, TextAttributes(color: gold))], "\(source)")
        }
        #expect(try Markup.parse("<color=#F80>x</color>").runs[0].attributes.color == (try? Color(hex: "#FF8800")))
        #expect(try Markup.parse("<color=#FFD70080>x</color>").runs[0].attributes.color?.hex == "#FFD70080")
    }

    @Test("size takes pixels or a percentage, and nested sizes combine")
    func size() throws {
        #expect(try Markup.parse("<size=40>x</size>").runs[0].attributes.size == .pixels(40))
        #expect(try Markup.parse("<size=12.5>x</size>").runs[0].attributes.size == .pixels(12.5))
        #expect(try Markup.parse("<size=120%>x</size>").runs[0].attributes.size == .relative(1.2))
        #expect(try Markup.parse("<size=40><size=50%>x</size></size>").runs[0].attributes.size == .pixels(20))
        #expect(try Markup.parse("<size=200%><size=50%>x</size></size>").runs[0].attributes.size == .relative(1))
        #expect(try Markup.parse("<size=50%><size=30>x</size></size>").runs[0].attributes.size == .pixels(30))
        let parsed = try Markup.parse("<size=40>a<size=50%>b</size>c</size>d")
        #expect(parsed.runs == [
            run(0..<1, TextAttributes(size: .pixels(40))), run(1..<2, TextAttributes(size: .pixels(20))),
            run(2..<3, TextAttributes(size: .pixels(40))), run(3..<4),
        ])
    }

    @Test("font takes a family, quoted or bare to the end of the tag")
    func font() throws {
        for source in ["<font=\"Noto Sans Arabic\">x</font>", "<font='Noto Sans Arabic'>x</font>",
                       "<font=Noto Sans Arabic>x</font>"] {
            #expect(try Markup.parse(source).runs == [run(0..<1, TextAttributes(family: "Noto Sans Arabic"))])
        }
    }

    @Test("stroke takes none, a width, a colour or both in either order")
    func stroke() throws {
        let red = try Color(hex: "#FF0000")
        let cases: [(String, RunStroke)] = [
            ("none", .none), ("NONE", .none),
            ("3", .change(width: 3, color: nil)), ("0", .change(width: 0, color: nil)),
            ("#FF0000", .change(width: nil, color: red)),
            ("3 #FF0000", .change(width: 3, color: red)), ("#FF0000 3", .change(width: 3, color: red)),
            ("3,#FF0000", .change(width: 3, color: red)), ("\"1.5, #FF0000\"", .change(width: 1.5, color: red)),
        ]
        for (value, stroke) in cases {
            #expect(try Markup.parse("<stroke=\(value)>x</stroke>").runs == [run(0..<1, TextAttributes(stroke: stroke))],
                    "\(value)")
        }
    }

    @Test("An inner stroke changes only what it names")
    func strokeMerging() throws {
        let red = try Color(hex: "#FF0000")
        let green = try Color(hex: "#00FF00")
        let parsed = try Markup.parse("<stroke=3 #FF0000>a<stroke=#00FF00>b</stroke><stroke=5>c</stroke>"
                                          + "<stroke=none>d<stroke=2>e</stroke></stroke></stroke>")
        #expect(parsed.text == "abcde")
        #expect(parsed.runs.map(\.attributes.stroke) == [
            .change(width: 3, color: red), .change(width: 3, color: green), .change(width: 5, color: red),
            RunStroke.none, .change(width: 2, color: nil),
        ])
    }

    @Test("Nested tags give one run per change, with the attributes combined")
    func nesting() throws {
        let parsed = try Markup.parse("<b>a<i>b</i>c</b>")
        #expect(parsed.text == "abc")
        #expect(parsed.runs == [
            run(0..<1, TextAttributes(weight: 700)),
            run(1..<2, TextAttributes(weight: 700, italic: true)),
            run(2..<3, TextAttributes(weight: 700)),
        ])
        let deep = try Markup.parse("<color=#F00><u><font=Mono><size=20>x</size></font></u></color>")
        #expect(deep.runs == [run(0..<1, TextAttributes(underline: true, color: (try? Color(hex: "#F00")),
                                                         size: .pixels(20), family: "Mono"))])
        let sixtyFour = String(repeating: "<b>", count: 64) + "x" + String(repeating: "</b>", count: 64)
        #expect(try Markup.parse(sixtyFour).text == "x")
    }

    @Test("Runs are in Unicode scalars")
    func scalarOffsets() throws {
        let parsed = try Markup.parse("e\u{301}👍🏽<b>🇩🇪</b>")
        #expect(parsed.runs == [run(0..<4), run(4..<6, TextAttributes(weight: 700))])
        #expect(parsed.scalarCount == 6)
    }

    @Test("Empty tags add no run")
    func emptyTags() throws {
        #expect(try Markup.parse("a<b></b>b").runs == [run(0..<2)])
        #expect(try Markup.parse("<b><i></i></b>").runs.isEmpty)
    }

    @Test("<br/>, <br> and <br /> insert a line separator in the current attributes")
    func lineBreak() throws {
        let parsed = try Markup.parse("a<br/>b<br>c<br />d<BR/>e")
        #expect(parsed.text == "a\u{2028}b\u{2028}c\u{2028}d\u{2028}e")
        #expect(parsed.isPlain)
        #expect(try Markup.parse("<b>a<br/>b</b>").runs == [run(0..<3, TextAttributes(weight: 700))])
    }

    // MARK: - Images

    @Test("An image is one U+FFFC carrying the image and the attributes around it")
    func image() throws {
        let parsed = try Markup.parse("Press <img src=\"button_a.png\" height=32/> now")
        #expect(parsed.text == "Press \u{FFFC} now")
        #expect(parsed.runs == [
            run(0..<6), run(6..<7, TextAttributes(image: InlineImage(source: "button_a.png", height: 32))), run(7..<11),
        ])
        let styled = try Markup.parse("<size=40><stroke=2><color=#F00><img src='a b.png'></color></stroke></size>")
        #expect(styled.runs == [run(0..<1, TextAttributes(color: (try? Color(hex: "#F00")), size: .pixels(40),
                                                           stroke: .change(width: 2, color: nil),
                                                           image: InlineImage(source: "a b.png")))])
        for source in ["<img src=a.png/>", "<img src=a.png>", "<img src=a.png />", "<img  src = \"a.png\" >"] {
            #expect(try Markup.parse(source).runs == [run(0..<1, TextAttributes(image: InlineImage(source: "a.png")))],
                    "\(source)")
        }
        #expect(try Markup.parse("<img src=icons/a.png height=12.5/>").runs[0].attributes.image
            == InlineImage(source: "icons/a.png", height: 12.5))
    }

    @Test("Two adjacent images are two runs")
    func adjacentImages() throws {
        let parsed = try Markup.parse("<img src=a.png/><img src=a.png/>")
        #expect(parsed.text == "\u{FFFC}\u{FFFC}")
        let image = TextAttributes(image: InlineImage(source: "a.png"))
        #expect(parsed.runs == [run(0..<1, image), run(1..<2, image)])
    }

    // MARK: - Entities and literal characters

    @Test("Named and numeric entities")
    func entities() throws {
        #expect(try Markup.parse("&lt;&gt;&amp;&quot;&apos;&nbsp;").text == "<>&\"'\u{00A0}")
        #expect(try Markup.parse("&#65;&#x42;&#X43;&#x1f600;&#128512;").text == "ABC😀😀")
        #expect(try Markup.parse("&lt;b&gt;").isPlain)
        let parsed = try Markup.parse("<b>&#x1F600;</b>&amp;")
        #expect(parsed.text == "😀&")
        #expect(parsed.runs == [run(0..<1, TextAttributes(weight: 700)), run(1..<2)])
        #expect(try Markup.parse("&#x10FFFF;&#xE000;").text == "\u{10FFFF}\u{E000}")
    }

    @Test("An & that starts no reference is text")
    func literalAmpersand() throws {
        for text in ["R&D", "Tom & Jerry", "&amp without a semicolon", "&#123 no semicolon", "&;", "&#;", "&", "a&&b",
                     "&é;", "&-x;"] {
            let parsed = try Markup.parse(text)
            #expect(parsed.text == text)
            #expect(parsed.isPlain)
        }
    }

    @Test("A < not followed by a letter or /, and any lone >, are text")
    func literalAngles() throws {
        for text in ["a < b", "<3", "x <", "<", ">", "a > b", "<<", "< b>", "<1>", "<é>", "->", "<-", "<=>"] {
            let parsed = try Markup.parse(text)
            #expect(parsed.text == text)
            #expect(parsed.isPlain)
        }
    }

    // MARK: - Errors

    @Test("Every error says what is wrong and where")
    func errors() {
        let known = "(known: b, i, u, s, color, size, font, stroke, br, img, span); write &lt; for a literal <"
        let notReference = "is not a character reference; expected digits, as in &#123; or &#x1F600;"
        let notCharacter = "is not a valid character; expected a code point from 1 to 10FFFF that is not a surrogate"
        let colour = "expected a colour like #FFD700, #FD0 or #FFD70080"
        let size = "expected a size in pixels > 0 like 40, or a percentage like 120%"
        let stroke = "expected none, a width >= 0, a colour, or both like 3 #FF0000"
        let cases: [(String, String)] = [
            // Tags and entities that do not exist.
            ("Hi <bold>x</bold>", "column 4: unknown tag <bold> \(known)"),
            ("x</bold>", "column 2: unknown tag </bold> \(known)"),
            ("if x<y", "column 5: unknown tag <y> \(known)"),
            ("a &nbps; b", "column 3: unknown entity &nbps; (known: &lt; &gt; &amp; &quot; &apos; &nbsp; &#…;); "
                + "write &amp; for a literal &"),
            ("&#12a;", "column 1: &#12a; \(notReference)"),
            ("x&#x;", "column 2: &#x; \(notReference)"),
            ("&#xG1;", "column 1: &#xG1; \(notReference)"),
            ("&#0;", "column 1: &#0; \(notCharacter)"),
            ("&#xD800;", "column 1: &#xD800; \(notCharacter)"),
            ("&#x110000;", "column 1: &#x110000; \(notCharacter)"),
            ("&#99999999999999999999999;", "column 1: &#99999999999999999999999; \(notCharacter)"),
            // Values.
            ("<color=red>x</color>", #"column 1: <color>: \#(colour), got "red""#),
            ("<color=#FFFF>x</color>", ##"column 1: <color>: \##(colour), got "#FFFF""##),
            ("<color>x</color>", "column 1: <color> needs a value; write <color=#FFD700>"),
            ("<size=0>x</size>", #"column 1: <size>: \#(size), got "0""#),
            ("<size=-3>x</size>", #"column 1: <size>: \#(size), got "-3""#),
            ("<size=1e3>x</size>", #"column 1: <size>: \#(size), got "1e3""#),
            ("<size=0%>x</size>", #"column 1: <size>: \#(size), got "0%""#),
            ("<size=big%>x</size>", #"column 1: <size>: \#(size), got "big%""#),
            ("<size=3.>x</size>", #"column 1: <size>: \#(size), got "3.""#),
            ("<size>x</size>", "column 1: <size> needs a value; write <size=40> or <size=120%>"),
            ("<font=\"\">x</font>", #"column 1: <font>: expected a font family name like "Noto Sans", got """#),
            ("<stroke=3 4>x</stroke>", #"column 1: <stroke>: \#(stroke), got "3 4""#),
            ("<stroke=#F00 #0F0>x</stroke>", ##"column 1: <stroke>: \##(stroke), got "#F00 #0F0""##),
            ("<stroke=-1>x</stroke>", #"column 1: <stroke>: \#(stroke), got "-1""#),
            ("<stroke=thick>x</stroke>", #"column 1: <stroke>: \#(stroke), got "thick""#),
            ("<stroke=none 3>x</stroke>", #"column 1: <stroke>: \#(stroke), got "none 3""#),
            ("<stroke=>x</stroke>", #"column 1: <stroke>: \#(stroke), got """#),
            ("<b=1>x</b>", "column 1: <b> takes no value; write <b>"),
            ("<i x=1>x</i>", "column 1: <i> takes no attribute x; write <i>"),
            ("<color x=1>y</color>", "column 1: <color> takes no attribute x; write <color=#FFD700>"),
            ("a<br=1>", "column 2: <br> takes no value; write <br/>"),
            ("a<b/>", "column 2: <b/> cannot be self-closing; put the text between <b> and </b>"),
            // Images.
            ("<img>", #"column 1: <img> needs a src; write <img src="coin.png" height=32/>"#),
            ("<img height=3/>", #"column 1: <img> needs a src; write <img src="coin.png" height=32/>"#),
            ("<img src=\"\"/>", #"column 1: <img> src: expected an image file name, got """#),
            ("<img src=a.png height=0/>", #"column 1: <img> height: expected a height in pixels > 0, got "0""#),
            ("<img src=a.png height=big/>", #"column 1: <img> height: expected a height in pixels > 0, got "big""#),
            ("<img src=a.png width=3/>", "column 1: <img> has no attribute width; expected src, height or align"),
            ("<img src=a.png src=b.png/>", "column 1: <img> gives src twice"),
            ("<img src=a.png height=1 height=2/>", "column 1: <img> gives height twice"),
            ("<img=a.png/>", #"column 1: <img> takes attributes, not a value; write <img src="coin.png" height=32/>"#),
            ("<img src>", "column 1: expected = and a value after src in <img>"),
            ("</img>", "column 1: </img> closes nothing: <img> has no closing tag"),
            ("a</br>", "column 2: </br> closes nothing: <br> has no closing tag"),
            // Unterminated tags and quotes.
            ("x <b", "column 3: unterminated tag <b: expected >"),
            ("x <b ", "column 3: unterminated tag <b: expected >"),
            ("<color=#FFF", "column 1: unterminated tag <color: expected >"),
            ("<color=", "column 1: unterminated tag <color: expected >"),
            ("<b<i>x</i></b>", "column 1: unterminated tag <b: expected >"),
            ("<img src=a.png", "column 1: unterminated tag <img: expected >"),
            ("ab</b", "column 3: unterminated tag </b: expected >"),
            ("ab</", "column 3: expected a tag name after </; write &lt; for a literal <"),
            ("</ b>", "column 1: expected a tag name after </; write &lt; for a literal <"),
            ("<b>x</b x>", "column 5: expected > after </b"),
            ("<font=\"Noto>x</font>", #"column 1: unterminated quoted value in <font>: expected a closing ""#),
            ("<img src='a.png/>", "column 1: unterminated quoted value in <img>: expected a closing '"),
            ("<b !>x</b>", #"column 1: unexpected "!" in <b>"#),
            // Nesting.
            ("x</b>", "column 2: </b> closes nothing: no tag is open"),
            ("<b>x<i>y</b></i>", "column 9: </b> closes <i> opened at column 5; write </i> first"),
            ("<i>x</b>", "column 5: </b> closes <i> opened at column 1; write </i> first"),
            ("Hello <b>world", "column 7: <b> is never closed"),
            ("<b>Hello <I>world", "column 10: <I> is never closed"),
        ]
        for (source, expected) in cases {
            #expect(parseError(source)?.description == expected, "\(source)")
        }
    }

    @Test("Nesting deeper than 64 tags is refused at the 65th")
    func tooDeep() throws {
        let source = String(repeating: "<b>", count: 65) + "x"
        let error = try #require(parseError(source))
        #expect(error.message == "tags are nested more than 64 deep")
        #expect(error.column == 64 * 3 + 1)
        #expect(error.offset == 64 * 3)
        // A flood of opening tags stops at the limit, however long.
        #expect(parseError(String(repeating: "<i>", count: 100_000))?.offset == 64 * 3)
    }

    @Test("A multi-line source names the line, and columns restart on each line")
    func multiLine() throws {
        let error = try #require(parseError("first line\nsecond <b>x"))
        #expect(error.line == 2)
        #expect(error.column == 8)
        #expect(error.offset == 18)
        #expect(error.description == "line 2, column 8: <b> is never closed")
        #expect(parseError("<bold>\nx")?.description.hasPrefix("line 1, column 1: unknown tag <bold>") == true)
        #expect(parseError("<i>a\nb</b>")?.description
            == "line 2, column 2: </b> closes <i> opened at line 1, column 1; write </i> first")
        #expect(parseError("a\r\nb\n\n  &bogus;")?.description
            .hasPrefix("line 4, column 3: unknown entity &bogus;") == true)
    }

    @Test("Columns count characters; offsets count Unicode scalars")
    func columnsInCharacters() throws {
        // é (2 scalars) and a skin-toned thumbs-up (2 scalars) are one character each.
        let error = try #require(parseError("e\u{301}👍🏽 <bold>"))
        #expect(error.line == 1)
        #expect(error.column == 4)
        #expect(error.offset == 5)
        #expect(error.description.hasPrefix("column 4: unknown tag <bold>"))
        // A flag (2 scalars) and a family (7 scalars with joiners) are one character each.
        let second = try #require(parseError("x\n🇩🇪👨‍👩‍👧‍👦<b>x</i>"))
        #expect(second.line == 2)
        #expect(second.column == 7)
        #expect(second.offset == 2 + 2 + 7 + 4)
        #expect(second.description == "line 2, column 7: </i> closes <b> opened at line 2, column 3; write </b> first")
    }

    @Test("An error's description leaves out the line only for one-line sources")
    func errorDescription() {
        let error = MarkupError(.unbalancedTags, message: "<b> is never closed", line: 1, column: 7, offset: 6, showsLine: false)
        #expect(error.description == "column 7: <b> is never closed")
        #expect(MarkupError(.malformedTag, message: "m", line: 2, column: 3, offset: 9).description == "line 2, column 3: m")
    }

    // MARK: - Escaping

    @Test("escaped text parses back to itself")
    func escapedRoundTrip() throws {
        #expect(Markup.escaped("<b>Tom & Jerry</b>") == "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;")
        #expect(Markup.escaped("plain") == "plain")
        let samples = ["", "<b>", "&amp;", "a < b > c", "&#x41;", "&lt;", "<img src=a.png/>", "R&D", "😀 e\u{301}",
                       "</b>", "<<>>&&;;", "\u{2028}\u{FFFC}"]
        for text in samples {
            let parsed = try Markup.parse(Markup.escaped(text))
            #expect(parsed.text == text)
            #expect(parsed.isPlain)
        }
        // Random text over an alphabet rich in markup characters.
        let alphabet: [String] = ["<", ">", "&", ";", "#", "x", "b", "/", "=", "\"", "'", " ", "1", "A",
                                  "amp", "lt", "\n", "é", "e\u{301}", "👍🏽", "\u{0}"]
        var generator = SplitMix64(seed: 42)
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(generator.next() % 40) {
                text += alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            let parsed = try Markup.parse(Markup.escaped(text))
            #expect(parsed.text == text)
            #expect(parsed.isPlain)
        }
    }

    // MARK: - Size

    @Test("100 000 characters with many tags parse")
    func longInput() throws {
        let unit = "<b>ab</b><color=#F00>c&amp;<i>d</i></color> e&#x1F600;<br/><img src=a.png/>"
        let source = String(repeating: unit, count: 100_000 / unit.count + 1)
        #expect(source.count >= 100_000)
        let parsed = try Markup.parse(source)
        let units = 100_000 / unit.count + 1
        #expect(parsed.scalarCount == units * 10)
        #expect(parsed.runs.count == units * 5)
        // Long stretches that each could be rescanned: text after a lone & or <.
        let text = "&" + String(repeating: "a", count: 100_000)
        #expect(try Markup.parse(text).text == text)
        let angles = String(repeating: "< &", count: 40_000)
        #expect(try Markup.parse(angles).text == angles)
        // Escaping once copied the whole text for every escaped character.
        let hostile = String(repeating: "<&>", count: 34_000)
        #expect(try Markup.parse(Markup.escaped(hostile)).text == hostile)
        let references = String(repeating: "&#65;", count: 30_000)
        #expect(try Markup.parse(references).scalarCount == 30_000)
        let nested = String(repeating: String(repeating: "<i>", count: 64) + "x" + String(repeating: "</i>", count: 64),
                            count: 200)
        #expect(try Markup.parse(nested).runs.count == 1)
    }
}

// MARK: - Helpers

private func run(_ range: Range<Int>, _ attributes: TextAttributes = .plain) -> StyledString.Run {
    StyledString.Run(range: range, attributes: attributes)
}

/// The error parsing `source` throws, or nil if it parses.
private func parseError(_ source: String) -> MarkupError? {
    do {
        _ = try Markup.parse(source)
        return nil
    } catch {
        return error
    }
}
