import StringTables
import StyledText
import Testing

@Suite("Placeholders")
struct PlaceholderTests {
    @Test("printf conversions and brace fields are found with their generic forms")
    func finds() {
        let found = Placeholders.find(in: "%1$@ scored %lld points (%.1f%%) in {level} on {0}")
        #expect(found.map(\.token) == ["%1$@", "%lld", "%.1f", "{level}", "{0}"])
        #expect(found.map(\.generic) == ["%@", "%d", "%f", "{}", "{}"])
        #expect(found.compactMap(\.name) == ["level", "0"])
        #expect(found[0].range == 0..<4)
    }

    @Test("plain percent signs and braces are text")
    func notPlaceholders() {
        #expect(Placeholders.find(in: "50% off, 100 %").isEmpty)
        #expect(Placeholders.find(in: "{ } {} {a b}").isEmpty)
    }

    @Test("samples are looked up by token, then generic form, then name")
    func fills() {
        let samples = ["%1$@": "Alex", "%d": "12", "level": "3", "%@": "unused"]
        let filled = Placeholders.fill("%1$@ has %ld coins on level {level}: 100%%", samples: samples)
        #expect(filled.text == "Alex has 12 coins on level 3: 100%")
        #expect(filled.unfilled.isEmpty)
    }

    @Test("placeholders without a sample are reported once and left as written")
    func unfilled() {
        let filled = Placeholders.fill("%@ vs %@ in {arena}", samples: [:])
        #expect(filled.unfilled == ["%@", "{arena}"])
        #expect(filled.text == "%@ vs %@ in {arena}")
    }

    @Test("a string without placeholders is unchanged")
    func untouched() {
        let text = "Neues Spiel – 50 % Rabatt"
        #expect(Placeholders.fill(text, samples: ["%d": "1"]).text == text)
    }
}
