/// The sections of a layout (docs/ARCHITECTURE.md, "Many sections"): each entry kept under a
/// number of its own (its id) that stays while sections are inserted, deleted and moved around
/// it, ordered by a `SectionTree` over their extents, so that a change is O(log n) plus the
/// changed section's own work.
///
/// Reading by position goes through the tree (O(log n)), except below `flatCount`: the ids and
/// starts of the first positions are kept in plain arrays as the tree has them, rebuilt when
/// the layout is solved at a new size and extended by sections appended after them, and cut
/// back to the first position a change moves — so a layout that is not changed before its end
/// answers an item's frame in O(1).
///
/// A class: the main scroll's units read the sections through it while the layout keeps it.
final class SectionStore {
  /// By id. A free id keeps its last section's shape and nothing else (`SectionEntry.freed`);
  /// not optional, so that queries read an entry in place instead of copying it.
  private(set) var slots: [SectionEntry] = []
  private var freeIDs: [Int32] = []
  /// The sections in order, with their extents once solved.
  private(set) var tree: SectionTree
  /// Where the first section starts (after the layout's leading boundary items), exactly.
  private(set) var base = WideLength.zero
  /// The ids and starts of positions `0 ..< flatCount`, as the tree has them, and the running
  /// maximum of their elements' ends (docs/ARCHITECTURE.md: the rect query's monotone arrays)
  /// for the first `flatMaxEnds.count` of them.
  private var flat: [(start: Double, id: Int32)] = []
  private var flatMaxEnds: [Double] = []
  /// The running minimum of the elements' starts from each position to the last: kept while
  /// every position is flat (a change anywhere but at the end clears it).
  private var flatMinStarts: [Double] = []

  init(_ entries: [SectionEntry], spacing: Double) {
    slots = entries.map { $0 }
    let ids = entries.indices.map { Int32($0) }
    tree = SectionTree(
      ids: ids, extents: Array(repeating: SectionExtent(), count: ids.count), spacing: spacing)
    count = ids.count
    flatten()
  }

  /// The number of sections (kept apart from the tree: every query checks it).
  private(set) var count = 0
  var spacing: Double { tree.spacing }
  /// How many first positions read their id and start from the plain arrays.
  var flatCount: Int { flat.count }

  /// The id of the section at `position` and where it starts, in one lookup (an item's
  /// frame asks for both). - Complexity: O(1) below `flatCount`, else O(log n).
  @inline(__always)
  func locate(_ position: Int) -> (id: Int, start: Double) {
    if position < flat.count { return (Int(flat[position].id), flat[position].start) }
    return locateInTree(position)
  }

  @inline(never)
  private func locateInTree(_ position: Int) -> (id: Int, start: Double) {
    let (id, start) = tree.locate(position, base: base)
    return (Int(id), start.points)
  }

  /// The id of the section at `position` (0 ..< count). - Complexity: O(1) below `flatCount`,
  /// else O(log n).
  @inline(__always)
  func id(at position: Int) -> Int32 {
    position < flat.count ? flat[position].id : tree.id(at: position)
  }

  /// Where the section at `position` (0 ... count) starts along the main axis, rounded once from
  /// the exact sum (`SectionTree.exactStart`): the one formula of a section's start.
  /// - Complexity: O(1) below `flatCount`, else O(log n).
  @inline(__always)
  func start(at position: Int) -> Double {
    position < flat.count ? flat[position].start : exactStart(at: position).points
  }

  /// Calls `body` with each position in `positions`, its section's id and its start, in order,
  /// until it returns false: the plain arrays, then one descent of the tree and a walk of its
  /// leaves, the start summed on exactly (`start(at:)`'s formula, term by term).
  /// - Complexity: O(log n + positions).
  @inline(__always)
  func forEachPlaced(_ positions: Range<Int>, _ body: (Int, Int, Double) -> Bool) {
    var position = positions.lowerBound
    let flatEnd = min(positions.upperBound, flat.count)
    while position < flatEnd {
      if !body(position, Int(flat[position].id), flat[position].start) { return }
      position += 1
    }
    guard position < positions.upperBound else { return }
    var start = exactStart(at: position)
    let spacing = WideLength(tree.spacing)
    tree.forEach(from: position, to: positions.upperBound) { position, id, summary in
      guard body(position, Int(id), start.points) else { return false }
      start += summary.length + spacing
      return true
    }
  }

  func exactStart(at position: Int) -> WideLength {
    tree.exactStart(at: position, base: base)
  }

  /// The section at `position`, read and changed in place.
  subscript(position: Int) -> SectionEntry {
    _read { yield slots[Int(id(at: position))] }
    _modify {
      let id = Int(id(at: position))
      yield &slots[id]
    }
  }

  subscript(id id: Int32) -> SectionEntry {
    _read { yield slots[Int(id)] }
    _modify { yield &slots[Int(id)] }
  }

  /// The ids in order. - Complexity: O(n).
  func orderedIDs() -> [Int32] {
    if flat.count == count { return flat.map { $0.id } }
    var ids: [Int32] = []
    ids.reserveCapacity(count)
    tree.forEach(from: 0, to: count) { _, id, _ in
      ids.append(id)
      return true
    }
    return ids
  }

  // MARK: Changing

  /// Inserts `entries` before `position`, with their extents. - Complexity: O(k log n).
  func insert(_ entries: [SectionEntry], extents: [SectionExtent], at position: Int) {
    let appended = position == count && flat.count == count
    // The running minimum of starts, which an append can keep (the cut clears it).
    let minStarts = appended ? flatMinStarts : []
    cut(from: position)
    for (offset, entry) in entries.enumerated() {
      let id: Int32
      if let free = freeIDs.popLast() {
        id = free
        slots[Int(id)] = entry
      } else {
        id = Int32(slots.count)
        slots.append(entry)
      }
      tree.insert(id, extents[offset], at: position + offset)
    }
    count = tree.count
    // Sections appended after a complete prefix extend it.
    if appended {
      extend(to: count, minStarts: minStarts)
    } else {
      catchUp()
    }
  }

  /// Removes sections `position ..< position + count` and returns them in order.
  /// - Complexity: O(k log n).
  @discardableResult
  func remove(at position: Int, count removed: Int) -> [SectionEntry] {
    cut(from: position)
    var entries: [SectionEntry] = []
    for _ in 0..<removed {
      let id = tree.remove(at: position)
      entries.append(slots[Int(id)])
      slots[Int(id)] = slots[Int(id)].freed
      freeIDs.append(id)
    }
    count = tree.count
    catchUp()
    return entries
  }

  /// Moves the section at `from` to `to` (its index afterwards). - Complexity: O(log n).
  func move(from: Int, to: Int) {
    cut(from: min(from, to))
    let extent = tree.summary(at: from)
    let id = tree.remove(at: from)
    tree.insert(id, SectionExtent(summary: extent), at: to)
    catchUp()
  }

  /// Puts `entry` in the place of the section at `position` (described anew), under the same
  /// id. - Complexity: O(log n).
  func replace(at position: Int, with entry: SectionEntry, extent: SectionExtent) {
    slots[Int(id(at: position))] = entry
    update(at: position, extent)
  }

  /// Records the extent of the section at `position` after it was solved again: the sections
  /// after it move when its length changed. - Complexity: O(log n).
  func update(at position: Int, _ extent: SectionExtent) {
    let old = tree.summary(at: position)
    if WideLength(extent.length) != old.length { cut(from: position + 1) }
    if extent.mainMax != old.maxEnd || extent.mainMin != old.minStart {
      // The running extremes change from this section on; ids and starts stay.
      flatMinStarts.removeAll()
      if position < flatMaxEnds.count { flatMaxEnds.removeLast(flatMaxEnds.count - position) }
    }
    tree.update(at: position, extent)
    catchUp()
  }

  /// Puts the first section's start at `base` (every section moves with it).
  func setBase(_ base: WideLength) {
    guard base != self.base else { return }
    self.base = base
    cut(from: 0)
    catchUp()
  }

  /// Orders the sections as `ids` with `extents` (a solve of every section), and reads every
  /// position from the plain arrays again. - Complexity: O(n).
  func rebuild(ids: [Int32], extents: [SectionExtent], base: WideLength) {
    tree = SectionTree(ids: ids, extents: extents, spacing: tree.spacing)
    self.base = base
    flatten()
  }

  /// The sections whose elements may reach into `low ... high` along the main axis: binary
  /// searches of the monotone arrays while every position is flat, else the tree's, both with
  /// the tree's slack (a few more near the ends, each element being tested exactly).
  /// - Complexity: O(log n).
  func candidates(from low: Double, to high: Double) -> Range<Int> {
    // With the tree's slack: a section's span is a sum, and its elements' frames sums in
    // another order, a few ulps apart (review 9: a cell whose frame ended 2 ulps past its
    // section's span was left out of a rect between the two ends).
    let lowBound = low - SectionTree.slack * max(1, Swift.abs(low))
    let highBound = high + SectionTree.slack * max(1, Swift.abs(high))
    guard flatMinStarts.count == count, flatMaxEnds.count == count else {
      if flat.count == count && count <= SectionStore.fewSections {
        return fewCandidates(from: lowBound, to: highBound)
      }
      let first = tree.firstReaching(low, base: base)
      return first..<max(first, tree.endStartingBy(high, base: base))
    }
    // First section whose span (or an earlier one's) reaches `low`.
    var lo = 0
    var hi = count
    while lo < hi {
      let mid = (lo + hi) / 2
      if flatMaxEnds[mid] < lowBound { lo = mid + 1 } else { hi = mid }
    }
    let first = lo
    // One past the last section starting at or before `high`.
    lo = first
    hi = count
    while lo < hi {
      let mid = (lo + hi) / 2
      if flatMinStarts[mid] <= highBound { lo = mid + 1 } else { hi = mid }
    }
    return first..<max(first, lo)
  }

  /// Up to this many sections, `candidates` reads their extremes one by one where a change
  /// left the running ones out of date (a self-sizing list after a report): fewer
  /// instructions than the tree's two descents.
  private static let fewSections = 4

  /// `candidates` from every position's start and extremes: the first whose elements, or an
  /// earlier position's, reach `lowBound`, to one past the last whose elements start at or
  /// before `highBound` (what the binary searches of the running extremes find).
  /// - Complexity: O(n).
  private func fewCandidates(from lowBound: Double, to highBound: Double) -> Range<Int> {
    var first = count
    var end = 0
    var furthest = -Double.infinity
    for position in 0..<count {
      let summary = tree.summary(at: position)
      let point = flat[position].start
      furthest = max(furthest, point + summary.maxEnd)
      if first == count && furthest >= lowBound { first = position }
      if point + summary.minStart <= highBound { end = position + 1 }
    }
    return first..<max(first, end)
  }

  /// How many positions a change reads into the plain arrays again after the first it moved:
  /// the sections a host shows next to the one it changed (a cell measured on screen) answer in
  /// O(1) again, for O(catchUp) more work per change.
  private static let catchUpCount = 64

  /// Reads the next `catchUpCount` positions into the plain arrays.
  private func catchUp() {
    guard flat.count < count else { return }
    extend(to: min(count, flat.count + SectionStore.catchUpCount), minStarts: nil)
  }

  /// Positions from `position` on read through the tree (their ids or starts changed).
  private func cut(from position: Int) {
    flatMinStarts.removeAll()
    if position < flatMaxEnds.count { flatMaxEnds.removeLast(flatMaxEnds.count - position) }
    guard position < flat.count else { return }
    flat.removeLast(flat.count - position)
  }

  /// Reads positions up to `end` from the plain arrays again, starting where they end. The
  /// running minimum of starts, when `minStarts` holds it for the positions before, is kept
  /// for sections appended after them, unless one reaches back more than a few sections.
  private func extend(to end: Int, minStarts: [Double]?) {
    var start = exactStart(at: flat.count)
    let spacing = WideLength(tree.spacing)
    var furthest = flatMaxEnds.last ?? -Double.infinity
    let extremes = flatMaxEnds.count == flat.count
    var nearest = minStarts ?? []
    var complete = extremes && minStarts?.count == flat.count
    tree.forEach(from: flat.count, to: end) { _, id, summary in
      let point = start.points
      flat.append((point, id))
      if extremes {
        furthest = max(furthest, point + summary.maxEnd)
        flatMaxEnds.append(furthest)
      }
      if complete {
        let own = point + summary.minStart
        nearest.append(own)
        var index = nearest.count - 2
        while index >= 0 && nearest[index] > own {
          nearest[index] = own
          index -= 1
          if nearest.count - index > SectionStore.reach { complete = false }
        }
      }
      start += summary.length + spacing
      return true
    }
    if complete && flat.count == count { flatMinStarts = nearest }
  }

  /// How far back an appended section's elements may reach (in sections) with the running
  /// minimum of starts kept.
  private static let reach = 64

  /// Reads every position from the plain arrays. - Complexity: O(n).
  private func flatten() {
    flat.removeAll(keepingCapacity: true)
    flatMaxEnds.removeAll(keepingCapacity: true)
    flatMinStarts.removeAll(keepingCapacity: true)
    flat.reserveCapacity(count)
    flatMaxEnds.reserveCapacity(count)
    extend(to: count, minStarts: nil)
    // Every position flat: the running minimum of starts, by a backward pass.
    var nearest = Double.infinity
    var minStarts = [Double](repeating: 0, count: count)
    var index = count
    tree.forEach(from: 0, to: count) { position, _, summary in
      minStarts[position] = flat[position].start + summary.minStart
      return true
    }
    while index > 0 {
      index -= 1
      nearest = min(nearest, minStarts[index])
      minStarts[index] = nearest
    }
    flatMinStarts = minStarts
  }
}

extension SectionExtent {
  /// The extent a tree leaf summarises (a section moved keeps its extent).
  init(summary: ExtentSummary) {
    self.init()
    length = summary.length.points
    mainMin = summary.minStart
    mainMax = summary.maxEnd
    units = summary.units
    firstUnit = summary.firstUnit
    crossExtent = summary.crossExtent
    stride = summary.stride
  }
}
