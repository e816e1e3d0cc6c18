/// The lines of a flow section whose items have sizes of their own, for one line length
/// (docs/FLOW-LAYOUT.md F10–F13), relative to the first line's leading edge and top.
///
/// Lines break greedily (F1). The first item of each line is marked in a bitset and carries
/// its line's extent plus the line spacing; Fenwick trees over the marks and those values, one
/// entry per 64 items, give the line of an item, the first item of a line, where a line starts
/// and the line at a position in O(log n). A changed size re-breaks lines from the one before
/// it until the breaks fall where they were, so a report costs O(log n + the lines it moves).
final class FlowLines {
  /// Items per line at most, however small they are (as a compositional group's subitems).
  static let maxItemsPerLine = GroupSolver.maxChildrenPerGroup

  let sizes: FlowSizes
  /// The room across the scroll axis: the container less insets.
  let length: Double
  let interitem: Double
  let lineSpacing: Double
  /// One bit per item: the first of its line.
  private var starts: [UInt64] = []
  /// At a line's first item its extent plus `lineSpacing`; 0 elsewhere.
  private var values: [Double] = []
  /// Per 64 items: the lines starting there, and the sum of their `values`.
  private var lineWords = FenwickTree<Int32>(count: 0)
  private var extentWords = FenwickTree<Double>(count: 0)
  private(set) var lineCount = 0
  /// The widest item of each 64 items, in a tree of maxima (leaves from `widthLeaves`).
  private var widths: [Double] = []
  private var widthLeaves = 1

  init(sizes: FlowSizes, length: Double, interitem: Double, lineSpacing: Double) {
    self.sizes = sizes
    self.length = length
    self.interitem = interitem
    self.lineSpacing = lineSpacing
    rebuild()
  }

  /// Breaks every line again. - Complexity: O(n).
  func rebuild() {
    let n = sizes.count
    let words = (n + 63) / 64
    starts = Array(repeating: 0, count: words)
    values = Array(repeating: 0, count: n)
    var counts = [Int32](repeating: 0, count: words)
    var sums = [Double](repeating: 0, count: words)
    lineCount = 0
    var first = 0
    while first < n {
      let end = lineEnd(from: first)
      let value = extent(from: first, to: end) + lineSpacing
      starts[first >> 6] |= FlowLines.bit(first)
      values[first] = value
      counts[first >> 6] += 1
      sums[first >> 6] += value
      lineCount += 1
      first = end
    }
    lineWords = FenwickTree(counts)
    extentWords = FenwickTree(sums)
    widthLeaves = 1
    while widthLeaves < words { widthLeaves *= 2 }
    widths = Array(repeating: 0, count: 2 * widthLeaves)
    for word in 0..<words { widths[widthLeaves + word] = widest(inWord: word) }
    for node in stride(from: widthLeaves - 1, to: 0, by: -1) {
      widths[node] = max(widths[2 * node], widths[2 * node + 1])
    }
  }

  /// The widest item (a line it overflows widens the content). - Complexity: O(1).
  var widest: Double { widths.count > 1 ? widths[1] : 0 }

  private func widest(inWord word: Int) -> Double {
    var result = 0.0
    for item in word << 6..<min(sizes.count, (word + 1) << 6) {
      result = max(result, sizes.width(item))
    }
    return result
  }

  /// The length of all the lines and the spacing between them.
  var totalLength: Double { lineCount == 0 ? 0 : extentWords.total - lineSpacing }

  // MARK: Lines and items

  /// One past the last item of the line starting at `first` (F1): items join while they fit
  /// with `interitem` between them; the first always does.
  func lineEnd(from first: Int) -> Int {
    let n = sizes.count
    var used = sizes.width(first)
    var end = first + 1
    while end < n && end - first < FlowLines.maxItemsPerLine {
      let width = sizes.width(end)
      let next = used + interitem + width
      guard next <= length + FlowLine.fitTolerance * (width + interitem) else { break }
      used = next
      end += 1
    }
    return end
  }

  /// The tallest item of `first ..< end` (F4: the line's extent).
  func extent(from first: Int, to end: Int) -> Double {
    var tallest = 0.0
    for item in first..<end { tallest = max(tallest, sizes.height(item)) }
    return tallest
  }

  func isStart(_ item: Int) -> Bool { starts[item >> 6] & FlowLines.bit(item) != 0 }

  /// The first item of the next line after `item`'s, or the item count.
  func nextStart(after item: Int) -> Int {
    let n = sizes.count
    let index = item + 1
    guard index < n else { return n }
    var word = index >> 6
    var bits = starts[word] & (~UInt64(0) << UInt64(index & 63))
    while bits == 0 {
      word += 1
      guard word < starts.count else { return n }
      bits = starts[word]
    }
    return min(n, word << 6 + bits.trailingZeroBitCount)
  }

  /// The first item of `item`'s line.
  func lineStart(ofItem item: Int) -> Int {
    var word = item >> 6
    var bits = starts[word] & FlowLines.mask(through: item)
    while bits == 0 && word > 0 {
      word -= 1
      bits = starts[word]
    }
    return bits == 0 ? 0 : word << 6 + (63 - bits.leadingZeroBitCount)
  }

  /// The line holding `item`.
  func line(ofItem item: Int) -> Int {
    let word = item >> 6
    let before = Int(lineWords.prefix(word))
    return before + (starts[word] & FlowLines.mask(through: item)).nonzeroBitCount - 1
  }

  /// The first item of line `line` (`0 ..< lineCount`).
  func firstItem(ofLine line: Int) -> Int {
    let (word, before) = lineWords.count(atOrBelow: Int32(clamping: line))
    guard word < starts.count else { return sizes.count }
    var bits = starts[word]
    for _ in 0..<(line - Int(before)) { bits &= bits - 1 }
    return word << 6 + bits.trailingZeroBitCount
  }

  /// Where the line whose first item is `first` starts.
  func start(ofLineAt first: Int) -> Double {
    let word = first >> 6
    var sum = extentWords.prefix(word)
    var bits = starts[word] & (FlowLines.bit(first) &- 1)  // lines starting before `first`
    while bits != 0 {
      sum += values[word << 6 + bits.trailingZeroBitCount]
      bits &= bits - 1
    }
    return sum
  }

  /// The line whose span (with the spacing after it) holds `position`: its index, first item
  /// and start. Positions before the first line give the first, after the last the last.
  func line(at position: Double) -> (line: Int, first: Int, start: Double) {
    guard lineCount > 0 else { return (0, 0, 0) }
    let (word, sum) = extentWords.count(atOrBelow: position)
    if word < starts.count {
      var start = sum
      var bits = starts[word]
      var index = Int(lineWords.prefix(word))
      while bits != 0 {
        let first = word << 6 + bits.trailingZeroBitCount
        if start + values[first] > position { return (index, first, start) }
        start += values[first]
        index += 1
        bits &= bits - 1
      }
    }
    // Past the last line (or rounding between the tree and the values): the last one.
    let last = lineCount - 1
    let first = firstItem(ofLine: last)
    return (last, first, start(ofLineAt: first))
  }

  // MARK: Placing items

  /// Calls `body` with each item of the line `first ..< end` and its frame relative to the
  /// line's leading edge and top.
  @inline(__always)
  func forEachItem(first: Int, end: Int, _ body: (Int, Rect) -> Void) {
    let extent = self.extent(from: first, to: end)
    let count = end - first
    var x = 0.0
    var gap = interitem
    if sizes.differing == 0 {
      // F5: one size for every item: every line, the last included, on the same columns.
      let width = sizes.uniform.width
      let columns = FlowLine.columns(width: width, spacing: interitem, length: length)
      if columns >= 2 {
        gap = (length - Double(columns) * width) / Double(columns - 1)
      } else if width < length {
        x = (length - width) / 2
      }
    } else if end == sizes.count {
      // F12: the last line starts at the leading edge with the minimum spacing.
    } else if count == 1 {
      let width = sizes.width(first)
      if width < length { x = (length - width) / 2 }  // F3
    } else {
      var used = 0.0
      for item in first..<end { used += sizes.width(item) }
      gap = (length - used) / Double(count - 1)  // F2: justified
    }
    for item in first..<end {
      let width = sizes.width(item)
      let height = sizes.height(item)
      body(item, Rect(x: x, y: (extent - height) / 2, width: width, height: height))
      x += width + gap
    }
  }

  /// An item's frame relative to the first line's leading edge and top.
  /// - Complexity: O(log n + the items of its line).
  func frame(ofItem item: Int) -> Rect {
    let first = lineStart(ofItem: item)
    let top = start(ofLineAt: first)
    var result = Rect(x: 0, y: 0, width: 0, height: 0)
    forEachItem(first: first, end: nextStart(after: first)) { index, frame in
      if index == item { result = frame.offsetBy(dx: 0, dy: top) }
    }
    return result
  }

  // MARK: Changes

  /// Follows a change of `item`'s size from `old`: lines are broken again from the one before
  /// it until the breaks fall where they were.
  /// - Complexity: O(log n · the items of the lines broken again).
  func itemChanged(_ item: Int, from old: Size) {
    let new = sizes.size(item)
    if new.width != old.width {
      var node = widthLeaves + item >> 6
      widths[node] = widest(inWord: item >> 6)
      while node > 1 {
        node /= 2
        widths[node] = max(widths[2 * node], widths[2 * node + 1])
      }
    }
    let rebreak = new.width != old.width
    var first = lineStart(ofItem: item)
    // A narrower first item may now fit at the end of the line before.
    if rebreak && first > 0 { first = lineStart(ofItem: first - 1) }
    let n = sizes.count
    while true {
      let end = rebreak ? lineEnd(from: first) : nextStart(after: first)
      var inside = nextStart(after: first)
      while inside < end {
        clearStart(inside)
        inside = nextStart(after: inside)
      }
      setValue(extent(from: first, to: end) + lineSpacing, at: first)
      if !rebreak || end >= n || (end > item && isStart(end)) { return }
      if !isStart(end) { setStart(end) }
      first = end
    }
  }

  private func setValue(_ value: Double, at item: Int) {
    extentWords.add(value - values[item], at: item >> 6)
    values[item] = value
  }

  private func setStart(_ item: Int) {
    starts[item >> 6] |= FlowLines.bit(item)
    lineWords.add(1, at: item >> 6)
    lineCount += 1
  }

  private func clearStart(_ item: Int) {
    setValue(0, at: item)
    starts[item >> 6] &= ~FlowLines.bit(item)
    lineWords.add(-1, at: item >> 6)
    lineCount -= 1
  }

  @inline(__always) private static func bit(_ item: Int) -> UInt64 { 1 << UInt64(item & 63) }

  /// The bits of `item` and the items before it in its word.
  @inline(__always) private static func mask(through item: Int) -> UInt64 {
    let shift = UInt64(item & 63)
    return shift == 63 ? ~UInt64(0) : (UInt64(1) << (shift + 1)) &- 1
  }
}
