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

/// A segment tree of the pages' runs: the summary of any prefix of pages, and the pages whose
/// reach passes a point, in O(log pages). Each node is computed from its two children (never
/// updated incrementally), so the tree — and every sum read from it — depends only on the pages
/// as they are, not on the reports that made them (issue 16, defect 7).
struct MeasuredSummaryTree {
  /// `nodes[1]` is the root; the leaves are `nodes[leaves ..< leaves + count]`.
  private var nodes: [MeasuredRun]
  private var leaves: Int
  private(set) var count: Int

  init() {
    count = 0
    leaves = 1
    nodes = Array(repeating: MeasuredRun(), count: 2)
  }

  /// A tree over `run(0) ..< run(count)`. - Complexity: O(count).
  init(count: Int, _ run: (Int) -> MeasuredRun) {
    self.init()
    rebuild(count: count, run)
  }

  /// Holds `run(0) ..< run(count)` from now on; the array is reused when it has room.
  private mutating func rebuild(count: Int, _ run: (Int) -> MeasuredRun) {
    self.count = count
    var capacity = 1
    while capacity < count { capacity *= 2 }
    if capacity != leaves {
      leaves = capacity
      nodes = Array(repeating: MeasuredRun(), count: 2 * leaves)
    }
    for index in 0..<leaves { nodes[leaves + index] = index < count ? run(index) : MeasuredRun() }
    recompute(from: 0)
  }

  /// Recomputes the ancestors of leaves `first ..< count`. - Complexity: O(count − first +
  /// log pages).
  private mutating func recompute(from first: Int) {
    var low = (leaves + first) / 2
    var high = (leaves + max(count, first + 1) - 1) / 2
    while low >= 1 {
      for node in low...high {
        nodes[node] = MeasuredRun.combine(nodes[2 * node], nodes[2 * node + 1])
      }
      if low == 1 { break }
      low /= 2
      high /= 2
    }
  }

  /// Inserts a page's run before page `index`, moving the later ones up.
  /// - Complexity: O(pages − index + log pages).
  mutating func insert(_ run: MeasuredRun, at index: Int) {
    guard count < leaves else {
      let old = self
      rebuild(count: count + 1) {
        $0 < index ? old.nodes[old.leaves + $0] : $0 == index ? run : old.nodes[old.leaves + $0 - 1]
      }
      return
    }
    var position = leaves + count
    while position > leaves + index {
      nodes[position] = nodes[position - 1]
      position -= 1
    }
    nodes[leaves + index] = run
    count += 1
    recompute(from: index)
  }

  /// Removes page `index`, moving the later ones down.
  /// - Complexity: O(pages − index + log pages).
  mutating func remove(at index: Int) {
    for position in leaves + index..<leaves + count - 1 { nodes[position] = nodes[position + 1] }
    count -= 1
    nodes[leaves + count] = MeasuredRun()
    recompute(from: index)
  }

  /// The run of every page.
  var root: MeasuredRun { nodes[1] }

  /// Replaces the summary of page `index`. - Complexity: O(log pages).
  mutating func update(_ summary: MeasuredRun, at index: Int) {
    var node = leaves + index
    nodes[node] = summary
    node /= 2
    while node >= 1 {
      nodes[node] = MeasuredRun.combine(nodes[2 * node], nodes[2 * node + 1])
      node /= 2
    }
  }

  /// The sum of the totals of pages `0 ..< index`, exactly. - Complexity: O(log pages).
  func prefix(_ index: Int) -> ExactLength {
    var sum = ExactLength.zero
    var node = 1
    var low = 0
    var width = leaves
    while index > low && width > 1 {
      width /= 2
      if index >= low + width {
        sum = sum + nodes[2 * node].total
        node = 2 * node + 1
        low += width
      } else {
        node = 2 * node
      }
    }
    if width == 1 && index > low { sum = sum + nodes[node].total }
    return sum
  }

  /// The largest page index `k < end` for which `holds(k, prefix(k))`, for a condition that
  /// holds for 0 and, once false, stays false: a descent of the tree, O(log pages) evaluations.
  func last(below end: Int, where holds: (Int, ExactLength) -> Bool) -> Int {
    var node = 1
    var low = 0
    var width = leaves
    var before = ExactLength.zero
    while width > 1 {
      width /= 2
      let middle = low + width
      let candidate = before + nodes[2 * node].total
      if middle < end && middle < count && holds(middle, candidate) {
        before = candidate
        node = 2 * node + 1
        low = middle
      } else {
        node = 2 * node
      }
    }
    return low
  }

  /// Calls `body` with each page `p < end`, in order, whose `reachAfter` — offset by the totals
  /// of the pages before it (`prefix(p)`, also handed to `body`) — is at least `position`.
  /// - Complexity: O(log pages) per page found.
  func pages(reachingAfter position: Double, before end: Int, _ body: (Int, ExactLength) -> Void)
  {
    visit(node: 1, low: 0, width: leaves, offset: .zero) { node, low, width, offset in
      guard low < end, offset.points + nodes[node].reachAfter >= position else { return false }
      if width == 1 { body(low, offset) }
      return true
    }
  }

  /// Calls `body` with each page `p > start`, in order, whose `reachBefore` — offset by the
  /// totals of the pages before it — is at most `position`.
  /// - Complexity: O(log pages) per page found.
  func pages(reachingBefore position: Double, after start: Int, _ body: (Int, ExactLength) -> Void)
  {
    visit(node: 1, low: 0, width: leaves, offset: .zero) { node, low, width, offset in
      guard low + width - 1 > start, offset.points + nodes[node].reachBefore <= position else {
        return false
      }
      if width == 1 { body(low, offset) }
      return true
    }
  }

  /// Walks the tree depth first, left to right, entering the children of the nodes for which
  /// `enter(node, first page, pages, totals before it)` is true.
  private func visit(
    node: Int, low: Int, width: Int, offset: ExactLength,
    _ enter: (Int, Int, Int, ExactLength) -> Bool
  ) {
    guard low < count, enter(node, low, width, offset), width > 1 else { return }
    let half = width / 2
    visit(node: 2 * node, low: low, width: half, offset: offset, enter)
    visit(
      node: 2 * node + 1, low: low + half, width: half, offset: offset + nodes[2 * node].total,
      enter)
  }
}
