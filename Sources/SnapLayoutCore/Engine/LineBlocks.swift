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
}

/// The line blocks of a flow section in item order (docs/FLOW-LAYOUT.md, "How it is built"),
/// tiling its items: each starts where the one before ends.
///
/// Kept in chunks of at most `chunkLimit` consecutive blocks, each with the lines and length
/// before each of its blocks; the chunks' first items are in a sorted array and their line
/// counts and lengths in Fenwick trees. So the block of an item, of a line or at a position is
/// a binary search over chunks and one within a chunk — O(log blocks), on contiguous memory —
/// and replacing the blocks of a range of items rewrites one or two chunks.
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

  private struct Chunk {
    var blocks: [LineBlock] = []
    /// Before each block, the lines and length of the chunk's blocks before it.
    var linesBefore: [Int] = []
    var lengthBefore: [ExactLength] = []
    var lines = 0
    var length = ExactLength.zero

    init(_ blocks: ArraySlice<LineBlock>) {
      self.blocks = Array(blocks)
      summarize()
    }

    /// Puts `replacement` in place of blocks `range` and sums the new blocks; the sums of the
    /// blocks after them move by what the range's lines and length changed by — exact sums, so
    /// the same as summing them again, without converting each block's length.
    mutating func replace(_ range: Range<Int>, with replacement: [LineBlock]) {
      let linesAfter = range.upperBound < linesBefore.count ? linesBefore[range.upperBound] : lines
      let lengthAfter =
        range.upperBound < lengthBefore.count ? lengthBefore[range.upperBound] : length
      var lines = range.lowerBound < linesBefore.count ? linesBefore[range.lowerBound] : self.lines
      var length =
        range.lowerBound < lengthBefore.count ? lengthBefore[range.lowerBound] : self.length
      var newLines: [Int] = []
      var newLengths: [ExactLength] = []
      newLines.reserveCapacity(replacement.count)
      newLengths.reserveCapacity(replacement.count)
      for block in replacement {
        newLines.append(lines)
        newLengths.append(length)
        lines += block.lines
        length = length + block.lines * block.length
      }
      let linesChange = lines - linesAfter
      let lengthChange = length - lengthAfter
      blocks.replaceSubrange(range, with: replacement)
      linesBefore.replaceSubrange(range, with: newLines)
      lengthBefore.replaceSubrange(range, with: newLengths)
      let moved = range.lowerBound + replacement.count..<blocks.count
      if linesChange != 0 {
        linesBefore.withUnsafeMutableBufferPointer {
          for index in moved { $0[index] += linesChange }
        }
      }
      if lengthChange != .zero {
        lengthBefore.withUnsafeMutableBufferPointer { sums in
          for index in moved { sums[index] = sums[index] + lengthChange }
        }
      }
      self.lines += linesChange
      self.length = self.length + lengthChange
    }

    /// Recomputes the sums from block `index` on (the blocks before it did not change).
    mutating func summarize(from index: Int = 0) {
      linesBefore.removeSubrange(index...)
      lengthBefore.removeSubrange(index...)
      linesBefore.reserveCapacity(blocks.count)
      lengthBefore.reserveCapacity(blocks.count)
      lines = index > 0 ? linesBefore[index - 1] + blocks[index - 1].lines : 0
      length =
        index > 0
        ? lengthBefore[index - 1] + blocks[index - 1].lines * blocks[index - 1].length : .zero
      for block in blocks[index...] {
        linesBefore.append(lines)
        lengthBefore.append(length)
        lines += block.lines
        length = length + block.lines * block.length
      }
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
    chunkFirsts = chunks.map { $0.blocks[0].first }
    chunkLines = FenwickTree(chunks.map { $0.lines })
    chunkLength = FenwickTree(chunks.map { $0.length })
    lineCount = chunks.reduce(0) { $0 + $1.lines }
    length = chunkLength.total
    blockCount = chunks.reduce(0) { $0 + $1.blocks.count }
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
    Found(
      node: Position(chunk: chunk, index: index), block: chunks[chunk].blocks[index],
      linesBefore: chunkLines.prefix(chunk) + chunks[chunk].linesBefore[index],
      lengthBefore: chunkLength.prefix(chunk) + chunks[chunk].lengthBefore[index])
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
    let index = chunks[chunk].blocks.withUnsafeBufferPointer { blocks in
      var low = 0
      var high = blocks.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if blocks[middle].first <= item { low = middle } else { high = middle }
      }
      return low
    }
    return Position(chunk: chunk, index: index)
  }

  /// The block holding `item`. - Precondition: `item` is below the item count.
  func find(item: Int) -> Found {
    let position = position(ofItem: item)
    return found(position.chunk, position.index)
  }

  /// The block holding line `line` (the last block past the last line).
  /// - Precondition: there are blocks.
  func find(line: Int) -> Found {
    let (chunk, before) = chunkLines.count(atOrBelow: line)
    guard chunk < chunks.count else {
      return found(chunks.count - 1, chunks[chunks.count - 1].blocks.count - 1)
    }
    return found(chunk, LineBlocks.last(chunks[chunk].linesBefore, atOrBelow: line - before))
  }

  /// The block whose lines (with their spacing) span `position`; the first block before the
  /// start, the last after the end. - Precondition: there are blocks.
  func find(position: ExactLength) -> Found {
    let (chunk, before) = chunkLength.count(atOrBelow: position)
    guard chunk < chunks.count else {
      return found(chunks.count - 1, chunks[chunks.count - 1].blocks.count - 1)
    }
    return found(
      chunk, LineBlocks.last(chunks[chunk].lengthBefore, atOrBelow: position - before))
  }

  /// The block after the one at `node` in item order, or nil.
  func next(after node: Position) -> (node: Position, block: LineBlock)? {
    if node.index + 1 < chunks[node.chunk].blocks.count {
      let next = Position(chunk: node.chunk, index: node.index + 1)
      return (next, chunks[node.chunk].blocks[next.index])
    }
    guard node.chunk + 1 < chunks.count else { return nil }
    return (Position(chunk: node.chunk + 1, index: 0), chunks[node.chunk + 1].blocks[0])
  }

  /// The block before the one at `node` in item order, or nil.
  func previous(before node: Position) -> LineBlock? {
    if node.index > 0 { return chunks[node.chunk].blocks[node.index - 1] }
    guard node.chunk > 0 else { return nil }
    let blocks = chunks[node.chunk - 1].blocks
    return blocks[blocks.count - 1]
  }

  // MARK: Changing blocks

  /// Replaces the blocks of items `from ..< to` by `blocks`, which tile the same items. Both
  /// ends must be line starts (or `to` the item count); a block running across one is cut.
  /// - Complexity: O(log blocks + the blocks of the chunks touched); O(chunks) when chunks
  ///   are split or emptied, except at the end (O(the new chunks · log chunks)).
  func replace(from: Int, to: Int, with blocks: [LineBlock]) {
    guard !chunks.isEmpty else { return reset(blocks) }
    let start = position(ofItem: from)
    let end = to < itemCount ? position(ofItem: to) : nil
    let lastChunk = end?.chunk ?? chunks.count - 1
    if lastChunk == start.chunk, replaceInChunk(from: from, to: to, start, end, with: blocks) {
      return
    }
    // The blocks of the chunks touched, with the range replaced.
    var merged: [LineBlock] = []
    merged.reserveCapacity(blocks.count + 2 * LineBlocks.chunkLimit)
    for chunk in start.chunk...lastChunk {
      for (index, block) in chunks[chunk].blocks.enumerated() {
        let here = Position(chunk: chunk, index: index)
        if here < start {
          merged.append(block)
          continue
        }
        if here == start {
          // The lines of the block holding `from` that come before it stay.
          if block.first < from {
            var head = block
            head.lines = (from - block.first) / block.period
            merged.append(head)
          }
          merged.append(contentsOf: blocks)
        }
        guard let end, !(here < end) else { continue }
        if here == end {
          // The lines of the block holding `to` from it on stay.
          var tail = block
          tail.lines = block.lines - (to - block.first) / block.period
          tail.first = to
          merged.append(tail)
        } else {
          merged.append(block)
        }
      }
    }
    // As many chunks as were touched, shared evenly, unless they would overflow: chunks are
    // added or removed (and the index rebuilt) only every so many changes.
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
        blockCount += piece.blocks.count - chunks[chunk].blocks.count
        chunkFirsts[chunk] = piece.blocks[0].first
        chunks[chunk] = piece
      }
      lineCount += linesChange
      length = chunkLength.total
    } else if lastChunk == chunks.count - 1 {
      // The last chunks: the index keeps the chunks before them and grows by the new ones
      // (a host giving sizes in order, chunk after chunk, replaces the lines to the end).
      for chunk in start.chunk...lastChunk { blockCount -= chunks[chunk].blocks.count }
      chunks.replaceSubrange(start.chunk..., with: pieces)
      chunkFirsts.removeSubrange(start.chunk...)
      chunkLines.truncate(to: start.chunk)
      chunkLength.truncate(to: start.chunk)
      for piece in pieces {
        chunkFirsts.append(piece.blocks[0].first)
        chunkLines.append(piece.lines)
        chunkLength.append(piece.length)
        blockCount += piece.blocks.count
      }
      lineCount = chunkLines.total
      length = chunkLength.total
    } else {
      chunks.replaceSubrange(start.chunk...lastChunk, with: pieces)
      reindex()
    }
  }

  /// `replace` within one chunk, in place, when the chunk does not overflow: the common
  /// case, without allocating chunks. Returns false (and changes nothing) otherwise.
  private func replaceInChunk(
    from: Int, to: Int, _ start: Position, _ end: Position?, with blocks: [LineBlock]
  ) -> Bool {
    let chunk = start.chunk
    let startBlock = chunks[chunk].blocks[start.index]
    let endIndex = end?.index ?? chunks[chunk].blocks.count
    var replacement: [LineBlock] = []
    replacement.reserveCapacity(blocks.count + 2)
    if startBlock.first < from {
      var head = startBlock
      head.lines = (from - startBlock.first) / startBlock.period
      replacement.append(head)
    }
    replacement.append(contentsOf: blocks)
    var last = endIndex
    if let end {
      let endBlock = chunks[chunk].blocks[end.index]
      var tail = endBlock
      tail.lines = endBlock.lines - (to - endBlock.first) / endBlock.period
      tail.first = to
      replacement.append(tail)
      last += 1
    }
    let count = chunks[chunk].blocks.count - (last - start.index) + replacement.count
    guard count <= LineBlocks.chunkLimit, count > 0 else { return false }
    let linesBefore = chunks[chunk].lines
    let lengthBefore = chunks[chunk].length
    blockCount += count - chunks[chunk].blocks.count
    chunks[chunk].replace(start.index..<last, with: replacement)
    chunkLines.add(chunks[chunk].lines - linesBefore, at: chunk)
    chunkLength.add(chunks[chunk].length - lengthBefore, at: chunk)
    lineCount += chunks[chunk].lines - linesBefore
    length = chunkLength.total
    chunkFirsts[chunk] = chunks[chunk].blocks[0].first
    return true
  }

  /// One past the last item.
  private var itemCount: Int { chunks.last.map { $0.blocks[$0.blocks.count - 1].end } ?? 0 }
}
