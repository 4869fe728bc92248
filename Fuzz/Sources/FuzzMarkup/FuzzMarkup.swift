import FuzzSupport
import StyledText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = String(decoding: fuzzData(bytes, size), as: UTF8.self)
    checkEscaping(source)
    let parsed: StyledString
    do {
        parsed = try Markup.parse(source)
    } catch {
        checkError(error, in: source)
        return 0
    }
    checkRuns(parsed)
    checkEscaping(parsed.text)
    return 0
}

/// Runs tile the text exactly, neighbours differ, and each image is one U+FFFC.
private func checkRuns(_ parsed: StyledString) {
    let scalars = Array(parsed.text.unicodeScalars)
    require(parsed.scalarCount == scalars.count, "scalarCount \(parsed.scalarCount) for \(scalars.count) scalars")
    var end = 0
    for (index, run) in parsed.runs.enumerated() {
        require(run.range.lowerBound == end && !run.range.isEmpty, "run \(index) at \(run.range) after \(end)")
        if run.attributes.image != nil {
            require(run.range.count == 1 && scalars[run.range.lowerBound] == StyledString.objectReplacement,
                    "image run \(index) at \(run.range) is not one U+FFFC")
        } else if index > 0 {
            require(parsed.runs[index - 1].attributes != run.attributes, "runs \(index - 1) and \(index) are equal")
        }
        end = run.range.upperBound
    }
    require(end == scalars.count, "runs end at \(end) of \(scalars.count) scalars")
}

/// Escaped text parses back to itself, as plain text.
private func checkEscaping(_ text: String) {
    do {
        let parsed = try Markup.parse(Markup.escaped(text))
        require(parsed.text == text && parsed.isPlain, "escaped text came back as \(parsed.text.debugDescription)")
    } catch {
        fatalError("escaped text does not parse: \(error)")
    }
}

/// An error points at the `<` or `&` it is about, at a line and column that exist.
private func checkError(_ error: MarkupError, in source: String) {
    let scalars = Array(source.unicodeScalars)
    require(error.offset >= 0 && error.offset < scalars.count, "error offset \(error.offset) of \(scalars.count)")
    require(scalars[error.offset] == "<" || scalars[error.offset] == "&",
            "error at \(error.offset) points at \(scalars[error.offset].escaped(asASCII: true))")
    let lines = scalars.count { $0 == "\n" } + 1
    require(error.line >= 1 && error.line <= lines && error.column >= 1, "error at line \(error.line), column \(error.column)")
    require(!error.message.isEmpty, "an error without a message")
}

@_cdecl("FuzzMarkup_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
