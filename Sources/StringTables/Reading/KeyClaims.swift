/// The keys a table has defined so far, to find one defined twice.
///
/// Read whole, each key keeps its place, so the message can name the first definition.
/// Read a chunk at a time, only a hash per key is kept (a key's place would cost more
/// memory than the table's strings): a repeated hash, a duplicate or (all but never) a
/// collision, ends the one-pass read, and the file is read whole to say exactly what.
struct KeyClaims<Place> {
    private var places: [String: Place] = [:]
    private var hashes: Set<Int> = []
    private let hashed: Bool

    /// What claiming a key found.
    enum Claim {
        case first
        /// The key, or when hashed perhaps only its hash, was claimed before; the
        /// earlier place is known only when not hashed.
        case repeated(earlier: Place?)
    }

    /// Claims that keep places (`hashed` false) or only hashes.
    init(hashed: Bool) {
        self.hashed = hashed
    }

    mutating func claim(_ key: String, at place: Place) -> Claim {
        if hashed {
            return hashes.insert(key.hashValue).inserted ? .first : .repeated(earlier: nil)
        }
        if let earlier = places[key] {
            return .repeated(earlier: earlier)
        }
        places[key] = place
        return .first
    }

    /// Where `key` was claimed; nil when it was not, or when only hashes are kept.
    func place(of key: String) -> Place? {
        places[key]
    }
}

/// How a parser reads: the whole file, keeping every place for messages, or a chunk at
/// a time, keeping only the entries asked for and a hash per key.
struct ReadingMode {
    /// Which keys to keep (all when nil).
    var keeping: ((String) -> Bool)?
    /// Whether key claims keep only hashes; a parser reading this way stops at the
    /// first problem, and the file is read again whole for the message.
    var hashed: Bool

    /// Every entry, every place.
    static var whole: ReadingMode { ReadingMode(keeping: nil, hashed: false) }

    func keeps(_ key: String) -> Bool {
        keeping?(key) ?? true
    }
}
