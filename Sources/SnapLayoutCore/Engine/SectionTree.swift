/// The sections of a layout in order, as a B-tree over their extents (docs/ARCHITECTURE.md,
/// "Many sections"): a section inserted, deleted, moved or changed in length is O(log n) to
/// apply, and so is everything read from positions — which section is at a position, where it
/// starts, which sections a rect can reach, which holds a snap unit.
///
/// Leaves hold section ids (`SectionStore` keeps the sections by id), inner nodes their
/// children; every node keeps, per item, the sums before it (sections, exact lengths, units)
/// and the running spans the rect query searches, rebuilt in O(items) when the node changes.
/// Nodes hold 8 to 32 items (the root fewer), so 100,000 sections are 4 levels deep and a
/// change rebuilds at most 4 nodes of 32 items (and splits or merges one per level).
///
/// Positions start at 0. A section's start is the exact sum of the lengths before it, plus one
/// spacing per section before it; the tree sums lengths only, a start is
/// `base + lengthBefore(p) + p · spacing` (`start(at:base:)`).
struct SectionTree {
  static let maxItems = 32
  static let minItems = 8
  /// How far the doubles of the summaries may be from the exact spans: a query widens its
  /// range by this much (relative), and tests each element it finds exactly.
  static let slack = 0x1p-40

  /// What comes before an item in its node, and where its spans are, relative to the node's
  /// start.
  private struct ItemSums {
    /// Sections, their exact length and units before the item.
    var count = 0
    var length = WideLength.zero
    var units: Int64 = 0
    /// Where the item starts, the furthest end of the items up to it, the nearest start of the
    /// items from it on, where its first unit rests (infinity: none).
    var start = 0.0
    var maxEnd = 0.0
    var minStart = 0.0
    var firstUnit = 0.0
  }

  private struct Node {
    var isLeaf: Bool
    /// Section ids in a leaf; child nodes otherwise.
    var items: [Int32] = []
    /// Per item: the section's or the child's summary, and its sums (`refresh`).
    var summaries: [ExtentSummary] = []
    var sums: [ItemSums] = []
    var total = ExtentSummary()

    init(isLeaf: Bool) { self.isLeaf = isLeaf }
  }

  private var nodes: [Node] = []
  private var freeNodes: [Int32] = []
  private var root: Int32 = 0
  /// The spacing between consecutive sections.
  let spacing: Double
  private let spacingLength: WideLength

  init(spacing: Double) {
    self.spacing = spacing
    spacingLength = WideLength(spacing)
    nodes = [Node(isLeaf: true)]
    SectionTree.refresh(&nodes[0], spacing: spacingLength)
  }

  /// A tree of `ids` in order with their extents, built in O(n).
  init(ids: [Int32], extents: [SectionExtent], spacing: Double) {
    self.init(spacing: spacing)
    guard !ids.isEmpty else { return }
    nodes = []
    // Leaves three quarters full, so that inserts split rarely and deletes merge rarely.
    let fill = SectionTree.maxItems * 3 / 4
    var level: [Int32] = []
    var first = 0
    while first < ids.count {
      let end = min(ids.count, first + fill)
      var leaf = Node(isLeaf: true)
      leaf.items = Array(ids[first..<end])
      leaf.summaries = extents[first..<end].map { ExtentSummary($0) }
      SectionTree.refresh(&leaf, spacing: spacingLength)
      level.append(Int32(nodes.count))
      nodes.append(leaf)
      first = end
    }
    while level.count > 1 {
      var parents: [Int32] = []
      var next = 0
      while next < level.count {
        let end = min(level.count, next + fill)
        var node = Node(isLeaf: false)
        node.items = Array(level[next..<end])
        node.summaries = node.items.map { nodes[Int($0)].total }
        SectionTree.refresh(&node, spacing: spacingLength)
        parents.append(Int32(nodes.count))
        nodes.append(node)
        next = end
      }
      level = parents
    }
    root = level[0]
  }

  // MARK: Reading

  /// Everything summed: the number of sections, their length, units, widest content.
  var total: ExtentSummary { nodes[Int(root)].total }
  var count: Int { nodes[Int(root)].total.count }

  /// The id of the section at `position` (0 ..< count).
  /// - Complexity: O(log n).
  func id(at position: Int) -> Int32 {
    let (node, index) = leaf(holding: position)
    return nodes[node].items[index]
  }

  /// The leaf holding the section at `position` (0 ..< count) and its index there.
  /// - Complexity: O(log n).
  @inline(__always)
  private func leaf(holding position: Int) -> (node: Int, index: Int) {
    var node = Int(root)
    var local = position
    while true {
      let index = SectionTree.item(holding: local, in: nodes[node].sums)
      if nodes[node].isLeaf { return (node, index) }
      local -= nodes[node].sums[index].count
      node = Int(nodes[node].items[index])
    }
  }

  /// The exact length of the sections before `position` (0 ... count).
  /// - Complexity: O(log n).
  func lengthBefore(_ position: Int) -> WideLength {
    guard position < count else { return total.length }
    var node = Int(root)
    var local = position
    var length = WideLength.zero
    while true {
      let index = SectionTree.item(holding: local, in: nodes[node].sums)
      length += nodes[node].sums[index].length
      if nodes[node].isLeaf { return length }
      local -= nodes[node].sums[index].count
      node = Int(nodes[node].items[index])
    }
  }

  /// The id of the section at `position` (0 ..< count) and its exact start (`exactStart`), in
  /// one descent. - Complexity: O(log n).
  func locate(_ position: Int, base: WideLength) -> (id: Int32, start: WideLength) {
    var node = Int(root)
    var local = position
    var length = WideLength.zero
    while true {
      let index = SectionTree.item(holding: local, in: nodes[node].sums)
      length += nodes[node].sums[index].length
      if nodes[node].isLeaf {
        return (nodes[node].items[index], start(at: position, base: base, lengthBefore: length))
      }
      local -= nodes[node].sums[index].count
      node = Int(nodes[node].items[index])
    }
  }

  /// The exact start of the section at `position` (0 ... count) when the first starts at
  /// `base`: the one formula of a section's start.
  func exactStart(at position: Int, base: WideLength) -> WideLength {
    start(at: position, base: base, lengthBefore: lengthBefore(position))
  }

  @inline(__always)
  private func start(at position: Int, base: WideLength, lengthBefore: WideLength) -> WideLength {
    base + lengthBefore + WideLength(position, times: spacingLength)
  }

  /// The units of the sections before `position` (0 ... count).
  func unitsBefore(_ position: Int) -> Int64 {
    guard position < count else { return total.units }
    var node = Int(root)
    var local = position
    var units: Int64 = 0
    while true {
      let index = SectionTree.item(holding: local, in: nodes[node].sums)
      units = SectionTree.add(units, nodes[node].sums[index].units)
      if nodes[node].isLeaf { return units }
      local -= nodes[node].sums[index].count
      node = Int(nodes[node].items[index])
    }
  }

  /// The section holding unit `unit` (0 ..< total units) and the units before it.
  func section(ofUnit unit: Int64) -> (position: Int, unitsBefore: Int64) {
    var node = Int(root)
    var local = unit
    var position = 0
    var before: Int64 = 0
    while true {
      let sums = nodes[node].sums
      // The last item whose units before it are at most `local` (it holds some).
      var low = 0
      var high = sums.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if sums[mid].units <= local { low = mid } else { high = mid - 1 }
      }
      position += sums[low].count
      before = SectionTree.add(before, sums[low].units)
      local -= sums[low].units
      if nodes[node].isLeaf { return (position, before) }
      node = Int(nodes[node].items[low])
    }
  }

  /// The summary of the section at `position`.
  func summary(at position: Int) -> ExtentSummary {
    let (node, index) = leaf(holding: position)
    return nodes[node].summaries[index]
  }

  /// The first position whose elements (or an earlier section's) may reach `low` along the
  /// main axis, the sections starting at `base`; `count` when none does.
  /// - Complexity: O(log n).
  func firstReaching(_ low: Double, base: WideLength) -> Int {
    let bound = low - SectionTree.slack * max(1, Swift.abs(low))
    var node = Int(root)
    var position = 0
    var start = base
    guard nodes[node].total.count > 0,
      start.points + nodes[node].total.maxEnd >= bound
    else { return count }
    while true {
      let origin = start.points
      let sums = nodes[node].sums
      var low = 0
      var high = sums.count - 1
      while low < high {
        let mid = (low + high) / 2
        if origin + sums[mid].maxEnd >= bound { high = mid } else { low = mid + 1 }
      }
      position += sums[low].count
      start = start + sums[low].length + WideLength(sums[low].count, times: spacingLength)
      if nodes[node].isLeaf { return position }
      node = Int(nodes[node].items[low])
    }
  }

  /// One past the last position whose elements (or a later section's) may start at or before
  /// `high`, the sections starting at `base`.
  /// - Complexity: O(log n).
  func endStartingBy(_ high: Double, base: WideLength) -> Int {
    let bound = high + SectionTree.slack * max(1, Swift.abs(high))
    var node = Int(root)
    var position = 0
    var start = base
    while true {
      let origin = start.points
      let sums = nodes[node].sums
      // The first item from which everything starts past `bound`.
      var low = 0
      var high = sums.count
      while low < high {
        let mid = (low + high) / 2
        if origin + sums[mid].minStart > bound { high = mid } else { low = mid + 1 }
      }
      if low == 0 { return position }
      let index = low - 1
      if nodes[node].isLeaf { return position + low }
      position += sums[index].count
      start = start + sums[index].length + WideLength(sums[index].count, times: spacingLength)
      node = Int(nodes[node].items[index])
    }
  }

  /// The last position holding units whose first unit may rest at or before `x` (its units
  /// rest in order with the others'), the sections starting at `base`; nil when none may.
  /// The caller settles the answer against the exact offsets.
  /// - Complexity: O(log n · 32).
  func lastWithFirstUnit(atOrBefore x: Double, base: WideLength) -> Int? {
    let bound = x + SectionTree.slack * max(1, Swift.abs(x))
    var node = Int(root)
    var position = 0
    var start = base
    while true {
      let origin = start.points
      let sums = nodes[node].sums
      var found = -1
      for index in sums.indices.reversed() {
        let first = sums[index].firstUnit
        if first.isFinite && origin + first <= bound {
          found = index
          break
        }
      }
      if found < 0 {
        // Rounding below the slack: the parent saw this subtree's first unit at or before `x`.
        guard node != Int(root) else { return nil }
        found = sums.firstIndex { $0.firstUnit.isFinite } ?? 0
      }
      position += sums[found].count
      if nodes[node].isLeaf { return position }
      start = start + sums[found].length + WideLength(sums[found].count, times: spacingLength)
      node = Int(nodes[node].items[found])
    }
  }

  /// The last position whose section starts at or before `y` (starts never decrease), the
  /// sections starting at `base`; -1 when none does.
  /// - Complexity: O(log n · log 32).
  func lastStarting(atOrBefore y: Double, base: WideLength) -> Int {
    var node = Int(root)
    var position = 0
    var start = base
    guard count > 0, start.points <= y else { return -1 }
    while true {
      // The last item starting at or before y.
      let sums = nodes[node].sums
      var low = 0
      var high = sums.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        let itemStart = start + sums[mid].length + WideLength(sums[mid].count, times: spacingLength)
        if itemStart.points <= y { low = mid } else { high = mid - 1 }
      }
      position += sums[low].count
      start = start + sums[low].length + WideLength(sums[low].count, times: spacingLength)
      if nodes[node].isLeaf { return position }
      node = Int(nodes[node].items[low])
    }
  }

  /// Visits positions `first ..< end` in order with their ids and summaries; `body` returns
  /// false to stop. - Complexity: O(log n + positions visited).
  func forEach(from first: Int, to end: Int, _ body: (Int, Int32, ExtentSummary) -> Bool) {
    guard first < end else { return }
    var position = first
    _ = visit(Int(root), skip: first, &position, end: end, body)
  }

  private func visit(
    _ node: Int, skip: Int, _ position: inout Int, end: Int,
    _ body: (Int, Int32, ExtentSummary) -> Bool
  ) -> Bool {
    var index = SectionTree.item(holding: skip, in: nodes[node].sums)
    var skip = skip - nodes[node].sums[index].count
    while index < nodes[node].items.count {
      if position >= end { return false }
      if nodes[node].isLeaf {
        if !body(position, nodes[node].items[index], nodes[node].summaries[index]) {
          return false
        }
        position += 1
      } else if !visit(Int(nodes[node].items[index]), skip: skip, &position, end: end, body) {
        return false
      }
      skip = 0
      index += 1
    }
    return true
  }

  // MARK: Changing

  /// Inserts section `id` before `position` (0 ... count). - Complexity: O(log n · 32).
  mutating func insert(_ id: Int32, _ extent: SectionExtent, at position: Int) {
    var path: [(node: Int32, index: Int)] = []
    var node = root
    var local = position
    while !nodes[Int(node)].isLeaf {
      let sums = nodes[Int(node)].sums
      // The last child whose sections before it are at most `local`: an insert at a child's
      // end goes into that child.
      var index = SectionTree.item(holding: local, in: sums)
      if index > 0 && sums[index].count == local { index -= 1 }
      path.append((node, index))
      local -= sums[index].count
      node = nodes[Int(node)].items[index]
    }
    nodes[Int(node)].items.insert(id, at: local)
    nodes[Int(node)].summaries.insert(ExtentSummary(extent), at: local)
    SectionTree.refresh(&nodes[Int(node)], spacing: spacingLength)
    var sibling = splitIfFull(node)
    var child = node
    while let (parent, index) = path.popLast() {
      nodes[Int(parent)].summaries[index] = nodes[Int(child)].total
      if let new = sibling {
        nodes[Int(parent)].items.insert(new, at: index + 1)
        nodes[Int(parent)].summaries.insert(nodes[Int(new)].total, at: index + 1)
      }
      SectionTree.refresh(&nodes[Int(parent)], spacing: spacingLength)
      sibling = splitIfFull(parent)
      child = parent
    }
    if let new = sibling {
      var top = Node(isLeaf: false)
      top.items = [root, new]
      top.summaries = [nodes[Int(root)].total, nodes[Int(new)].total]
      SectionTree.refresh(&top, spacing: spacingLength)
      root = allocate(top)
    }
  }

  /// Removes the section at `position` (0 ..< count) and returns its id.
  /// - Complexity: O(log n · 32).
  @discardableResult
  mutating func remove(at position: Int) -> Int32 {
    var path: [(node: Int32, index: Int)] = []
    var node = root
    var local = position
    while !nodes[Int(node)].isLeaf {
      let index = SectionTree.item(holding: local, in: nodes[Int(node)].sums)
      path.append((node, index))
      local -= nodes[Int(node)].sums[index].count
      node = nodes[Int(node)].items[index]
    }
    let id = nodes[Int(node)].items.remove(at: local)
    nodes[Int(node)].summaries.remove(at: local)
    SectionTree.refresh(&nodes[Int(node)], spacing: spacingLength)
    var child = node
    while let (parent, index) = path.popLast() {
      nodes[Int(parent)].summaries[index] = nodes[Int(child)].total
      if nodes[Int(child)].items.count < SectionTree.minItems {
        rebalance(parent, index)
      }
      SectionTree.refresh(&nodes[Int(parent)], spacing: spacingLength)
      child = parent
    }
    while !nodes[Int(root)].isLeaf && nodes[Int(root)].items.count == 1 {
      let old = root
      root = nodes[Int(old)].items[0]
      release(old)
    }
    return id
  }

  /// Changes the extent of the section at `position`. - Complexity: O(log n · 32).
  mutating func update(at position: Int, _ extent: SectionExtent) {
    var path: [(node: Int32, index: Int)] = []
    var node = root
    var local = position
    while !nodes[Int(node)].isLeaf {
      let index = SectionTree.item(holding: local, in: nodes[Int(node)].sums)
      path.append((node, index))
      local -= nodes[Int(node)].sums[index].count
      node = nodes[Int(node)].items[index]
    }
    nodes[Int(node)].summaries[local] = ExtentSummary(extent)
    SectionTree.refresh(&nodes[Int(node)], spacing: spacingLength)
    var child = node
    while let (parent, index) = path.popLast() {
      nodes[Int(parent)].summaries[index] = nodes[Int(child)].total
      SectionTree.refresh(&nodes[Int(parent)], spacing: spacingLength)
      child = parent
    }
  }

  // MARK: Nodes

  /// Splits a node holding more than `maxItems` into two halves; returns the new right half.
  private mutating func splitIfFull(_ index: Int32) -> Int32? {
    let count = nodes[Int(index)].items.count
    guard count > SectionTree.maxItems else { return nil }
    let half = count / 2
    var right = Node(isLeaf: nodes[Int(index)].isLeaf)
    right.items = Array(nodes[Int(index)].items[half...])
    right.summaries = Array(nodes[Int(index)].summaries[half...])
    nodes[Int(index)].items.removeSubrange(half...)
    nodes[Int(index)].summaries.removeSubrange(half...)
    SectionTree.refresh(&nodes[Int(index)], spacing: spacingLength)
    SectionTree.refresh(&right, spacing: spacingLength)
    return allocate(right)
  }

  /// Gives child `index` of `parent`, which holds fewer than `minItems`, items of a neighbour:
  /// the two merge when they fit in one node, else share their items evenly.
  private mutating func rebalance(_ parent: Int32, _ index: Int) {
    let children = nodes[Int(parent)].items
    guard children.count > 1 else { return }
    let left = index > 0 ? index - 1 : index
    let leftNode = children[left]
    let rightNode = children[left + 1]
    let items = nodes[Int(leftNode)].items + nodes[Int(rightNode)].items
    let summaries = nodes[Int(leftNode)].summaries + nodes[Int(rightNode)].summaries
    if items.count <= SectionTree.maxItems {
      nodes[Int(leftNode)].items = items
      nodes[Int(leftNode)].summaries = summaries
      SectionTree.refresh(&nodes[Int(leftNode)], spacing: spacingLength)
      nodes[Int(parent)].items.remove(at: left + 1)
      nodes[Int(parent)].summaries.remove(at: left + 1)
      nodes[Int(parent)].summaries[left] = nodes[Int(leftNode)].total
      release(rightNode)
    } else {
      let half = items.count / 2
      nodes[Int(leftNode)].items = Array(items[..<half])
      nodes[Int(leftNode)].summaries = Array(summaries[..<half])
      nodes[Int(rightNode)].items = Array(items[half...])
      nodes[Int(rightNode)].summaries = Array(summaries[half...])
      SectionTree.refresh(&nodes[Int(leftNode)], spacing: spacingLength)
      SectionTree.refresh(&nodes[Int(rightNode)], spacing: spacingLength)
      nodes[Int(parent)].summaries[left] = nodes[Int(leftNode)].total
      nodes[Int(parent)].summaries[left + 1] = nodes[Int(rightNode)].total
    }
  }

  private mutating func allocate(_ node: Node) -> Int32 {
    if let index = freeNodes.popLast() {
      nodes[Int(index)] = node
      return index
    }
    nodes.append(node)
    return Int32(nodes.count - 1)
  }

  private mutating func release(_ index: Int32) {
    nodes[Int(index)] = Node(isLeaf: true)
    freeNodes.append(index)
  }

  /// The item whose sections hold position `local` (the last item for `local` past the end).
  @inline(__always)
  private static func item(holding local: Int, in sums: [ItemSums]) -> Int {
    var low = 0
    var high = max(0, sums.count - 1)
    while low < high {
      let mid = (low + high + 1) / 2
      if sums[mid].count <= local { low = mid } else { high = mid - 1 }
    }
    return low
  }

  @inline(__always)
  static func add(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int64.max : sum
  }

  /// Rebuilds a node's sums and spans from its items' summaries. - Complexity: O(items).
  private static func refresh(_ node: inout Node, spacing: WideLength) {
    let count = node.items.count
    node.sums.removeAll(keepingCapacity: true)
    node.sums.reserveCapacity(count)
    var total = ExtentSummary()
    var sums = ItemSums()
    var furthest = -Double.infinity
    for index in 0..<count {
      let item = node.summaries[index]
      sums.start = (sums.length + WideLength(sums.count, times: spacing)).points
      furthest = max(furthest, sums.start + item.maxEnd)
      sums.maxEnd = furthest
      sums.firstUnit = item.firstUnit.isFinite ? sums.start + item.firstUnit : .infinity
      if !total.firstUnit.isFinite { total.firstUnit = sums.firstUnit }
      node.sums.append(sums)
      sums.count += item.count
      sums.length += item.length
      sums.units = add(sums.units, item.units)
      total.unitSections += item.unitSections
      total.crossExtent = max(total.crossExtent, item.crossExtent)
      if total.stride == 0 { total.stride = item.stride }
    }
    var nearest = Double.infinity
    for index in (0..<count).reversed() {
      nearest = min(nearest, node.sums[index].start + node.summaries[index].minStart)
      node.sums[index].minStart = nearest
    }
    total.count = sums.count
    total.length = sums.length
    total.units = sums.units
    total.maxEnd = furthest
    total.minStart = count > 0 ? node.sums[0].minStart : .infinity
    node.total = total
  }
}
