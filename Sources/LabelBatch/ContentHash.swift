import Foundation

/// FNV-1a, 64 bits: a stable content hash for manifests (not for security).
enum ContentHash {
    static func hex<C: Collection>(of bytes: C) -> String where C.Element == UInt8 {
        String(format: "%016llx", value(of: bytes))
    }

    static func value<C: Collection>(of bytes: C) -> UInt64 where C.Element == UInt8 {
        var hash: UInt64 = 0xcbf29ce484222325
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer {
                hash ^= UInt64(byte)
                hash = hash &* 0x100000001b3
            }
            return true
        }
        if contiguous == nil {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100000001b3
            }
        }
        return hash
    }

    /// The hash of several strings, each ended by a zero byte so no two lists collide.
    static func hex(ofFields fields: [String]) -> String {
        var bytes: [UInt8] = []
        for field in fields {
            bytes += field.utf8
            bytes.append(0)
        }
        return hex(of: bytes)
    }
}
