import Foundation

/// Stable content hashes for manifests (not for security): FNV-1a, 64 bits, for short
/// texts, and ``fileHex(of:)`` for files.
enum ContentHash {
    static func hex<C: Collection>(of bytes: C) -> String where C.Element == UInt8 {
        hex(value(of: bytes))
    }

    /// Sixteen lowercase hex digits. A re-run formats a hash for every label, and
    /// `String(format:)` costs several times this through Foundation's formatter.
    static func hex(_ value: UInt64) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                let nibble = Int((value >> UInt64(60 - 4 * index)) & 0xF)
                buffer[index] = digits.utf8Start[nibble]
            }
            return 16
        }
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

    /// A hash of a file's bytes, a font's or an image's: four independent lanes of
    /// xxHash64's round over 32 bytes a step, so it runs at memory speed where FNV-1a's
    /// one multiply per byte, each waiting for the last, took 30 ms for the bundled fonts
    /// on every run and 2% of a full run for the PNGs. Not xxHash64's value, and not
    /// interchangeable with ``hex(of:)``.
    static func fileHex(of data: Data) -> String {
        let prime1: UInt64 = 0x9E3779B185EBCA87, prime2: UInt64 = 0xC2B2AE3D27D4EB4F
        func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
            let mixed = lane &+ input &* prime2
            return ((mixed << 31) | (mixed >> 33)) &* prime1
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1 &+ prime2, prime2, 0, 0 &- prime1)
        var tail: UInt64 = 0xcbf29ce484222325
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let count = bytes.count
            var offset = 0
            while offset + 32 <= count {
                lanes.0 = round(lanes.0, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                lanes.1 = round(lanes.1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                lanes.2 = round(lanes.2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
                lanes.3 = round(lanes.3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
                offset += 32
            }
            // The last bytes, one at a time.
            while offset < count {
                tail = (tail ^ UInt64(bytes[offset])) &* 0x100000001b3
                offset += 1
            }
        }
        var hash = UInt64(data.count) &* prime1
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3, tail] {
            hash = round(hash ^ round(0, lane), 0) &+ prime2
        }
        hash ^= hash >> 29
        return hex(hash)
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
