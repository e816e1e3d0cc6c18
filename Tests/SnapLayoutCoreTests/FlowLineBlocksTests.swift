@testable import SnapLayoutCore
import Testing

/// `LineBlocks` (the chunked index of a flow section's lines) and the runs of items of the flow's own
/// size that `FlowLines` keeps as one block (docs/FLOW-LAYOUT.md, "How it is built").
@Suite("Flow layout: line blocks")
struct FlowLineBlocksTests {
  /// Blocks tiling `0 ..< items` from random lines.
  static func randomBlocks(_ random: inout Lcg, from: Int, to: Int) -> [LineBlock] {
    var blocks: [LineBlock] = []
    var first = from
    while first < to {
      let period = 1 + random.below(4)
      let lines = min((to - first) / period, 1 + random.below(6))
      if lines == 0 {
        blocks.append(LineBlock(first: first, period: to - first, lines: 1, value: 7))
        break
      }
      blocks.append(
        LineBlock(first: first, period: period, lines: lines, value: Double(1 + random.below(50))))
      first += period * lines
    }
    return blocks
  }

  /// Blocks of one short line each tiling `from ..< to`: many blocks, which overflow chunks.
  static func randomLines(_ random: inout Lcg, from: Int, to: Int) -> [LineBlock] {
    var blocks: [LineBlock] = []
    var first = from
    while first < to {
      let period = min(to - first, 1 + random.below(3))
      blocks.append(LineBlock(first: first, period: period, lines: 1, value: Double(4 + random.below(50)) / 4))
      first += period
    }
    return blocks
  }

  /// Every line of `blocks` as (first item, end, start), the starts summed exactly and rounded
  /// once (docs/ARCHITECTURE.md, "Exact sums").
  static func lines(_ blocks: [LineBlock]) -> [(first: Int, end: Int, start: Double)] {
    var result: [(first: Int, end: Int, start: Double)] = []
    var start = ExactLength.zero
    for block in blocks {
      for index in 0..<block.lines {
        let first = block.first + index * block.period
        result.append((first, first + block.period, start.points))
        start = start + ExactLength(block.value)
      }
    }
    return result
  }

  /// Values of lines that are not `Float32`s (kept as doubles, issue 19): `blocks` with every
  /// `every`-th block's value (counted by first item) so changed.
  static func widened(_ blocks: [LineBlock], every: Int) -> [LineBlock] {
    blocks.map { block in
      guard block.first % every == 0 else { return block }
      var wide = block
      wide.value = block.value + 0.1 + Double(block.first) * 1e-9
      return wide
    }
  }

  /// Every lookup of `blocks` (by item, line and position) and the chain of blocks agree with
  /// `expected`, the lines of a plain list tiling `0 ..< items`.
  static func expectLookups(
    _ blocks: LineBlocks, _ expected: [(first: Int, end: Int, start: Double)], items: Int
  ) {
    for (index, line) in expected.enumerated() {
      let byItem = blocks.find(item: line.end - 1)
      let offset = (line.end - 1 - byItem.block.first) / byItem.block.period
      #expect(byItem.block.first + offset * byItem.block.period == line.first)
      #expect(byItem.linesBefore + offset == index)
      #expect((byItem.lengthBefore + offset * byItem.block.length).points == line.start)
      let byLine = blocks.find(line: index)
      #expect(byLine.block.first + (index - byLine.linesBefore) * byLine.block.period == line.first)
      let byPosition = blocks.find(position: ExactLength(line.start + 0.01))
      #expect(byPosition.block.first <= line.first && line.first < byPosition.block.end)
      #expect(byPosition.block.value == byItem.block.value)
      let positionOffset = (line.first - byPosition.block.first) / byPosition.block.period
      #expect(byPosition.linesBefore + positionOffset == index)
      #expect(
        (byPosition.lengthBefore + positionOffset * byPosition.block.length).points == line.start)
    }
    // The first block's own answers (found without a search): before the start, at it, and
    // at the end of its first line, where the next line starts (in the next block when the
    // first holds one line).
    let first = blocks.find(item: 0).block
    let beforeStart = blocks.find(position: ExactLength(-1.0))
    #expect(beforeStart.block.first == 0 && beforeStart.linesBefore == 0)
    #expect(blocks.find(line: 0).block.first == 0)
    if first.value > 0 {
      #expect(blocks.find(position: .zero).block.first == 0)
      let second = blocks.find(position: first.length)
      if first.lines == 1 && first.end < items {
        // The next block, or a later one after lines of no length.
        #expect(second.block.first >= first.end && second.lengthBefore == first.length)
      } else {
        #expect(second.block.first == 0)
      }
    }
    // The chain visits the blocks in order, tiling the items.
    var found = blocks.find(item: 0)
    var end = found.block.end
    var count = 1
    while let next = blocks.next(after: found.node) {
      #expect(next.block.first == end)
      end = next.block.end
      found.node = next.node
      count += 1
    }
    #expect(end == items)
    #expect(count == blocks.blockCount)
  }

  @Test("replacing ranges of blocks keeps every lookup equal to a plain list of lines")
  func blocksMatchList() {
    checkBlocksMatchList(seed: 3, wideEvery: nil, checkEvery: 20)
  }

  @Test(
    "lines whose lengths are not Float32s: chunks keep doubles and every lookup matches the list",
    arguments: [2, 7, 61])
  func wideBlocksMatchList(every: Int) {
    checkBlocksMatchList(seed: UInt64(every), wideEvery: every, checkEvery: 1)
  }

  /// Random replacements of ranges of lines, every lookup compared with a plain list of lines;
  /// `wideEvery`: some values not `Float32`s.
  func checkBlocksMatchList(seed: UInt64, wideEvery: Int?, checkEvery: Int) {
    var random = Lcg(state: seed)
    let items = 600
    let widen = { (blocks: [LineBlock]) in
      wideEvery.map { Self.widened(blocks, every: $0) } ?? blocks
    }
    var model = widen(Self.randomBlocks(&random, from: 0, to: items))
    let blocks = LineBlocks(model)
    var sawWide = false
    for step in 0..<400 {
      // Replace the lines between two line starts by new lines.
      let current = Self.lines(model)
      let a = random.below(current.count)
      // Every seventh change replaces the lines to the end by many short ones (chunks added at
      // the end, as a host giving sizes in order makes them), the others a few lines.
      let suffix = step % 7 == 0
      let b = suffix ? current.count : a + random.below(min(8, current.count - a)) + 1
      let from = current[a].first
      let to = b < current.count ? current[b].first : items
      let fresh =
        suffix && random.below(2) == 0
        ? Self.randomLines(&random, from: from, to: to) : Self.randomBlocks(&random, from: from, to: to)
      let given = step % 3 == 0 ? fresh : widen(fresh)
      if step % 2 == 1 {
        // Handed over as they are made (sizes given in chunks): to the end or not.
        var replacement = blocks.replacing(from: from)
        for block in given { replacement.add(block) }
        blocks.replace(replacement, to: to)
      } else {
        blocks.replace(from: from, to: to, with: given)
      }
      // The model, cut at the same places.
      var updated: [LineBlock] = []
      for line in current where line.first < from || line.first >= to {
        let block = model.first { $0.first <= line.first && line.first < $0.end }!
        updated.append(LineBlock(first: line.first, period: block.period, lines: 1, value: block.value))
      }
      updated.append(contentsOf: given)
      updated.sort { $0.first < $1.first }
      model = updated
      let expected = Self.lines(model)
      #expect(blocks.lineCount == expected.count)
      var length = ExactLength.zero
      for block in model { length = length + block.lines * ExactLength(block.value) }
      #expect(blocks.length == length)  // exact sums (docs/ARCHITECTURE.md)
      if wideEvery == nil {
        #expect(blocks.wideChunkCount == 0)
      } else {
        sawWide = sawWide || blocks.wideChunkCount > 0
      }
      guard step % checkEvery == 0 || step == 399 else { continue }
      Self.expectLookups(blocks, expected, items: items)
    }
    #expect(wideEvery == nil || sawWide)
  }

  /// `model` with the items `from ..< to` (line starts) tiled by `fresh` instead.
  static func spliced(_ model: [LineBlock], from: Int, to: Int, with fresh: [LineBlock])
    -> [LineBlock]
  {
    var before: [LineBlock] = []
    var after: [LineBlock] = []
    for block in model {
      if block.first < from {
        var head = block
        head.lines = (min(block.end, from) - block.first) / block.period
        before.append(head)
      }
      if block.end > to {
        var tail = block
        tail.first = max(block.first, to)
        tail.lines = (block.end - tail.first) / block.period
        after.append(tail)
      }
    }
    return before + fresh + after
  }

  /// The first line start of `model` at or after `item` (or the end).
  static func lineStart(_ model: [LineBlock], atOrAfter item: Int) -> Int {
    guard let block = model.last(where: { $0.first <= item }), item < block.end else {
      return model.last!.end
    }
    let lines = (item - block.first + block.period - 1) / block.period
    return block.first + lines * block.period
  }

  @Test(
    "ranges given in order, each ending in the last chunk's run of the flow's size, match a plain list",
    arguments: [16, 256, 700])
  func inOrderRangesInTheLastChunk(itemsPerCall: Int) {
    // A host giving sizes in order, a range a call (sl_layout_set_item_sizes): the lines from
    // the one holding the range's first item to a line start past its last are broken again,
    // and the rest of the items, still of the flow's size, stay one block of lines of 3. The
    // replacements overflow the last chunk again and again (and are cut in it, with the tail
    // of the run after them: `replaceInLastChunk`), and fit it at other times.
    var random = Lcg(state: 97 + UInt64(itemsPerCall))
    let items = 12_000
    var model = [LineBlock(first: 0, period: 3, lines: items / 3, value: 10)]
    let blocks = LineBlocks(model)
    var given = 0
    var calls = 0
    while given < items {
      let holding = model.last { $0.first <= given }!
      let from = holding.first + (given - holding.first) / holding.period * holding.period
      let rangeEnd = min(items, given + itemsPerCall)
      let to = Self.lineStart(model, atOrAfter: rangeEnd)
      var fresh = Self.randomLines(&random, from: from, to: to)
      if calls % 5 == 3 { fresh = Self.widened(fresh, every: 2) }
      blocks.replace(from: from, to: to, with: fresh)
      model = Self.spliced(model, from: from, to: to, with: fresh)
      given = rangeEnd
      calls += 1
      #expect(blocks.lineCount == model.reduce(0) { $0 + $1.lines })
      var length = ExactLength.zero
      for block in model { length = length + block.lines * ExactLength(block.value) }
      #expect(blocks.length == length)
      if calls % 8 == 0 || given == items {
        Self.expectLookups(blocks, Self.lines(model), items: items)
      }
    }
    // Chunks stay about half full, as `reset` makes them: not a chunk of a few blocks a call.
    #expect(blocks.blockCount >= (LineBlocks.chunkLimit / 2 - 8) * (blocks.chunkCount - 1))
  }

  @Test("measuring a million-item flow one by one from the top keeps its runs whole")
  func sequentialMeasuringStaysLocal() throws {
    let uniform = Size(width: 80, height: 40)
    let layout = try solve([flowSection(items: 1_000_000, itemSize: uniform, selfSizing: true)])
    var random = Lcg(state: 21)
    for item in 0..<300 {
      let size = Size(width: Double(30 + random.below(200)), height: Double(20 + random.below(40)))
      _ = try layout.reportItemSize(size, section: 0, item: Int64(item))
    }
    let lines = try #require(layout.entries[0].solved.flowLines)
    // One block per line of measured items, and the run after them.
    #expect(lines.blockCount < 300)
    // The run's lines: 4 of 80 per 390 pt line, from wherever the measured lines end.
    let runStart = lines.nextStart(after: 299)
    let lastStart = lines.lineStart(ofItem: 999_999)
    #expect((lastStart - runStart) % 4 == 0 || lastStart > 999_996)
    #expect(lines.lineCount == lines.line(ofItem: 999_999) + 1)
  }

  @Test("sparse changes in long runs of the flow's size match the rules computed from scratch")
  func sparseChangesMatchReference() throws {
    let uniform = Size(width: 70, height: 30)
    let count = 4_000
    let layout = try solve([flowSection(items: Int64(count), itemSize: uniform, selfSizing: true)])
    var measured: [Size?] = Array(repeating: nil, count: count)
    var random = Lcg(state: 8)
    for step in 0..<160 {
      let item = random.below(count)
      switch random.below(5) {
      case 0:
        _ = try layout.reportItemSize(nil, section: 0, item: Int64(item))
        measured[item] = nil
      case 1:
        // Back to the flow's size: the run around it joins up again.
        _ = try layout.reportItemSize(uniform, section: 0, item: Int64(item))
        measured[item] = uniform
      case 2:
        // Same width, another height: the breaks stay.
        let size = Size(width: 70, height: Double(10 + random.below(60)))
        _ = try layout.reportItemSize(size, section: 0, item: Int64(item))
        measured[item] = size
      default:
        let size = Size(width: Double(10 + random.below(300)), height: Double(10 + random.below(60)))
        _ = try layout.reportItemSize(size, section: 0, item: Int64(item))
        measured[item] = size
      }
      if step % 40 == 39 {
        let sizes = (0..<count).map { measured[$0] ?? uniform }
        let reference = referenceFlow(
          sizes, uniform: uniform, length: 390, interitem: 10, lineSpacing: 10, origin: .zero)
        for (index, expected) in reference.frames.enumerated() {
          let frame = try layout.itemFrame(section: 0, item: Int64(index))
          guard Swift.abs(frame.y - expected.y) < 1e-6, Swift.abs(frame.x - expected.x) < 1e-6 else {
            Issue.record("step \(step): item \(index) at \(frame), expected \(expected)")
            return
          }
        }
        #expect(Swift.abs((layout.contentSize?.height ?? 0) - reference.length) < 1e-6)
      }
    }
  }

  @Test(
    "the walk of the lines gives each line the start looked up by item, bit for bit, in doubles or exact",
    arguments: [10.0, 7.3, 0.5, 0, -3])
  func walkMatchesLookups(lineSpacing: Double) {
    // Line lengths of every kind: whole and half points (sums stay doubles), tenths (sums soon
    // need more bits: the walk goes on exactly), below 2^-7 pt (rounded to a unit) and huge
    // (sums past 2^53 round). FlowLines.walkLines steps in doubles while that is exact.
    var random = Lcg(state: UInt64(1_000 + lineSpacing * 10))
    let heights: [Double] = [32, 40.5, 33.3, 0.1, 0.001, 1e-9, 2e12, 17.25, 1e15 + 0.5]
    let count = 3_000
    var sizes: [Size] = []
    for item in 0..<count {
      // The first quarter in whole points only: the walk starts in doubles.
      let kinds = item < count / 4 ? 2 : heights.count
      sizes.append(
        Size(width: Double(40 + random.below(161)), height: heights[random.below(kinds)]))
    }
    let storage = FlowSizes(
      count: count, uniform: Size(width: 100, height: 40), isSelfSizing: false, given: sizes)
    let lines = FlowLines(sizes: storage, length: 358, interitem: 10, lineSpacing: lineSpacing)
    var walked: [(first: Int, start: Double)] = []
    lines.forEachLine(from: -.infinity) { first, _, start in
      walked.append((first, start))
      return true
    }
    #expect(walked.count == lines.lineCount)
    for (index, line) in walked.enumerated() {
      #expect(line.first == lines.firstItem(ofLine: index))
      let expected = lines.start(ofLineAt: line.first)
      guard line.start.bitPattern == expected.bitPattern else {
        Issue.record("line \(index): walked \(line.start), looked up \(expected)")
        return
      }
    }
    // From lines in the middle, and item frames in a batch against one by one.
    for line in stride(from: 1, to: walked.count, by: 97) {
      var first = true
      lines.forEachLine(from: walked[line].start) { item, _, start in
        if first { #expect(start.bitPattern == lines.start(ofLineAt: item).bitPattern) }
        first = false
        return false
      }
    }
    let origin = Point(x: 16, y: 0.3)
    for range in [0..<count, 700..<2_100, count - 5..<count] {
      lines.forEachFrame(items: range, origin: origin) { item, frame in
        #expect(frame == lines.frame(ofItem: item, origin: origin), "item \(item)")
      }
    }
  }

  @Test("a double sum is taken as the exact sum only when it is exact")
  func exactSumInDoubles() {
    var random = Lcg(state: 31)
    func value() -> Double {
      switch random.below(5) {
      case 0: return Double(random.below(1_000)) / 2
      case 1: return Double(random.below(1_000)) / 10
      case 2: return Double(random.below(100)) * 1e-4
      case 3: return Double(sign: .plus, exponent: random.below(70), significand: 1) + 1
      default: return -Double(random.below(500))
      }
    }
    var inDoubles = 0
    for _ in 0..<20_000 {
      // `a`: the exact value of an ExactLength, as in the walk.
      let a = ExactLength(value()).points
      guard ExactLength(a).points == a, ExactLength(a) == ExactLength(ExactLength(a).points) else {
        continue
      }
      let b = value()
      let exact = ExactLength(a) + ExactLength(b)
      if let sum = ExactLength.exactSum(a, b) {
        inDoubles += 1
        #expect(sum.bitPattern == exact.points.bitPattern, "\(a) + \(b)")
        #expect(ExactLength(sum) == exact, "\(a) + \(b): the sum is exact")
      } else {
        // Refused: a sum that needs more bits than a double, a term that rounds or clamps, or
        // a sum out of range (which may clamp back onto itself: 2^66 pt).
        #expect(
          ExactLength(exact.points) != exact || ExactLength(b).points != b
            || Swift.abs(b) < 0x1p-7 || Swift.abs(exact.points) >= ExactLength.limit,
          "\(a) + \(b) refused though exact")
      }
    }
    #expect(inDoubles > 5_000)
  }
}
