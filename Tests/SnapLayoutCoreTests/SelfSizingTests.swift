import SnapLayoutCore
import Testing

/// A small deterministic generator (tests must not depend on the platform's random source).
struct Lcg {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// A list section: one self-sizing cell per row.
func selfSizingList(items: Int64, spacing: Double = 8, estimate: Double = 44) -> LayoutSection {
  LayoutSection(
    group: vgroup(fw(1), est(estimate), .subitems([item(fw(1), est(estimate))])),
    itemCount: items, contentInsets: insets(10), interGroupSpacing: spacing)
}

@Suite("Self-sizing")
struct SelfSizingTests {
  @Test("a measured list equals the list computed by hand, whatever the order of the reports")
  func listMatchesReferenceModel() throws {
    let count = 400
    var random = Lcg(state: 7)
    var heights = Array(repeating: 44.0, count: count)
    var order: [Int] = []
    for _ in 0..<250 {
      let item = random.below(count)
      heights[item] = Double(10 + random.below(200)) + 0.5
      order.append(item)
    }
    let forwards = try solve([selfSizingList(items: Int64(count))])
    let backwards = try solve([selfSizingList(items: Int64(count))])
    for item in order {
      _ = try forwards.reportItemSize(Size(width: 300, height: heights[item]), section: 0, item: Int64(item))
    }
    // The last report of an item wins: report the final sizes again, in reverse order.
    for item in Set(order).sorted().reversed() {
      _ = try backwards.reportItemSize(
        Size(width: 300, height: heights[item]), section: 0, item: Int64(item))
    }
    var y = 10.0
    for item in 0..<count {
      let expected = Rect(x: 10, y: y, width: 370, height: heights[item])
      #expect(try forwards.itemFrame(section: 0, item: Int64(item)) == expected)
      #expect(try backwards.itemFrame(section: 0, item: Int64(item)) == expected)
      y += heights[item] + 8
    }
    #expect(forwards.contentSize == Size(width: 390, height: y - 8 + 10))
    // The rect query finds exactly the cells the reference model puts in the rect.
    let rect = Rect(x: 0, y: 3000, width: 390, height: 844)
    var collector = Collector()
    try forwards.visitElements(in: rect, &collector)
    var expectedItems: [Int64] = []
    y = 10
    for item in 0..<count {
      if y < rect.maxY && y + heights[item] > rect.minY { expectedItems.append(Int64(item)) }
      y += heights[item] + 8
    }
    #expect(collector.elements.map(\.item) == expectedItems)
  }

  @Test(
    "measured cells far from their estimate are placed exactly (no single-precision deltas)",
    arguments: [(1e9, 1.0), (1e-6, 1.0), (44.0, 57.33), (1e6, 0.1)])
  func extremeDeltas(estimate: Double, measured: Double) throws {
    let list = LayoutSection(
      group: vgroup(fw(1), est(estimate), .subitems([item(fw(1), est(estimate))])), itemCount: 10)
    let layout = try solve([list])
    for item: Int64 in [0, 1, 2] {
      _ = try layout.reportItemSize(Size(width: 390, height: measured), section: 0, item: item)
    }
    let size = try layout.measuredSize(section: 0, item: 0)
    let stored = try #require(size).height
    let frames = try (0..<4).map { try layout.itemFrame(section: 0, item: Int64($0)) }
    for index in 1..<4 {
      // Each cell starts where the one before ends (found by Tests/c/test_numeric.c: an
      // estimate of 1e9 measured at 1 pt put the second cell at y = 0).
      #expect(frames[index].y == frames[index - 1].maxY, "cell \(index): \(frames)")
    }
    #expect(frames[1].y == stored && frames[3].y == 3 * stored)
  }

  @Test("only estimated axes take the measured size; insets on them are ignored")
  func estimatedAxesOnly() throws {
    let layout = try solve([selfSizingList(items: 3)])
    _ = try layout.reportItemSize(Size(width: 10, height: 100), section: 0, item: 1)
    // The width is fractional: it keeps 370; the height is estimated: it takes 100.
    #expect(try layout.itemFrame(section: 0, item: 1) == Rect(x: 10, y: 62, width: 370, height: 100))
    #expect(try layout.itemFrame(section: 0, item: 2).y == 170)
    #expect(try layout.measuredSize(section: 0, item: 1) == Size(width: 10, height: 100))
    #expect(try layout.measuredSize(section: 0, item: 0) == nil)
  }

  @Test("forgetting a size brings the estimate back")
  func forget() throws {
    let layout = try solve([selfSizingList(items: 3)])
    let before = try allElements(layout)
    _ = try layout.reportItemSize(Size(width: 300, height: 90), section: 0, item: 0)
    #expect(try layout.itemFrame(section: 0, item: 2).y != before[2].frame.y)
    _ = try layout.reportItemSize(nil, section: 0, item: 0)
    #expect(try allElements(layout) == before)
    #expect(layout.measuredCellCount == 0)
  }

  @Test("a row takes its tallest measured cell; cells keep their own height")
  func gridRowFollowsTallest() throws {
    let row = hgroup(
      fw(1), est(100), .subitems([item(fw(1.0 / 3), est(100))]), spacing: .fixed(0))
    let layout = try solve(
      [LayoutSection(group: row, itemCount: 7, interGroupSpacing: 5)], width: 300)
    #expect(try layout.itemFrame(section: 0, item: 3).y == 105)
    _ = try layout.reportItemSize(Size(width: 1, height: 150), section: 0, item: 1)
    _ = try layout.reportItemSize(Size(width: 1, height: 60), section: 0, item: 2)
    #expect(try layout.itemFrame(section: 0, item: 1) == Rect(x: 100, y: 0, width: 100, height: 150))
    #expect(try layout.itemFrame(section: 0, item: 2) == Rect(x: 200, y: 0, width: 100, height: 60))
    #expect(try layout.itemFrame(section: 0, item: 0).height == 100)
    #expect(try layout.itemFrame(section: 0, item: 3).y == 155)
    #expect(try layout.itemFrame(section: 0, item: 6).y == 155 + 105)
    // The last row holds one cell: measuring it shortens the section.
    _ = try layout.reportItemSize(Size(width: 1, height: 20), section: 0, item: 6)
    #expect(layout.contentSize?.height == 280.0)  // 155 + 105 + 20
  }

  @Test("uniformAcrossSiblings: siblings in a nested group share their largest height")
  func uniformInNestedGroup() throws {
    let uniformItem = Subitem.item(
      LayoutItem(layoutSize: size(fw(0.5), .uniformAcrossSiblings(50))))
    let inner = hgroup(fw(1), est(50), .subitems([uniformItem]))
    let root = vgroup(fw(1), est(50), .subitems([.group(inner)]))
    let layout = try solve([LayoutSection(group: root, itemCount: 6)], width: 200)
    _ = try layout.reportItemSize(Size(width: 1, height: 80), section: 0, item: 0)
    #expect(try layout.itemFrame(section: 0, item: 0).height == 80)
    #expect(try layout.itemFrame(section: 0, item: 1).height == 80)  // its sibling
    #expect(try layout.itemFrame(section: 0, item: 2) == Rect(x: 0, y: 80, width: 100, height: 50))
  }

  @Test("uniformAcrossSiblings in the root group: the whole section shares the largest")
  func uniformAcrossSection() throws {
    let uniformItem = Subitem.item(
      LayoutItem(layoutSize: size(fw(1), .uniformAcrossSiblings(40))))
    let root = vgroup(fw(1), est(40), .subitems([uniformItem]))
    let layout = try solve([LayoutSection(group: root, itemCount: 100)], width: 200)
    _ = try layout.reportItemSize(Size(width: 1, height: 70), section: 0, item: 50)
    _ = try layout.reportItemSize(Size(width: 1, height: 30), section: 0, item: 10)
    for probe: Int64 in [0, 10, 50, 99] {
      #expect(try layout.itemFrame(section: 0, item: probe) == Rect(
        x: 0, y: Double(probe) * 70, width: 200, height: 70))
    }
    #expect(layout.contentSize?.height == 7000)
  }

  @Test("a size above the visible rect moves the offset with it; at or below, nothing moves")
  func anchoring() throws {
    let layout = try solve([selfSizingList(items: 1000)])
    try layout.setScrollOffset(10 + 52 * 100, container: mainScrollContainer)  // row 100 on top
    let anchor = try layout.itemFrame(section: 0, item: 100).y
    #expect(anchor == 10 + 52 * 100)
    let above = try layout.reportItemSize(Size(width: 1, height: 144), section: 0, item: 3)
    #expect(above.mainOffsetAdjustment == 100)
    #expect(try layout.scrollOffset(mainScrollContainer) == anchor + 100)
    #expect(try layout.itemFrame(section: 0, item: 100).y == anchor + 100)
    let onTop = try layout.reportItemSize(Size(width: 1, height: 100), section: 0, item: 100)
    #expect(onTop.mainOffsetAdjustment == 0)
    let below = try layout.reportItemSize(Size(width: 1, height: 10), section: 0, item: 200)
    #expect(below.mainOffsetAdjustment == 0)
    #expect(below.contentSize == layout.contentSize)
  }

  @Test("the offset stays within the content when measuring shrinks it")
  func offsetClamped() throws {
    let layout = try solve([selfSizingList(items: 40)])
    let end = try layout.scrollInfo(mainScrollContainer).maximumOffset
    try layout.setScrollOffset(end, container: mainScrollContainer)
    var total = 0.0
    for item: Int64 in 0..<40 {
      total += try layout.reportItemSize(Size(width: 1, height: 5), section: 0, item: item)
        .mainOffsetAdjustment
    }
    let info = try layout.scrollInfo(mainScrollContainer)
    #expect(info.offset == info.maximumOffset)
    #expect(total == info.offset - end)
  }

  @Test("snap positions follow measured rows")
  func snappingFollowsMeasuredRows() throws {
    var configuration = LayoutConfiguration()
    configuration.scrolling.snapUnit = .item
    configuration.scrolling.alignment = 0
    let layout = try solve([selfSizingList(items: 50)], configuration: configuration)
    _ = try layout.reportItemSize(Size(width: 1, height: 300), section: 0, item: 0)
    _ = try layout.reportItemSize(Size(width: 1, height: 20), section: 0, item: 5)
    for item: Int64 in [1, 5, 6, 30] {
      let frame = try layout.itemFrame(section: 0, item: item)
      let offset = try layout.snapOffset(forSection: 0, item: item, container: mainScrollContainer).offset
      #expect(offset == frame.y)
      #expect(try layout.snapPosition(at: offset + 1, container: mainScrollContainer).item == item)
    }
  }

  @Test("an orthogonal carousel of self-sizing widths: frames, row height and its own offset")
  func orthogonalCarousel() throws {
    let card = item(est(100), est(100))
    let section = LayoutSection(
      group: hgroup(est(100), est(100), .subitems([card])), itemCount: 30,
      interGroupSpacing: 10, orthogonalScrollingBehavior: .continuous)
    let below = LayoutSection(
      group: hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 1)
    let layout = try solve([section, below], width: 390)
    try layout.setOrthogonalOffset(1100, section: 0)  // card 10 at the leading edge
    let report = try layout.reportItemSize(Size(width: 250, height: 180), section: 0, item: 2)
    #expect(report.sectionOffsetAdjustment == 150)
    #expect(try layout.itemFrame(section: 0, item: 2) == Rect(x: 220 - 1250, y: 0, width: 250, height: 180))
    #expect(try layout.itemFrame(section: 0, item: 3).x == 480 - 1250)
    // The row grows to the tallest card; the next section moves down.
    #expect(try layout.itemFrame(section: 1, item: 0).y == 180)
  }

  @Test("item frames in a batch walk measured repetitions and flow lines: one call's frames, bit for bit")
  func itemFramesWalkMeasuredSections() throws {
    let row = hgroup(fw(1), est(100), .subitems([item(fw(1.0 / 3), est(100))]), spacing: .fixed(4))
    let carousel = LayoutSection(
      group: hgroup(est(100), est(100), .subitems([item(est(100), est(100))])), itemCount: 500,
      interGroupSpacing: 10, orthogonalScrollingBehavior: .continuous)
    let sections = [
      selfSizingList(items: 3_000),
      LayoutSection(group: row, itemCount: 2_000, interGroupSpacing: 5),
      carousel,
      flowSection(items: 2_500, itemSize: Size(width: 80, height: 40), selfSizing: true, inset: 5),
    ]
    let layout = try solve(sections, width: 390)
    try layout.setOrthogonalOffset(700, section: 2)
    var random = Lcg(state: 19)
    for section in 0..<4 {
      let count = Int(sections[section].itemCount)
      // Measured pages with gaps between them, and runs within pages.
      for _ in 0..<count / 3 {
        let item = random.below(count) / 2 + (random.below(2) == 0 ? 0 : count / 2)
        let size = Size(width: Double(30 + random.below(300)) + 0.5, height: Double(20 + random.below(150)))
        _ = try layout.reportItemSize(size, section: section, item: Int64(item))
      }
      var ranges: [(Int64, Int64)] = [(0, Int64(count)), (Int64(count - 1), 1), (Int64(count), 0)]
      for _ in 0..<12 {
        let first = random.below(count)
        ranges.append((Int64(first), Int64(random.below(count - first + 1))))
      }
      for (first, n) in ranges {
        var frames: [Rect] = []
        try layout.itemFrames(section: section, first: first, count: n) { _, frame in frames.append(frame) }
        let single = try (first..<first + n).map { try layout.itemFrame(section: section, item: $0) }
        #expect(frames == single, "section \(section), \(first) + \(n)")
      }
    }
  }

  @Test("bad reports are refused by name and change nothing")
  func badInput() throws {
    let layout = try solve([selfSizingList(items: 3)])
    let before = try allElements(layout)
    expectLayoutError(.invalidArgument, path: "height", messageContains: "finite") {
      _ = try layout.reportItemSize(Size(width: 1, height: .nan), section: 0, item: 0)
    }
    expectLayoutError(.invalidArgument, path: "width", messageContains: "at least 0") {
      _ = try layout.reportItemSize(Size(width: -1, height: 1), section: 0, item: 0)
    }
    expectLayoutError(.invalidArgument, path: "height", messageContains: "at most") {
      _ = try layout.reportItemSize(Size(width: 1, height: 1e300), section: 0, item: 0)
    }
    expectLayoutError(.outOfRange, path: "item", messageContains: "has 3 items") {
      _ = try layout.reportItemSize(Size(width: 1, height: 1), section: 0, item: 3)
    }
    expectLayoutError(.outOfRange, path: "section", messageContains: "does not exist") {
      _ = try layout.reportItemSize(Size(width: 1, height: 1), section: 1, item: 0)
    }
    #expect(try allElements(layout) == before)
  }

  @Test("measured sizes survive a new container size and follow a new number of cells per row")
  func containerChange() throws {
    let cell = item(abs_(100), est(50))
    let row = hgroup(fw(1), est(50), .subitems([cell]))
    let layout = try solve([LayoutSection(group: row, itemCount: 12)], width: 300)
    _ = try layout.reportItemSize(Size(width: 1, height: 80), section: 0, item: 4)
    #expect(try layout.itemFrame(section: 0, item: 4) == Rect(x: 100, y: 50, width: 100, height: 80))
    try layout.setContainerSize(Size(width: 400, height: 800))  // four per row now
    #expect(try layout.itemFrame(section: 0, item: 4) == Rect(x: 0, y: 50, width: 100, height: 80))
    #expect(try layout.itemFrame(section: 0, item: 8).y == 130)
  }

  /// The one-cell groups the shortcut takes: an estimated cell, a `subitem` of count 1 (its
  /// estimated width rewritten to the group's: not measured, insets kept) and a
  /// `uniformAcrossSiblings` cell (the section's share or its own measured length).
  enum OneCellForm: CaseIterable { case estimated, subitemCount, uniform }

  @Test(
    "the one-cell shortcut gives what solving the group gives", arguments: OneCellForm.allCases)
  func singleCellShortcutMatchesSolver(form: OneCellForm) throws {
    // A flexible(0) top edge changes nothing in an estimated group, but turns the shortcut off.
    func list(shortcut: Bool) -> LayoutSection {
      let edges = shortcut ? EdgeSpacing.none : EdgeSpacing(top: .flexible(0))
      let group: LayoutGroup
      switch form {
      case .estimated:
        group = vgroup(
          fw(1), est(44), .subitems([item(fw(1), est(44), insets: insets(3), edges: edges)]),
          insets: insets(2))
      case .subitemCount:
        group = hgroup(
          fw(1), est(44),
          .subitem(item(est(90), est(44), insets: insets(3), edges: edges), count: 1),
          insets: insets(2))
      case .uniform:
        group = vgroup(
          fw(1), est(44),
          .subitems([item(fw(1), .uniformAcrossSiblings(44), insets: insets(3), edges: edges)]),
          insets: insets(2))
      }
      return LayoutSection(
        group: group, itemCount: 300, contentInsets: insets(10), interGroupSpacing: 4)
    }
    var configuration = LayoutConfiguration()
    configuration.scrolling.snapUnit = .item
    let fast = try solve([list(shortcut: true)], configuration: configuration)
    let general = try solve([list(shortcut: false)], configuration: configuration)
    var random = Lcg(state: 99)
    try fast.setScrollOffset(2000, container: mainScrollContainer)
    try general.setScrollOffset(2000, container: mainScrollContainer)
    for _ in 0..<200 {
      let item = Int64(random.below(300))
      let size = Size(width: Double(random.below(500)), height: Double(random.below(300)) / 4)
      let a = try fast.reportItemSize(size, section: 0, item: item)
      let b = try general.reportItemSize(size, section: 0, item: item)
      #expect(a == b)
    }
    #expect(try allElements(fast) == allElements(general))
    for item: Int64 in stride(from: 0, to: 300, by: 7) {
      #expect(
        try fast.snapOffset(forSection: 0, item: item, container: mainScrollContainer).offset
          == general.snapOffset(forSection: 0, item: item, container: mainScrollContainer).offset)
    }
  }
}
