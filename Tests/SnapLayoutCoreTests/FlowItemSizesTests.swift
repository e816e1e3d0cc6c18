import SnapLayoutCore
import Testing

/// A flow section as the config decoder builds it (docs/FLOW-LAYOUT.md "How it is built").
func flowSection(
  items: Int64, itemSize: Size = Size(width: 50, height: 50), sizes: [Size]? = nil,
  selfSizing: Bool = false, interitem: Double = 10, lineSpacing: Double = 10,
  inset: Double = 0
) -> LayoutSection {
  let flow = FlowItems(
    itemSize: itemSize, minimumInteritemSpacing: interitem, isSelfSizing: selfSizing,
    itemSizes: sizes)
  var section = LayoutSection(group: flow.placeholderGroup, itemCount: items)
  section.flowItems = flow
  section.contentInsets = insets(inset)
  section.interGroupSpacing = lineSpacing
  section.supplementariesFollowContentInsets = false
  return section
}

/// The reference model: every frame of a vertical flow section, computed from scratch from
/// the rules of docs/FLOW-LAYOUT.md (F1–F5, F10–F13).
func referenceFlow(
  _ sizes: [Size], uniform: Size, length: Double, interitem: Double, lineSpacing: Double,
  origin: Point
) -> (frames: [Rect], length: Double) {
  let differing = sizes.contains { $0 != uniform }
  var frames: [Rect] = []
  var y = origin.y
  var first = 0
  while first < sizes.count {
    var end = first + 1
    var used = sizes[first].width
    while end < sizes.count,
      used + interitem + sizes[end].width <= length + 1e-9 * (sizes[end].width + interitem)
    {
      used += interitem + sizes[end].width
      end += 1
    }
    let extent = sizes[first..<end].map(\.height).max()!
    var x = 0.0
    var gap = interitem
    if !differing {
      let columns = max(1, Int(((length - uniform.width) / (uniform.width + interitem) + 1e-9).rounded(.down)) + 1)
      if columns >= 2 {
        gap = (length - Double(columns) * uniform.width) / Double(columns - 1)
      } else if uniform.width < length {
        x = (length - uniform.width) / 2
      }
    } else if end == sizes.count {
      // The last line: leading edge, minimum spacing.
    } else if end - first == 1 {
      if sizes[first].width < length { x = (length - sizes[first].width) / 2 }
    } else {
      gap = (length - sizes[first..<end].map(\.width).reduce(0, +)) / Double(end - first - 1)
    }
    for item in first..<end {
      let size = sizes[item]
      frames.append(
        Rect(x: origin.x + x, y: y + (extent - size.height) / 2, width: size.width, height: size.height))
      x += size.width + gap
    }
    y += extent + lineSpacing
    first = end
  }
  return (frames, sizes.isEmpty ? 0 : y - lineSpacing - origin.y)
}

@Suite("Flow layout: per-item sizes")
struct FlowItemSizesTests {
  func expectMatches(
    _ layout: Layout, _ sizes: [Size], uniform: Size, inset: Double = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let reference = referenceFlow(
      sizes, uniform: uniform, length: 390 - 2 * inset, interitem: 10, lineSpacing: 10,
      origin: Point(x: inset, y: inset))
    for (item, expected) in reference.frames.enumerated() {
      let frame = try layout.itemFrame(section: 0, item: Int64(item))
      expectFrame(
        frame, expected.x, expected.y, expected.width, expected.height, tolerance: 1e-6,
        sourceLocation: sourceLocation)
      if Swift.abs(frame.y - expected.y) > 1e-6 || Swift.abs(frame.x - expected.x) > 1e-6 {
        Issue.record("item \(item) first differs", sourceLocation: sourceLocation)
        return
      }
    }
    let height = (reference.length + 2 * inset)
    #expect(
      Swift.abs((layout.contentSize?.height ?? 0) - height) < 1e-6,
      "content \(layout.contentSize!) vs \(height)", sourceLocation: sourceLocation)
    // The rect query returns exactly the items whose reference frames meet the rect, at the
    // frames the item query gives.
    for top in stride(from: 0.0, to: height, by: height / 7 + 1) {
      let rect = Rect(x: 0, y: top, width: 390, height: 300)
      let found = try elements(layout, in: rect).filter { $0.category == .cell }
      let expected = reference.frames.enumerated().filter { $0.element.intersects(rect) }.map {
        Int64($0.offset)
      }
      let foundItems = found.map(\.item)
      // Frames that only touch the rect may differ by rounding: compare those that clearly meet.
      let clearly = expected.filter { item in
        let f = reference.frames[Int(item)]
        return f.maxY > rect.minY + 1e-6 && f.minY < rect.maxY - 1e-6
      }
      #expect(
        Set(clearly).isSubset(of: Set(foundItems)) && Set(foundItems).isSubset(of: Set(expected)),
        "rect at \(top)", sourceLocation: sourceLocation)
      for element in found {
        #expect(
          element.frame == (try layout.itemFrame(section: 0, item: element.item)),
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test("sizes given, set and measured in random order match the rules computed from scratch")
  func randomChangesMatchReference() throws {
    let uniform = Size(width: 80, height: 40)
    let count = 300
    let layout = try solve([flowSection(items: Int64(count), itemSize: uniform, selfSizing: true, inset: 5)])
    var given = Array(repeating: uniform, count: count)
    var measured: [Size?] = Array(repeating: nil, count: count)
    var random = Lcg(state: 99)
    func current() -> [Size] { (0..<count).map { measured[$0] ?? given[$0] } }
    for step in 0..<300 {
      let item = random.below(count)
      switch random.below(6) {
      case 0, 1, 2:
        let size = Size(width: Double(20 + random.below(300)), height: Double(10 + random.below(90)))
        _ = try layout.reportItemSize(size, section: 0, item: Int64(item))
        measured[item] = size
      case 3:
        _ = try layout.reportItemSize(nil, section: 0, item: Int64(item))
        measured[item] = nil
      default:
        let run = min(count - item, 1 + random.below(5))
        let sizes = (0..<run).map { _ in
          Size(width: Double(20 + random.below(300)) + 0.5, height: Double(10 + random.below(90)))
        }
        _ = try layout.setItemSizes(sizes, section: 0, from: Int64(item))
        for (index, size) in sizes.enumerated() { given[item + index] = size }
      }
      if step % 25 == 0 || step == 299 {
        try expectMatches(layout, current(), uniform: uniform, inset: 5)
      }
    }
    // A layout built from the final sizes from the start has the same frames.
    let fresh = try solve([flowSection(items: Int64(count), itemSize: uniform, sizes: current(), inset: 5)])
    for item in 0..<Int64(count) {
      let a = try layout.itemFrame(section: 0, item: item)
      let b = try fresh.itemFrame(section: 0, item: item)
      expectFrame(a, b.x, b.y, b.width, b.height, tolerance: 1e-6)
    }
    #expect(layout.measuredCellCount == measured.compactMap { $0 }.count)
  }

  @Test("given sizes outlive measurements: measured, given again, forgotten, in every order")
  func givenSizesThroughMeasurements() throws {
    let uniform = Size(width: 80, height: 40)
    let count = 40
    let layout = try solve([flowSection(items: Int64(count), itemSize: uniform, selfSizing: true, inset: 5)])
    var given = Array(repeating: uniform, count: count)
    var measured: [Size?] = Array(repeating: nil, count: count)
    func check(_ note: String) throws {
      try expectMatches(layout, (0..<count).map { measured[$0] ?? given[$0] }, uniform: uniform, inset: 5)
      #expect(layout.measuredCellCount == measured.compactMap { $0 }.count, "\(note)")
    }
    func give(_ item: Int, _ size: Size) throws {
      _ = try layout.setItemSizes([size], section: 0, from: Int64(item))
      given[item] = size
    }
    func measure(_ item: Int, _ size: Size?) throws {
      _ = try layout.reportItemSize(size, section: 0, item: Int64(item))
      measured[item] = size
    }
    // Measured before any size is given, then given: the measurement stays until forgotten.
    try measure(3, Size(width: 200, height: 70))
    try give(3, Size(width: 120, height: 30))
    try give(4, Size(width: 250, height: 50))
    try check("measured, then given")
    try measure(3, nil)
    try check("forgotten: the given size")
    // None measured now; given sizes changed, then measured over and forgotten again.
    try give(5, Size(width: 60, height: 90))
    try measure(5, Size(width: 300, height: 20))
    try give(5, Size(width: 61, height: 91))
    try measure(4, Size(width: 33, height: 33))
    try check("two measured over given sizes")
    try measure(5, nil)
    try measure(4, nil)
    try check("all forgotten")
    // Given back to the estimate in one call, some measured meanwhile.
    try measure(7, Size(width: 150, height: 45))
    _ = try layout.setItemSizes(Array(repeating: uniform, count: count), section: 0, from: 0)
    for item in 0..<count { given[item] = uniform }
    try check("given back to the estimate")
    try measure(7, nil)
    try check("nothing of its own")
  }

  @Test("sizes given in chunks of any length give one call's frames, bit for bit")
  func chunksMatchOneCall() throws {
    let uniform = Size(width: 80, height: 40)
    let count = 20_000
    var random = Lcg(state: 7)
    // Runs of the flow's size between runs of sizes of their own, so chunks end inside runs
    // of both kinds and lines that span a chunk's end break again.
    let sizes = (0..<count).map { item -> Size in
      item / 700 % 3 == 0
        ? uniform
        : Size(width: Double(20 + random.below(300)) + 0.25, height: Double(10 + random.below(90)))
    }
    let whole = try solve([flowSection(items: Int64(count), itemSize: uniform, inset: 5)])
    _ = try whole.setItemSizes(sizes, section: 0, from: 0)
    for chunk in [1, 3, 64, 257, 4_096, 9_999] {
      let chunked = try solve([flowSection(items: Int64(count), itemSize: uniform, inset: 5)])
      var first = 0
      while first < count {
        let end = min(count, first + chunk)
        _ = try chunked.setItemSizes(Array(sizes[first..<end]), section: 0, from: Int64(first))
        first = end
      }
      #expect(chunked.contentSize == whole.contentSize, "chunks of \(chunk)")
      var differing = 0
      for item in Swift.stride(from: 0, to: Int64(count), by: chunk == 1 ? 7 : 1) {
        if try chunked.itemFrame(section: 0, item: item) != whole.itemFrame(section: 0, item: item) {
          differing += 1
        }
      }
      #expect(differing == 0, "chunks of \(chunk): \(differing) frames differ")
    }
    // Chunks given again out of order, each changing sizes the lines around it depend on.
    let shuffled = try solve([flowSection(items: Int64(count), itemSize: uniform, inset: 5)])
    _ = try shuffled.setItemSizes(Array(repeating: Size(width: 150, height: 30), count: count), section: 0, from: 0)
    var starts = Array(Swift.stride(from: 0, to: count, by: 333))
    for index in starts.indices.reversed() { starts.swapAt(index, random.below(index + 1)) }
    for start in starts {
      let end = min(count, start + 333)
      _ = try shuffled.setItemSizes(Array(sizes[start..<end]), section: 0, from: Int64(start))
    }
    #expect(shuffled.contentSize == whole.contentSize)
    for item in 0..<Int64(count) where try shuffled.itemFrame(section: 0, item: item) != whole.itemFrame(section: 0, item: item) {
      Issue.record("item \(item) differs after shuffled chunks")
      break
    }
  }

  @Test(
    "every frame of a sized flow in a batch is its own frame, bit for bit, in every orientation",
    arguments: [ScrollDirection.vertical, .horizontal],
    [LayoutDirection.leftToRight, .rightToLeft])
  func batchFramesMatchSingleFrames(direction: ScrollDirection, layoutDirection: LayoutDirection)
    throws
  {
    // The batch walks lines and blocks (`FlowLines.forEachFrame`, only the first and last
    // lines cut by the range), with its own copy where the space is the host's: each must
    // give `itemFrame`'s frame, with the lengths kept as Float32 and as doubles.
    let count = 3_000
    let uniform = Size(width: 80, height: 40)
    for wide in [false, true] {
      var random = Lcg(state: wide ? 31 : 29)
      let sizes = (0..<count).map { item -> Size in
        // Runs of the flow's size (blocks of many lines), lone wide items, sizes of their own;
        // a third of a point is not a Float32, so the sizes and the lines' lengths (the
        // tallest of a line plus the spacing) are kept as doubles.
        if item / 400 % 4 == 1 { return uniform }
        let width = item % 97 == 0 ? 500 : Double(20 + random.below(300))
        let third = wide && item % 5 == 0 ? 1.0 / 3 : 0
        return Size(width: width + 0.25 + third, height: Double(10 + random.below(90)) + third)
      }
      let layout = try Layout.solving(
        LayoutDescription(
          configuration: LayoutConfiguration(scrollDirection: direction),
          environment: LayoutEnvironment(layoutDirection: layoutDirection),
          sections: [
            flowSection(items: 5, itemSize: uniform),
            flowSection(items: Int64(count), itemSize: uniform, inset: 7),
          ]))
      try layout.setContainerSize(Size(width: 390, height: 844))
      _ = try layout.setItemSizes(sizes, section: 1, from: 0)
      let single = try (0..<Int64(count)).map { try layout.itemFrame(section: 1, item: $0) }
      var ranges: [(Int64, Int64)] = [(0, Int64(count)), (Int64(count) - 1, 1), (Int64(count), 0)]
      for _ in 0..<40 {
        let first = random.below(count)
        ranges.append((Int64(first), Int64(random.below(min(count - first, 50) + 1))))
        ranges.append((Int64(first), Int64(random.below(count - first + 1))))
      }
      for (first, n) in ranges {
        var frames: [Rect] = []
        try layout.itemFrames(section: 1, first: first, count: n) { index, frame in
          #expect(index == Int64(frames.count))
          frames.append(frame)
        }
        #expect(
          frames == Array(single[Int(first)..<Int(first + n)]),
          "\(direction) \(layoutDirection), wide \(wide): \(first) + \(n)")
      }
    }
  }

  @Test("items measured at their estimate keep the one-size columns, last line included")
  func uniformMeasurementsKeepColumns() throws {
    let uniform = Size(width: 110, height: 60)
    let plain = try solve([flowSection(items: 7, itemSize: uniform)])
    let measured = try solve([flowSection(items: 7, itemSize: uniform, selfSizing: true)])
    for item in 0..<Int64(7) { _ = try measured.reportItemSize(uniform, section: 0, item: item) }
    for item in 0..<Int64(7) {
      let a = try plain.itemFrame(section: 0, item: item)
      let b = try measured.itemFrame(section: 0, item: item)
      expectFrame(b, a.x, a.y, a.width, a.height, tolerance: 1e-9)
    }
    // Line 3 holds item 6 alone, on the first column (F5), not centred.
    try expectItem(measured, 6, 0, 140, 110, 60)
    // One item of another size: the other lines are justified (110 + 110 + 100 with gaps of
    // 35), and the last line starts at the leading edge.
    _ = try measured.reportItemSize(Size(width: 100, height: 60), section: 0, item: 5)
    try expectItem(measured, 4, 145, 70, 110, 60)
    try expectItem(measured, 5, 290, 70, 100, 60)
    try expectItem(measured, 6, 0, 140, 110, 60)
  }

  @Test("a tag cloud by hand: justified lines, centred heights, a lone line centred")
  func tagCloudByHand() throws {
    let sizes = [
      Size(width: 100, height: 40), Size(width: 150, height: 60), Size(width: 120, height: 30),
      Size(width: 300, height: 50), Size(width: 60, height: 20), Size(width: 70, height: 20),
    ]
    let layout = try solve([flowSection(items: 6, sizes: sizes)])
    // Line 1: 100 + 150 + 120 + 2 × 10 = 390: justified with 10 (fits exactly); 60 tall.
    try expectItem(layout, 0, 0, 10, 100, 40)
    try expectItem(layout, 1, 110, 0, 150, 60)
    try expectItem(layout, 2, 270, 15, 120, 30)
    // Line 2: 300 + 10 + 60 = 370 fits, + 10 + 70 does not; gap (390 − 360) = 30.
    try expectItem(layout, 3, 0, 70, 300, 50)
    try expectItem(layout, 4, 330, 85, 60, 20)
    // Line 3, the last: alone at the leading edge.
    try expectItem(layout, 5, 0, 130, 70, 20)
    #expect(layout.contentSize == Size(width: 390, height: 150))
    #expect(try layout.sectionInfo(0).groupCount == 3)
    #expect(try layout.sectionInfo(0).itemsPerGroup == 0)
  }

  @Test("items longer than the line widen the content, whether the size is the flow's or given")
  func overlongItems() throws {
    let wide = Size(width: 500, height: 40)
    for inset in [0.0, 16] {
      let uniform = try solve([flowSection(items: 2, itemSize: wide, inset: inset)])
      let given = try solve(
        [flowSection(items: 2, itemSize: wide, sizes: [wide, wide], inset: inset)])
      // Each alone on its line, at the line's start: 500 + the insets wide.
      try expectItem(uniform, 1, inset, inset + 50, 500, 40)
      try expectItem(given, 1, inset, inset + 50, 500, 40)
      #expect(uniform.contentSize == Size(width: 500 + 2 * inset, height: 90 + 2 * inset))
      #expect(uniform.contentSize == given.contentSize)
    }
  }

  @Test("a narrower item pulls items up into earlier lines, a wider one pushes them down")
  func rebreakingBothWays() throws {
    let uniform = Size(width: 120, height: 50)
    let layout = try solve([flowSection(items: 40, itemSize: uniform, selfSizing: true)])
    var sizes = Array(repeating: uniform, count: 40)
    for (item, width) in [(3, 10.0), (3, 380.0), (0, 390.0), (0, 5.0), (39, 1.0), (20, 200.0)] {
      _ = try layout.reportItemSize(Size(width: width, height: 50), section: 0, item: Int64(item))
      sizes[item] = Size(width: width, height: 50)
      try expectMatches(layout, sizes, uniform: uniform)
    }
  }

  @Test("anchoring: a line above the viewport changing height moves the offset by as much")
  func anchoring() throws {
    let uniform = Size(width: 180, height: 100)
    let layout = try solve([flowSection(items: 100, itemSize: uniform, selfSizing: true)])
    try layout.setScrollOffset(2200, container: mainScrollContainer)
    let visible = try layout.itemFrame(section: 0, item: 40)
    let report = try layout.reportItemSize(Size(width: 180, height: 150), section: 0, item: 3)
    #expect(report.mainOffsetAdjustment == 50)
    #expect(try layout.itemFrame(section: 0, item: 40).y == visible.y + 50)
    // Below the viewport: nothing moves.
    let later = try layout.reportItemSize(Size(width: 180, height: 150), section: 0, item: 90)
    #expect(later.mainOffsetAdjustment == 0)
  }

  @Test("line snapping follows the lines")
  func snappingFollowsLines() throws {
    var configuration = LayoutConfiguration()
    configuration.scrolling.snapUnit = .group
    configuration.scrolling.alignment = 0
    let layout = try solve(
      [flowSection(items: 50, itemSize: Size(width: 180, height: 100), selfSizing: true)],
      configuration: configuration)
    _ = try layout.reportItemSize(Size(width: 390, height: 30), section: 0, item: 1)
    // Lines: [0] (item 1 no longer fits beside it), [1], [2, 3], ...
    // 26 lines, 2,780 pt: lines starting past the largest offset (1,936) rest there (trimmed),
    // and so does line 18 (1,910), within the merge distance (5 % of 844 = 42.2) of it.
    #expect(try layout.snapCount(mainScrollContainer) == 19)
    #expect(try layout.snapOffset(17, container: mainScrollContainer) == 1800)
    #expect(try layout.snapOffset(18, container: mainScrollContainer) == 1936)
    #expect(try layout.snapOffset(1, container: mainScrollContainer) == 110)
    #expect(try layout.snapOffset(2, container: mainScrollContainer) == 150)
    let position = try layout.snapPosition(at: 149, container: mainScrollContainer)
    #expect(position.index == 2 && position.item == 2)
    #expect(try layout.snapOffset(forSection: 0, item: 3, container: mainScrollContainer).index == 2)
  }

  @Test("a horizontal flow layout with sizes of its own fills columns top to bottom")
  func horizontal() throws {
    var configuration = LayoutConfiguration()
    configuration.scrollDirection = .horizontal
    let sizes = [Size(width: 50, height: 300), Size(width: 80, height: 200), Size(width: 60, height: 100)]
    let layout = try solve(
      [flowSection(items: 3, sizes: sizes)], width: 390, height: 400,
      configuration: configuration)
    // Column 1: 300 alone (200 + 10 + 300 > 400), centred: y 50. Column 2, the last: 200 and
    // 100 from the top with the minimum spacing, centred in the column's width 80.
    try expectItem(layout, 0, 0, 50, 50, 300)
    try expectItem(layout, 1, 60, 0, 80, 200)
    try expectItem(layout, 2, 70, 210, 60, 100)
  }

  @Test("bad sizes and calls name the argument and change nothing")
  func badInput() throws {
    let fixed = try solve([flowSection(items: 5)])
    expectLayoutError(.invalidArgument, path: "section", messageContains: "estimatedItemSize") {
      _ = try fixed.reportItemSize(Size(width: 10, height: 10), section: 0, item: 1)
    }
    let list = try solve([selfSizingList(items: 5)])
    expectLayoutError(.invalidArgument, path: "section", messageContains: "compositional") {
      _ = try list.setItemSizes([Size(width: 1, height: 1)], section: 0, from: 0)
    }
    for (bad, path) in [(Double.nan, "sizes/1/width"), (-1, "sizes/1/width"), (0, "sizes/1/width"), (2e6, "sizes/1/width")] {
      expectLayoutError(.invalidArgument, path: path, messageContains: "width") {
        _ = try fixed.setItemSizes(
          [Size(width: 5, height: 5), Size(width: bad, height: 5)], section: 0, from: 0)
      }
    }
    expectLayoutError(.outOfRange, path: "first", messageContains: "does not exist") {
      _ = try fixed.setItemSizes([], section: 0, from: 6)
    }
    expectLayoutError(.outOfRange, path: "count", messageContains: "run past") {
      _ = try fixed.setItemSizes(Array(repeating: Size(width: 1, height: 1), count: 2), section: 0, from: 4)
    }
    expectLayoutError(.outOfRange, path: "section", messageContains: "does not exist") {
      _ = try fixed.setItemSizes([], section: 1, from: 0)
    }
    // Six 50-pt items per 390-pt line, gaps of 18: unchanged.
    try expectItem(fixed, 4, 272, 0, 50, 50)
    // Too many items to keep sizes for.
    let huge = try solve([flowSection(items: FlowItems.maxItemsWithSizes + 1)])
    expectLayoutError(.invalidArgument, path: "section", messageContains: "at most") {
      _ = try huge.setItemSizes([Size(width: 1, height: 1)], section: 0, from: 0)
    }
  }
}
