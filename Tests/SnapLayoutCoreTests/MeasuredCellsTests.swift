@testable import SnapLayoutCore
import Testing

/// Measured cells in the states real apps reach (issue 16): cells measured longer than their
/// absolute group, rect queries and rest positions with them, the summary tree behind them, and
/// a state that depends only on the sizes measured now (docs/SELF-SIZING.md).
@Suite("Measured cells")
struct MeasuredCellsTests {
  static let badge = SupplementaryItem(
    elementKind: "badge",
    layoutSize: LayoutSize(widthDimension: .absolute(10), heightDimension: .absolute(10)),
    containerAnchor: Anchor(edges: [.bottom, .trailing], offset: Point(x: 3, y: 4)))

  /// A list of 50-pt absolute rows, a grid of two-cell absolute rows with badges, and an
  /// orthogonal strip of absolute groups: estimated cells in all three.
  static func layout(
    direction: LayoutDirection = .leftToRight, horizontal: Bool = false,
    more: [LayoutSection] = [], alignment: Double = 1
  ) throws -> Layout {
    let list = LayoutSection(
      group: vgroup(fw(1), abs_(50), .subitems([item(fw(1), est(50))])), itemCount: 300,
      interGroupSpacing: 2)
    let grid = LayoutSection(
      group: hgroup(fw(1), abs_(80), .subitems([item(fw(0.5), est(80), badges: [badge])])),
      itemCount: 200)
    var strip = LayoutSection(
      group: hgroup(abs_(120), abs_(90), .subitems([item(est(120), est(90), badges: [badge])])),
      itemCount: 100, interGroupSpacing: 6, orthogonalScrollingBehavior: .continuous)
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    scrolling.alignment = alignment
    var stripScrolling = ScrollingProperties()
    stripScrolling.snapUnit = .item
    stripScrolling.alignment = alignment
    strip.orthogonalScrollingProperties = stripScrolling
    let description = LayoutDescription(
      configuration: LayoutConfiguration(
        scrollDirection: horizontal ? .horizontal : .vertical, scrolling: scrolling),
      environment: LayoutEnvironment(layoutDirection: direction),
      sections: ([list, grid, strip] + more).map { horizontal ? $0.transposed : $0 })
    let layout = try Layout.solving(description)
    try layout.setContainerSize(
      horizontal ? Size(width: 700, height: 390) : Size(width: 390, height: 700))
    return layout
  }

  static func measure(_ layout: Layout, horizontal: Bool = false) throws {
    // (section, item, length along the main axis, across it); canonical lengths, turned for
    // horizontal layouts.
    let reports: [(Int, Int64, Double, Double)] = [
      (0, 0, 130, 390), (0, 7, 20, 390), (0, 120, 900, 390), (0, 299, 75.5, 390),
      (1, 5, 260.25, 100), (1, 6, 10, 100), (1, 150, 400, 100),
      (2, 3, 310, 200), (2, 4, 40, 20), (2, 99, 125, 95),
    ]
    for (section, item, along, across) in reports {
      let size = Size(width: across, height: along)
      _ = try layout.reportItemSize(
        horizontal ? size.transposed : size, section: section, item: item)
    }
  }

  static func overlaps(_ a: Rect, _ b: Rect, margin: Double) -> Bool {
    a.maxX - b.minX > margin && b.maxX - a.minX > margin && a.maxY - b.minY > margin
      && b.maxY - a.minY > margin
  }

  @Test(
    "rect queries return cells that outgrow their group, with the frames item queries give",
    arguments: [(LayoutDirection.leftToRight, false), (.rightToLeft, false), (.leftToRight, true)])
  func rectQueriesMatchBruteForce(direction: LayoutDirection, horizontal: Bool) throws {
    let layout = try Self.layout(direction: direction, horizontal: horizontal)
    try Self.measure(layout, horizontal: horizontal)
    try layout.setOrthogonalOffset(250, section: 2)
    let everything = try allElements(layout)
    for element in everything where element.category == .cell {
      #expect(
        try layout.itemFrame(section: Int(element.section), item: element.item) == element.frame)
    }
    var low = Point(x: 0, y: 0)
    var high = Point(x: 0, y: 0)
    for element in everything {
      low = Point(x: min(low.x, element.frame.minX), y: min(low.y, element.frame.minY))
      high = Point(x: max(high.x, element.frame.maxX), y: max(high.y, element.frame.maxY))
    }
    var windows: [Rect] = []
    for step in 0..<120 {
      let length = step % 2 == 0 ? 13.25 : 77.5
      let y = low.y - 40 + (high.y - low.y + 80) * Double(step) / 120
      let x = low.x - 40 + (high.x - low.x + 80) * Double(step) / 120
      windows.append(Rect(x: low.x - 5, y: y, width: high.x - low.x + 10, height: length))
      windows.append(Rect(x: x, y: low.y - 5, width: length, height: high.y - low.y + 10))
    }
    for element in everything {
      let f = element.frame
      windows.append(Rect(x: f.minX, y: f.maxY - 0.5, width: f.width, height: 0.25))
      windows.append(Rect(x: f.maxX - 0.5, y: f.minY, width: 0.25, height: f.height))
    }
    var missing = 0
    for window in windows {
      var collector = Collector()
      try layout.visitElements(in: window, &collector)
      for element in collector.elements {
        #expect(Self.overlaps(element.frame, window, margin: -1e-9))
      }
      for element in everything where Self.overlaps(element.frame, window, margin: 1e-9) {
        let found = collector.elements.contains {
          $0.category == element.category && $0.section == element.section
            && $0.item == element.item && $0.kind == element.kind && $0.frame == element.frame
        }
        if !found { missing += 1 }
      }
    }
    #expect(missing == 0)
  }

  @Test("rest offsets stay sorted and within bounds; each rests its own item")
  func restOffsetsSorted() throws {
    for alignment in [0.0, 0.5, 1.0] {
      let layout = try Self.layout(alignment: alignment)
      try Self.measure(layout)
      for container in [mainScrollContainer, 2] {
        let info = try layout.scrollInfo(container)
        var previous = -Double.infinity
        for index in 0..<info.snapCount {
          let offset = try layout.snapOffset(index, container: container)
          #expect(offset >= previous, "container \(container), rest \(index)")
          #expect(offset >= info.minimumOffset && offset <= info.maximumOffset)
          previous = offset
          let position = try layout.snapPosition(at: offset, container: container)
          #expect(try layout.snapOffset(position.index, container: container) == offset)
        }
      }
    }
  }

  @Test("cells that trade places in a measured repetition rest in the order of their positions")
  func measuredRepetitionInOrder() throws {
    // Two columns of two cells, 40 and 50 pt estimated: the template's cells start at 0, 40
    // and 50. Measuring the left column's first cell 100 pt tall moves its second cell to 100,
    // below the right column's second cell at 50.
    let left = Subitem.group(vgroup(fw(0.5), fh(1), .subitems([item(fw(1), est(40))])))
    let right = Subitem.group(vgroup(fw(0.5), fh(1), .subitems([item(fw(1), est(50))])))
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    scrolling.alignment = 0
    let layout = try solve(
      [LayoutSection(
        group: hgroup(fw(1), est(100), .subitems([left, right])), itemCount: 400,
        interGroupSpacing: 10)],
      configuration: LayoutConfiguration(scrolling: scrolling))
    #expect(try layout.sectionInfo(0).itemsPerGroup == 4)
    _ = try layout.reportItemSize(Size(width: 10, height: 100), section: 0, item: 80)
    _ = try layout.reportItemSize(Size(width: 10, height: 30), section: 0, item: 120)
    let info = try layout.scrollInfo(mainScrollContainer)
    var previous = -Double.infinity
    for index in 0..<info.snapCount {
      let offset = try layout.snapOffset(index, container: mainScrollContainer)
      #expect(offset >= previous)
      previous = offset
      // The item resting there starts there (start alignment, no padding).
      let position = try layout.snapPosition(at: offset, container: mainScrollContainer)
      if offset > info.minimumOffset && offset < info.maximumOffset {
        let frame = try layout.itemFrame(section: 0, item: position.item)
        #expect(frame.minY == offset, "rest \(index) holds item \(position.item)")
        let rest = try layout.snapOffset(forSection: 0, item: position.item, container: -1)
        #expect(rest.offset == offset)
      }
    }
  }

  @Test("reporting then forgetting, or reporting twice, leaves what the final sizes give")
  func historyIndependent() throws {
    let cell = LayoutItem(layoutSize: size(fw(0.5), .uniformAcrossSiblings(60)))
    let uniform = LayoutSection(
      group: hgroup(fw(1), est(60), .subitems([.item(cell)])), itemCount: 40)
    func fresh() throws -> Layout { try Self.layout(more: [uniform]) }
    func snapshot(_ layout: Layout) throws -> [String] {
      var lines: [String] = ["\(String(describing: layout.contentSize))"]
      for section in 0..<layout.sectionCount {
        lines.append("\(try layout.sectionInfo(section))")
        for item in stride(from: Int64(0), to: try layout.sectionInfo(section).itemCount, by: 3) {
          lines.append("\(try layout.itemFrame(section: section, item: item))")
        }
      }
      for container in [mainScrollContainer, 2] {
        let info = try layout.scrollInfo(container)
        lines.append("\(info)")
        for index in 0..<info.snapCount {
          lines.append("\(try layout.snapOffset(index, container: container))")
        }
      }
      lines += try allElements(layout).map { "\($0)" }
      return lines
    }
    let reference = try snapshot(try fresh())

    let forgot = try fresh()
    try Self.measure(forgot)
    _ = try forgot.reportItemSize(Size(width: 1, height: 300), section: 3, item: 5)
    let measured = [
      (0, 0), (0, 7), (0, 120), (0, 299), (1, 5), (1, 6), (1, 150), (2, 3), (2, 4), (2, 99), (3, 5),
    ]
    for (section, item) in measured {
      _ = try forgot.reportItemSize(nil, section: section, item: Int64(item))
    }
    #expect(try snapshot(forgot) == reference)

    // The section's shared length is the largest measured now, not the largest ever.
    let twice = try fresh()
    _ = try twice.reportItemSize(Size(width: 1, height: 300), section: 3, item: 5)
    _ = try twice.reportItemSize(Size(width: 1, height: 90), section: 3, item: 5)
    let once = try fresh()
    _ = try once.reportItemSize(Size(width: 1, height: 90), section: 3, item: 5)
    #expect(try snapshot(twice) == snapshot(once))
    #expect(try twice.itemFrame(section: 3, item: 30).height == 90)
  }

  @Test("the summary tree holds the same values whatever order its pages changed in")
  func summaryTreeIsAFunctionOfItsPages() {
    var random = Lcg(state: 11)
    for count in [0, 1, 2, 3, 7, 8, 9, 33, 100] {
      // Sparse keys: neighbours, gaps and a few far out (a section of 2^50 items).
      var keys: Set<Int64> = []
      while keys.count < count {
        let far = random.below(8) == 0
        keys.insert(far ? Int64(random.below(1 << 20)) << 22 : Int64(random.below(3 * count + 1)))
      }
      let sorted = keys.sorted()
      var runs: [MeasuredRun] = []
      for _ in 0..<count {
        let total = Double(random.below(2000)) / 7 - 100
        let reaches = random.below(3) == 0
        runs.append(
          MeasuredRun(
            total: ExactLength(total),
            reachAfter: reaches ? Double(random.below(10_000)) / 3 : -.infinity,
            reachBefore: reaches ? Double(random.below(10_000)) / 3 - 50 : .infinity))
      }
      let built = MeasuredSummaryTree(keys: sorted) { runs[$0] }
      // The same pages reached by sets, removals and changes in a random order, through keys
      // that come and go (the tree grows for the far ones and frees what empties).
      var grown = MeasuredSummaryTree()
      var order = Array(0..<count)
      for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
      for page in order {
        grown.set(MeasuredRun(total: ExactLength(1e9), reachAfter: 5, reachBefore: -5), key: sorted[page])
        let passing = Int64(random.below(1 << 30)) << 20 + 1
        grown.set(MeasuredRun(total: ExactLength(3.3)), key: passing)
        grown.set(runs[page], key: sorted[page])
        if !keys.contains(passing) { grown.remove(key: passing) }
      }
      grown.remove(key: 1 << 45)
      #expect(grown.count == count)
      #expect(grown.root == built.root)
      func prefix(_ key: Int64) -> ExactLength {
        sorted.indices.filter { sorted[$0] < key }.reduce(.zero) { $0 + runs[$1].total }
      }
      var probes: [Int64] = sorted.flatMap { [$0, $0 + 1] } + [0, 1 << 50]
      probes += (0..<8).map { _ in Int64(random.below(1 << 30)) << 10 }
      for key in probes {
        #expect(grown.prefix(key) == built.prefix(key))
        #expect(built.prefix(key) == prefix(key))
        // Brute force: pages reaching past a point, with the totals before them.
        let position = Double(random.below(12_000)) / 3 - 200
        var expected: [Int64] = []
        for (page, at) in sorted.enumerated()
        where at < key && prefix(at).points + runs[page].reachAfter >= position {
          expected.append(at)
        }
        var found: [Int64] = []
        grown.pages(reachingAfter: position, before: key) { at, offset in
          found.append(at)
          #expect(offset == prefix(at))
        }
        #expect(found == expected)
        expected = sorted.enumerated().filter {
          $0.element >= key && prefix($0.element).points + runs[$0.offset].reachBefore <= position
        }.map(\.element)
        found = []
        grown.pages(reachingBefore: position, from: key) { at, _ in found.append(at) }
        #expect(found == expected)
        // The descent: the last key whose page would start by a point, pages of `length`
        // (more than any total is below 0, so starts are in order), with its prefix. Exact
        // products for a length that converts exactly; the product in double precision,
        // converted, for one that does not (past ExactLength's limit).
        for length in [150.25, 1000.0 / 3, 0x1p70] {
          let end = ExactLength(Double(random.below(400_000)) - 1000)
          func starts(_ at: Int64) -> Bool {
            let product =
              ExactLength.convertsExactly(length)
              ? ExactLength(units: Int128(at) * ExactLength(length).units)
              : ExactLength(Double(at) * length)
            return product + prefix(at) <= end
          }
          for tree in [grown, built] {
            let last = tree.last(startingBy: end, pageLength: length)
            #expect(last.prefix == prefix(last.key))
            #expect(last.key == 0 || starts(last.key))
            // No key after it starts by `end`, up to the next page (past the keys the tree
            // covers, where no page is, it may stop short).
            if let next = sorted.first(where: { $0 > last.key }) {
              #expect(!starts(last.key + 1) && !starts(next))
            }
          }
        }
      }
    }
  }

  @Test("the summary tree's nodes: many blocks, and copies that change apart")
  func summaryTreeBlocksAndCopies() {
    // 6,000 pages in random order: some 12,000 nodes, 47 blocks of 256 (the table of blocks
    // doubles from 4), removals leaving nodes to reuse.
    var random = Lcg(state: 12)
    let count = 6_000
    var order = Array(0..<count)
    for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
    var totals = Array(repeating: 0.0, count: count)
    var tree = MeasuredSummaryTree()
    for key in order {
      totals[key] = Double(1 + random.below(5_000)) / 4
      tree.set(MeasuredRun(total: ExactLength(totals[key])), key: Int64(key))
    }
    for key in stride(from: 0, to: count, by: 7) {
      tree.remove(key: Int64(key))
      totals[key] = 0
    }
    func expectPrefixes(_ tree: MeasuredSummaryTree, _ totals: [Double], _ what: String) {
      var sum = ExactLength.zero
      for key in 0...count {
        if key % 97 == 0 || key == count {
          #expect(tree.prefix(Int64(key)) == sum, "\(what): key \(key)")
        }
        if key < count { sum = sum + ExactLength(totals[key]) }
      }
      #expect(tree.root.total == sum, "\(what)")
    }
    expectPrefixes(tree, totals, "built")
    // A copy shares the nodes until one of the two changes; each then keeps its own.
    var copy = tree
    var copyTotals = totals
    for key in stride(from: 3, to: count, by: 11) {
      copyTotals[key] = 1_000
      copy.set(MeasuredRun(total: ExactLength(1_000)), key: Int64(key))
    }
    expectPrefixes(tree, totals, "original after the copy changed")
    expectPrefixes(copy, copyTotals, "copy")
    for key in stride(from: 5, to: count, by: 13) {
      totals[key] = 2.5
      tree.set(MeasuredRun(total: ExactLength(2.5)), key: Int64(key))
    }
    expectPrefixes(tree, totals, "original changed")
    expectPrefixes(copy, copyTotals, "copy after the original changed")
  }
}
