/// What the measured repetitions of one page — or of all pages — add up to: how much longer
/// they make the section, how far their cells and badges reach beyond what the template's
/// envelope covers, and the largest lengths the section shares (docs/SELF-SIZING.md, "How it
/// stays logarithmic").
///
/// Positions along the repeat axis are relative to the start of the page's first repetition
/// as if no repetition before it were measured; across it, relative to a repetition's origin.
struct MeasuredSummary: Equatable {
  /// How much longer than the template the repetitions are, together, exactly
  /// (docs/ARCHITECTURE.md, "Exact sums").
  var total = ExactLength.zero
  /// The furthest point reached along the repeat axis by a repetition whose elements reach past
  /// what the template's reach covers (−∞ when none does).
  var reachAfter = -Double.infinity
  /// The earliest point reached before its repetition by such a repetition (+∞ when none).
  var reachBefore = Double.infinity
  /// Across the repeat axis: the furthest and earliest points reached beyond the template's
  /// envelope (orthogonal sections only; −∞ and +∞ when none).
  var crossAfter = -Double.infinity
  var crossBefore = Double.infinity
  /// The largest extent of a measured repetition across the repeat axis (0 when not tracked).
  var largestCross = 0.0
  /// The largest measured lengths of the root group's `uniformAcrossSiblings` cells.
  var uniform = Size.zero

  /// Whether `other`'s extremes (across the axis, shared lengths) are all within this one's.
  func covers(_ other: MeasuredSummary) -> Bool {
    other.crossAfter <= crossAfter && other.crossBefore >= crossBefore
      && other.largestCross <= largestCross && other.uniform.width <= uniform.width
      && other.uniform.height <= uniform.height
  }

  /// These extremes widened to `other`'s (order does not matter: maxima are exact).
  mutating func widen(to other: MeasuredSummary) {
    crossAfter = max(crossAfter, other.crossAfter)
    crossBefore = min(crossBefore, other.crossBefore)
    largestCross = max(largestCross, other.largestCross)
    uniform.width = max(uniform.width, other.uniform.width)
    uniform.height = max(uniform.height, other.uniform.height)
  }
}

/// One node of a `MeasuredSummaryTree`: a run of pages along the repeat axis.
struct MeasuredRun: Equatable {
  var total = ExactLength.zero
  var reachAfter = -Double.infinity
  var reachBefore = Double.infinity

  /// A run followed by another. Every value is a function of the two alone (the totals sum
  /// exactly), so a tree of runs holds the same bits whatever order its leaves were updated in.
  @inline(__always)
  static func combine(_ first: MeasuredRun, _ second: MeasuredRun) -> MeasuredRun {
    var run = MeasuredRun(
      total: first.total + second.total, reachAfter: first.reachAfter,
      reachBefore: first.reachBefore)
    // Most runs reach nothing: no rounding of the total then.
    if second.reachAfter > -Double.infinity {
      run.reachAfter = max(run.reachAfter, first.total.points + second.reachAfter)
    }
    if second.reachBefore < Double.infinity {
      run.reachBefore = min(run.reachBefore, first.total.points + second.reachBefore)
    }
    return run
  }
}

/// A segment tree of the pages' runs over the space of page keys (a page's index among all the
/// section's pages, measured or not): the summary of the pages before any key, and the pages
/// whose reach passes a point, in O(log keys).
///
/// Sparse: only the nodes above a page exist, so a section holds O(pages · log keys) nodes
/// however many items it has, and a page that opens or goes adds or removes one path —
/// O(log keys), not a rebuild of the directory (issue 19). Each node covers a fixed, aligned
/// range of keys and is computed from its two children (an absent child is the empty run), never
/// updated by differences: its value, and every sum read from the tree, depend only on the
/// pages as they are — not on the order of the reports that made them, nor on how tall the tree
/// grew for a key once present (issue 16, defect 7; the empty run is `combine`'s identity).
struct MeasuredSummaryTree {
  private struct Node {
    var run = MeasuredRun()
    /// The children's indices in `nodes`, or -1 where no page is below.
    var left: Int32 = -1
    var right: Int32 = -1
  }

  /// The nodes in fixed blocks of `blockSize`, reached through one array of block addresses: a
  /// growing tree adds a block and never copies the nodes it has. (One array of nodes, doubled
  /// as it grew, copied every node into fresh memory: the report that grew it at 524,288
  /// measured rows took 256–370 µs; docs/PERFORMANCE.md, "Own sizes".) Shared by copies of the
  /// tree until one of them changes (`unique()`), which then copies the blocks.
  private final class Nodes {
    static let shift = 8
    static let blockSize = 1 << shift
    /// The blocks' addresses (`capacity` of them, the first `blockCount` in use): a table of
    /// its own, not an array, so that reaching a node is two loads without a check (the
    /// indices are the tree's own links, `0 ..< count`).
    private var table: UnsafeMutablePointer<UnsafeMutablePointer<Node>>
    private var capacity = 4
    private var blockCount = 0
    private(set) var count = 0

    init() {
      table = .allocate(capacity: capacity)
    }

    init(copying other: Nodes) {
      capacity = other.capacity
      table = .allocate(capacity: capacity)
      for index in 0..<other.blockCount {
        let copy = UnsafeMutablePointer<Node>.allocate(capacity: Nodes.blockSize)
        copy.initialize(from: other.table[index], count: Nodes.blockSize)
        (table + index).initialize(to: copy)
      }
      blockCount = other.blockCount
      count = other.count
    }

    deinit {
      for index in 0..<blockCount {
        table[index].deinitialize(count: Nodes.blockSize)
        table[index].deallocate()
      }
      table.deallocate()
    }

    /// Where node `index` (`0 ..< count`) is.
    @inline(__always)
    private func address(_ index: Int) -> UnsafeMutablePointer<Node> {
      table[index >> Nodes.shift] + (index & (Nodes.blockSize - 1))
    }

    /// Node `index` (`0 ..< count`).
    subscript(index: Int) -> Node {
      @inline(__always) get { address(index).pointee }
      @inline(__always) set {
        precondition(index >= 0 && index < count)
        address(index).pointee = newValue
      }
    }

    @inline(__always) func run(_ index: Int) -> MeasuredRun { address(index).pointee.run }
    @inline(__always) func left(_ index: Int) -> Int32 { address(index).pointee.left }
    @inline(__always) func right(_ index: Int) -> Int32 { address(index).pointee.right }
    @inline(__always) func total(_ index: Int) -> ExactLength { address(index).pointee.run.total }

    @inline(__always) func setRun(_ index: Int, _ run: MeasuredRun) {
      precondition(index >= 0 && index < count)
      address(index).pointee.run = run
    }
    @inline(__always) func setLeft(_ index: Int, _ child: Int32) {
      precondition(index >= 0 && index < count)
      address(index).pointee.left = child
    }
    @inline(__always) func setRight(_ index: Int, _ child: Int32) {
      precondition(index >= 0 && index < count)
      address(index).pointee.right = child
    }

    /// Adds `node`; returns its index. A new block every `blockSize` nodes; the table of
    /// blocks doubles (8 bytes a block).
    func append(_ node: Node) -> Int {
      if count == blockCount << Nodes.shift {
        if blockCount == capacity {
          let grown = UnsafeMutablePointer<UnsafeMutablePointer<Node>>.allocate(
            capacity: 2 * capacity)
          grown.moveInitialize(from: table, count: blockCount)
          table.deallocate()
          table = grown
          capacity *= 2
        }
        let block = UnsafeMutablePointer<Node>.allocate(capacity: Nodes.blockSize)
        block.initialize(repeating: Node(), count: Nodes.blockSize)
        (table + blockCount).initialize(to: block)
        blockCount += 1
      }
      count += 1
      address(count - 1).pointee = node
      return count - 1
    }
  }

  /// `nodes[0]` is the root: it covers the keys `0 ..< 1 << height`.
  private var nodes: Nodes = {
    let nodes = Nodes()
    _ = nodes.append(Node())
    return nodes
  }()

  /// Makes the nodes this tree's own before a change (a copy of the tree shares them).
  private mutating func unique() {
    if !isKnownUniquelyReferenced(&nodes) { nodes = Nodes(copying: nodes) }
  }
  /// At least 1: the root is never a leaf.
  private var height = 1
  /// Indices of nodes no longer in the tree, for reuse.
  private var unused: [Int32] = []
  /// The number of pages.
  private(set) var count = 0

  init() {}

  /// A tree of `run(key)` for each of `keys`. - Complexity: O(keys · log keys).
  init(keys: [Int64], _ run: (Int) -> MeasuredRun) {
    for index in keys.indices { set(run(index), key: keys[index]) }
  }

  /// The run of every page.
  var root: MeasuredRun { nodes[0].run }

  private func run(_ node: Int32) -> MeasuredRun {
    node < 0 ? MeasuredRun() : nodes.run(Int(node))
  }

  private mutating func allocate() -> Int32 {
    if let reused = unused.popLast() {
      nodes[Int(reused)] = Node()
      return reused
    }
    return Int32(nodes.append(Node()))
  }

  /// Holds `run` as the page at `key` (a page added or changed). - Complexity: O(log keys).
  mutating func set(_ run: MeasuredRun, key: Int64) {
    precondition(key >= 0, "page keys are not negative")
    unique()
    while key >> height != 0 {
      // A level above: the old root becomes the new one's left child, with the same value.
      if nodes[0].left >= 0 || nodes[0].right >= 0 {
        let child = allocate()
        nodes[Int(child)] = nodes[0]
        nodes[0].left = child
        nodes[0].right = -1
      }
      height += 1
    }
    if set(run, key: key, node: 0, level: height) { count += 1 }
  }

  /// Sets the leaf of `key` below `node` (at `level`) and recomputes the path up; true when the
  /// leaf is new.
  private mutating func set(_ run: MeasuredRun, key: Int64, node: Int, level: Int) -> Bool {
    guard level > 0 else {
      nodes.setRun(node, run)
      return false
    }
    let right = (key >> (level - 1)) & 1 == 1
    var child = right ? nodes.right(node) : nodes.left(node)
    var added = false
    if child < 0 {
      child = allocate()
      if right { nodes.setRight(node, child) } else { nodes.setLeft(node, child) }
      added = level == 1
    }
    let grown = set(run, key: key, node: Int(child), level: level - 1)
    nodes.setRun(node, MeasuredRun.combine(self.run(nodes.left(node)), self.run(nodes.right(node))))
    return added || grown
  }

  /// Removes the page at `key` (nothing when there is none). - Complexity: O(log keys).
  mutating func remove(key: Int64) {
    guard key >= 0, key >> height == 0 else { return }
    unique()
    if remove(key: key, node: 0, level: height) { count -= 1 }
  }

  /// Removes the leaf of `key` below `node`, freeing the nodes left without pages; true when
  /// there was one.
  private mutating func remove(key: Int64, node: Int, level: Int) -> Bool {
    guard level > 0 else { return true }
    let right = (key >> (level - 1)) & 1 == 1
    let child = right ? nodes[node].right : nodes[node].left
    guard child >= 0, remove(key: key, node: Int(child), level: level - 1) else { return false }
    if level == 1 || (nodes[Int(child)].left < 0 && nodes[Int(child)].right < 0) {
      unused.append(child)
      if right { nodes[node].right = -1 } else { nodes[node].left = -1 }
    }
    nodes[node].run = MeasuredRun.combine(run(nodes[node].left), run(nodes[node].right))
    return true
  }

  /// The sum of the totals of the pages before `key`, exactly. - Complexity: O(log keys).
  func prefix(_ key: Int64) -> ExactLength {
    // Nothing is before the first page (a section's first repetition: every report asks).
    guard key > 0 else { return .zero }
    guard key >> height == 0 else { return root.total }
    var sum = ExactLength.zero
    var node = 0
    var level = height
    let nodes = self.nodes
    while level > 0 {
      level -= 1
      let left = nodes.left(node)
      if (key >> level) & 1 == 1 {
        if left >= 0 { sum = sum + nodes.total(Int(left)) }
        let right = nodes.right(node)
        guard right >= 0 else { break }
        node = Int(right)
      } else {
        guard left >= 0 else { break }
        node = Int(left)
      }
    }
    return sum
  }

  /// The largest key `k` the tree covers whose page would start at or before `end`, key `k`
  /// starting at `k · pageLength + prefix(k)` (pages start in order: a page's total is never
  /// below `-pageLength`), with `prefix(k)`; key 0 when none does. Keys without a page count
  /// too; the caller takes the last page at or before the key found (none lies past the keys
  /// covered). `pageLength` must be positive. - Complexity: O(log keys).
  ///
  /// A descent in 128-bit integers: where `pageLength` converts exactly (from 2⁻⁷ pt up to
  /// `ExactLength.limit`), `k · pageLength` is exact and grows by `pageLength · 2^level` as
  /// the descent goes right, no conversion or product a level; otherwise (a page shorter
  /// than 2⁻⁷ pt, or past the limit) it is the product in double precision, converted.
  func last(startingBy end: ExactLength, pageLength: Double) -> (key: Int64, prefix: ExactLength) {
    let exact = ExactLength.convertsExactly(pageLength)
    let length = ExactLength(pageLength).units
    // `length << level` stays below 2^125 up to here; past it a key starts beyond any `end`
    // (2^125 units is ExactLength's clamp), whatever is before it (sums stay within ±2^127).
    let levels = length.leadingZeroBitCount - 3
    var node = 0
    var low: Int64 = 0
    var lowStart = Int128(0)
    var before = ExactLength.zero
    var level = height
    let nodes = self.nodes
    while level > 0 {
      level -= 1
      let left = node >= 0 ? nodes.left(node) : -1
      let candidate = left >= 0 ? before + nodes.total(Int(left)) : before
      let middle = low | Int64(1) << level
      var middleStart = lowStart
      var holds = false
      if !exact {
        let start = ExactLength(Double(middle) * pageLength) + candidate
        holds = start <= end
      } else if level < levels {
        let (sum, over) = lowStart.addingReportingOverflow(length << level)
        let (start, overStart) = sum.addingReportingOverflow(candidate.units)
        middleStart = sum
        holds = !over && !overStart && start <= end.units
      }
      if holds {
        before = candidate
        lowStart = middleStart
        low = middle
        node = node >= 0 ? Int(nodes.right(node)) : -1
      } else {
        node = Int(left)
      }
    }
    return (low, before)
  }

  /// Calls `body` with the key of each page before `end`, in order, whose `reachAfter` —
  /// offset by the totals of the pages before it (`prefix(key)`, also handed to `body`) — is
  /// at least `position`. - Complexity: O(log keys) per page found.
  func pages(
    reachingAfter position: Double, before end: Int64, _ body: (Int64, ExactLength) -> Void
  ) {
    visit(node: 0, low: 0, level: height, offset: .zero) { node, low, width, offset in
      guard low < end, offset.points + nodes[node].run.reachAfter >= position else { return false }
      if width == 1 { body(low, offset) }
      return true
    }
  }

  /// Calls `body` with the key of each page from `start` on, in order, whose `reachBefore` —
  /// offset by the totals of the pages before it — is at most `position`.
  /// - Complexity: O(log keys) per page found.
  func pages(
    reachingBefore position: Double, from start: Int64, _ body: (Int64, ExactLength) -> Void
  ) {
    visit(node: 0, low: 0, level: height, offset: .zero) { node, low, width, offset in
      guard low + width - 1 >= start, offset.points + nodes[node].run.reachBefore <= position
      else { return false }
      if width == 1 { body(low, offset) }
      return true
    }
  }

  /// Walks the tree depth first, left to right, entering the children of the nodes for which
  /// `enter(node, first key, keys covered, totals before it)` is true.
  private func visit(
    node: Int, low: Int64, level: Int, offset: ExactLength,
    _ enter: (Int, Int64, Int64, ExactLength) -> Bool
  ) {
    guard count > 0, enter(node, low, Int64(1) << level, offset), level > 0 else { return }
    let left = nodes[node].left
    let right = nodes[node].right
    if left >= 0 { visit(node: Int(left), low: low, level: level - 1, offset: offset, enter) }
    if right >= 0 {
      visit(
        node: Int(right), low: low + (1 << (level - 1)), level: level - 1,
        offset: offset + run(left).total, enter)
    }
  }
}
