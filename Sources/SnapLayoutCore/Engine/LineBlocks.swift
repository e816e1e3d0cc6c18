/// A run of lines of a flow section: `lines` lines of `period` items each, every one `value`
/// long with the line spacing after it (summed as `ExactLength`s: docs/ARCHITECTURE.md,
/// "Exact sums"). A line of items of sizes of their own is a block of
/// one line; the lines of a run of items of the flow's own size are one block, however long.
struct LineBlock {
  var first: Int
  var period: Int
  var lines: Int
  var value: Double

  var end: Int { first + period * lines }

  /// The length of one line with the spacing after it, exactly.
  @inline(__always)
  var length: ExactLength { ExactLength(value) }

  /// The lines of this block before `item`, one of its line starts: nil when it is the first.
  /// A replacement of the lines from `item` on keeps them.
  func head(before item: Int) -> LineBlock? {
    guard first < item else { return nil }
    var head = self
    head.lines = (item - first) / period
    return head
  }

  /// The lines of this block from `item`, one of its line starts, on. A replacement of the
  /// lines up to `item` keeps them.
  func tail(from item: Int) -> LineBlock {
    var tail = self
    tail.lines = lines - (item - first) / period
    tail.first = item
    return tail
  }
}

/// The line blocks of a flow section in item order (docs/FLOW-LAYOUT.md, "How it is built"),
/// tiling its items: each starts where the one before ends.
///
/// Kept in chunks of at most `chunkLimit` consecutive blocks, packed in 16 bytes each, with the
/// lines and length before each group of `groupSize` of its blocks; the chunks' first items are
/// in a sorted array and their line counts and lengths in Fenwick trees. So the block of an
/// item, of a line or at a position is a binary search over chunks, one over the chunk's
/// groups and a walk of fewer than `groupSize` blocks — O(log blocks), on contiguous memory —
/// and replacing the blocks of a range of items rewrites one or two chunks. About 19 bytes a
/// block (issue 19).
///
/// Lengths are `ExactLength`s: the length before a block is the exact sum of the lines before
/// it however the blocks are chunked, split or updated, so every path to a line's start — the
/// trees, a walk from line to line — gives the same double, and blocks broken again and back
/// give what they gave before (docs/ARCHITECTURE.md, "Exact sums").
///
/// A class: a struct held in `FlowLines` would be copied (its arrays retained and released)
/// by every call.
final class LineBlocks {
  /// Where a block is: its chunk and its index in the chunk.
  struct Position: Equatable {
    var chunk: Int
    var index: Int

    static func < (a: Position, b: Position) -> Bool {
      a.chunk < b.chunk || (a.chunk == b.chunk && a.index < b.index)
    }
  }

  /// A block as a chunk keeps it, in 16 bytes (issue 19): item indices and counts fit 32 bits
  /// (`FlowSizes.maxItems` items, `FlowLines.maxItemsPerLine` per line), and the value is kept
  /// as a `Float32` when it is one exactly (the chunk keeps every value as a double aside when
  /// one is not).
  fileprivate struct PackedBlock {
    var first: Int32
    var period: Int32
    var lines: Int32
    var value: Float32

    @inline(__always)
    init(_ block: LineBlock) {
      first = Int32(truncatingIfNeeded: block.first)
      period = Int32(truncatingIfNeeded: block.period)
      lines = Int32(truncatingIfNeeded: block.lines)
      value = Float32(block.value)
    }
  }

  /// Whether `value` is exactly a `Float32` (NaN is not).
  @inline(__always)
  private static func isNarrow(_ value: Double) -> Bool { Double(Float32(value)) == value }

  /// Blocks per group: a chunk keeps the lines and length before each group of this many
  /// blocks, not before each block, and sums at most `groupSize − 1` blocks to find the sums
  /// before one (1.5 bytes a block instead of 24; issue 19).
  static let groupSize = 8

  fileprivate struct Chunk {
    private(set) var packed: [PackedBlock] = []
    /// Every block's value as a double, while one of them is not exactly a `Float32`; empty
    /// while every one is (the values are then the packed ones).
    private var wide: [Double] = []
    /// Before each group of `groupSize` blocks, the lines and length of the chunk's blocks
    /// before it.
    private var groupLines: [Int] = []
    private var groupLength: [ExactLength] = []
    var lines = 0
    var length = ExactLength.zero

    /// An empty chunk, holding no storage: what a chunk moved out of an array leaves there.
    init() {}

    /// A chunk of `blocks`, with room for `room` blocks at least: the section's last chunk,
    /// which blocks given in order fill up to half a chunk (`replaceInLastChunk`), grows in
    /// place without reallocating (sizes given in chunks reallocated it once a call).
    init(_ blocks: ArraySlice<LineBlock>, room: Int = 0) {
      packed.reserveCapacity(Swift.max(blocks.count, room))
      let groups = (room + LineBlocks.groupSize - 1) / LineBlocks.groupSize
      groupLines.reserveCapacity(groups)
      groupLength.reserveCapacity(groups)
      var narrow = true
      for block in blocks {
        packed.append(PackedBlock(block))
        narrow = narrow && LineBlocks.isNarrow(block.value)
      }
      if !narrow { wide = blocks.map { $0.value } }
      summarize(fromGroup: 0)
    }

    var count: Int { packed.count }

    /// Whether the values are kept as doubles.
    var isWide: Bool { !wide.isEmpty }

    /// Block `index`.
    @inline(__always)
    subscript(index: Int) -> LineBlock {
      let block = packed[index]
      return LineBlock(
        first: Int(block.first), period: Int(block.period), lines: Int(block.lines),
        value: wide.isEmpty ? Double(block.value) : wide[index])
    }

    @inline(__always)
    func first(_ index: Int) -> Int { Int(packed[index].first) }

    /// Calls `body` with each block from `start` on, until it returns false; returns whether
    /// it never did. The blocks as `self[index]` gives them, read without a check each.
    @inline(__always)
    func forEachBlock(from start: Int, _ body: (LineBlock) -> Bool) -> Bool {
      packed.withUnsafeBufferPointer { packed in
        wide.withUnsafeBufferPointer { wide in
          let isWide = !wide.isEmpty
          var index = start
          while index < packed.count {
            let block = packed[index]
            let value = isWide ? wide.baseAddress.unsafelyUnwrapped[index] : Double(block.value)
            guard
              body(
                LineBlock(
                  first: Int(block.first), period: Int(block.period), lines: Int(block.lines),
                  value: value))
            else { return false }
            index &+= 1
          }
          return true
        }
      }
    }

    /// Block `index`'s lines and their length (with the spacing after each).
    @inline(__always)
    private func sums(_ index: Int) -> (lines: Int, length: ExactLength) {
      let block = packed[index]
      let value = wide.isEmpty ? Double(block.value) : wide[index]
      let lines = Int(block.lines)
      return (lines, lines == 1 ? ExactLength(value) : lines * ExactLength(value))
    }

    /// The lines and length of the chunk's blocks before block `index` (`count` included).
    @inline(__always)
    func before(_ index: Int) -> (lines: Int, length: ExactLength) {
      let group = index / LineBlocks.groupSize
      guard group < groupLines.count else { return (lines, length) }
      var lines = groupLines[group]
      var length = groupLength[group]
      for block in group * LineBlocks.groupSize..<index {
        let sums = self.sums(block)
        lines += sums.lines
        length = length + sums.length
      }
      return (lines, length)
    }

    /// The last block whose lines before it are at most `line` (the first when none), with
    /// the sums before it.
    func find(line: Int) -> (index: Int, lines: Int, length: ExactLength) {
      let group = LineBlocks.last(groupLines, atOrBelow: line)
      var index = group * LineBlocks.groupSize
      let end = min(count, index + LineBlocks.groupSize)
      var lines = groupLines[group]
      var length = groupLength[group]
      while index + 1 < end {
        let sums = self.sums(index)
        guard lines + sums.lines <= line else { break }
        lines += sums.lines
        length = length + sums.length
        index += 1
      }
      return (index, lines, length)
    }

    /// The last block whose length before it is at most `position` (the first when none),
    /// with the sums before it.
    func find(position: ExactLength) -> (index: Int, lines: Int, length: ExactLength) {
      let group = LineBlocks.last(groupLength, atOrBelow: position)
      var index = group * LineBlocks.groupSize
      let end = min(count, index + LineBlocks.groupSize)
      var lines = groupLines[group]
      var length = groupLength[group]
      while index + 1 < end {
        let sums = self.sums(index)
        guard length + sums.length <= position else { break }
        lines += sums.lines
        length = length + sums.length
        index += 1
      }
      return (index, lines, length)
    }

    /// The last block whose first item is at most `item` (the first when none).
    func index(ofItem item: Int) -> Int {
      packed.withUnsafeBufferPointer { blocks in
        var low = 0
        var high = blocks.count
        while high - low > 1 {
          let middle = (low + high) / 2
          if Int(blocks[middle].first) <= item { low = middle } else { high = middle }
        }
        return low
      }
    }

    /// Puts `replacement` in place of blocks `range` and sums the new blocks. When as many
    /// blocks replace as many, the sums of the groups after them move by what the range's
    /// lines and length changed by — exact sums, so the same as summing them again; otherwise
    /// the groups from the range on are summed again.
    mutating func replace(_ range: Range<Int>, with replacement: [LineBlock]) {
      var oldLines = 0
      var oldLength = ExactLength.zero
      if replacement.count == range.count {
        for index in range {
          let sums = self.sums(index)
          oldLines += sums.lines
          oldLength = oldLength + sums.length
        }
      }
      var narrow = wide.isEmpty
      for block in replacement where narrow { narrow = LineBlocks.isNarrow(block.value) }
      if !narrow {
        if wide.isEmpty { wide = packed.map { Double($0.value) } }
        wide.replaceSubrange(range, with: replacement.map { $0.value })
      }
      if range.upperBound == packed.count {
        // The chunk's tail (the last chunk cut for blocks added at the end): appended in
        // place, without an array of packed blocks made first.
        packed.removeLast(range.count)
        packed.reserveCapacity(packed.count + replacement.count)
        for block in replacement { packed.append(PackedBlock(block)) }
      } else {
        packed.replaceSubrange(range, with: replacement.map { PackedBlock($0) })
      }
      guard replacement.count == range.count else {
        return summarize(fromGroup: range.lowerBound / LineBlocks.groupSize + 1)
      }
      var newLines = 0
      var newLength = ExactLength.zero
      for index in range {
        let sums = self.sums(index)
        newLines += sums.lines
        newLength = newLength + sums.length
      }
      let linesChange = newLines - oldLines
      let lengthChange = newLength - oldLength
      // Groups starting inside the range are summed again; those from its end on move.
      var group = range.lowerBound / LineBlocks.groupSize + 1
      while group < groupLines.count && group * LineBlocks.groupSize < range.upperBound {
        sumGroup(group)
        group += 1
      }
      guard linesChange != 0 || lengthChange != .zero else { return }
      for later in group..<groupLines.count {
        groupLines[later] += linesChange
        groupLength[later] = groupLength[later] + lengthChange
      }
      lines += linesChange
      length = length + lengthChange
    }

    /// The sums before group `group` (> 0) from those before the group before it.
    private mutating func sumGroup(_ group: Int) {
      var lines = groupLines[group - 1]
      var length = groupLength[group - 1]
      for index in (group - 1) * LineBlocks.groupSize..<group * LineBlocks.groupSize {
        let sums = self.sums(index)
        lines += sums.lines
        length = length + sums.length
      }
      groupLines[group] = lines
      groupLength[group] = length
    }

    /// Recomputes the sums from group `first` on (the groups before it did not change).
    mutating func summarize(fromGroup first: Int) {
      let groups = (count + LineBlocks.groupSize - 1) / LineBlocks.groupSize
      let first = max(0, min(first, groups, groupLines.count))
      groupLines.removeSubrange(min(first, groupLines.count)...)
      groupLength.removeSubrange(min(first, groupLength.count)...)
      groupLines.reserveCapacity(groups)
      groupLength.reserveCapacity(groups)
      var lines = 0
      var length = ExactLength.zero
      var index = 0
      if first > 0 {
        lines = groupLines[first - 1]
        length = groupLength[first - 1]
        index = (first - 1) * LineBlocks.groupSize
      }
      while index < count {
        if index % LineBlocks.groupSize == 0 && index / LineBlocks.groupSize >= first {
          groupLines.append(lines)
          groupLength.append(length)
        }
        let sums = self.sums(index)
        lines += sums.lines
        length = length + sums.length
        index += 1
      }
      self.lines = lines
      self.length = length
    }
  }

  /// Chunks hold at most this many blocks; new chunks are filled half-way.
  static let chunkLimit = 128

  private var chunks: [Chunk] = []
  private var chunkFirsts: [Int] = []
  private var chunkLines = FenwickTree<Int>(count: 0)
  private var chunkLength = FenwickTree<ExactLength>(count: 0)
  private(set) var lineCount = 0
  /// The length of every line with the spacing after it.
  private(set) var length = ExactLength.zero
  /// The number of blocks (for tests and benchmarks).
  private(set) var blockCount = 0
  /// The number of chunks (for tests).
  var chunkCount: Int { chunks.count }
  /// The number of chunks keeping their values as doubles (for tests).
  var wideChunkCount: Int { chunks.reduce(0) { $0 + ($1.isWide ? 1 : 0) } }

  /// Blocks holding `blocks` (in order, tiling the items). - Complexity: O(blocks).
  init(_ blocks: [LineBlock] = []) {
    reset(blocks)
  }

  /// Holds `blocks` instead. - Complexity: O(blocks).
  func reset(_ blocks: [LineBlock]) {
    chunks = LineBlocks.chunked(blocks[...])
    reindex()
  }

  /// Holds the blocks `fill` hands over (in order, tiling the items) instead, chunked as they
  /// come: no array of all of them is made first. - Complexity: O(blocks).
  func reset(_ fill: ((LineBlock) -> Void) -> Void) {
    var built: [Chunk] = []
    var pending: [LineBlock] = []
    pending.reserveCapacity(LineBlocks.chunkLimit / 2)
    fill { block in
      pending.append(block)
      if pending.count == LineBlocks.chunkLimit / 2 {
        built.append(Chunk(pending[...]))
        pending.removeAll(keepingCapacity: true)
      }
    }
    if !pending.isEmpty { built.append(Chunk(pending[...])) }
    chunks = built
    reindex()
  }

  private static func chunked(_ blocks: ArraySlice<LineBlock>) -> [Chunk] {
    var result: [Chunk] = []
    var start = blocks.startIndex
    while start < blocks.endIndex {
      let end = min(blocks.endIndex, start + chunkLimit / 2)
      result.append(Chunk(blocks[start..<end]))
      start = end
    }
    return result
  }

  /// Rebuilds the chunk index after chunks were added or removed. - Complexity: O(chunks).
  private func reindex() {
    chunkFirsts = chunks.map { $0.first(0) }
    chunkLines = FenwickTree(chunks.map { $0.lines })
    chunkLength = FenwickTree(chunks.map { $0.length })
    lineCount = chunks.reduce(0) { $0 + $1.lines }
    length = chunkLength.total
    blockCount = chunks.reduce(0) { $0 + $1.count }
  }

  // MARK: Finding blocks

  /// A block found, with the lines and length of the blocks before it.
  struct Found {
    var node: Position
    var block: LineBlock
    var linesBefore: Int
    var lengthBefore: ExactLength
  }

  private func found(_ chunk: Int, _ index: Int) -> Found {
    let before = chunks[chunk].before(index)
    return found(chunk, index, lines: before.lines, length: before.length)
  }

  /// Block `index` of chunk `chunk`, the chunk's blocks before it holding `lines` lines
  /// `length` long.
  @inline(__always)
  private func found(_ chunk: Int, _ index: Int, lines: Int, length: ExactLength) -> Found {
    Found(
      node: Position(chunk: chunk, index: index), block: chunks[chunk][index],
      linesBefore: chunkLines.prefix(chunk) + lines,
      lengthBefore: chunkLength.prefix(chunk) + length)
  }

  /// The last index of `values` (sorted, starting at or below `key`) whose value is at or
  /// below `key`.
  private static func last<T: Comparable>(_ values: [T], atOrBelow key: T) -> Int {
    var low = 0
    var high = values.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if values[middle] <= key { low = middle } else { high = middle }
    }
    return low
  }

  private func position(ofItem item: Int) -> Position {
    let chunk = LineBlocks.last(chunkFirsts, atOrBelow: item)
    return Position(chunk: chunk, index: chunks[chunk].index(ofItem: item))
  }

  /// The first block, as `find` gives it, when `holds` says a lookup falls in it: a section's
  /// start is looked up on every change of its sizes (its first snap unit, an anchor at the
  /// top), and needs no search (issue 19).
  @inline(__always)
  private func firstBlock(where holds: (LineBlock) -> Bool) -> Found? {
    guard let chunk = chunks.first else { return nil }
    let block = chunk[0]
    guard holds(block) else { return nil }
    return Found(
      node: Position(chunk: 0, index: 0), block: block, linesBefore: 0, lengthBefore: .zero)
  }

  /// The block holding `item`. - Precondition: `item` is below the item count.
  func find(item: Int) -> Found {
    if let first = firstBlock(where: { item < $0.end }) { return first }
    let position = position(ofItem: item)
    return found(position.chunk, position.index)
  }

  /// The block holding line `line` (the last block past the last line).
  /// - Precondition: there are blocks.
  func find(line: Int) -> Found {
    if let first = firstBlock(where: { line < $0.lines }) { return first }
    let (chunk, before) = chunkLines.count(atOrBelow: line)
    guard chunk < chunks.count else {
      return found(chunks.count - 1, chunks[chunks.count - 1].count - 1)
    }
    let inChunk = chunks[chunk].find(line: line - before)
    return found(chunk, inChunk.index, lines: inChunk.lines, length: inChunk.length)
  }

  /// The block whose lines (with their spacing) span `position`; the first block before the
  /// start, the last after the end. - Precondition: there are blocks.
  func find(position: ExactLength) -> Found {
    // Before the end of the first block's first line, no later block starts at or before it.
    if let first = firstBlock(where: { position < $0.length }) { return first }
    let (chunk, before) = chunkLength.count(atOrBelow: position)
    guard chunk < chunks.count else {
      return found(chunks.count - 1, chunks[chunks.count - 1].count - 1)
    }
    let inChunk = chunks[chunk].find(position: position - before)
    return found(chunk, inChunk.index, lines: inChunk.lines, length: inChunk.length)
  }

  /// The block after the one at `node` in item order, or nil.
  @inline(__always)
  func next(after node: Position) -> (node: Position, block: LineBlock)? {
    if node.index + 1 < chunks[node.chunk].count {
      let next = Position(chunk: node.chunk, index: node.index + 1)
      return (next, chunks[node.chunk][next.index])
    }
    guard node.chunk + 1 < chunks.count else { return nil }
    return (Position(chunk: node.chunk + 1, index: 0), chunks[node.chunk + 1][0])
  }

  /// Calls `body` with each block from the one at `node` on, in item order, until it returns
  /// false: the walk of `next(after:)` without its search and checks per block (a flow's
  /// frames and rect queries walk line after line, most lines a block of their own; issue 19).
  @inline(__always)
  func forEachBlock(from node: Position, _ body: (LineBlock) -> Bool) {
    var chunk = node.chunk
    var index = node.index
    while chunk < chunks.count {
      guard chunks[chunk].forEachBlock(from: index, body) else { return }
      chunk &+= 1
      index = 0
    }
  }

  /// The block before the one at `node` in item order, or nil.
  func previous(before node: Position) -> LineBlock? {
    if node.index > 0 { return chunks[node.chunk][node.index - 1] }
    guard node.chunk > 0 else { return nil }
    return chunks[node.chunk - 1][chunks[node.chunk - 1].count - 1]
  }

  // MARK: Changing blocks

  /// Replaces the blocks of items `from ..< to` by `blocks`, which tile the same items. Both
  /// ends must be line starts (or `to` the item count); a block running across one is cut.
  /// - Complexity: O(log blocks + the blocks of the chunks touched); when chunks are split or
  ///   emptied, O(the chunks after them) more (`replaceChunks`).
  func replace(from: Int, to: Int, with blocks: [LineBlock]) {
    guard !chunks.isEmpty else { return reset(blocks) }
    let start = position(ofItem: from)
    let end = to < itemCount ? position(ofItem: to) : nil
    let lastChunk = end?.chunk ?? chunks.count - 1
    if lastChunk == start.chunk, replaceInChunk(from: from, to: to, start, end, with: blocks) {
      return
    }
    if start.chunk == chunks.count - 1,
      replaceInLastChunk(from: from, to: to, start, end, with: blocks)
    {
      return
    }
    // The blocks of the chunks touched, with the range replaced.
    var merged: [LineBlock] = []
    merged.reserveCapacity(blocks.count + 2 * LineBlocks.chunkLimit)
    for chunk in start.chunk...lastChunk {
      for index in 0..<chunks[chunk].count {
        let block = chunks[chunk][index]
        let here = Position(chunk: chunk, index: index)
        if here < start {
          merged.append(block)
          continue
        }
        if here == start {
          // The lines of the block holding `from` that come before it stay.
          if let head = block.head(before: from) { merged.append(head) }
          merged.append(contentsOf: blocks)
        }
        guard let end, !(here < end) else { continue }
        if here == end {
          // The lines of the block holding `to` from it on stay.
          merged.append(block.tail(from: to))
        } else {
          merged.append(block)
        }
      }
    }
    // As many chunks as were touched, shared evenly, unless they would overflow: chunks are
    // added or removed (and the index rebuilt from them on) only every so many changes.
    let touched = lastChunk - start.chunk + 1
    var count = min(touched, merged.count)
    if merged.count > touched * LineBlocks.chunkLimit {
      count = (2 * merged.count + LineBlocks.chunkLimit - 1) / LineBlocks.chunkLimit
    }
    var pieces: [Chunk] = []
    pieces.reserveCapacity(count)
    for piece in 0..<count {
      pieces.append(
        Chunk(merged[merged.count * piece / count..<merged.count * (piece + 1) / count]))
    }
    if pieces.count == touched {
      // As many chunks as before: update them in place.
      var linesChange = 0
      for (offset, piece) in pieces.enumerated() {
        let chunk = start.chunk + offset
        chunkLines.add(piece.lines - chunks[chunk].lines, at: chunk)
        chunkLength.add(piece.length - chunks[chunk].length, at: chunk)
        linesChange += piece.lines - chunks[chunk].lines
        blockCount += piece.count - chunks[chunk].count
        chunkFirsts[chunk] = piece.first(0)
        chunks[chunk] = piece
      }
      lineCount += linesChange
      length = chunkLength.total
    } else {
      replaceChunks(start.chunk..<lastChunk + 1, with: pieces)
    }
  }

  /// Whether `item` is in the last chunk: a replacement ending there is best made as the lines
  /// are broken (`replacing(from:)`).
  func inLastChunk(item: Int) -> Bool { chunkFirsts.last.map { item >= $0 } ?? true }

  /// New blocks from a line start on, chunked as they come (`replacing(from:)`): no array of
  /// them is made and copied first, so a host giving thousands of sizes a call allocates about
  /// what one call for all of them does (issue 19). A struct whose `add` the compiler inlines
  /// where the lines are broken.
  struct Replacement {
    fileprivate let start: Position
    fileprivate var built: [Chunk] = []
    fileprivate var pending: [LineBlock] = []

    fileprivate init(start: Position) {
      self.start = start
      pending.reserveCapacity(LineBlocks.chunkLimit / 2)
    }

    /// A replacement not to be used, holding no storage: what a caller that may not stream
    /// its blocks keeps instead of an optional one (`replacement!.add(_:)` copies the
    /// replacement out and back, so every chunk added copied the chunks before it).
    init() {
      start = Position(chunk: 0, index: 0)
    }

    /// Adds the next block (tiling on from the last one).
    @inline(__always)
    mutating func add(_ block: LineBlock) {
      pending.append(block)
      if pending.count == LineBlocks.chunkLimit / 2 { flush() }
    }

    fileprivate mutating func flush() {
      guard !pending.isEmpty else { return }
      built.append(Chunk(pending[...]))
      pending.removeAll(keepingCapacity: true)
    }
  }

  /// Starts replacing the blocks from item `from` (a line start) on: add the new blocks to the
  /// result in order, then hand it to `replace(_:to:)`, with no other change to the blocks in
  /// between. - Precondition: there are blocks.
  func replacing(from: Int) -> Replacement {
    let start = position(ofItem: from)
    var replacement = Replacement(start: start)
    // The blocks of the first chunk touched before `from` stay, as do the lines of the block
    // holding it that come before it.
    for index in 0..<start.index { replacement.add(chunks[start.chunk][index]) }
    if let head = chunks[start.chunk][start.index].head(before: from) { replacement.add(head) }
    return replacement
  }

  /// Puts `replacement`'s blocks (from `replacing(from:)`) in place of the blocks up to item
  /// `to` (a line start, or the item count), which they tile. The chunks touched are made
  /// again, filled half-way, as `reset` makes them.
  /// - Complexity: O(the new blocks + the blocks of the chunks touched + the chunks after
  ///   them + log chunks).
  func replace(_ replacement: consuming Replacement, to: Int) {
    let start = replacement.start
    let end = to < itemCount ? position(ofItem: to) : nil
    let lastChunk = end?.chunk ?? chunks.count - 1
    if let end {
      // The lines of the block holding `to` from it on stay, and the blocks after it in its
      // chunk.
      replacement.add(chunks[end.chunk][end.index].tail(from: to))
      for index in end.index + 1..<chunks[end.chunk].count {
        replacement.add(chunks[end.chunk][index])
      }
    }
    replacement.flush()
    // The chunks taken out of the replacement: handed over as `replacement.built`, the array
    // would be shared with it, and swapping each chunk into place would copy them all first.
    var pieces: [Chunk] = []
    swap(&pieces, &replacement.built)
    replaceChunks(start.chunk..<lastChunk + 1, with: pieces)
  }

  /// Puts `pieces` in place of chunks `range`: the index keeps the chunks before them and is
  /// rebuilt from there on, the sums appended chunk after chunk (a host giving sizes in order,
  /// chunk after chunk, replaces the lines to the end or to the chunk before the last).
  /// - Complexity: O(the pieces + the chunks after `range`), O(1) amortised each.
  private func replaceChunks(_ range: Range<Int>, with pieces: consuming [Chunk]) {
    for chunk in range { blockCount -= chunks[chunk].count }
    for index in pieces.indices { blockCount += pieces[index].count }
    // The pieces moved in, each swapped with an empty chunk: put in as copies, every array of
    // every chunk would be retained here and released with `pieces` (atomic counts both times;
    // docs/PERFORMANCE.md, "Sizes in chunks: the chunks moved, not copied").
    chunks.replaceSubrange(range, with: repeatElement(Chunk(), count: pieces.count))
    for index in pieces.indices { swap(&chunks[range.lowerBound + index], &pieces[index]) }
    let first = range.lowerBound
    chunkFirsts.removeSubrange(first...)
    chunkLines.truncate(to: first)
    chunkLength.truncate(to: first)
    for chunk in first..<chunks.count {
      chunkFirsts.append(chunks[chunk].first(0))
      chunkLines.append(chunks[chunk].lines)
      chunkLength.append(chunks[chunk].length)
    }
    lineCount = chunkLines.total
    length = chunkLength.total
  }

  /// `replace` within the last chunk when the blocks overflow it: the chunk is cut at `from` in
  /// place and filled half-way, and the rest of the blocks (then those of the chunk from `to`
  /// on) chunked half-full after it, as `reset` chunks them, instead of the chunk being made
  /// again with them: a host giving a few hundred sizes a call, in order, would otherwise
  /// remake the last chunk, up to `chunkLimit` blocks, at every call (issue 19). Returns false
  /// (and changes nothing) when the chunk would be left empty.
  private func replaceInLastChunk(
    from: Int, to: Int, _ start: Position, _ end: Position?, with blocks: [LineBlock]
  ) -> Bool {
    let last = chunks.count - 1
    var kept: [LineBlock] = []
    if let head = chunks[last][start.index].head(before: from) { kept.append(head) }
    var rest = blocks
    if let end {
      // The lines of the block holding `to` from it on stay, and the blocks after it.
      rest.append(chunks[last][end.index].tail(from: to))
      for index in end.index + 1..<chunks[last].count { rest.append(chunks[last][index]) }
    }
    let room = max(0, LineBlocks.chunkLimit / 2 - (start.index + kept.count))
    let filled = min(room, rest.count)
    kept.append(contentsOf: rest[..<filled])
    guard start.index + kept.count > 0 else { return false }
    let linesBefore = chunks[last].lines
    let lengthBefore = chunks[last].length
    blockCount += start.index + kept.count - chunks[last].count
    chunks[last].replace(start.index..<chunks[last].count, with: kept)
    chunkLines.add(chunks[last].lines - linesBefore, at: last)
    chunkLength.add(chunks[last].length - lengthBefore, at: last)
    // The chunk's first item stays: it starts with the block it started with, or a head of it.
    // The rest shared evenly by as few chunks of at most half a chunk as hold it. When the
    // chunk was filled, more than half a chunk is left (the blocks overflowed it), so no new
    // chunk gets a few blocks: chunks of 64 and the remainder could leave the section's last
    // line alone in the last chunk, and every later change, ending before it, would take the
    // general path (40 times in 3,907 calls of 256 sizes).
    let remaining = rest.count - filled
    let count = (remaining + LineBlocks.chunkLimit / 2 - 1) / (LineBlocks.chunkLimit / 2)
    var pieces: [Chunk] = []
    pieces.reserveCapacity(count)
    for piece in 0..<count {
      pieces.append(
        Chunk(
          rest[filled + remaining * piece / count..<filled + remaining * (piece + 1) / count],
          room: piece == count - 1 ? LineBlocks.chunkLimit / 2 : 0))
    }
    replaceChunks(chunks.count..<chunks.count, with: pieces)
    return true
  }

  /// `replace` within one chunk, in place, when the chunk does not overflow: the common
  /// case, without allocating chunks. Returns false (and changes nothing) otherwise.
  private func replaceInChunk(
    from: Int, to: Int, _ start: Position, _ end: Position?, with blocks: [LineBlock]
  ) -> Bool {
    let chunk = start.chunk
    let startBlock = chunks[chunk][start.index]
    let endIndex = end?.index ?? chunks[chunk].count
    // The count first: a long replacement (sizes given in chunks) is not copied to be refused.
    let added = blocks.count + (startBlock.first < from ? 1 : 0) + (end != nil ? 1 : 0)
    let removed = (end != nil ? endIndex + 1 : endIndex) - start.index
    let total = chunks[chunk].count - removed + added
    guard total <= LineBlocks.chunkLimit, total > 0 else { return false }
    var replacement: [LineBlock] = []
    replacement.reserveCapacity(blocks.count + 2)
    if let head = startBlock.head(before: from) { replacement.append(head) }
    replacement.append(contentsOf: blocks)
    var last = endIndex
    if let end {
      replacement.append(chunks[chunk][end.index].tail(from: to))
      last += 1
    }
    let count = chunks[chunk].count - (last - start.index) + replacement.count
    precondition(count == total)
    let linesBefore = chunks[chunk].lines
    let lengthBefore = chunks[chunk].length
    blockCount += count - chunks[chunk].count
    chunks[chunk].replace(start.index..<last, with: replacement)
    chunkLines.add(chunks[chunk].lines - linesBefore, at: chunk)
    chunkLength.add(chunks[chunk].length - lengthBefore, at: chunk)
    lineCount += chunks[chunk].lines - linesBefore
    length = chunkLength.total
    chunkFirsts[chunk] = chunks[chunk].first(0)
    return true
  }

  /// One past the last item.
  private var itemCount: Int { chunks.last.map { $0[$0.count - 1].end } ?? 0 }
}
