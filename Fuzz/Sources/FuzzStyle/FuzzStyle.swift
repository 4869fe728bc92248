import FuzzSupport
import StyledText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let sheet = try? StyleSheet(json: fuzzData(bytes, size), source: "fuzz.json") else { return 0 }
    // Merging runs only when a style is asked for; these locales and keys reach the
    // per-locale and per-key layers the demo styles use.
    for locale in ["en", "ja", "zh-Hans-CN", "pt_BR"] {
        for key in ["hud.title", "menu.play", "tip.1"] {
            _ = try? sheet.style(forKey: key, locale: locale)
        }
    }
    _ = sheet.fingerprint(forKey: "hud.title", locale: "en")
    return 0
}

@_cdecl("FuzzStyle_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
