import Foundation
import FuzzSupport
@testable import StringTables
@testable import LabelCore
@testable import StyledText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = fuzzData(bytes, size)
    TableFiles.load(data, as: "de.json")
    // Large tables are read a chunk at a time: wherever the chunks end, the reader must
    // see what it sees in the whole document.
    let chunkSize = 16 + Int(data.last ?? 0) % 48
    guard let file = ChunkedFile(path: TableFiles.url(of: "de.json").path, chunkSize: chunkSize) else {
        fatalError("cannot open the fuzz input again")
    }
    var whole: [StringTable.Entry] = []
    let wholeValid = JSONParser.streamStrings(data) { whole.append(StringTable.Entry(key: $0, value: $1)); return true }
    var chunked: [StringTable.Entry] = []
    let chunkedValid = JSONParser.streamStrings(file) { chunked.append(StringTable.Entry(key: $0, value: $1)); return true }
    require(wholeValid == chunkedValid && whole == chunked,
            "chunks of \(chunkSize) bytes read \(chunkedValid) \(chunked.count), the whole document \(wholeValid) \(whole.count)")
    return 0
}

@_cdecl("FuzzJSONTable_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
