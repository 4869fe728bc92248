/// Places rectangles on as few square sheets as it can: MaxRects with the best short
/// side fit (Jylänki, "A Thousand Ways to Pack the Bin", 2010), which leaves the
/// least waste among the simple packers TexturePacker and libGDX also offer.
///
/// The result depends only on the sizes and their order in the input: rectangles are
/// placed largest first (longer side, then shorter side, then input order, which the
/// caller makes key order), each on the first sheet with room for it, so the same
/// labels always give the same sheets, whatever thread drew them.
struct AtlasPacker {
    /// A rectangle to place: a frame with its extruded edge, without padding.
    struct Item: Equatable {
        var width: Int
        var height: Int
    }

    /// Where an item went: its sheet, and its top left corner there.
    struct Placement: Equatable {
        var sheet: Int
        var x: Int
        var y: Int
    }

    /// The side of a sheet; no item may be wider or taller.
    let side: Int
    /// Space kept free to the right of and below every item.
    let padding: Int

    /// The placement of each item, in input order; every item must fit on a sheet.
    func pack(_ items: [Item]) -> [Placement] {
        precondition(items.allSatisfy { $0.width <= side && $0.height <= side }, "an item is larger than a sheet")
        let order = items.indices.sorted { a, b in
            let (i, j) = (items[a], items[b])
            let keyA = (max(i.width, i.height), min(i.width, i.height)), keyB = (max(j.width, j.height), min(j.width, j.height))
            return keyA != keyB ? keyA > keyB : a < b
        }
        // An item takes its padding on the right and at the bottom; a sheet padding
        // wider than `side` lets the last column and row drop theirs.
        var sheets: [FreeSpace] = []
        var placements = [Placement?](repeating: nil, count: items.count)
        for index in order {
            let width = items[index].width + padding, height = items[index].height + padding
            var placed = false
            for sheet in sheets.indices {
                if let spot = sheets[sheet].bestShortSideFit(width: width, height: height) {
                    sheets[sheet].occupy(Rect(x: spot.x, y: spot.y, width: width, height: height))
                    placements[index] = Placement(sheet: sheet, x: spot.x, y: spot.y)
                    placed = true
                    break
                }
            }
            if !placed {
                var fresh = FreeSpace(side: side + padding)
                fresh.occupy(Rect(x: 0, y: 0, width: width, height: height))
                sheets.append(fresh)
                placements[index] = Placement(sheet: sheets.count - 1, x: 0, y: 0)
            }
        }
        return placements.map { $0! }
    }
}

/// A rectangle in sheet pixels.
private struct Rect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var maxX: Int { x + width }
    var maxY: Int { y + height }

    func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

/// The free space of one sheet as MaxRects keeps it: every maximal free rectangle,
/// overlapping one another.
private struct FreeSpace {
    private var free: [Rect]

    init(side: Int) { free = [Rect(x: 0, y: 0, width: side, height: side)] }

    /// The corner of the free rectangle whose shorter leftover side is smallest (then
    /// the longer one, then the topmost, leftmost), or nil when none holds the size.
    func bestShortSideFit(width: Int, height: Int) -> (x: Int, y: Int)? {
        var best: (score: (Int, Int, Int, Int), x: Int, y: Int)?
        for rect in free where rect.width >= width && rect.height >= height {
            let leftX = rect.width - width, leftY = rect.height - height
            let score = (min(leftX, leftY), max(leftX, leftY), rect.y, rect.x)
            if best == nil || score < best!.score { best = (score, rect.x, rect.y) }
        }
        return best.map { ($0.x, $0.y) }
    }

    /// Takes `used` out of the free space: each free rectangle it overlaps is split
    /// into the up to four maximal pieces around it, and pieces inside others go.
    mutating func occupy(_ used: Rect) {
        var pieces: [Rect] = []
        for rect in free {
            guard rect.intersects(used) else {
                pieces.append(rect)
                continue
            }
            if used.x > rect.x { pieces.append(Rect(x: rect.x, y: rect.y, width: used.x - rect.x, height: rect.height)) }
            if used.maxX < rect.maxX {
                pieces.append(Rect(x: used.maxX, y: rect.y, width: rect.maxX - used.maxX, height: rect.height))
            }
            if used.y > rect.y { pieces.append(Rect(x: rect.x, y: rect.y, width: rect.width, height: used.y - rect.y)) }
            if used.maxY < rect.maxY {
                pieces.append(Rect(x: rect.x, y: used.maxY, width: rect.width, height: rect.maxY - used.maxY))
            }
        }
        // Of two equal pieces the first stays, so the list, and the packing, stays the same.
        free = pieces.enumerated().filter { index, piece in
            !pieces.enumerated().contains { other, rect in
                other != index && rect.contains(piece) && (rect != piece || other < index)
            }
        }.map(\.element)
    }
}
