import FuzzSupport
import StringTables
import StyledText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzData(bytes, size), as: UTF8.self)
    let found = Placeholders.find(in: text)
    let scalarCount = text.unicodeScalars.count
    for placeholder in found {
        require(placeholder.range.lowerBound >= 0 && placeholder.range.upperBound <= scalarCount,
                "placeholder \(placeholder.token) at \(placeholder.range) outside \(scalarCount) scalars")
    }
    let samples = Dictionary(found.map { ($0.generic, "x") }, uniquingKeysWith: { first, _ in first })
    let filled = Placeholders.fill(text, samples: samples)
    require(filled.unfilled.isEmpty, "generic samples left \(filled.unfilled) unfilled")
    return 0
}

@_cdecl("FuzzPlaceholders_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
