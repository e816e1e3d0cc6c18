/// Prefix sums with logarithmic updates (a Fenwick, or binary indexed, tree) over `count`
/// values: `add` and `prefix` are O(log count), building from values is O(count).
///
/// Values must not be negative for `count(atOrBelow:)`, which searches the prefix sums.
struct FenwickTree<Value: AdditiveArithmetic & Comparable> {
  /// 1-based: `nodes[i]` sums the values `i − lowbit(i) ..< i`.
  private var nodes: [Value]

  init(count: Int) {
    nodes = Array(repeating: .zero, count: count + 1)
  }

  /// A tree over `values`, built in O(count).
  init(_ values: [Value]) {
    self.init(count: values.count) { values[$0] }
  }

  /// A tree over `value(0) ..< value(count)`, built in O(count) in one allocation (the
  /// measured sizes rebuild theirs whenever a page opens).
  init(count: Int, _ value: (Int) -> Value) {
    var nodes = [Value]()
    nodes.reserveCapacity(count + 1)
    nodes.append(.zero)
    for index in 0..<count { nodes.append(value(index)) }
    for node in 1..<max(1, nodes.count) {
      let parent = node + (node & -node)
      if parent < nodes.count { nodes[parent] += nodes[node] }
    }
    self.nodes = nodes
  }

  var count: Int { nodes.count - 1 }

  /// Adds `change` to value `index`.
  mutating func add(_ change: Value, at index: Int) {
    var node = index + 1
    while node < nodes.count {
      nodes[node] += change
      node += node & -node
    }
  }

  /// The sum of values `0 ..< index`.
  func prefix(_ index: Int) -> Value {
    var sum = Value.zero
    var node = index
    while node > 0 {
      sum += nodes[node]
      node -= node & -node
    }
    return sum
  }

  /// Keeps the first `count` values only. - Complexity: O(1) (amortised).
  mutating func truncate(to count: Int) {
    nodes.removeSubrange((count + 1)...)
  }

  /// Adds a value after the last. - Complexity: O(log count), O(1) amortised.
  mutating func append(_ value: Value) {
    // The new node sums the values `node − lowbit(node) ..< node`: the value and the ones
    // before it in its span, which the nodes `node − 1`, then each one's less its low bit,
    // down to the span's start, tile (as many as the low bit has bits below it: one on
    // average, where two prefix sums walk the whole depth).
    let node = nodes.count
    let start = node - (node & -node)
    var sum = value
    var child = node - 1
    while child > start {
      sum += nodes[child]
      child -= child & -child
    }
    nodes.append(sum)
  }

  var total: Value { prefix(count) }

  /// The largest `k` below `end` such that `holds(k, sum of values 0 ..< k)`, for a condition
  /// that holds for 0 and, once false, stays false: a descent of the tree, O(log count)
  /// evaluations instead of a binary search's O(log² count).
  @inline(__always)
  func last(below end: Int, where holds: (Int, Value) -> Bool) -> Int {
    var position = 0
    var sum = Value.zero
    var step = 1
    while step * 2 < nodes.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next < end, next < nodes.count, holds(next, sum + nodes[next]) {
        position = next
        sum += nodes[next]
      }
      step /= 2
    }
    return position
  }

  /// The largest `k` such that the sum of values `0 ..< k` is at or below `limit`, and that
  /// sum: how many leading values fit within `limit`.
  func count(atOrBelow limit: Value) -> (count: Int, sum: Value) {
    var position = 0
    var sum = Value.zero
    var step = 1
    while step * 2 < nodes.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next < nodes.count && sum + nodes[next] <= limit {
        position = next
        sum += nodes[next]
      }
      step /= 2
    }
    return (position, sum)
  }
}
