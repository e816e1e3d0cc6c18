/// The lines of a flow section whose items have sizes of their own, for one line length
/// (docs/FLOW-LAYOUT.md F10–F13), relative to the first line's leading edge and top.
///
/// Lines break greedily (F1) and are kept as `LineBlocks`: a line of items of sizes of their
/// own is a block of one line; the lines of a run of items of the flow's own size are one
/// block of `period` items per line, however long the run. The line of an item, the first item
/// of a line, where a line starts and the line at a position are O(log blocks). A changed size
/// re-breaks lines from the one before it until the breaks fall where they were, jumping over
/// runs of the flow's size, so a report costs O(log n + the lines it moves) — also when it
/// shifts where the lines of a long run start.
final class FlowLines {
  /// Items per line at most, however small they are (as a compositional group's subitems).
  static let maxItemsPerLine = GroupSolver.maxChildrenPerGroup

  let sizes: FlowSizes
  /// The room across the scroll axis: the container less insets.
  let length: Double
  let interitem: Double
  let lineSpacing: Double
  /// How many items of the flow's own size a line holds when more follow (F1).
  let period: Int
  private let blocks = LineBlocks()
  /// The widest item of each 64 items, in a tree of maxima (leaves from `widthLeaves`).
  private var widths: [Double] = []
  private var widthLeaves = 1
  /// The tallest item of each 64 items, in a tree of maxima with the same leaves: built when a
  /// loop first asks for the longest line (`tallest`), kept from then on; empty until then.
  private var heights: [Double] = []

  init(sizes: FlowSizes, length: Double, interitem: Double, lineSpacing: Double) {
    self.sizes = sizes
    self.length = length
    self.interitem = interitem
    self.lineSpacing = lineSpacing
    // line(from:)'s loop over items of one width.
    let width = sizes.uniform.width
    var used = width
    var period = 1
    while period < FlowLines.maxItemsPerLine {
      let next = used + interitem + width
      guard FlowLines.fits(next, width: width, interitem: interitem, length: length) else { break }
      used = next
      period += 1
    }
    self.period = period
    rebuild()
  }

  var lineCount: Int { blocks.lineCount }
  /// The number of line blocks (for tests and benchmarks).
  var blockCount: Int { blocks.blockCount }

  /// Breaks every line again. - Complexity: O(blocks + the items of lines not in runs of the
  /// flow's size).
  func rebuild() {
    blocks.reset { add in _ = breakLines(from: 0, changed: nil, into: add) }
    let words = (sizes.count + 63) / 64
    widthLeaves = 1
    while widthLeaves < words { widthLeaves *= 2 }
    widths = Array(repeating: 0, count: 2 * widthLeaves)
    for word in 0..<words { widths[widthLeaves + word] = sizes.widest(inWord: word) }
    for node in stride(from: widthLeaves - 1, to: 0, by: -1) {
      widths[node] = max(widths[2 * node], widths[2 * node + 1])
    }
    heights = []
  }

  /// A place in the lines as they are, walked forward while a change breaks them again.
  private struct Cursor {
    var node: LineBlocks.Position
    var block: LineBlock
  }

  /// The first line start at or after `item` (the item count past the last line), from
  /// `cursor` forward when it is near, else found again. - Complexity: O(1) near, else
  /// O(log blocks).
  private func start(atOrAfter item: Int, _ cursor: inout Cursor?) -> Int {
    guard item < sizes.count else { return sizes.count }
    if var near = cursor, item >= near.block.first {
      var steps = 0
      while item >= near.block.end && steps < 4, let next = blocks.next(after: near.node) {
        near = Cursor(node: next.node, block: next.block)
        steps += 1
      }
      cursor = item < near.block.end ? near : nil
    } else {
      cursor = nil
    }
    if cursor == nil {
      let found = blocks.find(item: item)
      cursor = Cursor(node: found.node, block: found.block)
    }
    let block = cursor!.block
    return block.first + (item - block.first + block.period - 1) / block.period * block.period
  }

  /// The lines from line start `start` on, as blocks handed to `add` in order, up to the item
  /// count — or, after a change of `changed`, up to the first line start past it where a line
  /// started before (the lines from there on are as they were). `cursor` is a place in the
  /// lines as they are. Returns where the lines handed over end.
  @inline(__always)
  private func breakLines(
    from start: Int, changed: Int?, cursor: Cursor? = nil, into add: (LineBlock) -> Void
  ) -> Int {
    let n = sizes.count
    let runValue = sizes.uniform.height + lineSpacing
    var cursor = cursor
    var first = start
    while first < n {
      if let changed, first > changed, self.start(atOrAfter: first, &cursor) == first {
        return first
      }
      // A run of items of the flow's size with one more after each line: `period` per line.
      let runEnd = sizes.nextDiffering(from: first)
      if runEnd - first > period {
        let lines = (runEnd - 1 - first) / period
        if let changed {
          // Back in step within the run: the first line start past `changed` where a line
          // started before, if it falls on this run's lines.
          let from = max(first + period, changed + 1)
          let last = first + lines * period
          if from <= last {
            let old = self.start(atOrAfter: from, &cursor)
            if old <= last && (old - first) % period == 0 {
              add(
                LineBlock(
                  first: first, period: period, lines: (old - first) / period, value: runValue))
              return old
            }
          }
        }
        add(LineBlock(first: first, period: period, lines: lines, value: runValue))
        first += lines * period
        continue
      }
      let (end, extent) = line(from: first)
      add(LineBlock(first: first, period: end - first, lines: 1, value: extent + lineSpacing))
      first = end
    }
    return n
  }

  /// The widest item (a line it overflows widens the content). - Complexity: O(1).
  var widest: Double { widths.count > 1 ? widths[1] : 0 }

  /// The longest line's extent: a line is as long as its tallest item (docs/FLOW-LAYOUT.md
  /// F11), so the tallest item's. - Complexity: O(1) once built; the first call O(n / 64 +
  /// the items of words with sizes of their own).
  var tallest: Double {
    if heights.isEmpty {
      heights = Array(repeating: 0, count: 2 * widthLeaves)
      let words = (sizes.count + 63) / 64
      for word in 0..<words { heights[widthLeaves + word] = sizes.tallest(inWord: word) }
      for node in stride(from: widthLeaves - 1, to: 0, by: -1) {
        heights[node] = max(heights[2 * node], heights[2 * node + 1])
      }
    }
    return heights.count > 1 ? heights[1] : 0
  }


  /// The length of all the lines and the spacing between them.
  var totalLength: Double {
    lineCount == 0 ? 0 : (blocks.length - ExactLength(lineSpacing)).points
  }

  // MARK: Lines and items

  /// One past the last item of the line starting at `first` (F1), and the line's extent
  /// (`extent(from:to:)`: the tallest of its items, F4), in one pass: items join while they fit
  /// with `interitem` between them; the first always does.
  @inline(__always)
  private func line(from first: Int) -> (end: Int, extent: Double) {
    let n = sizes.count
    precondition(first >= 0 && first < n)
    return sizes.withLengths { sizes in
      var used = sizes.width(first)
      var tallest = max(0, sizes.height(first))  // as extent(from:to:) starts
      var end = first + 1
      while end < n && end - first < FlowLines.maxItemsPerLine {
        let width = sizes.width(end)
        let next = used + interitem + width
        guard FlowLines.fits(next, width: width, interitem: interitem, length: length) else {
          break
        }
        used = next
        tallest = max(tallest, sizes.height(end))
        end += 1
      }
      return (end, tallest)
    }
  }

  /// Whether a line `used` long, whose last item is `width` long, fits (F1's tolerance).
  private static func fits(_ used: Double, width: Double, interitem: Double, length: Double)
    -> Bool
  {
    used <= length + FlowLine.fitTolerance * (width + interitem)
  }

  /// The tallest item of `first ..< end` (F4: the line's extent).
  func extent(from first: Int, to end: Int) -> Double {
    precondition(first >= 0 && first <= end && end <= sizes.count)
    return sizes.withLengths { sizes in
      var tallest = 0.0
      for item in first..<end { tallest = max(tallest, sizes.height(item)) }
      return tallest
    }
  }

  /// The first item of the next line after `item`'s, or the item count.
  func nextStart(after item: Int) -> Int {
    let block = blocks.find(item: item).block
    return block.first + ((item - block.first) / block.period + 1) * block.period
  }

  /// The first item of `item`'s line.
  func lineStart(ofItem item: Int) -> Int {
    let block = blocks.find(item: item).block
    return block.first + (item - block.first) / block.period * block.period
  }

  /// The line holding `item`.
  func line(ofItem item: Int) -> Int {
    let found = blocks.find(item: item)
    return found.linesBefore + (item - found.block.first) / found.block.period
  }

  /// The first item of line `line` (`0 ..< lineCount`).
  func firstItem(ofLine line: Int) -> Int {
    guard line < lineCount else { return sizes.count }
    let found = blocks.find(line: line)
    return found.block.first + (line - found.linesBefore) * found.block.period
  }

  /// Where the line whose first item is `first` starts: the exact sum of the lines before it,
  /// rounded once (docs/ARCHITECTURE.md, "Exact sums"), as every other path gives it.
  func start(ofLineAt first: Int) -> Double {
    let found = blocks.find(item: first)
    let index = (first - found.block.first) / found.block.period
    return (found.lengthBefore + index * found.block.length).points
  }

  /// The line whose span (with the spacing after it) holds `position`: its index, first item
  /// and start. Positions before the first line give the first, after the last the last.
  func line(at position: Double) -> (line: Int, first: Int, start: Double) {
    guard lineCount > 0 else { return (0, 0, 0) }
    let exact = ExactLength(position)
    let found = blocks.find(position: exact)
    let block = found.block
    let index = FlowLines.line(at: exact, in: found)
    return (
      found.linesBefore + index, block.first + index * block.period,
      (found.lengthBefore + index * block.length).points
    )
  }

  /// The line of `found`'s block (from 0) whose span holds `position`, clamped to the block
  /// (positions may be far outside: a query of everything; lines may have no length).
  private static func line(at position: ExactLength, in found: LineBlocks.Found) -> Int {
    (position - found.lengthBefore).steps(of: found.block.length, atMost: found.block.lines - 1)
  }

  /// Calls `body` with the first item, the end and the start of each line from the one at
  /// `position` on, until it returns false. The starts are those of `start(ofLineAt:)`, bit for
  /// bit. - Complexity: O(log blocks + lines visited).
  ///
  /// Lines of no length (items measured 0 long, no line spacing) start where the next line
  /// does: when `position` is that start, the walk begins with the first of them, whose
  /// zero-size items lie on a rect's edge there (a zero-size frame on a rect's edge is in it).
  @inline(__always)
  func forEachLine(from position: Double, _ body: (Int, Int, Double) -> Bool) {
    guard lineCount > 0 else { return }
    let exact = ExactLength(position)
    var found = blocks.find(position: exact)
    let index = FlowLines.line(at: exact, in: found)
    if index == 0 && found.lengthBefore == exact { found = firstAtStart(of: found) }
    walkLines(from: found, line: index, body)
  }

  /// The first of the blocks of no length right before `found`'s block, or `found`.
  /// - Complexity: O(log blocks) per block stepped over.
  private func firstAtStart(of found: LineBlocks.Found) -> LineBlocks.Found {
    var found = found
    while found.block.first > 0 {
      let previous = blocks.find(item: found.block.first - 1)
      guard previous.block.length == .zero else { break }
      found = previous
    }
    return found
  }

  /// Calls `body` with the first item, the end and the start of each line from line `index`
  /// of `found`'s block on, until it returns false: the one walk of the lines, whose starts
  /// are those of `start(ofLineAt:)`, bit for bit (exact sums).
  @inline(__always)
  private func walkLines(
    from found: LineBlocks.Found, line index: Int, _ body: (Int, Int, Double) -> Bool
  ) {
    var index = index
    var start = found.lengthBefore + index * found.block.length
    var points = start.points
    // While the starts are doubles exactly, the next is this one plus the line's length in
    // doubles, when that sum is exact (`ExactLength.exactSum`): the exact sum rounded once,
    // bit for bit, without 128-bit arithmetic per line. From the first that is not, the walk
    // sums exactly.
    var inDoubles = ExactLength(points) == start
    /// Hands over line `index` of `block` and steps to the next; false when `body` stops.
    /// Items and lines are below 2³¹ (the blocks keep them in 32 bits): no overflow.
    @inline(__always)
    func step(_ block: LineBlock) -> Bool {
      let first = block.first &+ index &* block.period
      guard body(first, first &+ block.period, points) else { return false }
      if inDoubles, let sum = ExactLength.exactSum(points, block.value) {
        points = sum
      } else {
        if inDoubles {
          start = ExactLength(points)
          inDoubles = false
        }
        start = FlowLines.sum(start, block.value)
        points = start.points
      }
      index &+= 1
      return true
    }
    // The first block handed over is `found.block`, from its line `index`.
    blocks.forEachBlock(from: found.node) { block in
      // Most blocks of a flow with sizes of its own are one line: that one is handed over
      // outside the loop over a block's lines, whose set-up the compiler would make for each.
      if index < block.lines {
        guard step(block) else { return false }
        while index < block.lines {
          guard step(block) else { return false }
        }
      }
      index = 0
      return true
    }
  }

  /// `start` and a line `value` long, exactly: out of line, so that the walk does not make
  /// every block's exact length ahead of the rare line that needs it.
  @inline(never)
  private static func sum(_ start: ExactLength, _ value: Double) -> ExactLength {
    start + ExactLength(value)
  }

  // MARK: Placing items

  /// Calls `body` with each item of the line `first ..< end` and its frame relative to the
  /// line's leading edge and top.
  @inline(__always)
  func forEachItem(first: Int, end: Int, _ body: (Int, Rect) -> Void) {
    precondition(first >= 0 && first <= end && end <= sizes.count)
    let last = end == sizes.count
    sizes.withLengths { sizes in
      FlowLines.placeItems(
        first: first, end: end, last: last, handing: first, to: end, sizes, length: length,
        interitem: interitem, body)
    }
  }

  /// Calls `body` with each item of `from ..< to`, in the line `first ..< end` (the section's
  /// last when `last`), and its frame relative to the line's leading edge and top: the one
  /// formula of an item's place in its line (F2–F4, F12). The items before `from` move the
  /// ones after as they do when they are handed over. - Precondition: `first ..< end` is a
  /// line of `sizes`, `from ..< to` within it.
  @inline(__always)
  private static func placeItems(
    first: Int, end: Int, last: Bool, handing from: Int, to: Int, _ sizes: FlowSizes.Lengths,
    length: Double, interitem: Double, _ body: (Int, Rect) -> Void
  ) {
    let count = end &- first
    // The line's extent (F4, as `extent(from:to:)`) and the room its items take, in one pass.
    var extent = 0.0
    var used = 0.0
    var item = first
    while item < end {
      extent = max(extent, sizes.height(item))
      used += sizes.width(item)
      item &+= 1
    }
    var x = 0.0
    var gap = interitem
    // Some item differs from the flow's size: with none, the section is periodic (F13,
    // SectionSolver) and has no FlowLines.
    if last {
      // F12: the last line starts at the leading edge with the minimum spacing.
    } else if count == 1 {
      let width = sizes.width(first)
      if width < length { x = (length - width) / 2 }  // F3
    } else {
      gap = (length - used) / Double(count &- 1)  // F2: justified
    }
    item = first
    while item < from {
      x += sizes.width(item) + gap
      item &+= 1
    }
    while item < to {
      let width = sizes.width(item)
      let height = sizes.height(item)
      body(item, Rect(x: x, y: (extent - height) / 2, width: width, height: height))
      x += width + gap
      item &+= 1
    }
  }

  /// An item's frame, its line's first line starting at `origin`.
  /// - Complexity: O(log n + the items of its line).
  func frame(ofItem item: Int, origin: Point) -> Rect {
    let first = lineStart(ofItem: item)
    let top = start(ofLineAt: first)
    var result = Rect(x: 0, y: 0, width: 0, height: 0)
    forEachItem(first: first, end: nextStart(after: first)) { index, slot in
      if index == item { result = FlowLines.place(slot, lineStart: top, origin: origin) }
    }
    return result
  }

  /// Calls `body` with each item of `items` and its frame, as `frame(ofItem:origin:)` gives
  /// it, bit for bit: the lines are walked as `forEachLine` walks them.
  /// - Complexity: O(log blocks + the items of the lines walked).
  func forEachFrame(items: Range<Int>, origin: Point, _ body: (Int, Rect) -> Void) {
    guard !items.isEmpty else { return }
    precondition(items.lowerBound >= 0 && items.upperBound <= sizes.count)
    let found = blocks.find(item: items.lowerBound)
    let line = (items.lowerBound - found.block.first) / found.block.period
    let count = sizes.count
    let (length, interitem) = (self.length, self.interitem)
    sizes.withLengths { sizes in
      walkLines(from: found, line: line) { first, end, top in
        // Only the first and last lines walked may hold items outside `items`.
        FlowLines.placeItems(
          first: first, end: end, last: end == count, handing: max(first, items.lowerBound),
          to: min(end, items.upperBound), sizes, length: length, interitem: interitem
        ) { item, slot in
          body(item, FlowLines.place(slot, lineStart: top, origin: origin))
        }
        return end < items.upperBound
      }
    }
  }

  /// The frame of an item whose place in its line is `slot`, the line starting `lineStart`
  /// after the first, which starts at `origin`: the one formula of item frames and rect
  /// queries (docs/ARCHITECTURE.md, "Exact sums").
  @inline(__always)
  static func place(_ slot: Rect, lineStart: Double, origin: Point) -> Rect {
    Rect(
      x: origin.x + slot.x, y: (origin.y + lineStart) + slot.y, width: slot.width,
      height: slot.height)
  }

  // MARK: Changes

  /// Follows a change of `item`'s size from `old`: lines are broken again from the one before
  /// it until the breaks fall where they were.
  /// - Complexity: O(log n · the blocks broken again + the items of lines broken again).
  func itemChanged(_ item: Int, from old: Size) {
    let new = sizes.size(item)
    if !heights.isEmpty && new.height != old.height {
      FlowLines.update(&heights, leaf: widthLeaves + item >> 6, to: sizes.tallest(inWord: item >> 6))
    }
    let found = blocks.find(item: item)
    let block = found.block
    let lineStart = block.first + (item - block.first) / block.period * block.period
    guard new.width != old.width else {
      // The breaks stay: only the line's extent changes.
      let end = lineStart + block.period
      blocks.replace(
        from: lineStart, to: end,
        with: [
          LineBlock(
            first: lineStart, period: block.period, lines: 1,
            value: extent(from: lineStart, to: end) + lineSpacing)
        ])
      return
    }
    breakAgain(item..<item + 1, found: found)
  }

  /// Follows a change of the sizes of the items of `range`, in one pass: the widest items are
  /// found again for the words the range covers and lines are broken again from the one
  /// before its first item until, past its last, the breaks fall where they were.
  /// - Complexity: O(log n + the items of the lines broken again): a host giving sizes in
  ///   chunks pays for each item once, as in one call (issue 19).
  func itemsChanged(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    breakAgain(range, found: blocks.find(item: range.lowerBound))
  }

  /// Items changed at once from which the lines broken again go into chunks as they are
  /// broken (`LineBlocks.replacing(from:)`): that path makes the first chunk touched again,
  /// which a change of fewer items pays for more than the copies it saves (chunks of 256
  /// items: 3% more instructions than splicing an array; of 4,096: 41% fewer bytes allocated;
  /// docs/PERFORMANCE.md, "Own sizes").
  static let streamedItems = 1_024

  /// Sets a leaf of a tree of maxima and the nodes above it.
  private static func update(_ tree: inout [Double], leaf: Int, to value: Double) {
    var node = leaf
    tree[node] = value
    while node > 1 {
      node /= 2
      let largest = max(tree[2 * node], tree[2 * node + 1])
      // Above a node that did not change, nothing does.
      if tree[node] == largest { break }
      tree[node] = largest
    }
  }

  /// Lines broken again around `range`, whose first item's block is `found`.
  private func breakAgain(_ range: Range<Int>, found: LineBlocks.Found) {
    for word in range.lowerBound >> 6...(range.upperBound - 1) >> 6 {
      FlowLines.update(&widths, leaf: widthLeaves + word, to: sizes.widest(inWord: word))
      if !heights.isEmpty {
        FlowLines.update(&heights, leaf: widthLeaves + word, to: sizes.tallest(inWord: word))
      }
    }
    // A narrower first item may now fit at the end of the line before.
    let block = found.block
    let lineStart = block.first + (range.lowerBound - block.first) / block.period * block.period
    var first = lineStart
    if lineStart > block.first {
      first = lineStart - block.period
    } else if let previous = blocks.previous(before: found.node) {
      first = previous.first + (previous.lines - 1) * previous.period
    }
    // Many lines up to the last chunk (a host giving sizes in order, a chunk a call) go into
    // chunks as they are broken, as when all the sizes come in one call; others into an array
    // spliced in. One loop breaks lines for both (a second copy costs 4 KiB stripped).
    let streamed =
      range.count >= FlowLines.streamedItems && blocks.inLastChunk(item: range.upperBound - 1)
    var replacement = streamed ? blocks.replacing(from: first) : LineBlocks.Replacement()
    var lines: [LineBlock] = []
    // About a line per two items of their own sizes, and the lines past the range.
    if !streamed { lines.reserveCapacity(min(range.count / 2, 1 << 16) + 8) }
    let end = breakLines(
      from: first, changed: range.upperBound - 1, cursor: Cursor(node: found.node, block: block)
    ) { line in
      if streamed { replacement.add(line) } else { lines.append(line) }
    }
    // Handed over, not copied: a copy would share its chunks, and the next chunk added would
    // copy them all (retaining and releasing each chunk's arrays).
    if streamed { return blocks.replace(consume replacement, to: end) }
    blocks.replace(from: first, to: end, with: lines)
  }
}
